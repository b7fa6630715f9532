"""Highlighting each step of a long walk-through: classes on the laid-out SVG versus a Graphviz
re-render per step (not a test: prints measurements)."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge import render  # noqa: E402
from judge.engine import run  # noqa: E402
from judge.render.graphviz import run_dot  # noqa: E402
from judge.scenario import load_scenario  # noqa: E402

ICE = 6


def long_walk_through():
    """Six rezzed ice, every subroutine broken: every step of 2-4 six times, then the server."""
    names = [f"Ice {i}" for i in range(ICE)]
    doc = {"title": "Six ice", "run": {"server": "HQ"}, "runner": {"credits": 30, "cards": []},
           "servers": {"HQ": {"ice": [{"name": n, "rezzed": True, "subroutines": ["End the run"]} for n in names],
                              "cards": [{"name": "Hedge Fund", "type": "operation"}]}},
           "actions": [{"at": "3.1", "ice": n, "by": "runner", "break": "all"} for n in names]}
    return run(load_scenario("bench.yaml", text=yaml.safe_dump(doc, sort_keys=False)))


def step_positions(t) -> list[int]:
    """One moment per step entered: the last event before the next step is entered."""
    enters = [i for i, e in enumerate(t.events) if e.kind == "enter"]
    return [nxt - 1 for nxt in enters[1:]] + [len(t.events) - len(t.warnings) - 1]


def timed(fn, positions: list[int]) -> list[float]:
    out = []
    for p in positions:
        t0 = time.perf_counter()
        fn(p)
        out.append(time.perf_counter() - t0)
    return out


def report(name: str, times: list[float]) -> float:
    med = statistics.median(times)
    print(f"{name:<44} median {med * 1000:9.3f} ms   mean {statistics.mean(times) * 1000:9.3f} ms   "
          f"total {sum(times):7.3f} s")
    return med


def build_and_layout(t) -> None:
    """Building each structure chart's DOT text, and laying it out with Graphviz (`dot -Tsvg`)."""
    from judge import rulesets
    from judge.render.doc import doc_structure
    from judge.render.dot import to_dot
    from judge.render.extract import structure
    from judge.render.timeline import timeline

    charts = [structure(rs, lang) for rs in sorted(rulesets.RULESETS) for lang in ("en", "ko")]
    charts += [doc_structure(rs, lang) for rs in sorted(rulesets.RULESETS) for lang in ("en", "ko")]
    charts += [timeline(t, lang) for lang in ("en", "ko")]
    build = [min(timed(lambda _p, c=c: to_dot(c), [0] * 5)) for c in charts]
    print(f"DOT text built for {len(charts)} charts: {sum(build) * 1000:.2f} ms in all "
          f"(median {statistics.median(build) * 1000:.3f} ms a chart)")
    texts = [to_dot(c) for c in charts]
    lay = [statistics.median(timed(lambda _p, d=d: run_dot(d, "svg"), [0] * 3)) for d in texts]
    print(f"dot -Tsvg for the same {len(texts)} charts: {sum(lay) * 1000:.0f} ms in all "
          f"(median {statistics.median(lay) * 1000:.0f} ms a chart)\n")


def main() -> None:
    t = long_walk_through()
    build_and_layout(t)
    positions = step_positions(t)
    print(f"walk-through: {len(positions)} steps, {len(t.events)} events, ruleset {t.rs.id}")
    for lang in ("en", "ko"):
        runs0 = render.graphviz_runs()
        t0 = time.perf_counter()
        render.chart_svg(t.rs.id, lang)
        layout = time.perf_counter() - t0
        fast = timed(lambda p, lang=lang: render.highlighted_svg(t, p, lang), positions)
        runs_fast = render.graphviz_runs() - runs0
        slow = timed(lambda p, lang=lang: run_dot(render.highlighted_dot(t, p, lang), "svg"), positions)
        print(f"\n[{lang}] one layout: {layout * 1000:.1f} ms; Graphviz runs for the whole highlighted "
              f"walk-through: {runs_fast}")
        a = report("highlighted_svg (classes on the cached SVG)", fast)
        b = report("re-render with Graphviz at each step", slow)
        print(f"ratio (re-render / highlight, medians): {b / a:,.0f}x")
    t0 = time.perf_counter()
    every = render.highlight_all(t, "en")
    print(f"\nhighlight_all for all {len(every)} events (the page's JSON): {(time.perf_counter() - t0) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
