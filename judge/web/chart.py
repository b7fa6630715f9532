"""The charts the pages show, from judge.render (the only module of the web package that uses it)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache, lru_cache

from markupsafe import Markup

from .. import render
from ..engine.trace import Trace
from ..render.ids import step_id
from ..render.positions import Position, moment_of
from ..render.wiki import MARKUPS as MARKUP_NAMES
from ..render.wiki import Options, structure_text, walkthrough_text
from ..rulesets import get
from .i18n import t

__all__ = ["clean_file", "doc_svg", "wiki_structure", "wiki_walkthrough", "walkthrough_file", "STYLES",
           "MARKUPS", "moment_of", "inline_svg", "inline_or_failure", "failure_text", "tooltips", "plain_svg", "highlights",
           "base_titles", "png", "pdf", "file_svg", "STYLE_CSS", "event_svg", "timeline_svg", "step_nodes", "drawn",
           "heat_svg", "HEAT_CSS"]

STYLE_CSS = render.STYLE_CSS
STYLES = render.STYLES
MARKUPS = MARKUP_NAMES
_STYLE = re.compile(r"<style>.*?</style>", re.S)
_SVG = "{http://www.w3.org/2000/svg}"


def _markup(svg: str) -> Markup:
    # Trusted: judge.render builds this SVG and escapes every name a user typed (its tests check
    # names with markup); the page's CSP forbids inline script as a second fence.
    return Markup(_STYLE.sub("", svg, count=1))


def inline_svg(t: Trace, positions: list[Position], n: int, lang: str) -> Markup:
    """The chart with step n highlighted, for the page (its styles come from /chart.css)."""
    return _markup(render.highlighted_svg(t, moment_of(t, positions, n), lang))


def plain_svg(ruleset_id: str, lang: str) -> Markup:
    return _markup(render.chart_svg(ruleset_id, lang))


def inline_or_failure(t: Trace, positions: list[Position], n: int, lang: str) -> tuple[Markup | None, str | None]:
    """inline_svg, or None and why not in the page's language when Graphviz is missing, hangs or
    fails: the stepper then shows its steps, trace and outcome without the chart."""
    try:
        return inline_svg(t, positions, n, lang), None
    except render.ChartError as exc:
        return None, failure_text(exc)


def failure_text(exc: render.ChartError) -> str:
    """Why a chart is missing, in the reader's language."""
    return t("fail_chart_" + (exc.reason if exc.reason in ("missing", "timeout") else "failed"))


def tooltips(ruleset_id: str, lang: str) -> dict[str, str] | None:
    """base_titles, or None while the chart cannot be drawn (not cached, so it comes back)."""
    try:
        return base_titles(ruleset_id, lang)
    except render.ChartError:
        return None


def drawn(draw, *args) -> tuple[Markup | None, str | None]:
    """draw(*args), or None and why not in the page's language when Graphviz cannot draw: the
    library, handout and quiz pages are whole without their chart."""
    try:
        return draw(*args), None
    except render.ChartError as exc:
        return None, failure_text(exc)


def event_svg(t: Trace, event: int, lang: str) -> Markup:
    """The chart as it stands right after trace event `event` (a quiz stops the run mid-step)."""
    return _markup(render.highlighted_svg(t, event, lang))


@lru_cache(maxsize=64)
def _timeline(dot_text: str) -> str:
    svg = render.render(dot_text, "svg").decode("utf-8")
    return svg[svg.find("<svg"):]


def timeline_svg(t: Trace, lang: str) -> Markup:
    """A run's walk-through (one Graphviz run per distinct run and language, then cached)."""
    return _markup(_timeline(render.timeline_dot(t, lang)))


def heat_svg(ruleset_id: str, lang: str, through: dict[str, int], total: int) -> Markup:
    """The chart coloured by how many of `total` lines pass each step and edge (the explorer; its
    heat classes come from /chart-heat.css)."""
    return _markup(render.heat_svg(ruleset_id, lang, through, total))


HEAT_CSS = render.HEAT_CSS


@cache
def step_nodes(ruleset_id: str) -> dict[str, str]:
    """The chart's node id of each step ("step-2_3" -> "2.3"), for the pages' scripts."""
    return {step_id(s): s for s in get(ruleset_id).step_ids}


def highlights(t: Trace, positions: list[Position], lang: str) -> list[dict]:
    """Each step's highlight (classes, titles, badge counts) for the page's script; titles are
    sent as what they add to the plain tooltips, which the page gets once."""
    base = tooltips(t.rs.id, lang) or {}  # no chart drawn: the titles are sent whole
    return render.step_highlights(t, [moment_of(t, positions, p.n) for p in positions], base, lang)


@cache
def base_titles(ruleset_id: str, lang: str) -> dict[str, str]:
    """The tooltip each element has when nothing is highlighted (the script restores these)."""
    root = ET.fromstring(render.chart_svg(ruleset_id, lang))
    out = {}
    for g in root.iter(f"{_SVG}g"):
        title = g.find(f"{_SVG}title")
        if g.get("id") and title is not None:
            out[g.get("id")] = title.text or ""
    return out


def file_svg(t: Trace, positions: list[Position], n: int, lang: str, heading: str = "", step_line: str = "") -> str:
    """A standalone SVG file of step n: the situation's title and the step above it, the key of its
    colours and marks in the legend (one Graphviz run, cached for repeated downloads)."""
    svg = _drawn(_file_dot(t, positions, n, lang, heading, step_line), "svg").decode("utf-8")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + render.strip_prologue(svg)


def _file_dot(t: Trace, positions: list[Position], n: int, lang: str, heading: str, step_line: str) -> str:
    return render.step_file_dot(t, moment_of(t, positions, n), lang, heading, step_line)


@lru_cache(maxsize=32)
def _drawn(dot_text: str, fmt: str) -> bytes:
    return render.render(dot_text, fmt)


def png(t: Trace, positions: list[Position], n: int, lang: str, heading: str = "", step_line: str = "") -> bytes:
    """Step n as a PNG image, headed and keyed as `file_svg` (cached for repeated downloads)."""
    return _drawn(_file_dot(t, positions, n, lang, heading, step_line), "png")


def pdf(t: Trace, positions: list[Position], n: int, lang: str, heading: str = "", step_line: str = "") -> bytes:
    """Step n as a PDF on A4 sheets, headed and keyed as `file_svg`, its text printed at a readable
    size (whole phases a page)."""
    return render.step_file_paper(t, moment_of(t, positions, n), lang, heading, step_line, render.Paper.parse("a4")).pdf()


def clean_file(ruleset_id: str, lang: str, fmt: str, style: str = "full", paper: str | None = None,
               dpi: int | None = None) -> bytes:
    """A rule set's chart, nothing highlighted, as a file (svg, png, pdf, dot, mermaid); a PDF
    laid out for a sheet (`paper`: "a4", "letter-landscape"...), a PNG at `dpi`."""
    if paper and fmt == "pdf":
        return _paper_pdf(ruleset_id, lang, paper, style)
    if dpi and fmt == "png":
        return _dpi_png(ruleset_id, lang, style, dpi)
    return render.clean_chart(ruleset_id, lang, fmt, style)


@lru_cache(maxsize=32)
def _paper_pdf(ruleset_id: str, lang: str, paper: str, style: str) -> bytes:
    return render.paper_chart(ruleset_id, lang, render.Paper.parse(paper), style).pdf()


@lru_cache(maxsize=16)
def _dpi_png(ruleset_id: str, lang: str, style: str, dpi: int) -> bytes:
    return render.render(render.styled_dot(ruleset_id, lang, style), "png", dpi)


def doc_svg(ruleset_id: str, lang: str) -> Markup:
    """The documentation style of a chart, for a page."""
    return _markup(render.strip_prologue(render.clean_chart(ruleset_id, lang, "svg", "doc").decode("utf-8")))


def wiki_options(args) -> Options:
    """A wiki download's layout from its query: ?form=compact, ?toc=1."""
    return Options(form="compact" if args.get("form") == "compact" else "page", toc=args.get("toc") == "1")


def wiki_structure(ruleset_id: str, lang: str, markup: str, opt: Options = Options()) -> str:
    return structure_text(ruleset_id, lang, markup, opt)


def wiki_walkthrough(t: Trace, lang: str, markup: str, opt: Options = Options()) -> str:
    return walkthrough_text(t, lang, markup, opt)


def walkthrough_file(t: Trace, lang: str, style: str = "full") -> str:
    """The run's walk-through as one self-contained HTML file (style "doc": for documentation)."""
    return render.walkthrough_html(t, lang, style)
