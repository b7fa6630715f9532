"""`ffg-rr`: the FFG Rules Reference run structure in seven steps (the seed's numbering)."""

from __future__ import annotations

from functools import partial

from .model import Edge, Interrupt, Kind, Ruleset, Step

S = partial(Step, rs="ffg-rr")

__all__ = ["RULESET"]

R, C = "runner", "corp"

STEPS = (
    S('1', Kind.STEP, 'initiate', '1', '1', acts=(R, C), triggers=('run_begins',)),  # Run initiation
    S('2', Kind.STEP, 'approach_ice', '2', '2', per_ice=True, acts=(R, C), triggers=('approached',)),  # Approach ice
    S('2.1', Kind.PAW, 'paid_window', '2.1', '2', per_ice=True, acts=(R, C)),  # Paid ability window
    S('2.2', Kind.DECISION, 'jack_out_decision', '2.2', '2', per_ice=True, acts=(R,), jack_out=True),  # Continue or jack out
    S('2.3', Kind.PAW, 'paid_window', '2.3', '2', per_ice=True, acts=(R, C), rez_ice=True, rez_non_ice=True),  # Rez the approached ice
    S('2.4', Kind.CHECK, 'check_rezzed', '2.4', '2', per_ice=True),  # Rezzed or not
    S('3', Kind.STEP, 'encounter_ice', '3', '3', per_ice=True, acts=(R, C), triggers=('encountered',)),  # Encounter ice
    S('3.1', Kind.PAW, 'paid_window', '3.1', '3', per_ice=True, acts=(R, C), break_subs=True,
      triggers=('fully_broken',)),  # Interact with the ice
    S('3.2', Kind.STEP, 'resolve_subroutines', '3.2', '3', per_ice=True, acts=(R, C),
      triggers=('encounter_ends',)),  # Resolve subroutines
    S('4', Kind.STEP, 'pass_ice', '4', '4', per_ice=True, acts=(R, C), triggers=('passed', 'all_ice_passed')),  # Pass ice
    S('5', Kind.STEP, 'approach_server', '5', '5', acts=(R, C), triggers=('approach_server',)),  # Approach the server
    S('5.1', Kind.PAW, 'paid_window', '5.1', '5', acts=(R, C)),  # Paid ability window
    S('5.2', Kind.DECISION, 'jack_out_decision', '5.2', '5', acts=(R,), jack_out=True),  # Continue or jack out
    S('5.3', Kind.PAW, 'paid_window', '5.3', '5', acts=(R, C), rez_non_ice=True),  # Paid abilities, rez non-ice
    S('5.4', Kind.STEP, 'declare_success', '5.4', '5', acts=(R, C), triggers=('would_be_successful', 'if_successful', 'successful')),  # Successful run
    S('5.5', Kind.STEP, 'access', '5.5', '5', acts=(R, C), triggers=('accessed',)),  # Access
    S('5.6', Kind.STEP, 'end_access', '5.6', '5'),  # Access ends
    S('6', Kind.END, 'run_ends', '6', '6', acts=(R, C), triggers=('run_ends',)),  # Run ends
    S('7', Kind.END, 'run_ends_unsuccessfully', '7', '7', acts=(R, C), triggers=('unsuccessful', 'run_ends')),  # Run ends unsuccessfully
)

EDGES = (
    Edge("1", "2", "ice_protects_server"),
    Edge("1", "4", "no_ice", skip="no_ice"),
    Edge("2", "2.1", "always"),
    Edge("2.1", "2.2", "not_first_approach"),
    Edge("2.1", "2.3", "first_approach", skip="first_approach"),
    Edge("2.2", "7", "jacked_out"),
    Edge("2.2", "2.3", "continues"),
    Edge("2.3", "2.4", "always"),
    Edge("2.4", "3", "ice_rezzed"),
    Edge("2.4", "4", "ice_unrezzed", skip="unrezzed"),
    Edge("3", "3.1", "always"),
    Edge("3.1", "3.2", "always"),
    Edge("3.2", "7", "run_ended"),
    Edge("3.2", "4", "always"),
    Edge("4", "2", "approach_again"),
    Edge("4", "2", "more_ice_inward"),
    Edge("4", "5", "no_more_ice"),
    Edge("5", "5.1", "always"),
    Edge("5.1", "5.2", "always"),
    Edge("5.2", "7", "jacked_out"),
    Edge("5.2", "5.3", "continues"),
    Edge("5.3", "5.4", "always"),
    Edge("5.4", "5.5", "always"),
    Edge("5.5", "5.6", "always"),
    Edge("5.6", "6", "always"),
)

# Interrupts leave only the steps where something can happen: checks (2.4) and the Runner's
# own decisions (2.2, 5.2) have nothing in them that could end the run, and 5.6 leads to 6 anyway.
_ACTIVE_BEFORE_SUCCESS = ("1", "2", "2.1", "2.3", "3", "3.1", "3.2", "4", "5", "5.1", "5.3")
_ACTIVE_AFTER_SUCCESS = ("5.4", "5.5")

INTERRUPTS = (
    # A remote server that ceases to exist ends the run; it is neither successful nor not.
    Interrupt("server_gone", "6", _ACTIVE_BEFORE_SUCCESS + _ACTIVE_AFTER_SUCCESS),
    # Jack out granted by a card (Snitch; Karuna's subroutine at 3.2) where the structure offers no
    # decision; the rest of that step does not happen.
    Interrupt("jacked_out", "7", tuple(s for s in _ACTIVE_BEFORE_SUCCESS if s != "1")),
    # ... and after success (a card that lets the Runner jack out while accessing, the Karunā ruling):
    # no more cards are accessed, the set-aside ones return (5.6), and the run stays successful.
    Interrupt("jacked_out", "6", ("5.4",)),
    Interrupt("jacked_out", "5.6", ("5.5",)),
    # End the run: before 5.4 the run is unsuccessful (7); afterwards it stays successful (6).
    Interrupt("run_ended", "7", _ACTIVE_BEFORE_SUCCESS),
    Interrupt("run_ended", "6", _ACTIVE_AFTER_SUCCESS),
    # Approached or encountered ice leaves (uninstalled, moved away, derezzed while
    # encountered): the Runner passes it at once and the open window closes.
    Interrupt("ice_left", "4", ("2", "2.1", "2.3", "3", "3.1"), skip="ice_left"),
    # Bypass ends the encounter: the Runner passes the ice without breaking or resolving.
    Interrupt("bypassed", "4", ("3", "3.1"), skip="bypassed"),
    # The Runner moves to the outermost position of a server (Letheia Nisei, Mirage): they
    # approach its outermost ice, or pass vacuously when it has none.
    Interrupt("runner_moved&ice_protects_server", "2", _ACTIVE_BEFORE_SUCCESS[1:]),
    Interrupt("runner_moved&no_ice", "4", _ACTIVE_BEFORE_SUCCESS[1:]),
)

RULESET = Ruleset(
    id="ffg-rr",
    version="FFG Rules Reference (2017-2018), seven-step chart",
    steps=STEPS,
    edges=EDGES,
    interrupts=INTERRUPTS,
    start="1",
    ends={"done": "6", "unsuccessful": "7"},
    encounter_entry="3",
    encounter_exit="4",
    phases=("1", "2", "3", "4", "5", "6", "7"),
)
