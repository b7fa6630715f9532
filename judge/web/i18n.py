"""The pages' own words in English and Korean, and which language a request is in."""

from __future__ import annotations

from flask import Flask, g, request

from .. import i18n as core
from .messages import MESSAGES

__all__ = ["LANGS", "COOKIE", "t", "lang", "init_app", "pick"]

LANGS = core.LANGS
COOKIE = "lang"
pick = core.pick


def lang() -> str:
    """The language of the current request (English outside a request)."""
    return g.get("lang", "en") if g else "en"


def t(key: str, **args: object) -> str:
    """A page string in the current language, with {placeholders} filled in."""
    text = pick(MESSAGES[key], lang())
    return text.format(**args) if args else text


def _choose() -> None:
    asked = request.args.get("lang")
    if asked in LANGS:
        g.lang, g.lang_asked = asked, True
        return
    cookie = request.cookies.get(COOKIE)
    g.lang = cookie if cookie in LANGS else (request.accept_languages.best_match(LANGS) or "en")


def _remember(resp):
    # Choosing a language by link (?lang=ko) is remembered for a year.
    if g.get("lang_asked"):
        resp.set_cookie(COOKIE, g.lang, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)
    resp.vary.add("Cookie")
    resp.headers["Content-Language"] = lang()
    return resp


def lang_url(code: str) -> str:
    """The current page in another language (its other query arguments kept)."""
    from urllib.parse import urlencode

    # Relative ("?step=3&lang=ko"): a path like //evil.example/ can never become the link's host.
    args = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"] + [("lang", code)]
    return f"?{urlencode(args)}"


def init_app(app: Flask) -> None:
    app.before_request(_choose)
    app.after_request(_remember)
    app.context_processor(lambda: {"t": t, "lang": lang(), "LANGS": LANGS, "lang_url": lang_url,
                                   "pick": lambda pair: pick(pair, lang()),
                                   "status_word": lambda s: pick(core.STATUS[s], lang())})
