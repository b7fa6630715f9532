"""The choices the form's selects offer, from the scenario format's own vocabulary."""

from __future__ import annotations

from .. import i18n as core
from .. import rulesets
from ..scenario import CARD_TYPES, EFFECT_KINDS, WHENS
from .form_effects import YAML_EFFECT
from .i18n import t

__all__ = ["vocab"]

def _word(table: dict, key: str, lang: str) -> str:
    pair = table.get(key)
    return f"{key} — {core.pick(pair, lang)}" if pair else key


def vocab(ruleset_id: str | None, lang: str) -> dict[str, list[tuple[str, str]]]:
    """(value, label) pairs for every select of the form, in a language."""
    rs = rulesets.RULESETS.get(ruleset_id or "", rulesets.get(rulesets.DEFAULT))
    return {
        "ruleset": [(r.id, f"{r.id} — {core.pick((r.title_en, r.title_ko), lang)}")
                    for r in rulesets.RULESETS.values()],
        "when": [("", t("choose"))] + [(w, _word(core.WHEN, w, lang)) for w in WHENS],
        "effect": [("", t("choose"))] + [(k, _word(core.EFFECT_WORDS, k, lang)) for k in EFFECT_KINDS]
        + [(YAML_EFFECT, t("effect_yaml"))],
        "place": [(p, t(f"place_{p}")) for p in ("runner", "corp", "root", "ice")],
        "rezzed": [("yes", t("rezzed")), ("no", t("unrezzed"))],
        "yesno": [("no", t("no")), ("yes", t("yes"))],
        "by": [(s, core.pick(core.SIDES[s], lang)) for s in ("runner", "corp")],
        "at": [("", t("choose"))] + [(s.id, f"{s.id} {core.pick((s.name_en, s.name_ko), lang)}")
                                     for s in rs.steps],
        "type": [("", "—")] + [(c, f"{c} — {t('type_' + c)}") for c in CARD_TYPES],
        "server": [("HQ", "HQ"), ("R&D", "R&D"), ("Archives", "Archives")],
    }
