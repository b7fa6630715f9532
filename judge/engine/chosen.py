"""The ice an ability is limited to (`ice:` beside the ability): a name, or `chosen`, the ice written
as `chosen:` beside the card (Femme Fatale). Its own module: the triggers read it, and it reads
nothing but the run's state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..scenario import Card
from .trace import WARNING

if TYPE_CHECKING:
    from .protocol import Executor

__all__ = ["ice_named"]


def ice_named(x: Executor, card: Card, ice: str) -> str | None:
    """The ice an ability is limited to: a name, or `chosen` (the ice written as `chosen:` beside
    the card, Femme Fatale). Nothing chosen: every ice (None), and the trace says so once."""
    moved = next((i for k, i in reversed(x.w.hosts) if k == card.key), None)
    if moved is not None and ice in ("chosen", card.chosen):  # a trojan moved onto another ice (Spree's host_pick)
        return moved
    if ice != "chosen":
        return ice
    if card.chosen is not None:
        return x.ctx.names.get(card.chosen, card.chosen)
    if f"chosen_ice:{card.key}" not in x.w.said:
        x.w.said |= {f"chosen_ice:{card.key}"}
        x.emit(WARNING, "w_chosen_ice_not_given", card=card.key)
    return None
