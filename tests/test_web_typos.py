"""Never a silent wrong answer from the form: a misspelt card name is refused with the card it looks
like (one tap takes it), an invented card must be said to be one, a step's ice is asked for in words."""

from __future__ import annotations

import pytest
from test_web_editor import form, text


def _tollbooth(csrf: str, name: str, **over) -> dict:
    return form(csrf, **{"title": "", "ice-name": [name], "ice-rezzed": ["yes"], "ice-subs": [""],
                         "acc-name": [""], "act-at": [""], "act-ice": [""], "act-effect": [""],
                         "act-value": [""]} | over)


@pytest.mark.parametrize("typed, card", [("Tolbooth", "Tollbooth"), ("Ice Wal", "Ice Wall"), ("톨부쓰", "톨부스")])
def test_a_misspelt_card_is_refused_with_the_card_it_looks_like(client, csrf, typed, card):
    resp = client.post("/new", data=_tollbooth(csrf, typed))

    assert resp.status_code == 400  # no run until the judge says which
    html = text(resp)
    assert f"&#39;{typed}&#39; is not a card — did you mean {card}?" in html
    assert 'id="f-ice-0-name" aria-invalid="true"' in html  # the error is next to its field
    assert 'value="take:ice:0:name"' in html and 'name="own"' in html


def test_taking_the_suggestion_puts_the_cards_title_in_the_field(client, csrf):
    resp = client.post("/new", data=_tollbooth(csrf, "Tolbooth", _op="take:ice:0:name"))

    assert 'name="ice-name" value="Tollbooth"' in text(resp).split("<template")[0]
    ran = client.post("/new", data=_tollbooth(csrf, "Tollbooth"))
    assert ran.status_code == 303


def test_a_card_of_ones_own_runs_when_ticked(client, csrf):
    resp = client.post("/new", data=_tollbooth(csrf, "Tolbooth", own=["Tolbooth"]))

    assert resp.status_code == 303


def test_a_name_far_from_every_card_is_not_taken_for_a_typo(client, csrf):
    assert client.post("/new", data=_tollbooth(csrf, "Ice A")).status_code == 303


@pytest.mark.parametrize("over, key", [({"by": "Insde Job"}, "by"),
                                       ({"acc-name": ["Hedge Fnd"]}, "f-acc-0-name")])
def test_the_runs_card_and_accessed_cards_are_checked_too(client, csrf, over, key):
    resp = client.post("/new", data=_tollbooth(csrf, "Tollbooth", **over))

    assert resp.status_code == 400 and "is not a card — did you mean" in text(resp)


def test_a_step_without_its_ice_asks_for_the_ice_in_words(client, csrf):
    resp = client.post("/new", data=form(csrf, **{"act-ice": [""]}))

    assert resp.status_code == 400
    html = text(resp)
    assert 'id="f-act-0-ice" aria-invalid="true"' in html
    assert "choose which ice" in html
    assert 'id="f-act-0-effect" aria-invalid' not in html


def test_the_form_asks_on_leaving_a_field(client):
    got = client.get("/api/near", query_string={"q": "Tolbooth", "place": "ice"}).get_json()
    assert got["card"] == "Tollbooth" and "did you mean Tollbooth?" in got["message"]
    assert client.get("/api/near", query_string={"q": "Tollbooth", "place": "ice"}).get_json() == {"card": None}
    assert client.get("/api/near", query_string={"q": "Ice A", "place": "ice"}).get_json() == {"card": None}


def test_a_yaml_own_card_stays_own_in_the_form(client, csrf):
    yaml = "run: {server: HQ}\nservers:\n  HQ:\n    ice:\n      - {name: Tolbooth, rezzed: true, subroutines: [End the run]}\n"
    back = client.post("/new", data={"_csrf": csrf, "_action": "yaml_to_form", "yaml": yaml})
    assert 'name="own" value="Tolbooth"' in text(back)


def test_effect_names_read_as_words_not_as_keys(client):
    html = text(client.get("/new"))
    assert '<option value="pay">pay</option>' in html and "pay — pay" not in html
    assert '<option value="end_run">end the run</option>' in html and "end_run — " not in html


def test_a_runner_card_row_does_not_offer_rezzed(client):
    html = text(client.get("/new"))
    row = html.split('<li class="row" data-kind="card">')[1].split("</li>")[0]
    assert '<label class="c-rezzed" hidden>' in row and 'name="card-rezzed"' in row  # kept for the rows' order


def test_the_korean_form_says_the_misspelt_card_in_korean_without_a_paired_particle(client):
    got = client.get("/api/near", query_string={"q": "톨부쓰", "place": "ice", "lang": "ko"}).get_json()
    assert got["card"] == "톨부스" and "톨부스 카드를 말씀하셨나요?" in got["message"]
    assert "(을)" not in got["message"] and "(이)" not in got["message"] and "(으)" not in got["take"]


@pytest.mark.parametrize("typed", ["크라이시엄", "크라이시엄 그리드"])
def test_a_korean_spelling_by_ear_is_taken_for_the_card_it_sounds_like(client, typed):
    got = client.get("/api/near", query_string={"q": typed, "place": "root", "lang": "ko"}).get_json()
    assert got["card"] == "크리지움 그리드"


@pytest.mark.parametrize("typed", ["아이스 에이", "가나다라마", "내가 만든 아이스", "번개 방벽", "검은 고양이"])
def test_an_invented_korean_name_is_not_taken_for_a_card(client, typed):
    assert client.get("/api/near", query_string={"q": typed, "place": "ice", "lang": "ko"}).get_json() == {"card": None}


def test_the_sound_of_a_korean_name_is_its_consonants():
    from judge.cards.names import sound

    assert sound("크라이시엄") == sound("크리지움") == "krsm"
    assert sound("톨부쓰") == sound("톨부스") and sound("Ice Wall") == ""
