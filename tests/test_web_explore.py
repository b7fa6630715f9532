"""The explore page over the test client: its tree, its counts, its coloured chart, each line
opened as a derived situation, the "what if" link of the stepper, and bad input."""

from __future__ import annotations

import html as htmllib
import re

import pytest
import yaml

TWO_ICE = """\
title: Ice Wall and an unrezzed Enigma
run: {server: HQ}
servers:
  HQ:
    ice: [{card: Ice Wall, rezzed: true}, {card: Enigma}]
    cards: [{card: Hedge Fund}]
actions:
  - {at: "3.1", ice: Ice Wall, by: runner, break: all}
"""


def save(client, text: str) -> str:
    r = client.post("/api/scenarios", data=text, headers={"Content-Type": "application/yaml"})
    assert r.status_code in (200, 201), r.get_data(as_text=True)
    return r.get_json()["id"]


def page(client, url: str) -> str:
    r = client.get(url)
    assert r.status_code == 200, r.get_data(as_text=True)[:500]
    return r.get_data(as_text=True)


def line_links(html: str) -> list[str]:
    return [htmllib.unescape(u) for u in re.findall(r'href="(/s/[^"]+/explore/line\?[^"]+)"', html)]


def outcomes(html: str) -> dict[str, int]:
    block = re.search(r'<ul class="ex-outcomes" id="ex-outcomes">(.*?)</ul>', html, re.S).group(1)
    return {k: int(n) for k, n in re.findall(r'data-outcome="(\w+)">.*?</span> (\d+)</li>', block, re.S)}


def test_the_page_lists_the_lines_as_a_tree_with_their_outcomes(client):
    sid = save(client, TWO_ICE)
    html = page(client, f"/s/{sid}/explore?lang=en")
    # Ice Wall's break is written; Enigma: no rez / rez and break its End the run / rez and leave it,
    # each with a jack out at 2.2 of Enigma (before it) and at 5.2 where the run goes on.
    assert outcomes(html) == {"successful": 2, "unsuccessful": 4, "neither": 0}
    tree = re.search(r'<section class="ex-tree".*?</section>', html, re.S).group(0)
    assert tree.count("<details") >= 2 and len(line_links(tree)) == 6
    assert "the Corp rezzes Enigma" in html and "the Runner breaks subroutine(s) 2 of Enigma" in html
    assert 'id="ex-note"' not in html  # nothing was cut


def test_the_chart_is_coloured_by_how_many_lines_pass(client):
    sid = save(client, TWO_ICE)
    html = page(client, f"/s/{sid}/explore?lang=en")
    svg = re.search(r'<div class="chart" id="chart">(.*?)</div>', html, re.S).group(1)
    assert re.search(r'<g id="step-1" class="[^"]*heat-5', svg)          # every line begins at 1
    assert re.search(r'<g id="step-6" class="[^"]*heat-2', svg)  # 2 of the 6 lines end successfully
    assert re.search(r'<g id="step-7" class="[^"]*heat-4', svg)  # 4 do not
    assert "6 of 6 lines pass here" in svg and "2 of 6 lines pass here" in svg
    css = client.get("/chart-heat.css").get_data(as_text=True)
    assert ".node.heat-5 > polygon" in css and ".sw-heat-1" in css


def test_a_line_opens_as_a_derived_situation_in_the_stepper(client):
    sid = save(client, TWO_ICE)
    html = page(client, f"/s/{sid}/explore?lang=en")
    link = next(u for u in line_links(html) if "Enigma" in u and "break" in u)
    r = client.get(link)
    assert r.status_code == 303
    stepper = page(client, r.headers["Location"] + "&lang=en")
    assert "Derived from" in stepper and "a line of the explorer" in stepper
    new = r.headers["Location"].split("/s/")[1].split("?")[0]
    doc = yaml.safe_load(client.get(f"/s/{new}/scenario.yaml").get_data(as_text=True))
    assert doc["derived"]["choice"] == "line" and doc["derived"]["from"] == sid
    assert {"at": "2.3", "ice": "Enigma", "by": "corp", "rez": "Enigma"} in doc["actions"]
    assert client.get(link).headers["Location"] == r.headers["Location"]  # the same line, the same situation


def test_the_stepper_offers_every_line_from_a_decision(client):
    sid = save(client, TWO_ICE)
    stepper = page(client, f"/s/{sid}?lang=en")
    assert f'/s/{sid}/explore' in stepper and "Every line (explore)" in stepper
    what_if = re.findall(r'href="([^"]*/explore\?[^"]*from=\d+[^"]*)"', stepper)
    assert what_if
    html = page(client, htmllib.unescape(what_if[0]) + "&lang=en")
    assert "the run up to here as it happened" in html


def test_from_a_step_the_situations_own_decision_there_is_open(client):
    sid = save(client, TWO_ICE)
    occs = re.findall(r'data-occ="([^"]+)"', page(client, f"/s/{sid}"))
    n = occs.index("3.1@Ice Wall") + 1
    html = page(client, f"/s/{sid}/explore?from={n}&lang=en")
    assert "the Runner breaks nothing on Ice Wall" in html  # the written break is opened here
    assert outcomes(html)["unsuccessful"] > 4


def test_the_page_is_in_korean(client):
    sid = save(client, TWO_ICE)
    html = page(client, f"/s/{sid}/explore?lang=ko")
    assert "모든 줄" in html and "기업이 에니그마를 레즈한다" in html and "이 줄을 단계별 보기에서 열기" in html


def test_other_rule_sets_have_their_own_lines(client):
    sid = save(client, TWO_ICE)
    html = page(client, f"/s/{sid}/explore?ruleset=nsg&lang=en")
    assert "6.9.4c@Ice Wall" in html and "NSG" in html


@pytest.mark.parametrize("query", ["from=0", "from=999", "from=%C2%B2", "ruleset=nope", "from=" + "9" * 5000])
def test_a_bad_start_is_a_400_page(client, query):
    sid = save(client, TWO_ICE)
    r = client.get(f"/s/{sid}/explore?{query}")
    assert r.status_code == 400 and "Traceback" not in r.get_data(as_text=True)


@pytest.mark.parametrize("c", ["", "zzz", "[[1,2]]", '[["rez","corp","2.3","Enigma",1,"Ice Wall",[],false,0]]',
                               '[["rez","corp","2.3","Enigma",1,"<script>alert(1)</script>",[],false,0]]',
                               "[" * 5000, '[["jack_out","runner","2.2","Ice Wall",1,null,[],false,0]]',
                               '[["rez","corp",{"a":1},"Enigma",1,"Enigma",[],false,0]]',
                               '[["rez","corp","2.3","Enigma",1e9,"Enigma",[],false,0]]',
                               '[["break","runner","3.1","Enigma",1,"Enigma",[99999],true,0]]'])
def test_a_link_that_names_no_line_is_a_400_page(client, c):
    sid = save(client, TWO_ICE)
    r = client.get(f"/s/{sid}/explore/line", query_string={"c": c})
    body = r.get_data(as_text=True)
    assert r.status_code == 400 and "does not name a line" in body and "<script>alert" not in body


def test_unknown_situation_is_404(client):
    assert client.get("/s/0000000000000000/explore").status_code == 404


def test_hostile_names_stay_text(client):
    hostile = '<b>"{{x}}"</b>' + "x" * 200
    sid = save(client, TWO_ICE.replace("title: Ice Wall and an unrezzed Enigma", f"title: '{hostile}'").replace(
        "{card: Enigma}", "{card: Enigma, id: '<i>{E}</i>'}"))
    html = page(client, f"/s/{sid}/explore?lang=en")
    assert "<b>\"" not in html and "<i>{E}</i>" not in html and "&lt;i&gt;{E}&lt;/i&gt;" in html
    link = next(u for u in line_links(html) if "rez" in u)
    assert client.get(link).status_code == 303


def test_a_board_that_explodes_is_cut_and_the_page_says_so(client):
    ice = [{"name": f"Ice {i}", "type": "ice", "subroutines": ["End the run", "Lose a click", "Net damage"]}
           for i in range(10)]
    sid = save(client, yaml.safe_dump({"title": "ten ice", "run": {"server": "Server 1"},
                                       "servers": {"Server 1": {"ice": ice, "root": [{"card": "Caprice Nisei"}],
                                                                "cards": [{"name": "A", "type": "agenda"}]}}}))
    html = page(client, f"/s/{sid}/explore?lang=en")
    note = re.search(r'id="ex-note"[^>]*>(.*?)</p>', html, re.S).group(1)
    assert "Truncated at 4000 lines" in note
    found = int(re.search(r"the counts cover the (\d+) lines", note).group(1))
    tree = re.search(r'<section class="ex-tree".*?</section>', html, re.S).group(0)
    assert len(line_links(tree)) == min(300, found)
    assert ("more lines are not drawn" in tree) == (found > 300)


def test_when_the_search_was_cut_by_time_a_link_is_checked_by_the_situation_it_makes(client, monkeypatch):
    from judge.web.stepper import explore_view

    monkeypatch.setattr(explore_view, "MAX_SECONDS", 0.0)  # the search stops at once: it reached nothing
    sid = save(client, TWO_ICE.replace("Hedge Fund}]", "Hedge Fund}]\n  R&D: {}"))  # a board of its own
    legal = '[["rez","corp","2.3","Enigma",1,"Enigma",[],false,0]]'
    assert client.get(f"/s/{sid}/explore/line", query_string={"c": legal}).status_code == 303
    wrong = '[["rez","corp","2.3","Ice Wall",1,"Enigma",[],false,0]]'  # Enigma rezzed while Ice Wall is approached
    r = client.get(f"/s/{sid}/explore/line", query_string={"c": wrong, "lang": "en"})
    assert r.status_code == 400 and "Enigma" in r.get_data(as_text=True)
