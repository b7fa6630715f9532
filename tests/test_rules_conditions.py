"""Conditions (`if:`) that real cards print and the judge evaluates on the run so far: "anywhere
except in Archives" (`not_server`) on ambushes' "when accessed" abilities."""

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
