"""What an effect leaves for the next encounter of the run (`next_encounter`, Chum): effects that
resolve when the Runner's next encounter with ice begins (`begins`), and when that encounter ends
(`ends`). Only the next encounter of the same run; one that never comes (the run ends first) takes
nothing, and nothing is carried to a turn's later runs. An encounter cut short by the end of the run
(a subroutine ends it, the Runner jacks out) ends with it: what waited for its end resolves then."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rulesets.model import Step
from ..scenario import CORP
from .state import encounter_id
from .trace import ACTION

if TYPE_CHECKING:
    from .effects.core import Call
    from .protocol import Executor

__all__ = ["wait_for_next", "encounter_begins", "encounter_ends", "run_ended"]


def wait_for_next(c: Call) -> None:
    """`{next_encounter: true, begins: [...], ends: [...]}`: kept until the next encounter."""
    who = c.source or c.side
    c.x.w.next_encounter += ((who, c.opt_effects("begins"), c.opt_effects("ends")),)
    c.note("next_encounter_set", card=who)


def _card(x: Executor, who: str) -> str | None:
    """The card whose effect it was (an action's effect has a player, not a card, behind it)."""
    return who if who in x.ctx.cards else None


def encounter_begins(x: Executor, st: Step) -> None:
    """The encounter that begins is the next one: what waited for it resolves now, and what waits
    for its end is kept with its id."""
    w = x.w
    if not w.next_encounter:
        return
    waiting, w.next_encounter = w.next_encounter, ()
    now = encounter_id(w)
    for who, begins, ends in waiting:
        x.emit(ACTION, "next_encounter_now", st, card=who, ice=w.ice)
        if ends:
            w.encounter_end_due += ((now, who, ends),)
        x.resolve(begins, CORP, st, source=_card(x, who))


def encounter_ends(x: Executor, st: Step) -> None:
    """The encounter ends: what an earlier effect left for its end resolves."""
    w = x.w
    if not w.encounter_end_due:
        return
    now = encounter_id(w)
    due = [d for d in w.encounter_end_due if d[0] == now]
    w.encounter_end_due = tuple(d for d in w.encounter_end_due if d[0] != now)
    for _, who, ends in due:
        x.emit(ACTION, "next_encounter_ends", st, card=who, ice=w.ice)
        x.resolve(ends, CORP, st, source=_card(x, who))


def run_ended(x: Executor, st: Step) -> None:
    """The run is over while an encounter was going on (ended by a subroutine, a jack out): that
    encounter ended with it, so what waited for its end resolves now."""
    w = x.w
    due, w.encounter_end_due = w.encounter_end_due, ()
    for _, who, ends in due:
        x.emit(ACTION, "next_encounter_ends", st, card=who, ice=w.ice)
        x.resolve(ends, CORP, st, source=_card(x, who))
