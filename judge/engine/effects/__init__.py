"""How each effect word changes the run: one function per entry of the vocabulary
(`judge.scenario.vocabulary`), registered with `@applies` in the modules below; each receives
one `Call`. Importing this package registers them all and checks that none is missing."""

from __future__ import annotations

from ...errors import RulesetError
from ...scenario import EFFECTS
from . import (  # noqa: F401  (each module registers its effects)
    abilities,
    access,
    board,
    corpside,
    expose,
    flow,
    ice,
    mill,
    picks,
    picks_more,
    rez,
    runcost,
    strength,
)
from .core import APPLY, Call, applies
from .ice import leave

__all__ = ["APPLY", "Call", "applies", "leave"]

_missing = sorted(set(EFFECTS) - set(APPLY))
if _missing:
    raise RulesetError("effects_unapplied", names=", ".join(_missing))
