"""Run state: a frozen snapshot per step, and the working copy one step changes.

Every container in the state is immutable (tuples, frozensets), so taking the working copy of a
state copies nothing but references, and a step rebinds only what it changes: two states share
whatever did not change between them, and a state can be hashed (the same board reached twice).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, cast

from ..i18n import Text
from ..scenario import Effect
from .boardstate import EMPTY, BoardState
from .layout import Layout

__all__ = ["RunFields", "State", "Work", "Flag", "Slots", "Cards", "evolve", "encounter_id"]

# ((server, ((slot id, ice key or None once the ice left the position), ...)), ...), outermost first
Slots = tuple[tuple[str, tuple[tuple[int, "str | None"], ...]], ...]
# ((server, (card key, ...)), ...)
Cards = tuple[tuple[str, tuple[str, ...]], ...]


class Flag(StrEnum):
    """What has happened in the run that the structure reacts to (guards read these)."""

    JACKED_OUT = "jacked_out"
    RUN_ENDED = "run_ended"
    SERVER_GONE = "server_gone"
    ICE_LEFT = "ice_left"              # the approached or encountered ice left its position
    BYPASSED = "bypassed"
    RUNNER_MOVED = "runner_moved"      # moved to a server's outermost position
    APPROACH_AGAIN = "approach_again"  # approach the ice just passed again
    ENCOUNTERING = "encountering"
    DECLARED = "declared"              # declared successful
    REACHED_SUCCESS = "reached_success"
    NO_SUCCESS = "no_success"          # an effect says the run cannot be declared successful
    PAST_ICE = "past_ice"              # the Runner has passed every piece of ice of the attacked server
    FULLY_BROKEN = "fully_broken"      # every subroutine of the encountered ice is broken (once a pass)
    FULLY_BROKEN_PENDING = "fully_broken_pending"  # ... and "fully broken" abilities wait to resolve
    BREACHED = "breached"              # the Runner breached the attacked server (not replaced)
    FROM_BOTTOM = "from_bottom"        # R&D is accessed from the bottom this run (Showing Off)


ENCOUNTER_FLAGS = frozenset({Flag.BYPASSED, Flag.ICE_LEFT, Flag.ENCOUNTERING, Flag.FULLY_BROKEN,
                             Flag.FULLY_BROKEN_PENDING})


class RunFields(metaclass=Layout):
    """Every field of the run state, declared once: `State` is the frozen snapshot of a step,
    `Work` the working copy one step changes (the same fields, rebindable)."""

    step: str
    ice: str | None = None              # the ice of the current per-ice step
    visit: int = 0                      # occurrence number of that ice (#2 for a second approach)
    server: str = ""                    # the attacked server
    pos: tuple[str, int] | None = None  # the Runner's position: (server, slot id); None = none yet
    slots: Slots = ()
    root: Cards = ()
    contents: Cards = ()
    next_sid: int = 0
    rezzed: frozenset[str] = frozenset()
    removed: frozenset[str] = frozenset()
    credits: int = 0
    bp_credits: int = 0
    bp_gained: int = 0
    bp_spent: int = 0
    approaches: int = 0
    visits: tuple[tuple[str, int], ...] = ()
    flags: frozenset[Flag] = frozenset()
    broken: frozenset[int] = frozenset()
    resolved_subs: tuple[int, ...] = ()  # subroutines resolved in this encounter (NSG 6.9.3c/d loop)
    no_success_by: str | None = None
    used_first: frozenset[tuple[str, int]] = frozenset()
    used_turn: frozenset[tuple[str, int]] = frozenset()  # `first: turn` abilities used this turn (carried)
    won_turn: tuple[str, ...] = ()  # servers of the turn's earlier successful runs (carried: `successful_on`)
    access_more: int = 0
    next_encounter: tuple[tuple[str, tuple[Effect, ...], tuple[Effect, ...]], ...] = ()  # (card, begins, ends) waiting for the next encounter (Chum)
    encounter_end_due: tuple[tuple[str, str, tuple[Effect, ...]], ...] = ()  # (encounter, card, effects) at that encounter's end
    access_fewer: int = 0               # fewer cards at every breach for the rest of the run (`access_fewer`)
    access_only: tuple[str, ...] | None = None
    access_never: tuple[str, ...] = ()
    steal_costs: tuple[tuple[str, int, str], ...] = ()  # (server, credits, card): extra costs to steal from it this run  # cards that cannot be accessed for the rest of the run (`not_accessed`)
    replaced_access: str | Text | None = None  # what happens instead of access (its words)
    replaced_mandatory: bool = False
    replaced_by: str | None = None      # the card whose replacement of the access applies
    replace_offers: tuple[tuple[str, str | Text], ...] = ()  # (card, what) of every replacement offered
    breaching: str | None = None        # the server breached now when it is not the attacked one
    breach_from: int = 0                # len(accessed) when the breach going on began (`breach_accessed`)
    extra_breaches: tuple[tuple[str, bool], ...] = ()  # (server, its root too) breached after the attacked one
    extra_access: tuple[str, ...] = ()  # cards outside the attacked server to access (Pinhole Threading)
    replaced_then: tuple[Effect, ...] = ()  # what the applying replacement does (`then:` of instead_of_access)
    replace_then: tuple[tuple[str, tuple[Effect, ...]], ...] = ()  # (card, then) of every replacement offered
    replacement_choice: str | None = None  # the card whose replacement the Runner chose (NSG 9.9.11a)
    approached: tuple[str, ...] = ()
    encountered: tuple[str, ...] = ()
    passed: tuple[str, ...] = ()
    bypassed: tuple[str, ...] = ()
    accessed: tuple[str, ...] = ()
    stolen: tuple[str, ...] = ()
    trashed: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()
    triggered: tuple[str, ...] = ()
    applied: frozenset[int] = frozenset()  # indexes of actions that applied
    forbidden: frozenset[tuple[str, str]] = frozenset()  # (what, by whom) for the rest of the run
    allowed: frozenset[tuple[str, str]] = frozenset()    # (what, by whom): jack out at any time
    declined: frozenset[str] = frozenset()  # cards whose optional ability is declined at this step
    access_order: tuple[str, ...] | None = None  # the order the Runner chose to access cards in
    rezzed_ever: frozenset[str] = frozenset()  # every card that was rezzed at some point
    rez_pending: tuple[str, ...] = ()   # cards rezzed whose rez moments wait for the action or ability to end
    blanked: frozenset[str] = frozenset()  # cards that lost their abilities for the rest of the turn (`blank`)
    entered: int = 0                    # how many steps have been entered (the loop bound)
    label: str | None = None            # successful / unsuccessful / neither, once the run is labelled
    done: bool = False
    sides: BoardState = EMPTY           # the board beside the run: tags, grip, clicks, counters (boardstate)
    # the encounter computed (issue 24; `engine.encounter`)
    corp_credits: int | None = None     # the Corp's pool; None: not counted (no `corp: {credits}`)
    boosts: tuple[tuple[str, int, str, str], ...] = ()  # (card, +strength, until, the encounter it is for)
    broken_log: tuple[str, ...] = ()    # every subroutine broken this run: "Enigma 2"
    hosted: tuple[tuple[str, int], ...] = ()  # credits left on cards (`credits: N`)
    said: frozenset[str] = frozenset()  # one-time notes already on the trace
    used_on: tuple[tuple[str, str], ...] = ()  # (breaker, ice) for breakers used once per run
    broke_in: tuple[tuple[str, str], ...] = ()  # (breaker, encounter) for every break with a named breaker
    broke_subs: tuple[tuple[str, str, int], ...] = ()  # (breaker, encounter, subroutine) broken with a named breaker
    breach_took: tuple[int, int] = (0, 0)  # cards stolen and trashed this run when the breach going on began
    own_trashed: bool = False           # the Runner trashed one of their installed cards in this turn's runs
    hosts: tuple[tuple[str, str], ...] = ()  # (card, ice) a Runner card was moved onto this run (Ika)
    gained_subtypes: tuple[tuple[str, str, str], ...] = ()  # (ice, subtype, encounter) gained until the encounter ends
    jack_costs: tuple[tuple[str, str], ...] = ()
    clicks_broke: bool = False          # a Runner's action lost clicks and broke subroutines this run (Zed 2.0)
    picks: tuple[tuple[str, str, str], ...] = ()  # (the card whose effect picked, the card picked, the encounter)
    # limited breaker abilities (`engine.limits`): their uses, skipped subroutines, the turn so far
    once_used: tuple[tuple[str, str, str], ...] = ()  # (breaker, "break 1" / "pump 0", "run" or the encounter)
    skip_next: tuple[tuple[str, int], ...] = ()  # (card, N): the first N subroutines of the next encounter do not resolve
    skip_now: tuple[tuple[str, int, str], ...] = ()  # (card, N, encounter) for the encounter going on
    turn_success: bool = False          # an earlier run of this turn was successful (carried)
    turn_points: int = 0                # agenda points the Runner stole in earlier runs of this turn (carried)
    facedown: tuple[tuple[str, int], ...] = ()  # (card, n): hosted copies turned facedown this turn (carried)
    subs_resolved: int = 0              # subroutines that resolved this run (Raindrops Cut Stone)
    enc_resolved: int = 0               # subroutines that resolved in the last encounter, kept until the next (Persephone)
    made_by: str = ""                   # the card that made this run (`run.by`), "" for none
    steal_named: str = ""               # the next agenda of this name accessed this run is stolen at once
    removing: str = ""                  # Watch the World Burn: "?" the first non-agenda accessed, then its name
    removed_from_game: tuple[str, ...] = ()  # cards removed from the game this run
    scored_points: int = 0              # points of Runner cards added to the Runner's score area this run (Kasi String)
    scored_cards: int = 0               # cards added to the score area this run as agendas (Kasi String, Meridian): `scored_agendas`
    previous: tuple[str, ...] = ()      # the turn's run before this one: (made by, server, outcome, last ice encountered)
    spent: tuple[int, int] = (0, 0)     # credits paid this run by the Runner (any source) and by the Corp (its counted pool)  # (cost, card) added to every jack out this run (Mind Game)


class State(RunFields, frozen=True):
    """Everything the run has done so far; every field is immutable, and the state hashable."""


_FIELDS = RunFields.field_names()


def _copier() -> Callable[[type[Work], State], Work]:
    """A function copying every field by name into a new Work, written out once: a step copies
    its state with plain attribute loads and stores (a loop over the names, or the generated
    constructor fed every value, each cost a step several times as much)."""
    body = "\n    ".join(f"w.{n} = s.{n}" for n in _FIELDS)
    code = f"def thaw(cls, s):\n    w = new(cls)\n    {body}\n    return w\n"
    scope: dict[str, Any] = {"new": object.__new__}
    exec(compile(code, "<judge.engine.state>", "exec"), scope)  # noqa: S102 (the field names are ours)
    return cast("Callable[[type[Work], State], Work]", scope["thaw"])


class Work(RunFields):
    """The working copy of a State inside one step: the same fields, rebindable. The containers
    stay immutable: change one by binding a new value (`w.flags |= {Flag.RUN_ENDED}`).

    Work and State share one memory layout (`layout.Layout`): freezing a Work is giving the object
    its frozen class back, not copying its 45 fields into a new State (that copy was a sixth of a
    step). A Work is frozen once, at the end of its step, and never used again: from then on it is
    that step's State, immutable like any other."""

    @classmethod
    def thaw(cls, s: State) -> Work:
        """A working copy of a state (the same values: its containers are immutable)."""
        return _thaw(cls, s)

    def freeze(self) -> State:
        self.__class__ = State  # type: ignore[assignment]  # same layout: see the class docstring
        return self  # type: ignore[return-value]  # a State now


_thaw = _copier()


def encounter_id(w: RunFields) -> str:
    """The encounter going on now (the ice, its occurrence, the approach it belongs to)."""
    return f"{w.ice}#{w.visit}/{w.approaches}"


def evolve(s: State, **changes: object) -> State:
    """A copy of a state with some fields rebound: `dataclasses.replace` without the frozen
    dataclass's 45 setattr calls."""
    w = Work.thaw(s)
    for name, value in changes.items():
        setattr(w, name, value)
    return w.freeze()
