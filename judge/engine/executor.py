"""One step's work on a Work copy: enter the step, do what it does, take the edge out; events
are collected as it goes. Step handlers (`handlers`), triggers (`triggers`), effects
(`effects`), guards, conditions and access are functions over the `protocol.Executor` this class
satisfies (the type checker verifies it wherever an Exec is handed to them)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ..errors import RunError, ScenarioError
from ..i18n import Msg, msg
from ..rulesets.model import Edge, Kind, Step
from ..scenario import CENTRALS, RUNNER, THAT_ICE, Action, Card, Effect
from . import board
from .context import Context
from .effects import APPLY, Call
from .guards import edge_table, guard_holds, interrupt_table, row_holds
from .handlers import HANDLERS, HOOKS
from .hosted import hosted_for
from .spending import spend_hosted
from .state import ENCOUNTER_FLAGS, Flag, Work
from .strength import strength_of
from .trace import (
    ACTION,
    END,
    ENTER,
    SKIP,
    TRANSITION,
    WARNING,
    Event,
    EventDraft,
    EventKind,
    Pairs,
    occurrence,
)

__all__ = ["Exec", "MAX_STEPS", "MAX_FORCED_DEPTH", "ALWAYS_ACTIVE"]

MAX_STEPS = 400        # a run that enters more steps than this loops
MAX_FORCED_DEPTH = 10  # nested forced encounters
ALWAYS_ACTIVE = ("agenda", "operation", "identity", "event")  # types whose abilities need no rez
_new = object.__new__
_STOP_FLAGS = (Flag.SERVER_GONE, Flag.JACKED_OUT, Flag.RUN_ENDED, Flag.ICE_LEFT, Flag.BYPASSED)
_RUN_OVER = frozenset({Flag.SERVER_GONE, Flag.JACKED_OUT, Flag.RUN_ENDED})


class Exec:
    """The executor of one step: the context, the working state and the events so far."""

    __slots__ = ("ctx", "rs", "w", "events", "depth", "passing", "in_sub", "subject")

    def __init__(self, ctx: Context, w: Work, depth: int = 0) -> None:
        self.ctx, self.rs, self.w = ctx, ctx.rs, w
        self.events: list[Event] = []
        self.depth = depth
        self.passing = False  # inside a pass that happens on an edge (the six-step chart)
        self.in_sub = False   # resolving a subroutine (Banner: subroutines cannot end the run)
        self.subject: str | None = None  # the card rezzed whose rez moments resolve now

    # ---------------------------------------------------------------- events
    def emit(self, kind: EventKind, key: str, st: Step | None = None, side: str | None = None,
             rule: str | None = None, extra: Pairs = (), **args: Any) -> Event:
        w = self.w
        if st is None:
            st = self.rs.step(w.step)
        e = _new(EventDraft)  # trace.make_event written out: the engine's most frequent call
        names = self.ctx.names
        e.kind, e.step, e.side, e.msg = kind, st.id, side, key
        # a card named by an action or an effect is the scenario's card (its Korean title, if any)
        e.args = tuple((k, names.get(v, v) if type(v) is str else v) for k, v in args.items()) if names else \
            tuple(args.items())
        e.rule, e.extra = rule or st.rule, extra if type(extra) is tuple else tuple(extra)
        if st.per_ice and w.ice:
            e.ice = ice = w.ice
            e.occurrence = f"{st.id}@{ice}#{w.visit}" if w.visit > 1 else f"{st.id}@{ice}"  # = occurrence()
        else:
            e.ice = w.ice if st.per_ice else None
            e.occurrence = st.id
        e.__class__ = Event  # type: ignore[assignment]  # EventDraft.freeze written out (see layout)
        event: Event = e  # type: ignore[assignment]
        self.events.append(event)
        return event

    def occ(self, st: Step) -> str:
        return occurrence(st.id, self.w.ice, self.w.visit) if st.per_ice and self.w.ice else st.id

    # ---------------------------------------------------------------- the step
    def do_step(self) -> None:
        st = self.rs.step(self.w.step)
        edge = self.run_step(st)
        if edge is None:
            self.w.done = True
            self.emit(END, "end", st, status=self.status())
            return
        self.take(edge)

    def run_step(self, st: Step) -> Edge | None:
        """Enter a step, do what it does, and pick the edge out of it (None at an end step)."""
        self.enter(st)
        HANDLERS[st.does](self, st)
        return None if st.kind is Kind.END else self.choose(st)

    def enter(self, st: Step) -> None:
        w = self.w
        w.entered += 1
        if w.entered > MAX_STEPS:
            raise RunError("loops", n=MAX_STEPS)
        if st.does == "approach_ice":
            self.select_ice()
        elif st.does == "approach_position" and Flag.APPROACH_AGAIN in w.flags:
            w.flags -= {Flag.APPROACH_AGAIN}  # the same ice again: a new occurrence (#2)
            w.visit = board.visit(w, board.ice_now(w))
        w.declined = frozenset()  # "I do not use it" is said at one step
        if st.kind is Kind.END and w.label is None:
            w.label = self.status()  # the run is labelled when it ends; later effects cannot change it
        ice = w.ice if st.per_ice else None
        if st.does == "pass_ice" and ice is None:
            self.emit(ENTER, "vacuous_pass", st, name=st.id)
        else:
            self.emit(ENTER, "enter_ice" if ice else "enter", st, name=st.id, ice=ice or "")

    def choose(self, st: Step) -> Edge:
        gates, rows, ungated = edge_table(self.rs, st.id)
        for row in (ungated if self.w.flags.isdisjoint(gates) else rows):
            if row_holds(self, row):
                return row[0]
        raise RunError("no_edge", step=st.id, rs=self.rs.id)

    def take(self, e: Edge, enter_next: bool = True) -> None:
        w, rs = self.w, self.rs
        src = rs.step(e.src)
        src_occ = self.occ(src)
        if e.then:
            HOOKS[e.then](self, src)
            if guard_holds(self, "approach_again") and e.dst != self.rs.approach_step and self.rs.approach_step:
                # "Approach that ice again" set while passing on the edge: back to the approach.
                e = Edge(e.src, self.rs.approach_step, "approach_again")
        if e.skip:
            for sid in self.rs.skipped_by(e):
                sk = self.rs.step(sid)
                ev = self.emit(SKIP, "skip", sk, reason=e.skip, step_id=sid)
                self.check_skipped_actions(sk, ev.occurrence, e.skip)
        if not enter_next:
            return
        w.step = e.dst
        self.emit(TRANSITION, "transition", src, guard=e.guard, src=src_occ,
                  dst=e.dst, extra=(("edge", e.id), ("to", e.dst)))

    def check_skipped_actions(self, st: Step, occ: str, reason: str) -> None:
        """A jack out written for a step the run skips is refused unless a card grants it."""
        for a in self.ctx.actions_at(st.id, self.w.ice if st.per_ice else None, self.w.visit):
            if any(e.kind == "jack_out" for e in a.effects) and not a.granted_by and not any(
                    e.opt("granted_by") for e in a.effects):
                why = msg(f"engine.skips.{reason}", ice=self.w.ice or "")
                raise ScenarioError("jack_out_skipped", occ=occ, why=why, where=a.where, line=a.line, source=self.ctx.sc.source)

    def forced_encounter(self, key: str, side: str, st: Step) -> None:
        """Walk the encounter part of the graph for `key`, then resume the step that was interrupted
        (CR 6.5.9); the interrupted encounter keeps what was broken and resolved (NSG 6.9.3c/d)."""
        w, rs = self.w, self.rs
        if self.depth >= MAX_FORCED_DEPTH:
            raise RunError("forced_too_deep", n=MAX_FORCED_DEPTH)
        saved = (w.step, w.ice, w.visit, w.broken, w.resolved_subs, w.flags & ENCOUNTER_FLAGS)
        enc_resolved = w.enc_resolved  # the interrupted encounter's count of resolved subroutines (Persephone)
        w.ice, w.visit, w.step = key, board.visit(w, key), rs.encounter_entry
        w.flags -= ENCOUNTER_FLAGS
        self.emit(ACTION, "forced_now", st, side=side, ice=key)
        phase = rs.step(rs.encounter_entry).phase
        self.depth += 1
        try:
            while True:
                edge = self.run_step(rs.step(w.step))
                if edge is None or rs.step(edge.dst).phase != phase:
                    if edge is not None:
                        self.take(edge, enter_next=False)  # its skips, not the step it leads to
                    break
                self.take(edge)
        finally:
            self.depth -= 1
        w.step, w.ice, w.visit, w.broken, w.resolved_subs, flags = saved
        w.enc_resolved = enc_resolved
        w.flags = (w.flags - ENCOUNTER_FLAGS) | flags
        back = rs.step(w.step)
        if not self.interrupted(back):
            self.emit(ACTION, "return_forced", back, ice=key, step=self.occ(back))

    def select_ice(self) -> None:
        """Step 2: the outermost ice not yet approached, inward of the Runner (or the same again)."""
        w = self.w
        pos, again = w.pos, board.pos_ice(w) if Flag.APPROACH_AGAIN in w.flags else None
        moved = Flag.RUNNER_MOVED in w.flags and pos is not None
        if moved and pos is not None:  # moved to a server's outermost position: approach that ice
            w.flags -= {Flag.RUNNER_MOVED}
            server, sid = pos
            ice = board.ice_now(w)
        elif again is not None and pos is not None:
            w.flags -= {Flag.APPROACH_AGAIN}
            server, sid = pos
            ice = again
        elif pos is None:
            server = w.server
            first = next(((s, i) for s, i in board.slots_of(w, server) if i), None)
            if first is None:
                raise RunError("nothing_to_approach", server=server)
            sid, ice = first
        else:
            w.flags -= {Flag.APPROACH_AGAIN}  # the ice it named has gone: nothing to approach again
            server = pos[0]
            nxt = board.next_inward(w)
            if nxt is None:
                raise RunError("no_ice_left")
            sid, ice = nxt
        w.flags -= {Flag.ICE_LEFT, Flag.BYPASSED}
        w.pos = (server, sid)
        w.ice = ice
        if not moved:
            w.visit = board.visit(w, ice)
        w.approaches += 1
        w.approached += (ice,)

    # ---------------------------------------------------------------- what holds now
    def interrupted(self, st: Step, in_window: bool = False) -> bool:
        """An interrupt edge out of this step now holds: the rest of the step is abandoned (in a
        paid ability window, interrupts that let the window complete do not stop it)."""
        gates, rows = interrupt_table(self.rs, st.id)
        if gates is not None and self.w.flags.isdisjoint(gates):
            return False  # none of the flags an interrupt needs is set: the usual case, no guard called
        for row in rows:
            it = row[0]
            if self.passing and it.guard.partition("&")[0] in ("bypassed", "ice_left"):
                continue  # passing the ice on the way out is what that interrupt does
            if row_holds(self, row):
                if in_window and it.completes_window:
                    continue
                return True
        return False

    def in_play(self, key: str) -> bool:
        """A card is installed in a server, or is one of the players' cards in play (the Runner's
        rig, the Corp's cards outside servers), and has not left."""
        if board.installed(self.w, key):
            return True
        sc = self.ctx.sc
        return key not in self.w.removed and any(c.key == key for c in sc.runner_cards + sc.corp_cards)

    def active(self, card: Card) -> bool:
        """A card whose abilities can trigger: Runner cards, rezzed Corp cards, agendas, ... (not a
        card that lost its abilities: `blank`, or the root's cards under Light the Fire!)"""
        if card.key in self.w.removed or card.key in self.w.blanked or board.blanked(self.w, card.key):
            return False
        if card.type == "identity" and self._identities_blank():
            return False
        if card.side == RUNNER:
            return True
        if card.type in ALWAYS_ACTIVE:
            # an agenda installed in a server is not scored yet: its abilities wait (a scored one is
            # listed under corp.cards)
            return not (card.type == "agenda" and board.installed(self.w, card.key))
        return card.key in self.w.rezzed

    def _identities_blank(self) -> bool:
        """The card that made the run says, as a `static` ability, `forbid: identity_abilities`:
        while it resolves (the whole run) both identities have no abilities (Direct Access)."""
        by = self.ctx.cards.get(self.ctx.sc.by) if self.ctx.sc.by else None
        return by is not None and any(ab.when == "static" and any(e.kind == "forbid" and e.arg == "identity_abilities"
                                                                   for e in ab.effects) for ab in by.abilities)

    def run_over(self) -> bool:
        """The run has ended (an effect ended it, the Runner jacked out, or its server is gone),
        though the step that saw it may still be finishing."""
        return not self.w.flags.isdisjoint(_RUN_OVER)

    def stop_reason(self) -> str:
        """Why pending items were dropped (a key of `engine.stops`)."""
        return next((str(f) for f in _STOP_FLAGS if f in self.w.flags), "step_ended")

    def success_blocker(self) -> Msg | None:
        """Why the run cannot be declared successful (Crisium Grid style), or None."""
        w = self.w
        if Flag.NO_SUCCESS in w.flags:
            return msg("engine.blockers.says_so", who=w.no_success_by) if w.no_success_by else \
                msg("engine.blockers.effect")
        srv = w.server
        cards = [self.ctx.cards[k] for k in board.cards_in(w.root, srv) + board.cards_in(w.contents, srv)]
        cards += [self.ctx.cards[i] for _, i in board.slots_of(w, srv) if i]
        cards += list(self.ctx.sc.corp_cards) + list(self.ctx.sc.runner_cards)
        for c in cards:
            if self.active(c) and any(ab.when == "static" and any(e.kind == "no_success" for e in ab.effects)
                                      for ab in c.abilities):
                return msg("engine.blockers.active", card=c.key, server=srv)
        return None

    def status(self) -> str:
        if self.w.label is not None:
            return self.w.label
        f = self.w.flags
        if Flag.DECLARED in f:
            return "successful"
        if (Flag.JACKED_OUT in f or Flag.RUN_ENDED in f) and Flag.REACHED_SUCCESS not in f \
                and Flag.SERVER_GONE not in f:
            return "unsuccessful"
        return "neither"

    # ---------------------------------------------------------------- money
    def can_pay(self, n: int, purpose: str = "pay") -> bool:
        """`purpose`: "pay" (a cost or a toll, a boost, a bid) or "trash" (a trash cost at access);
        credits hosted on cards that may pay for it count too (`encounter.hosted_for`)."""
        return self.w.bp_credits + self.w.credits + sum(n for _, n in hosted_for(self, purpose)) >= n

    def spend(self, n: int, purpose: str = "pay") -> None:
        """Credits hosted on cards that may pay for it first (they are the Runner's to spend only
        now), then bad publicity credits (spec, open point 10), then the pool."""
        self.w.spent = (self.w.spent[0] + n, self.w.spent[1])
        n -= spend_hosted(self, n, purpose)
        from_bp = min(n, self.w.bp_credits)
        self.w.bp_credits -= from_bp
        self.w.bp_spent += from_bp
        self.w.credits -= n - from_bp

    # ---------------------------------------------------------------- effects
    def apply(self, e: Effect, side: str, st: Step, source: str | None, action: Action | None = None) -> bool:
        """Resolve one effect, then see whether the attacked remote server still exists. False when
        the effect was a cost that could not be paid (what follows it in its list does not happen)."""
        if e.arg == THAT_ICE or (isinstance(e.arg, tuple) and THAT_ICE in e.arg):
            ice = self.that_ice()
            if ice is None:
                self.emit(WARNING, "w_no_ice_now", st, side=side, what=e.kind)
                return True
            arg = ice if e.arg == THAT_ICE else tuple(ice if a == THAT_ICE else a for a in e.arg)
            e = replace(e, arg=arg)
        done = APPLY[e.kind](Call(self, e, side, st, source, action)) is not False
        self.check_strength_trash(st)
        self.check_server()
        return done

    def strength(self, key: str) -> int | None:
        return strength_of(self, key)

    def that_ice(self) -> str | None:
        """The ice of the moment: the ice rezzed while its rez moments resolve, else the ice
        approached, encountered or passed."""
        if self.subject is not None and self.ctx.cards[self.subject].is_ice:
            return self.subject
        return self.w.ice

    def check_strength_trash(self, st: Step) -> None:
        """Ice a static `trash_at_zero` names is trashed as soon as its strength is 0 or less (Parasite's host)."""
        for holder in self.ctx.sc.runner_cards:
            if not self.active(holder) or not self.in_play(holder.key):
                continue
            for ab in holder.abilities:
                for e in ab.effects if ab.when == "static" else ():
                    if e.kind == "trash_at_zero" and isinstance(e.arg, str) and board.slot_of(self.w, e.arg):
                        now = strength_of(self, e.arg)
                        if now is not None and now <= 0:
                            self.emit(ACTION, "strength_zero_trash", st, side=RUNNER, card=e.arg, by=holder.key)
                            self.apply(Effect("trash", e.arg), RUNNER, st, holder.key)

    def resolve(self, effects: Iterable[Effect], side: str, st: Step, source: str | None = None,
                action: Action | None = None) -> bool:
        """Effects in order, all of them: an ability resolves completely even when an earlier part
        ends the run or makes the ice leave (the interrupt takes effect after it). A cost that
        cannot be paid stops the rest of its list: the effect it pays for does not happen."""
        for e in effects:
            if not self.apply(e, side, st, source, action):
                return False
        return True

    @property
    def active_side(self) -> str:
        """The player whose turn it is: their simultaneous abilities resolve first, and they receive
        priority first in a paid ability window (CR 9.2.7a, 9.2.8b)."""
        return self.ctx.sc.turn

    def allowed(self, what: str) -> str | None:
        """The card that allows something this run (`allow: jack_out`), if one does."""
        here = f"{what}@{self.occ(self.rs.step(self.w.step))}"
        return next((who for w, who in self.w.allowed if w in (what, here)), None)

    def forbidden(self, *what: str) -> str | None:
        """The card that forbids something this run (`forbid: rez_ice`), if one does."""
        return next((who for w, who in self.w.forbidden if w in what), None)

    def check_server(self) -> None:
        """A remote server with no cards left ceases to exist (the run then ends, neither)."""
        w = self.w
        if w.server in CENTRALS or Flag.SERVER_GONE in w.flags:
            return
        if not board.has_ice(w, w.server) and not board.cards_in(w.root, w.server) \
                and not board.cards_in(w.contents, w.server):
            w.flags |= {Flag.SERVER_GONE}
            self.emit(ACTION, "server_ceased", server=w.server)
