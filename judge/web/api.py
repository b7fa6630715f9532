"""The JSON API: run a scenario, save one, fetch one. Bodies are YAML or JSON, never form encodings."""

from __future__ import annotations

from flask import Blueprint, jsonify, request, url_for

from ..errors import JudgeError
from ..render.answer import with_answer
from .errors import api_error
from .i18n import LANGS, t
from .security import API_TYPES
from .situations import db as store
from .situations import situation

__all__ = ["bp"]

bp = Blueprint("api", __name__, url_prefix="/api")


def _body() -> bytes:
    """The scenario text of the request; 415 for any other kind of body."""
    if request.mimetype not in API_TYPES:
        raise _Unsupported()
    return request.get_data(cache=False)


class _Unsupported(Exception):
    pass


@bp.errorhandler(_Unsupported)
def _unsupported(_e):
    return api_error(t("err_415"), "Content-Type", 415)


@bp.errorhandler(JudgeError)
def _judge_error(e: JudgeError):
    return jsonify(e.as_dict()), 400


def _lang() -> str:
    asked = request.args.get("lang", "en")
    return asked if asked in LANGS else "en"


@bp.post("/run")
def run():
    s = situation.resolve(_body())
    return jsonify(with_answer(s.trace.as_dict(_lang()), s.trace, _lang()))


@bp.post("/scenarios")
def save():
    s = situation.save(_body())
    url = url_for("stepper.show", sid=s.id, _external=True)
    return jsonify({"id": s.id, "url": url})


@bp.get("/scenarios/<sid>")
def get(sid: str):
    text = store.get(sid)
    if text is None:
        return api_error(t("err_404"), "id", 404)
    s = situation.resolve(text, sid)
    return jsonify({"id": sid, "url": url_for("stepper.show", sid=sid, _external=True), "yaml": text,
                    "title": s.scenario.title, "ruleset": s.scenario.ruleset})
