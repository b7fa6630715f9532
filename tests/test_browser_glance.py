"""The answer at a glance, in a real browser, at a phone's 390 px and a laptop's 1280 px: the answer
box comes first, and going to a step (the list, the buttons, the keys, the answer's links) brings
its explanation into view."""

from __future__ import annotations

import pytest
from browser_helpers import save
from test_browser_stepper import TWO_ICE

WIDTHS = {"phone": (390, 844), "laptop": (1280, 800)}


def _in_view(page, n: int) -> bool:
    return page.evaluate(
        """n => { const r = document.getElementById('pos-' + n).getBoundingClientRect();
                   return !document.getElementById('pos-' + n).hidden && r.top >= -1 && r.top < innerHeight - 60; }""", n)


@pytest.mark.parametrize("size", sorted(WIDTHS))
def test_going_to_a_step_brings_its_explanation_into_view(page, live_server, size):
    page.set_viewport_size(dict(zip(("width", "height"), WIDTHS[size], strict=True)))
    sid = save(live_server, TWO_ICE)
    page.goto(f"{live_server}/s/{sid}")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#answer").bounding_box()["y"] < page.locator("#pos-1").bounding_box()["y"]

    last = page.locator("#trace li").count()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")   # the list is at the bottom on a phone
    page.locator(f"#trace a[data-n='{last}']").click()
    assert _in_view(page, last), "a step picked in the list"

    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.locator("#go-prev").click()
    assert _in_view(page, last - 1), "the previous button"

    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.keyboard.press("Home")
    assert _in_view(page, 1), "the Home key"

    moment = page.locator("#answer a[data-n]").last
    n = int(moment.get_attribute("data-n"))
    page.evaluate("window.scrollTo(0, 0)")
    moment.click()
    assert page.evaluate("document.body.dataset.step") == str(n) and _in_view(page, n), "a link of the answer"
