"""Effects on abilities: a player uses a card's paid ability, or declines an optional one."""

from __future__ import annotations

from ..conditions import failing
from ..state import Flag
from ..words import condition_text
from .core import Call, applies

__all__: list[str] = []  # the functions register themselves in APPLY


@applies("use")
def use(c: Call) -> bool:
    """A paid ability as the card's model says: its conditions, its cost, then its effect, all of it
    (an ability whose cost trashes the ice still ends the run: the ice is passed after it)."""
    x = c.x
    name, n = c.e.used
    card = x.ctx.cards[name]
    ab = card.paid_abilities()[n - 1]
    if not x.active(card):
        c.warn("w_not_active", card=name)
        return False
    cond = failing(x, card, ab.conditions)
    if cond is not None:
        c.warn("w_use_condition", card=name, cond=condition_text(cond))
        return False
    if ab.ice is not None and not (Flag.ENCOUNTERING in x.w.flags and x.w.ice == ab.ice):
        # `ice: X` on a paid ability: used only during an encounter with X (Boomerang's chosen ice)
        c.warn("w_use_ice_only", card=name, ice=ab.ice)
        return False
    i = next(k for k, a in enumerate(card.abilities) if a is ab)
    w = x.w
    if (card.key, i) in (w.used_turn if ab.first_turn else w.used_first if ab.first else ()):
        # "once per turn" (`first: turn`, carried over a turn's runs) or once per run (`first: true`)
        c.warn("w_use_once_turn" if ab.first_turn else "w_use_once_run", card=name)
        return False
    c.note("uses", card=name, n=n)
    if ab.cost and not x.resolve(ab.cost, card.side, c.st, source=card.key, action=c.action):
        c.note("cost_unpaid", card=name)
        return False
    if ab.first:
        w.used_first |= {(card.key, i)}
        if ab.first_turn:
            w.used_turn |= {(card.key, i)}
    return x.resolve(ab.effects, card.side, c.st, source=card.key, action=c.action)


@applies("decline")
def decline(c: Call) -> None:
    """The player does not use an optional ability of a card at this step ("may")."""
    c.x.w.declined |= {c.name, f"{c.side}:{c.name}"}
    c.note("declines", card=c.name)
