"""Effects and actions in words, in a language, for traces and pages (labels from the vocabulary)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from ..i18n import Text, has, in_lang, t
from .model import THAT_ICE, THIS, Action, Amount, Card, Effect
from .vocabulary import EFFECTS, PICKS, Shape

__all__ = ["describe_effect", "describe_effects", "describe_action"]


def _w(key: str, lang: str) -> str:
    return t(f"engine.effects.{key}", lang)


def _amount(n: object, lang: str) -> object:
    """A number, or a counted amount in words (place_counters: {power: {count: unbroken}})."""
    if isinstance(n, Amount):
        return _counted(n, lang)
    return n


def _counted(n: Amount, lang: str) -> str:
    """A counted amount in words; `per: 2` counts 1 for every 2 (Severnius)."""
    what = t(f"engine.counts.{n.count}", lang)
    if n.per > 1:
        what = t("engine.amount_per", lang, what=what, per=n.per)
    return t("engine.amount", lang, plus=n.plus, times=n.times, what=what)


def _arg(e: Effect, lang: str) -> object:
    """The effect's argument as a reader sees it (a card under its Korean title for a Korean reader)."""
    shape = EFFECTS[e.kind].shape
    if shape is Shape.USE:
        card, n = e.used
        return f"{in_lang(card, lang)}" + (f" #{n}" if n > 1 else "")
    if shape is Shape.COUNTERS and isinstance(e.arg, tuple):  # ((kind, n), ...): "1 power"
        return ", ".join(f"{_amount(n, lang)} {t(f'engine.counter_kinds.{k}', lang)}" for k, n in e.arg)
    if shape is Shape.CONDITIONS and isinstance(e.arg, tuple):  # ((key, value), ...): "the Runner has at least 2 tag(s)"
        return ", ".join(t("engine.conditions.not", lang, what=t(f"engine.conditions.{k}", lang, v=""))
                         if v is False else t(f"engine.conditions.{k}", lang, v="" if v is True else v)
                         for k, v in e.arg)
    if shape is Shape.WORD:
        if e.kind in PICKS:
            return t(f"engine.pick_kinds.{e.arg}", lang)
        return t(f"engine.{e.kind}s.{e.arg}", lang) if e.kind in ("forbid", "allow") else e.arg
    if isinstance(e.arg, Text):
        return e.arg.text(lang)
    if isinstance(e.arg, Amount):
        return _counted(e.arg, lang)
    if isinstance(e.arg, Card):
        return in_lang(e.arg.key, lang)
    if isinstance(e.arg, (list, tuple)):
        return ", ".join(str(in_lang(a, lang)) for a in e.arg)
    if e.arg == THAT_ICE:
        return _w("that_ice", lang)
    if e.arg == "chosen" and e.kind in ("derez", "uninstall", "blank", "access_card"):
        return _w("chosen", lang)
    if e.arg == THIS and e.kind == "move_runner":  # the card's own server (Letheia Nisei)
        return _w("this_server", lang)
    if e.arg == "all":
        return _w("all", lang)
    return in_lang(e.arg, lang)


def describe_effect(e: Effect, lang: str = "en") -> str:
    """A short rendering: the effect with its argument (in the language's word order: "pay 3",
    "3 크레딧 지불"), then its options."""
    label = t(EFFECTS[e.kind].label, lang)
    if EFFECTS[e.kind].shape is Shape.NONE:
        out = label
    elif e.arg == "last" and has(f"engine.phrases.{e.kind}_last", lang):  # break the last subroutine
        out = t(f"engine.phrases.{e.kind}_last", lang)
    elif has(f"engine.phrases.{e.kind}", lang):
        out = t(f"engine.phrases.{e.kind}", lang, arg=_arg(e, lang))
    else:
        out = f"{label} {_arg(e, lang)}"
    for k, v in e.opts:
        if k in ("otherwise", "then", "differ", "match"):
            own = f"{e.kind}_{k}"  # a trace's `then` is the Corp's win, not a payment
            word = _w(own if has(f"engine.effects.{own}", lang) else k, lang)
            out += f" ({word}: " + describe_effects(cast("tuple[Effect, ...]", v), lang) + ")"
        elif k == "position":
            out += f" ({_w('at', lang)} {_position(v, lang)})"
        elif k in ("server", "to"):
            out += f" ({_w('on', lang)} {v})"
        elif k == "on":
            out += f" ({_w('on', lang)} {in_lang(v, lang)})"
        elif k == "granted_by":
            out += f" ({_w('granted_by', lang)} {in_lang(v, lang)})"
        elif k in ("with", "of"):
            named = _w("that_ice", lang) if v == THAT_ICE else _w(str(v), lang) \
                if v in ("this", "encountered_ice", "other_ice_of_chosen_server", "icebreakers") else in_lang(v, lang)
            out += f" ({_w(k, lang)} {named})"
        elif k == "picker":
            out += f" ({t(f'engine.picks.by_{v}', lang)})"
        elif k == "until":
            out += f" ({t(f'engine.until.{v}', lang)})"
        elif k == "from":
            out += f" ({t(f'engine.pay_sources.{v}', lang)})"
    return out


def _position(v: Any, lang: str) -> str:
    """Where ice is installed or moved, in words: outermost, innermost, inward of X, outward of X."""
    if isinstance(v, str):
        return _w(f"pos_{v}", lang)
    return ", ".join(t(f"engine.effects.pos_{side}", lang, card=in_lang(card, lang)) for side, card in v)


def describe_effects(effects: Iterable[Effect], lang: str = "en") -> str:
    """Several effects, in order."""
    return "; ".join(describe_effect(e, lang) for e in effects)


def describe_action(a: Action, lang: str = "en") -> str:
    """What an action does."""
    return describe_effects(a.effects, lang)
