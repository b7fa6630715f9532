"""Effects and actions in words, in a language, for traces and pages (labels from the vocabulary)."""

from __future__ import annotations

from ..i18n import Text, t
from .model import Action, Amount, Card, Effect
from .vocabulary import EFFECTS, Shape

__all__ = ["describe_effect", "describe_effects", "describe_action"]


def _w(key: str, lang: str) -> str:
    return t(f"engine.effects.{key}", lang)


def describe_effect(e: Effect, lang: str = "en") -> str:
    """A short rendering: the effect's label, its argument, then its options."""
    label = t(EFFECTS[e.kind].label, lang)
    shape = EFFECTS[e.kind].shape
    if shape is Shape.NONE:
        out = label
    elif shape is Shape.USE:
        out = f"{label} {e.arg[0]}" + (f" #{e.arg[1]}" if e.arg[1] > 1 else "")
    elif shape is Shape.WORD:
        out = f"{label} {t(f'engine.{e.kind}s.{e.arg}', lang)}" if e.kind in ("forbid", "allow") else f"{label} {e.arg}"
    elif isinstance(e.arg, Text):
        out = f"{label} {e.arg.text(lang)}"
    elif isinstance(e.arg, Amount):
        out = f"{label} " + t("engine.amount", lang, plus=e.arg.plus, times=e.arg.times,
                              what=t(f"engine.counts.{e.arg.count}", lang))
    elif isinstance(e.arg, Card):
        out = f"{label} {e.arg.key}"
    elif isinstance(e.arg, (list, tuple)):
        out = f"{label} {', '.join(str(a) for a in e.arg)}"
    elif e.arg == "all":
        out = f"{label} {_w('all', lang)}"
    else:
        out = f"{label} {e.arg}"
    for k, v in e.opts:
        if k in ("otherwise", "then"):
            out += f" ({_w(k, lang)}: " + describe_effects(v, lang) + ")"
        elif k == "position":
            out += f" ({_w('at', lang)} {v if isinstance(v, str) else ' '.join(f'{a} {b}' for a, b in v)})"
        elif k in ("server", "to"):
            out += f" ({_w('on', lang)} {v})"
        elif k == "granted_by":
            out += f" ({_w('granted_by', lang)} {v})"
    return out


def describe_effects(effects, lang: str = "en") -> str:
    """Several effects, in order."""
    return "; ".join(describe_effect(e, lang) for e in effects)


def describe_action(a: Action, lang: str = "en") -> str:
    """What an action does."""
    return describe_effects(a.effects, lang)
