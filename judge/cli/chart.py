"""`judge chart`: the structure chart, a highlighted moment, a walk-through, or every committed chart."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import rulesets
from ..engine import run
from ..render import (
    STYLES,
    Paper,
    chart_dot,
    chart_svg,
    clean_chart,
    highlighted_dot,
    highlighted_svg,
    paper_chart,
    render,
    styled_dot,
    timeline_dot,
    to_png,
    walkthrough_html,
)
from ..render.errors import ChartError
from ..render.extract import structure
from ..render.mermaid import to_mermaid
from ..render.printed import DPI_PRINT
from ..render.timeline import DIRECTIONS, timeline
from ..render.wiki import structure_text, walkthrough_text
from ..scenario import load_scenario

__all__ = ["chart_cmd", "write_all", "committed", "moment_of_step", "MANIFEST", "MARKUP_FILES"]

MARKUP_FILES = {"markdown": "md", "namuwiki": "namuwiki"}   # wiki text: the file suffix of each markup

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
             timeline_only: bool, style: str = "full", paper: Paper | None = None, dpi: int | None = None,
             direction: str = "lr") -> list[bytes]:
    """The chart as files: one, or a page each when laid out for paper in more than one page."""
    if paper is not None and fmt in ("dot", "mermaid"):
        raise ChartError("paper_format", fmt=fmt)
    if timeline_only:
        if scenario is None:
            raise ChartError("timeline_needs_scenario")
        t = _trace(scenario, ruleset)
        if fmt == "mermaid":
            return [to_mermaid(timeline(t, lang, doc=style == "doc", direction=direction)).encode()]
        dot = timeline_dot(t, lang, style, direction, paper)
        return [dot.encode() if fmt == "dot" else render(dot, fmt, dpi)]
    t = _trace(scenario, ruleset) if scenario is not None else None
    if t is None and step is not None:
        raise ChartError("step_needs_scenario")
    pos = moment_of_step(t, step) if t is not None else None
    rs_id = t.rs.id if t is not None else ruleset or rulesets.DEFAULT
    if paper is not None:   # paper is for documentation: the doc style, whatever was asked
        pages = paper_chart(rs_id, lang, paper, "doc", t, pos)
        return [pages.pdf()] if fmt == "pdf" else pages.pages(fmt, dpi)
    if t is not None:
        if fmt == "svg":
            return [highlighted_svg(t, pos, lang, style).encode()]
        if fmt == "mermaid":
            raise ChartError("moment_not_mermaid")
        dot = highlighted_dot(t, pos, lang, style)
        return [dot.encode() if fmt == "dot" else render(dot, fmt, dpi)]
    if style != "full" or dpi is not None:
        if fmt == "mermaid" and style != "full":
            raise ChartError("style_not_mermaid")
        dot = styled_dot(rs_id, lang, style)
        if fmt in ("svg", "png", "pdf"):
            return [render(dot, fmt, dpi) if dpi else clean_chart(rs_id, lang, fmt, style)]
    if fmt == "svg":
        return [chart_svg(rs_id, lang).encode()]
    if fmt == "dot":
        return [styled_dot(rs_id, lang, style).encode()]
    if fmt == "mermaid":
        return [to_mermaid(structure(rs_id, lang)).encode()]
    return [render(chart_dot(rs_id, lang), fmt, dpi)]


def _paged(path: Path, n: int) -> Path:
    """Page n of a chart written as several files: chart.png, chart-2.png, ..."""
    return path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def committed(out: Path) -> dict[Path, object]:
    """Every file `make graphs` writes under out/, and how to make it: bytes, or a function that
    draws them (Graphviz runs only for the files being written). Each rule set's structure in both
    languages (dot, svg, png, mermaid), its documentation style (dot, svg, png) and its
    text for wikis (Markdown, namuwiki); for each scenario listed in out/timelines.txt (paths
    relative to it), its walk-through chart (dot, svg, png), and the walk-through as one HTML
    file, Markdown and namuwiki."""
    files: dict[Path, object] = {}
    for rs_id in sorted(rulesets.RULESETS):
        for lang in ("en", "ko"):
            dot = chart_dot(rs_id, lang)
            base = f"{rs_id}.{lang}"
            files[out / f"{base}.dot"] = dot.encode()
            files[out / f"{base}.svg"] = lambda d=dot: render(d, "svg")
            files[out / f"{base}.png"] = lambda d=dot: to_png(d)
            files[out / f"{base}.mmd"] = to_mermaid(structure(rs_id, lang)).encode()
            doc = styled_dot(rs_id, lang, "doc")
            files[out / "doc" / f"{base}.dot"] = doc.encode()
            for fmt in ("svg", "png"):   # not pdf: cairo writes the time into each one
                files[out / "doc" / f"{base}.{fmt}"] = lambda d=doc, f=fmt: render(d, f)
            for markup, suffix in MARKUP_FILES.items():
                files[out / "text" / f"{base}.{suffix}"] = structure_text(rs_id, lang, markup).encode()
    for scenario in timeline_sources(out):
        t = _trace(str(scenario), None)
        for lang in ("en", "ko"):
            dot = timeline_dot(t, lang)
            base = f"{scenario.stem}.{lang}"
            files[out / "timelines" / f"{base}.dot"] = dot.encode()
            files[out / "timelines" / f"{base}.svg"] = lambda d=dot: render(d, "svg")
            files[out / "timelines" / f"{base}.png"] = lambda d=dot: to_png(d)
            files[out / "walkthroughs" / f"{base}.html"] = lambda tr=t, lg=lang: walkthrough_html(tr, lg).encode()
            for markup, suffix in MARKUP_FILES.items():
                files[out / "walkthroughs" / f"{base}.{suffix}"] = walkthrough_text(t, lang, markup).encode()
    return files


def write_all(out: Path) -> list[Path]:
    """Write every committed chart and export (`committed`) that differs from what is on disk."""
    written: list[Path] = []
    for path, data in committed(out).items():
        _write(path, data() if callable(data) else data)
        written.append(path)
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
@click.option("--style", type=click.Choice(STYLES), default="full", show_default=True,
              help="full: every interrupt drawn (for judging); doc: the main flow, interrupts in a table beneath.")
@click.option("--paper", default=None, metavar="SHEET",
              help="Lay the chart out for print: a4 or letter, -landscape for landscape (a4-landscape). The text "
                   "prints at 7 pt or more at 100%; a chart that needs more than one page is a PDF of several, or one "
                   "SVG/PNG file per page (chart.png, chart-2.png, ...).")
@click.option("--dpi", type=click.IntRange(36, 1200), default=None,
              help=f"PNG resolution in dots per inch (default Graphviz's 96; {DPI_PRINT} for print).")
@click.option("--direction", type=click.Choice(DIRECTIONS), default="lr", show_default=True,
              help="--timeline: each row of steps left to right (lr), or each step under the last (tb).")
@click.option("--all", "all_charts", is_flag=True, help="Write every committed chart into the -o folder.")
@click.option("-o", "--output", default=None, help="Output file (or folder with --all); default: stdout.")
def chart_cmd(ruleset: str | None, lang: str, fmt: str, scenario: str | None, step: str | None,
              timeline_only: bool, style: str, paper: str | None, dpi: int | None, direction: str,
              all_charts: bool, output: str | None) -> None:
    """Draw timing charts with Graphviz (or as Mermaid text)."""
    if all_charts:
        if output is None:
            raise ChartError("all_needs_output")
        written = write_all(Path(output))
        click.echo(f"{len(written)} files in {output}")
        return
    if dpi is not None and fmt != "png":
        raise ChartError("dpi_needs_png", fmt=fmt)
    pages = _produce(fmt, lang, ruleset, scenario, step, timeline_only, style,
                     Paper.parse(paper) if paper else None, dpi, direction)
    if output is None:
        if fmt in BINARY or len(pages) > 1:
            raise ChartError("binary_output", fmt=fmt)
        sys.stdout.write(pages[0].decode("utf-8"))
        sys.stdout.flush()
        return
    for n, data in enumerate(pages, 1):
        _write(_paged(Path(output), n), data)
    if len(pages) > 1:
        click.echo(f"{len(pages)} pages: " + ", ".join(str(_paged(Path(output), n)) for n in range(1, len(pages) + 1)))
