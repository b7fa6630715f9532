"""Form tokens against cross-site requests, and the headers every response carries.

A page gets the session's form token only when it carries a form that posts (`csrf_token()` in
its template); such a page is the reader's own and is never stored (`no-store`). A page whose
forms must stay out of its bytes so that it can be cached (the stepper's decisions) asks for the
token when a form is sent: its script reads `GET /form-token`, and without a script the post
comes back as a page asking to confirm, which carries the token."""

from __future__ import annotations

import hmac
import secrets

from flask import Blueprint, Flask, g, jsonify, render_template, request, session
from werkzeug.exceptions import BadRequest

__all__ = ["CSRFError", "csrf_token", "init_app", "CSP", "API_TYPES", "bp"]

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
# The API reads only these bodies. None of them can be sent by a plain HTML form, and a script on
# another site needs a CORS preflight for them, which this app never grants: no token needed.
API_TYPES = ("application/json", "application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")


class CSRFError(BadRequest):
    """A form came without this session's token (expired, or posted from another site)."""

    description = "csrf"


bp = Blueprint("security", __name__)


def csrf_token() -> str:
    """This session's form token (made on first use); the page that asks for it is not stored."""
    g.form_token = True
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(32)
    return session["csrf"]


def _check_csrf() -> None:
    if request.method in ("GET", "HEAD", "OPTIONS") or request.blueprint == "api":
        return
    sent = request.form.get("_csrf", "")
    known = session.get("csrf", "")
    if not known or not hmac.compare_digest(sent.encode(), known.encode()):
        raise CSRFError()


def _headers(resp):
    h = resp.headers
    h.setdefault("Content-Security-Policy", CSP)
    h.setdefault("X-Content-Type-Options", "nosniff")
    h.setdefault("X-Frame-Options", "DENY")
    h.setdefault("Referrer-Policy", "same-origin")
    h.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    h.setdefault("Cross-Origin-Resource-Policy", "same-origin")
    if g.get("form_token") or (resp.status_code >= 400 and resp.mimetype == "text/html"):
        h["Cache-Control"] = "no-store"  # the session's form token, or an error of this moment
    return resp


@bp.get("/form-token")
def form_token():
    """The session's form token for a page that keeps it out of its own (cacheable) bytes. Only
    a script of this origin can read it: the app grants no cross-origin reads."""
    return jsonify({"token": csrf_token()})


def _confirm(_exc: CSRFError):
    """A form posted without this session's token (a cached page's form sent without its script,
    an expired session, or another site): nothing is done; the reader may send the same fields
    again from this page, which carries the token. Pages with a handler of their own (the
    situation form) show themselves again instead."""
    fields = [(k, v) for k, v in request.form.items(multi=True) if k != "_csrf"]
    n = request.form.get("n", "")
    back = None
    if request.path.endswith("/decide"):   # the stepper's decisions: back to the step they were made at
        back = request.path.rsplit("/", 1)[0] + (f"?step={n}" if n.isascii() and n.isdigit() and len(n) <= 6 else "")
    return render_template("confirm.html", action=request.path, fields=fields, back=back), 400


def init_app(app: Flask) -> None:
    app.register_error_handler(CSRFError, _confirm)
    app.before_request(_check_csrf)
    app.after_request(_headers)
    app.jinja_env.globals["csrf_token"] = csrf_token
