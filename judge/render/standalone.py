"""A run's walk-through as one self-contained HTML file: the chart, the trace, step buttons and
keys, every word in the chosen language, and no request to anywhere (styles, script and data are
inside), for a writer to attach to a wiki page or a forum post and for a reader to open offline.

Every name a user typed reaches the file through Jinja's autoescaping (text), the chart's own
escaping (`svg.xml_text`), or as JSON with `<`, `>`, `&` and `'` escaped.

Jinja is imported when the first file is made, not with the module: `judge run` imports this
package for the terminal text and makes no file."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from .. import paths
from ..engine.trace import Trace, status_text, title_text
from ..i18n import t
from .answer import answer
from .positions import Position, moment_of, positions
from .reader import for_readers
from .svg import strip_prologue
from .walk import cite, context, doc_title, doc_warnings, entries

if TYPE_CHECKING:
    from jinja2 import Environment

__all__ = ["walkthrough_html", "FOLDER"]

FOLDER = paths.TEMPLATES / "export"


@cache
def _env() -> Environment:
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    return Environment(loader=FileSystemLoader(str(FOLDER)), autoescape=select_autoescape(default=True),
                       trim_blocks=True, lstrip_blocks=True)


@cache
def _own(name: str) -> Markup:
    # Trusted: the export's own stylesheet and script, files of this package (no user text).
    text = (FOLDER / name).read_text(encoding="utf-8")
    if "</" + "script" in text.lower() or "</" + "style" in text.lower():
        raise ValueError(f"{name} would end its element early")
    return Markup(text)


def htmlsafe_json_dumps(obj: object) -> Markup:
    """Jinja's JSON for inside a script element (`<`, `>`, `&` and `'` escaped)."""
    from jinja2.utils import htmlsafe_json_dumps as dumps

    return dumps(obj)


def turn_walkthrough_html(traces: list[Trace] | tuple[Trace, ...], servers: list[str], lang: str, laid_out_svg: str,
                          titles: dict[str, str], style_css: str, highlights, style: str = "full") -> str:
    """`walkthrough_html` for a turn of several runs: every run's steps one after the other,
    numbered through the turn, each run with its heading and the board it starts from; the chart
    shows the run of the step shown. `highlights(trace, moments)` is one run's highlights."""
    from .turn import board_text, shown_run, start_board

    runs = [shown_run(tr) for tr in traces]
    pos: list[Position] = []
    items: list[Any] = []
    hl: list[Any] = []
    parts: list[dict[str, Any]] = []
    for k, tr in enumerate(runs):
        own = positions(tr, lang)
        parts.append({"k": k + 1, "first": len(pos) + 1, "server": servers[k] if k < len(servers) else "",
                      "summary": answer(tr, lang).text, "status": status_text(tr.status, lang), "trace": tr,
                      "board": board_text(start_board(tr), tr, lang)})
        hl += highlights(tr, [moment_of(tr, own, p.n) for p in own])
        pos += [replace(p, n=p.n + len(pos), run=k) for p in own]
        items += entries(tr, lang)
    first = runs[0]
    data = {"total": len(pos), "hl": hl, "base": titles,
            "counter": t("pages.step_of", lang, n="__N__", total=len(pos))}
    doc = style == "doc"
    why = (first.explanation or {}).get(lang) or (first.explanation or {}).get("en")
    ctx = context(first)
    reader = (lambda s: for_readers(s, lang, ctx)) if doc else (lambda s: s)
    warnings = [t("pages.turn_run", lang, k=part["k"], total=len(servers), server=part["server"]) + ": " + x
                for part, tr in zip(parts, runs, strict=True)
                for x in (doc_warnings(tr, lang) if doc else [e.text(tr.rs, lang) for e in tr.warnings])]
    return _env().get_template("walkthrough.html").render(
        lang=lang, w=lambda key, **a: t(f"pages.{key}", lang, **a), x=lambda key, **a: t(f"export.{key}", lang, **a),
        title=doc_title(first, lang) if doc else title_text(first.title, lang), doc=doc,
        rs=first.rs, trace=first, positions=pos, items=items, status=status_text(first.status, lang),
        summary=answer(first, lang).text, turn=parts, turn_total=len(servers),
        firsts={part["first"]: part for part in parts},
        why=reader(why) if why else why, cite=lambda step: cite(first.rs.id, step, lang),
        svg=Markup(strip_prologue(laid_out_svg)), css=_own("walkthrough.css"), chart_css=Markup(style_css),
        script=_own("walkthrough.js"), data=htmlsafe_json_dumps(data), warnings=warnings)


def walkthrough_html(tr: Trace, lang: str, laid_out_svg: str, titles: dict[str, str], style_css: str,
                     highlights, style: str = "full") -> str:
    """The file's text. `laid_out_svg` is the plain chart of the run's rule set (no prologue, no
    style), `titles` its plain tooltips, `highlights(moments)` each step's highlight. Style "doc"
    (for documentation): the words for a reader of rules (no rule set ids, case numbers or
    scenario syntax; cards under the reader's language's titles), skipped steps said once a run."""
    pos = positions(tr, lang)
    moments = [moment_of(tr, pos, p.n) for p in pos]
    data = {"total": len(pos), "hl": highlights(moments), "base": titles,
            "counter": t("pages.step_of", lang, n="__N__", total=len(pos))}
    doc = style == "doc"
    why = (tr.explanation or {}).get(lang) or (tr.explanation or {}).get("en")
    items = entries(tr, lang)
    ctx = context(tr)
    reader = (lambda s: for_readers(s, lang, ctx)) if doc else (lambda s: s)
    return _env().get_template("walkthrough.html").render(
        lang=lang, w=lambda key, **a: t(f"pages.{key}", lang, **a), x=lambda key, **a: t(f"export.{key}", lang, **a),
        title=doc_title(tr, lang) if doc else title_text(tr.title, lang), doc=doc,
        rs=tr.rs, trace=tr, positions=pos, items=items, status=status_text(tr.status, lang),
        summary=answer(tr, lang).text,
        why=reader(why) if why else why, cite=lambda step: cite(tr.rs.id, step, lang),
        svg=Markup(strip_prologue(laid_out_svg)), css=_own("walkthrough.css"), chart_css=Markup(style_css),
        script=_own("walkthrough.js"), data=htmlsafe_json_dumps(data),
        warnings=doc_warnings(tr, lang) if doc else [e.text(tr.rs, lang) for e in tr.warnings])
