"""The guards the rule sets name on their edges, evaluated on the run (`a&b`: both hold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..rulesets.model import Edge, Interrupt, Ruleset
from . import board
from .protocol import Executor
from .state import Flag

__all__ = ["GUARDS", "GATES", "guard_holds", "row_holds", "edge_table", "interrupt_table"]


def _flag(flag: Flag) -> Callable[[Executor], bool]:
    return lambda x: flag in x.w.flags


def _unresolved_sub(x: Executor) -> bool:
    card = x.ctx.cards.get(x.w.ice) if x.w.ice is not None else None
    if card is None or Flag.ICE_LEFT in x.w.flags:
        return False
    done = x.w.resolved_subs
    return any(n not in x.w.broken and n not in done for n in range(1, len(card.subroutines) + 1))


GUARDS: dict[str, Callable[[Executor], bool]] = {
    "always": lambda x: True,
    "ice_protects_server": lambda x: board.has_ice(x.w, x.w.server),
    "no_ice": lambda x: not board.has_ice(x.w, x.w.server),
    "first_approach": lambda x: x.w.approaches <= 1,
    "not_first_approach": lambda x: x.w.approaches > 1,
    "jacked_out": _flag(Flag.JACKED_OUT),
    "continues": lambda x: Flag.JACKED_OUT not in x.w.flags,
    "ice_rezzed": lambda x: board.current_in_place(x.w) and x.w.ice in x.w.rezzed,
    "ice_unrezzed": lambda x: not (board.current_in_place(x.w) and x.w.ice in x.w.rezzed),
    "run_ended": _flag(Flag.RUN_ENDED),
    # "Approach that ice again" needs the ice still in the position just passed.
    "approach_again": lambda x: Flag.APPROACH_AGAIN in x.w.flags and board.pos_ice(x.w) is not None,
    "more_ice_inward": lambda x: board.next_inward(x.w) is not None,
    "no_more_ice": lambda x: board.next_inward(x.w) is None,
    "server_gone": _flag(Flag.SERVER_GONE),
    "ice_left": _flag(Flag.ICE_LEFT),
    "bypassed": _flag(Flag.BYPASSED),
    "runner_moved": _flag(Flag.RUNNER_MOVED),
    "has_position": lambda x: x.w.pos is not None and x.w.ice is not None,
    "no_position": lambda x: x.w.pos is None or x.w.ice is None,
    "unresolved_subroutine": _unresolved_sub,
}


# The flag without which a guard cannot hold: an edge or interrupt guarded by one of these is
# passed over without a call while its flag is absent, which is almost always.
GATES: dict[str, Flag] = {
    "jacked_out": Flag.JACKED_OUT, "run_ended": Flag.RUN_ENDED, "server_gone": Flag.SERVER_GONE,
    "ice_left": Flag.ICE_LEFT, "bypassed": Flag.BYPASSED, "runner_moved": Flag.RUNNER_MOVED,
    "approach_again": Flag.APPROACH_AGAIN,
}

Guard = Callable[[Executor], bool]
Parts = tuple[Guard, ...]  # the functions of a guard's parts ("a&b": both)
T = TypeVar("T", Edge, Interrupt)
Row = tuple[T, "Flag | None", Parts]  # an edge or interrupt, its gate flag or None, its guard's parts

_PARTS: dict[str, Parts] = {}


def _parts(name: str) -> Parts:
    parts = _PARTS.get(name)
    if parts is None:
        parts = _PARTS[name] = tuple(GUARDS[g] for g in name.split("&"))
    return parts


def _row(item: T, guard: str) -> Row[T]:
    gate = next((GATES[g] for g in guard.split("&") if g in GATES), None)
    return item, gate, _parts(guard)


def guard_holds(x: Executor, name: str) -> bool:
    """A guard name, or several joined by "&", evaluated on the run."""
    for holds in _parts(name):
        if not holds(x):
            return False
    return True


def row_holds(x: Executor, row: Row[Edge] | Row[Interrupt]) -> bool:
    """A row's guard on the run: False at once when its gate flag is absent."""
    _, gate, parts = row
    if gate is not None and gate not in x.w.flags:
        return False
    for holds in parts:
        if not holds(x):
            return False
    return True


EdgeTable = tuple[frozenset[Flag], tuple[Row[Edge], ...], tuple[Row[Edge], ...]]
InterruptTable = tuple["frozenset[Flag] | None", tuple[Row[Interrupt], ...]]


def edge_table(rs: Ruleset, step_id: str) -> EdgeTable:
    """The edges out of a step in the order the engine tries them, each with its gate and guard:
    the gate flags, every row, and the rows without a gate (all that can hold while no gate flag
    is set, in the same order)."""
    cache: dict[str, EdgeTable] = rs.__dict__.setdefault("_edge_rows", {})
    got = cache.get(step_id)
    if got is None:
        rows = tuple(_row(e, e.guard) for e in rs.out_edges(step_id))
        got = cache[step_id] = (frozenset(g for _, g, _ in rows if g is not None), rows,
                                tuple(r for r in rows if r[1] is None))
    return got


def interrupt_table(rs: Ruleset, step_id: str) -> InterruptTable:
    """The interrupts of a step, and the flags one of which must be set for any of them to hold
    (None when some interrupt has no gate)."""
    cache: dict[str, InterruptTable] = rs.__dict__.setdefault("_interrupt_rows", {})
    got = cache.get(step_id)
    if got is None:
        rows = tuple(_row(it, it.guard) for it in rs.interrupts_from(step_id))
        gates = frozenset(g for _, g, _ in rows if g is not None)
        got = cache[step_id] = (gates if all(g is not None for _, g, _ in rows) else None, rows)
    return got
