"""Limits on breaking the encountered ice (docs/board.md, "Limits on breaking"): a `static` ability
`{break_limit: N}` on the ice lets at most N of its subroutines be broken in one encounter (Afshar,
Akhet, Hammer), `only_by: <subtype>` limits only breakers of that subtype (Hortum: `{break_limit: 0,
only_by: ai}`), `except_by: <subtype>` spares them (Hammer: killers break as many as they like).
The ability's `if:` says when the limit applies (`protects: HQ`, `advancement_counters: 3`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..i18n import Msg, msg
from ..scenario import Amount
from .state import encounter_id

if TYPE_CHECKING:
    from .effects.core import Call

__all__ = ["break_refused", "after_break"]


def _subtypes_of(c: Call) -> tuple[str, ...] | None:
    """The subtypes of the breaker named by `with:` (None: no breaker named, or one not in play)."""
    name = c.opt_name("with")
    if name is None:
        return None
    card = c.x.ctx.cards.get(c.x.ctx.names.get(name, name))
    return card.subtypes if card is not None else None


def _applies(only: object, spared: object, subtypes: tuple[str, ...] | None) -> bool:
    if isinstance(only, str):  # only breakers of that subtype are limited (unnamed: not known to be one)
        return subtypes is not None and only in subtypes
    if isinstance(spared, str):  # breakers of that subtype are not limited (unnamed: limited)
        return subtypes is None or spared not in subtypes
    return True


def _scope(only: object, spared: object) -> Msg:
    if isinstance(only, str):
        return msg("engine.break_scope.only", subtype=only)
    if isinstance(spared, str):
        return msg("engine.break_scope.except", subtype=spared)
    return msg("engine.break_scope.any")


def break_refused(c: Call, ice: str, nums: Sequence[int]) -> bool:
    """True when a limit of the ice, or a `forbid: break`, refuses this break (a warning says which;
    nothing is broken or paid). The count is of subroutines broken in this encounter, this break's included."""
    from .conditions import amount, failing
    x = c.x
    card = x.ctx.cards[ice]
    new = [n for n in nums if n not in x.w.broken]
    if not new:
        return False
    who = x.forbidden("break", f"break@{encounter_id(x.w)}")
    if who is not None:  # Anvil: `forbid: break` for this encounter (or the run)
        c.warn("w_break_forbidden", card=who, ice=ice, subs=", ".join(map(str, new)))
        return True
    subtypes = _subtypes_of(c)
    for ab in card.abilities:
        if ab.when != "static" or failing(x, card, ab.conditions) is not None:
            continue
        for e in ab.effects:
            if e.kind != "break_limit":
                continue
            only, spared = e.opt("only_by"), e.opt("except_by")
            if not _applies(only, spared, subtypes):
                continue
            limit = amount(x, e.arg, ice) if isinstance(e.arg, (int, Amount)) else 0
            if len(x.w.broken) + len(new) > limit:
                c.warn("w_break_limited", ice=ice, n=limit, by=_scope(only, spared),
                       subs=", ".join(map(str, new)))
                return True
    return False


def after_break(c: Call, ice: str, new: Sequence[int]) -> None:
    """`when: broken` abilities of the ice (Gold Farmer: the Runner loses 1 credit) resolve once
    for each subroutine this break broke, right after it."""
    from .triggers import abilities, fire
    x = c.x
    for _ in new:
        for side in abilities(x, "broken").values():
            for item in side:
                if item.card.key == ice:
                    fire(x, c.st, item)
