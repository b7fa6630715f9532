"""The library, the handout and the quiz in a real browser (Debian's Chromium, headless): chart
clicks, filters without a script, print emulation, answering right and wrong in both languages."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_helpers import save_screen

from judge.engine import run
from judge.scenario import load_scenario
from judge.web.library import quizgen, quizplan
from judge.web.library.casebook import Case

ROOT = Path(__file__).resolve().parent.parent
D10 = "d10-inside-job-bypasses-tollbooth"
WORDS = {"en": {"right": "Right!", "wrong": "Not quite.", "score": "Score: {r} of {d}"},
         "ko": {"right": "정답입니다!", "wrong": "아쉽네요.", "score": "점수: {d}문제 중 {r}개 정답"}}


def planned(stem: str, lang: str) -> list[quizgen.Question]:
    """The questions a link to one case asks, made here from the case's trace."""
    f = ROOT / "examples" / f"{stem}.yaml"
    sc = load_scenario(f)
    case = Case(stem, sc.ruleset, sc, run(sc), f.read_text())
    qs = {q.key: q for q in quizgen.questions(case.trace, lang)}
    return [qs[key] for _, key in quizplan.chosen([case])["q"]]


def shown_rows(page) -> set[str]:
    return set(page.eval_on_selector_all("#lib-rows tr.case:not([hidden])", "rs => rs.map(r => r.dataset.stem)"))


def server_rows(base: str, query: str) -> set[str]:
    """The rows the server shows for a query (the page without a script)."""
    with urllib.request.urlopen(f"{base}/library?{query}&lang=en") as resp:
        html = resp.read().decode()
    return {stem for stem, hidden in re.findall(r'<tr class="case" data-stem="([^"]+)"[^>]*?( hidden)?>', html)
            if not hidden}


def test_clicking_a_step_on_the_chart_lists_the_cases_that_go_through_it(page, live_server):
    page.goto(f"{live_server}/library?lang=en")
    every = shown_rows(page)
    assert page.input_value("#lib-via") == "entered"     # the default: the cases that reach the step

    page.click("#lib-chart svg g#step-2_2")

    assert shown_rows(page) == server_rows(live_server, "step=2.2&via=entered") != every
    assert parse_qs(urlsplit(page.url).query) == {"lang": ["en"], "step": ["2.2"]}
    assert page.inner_text("#lib-heading") == "Cases whose run enters 2.2 Continue or jack out"
    assert page.inner_text("#lib-count") == f"{len(shown_rows(page))} of {len(every)} cases"
    assert "picked" in page.get_attribute("#lib-chart svg g#step-2_2", "class")
    assert page.input_value("#lib-step") == "2.2"
    assert re.search(r"/quiz\?rs=ffg-rr&cases=", page.get_attribute("#lib-quiz-these", "href"))

    page.click("#lib-chart svg g#step-2_2")   # a second click clears the filter
    assert shown_rows(page) == every and "picked" not in (page.get_attribute("#lib-chart svg g#step-2_2", "class") or "")


def test_a_step_node_can_be_chosen_with_the_keyboard(page, live_server):
    page.goto(f"{live_server}/library?lang=en")

    page.focus("#lib-chart svg g#step-3_1")
    page.keyboard.press("Enter")

    assert shown_rows(page) == server_rows(live_server, "step=3.1")
    assert shown_rows(page) and D10 not in shown_rows(page)   # D10's bypass skips 3.1: it does not enter it
    assert page.get_attribute("#lib-chart svg g#step-3_1", "role") == "button"


def test_without_javascript_the_filter_form_and_the_step_links_work(browser, live_server):
    ctx = browser.new_context(java_script_enabled=False)
    try:
        p = ctx.new_page()
        p.goto(f"{live_server}/library?lang=en")
        p.select_option("#lib-step", "3.1")
        p.select_option("#lib-via", "skipped")
        p.click("#lib-filters button[type=submit]")
        assert "step=3.1" in p.url and "via=skipped" in p.url
        assert shown_rows(p) == server_rows(live_server, "step=3.1&via=skipped") and D10 in shown_rows(p)

        p.click(".lib-steps a[data-step='5.3']")
        assert "step=5.3" in p.url and shown_rows(p) == server_rows(live_server, "step=5.3&via=skipped")
    finally:
        ctx.close()


def test_a_case_opens_in_the_stepper_from_the_library(page, live_server):
    page.goto(f"{live_server}/library?lang=en")

    page.click(f"tr[data-stem='{D10}'] a.case-title")

    assert re.search(r"/s/[0-9a-f]{16}$", page.url)
    assert page.inner_text("h1").startswith("D10:")


@pytest.mark.screens
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_handout_prints_without_navigation_or_buttons_and_its_chart_fits_the_page(browser, live_server, lang):
    ctx = browser.new_context(viewport={"width": 794, "height": 1123}, device_scale_factor=1)   # A4 at 96 dpi
    try:
        p = ctx.new_page()
        p.goto(f"{live_server}/library/{D10}/handout?lang={lang}")
        assert p.is_visible("#print-btn") and p.is_visible("header.top")

        p.emulate_media(media="print")

        assert not p.is_visible("header.top") and not p.is_visible("footer.foot")
        assert not p.is_visible("#print-btn") and not p.is_visible(".handout-tools")
        chart = p.eval_on_selector(".timeline svg", "s => s.getBoundingClientRect().width")
        body = p.eval_on_selector(".handout", "a => a.getBoundingClientRect().width")
        assert 0 < chart <= body + 1
        assert p.is_visible(".h-path") and p.is_visible(".h-sources") and p.is_visible(".print-foot")
        pdf = p.pdf(prefer_css_page_size=True)
        shot = p.screenshot(full_page=True)
    finally:
        ctx.close()

    # A4 pages: the situation, the walk-through on a landscape page of its own, then the answer.
    pages = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
    assert pdf[:5] == b"%PDF-" and 3 <= len(pages) <= 5
    assert [float(w) > float(h) for w, h in pages][:3] == [False, True, False]
    save_screen(f"handout-print-{lang}.png", shot)


def _choose(page, token: str) -> None:
    page.check(f"input[name=choice][value='{token}']")
    page.click("#quiz-submit")


@pytest.mark.screens
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_answering_right_then_wrong_reveals_each_answer_and_changes_the_score(browser, live_server, lang):
    words, qs = WORDS[lang], planned(D10, lang)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
    errors: list[str] = []
    try:
        p = ctx.new_page()
        p.on("pageerror", lambda e: errors.append(str(e)))
        p.goto(f"{live_server}/quiz?cases={D10}&lang={lang}")
        assert p.inner_text(".quiz-prompt") == qs[0].prompt
        assert words["score"].format(r=0, d=0) in p.inner_text("#quiz-score")

        _choose(p, qs[0].answer)

        assert words["right"] in p.inner_text("#verdict")
        assert words["score"].format(r=1, d=1) in p.inner_text("#quiz-score")
        assert qs[0].choice(qs[0].answer).text in p.inner_text(".choice-opt.right")
        assert p.locator("#quiz-chart svg g.node.current").count() == 1
        p.click("#quiz-next")

        assert p.inner_text(".quiz-prompt") == qs[1].prompt
        wrong = next(c for c in qs[1].choices if c.token != qs[1].answer)
        _choose(p, wrong.token)

        assert words["wrong"] in p.inner_text("#verdict")
        assert qs[1].choice(qs[1].answer).text in p.inner_text("#verdict h2")
        assert words["score"].format(r=1, d=2) in p.inner_text("#quiz-score")
        assert wrong.text in p.inner_text(".choice-opt.wrong")
        shot = p.screenshot(full_page=False)
    finally:
        ctx.close()

    assert not errors
    save_screen(f"quiz-reveal-{lang}.png", shot)


def test_the_quiz_works_without_javascript(browser, live_server):
    qs = planned(D10, "en")
    ctx = browser.new_context(java_script_enabled=False)
    try:
        p = ctx.new_page()
        p.goto(f"{live_server}/quiz?cases={D10}&lang=en")
        _choose(p, qs[0].answer)
        assert "Right!" in p.inner_text("#verdict")
        p.click("#quiz-next")
        assert p.inner_text(".quiz-prompt") == qs[1].prompt
    finally:
        ctx.close()


def test_number_keys_choose_an_answer(page, live_server):
    page.goto(f"{live_server}/quiz?cases={D10}&lang=en")

    page.keyboard.press("2")

    assert page.eval_on_selector_all("input[name=choice]", "rs => rs.map(r => r.checked)") == \
        [i == 1 for i in range(len(planned(D10, "en")[0].choices))]


@pytest.mark.screens
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_screenshots_of_the_library(browser, live_server, lang):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
    try:
        p = ctx.new_page()
        p.goto(f"{live_server}/library?lang={lang}&tag=skipped")
        p.click("#lib-chart svg g#step-3_1")
        assert p.locator("#lib-rows tr.case:not([hidden])").count() > 0
        shot = p.screenshot(full_page=False)
    finally:
        ctx.close()

    assert shot[:4] == b"\x89PNG" and len(shot) > 20_000
    save_screen(f"library-laptop-{lang}.png", shot)
