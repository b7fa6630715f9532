"""Downloads of a saved situation: the scenario (YAML), the trace (JSON), the chart at a step (SVG,
PNG, PDF). Its walk-through to take away is in `exports`."""

from __future__ import annotations

import dataclasses
import json

from flask import Blueprint, Response, request

from ...render.answer import with_answer
from ...render.turn import turn_dict, turn_positions
from .. import chart
from ..errors import page_error
from ..i18n import lang, situation_title, t
from ..rulesets.switch import RulesetProblem, under
from .context import BadStep, step_number
from .positions import positions
from .views import load_or_404

__all__ = ["bp"]

bp = Blueprint("files", __name__)


def _attachment(body: str | bytes, mimetype: str, name: str) -> Response:
    resp = Response(body, mimetype=mimetype)
    resp.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return resp


@bp.get("/s/<sid>/scenario.yaml")
def scenario_yaml(sid: str):
    s = load_or_404(sid)
    return _attachment(s.text, "application/yaml", f"situation-{sid}.yaml")


def _loaded(sid: str):
    # ?ruleset= as on the stepper: the downloads of the page being looked at
    return under(load_or_404(sid), request.args.get("ruleset"))


def _rs(s) -> str:
    return "" if s.trace.ruleset == s.scenario.ruleset else f"-{s.trace.ruleset}"


@bp.get("/s/<sid>/trace.json")
def trace_json(sid: str):
    s = _loaded(sid)
    if s.traces:  # a turn: the first run's trace as before, and every run's in `runs`
        got = turn_dict(s.trace, s.traces, [part.server for part in s.scenario.runs], lang())
    else:
        got = with_answer(s.trace.as_dict(lang()), s.trace, lang())
    body = json.dumps(got, ensure_ascii=False, indent=2)
    return _attachment(body, "application/json", f"trace-{sid}{_rs(s)}-{lang()}.json")


def _step(sid: str):
    s = _loaded(sid)
    if s.traces:  # a turn: ?step= counts through the turn (as the stepper); the chart is that run's
        whole = turn_positions(s.traces, lang())
        n = step_number(request.args.get("step"), len(whole))
        k = whole[n - 1].run
        first = next(p.n for p in whole if p.run == k)
        return dataclasses.replace(s, trace=s.traces[k]), positions(s.traces[k], lang()), n - first + 1
    pos = positions(s.trace, lang())
    return s, pos, step_number(request.args.get("step"), len(pos))


def _heads(s, pos, n: int) -> tuple[str, str]:
    """What heads a step's chart file: the situation's title (made from its board when it has
    none) and the step ("Step 6 of 14: 3@Tollbooth Encounter ice")."""
    p = pos[n - 1]
    step = t("step_of", n=n, total=len(pos)) + f": {p.label or p.occ} {p.name(lang())}"
    return str(situation_title(s.scenario)), step


@bp.get("/s/<sid>/chart.svg")
def chart_svg(sid: str):
    s, pos, n = _step(sid)
    svg = chart.file_svg(s.trace, pos, n, lang(), *_heads(s, pos, n))
    return _attachment(svg, "image/svg+xml", f"chart-{sid}{_rs(s)}-step{n}-{lang()}.svg")


@bp.get("/s/<sid>/chart.png")
def chart_png(sid: str):
    s, pos, n = _step(sid)
    return _attachment(chart.png(s.trace, pos, n, lang(), *_heads(s, pos, n)), "image/png",
                       f"chart-{sid}{_rs(s)}-step{n}-{lang()}.png")


@bp.get("/s/<sid>/chart.pdf")
def chart_pdf(sid: str):
    s, pos, n = _step(sid)
    return _attachment(chart.pdf(s.trace, pos, n, lang(), *_heads(s, pos, n)), "application/pdf",
                       f"chart-{sid}{_rs(s)}-step{n}-{lang()}.pdf")


@bp.errorhandler(RulesetProblem)
def bad_ruleset(exc: RulesetProblem):
    return page_error(str(exc), 400)


@bp.errorhandler(BadStep)
def bad_step(exc: BadStep):
    return page_error(t("err_bad_step", step=exc.asked, total=exc.total), 400)
