"""The trace as text for a terminal, in English or Korean."""

from __future__ import annotations

from . import i18n
from .trace import Trace

__all__ = ["render_text"]

_MARK = {"skip": "~", "trigger": "!", "action": "*", "priority": ".", "warning": "?", "end": "="}
_LABELS = {
    "outcome": ("Outcome", "결과"), "ended": ("ends at", "종료 단계"), "path": ("Path", "경로"),
    "skipped": ("Skipped", "건너뛴 단계"), "warnings": ("Warnings", "경고"),
    "walk": ("Step by step", "단계별 진행"), "accessed": ("Accessed", "액세스"),
    "stolen": ("Stolen", "훔침"), "trashed": ("Trashed", "폐기"), "bp": ("Bad publicity credits", "악평 크레딧"),
    "gained": ("gained", "받음"), "spent": ("spent", "사용"), "lost": ("lost", "잃음"), "none": ("none", "없음"),
}


def _l(key: str, lang: str) -> str:
    return i18n.pick(_LABELS[key], lang)


def render_text(t: Trace, lang: str = "en", verbose: bool = False) -> str:
    """A summary, then the walk-through: each step entered, with what happened in it."""
    rs = t.rs
    out = [f"{t.title}  [{rs.id}]"]
    out.append(f"{_l('outcome', lang)}: {i18n.pick(i18n.STATUS[t.status], lang)} "
               f"({_l('ended', lang)} {t.end})")
    out.append(f"{_l('path', lang)}: " + " > ".join(t.path))
    if t.skipped:
        out.append(f"{_l('skipped', lang)}:")
        for e in t.skipped:
            out.append(f"  {e.occurrence}: {e.as_dict(0, rs, lang)['reason']}")
    for key in ("accessed", "stolen", "trashed"):
        if t.lists[key]:
            out.append(f"{_l(key, lang)}: {', '.join(t.lists[key])}")
    if t.bp["gained"]:
        out.append(f"{_l('bp', lang)}: {_l('gained', lang)} {t.bp['gained']}, "
                   f"{_l('spent', lang)} {t.bp['spent']}, {_l('lost', lang)} {t.bp['lost']}")
    if t.explanation:
        out.append("")
        out.append(t.explanation.get(lang) or t.explanation.get("en", ""))
    out.append("")
    out.append(f"{_l('walk', lang)}:")
    n = 0
    for e in t.events:
        if e.kind == "warning":
            continue
        if e.kind == "enter":
            n += 1
            st = rs.step(e.step)
            out.append(f"{n:>3}. {e.occurrence:<14} {i18n.pick((st.name_en, st.name_ko), lang)}")
            continue
        if e.kind == "transition" or (e.kind == "priority" and not verbose):
            continue
        out.append(f"       {_MARK.get(e.kind, '*')} {e.text(rs, lang)}")
    if t.warnings:
        out.append("")
        out.append(f"{_l('warnings', lang)}:")
        for e in t.warnings:
            out.append(f"  - {e.text(rs, lang)}")
    return "\n".join(out)
