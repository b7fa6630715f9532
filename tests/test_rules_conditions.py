"""Conditions (`if:`) that real cards print and the judge evaluates on the run so far: "anywhere
except in Archives" (`not_server`) on ambushes' "when accessed" abilities, and "the Runner has
fewer than N credits" (`credits_below`, Manta Grid)."""

from __future__ import annotations

import pytest
from helpers import board

from judge.engine.words import condition_text

RULESETS = ("ffg-rr", "nsg", "ffg-core")

AMBUSH = {"name": "Test Ambush", "type": "asset",
          "abilities": [{"when": "accessed", "if": {"not_server": "Archives"}, "effect": {"note": "ambush"}}]}


@pytest.mark.parametrize("rs", RULESETS)
@pytest.mark.parametrize("server", ["HQ", "R&D", "Server 1"])
def test_an_ability_except_in_archives_triggers_when_accessed_anywhere_else(rs, server):
    t = board(server=server, cards=[AMBUSH], ruleset=rs)

    assert t.lists["triggered"] == ["Test Ambush: accessed"]


@pytest.mark.parametrize("rs", RULESETS)
def test_an_ability_except_in_archives_does_not_trigger_when_accessed_in_archives(rs):
    t = board(server="Archives", cards=[AMBUSH, {"name": "Hedge Fund", "type": "operation"}], ruleset=rs)

    assert t.lists["accessed"] == ["Test Ambush", "Hedge Fund"]
    assert t.lists["triggered"] == []
    said = [e.text(t.rs) for e in t.events if e.kind == "trigger"]
    assert any("the attacked server is not Archives" in x for x in said), said


def test_the_condition_is_said_in_both_languages():
    cond = ("not_server", "Archives")

    assert condition_text(cond).text("en") == "the attacked server is not Archives"
    assert condition_text(cond).text("ko") == "공격받는 서버가 Archives가 아니다"


RICH_OR_POOR = {"name": "Test Grid", "type": "upgrade", "rezzed": True,
                "abilities": [{"when": "run_ends", "if": {"successful": True, "credits_below": 6}, "effect": {"note": "poor"}}]}


@pytest.mark.parametrize("rs", RULESETS)
@pytest.mark.parametrize(("credits", "fires"), [(5, True), (6, False), (9, False), (0, True)])
def test_an_ability_for_a_runner_with_fewer_than_n_credits_reads_the_credits_as_the_run_ends(rs, credits, fires):
    t = board(server="R&D", root=[RICH_OR_POOR], credits=credits, ruleset=rs)

    assert t.status == "successful"
    assert (t.lists["triggered"] == ["Test Grid: run_ends"]) is fires


@pytest.mark.parametrize("rs", RULESETS)
def test_credits_spent_during_the_run_count_and_unspent_bad_publicity_credits_are_gone_by_its_end(rs):
    pay = {"name": "Toll", "type": "upgrade", "rezzed": True, "abilities": [{"when": "approach_server", "effect": {"pay": 3}}]}
    spent = board(server="R&D", root=[RICH_OR_POOR, pay], credits=8, ruleset=rs)
    with_bp = board(server="R&D", root=[RICH_OR_POOR], credits=5, bp=3, ruleset=rs)

    assert spent.lists["triggered"][-1] == "Test Grid: run_ends", "8 - 3 = 5 credits: fewer than 6"
    assert with_bp.lists["triggered"] == ["Test Grid: run_ends"], "5 credits once the 3 bad publicity credits are lost"


def test_the_credits_condition_is_said_in_both_languages():
    cond = ("credits_below", 6)

    assert condition_text(cond).text("en") == "the Runner has fewer than 6 credits"
    assert condition_text(cond).text("ko") == "러너의 크레딧이 6 크레딧 미만이다"
