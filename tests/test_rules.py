"""One test (at least) for every rule of ../shared/spec/run-timing.md, ruleset ffg-rr."""

from __future__ import annotations

import pytest
from helpers import board, ice, skipped, texts

from judge.errors import RunError, ScenarioError

FULL_SERVER = ["5", "5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "6"]


# ------------------------------------------------------------------ step 1

def test_run_initiation_goes_to_approach_when_ice_protects_the_server():
    t = board(ice=[ice("Ice Wall")])
    assert t.path[:2] == ["1", "2@Ice Wall"]


def test_run_initiation_gives_one_credit_per_bad_publicity_for_this_run_only():
    t = board(bp=2)
    assert t.bp["gained"] == 2
    assert t.bp["lost"] == 2


def test_run_begins_abilities_trigger_at_initiation():
    t = board(runner=[{"name": "Ghost", "abilities": [{"when": "run_begins", "effect": {"gain": 1}}]}])
    assert t.lists["triggered"] == ["Ghost: run_begins"]
    assert next(e for e in t.events if e.kind == "trigger").step == "1"


# ------------------------------------------------------------------ step 2

def test_the_runner_approaches_ice_from_outermost_to_innermost():
    t = board(ice=[ice("Outer", rezzed=False), ice("Middle", rezzed=False), ice("Inner", rezzed=False)])
    assert t.lists["approached"] == ["Outer", "Middle", "Inner"]
    assert t.lists["passed"] == ["Outer", "Middle", "Inner"]


def test_when_approached_abilities_trigger_at_step_2():
    t = board(ice=[ice("Tripwire", abilities=[{"when": "approached", "effect": {"note": "boom"}}])])
    trig = next(e for e in t.events if e.kind == "trigger")
    assert (trig.occurrence, trig.extra_get("when")) == ("2@Tripwire", "approached")


def test_paid_ability_window_gives_the_runner_priority_first_then_the_corp():
    t = board(ice=[ice("Ice Wall")])
    window = [e for e in t.events if e.occurrence == "2.1@Ice Wall" and e.kind == "priority"]
    assert [(e.msg, e.side) for e in window] == [
        ("priority", "runner"), ("pass", "runner"), ("priority", "corp"), ("pass", "corp"),
        ("window_closes", None)]


def test_the_first_approach_of_the_run_skips_the_jack_out_decision():
    t = board(ice=[ice("Ice Wall", rezzed=False)])
    assert "2.2@Ice Wall" not in t.path
    assert skipped(t)[0] == "2.2@Ice Wall"
    assert "first approach" in t.skipped[0].text(t.rs)


def test_later_approaches_offer_the_jack_out_decision():
    t = board(ice=[ice("Outer", rezzed=False), ice("Inner", rezzed=False)])
    assert "2.2@Inner" in t.path
    assert "2.2@Outer" not in t.path


def test_jacking_out_at_2_2_ends_the_run_unsuccessfully_at_7():
    t = board(ice=[ice("Outer", rezzed=False), ice("Inner", rezzed=False)],
              actions=[{"at": "2.2", "ice": "Inner", "by": "runner", "jack_out": True}])
    assert t.path[-2:] == ["2.2@Inner", "7"]
    assert t.status == "unsuccessful"
    assert "2.3@Inner" not in t.path


def test_jacking_out_at_the_first_approach_is_rejected_with_a_clear_message():
    with pytest.raises(ScenarioError, match="cannot jack out at 2.2@Ice Wall"):
        board(ice=[ice("Ice Wall")], actions=[{"at": "2.2", "ice": "Ice Wall", "by": "runner", "jack_out": True}])


def test_the_corp_may_rez_the_approached_ice_at_2_3_and_the_runner_encounters_it():
    t = board(ice=[ice("Enigma", rezzed=False)],
              actions=[{"at": "2.3", "ice": "Enigma", "by": "corp", "rez": "Enigma"}])
    assert "3@Enigma" in t.path
    assert t.status == "unsuccessful"  # its unbroken End the run fires


def test_non_ice_cards_may_be_rezzed_at_2_3():
    t = board(ice=[ice("Ice Wall", rezzed=False)], root=[{"name": "Akitaro", "type": "upgrade"}],
              actions=[{"at": "2.3", "ice": "Ice Wall", "by": "corp", "rez": "Akitaro"}])
    assert any(e.msg == "rezzed_card" for e in t.events)


def test_unrezzed_ice_is_passed_without_an_encounter():
    t = board(ice=[ice("Wall of Static", rezzed=False)])
    assert t.path[:6] == ["1", "2@Wall of Static", "2.1@Wall of Static", "2.3@Wall of Static",
                          "2.4@Wall of Static", "4@Wall of Static"]
    assert skipped(t) == ["2.2@Wall of Static", "3@Wall of Static", "3.1@Wall of Static",
                          "3.2@Wall of Static"]
    assert t.lists["encountered"] == []
    assert t.status == "successful"


# ------------------------------------------------------------------ step 3

def test_when_encountered_abilities_resolve_before_the_runner_can_break():
    t = board(credits=5, ice=[ice("Tollbooth", abilities=[
        {"when": "encountered", "effect": {"pay": 3, "otherwise": "end_run"}}])],
              actions=[{"at": "3.1", "ice": "Tollbooth", "by": "runner", "break": "all"}])
    kinds = [(e.kind, e.occurrence) for e in t.events if e.kind in ("trigger", "action")
             and e.ice == "Tollbooth" and e.step in ("3", "3.1")]
    assert kinds[0] == ("trigger", "3@Tollbooth")
    assert t.status == "successful"


def test_an_encounter_ability_the_runner_cannot_pay_ends_the_run_before_3_1():
    t = board(credits=2, ice=[ice("Tollbooth", abilities=[
        {"when": "encountered", "effect": {"pay": 3, "otherwise": "end_run"}}])])
    assert t.path[-2:] == ["3@Tollbooth", "7"]
    assert "3.1@Tollbooth" not in t.path


def test_subroutines_can_be_broken_only_at_3_1():
    with pytest.raises(ScenarioError, match="only while the Runner interacts"):
        board(ice=[ice("Ice Wall")], actions=[{"at": "2.3", "ice": "Ice Wall", "by": "runner", "break": "all"}])


def test_nothing_can_be_rezzed_during_an_encounter():
    with pytest.raises(ScenarioError, match="not at 3.1"):
        board(ice=[ice("Ice Wall")], root=[{"name": "Ash", "type": "upgrade"}],
              actions=[{"at": "3.1", "ice": "Ice Wall", "by": "corp", "rez": "Ash"}])


def test_unbroken_subroutines_resolve_in_order_and_an_end_the_run_stops_the_rest():
    t = board(ice=[ice("Little Engine", subs=["End the run", "End the run",
                                                 {"text": "Runner gains 5", "effect": {"gain": 5}}])])
    subs = [e for e in t.events if e.msg == "subroutine"]
    assert [e.args_get("n") for e in subs] == [1]
    assert t.path[-2:] == ["3.2@Little Engine", "7"]
    assert t.status == "unsuccessful"


def test_broken_subroutines_do_not_resolve_and_the_encounter_ends_at_4():
    t = board(ice=[ice("Enigma", subs=["Lose a click", "End the run"])],
              actions=[{"at": "3.1", "ice": "Enigma", "by": "runner", "break": [2]}])
    assert [e.args_get("n") for e in t.events if e.msg == "subroutine"] == [1]
    assert [e.args_get("n") for e in t.events if e.msg == "subroutine_broken"] == [2]
    assert t.path[t.path.index("3.2@Enigma") + 1] == "4@Enigma"


# ------------------------------------------------------------------ step 4

def test_passing_the_innermost_ice_triggers_passes_all_ice_abilities():
    caprice = {"name": "Caprice", "type": "upgrade", "rezzed": True,
               "abilities": [{"when": "all_ice_passed", "effect": {"note": "psi game"}}]}
    t = board(ice=[ice("Outer", rezzed=False), ice("Inner", rezzed=False)], root=[caprice])
    trig = [e for e in t.events if e.kind == "trigger"]
    assert [e.occurrence for e in trig] == ["4@Inner"]


def test_when_passed_abilities_trigger_for_each_ice():
    t = board(ice=[ice("A", rezzed=False), ice("B", rezzed=False)],
              runner=[{"name": "Khan", "abilities": [{"when": "passed", "effect": {"gain": 1}}]}])
    assert t.lists["triggered"] == ["Khan: passed", "Khan: passed"]


def test_after_passing_ice_the_runner_approaches_the_next_ice_inward_or_the_server():
    t = board(ice=[ice("A", rezzed=False), ice("B", rezzed=False)])
    assert t.path[t.path.index("4@A") + 1] == "2@B"
    assert t.path[t.path.index("4@B") + 1] == "5"


# ------------------------------------------------------------------ step 5

def test_approach_server_abilities_trigger_at_5_before_the_last_jack_out():
    t = board(runner=[{"name": "Watcher", "abilities": [{"when": "approach_server", "effect": {"note": "x"}}]}],
              actions=[{"at": "5.2", "by": "runner", "jack_out": True}])
    assert next(e for e in t.events if e.kind == "trigger").step == "5"
    assert t.path[-2:] == ["5.2", "7"]
    assert t.status == "unsuccessful"


def test_non_ice_cards_may_be_rezzed_at_5_3_but_not_ice():
    t = board(root=[{"name": "Ash", "type": "upgrade"}], actions=[{"at": "5.3", "by": "corp", "rez": "Ash"}])
    assert any(e.msg == "rezzed_card" and e.step == "5.3" for e in t.events)
    with pytest.raises(ScenarioError, match="ice can be rezzed only while approached"):
        board(ice=[ice("Enigma", rezzed=False)], actions=[{"at": "5.3", "by": "corp", "rez": "Enigma"}])


def test_if_successful_effects_of_the_run_card_resolve_before_when_successful_abilities():
    t = board(by="Account Siphon", runner=[
        {"name": "Desperado", "abilities": [{"when": "successful", "effect": {"gain": 1}}]},
        {"name": "Account Siphon", "type": "event",
         "abilities": [{"when": "if_successful", "server": "HQ", "effect": {"instead_of_access": "drain"}}]}])
    assert t.lists["triggered"] == ["Account Siphon: if_successful", "Desperado: successful"]
    assert t.lists["accessed"] == []


def test_an_if_successful_effect_naming_a_server_does_not_resolve_after_a_redirect():
    t = board(by="Account Siphon", runner=[{"name": "Account Siphon", "type": "event", "abilities": [
        {"when": "if_successful", "server": "HQ", "effect": {"instead_of_access": "drain"}}]}],
              servers={"Archives": {"cards": [{"name": "Trashed Op", "type": "operation"}]}},
              actions=[{"at": "5.3", "by": "corp", "change_server": "Archives"}])
    assert t.status == "successful"
    assert t.lists["triggered"] == []
    assert t.lists["accessed"] == ["Trashed Op"]


def test_an_if_successful_effect_naming_no_server_resolves_even_after_a_redirect():
    t = board(server="Archives", by="Sneakdoor Beta", cards=[],
              runner=[{"name": "Sneakdoor Beta", "abilities": [{"when": "if_successful", "effect": {"note": "HQ run"}}]}],
              servers={"HQ": {"cards": [{"name": "Hostile Takeover", "type": "agenda", "points": 1}]}},
              actions=[{"at": "5.3", "by": "runner", "change_server": "HQ"}])
    assert t.lists["triggered"] == ["Sneakdoor Beta: if_successful"]
    assert t.lists["stolen"] == ["Hostile Takeover"]


def test_access_steals_agendas_trashes_what_the_runner_pays_for_and_sets_the_rest_aside():
    t = board(server="Server 1", credits=4, cards=[
        {"name": "PAD Campaign", "type": "asset", "trash_cost": 4},
        {"name": "Project Vitruvius", "type": "agenda", "points": 2},
        {"name": "Jackson Howard", "type": "asset", "trash_cost": 3}],
              actions=[{"at": "5.5", "by": "runner", "trash": "PAD Campaign"}])
    assert t.lists["accessed"] == ["PAD Campaign", "Project Vitruvius", "Jackson Howard"]
    assert t.lists["trashed"] == ["PAD Campaign"]
    assert t.lists["stolen"] == ["Project Vitruvius"]
    assert any(e.msg == "returned" and e.args_get("cards") == ("Jackson Howard",) for e in t.events)


def test_r_and_d_access_is_one_card_from_the_top_plus_extra_accesses_and_root_cards():
    cards = [{"name": f"Card {i}", "type": "operation"} for i in range(1, 5)]
    t = board(server="R&D", cards=cards, root=[{"name": "Upgrade", "type": "upgrade"}],
              runner=[{"name": "Medium", "abilities": [{"when": "successful", "effect": {"access_more": 2}}]}])
    assert t.lists["accessed"] == ["Card 1", "Card 2", "Card 3", "Upgrade"]


def test_when_accessed_abilities_trigger_on_the_card_even_unrezzed():
    t = board(server="Server 1", cards=[{"name": "Snare", "type": "asset", "abilities": [
        {"when": "accessed", "effect": {"note": "3 net damage"}}]}])
    assert t.lists["triggered"] == ["Snare: accessed"]


def test_a_declined_steal_leaves_the_agenda_in_place():
    t = board(server="Server 1", cards=[{"name": "Global Food Initiative", "type": "agenda", "points": 2}],
              root=[{"name": "Red Herrings", "type": "upgrade", "rezzed": True}],
              actions=[{"at": "5.5", "by": "runner", "decline_steal": "Global Food Initiative"}])
    assert t.lists["stolen"] == []
    assert t.lists["accessed"] == ["Global Food Initiative", "Red Herrings"]


def test_a_trash_the_runner_cannot_pay_for_is_an_error():
    with pytest.raises(ScenarioError, match="cannot pay 4 to trash PAD"):
        board(server="Server 1", credits=1, cards=[{"name": "PAD", "type": "asset", "trash_cost": 4}],
              actions=[{"at": "5.5", "by": "runner", "trash": "PAD"}])


def test_access_only_restricts_what_can_be_accessed_for_the_rest_of_the_run():
    t = board(cards=[{"name": "Hedge Fund", "type": "operation"}],
              root=[{"name": "Ash", "type": "upgrade", "rezzed": True, "trash_cost": 3, "abilities": [
                  {"when": "successful", "effect": {"access_only": ["Ash"]}}]}])
    assert t.lists["accessed"] == ["Ash"]
    assert any(e.msg == "access_blocked" for e in t.events)


def test_a_run_that_goes_all_the_way_ends_at_6_after_access_ends():
    t = board()
    assert t.path == ["1", "4"] + FULL_SERVER
    assert t.status == "successful"


# ------------------------------------------------------------------ steps 6 and 7

def test_unsuccessful_then_run_ends_abilities_trigger_at_7():
    t = board(runner=[{"name": "John Masanori", "abilities": [
        {"when": "run_ends", "effect": {"note": "draw"}}, {"when": "unsuccessful", "effect": {"note": "tag"}}]}],
              actions=[{"at": "5.2", "by": "runner", "jack_out": True}])
    assert t.lists["triggered"] == ["John Masanori: unsuccessful", "John Masanori: run_ends"]


def test_run_ends_abilities_trigger_at_6_and_no_unsuccessful_ones():
    t = board(runner=[{"name": "J", "abilities": [
        {"when": "run_ends", "effect": {"note": "a"}}, {"when": "unsuccessful", "effect": {"note": "b"}}]}])
    assert t.lists["triggered"] == ["J: run_ends"]


# ------------------------------------------------------------------ general rules of the seed

def test_ice_installed_outward_of_the_runner_is_never_approached():
    t = board(server="Server 1", ice=[ice("Ice A", subs=[]), ice("Architect", subs=[
        {"text": "Install ice", "effect": {"install_ice": {"name": "New Ice", "rezzed": True,
                                                           "subroutines": ["End the run"]},
                                           "position": "outermost"}}])])
    assert "New Ice" not in t.lists["approached"]
    assert t.status == "successful"


def test_ice_installed_inward_of_the_runner_is_approached_in_its_turn():
    t = board(server="R&D", ice=[ice("Bran", subs=[
        {"text": "Install ice", "effect": {"install_ice": {"name": "New Ice", "subroutines": []},
                                           "position": {"inward_of": "Bran"}}}]), ice("Ice Wall", subs=[])])
    assert t.lists["approached"] == ["Bran", "New Ice", "Ice Wall"]
    assert t.lists["encountered"] == ["Bran", "Ice Wall"]  # New Ice was installed unrezzed


def test_approached_ice_that_is_uninstalled_is_passed_at_once_and_the_window_closes():
    t = board(ice=[ice("Outer", rezzed=False), ice("Himitsu-Bako")],
              actions=[{"at": "2.3", "ice": "Himitsu-Bako", "by": "corp", "uninstall": "Himitsu-Bako"},
                       {"at": "2.3", "ice": "Himitsu-Bako", "by": "runner", "effect": {"note": "too late"}}])
    assert t.path[t.path.index("2.3@Himitsu-Bako") + 1] == "4@Himitsu-Bako"
    assert skipped(t)[-4:] == ["2.4@Himitsu-Bako", "3@Himitsu-Bako", "3.1@Himitsu-Bako", "3.2@Himitsu-Bako"]
    assert any(e.msg == "window_closed_early" for e in t.events)
    assert any(e.msg == "warn_dropped_action" for e in t.events)


def test_encountered_ice_that_is_trashed_is_passed_and_no_subroutine_resolves():
    t = board(ice=[ice("Ice Wall")], actions=[
        {"at": "3.1", "ice": "Ice Wall", "by": "runner", "uninstall": "Ice Wall"}])
    assert t.path[t.path.index("3.1@Ice Wall") + 1] == "4@Ice Wall"
    assert not any(e.msg == "subroutine" for e in t.events)
    assert t.status == "successful"


def test_encountered_ice_that_is_derezzed_ends_the_encounter():
    t = board(ice=[ice("Code Gate")], actions=[{"at": "3.1", "ice": "Code Gate", "by": "runner", "derez": "Code Gate"}])
    assert "3.2@Code Gate" in skipped(t)
    assert t.status == "successful"


# ------------------------------------------------------------------ open points

def test_a_run_on_a_server_without_ice_goes_from_1_to_a_vacuous_4_and_on_to_5():
    t = board(server="R&D", cards=[{"name": "Top", "type": "operation"}],
              runner=[{"name": "Caprice Watch", "abilities": [{"when": "all_ice_passed", "effect": {"note": "x"}},
                                                               {"when": "passed", "effect": {"note": "y"}}]}])
    assert t.path[:3] == ["1", "4", "5"]
    assert skipped(t) == ["2", "2.1", "2.2", "2.3", "2.4", "3", "3.1", "3.2"]
    assert t.lists["passed"] == []
    assert t.lists["triggered"] == ["Caprice Watch: all_ice_passed"]


def test_steps_after_the_run_ended_are_not_reached_rather_than_skipped():
    t = board(actions=[{"at": "5.2", "by": "runner", "jack_out": True}])
    assert "5.4" in t.not_reached and "5.4" not in skipped(t)


def test_a_bypass_beats_a_corp_when_encountered_ability():
    t = board(credits=0, by="Inside Job", runner=[{"name": "Inside Job", "abilities": [
        {"when": "encountered", "first": True, "effect": "bypass"}]}],
              ice=[ice("Tollbooth", abilities=[{"when": "encountered", "effect": {"pay": 3, "otherwise": "end_run"}}])])
    assert t.lists["bypassed"] == ["Tollbooth"]
    assert t.lists["triggered"] == ["Inside Job: encountered"]
    assert "3.1@Tollbooth" in skipped(t) and "3.2@Tollbooth" in skipped(t)
    assert t.status == "successful"


def test_triggers_at_the_same_moment_resolve_runner_first_in_written_order_then_corp():
    t = board(root=[{"name": "Ash", "type": "upgrade", "rezzed": True,
                     "abilities": [{"when": "successful", "effect": {"note": "trace"}}]}],
              runner=[{"name": "Desperado", "abilities": [{"when": "successful", "effect": {"gain": 1}}]},
                      {"name": "Datasucker", "abilities": [{"when": "successful", "effect": {"note": "token"}}]}])
    assert t.lists["triggered"] == ["Desperado: successful", "Datasucker: successful", "Ash: successful"]


def test_ending_the_run_after_success_goes_to_6_and_the_run_stays_successful():
    t = board(server="Server 1", cards=[{"name": "Agenda", "type": "agenda", "points": 2}],
              root=[{"name": "Giordano Memorial Field", "type": "upgrade", "rezzed": True, "abilities": [
                  {"when": "successful", "effect": {"pay": 9, "otherwise": "end_run"}}]}])
    assert t.path[-2:] == ["5.4", "6"]
    assert t.status == "successful"
    assert t.lists["accessed"] == []


def test_a_run_that_cannot_be_declared_successful_is_neither_and_still_accesses():
    t = board(cards=[{"name": "Agenda", "type": "agenda", "points": 2}],
              root=[{"name": "Crisium Grid", "type": "upgrade", "rezzed": True,
                     "abilities": [{"when": "static", "effect": "no_success"}]}],
              runner=[{"name": "Desperado", "abilities": [{"when": "successful", "effect": {"gain": 1}}]}])
    assert t.status == "neither"
    assert t.end == "6"
    assert t.lists["stolen"] == ["Agenda"]
    assert t.lists["triggered"] == []


def test_a_remote_server_that_ceases_to_exist_ends_the_run_neither_successful_nor_not():
    t = board(server="Server 1", cards=[{"name": "Jackson Howard", "type": "asset", "rezzed": True}],
              actions=[{"at": "5.3", "by": "corp", "uninstall": "Jackson Howard"}])
    assert t.path[-2:] == ["5.3", "6"]
    assert t.status == "neither"


def test_trashing_the_last_card_of_a_remote_during_access_keeps_the_run_successful():
    t = board(server="Server 1", credits=5, cards=[{"name": "PAD", "type": "asset", "trash_cost": 4}],
              actions=[{"at": "5.5", "by": "runner", "trash": "PAD"}])
    assert t.status == "successful"
    assert t.path[-2:] == ["5.5", "6"]


def test_jack_out_elsewhere_needs_a_card_that_grants_it():
    with pytest.raises(ScenarioError, match="cannot jack out at 2.1 unless a card"):
        board(ice=[ice("Ice Wall", rezzed=False)], actions=[{"at": "2.1", "ice": "Ice Wall", "by": "runner", "jack_out": True}])
    t = board(ice=[ice("Ice Wall", rezzed=False)], runner=[{"name": "Snitch"}],
              actions=[{"at": "2.1", "ice": "Ice Wall", "by": "runner", "jack_out": True, "granted_by": "Snitch"}])
    assert t.path[-2:] == ["2.1@Ice Wall", "7"]
    assert t.status == "unsuccessful"


def test_the_first_approach_is_counted_per_run_so_approaching_the_outermost_ice_again_allows_jack_out():
    t = board(ice=[ice("Ice A", rezzed=False), ice("Ice B", rezzed=False)], actions=[
        {"at": "4", "ice": "Ice A", "by": "corp", "approach_again": True},
        {"at": "2.2", "ice": "Ice A", "time": 2, "by": "runner", "jack_out": True}])
    assert t.path[-3:] == ["2.1@Ice A#2", "2.2@Ice A#2", "7"]


def test_only_the_approached_ice_can_be_rezzed():
    with pytest.raises(ScenarioError, match="only the approached ice"):
        board(ice=[ice("A", rezzed=False), ice("B", rezzed=False)],
              actions=[{"at": "2.3", "ice": "A", "by": "corp", "rez": "B"}])


def test_changing_the_attacked_server_does_not_change_the_current_step():
    t = board(server="Archives", cards=[], servers={"HQ": {"cards": [{"name": "Hedge Fund 2", "type": "operation"}]}},
              actions=[{"at": "5.3", "by": "runner", "change_server": "HQ"}])
    assert t.path[t.path.index("5.3") + 1] == "5.4"
    assert t.lists["accessed"] == ["Hedge Fund 2"]


def test_encountered_ice_moved_to_another_server_takes_the_run_with_it():
    t = board(server="Server 1", cards=[{"name": "Asset", "type": "asset"}],
              ice=[ice("Ice A", subs=[]), ice("Bullfrog", subs=[
                  {"text": "Psi: move", "effect": {"move_ice": "Bullfrog", "to": "Archives", "position": "outermost"}}])],
              servers={"Archives": {"ice": [ice("Ice B", subs=[])], "cards": [{"name": "Discard", "type": "operation"}]}})
    assert t.lists["approached"] == ["Ice A", "Bullfrog", "Ice B"]
    assert t.lists["accessed"] == ["Discard"]


def test_bad_publicity_credits_are_spent_first_and_the_rest_is_lost():
    t = board(bp=2, credits=5, ice=[ice("Tollbooth", abilities=[
        {"when": "encountered", "effect": {"pay": 1, "otherwise": "end_run"}}], subs=[])],
              actions=[{"at": "3.1", "ice": "Tollbooth", "by": "corp", "bad_publicity": 1}])
    assert t.bp == {"gained": 2, "spent": 1, "lost": 1}
    final = t.states[-1][1]
    assert final.credits == 5


def test_in_a_window_the_runner_gets_priority_back_after_the_corp_acts():
    t = board(root=[{"name": "Upgrade", "type": "upgrade"}], actions=[{"at": "5.3", "by": "corp", "rez": "Upgrade"}])
    w = [(e.msg, e.side) for e in t.events if e.occurrence == "5.3" and e.kind in ("priority", "action")]
    assert w == [("priority", "runner"), ("pass", "runner"), ("priority", "corp"), ("action", "corp"),
                 ("rezzed_card", "corp"), ("pass", "corp"), ("priority", "runner"), ("pass", "runner"),
                 ("window_closes", None)]


# ------------------------------------------------------------------ more effects

def test_a_forced_encounter_runs_the_encounter_steps_then_resumes_the_run():
    t = board(ice=[ice("Enigma", subs=[])], corp=[{"name": "Enigma 2", "id": "Enigma-2", "type": "ice",
                                                    "subroutines": ["End the run"]}],
              actions=[{"at": "4", "ice": "Enigma", "by": "corp", "encounter": "Enigma-2"}])
    assert "3@Enigma-2" in t.path and "3.2@Enigma-2" in t.path
    assert t.path[-2:] == ["3.2@Enigma-2", "7"]
    assert t.status == "unsuccessful"


def test_a_forced_encounter_that_does_not_end_the_run_returns_to_where_it_was():
    t = board(ice=[ice("Enigma", subs=[])], corp=[{"name": "Enigma 2", "id": "Enigma-2", "type": "ice",
                                                    "subroutines": ["End the run"]}],
              actions=[{"at": "4", "ice": "Enigma", "by": "corp", "encounter": "Enigma-2"},
                       {"at": "3.1", "ice": "Enigma-2", "by": "runner", "break": "all"}])
    i = t.path.index("3.2@Enigma-2")
    assert t.path[i + 1] == "5"
    assert t.status == "successful"


def test_thimblerig_swapped_at_the_pass_is_approached_again_in_the_inner_position():
    t = board(ice=[ice("Thimblerig", subs=[], abilities=[
        {"when": "passed", "first": True, "effect": {"swap_ice": ["Thimblerig", "Ice Wall"]}}]), ice("Ice Wall", subs=[])])
    assert t.lists["approached"] == ["Thimblerig", "Thimblerig"]
    assert "2.2@Thimblerig#2" in t.path


def test_approached_ice_swapped_out_is_replaced_without_a_new_approach_trigger():
    t = board(server="R&D", ice=[ice("Ice A")], corp=[{"name": "Hidden", "type": "ice", "subroutines": ["End the run"]}],
              actions=[{"at": "2.3", "ice": "Ice A", "by": "corp", "swap_ice": ["Ice A", "Hidden"]},
                       {"at": "2.3", "ice": "Ice A", "by": "corp", "rez": "Hidden"}])
    assert t.path[3:6] == ["2.3@Ice A", "2.4@Hidden", "3@Hidden"]
    assert t.lists["approached"] == ["Ice A"]  # no new "when approached" for Hidden
    assert t.lists["encountered"] == ["Hidden"]
    assert t.status == "unsuccessful"


def test_a_scenario_that_loops_stops_with_a_clear_error():
    with pytest.raises(RunError, match="did not end within"):
        board(ice=[ice("Loop", subs=[], abilities=[{"when": "passed", "effect": "approach_again"}])])


def test_an_action_at_a_step_the_run_never_reaches_is_a_warning():
    t = board(ice=[ice("Ice Wall")], actions=[{"at": "5.2", "by": "runner", "jack_out": True}])
    assert len(t.warnings) == 1
    assert "never reached 5.2" in t.warnings[0].text(t.rs)


def test_the_same_scenario_gives_the_same_trace_every_time():
    a = board(ice=[ice("A", rezzed=False), ice("B")]).as_dict()
    b = board(ice=[ice("A", rezzed=False), ice("B")]).as_dict()
    assert a == b


def test_trace_text_exists_in_english_and_korean():
    t = board(ice=[ice("Ice Wall", rezzed=False)])
    for e in t.events:
        assert e.text(t.rs, "en") and e.text(t.rs, "ko")
    assert "건너뜀" in texts(t, "skip")[0] or "건너뜀" in t.skipped[0].text(t.rs, "ko")


def test_nobody_acts_at_a_check_step():
    with pytest.raises(ScenarioError, match="nobody acts at 2.4"):
        board(ice=[ice("Ice Wall")], actions=[{"at": "2.4", "ice": "Ice Wall", "by": "corp", "rez": "Ice Wall"}])


def test_at_a_decision_the_runner_only_decides_whether_to_jack_out():
    with pytest.raises(ScenarioError, match="only decides whether to jack out"):
        board(actions=[{"at": "5.2", "by": "runner", "gain": 2}])


def test_the_first_replacement_of_access_wins_and_a_later_one_has_nothing_to_replace():
    t = board(by="Account Siphon", runner=[
        {"name": "Account Siphon", "abilities": [{"when": "if_successful", "server": "HQ",
                                                  "effect": {"instead_of_access": "drain 5 credits"}}]},
        {"name": "Security Testing", "abilities": [{"when": "successful", "effect": {"instead_of_access": "gain 2"}}]}])
    assert any(e.msg == "already_replaced" for e in t.events)
    assert next(e for e in t.events if e.msg == "access_replaced").args_get("what") == "drain 5 credits"


def test_a_runner_moved_to_a_servers_outermost_position_approaches_its_ice_again():
    letheia = {"name": "Letheia Nisei", "type": "upgrade", "rezzed": True,
               "abilities": [{"when": "approach_server", "first": True, "effect": {"move_runner": "Server 1"}}]}
    t = board(server="Server 1", ice=[ice("Ice A", subs=[]), ice("Ice B", subs=[])], root=[letheia],
              cards=[{"name": "Agenda", "type": "agenda", "points": 2}],
              actions=[{"at": "2.2", "ice": "Ice A", "time": 2, "by": "runner", "jack_out": True}])
    assert t.path[t.path.index("5") + 1] == "2@Ice A#2"
    assert t.path[-2:] == ["2.2@Ice A#2", "7"]  # not the first approach of the run: jack out allowed


def test_a_runner_moved_to_a_server_without_ice_passes_vacuously_on_to_that_server():
    t = board(ice=[ice("Miraju", subs=[])], servers={"Archives": {"cards": [{"name": "Op", "type": "operation"}]}},
              actions=[{"at": "3.2", "ice": "Miraju", "by": "corp", "move_runner": "Archives"}])
    assert t.path[t.path.index("3.2@Miraju") + 1] == "4"
    assert t.lists["passed"] == [] and t.lists["accessed"] == ["Op"]


def test_approach_again_does_nothing_when_the_ice_has_left_its_position():
    t = board(ice=[ice("Ice A", subs=[], abilities=[{"when": "passed", "first": True, "effect": "approach_again"}]),
                   ice("Ice B", subs=[])],
              runner=[{"name": "Trasher", "abilities": [{"when": "passed", "ice": "Ice A", "effect": {"uninstall": "Ice A"}}]}])
    assert t.lists["approached"] == ["Ice A", "Ice B"]
    assert t.status == "successful"


def test_ice_to_be_installed_next_to_ice_that_has_gone_is_not_installed_and_the_run_goes_on():
    t = board(ice=[ice("Ice A", subs=[{"text": "Install", "effect": [
        {"uninstall": "Ice B"},
        {"install_ice": {"name": "New Ice", "subroutines": ["End the run"]}, "position": {"inward_of": "Ice B"}}]}]),
        ice("Ice B", subs=[])])
    assert any(e.msg == "w_no_such_position" for e in t.events)
    assert t.lists["approached"] == ["Ice A"] and t.status == "successful"
