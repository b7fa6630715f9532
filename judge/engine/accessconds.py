"""Conditions on the card being accessed (Kill Switch's agenda, RNG Key's named number). Read by
`conditions`; they read only the run's state and the card catalogue."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import cards as catalogue
from ..scenario import Card

if TYPE_CHECKING:
    from .protocol import Executor

__all__ = ["accessing", "accessing_cost_named"]


def accessing(x: Executor, value: object) -> bool:
    """`accessing: agenda`: the card being accessed (at `when: accessed`, the last card accessed this
    run) has that type; no card accessed yet: it does not hold (Kill Switch)."""
    if not x.w.accessed:
        return False
    got = x.ctx.cards.get(x.w.accessed[-1])
    return got is not None and got.type == value


def accessing_cost_named(x: Executor, card: Card) -> bool:
    """The card being accessed has a rez or play cost, or an advancement requirement, equal to the
    number written `named:` beside `card` (RNG Key); nothing named or nothing accessed: it does not hold.
    A real card's cost and requirement are the catalogue's; an invented one's, its `rez_cost`."""
    if card.named is None or not x.w.accessed:
        return False
    got = x.ctx.cards.get(x.w.accessed[-1])
    if got is None:
        return False
    numbers = {got.rez_cost}
    facts = catalogue.find(got.card_id) if got.card_id else None
    if facts is not None:
        numbers |= {facts.cost, facts.advancement_requirement}
    return card.named in numbers
