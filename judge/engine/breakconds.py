"""Conditions of the breakers' data (docs/encounter.md "Costs and limits beyond credits"): the threat,
what the Runner has installed, whether a card fully broke the ice or broke anything this run. Read
by `conditions`; they read only the run's state."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..scenario import Card
from .state import encounter_id
from .trace import ACTION

if TYPE_CHECKING:
    from .protocol import Executor

__all__ = ["BREAKING", "threat"]


def threat(x: Executor, at_start: bool = False) -> int:
    """The most agenda points a player has: the scenario's `points`, and what the Runner stole this
    turn (earlier runs and this one); `at_start`: when the turn began (a card installed this turn
    was installed before the turn's runs)."""
    sides = x.ctx.sc.sides
    given = (sides.runner_points, sides.corp_points) if sides is not None else (None, None)
    if given == (None, None) and "threat" not in x.w.said:  # no score area given: 0 points, said once
        x.w.said |= {"threat"}
        x.emit(ACTION, "threat_uncounted")
    runner, corp = given[0] or 0, given[1] or 0
    if at_start:
        return max(runner, corp)
    cards = x.ctx.cards
    runner += x.w.turn_points + x.w.scored_points + sum(cards[k].points or 0 for k in x.w.stolen if k in cards)
    return max(runner, corp)


def installed_kind(x: Executor, ctype: str, subtype: str) -> int:
    """How many installed Runner cards of a type have a subtype (virtual resources)."""
    return sum(1 for c in x.ctx.sc.runner_cards
               if c.type == ctype and subtype in c.subtypes and x.in_play(c.key))


def broke_all(x: Executor, card: Card) -> bool:
    """The card broke every subroutine of the encountered ice in this encounter (it "fully broke" it)."""
    w = x.w
    ice = x.ctx.cards.get(w.ice) if w.ice else None
    if ice is None or not ice.subroutines:
        return False
    enc = encounter_id(w)
    mine = {n for k, e, n in w.broke_subs if k == card.key and e == enc}
    return all(n in mine for n in range(1, len(ice.subroutines) + 1))


BREAKING: dict[str, Callable[[Executor, Card, object], bool]] = {
    "threat": lambda x, card, v: isinstance(v, int) and threat(x) >= v,
    "threat_when_installed": lambda x, card, v: isinstance(v, int) and threat(x, at_start=True) >= v,
    "installed_this_turn": lambda x, card, v: card.installed_this_turn == v,
    "virtual_resources": lambda x, card, v: isinstance(v, int) and installed_kind(x, "resource", "virtual") >= v,
    "cybernetic_hardware": lambda x, card, v: isinstance(v, int) and installed_kind(x, "hardware", "cybernetic") >= v,
    "successful_this_turn": lambda x, card, v: (x.w.turn_success or bool(x.ctx.sc.sides and x.ctx.sc.sides.successful_runs)) == v,
    "broke_all_with_this": lambda x, card, v: broke_all(x, card) == v,
    "broke_with_this_run": lambda x, card, v: any(k == card.key for k, _ in x.w.broke_in) == v,
}
