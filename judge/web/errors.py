"""Every error as a page in the reader's language, or as JSON under /api; never a traceback.
The server's own troubles (its database, Graphviz) are 503s that say what is wrong."""

from __future__ import annotations

from flask import Flask, current_app, jsonify, make_response, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError

from ..errors import JudgeError
from ..render import ChartError
from .chart import failure_text
from .i18n import lang, t
from .situations.db import StoreError

__all__ = ["init_app", "api_error", "page_error", "unavailable", "store_failure"]

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


def unavailable(message: str, where: str, retry: int | None = None):
    """A 503: the server cannot do this just now (its database or Graphviz), not the reader's fault."""
    resp = make_response(*(api_error(message, where, 503) if _wants_json() else page_error(message, 503)))
    if retry:
        resp.headers["Retry-After"] = str(retry)
    return resp


def store_failure(e: StoreError) -> str:
    """Log a database failure for the organizer; what to tell the reader."""
    current_app.logger.error("the situation store failed (%s): %s", e.reason, e.detail)
    return t("fail_store_" + e.reason)


def _store(e: StoreError):
    return unavailable(store_failure(e), "database", 5 if e.reason == "busy" else None)


def _chart(e: ChartError):
    if e.reason == "input":  # what was asked for cannot be drawn (a bad language or format)
        return _judge(e)
    current_app.logger.error("a chart could not be drawn: %s", e)
    return unavailable(failure_text(e), "chart", 30)


def _internal(e: InternalServerError):
    # A bug, not bad input: say so plainly, in the reader's language, without the traceback.
    if _wants_json():
        return api_error(t("err_500"), None, 500)
    return page_error(t("err_500"), 500)


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, _http)
    app.register_error_handler(JudgeError, _judge)
    app.register_error_handler(InternalServerError, _internal)
    app.register_error_handler(StoreError, _store)
    app.register_error_handler(ChartError, _chart)
