"""A turn of several runs as readers see it (issue 25): every run's positions one after the other,
numbered through the turn (the stepper's ?step=N and #pos-N), each knowing its run; the board each
run starts from (what the one before left); and the notice "this view shows the first run", which a
view that shows the whole turn leaves out."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..engine.trace import Event, Trace
from .positions import Position, positions

__all__ = ["RunPart", "is_turn_notice", "turn_positions", "run_parts", "start_board", "without_turn_notice"]


def is_turn_notice(e: Event) -> bool:
    """The warning that a view of one run shows only a turn's first run."""
    why = e.args_get("why") if e.msg == "w_notice" else None
    return getattr(why, "key", None) == "engine.notices.turn"


def without_turn_notice(events: list[Event]) -> list[Event]:
    return [e for e in events if not is_turn_notice(e)]


def start_board(tr: Trace) -> dict[str, Any]:
    """The board the run starts from: the Runner's credits, tags, grip, clicks and the counters on
    cards (a kind with none is left out)."""
    s = tr.states[0][1] if tr.states else None
    if s is None:
        return {}
    b = s.sides
    out: dict[str, Any] = {"credits": s.credits, "tags": b.tags}
    if s.corp_credits is not None:
        out["corp_credits"] = s.corp_credits
    if b.grip is not None:
        out["grip"] = b.grip
    if b.clicks is not None:
        out["clicks"] = b.clicks
    counters = {card: {k: n for k, n in kinds if n} for card, kinds in b.counters}
    out["counters"] = {c: ks for c, ks in counters.items() if ks}
    return out


@dataclass(frozen=True)
class RunPart:
    """One run of a turn as a view shows it: its index (0-based), its trace, and the turn-wide
    numbers of its first and last positions."""

    index: int
    trace: Trace
    first: int
    last: int
    server: str
    board: dict[str, Any]


def turn_positions(traces: list[Trace] | tuple[Trace, ...], lang: str) -> list[Position]:
    """Every run's positions in order, numbered through the turn; each says its run (`run`)."""
    out: list[Position] = []
    for k, tr in enumerate(traces):
        base = len(out)
        out += [replace(p, n=p.n + base, run=k) for p in positions(tr, lang)]
    return out


def run_parts(traces: list[Trace] | tuple[Trace, ...], pos: list[Position], servers: list[str]) -> list[RunPart]:
    """Each run's part of a turn's positions (from `turn_positions`)."""
    out = []
    for k, tr in enumerate(traces):
        ns = [p.n for p in pos if p.run == k]
        out.append(RunPart(k, tr, ns[0] if ns else 0, ns[-1] if ns else 0,
                           servers[k] if k < len(servers) else "", start_board(tr)))
    return out
