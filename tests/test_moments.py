"""Placing a moment of one rule set in another by what it means (rules.md B.4 and E2, E3, E4):
the same decision, the same window, the same ice, or the ice a rule set anchors it to instead."""

from __future__ import annotations

import pytest
from helpers import scenario

from judge import rulesets
from judge.analysis.compare import compare_rulesets
from judge.engine import run
from judge.rulesets.moments import Board, Gap, Placement, place

# A remote with Enigma outermost and Hunter innermost; Archives has no ice.
TWO = Board({"Server 1": ("Enigma", "Hunter"), "Archives": ()}, "Server 1")
NONE = Board({"Archives": ()}, "Archives")


def where(src, step, ice, dst, board=TWO, time=1, acting=True):
    got = place(src, step, ice, time, dst, board, acting=acting)
    assert isinstance(got, Placement), got
    return got.steps if len(got.steps) > 1 else got.step, got.ice, got.time


def gap(src, step, ice, dst, board=TWO, acting=True) -> Gap:
    got = place(src, step, ice, 1, dst, board, acting=acting)
    assert isinstance(got, Gap), got
    return got


# ------------------------------------------------------------------ the same moment, the same ice

@pytest.mark.parametrize("rr, nsg", [("2", "6.9.2a"), ("2.3", "6.9.2b"), ("3", "6.9.3a"), ("3.1", "6.9.3b"),
                                     ("4", "6.9.4a")])
def test_a_step_of_one_ice_is_the_step_with_the_same_meaning_at_the_same_ice(rr, nsg):
    assert where("ffg-rr", rr, "Enigma", "nsg") == (nsg, "Enigma", 1)
    assert where("nsg", nsg, "Enigma", "ffg-rr") == (rr, "Enigma", 1)


def test_the_rez_window_of_the_approached_ice_is_2_3_in_ffg_and_6_9_2b_in_nsg():
    # CR 6.9.2b is the only window in which the approached ice can be rezzed, as 2.3 is under FFG
    assert where("ffg-rr", "2.3", "Hunter", "nsg") == ("6.9.2b", "Hunter", 1)
    assert where("nsg", "6.9.2b", "Hunter", "ffg-core") == ("2.3", "Hunter", 1)
    assert where("ffg-rr", "2.1", "Hunter", "nsg") == ("6.9.2b", "Hunter", 1)  # NSG merged 2.1 into it


def test_the_time_at_an_ice_is_kept():
    assert where("ffg-rr", "3.1", "Enigma", "nsg", time=2) == ("6.9.3b", "Enigma", 2)


# ------------------------------------------------------------------ the ice shift (E2)

def test_jacking_out_before_approaching_the_second_ice_is_6_9_4c_of_the_first():
    # FFG: 2.2 of Hunter, after Hunter is approached; NSG: 6.9.4c after passing Enigma, before
    # moving to Hunter's position (CR 6.9.4c-d)
    assert where("ffg-rr", "2.2", "Hunter", "nsg") == ("6.9.4c", "Enigma", 1)
    assert where("ffg-core", "2.2", "Hunter", "nsg") == ("6.9.4c", "Enigma", 1)
    assert where("nsg", "6.9.4c", "Enigma", "ffg-rr") == ("2.2", "Hunter", 1)
    assert where("nsg", "6.9.4c", "Enigma", "ffg-core") == ("2.2", "Hunter", 1)


def test_the_window_before_that_decision_moves_with_it():
    assert where("nsg", "6.9.4b", "Enigma", "ffg-rr") == ("2.1", "Hunter", 1)


def test_the_shift_keeps_the_time_so_a_second_round_stays_a_second_round():
    assert where("ffg-rr", "2.2", "Hunter", "nsg", time=2) == ("6.9.4c", "Enigma", 2)


def test_nsg_has_no_jack_out_decision_before_the_first_ice():
    g = gap("ffg-rr", "2.2", "Enigma", "nsg")
    assert g.kind == "first_ice" and g.row == "jack_out_before_ice"
    assert g.when.text("en") == "before the first ice (Enigma)"
    assert "6.9.4c" in g.why.text("en")


# ------------------------------------------------------------------ the last moments before the server (E4)

def test_the_last_window_and_jack_out_are_6_9_4b_and_6_9_4c_of_the_innermost_ice():
    assert where("ffg-rr", "5.1", None, "nsg") == ("6.9.4b", "Hunter", 1)
    assert where("ffg-rr", "5.2", None, "nsg") == ("6.9.4c", "Hunter", 1)
    assert where("ffg-core", "4.2", None, "nsg") == ("6.9.4c", "Hunter", 1)
    assert where("nsg", "6.9.4c", "Hunter", "ffg-rr") == ("5.2", None, 1)
    assert where("nsg", "6.9.4b", "Hunter", "ffg-core") == ("4.1", None, 1)


def test_with_no_ice_the_last_decision_belongs_to_no_ice():
    assert where("ffg-rr", "5.2", None, "nsg", NONE) == ("6.9.4c", None, 1)
    assert where("nsg", "6.9.4c", None, "ffg-rr", NONE) == ("5.2", None, 1)


def test_the_last_rez_window_is_5_3_4_3_and_6_9_4e_after_the_innermost_ice():
    assert where("ffg-rr", "5.3", None, "nsg") == ("6.9.4e", None, 1)
    assert where("ffg-core", "4.3", None, "ffg-rr") == ("5.3", None, 1)
    assert where("nsg", "6.9.4e", None, "ffg-core") == ("4.3", None, 1)


def test_approaching_the_server_is_5_4_and_6_9_4g():
    assert where("ffg-rr", "5", None, "nsg") == ("6.9.4g", None, 1)
    assert where("ffg-rr", "5", None, "ffg-core") == ("4", None, 1)
    assert where("ffg-core", "4", None, "ffg-rr") == ("5", None, 1)


# ------------------------------------------------------------------ passing ice (the six-step chart has no pass step)

def test_passing_the_innermost_ice_is_the_six_step_charts_approach_of_the_server():
    assert where("ffg-rr", "4", "Hunter", "ffg-core") == ("4", None, 1)
    assert where("ffg-rr", "4", "Hunter", "nsg") == ("6.9.4a", "Hunter", 1)
    assert where("ffg-rr", "4", None, "nsg", NONE) == ("6.9.4a", None, 1)  # the vacuous pass


def test_an_action_while_passing_an_outer_ice_has_no_place_in_the_six_step_chart():
    g = gap("ffg-rr", "4", "Enigma", "ffg-core")
    assert g.kind == "missing" and "2.4 or 3.2" in g.why.text("en")


# ------------------------------------------------------------------ moments one rule set does not have

def test_nsgs_initiation_window_has_no_ffg_counterpart():
    g = gap("nsg", "6.9.1e", None, "ffg-rr")
    assert g.kind == "missing" and g.when.text("en") == "before the first ice is approached"


def test_nsgs_rez_window_before_the_next_approach_has_no_ffg_counterpart():
    g = gap("nsg", "6.9.4e", "Hunter", "ffg-rr")
    assert g.kind == "missing" and "2.3" in g.why.text("en")


def test_an_ffg_action_while_subroutines_resolve_has_no_nsg_window_but_the_step_can_still_be_looked_up():
    g = gap("ffg-rr", "3.2", "Enigma", "nsg")
    assert g.kind == "nobody_acts" and "6.9.3c-d" in g.why.text("en")
    assert where("ffg-rr", "3.2", "Enigma", "nsg", acting=False) == ("6.9.3d", "Enigma", 1)


def test_the_ice_before_an_ice_installed_during_the_run_is_not_known():
    g = gap("ffg-rr", "2.2", "Wall of Static", "nsg")
    assert g.kind == "unknown_ice" and "Wall of Static" in g.when.text("en")


def test_an_access_action_goes_to_access_and_the_end_of_the_run_to_whichever_end_the_run_reaches():
    assert where("ffg-core", "4.5", None, "ffg-rr") == ("5.5", None, 1)
    assert where("ffg-core", "4.5", None, "nsg") == ("6.9.5b", None, 1)
    assert where("nsg", "6.9.6d", None, "ffg-rr") == (("6", "7"), None, 1)
    assert where("ffg-rr", "7", None, "nsg") == ("6.9.6d", None, 1)


def test_every_step_any_example_enters_has_an_answer_in_every_other_rule_set():
    from helpers import runnable_examples

    from judge.engine.context import board_of
    from judge.scenario import load_scenario

    seen = 0
    for f in runnable_examples():
        sc = load_scenario(f)
        for src, tr in compare_rulesets(sc).traces.items():
            for e in tr.events:
                if e.kind != "enter":
                    continue
                for dst in rulesets.RULESETS:
                    got = place(src, e.step, e.ice, 1, dst, board_of(sc))
                    assert isinstance(got, (Placement, Gap)), (f.name, e.occurrence, dst)
                    seen += 1
    assert seen > 10_000


# ------------------------------------------------------------------ in a run

SECOND_ICE = """\
    title: The Runner jacks out before the second ice
    run: {server: Server 1}
    runner:
      cards: [{name: Watcher, abilities: [{when: approached, ice: Hunter, effect: {note: sees Hunter}}]}]
    servers:
      Server 1:
        ice:
          - {name: Enigma, rezzed: true, subroutines: ["The Runner loses a click", End the run]}
          - {name: Hunter, rezzed: false, subroutines: ["Trace 3"]}
        cards: [{name: Project Atlas, type: agenda, points: 2}]
    actions:
      - {at: "3.1", ice: Enigma, by: runner, break: all}
      - {at: "2.2", ice: Hunter, by: runner, jack_out: true}
    """


def test_a_jack_out_written_in_ffg_numbers_runs_under_nsg_where_it_means_the_same():
    sc = scenario(SECOND_ICE)
    nsg = run(sc, "nsg")
    assert nsg.path[-5:] == ["6.9.4c@Enigma", "6.9.6a", "6.9.6b", "6.9.6c", "6.9.6d"]
    assert nsg.status == "unsuccessful" and nsg.lists["approached"] == ["Enigma"]
    assert [p.as_dict()["occurrence"] for p in nsg.placed] == ["6.9.3b@Enigma", "6.9.4c@Enigma"]
    ffg = run(sc, "ffg-rr")
    assert ffg.path[-2:] == ["2.2@Hunter", "7"] and ffg.lists["triggered"] == ["Watcher: approached"]


def test_an_action_without_a_counterpart_is_left_out_and_said_in_plain_words():
    sc = scenario(SECOND_ICE.replace('ice: Hunter, by: runner, jack_out: true}',
                                     'ice: Enigma, by: runner, jack_out: true, granted_by: Watcher}'))
    nsg = run(sc, "nsg")
    assert [d.action.index for d in nsg.dropped] == [1]
    assert nsg.dropped[0].text("en") == (
        "Under the NSG rules, the Runner cannot jack out before the first ice (Enigma): the first "
        "jack-out decision of a run comes only after passing an ice (CR 6.9.4c), and no ice comes before Enigma.")
    assert nsg.dropped[0].text("ko").startswith("NSG 규칙에서는 러너는 첫 아이스(Enigma) 전에 잭 아웃을 할 수 없다.")
    assert nsg.status == "successful" and nsg.warnings == []  # the run without it: not a warning


def test_per_rule_set_at_stays_an_override():
    sc = scenario(SECOND_ICE.replace('{at: "2.2", ice: Hunter,', '{at: {ffg-rr: "2.2"}, ice: Hunter,'))
    assert run(sc, "ffg-rr").status == "unsuccessful"
    nsg = run(sc, "nsg")  # not named for nsg: the action does not exist there, and nothing is dropped
    assert nsg.status == "successful" and nsg.dropped == []


def test_compare_runs_every_rule_set_and_numbers_the_real_divergence():
    cmp = compare_rulesets(scenario(SECOND_ICE))
    assert set(cmp.traces) == {"ffg-rr", "nsg", "ffg-core"} and cmp.unplaced == {}
    d = cmp.as_dict()
    assert {"action": 1, "at": "6.9.4c", "ice": "Enigma", "occurrence": "6.9.4c@Enigma",
            "how": "meaning"} in d["runs"]["nsg"]["placed"]
    assert d["runs"]["nsg"]["dropped"] == []
    assert any(x["kind"] == "trigger" and x["trigger"] == "Watcher: approached" for x in d["divergences"])


def test_every_example_runs_under_every_rule_set_and_none_is_left_unplaced():
    from helpers import runnable_examples

    from judge.scenario import load_scenario

    dropped = {}
    for f in runnable_examples():
        cmp = compare_rulesets(load_scenario(f))
        assert cmp.unplaced == {}, (f.name, cmp.unplaced)
        for rs, tr in cmp.traces.items():
            dropped.update({(f.stem, rs, d.action.index): d.gap.kind for d in tr.dropped})
    # the actions of the library NSG has no moment for: a jack out when the outermost ice is approached
    # again (there is no 6.9.4c between passing an ice and approaching it again): D45's, and the FFG
    # reading of Code Replicator (under NSG the card itself lets the Runner out at 6.9.4a instead)
    assert dropped == {("d45-loop-ended-by-jack-out", "nsg", 1): "first_ice",
                       ("v-response-code-replicator-then-the-runner-jacks-out", "nsg", 1): "first_ice"}


def test_a_jack_out_when_the_first_ice_is_approached_again_says_so():
    g = place("ffg-rr", "2.2", "Enigma", 2, "nsg", TWO)
    assert isinstance(g, Gap) and g.when.text("en") == "before approaching Enigma again"
