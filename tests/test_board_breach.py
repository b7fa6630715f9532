"""The board, second pass (issue 25): bans for the rest of the run (Ansel 1.0), other servers
breached as breaches of their own (Divide and Conquer, Docklands Pass), a card accessed outside the
attacked server (Pinhole Threading), `chosen:` beside a card and `first: turn` (Security Testing),
ice strength per counter (Hadrian's Wall)."""

from __future__ import annotations

import pytest
from helpers import run_yaml, scenario, texts

from judge.engine import run_turn
from judge.errors import ScenarioError

BAN = """
title: ban
run: {server: Server 1}
runner: {credits: 5}
servers:
  Server 1:
    ice:
      - name: Ban
        rezzed: true
        subroutines: [{text: "no stealing or trashing", effect: %(ban)s}]
    cards: [{name: Atlas, type: agenda, points: 2}, {name: PAD, type: asset, trash_cost: 2}]
actions: [{at: "5.5", by: runner, trash: PAD}]
"""


def test_a_ban_on_stealing_keeps_the_agenda_and_says_who_forbids_it():
    t = run_yaml(BAN % {"ban": "{forbid: steal}"})
    assert t.lists["accessed"] == ["Atlas", "PAD"]
    assert t.lists["stolen"] == []
    assert t.lists["trashed"] == ["PAD"]  # trashing is still allowed
    assert any("Atlas is not stolen: Ban forbids stealing" in x for x in texts(t))


def test_a_ban_on_trashing_refuses_the_runners_trash_without_paying():
    t = run_yaml(BAN % {"ban": "{forbid: trash}"})
    assert t.lists["trashed"] == []
    assert t.lists["stolen"] == ["Atlas"]
    assert t.states[-1][1].credits == 5
    assert [w.msg for w in t.warnings] == ["w_forbidden_trash"]


def test_without_the_ban_the_same_run_steals_and_trashes():
    t = run_yaml(BAN % {"ban": "{note: nothing}"})
    assert t.lists["stolen"] == ["Atlas"] and t.lists["trashed"] == ["PAD"]
    assert t.states[-1][1].credits == 3


def test_a_ban_on_trashing_stops_a_runner_effect_trashing_a_corp_card():
    text = """
title: ban effect
run: {server: HQ}
runner: {cards: [{name: Saw, type: resource, abilities: [{when: successful, effect: {trash: Upgrade}}]}]}
servers:
  HQ:
    ice: [{name: Ban, rezzed: true, subroutines: [{text: ban, effect: %s}]}]
    root: [{name: Upgrade, type: upgrade}]
    cards: [Hedge Fund]
"""
    t = run_yaml(text % "{forbid: trash}")
    assert [w.msg for w in t.warnings] == ["w_forbidden_trash"]
    assert "Upgrade" in t.lists["accessed"]  # still installed when the Runner breaches
    t = run_yaml(text % "{note: nothing}")
    assert "Upgrade" not in t.lists["accessed"]


DC = """
title: divide
run: {server: Archives, by: DC}
runner:
  cards:
    - {name: DC, type: event, runs: Archives, abilities: [{when: if_successful, effect: [{breach: HQ, root: %(root)s}, {breach: R&D}]}]}
    %(pass)s
servers:
  Archives: {cards: [{name: Old, type: operation}]}
  HQ: {root: [{name: Up, type: upgrade}], cards: [{name: H1, type: operation}, {name: H2, type: agenda, points: 1}]}
  R&D: {cards: [{name: R1, type: operation}, {name: R2, type: operation}]}
"""
PASS = "- {name: Pass, type: hardware, abilities: [{when: breach, first: turn, if: {server: HQ}, effect: {access_more: 1}}]}"


@pytest.mark.parametrize(("root", "want"), [("false", ["Old", "H1", "R1"]), ("true", ["Old", "H1", "Up", "R1"])])
def test_other_servers_are_breached_after_the_attacked_one_with_or_without_their_root(root, want):
    t = run_yaml(DC % {"root": root, "pass": ""})
    assert t.lists["accessed"] == want


def test_a_breach_ability_reacts_to_the_breach_of_another_server_and_only_that_one():
    t = run_yaml(DC % {"root": "false", "pass": PASS})
    assert t.lists["accessed"] == ["Old", "H1", "H2", "R1"]
    assert t.lists["stolen"] == ["H2"]
    assert "The Runner breaches HQ (the cards in its root are not accessed)" in texts(t)


def test_first_turn_is_carried_over_the_runs_of_a_turn():
    sc = scenario((DC % {"root": "false", "pass": PASS}).replace(
        "run: {server: Archives, by: DC}", "runs: [{server: HQ}, {server: Archives, by: DC}]"))
    first, second = run_turn(sc)
    assert first.lists["accessed"] == ["H1", "H2", "Up"]
    assert second.lists["accessed"] == ["Old", "H1", "R1"]  # H2 was stolen; Pass is spent this turn


PIN = """
title: pinhole
run: {server: HQ, by: Pin}
runner:
  cards:
    - name: Pin
      type: event
      runs: any
      %(chosen)s
      abilities: [{when: if_successful, effect: {instead_of_access: "root card", then: [{forbid: steal}, {access_card: chosen}]}}]
servers:
  HQ: {cards: [Hedge Fund]}
  Server 1: {root: [{name: Rooted, type: agenda, points: 2}]}
"""


def test_a_card_outside_the_attacked_server_is_accessed_instead_and_not_stolen():
    t = run_yaml(PIN % {"chosen": "chosen: Rooted"})
    assert t.lists["accessed"] == ["Rooted"]
    assert t.lists["stolen"] == []
    assert not t.warnings


def test_a_card_to_access_that_is_not_named_is_said_and_nothing_is_accessed():
    t = run_yaml(PIN % {"chosen": ""})
    assert t.lists["accessed"] == []
    assert [w.msg for w in t.warnings] == ["w_access_card_not_chosen"]


def test_a_chosen_card_that_does_not_exist_is_an_error_that_says_where():
    with pytest.raises(ScenarioError) as e:
        scenario(PIN % {"chosen": "chosen: Nowhere"})
    assert "Nowhere" in e.value.located_text("en")


TESTING = """
title: testing
runner:
  credits: 0
  cards:
    - name: Testing
      type: resource
      %(chosen)s
      abilities: [{when: successful, first: turn, if: {server: chosen}, effect: {instead_of_access: gain, mandatory: true, then: {gain: 2}}}]
servers:
  HQ: {cards: [{name: Atlas, type: agenda, points: 2}]}
  R&D: {cards: [{name: Beta, type: agenda, points: 1}]}
runs: [{server: R&D}, {server: HQ}, {server: HQ}]
"""


def test_the_chosen_server_and_once_per_turn_over_three_runs():
    traces = run_turn(scenario(TESTING % {"chosen": "chosen: HQ"}))
    assert [t.lists["stolen"] for t in traces] == [["Beta"], [], ["Atlas"]]
    assert [t.states[-1][1].credits for t in traces] == [0, 2, 2]
    assert not any(t.warnings for t in traces)


def test_no_server_chosen_takes_the_attacked_one_and_warns_once():
    traces = run_turn(scenario(TESTING % {"chosen": ""}))
    assert [t.lists["stolen"] for t in traces] == [[], ["Atlas"], []]  # R&D's run was replaced, then spent
    assert [w.msg for w in traces[0].warnings] == ["w_chosen_not_given"]


WALL = """
title: wall
run: {server: HQ}
runner: {credits: %(credits)s, cards: [{card: corroder}]}
servers:
  HQ:
    ice: [{name: Wall, subtypes: [barrier], strength: 1, rezzed: true, subroutines: [End the run],
           strength_plus: {count: advancement_counters, times: 2}%(counters)s}]
    cards: [Hedge Fund]
actions: [{at: "3.1", ice: Wall, by: runner, break: all, with: Corroder}]
"""


@pytest.mark.parametrize(("counters", "credits", "outcome", "left"),
                         [(", counters: {advancement: 1}", 2, "successful", 0),
                          (", counters: {advancement: 1}", 1, "unsuccessful", 1),
                          (", counters: {advancement: 0}", 1, "successful", 0)])
def test_ice_strength_counts_the_counters_on_it(counters, credits, outcome, left):
    t = run_yaml(WALL % {"counters": counters, "credits": credits})
    assert t.status == outcome
    assert t.states[-1][1].credits == left


def test_ice_strength_with_counters_not_given_counts_none_and_says_so_once():
    t = run_yaml(WALL % {"counters": "", "credits": 1})
    assert t.status == "successful"
    assert [w.msg for w in t.warnings] == ["w_counters_not_given"]


def test_strength_plus_takes_only_counters():
    with pytest.raises(ScenarioError) as e:
        scenario((WALL % {"counters": "", "credits": 1}).replace("advancement_counters", "tags"))
    assert "strength_plus" in e.value.located_text("en")


LASTING = """
title: lasting
runner: {credits: 1, cards: [{card: corroder}]}
servers:
  HQ:
    ice: [{name: Wall, subtypes: [barrier], strength: 3, rezzed: true, subroutines: [End the run]}]
    cards: [Hedge Fund]
runs:
  - server: HQ
    actions: [{at: "1", by: runner, effect: {strength: 1, of: Corroder, until: %s}}]
  - server: HQ
    actions: [{at: "3.1", ice: Wall, by: runner, break: all, with: Corroder}]
"""


@pytest.mark.parametrize(("until", "second"), [("turn_ends", "successful"), ("run_ends", "unsuccessful")])
def test_a_strength_change_for_the_remainder_of_the_turn_lasts_into_the_next_run(until, second):
    # Corroder 2 + 1 meets the Wall's 3, and 1 credit breaks it, only while the change lasts
    traces = run_turn(scenario(LASTING % until))
    assert traces[1].status == second


def test_access_card_with_root_takes_only_a_card_in_another_servers_root():
    text = (PIN % {"chosen": "chosen: Rooted"}).replace("{access_card: chosen}", "{access_card: chosen, root: true}")
    assert run_yaml(text).lists["accessed"] == ["Rooted"]
    t = run_yaml(text.replace("chosen: Rooted", "chosen: Hedge Fund"))  # in HQ, not in a root
    assert t.lists["accessed"] == []
    assert [w.msg for w in t.warnings] == ["w_access_card_not_in_root"]


def test_after_the_other_breaches_conditions_read_the_attacked_server_again():
    text = (DC % {"root": "false", "pass": "- {name: Watch, type: resource, abilities: [{when: run_ends, "
                                            "if: {server: Archives}, effect: {gain: 1}}]}"})
    t = run_yaml(text.replace("runner:\n", "runner:\n  credits: 0\n"))
    assert t.lists["accessed"] == ["Old", "H1", "R1"]
    assert t.states[-1][1].credits == 1
