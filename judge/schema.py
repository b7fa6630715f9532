"""The JSON Schema of the scenario format (printed by `judge schema`)."""

from __future__ import annotations

from . import rulesets
from .scenario import BARE_EFFECTS, CARD_TYPES, EFFECT_KINDS, EXPECT_KEYS, MAX_NAME, MAX_TEXT, WHENS

__all__ = ["schema"]


def _str(limit: int = MAX_NAME, **kw) -> dict:
    return {"type": "string", "minLength": 1, "maxLength": limit, **kw}


def schema() -> dict:
    """A JSON Schema (draft 2020-12) that every valid scenario satisfies."""
    step_ids = sorted({s.id for r in rulesets.RULESETS.values() for s in r.steps})
    name = _str()
    position = {"oneOf": [
        {"enum": ["outermost", "innermost"]},
        {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
         "properties": {"inward_of": name, "outward_of": name}}]}
    one = {
        "end_run": {"const": True}, "jack_out": {"const": True}, "bypass": {"const": True},
        "approach_again": {"const": True}, "no_success": {"const": True},
        "rez": name, "derez": name, "uninstall": name, "trash": name, "decline_steal": name,
        "move_ice": name, "change_server": name, "move_runner": name,
        "break": {"oneOf": [{"const": "all"}, {"type": "array", "items": {"type": "integer", "minimum": 1}}]},
        "install_ice": {"$ref": "#/$defs/card"},
        "encounter": {"oneOf": [name, {"$ref": "#/$defs/card"}]},
        "swap_ice": {"type": "array", "items": name, "minItems": 2, "maxItems": 2},
        "pay": {"type": "integer", "minimum": 0}, "gain": {"type": "integer", "minimum": 0},
        "bad_publicity": {"type": "integer", "minimum": 0}, "access_more": {"type": "integer", "minimum": 0},
        "access_only": {"type": "array", "items": name},
        "instead_of_access": _str(MAX_TEXT), "note": _str(MAX_TEXT),
    }
    options = {"position": position, "server": name, "to": name, "granted_by": name,
               "mandatory": {"type": "boolean"},
               "otherwise": {"$ref": "#/$defs/effect"}}
    effect_map = {"type": "object", "minProperties": 1,
                  "properties": {**one, **options}, "additionalProperties": False,
                  "oneOf": [{"required": [k]} for k in EFFECT_KINDS]}
    ability = {"type": "object", "additionalProperties": False, "required": ["when", "effect"],
               "properties": {"when": {"enum": list(WHENS)}, "effect": {"$ref": "#/$defs/effect"},
                              "first": {"type": "boolean"}, "server": name, "ice": name,
                              "text": _str(MAX_TEXT)}}
    card = {"type": "object", "additionalProperties": False, "required": ["name"],
            "properties": {
                "name": name, "id": name, "type": {"enum": list(CARD_TYPES)},
                "rezzed": {"type": "boolean"}, "trash_cost": {"type": "integer", "minimum": 0},
                "points": {"type": "integer", "minimum": 0}, "text": _str(MAX_TEXT),
                "subroutines": {"type": "array", "items": {"oneOf": [
                    _str(MAX_TEXT),
                    {"type": "object", "additionalProperties": False, "required": ["text"],
                     "properties": {"text": _str(MAX_TEXT), "effect": {"$ref": "#/$defs/effect"}}}]}},
                "abilities": {"type": "array", "items": ability}}}
    step_at = {"type": "string", "enum": step_ids}
    action = {"type": "object", "required": ["at", "by"],
              "properties": {
                  "at": {"oneOf": [step_at, {"type": "object", "additionalProperties": False,
                                             "properties": {r: step_at for r in rulesets.RULESETS}}]},
                  "ice": {"oneOf": [name, {"type": "object", "additionalProperties": False,
                                           "properties": {r: name for r in rulesets.RULESETS}}]},
                  "time": {"type": "integer", "minimum": 1},
                  "by": {"enum": ["runner", "corp"]}, "granted_by": name,
                  "effect": {"$ref": "#/$defs/effect"}, **one, **options},
              "additionalProperties": False}
    str_list = {"type": "array", "items": {"type": "string"}}
    expect_one = {"type": "object", "additionalProperties": False, "properties": {
        "outcome": {"enum": ["successful", "unsuccessful", "neither"]},
        "end": {"type": "string"},
        **{k: str_list for k in EXPECT_KEYS if k not in ("outcome", "end", "bad_publicity_credits", "warnings")},
        "bad_publicity_credits": {"type": "object", "additionalProperties": False, "properties": {
            k: {"type": "integer", "minimum": 0} for k in ("gained", "lost", "spent")}},
        "warnings": {"type": "integer", "minimum": 0}, "error": {"type": "string"}}}
    cards = {"type": "array", "items": {"oneOf": [name, {"$ref": "#/$defs/card"}]}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://netrunner-judge.invalid/scenario.schema.json",
        "title": "Netrunner run-timing judge scenario",
        "type": "object", "additionalProperties": False, "required": ["run"],
        "properties": {
            "title": _str(300), "ruleset": {"enum": list(rulesets.RULESETS)},
            "tags": {"type": "array", "items": name},
            "explanation": {"oneOf": [_str(MAX_TEXT), {
                "type": "object", "additionalProperties": False, "required": ["en"],
                "properties": {"en": _str(MAX_TEXT), "ko": _str(MAX_TEXT)}}]},
            "sources": {"type": "array", "items": _str(500)},
            "run": {"type": "object", "additionalProperties": False, "required": ["server"],
                    "properties": {"server": name, "by": name}},
            "corp": {"type": "object", "additionalProperties": False, "properties": {
                "bad_publicity": {"type": "integer", "minimum": 0}, "cards": cards}},
            "runner": {"type": "object", "additionalProperties": False, "properties": {
                "credits": {"type": "integer", "minimum": 0}, "cards": cards}},
            "servers": {"type": "object", "additionalProperties": {
                "type": ["object", "null"], "additionalProperties": False,
                "properties": {"ice": cards, "root": cards, "cards": cards}}},
            "actions": {"type": "array", "items": action},
            "expect": {"oneOf": [expect_one, {"type": "object", "additionalProperties": False,
                                              "properties": {r: expect_one for r in rulesets.RULESETS},
                                              "minProperties": 1}]},
        },
        "$defs": {
            "card": card,
            "effect": {"oneOf": [{"enum": list(BARE_EFFECTS)}, effect_map,
                                 {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/effect"}}]},
        },
    }
