"""Downloads of the rule sets' charts for documentation: each rule set, in English and Korean, in
the full (judging) or the documentation style, as SVG, PNG, PDF, DOT or Mermaid, and its timing
structure as wiki text (Markdown, namuwiki). Content-addressed: they change only with the judge."""

from __future__ import annotations

from flask import Blueprint, Response, abort, request

from ... import rulesets
from .. import chart

__all__ = ["bp", "FILES", "attachment"]

bp = Blueprint("charts", __name__)

# suffix -> (media type, what makes it): a chart format of judge.render, or a wiki markup
FILES = {"svg": ("image/svg+xml", "svg"), "png": ("image/png", "png"), "pdf": ("application/pdf", "pdf"),
         "dot": ("text/vnd.graphviz", "dot"), "mmd": ("text/plain", "mermaid"),
         "md": ("text/markdown", "markdown"), "namuwiki": ("text/plain", "namuwiki")}


def attachment(body: str | bytes, mimetype: str, name: str) -> Response:
    """A download: a name built only from validated parts, never shown inline."""
    resp = Response(body, mimetype=mimetype)
    resp.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return resp


@bp.get("/chart/<rs_id>.<any(en, ko):lang>.<any(svg, png, pdf, dot, mmd, md, namuwiki):fmt>")
def download(rs_id: str, lang: str, fmt: str):
    style = request.args.get("style") or "full"
    if rs_id not in rulesets.RULESETS or style not in chart.STYLES:
        abort(404)
    mimetype, what = FILES[fmt]
    paper = request.args.get("paper") or None
    dpi = request.args.get("dpi") or None
    if paper not in (None, *PAPERS) or dpi not in (None, "150", "300", "600"):
        abort(404)
    if what in chart.MARKUPS:
        body: str | bytes = chart.wiki_structure(rs_id, lang, what, chart.wiki_options(request.args))
        style = "full"
    else:
        if style == "doc" and what == "mermaid":
            abort(404)
        body = chart.clean_file(rs_id, lang, what, style, paper, int(dpi) if dpi else None)
    extra = (".doc" if style == "doc" else "") + (f".{paper}" if paper and what == "pdf" else "") + (
        f".{dpi}dpi" if dpi and what == "png" else "")
    return attachment(body, mimetype, f"{rs_id}.{lang}{extra}.{fmt}")


PAPERS = ("a4", "letter", "a4-landscape", "letter-landscape")
