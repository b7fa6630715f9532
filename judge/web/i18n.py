"""Which language a request is in, and the pages' words in it (keys under `pages.` in the catalogue)."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from flask import Flask, g, request

from .. import i18n as core
from ..engine.summary import board_title
from ..engine.trace import status_text

__all__ = ["LANGS", "COOKIE", "t", "lang", "init_app", "lang_url", "situation_title"]

LANGS = core.LANGS
COOKIE = "lang"


def lang() -> str:
    """The language of the current request (English outside a request)."""
    return g.get("lang", "en") if g else "en"


def tag_text(tag: str, lang_: str) -> str:
    """A library tag in words: `step-2.3` as a step, a known tag by its word, any other as written."""
    if tag.startswith("step-"):
        return core.t("tags.step", lang_, n=tag[5:])
    return core.t(f"tags.words.{tag}", lang_) if core.has(f"tags.words.{tag}", lang_) else tag


def card_word(kind: str, value: str, lang_: str) -> str:
    """A word of the card catalogue (types, subtypes, factions, formats) in a language; as written
    when the catalogue has none for it."""
    key = f"cardwords.{kind}.{value}"
    return core.t(key, lang_) if core.has(key, lang_) else value.replace("_", " ")


def t(key: str, **args: object) -> str:
    """A page string in the current language, with {placeholders} filled in."""
    return core.t(f"pages.{key}", lang(), **args)


def _choose() -> None:
    asked = request.args.get("lang")
    if asked in LANGS:
        g.lang, g.lang_asked = asked, True
        return
    cookie = request.cookies.get(COOKIE)
    g.lang = cookie if cookie in LANGS else (request.accept_languages.best_match(LANGS) or "en")


def _remember(resp):
    # Choosing a language by link (?lang=ko) is remembered for a year (said again only when it
    # changes: a response that sets a cookie is the reader's own and no shared cache keeps it).
    if g.get("lang_asked"):
        if request.cookies.get(COOKIE) != g.lang:
            resp.set_cookie(COOKIE, g.lang, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)
    elif request.endpoint != "static":
        # The language came from the cookie or the browser's languages: the page depends on them.
        resp.vary.update(("Cookie", "Accept-Language"))
    if request.endpoint != "static":
        resp.headers["Content-Language"] = lang()
    return resp


def lang_url(code: str) -> str:
    """The current page in another language (its other query arguments kept)."""
    # Relative ("?step=3&lang=ko"): a path like //evil.example/ can never become the link's host.
    args = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"] + [("lang", code)]
    return f"?{urlencode(args)}"


_SEED_STEP = re.compile(r"(\d+(?:\.\d+)?) \(([^()]*[\uac00-\ud7a3][^()]*)\)")


def english_source(text: str) -> str:
    """A library source as an English reader reads it: the seed's Korean step headings
    ("Seed step 3 (아이스와 대치)") become the step's English name ("Run chart step 3 (Encounter ice)")."""
    from .. import rulesets

    rs = rulesets.get("ffg-rr")

    def swap(m: re.Match) -> str:
        n = m.group(1)
        return f"{n} ({rs.step(n).name('en')})" if n in rs.step_ids else n

    text = re.sub(r"\bSeed (steps?)\b", r"Run chart \1", str(text))
    return _SEED_STEP.sub(swap, text)


def _shown(v):
    got = core.in_lang(v, lang())
    if lang() == "ko" and isinstance(got, str) and got:
        from ..render.reader import korean_titles
        return korean_titles(got)
    return got


def situation_title(sc):
    """A situation's title in the reader's language, or one made from its board when it has none
    ("HQ: Tollbooth; Runner: Inside Job"), its cards under their Korean titles on a Korean page."""
    return _shown(sc.title or board_title(sc))


def init_app(app: Flask) -> None:
    app.before_request(_choose)
    app.after_request(_remember)
    # `{{ sc.title|shown }}`: text a scenario gives in both languages, in the reader's; on a Korean
    # page every card in it under its Korean title (a Korean title written with "Snare!" in it)
    app.jinja_env.filters["shown"] = _shown
    app.jinja_env.filters["tag"] = lambda v: tag_text(v, lang())
    app.jinja_env.filters["source"] = english_source
    # a situation's title, or one made from its board when it has none ("HQ: Tollbooth; Runner: Inside Job")
    app.jinja_env.filters["title"] = situation_title
    # a card's type, subtype, faction or format in words: `{{ c.type|cardword("types") }}`
    app.jinja_env.filters["cardword"] = lambda v, kind: card_word(kind, v, lang())
    app.jinja_env.globals["confidence_text"] = lambda c, short=False: (
        core.t(f"pages.conf_short_{c}" if short else f"cli.confidence.{c}", lang()) if c else "")
    app.context_processor(lambda: {"t": t, "lang": lang(), "LANGS": LANGS, "lang_url": lang_url,
                                   "status_word": lambda s: status_text(s, lang())})
