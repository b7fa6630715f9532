"""The trace as text for a terminal, in English or Korean."""

from __future__ import annotations

from ..engine.trace import Trace, skip_text, status_text, title_text
from ..i18n import t
from .answer import answer

__all__ = ["render_text"]

_MARK = {"skip": "~", "trigger": "!", "action": "*", "priority": ".", "warning": "?", "end": "="}


def _l(key: str, lang: str) -> str:
    return t(f"cli.trace.{key}", lang)


def _pad(s: str, n: int) -> str:
    """s padded to n terminal columns (a Hangul syllable takes two)."""
    return s + " " * max(0, n - sum(2 if "\uac00" <= ch <= "\ud7a3" else 1 for ch in s))


def render_text(tr: Trace, lang: str = "en", verbose: bool = False) -> str:
    """A summary, then the walk-through: each step entered, with what happened in it."""
    rs = tr.rs
    out = [f"{title_text(tr.title, lang)}  [{rs.id}]",
           answer(tr, lang).text,  # the answer first, in one sentence
           f"{_l('outcome', lang)}: {status_text(tr.status, lang)} ({_l('ended', lang)} {tr.end})",
           f"{_l('path', lang)}: " + " > ".join(tr.shown_path(lang))]
    if tr.confidence:
        out.insert(2, f"{_l('confidence', lang)}: {t(f'cli.confidence.{tr.confidence}', lang)}")
    if tr.skipped:
        out.append(f"{_l('skipped', lang)}:")
        out += [f"  {e.shown(lang)}: {skip_text(e.args_get('reason'), e.ice, lang)}" for e in tr.skipped]
    for key in ("accessed", "stolen", "trashed"):
        if tr.lists[key]:
            out.append(f"{_l(key, lang)}: {', '.join(tr.shown_list(key, lang))}")
    if tr.bp["gained"]:
        out.append(f"{_l('bp', lang)}: {_l('gained', lang)} {tr.bp['gained']}, "
                   f"{_l('spent', lang)} {tr.bp['spent']}, {_l('lost', lang)} {tr.bp['lost']}")
    if tr.explanation:
        out += ["", tr.explanation.get(lang) or tr.explanation.get("en", "")]
    out += ["", f"{_l('walk', lang)}:"]
    n = 0
    for e in tr.events:
        if e.kind == "warning" or e.kind == "transition" or (e.kind == "priority" and not verbose):
            continue
        if e.kind == "enter":
            n += 1
            out.append(f"{n:>3}. {_pad(e.shown(lang), 14)} {rs.step(e.step).name(lang)}")
            continue
        out.append(f"       {_MARK.get(e.kind, '*')} {e.text(rs, lang)}")
    if tr.warnings:
        out += ["", f"{_l('warnings', lang)}:"] + [f"  - {e.text(rs, lang)}" for e in tr.warnings]
    return "\n".join(out)
