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


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
# The targets a thumb needs: buttons, choices, fields, the step list, the header's links and menu.
TARGETS = ("main button:not(.sr-only), main .btn, main select, main summary, #trace a, #answer a, "
           ".top .brand, .top .menu-button, .top .langs a, .top .langs button")


def _small_targets(page) -> list[str]:
    return page.evaluate(f"""() => [...document.querySelectorAll({TARGETS!r})]
        .filter(e => {{ const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.height < 43.5; }})
        .slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + (e.textContent || '').trim().slice(0, 20))""")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_phone_at_390_px_never_scrolls_sideways_and_the_header_is_one_line(browser, live_server, lang):
    sid = save(live_server, TWO_ICE)
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    problems: dict[str, object] = {}
    try:
        for path in ("/cards/tollbooth", "/cards/inside_job", f"/s/{sid}?step=6", f"/s/{sid}/compare", "/translate",
                     "/library", "/new"):
            page.goto(f"{live_server}{path}{'&' if '?' in path else '?'}lang={lang}")
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")  # the effect panel too
            width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
            if width > inner:
                problems[path] = ("wider", width)
            if page.locator("header.top").bounding_box()["height"] > 60:
                problems[path + " header"] = page.locator("header.top").bounding_box()["height"]
            small = _small_targets(page)
            if small:
                problems[path + " targets"] = small
        # the menu opens the pages and the rule set, and the page still fits
        page.goto(f"{live_server}/library?lang={lang}")
        assert not page.locator("#site-nav").is_visible()
        page.click(".menu-button")
        assert page.locator("#site-nav").is_visible() and page.locator("#rs-pref").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    finally:
        ctx.close()
    assert not problems, problems


def test_the_library_filter_and_tag_picker_work_on_a_phone(browser, live_server):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    try:
        page.goto(f"{live_server}/library")
        total = page.locator("#lib-rows tr.case").count()
        assert page.locator("#lib-rows tr.case:visible").count() == total
        page.fill("#lib-q", "snare")
        page.wait_for_function(f"document.querySelectorAll('#lib-rows tr.case:not([hidden])').length < {total}")
        shown = page.locator("#lib-rows tr.case:visible").count()
        assert 0 < shown < total, "the filter hides the cases it leaves out"
        assert shown == page.locator("#lib-rows tr.case:not([hidden])").count()
        page.fill("#lib-q", "")
        tag = page.locator("#lib-tag-picker .tag-chips a.tag").first
        with page.expect_navigation():
            tag.click()
        tagged = page.locator("#lib-rows tr.case:visible").count()
        assert 0 < tagged < total, "a tag picked narrows the cases"
    finally:
        ctx.close()


def test_a_two_card_dispute_on_a_phone_takes_a_few_interactions_from_new_to_the_answer(browser, live_server):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    done: list[str] = []

    def act(what: str, do) -> None:  # one interaction of the judge
        done.append(what)
        do()

    try:
        page.goto(f"{live_server}/new")
        ice = page.locator("#rows-ice input[name=ice-name]").nth(0)
        act("tap the ice's name", ice.tap)
        act("type Tollbooth", lambda: ice.type("Tollbooth"))
        act("tap the run's card (leaving the field picks the card)", page.locator("input[name=by]").tap)
        act("type Inside Job", lambda: page.keyboard.type("Inside Job"))
        act("tap the credits", page.locator("input[name=credits]").tap)
        page.wait_for_function("document.querySelector('#rows-ice textarea[name=ice-subs]').value.length > 0")
        with page.expect_navigation():
            act("tap Run", page.locator("button.primary[value=run_form]").first.tap)
        answer = page.locator("#answer")
        assert answer.is_visible() and answer.bounding_box()["y"] < 844   # the answer on the first screen
        assert "The run is successful" in answer.inner_text() and "Tollbooth is bypassed" in answer.inner_text()
    finally:
        ctx.close()
    assert len(done) <= 8, done
