"""The guards the rule sets name on their edges, evaluated on the run (`a&b`: both hold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import board
from .state import Flag

if TYPE_CHECKING:
    from .executor import Exec

__all__ = ["GUARDS", "guard_holds"]


def _flag(flag: Flag) -> Callable[[Exec], bool]:
    return lambda x: flag in x.w.flags


def _unresolved_sub(x: Exec) -> bool:
    card = x.ctx.cards.get(x.w.ice)
    if card is None or Flag.ICE_LEFT in x.w.flags:
        return False
    done = x.w.resolved_subs
    return any(n not in x.w.broken and n not in done for n in range(1, len(card.subroutines) + 1))


GUARDS: dict[str, Callable[[Exec], bool]] = {
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


_PARTS: dict[str, tuple[Callable[[Exec], bool], ...]] = {}


def guard_holds(x: Exec, name: str) -> bool:
    """A guard name, or several joined by "&", evaluated on the run."""
    parts = _PARTS.get(name)
    if parts is None:
        parts = _PARTS[name] = tuple(GUARDS[g] for g in name.split("&"))
    for holds in parts:
        if not holds(x):
            return False
    return True
