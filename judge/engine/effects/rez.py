"""Rezzing and derezzing: the `rez` and `derez` effects and what a rez costs; `blank`.

A rez costs the card's rez cost, changed by the `static` `rez_cost` abilities of active cards
(Cat's Cradle, Akitaro Watanabe, Tread Lightly), paid from the Corp's pool when it is counted; and
what the card's own `to_rez` ability adds (Valentão's bad publicity or tag, Bloop's derez of
another harmonic ice; `forbid: rez` there: the card cannot be rezzed during a run, Daily Quest).
A card rezzed sets its rez moments waiting (`rezzed`, `ice_rezzed`): they resolve once the action
or ability that rezzed it has ended (`triggers.settle`), as any ability that became pending while
another resolved. A card written `rezzed: true` was rezzed before the run: nothing fires for it.
"""

from __future__ import annotations

from ...i18n import msg
from ...scenario import CENTRALS, CORP, Ability, Card
from .. import board, encounter
from ..conditions import failing
from ..protocol import Executor
from ..state import Flag
from .core import Call, applies

__all__ = ["CHOSEN", "home_of", "picked"]

CHOSEN = "chosen"  # `derez: chosen`, `uninstall: chosen`: the card named by `chosen:` beside the source


def home_of(x: Executor, key: str) -> str | None:
    """The server a card protects or is installed in (None: not installed in a server)."""
    where = board.slot_of(x.w, key)
    if where:
        return where[0]
    return next((s for s, keys in x.w.root + x.w.contents if key in keys), None)


def picked(c: Call) -> str | None:
    """The card an effect written `chosen` names: the one its source chose (`chosen:` beside it);
    None, and said, when the source chose none (the effect then does nothing)."""
    if c.name != CHOSEN:
        return c.name
    src = c.x.ctx.cards.get(c.source) if c.source else None
    if src is None or src.chosen is None:
        c.warn("w_pick_not_given", card=c.source or c.side, what=msg(f"engine.effects.{c.e.kind}"))
        return None
    return c.x.ctx.names.get(src.chosen, src.chosen)


def _holders(x: Executor) -> list[Card]:
    """Cards whose `static` abilities can change a rez cost: the players' cards outside servers,
    and Corp cards installed in a server (roots, remote servers, ice)."""
    sc, cards, w = x.ctx.sc, x.ctx.cards, x.w
    out = [*sc.runner_cards, *sc.corp_cards]
    out += [cards[k] for _, keys in w.root for k in keys]
    out += [cards[k] for s, keys in w.contents if s not in CENTRALS for k in keys]
    out += [cards[i] for _, slots in w.slots for _, i in slots if i]
    return out


def _about_rezzed(x: Executor, holder: Card, card: Card, key: str, value: object) -> bool | None:
    """A condition of a rez-cost ability that is about the card being rezzed: its subtype, whether
    it is ice, whether it is in the holder's server (`server: this`); None: an ordinary condition."""
    if key == "ice_subtype":
        return value in card.subtypes
    if key == "is_ice":
        return card.is_ice == value
    if key == "server" and value == "this":
        home = home_of(x, holder.key)
        return home is not None and home == home_of(x, card.key)
    return None


def _applies_to(x: Executor, holder: Card, ab: Ability, card: Card) -> bool:
    rest = []
    for k, v in ab.conditions:
        about = _about_rezzed(x, holder, card, k, v)
        if about is False:
            return False
        if about is None:
            rest.append((k, v))
    return failing(x, holder, tuple(rest)) is None


def rez_cost_change(c: Call, key: str) -> int:
    """What active cards' `static` abilities add to the rez cost of `key` (Cat's Cradle: +1 for
    code gates; Akitaro Watanabe: -2 for ice of its server). A run event's applies to its own run."""
    x, card, total = c.x, c.x.ctx.cards[key], 0
    for holder in _holders(x):
        if not x.active(holder) or not x.in_play(holder.key):
            continue
        if holder.type == "event" and holder.key != x.ctx.sc.by:
            continue  # "during that run": the run the event made
        for ab in holder.abilities:
            if ab.when != "static" or not any(e.kind == "rez_cost" for e in ab.effects):
                continue
            if not _applies_to(x, holder, ab, card):
                continue
            for e in ab.effects:
                if e.kind == "rez_cost" and isinstance(e.arg, int):
                    total += e.arg
                    c.note("rez_cost_changed", card=key, n=f"{e.arg:+d}", by=holder.key)
    return total


def _price(c: Call, key: str) -> int | None:
    """What rezzing `key` costs the Corp's pool now (None: nothing is counted)."""
    x = c.x
    if x.w.corp_credits is None:
        encounter.said_after(x, "corp_uncounted")
        return None
    cost = x.ctx.cards[key].rez_cost
    if cost is None:
        c.warn("w_rez_cost_unknown", card=key)
        return None
    return max(0, cost + rez_cost_change(c, key))


def _own_terms(c: Call, card: Card) -> bool:
    """The card's own `to_rez` abilities: a ban on rezzing it in a run refuses the rez; an
    additional cost is paid (False, and said, when it cannot be)."""
    for ab in card.abilities:
        if ab.when != "to_rez":
            continue
        if any(e.kind == "forbid" and e.name == "rez" for e in ab.effects):
            c.warn("w_rez_not_in_run", card=card.key)
            return False
        if failing(c.x, card, ab.conditions) is not None or \
                not c.x.resolve(ab.effects, CORP, c.st, source=card.key, action=c.action):
            c.warn("w_rez_extra_unpaid", card=card.key)
            return False
    return True


@applies("rez")
def rez(c: Call) -> None:
    x, key = c.x, c.name
    w = x.w
    if key in w.rezzed:
        c.warn("w_already_rezzed", card=key)
        return
    if not c.installed(key):
        return
    card = x.ctx.cards[key]
    who = x.forbidden("rez_ice", "rez") if card.is_ice else x.forbidden("rez")
    if who:
        c.warn("w_forbidden_rez", card=key, by=who)
        return
    cost = _price(c, key)
    if cost is not None and w.corp_credits is not None and w.corp_credits < cost:
        c.warn("w_rez_unaffordable", card=key, n=cost, have=w.corp_credits)
        return
    if not _own_terms(c, card):
        return
    if cost is not None:
        encounter.corp_pay(x, cost, "rez")
        c.note("corp_pays_rez", side=CORP, card=key, n=cost, left=w.corp_credits)
    w.rezzed |= {key}
    w.rezzed_ever |= {key}
    w.rez_pending += (key,)
    c.note("rezzed_card", side=CORP, card=key)


@applies("derez")
def derez(c: Call) -> bool:
    w = c.x.w
    key = picked(c)
    if key is None:
        return False
    if key not in w.rezzed:
        c.warn("w_not_rezzed", card=key)
        return c.name != CHOSEN  # a pick that is not rezzed pays nothing ("if you do")
    w.rezzed -= {key}
    c.note("derezzed_card", card=key)
    if key == w.ice and Flag.ENCOUNTERING in w.flags:
        w.flags |= {Flag.ICE_LEFT}  # derezzed while encountered: the encounter ends at once
    return True


@applies("blank")
def blank(c: Call) -> bool:
    """The card loses all its abilities for the rest of the turn (Klevetnik: the resource it picks,
    `blank: chosen`); False when there is no such card in play."""
    key = picked(c)
    if key is None or not c.installed(key):
        return False
    c.x.w.blanked |= {key}
    c.note("blanked_card", card=key)
    return True
