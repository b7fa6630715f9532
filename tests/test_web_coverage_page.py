"""The coverage page: every step and edge of a rule set with the number of library cases through
it, what no case exercises, and the same summary line as `judge coverage`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markupsafe import escape

from judge import rulesets
from judge.analysis.coverage import coverage

ROOT = Path(__file__).resolve().parent.parent


def text(resp) -> str:
    return resp.get_data(as_text=True)


@pytest.fixture(scope="module")
def cov_client(tmp_path_factory):
    from judge.web import create_app

    db = tmp_path_factory.mktemp("coverage") / "judge.sqlite"
    return create_app({"TESTING": True, "DATABASE": str(db), "SECRET_KEY": "x",
                       "EXAMPLES": str(ROOT / "examples")}).test_client()


@pytest.mark.parametrize("ruleset", list(rulesets.RULESETS))
def test_the_page_ends_with_the_summary_line_of_judge_coverage(cov_client, ruleset):
    html = text(cov_client.get(f"/coverage?rs={ruleset}&lang=en"))

    body = html.split('<main id="main">')[1].split("</main>")[0]
    last = re.findall(r"<p[^>]*>([^<]*)</p>", body)[-1]
    assert last == coverage([ROOT / "examples"], ruleset).summary()
    assert re.fullmatch(r"\d+ of \d+ steps, \d+ of \d+ edges covered", last)


def test_every_step_and_every_edge_has_a_row_with_its_count(cov_client):
    html = text(cov_client.get("/coverage?rs=ffg-rr&lang=en"))
    cov = coverage([ROOT / "examples"], "ffg-rr")

    steps = dict(re.findall(r'<tr class="(?:un)?covered" data-step="([^"]+)">.*?<td class="num">(\d+)</td>', html, re.S))
    edges = dict(re.findall(r'<tr class="(?:un)?covered" data-edge="([^"]+)">.*?<td class="num">(\d+)</td>', html, re.S))
    assert {k: int(v) for k, v in steps.items()} == {s: cov.steps[s] for s in cov.all_steps()}
    assert {k.replace("&gt;", ">").replace("&amp;", "&"): int(v) for k, v in edges.items()} == \
           {e: cov.edges[e] for e in cov.all_edges()}


def test_a_covered_step_links_to_the_library_cases_that_enter_it(cov_client):
    html = text(cov_client.get("/coverage?rs=ffg-rr&lang=en"))
    n = int(re.search(r'data-step="2.2">.*?<td class="num">(\d+)</td>', html, re.S).group(1))

    assert 'href="/library?rs=ffg-rr&amp;step=2.2&amp;via=entered"' in html
    library = text(cov_client.get("/library?rs=ffg-rr&step=2.2&via=entered&lang=en"))
    assert f"{n} of " in library


def test_what_no_case_exercises_is_listed(cov_client):
    html = text(cov_client.get("/coverage?rs=nsg&lang=en"))
    miss = coverage([ROOT / "examples"], "nsg").missing()

    section = html.split('id="cov-missing"')[1]
    for kind in ("steps", "edges", "skips", "moments"):
        for item in miss[kind][:5]:
            assert f"<code>{escape(item)}</code>" in section
    assert html.count('class="uncovered"') == sum(len(v) for v in miss.values())


def test_the_coverage_page_speaks_korean(cov_client):
    html = text(cov_client.get("/coverage?lang=ko"))

    assert "타이밍 차트 커버리지" in html
    assert re.search(r"단계 \d+개 중 \d+개, 화살표 \d+개 중 \d+개를 다룸", html)


def test_an_unknown_rule_set_is_a_400_page(cov_client):
    resp = cov_client.get("/coverage?rs=ffg-2099&lang=en")

    assert resp.status_code == 400 and "There is no rule set" in text(resp)
