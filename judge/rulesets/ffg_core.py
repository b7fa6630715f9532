"""`ffg-core`: the original six-step "Timing Structure of a Run" of the FFG Core Rulebook / FAQ."""

from __future__ import annotations

from functools import partial

from .model import Edge as E
from .model import Interrupt, Kind, Ruleset, Step

S = partial(Step, rs="ffg-core")

__all__ = ["RULESET"]

R, C = "runner", "corp"


STEPS = (
    S('1', Kind.STEP, 'initiate', 'Core 1', '1', acts=(R, C), triggers=('run_begins',)),  # Run initiation
    S('2', Kind.STEP, 'approach_ice', 'Core 2', '2', per_ice=True, acts=(R, C), triggers=('approached',)),  # Approach ice
    S('2.1', Kind.PAW, 'paid_window', 'Core 2.1', '2', per_ice=True, acts=(R, C)),  # Paid ability window
    S('2.2', Kind.DECISION, 'jack_out_decision', 'Core 2.2', '2', per_ice=True, acts=(R,), jack_out=True),  # Continue or jack out
    S('2.3', Kind.PAW, 'paid_window', 'Core 2.3', '2', per_ice=True, acts=(R, C), rez_ice=True, rez_non_ice=True),  # Rez the approached ice
    # The six-step chart passes ice on its edges out of 2.4 and 3.2 (`then="pass_ice"`): "when passed" is there.
    S('2.4', Kind.CHECK, 'check_rezzed', 'Core 2.4', '2', per_ice=True, triggers=('passed',)),  # Rezzed or not
    S('3', Kind.STEP, 'encounter_ice', 'Core 3', '3', per_ice=True, acts=(R, C), triggers=('encountered',)),  # Encounter ice
    S('3.1', Kind.PAW, 'paid_window', 'Core 3.1', '3', per_ice=True, acts=(R, C), break_subs=True,
      triggers=('fully_broken',)),  # Interact with the ice
    S('3.2', Kind.STEP, 'resolve_subroutines', 'Core 3.2', '3', per_ice=True, acts=(R, C),
      triggers=('encounter_ends', 'passed')),  # Resolve subroutines
    S('4', Kind.STEP, 'approach_server', 'Core 4', '4', acts=(R, C), triggers=('all_ice_passed', 'approach_server')),  # Approach the attacked server
    S('4.1', Kind.PAW, 'paid_window', 'Core 4.1', '4', acts=(R, C)),  # Paid ability window
    S('4.2', Kind.DECISION, 'jack_out_decision', 'Core 4.2', '4', acts=(R,), jack_out=True),  # Continue or jack out
    S('4.3', Kind.PAW, 'paid_window', 'Core 4.3', '4', acts=(R, C), rez_non_ice=True),  # Paid abilities, rez non-ice
    S('4.4', Kind.STEP, 'declare_success', 'Core 4.4', '4', acts=(R, C), triggers=('would_be_successful', 'if_successful', 'successful')),  # Successful run
    S('4.5', Kind.STEP, 'access_and_return', 'Core 4.5', '4', acts=(R, C), triggers=('accessed',)),  # Access cards
    S('5', Kind.END, 'run_ends', 'Core 5', '5', acts=(R, C), triggers=('run_ends',)),  # Run ends
    S('6', Kind.END, 'run_ends_unsuccessfully', 'Core 6', '6', acts=(R, C), triggers=('unsuccessful', 'run_ends')),  # Run ends unsuccessfully
)

_P = "pass_ice"
EDGES = (
    E("1", "2", "ice_protects_server"),
    E("1", "4", "no_ice", skip="no_ice"),
    E("2", "2.1", "always"),
    E("2.1", "2.2", "not_first_approach"),
    E("2.1", "2.3", "first_approach", skip="first_approach"),
    E("2.2", "6", "jacked_out"),
    E("2.2", "2.3", "continues"),
    E("2.3", "2.4", "always"),
    E("2.4", "3", "ice_rezzed"),
    E("2.4", "2", "ice_unrezzed&more_ice_inward", skip="unrezzed", skip_steps=("3", "3.1", "3.2"), then=_P),
    E("2.4", "4", "ice_unrezzed&no_more_ice", skip="unrezzed", then=_P),
    E("3", "3.1", "always"),
    E("3.1", "3.2", "always"),
    E("3.2", "6", "run_ended"),
    E("3.2", "2", "more_ice_inward", then=_P),
    E("3.2", "4", "no_more_ice", then=_P),
    E("4", "4.1", "always"),
    E("4.1", "4.2", "always"),
    E("4.2", "6", "jacked_out"),
    E("4.2", "4.3", "continues"),
    E("4.3", "4.4", "always"),
    E("4.4", "4.5", "always"),
    E("4.5", "5", "always"),
)

_BEFORE = ("1", "2", "2.1", "2.3", "3", "3.1", "3.2", "4", "4.1", "4.3")
_AFTER = ("4.4", "4.5")
_ENCOUNTER = ("3", "3.1")
_APPROACH = ("2", "2.1", "2.3")

INTERRUPTS = (
    Interrupt("server_gone", "5", _BEFORE + _AFTER),
    Interrupt("jacked_out", "6", tuple(s for s in _BEFORE if s not in ("1", "3.2"))),
    Interrupt("jacked_out", "5", ("4.5",)),  # a granted jack out while accessing: the run stays successful
    Interrupt("run_ended", "6", _BEFORE),
    Interrupt("run_ended", "5", _AFTER),
    # Ice that leaves, or is bypassed, is passed at once; with no separate pass step the run goes
    # straight to the next approach or to the server.
    Interrupt("ice_left&more_ice_inward", "2", _APPROACH + _ENCOUNTER, skip="ice_left",
              skip_steps=("2.4", "3", "3.1", "3.2"), then=_P),
    Interrupt("ice_left&no_more_ice", "4", _APPROACH + _ENCOUNTER, skip="ice_left", then=_P),
    Interrupt("bypassed&more_ice_inward", "2", _ENCOUNTER, skip="bypassed", skip_steps=("3.1", "3.2"), then=_P),
    Interrupt("bypassed&no_more_ice", "4", _ENCOUNTER, skip="bypassed", then=_P),
    Interrupt("runner_moved&ice_protects_server", "2", _BEFORE[1:]),
    Interrupt("runner_moved&no_ice", "4", _BEFORE[1:]),
)

RULESET = Ruleset(
    id="ffg-core",
    version="FFG Core Rulebook and FAQ (2012-2016), six-step chart",
    steps=STEPS, edges=EDGES, interrupts=INTERRUPTS, start="1",
    ends={"done": "5", "unsuccessful": "6"},
    encounter_entry="3", encounter_exit="4", approach_step="2",
    phases=("1", "2", "3", "4", "5", "6"),
)
