"""The pure stepping engine: walk a rule set's graph over a scenario, producing a trace.

Owns the run state (`state`), where things are (`board`), the guards on edges (`guards`), the
executor of a step (`executor`) with what each step does (`handlers`), triggered abilities and
actions (`triggers`), access (`access`), each effect word's behaviour (`effects`) and the trace
(`trace`). It may import `judge.scenario`, `judge.rulesets`, `judge.errors` and `judge.i18n`;
nothing above it. No I/O: `start`, `step` and `run` are pure functions of their arguments.
"""

from __future__ import annotations

from .context import Context, Dropped, Placed, place_action
from .executor import MAX_STEPS
from .guards import GUARDS
from .handlers import HANDLERS, HOOKS
from .run import run, start, step
from .state import Flag, State
from .trace import Event, Trace, occurrence
from .turn import run_turn

__all__ = ["Context", "Placed", "Dropped", "place_action", "start", "step", "run", "GUARDS", "HANDLERS", "HOOKS", "MAX_STEPS",
           "State", "Flag", "Event", "Trace", "occurrence", "run_turn"]
