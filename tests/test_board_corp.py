"""The Corp's side of the board (the corp-side pass of issues 24/25): the breach-ends moment and
the accesses of a breach, counted advanced ice, clicks and score area, costs of making a run,
conditions on who declined, whether the server is protected, the card rezzed, its chosen ice; and
the effects not_accessed, trash_copy, purge, steal_cost, `move_runner: this`, `anywhere: true`."""

from __future__ import annotations

import pytest
from helpers import run_yaml, scenario, texts

from judge.engine import run_turn
from judge.errors import ScenarioError


def _final(t):
    return t.states[-1][1]


GRID = {"name": "Grid", "type": "upgrade", "rezzed": True,
        "abilities": [{"when": "breach_ends", "effect": {"corp_gain": {"count": "breach_accessed", "times": 2}}}]}


def test_breach_ends_counts_the_accesses_of_its_breach_once():
    t = run_yaml(f"""
    title: breach ends
    run: {{server: HQ}}
    corp: {{credits: 0}}
    servers: {{HQ: {{root: [{GRID}], cards: [Hedge Fund, {{name: Atlas, type: agenda, points: 2}}]}}}}
    """)
    assert t.lists["accessed"] == ["Hedge Fund", "Grid"]  # one card of HQ, then the root
    assert t.lists["triggered"] == ["Grid: breach_ends"]
    assert _final(t).corp_credits == 4


def test_breach_ends_also_when_the_run_ends_during_the_breach_and_not_without_a_breach():
    ends = {"name": "Trap", "type": "asset", "abilities": [{"when": "accessed", "effect": "end_run"}]}
    t = run_yaml(f"""
    title: ended in the breach
    run: {{server: Server 1}}
    corp: {{credits: 0}}
    servers: {{Server 1: {{root: [{GRID}], cards: [{ends}, {{name: PAD, type: asset}}]}}}}
    """)
    assert t.lists["accessed"] == ["Trap"]
    assert _final(t).corp_credits == 2
    t = run_yaml(f"""
    title: no breach
    run: {{server: Server 1}}
    corp: {{credits: 0}}
    servers: {{Server 1: {{root: [{GRID}], cards: [{{name: PAD, type: asset}}]}}}}
    actions: [{{at: "5.4", by: corp, end_run: true}}]
    """)
    assert t.lists["triggered"] == [] and _final(t).corp_credits == 0


def test_a_second_breach_has_its_own_end_and_its_roots_cards_react():
    t = run_yaml(f"""
    title: D&C
    run: {{server: Archives, by: DC}}
    corp: {{credits: 0}}
    runner: {{cards: [{{name: DC, type: event, abilities: [{{when: if_successful, server: Archives, effect: {{breach: HQ}}}}]}}]}}
    servers:
      Archives: {{cards: [Hedge Fund, {{name: PAD, type: asset}}]}}
      HQ: {{root: [{GRID}], cards: [{{name: Atlas, type: agenda, points: 2}}]}}
    """)
    assert t.lists["accessed"] == ["Hedge Fund", "PAD", "Atlas", "Grid"]
    assert _final(t).corp_credits == 4  # Atlas and the grid, not the two cards of Archives


def test_advanced_ice_counts_the_ice_of_the_cards_server_with_an_advancement_counter():
    t = run_yaml("""
    title: advanced
    run: {server: Server 1}
    runner: {credits: 10}
    servers:
      Server 1:
        ice: [{name: A, rezzed: true, subroutines: [], counters: {advancement: 3}},
              {name: B, rezzed: true, subroutines: [], counters: {advancement: 0}},
              {name: C, rezzed: true, subroutines: [], counters: {advancement: 1}}]
        root: [{name: Toll, type: upgrade, rezzed: true, abilities: [{when: approach_server, effect: {pay: {count: advanced_ice, times: 2}}}]}]
      HQ: {ice: [{name: D, rezzed: true, counters: {advancement: 2}}]}
    """)
    assert _final(t).credits == 6


def test_scored_agendas_and_clicks_counts_and_what_is_said_when_not_given():
    text = """
    title: counts
    run: {server: Server 1}
    runner: {credits: 9%s}
    servers: {Server 1: {root: [{name: G, type: upgrade, rezzed: true, abilities: [{when: successful, effect: [{pay: {count: scored_agendas}}, {lose: {count: clicks}}]}]}], cards: [{name: PAD, type: asset}]}}
    """
    t = run_yaml(text % ", agendas: 3, clicks: 3")
    assert _final(t).credits == 4  # 3 agendas, then 2 clicks left
    t = run_yaml(text % "")
    assert _final(t).credits == 9
    assert [w.msg for w in t.warnings].count("w_count_not_given") == 2


def test_agendas_stolen_in_a_turn_join_the_score_area_and_won_run_reads_the_turn():
    sc = scenario("""
    title: turn
    runner: {credits: 5, agendas: 1}
    runs: [{server: HQ}, {server: Server 1}]
    servers:
      HQ: {cards: [{name: Atlas, type: agenda, points: 2}]}
      Server 1:
        root: [{name: G, type: upgrade, rezzed: true, abilities: [
          {when: successful, if: {won_run: HQ}, effect: {pay: {count: scored_agendas}}}]}]
        cards: [{name: PAD, type: asset}]
    """)
    traces = run_turn(sc)
    assert traces[0].lists["stolen"] == ["Atlas"]
    assert traces[1].states[-1][1].credits == 3  # 1 given + Atlas


def test_protected_reads_the_server_now_not_the_ice_passed():
    text = """
    title: protected
    run: {server: Archives}
    runner: {grip: 3}
    corp: {cards: [{name: Lock, type: operation, abilities: [{when: successful, if: {protected: true}, effect: {meat_damage: 1}}]}]}
    servers: {Archives: {cards: [Hedge Fund]}}
    actions: [%s]
    """
    assert run_yaml(text % "").states[-1][1].sides.damage == (0, 0, 0)
    t = run_yaml(text % '{at: "5.3", by: corp, install_ice: {name: Wall}, position: outermost}')
    assert t.states[-1][1].sides.damage == (0, 1, 0)


def test_rezzed_condition_reads_the_card_itself():
    text = """
    title: rezzed
    run: {server: Server 1}
    runner: {grip: 3}
    servers: {Server 1: {root: [{name: Amb, type: upgrade, rezzed: %s, abilities: [{when: accessed, if: {rezzed: true}, effect: {net_damage: 1}}]}]}}
    """
    assert run_yaml(text % "true").states[-1][1].sides.damage == (1, 0, 0)
    assert run_yaml(text % "false").states[-1][1].sides.damage == (0, 0, 0)


@pytest.mark.parametrize(("clicks", "fires"), [("", False), (", clicks: 1", True), (", clicks: 2", False)])
def test_clicks_below_after_the_runs_own_click(clicks, fires):
    t = run_yaml(f"""
    title: clicks below
    run: {{server: R&D}}
    runner: {{credits: 9{clicks}}}
    servers: {{R&D: {{root: [{{name: M, type: upgrade, rezzed: true, abilities: [{{when: run_ends, if: {{clicks_below: 1}}, effect: {{note: out}}}}]}}], cards: [Hedge Fund]}}}}
    """)
    assert (t.lists["triggered"] == ["M: run_ends"]) is fires


def test_ice_chosen_names_the_host_and_nothing_chosen_never_holds():
    text = """
    title: host
    run: {server: HQ}
    corp: {cards: [{name: Host, type: operation%s, abilities: [{when: encountered, if: {ice_chosen: true}, effect: end_run}]}]}
    servers: {HQ: {ice: [{name: W, rezzed: true, subroutines: []}], cards: [Hedge Fund]}, R&D: {ice: [{name: V, rezzed: true}]}}
    """
    assert run_yaml(text % ", chosen: W").status == "unsuccessful"
    assert run_yaml(text % ", chosen: V").status == "successful"
    assert run_yaml(text % "").status == "successful"


def test_who_declined_is_told_apart():
    text = """
    title: who
    run: {server: HQ}
    runner: {credits: 0}
    servers: {HQ: {root: [{name: Both, type: upgrade, rezzed: true, abilities: [
      {when: accessed, effect: [{only_if: {runner_declined: true}, then: {gain: 1}}, {only_if: {corp_declined: true}, then: {gain: 2}}]}]}]}}
    actions: [%s]
    """
    assert _final(run_yaml(text % "")).credits == 0
    assert _final(run_yaml(text % '{at: "5.5", by: runner, decline: Both}')).credits == 1
    assert _final(run_yaml(text % '{at: "5.5", by: corp, decline: Both}')).credits == 2


def test_not_accessed_keeps_a_card_out_of_every_later_access():
    t = run_yaml("""
    title: not accessed
    run: {server: Server 1}
    servers: {Server 1: {root: [{name: Adr, type: upgrade, rezzed: true, abilities: [{when: successful, effect: {not_accessed: this}}]}],
                         cards: [{name: PAD, type: asset}]}}
    """)
    assert t.lists["accessed"] == ["PAD"]
    assert any("Adr cannot be accessed" in x for x in texts(t))


def test_trash_copy_finds_a_copy_by_title_in_hq_and_sends_it_to_archives():
    text = """
    title: copy
    run: {server: Server 1}
    servers:
      Server 1: {ice: [{name: W, rezzed: true, subroutines: []}], root: [{name: Tw, type: upgrade, rezzed: true, abilities: [{when: passed, cost: {trash_copy: that ice}, effect: {gain: 3}}]}]}
      HQ: {cards: [%s]}
    """
    t = run_yaml(text % "Hedge Fund, {name: W, id: W2, rezzed: false, type: ice}")
    assert _final(t).credits == 8
    assert "W2" in dict(_final(t).contents)["Archives"]
    t = run_yaml(text % "Hedge Fund")
    assert _final(t).credits == 5


def test_purge_removes_every_virus_counter_and_only_those():
    t = run_yaml("""
    title: purge
    run: {server: HQ}
    runner: {cards: [{name: V, type: program, counters: {virus: 3, power: 1}}]}
    servers: {HQ: {root: [{name: P, type: upgrade, abilities: [{when: accessed, effect: purge}]}], cards: [Hedge Fund]}}
    expect: {counters: {V: {virus: 0, power: 1}}}
    """)
    assert any("purges virus counters (3 removed)" in x for x in texts(t))


def test_steal_cost_is_paid_when_able_and_stops_the_steal_when_not():
    text = """
    title: steal cost
    run: {server: Server 1}
    runner: {credits: %d}
    servers: {Server 1: {root: [{name: RH, type: upgrade, rezzed: true, abilities: [{when: breach, effect: {steal_cost: 5}}]}],
                         cards: [{name: Atlas, type: agenda, points: 2}]}}
    """
    t = run_yaml(text % 5)
    assert t.lists["stolen"] == ["Atlas"] and _final(t).credits == 0
    t = run_yaml(text % 4)
    assert t.lists["stolen"] == [] and _final(t).credits == 4


def test_run_costs_come_from_the_runners_own_pool_and_an_unpaid_one_ends_the_run():
    text = """
    title: run cost
    run: {server: Server 1}
    runner: {credits: %d, clicks: 3, agendas: 1}
    corp: {bad_publicity: 3}
    servers: {Server 1: {root: [{name: CS, type: upgrade, rezzed: true, abilities: [{when: run_begins, effect: [{run_cost: 2}, {run_cost_clicks: 1}, {run_cost_agendas: 1}]}]}],
                         cards: [{name: PAD, type: asset}]}}
    """
    t = run_yaml(text % 2)
    s = _final(t)
    assert t.status == "successful" and s.credits == 0 and s.sides.clicks == 1 and s.sides.agendas == 0
    t = run_yaml(text % 1)
    assert t.status == "unsuccessful" and _final(t).credits == 1
    assert [w.msg for w in t.warnings] == ["w_run_cost_unpaid"]


def test_an_ability_for_runs_anywhere_reacts_elsewhere_and_its_others_do_not():
    t = run_yaml("""
    title: anywhere
    run: {server: HQ}
    runner: {credits: 5}
    servers:
      HQ: {cards: [Hedge Fund]}
      Server 1: {root: [{name: Em, type: upgrade, rezzed: true, counters: {power: 2}, abilities: [
        {when: successful, anywhere: true, effect: {remove_counters: {power: 1}}},
        {when: run_begins, effect: {lose: 2}}]}]}
    expect: {counters: {Em: {power: 1}}}
    """)
    assert _final(t).credits == 5
    assert t.lists["triggered"] == ["Em: successful"]


def test_move_runner_this_is_the_cards_server_and_an_unknown_server_is_still_an_error():
    t = run_yaml("""
    title: back
    run: {server: Server 1}
    servers: {Server 1: {ice: [{name: W, rezzed: true, subroutines: []}],
                         root: [{name: L, type: upgrade, rezzed: true, abilities: [{when: approach_server, first: true, effect: {move_runner: this}}]}],
                         cards: [{name: PAD, type: asset}]}}
    """)
    assert t.lists["approached"] == ["W", "W"]
    with pytest.raises(ScenarioError):
        scenario("""
        title: bad
        run: {server: HQ}
        servers: {HQ: {cards: [Hedge Fund]}}
        actions: [{at: "5", by: corp, move_runner: this}]
        """)


def test_successful_runs_before_the_scenario_and_bad_board_keys_say_where():
    text = """
    title: won before
    run: {server: Server 1}
    runner: {%s}
    servers: {Server 1: {root: [{name: G, type: upgrade, rezzed: true, abilities: [{when: run_begins, if: {won_run: HQ}, effect: {gain: 1}}]}], cards: [{name: PAD, type: asset}]}}
    """
    assert _final(run_yaml(text % "credits: 0, successful_runs: [HQ]")).credits == 1
    assert _final(run_yaml(text % "credits: 0, successful_runs: [R&D]")).credits == 0
    for bad, where in (("successful_runs: HQ", "runner.successful_runs"), ("agendas: -1", "runner.agendas")):
        with pytest.raises(ScenarioError) as err:
            scenario(text % bad)
        assert where in str(err.value)


def test_move_runner_innermost_goes_to_the_innermost_ice_and_other_positions_are_refused():
    text = """
    title: innermost
    run: {server: HQ}
    servers: {HQ: {ice: [{name: Out, rezzed: true, subroutines: []}, {name: In, rezzed: true, subroutines: []}], cards: [Hedge Fund]}}
    actions: [{at: "5", by: corp, move_runner: HQ%s}]
    """
    assert run_yaml(text % ", position: innermost").lists["approached"] == ["Out", "In", "In"]
    assert run_yaml(text % "").lists["approached"] == ["Out", "In", "Out", "In"]
    with pytest.raises(ScenarioError) as err:
        scenario(text % ", position: {inward_of: Out}")
    assert "position" in str(err.value)
