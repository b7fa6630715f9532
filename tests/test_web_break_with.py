"""The form's "break with" field: an action's break names the breaker it is made with, the field
offers only the Runner's breakers among the form's cards, and the judge then checks and pays for the
break (issue 24: "the form lists only the Runner's breakers")."""

from __future__ import annotations

import html as h
import re

from judge.web.editor.cardrows import breaker_ids, breaker_names


def form(csrf: str, **over) -> dict:
    """Ice Wall on HQ, Corroder and Daily Casting on the Runner's side, Hedge Fund in HQ, and a break
    of every subroutine of Ice Wall with Corroder."""
    data = {"_csrf": csrf, "_action": "run_form", "title": "Corroder through Ice Wall", "ruleset": "",
            "server": "HQ", "by": "", "bad_publicity": "", "credits": "3", "tags": "",
            "ice-name": ["Ice Wall"], "ice-rezzed": ["yes"], "ice-subs": [""],
            "card-name": ["Corroder", "Daily Casting"], "card-place": ["runner", "runner"],
            "card-rezzed": ["yes", "yes"], "card-when": ["", ""], "card-effect": ["", ""],
            "card-value": ["", ""], "card-first": ["no", "no"], "card-card": ["corroder", "daily_casting"],
            "acc-name": ["Hedge Fund"], "acc-type": ["operation"],
            "act-at": ["3.1"], "act-ice": ["Ice Wall"], "act-by": ["runner"], "act-effect": ["break"],
            "act-value": ["all"], "act-with": ["Corroder"], "yaml": ""}
    data.update(over)
    return data


def text(resp) -> str:
    return resp.get_data(as_text=True)


def test_breakers_are_the_runners_icebreakers_and_modelled_breakers_only():
    ids = set(breaker_ids())
    assert {"corroder", "gordian_blade", "mimic"} <= ids
    assert not ids & {"ice_wall", "daily_casting", "hedge_fund", "sure_gamble"}
    rows = [{"name": "Corroder", "place": "runner", "card": "corroder"},
            {"name": "Daily Casting", "place": "runner", "card": "daily_casting"},
            {"name": "Corroder", "place": "runner", "card": "corroder"},      # a second ability row
            {"name": "Gordian Blade", "place": "corp", "card": ""},            # not on the Runner's side
            {"name": "Mimic", "place": "runner", "card": ""}]                  # named by its title only
    assert breaker_names(rows) == ["Corroder", "Mimic"]


def test_the_form_offers_only_the_runners_breakers_for_break_with(client, csrf):
    resp = client.post("/new", data=form(csrf, _action="form_to_yaml"))
    page = text(resp)
    offered = re.search(r'<datalist id="breakers">(.*?)</datalist>', page).group(1)
    assert re.findall(r'value="([^"]*)"', offered) == ["Corroder"]
    assert 'name="act-with" value="Corroder"' in page


def test_break_with_goes_into_the_scenario_and_the_judge_pays_for_it(client, csrf):
    to_yaml = client.post("/new", data=form(csrf, _action="form_to_yaml"))
    yaml_text = h.unescape(re.search(r'<textarea name="yaml"[^>]*>([^<]*)</textarea>', text(to_yaml)).group(1))
    assert "with: Corroder" in yaml_text and "break: all" in yaml_text

    run = client.post("/new", data=form(csrf))
    assert run.status_code == 303
    stepper = text(client.get(run.headers["Location"]))
    assert "Corroder" in stepper and "1 credit(s) paid" in h.unescape(stepper), "the break's cost is on the page"


def test_a_scenario_break_with_a_breaker_fills_the_field_not_a_yaml_effect(client, csrf):
    yaml_text = ("title: Back to the form\nrun: {server: HQ}\n"
                 "runner: {credits: 3, cards: [{card: corroder}]}\n"
                 "servers: {HQ: {ice: [{card: ice_wall, rezzed: true}], cards: [{card: hedge_fund}]}}\n"
                 "actions: [{at: '3.1', ice: Ice Wall, by: runner, break: all, with: Corroder}]\n")
    back = text(client.post("/new", data={"_csrf": csrf, "_action": "yaml_to_form", "yaml": yaml_text}))

    assert 'name="act-with" value="Corroder"' in back
    row = back[back.index('name="act-with"') - 3000:back.index('name="act-with"')]
    assert re.search(r'name="act-value" value="all"', row)


def test_break_with_on_an_effect_that_is_not_a_break_is_an_error_next_to_the_field(client, csrf):
    resp = client.post("/new", data=form(csrf, **{"act-effect": ["jack_out"], "act-value": [""], "act-at": ["3.1"]}))

    assert resp.status_code == 400
    assert 'id="err-act-0-with"' in text(resp) and "names the breaker of a break" in text(resp)
    assert 'name="act-with" value="Corroder"' in text(resp)  # nothing typed is lost


def test_a_breaker_that_cannot_interface_is_said_on_the_page(client, csrf):
    run = client.post("/new", data=form(csrf, **{"ice-name": ["Enigma"], "act-ice": ["Enigma"]}))
    assert run.status_code == 303
    stepper = text(client.get(run.headers["Location"]))
    assert "cannot interface" in stepper
