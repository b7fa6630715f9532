"""The encounter's effects (issue 24): `{strength: +N, of: this | encountered_ice | <card>, until: ...}`,
and the Corp's credits gained or lost (`corp_gain`, `corp_lose`)."""

from __future__ import annotations

from ...scenario import CORP
from .. import encounter
from ..conditions import amount
from .core import Call, applies

__all__: list[str] = []  # the function registers itself in APPLY


@applies("strength")
def strength(c: Call) -> None:
    encounter.apply_strength(c, amount(c.x, c.number, c.source))


@applies("skip_subroutines")
def skip_subroutines(c: Call) -> None:
    """Mass-Driver: the first N subroutines of the Runner's next encounter this run do not resolve."""
    n = amount(c.x, c.number, c.source)
    who = c.source or c.side
    c.x.w.skip_next += ((who, n),)
    c.note("skip_set", card=who, n=n)


@applies("corp_gain")
def corp_gain(c: Call) -> None:
    n = amount(c.x, c.number, c.source)
    if encounter.corp_gain(c.x, n, "effect"):
        c.note("corp_gains", side=CORP, n=n, left=c.x.w.corp_credits)


@applies("corp_lose")
def corp_lose(c: Call) -> None:
    """The Corp loses credits (never below zero)."""
    w = c.x.w
    if w.corp_credits is None:
        encounter.said_after(c.x, "corp_uncounted")
        return
    n = min(amount(c.x, c.number, c.source), w.corp_credits)
    w.corp_credits -= n
    c.note("corp_loses", side=CORP, n=n, left=w.corp_credits)
