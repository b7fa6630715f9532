"""Timing charts: the structure of a ruleset, one moment of a trace, and a run's walk-through.

Graphviz lays each (ruleset, language) chart out once per process; highlighting a moment only
adds classes and titles to that SVG. The chart is built as a model (`extract`, `timeline`), written
as DOT (`dot`) or Mermaid (`mermaid`), drawn by Graphviz (`graphviz`), and highlighted
(`highlight`, `svg`, `css`); `trace_text` is the trace for a terminal. It may import
`judge.engine` (traces), `judge.rulesets`, `judge.i18n` and `judge.errors`.
"""

from __future__ import annotations

import threading
import time
import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import cache, lru_cache
from itertools import pairwise

from ..engine.trace import Trace
from ..rulesets import get as get_ruleset
from .css import heat_css, style_css
from .doc import STYLES, doc_structure
from .dot import to_dot
from .errors import ChartError
from .extract import edge_element, structure
from .graphviz import graphviz_runs, run_dot
from .highlight import as_heat, as_highlight, moment_at, moments
from .mermaid import to_mermaid
from .model import Chart, Line, Node
from .paper import Paper
from .printed import Printed, printed
from .settings import LOOK, PAPER_LOOK, Look
from .standalone import walkthrough_html as _standalone
from .svg import LaidOut, prepare, strip_prologue, with_font_fallback, without_id_titles
from .text import clean
from .timeline import timeline
from .words import word

__all__ = ["chart_dot", "chart_svg", "walkthrough_html", "step_highlights", "plain_titles", "styled_dot", "clean_chart",
           "CLEAN_FORMATS", "STYLES", "highlight", "highlighted_svg", "highlight_all", "STYLE_CSS", "HEAT_CSS", "heat_svg",
           "style_css", "strip_prologue", "timeline_dot", "timeline_svg", "render", "to_png", "graphviz_runs",
           "highlighted_dot", "highlighted_chart", "paper_chart", "Paper", "Printed", "ChartError", "step_file_chart",
           "step_file_dot", "step_file_paper"]

STYLE_CSS: str = style_css()
HEAT_CSS: str = heat_css()
RETRY_AFTER = 30.0  # seconds a failed layout is remembered before Graphviz is tried again
_lock = threading.Lock()
_laid: dict[tuple[str, str, str], LaidOut] = {}
_failed: dict[tuple[str, str, str], tuple[float, ChartError]] = {}


@cache
def _chart(ruleset_id: str, lang: str) -> Chart:
    return structure(ruleset_id, _lang(lang))


@cache
def _styled(ruleset_id: str, lang: str, style: str = "full") -> Chart:
    if style not in STYLES:
        raise ChartError("unknown_style", asked=repr(style), known=", ".join(STYLES))
    return _chart(ruleset_id, lang) if style == "full" else doc_structure(ruleset_id, _lang(lang))


@cache
def _edges(ruleset_id: str, lang: str, style: str = "full") -> dict[str, str]:
    return edge_element(_styled(ruleset_id, lang, style))


def _lang(lang: str) -> str:
    if lang not in ("en", "ko"):
        raise ChartError("unknown_language", asked=repr(lang))
    return lang


def _highlightable(chart: Chart) -> set[str]:
    ids = {n.id for n in chart.nodes if "legend" not in n.classes}
    ids |= {ln.id for ln in chart.lines if ln.style != "invis" and "legend" not in ln.classes}
    return ids | {c.id for c in chart.clusters if "phase" in c.classes}


def _laid_out(ruleset_id: str, lang: str, style: str = "full") -> LaidOut:
    """The chart laid out by Graphviz: once per (ruleset, language) per process, even across threads.
    A failure is remembered for RETRY_AFTER seconds: while Graphviz is missing, broken or hanging,
    the requests queued behind this lock fail at once instead of each waiting out the timeout."""
    key = (ruleset_id, _lang(lang), style)
    got = _laid.get(key)
    if got is None:
        with _lock:
            got = _laid.get(key)
            if got is None:
                failed = _failed.get(key)
                if failed is not None and time.monotonic() - failed[0] < RETRY_AFTER:
                    raise failed[1]
                try:
                    got = _laid[key] = _lay_out(_styled(*key))
                except ChartError as exc:
                    _failed[key] = (time.monotonic(), exc)
                    raise
                _failed.pop(key, None)
    return got


def _lay_out(chart: Chart) -> LaidOut:
    svg = run_dot(to_dot(chart), "svg")
    try:
        return prepare(with_font_fallback(svg.decode("utf-8")), _highlightable(chart))
    except (UnicodeDecodeError, ET.ParseError, ValueError, KeyError, IndexError) as exc:
        raise ChartError("unreadable_svg", why=str(exc), reason="failed") from None


def chart_dot(ruleset_id: str, lang: str) -> str:
    """The DOT text of a ruleset's structure chart."""
    return to_dot(_chart(ruleset_id, lang))


CLEAN_FORMATS = ("svg", "png", "pdf", "dot", "mermaid")


def styled_dot(ruleset_id: str, lang: str, style: str = "full") -> str:
    """The DOT text of a structure chart in a style: "full" (every interrupt drawn, for judging)
    or "doc" (the main flow, interrupts in a table beneath, for documentation)."""
    if style not in STYLES:
        raise ChartError("unknown_style", asked=repr(style), known=", ".join(STYLES))
    return chart_dot(ruleset_id, lang) if style == "full" else to_dot(doc_structure(ruleset_id, _lang(lang)))


@lru_cache(maxsize=64)
def clean_chart(ruleset_id: str, lang: str, fmt: str, style: str = "full") -> bytes:
    """A structure chart as a file: svg, png or pdf drawn by Graphviz once per process, or its
    dot or Mermaid text; nothing highlighted."""
    if fmt == "mermaid":
        if style != "full":
            raise ChartError("style_not_mermaid")
        return to_mermaid(_chart(ruleset_id, lang)).encode()
    dot = styled_dot(ruleset_id, lang, style)
    return dot.encode() if fmt == "dot" else render(dot, fmt)


def chart_svg(ruleset_id: str, lang: str, style: str = "full") -> str:
    """The structure chart as an inline-able SVG string (no XML prologue), laid out once."""
    return _laid_out(ruleset_id, lang, style).fill()


def highlight(trace: Trace, position: int, lang: str, style: str = "full") -> dict:
    """Classes and titles per element id for event `position` of a trace (clamped)."""
    m = moment_at(trace, position)
    return as_highlight(m, trace, _styled(trace.rs.id, lang, style), _edges(trace.rs.id, lang, style), lang)


def highlight_all(trace: Trace, lang: str, style: str = "full") -> list[dict]:
    """highlight() for every position of a trace, computed in one pass."""
    chart, edges = _styled(trace.rs.id, lang, style), _edges(trace.rs.id, lang, style)
    return [as_highlight(m, trace, chart, edges, lang) for m in moments(trace)]


def plain_titles(ruleset_id: str, lang: str, style: str = "full") -> dict[str, str]:
    """The tooltip of each highlightable element of the plain chart (a script restores these)."""
    return dict(_laid_out(ruleset_id, lang, style).titles)


def step_highlights(trace: Trace, moments_at: list[int], titles: dict[str, str], lang: str,
                    style: str = "full") -> list[dict]:
    """The highlight of each of these trace events, for a script that steps through them: classes,
    counts, triggers, the current element, and each title as what it adds to the plain tooltip
    in `titles` ("\0" and the whole text when it does not start with it): a long run would
    otherwise repeat every step's explanation in every step."""
    every = highlight_all(trace, lang, style)
    out = []
    for event in moments_at:
        h = every[event]
        out.append({"classes": h["classes"], "counts": h["counts"], "triggers": h["triggers"],
                    "current": h["current"],
                    "titles": {eid: text[len(titles.get(eid, "")):] if text.startswith(titles.get(eid, ""))
                               else "\0" + text for eid, text in h["titles"].items()}})
    return out


def walkthrough_html(trace: Trace, lang: str, style: str = "full") -> str:
    """A run's walk-through as one self-contained HTML file (chart, trace, step buttons and keys);
    style "doc": the chart in the documentation style, the words for a reader of rules."""
    titles = plain_titles(trace.rs.id, lang, style)
    return _standalone(trace, lang, chart_svg(trace.rs.id, lang, style), titles, STYLE_CSS,
                       lambda moments: step_highlights(trace, moments, titles, lang, style), style)


def turn_walkthrough_html(traces: list[Trace] | tuple[Trace, ...], servers: list[str], lang: str,
                          style: str = "full") -> str:
    """A turn of several runs' walk-through as one self-contained HTML file: each run's steps in
    order under its heading; the chart shows the run of the step shown."""
    from .standalone import turn_walkthrough_html as standalone_turn

    rs_id = traces[0].rs.id
    titles = plain_titles(rs_id, lang, style)
    return standalone_turn(traces, servers, lang, chart_svg(rs_id, lang, style), titles, STYLE_CSS,
                           lambda tr, moments: step_highlights(tr, moments, titles, lang, style), style)


def highlighted_svg(trace: Trace, position: int, lang: str, style: str = "full") -> str:
    """The chart with one moment highlighted and the style table embedded; no Graphviz run."""
    h = highlight(trace, position, lang, style)
    return _laid_out(trace.rs.id, lang, style).fill(h["classes"], h["titles"], h["counts"], h["triggers"],
                                                   style=STYLE_CSS)


def heat_svg(ruleset_id: str, lang: str, through: dict[str, int], total: int) -> str:
    """The structure chart coloured by how many of `total` lines pass each step and edge
    (`through`: step id or rule-set edge id -> lines); no Graphviz run."""
    h = as_heat(through, max(total, 1), get_ruleset(ruleset_id), _chart(ruleset_id, lang), _edges(ruleset_id, lang), lang)
    return _laid_out(ruleset_id, lang).fill(h["classes"], h["titles"], h["counts"])


def highlighted_chart(trace: Trace, position: int, lang: str, style: str = "full", look: Look = LOOK) -> Chart:
    """The chart with one moment's classes drawn in (for PNG, PDF and paper)."""
    h = highlight(trace, position, lang, style)
    chart = _styled(trace.rs.id, lang, style) if look is LOOK else _restyled(trace.rs.id, lang, style, look)
    cls = h["classes"]
    nodes = tuple(replace(n, marks=tuple(cls.get(n.id, ())),
                          extra=_badges(h, n.id)) for n in chart.nodes)
    lines = tuple(replace(ln, marks=tuple(cls.get(ln.id, ()))) for ln in chart.lines)
    return replace(chart, nodes=nodes, lines=lines)


def highlighted_dot(trace: Trace, position: int, lang: str, style: str = "full") -> str:
    """The chart's DOT with one moment's classes drawn in (for PNG and PDF exports)."""
    return to_dot(highlighted_chart(trace, position, lang, style))


# The key of a step's chart file, in the legend column: (node id, word, the highlight it shows).
_KEY_MARKS = (("current", "key.current"), ("visited", "key.visited"), ("skipped", "key.skipped"),
              ("next", "key.next"), ("not-reached", "key.not_reached"))


def step_file_chart(trace: Trace, position: int, lang: str, heading: str, step_line: str,
                    style: str = "full", look: Look = LOOK) -> Chart:
    """The chart of one moment as a file to take away (PNG, SVG, PDF): headed by the situation's
    title and the step, and a key under the legend saying what its colours, its bold arrows and its
    ×/★ marks mean (the page says it beside the chart; a file carries it)."""
    chart = highlighted_chart(trace, position, lang, style, look)
    nodes = [Node(f"legend-key-{mark}", (word(label, lang),), "step", ("legend", "key"), cluster="legend", marks=(mark,))
             for mark, label in _KEY_MARKS]
    nodes += [Node("legend-key-taken-from", (), "point", ("legend", "key"), cluster="legend"),
              Node("legend-key-taken-to", (), "point", ("legend", "key"), cluster="legend"),
              Node("legend-key-badges", (word("key.badges", lang),), "text", ("legend", "key"), cluster="legend")]
    taken = Line("legend-key-taken", "legend-key-taken-from", "legend-key-taken-to", word("key.taken", lang),
                 ("legend", "key"), marks=("taken",))
    # The key goes in the legend's column after its last arrow sample, before the interrupt tags.
    last = "legend-interrupt-from"
    after = next((ln for ln in chart.lines if ln.id == f"order-{last}"), None)
    column = [last, *(n.id for n in nodes if n.id != "legend-key-taken-to")] + ([after.head] if after else [])
    order = tuple(Line(f"order-key-{a}", a, b, style="invis") for a, b in pairwise(column))
    lines = tuple(ln for ln in chart.lines if ln is not after) + (taken,) + order
    heads = tuple(x for x in (heading, step_line) if clean(x).strip())  # a title of control characters says nothing
    return replace(chart, title=heads + chart.title, nodes=chart.nodes + tuple(nodes), lines=lines,
                   same_rank=chart.same_rank + (("legend-key-taken-from", "legend-key-taken-to"),))


def step_file_dot(trace: Trace, position: int, lang: str, heading: str, step_line: str, style: str = "full") -> str:
    """`step_file_chart` as DOT text (for Graphviz to draw as PNG or SVG)."""
    return to_dot(step_file_chart(trace, position, lang, heading, step_line, style))


def step_file_paper(trace: Trace, position: int, lang: str, heading: str, step_line: str, paper: Paper,
                    style: str = "full") -> Printed:
    """`step_file_chart` laid out for a sheet (A4): whole phases a page, every text printed at a
    readable size, the title and step on the first page, the key with the legend."""
    return printed(step_file_chart(trace, position, lang, heading, step_line, style, PAPER_LOOK), paper)


def _restyled(ruleset_id: str, lang: str, style: str, look: Look) -> Chart:
    return structure(ruleset_id, _lang(lang), look) if style == "full" else doc_structure(ruleset_id, _lang(lang), look)


def paper_chart(ruleset_id: str, lang: str, paper: Paper, style: str = "doc", trace: Trace | None = None,
                position: int | None = None) -> Printed:
    """A structure chart (or one moment of a run on it) laid out for a sheet of paper, in pages."""
    if trace is not None and position is not None:
        chart = highlighted_chart(trace, position, lang, style, PAPER_LOOK)
    else:
        chart = _restyled(ruleset_id, lang, style, PAPER_LOOK)
    return printed(chart, paper)


def _badges(h: dict, eid: str) -> tuple[str, ...]:
    out = []
    if h["counts"].get(eid):
        out.append(f"×{h['counts'][eid]}")
    if h["triggers"].get(eid):
        out.append(f"★{h['triggers'][eid]}")
    return (" ".join(out),) if out else ()


def timeline_dot(trace: Trace, lang: str, style: str = "full", direction: str = "lr",
                 paper: Paper | None = None) -> str:
    """The DOT text of a run's walk-through; style "doc": nothing cut, said for a reader;
    direction "tb": each step under the last; on `paper`: fitted to the sheet."""
    chart = timeline(trace, _lang(lang), doc=style == "doc", direction=direction)
    if paper is not None:
        chart = replace(chart, graph=chart.graph + paper.attrs())
    return to_dot(chart)


def timeline_svg(trace: Trace, lang: str) -> str:
    """A run's walk-through as an inline-able SVG (one Graphviz run per call)."""
    return strip_prologue(render(timeline_dot(trace, lang), "svg").decode("utf-8"))


def render(dot_text: str, fmt: str, dpi: int | None = None) -> bytes:
    """DOT text drawn by Graphviz as svg, png or pdf bytes (an SVG names its font fallbacks;
    a PNG at `dpi`, Graphviz's 96 when not given)."""
    out = run_dot(dot_text, fmt, dpi=dpi)
    if fmt == "png" and dpi:
        out = with_dpi(out, dpi)
    return without_id_titles(with_font_fallback(out.decode("utf-8"))).encode("utf-8") if fmt == "svg" else out


def with_dpi(png: bytes, dpi: int) -> bytes:
    """A PNG that says its resolution (a pHYs chunk), so printing software sizes it right."""
    import struct
    import zlib

    ppm = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", ppm, ppm, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    end = 8 + 8 + 13 + 4                      # signature, IHDR length and type, IHDR data, CRC
    return png[:end] + chunk + png[end:] if b"pHYs" not in png else png


def to_png(dot_text: str) -> bytes:
    """DOT text as a PNG image."""
    return run_dot(dot_text, "png")
