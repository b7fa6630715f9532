"""Issue 23 in a real browser: paste a game log, see its runs, open one in the stepper."""

from __future__ import annotations

import re
from pathlib import Path

LOGS = Path(__file__).parent / "fixtures" / "logs"


def test_paste_a_log_then_step_through_a_run(page, live_server):
    page.goto(f"{live_server}/log")
    page.fill("#log-text", (LOGS / "12-departure-access-after-etr.txt").read_text(encoding="utf-8"))
    with page.expect_navigation():
        page.click("button.primary")
    run = page.locator("li.log-run").first
    assert run.get_attribute("data-outcome") == "unsuccessful"
    assert page.locator("li[data-kind=success_after_unsuccessful]").count() == 1
    with page.expect_navigation():
        page.click("a.log-open")
    assert re.search(r"/s/[0-9a-f]{16}$", page.url)
    assert "Vanilla" in page.content()
