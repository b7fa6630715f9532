"""Corp effects on the board and on stealing: a purge of virus counters (Mavirus), an additional
cost to steal the agendas of a server for the rest of the run (Red Herrings), and a card of HQ or
Archives installed in a server (Ansel 1.0's second subroutine)."""

from __future__ import annotations

from dataclasses import replace

from ...scenario import CENTRALS, CORP
from .. import board
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


@applies("install_card")
def install_card(c: Call) -> None:
    """A card of HQ or Archives (as the scenario lists them) is installed unrezzed in `server`: an
    upgrade in its root, an asset or agenda in a remote server (Ansel 1.0). Ice is `install_ice`'s.
    Anything else is refused with a warning, and nothing moves."""
    x, w = c.x, c.x.w
    key = x.ctx.names.get(c.name, c.name)
    card = x.ctx.cards.get(key)
    server = c.opt_name("server") or w.server
    home = next((s for s in ("HQ", "Archives") if key in board.cards_in(w.contents, s)), None)
    kind = card.type if card is not None else ""
    if card is None or home is None:
        c.warn("w_install_not_in_hand", card=key)
        return
    if kind == "ice" or (kind != "upgrade" and (server in CENTRALS or kind not in ("asset", "agenda"))):
        c.warn("w_install_where", card=key, server=server)
        return
    w.contents = board.remove_card(w.contents, key)
    if kind == "upgrade":
        w.root = board.add_card(w.root, server, key)
    else:
        w.contents = board.add_card(w.contents, server, key)
    w.rezzed -= {key}
    c.note("card_installed", side=CORP, card=key, server=server, was=home)
