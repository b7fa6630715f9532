"""The `expect:` block: what the rules say the run must do, for one rule set or per rule set."""

from __future__ import annotations

from typing import Any

from .. import rulesets
from ..rulesets.model import Kind
from .board import EXPECT_BOARD, parse_expect_board
from .validate import Validator
from .yamlsource import YPath

__all__ = ["parse_expect", "EXPECT_KEYS", "OUTCOMES"]

EXPECT_KEYS = ("outcome", "end", "path", "skipped", "approached", "encountered", "passed",
               "bypassed", "accessed", "stolen", "trashed", "triggered", "bad_publicity_credits",
               "warnings", "credits", "replaced", "error") + EXPECT_BOARD + ("corp_credits", "broken") + (
               "removed",)  # cards removed from the game this run (Watch the World Burn)
OUTCOMES = ("successful", "unsuccessful", "neither")


def parse_expect(V: Validator, v: Any) -> dict[str, Any]:
    """Expectations for the file's rule set, or a mapping of rule set -> expectations."""
    V.mapping(v, ("expect",), EXPECT_KEYS + tuple(rulesets.RULESETS))
    if any(k in rulesets.RULESETS for k in v):
        if any(k in EXPECT_KEYS for k in v):
            raise V.err(("expect",), "expect_mixed")
        return {k: _one(V, sub, ("expect", k)) for k, sub in v.items()}
    return _one(V, v, ("expect",))


def _ends() -> tuple[str, ...]:
    return ("6", "7") + tuple(s.id for r in rulesets.RULESETS.values() for s in r.steps if s.kind is Kind.END)


def _one(V: Validator, v: Any, path: YPath) -> dict[str, Any]:
    V.mapping(v, path, EXPECT_KEYS)
    out: dict[str, Any] = {}
    for k, val in v.items():
        p = path + (k,)
        if k == "outcome":
            out[k] = V.choice(val, p, OUTCOMES, "outcome")
        elif k == "end":
            out[k] = V.choice(val, p, _ends(), "end_step")
        elif k == "bad_publicity_credits":
            V.mapping(val, p, ("gained", "lost", "spent"))
            out[k] = {kk: V.integer(vv, p + (kk,), 0, 100) for kk, vv in val.items()}
        elif k in ("warnings", "credits", "corp_credits"):
            out[k] = V.integer(val, p, 0, 1000)
        elif k == "replaced":  # the card whose replacement of the access applied (null: none)
            out[k] = None if val is None else V.string(val, p, kind="a_card_name")
        elif k in EXPECT_BOARD:
            out[k] = parse_expect_board(V, k, val, p)
        elif k == "error":
            out[k] = V.string(val, p, limit=500, kind="expected_error_part")
        else:
            out[k] = [V.string(x, p + (i,), limit=300, kind="an_entry") for i, x in enumerate(V.seq(val, p, 1000))]
    return out
