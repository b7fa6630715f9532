"""`break: last`: the last subroutine of the encountered ice is broken (Gbahali), whether or not it
was broken before; on ice with no subroutines nothing is."""

from __future__ import annotations

import pytest
from helpers import board, ice, texts

from judge.errors import ScenarioError
from judge.scenario.describe import describe_effect
from judge.scenario.model import Effect
from judge.web.editor.effects import effect_fields, effect_of

RULESETS = ("ffg-rr", "nsg", "ffg-core")
BREAK = {"ffg-rr": "3.1", "nsg": "6.9.3b", "ffg-core": "3.1"}
THREE = ice("Three Subs", subs=("End the run", {"text": "gain", "effect": {"gain": 1}}, "End the run"))


@pytest.mark.parametrize("rs", RULESETS)
def test_breaking_the_last_subroutine_leaves_the_first_to_end_the_run(rs):
    t = board(ice=[THREE], ruleset=rs, actions=[{"at": BREAK[rs], "ice": "Three Subs", "by": "runner", "break": "last"}])

    assert t.status == "unsuccessful"
    assert any("Broken: subroutine(s) 3" in x for x in texts(t, "action"))


@pytest.mark.parametrize("rs", RULESETS)
def test_the_first_two_broken_and_then_the_last_gets_the_runner_through(rs):
    t = board(ice=[THREE], ruleset=rs, actions=[
        {"at": BREAK[rs], "ice": "Three Subs", "by": "runner", "break": [1, 2]},
        {"at": BREAK[rs], "ice": "Three Subs", "by": "runner", "break": "last"}])

    assert t.status == "successful"


def test_the_last_of_no_subroutines_breaks_nothing():
    t = board(ice=[ice("Empty", subs=())], actions=[{"at": "3.1", "ice": "Empty", "by": "runner", "break": "last"}])

    assert t.status == "successful"
    assert "Nothing to break: no subroutines" in texts(t, "action")


def test_break_takes_all_last_or_numbers_and_says_so_otherwise():
    with pytest.raises(ScenarioError) as err:
        board(ice=[THREE], actions=[{"at": "3.1", "ice": "Three Subs", "by": "runner", "break": "first"}])

    assert "all, last or a list of subroutine numbers" in str(err.value)


def test_the_last_subroutine_is_said_in_words_and_kept_by_the_form():
    e = Effect("break", "last")

    assert describe_effect(e, "en") == "break the last subroutine"
    assert describe_effect(e, "ko") == "마지막 서브루틴 깨기"
    assert effect_of("break", "last") == {"break": "last"}
    assert effect_fields({"break": "last"}) == ("break", "last", "")
