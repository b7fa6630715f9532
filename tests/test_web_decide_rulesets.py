"""Deciding as you go under any rule set: the choices of the stepper under NSG and the six-step
chart, where the new action is written, and the derived situation's parent, decision and title."""

from __future__ import annotations

import html as htmllib
import re

import yaml
from test_web_compare import E2, save

# E2 without its jack outs: the Runner breaks Enigma's ETR and goes on.
OPEN = E2.replace('  - {at: {ffg-rr: "2.2", ffg-core: "2.2"}, ice: Hunter, by: runner, jack_out: true}\n', "").replace(
    '  - {at: {nsg: "6.9.4c"}, ice: Enigma, by: runner, jack_out: true}\n', "")


def html_of(resp) -> str:
    return resp.get_data(as_text=True)


def occs(html: str) -> list[str]:
    return re.findall(r'<section class="position" id="pos-\d+" data-n="\d+" data-occ="([^"]+)"', html)


def visible(html: str) -> str:
    return re.findall(r'<section class="position" id="pos-\d+" data-n="\d+" data-occ="([^"]+)">', html)[0]


def position(html: str, occ: str) -> str:
    return re.search(rf'<section class="position"[^>]*data-occ="{re.escape(occ)}".*?</section>\s*(?=<section|<section class="outcome")',
                     html, re.S).group(0)


def csrf_of(html: str) -> str:
    return re.search(r'name="_csrf" value="([^"]+)"', html).group(1)


def decide(client, sid: str, ruleset: str, occ: str, **fields):
    html = html_of(client.get(f"/s/{sid}?ruleset={ruleset}&lang=en"))
    n = occs(html).index(occ) + 1
    token = client.get("/form-token").get_json()["token"]  # the stepper's page keeps it out of its cached bytes
    return n, client.post(f"/s/{sid}/decide", data={"_csrf": token, "n": str(n), "ruleset": ruleset, **fields})


def saved_yaml(client, location: str) -> dict:
    sid = location.split("/s/")[1].split("?")[0]
    return yaml.safe_load(client.get(f"/s/{sid}/scenario.yaml").get_data(as_text=True))


def test_the_decide_here_choices_appear_under_nsg(client):
    sid = save(client, OPEN)

    html = html_of(client.get(f"/s/{sid}?ruleset=nsg&lang=en"))

    jack = position(html, "6.9.4c@Enigma")
    assert 'class="decide"' in jack and 'value="jack_out"' in jack
    assert 'name="ruleset" value="nsg"' in jack
    assert 'value="rez"' in position(html, "6.9.2b@Hunter") and 'value="Hunter"' in position(html, "6.9.2b@Hunter")


def test_jacking_out_under_nsg_after_the_first_ice_is_written_as_the_rules_references_2_2_of_the_next(client):
    sid = save(client, OPEN)

    n, resp = decide(client, sid, "nsg", "6.9.4c@Enigma", choice="jack_out")

    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"step={n}&ruleset=nsg")
    new = html_of(client.get(resp.headers["Location"] + "&lang=en"))
    assert visible(new) == "6.9.4c@Enigma" and "status-unsuccessful" in new
    data = saved_yaml(client, resp.headers["Location"])
    assert data["actions"][-1] == {"at": "2.2", "ice": "Hunter", "by": "runner", "jack_out": True}
    assert data["derived"] == {"from": sid, "ruleset": "nsg", "step": n, "at": "6.9.4c@Enigma",
                               "choice": "jack_out", "action": 1}


def test_a_derived_situation_says_where_it_comes_from_and_its_title_says_what_changed(client):
    sid = save(client, OPEN)
    n, resp = decide(client, sid, "nsg", "6.9.4c@Enigma", choice="jack_out")

    new = html_of(client.get(resp.headers["Location"] + "&lang=en"))

    assert "<h1>E2: jack out before the second ice — the Runner jacks out at 6.9.4c@Enigma (NSG)</h1>" in new
    line = re.search(r'<p class="derived" id="derived">.*?</p>', new, re.S).group(0)
    assert f'<a href="/s/{sid}?ruleset=nsg&amp;step={n}" rel="up">E2: jack out before the second ice</a>' in line
    assert "by a decision: the Runner jacks out at 6.9.4c@Enigma (NSG)." in line
    ko = html_of(client.get(resp.headers["Location"] + "&lang=ko"))
    assert "파생 원본:" in ko and "6.9.4c@Enigma(NSG)에서 러너가 잭 아웃" in ko


def test_a_decision_with_no_counterpart_in_the_own_rule_set_is_written_per_rule_set(client):
    sid = save(client, OPEN)

    _, resp = decide(client, sid, "nsg", "6.9.4e@Hunter", choice="effect", by="corp", effect="note", value="Caprice")

    assert resp.status_code == 303
    act = saved_yaml(client, resp.headers["Location"])["actions"][-1]
    assert act["at"] == {"nsg": "6.9.4e"} and act["ice"] == "Hunter" and act["note"] == "Caprice"


def test_the_last_jack_out_decided_under_the_six_step_chart_is_5_2_of_the_rules_reference(client):
    sid = save(client, OPEN)

    _, resp = decide(client, sid, "ffg-core", "4.2", choice="jack_out")

    act = saved_yaml(client, resp.headers["Location"])["actions"][-1]
    assert act == {"at": "5.2", "by": "runner", "jack_out": True}
    nsg = html_of(client.get(resp.headers["Location"].replace("ruleset=ffg-core", "ruleset=nsg") + "&lang=en"))
    assert "6.9.4c@Hunter" in occs(nsg) and "status-unsuccessful" in nsg  # and it means the same in NSG


def test_continuing_instead_removes_a_jack_out_written_in_another_rule_sets_numbers(client):
    sid = save(client, OPEN)
    _, resp = decide(client, sid, "nsg", "6.9.4c@Enigma", choice="jack_out")
    jacked = resp.headers["Location"].split("/s/")[1].split("?")[0]

    html = html_of(client.get(f"/s/{jacked}?ruleset=nsg&lang=en"))
    assert 'value="continue"' in position(html, "6.9.4c@Enigma")
    _, back = decide(client, jacked, "nsg", "6.9.4c@Enigma", choice="continue")

    data = saved_yaml(client, back.headers["Location"])
    assert len(data["actions"]) == 1 and data["derived"]["choice"] == "continue"
    assert "status-successful" in html_of(client.get(back.headers["Location"]))


def test_a_decision_under_a_rule_set_the_situation_cannot_run_under_is_a_400(client, csrf):
    sid = save(client, OPEN)

    resp = client.post(f"/s/{sid}/decide", data={"_csrf": csrf, "n": "1", "ruleset": "bogus", "choice": "jack_out"})

    assert resp.status_code == 400 and 'There is no rule set "bogus"' in htmllib.unescape(html_of(resp))


def test_the_derived_record_is_part_of_the_scenario_format():
    from judge.errors import ScenarioError
    from judge.scenario import load_scenario
    from judge.scenario.schema import schema

    base = "run: {server: HQ}\nderived: {from: 0123456789abcdef, ruleset: nsg, step: 3, at: 6.9.1c, choice: rez, card: X}\n"
    assert load_scenario(text=base).server == "HQ"
    assert "derived" in schema()["properties"]
    for bad in ("derived: {choice: rez}", "derived: {from: x, choice: smash}", "derived: {from: x, choice: rez, when: 1}"):
        try:
            load_scenario(text="run: {server: HQ}\n" + bad + "\n")
        except ScenarioError as exc:
            assert "derived" in str(exc)
        else:
            raise AssertionError(bad)


def test_editing_a_derived_situation_in_the_form_does_not_report_its_record_as_lost(client):
    sid = save(client, OPEN)
    _, resp = decide(client, sid, "nsg", "6.9.4c@Enigma", choice="jack_out")
    new = resp.headers["Location"].split("/s/")[1].split("?")[0]

    html = html_of(client.get(f"/s/{new}/edit?lang=en"))

    lost = re.search(r'class="notice lost">([^<]*)', html)
    assert lost is None or "derived" not in lost.group(1)  # E2's other parts the form cannot show are listed
    assert "derived:" in html  # the YAML pane keeps it
