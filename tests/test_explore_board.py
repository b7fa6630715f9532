"""The explorer at traces and psi games (issue 25): each side's boost or bid is a decision within
a cap the output states, and lines are merged only where the board they leave is the same, so the
claim printed beside merged choices ("the same rest of the run and the same board") is true."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from judge.analysis.explore import BOOST_CAP, Lines, as_dict, ask, choice_lines, explore, parse_question
from judge.analysis.explore.search import board_key
from judge.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("ffg-rr", "nsg")


def psi_board(runner=5, corp=5, actions=()):
    """Caprice Nisei rezzed in the root of a remote: her psi game as the Runner approaches the server."""
    doc = {"title": "psi", "run": {"server": "Server 1"}, "runner": {"credits": runner},
           **({"corp": {"credits": corp}} if corp is not None else {}),
           "servers": {"Server 1": {"root": [{"card": "Caprice Nisei", "rezzed": True}],
                                    "cards": [{"name": "Hedge Fund", "type": "operation"}]}},
           "actions": list(actions)}
    return load_scenario("psi.yaml", text=yaml.safe_dump(doc, sort_keys=False))


TRACER = {"name": "Tracer", "type": "ice", "strength": 1, "rezzed": True,
          "subroutines": [{"text": "Trace 3: 1 tag", "effect": {"trace": 3, "then": {"tag": 1}}}]}


def trace_board(runner=2, corp=10, ice=TRACER):
    """A rezzed ice on HQ whose subroutine is a trace 3 that tags the Runner (or Data Raven)."""
    doc = {"title": "trace", "run": {"server": "HQ"}, "runner": {"credits": runner},
           **({"corp": {"credits": corp}} if corp is not None else {}),
           "servers": {"HQ": {"ice": [ice],
                              "cards": [{"name": "Hedge Fund", "type": "operation"}]}}}
    return load_scenario("trace.yaml", text=yaml.safe_dump(doc, sort_keys=False))


def every_line(exp):
    out, stack = [], [(exp.root, ())]
    while stack:
        node, path = stack.pop()
        if node.leaf is not None:
            out.append((path, node.leaf))
            continue
        stack += [(b.child, path + (b,)) for b in node.branches]
    return out


def amounts(path, kind: str) -> dict[str, int]:
    return {c.by: c.n for b in path for c in b.option if c.kind == kind}


def leaves(node) -> set[tuple]:
    """Every way the lines below a node end, with the board they leave."""
    if node.leaf is not None:
        return {node.leaf.key}
    return set().union(*(leaves(b.child) for b in node.branches))


@pytest.mark.parametrize("rs", RULESETS)
def test_each_side_bids_0_to_2_and_the_psi_game_follows_the_bids(rs):
    exp = explore(psi_board(), rs)
    assert exp.truncated is None
    lines = every_line(exp)
    bids = {(a["corp"], a["runner"]) for a in (amounts(p, "psi_bid") for p, _ in lines)}
    assert bids == {(c, r) for c in range(3) for r in range(3)}
    for path, leaf in lines:
        b = amounts(path, "psi_bid")
        jacked = any(c.kind == "jack_out" for x in path for c in x.option)
        if b["corp"] != b["runner"]:  # Caprice: different bids end the run
            assert leaf.status == "unsuccessful" and not leaf.accessed, (b, leaf)
        elif not jacked:
            assert leaf.status == "successful"


@pytest.mark.parametrize("rs", RULESETS)
def test_corp_bids_0_1_2_against_the_runners_bid_are_not_merged_as_the_same_run(rs):
    # The bug this catches: Corp bids 1 and 2 against the Runner's 0 both end the run at the same
    # step, and the explorer printed them as one line "with the same rest of the run", though the
    # Corp paid 1 in one and 2 in the other.
    sc = psi_board(actions=[{"at": {"ffg-rr": "4", "nsg": "6.9.4a"}, "by": "runner", "psi_bid": 0}])
    exp = explore(sc, rs)
    lines = Lines(exp)
    corp_bids = {}
    for ln in lines.lines(100):
        for c, alts in ln.choices():
            if c.kind == "psi_bid":
                assert c.by == "corp"  # the Runner's bid is written: not a decision
                assert not alts, f"bid {c.n} merged with {[a.n for a in alts]}"
                corp_bids.setdefault(c.n, set()).add(ln.leaf.status)
    assert set(corp_bids) == {0, 1, 2}
    assert "successful" in corp_bids[0] and corp_bids[1] == corp_bids[2] == {"unsuccessful"}
    text = "\n".join(s for ln in lines.lines(100) for s in choice_lines(ln))
    assert "bids 1" in text and "bids 2" in text


@pytest.mark.parametrize("board", [psi_board(), psi_board(corp=None), trace_board(), trace_board(corp=None),
                                   trace_board(ice={"card": "Data Raven", "rezzed": True})])
def test_merged_choices_leave_the_same_board_on_every_line_after_them(board):
    # What the output claims of merged choices, checked on every group of every node.
    exp = explore(board, "ffg-rr")
    lines = Lines(exp)
    for node in lines.order():
        for g in lines.groups(node):
            if len(g.branches) > 1:
                first = leaves(g.branches[0].node)
                assert all(leaves(b.node) == first for b in g.branches[1:])


@pytest.mark.parametrize("rs", RULESETS)
def test_trace_boosts_are_within_the_cap_and_what_each_side_has(rs):
    exp = explore(trace_board(runner=2, corp=10), rs)
    assert exp.truncated is None
    seen = set()
    for path, leaf in every_line(exp):
        b = amounts(path, "trace_boost")
        if not b:
            continue  # the subroutine broken or never met on this line
        seen.add((b["corp"], b["runner"]))
        corp_wins = 3 + b["corp"] > 0 + b["runner"]
        assert leaf.board[4] == (1 if corp_wins else 0), (b, leaf.board)  # the tags
        assert leaf.board[0] == 2 - b["runner"] and leaf.board[2] == b["corp"]  # what each side paid
    assert seen == {(c, r) for c in range(BOOST_CAP + 1) for r in range(3)}  # Corp: the cap; Runner: 2 credits
    d = as_dict(exp, Lines(exp))
    assert str(BOOST_CAP) in d["note"]  # the cap cut the Corp's boosts: said
    ko = as_dict(exp, Lines(exp), "ko")
    assert "추적 강화" in ko["note"]


def test_no_cap_is_mentioned_where_it_cuts_nothing():
    exp = explore(trace_board(runner=1, corp=2), "ffg-rr")
    assert "note" not in as_dict(exp, Lines(exp))
    boosts = {(a["corp"], a["runner"]) for a in (amounts(p, "trace_boost") for p, _ in every_line(exp)) if a}
    assert boosts == {(c, r) for c in range(3) for r in range(2)}


def test_a_runner_with_one_credit_bids_at_most_one():
    exp = explore(psi_board(runner=1), "ffg-rr")
    runner = {amounts(p, "psi_bid")["runner"] for p, _ in every_line(exp)}
    assert runner == {0, 1}


def test_the_board_key_tells_apart_what_the_corp_paid():
    exp = explore(psi_board(corp=None), "ffg-rr")  # the Corp's pool not counted: what it paid still is
    spent = {leaf.board: amounts(p, "psi_bid")["corp"] for p, leaf in every_line(exp)}
    assert {b[2] for b in spent} == {0, 1, 2}
    assert board_key(exp.root.state) == board_key(exp.root.state)


@pytest.mark.parametrize("rs", RULESETS)
def test_questions_are_answered_across_bids(rs):
    exp = explore(psi_board(), rs)
    lines = Lines(exp)
    cards = {"Caprice Nisei": 1, "Hedge Fund": 1}
    no_run = ask(lines, [parse_question("outcome=unsuccessful", exp, cards)])
    assert no_run.yes
    made = [(c.kind, c.by, c.n) for c in no_run.line.made()]
    assert len(made) == 1 and made[0][0] in ("psi_bid", "jack_out")
    got = ask(lines, [parse_question("outcome=successful", exp, cards), parse_question("accessed=Hedge Fund", exp, cards)])
    assert got.yes and not [c for c in got.line.made() if c.kind == "psi_bid"]  # equal bids of 0: nothing to write


def test_json_lines_state_the_bids_and_can_answers(tmp_path):
    p = tmp_path / "psi.yaml"
    p.write_text(yaml.safe_dump({"title": "psi", "run": {"server": "Server 1"}, "runner": {"credits": 5},
                                 "servers": {"Server 1": {"root": [{"card": "Caprice Nisei", "rezzed": True}],
                                                          "cards": [{"name": "Hedge Fund", "type": "operation"}]}}}),
                 encoding="utf-8")
    run = [sys.executable, "-m", "judge", "explore", str(p), "--ruleset", "ffg-rr"]
    out = subprocess.run(run + ["--format", "json"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    bids = set()
    for line in d["lines"]:
        got = {c["by"]: c["bid"] for c in line["choices"] if c["choice"] == "psi_bid"}
        assert set(got) == {"corp", "runner"}
        bids.add((got["corp"], got["runner"]))
        if got["corp"] != got["runner"]:
            assert line["outcome"] == "unsuccessful"
    assert len(bids) == 9
    yes = subprocess.run(run + ["--can", "outcome=unsuccessful", "--can", "psi_bid@4"], capture_output=True,
                         text=True, cwd=ROOT, timeout=120)
    assert yes.returncode == 0, yes.stdout + yes.stderr
    ko = subprocess.run(run + ["--lang", "ko"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert ko.returncode == 0 and "입찰" in ko.stdout


PSI_PAGE = """\
title: Caprice Nisei's psi game
run: {server: Server 1}
runner: {credits: 5}
servers:
  Server 1:
    root: [{card: Caprice Nisei, rezzed: true}]
    cards: [{name: Hedge Fund, type: operation}]
"""


def test_the_explore_page_opens_a_line_with_its_bids_as_actions(client):
    import html as htmllib
    import re
    from urllib.parse import unquote_plus
    r = client.post("/api/scenarios", data=PSI_PAGE, headers={"Content-Type": "application/yaml"})
    sid = r.get_json()["id"]
    page = client.get(f"/s/{sid}/explore?lang=en").get_data(as_text=True)
    assert "Corp: bids 2 credit(s) in the psi game" in page
    links = [htmllib.unescape(u) for u in re.findall(r'href="(/s/[^"]+/explore/line\?[^"]+)"', page)]
    link = next(u for u in links if "psi_bid" in unquote_plus(u) and ",2]" in unquote_plus(u))
    got = client.get(link)
    assert got.status_code == 303, got.get_data(as_text=True)[:300]
    new = got.headers["Location"].split("/s/")[1].split("?")[0]
    doc = yaml.safe_load(client.get(f"/s/{new}/scenario.yaml").get_data(as_text=True))
    assert any(a.get("psi_bid") == 2 for a in doc["actions"]), doc["actions"]
    assert client.get(unquote_plus(link)).status_code == 303
    forged = unquote_plus(link).replace(",2]", ",7]")  # a bid nobody was offered
    assert client.get(forged).status_code == 400
    ko = client.get(f"/s/{sid}/explore?lang=ko").get_data(as_text=True)
    assert "사이 게임에서 2 크레딧을 입찰한다" in ko


def test_the_explore_page_names_the_boost_cap_where_it_cuts(client):
    doc = {"title": "trace", "run": {"server": "HQ"}, "runner": {"credits": 6}, "corp": {"credits": 9},
           "servers": {"HQ": {"ice": [TRACER], "cards": [{"name": "Hedge Fund", "type": "operation"}]}}}
    r = client.post("/api/scenarios", data=yaml.safe_dump(doc), headers={"Content-Type": "application/yaml"})
    sid = r.get_json()["id"]
    en = client.get(f"/s/{sid}/explore?lang=en").get_data(as_text=True)
    assert f"up to {BOOST_CAP} credits" in en and "Runner: boosts the trace by 4 credit(s)" in en
    assert "boosts the trace by 5" not in en  # the Runner has 6 credits: the cap stops at 4
    ko = client.get(f"/s/{sid}/explore?lang=ko").get_data(as_text=True)
    assert f"0부터 {BOOST_CAP} 크레딧까지" in ko


def test_two_traces_at_one_step_each_read_their_own_boosts():
    twice = {"name": "Twin Tracer", "type": "ice", "strength": 1, "rezzed": True,
             "subroutines": [{"text": "Trace 1: 1 tag", "effect": {"trace": 1, "then": {"tag": 1}}},
                             {"text": "Trace 1: 1 tag", "effect": {"trace": 1, "then": {"tag": 1}}}]}
    exp = explore(trace_board(runner=1, corp=1, ice=twice), "ffg-rr")
    seen = set()
    for path, leaf in every_line(exp):
        boosts = [(c.by, c.n) for b in path for c in b.option if c.kind == "trace_boost"]
        if any(c.kind == "break" for b in path for c in b.option):
            continue  # one trace or none left
        assert [by for by, _ in boosts] == ["corp", "runner", "corp", "runner"]
        (_, c1), (_, r1), (_, c2), (_, r2) = boosts
        assert c1 + c2 <= 1 and r1 + r2 <= 1  # one credit each: a second boost they cannot pay is no option
        assert leaf.board[4] == (1 + c1 > r1) + (1 + c2 > r2), (boosts, leaf.board)
        seen.add((c1, r1, c2, r2))
    assert (0, 1, 1, 0) in seen and (1, 0, 0, 1) in seen
