"""A run read for documentation: each step entered as an entry with what happened in it (a run
of skipped steps with the same reason said once), where it went next and why, grouped as a
rules page groups them (a top-level step with the sub-steps that follow it)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine.trace import Trace, guard_label, skip_text, status_text, title_text
from ..i18n import has, t
from .extract import _span
from .positions import positions
from .reader import for_readers, plain_title

__all__ = ["Entry", "Note", "entries", "sections", "summary_lines", "doc_title", "cite", "doc_warnings", "context"]

MARKS = {"trigger": "★", "action": "▶", "end": "■"}


@dataclass(frozen=True)
class Note:
    """One thing that happened within a step: its mark (▶ ★ ■, or "" for a skip), its sentence,
    and the rule that decides it (a footnote), if any."""

    mark: str
    text: str
    cite: str | None = None


@dataclass(frozen=True)
class Entry:
    n: int                  # 1-based position, as the stepper and the chart number it
    occ: str                # as a reader sees it: "2.3@톨부스"
    step: str               # the rule set's step id
    name: str
    phase: str
    lane: tuple             # (phase, ice, visit): the entries of one top-level step of one ice
    notes: tuple[Note, ...]
    cond: str               # the condition of the edge out ("" for none or at the end)


def cite(rs_id: str, step: str, lang: str) -> str:
    """Where a reader looks a step up, in the rule set's own numbering."""
    return t(f"export.cite.{rs_id}", lang, n=step)


def context(tr: Trace) -> str:
    """Text that names the run's cards in full, so a short name in its prose can be found."""
    return " ".join([(tr.explanation or {}).get("en", ""), *map(str, tr.names), *map(str, tr.names.values())])


def doc_title(tr: Trace, lang: str) -> str:
    return plain_title(for_readers(title_text(tr.title, lang), lang, context(tr)))


_SYNTAX_ASIDE = re.compile(r"\s*\([^()]*\b[a-z_]+:[^()]*\)")


def doc_warnings(tr: Trace, lang: str) -> list[str]:
    """What the walk-through leaves out, for its reader: no place in the scenario file, no advice
    on how to write it."""
    out = []
    for e in tr.warnings:
        why = e.args_get("why")
        if e.msg == "w_notice" and why is not None and has(f"export.notices.{why.key.rsplit('.', 1)[1]}"):
            text = t(f"export.notices.{why.key.rsplit('.', 1)[1]}", lang, **dict(why.args))
        else:
            text = _SYNTAX_ASIDE.sub("", e.text(tr.rs, lang))
        out.append(for_readers(text, lang, context(tr)))
    return list(dict.fromkeys(out))


def _skips(rs, events, lang: str) -> list[Note]:
    """Skip events in a row with the same reason as one note ("3, 3.1, 3.2" or "2–3.2")."""
    out: list[Note] = []
    ids = [s.id for s in rs.steps]
    run: list = []

    def flush() -> None:
        if not run:
            return
        e0 = run[0]
        occ = [e.shown(lang) for e in run]
        steps = _span([e.step for e in run], ids) if len(run) > 2 and not any(e.ice for e in run) else ", ".join(occ)
        reason = skip_text(e0.args_get("reason"), e0.ice, lang)
        out.append(Note("", t("export.skipped", lang, steps=steps, reason=reason),
                        cite(rs.id, e0.step, lang)))
        run.clear()

    for e in events:
        if run and (e.args_get("reason"), e.ice) != (run[0].args_get("reason"), run[0].ice):
            flush()
        run.append(e)
    flush()
    return out


def entries(tr: Trace, lang: str) -> list[Entry]:
    """Every step the run entered, in order, with its notes and the condition it left by."""
    rs = tr.rs
    pos = positions(tr, lang)
    warnings = {id(e) for e in tr.warnings}
    out = []
    ctx = context(tr)
    for i, p in enumerate(pos):
        stop = pos[i + 1].event if i + 1 < len(pos) else len(tr.events)
        notes: list[Note] = []
        skips: list = []
        cond = ""
        for e in tr.events[p.event + 1:stop]:
            if id(e) in warnings or e.kind in ("priority", "enter"):
                continue
            if e.kind == "skip":
                skips.append(e)
                continue
            if skips:
                notes += _skips(rs, skips, lang)
                skips = []
            if e.kind == "transition":
                guard = e.args_get("guard") or ""
                cond = guard_label(guard, lang) if guard and has(f"engine.guards.{guard.split('&')[0]}") else ""
            elif e.kind in MARKS:
                why = cite(rs.id, e.step, lang) if e.kind == "trigger" else None
                notes.append(Note(MARKS[e.kind], for_readers(e.text(rs, lang), lang, ctx).replace("->", "→"), why))
        notes += _skips(rs, skips, lang)
        enter = tr.events[p.event]
        out.append(Entry(p.n, enter.shown(lang), p.step.id, p.name(lang), p.step.phase,
                         (p.step.phase, p.ice, p.visit), tuple(notes), cond))
    return out


def sections(items: list[Entry]) -> list[list[Entry]]:
    """The entries as a rules page's sections: one per top-level step reached (of one ice), its
    first entry the heading and the rest its sub-steps."""
    out: list[list[Entry]] = []
    for e in items:
        if out and out[-1][0].lane == e.lane and e.step != e.phase:
            out[-1].append(e)
        else:
            out.append([e])
    return out


def summary_lines(tr: Trace, lang: str) -> list[tuple[str, str]]:
    """(label, text) pairs for the head of an export: the outcome, the path, the rules, the cards."""
    status = status_text(tr.status, lang)
    outcome = (t("export.outcome_neither", lang, end=tr.end) if tr.status == "neither"
               else t("export.outcome_is", lang, status=status, end=tr.end))
    rows = [(t("export.outcome", lang), outcome),
            (t("export.path", lang), " > ".join(tr.shown_path(lang))),
            (t("export.under", lang), tr.rs.version_text(lang))]
    for key in ("accessed", "stolen", "trashed"):
        if tr.lists[key]:
            rows.append((t(f"export.{key}", lang), ", ".join(tr.shown_list(key, lang))))
    return rows
