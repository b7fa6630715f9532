"""Picks: an effect that takes a card a player picks: an installed Runner card trashed or returned
to the grip (Týr, Rototurret, F2P, Kamali 1.0...), a card trashed from HQ (Alice Merchant), ice
swapped (Thimblerig, Mumbad City Grid, Midori, Metamorph), derezzed or rezzed again (Window of
Opportunity). The pick is a decision, like a trace boost: an action `{at, by, pick: <card>}`
written for the step where the effect resolves names the card; none written is the stated default
(docs/board.md, "Picks are decisions"):

- exactly one card of the kind: it is picked, and the trace says why;
- none: nothing happens (a Runner's "unless they give up a card" then gets its `otherwise`);
- several: a warning names them and none is taken;
- `if_picked: true` (a player's "may", Thimblerig's swap): only a written pick is taken; none
  written, the effect is not used, and the trace says so.

A written pick is checked as it is used: it must be a card of the kind the effect picks, written by
the side that picks; one that no pick took is a warning after the run (`run.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ...i18n import msg
from ...scenario import CORP, RUNNER, Card, Effect, walk_effects
from .. import board
from ..boardstate import counters_on, with_counters
from ..encounter import encounter_id
from .core import Call, applies
from .ice import leave

__all__ = ["fits", "eligible"]

_RIG = ("program", "hardware", "resource")
_DFK = frozenset({"decoder", "fracter", "killer"})


# filled by `picks_more` (its own module: the kinds and swaps added for the last approximate models)
MORE_KINDS: dict[str, Callable[[Call], list[str]]] = {}  # kind -> the cards a pick of it may take
PAIR_PICKS: dict[str, Callable[[Call], tuple[tuple[str, ...], bool]]] = {}  # swap kind -> its two ice picked
CARD_SWAPS: dict[str, Callable[[Call], None]] = {}  # swap kind -> the whole swap (cards of HQ and roots)


def fits(card: Card, kind: str) -> bool:
    """A Runner card is of the kind a pick takes (`vocabulary.RUNNER_KINDS`)."""
    t, subs = card.type, {s.lower() for s in card.subtypes}
    if t is None and card.breaker is not None:  # an invented icebreaker written without a type
        t, subs = "program", subs | {"icebreaker"}
    if kind == "runner_card":
        return t in _RIG
    if kind == "resource_or_hardware":
        return t in ("resource", "hardware")
    if kind == "icebreaker":
        return t == "program" and "icebreaker" in subs
    if kind == "ai_program":
        return t == "program" and "ai" in subs
    if kind == "program_not_decoder_fracter_killer":
        return t == "program" and not (subs & _DFK)
    return t == kind


def _all_ice(c: Call) -> list[str]:
    return [ice for _, sl in c.x.w.slots for _, ice in sl if ice]


def _installed_corp(c: Call) -> list[str]:
    """Installed Corp cards: ice, then the roots and the remote servers' cards (not HQ, R&D, Archives)."""
    w = c.x.w
    cards = _all_ice(c) + [k for _, ks in w.root for k in ks]
    return cards + [k for srv, ks in w.contents if srv not in ("HQ", "R&D", "Archives") for k in ks]


def _advanceable(card: Card) -> bool:
    """A card the Corp can advance, as far as the judge knows: an agenda, a card given advancement
    counters, or one whose strength or effects count them (Ice Wall, Hadrian's Wall, Colossus)."""
    if card.type == "agenda" or any(k == "advancement" for k, _ in card.counters or ()):
        return True
    if card.strength_plus is not None and card.strength_plus.count == "advancement_counters":
        return True
    effects = [e for ab in card.abilities for e in walk_effects(ab.effects)] + [
        e for sub in card.subroutines for e in walk_effects(sub.effects)]
    conds = [k for ab in card.abilities for k, _ in ab.conditions] + [
        k for e in effects if e.kind == "only_if" and isinstance(e.arg, tuple) for k, _ in e.arg]
    return "advancement_counters" in conds


def eligible(c: Call, kind: str) -> list[str]:
    """The cards the pick may take now, in the board's order."""
    x, w = c.x, c.x.w
    if kind == "card_in_hq":
        return list(board.cards_in(w.contents, "HQ"))
    if kind in MORE_KINDS:
        return MORE_KINDS[kind](c)
    if kind in ("other_ice", "two_other_ice", "server_ice_and_other"):
        return [k for k in _all_ice(c) if k != c.source]
    if kind == "ice_anywhere":  # the ice of the moment with any other installed ice (Inversificator)
        return [k for k in _all_ice(c) if k != w.ice]
    if kind == "ice_of_same_server":
        where = board.slot_of(w, w.ice) if w.ice else None
        return [k for _, k in board.slots_of(w, where[0]) if k and k != w.ice] if where else []
    if kind == "ice_in_hq":
        return [k for k in board.cards_in(w.contents, "HQ") if x.ctx.cards[k].is_ice]
    if kind == "rezzed_ice_of_attacked_server":
        return [k for _, k in board.slots_of(w, w.server) if k and k in w.rezzed]
    if kind == "advanceable":
        return [k for k in _installed_corp(c) if _advanceable(x.ctx.cards[k])]
    if kind == "derezzed_by_this":
        return [k for s, k, _ in w.picks if s == c.source and k not in w.rezzed and board.installed(w, k)]
    return [k.key for k in x.ctx.sc.runner_cards if k.side == RUNNER and fits(k, kind) and x.in_play(k.key)]


def _written(c: Call, picker: str, cards: list[str], peek: bool = False) -> str | None:
    """The first pick written for this step by the picking side, not used yet, that names one of
    `cards`; it is used now (unless `peek`)."""
    x, st = c.x, c.st
    w = x.w
    for a in x.ctx.actions_at(st.id, w.ice if st.per_ice else None, w.visit):
        if a.index in w.sides.used_bids or a.side != picker:
            continue
        for e in a.effects:
            if e.kind == "pick" and x.ctx.names.get(e.name, e.name) in cards:
                if peek:
                    return x.ctx.names.get(e.name, e.name)
                w.sides = replace(w.sides, used_bids=w.sides.used_bids | {a.index})
                w.applied |= {a.index}
                return x.ctx.names.get(e.name, e.name)
    return None


def _picker(c: Call) -> str:
    return str(c.e.opt("picker") or c.side)


def _pick(c: Call, n: int = 1, among: list[str] | None = None) -> tuple[tuple[str, ...], bool]:
    """The cards picked (n of them, or none), and whether the pick was made (False: too few cards
    of the kind, or a "may" pick nobody wrote). `among`: the cards it may take, when not the kind's."""
    kind, picker = c.name, _picker(c)
    who, what = msg(f"engine.sides.{picker}"), msg(f"engine.pick_kinds.{kind}")
    cards = eligible(c, kind) if among is None else among
    chosen: list[str] = []
    for _ in range(n):
        got = _written(c, picker, [k for k in cards if k not in chosen])
        if got is None:
            break
        chosen.append(got)
    if len(chosen) == n:
        for card in chosen:
            c.note("picked_written", side=picker, who=who, card=card, what=what)
        return tuple(chosen), True
    if c.e.opt("if_picked"):
        c.note("pick_not_used", side=picker, who=who, what=what)
        return (), False
    if len(cards) < n:
        c.note("pick_none", side=picker, what=what)
        return (), False
    if len(cards) == n:
        for card in cards:
            c.note("picked_only", side=picker, who=who, card=card, what=what)
        return tuple(cards), True
    c.warn("w_pick_several", who=who, what=what, cards=tuple(cards))
    return (), True


def _declines(c: Call) -> bool:
    """The picking player declines this "may" (Kamali 1.0: they keep their cards and take the
    damage): a card whose optional ability was declined already, or a `decline: <card>` written at
    this step that names no card to give up first. Each decline action answers one such pick, in
    order, so the Runner may give a card up for one subroutine and decline another."""
    x, w, st, card = c.x, c.x.w, c.st, c.source
    if card is None:
        return False
    if card in w.declined:
        return True
    picker = _picker(c)
    if _written(c, picker, eligible(c, c.name), peek=True) is not None:
        return False  # a card to give up is written for this pick
    for a in x.ctx.actions_at(st.id, w.ice if st.per_ice else None, w.visit):
        if a.index in w.sides.used_bids or a.side != picker or not a.effects:
            continue
        if all(e.kind == "decline" for e in a.effects) and card in {x.ctx.names.get(e.name, e.name) for e in a.effects}:
            w.sides = replace(w.sides, used_bids=w.sides.used_bids | {a.index})
            w.applied |= {a.index}
            return True
    return False


def _remove(c: Call, verb: str) -> None:
    """Never a cost: what follows a pick in its list happens whatever was picked (Tithonium's end
    of the run); a Runner's "unless they give up a card" is `may` with `otherwise` (Kamali 1.0)."""
    x, w = c.x, c.x.w
    here = encounter_id(w)
    if c.e.opt("one_per_encounter") and c.source and any(s == c.source and e == here for s, _, e in w.picks):
        c.note("pick_limit", card=c.source)
        return
    if c.e.opt("may") and eligible(c, c.name) and _declines(c):
        c.note("pick_declined", side=RUNNER, card=c.source or "", what=msg(f"engine.pick_kinds.{c.name}"))
        x.resolve(c.opt_effects("otherwise"), c.side, c.st, c.source, c.action)
        return
    cards, made = _pick(c)
    if not made:
        x.resolve(c.opt_effects("otherwise"), c.side, c.st, c.source, c.action)
        return
    for card in cards:
        leave(c, card, verb, _picker(c))
        w.picks += ((c.source or "", card, here),)
        if x.ctx.cards[card].side == CORP:  # a Corp card trashed goes to Archives (Alice Merchant)
            w.contents = board.add_card(w.contents, "Archives", card)
        elif verb == "returned" and w.sides.grip is not None:
            w.sides = replace(w.sides, grip=w.sides.grip + 1)
            c.note("grip_now", side=RUNNER, n=w.sides.grip)


@applies("trash_pick")
def trash_pick(c: Call) -> None:
    """A card of the kind, picked, is trashed."""
    _remove(c, "trashed")


@applies("return_pick")
def return_pick(c: Call) -> None:
    """An installed Runner card of the kind, picked, returns to the grip (a counted grip grows by 1)."""
    _remove(c, "returned")


@applies("swap_pick")
def swap_pick(c: Call) -> None:
    """Ice swapped with picked ice: this card with another installed ice (Thimblerig), the ice of the
    moment with another of its server (Mumbad City Grid) or with any other installed ice (Inversificator) or with ice from HQ, which goes there in its
    place (Midori), or two other installed ice with each other (Metamorph). The swap is `swap_ice`'s:
    the Runner's position follows the rules that one follows. `then` resolves after a swap made
    (Midori's jack out); `once_per_run`: the card swaps at most once in the run."""
    x, w, kind = c.x, c.x.w, c.name
    if c.e.opt("once_per_run") and any(s == c.source for s, _, _ in w.picks):
        c.note("pick_once_per_run", card=c.source or "")
        return
    if kind in ("ice_of_same_server", "ice_in_hq", "ice_anywhere") and w.ice is None:
        c.warn("w_no_ice_now", what=c.e.kind)
        return
    if kind in CARD_SWAPS:
        CARD_SWAPS[kind](c)
        return
    if kind in PAIR_PICKS:
        cards, made = PAIR_PICKS[kind](c)
    else:
        cards, made = _pick(c, 2 if kind == "two_other_ice" else 1)
    if not made or not cards:
        return
    if kind == "two_other_ice" or kind in PAIR_PICKS:
        pair = (cards[0], cards[1])
    else:
        mine = c.source if kind == "other_ice" else w.ice
        assert mine is not None
        pair = (mine, cards[0])
    out = w.ice if kind == "ice_in_hq" else None
    x.apply(Effect("swap_ice", pair), c.side, c.st, c.source, c.action)
    if out is not None:  # Midori: the ice from HQ is installed unrezzed, the other goes to HQ
        x.w.contents = board.add_card(board.remove_card(x.w.contents, cards[0]), "HQ", out)
        x.w.rezzed -= {cards[0]}
    x.w.picks += tuple((c.source or "", k, encounter_id(x.w)) for k in cards)
    x.resolve(c.opt_effects("then"), c.side, c.st, c.source, c.action)  # Midori: "if you do"


@applies("derez_pick")
def derez_pick(c: Call) -> None:
    """A picked rezzed ice protecting the attacked server is derezzed (Window of Opportunity)."""
    cards, made = _pick(c)
    w = c.x.w
    for card in cards if made else ():
        w.rezzed -= {card}
        w.picks += ((c.source or "", card, encounter_id(w)),)
        c.note("derezzed_card", card=card)


@applies("rez_pick")
def rez_pick(c: Call) -> None:
    """The ice this card's earlier pick derezzed is rezzed again, ignoring all costs (Window of
    Opportunity when the run ends)."""
    cards, made = _pick(c)
    w = c.x.w
    for card in cards if made else ():
        w.rezzed |= {card}
        w.rezzed_ever |= {card}
        c.note("rezzed_free", side=CORP, card=card)


@applies("advance_pick")
def advance_pick(c: Call) -> None:
    """One advancement counter on a picked card the Corp can advance (Pravdivost Consulting)."""
    cards, made = _pick(c)
    w = c.x.w
    for card in cards if made else ():
        w.sides = replace(w.sides, counted=w.sides.counted | {card})
        w.sides = with_counters(w.sides, card, "advancement", 1)
        c.note("counters_placed", card=card, n=1, what=msg("engine.counter_kinds.advancement"),
               total=counters_on(w.sides, card).get("advancement", 0))


@applies("pick")
def pick(c: Call) -> None:
    """Written as an action: the card the pick resolving at this step takes (the pick reads it)."""
    c.note("decision_kept_pick", card=c.name)
