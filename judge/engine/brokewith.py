"""`when: broke_with`: a breaker's own reaction to a break made with it (Umbrella's draws after a
use that broke at least one subroutine), fired once per use of its break ability, right after the
break; docs/encounter.md."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .effects.core import Call


def uses(per: Sequence[int], broken: int) -> int:
    """How many uses of a break ability breaking up to `per` subroutines (the most of its abilities;
    0: any number) the break of `broken` new subroutines took: at least one when any broke."""
    most = max((n for n in per if n > 0), default=0)
    if broken <= 0:
        return 0
    return 1 if most == 0 else -(-broken // most)


def after_break_with(c: Call, breaker: str, new: Sequence[int]) -> None:
    """The breaker's `broke_with` abilities, once per use that broke a subroutine."""
    from .triggers import abilities, fire
    card = c.x.ctx.cards.get(breaker)
    if card is None or card.breaker is None or "broke_with" not in c.x.ctx.whens:
        return
    for _ in range(uses([b.subs for b in card.breaker.breaks], len(new))):
        for side in abilities(c.x, "broke_with").values():
            for item in side:
                if item.card.key == breaker:
                    fire(c.x, c.st, item)
