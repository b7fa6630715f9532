"""How long the engine takes per step on a 10-ice run (not a test: prints measurements)."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.engine import run  # noqa: E402
from judge.scenario import load_scenario  # noqa: E402


def ten_ice() -> str:
    ice = [{"name": f"Ice {i}", "rezzed": i % 2 == 0,
            "subroutines": ["End the run", "Lose a click"],
            "abilities": [{"when": "encountered", "effect": {"note": "when encountered"}}]} for i in range(10)]
    actions = [{"at": "3.1", "ice": f"Ice {i}", "by": "runner", "break": [1]} for i in range(0, 10, 2)]
    actions += [{"at": "2.3", "ice": f"Ice {i}", "by": "corp", "rez": f"Ice {i}"} for i in range(1, 10, 4)]
    actions += [{"at": "3.1", "ice": f"Ice {i}", "by": "runner", "break": "all"} for i in range(1, 10, 4)]
    doc = {"title": "Ten ice", "run": {"server": "Server 1"}, "corp": {"bad_publicity": 1},
           "runner": {"credits": 5, "cards": [{"name": "Khan", "abilities": [{"when": "passed", "effect": {"gain": 1}}]}]},
           "servers": {"Server 1": {"ice": ice, "cards": [{"name": "Agenda", "type": "agenda", "points": 2}]}},
           "actions": actions}
    return yaml.safe_dump(doc, sort_keys=False)


def main(repeat: int = 200) -> None:
    sc = load_scenario("ten-ice.yaml", text=ten_ice())
    t = run(sc)
    steps = len(t.path)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run(sc)
        times.append(time.perf_counter() - t0)
    med = statistics.median(times)
    p95 = sorted(times)[int(0.95 * len(times)) - 1]
    print(f"10-ice run: {steps} steps entered, {len(t.events)} events, outcome {t.status}")
    print(f"whole run: median {med * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms over {repeat} runs")
    print(f"per step entered: median {med / steps * 1e6:.1f} us")
    t0 = time.perf_counter()
    for _ in range(50):
        load_scenario("ten-ice.yaml", text=ten_ice())
    print(f"loading the scenario: {(time.perf_counter() - t0) / 50 * 1000:.2f} ms")


if __name__ == "__main__":
    main()
