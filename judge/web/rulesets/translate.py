"""Step-number translation: the whole table, and a lookup ("4.3 of the 6-step chart is ...")."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ... import rulesets
from ...errors import ScenarioError
from ...rulesets.translate import table, translate
from ..i18n import lang, t

__all__ = ["bp", "LookupProblem", "lookup", "rows"]

bp = Blueprint("translate", __name__)
ORDER = ("ffg-rr", "ffg-core", "nsg")  # the table's columns: the seed's numbering first
MAX_ASKED = 20


class LookupProblem(ValueError):
    """A step or rule set the lookup cannot answer for; the message is in the page's language."""


def _name(rs_id: str, step: str) -> str:
    return rulesets.get(rs_id).step(step).name(lang())


def _answer(rs_id: str, step: str) -> dict:
    got = translate(rs_id, step)
    to = [(other, [(x, _name(other, x)) for x in got["to"][other]]) for other in ORDER if other != rs_id]
    parts = [t("tr_part", steps=", ".join(x for x, _ in steps), rs=t("tr_rs_" + other)) if steps
             else t("tr_part_none", rs=t("tr_rs_" + other)) for other, steps in to]
    return {"rs": rs_id, "step": step, "name": _name(rs_id, step), "to": to,
            "sentence": t("tr_sentence", step=step, rs=t("tr_rs_" + rs_id), parts=t("tr_and").join(parts)),
            "notes": translate(rs_id, step, lang())["notes"]}


def lookup(asked: str, from_rs: str = "") -> list[dict]:
    """What a step number is in every other rule set: one answer per rule set that has the step
    (only `from_rs` when given). Raises LookupProblem with a message for the reader."""
    step = asked.strip().lower().removeprefix("step").removesuffix("단계").strip()
    if len(step) > MAX_ASKED:
        raise LookupProblem(t("tr_too_long", n=MAX_ASKED))
    if from_rs and from_rs not in rulesets.RULESETS:
        raise LookupProblem(t("cmp_no_ruleset", asked=from_rs[:30], known=", ".join(ORDER)))
    if not step:
        raise LookupProblem(t("tr_empty"))
    owners = [r for r in ORDER if step in rulesets.get(r).step_ids]
    if from_rs and from_rs not in owners:
        if owners:
            raise LookupProblem(t("tr_not_step_of", step=step, rs=t("tr_rs_" + from_rs),
                                  owners=t("tr_and").join(t("tr_rs_" + r) for r in owners)))
        raise LookupProblem(t("tr_unknown", step=step))
    if not owners:
        raise LookupProblem(t("tr_unknown", step=step))
    try:
        return [_answer(r, step) for r in ([from_rs] if from_rs else owners)]
    except ScenarioError:  # translate() refuses what the checks above let through: say so, never a 500
        raise LookupProblem(t("tr_unknown", step=step)) from None


def rows(hits: set[tuple[str, str]] = frozenset()) -> list[dict]:
    """The translation table in the page's language, rows with an asked-for step marked."""
    out = []
    for r in table(lang()):
        cells = [(rs, [(x, _name(rs, x)) for x in r[rs]]) for rs in ORDER]
        out.append({"cells": cells, "note": r["note"], "ice": r["ice"],
                    "hit": any((rs, x) in hits for rs, xs in cells for x, _ in xs)})
    return out


@bp.get("/translate")
def page():
    asked, from_rs = request.args.get("step"), request.args.get("from", "")
    answers, error = [], None
    if asked is not None:
        try:
            answers = lookup(asked, from_rs)
        except LookupProblem as exc:
            error = str(exc)
    hits = {(a["rs"], a["step"]) for a in answers}
    return render_template("translate.html", rows=rows(hits), answers=answers, error=error, order=ORDER,
                           asked=(asked or "")[:MAX_ASKED], from_rs=from_rs,
                           rulesets=rulesets.RULESETS), 400 if error else 200
