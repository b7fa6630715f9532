"""Real cards on the pages: the card and search pages, the autocomplete's JSON, and the form that
turns a card's name into the card (its model applies; what is typed over it replaces it)."""

from __future__ import annotations

import re

import pytest
import yaml

from judge.cards.model import model
from tests.test_web_editor import form, text


def scenario_of(client, resp) -> dict:
    assert resp.status_code == 303, text(resp)[:2000]
    sid = resp.headers["Location"].rsplit("/", 1)[-1]
    return yaml.safe_load(client.get(f"/s/{sid}/scenario.yaml").get_data(as_text=True))


def trace_of(client, resp) -> dict:
    sid = resp.headers["Location"].rsplit("/", 1)[-1]
    body = client.get(f"/s/{sid}/scenario.yaml").get_data()
    return client.post("/api/run", data=body, content_type="application/yaml").get_json()


def test_the_card_page_shows_facts_model_link_and_cases(client):
    page = text(client.get("/cards/tollbooth"))
    assert "Tollbooth" in page and "톨부스" in page
    assert 'href="https://netrunnerdb.com/en/card/31066"' in page
    assert model("tollbooth").about["en"] in page
    assert "d09-tollbooth-cannot-pay-ends-run" in page  # a library case that uses it


def test_the_card_page_in_korean_is_titled_in_korean(client):
    page = text(client.get("/cards/tollbooth?lang=ko"))
    assert "<h1>톨부스" in page and model("tollbooth").about["ko"] in page


def test_a_card_without_a_model_says_so_and_an_unknown_card_is_a_404(client):
    assert "does not know" not in text(client.get("/cards/acacia"))
    assert "not what it does during a run" in text(client.get("/cards/acacia"))
    assert client.get("/cards/no-such-card").status_code == 404


def test_the_search_page_finds_english_and_korean_titles(client):
    assert '/cards/tollbooth"' in text(client.get("/cards?q=tollboth"))  # a typo
    assert '/cards/tollbooth"' in text(client.get("/cards?q=" + "톨부스"))
    assert "No card matches" in text(client.get("/cards?q=qqqqqqqqqq"))


def test_a_hostile_query_is_escaped_and_clipped(client):
    resp = client.get("/cards", query_string={"q": "<script>alert(1)</script>" + "x" * 1000})
    assert resp.status_code == 200 and "<script>alert(1)" not in text(resp)


def test_the_autocomplete_offers_cards_of_the_rows_side_and_type(client):
    got = client.get("/api/cards?q=toll&side=corp&type=ice").get_json()
    assert got[0]["id"] == "tollbooth" and all(c["type"] == "ice" for c in got)
    assert client.get("/api/cards?q=").get_json() == []
    ko = client.get("/api/cards", query_string={"q": "톨부"}).get_json()
    assert ko[0]["title_ko"] == "톨부스"


@pytest.mark.parametrize("q, side, ctype, first", [
    ("크라이시엄", None, None, "crisium_grid"),         # Crisium spelled by ear
    ("크라이시엄", "corp", "upgrade", "crisium_grid"),
    ("qqxzzv", "runner", None, None),
])
def test_an_autocomplete_that_matches_nothing_offers_the_nearest_titles_marked_near(client, q, side, ctype, first):
    args = {"q": q, "lang": "ko"} | ({"side": side} if side else {}) | ({"type": ctype} if ctype else {})
    got = client.get("/api/cards", query_string=args).get_json()
    assert len(got) == 5 and all(c["near"] is True for c in got)  # never an empty list for letters typed
    assert first is None or got[0]["id"] == first
    assert all((side is None or c["side"] == side) and (ctype is None or c["type"] == ctype) for c in got)
    assert "near" not in client.get("/api/cards", query_string={"q": "크리지"}).get_json()[0]  # a match is no guess


def test_picking_a_card_gives_the_rows_its_model_fills(client):
    got = client.get("/api/cards/tollbooth/rows?place=ice").get_json()
    assert got["subs"] == "End the run"
    assert got["abilities"] == [{"place": "ice", "when": "encountered", "effect": "pay", "value": "3",
                                 "otherwise": "end_run", "first": "no"}]
    assert client.get("/api/cards/nope/rows").status_code == 404


def test_a_card_name_typed_in_the_form_is_the_real_card(client, csrf):
    resp = client.post("/new", data=form(csrf, **{
        "ice-name": ["톨부스"], "ice-rezzed": ["yes"], "ice-subs": [""], "acc-name": ["Hedge Fund"],
        "acc-type": ["agenda"], "act-at": [""], "act-ice": [""], "act-effect": [""], "act-value": [""],
        "by": "Inside Job", "credits": "2"}))
    sc = scenario_of(client, resp)
    assert sc["servers"]["HQ"]["ice"] == [{"card": "tollbooth", "rezzed": True}]
    assert sc["servers"]["HQ"]["cards"] == [{"card": "hedge_fund"}]  # its real type, not the select's agenda
    assert sc["run"]["by"] == "Inside Job" and {"card": "inside_job"} in sc["runner"]["cards"]
    out = trace_of(client, resp)["outcome"]
    assert out["status"] == "successful" and out["bypassed"] == ["Tollbooth"] and out["stolen"] == []


def test_subroutines_typed_over_a_cards_model_replace_it(client, csrf):
    resp = client.post("/new", data=form(csrf, **{
        "ice-name": ["Tollbooth"], "ice-rezzed": ["yes"], "ice-subs": ["Do nothing"], "credits": "5",
        "act-at": [""], "act-ice": [""], "act-effect": [""], "act-value": [""]}))
    sc = scenario_of(client, resp)
    assert sc["servers"]["HQ"]["ice"] == [{"card": "tollbooth", "rezzed": True, "subroutines": ["Do nothing"]}]


def test_an_action_may_name_ice_by_the_korean_title_typed_in_its_row(client, csrf):
    resp = client.post("/new", data=form(csrf, **{
        "ice-name": ["에니그마"], "ice-rezzed": ["no"], "ice-subs": [""], "act-ice": ["에니그마"],
        "act-value": ["에니그마"]}))
    sc = scenario_of(client, resp)
    assert sc["actions"][0]["ice"] == "Enigma" and sc["actions"][0]["rez"] == "Enigma"


def test_a_scenario_with_card_entries_fills_the_form_and_comes_back_the_same(client, csrf):
    text_in = ("run: {server: HQ, by: Inside Job}\nrunner: {credits: 2, cards: [{card: Inside Job}]}\n"
               "servers:\n  HQ:\n    ice: [{card: tollbooth, rezzed: true}]\n    cards: [{card: Hedge Fund}]\n")
    page = text(client.post("/new", data={"_csrf": csrf, "_action": "yaml_to_form", "yaml": text_in}))
    assert 'name="ice-card" value="tollbooth"' in page and 'name="acc-card" value="hedge_fund"' in page
    assert "End the run</textarea>" in page
    fields = {}
    for name, value in re.findall(r'<input[^>]*name="([^"]+)" value="([^"]*)"', page):
        fields.setdefault(name, []).append(value)
    assert [v for v in fields["card-card"] if v] == ["inside_job", "tollbooth"]


def test_new_can_start_from_a_library_case_or_a_card(client):
    page = text(client.get("/new?from=d10-inside-job-bypasses-tollbooth"))
    assert 'name="ice-name" value="Tollbooth"' in page and "d10-inside-job-bypasses-tollbooth" in page
    page = text(client.get("/new?card=tollbooth"))
    assert 'name="ice-card" value="tollbooth"' in page and "- {card: tollbooth, rezzed: true}" in page
    assert client.get("/new?from=../../etc/passwd").status_code == 404
    assert client.get("/new?card=<b>").status_code == 404
