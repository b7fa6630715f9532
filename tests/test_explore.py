"""The explorer, checked against the rules: which lines exist from a board, where each player may
choose, which choices are merged, and how the search is bounded."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.analysis.explore import Lines, as_dict, ask, explore, parse_question
from judge.errors import JudgeError
from judge.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RULESETS = ("ffg-rr", "nsg", "ffg-core")


def situation(ice=(), root=(), runner=(), actions=(), server="HQ", credits=5, **top):
    doc = {"title": "test", "run": {"server": server}, "runner": {"credits": credits, "cards": list(runner)},
           "servers": {server: {"ice": list(ice), "root": list(root),
                                "cards": [{"name": "Hedge Fund", "type": "operation"}]}},
           "actions": list(actions), **top}
    return load_scenario("test.yaml", text=yaml.safe_dump(doc, sort_keys=False))


def every_line(exp):
    """Every line before merging: (the branches taken, the leaf)."""
    out, stack = [], [(exp.root, ())]
    while stack:
        node, path = stack.pop()
        if node.leaf is not None:
            out.append((path, node.leaf))
            continue
        stack += [(b.child, path + (b,)) for b in node.branches]
    return out


def chosen(path) -> list:
    return [c for b in path for c in b.option]


def made(path, kind: str, card: str | None = None) -> list:
    return [c for c in chosen(path) if c.kind == kind and (card is None or c.card == card)]


def places(exp, kind: str) -> set[str]:
    return {c.at for path, _ in every_line(exp) for c in chosen(path) if c.kind == kind}


ENIGMA = {"card": "Enigma"}  # unrezzed: 1 "the Runner loses a click", 2 "End the run"


@pytest.mark.parametrize("rs", RULESETS)
def test_an_unrezzed_enigma_ends_the_run_only_where_the_corp_rezzes_it_and_its_end_the_run_is_left(rs):
    exp = explore(situation(ice=[ENIGMA]), rs)
    assert exp.truncated is None
    lines = every_line(exp)
    assert {leaf.status for _, leaf in lines} == {"successful", "unsuccessful"}
    for path, leaf in lines:
        rezzed = bool(made(path, "rez", "Enigma"))
        broke_etr = any(2 in c.subs for c in made(path, "break"))
        jacked = bool(made(path, "jack_out"))
        if leaf.status == "unsuccessful" and not jacked:
            assert rezzed and not broke_etr, [c.at + " " + c.kind for c in chosen(path)]
        if rezzed and not broke_etr:
            assert leaf.status == "unsuccessful"
        if not rezzed:  # unrezzed ice is passed without an encounter: nothing to break
            assert not made(path, "break") and not made(path, "no_break")
    ended_by_enigma = [p for p, leaf in lines if leaf.status == "unsuccessful" and not made(p, "jack_out")]
    broke_through = [p for p, leaf in lines if leaf.status == "successful" and made(p, "rez", "Enigma")]
    assert ended_by_enigma and broke_through


@pytest.mark.parametrize("rs", RULESETS)
def test_breaking_is_offered_per_subroutine_for_ice_with_few(rs):
    exp = explore(situation(ice=[{"card": "Enigma", "rezzed": True}]), rs)
    broken = {c.subs for path, _ in every_line(exp) for c in made(path, "break")}
    assert broken == {(1,), (2,), (1, 2)}


def test_ice_with_many_subroutines_is_broken_all_or_nothing():
    many = {"name": "Wall of Five", "type": "ice", "rezzed": True, "subroutines": ["End the run"] * 5}
    exp = explore(situation(ice=[many]), "ffg-rr")
    broken = {c.subs for path, _ in every_line(exp) for c in made(path, "break")}
    assert broken == {(1, 2, 3, 4, 5)}


def test_the_jack_out_decisions_are_where_each_rule_set_puts_them():
    # E2: the FFG charts decide before each ice after the first (2.2) and at the server; NSG
    # decides after passing each ice (6.9.4c), the first included.
    sc = situation(ice=[{"card": "Ice Wall"}, {"card": "Enigma"}, {"card": "Hunter"}])
    assert places(explore(sc, "ffg-rr"), "jack_out") == {"2.2@Enigma", "2.2@Hunter", "5.2"}
    assert places(explore(sc, "ffg-core"), "jack_out") == {"2.2@Enigma", "2.2@Hunter", "4.2"}
    assert places(explore(sc, "nsg"), "jack_out") == {"6.9.4c@Ice Wall", "6.9.4c@Enigma", "6.9.4c@Hunter"}


def test_the_corp_rezzes_ice_only_in_its_approach_and_upgrades_in_their_windows():
    sc = situation(ice=[{"card": "Ice Wall"}], root=[{"card": "Caprice Nisei"}])
    exp = explore(sc, "ffg-rr")
    rez = {(c.at, c.card) for path, _ in every_line(exp) for c in made(path, "rez")}
    assert rez == {("2.3@Ice Wall", "Ice Wall"), ("2.3@Ice Wall", "Caprice Nisei"), ("5.3", "Caprice Nisei")}
    nsg = {(c.at, c.card) for path, _ in every_line(explore(sc, "nsg")) for c in made(path, "rez")}
    assert ("6.9.1e", "Caprice Nisei") in nsg and ("6.9.2b@Ice Wall", "Ice Wall") in nsg


@pytest.mark.parametrize("rs", RULESETS)
def test_the_two_ice_library_case_has_one_line_with_its_actions_and_every_outcome_without(rs):
    sc = load_scenario(EXAMPLES / "e02-jack-out-placement-three-rule-sets.yaml")
    fixed = Lines(explore(sc, rs))
    assert fixed.total == 1 and fixed.outcomes()["unsuccessful"] == 1  # every decision is written
    opened = explore(sc, rs, release=True)
    assert opened.released == (0, 1, 2)
    lines = every_line(opened)
    assert {leaf.status for _, leaf in lines} == {"successful", "unsuccessful"}
    for path, leaf in lines:  # Enigma is rezzed, Hunter never ends the run
        if leaf.status == "unsuccessful" and not made(path, "jack_out"):
            assert not any(2 in c.subs for c in made(path, "break"))
            assert made(path, "no_break", "Enigma") or made(path, "break", "Enigma")


@pytest.mark.parametrize("rs", RULESETS)
def test_the_three_ice_library_case_ends_only_by_a_jack_out_an_unbroken_end_the_run(rs):
    sc = load_scenario(EXAMPLES / "core-ice-passed-on-leaving-2-4-and-3-2.yaml")
    exp = explore(sc, rs, release=True)
    assert exp.truncated is None
    for path, leaf in every_line(exp):
        if leaf.status != "unsuccessful" or made(path, "jack_out"):
            continue
        ice_wall = made(path, "rez", "Ice Wall")
        enigma_left = not any(2 in c.subs for c in made(path, "break", "Enigma"))
        assert ice_wall or enigma_left
    assert Lines(exp).outcomes()["successful"] > 0


def test_choices_that_cannot_change_the_timing_are_merged():
    # Hunter's only subroutine tags the Runner: breaking it or not leads to the same run.
    exp = explore(situation(ice=[{"card": "Hunter", "rezzed": True}]), "ffg-rr")
    lines = Lines(exp)
    assert len(every_line(exp)) == 4  # {break, no break} x {continue, jack out at 5.2}
    assert lines.total == 2 and lines.outcomes() == {"successful": 1, "unsuccessful": 1, "neither": 0}
    group = lines.groups(exp.root)[0]
    assert {b.option[0].kind for b in group.branches} == {"no_break", "break"}


def test_identical_states_reached_by_different_choices_are_one_node():
    # Breaking Hunter or not changes nothing that lasts past the next encounter: the decision at
    # Ice Wall's 3.1 is one node reached by both.
    exp = explore(situation(ice=[{"card": "Hunter", "rezzed": True}, {"card": "Ice Wall", "rezzed": True}]),
                  "ffg-rr")
    hunter = exp.root
    assert hunter.at == "3.1@Hunter" and len(hunter.branches) == 2
    after = {id(b.child) for b in hunter.branches}
    assert len(after) == 2  # the broken subroutine is still remembered at the jack-out decision
    at_ice_wall = {id(b.child) for n in (b.child for b in hunter.branches) for b in n.branches
                   if b.option[0].kind == "continue"}
    assert len(at_ice_wall) == 1


def test_an_optional_ability_may_be_declined_and_a_paid_one_used():
    sc = situation(ice=[{"card": "Rototurret", "rezzed": True}, {"card": "Border Control", "rezzed": True}],
                   runner=[{"card": "Femme Fatale"}], credits=9)
    exp = explore(sc, "ffg-rr")
    declined = places(exp, "decline")
    assert "3@Rototurret" in declined
    used = {(c.at, c.by) for path, _ in every_line(exp) for c in made(path, "use", "Border Control")}
    assert ("2.3@Border Control", "corp") in used and all(by == "corp" for _, by in used)


def test_an_accessed_card_with_a_trash_cost_may_be_trashed():
    sc = load_scenario("t.yaml", text=yaml.safe_dump({
        "run": {"server": "Server 1"}, "runner": {"credits": 5},
        "servers": {"Server 1": {"cards": [{"name": "PAD Campaign", "type": "asset", "trash_cost": 4}]}}}))
    exp = explore(sc, "ffg-rr")
    trashed = {leaf.trashed for _, leaf in every_line(exp)}
    assert trashed == {(), ("PAD Campaign",)}


def test_the_search_stops_at_its_line_cap_and_says_so():
    big = [{"name": f"Ice {i}", "type": "ice", "subroutines": ["End the run", "Lose a click"]} for i in range(8)]
    exp = explore(situation(ice=big), "ffg-rr", max_lines=200)
    assert exp.truncated == "lines" and 200 <= exp.walked
    d = as_dict(exp, Lines(exp))
    assert d["truncated"] is True and "200" in d["note"]


def test_the_search_stops_at_its_time_cap_and_says_so():
    big = [{"name": f"Ice {i}", "type": "ice", "subroutines": ["End the run", "Lose a click"]} for i in range(10)]
    exp = explore(situation(ice=big, root=[{"card": "Caprice Nisei"}]), "nsg", max_seconds=0.2)
    assert exp.truncated == "time" and exp.seconds < 2
    assert "seconds" in as_dict(exp, Lines(exp))["note"]


def test_a_line_the_judge_refuses_is_reported_with_the_refusal():
    # Written: the Runner trashes PAD Campaign (4 credits) when accessing it. Where the Corp rezzes
    # Tollbooth the Runner pays 3 of their 4 credits on the way in, and the trash is refused.
    sc = load_scenario("t.yaml", text=yaml.safe_dump({
        "run": {"server": "Server 1"}, "runner": {"credits": 4},
        "servers": {"Server 1": {"ice": [{"card": "Tollbooth"}],
                                 "cards": [{"name": "PAD Campaign", "type": "asset", "trash_cost": 4}]}},
        "actions": [{"at": "5.5", "by": "runner", "trash": "PAD Campaign"}]}))
    exp = explore(sc, "ffg-rr")
    refused = [(path, leaf) for path, leaf in every_line(exp) if leaf.status == "error"]
    assert refused and all(made(path, "rez", "Tollbooth") for path, _ in refused)
    assert "4" in refused[0][1].error.located_text("en")
    d = as_dict(exp, Lines(exp))
    assert d["errors"] == len(refused) and d["shortest"]["error"]["error"]


def test_questions_are_answered_with_the_shortest_line_that_shows_them():
    exp = explore(situation(ice=[{"card": "Ice Wall"}, ENIGMA]), "ffg-rr")
    lines = Lines(exp)
    cards = {"Ice Wall": 1, "Enigma": 1, "Hedge Fund": 1}
    yes = ask(lines, [parse_question("outcome=successful", exp, cards),
                      parse_question("rez:Enigma@2.3@Enigma", exp, cards)])
    assert yes.yes and yes.line.leaf.status == "successful"
    assert [(c.at, c.kind) for c in yes.line.made()] == [("2.3@Enigma", "rez"), ("3.1@Enigma", "break")]
    no = ask(lines, [parse_question("jack_out@2.2@Ice Wall", exp, cards)])  # the first approach
    assert not no.yes and no.complete
    assert ask(lines, [parse_question("reaches=3.1@Ice Wall", exp, cards)]).yes


@pytest.mark.parametrize("q", ["", "x" * 400, "teleport@2.2", "rez:Nobody@2.3@Enigma", "jack_out@9.9",
                               "outcome=maybe", "colour=red", "accessed=<script>"])
def test_a_bad_question_is_one_clear_error(q):
    exp = explore(situation(ice=[ENIGMA]), "ffg-rr")
    with pytest.raises(JudgeError) as got:
        parse_question(q, exp, {"Enigma": 1})
    assert "question" in got.value.located_text("en") and got.value.located_text("ko")
