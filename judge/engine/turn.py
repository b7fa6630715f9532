"""A turn of several runs: each run starts from the board the one before left (what is installed,
rezzed, trashed or stolen, the Runner's credits, tags, grip, clicks and counters, the Corp's credits,
credits on cards, abilities used `first: turn`, strength changes `until: turn_ends`, cards that lost
their abilities); a flatline ends the turn. Each run is its own Trace."""

from __future__ import annotations

from collections.abc import Mapping
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
           "blanked", "own_trashed", "hosts", "facedown",
           "corp_credits", "hosted")  # the Corp's pool and credits left on cards (Penumbral Toolkit's; a recurring credit spent stays spent)


def carry(fresh: State, before: State, sc: Scenario | None = None,
          stolen_points: Mapping[str, int] | None = None) -> State:
    """The state before a run's first step, with the board the previous run left. A run spends a
    click when clicks are counted (or the `run_clicks` of the card that makes it, `sc.by`); the bids of the previous run are its own, and of its strength
    changes only those `until: turn_ends` last."""
    stolen_points = stolen_points or {}
    sides = before.sides
    if sides.clicks is not None:
        sides = replace(sides, clicks=sides.clicks - (run_clicks(sc) if sc is not None else 1))
    sides = replace(sides, used_bids=frozenset())
    if before.label == "successful":  # "a successful run on HQ this turn" (Hired Help)
        sides = replace(sides, won=sides.won + (before.server,))
    if sides.agendas is not None:  # the agendas stolen in the run before are in the score area now
        sides = replace(sides, agendas=sides.agendas + len(before.stolen) + before.scored_cards)
    # "for the remainder of the turn": strength changes `until: turn_ends` last into the next runs
    lasting = tuple(b for b in before.boosts if b[2] == "turn_ends")
    # "a successful run this turn" and the points stolen so far (the threat level) for the next runs
    success = before.turn_success or before.label == "successful"
    points = before.turn_points + before.scored_points + sum(stolen_points.get(k, 0) for k in before.stolen)
    # the servers of the turn's successful runs so far (Lucky Charm: "a successful run on HQ this turn")
    won = before.won_turn + ((before.server,) if Flag.DECLARED in before.flags else ())
    return evolve(fresh, sides=sides, boosts=lasting + fresh.boosts, turn_success=success, turn_points=points,
                  won_turn=won, previous=previous_run(before), **{k: getattr(before, k) for k in CARRIED})


def previous_run(before: State) -> tuple[str, ...]:
    """What the next run knows of the one before it (Möbius's second run, Always Have a Backup
    Plan's): the card that made it, its server, its outcome, the last ice encountered in it."""
    return (before.made_by, before.server, before.label or "", before.encountered[-1] if before.encountered else "")


def run_turn(sc: Scenario, ruleset_id: str | None = None) -> list[Trace]:
    """Every run of the turn in order (a scenario of one run: that run). A flatlined Runner makes no
    more runs: the turn stops there."""
    traces: list[Trace] = []
    last: State | None = None
    made_by: str | None = None
    for part in sc.runs or (sc,):
        ctx, s = start(part, ruleset_id)
        if last is not None:
            if last.sides.flatlined:
                break
            s = carry(s, last, part, {k: c.points or 0 for k, c in ctx.cards.items()})
            if made_by is not None and made_by != ctx.sc.by and not dict(s.hosted).get(made_by):
                # the run event of the run before is in the heap: it reacts no more, unless this run is
                # that event's own second run (Möbius, Always Have a Backup Plan: `again`) or the event
                # still holds credits for the run it offers (Trick Shot's remote run)
                s = evolve(s, removed=s.removed | {made_by})
        made_by = ctx.sc.by if ctx.sc.by and ctx.cards.get(ctx.sc.by) is not None and ctx.cards[ctx.sc.by].type == "event" else None
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
