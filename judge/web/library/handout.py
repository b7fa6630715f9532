"""A printable handout of one case: the situation, the walk-through chart, the path with what was
skipped and why, the outcome, the explanation and the sources."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from .. import chart
from ..errors import page_error
from ..i18n import lang
from ..rulesets.switch import RulesetProblem, under
from ..stepper.context import OUTCOME_LISTS
from ..stepper.positions import positions
from ..stepper.views import load_or_404
from .board import board
from .views import case_or_404

__all__ = ["bp"]

bp = Blueprint("handout", __name__)


@bp.get("/library/<stem>/handout")
def show(stem: str):
    case = case_or_404(stem, request.args.get("rs"))
    return _handout(case.trace, case.scenario, case.ruleset, case=case)


@bp.get("/s/<sid>/handout")
def situation(sid: str):
    """A handout for any saved situation, not only the library's cases (?ruleset= as on the stepper)."""
    try:
        s = under(load_or_404(sid), request.args.get("ruleset"))
    except RulesetProblem as exc:
        return page_error(str(exc), 400)
    return _handout(s.trace, s.scenario, s.trace.ruleset, sid=sid, rs_arg=request.args.get("ruleset"))


def _handout(tr, sc, ruleset: str, **kw):
    code = lang()
    why = sc.explanation.get(code)
    return render_template(
        "handout.html", sc=sc, trace=tr, board=board(sc, ruleset, code), **{"case": None, **kw},
        positions=positions(tr, code), timeline=chart.drawn(chart.timeline_svg, tr, code),
        lists=[(k, tr.shown_list(k, code)) for k in OUTCOME_LISTS if tr.lists[k]],
        warnings=[e.text(tr.rs, code) for e in tr.warnings],
        why=why or sc.explanation.get("en"), why_lang=code if why else "en")
