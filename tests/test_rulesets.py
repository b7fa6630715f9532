"""The nsg and ffg-core rule sets: every point where they differ from ffg-rr (rules.md section E)."""

from __future__ import annotations

import pytest
from helpers import board, ice, scenario, skipped, texts

from judge import rulesets
from judge.analysis.compare import compare_rulesets
from judge.engine import run
from judge.errors import ScenarioError
from judge.render.compare_text import render_text
from judge.rulesets.translate import ROWS, translate

NSG_SERVER = ["6.9.4g", "6.9.4h", "6.9.5a", "6.9.5b", "6.9.5c", "6.9.6a", "6.9.6b", "6.9.6c", "6.9.6d"]


def test_nsg_without_ice_goes_from_initiation_to_movement_and_the_server():
    t = board(ruleset="nsg", server="R&D", cards=[{"name": "Top", "type": "operation"}])
    assert t.path == ["6.9.1a", "6.9.1b", "6.9.1c", "6.9.1d", "6.9.1e", "6.9.1f", "6.9.4a", "6.9.4b",
                      "6.9.4c", "6.9.4d", "6.9.4e", "6.9.4f"] + NSG_SERVER
    assert "6.9.2a" in skipped(t) and "6.9.3e" in skipped(t)
    assert t.status == "successful"


def test_nsg_has_a_rez_window_in_initiation():
    t = board(ruleset="nsg", root=[{"name": "Caprice", "type": "upgrade"}],
              actions=[{"at": "6.9.1e", "by": "corp", "rez": "Caprice"}])
    assert any(e.msg == "rezzed_card" and e.step == "6.9.1e" for e in t.events)


def test_nsg_jack_out_comes_after_passing_so_the_next_ice_is_never_approached():
    t = board(ruleset="nsg", ice=[ice("Enigma", subs=[]), ice("Hunter", rezzed=False)],
              runner=[{"name": "Watcher", "abilities": [{"when": "approached", "ice": "Hunter", "effect": {"note": "x"}}]}],
              actions=[{"at": "6.9.4c", "ice": "Enigma", "by": "runner", "jack_out": True}])
    assert t.path[-6:] == ["6.9.4b@Enigma", "6.9.4c@Enigma", "6.9.6a", "6.9.6b", "6.9.6c", "6.9.6d"]
    assert t.lists["approached"] == ["Enigma"] and t.lists["triggered"] == []
    assert t.status == "unsuccessful"


def test_nsg_approach_server_triggers_after_the_last_jack_out_decision_and_rez_window():
    t = board(ruleset="nsg", runner=[{"name": "W", "abilities": [{"when": "approach_server", "effect": {"note": "x"}}]}])
    trig = next(e for e in t.events if e.kind == "trigger")
    assert trig.step == "6.9.4g"
    assert t.path.index("6.9.4c") < t.path.index("6.9.4e") < t.path.index("6.9.4g")


def test_ffg_rr_approach_server_triggers_before_the_last_jack_out_decision():
    t = board(runner=[{"name": "W", "abilities": [{"when": "approach_server", "effect": {"note": "x"}}]}])
    assert next(e for e in t.events if e.kind == "trigger").step == "5"
    assert t.path.index("5") < t.path.index("5.2")


def _uninstall_in_window(ruleset: str, at: str):
    return board(ruleset=ruleset, ice=[ice("Himitsu-Bako")],
                 runner=[{"name": "Khan", "abilities": [{"when": "passed", "effect": {"gain": 1}}]}],
                 actions=[{"at": at, "ice": "Himitsu-Bako", "by": "corp", "uninstall": "Himitsu-Bako"},
                          {"at": at, "ice": "Himitsu-Bako", "by": "runner", "gain": 2}])


def test_nsg_completes_the_open_window_when_the_approached_ice_leaves():
    t = _uninstall_in_window("nsg", "6.9.2b")
    assert not any(e.kind == "warning" for e in t.events)
    assert any(e.msg == "gains" and e.step == "6.9.2b" for e in t.events)
    assert t.path[t.path.index("6.9.2b@Himitsu-Bako") + 1] == "6.9.4a@Himitsu-Bako"


def test_ffg_rr_closes_the_open_window_when_the_approached_ice_leaves():
    t = _uninstall_in_window("ffg-rr", "2.3")
    assert any(e.msg == "warn_dropped_action" for e in t.events)
    assert any(e.msg == "window_closed_early" for e in t.events)


def test_nsg_passes_only_the_position_of_ice_that_left_so_when_passed_does_not_fire():
    t = _uninstall_in_window("nsg", "6.9.2b")
    assert t.lists["passed"] == [] and t.lists["triggered"] == []
    assert any(e.msg == "position_passed" for e in t.events)


def test_ffg_rr_counts_ice_that_left_as_passed():
    t = _uninstall_in_window("ffg-rr", "2.3")
    assert t.lists["passed"] == ["Himitsu-Bako"] and t.lists["triggered"] == ["Khan: passed"]


def test_nsg_resolves_all_successful_run_abilities_in_one_window_in_the_runners_order():
    runner = [{"name": "Desperado", "abilities": [{"when": "successful", "effect": {"gain": 1}}]},
              {"name": "Account Siphon", "abilities": [{"when": "if_successful", "effect": {"note": "siphon"}}]}]
    nsg = board(ruleset="nsg", by="Account Siphon", runner=runner)
    rr = board(by="Account Siphon", runner=runner)
    assert nsg.lists["triggered"] == ["Desperado: successful", "Account Siphon: if_successful"]
    assert rr.lists["triggered"] == ["Account Siphon: if_successful", "Desperado: successful"]


def test_nsg_breach_leaves_cards_where_they_are_instead_of_setting_them_aside():
    t = board(ruleset="nsg")
    assert any(e.msg == "stays" for e in t.events)
    assert not any(e.msg in ("set_aside", "returned") for e in t.events)


def test_nsg_ending_the_run_after_success_still_goes_to_run_ends_and_stays_successful():
    t = board(ruleset="nsg", server="Server 1", cards=[{"name": "Agenda", "type": "agenda", "points": 2}],
              root=[{"name": "GMF", "type": "upgrade", "rezzed": True,
                     "abilities": [{"when": "successful", "effect": {"pay": 9, "otherwise": "end_run"}}]}])
    assert t.path[-5:] == ["6.9.5a", "6.9.6a", "6.9.6b", "6.9.6c", "6.9.6d"]
    assert t.status == "successful"


def test_nsg_run_end_abilities_resolve_at_6_9_6d_after_the_label():
    t = board(ruleset="nsg", runner=[{"name": "John Masanori", "abilities": [
        {"when": "unsuccessful", "effect": {"note": "tag"}}, {"when": "run_ends", "effect": {"note": "draw"}}]}],
              actions=[{"at": "6.9.4c", "by": "runner", "jack_out": True}])
    trig = [e for e in t.events if e.kind == "trigger"]
    assert [e.step for e in trig] == ["6.9.6d", "6.9.6d"]
    assert t.lists["triggered"] == ["John Masanori: unsuccessful", "John Masanori: run_ends"]


def test_nsg_returns_the_bad_publicity_fund_at_6_9_6b():
    t = board(ruleset="nsg", bp=2)
    assert next(e for e in t.events if e.msg == "bp_returned").step == "6.9.6b"  # returned to the bank
    assert t.bp == {"gained": 2, "spent": 0, "lost": 2}


def test_nsg_resolves_subroutines_one_at_a_time_in_the_6_9_3c_d_loop():
    t = board(ruleset="nsg", ice=[ice("Little Engine", subs=["Lose a click", "End the run", "Gain 5"])])
    assert [p for p in t.path if p.startswith("6.9.3")] == [
        "6.9.3a@Little Engine", "6.9.3b@Little Engine", "6.9.3c@Little Engine", "6.9.3d@Little Engine",
        "6.9.3c@Little Engine", "6.9.3d@Little Engine"]
    assert t.status == "unsuccessful"


def test_ffg_core_passes_ice_on_the_edges_and_has_no_pass_step():
    t = board(ruleset="ffg-core", ice=[ice("A", subs=[]), ice("B", rezzed=False)],
              runner=[{"name": "Khan", "abilities": [{"when": "passed", "effect": {"gain": 1}}]}])
    assert t.path == ["1", "2@A", "2.1@A", "2.3@A", "2.4@A", "3@A", "3.1@A", "3.2@A", "2@B", "2.1@B",
                      "2.2@B", "2.3@B", "2.4@B", "4", "4.1", "4.2", "4.3", "4.4", "4.5", "5"]
    assert t.lists["passed"] == ["A", "B"] and t.lists["triggered"] == ["Khan: passed", "Khan: passed"]


def test_ffg_core_without_ice_goes_to_4_where_passes_all_ice_triggers():
    t = board(ruleset="ffg-core", runner=[{"name": "C", "abilities": [{"when": "all_ice_passed", "effect": {"note": "x"}}]}])
    assert t.path[:2] == ["1", "4"]
    assert next(e for e in t.events if e.kind == "trigger").step == "4"


def test_ffg_core_jack_out_goes_to_6_and_success_ends_at_5():
    out = board(ruleset="ffg-core", actions=[{"at": "4.2", "by": "runner", "jack_out": True}])
    assert out.path[-2:] == ["4.2", "6"] and out.status == "unsuccessful"
    assert board(ruleset="ffg-core").end == "5"


def test_ffg_core_bypass_passes_the_ice_at_once():
    t = board(ruleset="ffg-core", ice=[ice("Tollbooth")],
              runner=[{"name": "Inside Job", "abilities": [{"when": "encountered", "effect": "bypass"}]}])
    assert t.path[5:7] == ["3@Tollbooth", "4"]
    assert t.lists["passed"] == ["Tollbooth"] and t.status == "successful"


# ------------------------------------------------------------------ translation and compare

def test_every_step_of_every_rule_set_is_in_the_translation_table():
    for rs in rulesets.RULESETS.values():
        in_table = {s for r in ROWS for s in r.steps[rs.id]}
        assert set(rs.step_ids) <= in_table, set(rs.step_ids) - in_table


def test_old_step_numbers_translate_to_the_current_rules():
    assert translate("ffg-core", "4.3")["to"] == {"ffg-rr": ["5.3"], "nsg": ["6.9.4e"]}
    assert translate("ffg-rr", "4")["to"]["nsg"] == ["6.9.4a"]
    assert translate("nsg", "6.9.2b")["to"]["ffg-rr"] == ["2.1", "2.3"]


def test_an_unknown_step_says_which_rule_sets_have_it():
    with pytest.raises(ScenarioError, match='"6.9.2b" is not a step of ffg-rr; it is a step of nsg'):
        translate("ffg-rr", "6.9.2b")


def test_running_under_another_rule_set_places_actions_by_what_they_mean():
    sc = scenario("""\
        run: {server: HQ}
        servers: {HQ: {ice: [{name: Ice Wall, rezzed: true, subroutines: [End the run]}]}}
        actions:
          - {at: "3.1", ice: Ice Wall, by: runner, break: all}
          - {at: "5.2", by: runner, jack_out: true}
        """)
    assert run(sc, "ffg-core").path[-2:] == ["4.2", "6"]
    nsg = run(sc, "nsg")  # the last jack-out decision is 6.9.4c of the innermost ice (rules.md E4)
    assert nsg.path[-5:] == ["6.9.4c@Ice Wall", "6.9.6a", "6.9.6b", "6.9.6c", "6.9.6d"]
    assert nsg.status == "unsuccessful" and nsg.dropped == [] and nsg.warnings == []


def test_compare_marks_a_different_path_and_a_trigger_that_never_happens():
    sc = scenario("""\
        run: {server: Server 1}
        runner:
          cards: [{name: Watcher, abilities: [{when: approached, ice: Hunter, effect: {note: seen}}]}]
        servers:
          Server 1:
            ice: [{name: Enigma, rezzed: true, subroutines: []}, {name: Hunter, subroutines: []}]
            cards: [{name: Agenda, type: agenda}]
        actions:
          - {at: {ffg-rr: "2.2", ffg-core: "2.2"}, ice: Hunter, by: runner, jack_out: true}
          - {at: {nsg: "6.9.4c"}, ice: Enigma, by: runner, jack_out: true}
        """)
    cmp = compare_rulesets(sc)
    assert set(cmp.traces) == {"ffg-rr", "nsg", "ffg-core"} and not cmp.unplaced
    kinds = {(d["kind"], tuple(d["rulesets"])) for d in cmp.divergences}
    assert ("trigger", ("ffg-rr", "nsg")) in kinds
    assert ("trigger", ("ffg-rr", "ffg-core")) not in kinds
    trig = next(d for d in cmp.divergences if d["kind"] == "trigger" and d["rulesets"] == ["ffg-rr", "nsg"])
    assert (trig["card"], trig["when"], trig["ffg-rr"], trig["nsg"]) == ("Watcher", "approached", ["2@Hunter"], None)
    assert trig["trigger"] == "Watcher: approached"     # the JSON's key as it has always been
    text = render_text(cmp)
    assert "Watcher: when approached triggers at a different moment: ffg-rr 2@Hunter, nsg never" in text
    ko = render_text(cmp, "ko")
    assert "Watcher: 접근할 때 격발 시점이 다르다: ffg-rr 2@사냥꾼, nsg 격발 안 됨" in ko, ko   # Hunter is a real card's title


def test_compare_says_the_rule_sets_agree_when_they_do():
    sc = scenario("""\
        run: {server: HQ}
        servers: {HQ: {cards: [{name: Hedge Fund, type: operation}]}}
        """)
    cmp = compare_rulesets(sc)
    assert cmp.divergences == []
    assert "agree" in render_text(cmp)


def test_nsg_numbers_a_second_approach_of_the_same_ice_when_it_is_entered():
    t = board(ruleset="nsg", ice=[ice("Ice A", rezzed=False, abilities=[])],
              runner=[{"name": "Replicator", "abilities": [{"when": "passed", "first": True, "effect": "approach_again"}]}])
    assert "6.9.2a@Ice A#2" in t.path


def test_ffg_core_approaches_ice_again_when_a_pass_on_the_edge_asks_for_it():
    t = board(ruleset="ffg-core", ice=[ice("Ice A", rezzed=False), ice("Ice B", rezzed=False)],
              runner=[{"name": "Replicator", "abilities": [{"when": "passed", "first": True, "effect": "approach_again"}]}])
    assert t.lists["approached"] == ["Ice A", "Ice A", "Ice B"]
    assert "2.2@Ice A#2" in t.path


def test_ffg_core_accepts_trashing_at_its_access_step():
    t = board(ruleset="ffg-core", server="Server 1", cards=[{"name": "PAD", "type": "asset", "trash_cost": 2}],
              actions=[{"at": "4.5", "by": "runner", "trash": "PAD"}])
    assert t.lists["trashed"] == ["PAD"]


def test_an_action_placed_per_rule_set_is_checked_against_each_of_them():
    with pytest.raises(ScenarioError, match="cannot jack out at 2.3 unless a card"):
        scenario("""\
            run: {server: HQ}
            servers: {HQ: {ice: [{name: Ice Wall, rezzed: true, subroutines: []}]}}
            actions:
              - {at: {ffg-rr: "2.3", nsg: "6.9.2b"}, ice: Ice Wall, by: runner, jack_out: true}
            """)


def test_a_mandatory_replacement_wins_under_ffg_but_the_runner_chooses_under_nsg():
    runner = [{"name": "Account Siphon", "abilities": [{"when": "if_successful", "effect": {"instead_of_access": "siphon"}}]},
              {"name": "Security Testing", "abilities": [{"when": "successful",
                                                          "effect": {"instead_of_access": "2 credits", "mandatory": True}}]}]
    def replaced(t):
        return next(e for e in t.events if e.msg == "access_replaced").args_get("what")
    assert replaced(board(by="Account Siphon", runner=runner)) == "2 credits"
    assert replaced(board(ruleset="nsg", by="Account Siphon", runner=runner)) == "siphon"


def test_nsg_run_end_abilities_share_one_window_in_the_runners_order():
    t = board(ruleset="nsg", runner=[{"name": "Dirty Laundry", "abilities": [{"when": "run_ends", "effect": {"gain": 5}}]},
                                     {"name": "John Masanori", "abilities": [{"when": "unsuccessful", "effect": {"note": "tag"}}]}],
              actions=[{"at": "6.9.4c", "by": "runner", "jack_out": True}])
    assert t.lists["triggered"] == ["Dirty Laundry: run_ends", "John Masanori: unsuccessful"]


@pytest.mark.parametrize("ruleset,jack", [("ffg-rr", "5.2"), ("nsg", "6.9.4c")])
def test_the_label_is_fixed_when_the_run_ends_and_later_effects_cannot_change_it(ruleset, jack):
    t = board(ruleset=ruleset, server="Server 1", cards=[{"name": "Asset", "type": "asset", "rezzed": True}],
              corp=[{"name": "Cleaner", "type": "identity", "abilities": [{"when": "run_ends", "effect": {"uninstall": "Asset"}}]}],
              actions=[{"at": jack, "by": "runner", "jack_out": True}])
    assert t.status == "unsuccessful"


def test_an_action_can_name_a_different_ice_per_rule_set():
    sc = scenario("""\
        run: {server: Server 1}
        servers:
          Server 1:
            ice: [{name: Enigma, rezzed: true, subroutines: []}, {name: Hunter, subroutines: []}]
            cards: [{name: Agenda, type: agenda}]
        actions:
          - {at: {ffg-rr: "2.2", nsg: "6.9.4c"}, ice: {ffg-rr: Hunter, nsg: Enigma}, by: runner, jack_out: true}
        """)
    assert run(sc, "ffg-rr").path[-2:] == ["2.2@Hunter", "7"]
    assert run(sc, "nsg").path[-5:] == ["6.9.4c@Enigma", "6.9.6a", "6.9.6b", "6.9.6c", "6.9.6d"]


# ------------------------------------------------------- the CR's own examples (6.2.7e, 6.8.2c, 7.4.5)

def _swap_at(step: str, **kw):
    return board(ruleset="nsg", server="R&D", credits=0, ice=[ice("Ice Wall", subs=[])],
                 servers={"HQ": {"cards": [ice("Enigma", rezzed=False)]}},
                 actions=[{"at": step, "by": "corp", "swap_ice": ["Ice Wall", "Enigma"], **kw},
                          {"at": "6.9.2b", "ice": "Enigma", "by": "corp", "rez": "Enigma"}])


def test_nsg_a_swap_before_the_first_approach_changes_the_ice_the_runner_approaches_not_the_runner():
    t = _swap_at("6.9.1e")
    assert t.lists["approached"] == ["Enigma"]
    assert t.lists["encountered"] == ["Enigma"]
    assert t.status == "unsuccessful"  # Enigma's End the run, nothing broken
    assert any("now holds Enigma" in x for x in texts(t, "action"))


def test_nsg_the_ice_swapped_out_before_its_approach_is_not_counted_as_approached():
    t = _swap_at("6.9.1e")
    assert "6.9.2a@Enigma" in t.path and not any("#2" in p for p in t.path)


def test_nsg_a_run_ended_mid_phase_completes_its_reaction_window_but_begins_no_encounter():
    root = [{"name": "Gate", "type": "upgrade", "rezzed": True,
             "abilities": [{"when": "approach_server", "effect": {"pay": 5, "otherwise": "end_run"}}]},
            {"name": "Toll", "type": "upgrade", "rezzed": True,
             "abilities": [{"when": "approach_server", "effect": {"lose": 1}}]}]
    servers = {"Archives": {"ice": [ice("Sentry", rezzed=False)]}}
    act = [{"at": "6.9.4g", "by": "corp", "effect": [{"move_ice": "Sentry", "to": "Server 1", "position": "innermost"},
                                                     {"encounter": "Sentry"}]}]
    t = board(ruleset="nsg", server="Server 1", credits=3, root=root, servers=servers, actions=act)
    assert t.lists["triggered"] == ["Gate: approach_server", "Toll: approach_server"]
    assert t.states[-1][1].credits == 2
    assert t.lists["encountered"] == []
    assert any("No encounter with Sentry begins" in x for x in texts(t, "action"))


def test_ffg_a_run_ended_at_the_approach_of_the_server_drops_what_is_still_pending():
    root = [{"name": "Gate", "type": "upgrade", "rezzed": True,
             "abilities": [{"when": "approach_server", "effect": {"pay": 5, "otherwise": "end_run"}}]},
            {"name": "Toll", "type": "upgrade", "rezzed": True,
             "abilities": [{"when": "approach_server", "effect": {"lose": 1}}]}]
    t = board(server="Server 1", credits=3, root=root)
    assert t.lists["triggered"] == ["Gate: approach_server"]
    assert t.states[-1][1].credits == 3


def test_nsg_a_run_ended_at_the_beginning_of_a_phase_still_drops_the_pending_abilities():
    tollbooth = ice("Tollbooth", abilities=[{"when": "encountered", "effect": {"pay": 3, "otherwise": "end_run"}}])
    nexus = [{"name": "Nexus", "abilities": [{"when": "encountered", "effect": "end_run"}]}]
    t = board(ruleset="nsg", ice=[tollbooth], runner=nexus, credits=0)
    assert t.lists["triggered"] == ["Nexus: encountered"]


@pytest.mark.parametrize("ruleset,step,times", [("nsg", "6.9.5b", 2), ("ffg-rr", "5.5", 1), ("ffg-core", "4.5", 1)])
def test_a_card_trashed_into_archives_during_its_breach_is_a_new_candidate_only_under_nsg(ruleset, step, times):
    t = board(ruleset=ruleset, server="Archives", root=[{"name": "Grid", "type": "upgrade", "trash_cost": 3}],
              actions=[{"at": step, "by": "runner", "trash": "Grid"}])
    assert t.lists["accessed"].count("Grid") == times
    assert t.lists["trashed"] == ["Grid"]


def test_moving_the_runner_during_the_breach_does_nothing_and_says_so():
    t = board(servers={"Archives": {"ice": [ice("Wall")]}},
              runner=[{"name": "Mover", "abilities": [{"when": "accessed", "effect": {"move_runner": "Archives"}}]}])
    assert t.status == "successful"
    assert t.lists["approached"] == []
    assert any("is not moved to Archives" in x for x in texts(t, "action"))
