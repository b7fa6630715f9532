"""The form's effect fields, both ways: an (effect, value) pair of selects and text, and the effect."""

from __future__ import annotations

from ...errors import JudgeError
from ...scenario import BARE, EFFECTS, Shape, names
from ...scenario.yamlsource import load
from ..i18n import lang, t
from ..situations.yamltree import Raw, flow, tree

__all__ = ["effect_of", "effect_fields", "INT_EFFECTS", "LIST_EFFECTS", "YAML_EFFECT", "OTHERWISE"]

INT_EFFECTS = names(Shape.AMOUNT, Shape.BID)  # a psi bid is a number too
LIST_EFFECTS = names(Shape.PAIR, Shape.CARDS)
YAML_EFFECT = "yaml"  # the effect select's last option: the value is a whole effect in YAML


def _yaml_value(text: str) -> object:
    try:
        return tree(load(text))  # the loader's limits stop alias bombs in a one-line field
    except JudgeError as exc:
        raise ValueError(t("fe_yaml", msg=exc.text(lang()))) from None


OTHERWISE = {"nothing": None, "end_run": "end_run"}  # the form's "if the Runner cannot pay" choices


def effect_of(kind: str, value: str, otherwise: str = "") -> object:
    """The effect a (kind, value) pair of the form means; ValueError says what is wrong (`pay`
    needs to know what happens when the Runner cannot pay: the form asks, it never guesses)."""
    value = value.strip()
    if kind == YAML_EFFECT:
        if not value:
            raise ValueError(t("fe_yaml_needed"))
        return _yaml_value(value)
    if kind not in EFFECTS:
        raise ValueError(t("fe_choose_effect"))
    if value[:1] in ("{", "["):
        parsed = _yaml_value(value)
        return parsed if isinstance(parsed, dict) and kind in parsed else {kind: parsed}
    if kind in BARE:
        if value:
            raise ValueError(t("fe_no_value", kind=kind))
        return kind
    if not value:
        raise ValueError(t("fe_needs_value", kind=kind))
    if kind in INT_EFFECTS:
        if not (value.isascii() and value.isdigit() and len(value) <= 3):
            raise ValueError(t("fe_int", kind=kind, value=value[:30]))
        if kind == "pay":
            if otherwise not in OTHERWISE:
                raise ValueError(t("fe_pay_otherwise", n=int(value)))
            return {kind: int(value)} | ({"otherwise": OTHERWISE[otherwise]} if OTHERWISE[otherwise] else {})
        return {kind: int(value)}
    if kind == "break":
        if value in ("all", "last"):
            return {kind: value}
        nums = [x.strip() for x in value.split(",")]
        if not all(x.isdigit() for x in nums):
            raise ValueError(t("fe_break"))
        return {kind: [int(x) for x in nums]}
    if kind in LIST_EFFECTS:
        return {kind: [x.strip() for x in value.split(",") if x.strip()]}
    if kind == "install_ice":
        return {kind: {"name": value, "type": "ice"}, "position": "innermost"}
    return {kind: value}


def _s(v) -> str:
    return v.text if isinstance(v, Raw) else "" if v is None else str(v)


def _pay_fields(eff: dict) -> tuple[str, str, str] | None:
    """A pay the form can show: a number, and nothing or the run ending when it is not paid."""
    n, other = eff.get("pay"), eff.get("otherwise")
    if set(eff) - {"pay", "otherwise"} or not isinstance(n, (int, Raw)) or isinstance(n, bool):
        return None
    choice = "nothing" if other is None else "end_run" if _s(other) == "end_run" else None
    return ("pay", _s(n), choice) if choice else None


def effect_fields(eff) -> tuple[str, str, str]:
    """The (effect select, value field, if-not-paid select) showing an effect."""
    if isinstance(eff, str) and eff in BARE:
        return eff, "", ""
    if isinstance(eff, dict) and "pay" in eff:
        shown = _pay_fields(eff)
        if shown:
            return shown
    elif isinstance(eff, dict) and len(eff) == 1:
        kind, val = next(iter(eff.items()))
        if kind in BARE and val is True:
            return kind, "", ""
        if kind in INT_EFFECTS and isinstance(val, (int, Raw)) and not isinstance(val, bool):
            return kind, _s(val), ""
        if kind == "break" and (val in ("all", "last") or isinstance(val, list) and all(isinstance(x, int) for x in val)):
            return kind, val if val in ("all", "last") else ", ".join(str(x) for x in val), ""
        if kind in LIST_EFFECTS and isinstance(val, list) and all(isinstance(x, (str, Raw)) for x in val):
            return kind, ", ".join(_s(x) for x in val), ""
        if kind in EFFECTS and isinstance(val, (str, Raw)) and kind not in INT_EFFECTS:
            return kind, _s(val), ""
    return YAML_EFFECT, flow(eff), ""
