"""A turn of several runs: each run starts from the board the one before left (what is installed,
rezzed, trashed or stolen, the Runner's credits, tags, grip, clicks and counters, the Corp's credits,
credits on cards, abilities used
`first: turn`, strength changes `until: turn_ends`); a flatline ends the turn. Each run is its own Trace."""

from __future__ import annotations

from dataclasses import replace

from ..errors import JudgeError
from ..scenario import Scenario
from .boardstate import run_clicks
from .run import start, step, trace_of
from .state import Flag, State, evolve
from .trace import Trace

__all__ = ["run_turn", "carry"]

# what a run leaves on the board for the next one
CARRIED = ("slots", "root", "contents", "next_sid", "rezzed", "removed", "credits", "rezzed_ever", "used_turn",
           "corp_credits", "hosted")  # the Corp's pool and credits left on cards (a recurring credit spent stays spent)


def carry(fresh: State, before: State, sc: Scenario | None = None) -> State:
    """The state before a run's first step, with the board the previous run left. A run spends a
    click when clicks are counted (or the `run_clicks` of the card that makes it, `sc.by`); the bids of the previous run are its own, and of its strength
    changes only those `until: turn_ends` last."""
    sides = before.sides
    if sides.clicks is not None:
        sides = replace(sides, clicks=sides.clicks - (run_clicks(sc) if sc is not None else 1))
    sides = replace(sides, used_bids=frozenset())
    # "for the remainder of the turn": strength changes `until: turn_ends` last into the next runs
    lasting = tuple(b for b in before.boosts if b[2] == "turn_ends")
    # the servers of the turn's successful runs so far (Lucky Charm: "a successful run on HQ this turn")
    won = before.won_turn + ((before.server,) if Flag.DECLARED in before.flags else ())
    return evolve(fresh, sides=sides, boosts=lasting + fresh.boosts, won_turn=won,
                  **{k: getattr(before, k) for k in CARRIED})


def run_turn(sc: Scenario, ruleset_id: str | None = None) -> list[Trace]:
    """Every run of the turn in order (a scenario of one run: that run). A flatlined Runner makes no
    more runs: the turn stops there."""
    traces: list[Trace] = []
    last: State | None = None
    for part in sc.runs or (sc,):
        ctx, s = start(part, ruleset_id)
        if last is not None:
            if last.sides.flatlined:
                break
            s = carry(s, last, part)
        events = []
        states = [(0, s)]
        while not s.done:
            try:
                s, evs = step(ctx, s)
            except JudgeError as exc:
                raise exc.located(part.source) from None
            events.extend(evs)
            states.append((len(events), s))
        traces.append(trace_of(ctx, events, s, states))
        last = s
    return traces
