"""The "paste a game log" page (issue 23): a jinteki.net log in, its runs out, each with its outcome,
its departures from the rules and a link to the stepper on its situation.

Only the scenarios are stored (as permalinked situations); they name no player (`source:` lines say
Runner/Corp). The pasted log, its player names and its chat are read for this one response and kept
nowhere.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request, url_for

from ... import rulesets
from ...errors import JudgeError
from ...i18n import t as core_t
from ..i18n import lang

__all__ = ["bp"]

bp = Blueprint("logs", __name__)

MAX_LOG_CHARS = 1024 * 1024


def lt(key: str, **args: object) -> str:
    """A word of this page (keys under `logs.page.`), in the request's language."""
    return core_t(f"logs.page.{key}", lang(), **args)


@bp.app_context_processor
def _words() -> dict[str, Any]:
    return {"lt": lt}


@bp.route("/log", methods=["GET", "POST"])
def paste():
    ruleset = request.values.get("ruleset") or "nsg"
    if ruleset not in rulesets.RULESETS:
        ruleset = "nsg"
    if request.method == "GET":
        return render_template("log_import.html", ruleset=ruleset, rulesets=rulesets.RULESETS, result=None, error=None)
    from ...logs import import_log, scenario_yaml
    from ..situations import situation

    text = request.form.get("log", "")[:MAX_LOG_CHARS]
    try:
        data = import_log(text, ruleset=ruleset, lang=lang()).as_dict()
    except JudgeError as exc:
        return render_template("log_import.html", ruleset=ruleset, rulesets=rulesets.RULESETS, result=None,
                               error=exc.located_text(lang()), text=text), 400
    for r in data["runs"]:
        r["link"] = None
        if "error" in r:
            continue
        try:
            saved = situation.save(scenario_yaml(r["scenario"]))
        except JudgeError as exc:
            r["error"] = exc.text(lang())
            continue
        r["link"] = url_for("stepper.show", sid=saved.id)
    # The pasted text comes back in the form of this response only (never stored: it names the players).
    return render_template("log_import.html", ruleset=ruleset, rulesets=rulesets.RULESETS, result=data, error=None,
                           text=text)
