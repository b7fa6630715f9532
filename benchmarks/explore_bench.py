"""How long the explorer takes to find every line (not a test: prints measurements).

    python benchmarks/explore_bench.py [--repeat N]

1. A three-ice situation with every choice open, under each rule set: Ice Wall, Enigma and Border
   Control unrezzed in front of HQ, Caprice Nisei unrezzed in its root, Femme Fatale's optional
   bypass in the Runner's rig, no action written. Every rez, break, jack out, paid ability (Border
   Control's trash) and optional ability is a choice. The target: explored completely in under 1 s.
2. Three ice and two breakers with credits open (issue 24): Ice Wall, Enigma and Tollbooth, the
   Corp's pool counted, Corroder and Gordian Blade in the rig, 8 credits: every rez (paid from the
   Corp's 10 credits), every break with each breaker that can pay, every jack out. The target:
   explored completely in under 1 s.
3. A trace and a psi game (issue 25): Data Raven (a trace 3) unrezzed and Ice Wall in front of a
   remote with Caprice Nisei (a psi game) unrezzed in its root, the Corp's 6 credits and the
   Runner's 4 counted: each side's boost (0..min(credits, 4)) and bid (0..2) is a choice beside
   every rez, break and jack out. The target: explored completely in under 1 s.
4. A board that explodes (ten unrezzed ice of three subroutines, two upgrades, Femme Fatale)
   under the page's caps (4000 lines, 2.5 s): the page must answer within them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.analysis.explore import Lines, explore  # noqa: E402
from judge.scenario import load_scenario  # noqa: E402

THREE_ICE = """\
title: Three ice, every choice open
run: {server: HQ}
runner:
  credits: 5
  cards: [{card: Femme Fatale}]
servers:
  HQ:
    ice: [{card: Ice Wall}, {card: Enigma}, {card: Border Control}]
    root: [{card: Caprice Nisei}]
    cards: [{card: Hedge Fund}]
"""


THREE_ICE_BREAKERS = """\
title: Three ice, two breakers, credits open
run: {server: HQ}
corp: {credits: 10}
runner:
  credits: 8
  cards: [{card: Corroder}, {card: Gordian Blade}]
servers:
  HQ:
    ice: [{card: Ice Wall}, {card: Enigma}, {card: Tollbooth}]
    cards: [{card: Hedge Fund}]
"""


TRACE_PSI = """\
title: A trace and a psi game, every boost and bid open
run: {server: Server 1}
corp: {credits: 6}
runner: {credits: 4}
servers:
  Server 1:
    ice: [{card: Ice Wall}, {card: Data Raven}]
    root: [{card: Caprice Nisei}]
    cards: [{name: Project Atlas, type: agenda, points: 2}]
"""


def big_board() -> str:
    ice = [{"name": f"Ice {i}", "type": "ice", "subroutines": ["End the run", "Lose a click", "Do 1 net damage"]}
           for i in range(10)]
    return yaml.safe_dump({"title": "Ten unrezzed ice", "run": {"server": "Server 1"},
                           "runner": {"credits": 9, "cards": [{"card": "Femme Fatale"}]},
                           "servers": {"Server 1": {"ice": ice, "root": [{"card": "Caprice Nisei"},
                                                                         {"card": "Manegarm Skunkworks"}],
                                                    "cards": [{"name": "Agenda", "type": "agenda", "points": 2}]}}},
                          sort_keys=False)


def measure(sc, rs: str, repeat: int, **caps) -> tuple[float, object, Lines]:
    times, exp, lines = [], None, None
    for _ in range(repeat):
        t0 = time.perf_counter()
        exp = explore(sc, rs, **caps)
        lines = Lines(exp)
        lines.outcomes()
        lines.shortest()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), exp, lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    sc = load_scenario("three-ice.yaml", text=THREE_ICE)
    print("three ice, every choice open (explored completely; median of", args.repeat, "runs):")
    for rs in ("ffg-rr", "nsg", "ffg-core"):
        t, exp, lines = measure(sc, rs, args.repeat)
        o = lines.outcomes()
        print(f"  {rs:8} {t * 1000:7.1f} ms  {exp.nodes} decision states, {exp.branches} options tried, "
              f"{exp.walked} lines before merging, {lines.total} lines: {o['successful']} successful, "
              f"{o['unsuccessful']} unsuccessful, {o['neither']} neither; truncated: {exp.truncated}")
    sc2 = load_scenario("three-ice-breakers.yaml", text=THREE_ICE_BREAKERS)
    print("three ice, two breakers, credits open (explored completely; median of", args.repeat, "runs):")
    for rs in ("ffg-rr", "nsg", "ffg-core"):
        t, exp, lines = measure(sc2, rs, args.repeat)
        o = lines.outcomes()
        print(f"  {rs:8} {t * 1000:7.1f} ms  {exp.nodes} decision states, {exp.branches} options tried, "
              f"{lines.total} lines: {o['successful']} successful, {o['unsuccessful']} unsuccessful, "
              f"{o['neither']} neither; truncated: {exp.truncated}")
    sc3 = load_scenario("trace-psi.yaml", text=TRACE_PSI)
    print("a trace and a psi game, every boost and bid open (explored completely; median of", args.repeat, "runs):")
    for rs in ("ffg-rr", "nsg", "ffg-core"):
        t, exp, lines = measure(sc3, rs, args.repeat)
        o = lines.outcomes()
        print(f"  {rs:8} {t * 1000:7.1f} ms  {exp.nodes} decision states, {exp.branches} options tried, "
              f"{exp.walked} lines before merging, {lines.total} lines: {o['successful']} successful, "
              f"{o['unsuccessful']} unsuccessful, {o['neither']} neither; truncated: {exp.truncated}")
    big = load_scenario("big.yaml", text=big_board())
    print("a board that explodes, under the page's caps (4000 lines, 2.5 s):")
    for rs in ("ffg-rr", "nsg"):
        t, exp, lines = measure(big, rs, 3, max_lines=4000, max_seconds=2.5)
        print(f"  {rs:8} {t * 1000:7.1f} ms  {exp.nodes} decision states, {lines.total} lines found, "
              f"truncated: {exp.truncated}")


if __name__ == "__main__":
    main()
