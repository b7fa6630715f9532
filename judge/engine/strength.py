"""Strength now: a card's printed strength (catalogue or `strength: N`), what its breaker counts
(`strength_per`), its counters (`strength_plus`), active cards' `static` strength abilities
(Monkeywrench), and the changes made this run (`Work.boosts`). Read by the encounter (pumps, breaks)
and by conditions (`ice_strength_below`); it reads neither, so both may import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import msg
from ..scenario import Amount
from . import board, limits
from .boardstate import counters_on
from .breaking import board_count
from .state import Flag, encounter_id
from .trace import WARNING

if TYPE_CHECKING:
    from .protocol import Executor

__all__ = ["counted", "strength_of", "static_strength", "OTHER_ICE_OF_CHOSEN_SERVER"]


def counted(x: Executor, per: str) -> int:
    """How many of a breaker's `per` the board holds now."""
    if per == "attacked_server_ice":
        return sum(1 for _, i in board.slots_of(x.w, x.w.server) if i)
    rig = [c for c in x.ctx.sc.runner_cards if x.in_play(c.key)]
    if per == "installed_icebreakers":
        return sum(1 for c in rig if "icebreaker" in c.subtypes)
    return sum(1 for c in rig if c.type == "program")  # installed_programs


def strength_of(x: Executor, key: str) -> int | None:
    """A card's strength now (None: the card has none the judge knows)."""
    card = x.ctx.cards.get(key)
    if card is None or card.strength is None:
        return None
    w = x.w
    base = card.strength
    if card.breaker is not None:
        if card.breaker.strength_per:
            base += counted(x, card.breaker.strength_per)
        base += limits.strength_change(x, card, card.breaker)
        if card.breaker.fixed_strength:
            return base
    if card.strength_plus is not None:
        base += _counted_strength(x, key, card.strength_plus)
    if card.is_ice:
        base += static_strength(x, key)
    if not w.boosts:
        return base
    now = encounter_id(w) if Flag.ENCOUNTERING in w.flags else None
    return base + sum(n for k, n, until, enc in w.boosts
                      if k == key and (until != "encounter_ends" or enc == now))


# `of:` in a static strength ability: every other ice protecting the server of the card's `chosen:` ice
OTHER_ICE_OF_CHOSEN_SERVER = "other_ice_of_chosen_server"


def static_strength(x: Executor, ice: str) -> int:
    """What active cards' `static` abilities `{strength: N, of: <ice> | chosen | other_ice_of_chosen_server}`
    add to a piece of ice while they are in play (Monkeywrench: -2 to its host, -1 to the other ice of
    that server). `chosen` is bound to the card's `chosen:` when the scenario is read."""
    total, sc = 0, x.ctx.sc
    for holder in (*sc.runner_cards, *sc.corp_cards):
        if not x.active(holder) or not x.in_play(holder.key):
            continue
        for ab in holder.abilities:
            if ab.when != "static":
                continue
            for e in ab.effects:
                if e.kind != "strength" or not isinstance(e.arg, int | Amount):
                    continue
                of = e.opt("of")
                if of == OTHER_ICE_OF_CHOSEN_SERVER:
                    host = board.slot_of(x.w, holder.chosen) if holder.chosen else None
                    here = board.slot_of(x.w, ice)
                    hit = host is not None and here is not None and here[0] == host[0] and ice != holder.chosen
                else:
                    hit = of == ice
                if hit:  # a counted change is counted on its card, and may be negative (Parasite: -1 per virus counter)
                    total += e.arg if isinstance(e.arg, int) else \
                        e.arg.plus + e.arg.times * counters_on(x.w.sides, holder.key).get(e.arg.count[:-len("_counters")], 0) \
                        if e.arg.count.endswith("_counters") else 0
    return total


def _counted_strength(x: Executor, key: str, per: Amount) -> int:
    """Strength from counters on the card itself (Hadrian's Wall: +1 per advancement counter).
    Counters the scenario does not give are counted as none, and said once per run. Also the
    Runner's grip (Cradle, `times: -1`; not given: counted as none, and said once), core damage the
    Runner took (Begemot: in this turn's runs; earlier damage is written as `strength:`), and 1 when
    the card was installed this turn (Gauss)."""
    if not per.count.endswith("_counters"):
        return per.plus + per.times * board_count(x, key, per.count)
    kind = per.count[:-len("_counters")]
    if key not in x.w.sides.counted and f"counters:{key}" not in x.w.said:
        x.w.said |= {f"counters:{key}"}
        x.emit(WARNING, "w_counters_not_given", card=key, what=msg(f"engine.counter_kinds.{kind}"))
    return per.plus + per.times * counters_on(x.w.sides, key).get(kind, 0)
