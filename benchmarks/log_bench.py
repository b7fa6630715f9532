"""How long importing a long jinteki.net log takes (issue 23; not a test).

    python benchmarks/log_bench.py [--turns N] [--rounds R] [--no-judge]

Generates a log of N turns (default 200), alternating Corp and Runner turns; every Runner turn
makes two runs from the shapes of tests/fixtures/logs (a rez on approach with breaks and a steal, an
unbroken End the run, a jack out, a run on a server without ice), so the log has about N runs. Times
`import_log` (parse, split, place, and by default judge every run with the engine) R times and
prints min / median / max. Target: a 200-turn log imports in under 1 s (median).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.logs import import_log  # noqa: E402

TARGET_SECONDS = 1.0

RUNS = (
    ["R spends [Click] to make a run on HQ.", "R approaches ice protecting HQ at position 1.",
     "C pays 3 [Credits] to rez Enigma protecting HQ at position 1.", "C has no further action.",
     "R encounters Enigma protecting HQ at position 1.",
     "R pays 2 [Credits] to use Gordian Blade to break all 2 subroutines on Enigma.",
     "R passes Enigma protecting HQ at position 1.", "R approaches Ice Wall protecting HQ at position 0.",
     "R encounters Ice Wall protecting HQ at position 0.",
     "R pays 1 [Credits] to use Corroder to break all 1 subroutines on Ice Wall.",
     "R passes Ice Wall protecting HQ at position 0.", "R approaches HQ.", "R breaches HQ.",
     "R accesses Hostile Takeover from HQ.", "R steals Hostile Takeover and gains 1 agenda point."],
    ["R spends [Click] to make a run on Server 1.", "R approaches ice protecting Server 1 at position 0.",
     "C pays 1 [Credits] to rez Ice Wall protecting Server 1 at position 0.",
     "R encounters Ice Wall protecting Server 1 at position 0.", "C uses Ice Wall to end the run.",
     "C resolves 1 unbroken subroutine on Ice Wall (\"[subroutine] End the run\")."],
    ["R spends [Click] to make a run on R&D.", "R approaches Wall of Static protecting R&D at position 0.",
     "R encounters Wall of Static protecting R&D at position 0.",
     "R pays 1 [Credits] to use Corroder to break 1 Barrier subroutine on Wall of Static (\"[subroutine] End the run\").",
     "R passes Wall of Static protecting R&D at position 0.", "R jacks out."],
    ["R spends [Click] to make a run on Archives.", "R approaches Archives.", "R breaches Archives.",
     "R accesses everything else in Archives."],
)


def make_log(turns: int) -> str:
    """A log of `turns` turns; Runner turns make two runs each."""
    out: list[str] = []
    k = 0
    for n in range(1, turns + 1):
        side = "C" if n % 2 else "R"
        out.append(f"{side}[12:{n % 60:02d}:00] started their turn {n // 2 + 1} with 5 [Credits] and 5 cards in their Grip.")
        if side == "C":
            out += ["C spends [Click] to gain 1 [Credits].", "C spends [Click] to draw 1 card."]
        else:
            for _ in range(2):
                out += RUNS[k % len(RUNS)]
                k += 1
        out.append(f"{side} is ending their turn {n // 2 + 1} with 5 [Credits] and 5 cards in their Grip.[hr]")
    return "\n".join(out).replace("R ", "Runa ").replace("C ", "Corra ").replace("R[", "Runa[").replace("C[", "Corra[")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--no-judge", action="store_true", help="parse, split and place only")
    a = ap.parse_args()
    log = make_log(a.turns)
    import_log(log, judge=not a.no_judge)   # warm: the card catalogue and the models are loaded once
    times = []
    for _ in range(a.rounds):
        t0 = time.perf_counter()
        imp = import_log(log, judge=not a.no_judge)
        times.append(time.perf_counter() - t0)
    d = imp.as_dict() if not a.no_judge else {"runs": imp.runs, "incomplete": []}
    med = statistics.median(times)
    print(f"{a.turns} turns, {len(log.splitlines())} lines, {len(d['runs'])} runs"
          f"{' (not judged)' if a.no_judge else ''}: min {min(times):.3f} s, median {med:.3f} s, max {max(times):.3f} s"
          f" -> {'OK' if med < TARGET_SECONDS else 'SLOW'} (target < {TARGET_SECONDS:.0f} s)")


if __name__ == "__main__":
    main()
