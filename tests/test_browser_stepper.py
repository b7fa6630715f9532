"""The pages in a real browser (Debian's Chromium, headless): enter, step, decide, share, translate."""

from __future__ import annotations

import re

import pytest
from browser_helpers import classes, click_step, current_node, save, save_screen, visible_occ

TWO_ICE = """\
title: Inside Job bypasses Tollbooth; Enigma behind it is rezzed on approach
tags: [bypass, rez, encounter]
explanation:
  en: Inside Job's bypass and Tollbooth's ability trigger together; the Runner resolves first, so
    Tollbooth's pay-or-end-the-run never resolves. Enigma is rezzed at 2.3 and its subroutines fire.
  ko: Inside Job의 우회와 Tollbooth의 능력이 함께 격발되고 러너가 먼저 해결하므로 Tollbooth의 능력은
    해결되지 않는다. Enigma는 2.3에서 레즈되어 서브루틴이 발휘된다.
run: {server: HQ, by: Inside Job}
corp: {bad_publicity: 1}
runner:
  credits: 2
  cards:
    - name: Inside Job
      abilities: [{when: encountered, first: true, effect: bypass}]
servers:
  HQ:
    ice:
      - name: Tollbooth
        rezzed: true
        subroutines: [End the run]
        abilities: [{when: encountered, effect: {pay: 3, otherwise: end_run}}]
      - {name: Enigma, rezzed: false, subroutines: [Force the Runner to lose click]}
    cards: [{name: Hedge Fund, type: operation}]
actions:
  - {at: "2.3", ice: Enigma, by: corp, rez: Enigma}
"""




@pytest.fixture(scope="module")
def two_ice(live_server) -> str:
    return f"{live_server}/s/{save(live_server, TWO_ICE)}"










def test_a_situation_entered_with_the_form_runs_and_opens_the_stepper(page, live_server):
    page.goto(f"{live_server}/new")
    page.fill("input[name=title]", "Wall then Enigma from the form")
    page.fill("input[name=server]", "R&D")
    page.locator("#rows-ice input[name=ice-name]").nth(0).fill("Ice Wall")
    page.locator("#rows-ice textarea[name=ice-subs]").nth(0).fill("End the run")
    page.click("button[data-op=add][data-kind=ice]")
    page.locator("#rows-ice input[name=ice-name]").nth(1).fill("Enigma")
    page.locator("#rows-ice select[name=ice-rezzed]").nth(1).select_option("no")
    page.locator("#rows-ice textarea[name=ice-subs]").nth(1).fill("Force the Runner to lose click\nEnd the run")
    page.locator("#rows-act select[name=act-at]").nth(0).select_option("3.1")
    page.locator("#rows-act input[name=act-ice]").nth(0).fill("Ice Wall")
    page.locator("#rows-act select[name=act-effect]").nth(0).select_option("break")
    page.locator("#rows-act input[name=act-value]").nth(0).fill("all")

    with page.expect_navigation():
        page.click("button.primary[value=run_form]")

    assert re.search(r"/s/[0-9a-f]{16}$", page.url)
    assert page.inner_text("h1") == "Wall then Enigma from the form"
    assert "2@Enigma" in page.inner_text("#trace")


def test_rows_move_and_disappear_in_place_with_javascript(page, live_server):
    page.goto(f"{live_server}/new")
    names = page.locator("#rows-ice input[name=ice-name]")
    names.nth(0).fill("Outer")
    page.click("button[data-op=add][data-kind=ice]")
    names.nth(1).fill("Inner")

    page.locator("#rows-ice li.row").nth(1).locator("button[data-op=up]").click()
    order = [names.nth(i).input_value() for i in range(names.count())]
    page.locator("#rows-ice li.row").nth(0).locator("button[data-op=del]").click()

    assert order == ["Inner", "Outer"]
    assert [names.nth(i).input_value() for i in range(names.count())] == ["Outer"]
    assert page.url.endswith("/new")  # no round trip


def test_keys_and_buttons_step_instantly_and_move_the_highlight(page, two_ice):
    page.goto(two_ice)
    page.evaluate("window.__same_page = true")
    seen = {}

    for _ in range(5):
        page.keyboard.press("ArrowRight")
    seen[6] = (visible_occ(page), current_node(page))
    page.click("#go-next")
    seen[7] = (visible_occ(page), current_node(page), classes(page, "step-3_1"))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    seen[5] = (visible_occ(page), current_node(page))
    page.keyboard.press("End")
    seen["last"] = (visible_occ(page), current_node(page), classes(page, "step-7"))
    page.click("#go-first")
    seen[1] = (visible_occ(page), current_node(page))

    assert page.evaluate("window.__same_page") is True  # never reloaded
    assert seen[6] == ("3@Tollbooth", "step-3")
    assert seen[7][:2] == ("4@Tollbooth", "step-4") and "skipped" in seen[7][2]   # bypassed: 3.1 skipped
    assert seen[5] == ("2.4@Tollbooth", "step-2_4")
    assert seen["last"][:2] == ("6", "step-6") and "not-reached" in seen["last"][2]
    assert seen[1] == ("1", "step-1") and page.url.endswith("step=1")


def test_each_step_changes_in_a_few_milliseconds(page, two_ice):
    page.goto(two_ice)
    times = page.evaluate("""async () => {
        const out = [];
        for (let i = 0; i < 12; i++) {
            const t0 = performance.now();
            document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true}));
            await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
            out.push(performance.now() - t0);
        }
        return out;
    }""")

    assert page.get_attribute("body", "data-step") == "13"
    assert max(float(page.get_attribute("body", "data-step-ms")), 0) < 50
    assert sorted(times)[len(times) // 2] < 100, times  # median to the second frame painted


def test_clicking_a_trace_entry_jumps_to_it_and_updates_the_permalink(page, two_ice):
    page.goto(two_ice)

    click_step(page, "2.3@Enigma")

    assert visible_occ(page) == "2.3@Enigma"
    assert current_node(page) == "step-2_3"
    n = page.get_attribute("#trace li.current", "data-n")
    assert page.input_value("#permalink").endswith(f"?step={n}")
    assert page.url.endswith(f"?step={n}")


def test_a_decision_creates_the_new_situation_and_shows_it_from_that_step(page, two_ice):
    page.goto(two_ice)
    click_step(page, "2.2@Enigma")

    with page.expect_navigation():
        page.click("section.position:not([hidden]) button.decision:has-text('jacks out')")

    assert page.url.split("?")[0] != two_ice
    assert visible_occ(page) == "2.2@Enigma"
    assert "status-unsuccessful" in page.get_attribute(".outcome h2 .status", "class")
    page.keyboard.press("ArrowRight")
    assert current_node(page) == "step-7"


def test_the_permalink_reopens_the_same_step_for_someone_else(page, browser, two_ice):
    page.goto(two_ice)
    click_step(page, "3@Enigma")
    link = page.input_value("#permalink")

    other = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        p2 = other.new_page()
        p2.goto(link)
        assert visible_occ(p2) == "3@Enigma" and current_node(p2) == "step-3"
    finally:
        other.close()


def test_without_javascript_the_step_url_shows_the_same_step(browser, two_ice):
    ctx = browser.new_context(java_script_enabled=False)
    try:
        p = ctx.new_page()
        p.goto(two_ice + "?step=9")
        assert visible_occ(p) == "2.1@Enigma" and current_node(p) == "step-2_1"
        p.click("#go-next")
        assert p.url.endswith("step=10") and visible_occ(p) == "2.2@Enigma"
    finally:
        ctx.close()


def test_switching_to_korean_translates_the_page_and_is_remembered(page, two_ice, live_server):
    page.goto(two_ice + "?step=4")
    page.keyboard.press("ArrowRight")

    page.click(".langs a[data-lang=ko]")

    assert page.get_attribute("html", "lang") == "ko"
    assert visible_occ(page) == "2.4@Tollbooth"  # the step survived the switch
    assert "레즈 여부에 따른 결과" in page.inner_text("section.position:not([hidden]) h2")
    assert "다음" in page.inner_text("#go-next")
    page.goto(f"{live_server}/examples")
    assert "예시" in page.inner_text("h1")


@pytest.mark.screens
@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("width, height, device", [(1280, 800, "laptop"), (390, 844, "phone")])
def test_screenshots_of_the_stepper(browser, two_ice, lang, width, height, device):
    ctx = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
    try:
        p = ctx.new_page()
        p.goto(f"{two_ice}?step=6&lang={lang}")
        p.wait_for_selector("body[data-ready='1']")
        shot = p.screenshot(full_page=False)
    finally:
        ctx.close()

    assert shot[:4] == b"\x89PNG" and len(shot) > 20_000
    save_screen(f"stepper-{device}-{lang}.png", shot)


def test_hostile_names_stay_text_while_stepping_through_every_step(page, live_server):
    from test_web_security import EVIL, HOSTILE

    url = f"{live_server}/s/{save(live_server, HOSTILE)}"
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(url)
    total = int(page.get_attribute("#go-last", "href").split("=")[1])

    for _ in range(total):
        page.keyboard.press("ArrowRight")

    assert not dialogs
    assert page.inner_text("h1") == f"{EVIL} title"
    assert page.locator("img").count() == 0
    assert page.locator("#chart svg script").count() == 0
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")   # 2@<the evil ice>: the chart's tooltip names it, as text
    assert f"2@{EVIL}" in page.eval_on_selector("#chart svg g#step-2 > title", "t => t.textContent")
