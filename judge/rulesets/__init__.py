"""The rule sets the judge knows, by id."""

from __future__ import annotations

from .ffg_rr import RULESET as FFG_RR
from .model import Edge, Interrupt, Kind, Ruleset, Step

__all__ = ["RULESETS", "DEFAULT", "get", "Edge", "Interrupt", "Kind", "Ruleset", "Step"]

RULESETS: dict[str, Ruleset] = {FFG_RR.id: FFG_RR}
DEFAULT = FFG_RR.id


def get(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; KeyError names the known ones."""
    try:
        return RULESETS[ruleset_id]
    except KeyError:
        raise KeyError(f"unknown ruleset {ruleset_id!r} (known: {', '.join(RULESETS)})") from None
