"""The rule sets the judge knows, by id: each a table of steps, guarded edges and interrupts
(`model`, `ffg_rr`, `nsg`, `ffg_core`), its timing graph and self-checks (`timing`), and the
step-number translation between them (`translate`). Rules knowledge only: it imports
`judge.i18n` and `judge.errors`, nothing else of the judge."""

from __future__ import annotations

from .ffg_core import RULESET as FFG_CORE
from .ffg_rr import RULESET as FFG_RR
from .model import Edge, Interrupt, Kind, Ruleset, Step
from .nsg import RULESET as NSG

__all__ = ["RULESETS", "DEFAULT", "get", "Edge", "Interrupt", "Kind", "Ruleset", "Step"]

RULESETS: dict[str, Ruleset] = {r.id: r for r in (FFG_RR, NSG, FFG_CORE)}
DEFAULT = FFG_RR.id


def get(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; KeyError names the known ones."""
    try:
        return RULESETS[ruleset_id]
    except KeyError:
        raise KeyError(f"unknown ruleset {ruleset_id!r} (known: {', '.join(RULESETS)})") from None
