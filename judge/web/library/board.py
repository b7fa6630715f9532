"""A scenario's situation in words, for a handout or a quiz: the server, its ice from the outermost
in, the other cards and their abilities, and what the players do, under one rule set."""

from __future__ import annotations

from dataclasses import dataclass

from ... import i18n
from ...engine.trace import side_text
from ...scenario import Ability, Card, Scenario, describe_action, describe_effects

__all__ = ["CardView", "ServerView", "Board", "board"]


def _m(key: str, lang: str, **args: object) -> str:
    return i18n.t(f"pages.{key}", lang, **args)


@dataclass(frozen=True)
class CardView:
    name: str
    type: str                      # its type in the page language ("" when not given)
    rezzed: bool | None            # None: not a Corp card that can be rezzed
    subroutines: tuple[str, ...]
    abilities: tuple[str, ...]
    extra: tuple[str, ...] = ()    # trash cost, agenda points


@dataclass(frozen=True)
class ServerView:
    name: str
    ice: tuple[CardView, ...]      # outermost first
    root: tuple[CardView, ...]
    cards: tuple[CardView, ...]


@dataclass(frozen=True)
class Board:
    server: str
    by: str | None
    credits: int
    bad_publicity: int
    attacked: ServerView
    others: tuple[ServerView, ...]
    runner: tuple[CardView, ...]
    corp: tuple[CardView, ...]
    actions: tuple[str, ...]


def _ability(a: Ability, lang: str) -> str:
    out = f"{i18n.t(f'engine.when.{a.when}', lang)}: {describe_effects(a.effects, lang)}"
    if a.first:
        out += " " + _m("lib_first_only", lang)
    if a.text:
        out += f" — “{i18n.in_lang(a.text, lang)}”"
    return out


def _card(c: Card, lang: str) -> CardView:
    ctype = _m(f"type_{c.type}", lang) if c.type and i18n.has(f"pages.type_{c.type}") else (c.type or "")
    extra = []
    if c.trash_cost is not None:
        extra.append(_m("lib_trash_cost", lang, n=c.trash_cost))
    if c.points is not None:
        extra.append(_m("lib_points", lang, n=c.points))
    rezzable = c.side == "corp" and c.type not in ("agenda", "operation")
    name = str(i18n.in_lang(c.name, lang))
    return CardView(name if c.key == c.name else f"{name} ({c.key})", ctype,
                    c.rezzed if rezzable else None, tuple(str(i18n.in_lang(s.shown, lang)) for s in c.subroutines),
                    tuple(_ability(a, lang) for a in c.abilities), tuple(extra))


def _server(sc: Scenario, name: str, lang: str) -> ServerView:
    s = sc.servers[name]
    return ServerView(name, tuple(_card(c, lang) for c in s.ice), tuple(_card(c, lang) for c in s.root),
                      tuple(_card(c, lang) for c in s.cards))


def _action(sc: Scenario, a, ruleset_id: str, lang: str) -> str:
    at = a.at_for(ruleset_id) or "?"
    where = f"{at}@{a.ice}" + (f"#{a.time}" if a.time > 1 else "") if a.ice else at
    side = side_text(a.side, lang)
    return f"{where} · {side}: {describe_action(a, lang)}"


def board(sc: Scenario, ruleset_id: str, lang: str) -> Board:
    """The situation as the handout and the quiz show it."""
    others = tuple(_server(sc, n, lang) for n in sc.servers if n != sc.server)
    return Board(sc.server, sc.by, sc.credits, sc.bad_publicity, _server(sc, sc.server, lang), others,
                 tuple(_card(c, lang) for c in sc.runner_cards), tuple(_card(c, lang) for c in sc.corp_cards),
                 tuple(_action(sc, a, ruleset_id, lang) for a in sc.actions))
