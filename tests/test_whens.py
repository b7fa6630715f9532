"""The moment registry (`judge.rulesets.whens`): every `when:` word one entry, placed by every rule
set or named absent there, with words in every language; a new moment needs no engine code."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import board

from judge import rulesets
from judge.rulesets import whens
from judge.rulesets.whens import MOMENTS, Moment
from judge.scenario import WHENS
from judge.scenario.schema import schema as scenario_schema


def _without(rs, name):
    """A rule set whose steps no longer list a moment."""
    return replace(rs, steps=tuple(replace(s, triggers=tuple(t for t in s.triggers if t != name)) for s in rs.steps))


def test_every_moment_is_placed_by_every_rule_set_and_has_words_in_every_language():
    assert whens.check(rulesets.RULESETS.values()) == []


def test_a_moment_a_rule_set_neither_places_nor_names_absent_is_reported():
    rs = _without(rulesets.get("nsg"), "approach_server")

    problems = whens.check([rs])

    assert problems == ["nsg: moment 'approach_server' falls at no step and is not named absent"]


def test_a_moment_named_absent_needs_no_step():
    rs = replace(_without(rulesets.get("nsg"), "approach_server"), absent=("approach_server",))

    assert whens.check([rs]) == []


def test_a_step_listing_a_word_that_is_not_a_registered_moment_is_reported():
    rs = rulesets.get("ffg-rr")
    rs = replace(rs, steps=tuple(replace(s, triggers=s.triggers + ("sabotaged",)) if s.id == "5.5" else s
                                 for s in rs.steps))

    assert whens.check([rs]) == ["ffg-rr: 'sabotaged' is placed or named absent but is not a moment"]


def test_a_moment_without_words_in_a_language_is_reported(monkeypatch):
    monkeypatch.setitem(MOMENTS, "sabotaged", Moment("sabotaged"))

    problems = whens.check([])

    assert problems == [f"moment sabotaged: no words in {lang} (engine.when.sabotaged)" for lang in ("en", "ko")]


def test_the_scenario_format_takes_exactly_the_registered_moments():
    schema = scenario_schema()

    assert WHENS == tuple(MOMENTS)
    assert repr(list(MOMENTS)) in repr(schema)  # the ability's `when` enum


def test_the_ice_moments_are_those_the_registry_marks():
    assert whens.ICE_MOMENTS == {"approached", "encountered", "fully_broken", "broken", "encounter_ends", "passed"}


def test_a_moment_registered_and_placed_at_a_step_triggers_a_card_there_with_no_engine_code(monkeypatch):
    # The worked example of README "Adding a moment": one entry, and where it falls.
    monkeypatch.setitem(MOMENTS, "sabotaged", Moment("sabotaged"))
    rs = rulesets.get("ffg-rr")
    placed = replace(rs, steps=tuple(replace(s, triggers=("sabotaged",) + s.triggers) if s.id == "5.5" else s
                                     for s in rs.steps))
    monkeypatch.setitem(rulesets.RULESETS, "ffg-rr", placed)

    t = board(runner=[{"name": "Saboteur", "type": "resource",
                       "abilities": [{"when": "sabotaged", "effect": {"gain": 2}}]}])

    fired = [(e.occurrence, e.extra_get("when")) for e in t.events if e.kind == "trigger"]
    assert fired == [("5.5", "sabotaged")]
    first_access = next(i for i, e in enumerate(t.events) if e.msg == "access")
    assert t.events.index(next(e for e in t.events if e.kind == "trigger")) < first_access


@pytest.mark.parametrize("rs", ["ffg-rr", "nsg", "ffg-core"])
def test_a_run_events_if_successful_reacts_only_for_the_card_that_made_the_run(rs):
    card = {"name": "Sneaky", "type": "event", "abilities": [{"when": "if_successful", "effect": {"gain": 1}}]}

    made = board(runner=[card], by="Sneaky", ruleset=rs)
    other = board(runner=[card], ruleset=rs)

    assert [e.extra_get("card") for e in made.events if e.kind == "trigger"] == ["Sneaky"]
    assert [e for e in other.events if e.kind == "trigger"] == []


def test_a_moment_that_happens_anywhere_needs_no_step_and_no_step_may_place_it(monkeypatch):
    monkeypatch.setitem(MOMENTS, "rezzed", Moment("rezzed", anywhere=True))
    rs = rulesets.get("ffg-rr")
    placed = replace(rs, steps=tuple(replace(s, triggers=s.triggers + ("rezzed",)) if s.id == "2.3" else s
                                     for s in rs.steps))

    unplaced = [p for p in whens.check([rs]) if "words" not in p]
    wrongly = [p for p in whens.check([placed]) if "words" not in p]

    assert unplaced == []
    assert wrongly == ["ffg-rr: 'rezzed' happens at any step; no step places it"]
