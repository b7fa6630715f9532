"""Every line from a saved situation: /s/<id>/explore (?ruleset=, ?from=N: from a step of its
run, every choice from there open; ?open=1: the situation's own decisions opened too), each line
opened in the stepper as a derived situation, and the heat map's stylesheet."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request, url_for

from ...analysis.explore import OUTCOMES, choice_lines, note
from ...errors import JudgeError
from ...i18n import t as core_t
from .. import chart
from ..errors import page_error
from ..i18n import lang, t
from ..rulesets.switch import RulesetProblem, comparison, default_view, name, under
from ..situations import situation
from .context import BadStep, step_number
from .explore_view import SHOWN, exploration, heat, line_url, line_yaml, parse_line, start_of, tree
from .positions import positions
from .views import load_or_404

__all__ = ["bp"]

bp = Blueprint("explore", __name__)


def _asked(sid: str):
    """The situation under the rule set asked for, and where its lines start."""
    s = load_or_404(sid)
    s = under(s, request.args.get("ruleset") or default_view(s))
    raw = request.args.get("from")
    n = step_number(raw, len(positions(s.trace, lang()))) if raw else None
    return s, start_of(s, n, request.args.get("open") == "1")


@bp.get("/s/<sid>/explore")
def page(sid: str):
    try:
        s, start = _asked(sid)
    except RulesetProblem as exc:
        return page_error(str(exc), 400)
    except BadStep as exc:
        return page_error(t("err_bad_step", step=exc.asked, total=exc.total), 400)
    exp, lines = exploration(s, start)
    svg, failure = heat(exp, lines)
    shown = s.trace.ruleset
    return render_template(
        "explore.html", s=s, sc=s.scenario, start=start, exp=exp, lines=lines, tree=tree(s, start, exp, lines),
        outcomes=[(k, n) for k, n in lines.outcomes().items()] + ([("error", lines.errors)] if lines.errors else []),
        note=note(exp, lines, min(lines.total, SHOWN), lang()), svg=svg, chart_failure=failure, rs_name=name(shown), outcome_keys=OUTCOMES,
        rs_arg=None if shown == default_view(s) else shown,
        others=[(rs, url_for("explore.page", sid=s.id, ruleset=rs)) for rs in _others(s)],
        outcome_word={k: core_t(f"explore.outcome.{k}", lang()) for k in (*OUTCOMES, "error")},
        shortest=[(k, choice_lines(ln, lang()), line_url(s, start, ln), ln) for k, ln in lines.shortest().items()])


def _others(s) -> list[str]:
    """The other rule sets the situation runs under (each has its own lines)."""
    return [rs for rs in comparison(s).traces if rs != s.trace.ruleset]


@bp.get("/s/<sid>/explore/line")
def line(sid: str):
    """A line opened in the stepper: the situation with the line's choices written in, saved (its
    id names its content, so the same line is always the same situation)."""
    try:
        s, start = _asked(sid)
        exp, lines = exploration(s, start)
        new = situation.save(line_yaml(s, start, parse_line(request.args.get("c", ""), s, lines)))
    except RulesetProblem as exc:
        return page_error(str(exc), 400)
    except BadStep as exc:
        return page_error(t("err_bad_step", step=exc.asked, total=exc.total), 400)
    except JudgeError as exc:
        return page_error(t("ex_bad_line"), 400, exc.located_text(lang()))
    except ValueError as exc:
        return page_error(str(exc), 400)
    shown = s.trace.ruleset
    return redirect(url_for("stepper.show", sid=new.id, step=start.n or 1,
                            ruleset=None if shown == default_view(new) else shown), 303)


@bp.get("/chart-heat.css")
def heat_css():
    resp = Response(chart.HEAT_CSS, mimetype="text/css")
    resp.headers["Cache-Control"] = "public, max-age=3600"
    return resp
