"""An exploration as JSON and as words: the outcomes, the lines, the shortest line to each
outcome, and what bounded the search."""

from __future__ import annotations

from ...i18n import t
from .choices import BOOST_CAP
from .lines import OUTCOMES, Line, Lines
from .search import Exploration
from .turn import MAX_BOARDS

__all__ = ["as_dict", "note", "choice_lines", "boosts_capped"]


def note(exp: Exploration, lines: Lines, shown: int, lang: str = "en") -> str | None:
    """Why the result is not every line, in words (None when it is)."""
    parts = []
    if exp.turn_runs > 1:  # never silently: the lines are the first run's, not the turn's
        parts.append(_turn_note(exp, lang))
    if exp.truncated == "lines":
        parts.append(t("explore.truncated_lines", lang, n=exp.max_lines, found=lines.total))
    elif exp.truncated == "time":
        parts.append(t("explore.truncated_time", lang, s=f"{exp.seconds:.1f}", found=lines.total))
    if exp.options_capped:
        parts.append(t("explore.options_capped", lang))
    if boosts_capped(lines):
        parts.append(t("explore.boosts_capped", lang, cap=BOOST_CAP))
    if shown < lines.total:
        parts.append(t("explore.listed", lang, shown=shown, total=lines.total))
    return " ".join(parts) or None


def _turn_note(exp: Exploration, lang: str) -> str:
    """What a turn's exploration covers: the first run's lines, and each later run's counts."""
    if not exp.later:
        return t("explore.turn_first_only", lang, n=exp.turn_runs)
    out = [t("explore.turn_run_by_run", lang, n=exp.turn_runs)]
    for r in exp.later:
        counts = ", ".join(f"{r.outcomes.get(k, 0)} {t(f'explore.outcome.{k}', lang)}" for k in OUTCOMES)
        out.append(t("explore.turn_later", lang, k=r.run, boards=r.boards, lines=r.lines, counts=counts))
        if r.capped:
            out.append(t("explore.turn_capped", lang, k=r.run, found=r.boards_found, most=MAX_BOARDS))
    made = {r.run for r in exp.later}
    if len(made) + 1 < exp.turn_runs:
        out.append(t("explore.turn_no_board", lang, k=len(made) + 2))
    return " ".join(out)


def boosts_capped(lines: Lines) -> bool:
    """Some trace's boosts were cut by the explorer's cap (BOOST_CAP), not by what the side has."""
    return any(c.capped for n in lines.order() for d in n.decisions for c in d[:1])


def choice_lines(line: Line, lang: str = "en", every: bool = False) -> list[str]:
    """A line's choices in words, one per decision ("2.3@Enigma  the Corp rezzes Enigma"); by
    default only those that need an action, or the run's own ones where the line has none."""
    out = []
    for c, alts in line.choices():
        if not (every or c.acts or alts):
            continue
        text = c.text(lang)
        if alts:
            text += " " + t("explore.or", lang, alts="; ".join(a.text(lang) for a in alts))
        out.append(f"{c.shown(lang)}  {text}")
    return out or [t("explore.no_choice", lang)]


def as_dict(exp: Exploration, lines: Lines, lang: str = "en", limit: int | None = None) -> dict:
    """The JSON form: {"ruleset", "branches", "outcomes", "lines", "truncated", ...}."""
    limit = exp.max_lines if limit is None else limit
    listed = [ln.as_dict(lang) for ln in lines.lines(limit)]
    shortest = lines.shortest()
    out = {
        "ruleset": exp.ruleset,
        "title": exp.title,
        "branches": lines.total,
        "outcomes": lines.outcomes(),
        "lines": listed,
        "shortest": {k: shortest[k].as_dict(lang) for k in (*OUTCOMES, "error") if k in shortest},
        "truncated": exp.truncated is not None or len(listed) < lines.total or exp.options_capped or exp.turn_runs > 1,
        "explored": {"states": exp.nodes, "options": exp.branches, "followed": exp.walked,
                     "seconds": round(exp.seconds, 3)},
    }
    if exp.turn_runs > 1:  # added: a turn of several runs, of which only the first is explored
        out["turn"] = {"runs": exp.turn_runs, "explored": 1 + len(exp.later),
                       "later": [r.as_dict() for r in exp.later]}
    if lines.errors:
        out["errors"] = lines.errors
    why = note(exp, lines, len(listed), lang)
    if why:
        out["note"] = why
    return out
