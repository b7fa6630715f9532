"""Cards the Runner takes into the score area as agendas (Meridian, Nightmare Archive: worth -1
point; Kasi String: 1): the run's points, the count of agendas there, and a turn's later runs."""

from __future__ import annotations

import pytest
from helpers import run_yaml, scenario

from judge.engine import run_turn
from judge.errors import ScenarioError

TAKE = "{name: Taken, type: ice, subtypes: [barrier], rezzed: true, subroutines: [{text: Take it, effect: {to_score_area: -1}}]}"
COUNT = "{name: Counter, type: resource, abilities: [{when: run_ends, effect: {gain: {count: scored_agendas}}}]}"


def test_a_negative_agenda_lowers_the_points_and_counts_as_an_agenda():
    t = run_yaml(f"""
title: minus one
run: {{server: HQ}}
runner: {{credits: 0, agendas: 1, cards: [{COUNT}]}}
servers: {{HQ: {{ice: [{TAKE}], cards: [Hedge Fund]}}}}
""")
    assert t.board["points"]["runner"] == -1
    assert t.states[-1][1].credits == 2  # the agenda given, and the ice taken
    assert "Hedge Fund" in t.lists["accessed"]


def test_ice_taken_into_the_score_area_is_gone_from_the_next_run_which_counts_it():
    sc = scenario(f"""
title: two runs
runner: {{credits: 0, agendas: 0, points: 4, cards: [{COUNT},
  {{name: Threatened, type: resource, abilities: [{{when: run_ends, if: {{threat: 4}}, effect: {{gain: 10}}}}]}}]}}
runs:
  - {{server: HQ}}
  - {{server: HQ}}
servers: {{HQ: {{ice: [{TAKE}], cards: [Hedge Fund]}}}}
""")
    first, second = run_turn(sc)
    assert first.states[-1][1].credits == 1  # 4 - 1 = 3 points: under threat 4 at the first run's end
    assert second.lists.get("encountered", []) == []  # the ice left its slot
    assert second.states[-1][1].credits == 2  # the score area holds the ice now: counted once more, still 3 points


def test_a_negative_score_area_amount_and_negative_points_are_read_and_a_bad_one_is_refused():
    sc = scenario(f"""
title: expected points
run: {{server: HQ}}
servers: {{HQ: {{ice: [{TAKE}], cards: [Hedge Fund]}}}}
expect: {{points: {{runner: -1}}}}
""")
    assert sc.expect_for(sc.ruleset)["points"] == {"runner": -1}
    with pytest.raises(ScenarioError, match="to_score_area"):
        scenario("""
title: bad
run: {server: HQ}
runner: {cards: [{name: X, type: resource, abilities: [{when: successful, effect: {to_score_area: many}}]}]}
servers: {HQ: {cards: [Hedge Fund]}}
""")
