"""Exposing a card (Snitch exposes the ice it approaches): the card is shown to the Runner and stays
as it was, and every active card's `exposed` abilities resolve right after (Aumakua's counter)."""

from __future__ import annotations

from .core import Call, applies


@applies("expose")
def expose(c: Call) -> None:
    """The Runner exposes a card (`that ice`: the ice of the moment): nothing about it changes, but
    "whenever you expose a card" abilities resolve once, right after, where it happened."""
    from ..triggers import abilities, fire  # the triggers import the effects: only when one resolves
    key = c.name
    if not key or key not in c.x.ctx.cards or key in c.x.w.removed:
        return
    c.note("exposed_card", side=c.side, card=key)
    for side in abilities(c.x, "exposed").values():
        for item in side:
            fire(c.x, c.st, item)
