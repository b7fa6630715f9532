"""Where a moment of one rule set is in another: a step and its ice carried by meaning through the
translation table (`translate.ROWS`), the ice moved where a rule set anchors it elsewhere.

`place` answers for one step occurrence (an action's `at`/`ice`/`time`, or a step being looked
at in the stepper) with a `Placement`, or a `Gap` saying why that rule set has no such moment:
the moment does not exist there (NSG's initiation window under FFG), it would belong to the ice
before the first one (FFG's jack out before the first ice has no NSG counterpart), or nobody
acts at the step that has its meaning (NSG resolves subroutines with no window in between).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..i18n import Msg, has, msg
from . import get
from .translate import ROWS, Cell, Row

__all__ = ["Placement", "Gap", "Board", "place"]


@dataclass(frozen=True)
class Board:
    """The ice of each server when the run begins (outermost first), and the attacked server."""

    servers: Mapping[str, Sequence[str]]
    attacked: str

    def order_of(self, ice: str | None) -> Sequence[str] | None:
        """The ice of the server `ice` protects (the attacked server's for None); None when the
        ice protects no server when the run begins (installed later, or a card forced on the Runner)."""
        if ice is None:
            return self.servers.get(self.attacked, ())
        return next((o for o in self.servers.values() if ice in o), None)


@dataclass(frozen=True)
class Placement:
    """Where a moment is in the other rule set: its step(s), the ice and the time at that ice."""

    steps: tuple[str, ...]   # several: whichever of them the run reaches (6 or 7)
    ice: str | None
    time: int = 1
    row: str = ""            # the moment (a key of the translation table)

    @property
    def step(self) -> str:
        return self.steps[0]


@dataclass(frozen=True)
class Gap:
    """The other rule set has no step with this meaning: `when` names the moment ("before the
    first ice (Ice Wall)") and `why` says why it has none, in a reader's words."""

    row: str
    kind: str                # first_ice, missing, nobody_acts, unknown_ice
    when: Msg = field(compare=False)
    why: Msg = field(compare=False)


def _gap(kind: str, row: str, variant: str = "", **args: object) -> Gap:
    """A gap with the catalogue's words for this moment (`variant`: a case of it with words of its
    own), or the general words for its kind."""
    base, words = f"rulesets.moments.{kind}", row + variant
    key = f"{base}.{words}" if row and has(f"{base}.{words}.when") else f"{base}.generic"
    return Gap(row, kind, msg(f"{key}.when", **args), msg(f"{key}.why", **args))


class _Unknown(Exception):
    """The ice's place on the board is not known (it protects no server when the run begins)."""


def _matches(cell: Cell, ice: str | None, board: Board) -> tuple[bool, str | None]:
    """Whether an occurrence at `ice` is this cell's moment, and the moment's own ice."""
    a = cell.anchor
    if a == "any":
        return True, ice
    if a == "none":
        return ice is None, None
    if a == "same":
        return ice is not None, ice
    if ice is None:  # `before` needs an ice; `last` with none is a server moment
        return a == "last", None
    order = board.order_of(ice)
    if order is None:
        raise _Unknown
    i = order.index(ice)
    if a == "last":
        return i == len(order) - 1, None
    return (i + 1 < len(order)), (order[i + 1] if i + 1 < len(order) else None)  # before: the next ice's moment


def _ice_in(cell: Cell, moment_ice: str | None, board: Board, row: Row, time: int) -> str | None | Gap:
    a = cell.anchor
    if a in ("same", "any"):
        return moment_ice
    if a == "none":
        return None
    if a == "last":
        order = board.order_of(None)
        return order[-1] if order else None
    order = board.order_of(moment_ice)  # before
    if moment_ice is None or order is None:
        return _gap("unknown_ice", row.key, ice=moment_ice or "")
    i = order.index(moment_ice)
    if i == 0:
        return _gap("first_ice", row.key, "_again" if time > 1 else "", ice=moment_ice)
    return order[i - 1]


def _source_row(src: str, step: str, ice: str | None, board: Board) -> tuple[Row, str | None] | Gap:
    unknown = False
    for row in ROWS:
        cell = row.cells.get(src)
        if cell is None or not cell.source or step not in cell.steps:
            continue
        try:
            ok, moment_ice = _matches(cell, ice, board)
        except _Unknown:
            unknown = True
            continue
        if ok:
            return row, moment_ice
    if unknown:
        return _gap("unknown_ice", "", ice=ice or "")
    raise ValueError(f"translation table: no row for {step}@{ice} of {src}")


def place(src: str, step: str, ice: str | None, time: int, dst: str, board: Board,
          acting: bool = False) -> Placement | Gap:
    """The moment `step` (at `ice`, its `time`-th time there) of rule set `src` in rule set `dst`.
    `acting`: for a player's action, whose counterpart must be a step where someone may act."""
    if src == dst:
        return Placement((step,), ice, time if ice else 1)
    found = _source_row(src, step, ice, board)
    if isinstance(found, Gap):
        return found
    row, moment_ice = found
    cell = row.cells.get(dst)
    if cell is None:
        return _gap("missing", row.key, ice=moment_ice or "", step=step)
    where = _ice_in(cell, moment_ice, board, row, time)
    if isinstance(where, Gap):
        return where
    steps = cell.steps
    if acting:
        rs = get(dst)
        steps = tuple(s for s in steps if rs.step(s).acts)
        if not steps:
            return _gap("nobody_acts", row.key, ice=moment_ice or "", step=cell.steps[0])
    return Placement(steps, where, time if where else 1, row.key)
