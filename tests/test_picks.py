"""Picks as decisions (docs/board.md, "Picks are decisions"): an effect that removes an installed
Runner card a player picks, the `pick:` action that names it, and the stated default."""

from __future__ import annotations

import pytest
from helpers import run_yaml, scenario, texts

from judge.errors import ScenarioError
from judge.scenario.schema import schema

BOARD = """
title: picks
run: {server: HQ}
runner: {credits: 10, grip: %(grip)s, cards: %(cards)s}
servers:
  HQ:
    ice:
      - name: Picker
        rezzed: true
        subroutines:
          - {text: Trash a card, effect: %(effect)s}
      - {card: ice_wall, rezzed: true, counters: {advancement: 0}}
    cards: [Hedge Fund]
actions: %(actions)s
"""
WALL = '{at: "3.1", ice: Ice Wall, by: runner, break: all, with: Corroder}'
TWO = "[{card: corroder}, {card: gordian_blade}]"


def picks(effect: str = "{trash_pick: program}", cards: str = TWO, actions: tuple[str, ...] = (WALL,),
          grip: int = 0, ruleset: str | None = None):
    text = BOARD % {"effect": effect, "cards": cards, "grip": grip, "actions": "[" + ", ".join(actions) + "]"}
    return run_yaml(text + (f"ruleset: {ruleset}\n" if ruleset else ""))


def warnings(t) -> list[str]:
    return [w.text(t.rs) for w in t.warnings]


def test_the_written_pick_is_trashed_and_the_trashed_breaker_cannot_break():
    t = picks(actions=('{at: "3.2", ice: Picker, by: corp, pick: Corroder}', WALL))
    assert t.outcome()["status"] == "unsuccessful"
    assert "Corroder is trashed" in texts(t)
    assert any("Corroder is not an installed Runner card" in w for w in warnings(t))


def test_picking_the_other_card_leaves_the_breaker_that_matters():
    t = picks(actions=('{at: "3.2", ice: Picker, by: corp, pick: Gordian Blade}', WALL))
    assert t.outcome()["status"] == "successful"
    assert "Gordian Blade is trashed" in texts(t)
    assert not warnings(t)


def test_the_only_card_of_the_kind_is_picked_by_default_and_the_trace_says_why():
    t = picks(cards="[{card: corroder}]")
    assert t.outcome()["status"] == "unsuccessful"
    assert any("the only program there is to pick" in x for x in texts(t))


def test_several_cards_and_no_pick_written_warn_naming_them_and_remove_none():
    t = picks()
    assert t.outcome()["status"] == "successful"
    assert any("Corroder, Gordian Blade" in w and "none is removed" in w for w in warnings(t))


def test_no_card_of_the_kind_removes_nothing_and_says_so():
    t = picks(effect="{trash_pick: hardware}")
    assert t.outcome()["status"] == "successful"
    assert any("No piece of hardware can be picked" in x for x in texts(t))


def test_a_pick_of_a_card_of_another_kind_is_not_taken_and_is_warned_after_the_run():
    t = picks(effect="{trash_pick: hardware}", actions=('{at: "3.2", ice: Picker, by: corp, pick: Corroder}', WALL))
    assert t.outcome()["status"] == "successful"  # Corroder stays
    assert any("was not taken" in w and "Corroder" in w for w in warnings(t))


def test_a_pick_written_by_the_side_that_does_not_pick_is_not_taken():
    t = picks(actions=('{at: "3.2", ice: Picker, by: runner, pick: Gordian Blade}', WALL))
    assert "Gordian Blade is trashed" not in texts(t)
    assert any("was not taken" in w for w in warnings(t))


def test_the_kind_is_checked_a_fracter_is_not_a_program_hagen_may_take():
    t = picks(effect="{trash_pick: program_not_decoder_fracter_killer}", cards="[{card: corroder}, {card: mayfly}]")
    assert "Mayfly is trashed" in texts(t)
    assert t.outcome()["status"] == "successful"


def test_a_returned_card_leaves_play_and_a_counted_grip_grows():
    t = picks(effect="{return_pick: runner_card}", cards="[{card: corroder}]", grip=1)
    assert "Corroder returns to the grip" in texts(t)
    assert t.board["grip"] == 2
    assert t.outcome()["status"] == "unsuccessful"


def test_the_runner_picks_when_the_effect_says_so():
    t = picks(effect="{trash_pick: program, picker: runner}",
              actions=('{at: "3.2", ice: Picker, by: runner, pick: Gordian Blade}', WALL))
    assert "Gordian Blade is trashed" in texts(t)
    assert t.outcome()["status"] == "successful"


KAMALI = "{trash_pick: program, picker: runner, may: true, otherwise: {core_damage: 1}}"


def test_unless_the_runner_gives_up_a_card_they_give_it_up_by_default():
    t = picks(effect=KAMALI, cards="[{card: corroder}]", grip=3)
    assert t.board["damage"]["core"] == 0 and t.outcome()["status"] == "unsuccessful"


def test_declining_takes_the_other_answer_and_keeps_the_card():
    t = picks(effect=KAMALI, cards="[{card: corroder}]", grip=3,
              actions=('{at: "3.2", ice: Picker, by: runner, decline: Picker}', WALL))
    assert t.board["damage"]["core"] == 1 and t.outcome()["status"] == "successful"


def test_with_no_card_to_give_up_the_other_answer_happens():
    t = picks(effect="{trash_pick: hardware, picker: runner, may: true, otherwise: {core_damage: 1}}", grip=3)
    assert t.board["damage"]["core"] == 1


def test_one_per_encounter_stops_the_second_removal():
    effect = "[{trash_pick: program, one_per_encounter: true}, {trash_pick: program, one_per_encounter: true}]"
    t = picks(effect=effect, actions=('{at: "3.2", ice: Picker, by: corp, pick: Gordian Blade}',
                                      '{at: "3.2", ice: Picker, by: corp, pick: Corroder}', WALL))
    assert "Gordian Blade is trashed" in texts(t) and "Corroder is trashed" not in texts(t)
    assert any("already removed a Runner card in this encounter" in x for x in texts(t))


def test_a_pick_is_not_a_cost_what_follows_it_happens():
    t = picks(effect="[{trash_pick: resource}, end_run]")
    assert t.outcome()["status"] == "unsuccessful"
    assert any("No resource can be picked" in x for x in texts(t))


def test_the_pick_happens_under_nsg_at_its_own_step():
    t = picks(ruleset="nsg", actions=('{at: "6.9.3d", ice: Picker, by: corp, pick: Corroder}',
                                       '{at: "6.9.3b", ice: Ice Wall, by: runner, break: all, with: Corroder}'))
    assert "Corroder is trashed" in texts(t)
    assert t.outcome()["status"] == "unsuccessful"


def test_a_pick_naming_no_card_of_the_scenario_is_an_error():
    with pytest.raises(ScenarioError) as e:
        scenario(BOARD % {"effect": "{trash_pick: program}", "cards": TWO, "grip": 0,
                          "actions": '[{at: "3.2", ice: Picker, by: corp, pick: Nobody}]'})
    assert "Nobody" in e.value.located_text("en") and "pick" in e.value.located_text("en")


def test_an_unknown_kind_is_an_error_that_lists_the_kinds():
    with pytest.raises(ScenarioError) as e:
        scenario(BOARD % {"effect": "{trash_pick: spaceship}", "cards": TWO, "grip": 0, "actions": "[]"})
    text = e.value.located_text("en")
    assert "trash_pick" in text and "runner_card" in text


def test_korean_words_for_a_pick():
    t = picks(cards="[{card: corroder}]")
    ko = [e.text(t.rs, "ko") for e in t.events]
    assert any("고를 수 있는 프로그램은 그것 하나뿐이다" in x for x in ko)
    t = picks()
    assert any("아무것도 제거되지 않는다" in w.text(t.rs, "ko") for w in t.warnings)


def test_the_schema_knows_the_pick_words():
    props = schema()["$defs"]["effect"]["oneOf"][1]["properties"]
    assert {"trash_pick", "return_pick", "pick", "picker", "one_per_encounter"} <= set(props)
    assert "runner_card" in props["trash_pick"]["enum"]


def test_a_run_event_reacts_only_in_the_run_it_made():
    from judge.engine import run_turn
    sc = scenario("""
        servers: {HQ: {ice: [{card: tollbooth, rezzed: true}], cards: [Hedge Fund]}}
        runner: {credits: 3, cards: [{card: window_of_opportunity}]}
        runs:
          - {server: HQ, by: Window of Opportunity}
          - {server: HQ}
        """)
    first, second = run_turn(sc)
    assert first.lists["passed"] == ["Tollbooth"] and not first.lists["encountered"]
    assert second.lists["encountered"] == ["Tollbooth"]  # rezzed again when run 1 ended, not derezzed again
    assert not any("Window of Opportunity" in x for x in texts(second))


def test_a_may_pick_with_no_pick_written_is_not_used_and_says_so():
    t = run_yaml("""
        run: {server: HQ}
        servers: {HQ: {ice: [{card: thimblerig, rezzed: true}, {card: ice_wall, rezzed: true}], cards: [Hedge Fund]}}
        actions: [{at: "3.1", ice: Thimblerig, by: runner, break: all}]
        """)
    assert any("no pick is written for this step: it is not used" in x for x in texts(t))
    assert t.lists["encountered"] == ["Thimblerig", "Ice Wall"]


def test_two_picks_swap_two_other_ice():
    t = run_yaml("""
        run: {server: HQ}
        servers:
          HQ: {ice: [{card: metamorph, rezzed: true}, {card: ice_wall}], cards: [Hedge Fund]}
          R&D: {ice: [{card: enigma}, {card: tollbooth}]}
        actions:
          - {at: "3.2", ice: Metamorph, by: corp, pick: Ice Wall}
          - {at: "3.2", ice: Metamorph, by: corp, pick: Enigma}
        """)
    assert t.lists["approached"] == ["Metamorph", "Enigma"]


def test_the_runner_gives_up_one_card_and_declines_the_next_subroutine():
    t = run_yaml("""
        run: {server: HQ}
        runner: {credits: 5, grip: 5, cards: [{card: corroder}, {card: cyberfeeder}]}
        servers: {HQ: {ice: [{card: kamali_1_0, rezzed: true}, {card: ice_wall, rezzed: true, counters: {advancement: 0}}],
                       cards: [Hedge Fund]}}
        actions:
          - {at: "3.2", ice: Kamali 1.0, by: runner, pick: Cyberfeeder}
          - {at: "3.2", ice: Kamali 1.0, by: runner, decline: Kamali 1.0}
          - {at: "3.1", ice: Ice Wall, by: runner, break: all, with: Corroder}
        """)
    assert "Cyberfeeder is trashed" in texts(t) and "Corroder is trashed" not in texts(t)
    assert t.board["damage"]["core"] == 2  # no resource to give up, and the program kept
    assert t.outcome()["status"] == "successful"


def test_an_ai_breaker_cannot_break_swordsman_but_breaks_other_ice():
    base = """
        run: {server: HQ}
        runner: {credits: 5, cards: [{card: mayfly}]}
        servers: {HQ: {ice: [{card: %s, rezzed: true}], cards: [Hedge Fund]}}
        actions: [{at: "3.1", ice: %s, by: runner, break: [1], with: Mayfly}]
        """
    t = run_yaml(base % ("swordsman", "Swordsman"))
    assert t.outcome()["broken"] == [] and any("AI programs cannot break" in w for w in warnings(t))
    t = run_yaml(base % ("enigma", "Enigma"))
    assert t.outcome()["broken"] == ["Enigma 1"]


def test_hammer_lets_a_non_killer_break_one_subroutine_per_encounter():
    base = """
        run: {server: HQ}
        runner: {credits: 10, cards: [{card: mayfly}]}
        servers: {HQ: {ice: [{card: hammer, rezzed: true}], cards: [Hedge Fund]}}
        actions: %s
        """
    t = run_yaml(base % '[{at: "3.1", ice: Hammer, by: runner, break: [1, 2], with: Mayfly}]')
    assert t.outcome()["broken"] == [] and any("only one of its printed subroutines" in w for w in warnings(t))
    t = run_yaml(base % '[{at: "3.1", ice: Hammer, by: runner, break: [1], with: Mayfly}]')
    assert t.outcome()["broken"] == ["Hammer 1"]


def test_clicks_broke_holds_after_a_runner_action_that_loses_clicks_and_breaks():
    base = """
        run: {server: HQ}
        runner: {clicks: 4}
        servers:
          HQ:
            ice:
              - {name: Bioroid, rezzed: true, subroutines: [End the run, {text: Hurt, effect: {only_if: {clicks_broke: true}, then: {tag: 1}}}]}
            cards: [Hedge Fund]
        actions: [{at: "3.1", ice: Bioroid, by: runner, effect: %s}]
        """
    t = run_yaml(base % "[{lose_clicks: 1}, {break: [1]}]")
    assert t.board["tags"] == 1
    t = run_yaml(base % "[{break: [1]}]")
    assert t.board["tags"] == 0


def test_an_advancement_counter_goes_only_on_a_card_the_corp_can_advance():
    base = """
        run: {server: HQ}
        corp: {cards: [{card: pravdivost_consulting_political_solutions}]}
        servers:
          HQ: {cards: [Hedge Fund]}
          R&D: {ice: [{card: ice_wall, rezzed: true}, {card: enigma, rezzed: true}]}
        actions: [{at: "5.4", by: corp, pick: %s}]
        """
    t = run_yaml(base % "Ice Wall")
    assert t.board["counters"] == {"Ice Wall": {"advancement": 1}}
    t = run_yaml(base % "Enigma")  # Enigma cannot be advanced: the pick is not taken
    assert t.board.get("counters", {}) == {} and any("was not taken" in w for w in warnings(t))


# ------------------------------------------------------------------ more picks (picks2)
def turn(text: str):
    from judge.engine import run_turn
    return run_turn(scenario(text))


def test_charge_pick_adds_a_power_counter_only_to_a_card_that_has_one():
    base = """
        run: {server: HQ}
        runner: {cards: [{name: Charger, type: resource, abilities: [{when: successful, effect: {charge_pick: runner_card_with_power}}]},
                         {name: Cell, type: hardware, counters: {power: %d}}]}
        servers: {HQ: {cards: [Hedge Fund]}}
        """
    assert run_yaml(base % 1).board["counters"] == {"Cell": {"power": 2}}
    t = run_yaml(base % 0)  # no power counter: nothing to charge
    assert t.board.get("counters", {}).get("Cell", {}).get("power", 0) == 0
    assert any("can be picked" in x for x in texts(t))


def test_a_trash_pick_of_another_runner_card_never_takes_its_own_card():
    t = run_yaml("""
        run: {server: HQ}
        runner: {cards: [{name: Tree, type: program, abilities: [{when: successful, effect: {trash_pick: other_runner_card}}]},
                         {card: corroder}]}
        servers: {HQ: {cards: [Hedge Fund]}}
        """)
    assert "Corroder is trashed" in texts(t) and "Tree is trashed" not in texts(t)


def test_sabotage_takes_a_card_of_hq_or_the_top_of_rd_and_not_the_second_of_rd():
    base = """
        run: {server: R&D}
        runner: {cards: [{name: Saboteur, type: program, abilities: [{when: successful, effect: {trash_pick: card_in_hq_or_rd_top, picker: corp}}]}]}
        servers: {R&D: {cards: [{card: hostile_takeover}, {card: hedge_fund}]}}
        actions: [{at: "5.4", by: corp, pick: %s}]
        """
    t = run_yaml(base % "Hostile Takeover")
    assert t.lists["accessed"] == ["Hedge Fund"]
    t = run_yaml(base % "Hedge Fund")  # not the top card: the pick is not taken, and the only card... is not alone
    assert any("was not taken" in w for w in warnings(t))


def test_to_hq_pick_moves_the_card_out_of_rd():
    t = run_yaml("""
        run: {server: R&D}
        corp: {cards: [{name: Puller, type: agenda, points: 1, abilities: [{when: paid, effect: {to_hq_pick: card_in_rd}}]}]}
        servers: {R&D: {cards: [{card: hostile_takeover}, {card: hedge_fund}]}}
        actions: [{at: "5.3", by: corp, use: Puller}, {at: "5.3", by: corp, pick: Hedge Fund}]
        """)
    assert "Hedge Fund is added to HQ" in texts(t)
    assert t.lists["accessed"] == ["Hostile Takeover"]


def test_install_pick_puts_ice_from_hq_innermost_and_moves_the_runner_to_it():
    t = run_yaml("""
        run: {server: R&D}
        corp: {cards: [{name: Installer, type: identity, abilities: [{when: approach_server, effect: {install_pick: ice_in_hq, move: true}}]}]}
        servers: {R&D: {cards: [{card: hedge_fund}]}, HQ: {cards: [{card: ice_wall}, {card: enigma}]}}
        actions: [{at: "5", by: corp, pick: Enigma}, {at: "2.3", ice: Enigma, by: corp, rez: Enigma}]
        """)
    assert t.lists["approached"] == ["Enigma"] and t.outcome()["status"] == "unsuccessful"


def test_install_pick_reads_the_server_and_position_written_on_the_pick():
    t = turn("""
        runs:
          - {server: Server 1, actions: [{at: "5.3", by: corp, use: Installer}, {at: "5.3", by: corp, pick: Ice Wall, server: R&D, position: outermost}]}
          - {server: R&D}
        corp: {cards: [{name: Installer, type: agenda, points: 1, abilities: [{when: paid, effect: {install_pick: ice_in_hq_or_archives}}]}]}
        servers: {Server 1: {cards: [{card: pad_campaign}]}, R&D: {ice: [{card: enigma}], cards: [{card: hedge_fund}]}, Archives: {cards: [{card: ice_wall}]}}
        """)
    assert t[1].lists["approached"] == ["Ice Wall", "Enigma"]


def test_a_swap_of_an_ice_of_the_attacked_server_with_another_ice():
    base = """
        runs:
          - {server: HQ, actions: %s}
          - {server: R&D}
        runner: {cards: [{name: Mover, type: program, abilities: [{when: successful, effect: {swap_pick: server_ice_and_other}}]}]}
        servers: {HQ: {ice: [{card: ice_wall}], cards: [Hedge Fund]}, R&D: {ice: [{card: enigma}, {card: tollbooth}], cards: [{card: pad_campaign}]}}
        """
    t = turn(base % '[{at: "5.4", by: runner, pick: Tollbooth}]')  # HQ's only ice, then the Runner's pick
    assert t[1].lists["approached"] == ["Enigma", "Ice Wall"]
    t = turn(base % "[]")  # two other ice and no pick: none swapped
    assert t[1].lists["approached"] == ["Enigma", "Tollbooth"]


def test_hq_cards_counts_the_cards_of_hq_and_is_taken_to_hold_when_none_is_given():
    base = """
        run: {server: Server 1}
        servers: {Server 1: {root: [{name: Void, type: upgrade, rezzed: true, abilities: [{when: approach_server, if: {hq_cards: 2}, effect: end_run}]}],
                             cards: [{card: pad_campaign}]}%s}
        """
    assert run_yaml(base % ", HQ: {cards: [Hedge Fund, {card: enigma}]}").outcome()["status"] == "unsuccessful"
    assert run_yaml(base % ", HQ: {cards: [Hedge Fund]}").outcome()["status"] == "successful"
    t = run_yaml(base % "")
    assert t.outcome()["status"] == "unsuccessful" and any("lists none there" in w for w in warnings(t))


def test_strength_pick_pays_the_x_written_on_the_pick_and_a_poor_corp_changes_nothing():
    base = """
        run: {server: Server 1}
        runner: {credits: 1, cards: [{card: corroder}]}
        corp: {credits: %d}
        servers: {Server 1: {ice: [{card: ice_wall, rezzed: true, counters: {advancement: 0}}],
                             root: [{card: corporate_troubleshooter, rezzed: true}], cards: [{card: pad_campaign}]}}
        actions:
          - {at: "2.3", ice: Ice Wall, by: corp, use: Corporate Troubleshooter}
          - {at: "2.3", ice: Ice Wall, by: corp, pick: Ice Wall, x: 2}
          - {at: "3.1", ice: Ice Wall, by: runner, break: all, with: Corroder}
        """
    t = run_yaml(base % 3)
    assert t.outcome()["status"] == "unsuccessful" and t.board.get("corp_credits", 1) == 1
    t = run_yaml(base % 1)
    assert t.outcome()["status"] == "successful"


def test_the_x_of_a_pick_is_a_whole_number():
    with pytest.raises(ScenarioError):
        scenario("""
            run: {server: HQ}
            servers: {HQ: {ice: [{card: ice_wall, rezzed: true}], cards: [Hedge Fund]}}
            actions: [{at: "3.1", ice: Ice Wall, by: corp, pick: Ice Wall, x: many}]
            """)


def test_expose_pick_sends_the_ice_to_hq_only_when_it_has_the_named_subtype():
    base = """
        run: {server: HQ}
        runner: {cards: [{name: Namer, type: program, abilities: [{when: successful, effect: {expose_pick: installed_ice}}]}]}
        servers: {HQ: {cards: [Hedge Fund]}, R&D: {ice: [{card: enigma, rezzed: true}]}}
        actions: [{at: "5.4", by: runner, pick: Enigma, named: %s}]
        """
    t = run_yaml(base % "code gate")
    assert "Enigma is added to HQ" in texts(t) and any("Enigma is uninstalled" in x for x in texts(t))
    t = run_yaml(base % "barrier")
    assert "Enigma is added to HQ" not in texts(t) and any("Enigma is exposed" in x for x in texts(t))


def test_host_pick_moves_a_trojan_and_its_chosen_ice_abilities_follow_it():
    base = """
        run: {server: HQ}
        runner: {credits: 5, cards: [{name: Mover, type: resource, abilities: [{when: paid, effect: {host_pick: trojan_on_attacked_server_ice}}]},
                                     {card: physarum_entangler, chosen: Tollbooth}]}
        servers:
          HQ: {ice: [{card: enigma, rezzed: true}], cards: [Hedge Fund]}
          Server 1: {ice: [{card: tollbooth, rezzed: true}], cards: [{card: pad_campaign}]}
        actions: %s
        """
    t = run_yaml(base % '[{at: "2.1", ice: Enigma, by: runner, use: Mover}]')
    assert "Physarum Entangler is now hosted on Enigma" in texts(t) and t.lists["bypassed"] == ["Enigma"]
    t = run_yaml(base % "[]")
    assert t.outcome()["status"] == "unsuccessful"
