"""Cards trashed from the top of R&D (Persephone): R&D's first listed cards go to Archives, so a
later access of R&D in the run finds the ones after them, and an access of Archives finds them."""

from __future__ import annotations

from ...scenario import CORP
from .. import board
from ..conditions import amount
from .core import Call, applies


@applies("mill")
def mill(c: Call) -> None:
    """The top N cards of R&D (the first N the scenario lists there and still in it) are trashed
    into Archives, in order; fewer when R&D holds fewer, none at 0."""
    w = c.x.w
    n = amount(c.x, c.number, c.source)
    top = board.cards_in(w.contents, "R&D")[:max(n, 0)]
    for key in top:
        w.contents = board.add_card(board.remove_card(w.contents, key), "Archives", key)
    c.note("milled", side=CORP, n=len(top), cards=", ".join(top) or "-")


@applies("corp_draw")
def corp_draw(c: Call) -> None:
    """The Corp draws N cards: R&D's top cards (first listed) go to HQ, after its listed cards, so a
    later access of R&D finds the next ones and an access of HQ may find them (Umbrella)."""
    w = c.x.w
    n = amount(c.x, c.number, c.source)
    top = board.cards_in(w.contents, "R&D")[:max(n, 0)]
    for key in top:
        w.contents = board.add_card(board.remove_card(w.contents, key), "HQ", key)
    c.note("corp_drew", side=CORP, n=len(top))
