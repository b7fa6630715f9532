"""Issue 24, second pass: costs a player may decline ("may pay"), additional costs to jack out
(Mind Game), "cannot be bypassed" (Guard, Underway Grid, `forbid: bypass`), and a jack out offered
inside an ability (Mirāju), taken while that ability resolves. See docs/encounter.md."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..i18n import msg
from ..scenario import RUNNER
from . import board
from .encounter import encounter_id
from .trace import ACTION
from .triggers import apply_action, offered_by, pending_actions

if TYPE_CHECKING:
    from .effects.core import Call
    from .protocol import Executor

__all__ = ["declined_here", "pay_jack_out_costs", "bypass_forbidden", "take_offered_jack_out"]


# ------------------------------------------------------------------ costs a player may decline
def declined_here(c: Call, card: str | None = None) -> bool:
    """The Runner declines a "may pay" of this card (the source, or `card`) at this step: `decline:
    <card>` said already (a trigger's step), or written at this step and taken now (a subroutine's)."""
    x, card = c.x, card or c.source
    if card is None:
        return False
    if card in x.w.declined:
        return True
    for a in pending_actions(x, c.st):
        if a.effects and all(e.kind == "decline" for e in a.effects) and card in {e.name for e in a.effects}:
            x.w.applied |= {a.index}
            x.w.declined |= {e.name for e in a.effects} | {f"{a.side}:{e.name}" for e in a.effects}
            x.emit(ACTION, "action", c.st, side=a.side, effect=a.effects, extra=(("action", a.index), ("line", a.line)))
            return True
    return False


# ------------------------------------------------------------------ jack-out costs
def pay_jack_out_costs(c: Call) -> bool:
    """Every additional cost to jack out this run (`jack_out_cost`), paid before the jack out
    happens; False (warned, nothing paid): one of them cannot be paid and the Runner stays in."""
    from .effects.ice import leave
    x, w = c.x, c.x.w
    named = c.opt_name("paying")
    named = x.ctx.names.get(named, named) if named else None
    rig = [k.key for k in x.ctx.sc.runner_cards if k.type not in ("identity",) and x.in_play(k.key)]
    for what, who in w.jack_costs:
        if what == "installed_card":
            if named is not None and named not in rig:
                c.warn("w_jack_cost_card", card=named, by=who)
                return False
            if not rig:
                c.warn("w_jack_cost_unpaid", what=msg(f"engine.jack_costs.{what}"), by=who)
                return False
        elif what == "grip_card" and w.sides.grip is not None and w.sides.grip < 1:
            c.warn("w_jack_cost_unpaid", what=msg(f"engine.jack_costs.{what}"), by=who)
            return False
    for what, who in w.jack_costs:
        if what == "installed_card":
            if named is not None:
                leave(c, named, "uninstalled", RUNNER)
                c.note("jack_cost_paid", side=RUNNER, what=msg(f"engine.jack_costs.{what}"), card=named, by=who)
            else:
                c.note("jack_cost_unnamed", side=RUNNER, what=msg(f"engine.jack_costs.{what}"), by=who)
        elif w.sides.grip is None:
            c.note("jack_cost_unnamed", side=RUNNER, what=msg(f"engine.jack_costs.{what}"), by=who)
        else:
            w.sides = replace(w.sides, grip=w.sides.grip - 1)
            c.note("jack_cost_grip", side=RUNNER, what=msg(f"engine.jack_costs.{what}"), by=who, left=w.sides.grip)
    return True


# ------------------------------------------------------------------ "cannot be bypassed"
def bypass_forbidden(x: Executor, ice: str) -> str | None:
    """The card that keeps the encountered ice from being bypassed now, if one does: `forbid:
    bypass` this run or this encounter, or a `static` forbid on the ice itself (Guard) or on an
    active card in the root of the server it protects (Underway Grid)."""
    who = x.forbidden("bypass", f"bypass@{encounter_id(x.w)}")
    if who:
        return who
    where = board.slot_of(x.w, ice)
    keys = [ice, *(board.cards_in(x.w.root, where[0]) if where else ())]
    for key in keys:
        card = x.ctx.cards.get(key)
        if card is not None and x.active(card) and any(
                ab.when == "static" and any(e.kind == "forbid" and e.arg == "bypass" for e in ab.effects)
                for ab in card.abilities):
            return key
    return None


# ------------------------------------------------------------------ a jack out offered inside an ability
def take_offered_jack_out(c: Call) -> None:
    """Mirāju's "they may jack out": the jack out written at this step with `granted_by` this card
    is taken now, inside the ability (the rest of the ability still resolves after it)."""
    x, card = c.x, c.source
    # the ability may have moved the Runner already (Mirāju): the action is found by its step, not
    # by the ice of the moment
    here = [a for (sid, _, _), acts in x.ctx.actions.items() if sid == c.st.id for a in acts
            if a.index not in x.w.applied]
    for a in here:
        by = offered_by(a)
        if card is not None and by is not None and x.ctx.names.get(by, by) == card:
            c.note("jack_out_offered", side=RUNNER, card=card)
            apply_action(x, a, c.st)
            return
    c.note("jack_out_offer_declined", side=RUNNER, card=card or "")


def static_preventer(c: Call, what: str) -> str | None:
    """The first active Runner card with a `static` `{prevent: <what>}` ability whose conditions hold
    and that the Runner did not decline at this step (Lucky Charm's end of the run, Flip Switch's
    trace strength); None when there is none. The caller makes it leave play."""
    from .conditions import failing
    x = c.x
    for card in x.ctx.sc.runner_cards:
        if not x.active(card) or not x.in_play(card.key):
            continue
        for ab in card.abilities:
            if ab.when == "static" and any(e.kind == "prevent" and e.arg == what for e in ab.effects) \
                    and failing(x, card, ab.conditions) is None and not declined_here(c, card.key):
                return card.key
    return None
