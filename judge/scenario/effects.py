"""Effects as written in a file (a bare word, a one-key mapping, or a list) into Effect values,
each checked against its entry of the vocabulary."""

from __future__ import annotations

from typing import Any

from ..i18n import Text, msg
from . import cards
from .board import parse_counters
from .conditions import COUNTS, parse_conditions
from .encounter import DURATIONS
from .model import SIDES, Amount, Effect
from .validate import MAX_TEXT, Validator, value_kind
from .vocabulary import BARE, EFFECTS, OPTIONS, PAY_SOURCES, Opt, Shape
from .yamlsource import YPath

__all__ = ["parse_effects", "effect_list"]


def effect_list() -> str:
    """Every effect word, for messages that list them."""
    return ", ".join(EFFECTS)


def parse_effects(V: Validator, v: Any, path: YPath, side: str) -> tuple[Effect, ...]:
    """An effect, a list of effects, or a bare word."""
    if isinstance(v, list):
        if not v:
            raise V.err(path, "effects_empty")
        out: list[Effect] = []
        for i, item in enumerate(V.seq(v, path, 50)):
            out.extend(parse_effects(V, item, path + (i,), side))
        return tuple(out)
    if isinstance(v, str):
        if v in BARE:
            return (Effect(v, True, (), V.line(path)),)
        hint = msg("errors.takes_value", v=v) if v in EFFECTS else ""
        raise V.err(path, "not_an_effect", v=repr(v[:60]), hint=hint, effects=effect_list())
    if isinstance(v, dict):
        kinds = [k for k in v if k in EFFECTS]
        if len(kinds) != 1:
            if not kinds:
                bad = next(iter(v), "")
                raise V.err(path + ((bad,) if bad else ()), "not_an_effect", v=repr(str(bad)[:60]),
                            hint="", effects=effect_list())
            raise V.err(path, "one_effect_per_mapping", kinds=", ".join(kinds))
        kind = kinds[0]
        V.mapping(v, path, (kind,) + EFFECTS[kind].options)
        return (_effect(V, kind, v, path, side),)
    raise V.err(path, "expected_effect", got=value_kind(v))


def _position(V: Validator, v: Any, path: YPath) -> str | tuple[tuple[str, str]]:
    if isinstance(v, str) and v in ("outermost", "innermost"):
        return v
    if isinstance(v, dict) and len(v) == 1 and next(iter(v)) in ("inward_of", "outward_of"):
        k = next(iter(v))
        return ((k, V.string(v[k], path + (k,), kind="a_card")),)
    raise V.err(path, "position_shape")


def _arg(V: Validator, kind: str, shape: Shape, val: Any, p: YPath) -> object:
    """The effect's argument, checked against the shape its vocabulary entry gives."""
    if shape is Shape.NONE:
        if val is not True:
            raise V.err(p, "takes_true", kind=kind, got=value_kind(val))
        return True
    if shape is Shape.CARD:
        return V.string(val, p, kind="a_card_name")
    if shape is Shape.SUBS:
        if val in ("all", "last"):
            return val
        nums = V.seq(val, p, 50) if isinstance(val, list) else None
        if nums is None:
            raise V.err(p, "break_shape")
        return tuple(V.integer(n, p + (i,), 1, 50) for i, n in enumerate(nums))
    if shape in (Shape.ICE_CARD, Shape.ICE):
        if isinstance(val, dict):
            card = cards.parse_card(V, val, p, "corp", default_type="ice")
            if not card.is_ice:
                raise V.err(p + ("type",), "needs_ice", kind=kind, t=card.type)
            return card
        if shape is Shape.ICE:
            return V.string(val, p, kind="a_card_name")
        raise V.err(p, "install_shape")
    if shape is Shape.PAIR:
        pair = V.seq(val, p)
        if len(pair) != 2:
            raise V.err(p, "swap_shape")
        arg = tuple(V.string(x, p + (i,), kind="a_card_name") for i, x in enumerate(pair))
        if arg[0] == arg[1]:
            raise V.err(p, "swap_same")
        return arg
    if shape is Shape.SERVER:
        return V.string(val, p, kind="a_server_name")
    if shape is Shape.AMOUNT:
        if kind in ("strength", "rez_cost", "to_score_area") and isinstance(val, int) and not isinstance(val, bool):
            return V.integer(val, p, -100, 100)  # a strength change may lower it; an agenda may be worth -1
        if isinstance(val, dict):
            V.mapping(val, p, ("count", "times", "plus", "per"), ("count",))
            return Amount(V.choice(val["count"], p + ("count",), COUNTS, "count"),
                          V.integer(val.get("times", 1), p + ("times",), -100, 100),  # -1: lowered per thing counted
                          V.integer(val.get("plus", 0), p + ("plus",), -100, 100),  # a count less some
                          V.integer(val.get("per", 1), p + ("per",), 1, 100))  # 1 for every N counted
        return V.integer(val, p, 0, 100)
    if shape is Shape.WORD:
        return V.choice(val, p, EFFECTS[kind].choices, "value")
    if shape is Shape.USE:
        if isinstance(val, dict):
            V.mapping(val, p, ("card", "ability"), ("card",))
            return (V.string(val["card"], p + ("card",), kind="a_card_name"),
                    V.integer(val.get("ability", 1), p + ("ability",), 1, 30))
        return (V.string(val, p, kind="a_card_name"), 1)
    if shape is Shape.COUNTERS:  # a kind's number may be counted (place_counters: {power: {count: unbroken}})
        counted = {k: n for k, n in val.items() if isinstance(n, dict)} if isinstance(val, dict) else {}
        got = parse_counters(V, {k: 1 if k in counted else n for k, n in val.items()} if counted else val, p)
        if counted:
            return tuple((k, _arg(V, kind, Shape.AMOUNT, counted[k], p + (k,)) if k in counted else n) for k, n in got)
        if not got:
            raise V.err(p, "counters_empty")
        return got
    if shape is Shape.BID:
        return V.integer(val, p, 0, 2)
    if shape is Shape.CONDITIONS:
        return parse_conditions(V, val, p)
    if shape is Shape.CARDS:
        return tuple(V.string(x, p + (i,), kind="a_card_name") for i, x in enumerate(V.seq(val, p)))
    if isinstance(val, dict):  # the text in each language
        V.mapping(val, p, ("en", "ko"), ("en",))
        return Text(V.string(val["en"], p + ("en",), limit=MAX_TEXT),
                    V.string(val["ko"], p + ("ko",), limit=MAX_TEXT) if "ko" in val else None)
    return V.string(val, p, limit=MAX_TEXT)  # Shape.TEXT


def _option(V: Validator, opt: str, val: Any, p: YPath, side: str) -> object:
    shape = OPTIONS[opt]
    if shape is Opt.POSITION:
        return _position(V, val, p)
    if shape is Opt.SERVER:
        return V.string(val, p, kind="a_server_name")
    if shape is Opt.EFFECTS:
        return parse_effects(V, val, p, side)
    if shape is Opt.CARD:
        return V.string(val, p, kind="a_card_name")
    if shape is Opt.DURATION:
        return V.choice(val, p, DURATIONS, "value")
    if shape is Opt.SIDE:
        return V.choice(val, p, SIDES, "player")
    if shape is Opt.SOURCE:
        return V.choice(val, p, PAY_SOURCES, "value")
    if shape is Opt.SUBTYPE:
        return V.string(val, p, kind="text").lower().replace("_", " ")
    if shape is Opt.NUMBER:
        return V.integer(val, p, 0, 100)
    return V.boolean(val, p)  # Opt.FLAG


def _effect(V: Validator, kind: str, v: dict[str, Any], path: YPath, side: str) -> Effect:
    spec = EFFECTS[kind]
    arg = _arg(V, kind, spec.shape, v[kind], path + (kind,))
    opts = tuple((o, _option(V, o, v[o], path + (o,), side)) for o in spec.options if o in v)
    if kind == "move_runner" and dict(opts).get("position", "outermost") not in ("outermost", "innermost"):
        raise V.err(path + ("position",), "move_runner_position")  # the Runner moves to an end of the server
    return Effect(kind, arg, opts, V.line(path))
