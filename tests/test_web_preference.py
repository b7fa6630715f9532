"""The reader's rule set: chosen once, remembered, shown in the header, and the default of the form,
its step list, the stepper and the library."""

from __future__ import annotations

import re

from test_web_compare import E2, PLAIN_JACK_OUT, save
from test_web_editor import form


def html_of(resp) -> str:
    return resp.get_data(as_text=True)


def chosen(html: str) -> str:
    nav = re.search(r'<nav class="rs-pref".*?</nav>', html, re.S).group(0)
    on = re.findall(r'data-prefer="([^"]+)"[^>]*\s(?:aria-current="true")', nav)
    assert len(on) == 1, nav
    return on[0]


def visible_occ(html: str) -> str:
    return re.findall(r'<section class="position" id="pos-\d+" data-n="\d+" data-occ="([^"]+)">', html)[0]


def test_without_a_choice_the_header_shows_the_seeds_rule_set(client):
    html = html_of(client.get("/examples?lang=en"))

    assert chosen(html) == "ffg-rr"
    assert 'href="?lang=en&amp;prefer=nsg"' in html  # the page's other arguments are kept


def test_choosing_a_rule_set_is_remembered_and_shown_on_every_page(client):
    resp = client.get("/examples?prefer=nsg")

    assert "ruleset=nsg" in resp.headers["Set-Cookie"] and "Max-Age=31536000" in resp.headers["Set-Cookie"]
    assert chosen(html_of(resp)) == "nsg"
    assert chosen(html_of(client.get("/translate"))) == "nsg"  # the cookie, with no argument
    client.get("/examples?prefer=bogus")  # an unknown one changes nothing
    assert chosen(html_of(client.get("/library"))) == "nsg"


def test_a_new_situation_starts_under_the_chosen_rule_set_with_its_steps(client):
    client.get("/examples?prefer=nsg")

    html = html_of(client.get("/new"))

    assert re.search(r'<option value="nsg" selected>', html)
    steps = re.search(r'<select name="act-at".*?</select>', html, re.S).group(0)
    assert 'value="6.9.4c"' in steps and 'value="2.2"' not in steps


def test_switching_the_forms_rule_set_carries_the_chosen_steps_by_meaning(client, csrf):
    data = form(csrf, _action="", _op="ruleset", ruleset="nsg", ruleset_was="ffg-rr",
                **{"ice-name": ["Enigma", "Hunter"], "ice-rezzed": ["yes", "no"], "ice-subs": ["End the run", ""],
                   "act-at": ["3.1", "2.2"], "act-ice": ["Enigma", "Hunter"], "act-by": ["runner", "runner"],
                   "act-effect": ["break", "jack_out"], "act-value": ["all", ""]})

    html = html_of(client.post("/new", data=data))

    ats = re.findall(r'<select name="act-at"[^>]*>.*?<option value="([^"]+)" selected>', html, re.S)
    assert ats[:2] == ["6.9.3b", "6.9.4c"]  # 2.2 of Hunter is 6.9.4c of Enigma, the ice just passed
    assert re.findall(r'name="act-ice" value="([^"]*)"', html)[:2] == ["Enigma", "Enigma"]
    assert 'name="ruleset_was" value="nsg"' in html
    assert 'is not a step of' not in html


def test_a_step_with_no_counterpart_is_cleared_and_its_field_says_why(client, csrf):
    data = form(csrf, _action="", _op="ruleset", ruleset="ffg-rr", ruleset_was="nsg",
                **{"act-at": ["6.9.1e"], "act-ice": [""], "act-by": ["corp"], "act-effect": ["note"],
                   "act-value": ["Midori"]})

    html = html_of(client.post("/new?lang=en", data=data))

    assert 'id="err-act-0-at"' in html
    assert "6.9.1e has no step with the same meaning under FFG Rules Reference" in html
    assert "before the first ice is approached" in html


def test_running_the_form_after_a_switch_without_javascript_runs_the_carried_steps(client, csrf):
    data = form(csrf, ruleset="nsg", ruleset_was="ffg-rr")  # the Corp rezzes Enigma at 2.3

    resp = client.post("/new", data=data)

    assert resp.status_code == 303
    stepper = html_of(client.get(resp.headers["Location"] + "?step=9"))
    assert "6.9.2b@Enigma" in stepper and "The Corp" in stepper


def test_the_header_buttons_of_the_form_switch_its_rule_set_and_keep_what_was_typed(client, csrf):
    data = form(csrf, _action="prefer", title="kept", **{"act-at": ["2.3"], "act-ice": ["Enigma"]})

    resp = client.post("/new?prefer=nsg", data=data)

    html = html_of(resp)
    assert "ruleset=nsg" in resp.headers["Set-Cookie"]
    assert 'value="kept"' in html and re.search(r'<option value="nsg" selected>', html)
    assert re.search(r'<select name="act-at"[^>]*>.*?<option value="6.9.2b" selected>', html, re.S)


def test_the_stepper_opens_a_situation_under_the_chosen_rule_set(client):
    sid = save(client, PLAIN_JACK_OUT)

    assert 'data-occ="1"' in html_of(client.get(f"/s/{sid}"))  # no choice: its own rule set
    client.get("/examples?prefer=nsg")
    nsg = html_of(client.get(f"/s/{sid}"))

    assert 'data-occ="6.9.1a"' in nsg
    assert 'id="go-next" href="?step=2"' in nsg  # a bare step link stays under the chosen rule set
    own = html_of(client.get(f"/s/{sid}?ruleset=ffg-rr"))
    assert 'id="go-next" href="?ruleset=ffg-rr&amp;step=2"' in own  # the asked one is kept
    permalink = re.search(r'id="permalink" readonly value="([^"]+)"', nsg).group(1).replace("&amp;", "&")
    assert permalink.endswith(f"/s/{sid}?ruleset=nsg&step=1")  # a link for others names it


def test_choosing_a_rule_set_on_the_stepper_keeps_the_moment(client):
    sid = save(client, E2)
    html = html_of(client.get(f"/s/{sid}?step=9"))  # 4@Enigma

    nav = re.search(r'<nav class="rs-pref".*?</nav>', html, re.S).group(0)
    link = re.search(r'href="([^"]+)"\s+data-prefer="nsg"', nav).group(1).replace("&amp;", "&")
    nsg = html_of(client.get(link))

    assert visible_occ(nsg) == "6.9.4a@Enigma" and chosen(nsg) == "nsg"


def test_the_library_lists_cases_under_the_chosen_rule_set(client):
    client.get("/examples?prefer=nsg")

    html = html_of(client.get("/library"))

    assert re.search(r'<select name="rs">.*?<option value="nsg" selected>', html, re.S)
    assert 'id="step-6_9_4c"' in html  # the NSG chart, to pick a step on
    assert 'id="step-6_9_4c"' not in html_of(client.get("/library?rs=ffg-rr"))  # an asked one still wins
