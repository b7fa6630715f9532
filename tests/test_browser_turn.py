"""A turn of two runs in a real browser (issue 25): the stepper walks from the first run into the
second, each run under its heading with the board it starts from, and the chart shows one run at a
time: the run of the step shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_helpers import save, save_screen, visible_occ

ROOT = Path(__file__).resolve().parent.parent
SNARE = ROOT / "examples" / "p-turn-snare-then-hydra-flatline.yaml"  # HQ with Snare!, then Hydra's server


def _visited(page) -> set[str]:
    return set(page.eval_on_selector_all("#chart svg g.visited, #chart svg g.current", "gs => gs.map(g => g.id)"))


def _shown(page) -> str:
    return page.inner_text("section.position:not([hidden])")


@pytest.mark.screens
def test_stepping_through_a_turn_of_two_runs(page, live_server):
    sid = save(live_server, SNARE.read_text(encoding="utf-8"))
    page.goto(f"{live_server}/s/{sid}?lang=en")
    total = int(page.eval_on_selector("#stepper-data", "s => JSON.parse(s.textContent).total"))
    run_of = page.eval_on_selector("#stepper-data", "s => JSON.parse(s.textContent).run_of")
    second = run_of.index(1) + 1  # the first step of the second run
    assert 1 < second < total
    assert "Run 1 of 2: HQ" in _shown(page) and "The board when the turn begins" in _shown(page)
    assert page.inner_text("#chart-run") == "The chart shows run 1 of 2"

    page.keyboard.press("End")  # run 2's last step, then back to run 1's last
    for _ in range(total - second + 1):
        page.keyboard.press("ArrowLeft")
    assert page.eval_on_selector("body", "b => b.dataset.step") == str(second - 1)
    first_run = _visited(page)
    assert "Run 1 of 2: HQ" in _shown(page)

    # the run headings in the trace list are not counted as steps: the list's numbers are the steps'
    # (an ordered list numbers its list items; a heading shown as a block is not one)
    assert page.eval_on_selector(f"#li-{second}", "li => getComputedStyle(li).display") == "list-item"
    assert page.eval_on_selector("#trace li.run-sep", "li => getComputedStyle(li).display") == "block"
    page.click("#go-next")  # into the second run
    assert page.eval_on_selector("body", "b => b.dataset.step") == str(second)
    shown = _shown(page)
    assert "Run 2 of 2: Server 1" in shown
    assert "what the runs before it left" in shown and "Tags: 1" in shown and "Cards in the grip: 1" in shown
    assert visible_occ(page) == "1"
    assert page.inner_text("#chart-run") == "The chart shows run 2 of 2"
    # the chart starts over for the second run: what the first run went through is not shown visited
    second_run = _visited(page)
    assert second_run and len(second_run) < len(first_run)
    assert page.input_value("#permalink").endswith(f"step={second}")
    assert f"step={second}" in page.url
    save_screen("turn-second-run-en.png", page.screenshot(full_page=False))

    page.keyboard.press("ArrowLeft")  # back to the first run: its chart again
    assert _visited(page) == first_run
    assert page.inner_text("#chart-run") == "The chart shows run 1 of 2"

    page.goto(f"{live_server}/s/{sid}?step={second}&lang=ko")  # the permalink opens in the second run
    assert "런 2/2: Server 1" in _shown(page)
    assert page.inner_text("#chart-run") == "차트에 보이는 런: 2/2"
