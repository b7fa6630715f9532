"""The compare page and the stepper under another rule set in a real browser (Debian's Chromium)."""

from __future__ import annotations

import pytest
from browser_helpers import classes, click_step, current_node, save, save_screen, visible_occ
from test_web_compare import E2, LOOPS_UNDER_NSG


@pytest.fixture(scope="module")
def e2(live_server) -> str:
    return f"{live_server}/s/{save(live_server, E2)}"










def test_a_comparison_opens_nsgs_stepper_which_highlights_nsgs_chart(page, e2):
    page.goto(f"{e2}/compare?lang=en")
    assert page.locator(".dv-list > li").count() == 2
    assert page.locator("#col-nsg .cmp-path li.diverge").count() == 1

    with page.expect_navigation():
        page.click("#col-nsg a.open-stepper")
    page.wait_for_selector("body[data-ready='1']")

    assert "ruleset=nsg" in page.url
    assert current_node(page) == "step-6_9_1a"
    assert page.get_attribute("#rs-switch a[aria-current]", "data-ruleset") == "nsg"
    click_step(page, "6.9.4c@Enigma")
    assert visible_occ(page) == "6.9.4c@Enigma"
    assert {"node", "current"} <= classes(page, "step-6_9_4c")
    assert "visited" in classes(page, "step-6_9_2b") and "visited" in classes(page, "step-6_9_4a")
    assert page.url.endswith("?ruleset=nsg&step=18")
    assert page.input_value("#permalink").endswith("?ruleset=nsg&step=18")
    page.keyboard.press("ArrowLeft")
    assert current_node(page) == "step-6_9_4b"
    assert page.get_attribute("#go-next", "href") == "?ruleset=nsg&step=18"
    page.keyboard.press("End")
    assert current_node(page) == "step-6_9_6d"
    assert "not-reached" in classes(page, "step-6_9_5a")  # the run never succeeds under nsg


def test_switching_rule_set_in_the_stepper_keeps_the_moment_and_highlights_the_other_chart(page, e2):
    page.goto(f"{e2}?step=1&lang=en")
    page.wait_for_selector("body[data-ready='1']")
    click_step(page, "4@Enigma")  # by script: the switch links must follow the step

    with page.expect_navigation():
        page.click("#rs-switch a[data-ruleset=nsg]")
    page.wait_for_selector("body[data-ready='1']")

    assert visible_occ(page) == "6.9.4a@Enigma"
    assert {"current"} <= classes(page, "step-6_9_4a")
    assert "visited" in classes(page, "step-6_9_2b")
    assert "Null Signal Games Comprehensive Rules v26.03" in page.inner_text(".rs-current")
    assert "2026-03-02" in page.inner_text(".rs-current")
    assert page.locator("section.position:not([hidden]) section.decide").count() == 1  # decide here, under NSG too

    with page.expect_navigation():
        page.click("#rs-switch a[data-ruleset=ffg-rr]")
    assert visible_occ(page) == "4@Enigma" and current_node(page) == "step-4"


def test_a_rule_set_that_cannot_run_is_shown_as_such_in_the_switch(page, live_server):
    page.goto(f"{live_server}/s/{save(live_server, LOOPS_UNDER_NSG)}?lang=en")

    off = page.locator("#rs-switch .off[data-ruleset=nsg]")
    assert off.count() == 1 and "loops" in off.get_attribute("title")
    with page.expect_navigation():
        page.click("#compare-link")
    assert "cannot run under this rule set" in page.inner_text("#col-nsg")


@pytest.mark.screens
@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("width, height, device", [(1280, 900, "laptop"), (390, 844, "phone")])
def test_screenshots_of_the_compare_page(browser, e2, lang, width, height, device):
    ctx = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
    try:
        p = ctx.new_page()
        p.goto(f"{e2}/compare?lang={lang}")
        boxes = [p.locator(f"#col-{rs}").bounding_box() for rs in ("ffg-rr", "nsg", "ffg-core")]
        wide = p.evaluate("document.documentElement.scrollWidth")
        shot = p.screenshot(full_page=device == "laptop")
    finally:
        ctx.close()

    assert wide <= width  # nothing sticks out sideways
    if device == "phone":  # stacked: one column under the other, each the width of the screen
        assert boxes[0]["x"] == boxes[1]["x"] == boxes[2]["x"]
        assert boxes[0]["y"] < boxes[1]["y"] < boxes[2]["y"]
        assert boxes[0]["width"] > width * 0.85
    else:  # side by side
        assert boxes[0]["y"] == boxes[1]["y"] == boxes[2]["y"]
        assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"]
    assert shot[:4] == b"\x89PNG" and len(shot) > 20_000
    save_screen(f"compare-{device}-{lang}.png", shot)
