"""The call every effect function receives, and the table of those functions by effect word."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...rulesets.model import Step
from ...scenario import EFFECTS, Action, Effect
from ..state import Flag

if TYPE_CHECKING:
    from ..executor import Exec

__all__ = ["Call", "APPLY", "applies"]


@dataclass(slots=True)
class Call:
    """One effect being resolved: by whom, at which step, from which card or action. (Made for
    every effect resolved and kept by nothing: a frozen dataclass's setattr calls bought nothing.)"""

    x: Exec
    e: Effect
    side: str
    st: Step
    source: str | None = None    # the card whose ability or subroutine this is
    action: Action | None = None  # the player's action this is part of

    def note(self, key: str, side: str | None = None, **args: object) -> None:
        """What happened, as an action event of this step."""
        self.x.emit("action", key, self.st, side=side or self.side, **args)

    def warn(self, key: str, **args: object) -> None:
        """Why the effect did nothing, as a warning pointing at the action."""
        a = self.action
        extra = (("action", a.index), ("line", a.line)) if a else ()
        self.x.emit("warning", key, self.st, side=self.side, extra=extra, **args)

    def encountering(self, what: str) -> bool:
        """An ice is being encountered; if not, say that `what` had nothing to work on."""
        if Flag.ENCOUNTERING in self.x.w.flags:
            return True
        self.warn("w_no_encounter", what=what)
        return False

    def installed(self, key: str) -> bool:
        """The card is installed; if not, say so (the effect does nothing)."""
        if self.x.in_play(key):
            return True
        self.warn("w_not_installed", card=key)
        return False

    @property
    def in_position_step(self) -> bool:
        """The step is the approach or the encounter of the ice in the Runner's position. Not the
        Initiation or Movement steps that carry that ice's name (NSG 6.9.1e, 6.9.4b-f): a change
        to the ice in the Runner's position there does not move the Runner (CR 6.2.7e)."""
        return self.st.per_ice and self.st.does != "pass_ice" and self.st.phase in self.x.rs.position_phases


APPLY: dict[str, Callable[[Call], None]] = {}


def applies(name: str) -> Callable[[Callable[[Call], None]], Callable[[Call], None]]:
    """Register the function that applies an effect word of the vocabulary."""
    if name not in EFFECTS:
        raise KeyError(f"{name!r} is not an effect of the vocabulary")

    def register(fn: Callable[[Call], None]) -> Callable[[Call], None]:
        APPLY[name] = fn
        return fn
    return register
