"""The library of cases without a browser: filters by tag and step, opening a case in the stepper
under each rule set it is checked for, the printable handout, and bad arguments."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine import run
from judge.errors import JudgeError
from judge.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
D04 = "d04-jack-out-at-second-ice"
D10 = "d10-inside-job-bypasses-tollbooth"
E01 = "e01-no-ice-three-rule-sets"


def text(resp) -> str:
    return resp.get_data(as_text=True)


def english(client, path: str):
    """GET in English (the module's client may remember Korean from another test)."""
    return client.get(path + ("&" if "?" in path else "?") + "lang=en")


def rows(html: str) -> dict[str, bool]:
    """Each case row of the library: stem -> shown (rows that do not match are `hidden`)."""
    return {stem: not hidden for stem, hidden in
            re.findall(r'<tr class="case" data-stem="([^"]+)"[^>]*?( hidden)?>', html)}


def traces(ruleset: str) -> dict[str, object]:
    """Every example checked under a rule set, run here directly (not through the page's index)."""
    out = {}
    for f in sorted((ROOT / "examples").glob("*.yaml")):
        try:
            sc = load_scenario(f)
            if ruleset in (sc.expected_rulesets() or [sc.ruleset]):
                out[f.stem] = run(sc, ruleset)
        except JudgeError:
            continue
    return out


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    """One app for the module: the examples are loaded and run once."""
    from judge.web import create_app

    db = tmp_path_factory.mktemp("library") / "judge.sqlite"
    return create_app({"TESTING": True, "DATABASE": str(db), "SECRET_KEY": "x",
                       "EXAMPLES": str(ROOT / "examples")}).test_client()


def test_the_library_lists_every_case_of_the_rule_set_with_stepper_handout_and_quiz_links(lib):
    html = text(english(lib, "/library"))

    expected = traces("ffg-rr")
    assert set(rows(html)) == set(expected) and all(rows(html).values())
    assert f'href="/examples/{D10}"' in html
    assert f'href="/library/{D10}/handout?rs=ffg-rr"' in html
    assert f'href="/quiz?cases={D10}&amp;rs=ffg-rr"' in html
    assert f"{len(expected)} of {len(expected)} cases" in html


@pytest.mark.parametrize(("ruleset", "step", "via"), [
    ("ffg-rr", "2.2", "entered"), ("ffg-rr", "2.2", "skipped"), ("ffg-rr", "3.1", "any"),
    ("nsg", "6.9.2b", "any"), ("ffg-core", "4", "entered")])
def test_a_step_filter_shows_the_cases_whose_run_enters_or_skips_that_step(lib, ruleset, step, via):
    html = text(lib.get(f"/library?rs={ruleset}&step={step}&via={via}"))

    entered = {s for s, t in traces(ruleset).items() if step in {e.step for e in t.events if e.kind == "enter"}}
    skipped = {s for s, t in traces(ruleset).items() if step in {e.step for e in t.skipped}}
    want = {"entered": entered, "skipped": skipped, "any": entered | skipped}[via]
    assert {s for s, shown in rows(html).items() if shown} == want
    assert 0 < len(want) < len(rows(html)) or via == "any"


def test_the_bypass_case_is_listed_among_the_cases_that_skip_3_1_and_says_so(lib):
    html = text(english(lib, "/library?step=3.1&via=skipped"))

    assert rows(html)[D10] and not rows(html)[D04]
    row = html.split(f'data-stem="{D10}"')[1].split("</tr>")[0]
    assert "skipped ×1" in row
    assert "Cases whose run skips 3.1 Interact with the ice" in html


def test_a_tag_filter_keeps_only_cases_with_every_chosen_tag(lib):
    html = text(lib.get("/library?tag=bypass&tag=trigger-order"))

    shown = {s for s, v in rows(html).items() if v}
    tagged = {s for s in rows(html)
              if {"bypass", "trigger-order"} <= set(load_scenario(ROOT / "examples" / f"{s}.yaml").tags)}
    assert shown == tagged and D10 in shown
    assert 'class="tag on" href="?rs=ffg-rr&amp;tag=trigger-order"' in html   # removing one tag keeps the other


def test_without_javascript_every_step_is_a_link_and_the_form_filters(lib):
    html = text(lib.get("/library?rs=nsg"))

    assert 'href="?rs=nsg&amp;step=6.9.2a"' in html
    assert '<form class="lib-filters" method="get" action="/library"' in html
    assert '<select name="step" id="lib-step">' in html and '<option value="6.9.4c">' in html


def test_the_chart_on_the_library_page_names_its_step_nodes_for_the_script(lib):
    html = text(english(lib, "/library"))

    data = re.search(r'<script type="application/json" id="lib-data">(.*?)</script>', html, re.S).group(1)
    assert '"step-2_3": "2.3"' in data
    assert '<g id="step-2_3" class="node' in html


@pytest.mark.parametrize(("query", "message"), [
    ("rs=bogus", 'There is no rule set "bogus"'), ("step=9.9", 'has no step "9.9"'),
    ("rs=nsg&step=2.2", 'The rule set nsg has no step "2.2"'), ("via=sideways", '"sideways" is not a way'),
    ("tag=a&tag=b&tag=c&tag=d&tag=e&tag=f&tag=g&tag=h&tag=i", "at most 8 tags")])
def test_a_bad_filter_is_a_400_page_saying_what_is_wrong(lib, query, message):
    resp = english(lib, f"/library?{query}")

    assert resp.status_code == 400
    assert message in text(resp).replace("&#34;", '"')


def test_a_bad_filter_is_explained_in_korean_when_korean_was_chosen(lib):
    resp = lib.get("/library?step=9.9&lang=ko")

    assert resp.status_code == 400 and "단계가 없습니다" in text(resp)


def test_a_case_opens_in_the_stepper_through_the_examples_route(lib):
    resp = lib.get(f"/library/{D10}/open")

    assert resp.status_code == 303 and resp.headers["Location"] == f"/examples/{D10}"


def test_a_case_opens_in_the_stepper_under_another_rule_set_it_is_checked_for(lib):
    resp = lib.get(f"/library/{E01}/open?rs=nsg")

    assert resp.status_code == 303 and resp.headers["Location"].startswith("/s/")
    page = text(lib.get(resp.headers["Location"]))
    assert "6.9.1a" in page and 'class="ruleset"' in page and ">nsg<" in page


def test_opening_a_case_at_a_step_lands_on_that_step(lib):
    resp = lib.get(f"/library/{D10}/open?step=6")

    page = text(lib.get(resp.headers["Location"]))
    assert resp.headers["Location"].endswith("?step=6")
    assert re.search(r'<section class="position" id="pos-6" data-n="6" data-occ="3@Tollbooth">', page)


@pytest.mark.parametrize("path", [f"/library/{D10}/handout?rs=nsg", f"/library/{D10}/open?rs=nsg",
                                  "/library/no-such-case/handout", "/library/no-such-case/open"])
def test_a_case_that_is_not_in_the_library_under_that_rule_set_is_a_404(lib, path):
    assert lib.get(path).status_code == 404


def test_the_handout_shows_the_situation_walkthrough_path_outcome_explanation_and_sources(lib):
    html = text(english(lib, f"/library/{D04}/handout"))
    sc = load_scenario(ROOT / "examples" / f"{D04}.yaml")

    ice = re.findall(r'<strong class="card-name">([^<]+)</strong>', html.split('class="cards ice-list"')[1].split("</ol>\n")[0])
    assert ice == [c.name for c in sc.servers[sc.server].ice]                  # outermost first
    assert html.count('<span class="rez rez-') >= len(ice)
    assert "↳ End the run" in html or "↳ " in html
    assert 'class="actions-list"' in html and "2.2@Hunter" in html           # what the players do
    assert '<figure class="timeline"><svg' in html                            # the walk-through chart
    assert "2.2@Enigma skipped: first approach of this run" in html           # skipped, with its reason
    assert 'class="status status-unsuccessful"' in html
    assert sc.explanation["en"].split(".")[0] in html.replace("&#39;", "'").replace("&#34;", '"')
    from judge.web.i18n import english_source  # the seed's Korean headings said in English
    assert all(english_source(s).replace("&", "&amp;") in html for s in sc.sources)


def test_the_handout_in_korean_uses_the_korean_explanation_and_words(lib):
    html = text(lib.get(f"/library/{D10}/handout?lang=ko"))
    sc = load_scenario(ROOT / "examples" / f"{D10}.yaml")

    assert '<html lang="ko">' in html
    assert sc.explanation["ko"][:20] in html
    assert "상황" in html and "경로와 건너뛴 단계" in html and "출처" in html
    assert "대치할 때" in html                                                # the ability's moment, in Korean


def test_the_handout_links_a_print_stylesheet_and_keeps_its_tools_off_paper(lib):
    html = text(english(lib, f"/library/{D10}/handout"))

    assert re.search(r'<link rel="stylesheet" href="/static/print\.css\?v=[0-9a-f]+" media="print">', html)
    assert 'class="handout-tools no-print"' in html
    css = (ROOT / "templates" / "static" / "print.css").read_text()
    assert ".top" in css and "display: none" in css and ".timeline svg { width: 100%" in css


def test_the_library_nav_links_are_on_every_page(lib):
    html = text(lib.get("/new"))

    assert 'href="/library"' in html and 'href="/quiz"' in html and 'href="/coverage"' in html


HOSTILE = """\
title: "<script>alert(1)</script> & friends"
tags: ["<b>tag</b>"]
explanation: {en: "<img src=x onerror=alert(1)>"}
sources: ["<i>source</i>"]
run: {server: HQ}
servers:
  HQ:
    ice: [{name: "<svg onload=alert(1)>", rezzed: false, subroutines: ["<u>sub</u>"]}]
    cards: [{name: Hedge Fund, type: operation}]
"""


def test_names_with_markup_are_text_in_the_library_and_the_handout(app, tmp_path):
    (tmp_path / "hostile.yaml").write_text(HOSTILE)
    app.config["EXAMPLES"] = str(tmp_path)
    client = app.test_client()

    for path in ("/library", "/library?tag=%3Cb%3Etag%3C/b%3E", "/library/hostile/handout"):
        html = text(client.get(path))
        assert "<script>alert" not in html and "<svg onload" not in html and "<img src=x" not in html, path
        assert "<b>tag</b>" not in html and "<u>sub</u>" not in html and "<i>source</i>" not in html, path


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/library", "/coverage", f"/library/{D10}/handout", f"/library/{D10}/open",
                             "/quiz", "/quiz/random"]),
       args=st.lists(st.tuples(st.sampled_from(["rs", "step", "via", "tag", "cases", "lang"]),
                               st.text(max_size=40)), max_size=4))
def test_any_query_on_the_library_pages_gives_the_page_or_a_clear_400_or_404(lib, path, args):
    from urllib.parse import urlencode

    resp = lib.get(f"{path}?{urlencode(args)}")

    assert resp.status_code in (200, 303, 400, 404), (path, args)
    if resp.status_code in (400, 404):
        assert 'class="message"' in text(resp)


@pytest.fixture
def no_graphviz(tmp_path, monkeypatch):
    """No `dot` on PATH and nothing laid out or drawn yet in this process."""
    from judge import render
    from judge.web import chart

    monkeypatch.setattr(render, "_laid", {})
    monkeypatch.setattr(render, "_failed", {})
    chart._timeline.cache_clear()
    (tmp_path / "bin").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    yield
    chart._timeline.cache_clear()


@pytest.mark.parametrize("path", ["/library?step=2.2", f"/library/{D10}/handout", f"/quiz?cases={D10}"])
def test_without_graphviz_the_pages_serve_everything_but_the_chart_and_say_why(client, no_graphviz, path):
    resp = client.get(path + "&lang=en" if "?" in path else path + "?lang=en")
    if resp.status_code == 303:
        resp = client.get(resp.headers["Location"])

    html = text(resp)
    assert resp.status_code == 200 and "<svg" not in html
    assert "Graphviz is not installed" in html and "Everything else on this page is whole without it." in html
    assert 'class="lib-cases"' in html or 'class="h-path"' in html or 'name="choice"' in html


def test_a_case_written_in_old_step_numbers_opens_under_nsg_at_its_own_permalink(lib):
    # core-caprice's actions are plain six-step numbers ("4.3"): under NSG they are placed by meaning
    resp = lib.get("/library/core-caprice-ruling-4-3-too-late/open?rs=nsg&step=3")

    assert resp.status_code == 303
    assert re.fullmatch(r"/s/[0-9a-f]{16}\?ruleset=nsg&step=3", resp.headers["Location"])
    page = text(lib.get(resp.headers["Location"]))
    assert "6.9.1c" in page and "6.9.4e" in page
