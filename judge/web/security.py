"""Form tokens against cross-site requests, and the headers every response carries."""

from __future__ import annotations

import hmac
import secrets

from flask import Flask, request, session
from werkzeug.exceptions import BadRequest

__all__ = ["CSRFError", "csrf_token", "init_app", "CSP", "API_TYPES"]

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
# The API reads only these bodies. None of them can be sent by a plain HTML form, and a script on
# another site needs a CORS preflight for them, which this app never grants: no token needed.
API_TYPES = ("application/json", "application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")


class CSRFError(BadRequest):
    """A form came without this session's token (expired, or posted from another site)."""

    description = "csrf"


def csrf_token() -> str:
    """This session's form token (made on first use)."""
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
    if resp.mimetype == "text/html":
        h.setdefault("Cache-Control", "no-store")  # pages carry the session's form token
    return resp


def init_app(app: Flask) -> None:
    app.before_request(_check_csrf)
    app.after_request(_headers)
    app.jinja_env.globals["csrf_token"] = csrf_token
