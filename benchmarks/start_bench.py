"""How long `judge run` takes as a whole process, side by side with an empty Python start (not a test).

    python benchmarks/start_bench.py [--rounds N] [--cold] [--base REV] [FILE]

Each round runs `judge run FILE` (default: two_cards.yaml beside this file, a situation with two
`card:` entries) and `python -c pass` once each, in alternation, each a fresh process started by
the same interpreter, so the machine's noise falls on both alike. Prints the wall time and the CPU
time (user + system) of each command as min / median / max, and the ratio of the medians: the
target is a median of at most 0.25 s, or at most 10x the empty start.

Every command may write and then reads compiled bytecode (`__pycache__`, ignored by git), as an
installed package does: PYTHONDONTWRITEBYTECODE is removed from their environment, or each run
would compile every module of the judge again and the comparison would measure the compiler.

`--cold` gives each `judge run` a new empty cache folder (JUDGE_CACHE_DIR), so it pays for building
the card cache; without it the first, untimed, run fills the cache and the timed runs read it.
`--base REV` adds a third command, the same `judge run` from REV checked out into a temporary git
worktree (run as `python -m judge` with that tree first on the path, and so is this tree's for a
fair comparison): the start-up before and after a change, measured in one run.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TARGET_SECONDS = 0.25
TARGET_RATIO = 10.0


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _timed(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float, str]:
    """Run cmd once: (wall seconds, CPU seconds, its output); a failure stops the benchmark."""
    cpu0, t0 = _children_cpu(), time.perf_counter()
    out = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({out.returncode}):\n{out.stderr}")
    return wall, cpu, out.stdout


def _line(name: str, xs: list[float]) -> str:
    return f"{name:<10} min {min(xs) * 1e3:7.1f}  median {statistics.median(xs) * 1e3:7.1f}  max {max(xs) * 1e3:7.1f} ms"


def _worktree(rev: str, into: Path) -> Path:
    tree = into / "base"
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), rev], cwd=ROOT, check=True,
                   capture_output=True)
    return tree


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", default=str(HERE / "two_cards.yaml"))
    ap.add_argument("--rounds", type=int, default=21)
    ap.add_argument("--cold", action="store_true", help="a new, empty card cache for every judge run")
    ap.add_argument("--base", default=None, metavar="REV", help="also time judge run from this commit")
    args = ap.parse_args()
    scenario = str(Path(args.file).resolve())
    py = sys.executable
    script = Path(py).parent / "judge"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory(prefix="start-bench-") as tmp:
        tmpdir = Path(tmp)
        env["JUDGE_CACHE_DIR"] = str(tmpdir / "cache")
        commands: dict[str, tuple[list[str], dict[str, str], Path]] = {}
        if args.base:
            base = _worktree(args.base, tmpdir)
            commands["base"] = ([py, "-m", "judge", "run", scenario], env | {"PYTHONPATH": str(base)}, base)
            commands["judge"] = ([py, "-m", "judge", "run", scenario], env | {"PYTHONPATH": str(ROOT)}, ROOT)
        else:
            judge = [str(script)] if script.exists() else [py, "-m", "judge"]
            commands["judge"] = ([*judge, "run", scenario], env, ROOT)
        commands["python"] = ([py, "-c", "pass"], env, ROOT)
        try:
            expected = {name: _timed(*c)[2] for name, c in commands.items()}  # warm: page cache, .pyc, card cache
            if args.base and expected["base"] != expected["judge"]:
                raise SystemExit("the base and this tree print different traces: the comparison would be void")
            wall: dict[str, list[float]] = {name: [] for name in commands}
            cpu: dict[str, list[float]] = {name: [] for name in commands}
            for r in range(args.rounds):
                for name, (cmd, cenv, cwd) in commands.items():
                    if args.cold and name != "python":
                        cenv = cenv | {"JUDGE_CACHE_DIR": str(tmpdir / f"cold-{name}-{r}")}
                    w, c, out = _timed(cmd, cenv, cwd)
                    if out != expected[name]:
                        raise SystemExit(f"{name}: the output changed between runs")
                    wall[name].append(w)
                    cpu[name].append(c)
        finally:
            if args.base:
                subprocess.run(["git", "worktree", "remove", "--force", str(tmpdir / "base")], cwd=ROOT,
                               capture_output=True)
    print(f"{args.rounds} rounds, {'cold' if args.cold else 'warm'} card cache, {Path(scenario).name}, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print("wall time")
    for name in commands:
        print("  " + _line(name, wall[name]))
    print("CPU time (user + system)")
    for name in commands:
        print("  " + _line(name, cpu[name]))
    med = {name: statistics.median(wall[name]) for name in commands}
    cmed = {name: statistics.median(cpu[name]) for name in commands}
    for name in commands:
        if name != "python":
            print(f"ratio {name} / python: wall {med[name] / med['python']:.1f}x, "
                  f"CPU {cmed[name] / cmed['python']:.1f}x")
    ok = med["judge"] <= TARGET_SECONDS or med["judge"] / med["python"] <= TARGET_RATIO
    print(f"target (median <= {TARGET_SECONDS} s or <= {TARGET_RATIO:g}x python -c pass, warm cache): "
          + ("not measured: every run here builds the cache" if args.cold else "met" if ok else "not met"))


if __name__ == "__main__":
    main()
