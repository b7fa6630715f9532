"""What step handlers, triggers, effects, guards, conditions and access see of the executor.

They are written against this Protocol, not against `executor.Exec`: the executor imports them
(its table of handlers, of effects, of guards) and they import only this, so the engine's imports
form no cycle. `Exec` satisfies it; the type checker says so where the executor hands itself over.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from ..i18n import Msg
from ..rulesets.model import Ruleset, Step
from ..scenario import Action, Card, Effect
from .context import Context
from .state import Work
from .trace import Event, EventKind, Pairs

__all__ = ["Executor"]


class Executor(Protocol):
    """One step being worked out: the run's context, its working state, the events so far."""

    ctx: Context
    rs: Ruleset
    w: Work
    events: list[Event]
    depth: int        # nested forced encounters
    passing: bool     # inside a pass that happens on an edge (the six-step chart)
    in_sub: bool      # resolving a subroutine
    subject: str | None  # the card rezzed whose rez moments resolve now

    def emit(self, kind: EventKind, key: str, st: Step | None = None, side: str | None = None,
             rule: str | None = None, extra: Pairs = (), **args: Any) -> Event:
        """Record an event of this step: `key` names its words under `engine.events`."""
        ...

    def occ(self, st: Step) -> str:
        """The occurrence of a step now ("2.3@Ice Wall#2")."""
        ...

    def interrupted(self, st: Step, in_window: bool = False) -> bool:
        """An interrupt edge out of this step now holds: the rest of the step is abandoned."""
        ...

    def in_play(self, key: str) -> bool:
        """A card is installed or is one of the players' cards in play, and has not left."""
        ...

    def active(self, card: Card) -> bool:
        """A card whose abilities can trigger now."""
        ...

    def run_over(self) -> bool:
        """The run has ended (ended, jacked out, its server gone), though the step may still finish."""
        ...

    def stop_reason(self) -> str:
        """Why pending items were dropped (a key of `engine.stops`)."""
        ...

    def success_blocker(self) -> Msg | None:
        """Why the run cannot be declared successful, or None."""
        ...

    def status(self) -> str:
        """successful / unsuccessful / neither, as things stand."""
        ...

    def can_pay(self, n: int, purpose: str = "pay") -> bool:
        """The Runner can pay n (pool, bad publicity credits, credits hosted for that purpose)."""
        ...

    def spend(self, n: int, purpose: str = "pay") -> None:
        ...

    def apply(self, e: Effect, side: str, st: Step, source: str | None, action: Action | None = None) -> bool:
        """Resolve one effect; False when it was a cost that could not be paid."""
        ...

    def strength(self, key: str) -> int | None:
        """A card's strength now (`encounter.strength_of`), for modules the encounter itself reads."""
        ...

    def that_ice(self) -> str | None:
        """The ice of the moment (the ice rezzed while its rez moments resolve)."""
        ...

    def resolve(self, effects: Iterable[Effect], side: str, st: Step, source: str | None = None,
                action: Action | None = None) -> bool:
        """Effects in order, all of them; False when a cost among them could not be paid."""
        ...

    @property
    def active_side(self) -> str:
        """The player whose turn it is."""
        ...

    def allowed(self, what: str) -> str | None:
        """The card that allows something this run, if one does."""
        ...

    def forbidden(self, *what: str) -> str | None:
        """The card that forbids something this run, if one does."""
        ...

    def check_server(self) -> None:
        """A remote server with no cards left ceases to exist."""
        ...

    def forced_encounter(self, key: str, side: str, st: Step) -> None:
        """Walk the encounter of `key` now, then resume the interrupted step."""
        ...
