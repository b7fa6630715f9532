"""The reader's rule set: chosen once (`?prefer=nsg`, remembered in a cookie for a year, like the
language), shown in every page's header, and the default for a new situation, the form's step
list, the stepper and the library. Without a choice it is the seed's `ffg-rr`."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Flask, g, request

from ... import rulesets

__all__ = ["COOKIE", "ASK", "preferred", "preference", "prefer_url", "init_app"]

COOKIE = "ruleset"
ASK = "prefer"


def preferred() -> str | None:
    """The rule set this reader chose, or None when they have not chosen one."""
    return g.get("rs_pref") if g else None


def preference() -> str:
    """The rule set to use where nothing else says which: the reader's, or the default."""
    return preferred() or rulesets.DEFAULT


def _choose() -> None:
    asked = request.args.get(ASK)
    if asked in rulesets.RULESETS:
        g.rs_pref, g.rs_pref_asked = asked, True
        return
    cookie = request.cookies.get(COOKIE)
    g.rs_pref = cookie if cookie in rulesets.RULESETS else None


def _remember(resp):
    # Like the language: a choice by link is remembered (said again only when it changes); a page
    # whose rule set came from the cookie depends on it (the header shows it on every page).
    if g.get("rs_pref_asked"):
        if request.cookies.get(COOKIE) != g.rs_pref:
            resp.set_cookie(COOKIE, g.rs_pref, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)
    elif request.endpoint != "static":
        resp.vary.add("Cookie")
    return resp


def prefer_url(rs_id: str) -> str:
    """The current page with another rule set chosen (its other query arguments kept; an explicit
    `ruleset=` gives way to the choice)."""
    args = [(k, v) for k, v in request.args.items(multi=True) if k not in (ASK, "ruleset", "rs")]
    return f"?{urlencode(args + [(ASK, rs_id)])}"


def init_app(app: Flask) -> None:
    app.before_request(_choose)
    app.after_request(_remember)
    app.context_processor(lambda: {"rs_pref": preference(), "rs_pref_chosen": preferred() is not None,
                                   "prefer_url": prefer_url, "all_rulesets": tuple(rulesets.RULESETS)})
