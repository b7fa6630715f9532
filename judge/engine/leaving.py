"""A card leaving play (trashed, uninstalled, removed): the board forgets it, and the ice in the
Runner's position leaving ends that approach or encounter. Its own module so that the breaker
planners (a breaker that trashes itself to break) reach it without importing the effects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board
from .state import Flag

if TYPE_CHECKING:
    from .effects.core import Call

__all__ = ["leave"]


def leave(c: Call, key: str, verb: str, side: str | None = None) -> None:
    """A card leaves play; the ice in the Runner's position leaving ends that approach/encounter."""
    w = c.x.w
    where = board.slot_of(w, key)
    if where:
        server, i = where
        sid = board.slots_of(w, server)[i][0]
        board.set_ice_at(w, server, i, None)
        if key == w.ice and w.pos == (server, sid) and c.in_position_step:
            w.flags |= {Flag.ICE_LEFT}
    w.root = board.remove_card(w.root, key)
    w.contents = board.remove_card(w.contents, key)
    w.rezzed -= {key}
    w.removed |= {key}
    c.note(f"{verb}_card", side=side, card=key)
