"""Several effects would replace the access: under NSG the Runner chooses which applies (CR 9.9.11a),
the FFG-era ruling lets the mandatory one win; the trace says which applied, and the stepper offers
the choice as a decision."""

from __future__ import annotations

from pathlib import Path

import yaml
from test_web_compare import save
from test_web_decide_rulesets import decide, html_of, occs, position, saved_yaml

from judge.analysis.check import compare
from judge.engine import run
from judge.scenario import load_scenario

D28 = Path(__file__).resolve().parent.parent / "examples" / "d28-security-testing-and-account-siphon.yaml"


def with_actions(*actions: str):
    text = D28.read_text(encoding="utf-8").split("expect:")[0]
    if actions:
        text += "actions:\n" + "".join(f"  - {a}\n" for a in actions)
    return load_scenario("d28.yaml", text=text)


def test_without_a_choice_the_first_replacement_applies_under_nsg_and_the_mandatory_one_under_ffg():
    sc = with_actions()
    assert run(sc, "nsg").replaced_by == "Account Siphon"
    assert run(sc, "ffg-rr").replaced_by == "Security Testing"
    assert run(sc, "ffg-core").replaced_by == "Security Testing"


def test_the_runners_choice_applies_under_nsg_and_says_what_it_replaced():
    t = run(with_actions('{at: {nsg: "6.9.5a"}, by: runner, replacement: Security Testing}'), "nsg")
    assert t.replaced_by == "Security Testing" and not t.warnings
    assert any("The Runner chooses the replacement of Security Testing" in e.text(t.rs) for e in t.events)
    assert not compare(t, {"replaced": "Security Testing", "accessed": []})


def test_a_choice_made_before_the_replacement_is_offered_waits_for_it():
    t = run(with_actions('{at: {nsg: "6.9.4e"}, by: runner, replacement: Security Testing}'), "nsg")
    assert t.replaced_by == "Security Testing"


def test_under_ffg_the_runner_cannot_choose_against_the_mandatory_replacement():
    t = run(with_actions('{at: "5.4", by: runner, replacement: Account Siphon}'), "ffg-rr")
    assert t.replaced_by == "Security Testing"
    assert any("the mandatory replacement" in w.text(t.rs) for w in t.warnings)


def test_choosing_a_card_that_never_offers_a_replacement_is_a_warning():
    sc = with_actions('{at: {nsg: "6.9.5a"}, by: runner, replacement: Security Testing}')
    text = sc.text.replace("{card: Security Testing, chosen: HQ}",
                           "{card: Security Testing, chosen: HQ, abilities: [{when: successful, effect: {gain: 2}}]}")
    t = run(load_scenario("x.yaml", text=text), "nsg")
    assert t.replaced_by == "Account Siphon"
    assert any("never offered to replace the access" in w.text(t.rs) for w in t.warnings)


def test_the_stepper_offers_the_choice_and_the_derived_situation_applies_it(client):
    sid = save(client, D28.read_text(encoding="utf-8"))
    html = html_of(client.get(f"/s/{sid}?ruleset=nsg&lang=en"))
    at = position(html, "6.9.5a")
    assert 'name="choice" value="replacement"' in at and 'name="card" value="Security Testing"' in at
    assert 'name="choice" value="replacement"' not in position(html, occs(html)[0])

    _, resp = decide(client, sid, "nsg", "6.9.5a", choice="replacement", card="Security Testing")
    assert resp.status_code == 303
    data = saved_yaml(client, resp.headers["Location"])
    # written in the file's own numbering (ffg-rr 5.4 is the same moment as nsg 6.9.5a)
    assert data["actions"] == [{"at": "5.4", "by": "runner", "replacement": "Security Testing"}]
    derived = load_scenario("derived.yaml", text=yaml.safe_dump(data))
    assert run(derived, "nsg").replaced_by == "Security Testing"
    assert run(derived, "ffg-rr").replaced_by == "Security Testing"
