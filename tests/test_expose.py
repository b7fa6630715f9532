"""Exposing a card (`expose`) and the `exposed` moment (Snitch, Aumakua): docs/board.md."""

from __future__ import annotations

from helpers import run_yaml, texts

from judge.rulesets import whens

SEEN = "{name: Seer, type: resource, abilities: [{when: exposed, effect: {gain: 1}}]}"


def _run(effect: str, extra: str = SEEN) -> object:
    return run_yaml(f"""
title: expose
run: {{server: HQ}}
runner: {{credits: 0, cards: [{{name: Lens, type: program, abilities: [{{when: approached, effect: {effect}}}]}}, {extra}]}}
servers: {{HQ: {{ice: [{{name: Wall, type: ice, subtypes: [barrier], subroutines: [End the run]}}], cards: [Hedge Fund]}}}}
""")


def test_exposing_the_ice_fires_every_exposed_ability_once_and_leaves_the_ice_unrezzed():
    t = _run("{expose: that ice}")
    assert t.states[-1][1].credits == 1
    assert list(t.lists["triggered"]) == ["Lens: approached", "Seer: exposed"]
    assert "Hedge Fund" in t.lists["accessed"]  # the unrezzed ice was not rezzed by being exposed
    assert any("Wall" in s and "exposed" in s for s in texts(t))


def test_no_expose_no_exposed_moment():
    t = _run("{gain: 0}")
    assert t.states[-1][1].credits == 0


def test_exposed_is_a_moment_of_any_step_with_words_in_both_languages():
    assert whens.MOMENTS["exposed"].anywhere
    assert not [p for p in whens.check([]) if "exposed" in p]
