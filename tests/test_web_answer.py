"""The answer first: the stepper opens with the outcome in one sentence and the moments that decided
it, each a link to its step; the exports and the JSON trace begin with the same sentence."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

TOLLBOOTH_POOR = """
title: Tollbooth when the Runner has 2 credits
run: {server: HQ}
runner: {credits: 2}
servers:
  HQ:
    ice: [{card: Tollbooth, rezzed: true}]
    cards: [{name: Hedge Fund, type: operation}]
"""
TOLLBOOTH_RICH = TOLLBOOTH_POOR.replace("credits: 2", "credits: 9").replace("2 credits", "9 credits") + """
actions:
  - {at: "3.1", ice: Tollbooth, by: runner, break: [1]}
"""


def _save(client, text: str) -> str:
    resp = client.post("/api/scenarios", data=text.encode(), content_type="application/yaml")
    assert resp.status_code in (200, 201), resp.get_data(as_text=True)
    return resp.get_json()["id"]


def _answer(html: str) -> str:
    m = re.search(r'<section class="answer[^"]*" id="answer".*?</section>', html, re.S)
    assert m, "no answer box"
    return m.group(0)


@pytest.mark.parametrize("text, status, said", [
    (TOLLBOOTH_POOR, "unsuccessful", "The run is unsuccessful"),
    (TOLLBOOTH_RICH, "successful", "The run is successful: the Runner accesses Hedge Fund."),
])
def test_the_answer_box_comes_before_the_steps_and_links_its_moments(client, text, status, said):
    sid = _save(client, text)
    html = client.get(f"/s/{sid}").get_data(as_text=True)

    box = _answer(html)
    assert html.index('id="answer"') < html.index('id="stepper-data"') and html.index('id="answer"') < html.index('id="pos-1"')
    assert f"status-{status}" in box and said in unescape(box)
    steps = [int(n) for n in re.findall(r'data-n="(\d+)"', box)]
    assert steps, "the moments link their steps"
    total = len(re.findall(r'<section class="position"', html))
    assert all(1 <= n <= total for n in steps)
    for n in steps:  # each link opens its step, whose explanation is there
        assert f'href="?step={n}#pos-{n}"' in box or f"step={n}#pos-{n}" in box


def test_the_moments_say_what_decided_the_run(client):
    box = unescape(_answer(client.get(f"/s/{_save(client, TOLLBOOTH_POOR)}").get_data(as_text=True)))
    assert "Tollbooth ends the run" in box and "cannot pay" in box.lower()
    rich = unescape(_answer(client.get(f"/s/{_save(client, TOLLBOOTH_RICH)}").get_data(as_text=True)))
    assert "is broken" in rich


def test_the_answer_is_in_korean_on_a_korean_page(client):
    sid = _save(client, TOLLBOOTH_POOR)
    box = unescape(_answer(client.get(f"/s/{sid}?lang=ko").get_data(as_text=True)))
    assert "런은 실패입니다" in box and "톨부스" in box and "Tollbooth" not in box


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_json_trace_and_every_export_begin_with_the_same_sentence(client, lang):
    sid = _save(client, TOLLBOOTH_POOR)
    trace = json.loads(client.get(f"/s/{sid}/trace.json?lang={lang}").data)
    sentence = trace["summary"]
    assert sentence.startswith("The run is unsuccessful" if lang == "en" else "런은 실패입니다")
    assert trace["deciding"] and all({"step", "occurrence", "text"} <= set(m) for m in trace["deciding"])
    assert "outcome" in trace and "events" in trace  # nothing taken away
    for fmt in ("md", "namuwiki"):
        body = client.get(f"/s/{sid}/walkthrough.{fmt}?lang={lang}").get_data(as_text=True)
        head = body.split("\n\n")[0] + body.split("\n\n")[1]
        assert sentence in body and body.index(sentence) < len(head) + 40, fmt
    html = unescape(client.get(f"/s/{sid}/walkthrough.html?lang={lang}").get_data(as_text=True))
    assert html.index(sentence) < html.index('id="pos-1"')
    page = unescape(client.get(f"/s/{sid}?lang={lang}").get_data(as_text=True))
    assert sentence in _answer(page)


def test_the_text_trace_says_the_answer_under_its_title(tmp_path):
    from click.testing import CliRunner

    from judge.cli import cli
    f = tmp_path / "t.yaml"
    f.write_text(TOLLBOOTH_POOR, encoding="utf-8")
    out = CliRunner().invoke(cli, ["run", str(f)]).output.splitlines()
    assert out[1].startswith("The run is unsuccessful")


UNTITLED = """
run: {server: HQ, by: Inside Job}
runner: {cards: [{card: Inside Job}]}
servers:
  HQ:
    ice: [{card: Tollbooth, rezzed: true}]
"""


@pytest.mark.parametrize("lang, title", [("en", "HQ: Tollbooth; Runner: Inside Job"), ("ko", "HQ: 톨부스; 러너: 내부자 범행")])
def test_an_untitled_situation_is_titled_by_its_board(client, lang, title):
    sid = _save(client, UNTITLED)
    page = unescape(client.get(f"/s/{sid}?lang={lang}").get_data(as_text=True))
    assert f"<h1>{title}</h1>" in page
    walk = unescape(client.get(f"/s/{sid}/walkthrough.html?lang={lang}").get_data(as_text=True))
    assert title in walk and "Untitled situation" not in walk and "제목 없는 상황" not in walk
    md = client.get(f"/s/{sid}/walkthrough.md?lang={lang}").get_data(as_text=True)
    assert title in md.splitlines()[0]
    compare = unescape(client.get(f"/s/{sid}/compare?lang={lang}").get_data(as_text=True))
    assert not re.search(r"<h1>[^<]*:\s*</h1>", compare) and title in compare
    assert json.loads(client.get(f"/s/{sid}/trace.json?lang={lang}").data)["title"] == title


@pytest.mark.parametrize("lang, said", [("en", "In this run it cannot be"), ("ko", "이번 런에서는 그렇게 되지 않습니다")])
def test_a_step_whose_general_text_says_success_says_when_the_run_cannot_succeed(client, lang, said):
    sid = client.get("/examples/c-privileged-access-crisium-grid-access-happens").headers["Location"].rsplit("/", 1)[-1]
    html = unescape(client.get(f"/s/{sid}?step=7&lang={lang}").get_data(as_text=True))
    pos = re.search(r'<section class="position" id="pos-7".*?</section>', html, re.S).group(0)
    assert said in pos
    ok = unescape(client.get(f"/s/{_save(client, TOLLBOOTH_RICH)}?lang={lang}").get_data(as_text=True))
    assert said not in ok


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_any_situation_has_a_handout(client, lang):
    sid = _save(client, UNTITLED)
    page = client.get(f"/s/{sid}?lang={lang}").get_data(as_text=True)
    assert f'href="/s/{sid}/handout?lang={lang}"' in page
    resp = client.get(f"/s/{sid}/handout?lang={lang}")
    html = unescape(resp.get_data(as_text=True))
    assert resp.status_code == 200 and '<figure class="timeline"><svg' in html
    assert ("HQ: Tollbooth; Runner: Inside Job" if lang == "en" else "HQ: 톨부스; 러너: 내부자 범행") in html
    assert client.get(f"/s/{sid}/handout?ruleset=nsg").status_code == 200
    assert client.get("/s/0000000000000000/handout").status_code == 404
