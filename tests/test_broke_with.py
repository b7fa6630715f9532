"""`when: broke_with` (a breaker's reaction to each use that broke a subroutine) and `corp_draw`
(R&D's top cards into HQ): Umbrella; docs/encounter.md and docs/board.md."""

from __future__ import annotations

from helpers import run_yaml

from judge.engine.brokewith import uses

GATE = "{name: Gate, type: ice, subtypes: [code gate], rezzed: true, subroutines: [{text: One, effect: {corp_gain: 1}}, {text: Two, effect: {corp_gain: 1}}, {text: Three, effect: {corp_gain: 1}}, {text: Four, effect: {corp_gain: 1}}]}"


def _run(per: int, breaks: str, effect: str = "{gain: 1}") -> object:
    return run_yaml(f"""
title: broke with
run: {{server: R&D}}
runner: {{credits: 20, cards: [{{name: Key, type: program, subtypes: [icebreaker, decoder], strength: 9,
  breaker: {{break: [{{subtypes: [code gate], subs: {per}, cost: 0}}]}}, abilities: [{{when: broke_with, effect: {effect}}}]}}]}}
servers: {{R&D: {{ice: [{GATE}], cards: [Hedge Fund, Sure Gamble, Diesel]}}}}
actions: [{{at: "3.1", ice: Gate, by: runner, break: {breaks}, with: Key}}]
""")


def test_uses_counts_one_per_use_of_the_break_ability():
    assert uses([3], 2) == 1 and uses([3], 4) == 2 and uses([1], 4) == 4
    assert uses([0], 4) == 1 and uses([3], 0) == 0


def test_broke_with_fires_once_per_use_and_not_without_a_break():
    assert _run(3, "all").states[-1][1].credits == 22  # 4 subroutines at up to 3 a use: 2 uses
    assert _run(1, "[1, 2]").states[-1][1].credits == 22
    assert _run(3, "[1]").states[-1][1].credits == 21


def test_corp_draw_takes_r_and_d_top_cards_into_hq():
    t = _run(3, "all", effect="{corp_draw: 1}")
    assert list(t.lists["accessed"]) == ["Diesel"]  # two uses: two cards drawn from the top of R&D
