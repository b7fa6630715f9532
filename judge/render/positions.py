"""A trace as the steps a reader goes through: one position per step entered, with what happened
in it, and the moment of the trace that shows each (the stepper, the quiz and the exported
walk-throughs all read a run this way)."""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from .. import i18n
from ..engine.state import State
from ..engine.trace import Trace
from ..rulesets.model import Step
from .reader import korean_titles

__all__ = ["Line", "Position", "positions", "visit_of", "moment_of"]


@dataclass(frozen=True)
class Line:
    """One thing that happened within a step, as a sentence."""

    kind: str             # a trace event kind: skip, trigger, action, priority, warning, end
    side: str | None
    text: str
    action: int | None    # the scenario action it applies, if any
    why: str | None = None  # skips and triggers: the rule that decides them, to look up


@dataclass(frozen=True)
class Position:
    n: int                # 1-based, as in the URL (?step=n) and the numbered list
    occ: str              # "2.3@Enigma"
    step: Step
    ice: str | None
    visit: int
    event: int            # index of the step's `enter` event in trace.events
    lines: tuple[Line, ...]
    next: str | None      # where the structure goes from here, and why
    before: State
    after: State
    label: str = ""       # the occurrence as the page's reader sees it ("3@톨부스" on a Korean page)
    blocked: bool = False  # the step's general text says the run succeeds, and here it cannot
    run: int = 0          # the run of a turn it belongs to (0-based; render.turn)

    def name(self, lang: str) -> str:
        return self.step.name(lang)

    def explain(self, lang: str) -> str:
        return self.step.explain(lang)


def _why(t: Trace, e, lang: str) -> str | None:
    """One line on the rule behind a skip or a trigger, in the rule set's own numbering."""
    if e.kind == "skip":
        return t.rs.skip_cite(e.args_get("reason"), lang)
    if e.kind == "trigger" and e.extra_get("when"):
        return i18n.t("pages.why_trigger", lang, when=i18n.t(f"engine.when.{e.extra_get('when')}", lang),
                      cite=t.rs.cite(e.step, lang))
    return None


def visit_of(occ: str) -> int:
    """The occurrence number in "2.3@Enigma#2" (1 when not written)."""
    head, _, n = occ.rpartition("#")
    return int(n) if head and "@" in head and n.isdigit() else 1


def positions(t: Trace, lang: str) -> list[Position]:
    """Every step the run entered, in order, with the events that belong to it."""
    warnings = {id(e) for e in t.warnings}
    out: list[Position] = []
    cur: dict | None = None

    # A snapshot is taken after each engine step; a forced encounter enters several steps in one,
    # so a position takes the last snapshot from before its first event and the first after it.
    marks = [i for i, _ in t.states]

    def close() -> None:
        if cur is not None:
            k = bisect.bisect_right(marks, cur["event"])
            before, after = t.states[max(k - 1, 0)][1], t.states[min(k, len(marks) - 1)][1]
            out.append(Position(n=len(out) + 1, before=before, after=after, lines=tuple(cur.pop("lines")),
                                **cur))

    for i, e in enumerate(t.events):
        if id(e) in warnings:
            continue
        if e.kind == "enter":
            close()
            cur = {"occ": e.occurrence, "label": e.shown(lang), "step": t.rs.step(e.step), "ice": e.ice,
                   "visit": visit_of(e.occurrence), "event": i, "lines": [], "next": None}
        elif cur is None:
            continue
        elif e.kind == "transition":
            nxt = e.text(t.rs, lang)
            cur["next"] = korean_titles(nxt) if lang == "ko" else nxt  # "2@톨부스 -> 2.1" on a Korean page
        else:
            if e.msg == "not_declared":
                cur["blocked"] = True
            cur["lines"].append(Line(e.kind, e.side, e.text(t.rs, lang), e.extra_get("action"), _why(t, e, lang)))
    close()
    return out


def moment_of(t: Trace, positions: list[Position], n: int) -> int:
    """The trace event whose moment shows step n (1-based): its last event, so what was skipped
    on the way out and the edge taken are drawn too."""
    if n < len(positions):
        return positions[n].event - 1
    return len(t.events) - len(t.warnings) - 1
