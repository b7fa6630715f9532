"""The call every effect function receives, and the table of those functions by effect word."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from ...i18n import Text
from ...rulesets.model import Step
from ...scenario import EFFECTS, Action, Amount, Card, Effect
from ..protocol import Executor
from ..state import Flag
from ..trace import ACTION, WARNING

__all__ = ["Call", "APPLY", "Apply", "applies", "Position"]

T = TypeVar("T")
# where new ice goes: outermost, innermost, or (("inward_of" | "outward_of", card),)
Position = str | tuple[tuple[str, str], ...] | None


@dataclass(slots=True)
class Call:
    """One effect being resolved: by whom, at which step, from which card or action. (Made for
    every effect resolved and kept by nothing: a frozen dataclass's setattr calls bought nothing.)"""

    x: Executor
    e: Effect
    side: str
    st: Step
    source: str | None = None    # the card whose ability or subroutine this is
    action: Action | None = None  # the player's action this is part of

    # ------------------------------------------------------------ the argument, by its shape
    # The parser checked each effect's argument against its vocabulary entry (`Shape`); these
    # say which shape an effect function reads, and fail loudly should a caller break that.
    def _arg(self, kind: type[T]) -> T:
        v = self.e.arg
        if not isinstance(v, kind):
            raise TypeError(f"{self.e.kind}: argument {v!r} is not a {kind.__name__}")
        return v

    @property
    def name(self) -> str:
        """A card's, a server's or a word's name (Shape.CARD, SERVER, WORD, TEXT)."""
        return self.e.name

    @property
    def text(self) -> str | Text:
        """Words the file gives, in one language or in each (Shape.TEXT)."""
        v = self.e.arg
        if isinstance(v, str | Text):
            return v
        raise TypeError(f"{self.e.kind}: argument {v!r} is not text")

    @property
    def names(self) -> tuple[str, ...]:
        """Several names (Shape.CARDS, PAIR)."""
        return cast("tuple[str, ...]", self._arg(tuple))

    @property
    def number(self) -> int | Amount:
        """A number, or one counted from the run (Shape.AMOUNT)."""
        v = self.e.arg
        if isinstance(v, Amount) or (isinstance(v, int) and not isinstance(v, bool)):
            return v
        raise TypeError(f"{self.e.kind}: argument {v!r} is not a number")

    @property
    def ice(self) -> str:
        """The ice of the moment, for an effect that needs one (checked by the effect first)."""
        ice = self.x.w.ice
        if ice is None:
            raise TypeError(f"{self.e.kind}: no ice now")
        return ice

    @property
    def card(self) -> Card:
        """A card described in place (Shape.ICE_CARD)."""
        return self._arg(Card)

    def opt_name(self, key: str) -> str | None:
        """An option naming a card or a server, if written."""
        v = self.e.opt(key)
        return v if isinstance(v, str) else None

    def opt_effects(self, key: str) -> tuple[Effect, ...]:
        """An option holding effects (`then`, `otherwise`), or none."""
        return cast("tuple[Effect, ...]", self.e.opt(key, ()))

    def opt_position(self) -> Position:
        """The `position` option: where new or moved ice goes."""
        return cast(Position, self.e.opt("position"))

    # ------------------------------------------------------------ what it says
    def note(self, key: str, side: str | None = None, **args: Any) -> None:
        """What happened, as an action event of this step."""
        self.x.emit(ACTION, key, self.st, side=side or self.side, **args)

    def warn(self, key: str, **args: Any) -> None:
        """Why the effect did nothing, as a warning pointing at the action."""
        a = self.action
        extra = (("action", a.index), ("line", a.line)) if a else ()
        self.x.emit(WARNING, key, self.st, side=self.side, extra=extra, **args)

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


Apply = Callable[[Call], "bool | None"]  # False: a cost that could not be paid
APPLY: dict[str, Apply] = {}
F = TypeVar("F", bound=Apply)


def applies(name: str) -> Callable[[F], F]:
    """Register the function that applies an effect word of the vocabulary."""
    if name not in EFFECTS:
        raise KeyError(f"{name!r} is not an effect of the vocabulary")

    def register(fn: F) -> F:
        APPLY[name] = fn
        return fn
    return register
