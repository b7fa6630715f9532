"""The stepper without JavaScript: every step at its own URL, decisions, downloads, permanence."""

from __future__ import annotations

import json
import re

import pytest

from judge.web import create_app

WALLS = """\
title: Two walls, the second unrezzed
run: {server: R&D}
corp: {bad_publicity: 1}
servers:
  R&D:
    ice:
      - {name: Ice Wall, rezzed: true, subroutines: [End the run]}
      - {name: Enigma, rezzed: false, subroutines: [Force the Runner to lose click, End the run]}
    root:
      - {name: Ash, type: upgrade, rezzed: false}
    cards: [{name: Hostile Takeover, type: agenda, points: 1}]
actions:
  - {at: "3.1", ice: Ice Wall, by: runner, break: all}
"""
YAML = {"Content-Type": "application/yaml"}


@pytest.fixture
def sid(client) -> str:
    return client.post("/api/scenarios", data=WALLS, headers=YAML).get_json()["id"]


def text(resp) -> str:
    return resp.get_data(as_text=True)


def classes_of(html: str, element_id: str) -> set[str]:
    """The classes of a chart element in the page's inline SVG."""
    m = re.search(rf'<g id="{re.escape(element_id)}" class="([^"]*)"', html)
    assert m, f"no chart element {element_id}"
    return set(m.group(1).split())


def visible_position(html: str) -> str:
    shown = re.findall(r'<section class="position" id="pos-(\d+)" data-n="\d+" data-occ="([^"]+)">', html)
    assert len(shown) == 1, shown
    return shown[0][1]


def path_of(client, sid: str) -> list[str]:
    return re.findall(r'<li id="li-\d+" data-n="\d+"[^>]*>\s*<a href="\?step=\d+" data-n="\d+"><span class="occ">([^<]+)',
                      text(client.get(f"/s/{sid}")))


@pytest.mark.parametrize("n, occ, node", [(1, "1", "step-1"), (3, "2.1@Ice Wall", "step-2_1"),
                                          (7, "3.1@Ice Wall", "step-3_1"), (13, "2.3@Enigma", "step-2_3")])
def test_each_step_renders_fully_without_javascript_with_its_node_highlighted(client, sid, n, occ, node):
    resp = client.get(f"/s/{sid}?step={n}")

    assert resp.status_code == 200
    html = text(resp)
    assert visible_position(html) == occ
    assert {"node", "current"} <= classes_of(html, node)
    assert f'<li id="li-{n}" data-n="{n}" class="current" aria-current="step">' in html


def test_steps_already_passed_are_visited_and_skipped_steps_say_so(client, sid):
    html = text(client.get(f"/s/{sid}?step=13"))

    assert "visited" in classes_of(html, "step-1")
    assert "skipped" in classes_of(html, "step-2_2")   # the first approach cannot jack out
    assert "taken" in classes_of(html, "edge-1--2--ice_protects_server")


def test_the_last_step_shows_the_outcome_and_marks_steps_not_reached(client, sid):
    n = len(path_of(client, sid))

    html = text(client.get(f"/s/{sid}?step={n}"))

    assert "current" in classes_of(html, "step-6")
    assert "not-reached" in classes_of(html, "step-7")
    assert "Hostile Takeover" in html.split('class="outcome"')[1]


def test_the_page_embeds_every_steps_highlight_for_instant_stepping(client, sid):
    html = text(client.get(f"/s/{sid}"))
    data = json.loads(re.search(r'<script type="application/json" id="stepper-data">(.*?)</script>',
                                html, re.S).group(1))

    assert data["total"] == len(path_of(client, sid)) == len(data["hl"])
    assert [h["current"] for h in data["hl"]][:3] == ["step-1", "step-2", "step-2_1"]


@pytest.mark.parametrize("step", ["0", "99", "abc", "-1", "1.5"])
def test_a_step_the_run_does_not_have_is_a_400_page_saying_so(client, sid, step):
    resp = client.get(f"/s/{sid}?step={step}")

    assert resp.status_code == 400
    assert "There is no step" in text(resp)


def test_an_unknown_situation_is_a_404_page_in_the_chosen_language(client):
    resp = client.get("/s/0123456789abcdef?lang=ko")

    assert resp.status_code == 404
    assert "저장된 상황이 없습니다" in text(resp) and '<html lang="ko">' in text(resp)


def decide(client, sid: str, csrf: str, n: int, **fields):
    return client.post(f"/s/{sid}/decide", data={"_csrf": csrf, "n": str(n), **fields})


def test_jacking_out_at_the_second_approach_makes_a_new_unsuccessful_situation(client, sid, csrf):
    n = path_of(client, sid).index("2.2@Enigma") + 1

    resp = decide(client, sid, csrf, n, choice="jack_out")

    assert resp.status_code == 303
    new = resp.headers["Location"]
    assert f"/s/{sid}" not in new and new.endswith(f"step={n}")
    html = text(client.get(new))
    assert "status-unsuccessful" in html
    assert visible_position(html) == "2.2@Enigma"


def test_rezzing_the_approached_ice_sends_the_runner_into_an_encounter(client, sid, csrf):
    n = path_of(client, sid).index("2.3@Enigma") + 1

    new = decide(client, sid, csrf, n, choice="rez", card="Enigma").headers["Location"]

    path = path_of(client, new.split("/s/")[1].split("?")[0])
    assert "3@Enigma" in path and "3.2@Enigma" in path


def test_breaking_nothing_at_3_1_lets_the_wall_end_the_run(client, sid, csrf):
    n = path_of(client, sid).index("3.1@Ice Wall") + 1

    new = decide(client, sid, csrf, n, choice="break", card="Ice Wall").headers["Location"]

    assert "status-unsuccessful" in text(client.get(new))


def test_a_choice_not_offered_at_that_step_is_a_400_on_the_same_page(client, sid, csrf):
    resp = decide(client, sid, csrf, 1, choice="jack_out")

    assert resp.status_code == 400
    assert "not offered" in text(resp)


def test_a_bad_effect_typed_in_a_decision_comes_back_with_the_input_kept(client, sid, csrf):
    resp = decide(client, sid, csrf, 1, choice="effect", by="runner", effect="gain", value="many")

    assert resp.status_code == 400
    assert "whole number" in text(resp) and 'value="many"' in text(resp)


def test_a_saved_situation_survives_a_restart(tmp_path):
    db = tmp_path / "kept.sqlite"
    first = create_app({"TESTING": True, "DATABASE": str(db), "SECRET_KEY": "a"}).test_client()
    sid = first.post("/api/scenarios", data=WALLS, headers=YAML).get_json()["id"]

    again = create_app({"TESTING": True, "DATABASE": str(db), "SECRET_KEY": "b"}).test_client()

    assert again.get(f"/s/{sid}?step=2").status_code == 200


def test_the_database_location_comes_from_judge_db(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DB", str(tmp_path / "env.sqlite"))

    app = create_app({"TESTING": True, "SECRET_KEY": "x"})

    assert app.config["DATABASE"] == str(tmp_path / "env.sqlite")
    assert (tmp_path / "env.sqlite").exists()


@pytest.mark.parametrize("path, mimetype, marker", [
    ("scenario.yaml", "application/yaml", b"title: Two walls"),
    ("trace.json?lang=ko", "application/json", b'"lang": "ko"'),
    ("chart.svg?step=4", "image/svg+xml", b"<svg"),
    ("chart.png?step=4", "image/png", b"\x89PNG"),
])
def test_downloads_give_the_scenario_the_trace_and_the_chart(client, sid, path, mimetype, marker):
    resp = client.get(f"/s/{sid}/{path}")

    assert resp.status_code == 200 and resp.mimetype == mimetype
    assert marker in resp.data
    assert resp.headers["Content-Disposition"].startswith("attachment")


def test_the_downloaded_svg_highlights_the_step_it_was_taken_at(client, sid):
    """The download is drawn by Graphviz with the colours built in (it works outside the page): the
    step's node carries the current step's fill and stroke, and only that node does."""
    from judge.render.settings import LOOK

    svg = client.get(f"/s/{sid}/chart.svg?step=3").get_data(as_text=True).replace("&#45;", "-")
    current = dict(LOOK.marks)["current"]
    node = re.search(r'<g id="step-2_1" class="[^"]*">.*?</g>\s*</g>', svg, re.S)
    assert node and f'fill="{current.fill}"' in node.group(0) and f'stroke="{current.stroke}"' in node.group(0)
    steps = re.findall(r'<g id="(step-[^"]*)" class="[^"]*">(.*?)</g>\s*</g>', svg, re.S)
    assert [i for i, body in steps if f'fill="{current.fill}"' in body] == ["step-2_1"]   # the key aside


def test_an_example_permalink_opens_on_a_database_that_never_listed_the_examples(tmp_path):
    from judge.paths import EXAMPLES
    from judge.scenario import load_scenario
    from judge.web.situations.yamltree import content_id, parse, tree

    first = sorted(EXAMPLES.glob("*.yaml"))[0]
    load_scenario(first)
    sid = content_id(tree(parse(first.read_bytes())))
    fresh = create_app({"TESTING": True, "DATABASE": str(tmp_path / "new.sqlite"), "SECRET_KEY": "x",
                        "EXAMPLES": str(EXAMPLES)}).test_client()

    assert fresh.get(f"/s/{sid}").status_code == 200
