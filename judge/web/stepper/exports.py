"""A saved situation's walk-through to take away: one self-contained HTML file (chart, trace, step
buttons and keys, no request to anywhere), or wiki text (Markdown, namuwiki); in the page's
language, under the rule set the page shows (?ruleset=)."""

from __future__ import annotations

from flask import Blueprint, request

from .. import chart
from ..errors import page_error
from ..i18n import lang
from ..pages.charts import attachment
from ..rulesets.switch import RulesetProblem, under
from .views import load_or_404

__all__ = ["bp"]

bp = Blueprint("walkthrough", __name__)

_TEXT = {"md": ("text/markdown", "markdown"), "namuwiki": ("text/plain", "namuwiki")}


def _loaded(sid: str):
    return under(load_or_404(sid), request.args.get("ruleset"))


def _name(s, sid: str, suffix: str) -> str:
    rs = "" if s.trace.ruleset == s.scenario.ruleset else f"-{s.trace.ruleset}"
    return f"walkthrough-{sid}{rs}-{lang()}.{suffix}"


@bp.get("/s/<sid>/walkthrough.html")
def html(sid: str):
    s = _loaded(sid)
    style = "doc" if request.args.get("style") == "doc" else "full"
    return attachment(chart.walkthrough_file(s.trace, lang(), style), "text/html", _name(s, sid, "html"))


@bp.get("/s/<sid>/walkthrough.<any(md, namuwiki):fmt>")
def text(sid: str, fmt: str):
    s = _loaded(sid)
    mimetype, markup = _TEXT[fmt]
    return attachment(chart.wiki_walkthrough(s.trace, lang(), markup, chart.wiki_options(request.args)), mimetype,
                      _name(s, sid, fmt))


@bp.errorhandler(RulesetProblem)
def bad_ruleset(exc: RulesetProblem):
    return page_error(str(exc), 400)
