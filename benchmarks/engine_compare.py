"""The engine benchmark side by side with another commit, in one run (not a test).

    python benchmarks/engine_compare.py [--base REV] [--rounds N]

Checks REV (default HEAD~1) out into a temporary git worktree, then alternates the two trees,
round after round, each round a fresh process timing the 10-ice run of `engine_bench.py`
(its public API, `judge.engine.run` and `judge.scenario.load_scenario`, is the same in both).
Alternating spreads the machine's noise over both sides; the medians of the rounds are printed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

ROUND = r"""
import json, statistics, sys, time
sys.path.insert(0, sys.argv[2])
import judge  # the tree's own, imported before engine_bench puts this tree first on sys.path
from judge.engine import run
from judge.scenario import load_scenario
sys.path.insert(0, sys.argv[1])
from engine_bench import ten_ice
sc = load_scenario("ten-ice.yaml", text=ten_ice())
t = run(sc)
for _ in range(20):
    run(sc)
times = []
for _ in range(int(sys.argv[3])):
    t0 = time.perf_counter(); run(sc); times.append(time.perf_counter() - t0)
med = statistics.median(times)
print(json.dumps({"judge": judge.__file__, "steps": len(t.path), "events": len(t.events), "run_ms": med * 1e3,
                  "step_us": med / len(t.path) * 1e6}))
"""


def _round(tree: Path, repeat: int) -> dict:
    out = subprocess.run([sys.executable, "-c", ROUND, str(HERE), str(tree), str(repeat)],
                         capture_output=True, text=True, check=True, cwd=tree)
    got = json.loads(out.stdout)
    if not Path(got["judge"]).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"the round for {tree} imported {got['judge']}: the comparison would be void")
    return got


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="HEAD~1")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=100)
    args = ap.parse_args()
    rev = subprocess.run(["git", "rev-parse", "--short", args.base], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(base), rev], check=True, cwd=ROOT)
        try:
            got: dict[str, list[dict]] = {"base": [], "this": []}
            for _ in range(args.rounds):
                got["base"].append(_round(base, args.repeat))
                got["this"].append(_round(ROOT, args.repeat))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], check=False, cwd=ROOT)
    for side, label in (("base", f"{rev} (base)"), ("this", "working tree")):
        rs = got[side]
        print(f"{label:>22}: {rs[0]['steps']} steps, {rs[0]['events']} events; whole run median "
              f"{statistics.median(r['run_ms'] for r in rs):.2f} ms, per step entered median "
              f"{statistics.median(r['step_us'] for r in rs):.1f} us")
    ratio = statistics.median(r["step_us"] for r in got["this"]) / statistics.median(r["step_us"] for r in got["base"])
    print(f"ratio (working tree / base): {ratio:.2f}")


if __name__ == "__main__":
    main()
