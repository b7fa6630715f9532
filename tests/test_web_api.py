"""The JSON API: run, save and fetch scenarios; errors as JSON with status 400."""

from __future__ import annotations

import json

import pytest

from judge.engine import run
from judge.scenario import load_scenario

TOLLBOOTH = """\
title: Tollbooth takes 3 credits
run: {server: HQ}
runner: {credits: 5}
servers:
  HQ:
    ice:
      - name: Tollbooth
        rezzed: true
        subroutines: [End the run]
        abilities:
          - {when: encountered, effect: {pay: 3, otherwise: end_run}}
    cards: [{name: Hedge Fund, type: operation}]
actions:
  - {at: "3.1", ice: Tollbooth, by: runner, break: all}
"""
YAML = {"Content-Type": "application/yaml"}


def test_api_run_returns_the_same_trace_object_as_judge_run_json(client):
    expected = run(load_scenario(text=TOLLBOOTH)).as_dict("en")

    resp = client.post("/api/run", data=TOLLBOOTH, headers=YAML)

    assert resp.status_code == 200
    assert resp.get_json() == json.loads(json.dumps(expected))


def test_api_run_gives_the_trace_in_korean_when_asked(client):
    resp = client.post("/api/run?lang=ko", data=TOLLBOOTH, headers=YAML)

    body = resp.get_json()
    assert body["lang"] == "ko"
    assert any("아이스" in e["text"] for e in body["events"])


def test_api_run_accepts_a_json_body(client):
    import yaml

    as_json = json.dumps(yaml.safe_load(TOLLBOOTH))

    resp = client.post("/api/run", data=as_json, headers={"Content-Type": "application/json"})

    assert resp.status_code == 200
    assert resp.get_json()["outcome"]["status"] == "successful"


def test_a_bad_scenario_is_a_400_with_the_error_and_where_it_is(client):
    bad = TOLLBOOTH.replace('at: "3.1"', 'at: "2.9"')

    resp = client.post("/api/run", data=bad, headers=YAML)

    assert resp.status_code == 400
    body = resp.get_json()
    assert set(body) == {"error", "where"}
    assert '"2.9" is not a step of ffg-rr' in body["error"]
    assert "actions[0].at" in body["where"]


@pytest.mark.parametrize("body", ["", "---\n", "[1, 2", "a: b: c", "\x00\x01", "title: [", "{}",
                                  "run: {server: Nowhere}", "- just\n- a list\n"],
                         ids=lambda b: repr(b)[:20])
def test_malformed_bodies_are_400_json_never_500(client, body):
    resp = client.post("/api/run", data=body.encode(), headers=YAML)

    assert resp.status_code == 400
    assert resp.is_json and resp.get_json()["error"]


def test_invalid_utf8_is_a_400_with_a_message(client):
    resp = client.post("/api/run", data=b"title: \xff\xfe", headers=YAML)

    assert resp.status_code == 400
    assert "UTF-8" in resp.get_json()["error"]


@pytest.mark.parametrize("ctype", ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                                   "text/plain", None])
def test_the_api_refuses_anything_but_yaml_or_json_bodies(client, ctype):
    headers = {"Content-Type": ctype} if ctype else {}

    resp = client.post("/api/run", data=TOLLBOOTH, headers=headers)

    assert resp.status_code == 415
    assert resp.get_json()["where"] == "Content-Type"


def test_saving_returns_an_id_and_url_and_the_same_content_gets_the_same_id(client):
    first = client.post("/api/scenarios", data=TOLLBOOTH, headers=YAML).get_json()
    reformatted = "# a comment changes nothing\n" + TOLLBOOTH.replace("runner: {credits: 5}",
                                                                      "runner:\n  credits: 5")

    second = client.post("/api/scenarios", data=reformatted, headers=YAML).get_json()

    assert first["id"] == second["id"]
    assert first["url"].endswith(f"/s/{first['id']}")


def test_different_content_gets_a_different_id_and_neither_overwrites_the_other(client):
    a = client.post("/api/scenarios", data=TOLLBOOTH, headers=YAML).get_json()["id"]
    changed = TOLLBOOTH.replace("credits: 5", "credits: 2")

    b = client.post("/api/scenarios", data=changed, headers=YAML).get_json()["id"]

    assert a != b
    assert client.get(f"/api/scenarios/{a}").get_json()["yaml"] == TOLLBOOTH
    assert "credits: 2" in client.get(f"/api/scenarios/{b}").get_json()["yaml"]


def test_a_card_called_no_keeps_its_name_and_gets_its_own_id(client):
    named_no = TOLLBOOTH.replace("Tollbooth", "No")
    named_false = TOLLBOOTH.replace("Tollbooth", "false")

    a = client.post("/api/scenarios", data=named_no, headers=YAML).get_json()["id"]
    b = client.post("/api/scenarios", data=named_false, headers=YAML).get_json()["id"]

    assert a != b


def test_getting_a_saved_scenario_returns_its_yaml(client):
    sid = client.post("/api/scenarios", data=TOLLBOOTH, headers=YAML).get_json()["id"]

    body = client.get(f"/api/scenarios/{sid}").get_json()

    assert body["id"] == sid and body["yaml"] == TOLLBOOTH and body["title"] == "Tollbooth takes 3 credits"


@pytest.mark.parametrize("sid", ["0000000000000000", "nothex", "../../etc/passwd", "x" * 300])
def test_an_unknown_id_is_a_404_json(client, sid):
    resp = client.get(f"/api/scenarios/{sid}")

    assert resp.status_code == 404
    assert resp.get_json()["error"]


def test_a_scenario_that_cannot_be_run_is_not_saved(client):
    bad = TOLLBOOTH.replace("break: all", "break: [4]")

    resp = client.post("/api/scenarios", data=bad, headers=YAML)

    assert resp.status_code == 400
    assert "no subroutine 4" in resp.get_json()["error"]


def test_a_body_over_the_size_limit_is_refused_with_413(client):
    huge = TOLLBOOTH + "#" + "x" * (600 * 1024) + "\n"

    resp = client.post("/api/run", data=huge, headers=YAML)

    assert resp.status_code == 413
    assert resp.is_json


def test_a_yaml_alias_bomb_is_a_400_not_a_hang(client):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True))

    resp = client.post("/api/run", data=bomb, headers=YAML)

    assert resp.status_code == 400


def test_the_api_errors_are_json_for_unknown_routes_and_methods(client):
    assert client.get("/api/nothing").get_json()["error"]
    assert client.get("/api/run").status_code == 405
    assert client.get("/api/run").is_json
