"""Credits hosted on Runner cards (`credits: N` beside a card), and what they may pay for
(`credits_for`, docs/board.md "The Runner's cards"): a breaker's pump or break, a cost or a toll, a
trace boost or a psi bid, a trash cost at access."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..scenario import RUNNER, Card
from .state import Flag

if TYPE_CHECKING:
    from .protocol import Executor

__all__ = ["hosted_for", "take_from"]


def _may_pay(x: Executor, card: Card, purpose: str) -> bool:
    """Whether credits hosted on a Runner card may pay for this ("breaker": an icebreaker's pump or
    break; "pay": a cost, a toll, a boost or a bid; "trash": a trash cost at access):
    `icebreakers` only for breakers, `trash` only for trash costs (Bahia Bands), `any` for all
    (Concerto, Penumbral Toolkit), `its_run` for all in a run this card made (Debbie "Downtown"
    Moreira), `after_success` for all once the run is declared successful (Fencer Fueno),
    `its_run_and_next` for all in its run and the turn's next one (Trick Shot)."""
    kind = card.credits_for
    if kind == "icebreakers":
        return purpose == "breaker"
    if kind == "trash":
        return purpose == "trash"
    if kind == "its_run":
        return card.key == x.ctx.sc.by
    if kind == "its_run_and_next":  # Trick Shot: its run, and the remote run it offers (the turn's next)
        return card.key == x.ctx.sc.by or (bool(x.w.previous) and x.w.previous[0] == card.key)
    if kind == "after_success":
        return Flag.DECLARED in x.w.flags
    return kind == "any"


def hosted_for(x: Executor, purpose: str) -> list[tuple[str, int]]:
    """Credits hosted on installed Runner cards that may pay for `purpose` now, card by card."""
    out = []
    for key, n in x.w.hosted:
        card = x.ctx.cards.get(key)
        if n > 0 and card is not None and card.side == RUNNER and _may_pay(x, card, purpose) and x.in_play(key):
            out.append((key, n))
    return out


def take_from(x: Executor, pool: list[tuple[str, int]], n: int) -> tuple[int, list[str]]:
    """Take up to n credits from the cards of `pool` ((card, credits on it), in that order): how many
    were taken, and from which cards. The caller counts them as spent."""
    left, taken, sources = n, 0, []
    spent = dict(x.w.hosted)
    for key, have in pool:
        if not left:
            break
        take = min(have, left)
        if take:
            spent[key] = have - take
            left -= take
            taken += take
            sources.append(key)
    if taken:
        x.w.hosted = tuple(spent.items())
    return taken, sources
