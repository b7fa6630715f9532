"""`nsg`: the Null Signal Games Comprehensive Rules run structure (section 6.9, v26.03)."""

from __future__ import annotations

from functools import partial

from .model import Edge as E
from .model import Interrupt, Kind, Ruleset, Step

__all__ = ["RULESET"]

R, C = "runner", "corp"
S = partial(Step, rs="nsg")


STEPS = (
    S('6.9.1a', Kind.STEP, 'announce', 'CR 6.9.1a', '6.9.1', acts=(R, C), phase_start=True),  # Announce the attacked server
    S('6.9.1b', Kind.STEP, 'bp_fund', 'CR 6.9.1b', '6.9.1'),  # Bad publicity fund
    S('6.9.1c', Kind.STEP, 'run_begins', 'CR 6.9.1c', '6.9.1', acts=(R, C), triggers=('run_begins',)),  # The run begins
    S('6.9.1d', Kind.STEP, 'set_position', 'CR 6.9.1d', '6.9.1'),  # Set the Runner's position
    S('6.9.1e', Kind.PAW, 'paid_window', 'CR 6.9.1e', '6.9.1', acts=(R, C), rez_non_ice=True),  # Paid ability window (rez non-ice)
    S('6.9.1f', Kind.CHECK, 'nothing', 'CR 6.9.1f', '6.9.1'),  # Initiation complete
    S('6.9.2a', Kind.STEP, 'approach_position', 'CR 6.9.2a', '6.9.2', per_ice=True, acts=(R, C), triggers=('approached',), phase_start=True),  # Approach the ice
    S('6.9.2b', Kind.PAW, 'paid_window', 'CR 6.9.2b', '6.9.2', per_ice=True, acts=(R, C), rez_ice=True, rez_non_ice=True),  # Paid ability window (rez the approached ice)
    S('6.9.2c', Kind.CHECK, 'check_rezzed', 'CR 6.9.2c', '6.9.2', per_ice=True),  # Approach complete
    S('6.9.3a', Kind.STEP, 'encounter_ice', 'CR 6.9.3a', '6.9.3', per_ice=True, acts=(R, C), triggers=('encountered',), phase_start=True),  # Encounter begins
    S('6.9.3b', Kind.PAW, 'paid_window', 'CR 6.9.3b', '6.9.3', per_ice=True, acts=(R, C), break_subs=True,
      triggers=('fully_broken',)),  # Paid ability window (break subroutines)
    S('6.9.3c', Kind.CHECK, 'nothing', 'CR 6.9.3c', '6.9.3', per_ice=True),  # Subroutines left?
    S('6.9.3d', Kind.STEP, 'resolve_next_subroutine', 'CR 6.9.3d', '6.9.3', per_ice=True),  # Resolve a subroutine
    S('6.9.3e', Kind.STEP, 'encounter_complete', 'CR 6.9.3e', '6.9.3', per_ice=True, acts=(R, C),
      triggers=('encounter_ends',)),  # Encounter complete
    S('6.9.4a', Kind.STEP, 'pass_ice', 'CR 6.9.4a', '6.9.4', per_ice=True, acts=(R, C), triggers=('passed', 'all_ice_passed'), phase_start=True),  # Pass the ice
    S('6.9.4b', Kind.PAW, 'paid_window', 'CR 6.9.4b', '6.9.4', per_ice=True, acts=(R, C)),  # Paid ability window
    S('6.9.4c', Kind.DECISION, 'jack_out_decision', 'CR 6.9.4c', '6.9.4', per_ice=True, acts=(R,), jack_out=True),  # Jack out?
    S('6.9.4d', Kind.STEP, 'move_inward', 'CR 6.9.4d', '6.9.4', per_ice=True),  # Move inward
    S('6.9.4e', Kind.PAW, 'paid_window', 'CR 6.9.4e', '6.9.4', per_ice=True, acts=(R, C), rez_non_ice=True, ice_optional=True),  # Paid ability window (rez non-ice)
    S('6.9.4f', Kind.CHECK, 'nothing', 'CR 6.9.4f', '6.9.4', per_ice=True, ice_optional=True),  # New position?
    S('6.9.4g', Kind.STEP, 'approach_server', 'CR 6.9.4g', '6.9.4', acts=(R, C), triggers=('approach_server',)),  # Approach the attacked server
    S('6.9.4h', Kind.CHECK, 'nothing', 'CR 6.9.4h', '6.9.4'),  # Movement complete
    S('6.9.5a', Kind.STEP, 'declare_success', 'CR 6.9.5a', '6.9.5', acts=(R, C), triggers=('would_be_successful', 'if_successful', 'successful'), one_window=True, phase_start=True),  # The run is declared successful
    S('6.9.5b', Kind.STEP, 'access', 'CR 6.9.5b', '6.9.5', acts=(R, C), triggers=('accessed',)),  # Breach the server
    S('6.9.5c', Kind.CHECK, 'nothing', 'CR 6.9.5c', '6.9.5'),  # Success complete
    S('6.9.6a', Kind.STEP, 'nothing', 'CR 6.9.6a', '6.9.6', phase_start=True),  # Open windows
    S('6.9.6b', Kind.STEP, 'return_bp', 'CR 6.9.6b', '6.9.6'),  # Bad publicity fund returned
    S('6.9.6c', Kind.STEP, 'label_run', 'CR 6.9.6c', '6.9.6'),  # Unsuccessful?
    S('6.9.6d', Kind.END, 'run_complete', 'CR 6.9.6d', '6.9.6', acts=(R, C), triggers=('unsuccessful', 'run_ends'), one_window=True),  # The run is complete
)


EDGES = (
    E("6.9.1a", "6.9.1b", "always"),
    E("6.9.1b", "6.9.1c", "always"),
    E("6.9.1c", "6.9.1d", "always"),
    E("6.9.1d", "6.9.1e", "always"),
    E("6.9.1e", "6.9.1f", "always"),
    E("6.9.1f", "6.9.2a", "has_position"),
    E("6.9.1f", "6.9.4a", "no_position", skip="no_ice"),
    E("6.9.2a", "6.9.2b", "always"),
    E("6.9.2b", "6.9.2c", "always"),
    E("6.9.2c", "6.9.3a", "ice_rezzed"),
    E("6.9.2c", "6.9.4a", "ice_unrezzed", skip="unrezzed"),
    E("6.9.3a", "6.9.3b", "always"),
    E("6.9.3b", "6.9.3c", "always"),
    E("6.9.3c", "6.9.3d", "unresolved_subroutine"),
    E("6.9.3c", "6.9.3e", "always"),
    E("6.9.3d", "6.9.3c", "always"),
    E("6.9.3e", "6.9.4a", "always"),
    E("6.9.4a", "6.9.2a", "approach_again"),
    E("6.9.4a", "6.9.4b", "always"),
    E("6.9.4b", "6.9.4c", "always"),
    E("6.9.4c", "6.9.6a", "jacked_out"),
    E("6.9.4c", "6.9.4d", "continues"),
    E("6.9.4d", "6.9.4e", "always"),
    E("6.9.4e", "6.9.4f", "always"),
    E("6.9.4f", "6.9.2a", "has_position"),
    E("6.9.4f", "6.9.4g", "no_position"),
    E("6.9.4g", "6.9.4h", "always"),
    E("6.9.4h", "6.9.5a", "always"),
    E("6.9.5a", "6.9.5b", "always"),
    E("6.9.5b", "6.9.5c", "always"),
    E("6.9.5c", "6.9.6a", "always"),
    E("6.9.6a", "6.9.6b", "always"),
    E("6.9.6b", "6.9.6c", "always"),
    E("6.9.6c", "6.9.6d", "always"),
)

_ACTIVE = ("6.9.1a", "6.9.1c", "6.9.1e", "6.9.2a", "6.9.2b", "6.9.3a", "6.9.3b", "6.9.3d", "6.9.3e",
           "6.9.4a", "6.9.4b", "6.9.4e", "6.9.4g", "6.9.5a", "6.9.5b")

_MOVABLE = ("6.9.2a", "6.9.2b", "6.9.3a", "6.9.3b", "6.9.3d", "6.9.3e", "6.9.4a", "6.9.4b", "6.9.4e", "6.9.4g")

INTERRUPTS = (
    Interrupt("server_gone", "6.9.6a", _ACTIVE),
    # A jack out a card grants ends the run, also during the breach (the Karunā ruling, checked by the
    # NSG rules team): the run stays successful (6.8.4a) and no more cards are accessed.
    Interrupt("jacked_out", "6.9.6a", tuple(s for s in _ACTIVE if s not in ("6.9.1a", "6.9.1c", "6.9.5a"))),
    # 6.1.4: ending the run stops the phase at once and goes to Run Ends, before or after success.
    Interrupt("run_ended", "6.9.6a", _ACTIVE),
    # 6.2.7a/c, 8.5.10: the approach or encounter ends and the Runner moves on; an open paid
    # ability window is completed first (the FFG chart closes it instead).
    Interrupt("ice_left", "6.9.4a", ("6.9.2a", "6.9.2b", "6.9.3a", "6.9.3b", "6.9.3d"), skip="ice_left",
              completes_window=True),
    # 6.5.8: a bypass aborts the Encounter Ice Phase; the Runner goes straight to passing.
    Interrupt("bypassed", "6.9.4a", ("6.9.3a", "6.9.3b"), skip="bypassed"),
    # 6.2.8: moved to the outermost position of a server: approach its ice, or Movement without.
    Interrupt("runner_moved&has_position", "6.9.2a", _MOVABLE),
    Interrupt("runner_moved&no_position", "6.9.4a", _MOVABLE),
)

RULESET = Ruleset(
    id="nsg",
    version="Null Signal Games Comprehensive Rules v26.03",
    date="2026-03-02",
    steps=STEPS, edges=EDGES, interrupts=INTERRUPTS, start="6.9.1a",
    ends={"done": "6.9.6d"},
    encounter_entry="6.9.3a", encounter_exit="6.9.4a", approach_step="6.9.2a",
    set_aside=False, left_ice_is_passed=False,
    mandatory_replacement_wins=False,  # 9.9.11a: the Runner chooses which replacement applies
    run_end_completes_windows=True,    # 6.8.2b-c
    breach_adds_candidates=True,       # 7.4.6d
    phases=("6.9.1", "6.9.2", "6.9.3", "6.9.4", "6.9.5", "6.9.6"),
)
