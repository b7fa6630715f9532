"""Two Corp effects on the board and on stealing: a purge of virus counters (Mavirus) and an
additional cost to steal the agendas of a server for the rest of the run (Red Herrings)."""

from __future__ import annotations

from dataclasses import replace

from ...scenario import CORP
from ..conditions import amount
from .core import Call, applies

__all__: list[str] = []  # the functions register themselves in APPLY


@applies("purge")
def purge(c: Call) -> None:
    """Every virus counter on every card is removed (cards with none given: none to remove, and said)."""
    w = c.x.w
    had = sum(n for _, kinds in w.sides.counters for k, n in kinds if k == "virus")
    counters = tuple((key, kinds) for key, kinds in
                     ((key, tuple((k, n) for k, n in kinds if k != "virus")) for key, kinds in w.sides.counters) if kinds)
    w.sides = replace(w.sides, counters=counters)
    c.note("purged", side=CORP, n=had)


@applies("steal_cost")
def steal_cost(c: Call) -> None:
    """For the rest of the run, stealing an agenda from the server being breached costs N more
    credits (Red Herrings, set as the breach begins: it stays even if the card is trashed)."""
    w = c.x.w
    n = amount(c.x, c.number, c.source)
    server = w.breaching or w.server
    w.steal_costs += ((server, n, c.source or ""),)
    c.note("steal_cost_set", server=server, n=n)
