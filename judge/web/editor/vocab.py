"""The choices the form's selects offer, from the scenario format's own vocabulary."""

from __future__ import annotations

from functools import lru_cache

from ... import i18n as core
from ... import rulesets
from ...engine.trace import side_text
from ...scenario import CARD_TYPES, EFFECTS, WHENS
from ..i18n import lang as page_lang
from ..i18n import t
from .effects import YAML_EFFECT

__all__ = ["vocab"]


def _word(key: str, label_key: str, lang: str) -> str:
    """An option's words: what it means, as a reader says it ("pay", "when encountered"), never the
    format's key beside it ("pay — pay"); the YAML pane beside the form shows the format's words."""
    return core.t(label_key, lang)


def vocab(ruleset_id: str | None, lang: str) -> dict[str, list[tuple[str, str]]]:
    """(value, label) pairs for every select of the form, in a language (the same lists every
    time: a long run's stepper asks for them once per step; read them, never change them)."""
    return _vocab(ruleset_id, lang, page_lang())


@lru_cache(maxsize=32)
def _vocab(ruleset_id: str | None, lang: str, _page_lang: str) -> dict[str, list[tuple[str, str]]]:
    rs = rulesets.RULESETS.get(ruleset_id or "", rulesets.get(rulesets.DEFAULT))
    return {
        "ruleset": [(r.id, f"{r.id} — {r.title(lang)}") for r in rulesets.RULESETS.values()],
        "when": [("", t("choose"))] + [(w, _word(w, f"engine.when.{w}", lang)) for w in WHENS],
        "effect": [("", t("choose"))] + [(k, _word(k, spec.label, lang)) for k, spec in EFFECTS.items()]
        + [(YAML_EFFECT, t("effect_yaml"))],
        "place": [(p, t(f"place_{p}")) for p in ("runner", "corp", "root", "ice")],
        "rezzed": [("yes", t("rezzed")), ("no", t("unrezzed"))],
        "otherwise": [("", "—"), ("nothing", t("ow_nothing")), ("end_run", t("ow_end_run"))],
        "yesno": [("no", t("no")), ("yes", t("yes"))],
        "by": [(s, side_text(s, lang)) for s in ("runner", "corp")],
        "at": [("", t("choose"))] + [(s.id, f"{s.id} {s.name(lang)}") for s in rs.steps],
        "type": [("", "—")] + [(c, t('type_' + c) if lang == "ko" else f"{c} — {t('type_' + c)}") for c in CARD_TYPES],
        "server": [("HQ", "HQ"), ("R&D", "R&D"), ("Archives", "Archives")],
    }
