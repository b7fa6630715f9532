"""Abilities as the rules resolve them, under every rule set: completely once begun, costs before
effects, conditions on the run so far, prohibitions and permissions for the rest of a run, the
moments "fully broken" and "the encounter ends", the Runner's access order, and the active player."""

from __future__ import annotations

import pytest
from helpers import board, ice, texts

from judge.errors import ScenarioError

RULESETS = ("ffg-rr", "nsg", "ffg-core")
REZ = {"ffg-rr": "2.3", "nsg": "6.9.2b", "ffg-core": "2.3"}        # the approached ice's rez window
BREAK = {"ffg-rr": "3.1", "nsg": "6.9.3b", "ffg-core": "3.1"}      # the encounter's paid ability window
ACCESS = {"ffg-rr": "5.5", "nsg": "6.9.5b", "ffg-core": "4.5"}
ENCOUNTER = {"ffg-rr": "3", "nsg": "6.9.3a", "ffg-core": "3"}
END_UNSUCCESSFUL = {"ffg-rr": "7", "nsg": "6.9.6d", "ffg-core": "6"}

BORDER = ice("Border Control", subs=("End the run", "End the run"),
             abilities=[{"when": "paid", "cost": {"trash": "this"}, "effect": "end_run",
                         "if": {"server": "this"}}], subtypes=["barrier"])


def warnings(t) -> list[str]:
    return [e.text(t.rs) for e in t.warnings]


# ------------------------------------------------------------------ an ability resolves completely

@pytest.mark.parametrize("rs", RULESETS)
def test_an_ability_whose_cost_trashes_the_approached_ice_still_ends_the_run(rs):
    t = board(server="Server 1", ice=[BORDER], cards=[{"name": "Vanilla", "type": "asset"}], ruleset=rs,
              actions=[{"at": REZ[rs], "ice": "Border Control", "by": "corp", "use": "Border Control"}])

    assert t.status == "unsuccessful" and t.end == END_UNSUCCESSFUL[rs]
    assert any("Border Control is trashed" in x for x in texts(t, "action"))
    assert any("The run ends" in x or "ends the run" in x for x in texts(t, "action"))


@pytest.mark.parametrize("rs", RULESETS)
def test_a_triggered_ability_finishes_after_its_first_part_makes_the_ice_leave(rs):
    hunter = {"name": "Hunter Seeker", "abilities": [
        {"when": "encountered", "effect": [{"uninstall": "Ice Wall"}, {"gain": 3}]}]}
    t = board(ice=[ice("Ice Wall")], runner=[hunter], credits=0, ruleset=rs)

    assert t.status == "successful"
    assert t.states[-1][1].credits == 3, "the gain after the uninstall still happens"


@pytest.mark.parametrize("rs", RULESETS)
def test_a_subroutine_resolves_completely_and_only_the_later_subroutines_are_stopped(rs):
    t = board(ice=[ice("Mausolus", subs=[{"text": "end the run, then gain", "effect": ["end_run", {"gain": 2}]},
                                         {"text": "gain more", "effect": {"gain": 9}}])], credits=0, ruleset=rs)

    assert t.status == "unsuccessful"
    assert t.states[-1][1].credits == 2


@pytest.mark.parametrize("rs", RULESETS)
def test_an_unpaid_cost_stops_what_follows_it_in_the_same_ability(rs):
    t = board(ice=[ice("Ice Wall")], credits=1, ruleset=rs,
              actions=[{"at": BREAK[rs], "ice": "Ice Wall", "by": "runner", "effect": [{"pay": 2}, {"break": "all"}]}])

    assert t.status == "unsuccessful", "nothing was broken, so End the run resolves"
    assert any("cannot pay 2" in x for x in texts(t, "action"))


@pytest.mark.parametrize("rs", RULESETS)
def test_a_paid_cost_lets_what_it_pays_for_happen(rs):
    t = board(ice=[ice("Ice Wall")], credits=2, ruleset=rs,
              actions=[{"at": BREAK[rs], "ice": "Ice Wall", "by": "runner", "effect": [{"pay": 2}, {"break": "all"}]}])

    assert t.status == "successful"


@pytest.mark.parametrize("rs", RULESETS)
def test_if_you_do_happens_only_when_the_runner_pays(rs):
    datapike = lambda n: ice("Data Ward", subs=["End the run"], abilities=[  # noqa: E731
        {"when": "encountered", "effect": {"pay": n, "otherwise": "end_run", "then": {"note": "paid"}}}])
    paid = board(ice=[datapike(3)], credits=3, ruleset=rs, actions=[
        {"at": BREAK[rs], "ice": "Data Ward", "by": "runner", "break": "all"}])
    unpaid = board(ice=[datapike(3)], credits=2, ruleset=rs)

    assert paid.status == "successful" and "paid" in texts(paid, "action")
    assert unpaid.status == "unsuccessful" and "paid" not in texts(unpaid, "action")


# ------------------------------------------------------------------ reading text

def test_end_the_run_as_a_sentence_of_a_longer_subroutine_ends_the_run():
    for text in ("ETR", "Do 1 net damage. End the run.", "end the run.", "Trash 1 program; end the run"):
        t = board(ice=[ice("Sentinel", subs=[text])])
        assert t.status == "unsuccessful", text


def test_a_subroutine_that_ends_the_run_only_if_something_holds_is_a_warning_not_a_silent_success():
    t = board(ice=[ice("Data Raven", subs=["End the run if the Runner is tagged."])])

    assert t.status == "successful"
    assert any("servers.HQ.ice[0].subroutines[0]" in w and "ending the run" in w for w in warnings(t))


def test_a_corp_card_with_abilities_that_is_never_rezzed_says_so():
    grid = {"name": "Crisium Grid", "type": "upgrade",
            "abilities": [{"when": "static", "effect": "no_success"}]}
    t = board(root=[grid])

    assert t.status == "successful"
    assert any("Crisium Grid is not rezzed, so its abilities do not react" in w for w in warnings(t))


def test_an_action_on_ice_of_another_server_that_nothing_redirects_to_is_an_error():
    with pytest.raises(ScenarioError, match="Enigma protects R&D, not the attacked server HQ"):
        board(ice=[ice("Ice Wall")], servers={"R&D": {"ice": [ice("Enigma")], "cards": []}},
              actions=[{"at": "3.1", "ice": "Enigma", "by": "runner", "break": "all"}])


@pytest.mark.parametrize("rs", RULESETS)
def test_ice_installed_after_the_runner_passed_all_ice_is_said_to_be_not_approached(rs):
    late = {"ffg-rr": "5.3", "nsg": "6.9.4e", "ffg-core": "4.3"}[rs]
    act = {"at": late, "by": "corp", "install_ice": {"name": "Late Wall", "rezzed": True, "subroutines": ["End the run"]},
           "position": "innermost"}
    t = board(ice=[ice("Ice Wall", rezzed=False)], ruleset=rs, actions=[act])

    assert t.status == "successful" and "Late Wall" not in t.lists["approached"]
    assert any("has already passed all of its ice: it is not approached" in x for x in texts(t, "action"))


def test_a_subroutine_may_install_ice_next_to_its_own_ice_by_this():
    builder = ice("Builder Ice", subs=[{"text": "Install a wall inward of this ice", "effect": {
        "install_ice": {"name": "Inner Wall", "rezzed": True, "subroutines": ["End the run"]},
        "position": {"inward_of": "this"}}}])
    t = board(ice=[builder, ice("Outer Ice", rezzed=False)][::-1])

    assert t.lists["approached"] == ["Outer Ice", "Builder Ice", "Inner Wall"]
    assert t.status == "unsuccessful"


# ------------------------------------------------------------------ fully broken, encounter ends

@pytest.mark.parametrize("rs", RULESETS)
def test_fully_breaking_ice_triggers_fully_broken_abilities_once(rs):
    cyberdelia = {"name": "Cyberdelia", "abilities": [{"when": "fully_broken", "first": True, "effect": {"gain": 1}}]}
    t = board(ice=[ice("Ice Wall", subs=["End the run", "Do 1 net damage"])], runner=[cyberdelia], credits=0,
              ruleset=rs, actions=[{"at": BREAK[rs], "ice": "Ice Wall", "by": "runner", "break": [1]},
                                   {"at": BREAK[rs], "ice": "Ice Wall", "by": "runner", "break": [2]}])

    assert t.lists["triggered"] == ["Cyberdelia: fully_broken"]
    assert t.states[-1][1].credits == 1


@pytest.mark.parametrize("rs", RULESETS)
def test_when_the_encounter_ends_abilities_see_what_happened_in_it(rs):
    knifed = {"name": "Knifed", "type": "event", "abilities": [
        {"when": "encounter_ends", "if": {"ice_subtype": "barrier", "all_broken": True}, "effect": {"uninstall": "Ice Wall"}}]}
    broken = board(ice=[ice("Ice Wall", subtypes=["Barrier"])], runner=[knifed], by="Knifed", ruleset=rs,
                   actions=[{"at": BREAK[rs], "ice": "Ice Wall", "by": "runner", "break": "all"}])
    not_broken = board(ice=[ice("Ice Wall", subtypes=["Barrier"], subs=["Lose a click"])], runner=[knifed],
                       by="Knifed", ruleset=rs)

    assert "Knifed: encounter_ends" in broken.lists["triggered"]
    assert any("Ice Wall is uninstalled" in x for x in texts(broken, "action"))
    assert "Knifed: encounter_ends" not in not_broken.lists["triggered"]
    assert any("does not hold" in x for x in texts(not_broken, "trigger"))


@pytest.mark.parametrize("rs", RULESETS)
def test_a_bypassed_ice_ends_its_encounter_as_it_is_passed(rs):
    spy = {"name": "Spy", "abilities": [{"when": "encounter_ends", "if": {"bypassed": True}, "effect": {"gain": 1}}]}
    t = board(ice=[ice("Tollbooth")], runner=[spy, {"name": "Inside Job", "type": "event", "abilities": [
        {"when": "encountered", "first": True, "effect": "bypass"}]}], credits=0, ruleset=rs)

    assert "Spy: encounter_ends" in t.lists["triggered"] and t.states[-1][1].credits == 1


# ------------------------------------------------------------------ conditions and counts

@pytest.mark.parametrize("rs", RULESETS)
def test_an_ability_can_count_the_ice_passed_this_run(rs):
    bravado = {"name": "Bravado", "type": "event", "abilities": [
        {"when": "run_ends", "effect": {"gain": {"count": "passed_distinct", "times": 1, "plus": 6}}}]}
    t = board(ice=[ice("Ice Wall", rezzed=False), ice("Enigma", rezzed=False)], runner=[bravado], credits=0,
              by="Bravado", ruleset=rs)

    assert t.states[-1][1].credits == 8


@pytest.mark.parametrize("rs", RULESETS)
def test_a_run_ends_ability_can_ask_whether_the_run_was_successful(rs):
    mad_dash = {"name": "Mad Dash", "type": "event", "abilities": [
        {"when": "run_ends", "if": {"successful": True}, "effect": {"note": "worth 1 agenda point"}},
        {"when": "run_ends", "if": {"successful": False}, "effect": {"note": "1 meat damage"}}]}
    won = board(runner=[mad_dash], by="Mad Dash", ruleset=rs)
    lost = board(ice=[ice("Ice Wall")], runner=[mad_dash], by="Mad Dash", ruleset=rs)

    assert "worth 1 agenda point" in texts(won, "action") and "1 meat damage" not in texts(won, "action")
    assert "1 meat damage" in texts(lost, "action")


def test_a_condition_on_the_server_names_central_remote_or_this_server():
    remote_only = {"name": "Marathon", "type": "event", "abilities": [
        {"when": "successful", "if": {"server": "remote"}, "effect": {"gain": 2}}]}
    on_hq = board(runner=[remote_only], credits=0)
    on_remote = board(server="Server 1", cards=[{"name": "PAD", "type": "asset"}], runner=[remote_only], credits=0)

    assert on_hq.states[-1][1].credits == 0 and on_remote.states[-1][1].credits == 2


# ------------------------------------------------------------------ prohibitions and permissions

@pytest.mark.parametrize("rs", RULESETS)
def test_a_run_where_the_corp_cannot_rez_ice_leaves_the_ice_unrezzed(rs):
    blackmail = {"name": "Blackmail", "type": "event", "abilities": [{"when": "run_begins", "effect": {"forbid": "rez_ice"}}]}
    t = board(ice=[ice("Ice Wall", rezzed=False)], runner=[blackmail], by="Blackmail", ruleset=rs,
              actions=[{"at": REZ[rs], "ice": "Ice Wall", "by": "corp", "rez": "Ice Wall"}])

    assert t.status == "successful" and t.lists["encountered"] == []
    assert any("Ice Wall cannot be rezzed: Blackmail forbids it" in w for w in warnings(t))


@pytest.mark.parametrize("rs", RULESETS)
def test_a_run_where_subroutines_do_not_resolve_gets_through_unbroken_ice(rs):
    card = {"name": "Tread Lightly", "abilities": [{"when": "run_begins", "effect": {"forbid": "subroutines"}}]}
    t = board(ice=[ice("Ice Wall")], runner=[card], ruleset=rs)

    assert t.status == "successful"


def test_the_runner_may_jack_out_at_any_time_once_a_card_allows_it():
    card = {"name": "Emergency Exit", "abilities": [{"when": "run_begins", "effect": {"allow": "jack_out"}}]}
    t = board(ice=[ice("Ice Wall")], runner=[card], actions=[{"at": "3.1", "ice": "Ice Wall", "by": "runner",
                                                             "jack_out": True}])

    assert t.status == "unsuccessful" and t.end == "7"
    assert any("Emergency Exit allows it" in x for x in texts(t, "action"))


def test_a_card_that_forbids_jacking_out_keeps_the_runner_in():
    card = {"name": "Lockdown", "type": "upgrade", "rezzed": True,
            "abilities": [{"when": "run_begins", "effect": {"forbid": "jack_out"}}]}
    t = board(ice=[ice("Ice Wall", rezzed=False), ice("Enigma", rezzed=False)], root=[card],
              actions=[{"at": "2.2", "ice": "Enigma", "by": "runner", "jack_out": True}])

    assert t.status == "successful"
    assert any("cannot jack out: Lockdown forbids it" in w for w in warnings(t))


# ------------------------------------------------------------------ access order, the active player

def test_the_runner_accesses_root_upgrades_among_the_other_cards_in_the_order_they_choose():
    t = board(server="Server 1", cards=[{"name": "PAD Campaign", "type": "asset", "trash_cost": 4},
                                         {"name": "Hostile Takeover", "type": "agenda", "points": 1}],
              root=[{"name": "Manta Grid", "type": "upgrade", "trash_cost": 5}],
              actions=[{"at": "5.5", "by": "runner", "access_order": ["Manta Grid", "Hostile Takeover", "PAD Campaign"]}])

    assert t.lists["accessed"] == ["Manta Grid", "Hostile Takeover", "PAD Campaign"]


def test_r_and_d_cards_keep_their_order_from_the_top_even_when_a_root_card_is_put_first():
    t = board(server="R&D", cards=[{"name": "Top", "type": "operation"}, {"name": "Second", "type": "operation"}],
              root=[{"name": "Grid", "type": "upgrade"}], runner=[{"name": "Medium", "abilities": [
                  {"when": "successful", "effect": {"access_more": 1}}]}],
              actions=[{"at": "5.5", "by": "runner", "access_order": ["Second", "Grid", "Top"]}])

    assert t.lists["accessed"] == ["Top", "Grid", "Second"]


def test_an_optional_ability_its_player_declines_does_not_resolve():
    card = {"name": "Jackson Howard", "type": "asset", "rezzed": True, "abilities": [
        {"when": "approach_server", "optional": True, "effect": {"note": "shuffle"}}]}
    used = board(server="Server 1", cards=[card])
    declined = board(server="Server 1", cards=[card], actions=[{"at": "5", "by": "corp", "decline": "Jackson Howard"}])

    assert "shuffle" in texts(used, "action") and "shuffle" not in texts(declined, "action")


def test_a_runner_response_resolves_after_the_corp_ability_it_answers():
    ash = {"name": "Ash", "type": "upgrade", "rezzed": True, "abilities": [{"when": "successful", "effect": {"note": "trace"}}]}
    answer = {"name": "Counter", "abilities": [{"when": "successful", "after": "Ash", "effect": {"note": "answer"}}]}
    t = board(root=[ash], runner=[answer])

    order = [x for x in texts(t, "action") if x in ("trace", "answer")]
    assert order == ["trace", "answer"]


@pytest.mark.parametrize("rs", RULESETS)
def test_on_the_corps_turn_the_corp_resolves_first_and_has_priority_first(rs):
    corp = {"name": "Corp Card", "type": "upgrade", "rezzed": True, "abilities": [{"when": "encountered", "effect": {"note": "corp"}}]}
    runner = {"name": "Runner Card", "abilities": [{"when": "encountered", "effect": {"note": "runner"}}]}
    t = board(ice=[ice("Ice Wall")], root=[corp], runner=[runner], ruleset=rs, run={"server": "HQ", "turn": "corp"})

    order = [x for x in texts(t, "action") if x in ("corp", "runner")]
    assert order == ["corp", "runner"]
    first = next(e for e in t.events if e.kind == "priority")
    assert first.side == "corp"
