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


_HANGUL = re.compile(r"[\uac00-\ud7a3]")
# A step of the seed in a source: "step 3 (아이스와 대치)", "3.1 (아이스와 상호작용: not reached ...)",
# "steps 1 to 6 (런 개시 … 런 종료)".
_SEED_REF = re.compile(r"(?:\bsteps? )?(\d+(?:\.\d+)?)(?: to (\d+(?:\.\d+)?))? \(([^()]*)\)")


def _split(text: str) -> list[str]:
    """A source's parts: split at each ";" outside parentheses."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if ch == ";" and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return [p for p in [*parts, cur.strip()] if p]


def _seed_steps(part: str) -> list[str]:
    """The seed's steps a part names, as a Korean reader cites them ("3단계(아이스와 대치)"); the
    English notes inside the parentheses are left out (the case's Korean explanation says them)."""
    from .. import rulesets

    rs = rulesets.get("ffg-rr")
    steps = []
    for m in _SEED_REF.finditer(part):
        first, last, said = m.groups()
        head = said.split(":")[0].strip()
        if not _HANGUL.search(head):
            head = rs.step(first).name("ko") if not last and first in rs.step_ids else ""
        n = f"{first}~{last}" if last else first
        steps.append(t("source_seed_step", n=n, name=head) if head else t("source_seed_steps", n=n))
    return steps


def shown_sources(text: str) -> list[tuple[str, str]]:
    """A library source as the page's reader reads it, in parts of (language, text). On an English
    page: the seed's Korean step headings in English (`english_source`). On a Korean page the seed
    is cited in Korean, from the Korean page its steps come from ("나무위키 런 타이밍 문서:
    3단계(아이스와 대치), 3.1단계(아이스와 상호작용)"), with the steps the parts after it name
    ("; step 3.2 (...)"); an English note about it (a part starting in lower case) is left out;
    every other document (NSG, NetrunnerDB...) is cited as published, in English."""
    if lang() != "ko":
        return [("en", english_source(text))]
    out: list[tuple[str, str]] = []
    seed: list[str] | None = None  # the steps of the seed cited so far in this source
    for part in _split(str(text)):
        cites_seed = re.match(r"[Ss]eed steps? ", part) or (seed is not None and re.match(r"steps? \d", part))
        if cites_seed and _seed_steps(part):
            if seed is None:
                seed = []
                out.append(("ko", ""))
            seed += [x for x in _seed_steps(part) if x not in seed]
            out[[k for k, (lg, _) in enumerate(out) if lg == "ko"][-1]] = ("ko", t("source_seed", steps=", ".join(seed)))
        elif seed is not None and part[:1].islower():
            continue  # a note on the seed's steps, in English
        else:
            out.append(("en", english_source(part)))
    return out


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
    # `{% for part_lang, part in s|sources %}`: a source in parts, each in the language it can be read in
    app.jinja_env.filters["sources"] = shown_sources
    # a situation's title, or one made from its board when it has none ("HQ: Tollbooth; Runner: Inside Job")
    app.jinja_env.filters["title"] = situation_title
    # a card's type, subtype, faction or format in words: `{{ c.type|cardword("types") }}`
    app.jinja_env.filters["cardword"] = lambda v, kind: card_word(kind, v, lang())
    app.jinja_env.globals["confidence_text"] = lambda c, short=False: (
        core.t(f"pages.conf_short_{c}" if short else f"cli.confidence.{c}", lang()) if c else "")
    app.context_processor(lambda: {"t": t, "lang": lang(), "LANGS": LANGS, "lang_url": lang_url,
                                   "status_word": lambda s: status_text(s, lang())})
