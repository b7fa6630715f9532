"""Entering a situation: the form, the YAML editor, row buttons, and bad input kept on the page."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def form(csrf: str, **over) -> dict:
    """A filled form: Enigma, rezzed by the Corp at 2.3, then Hedge Fund accessed."""
    data = {"_csrf": csrf, "_action": "run_form", "title": "Enigma rezzed on approach", "ruleset": "",
            "server": "HQ", "by": "", "bad_publicity": "1", "credits": "4", "tags": "rez, encounter",
            "ice-name": ["Enigma"], "ice-rezzed": ["no"], "ice-subs": ["Force the Runner to lose click\nEnd the run"],
            "card-name": [""], "card-place": ["runner"], "card-rezzed": ["yes"], "card-when": [""],
            "card-effect": [""], "card-value": [""], "card-first": ["no"],
            "acc-name": ["Hedge Fund"], "acc-type": ["operation"],
            "act-at": ["2.3"], "act-ice": ["Enigma"], "act-by": ["corp"], "act-effect": ["rez"],
            "act-value": ["Enigma"], "yaml": ""}
    data.update(over)
    return data


def text(resp) -> str:
    return resp.get_data(as_text=True)


def test_the_new_situation_page_offers_the_form_and_the_yaml_editor(client):
    resp = client.get("/new")

    assert resp.status_code == 200
    html = text(resp)
    assert 'name="ice-name"' in html and 'name="yaml"' in html
    assert 'value="encountered"' in html and 'value="bypass"' in html  # the format's vocabulary


def test_running_the_form_saves_the_situation_and_opens_its_stepper(client, csrf):
    resp = client.post("/new", data=form(csrf))

    assert resp.status_code == 303
    stepper = client.get(resp.headers["Location"])
    assert stepper.status_code == 200
    assert "Enigma rezzed on approach" in text(stepper)
    assert "The Corp rezzes Enigma" in text(stepper) or "rez Enigma" in text(stepper)


def test_a_number_field_with_words_comes_back_next_to_the_field_with_everything_kept(client, csrf):
    resp = client.post("/new", data=form(csrf, bad_publicity="lots", yaml="title: my notes\n"))

    assert resp.status_code == 400
    html = text(resp)
    assert 'id="err-bad_publicity"' in html and "whole number" in html
    assert 'value="lots"' in html and 'value="Enigma"' in html and "Force the Runner to lose click" in html
    assert "title: my notes" in html


def test_a_loader_error_lands_next_to_the_action_field_it_came_from(client, csrf):
    resp = client.post("/new", data=form(csrf, **{"act-at": ["2.9"]}))

    assert resp.status_code == 400
    html = text(resp)
    err = re.search(r'<p class="field-error" id="err-act-0-at"[^>]*>([^<]+)</p>', html)
    assert err and "is not a step of ffg-rr" in err.group(1)


def test_an_ability_on_ice_that_is_not_in_the_form_is_reported_on_its_row(client, csrf):
    resp = client.post("/new", data=form(csrf, **{"card-name": ["Tollbooth"], "card-place": ["ice"],
                                                  "card-when": ["encountered"], "card-effect": ["end_run"]}))

    assert resp.status_code == 400
    assert "No ice row is called" in text(resp) and 'id="err-card-0-name"' in text(resp)


def test_a_rez_of_ice_at_the_wrong_step_is_explained_next_to_the_step(client, csrf):
    resp = client.post("/new", data=form(csrf, **{"act-at": ["3.1"]}))

    assert resp.status_code == 400
    assert re.search(r'id="err-act-0-[a-z]+"[^>]*>[^<]*rez', text(resp))


def test_yaml_with_a_syntax_error_comes_back_with_its_line_and_the_text_kept(client, csrf):
    broken = "title: x\nrun: {server: HQ\nservers: {}\n"

    resp = client.post("/new", data=form(csrf, _action="run_yaml", yaml=broken))

    assert resp.status_code == 400
    html = text(resp)
    assert 'id="yaml-error"' in html and "invalid YAML" in html
    assert "run: {server: HQ\nservers: {}" in html


def test_running_valid_yaml_opens_the_stepper(client, csrf):
    yaml_text = "title: No ice\nrun: {server: Archives}\n"

    resp = client.post("/new", data=form(csrf, _action="run_yaml", yaml=yaml_text))

    assert resp.status_code == 303 and "/s/" in resp.headers["Location"]


@pytest.mark.parametrize("op, names", [("add:ice", ["Enigma", "Wall", ""]), ("del:ice:0", ["Wall"]),
                                       ("up:ice:1", ["Wall", "Enigma"]), ("down:ice:0", ["Wall", "Enigma"])])
def test_row_buttons_work_without_javascript(client, csrf, op, names):
    data = form(csrf, _op=op, **{"ice-name": ["Enigma", "Wall"], "ice-rezzed": ["no", "yes"],
                                 "ice-subs": ["End the run", ""]})

    resp = client.post("/new", data=data)

    assert resp.status_code == 200
    shown = re.findall(r'<input name="ice-name" value="([^"]*)"', text(resp).split("<template")[0])
    assert shown == names


def test_form_to_yaml_then_yaml_to_form_gives_back_the_same_form(client, csrf):
    to_yaml = client.post("/new", data=form(csrf, _action="form_to_yaml"))
    yaml_text = re.search(r'<textarea name="yaml"[^>]*>([^<]*)</textarea>', text(to_yaml)).group(1)
    import html as h

    back = client.post("/new", data=form(csrf, _action="yaml_to_form", yaml=h.unescape(yaml_text),
                                         title="", **{"ice-name": [""]}))

    assert "rez: Enigma" in h.unescape(yaml_text)
    assert 'value="Enigma rezzed on approach"' in text(back)
    assert 'name="ice-name" value="Enigma"' in text(back)


def test_opening_a_saved_situation_in_the_editor_fills_the_form_and_says_what_it_leaves_out(client, csrf):
    yaml_text = ("title: With an explanation\nexplanation: {en: because}\nrun: {server: HQ}\n"
                 "servers:\n  HQ:\n    ice: [{name: Wall, rezzed: true, subroutines: [End the run]}]\n")
    loc = client.post("/new", data=form(csrf, _action="run_yaml", yaml=yaml_text)).headers["Location"]

    resp = client.get(loc + "/edit")

    assert 'name="ice-name" value="Wall"' in text(resp)
    assert "The form does not show: explanation" in text(resp)


def test_a_card_name_with_markup_is_shown_as_text_in_the_form(client, csrf):
    evil = '<script>alert("x")</script>"\'><img src=x onerror=alert(1)>'

    resp = client.post("/new", data=form(csrf, bad_publicity="?", **{"ice-name": [evil]}))

    html = text(resp)
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html


def test_switching_language_on_the_form_keeps_what_was_typed(client, csrf):
    resp = client.post("/new?lang=ko", data=form(csrf, _action="relang", title="내 상황"))

    assert resp.status_code == 200
    assert 'value="내 상황"' in text(resp) and "상황 입력" in text(resp)
    assert "lang=ko" in resp.headers.get("Set-Cookie", "")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(yaml_text=st.text(max_size=400))
def test_any_text_in_the_yaml_editor_gives_a_page_never_a_500(client, csrf, yaml_text):
    resp = client.post("/new", data=form(csrf, _action="run_yaml", yaml=yaml_text))

    assert resp.status_code in (303, 400)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.lists(st.text(max_size=40), min_size=6, max_size=6))
def test_any_text_in_the_form_fields_gives_a_page_never_a_500(client, csrf, values):
    name, subs, value, at, server, bp = values

    resp = client.post("/new", data=form(csrf, server=server, bad_publicity=bp, **{
        "ice-name": [name], "ice-subs": [subs], "act-at": [at], "act-value": [value],
        "card-name": [name], "card-when": ["encountered"], "card-effect": ["yaml"], "card-value": [value]}))

    assert resp.status_code in (303, 400)


def test_the_forms_own_messages_are_in_korean_when_korean_is_chosen(client, csrf):
    resp = client.post("/new?lang=ko", data=form(csrf, bad_publicity="많이"))

    assert resp.status_code == 400
    assert "기업의 악평: 0에서 1000 사이의 정수" in text(resp)


def test_more_rows_than_a_table_holds_is_said_not_silently_run(client, csrf):
    many = [f"Ice {i}" for i in range(101)]

    resp = client.post("/new", data=form(csrf, **{"ice-name": many, "ice-rezzed": ["yes"] * 101,
                                                  "ice-subs": [""] * 101}))

    assert resp.status_code == 400
    assert "more than 100 rows" in text(resp)
