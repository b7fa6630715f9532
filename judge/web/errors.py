"""Every error as a page in the reader's language, or as JSON under /api; never a traceback."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError

from ..errors import JudgeError
from .i18n import lang, t

__all__ = ["init_app", "api_error", "page_error"]

_KEYS = {400: "err_400", 404: "err_404", 405: "err_405", 413: "err_413", 415: "err_415"}


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def api_error(message: str, where: str | None = None, status: int = 400):
    return jsonify({"error": message, "where": where}), status


def page_error(message: str, status: int = 400, detail: str | None = None):
    return render_template("error.html", message=message, detail=detail, status=status), status


def _http(e: HTTPException):
    code = e.code or 500
    if e.description == "csrf":
        msg = t("err_csrf")
    else:
        msg = t(_KEYS.get(code, "err_400" if code < 500 else "err_500"))
    if _wants_json():
        return api_error(msg, None, code)
    return page_error(msg, code)


def _judge(e: JudgeError):
    if _wants_json():
        return jsonify(e.as_dict()), 400
    return page_error(t("err_scenario"), 400, e.located_text(lang()))


def _internal(e: InternalServerError):
    # A bug, not bad input: say so plainly, in the reader's language, without the traceback.
    if _wants_json():
        return api_error(t("err_500"), None, 500)
    return page_error(t("err_500"), 500)


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, _http)
    app.register_error_handler(JudgeError, _judge)
    app.register_error_handler(InternalServerError, _internal)
