"""A turn of several runs as readers see it (issue 25): every run's positions one after the other,
numbered through the turn (the stepper's ?step=N and #pos-N), each knowing its run; the board each
run starts from (what the one before left); and the notice "this view shows the first run", which a
view that shows the whole turn leaves out."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..engine.trace import Event, Trace
from .positions import Position, positions

__all__ = ["RunPart", "board_text", "is_turn_notice", "run_parts", "shown_run", "start_board", "turn_dict", "turn_positions",
           "turn_text", "without_turn_notice"]


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


def shown_run(tr: Trace) -> Trace:
    """A run of a turn as a view of the whole turn shows it: without the notice that only the first
    run is shown (the warnings come after the run's events, so no event index moves)."""
    return replace(tr, events=without_turn_notice(tr.events), warnings=without_turn_notice(tr.warnings))


def board_text(board: dict[str, Any], tr: Trace, lang: str) -> str:
    """The board a run starts from in one line ("credits 5, tags 1, ...")."""
    from ..i18n import in_lang, t

    parts = [t("cli.turn.credits", lang, n=board.get("credits", 0)), t("cli.turn.tags", lang, n=board.get("tags", 0))]
    if "corp_credits" in board:
        parts.append(t("cli.turn.corp_credits", lang, n=board["corp_credits"]))
    if "grip" in board:
        parts.append(t("cli.turn.grip", lang, n=board["grip"]))
    if "clicks" in board:
        parts.append(t("cli.turn.clicks", lang, n=board["clicks"]))
    for card, kinds in board.get("counters", {}).items():
        kinds_text = ", ".join(f"{t('engine.counter_kinds.' + kind, lang)} {n}" for kind, n in kinds.items())
        parts.append(f"{in_lang(tr.names.get(card, card), lang)}: {kinds_text}")
    return ", ".join(parts)


def turn_dict(first: Trace, traces: list[Trace] | tuple[Trace, ...], servers: list[str], lang: str) -> dict[str, Any]:
    """A turn's JSON: the first run's trace in the single-run shape (what a reader of one run
    reads, with its warning that it is the first run only), and added: `runs`, every run made in
    order (each a trace of the single-run shape with `run`, `server` and `start`: the board it
    starts from), and `turn`: how many runs the file has and how many were made. `first` is the
    first run as a view of one run sees it (`engine.run`: with the notice)."""
    from .answer import with_answer

    runs = []
    for k, tr in enumerate(traces):
        one = shown_run(tr)
        runs.append(with_answer(one.as_dict(lang), one, lang)
                    | {"run": k + 1, "server": servers[k] if k < len(servers) else None, "start": start_board(tr)})
    return with_answer(first.as_dict(lang), first, lang) | {
        "runs": runs, "turn": {"runs": len(servers), "made": len(traces)}}


def turn_text(traces: list[Trace] | tuple[Trace, ...], servers: list[str], lang: str, verbose: bool = False) -> str:
    """Every run's trace in order, each under a heading with the board it starts from; a run not
    made (the Runner was flatlined) is said."""
    from ..i18n import t
    from .trace_text import render_text

    out = []
    for k, tr in enumerate(traces):
        head = t("cli.turn.run", lang, k=k + 1, total=len(servers), server=servers[k] if k < len(servers) else "")
        out.append(f"== {head} ==\n{t('cli.turn.start', lang, board=board_text(start_board(tr), tr, lang))}\n\n"
                   + render_text(shown_run(tr), lang, verbose))
    if len(traces) < len(servers):
        out.append(t("cli.turn.not_made", lang, k=len(traces) + 1))
    return "\n\n".join(out)
