"""The rule sets the judge knows, by id."""

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
