"""Comparing rule sets: a saved situation run under each, side by side, divergences marked."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, url_for

from ... import rulesets
from ..i18n import lang
from ..situations.examples import find_example
from ..stepper.views import load_or_404
from .compare_view import build
from .switch import comparison, default_view, name, unplaced_reason

__all__ = ["bp"]

bp = Blueprint("compare", __name__)


@bp.get("/s/<sid>/compare")
def show(sid: str):
    s = load_or_404(sid)
    cmp = comparison(s)
    columns, divergences = build(cmp, lang())
    unplaced = [(rs, name(rs), unplaced_reason(s, rs)) for rs in cmp.unplaced]
    plain = default_view(s)
    return render_template("compare.html", s=s, sc=s.scenario, columns=columns, divergences=divergences,
                           unplaced=unplaced, name=name, rulesets=rulesets.RULESETS,
                           arg=lambda rs_id: None if rs_id == plain else rs_id,
                           dropped_any=any(c.trace.dropped for c in columns))


@bp.get("/examples/<stem>/compare")
def example(stem: str):
    found = find_example(stem)
    if found is None:
        abort(404)
    return redirect(url_for("compare.show", sid=found.id), 303)
