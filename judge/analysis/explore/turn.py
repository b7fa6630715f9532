"""A turn of several runs, explored run by run (issue 25): the first run as every exploration is;
then each later run from every board the run before it can leave (the end state of each of its
lines: what is rezzed, trashed, stolen, the Runner's credits, tags, grip, clicks, counters),
bounded by a number of boards a run and the exploration's time. Only counts are kept for the later
runs: the lines listed are the first run's, and the report says so."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...engine.run import start
from ...engine.state import State
from ...engine.turn import CARRIED, carry
from ...errors import JudgeError
from ...scenario import Scenario

if TYPE_CHECKING:
    from .search import Exploration, Node

__all__ = ["LaterRun", "MAX_BOARDS", "explore_later_runs"]

MAX_BOARDS = 8  # boards a later run is explored from (the first of them, in the order found)


@dataclass(frozen=True)
class LaterRun:
    """A later run of a turn, explored from the boards the run before it leaves."""

    run: int                        # counted from 1
    boards: int                     # boards it was explored from
    boards_found: int               # boards the run before it left (more than `boards`: capped)
    lines: int
    outcomes: dict[str, int] = field(default_factory=dict)
    errors: int = 0
    capped: bool = False            # not every board, or an exploration stopped by its bounds

    def as_dict(self) -> dict[str, object]:
        return {"run": self.run, "boards": self.boards, "boards_found": self.boards_found, "lines": self.lines,
                "outcomes": self.outcomes, "errors": self.errors, "capped": self.capped}


def _ends(root: Node) -> list[State]:
    """The end state of every line below a node (errors and flatlines make no next run)."""
    seen: set[int] = set()
    out: list[State] = []
    stack = [root]
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        if n.leaf is not None:
            if n.leaf.status != "error" and not n.state.sides.flatlined:
                out.append(n.state)
            continue
        stack += [b.child for b in n.branches if b.child is not None]
    return out


def _boards(ends: list[State]) -> list[State]:
    """One end state per distinct board carried to the next run, in the order found."""
    got: dict[tuple, State] = {}
    for s in ends:
        key = (tuple(getattr(s, k) for k in CARRIED), s.sides)
        got.setdefault(key, s)
    return list(got.values())


def explore_later_runs(sc: Scenario, ruleset: str | None, first: Exploration, max_lines: int,
                       deadline: float) -> list[LaterRun]:
    """Runs 2.. of the turn `sc`, each from the boards the run before it can leave."""
    from .lines import Lines
    from .search import explore

    out: list[LaterRun] = []
    ends = _ends(first.root)
    for k, part in enumerate(sc.runs[1:], start=2):
        boards = _boards(ends)
        if not boards:
            break
        capped = len(boards) > MAX_BOARDS
        outcomes: Counter[str] = Counter()
        lines = errors = used = 0
        ends = []
        for before in boards[:MAX_BOARDS]:
            left = deadline - time.monotonic()
            if left <= 0:
                capped = True
                break
            try:
                ctx, s = start(part, ruleset)
                points = {k: c.points or 0 for k, c in ctx.cards.items()}
                exp = explore(part, ruleset, start=carry(s, before, part, points), max_lines=max_lines, max_seconds=left)
            except JudgeError:
                errors += 1
                continue
            got = Lines(exp)
            used += 1
            lines += got.total
            errors += got.errors
            outcomes.update(got.outcomes())
            capped = capped or exp.truncated is not None or exp.options_capped
            ends += _ends(exp.root)
        out.append(LaterRun(k, used, len(boards), lines, dict(outcomes), errors, capped))
    return out
