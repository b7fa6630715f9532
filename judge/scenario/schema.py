"""The JSON Schema of the scenario format (printed by `judge schema`)."""

from __future__ import annotations

from typing import Any

from .. import rulesets
from ..rulesets.whens import MOMENTS
from .board import CORP_KEYS, COUNTER_KINDS, DAMAGE_KINDS, EXPECT_BOARD, RUNNER_KEYS
from .cards import ABILITY_KEYS, CARD_KEYS, CREDITS_FOR, RUNS, STRENGTH_COUNTS
from .conditions import CONDITIONS, COUNTS
from .encounter import DURATIONS, breaker_schema
from .expect import EXPECT_KEYS, OUTCOMES
from .model import CARD_TYPES, SIDES
from .named import OVERRIDES
from .parse import CONFIDENCE, DECISIONS
from .validate import MAX_NAME, MAX_TEXT
from .vocabulary import BARE, EFFECTS, OPTIONS, PAY_SOURCES, Opt, Shape

__all__ = ["schema"]


def _str(limit: int = MAX_NAME, **kw: Any) -> dict[str, Any]:
    return {"type": "string", "minLength": 1, "maxLength": limit, **kw}


def _words(limit: int = MAX_NAME) -> dict[str, Any]:
    """Free text a scenario may give in both languages: a string, or `{en, ko}`."""
    return {"oneOf": [_str(limit), {"type": "object", "additionalProperties": False, "required": ["en"],
                                    "properties": {"en": _str(limit), "ko": _str(limit)}}]}


def schema() -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) that every valid scenario satisfies."""
    step_ids = sorted({s.id for r in rulesets.RULESETS.values() for s in r.steps})
    name = _str()
    position = {"oneOf": [
        {"enum": ["outermost", "innermost"]},
        {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
         "properties": {"inward_of": name, "outward_of": name}}]}
    whole = {"type": "integer", "minimum": 0, "maximum": 100}
    amount = {"oneOf": [whole, {"type": "object", "additionalProperties": False, "required": ["count"],
                                "properties": {"count": {"enum": list(COUNTS)},
                                               "times": {"type": "integer", "minimum": -100, "maximum": 100},
                                               "plus": {"type": "integer", "minimum": -100, "maximum": 100},
                                               "per": {"type": "integer", "minimum": 1, "maximum": 100}}}]}
    counters = {"type": "object", "additionalProperties": False, "minProperties": 1,
                "properties": {k: whole for k in COUNTER_KINDS}}
    counted_counters = dict(counters, properties={k: amount for k in COUNTER_KINDS})  # an effect's may be counted
    shapes = {
        Shape.NONE: {"const": True}, Shape.CARD: name, Shape.SERVER: name, Shape.AMOUNT: amount,
        Shape.SUBS: {"oneOf": [{"enum": ["all", "last"]}, {"type": "array", "items": {"type": "integer", "minimum": 1}}]},
        Shape.ICE_CARD: {"oneOf": [{"$ref": "#/$defs/card"}, {"$ref": "#/$defs/named"}]},
        Shape.ICE: {"oneOf": [name, {"$ref": "#/$defs/card"}, {"$ref": "#/$defs/named"}]},
        Shape.PAIR: {"type": "array", "items": name, "minItems": 2, "maxItems": 2},
        Shape.CARDS: {"type": "array", "items": name},
        Shape.TEXT: _words(MAX_TEXT),
        Shape.USE: {"oneOf": [name, {"type": "object", "additionalProperties": False, "required": ["card"],
                                     "properties": {"card": name, "ability": {"type": "integer", "minimum": 1}}}]},
        Shape.COUNTERS: counted_counters, Shape.BID: {"type": "integer", "minimum": 0, "maximum": 2},
    }
    kinds = {"bool": {"type": "boolean"}, "count": whole, "server": name, "word": name}
    conditions = {"type": "object", "additionalProperties": False, "minProperties": 1,
                  "properties": {k: kinds[v] for k, v in CONDITIONS.items()}}
    shapes[Shape.CONDITIONS] = conditions
    one = {k: {"enum": list(spec.choices)} if spec.shape is Shape.WORD else shapes[spec.shape]
           for k, spec in EFFECTS.items()}
    one["strength"] = {"anyOf": [{"type": "integer", "minimum": -100, "maximum": 100}, amount]}
    one["to_score_area"] = {"anyOf": [{"type": "integer", "minimum": -100, "maximum": 100}, amount]}  # -1 (Meridian)
    opt_shapes = {Opt.POSITION: position, Opt.SERVER: name, Opt.CARD: name, Opt.FLAG: {"type": "boolean"},
                  Opt.EFFECTS: {"$ref": "#/$defs/effect"}, Opt.DURATION: {"enum": list(DURATIONS)},
                  Opt.SIDE: {"enum": list(SIDES)},
                  Opt.SOURCE: {"enum": list(PAY_SOURCES)},
                  Opt.SUBTYPE: name, Opt.NUMBER: whole}
    options = {k: opt_shapes[o] for k, o in OPTIONS.items()}
    effect_map = {"type": "object", "minProperties": 1,
                  "properties": {**one, **options}, "additionalProperties": False,
                  "oneOf": [{"required": [k]} for k in EFFECTS]}
    ability_props = {"when": {"enum": list(MOMENTS)}, "effect": {"$ref": "#/$defs/effect"},
                     "cost": {"$ref": "#/$defs/effect"}, "if": conditions, "optional": {"type": "boolean"},
                     "after": name, "first": {"oneOf": [{"type": "boolean"}, {"const": "turn"}]}, "server": name, "ice": name,
                     "text": _words(MAX_TEXT), "anywhere": {"type": "boolean"}}
    ability = {"type": "object", "additionalProperties": False, "required": ["when", "effect"],
               "properties": {k: ability_props[k] for k in ABILITY_KEYS}}
    per_count = {"enum": [f"{k}_counters" for k in COUNTER_KINDS]}
    card_props = {
        "name": _words(), "id": name, "type": {"enum": list(CARD_TYPES)},
        "subtypes": {"type": "array", "items": name, "maxItems": 10}, "runs": {"enum": list(RUNS)},
        "rezzed": {"type": "boolean"}, "trash_cost": {"type": "integer", "minimum": 0},
        "points": {"type": "integer", "minimum": 0}, "text": _str(MAX_TEXT),
        "subroutines": {"type": "array", "items": {"oneOf": [
            _str(MAX_TEXT),
            {"type": "object", "additionalProperties": False, "required": ["text"],
             "properties": {"text": _words(MAX_TEXT), "effect": {"$ref": "#/$defs/effect"},
                            "per": {"oneOf": [per_count, {
                                "type": "object", "additionalProperties": False, "required": ["count"],
                                "properties": {"count": {"enum": [*per_count["enum"], "archives_cards", "protects", "rezzed_ice"]},
                                               "on_rez": whole, "subtype": name, "server": name,
                                               "each": {"type": "integer", "minimum": 1, "maximum": 100}}}]}}}]}},
        "abilities": {"type": "array", "items": ability}, "counters": counters,
        "strength": {"type": "integer", "minimum": 0}, "rez_cost": {"type": "integer", "minimum": 0},
        "credits": {"type": "integer", "minimum": 0}, "credits_for": {"enum": list(CREDITS_FOR)},
        "breaker": breaker_schema(),
        "chosen": name, "installed_this_turn": {"type": "boolean"}, "trashed_own_this_turn": {"type": "boolean"},
        "copies": {"type": "integer", "minimum": 0}, "run_clicks": {"type": "integer", "minimum": 0, "maximum": 4},
        "named": {"type": "integer", "minimum": 0, "maximum": 100},
        "strength_plus": {"type": "object", "additionalProperties": False, "required": ["count"],
                          "properties": {"count": {"enum": list(STRENGTH_COUNTS)},
                                         "times": {"type": "integer"}, "plus": whole}}}
    card = {"type": "object", "additionalProperties": False, "required": ["name"],
            "properties": {k: card_props[k] for k in CARD_KEYS}}
    step_at = {"type": "string", "enum": step_ids}
    action = {"type": "object", "required": ["at", "by"],
              "properties": {
                  "at": {"oneOf": [step_at, {"type": "object", "additionalProperties": False,
                                             "properties": {r: step_at for r in rulesets.RULESETS}}]},
                  "ice": {"oneOf": [name, {"type": "object", "additionalProperties": False,
                                           "properties": {r: name for r in rulesets.RULESETS}}]},
                  "time": {"type": "integer", "minimum": 1},
                  "by": {"enum": list(SIDES)}, "granted_by": name, "after": name, "source": {"type": "string"},
                  "effect": {"$ref": "#/$defs/effect"}, **one, **options},
              "additionalProperties": False}
    str_list = {"type": "array", "items": {"type": "string"}}
    expect_one = {"type": "object", "additionalProperties": False, "properties": {
        "outcome": {"enum": list(OUTCOMES)},
        "end": {"type": "string"},
        **{k: str_list for k in EXPECT_KEYS
           if k not in ("outcome", "end", "bad_publicity_credits", "warnings", "credits", "replaced", "corp_credits") + EXPECT_BOARD},
        **{k: whole for k in ("tags", "grip", "clicks")}, "flatlined": {"type": "boolean"},
        "damage": {"type": "object", "additionalProperties": False, "properties": {k: whole for k in DAMAGE_KINDS}},
        # below 0 when the Runner took a -1 point agenda (Meridian)
        "points": {"type": "object", "additionalProperties": False,
                   "properties": {k: {"type": "integer", "minimum": -20} for k in SIDES}},
        "counters": {"type": "object", "additionalProperties": counters},
        "bad_publicity_credits": {"type": "object", "additionalProperties": False, "properties": {
            k: {"type": "integer", "minimum": 0} for k in ("gained", "lost", "spent")}},
        "warnings": {"type": "integer", "minimum": 0}, "credits": {"type": "integer", "minimum": 0},
        "replaced": {"type": ["string", "null"]}, "corp_credits": {"type": "integer", "minimum": 0},
        "error": {"type": "string"}}}
    named = {"type": "object", "required": ["card"], "additionalProperties": False,
             "properties": {k: card_props.get(k, name) for k in OVERRIDES}}
    cards = {"type": "array", "items": {"oneOf": [name, {"$ref": "#/$defs/card"}, {"$ref": "#/$defs/named"}]}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://netrunner-judge.invalid/scenario.schema.json",
        "title": "Netrunner run-timing judge scenario",
        "type": "object", "additionalProperties": False,
        "oneOf": [{"required": ["run"]}, {"required": ["runs"], "not": {"anyOf": [{"required": ["run"]}, {"required": ["actions"]}]}}],
        "properties": {
            "title": _words(300), "ruleset": {"enum": list(rulesets.RULESETS)},
            "tags": {"type": "array", "items": name},
            "explanation": {"oneOf": [_str(MAX_TEXT), {
                "type": "object", "additionalProperties": False, "required": ["en"],
                "properties": {"en": _str(MAX_TEXT), "ko": _str(MAX_TEXT)}}]},
            "sources": {"type": "array", "items": _str(500)},
            "confidence": {"enum": list(CONFIDENCE)},
            "run": {"type": "object", "additionalProperties": False, "required": ["server"],
                    "properties": {"server": name, "by": name, "turn": {"enum": list(SIDES)}}},
            "corp": {"type": "object", "additionalProperties": False, "properties": {
                "bad_publicity": {"type": "integer", "minimum": 0}, "cards": cards,
                "credits": {"type": "integer", "minimum": 0},
                **{k: {"type": "integer", "minimum": 0} for k in CORP_KEYS}}},
            "runner": {"type": "object", "additionalProperties": False, "properties": {
                "credits": {"type": "integer", "minimum": 0}, "cards": cards,
                **{k: {"type": "integer", "minimum": 0} for k in RUNNER_KEYS},
                "grip": {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "array", "items": name}]},
                "successful_runs": {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "array", "items": name}]}}},
            "servers": {"type": "object", "additionalProperties": {
                "type": ["object", "null"], "additionalProperties": False,
                "properties": {"ice": cards, "root": cards, "cards": cards}}},
            "actions": {"type": "array", "items": action},
            "runs": {"type": "array", "minItems": 1, "maxItems": 10, "items": {
                "type": "object", "additionalProperties": False, "required": ["server"],
                "properties": {"server": name, "by": name, "turn": {"enum": list(SIDES)},
                               "actions": {"type": "array", "items": action}, "expect": {"$ref": "#/$defs/expect"}}}},
            "derived": {"type": "object", "additionalProperties": False, "required": ["from", "choice"],
                        "properties": {"from": _str(64), "ruleset": {"enum": list(rulesets.RULESETS)},
                                       "step": {"type": "integer", "minimum": 0}, "at": name,
                                       "choice": {"enum": list(DECISIONS)}, "card": name,
                                       "subs": {"type": "array", "items": {"type": "integer", "minimum": 1}},
                                       "action": {"type": "integer", "minimum": 0}}},
            "expect": {"$ref": "#/$defs/expect"},
        },
        "$defs": {
            "expect": {"oneOf": [expect_one, {"type": "object", "additionalProperties": False,
                                              "properties": {r: expect_one for r in rulesets.RULESETS},
                                              "minProperties": 1}]},
            "card": card,
            "named": named,
            "effect": {"oneOf": [{"enum": list(BARE)}, effect_map,
                                 {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/effect"}}]},
        },
    }
