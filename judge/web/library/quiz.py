"""The quiz: a case stopped at one moment, what happens next, then the answer on the chart.

/quiz?cases=a,b&rs=…   a teacher's link to chosen cases (opening it again continues that quiz)
/quiz/random?rs=…      a random quiz over the library
POST /quiz/answer      the choice (with the form token); the score lives in the session
"""

from __future__ import annotations

import secrets
from random import Random

from flask import Blueprint, redirect, render_template, request, session, url_for

from ... import rulesets
from .. import chart
from ..i18n import lang, t
from ..stepper.positions import positions
from . import quizgen, quizplan
from .board import board
from .casebook import casebook, matches
from .views import MAX_QUIZ_CASES, BadArg, ruleset_arg, search_arg

__all__ = ["bp"]

bp = Blueprint("quiz", __name__)


def _asked_cases(rs: str | None):
    stems = list(dict.fromkeys(s.strip() for v in request.args.getlist("cases") for s in v.split(",") if s.strip()))
    if len(stems) > MAX_QUIZ_CASES:
        raise BadArg(t("quiz_err_too_many", n=MAX_QUIZ_CASES))
    book, out = casebook(), []
    for stem in stems:
        case = book.find(stem, rs)
        if case is None:
            key = "quiz_err_not_under" if book.find(stem) else "quiz_err_case"
            raise BadArg(t(key, case=stem[:80], rs=rs or ""))
        out.append(case)
    return out


def _start(plan: dict, link: str | None) -> None:
    session["quiz"] = {**plan, "i": 0, "given": None, "right": 0, "done": 0, "link": link}


def _current():
    """(quiz, case, question) for the question the session is at; question None when it is gone
    (its example changed) or the quiz is over."""
    quiz = session.get("quiz")
    if not quiz or quiz["i"] >= len(quiz["q"]):
        return quiz, None, None
    ci, key = quiz["q"][quiz["i"]]
    stem, rs = quiz["cases"][ci]
    case = casebook().find(stem, rs)
    qs = quizgen.questions(case.trace, lang()) if case else []
    return quiz, case, next((q for q in qs if q.key == key), None)


@bp.get("/quiz")
def show():
    if request.args.get("cases"):
        rs = ruleset_arg(request.args["rs"]) if request.args.get("rs") else None
        cases = _asked_cases(rs)
        link = url_for("quiz.show", cases=",".join(c.stem for c in cases), rs=rs)
        if not session.get("quiz") or session["quiz"].get("link") != link:
            _start(quizplan.chosen(cases), link)
        return redirect(url_for("quiz.show"), 303)
    quiz, case, q = _current()
    if quiz is None:
        return _home()
    return _page(quiz, case, q)


def _home(status: int = 200):
    rs = ruleset_arg(request.args.get("rs"))
    q = search_arg(request.args.get("q"))
    cases = casebook().for_ruleset(rs)
    rows = [(c, matches(c.search, q)) for c in cases]
    return render_template("quiz.html", state="home", cases=cases, rows=rows, shown=sum(k for _, k in rows), q=q,
                           rs=rs, rulesets=rulesets.RULESETS.values(), max_cases=MAX_QUIZ_CASES), status


def _page(quiz, case, q, status: int = 200, error: str | None = None):
    if case is None or q is None:
        state = "done" if quiz["i"] >= len(quiz["q"]) else "gone"
        return render_template("quiz.html", state=state, quiz=quiz, total=session.get("quiz_all")), status
    pos = positions(case.trace, lang())
    given = quiz.get("given")
    event = q.reveal_event if given else q.ask_event
    # The case's explanation tells the whole run: shown with its last question of this quiz only.
    later = any(ci == quiz["q"][quiz["i"]][0] for ci, _ in quiz["q"][quiz["i"] + 1:])
    why = None if later else case.scenario.explanation.get(lang()) or case.scenario.explanation.get("en")
    reveal_at = next((p.n for p in reversed(pos) if p.event <= event), 1)
    return render_template(
        "quiz.html", state="reveal" if given else "ask", quiz=quiz, case=case, q=q, given=given,
        board=board(case.scenario, case.ruleset, lang()), so_far=pos[:q.at], chart=chart.drawn(chart.event_svg, case.trace, event, lang()),
        why=why, reveal_at=reveal_at, error=error, total=session.get("quiz_all")), status


@bp.get("/quiz/random")
def random():
    rs = ruleset_arg(request.args.get("rs"))
    _start(quizplan.random_plan(casebook(), rs, Random(secrets.randbits(64))), None)
    return redirect(url_for("quiz.show"), 303)


@bp.post("/quiz/answer")
def answer():
    quiz, case, q = _current()
    if quiz is None or q is None or quiz.get("given") or request.form.get("i") != str(quiz["i"]):
        return redirect(url_for("quiz.show"), 303)   # a stale tab or a second click: nothing to score
    choice = request.form.get("choice", "")
    if q.choice(choice) is None:
        return _page(quiz, case, q, 400, t("quiz_err_choose"))
    right = choice == q.answer
    quiz.update(given=choice, right=quiz["right"] + right, done=quiz["done"] + 1)
    session["quiz"] = quiz
    total = session.get("quiz_all") or [0, 0]
    session["quiz_all"] = [total[0] + right, total[1] + 1]
    return redirect(url_for("quiz.show", _anchor="quiz-top"), 303)


@bp.post("/quiz/next")
def next_question():
    quiz = session.get("quiz")
    if quiz and request.form.get("i") == str(quiz["i"]) and (quiz.get("given") or _current()[2] is None):
        quiz.update(i=quiz["i"] + 1, given=None)
        session["quiz"] = quiz
    return redirect(url_for("quiz.show"), 303)


@bp.post("/quiz/restart")
def restart():
    quiz = session.get("quiz")
    if quiz:
        _start({"cases": quiz["cases"], "q": quiz["q"]}, quiz.get("link"))
    return redirect(url_for("quiz.show"), 303)


@bp.post("/quiz/stop")
def stop():
    session.pop("quiz", None)
    return redirect(url_for("quiz.show"), 303)
