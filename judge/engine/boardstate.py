"""The board beside the run (issue 25): tags, grip, damage, clicks, counters, what the Corp paid.

One immutable value in the run state (`RunFields.sides`), so a step copies one reference for all
of it; an effect that changes the board binds a new value (`w.sides = replace(w.sides, tags=2)`).
What the scenario does not give is not counted: `grip` None records damage but never flatlines,
`clicks` None counts no clicks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..scenario import Scenario
from ..scenario.board import DAMAGE_KINDS

__all__ = ["BoardState", "EMPTY", "initial", "counters_on", "with_counters", "corp_pay", "summary"]

# ((card key, ((kind, n), ...)), ...), in the order cards first got counters
Counters = tuple[tuple[str, tuple[tuple[str, int], ...]], ...]


@dataclass(frozen=True, slots=True)
class BoardState:
    """The players' side of the board as the run changes it."""

    tags: int = 0
    grip: int | None = None            # cards in the grip; None: not given (damage never flatlines)
    link: int = 0
    clicks: int | None = None          # the Runner's clicks left; None: not counted
    corp_clicks: int | None = None
    won: tuple[str, ...] = ()          # servers of the turn's earlier successful runs (`won_run`)
    agendas: int | None = None         # agendas in the Runner's score area (given; stolen ones added as the turn goes)
    damage: tuple[int, int, int] = (0, 0, 0)  # net, meat, core taken this run
    flatlined: bool = False
    counters: Counters = ()
    corp_spent: int = 0                # credits the Corp paid for trace boosts and psi bids
    used_bids: frozenset[int] = frozenset()  # actions whose boost or bid a trace or psi game used
    counted: frozenset[str] = frozenset()  # cards whose counters are counted (given, or placed this run)
    clicks_gained: int = 0             # clicks the Runner gained during this turn's runs (Pichação), counted or not
    heap: int | None = None            # cards in the heap (`runner.heap`); None: not counted


EMPTY = BoardState()


def initial(sc: Scenario, cards: dict[str, Any]) -> BoardState:
    """The board when the run begins: the scenario's `runner:` / `corp:` keys and every card's
    `counters:`. A run spends one of the Runner's clicks, when clicks are counted (the basic
    action costs 1; a run event costs its play cost, 1 click; a card's run: its `run_clicks`)."""
    sides = sc.sides
    counters = tuple((c.key, c.counters) for c in cards.values() if c.counters)
    counted = frozenset(c.key for c in cards.values() if c.counters is not None)
    if sides is None:
        return replace(EMPTY, counters=counters, counted=counted) if counted else EMPTY
    return BoardState(tags=sides.tags, grip=sides.grip, link=sides.link,
                      clicks=None if sides.clicks is None else sides.clicks - run_clicks(sc),
                      corp_clicks=sides.corp_clicks, agendas=sides.agendas, won=sides.won, counters=counters,
                      counted=counted, heap=sides.heap)


def run_clicks(sc: Scenario) -> int:
    """The clicks the run costs: 1, or what the card that makes it says (Alarm Clock's run: 0)."""
    by = next((c for c in sc.placed_cards() if c.key == sc.by), None) if sc.by else None
    return by.run_clicks if by is not None else 1


def counters_on(bs: BoardState, card: str | None) -> dict[str, int]:
    """The counters on a card, by kind."""
    return next((dict(kinds) for key, kinds in bs.counters if key == card), {})


def with_counters(bs: BoardState, card: str, kind: str, delta: int) -> BoardState:
    """The board with `delta` more counters of a kind on a card (never fewer than none)."""
    have = counters_on(bs, card)
    have[kind] = max(0, have.get(kind, 0) + delta)
    kinds = tuple((k, n) for k, n in have.items() if n)
    new = [(key, ks) for key, ks in bs.counters]
    at = next((i for i, (key, _) in enumerate(new) if key == card), None)
    if at is None:
        new += [(card, kinds)] if kinds else []
    elif kinds:
        new[at] = (card, kinds)
    else:
        del new[at]
    return replace(bs, counters=tuple(new), counted=bs.counted | {card})


def corp_pay(bs: BoardState, n: int, why: str) -> tuple[BoardState, bool]:
    """The Corp pays `n` credits for `why` (a trace boost, a psi bid). The Corp's credit pool is the
    encounter issue's (`corp: {credits}`); until the two are merged the board only records what the
    Corp paid, and the payment always succeeds (the lead unifies this helper with the encounter's)."""
    del why  # the pool's helper says what the credits were for
    return replace(bs, corp_spent=bs.corp_spent + n), True


def summary(bs: BoardState, stolen_points: int) -> dict[str, Any]:
    """The board after the run, as the trace's outcome and the expectations read it."""
    return {"tags": bs.tags, "damage": dict(zip(DAMAGE_KINDS, bs.damage, strict=True)), "grip": bs.grip,
            "flatlined": bs.flatlined, "clicks": bs.clicks, "corp_clicks": bs.corp_clicks,
            "counters": {key: dict(kinds) for key, kinds in bs.counters},
            "points": {"runner": stolen_points, "corp": 0}, "corp_paid": bs.corp_spent}
