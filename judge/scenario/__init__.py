"""Scenario files: YAML validated at the boundary into frozen dataclasses.

Owns the model (`model`), the effect vocabulary (`vocabulary`), reading YAML with a line for
every place (`yamlsource`), validation (`validate`, `cards`, `effects`, `actions`, `refs`,
`expect`), who may act where (`legality`), loading files (`load`), words for effects
(`describe`) and the JSON Schema (`schema`). It may import `judge.errors`, `judge.i18n` and
`judge.rulesets`; nothing above it (engine, analysis, render, web, cli).
"""

from __future__ import annotations

from .describe import describe_action, describe_effect, describe_effects
from .expect import EXPECT_KEYS, OUTCOMES
from .load import load_scenario
from .model import (
    CARD_TYPES,
    CENTRALS,
    CORP,
    RUNNER,
    SIDES,
    THAT_ICE,
    THIS,
    WHENS,
    Ability,
    Action,
    Amount,
    Card,
    Effect,
    Scenario,
    Server,
    Subroutine,
    walk_effects,
)
from .parse import parse_scenario
from .validate import MAX_NAME, MAX_TEXT
from .vocabulary import BARE, EFFECTS, PICK_KINDS, PICKS, EffectSpec, Shape, names

__all__ = ["Card", "Ability", "Subroutine", "Effect", "Action", "Server", "Scenario", "load_scenario",
           "parse_scenario", "CENTRALS", "WHENS", "CARD_TYPES", "SIDES", "RUNNER", "CORP", "EFFECTS",
           "EffectSpec", "Shape", "BARE", "names", "PICKS", "PICK_KINDS", "EXPECT_KEYS", "OUTCOMES", "MAX_NAME", "MAX_TEXT",
           "describe_effect", "describe_effects", "describe_action", "walk_effects", "Amount", "THIS", "THAT_ICE"]
