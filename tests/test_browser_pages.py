"""Every page in Chromium on a phone and as a writer uses them: nothing wider than a 390 px screen,
thumb-sized step buttons, the step before the chart, every chart download, and the exported
walk-through opened from a file, stepped with the keys, asking nothing of the network."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_helpers import save

ROOT = Path(__file__).resolve().parent.parent
D10 = (ROOT / "examples" / "d10-inside-job-bypasses-tollbooth.yaml").read_text(encoding="utf-8")
LONGEST = (ROOT / "examples" / "d41-letheia-nisei-sends-the-runner-back.yaml").read_text(encoding="utf-8")
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def sid(live_server):
    return save(live_server, D10)


def pages(sid: str) -> list[str]:
    return ["/new", f"/s/{sid}", f"/s/{sid}?step=6", f"/s/{sid}/compare", "/examples", "/chart", "/chart?style=doc",
            "/chart?ruleset=nsg", "/library", "/library?step=2.2", "/library/d10-inside-job-bypasses-tollbooth/handout",
            "/quiz", "/quiz?cases=d10-inside-job-bypasses-tollbooth", "/coverage", "/translate?step=4.3&from=ffg-core",
            "/no-such-page", f"/s/{sid}?step=999"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_page_is_wider_than_a_390_px_phone(browser, live_server, sid, lang):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    wide = {}
    try:
        for path in pages(sid):
            page.goto(live_server + path + ("&" if "?" in path else "?") + f"lang={lang}")
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 390:
                wide[path] = (width, page.evaluate("""() => [...document.querySelectorAll('body *')]
                    .filter(e => e.getBoundingClientRect().right > 391).slice(-3)
                    .map(e => e.tagName + '.' + e.className)"""))
    finally:
        ctx.close()
    assert not wide, wide


def test_a_long_rule_set_title_in_the_form_does_not_widen_the_phone_page(browser, live_server):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    try:
        page.goto(live_server + "/new")
        page.select_option("select[name=ruleset]", index=2)
        credits = page.locator("input[name=credits]").bounding_box()
        add = page.locator("button[data-op=add]").first.bounding_box()
        assert page.evaluate("document.documentElement.scrollWidth") == 390
        assert credits["x"] + credits["width"] <= 390 and add["x"] + add["width"] <= 390
    finally:
        ctx.close()


def test_the_steppers_buttons_are_thumb_sized_and_the_step_comes_before_the_chart_on_a_phone(browser, live_server):
    sid = save(live_server, LONGEST)
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    try:
        page.goto(f"{live_server}/s/{sid}?step=5")
        page.wait_for_selector("body[data-ready='1']")
        for b in ("#go-first", "#go-prev", "#go-next", "#go-last"):
            box = page.locator(b).bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, (b, box)
        explain = page.locator("section.position:not([hidden]) .explain").bounding_box()
        chart = page.locator("div#chart").bounding_box()
        assert explain["y"] + explain["height"] <= 844 and explain["y"] < chart["y"]   # seen without scrolling
        page.locator("#go-next").tap()
        assert page.get_attribute("body", "data-step") == "6"
        assert page.locator("section.position:not([hidden]) .explain").bounding_box()["y"] < chart["y"]
    finally:
        ctx.close()


@pytest.mark.parametrize("fmt, magic", [("svg", b"<?xml"), ("png", b"\x89PNG"), ("pdf", b"%PDF-")])
def test_each_chart_format_downloads_from_the_chart_page(page, live_server, fmt, magic):
    page.goto(f"{live_server}/chart?ruleset=nsg&lang=ko")
    link = page.locator(f"figure[lang=ko] a.dl[data-format={fmt}]")

    with page.expect_download() as dl:
        link.click()

    assert dl.value.suggested_filename == f"nsg.ko.{fmt}"
    assert Path(dl.value.path()).read_bytes().startswith(magic)


def test_the_documentation_style_downloads_from_the_chart_page(page, live_server):
    page.goto(f"{live_server}/chart?style=doc&ruleset=ffg-rr")
    with page.expect_download() as dl:
        page.locator("figure[lang=en] a.dl[data-format=pdf]").click()

    assert dl.value.suggested_filename == "ffg-rr.en.doc.pdf"
    assert Path(dl.value.path()).read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize("fmt, magic", [("svg", b"<?xml"), ("png", b"\x89PNG"), ("pdf", b"%PDF-")])
def test_the_step_shown_downloads_in_each_format_after_stepping(page, live_server, sid, fmt, magic):
    page.goto(f"{live_server}/s/{sid}?step=2&lang=en")
    page.wait_for_selector("body[data-ready='1']")
    page.keyboard.press("ArrowRight")

    with page.expect_download() as dl:
        page.locator(f"#dl-{fmt}").click()

    assert dl.value.suggested_filename == f"chart-{sid}-step3-en.{fmt}"
    assert Path(dl.value.path()).read_bytes().startswith(magic)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_exported_walk_through_works_from_a_file_with_the_keys_and_no_network(browser, live_server, sid, lang,
                                                                                  tmp_path):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    try:
        page.goto(f"{live_server}/s/{sid}?lang={lang}")
        with page.expect_download() as dl:
            page.locator("#dl-walk-html").click()
        path = tmp_path / dl.value.suggested_filename
        dl.value.save_as(path)
    finally:
        ctx.close()
    assert path.name == f"walkthrough-{sid}-{lang}.html"

    offline = browser.new_context(viewport={"width": 1280, "height": 800}, offline=True)
    asked: list[str] = []
    offline.on("request", lambda r: asked.append(r.url))
    errors: list[str] = []
    walk = offline.new_page()
    walk.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    walk.on("pageerror", lambda e: errors.append(str(e)))
    try:
        walk.goto(path.as_uri())
        walk.wait_for_selector("body[data-ready='1']")
        total = walk.locator("section.position").count()
        first = walk.eval_on_selector("#chart-box svg g.node.current", "g => g.id")
        walk.keyboard.press("ArrowRight")
        walk.keyboard.press("ArrowRight")
        third = walk.eval_on_selector("#chart-box svg g.node.current", "g => g.id")
        shown = walk.locator("section.position:not([hidden])")
        assert walk.get_attribute("body", "data-step") == "3" and shown.count() == 1
        assert shown.get_attribute("data-occ") == "2.1@Tollbooth" and third == "step-2_1" and first == "step-1"
        walk.keyboard.press("End")
        assert walk.get_attribute("body", "data-step") == str(total)
        assert walk.eval_on_selector("#chart-box svg g.node.current", "g => g.id") == "step-6"
        walk.keyboard.press("Home")
        walk.locator("#go-next").click()
        assert walk.get_attribute("body", "data-step") == "2"
        assert walk.locator("#counter").inner_text() == ("Step 2 of 15" if lang == "en" else "15단계 중 2단계")
        assert walk.evaluate("document.documentElement.lang") == lang
    finally:
        offline.close()
    assert asked == [path.as_uri()], asked     # the file itself, and nothing else
    assert not errors, errors


def test_the_exported_walk_through_fits_a_phone(browser, live_server, sid, tmp_path):
    path = tmp_path / "walk.html"
    import urllib.request

    with urllib.request.urlopen(f"{live_server}/s/{sid}/walkthrough.html?lang=ko") as resp:
        path.write_bytes(resp.read())
    ctx = browser.new_context(**PHONE, offline=True)
    page = ctx.new_page()
    try:
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-ready='1']")
        assert page.evaluate("document.documentElement.scrollWidth") == 390
        box = page.locator("#go-next").bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        page.locator("#go-next").tap()
        assert page.get_attribute("body", "data-step") == "2"
        assert re.search(r"\S", page.locator("section.position:not([hidden]) .explain").inner_text())
    finally:
        ctx.close()


def test_typing_in_the_librarys_search_filters_the_cases_at_once_and_keeps_the_address(page, live_server):
    page.goto(f"{live_server}/library?lang=ko")
    total = page.locator("#lib-rows tr.case").count()

    page.locator("#lib-q").fill("톨부스")

    visible = page.locator("#lib-rows tr.case:not([hidden])")
    assert 0 < visible.count() < total
    assert "d10-inside-job-bypasses-tollbooth" in visible.evaluate_all("rs => rs.map(r => r.dataset.stem)")
    assert page.locator("#lib-count").inner_text() == f"사례 {total}개 중 {visible.count()}개"
    assert "q=%ED%86%A8%EB%B6%80%EC%8A%A4" in page.url
    found = visible.count()
    page.locator("#lib-step").select_option("3.1")
    narrowed = page.locator("#lib-rows tr.case:not([hidden])").count()
    assert 0 < narrowed < found and "step=3.1" in page.url
    page.reload()                                    # the address holds the search: the server agrees
    assert page.locator("#lib-rows tr.case:not([hidden])").count() == narrowed
    assert page.locator("#lib-q").input_value() == "톨부스"


def test_the_quiz_picker_filters_as_you_type_and_stops_at_its_limit(page, live_server):
    page.goto(f"{live_server}/quiz?lang=en")
    items = page.locator("#quiz-cases li")
    total = items.count()

    page.locator("#quiz-q").fill("tollbooth")
    assert 0 < page.locator("#quiz-cases li:not([hidden])").count() < total
    page.locator("#quiz-q").fill("")
    boxes = page.locator("#quiz-cases input[name=cases]")
    for i in range(12):
        boxes.nth(i).check()

    assert page.locator("#quiz-picked").inner_text() == "12 chosen (at most 12)"
    assert boxes.nth(12).is_disabled() and not boxes.nth(0).is_disabled()
    page.locator("#quiz-q").fill("zzzz-nothing")
    assert page.locator("#quiz-cases li:not([hidden])").count() == 12   # the chosen ones stay in sight


def test_the_focus_goes_to_the_first_problem_and_each_listed_problem_links_its_field(browser, live_server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})   # the answer is a 400: the console says so
    page = ctx.new_page()
    page.goto(f"{live_server}/new?lang=en")
    page.fill("input[name=ice-name]", "Enigma")
    page.fill("textarea[name=ice-subs]", "End the run")
    act = page.locator("#rows-act li.row").first
    act.locator("select[name=act-at]").select_option("2.3")
    act.locator("input[name=act-ice]").fill("Nope")
    act.locator("select[name=act-by]").select_option("corp")
    act.locator("select[name=act-effect]").select_option("rez")
    act.locator("input[name=act-value]").fill("Nope")
    page.locator(".actions button[value=run_form]").click()
    page.wait_for_selector("#form-errors")

    try:
        assert page.evaluate("document.activeElement.id") == "f-act-0-ice"
        page.locator("#form-errors a").first.click()
        assert page.url.endswith("#f-act-0-ice")
    finally:
        ctx.close()


def test_typing_past_a_fields_limit_says_so_and_keeps_every_character(page, live_server):
    page.goto(f"{live_server}/new?lang=en")
    box = page.locator("textarea[name=ice-subs]")

    box.fill("x" * 4001)

    assert len(box.input_value()) == 4001
    assert page.locator(".limit-over").inner_text() == "4,001 of at most 4,000 characters: shorten it"
    assert box.get_attribute("aria-invalid") == "true"
    box.fill("x" * 10)
    assert page.locator(".limit-over").count() == 0 and box.get_attribute("aria-invalid") is None


def test_a_step_prints_as_the_step_its_chart_and_the_outcome_without_controls(page, live_server, sid):
    page.goto(f"{live_server}/s/{sid}?step=6&lang=en")
    page.emulate_media(media="print")

    hidden = page.evaluate("""() => ['.top', '.controls', '.share', '.decide'].map(
        s => [...document.querySelectorAll(s)].every(e => getComputedStyle(e).display === 'none'))""")
    assert all(hidden)
    assert page.locator("section.position:not([hidden])").is_visible() and page.locator("div#chart svg").is_visible()
    assert page.evaluate("getComputedStyle(document.querySelector('div#chart')).maxHeight") == "none"
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF-")
