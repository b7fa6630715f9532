"""Spending credits hosted on Runner cards (what they may pay for: `hosted.hosted_for`), and the
moment that follows (`credits_from_card`: The Twinning). Apart from `hosted` so that the breaker
planners read what cards hold without importing the triggers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .hosted import hosted_for, take_from
from .triggers import resolve_moments

if TYPE_CHECKING:
    from .protocol import Executor

__all__ = ["spend_hosted"]


def spend_hosted(x: Executor, n: int, purpose: str) -> int:
    """Take up to n credits from the cards that may pay for `purpose`, in the order the scenario lists
    them; how many were taken (the rest is the caller's to pay). Credits taken from an installed card
    (not an event) are the moment `credits_from_card` (The Twinning)."""
    taken, sources = take_from(x, hosted_for(x, purpose), n)
    if any(x.ctx.cards[k].type != "event" for k in sources):
        resolve_moments(x, x.rs.step(x.w.step), ("credits_from_card",), with_actions=False)
    return taken
