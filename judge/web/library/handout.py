"""A printable handout of one case: the situation, the walk-through chart, the path with what was
skipped and why, the outcome, the explanation and the sources."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from .. import chart
from ..i18n import lang
from ..stepper.context import OUTCOME_LISTS
from ..stepper.positions import positions
from .board import board
from .views import case_or_404

__all__ = ["bp"]

bp = Blueprint("handout", __name__)


@bp.get("/library/<stem>/handout")
def show(stem: str):
    case = case_or_404(stem, request.args.get("rs"))
    tr, sc, code = case.trace, case.scenario, lang()
    why = sc.explanation.get(code)
    return render_template(
        "handout.html", case=case, sc=sc, trace=tr, board=board(sc, case.ruleset, code),
        positions=positions(tr, code), timeline=chart.drawn(chart.timeline_svg, tr, code),
        lists=[(k, tr.shown_list(k, code)) for k in OUTCOME_LISTS if tr.lists[k]],
        warnings=[e.text(tr.rs, code) for e in tr.warnings],
        why=why or sc.explanation.get("en"), why_lang=code if why else "en")
