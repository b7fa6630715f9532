"""The breach as a moment (`when: breach`): the Runner breaches the attacked server as the access
begins (ffg-rr 5.5, nsg 6.9.5b, ffg-core 4.5), whether or not the run was declared successful; an
effect that replaces the breach leaves none, and a run ended before it never breaches."""

from __future__ import annotations

import pytest
from helpers import board

RULESETS = ("ffg-rr", "nsg", "ffg-core")
ACCESS = {"ffg-rr": "5.5", "nsg": "6.9.5b", "ffg-core": "4.5"}
LAST_WINDOW = {"ffg-rr": "5.3", "nsg": "6.9.4e", "ffg-core": "4.3"}
SUCCESS = {"ffg-rr": "5.4", "nsg": "6.9.5a", "ffg-core": "4.4"}

GRID = {"name": "Breach Grid", "type": "upgrade", "rezzed": True,
        "abilities": [{"when": "breach", "effect": {"access_more": 2}}]}
HQ = [{"name": f"Card {n}", "type": "operation"} for n in range(1, 6)]
NO_SUCCESS = {"name": "Stopper", "type": "agenda", "abilities": [{"when": "paid", "effect": "no_success"}]}


@pytest.mark.parametrize("rs", RULESETS)
def test_a_breach_ability_resolves_as_the_access_begins_and_adds_its_accesses(rs):
    t = board(root=[GRID], cards=HQ, ruleset=rs)

    assert t.status == "successful"
    assert t.lists["triggered"] == ["Breach Grid: breach"]
    assert t.lists["accessed"] == ["Card 1", "Card 2", "Card 3", "Breach Grid"]
    trig = next(e for e in t.events if e.kind == "trigger" and "breach" in e.text(t.rs))
    assert trig.step == ACCESS[rs]


@pytest.mark.parametrize("rs", RULESETS)
def test_the_runner_breaches_the_server_even_when_the_run_cannot_be_declared_successful(rs):
    t = board(root=[GRID], cards=HQ, corp=[NO_SUCCESS], ruleset=rs,
              actions=[{"at": LAST_WINDOW[rs], "by": "corp", "use": "Stopper"}])

    assert t.status == "neither"
    assert t.lists["triggered"] == ["Breach Grid: breach"]
    assert t.lists["accessed"] == ["Card 1", "Card 2", "Card 3", "Breach Grid"]


@pytest.mark.parametrize("rs", ("ffg-rr", "nsg"))
def test_no_breach_happens_when_an_effect_replaces_it(rs):
    siphon = {"name": "Siphon", "type": "event", "abilities": [{"when": "if_successful", "effect": {"instead_of_access": "take credits"}}]}
    t = board(root=[GRID], cards=HQ, runner=[siphon], by="Siphon", ruleset=rs)

    assert t.lists["triggered"] == ["Siphon: if_successful"]
    assert t.lists["accessed"] == []


@pytest.mark.parametrize("rs", RULESETS)
def test_a_run_ended_after_success_and_before_the_breach_never_breaches(rs):
    t = board(root=[GRID], cards=HQ, ruleset=rs, actions=[{"at": SUCCESS[rs], "by": "corp", "end_run": True}])

    assert t.status == "successful"
    assert t.lists["triggered"] == [] and t.lists["accessed"] == []


def test_a_breach_ability_of_a_card_in_another_servers_root_does_not_react():
    t = board(server="R&D", root=[], cards=HQ, servers={"HQ": {"root": [GRID], "cards": []}})

    assert t.lists["triggered"] == [] and t.lists["accessed"] == ["Card 1"]
