"""The public engine: the state before step 1, one step at a time, or a whole run into a Trace."""

from __future__ import annotations

from dataclasses import replace

from ..errors import JudgeError
from ..i18n import msg
from ..scenario import CENTRALS, CORP, Scenario
from ..scenario.yamlsource import path_text
from . import board, boardstate
from .context import Context, make_context
from .encounter import AFTER_RUN
from .executor import ALWAYS_ACTIVE, Exec
from .state import State, Work
from .trace import ACTION, WARNING, Event, Pairs, Trace, occurrence

__all__ = ["start", "step", "run", "trace_of"]


def start(sc: Scenario, ruleset_id: str | None = None) -> tuple[Context, State]:
    """The context and the state before step 1."""
    ctx = make_context(sc, ruleset_id)
    slots, sid = [], 0
    for name, srv in sc.servers.items():
        slots.append((name, tuple((sid + i, c.key) for i, c in enumerate(srv.ice))))
        sid += len(srv.ice)
    s = State(
        step=ctx.rs.start, server=sc.server, slots=tuple(slots),
        root=tuple((k, tuple(c.key for c in srv.root)) for k, srv in sc.servers.items()),
        contents=tuple((k, tuple(c.key for c in srv.cards)) for k, srv in sc.servers.items()),
        next_sid=sid, rezzed=frozenset(c.key for c in ctx.cards.values() if c.rezzed), credits=sc.credits,
        corp_credits=sc.corp_credits, made_by=sc.by or "", hosted=tuple((c.key, c.credits) for c in sc.placed_cards() if c.credits))
    s = replace(s, rezzed_ever=s.rezzed, sides=boardstate.initial(sc, ctx.cards))
    return ctx, s


def step(ctx: Context, s: State) -> tuple[State, list[Event]]:
    """Enter the current step, do what it does, and move along the first edge whose guard holds."""
    if s.done:
        return s, []
    w = Work.thaw(s)
    ex = Exec(ctx, w)
    ex.do_step()
    return w.freeze(), ex.events


def run(sc: Scenario, ruleset_id: str | None = None) -> Trace:
    """Resolve a whole run: the path, every event, the outcome."""
    ctx, s = start(sc, ruleset_id)
    events: list[Event] = []
    states: list[tuple[int, State]] = [(0, s)]
    while not s.done:
        try:
            s, evs = step(ctx, s)
        except JudgeError as exc:
            raise exc.located(sc.source) from None
        events.extend(evs)
        states.append((len(events), s))
    return trace_of(ctx, events, s, states)


def trace_of(ctx: Context, events: list[Event], s: State, states: list[tuple[int, State]]) -> Trace:
    """The Trace of a finished run."""
    return Trace.build(ctx.sc, ctx.rs, events, s, _warnings(ctx, events, s), states,
                       placed=ctx.placed, dropped=ctx.dropped, names=ctx.names)


def _warnings(ctx: Context, events: list[Event], s: State) -> list[Event]:
    """What the judge could not read, Corp cards that never reacted because they were never
    rezzed, and actions that never applied: each usually a sign the situation was misread."""
    return (_notices(ctx) + _never_rezzed(ctx, s) + _unapplied(ctx, events, s) + _unused_bids(ctx, s)
            + _encounter_notes(ctx, s))


def _encounter_notes(ctx: Context, s: State) -> list[Event]:
    """What the run did not count, said once after it (not warnings: the answer holds as written)."""
    st = ctx.rs.step(s.step)  # the step the run ended at: the note belongs to the run's end
    return [Event(kind=ACTION, step=st.id, ice=None, occurrence=st.id, side=None, msg=k, args=(), rule=st.rule,
                  extra=()) for k in AFTER_RUN if k in s.said]


def _warning(ctx: Context, msg: str, **args: object) -> Event:
    st = ctx.rs.step(ctx.rs.start)
    return Event(kind=WARNING, step=st.id, ice=None, occurrence=st.id, side=None, msg=msg,
                 args=tuple(args.items()), rule=st.rule, extra=tuple((k, v) for k, v in args.items() if k == "line"))


def _notices(ctx: Context) -> list[Event]:
    return [_warning(ctx, "w_notice", place=path_text(n.path), line=n.line or "?", why=msg(f"engine.notices.{n.what}", text=n.text))
            for n in ctx.sc.notices]


def _never_rezzed(ctx: Context, s: State) -> list[Event]:
    """A Corp card in play whose abilities need it rezzed, never rezzed during the run (unless the
    scenario says it is unrezzed: `rezzed: false` is a choice, not a slip)."""
    out = []
    for c in ctx.sc.placed_cards():
        if c.side != CORP or c.type in ALWAYS_ACTIVE or c.key in s.rezzed_ever or c.rezzed_said:
            continue
        reacting = [a for a in c.abilities if a.when not in ("accessed", "paid")]
        in_play = board.slot_of(s, c.key) is not None or any(c.key in keys for _, keys in s.root) or any(
            c.key in keys for srv, keys in s.contents if srv not in CENTRALS)
        if reacting and (in_play or c in ctx.sc.corp_cards):
            out.append(_warning(ctx, "w_never_rezzed", card=c.key, line=c.line))
    return out


def _unapplied(ctx: Context, events: list[Event], s: State) -> list[Event]:
    """Actions that never applied: usually a sign the judge misread the situation."""
    skipped = {e.occurrence: e for e in events if e.kind == "skip"}
    warned = {e.extra_get("action") for e in events if e.kind == "warning"}
    out: list[Event] = []
    actions = {a.index: a for a in ctx.sc.actions}
    for p in ctx.placed:
        a = actions[p.action]
        if a.index in s.applied or a.index in warned:
            continue
        at, ice = p.step, ctx.names.get(p.ice, p.ice) if p.ice else p.ice  # the card's Title, if any
        occ = occurrence(at, ice, p.time) if ice or ctx.rs.step(at).per_ice else at
        args: Pairs = (("what", a.effects), ("at", occ))
        if occ in skipped:
            msg, args = "warn_unapplied_skipped", args + (("skip_reason", skipped[occ].args_get("reason")),)
        else:
            msg = "warn_unapplied"
        out.append(Event(kind=WARNING, step=at, ice=ice, occurrence=occ, side=a.side, msg=msg, args=args,
                         rule=at, extra=(("action", a.index), ("line", a.line))))
    return out



def _unused_bids(ctx: Context, s: State) -> list[Event]:
    """A trace boost or psi bid that no trace or psi game used (written at a step where none
    resolved), a pick that no pick took (docs/board.md, Picks); one the run never reached is
    already an action never applied."""
    out: list[Event] = []
    for p in ctx.placed:
        a = next(a for a in ctx.sc.actions if a.index == p.action)
        if a.index in s.applied and a.index not in s.sides.used_bids and any(
                e.kind in ("trace_boost", "psi_bid", "pick") for e in a.effects):
            picks = any(e.kind == "pick" for e in a.effects)
            out.append(Event(kind=WARNING, step=p.step, ice=p.ice, occurrence=p.occurrence, side=a.side,
                             msg="w_pick_unused" if picks else "w_bid_unused", args=(("what", a.effects), ("at", p.occurrence)), rule=p.step,
                             extra=(("action", a.index), ("line", a.line))))
    return out
