"""A saved situation's walk-through to take away: one self-contained HTML file (chart, trace, step
buttons and keys, no request to anywhere), or wiki text (Markdown, namuwiki); in the page's
language, under the rule set the page shows (?ruleset=)."""

from __future__ import annotations

from flask import Blueprint, request

from ... import render
from ...render.wiki import turn_walkthrough_text
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
    if s.traces:  # a turn of several runs: each run's steps in order, with its heading
        body = render.turn_walkthrough_html(s.traces, _servers(s), lang(), style)
    else:
        body = chart.walkthrough_file(s.trace, lang(), style)
    return attachment(body, "text/html", _name(s, sid, "html"))


@bp.get("/s/<sid>/walkthrough.<any(md, namuwiki):fmt>")
def text(sid: str, fmt: str):
    s = _loaded(sid)
    mimetype, markup = _TEXT[fmt]
    opt = chart.wiki_options(request.args)
    if s.traces:  # a turn of several runs: one section per run
        body = turn_walkthrough_text(s.traces, _servers(s), lang(), markup, opt)
    else:
        body = chart.wiki_walkthrough(s.trace, lang(), markup, opt)
    return attachment(body, mimetype, _name(s, sid, fmt))


def _servers(s) -> list[str]:
    return [part.server for part in s.scenario.runs]


@bp.errorhandler(RulesetProblem)
def bad_ruleset(exc: RulesetProblem):
    return page_error(str(exc), 400)
