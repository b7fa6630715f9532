"""Picks: an effect that removes an installed Runner card a player picks (Týr, Rototurret, F2P,
Kamali 1.0...). The pick is a decision, like a trace boost: an action `{at, by, pick: <card>}`
written for the step where the effect resolves names the card; none written is the stated default
(docs/board.md, Picks):

- exactly one installed card of the kind: it is picked, and the trace says why;
- none: nothing is removed (a Runner's "unless they trash" then gets its `otherwise`);
- several: a warning names them and none is removed (a "may" cost counts as paid, the card unnamed).

A written pick is checked as it is used: it must be an installed card of the kind the effect picks,
and taken by the side that picks; one that no pick took is a warning after the run (`run.py`).
"""

from __future__ import annotations

from dataclasses import replace

from ...i18n import msg
from ...scenario import RUNNER, Card
from ..costs import declined_here
from ..encounter import encounter_id
from .core import Call, applies
from .ice import leave

__all__ = ["fits", "eligible"]

_RIG = ("program", "hardware", "resource")
_DFK = frozenset({"decoder", "fracter", "killer"})


def fits(card: Card, kind: str) -> bool:
    """The card is of the kind a pick takes (`vocabulary.PICK_KINDS`)."""
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


def eligible(c: Call, kind: str) -> list[str]:
    """The installed Runner cards the pick may take now, in the scenario's order."""
    x = c.x
    return [k.key for k in x.ctx.sc.runner_cards if k.side == RUNNER and fits(k, kind) and x.in_play(k.key)]


def _written(c: Call, picker: str, cards: list[str]) -> str | None:
    """The first pick written for this step by the picking side, not used yet, that names one of
    `cards`; it is used now."""
    x, st = c.x, c.st
    w = x.w
    for a in x.ctx.actions_at(st.id, w.ice if st.per_ice else None, w.visit):
        if a.index in w.sides.used_bids or a.side != picker:
            continue
        for e in a.effects:
            if e.kind == "pick" and x.ctx.names.get(e.name, e.name) in cards:
                w.sides = replace(w.sides, used_bids=w.sides.used_bids | {a.index})
                w.applied |= {a.index}
                return x.ctx.names.get(e.name, e.name)
    return None


def _pick(c: Call) -> tuple[str | None, bool]:
    """The card picked, and whether the pick was made (False: no card of the kind is installed)."""
    kind = c.name
    picker = str(c.e.opt("picker") or c.side)
    who, what = msg(f"engine.sides.{picker}"), msg(f"engine.pick_kinds.{kind}")
    cards = eligible(c, kind)
    chosen = _written(c, picker, cards)
    if chosen is not None:
        c.note("picked_written", side=picker, who=who, card=chosen, what=what)
        return chosen, True
    if not cards:
        c.note("pick_none", side=picker, what=what)
        return None, False
    if len(cards) == 1:
        c.note("picked_only", side=picker, who=who, card=cards[0], what=what)
        return cards[0], True
    c.warn("w_pick_several", who=who, what=what, cards=tuple(cards))
    return None, True


def _resolve(c: Call, verb: str) -> None:
    """Never a cost: what follows a pick in its list happens whatever was picked (Tithonium's end
    of the run); a Runner's "unless they give up a card" is `may` with `otherwise` (Kamali 1.0)."""
    x, w = c.x, c.x.w
    here = encounter_id(w)
    if c.e.opt("one_per_encounter") and c.source and any(s == c.source and e == here for s, _, e in w.picks):
        c.note("pick_limit", card=c.source)
        return
    if c.e.opt("may") and declined_here(c):
        c.note("pick_declined", side=RUNNER, card=c.source or "", what=msg(f"engine.pick_kinds.{c.name}"))
        x.resolve(c.opt_effects("otherwise"), c.side, c.st, c.source, c.action)
        return
    card, made = _pick(c)
    if not made:
        x.resolve(c.opt_effects("otherwise"), c.side, c.st, c.source, c.action)
        return
    if card is None:
        return
    leave(c, card, verb, str(c.e.opt("picker") or c.side))
    w.picks += ((c.source or "", card, here),)
    if verb == "returned" and w.sides.grip is not None:
        w.sides = replace(w.sides, grip=w.sides.grip + 1)
        c.note("grip_now", side=RUNNER, n=w.sides.grip)


@applies("trash_pick")
def trash_pick(c: Call) -> None:
    """An installed Runner card of the kind, picked, is trashed."""
    _resolve(c, "trashed")


@applies("return_pick")
def return_pick(c: Call) -> None:
    """An installed Runner card of the kind, picked, returns to the grip (a counted grip grows by 1)."""
    _resolve(c, "returned")


@applies("pick")
def pick(c: Call) -> None:
    """Written as an action: the card the pick resolving at this step takes (the pick reads it)."""
    c.note("decision_kept_pick", card=c.name)
