"""`mill: N` (the top N cards of R&D go to Archives) and `{count: encounter_resolved}` (Persephone)."""

from __future__ import annotations

from helpers import run_yaml, scenario

from judge.engine import run_turn

SENTRY = ("{name: Guard, type: ice, subtypes: [sentry], rezzed: true, subroutines: "
          "[{text: One, effect: {corp_gain: 1}}, {text: Two, effect: {corp_gain: 1}}]}")


def _rd(effect: str, rd: str = "[Hedge Fund, Sure Gamble, Diesel]", actions: str = "[]") -> object:
    return run_yaml(f"""
title: mill
run: {{server: R&D}}
runner: {{cards: [{{name: Miller, type: program, abilities: [{{when: passed, effect: {effect}}}]}}]}}
servers: {{R&D: {{ice: [{SENTRY}], cards: {rd}}}}}
actions: {actions}
""")


def test_mill_moves_the_top_cards_so_the_breach_finds_the_next():
    assert list(_rd("{mill: 2}").lists["accessed"]) == ["Diesel"]
    assert list(_rd("{mill: 0}").lists["accessed"]) == ["Hedge Fund"]


def test_mill_of_more_than_r_and_d_holds_empties_it():
    assert list(_rd("{mill: 5}", rd="[Hedge Fund]").lists["accessed"]) == []


def test_encounter_resolved_counts_the_subroutines_of_the_encounter_just_passed():
    assert list(_rd("{mill: {count: encounter_resolved}}").lists["accessed"]) == ["Diesel"]
    one = _rd("{mill: {count: encounter_resolved}}", actions='[{at: "3.1", ice: Guard, by: runner, break: [1]}]')
    assert list(one.lists["accessed"]) == ["Sure Gamble"]


def test_milled_cards_are_in_archives_for_a_later_run():
    sc = scenario("""
title: milled then Archives
runner: {cards: [{name: Miller, type: resource, abilities: [{when: run_ends, first: turn, effect: {mill: 1}}]}]}
runs:
  - {server: HQ}
  - {server: Archives}
servers: {HQ: {cards: [Sure Gamble]}, R&D: {cards: [Hedge Fund]}}
""")
    first, second = run_turn(sc)
    assert "Hedge Fund" in second.lists["accessed"]


def test_a_forced_encounter_inside_keeps_the_outer_encounters_count():
    t = run_yaml("""
title: nested
run: {server: R&D}
runner: {cards: [{name: Miller, type: program, abilities: [{when: passed, if: {ice_subtype: sentry}, effect: {mill: {count: encounter_resolved}}}]}]}
servers:
  R&D:
    ice: [{name: Guard, type: ice, subtypes: [sentry], rezzed: true, subroutines: [{text: Meet the wall, effect: {encounter: Wall}}, {text: Two, effect: {corp_gain: 1}}]}]
    cards: [Hedge Fund, Sure Gamble, Diesel, Easy Mark]
  HQ:
    ice: [{name: Wall, type: ice, subtypes: [barrier], rezzed: true, subroutines: [{text: A, effect: {corp_gain: 1}}, {text: B, effect: {corp_gain: 1}}, {text: C, effect: {corp_gain: 1}}]}]
""")
    assert list(t.lists["accessed"]) == ["Diesel"]  # Guard's 2, not the Wall's 3
