"""`judge chart`: the structure chart, a highlighted moment, a walk-through, or every committed chart."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import rulesets
from ..engine import run
from ..render import chart_dot, chart_svg, highlighted_dot, highlighted_svg, render, timeline_dot, to_png
from ..render.errors import ChartError
from ..render.extract import structure
from ..render.mermaid import to_mermaid
from ..render.timeline import timeline
from ..scenario import load_scenario

__all__ = ["chart_cmd", "write_all", "moment_of_step", "MANIFEST"]

FORMATS = ("svg", "png", "pdf", "dot", "mermaid")
BINARY = ("png", "pdf")
MANIFEST = "timelines.txt"   # in the output folder of --all: the scenario files to draw as walk-throughs


def moment_of_step(trace, step: str | None) -> int:
    """The event position that shows step N of the walk-through (1-based, as `judge run` numbers
    them) or the occurrence named ("2.3@Enigma"): its last event, so skips and the edge out show."""
    events = trace.events
    enters = [i for i, e in enumerate(events) if e.kind == "enter"]
    last = len(events) - len(trace.warnings) - 1
    if step is None:
        return last
    if step.isdigit():
        n = int(step)
        if not 1 <= n <= len(enters):
            raise ChartError("step_range", n=n, last=len(enters))
        k = n - 1
    else:
        occ = [events[i].occurrence for i in enters]
        if step not in occ:
            raise ChartError("step_unknown", step=repr(step), steps=", ".join(occ))
        k = occ.index(step)
    return enters[k + 1] - 1 if k + 1 < len(enters) else last


def _trace(path: str, ruleset: str | None):
    sc = load_scenario(path, ruleset=ruleset)
    return run(sc, ruleset)


def _produce(fmt: str, lang: str, ruleset: str | None, scenario: str | None, step: str | None,
             timeline_only: bool) -> bytes:
    if timeline_only:
        if scenario is None:
            raise ChartError("timeline_needs_scenario")
        t = _trace(scenario, ruleset)
        if fmt == "mermaid":
            return to_mermaid(timeline(t, lang)).encode()
        dot = timeline_dot(t, lang)
        return dot.encode() if fmt == "dot" else render(dot, fmt)
    if scenario is not None:
        t = _trace(scenario, ruleset)
        pos = moment_of_step(t, step)
        if fmt == "svg":
            return (highlighted_svg(t, pos, lang)).encode()
        if fmt == "mermaid":
            raise ChartError("moment_not_mermaid")
        dot = highlighted_dot(t, pos, lang)
        return dot.encode() if fmt == "dot" else render(dot, fmt)
    if step is not None:
        raise ChartError("step_needs_scenario")
    ruleset = ruleset or rulesets.DEFAULT
    if fmt == "svg":
        return chart_svg(ruleset, lang).encode()
    if fmt == "dot":
        return chart_dot(ruleset, lang).encode()
    if fmt == "mermaid":
        return to_mermaid(structure(ruleset, lang)).encode()
    return render(chart_dot(ruleset, lang), fmt)


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def write_all(out: Path) -> list[Path]:
    """Every committed chart: each ruleset's structure in both languages (dot, svg, png, mermaid),
    and the walk-through of each scenario listed in out/timelines.txt (paths relative to it)."""
    written: list[Path] = []
    for rs_id in sorted(rulesets.RULESETS):
        for lang in ("en", "ko"):
            dot = chart_dot(rs_id, lang)
            base = out / f"{rs_id}.{lang}"
            for suffix, data in ((".dot", dot.encode()), (".svg", render(dot, "svg")),
                                 (".png", to_png(dot)),
                                 (".mmd", to_mermaid(structure(rs_id, lang)).encode())):
                _write(base.with_name(base.name + suffix), data)
                written.append(base.with_name(base.name + suffix))
    for scenario in timeline_sources(out):
        t = _trace(str(scenario), None)
        for lang in ("en", "ko"):
            dot = timeline_dot(t, lang)
            base = out / "timelines" / f"{scenario.stem}.{lang}"
            for suffix, data in ((".dot", dot.encode()), (".svg", render(dot, "svg")), (".png", to_png(dot))):
                _write(base.with_name(base.name + suffix), data)
                written.append(base.with_name(base.name + suffix))
    return written


def timeline_sources(out: Path) -> list[Path]:
    """The scenario files named in out/timelines.txt (one per line, # comments), in order."""
    manifest = out / MANIFEST
    if not manifest.exists():
        return []
    files = []
    for n, raw in enumerate(manifest.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        path = (manifest.parent / line).resolve()
        if not path.is_file():
            raise ChartError("no_scenario_file", f=repr(line), source=str(manifest), line=n)
        files.append(path)
    return files


@click.command("chart")
@click.option("--ruleset", type=click.Choice(sorted(rulesets.RULESETS)), default=None,
              help=f"Default: the scenario's ruleset, else {rulesets.DEFAULT}.")
@click.option("--lang", type=click.Choice(["en", "ko"]), default="en", show_default=True)
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="svg", show_default=True)
@click.option("--scenario", type=click.Path(dir_okay=False), default=None,
              help="Highlight a moment of this scenario's run.")
@click.option("--step", default=None, metavar="N",
              help="The moment: step N of the walk-through (1-based) or an occurrence like 2.3@Enigma; "
                   "default: the end of the run.")
@click.option("--timeline", "timeline_only", is_flag=True, help="Draw the scenario's walk-through instead.")
@click.option("--all", "all_charts", is_flag=True, help="Write every committed chart into the -o folder.")
@click.option("-o", "--output", default=None, help="Output file (or folder with --all); default: stdout.")
def chart_cmd(ruleset: str | None, lang: str, fmt: str, scenario: str | None, step: str | None,
              timeline_only: bool, all_charts: bool, output: str | None) -> None:
    """Draw timing charts with Graphviz (or as Mermaid text)."""
    if all_charts:
        if output is None:
            raise ChartError("all_needs_output")
        written = write_all(Path(output))
        click.echo(f"{len(written)} files in {output}")
        return
    data = _produce(fmt, lang, ruleset, scenario, step, timeline_only)
    if output is None:
        if fmt in BINARY:
            raise ChartError("binary_output", fmt=fmt)
        sys.stdout.write(data.decode("utf-8"))
        sys.stdout.flush()
    else:
        _write(Path(output), data)
