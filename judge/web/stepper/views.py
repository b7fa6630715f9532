"""Stepping through a saved situation: /s/<id>, ?step=N, and decisions that make new situations."""

from __future__ import annotations

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for

from ...errors import JudgeError
from ...render.turn import turn_positions
from ..errors import page_error
from ..i18n import lang, t
from ..rulesets.switch import RulesetProblem, default_view, under
from ..situations import situation
from ..situations.examples import library_has
from .context import BadStep, step_number, stepper_context
from .decide import apply
from .positions import positions

__all__ = ["bp", "load_or_404"]

bp = Blueprint("stepper", __name__)


def load_or_404(sid: str) -> situation.Situation:
    """A saved situation; 404 when there is none, a 400 page when it no longer loads."""
    try:
        s = situation.saved(sid)
    except JudgeError as exc:
        abort(make_response(*page_error(t("err_saved_broken"), 400, exc.located_text(lang()))))
    if s is None and library_has(sid):  # an example's permalink on a database that had not loaded them yet
        s = situation.saved(sid)
    if s is None:
        abort(404)
    return s


def _show(s, asked, status=200, **extra):
    try:
        ctx = stepper_context(s, asked, lang())
    except BadStep as exc:
        return page_error(t("err_bad_step", step=exc.asked, total=exc.total), 400)
    return render_template("stepper.html", **ctx, **extra), status


@bp.get("/s/<sid>")
def show(sid: str):
    try:  # ?ruleset=nsg: the same situation under another rule set (none: the reader's, or its own)
        s = load_or_404(sid)
        s = under(s, request.args.get("ruleset") or default_view(s))
    except RulesetProblem as exc:
        return page_error(str(exc), 400)
    return _show(s, request.args.get("step"))


@bp.post("/s/<sid>/decide")
def decide(sid: str):
    s = load_or_404(sid)
    try:  # decided under the rule set the page showed
        s = under(s, request.form.get("ruleset") or default_view(s))
    except RulesetProblem as exc:
        return page_error(str(exc), 400)
    pos = turn_positions(s.traces, lang()) if s.traces else positions(s.trace, lang())
    try:
        n = step_number(request.form.get("n"), len(pos))
        new = situation.save(apply(s, pos[n - 1], request.form))
    except BadStep as exc:
        return page_error(t("err_bad_step", step=exc.asked, total=exc.total), 400)
    except (JudgeError, ValueError) as exc:
        err = exc.located_text(lang()) if isinstance(exc, JudgeError) else str(exc)
        return _show(s, str(n), 400, decide_error=err, decided=request.form)
    shown = s.trace.ruleset
    return redirect(url_for("stepper.show", sid=new.id, step=n, ruleset=None if shown == default_view(new) else shown), 303)
