"""The pure stepping engine: walk a ruleset's graph over a scenario, producing a trace."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import rulesets
from .errors import JudgeError, RunError, ScenarioError
from .i18n import SKIPS
from .rulesets.model import Edge, Kind, Ruleset, Step
from .scenario import CENTRALS, Action, Card, Effect, Scenario
from .state import State, Work
from .trace import Event, Trace, occurrence

__all__ = ["Context", "start", "step", "run", "GUARDS", "HANDLERS", "MAX_STEPS"]

MAX_STEPS = 400        # a run that enters more steps than this loops
MAX_FORCED_DEPTH = 10  # nested forced encounters
RUNNER, CORP = "runner", "corp"
_ENCOUNTER_FLAGS = ("bypassed", "ice_left", "encountering")
_ALWAYS_ACTIVE = ("agenda", "operation", "identity", "event")


@dataclass
class Context:
    """What does not change during a run: the scenario, its ruleset and its action index."""

    sc: Scenario
    rs: Ruleset
    cards: dict[str, Card]
    actions: dict[tuple, list[Action]] = field(default_factory=dict)

    def actions_at(self, step_id: str, ice: str | None, visit: int) -> list[Action]:
        return self.actions.get((step_id, ice, visit if ice else 1), [])


def start(sc: Scenario, ruleset_id: str | None = None) -> tuple[Context, State]:
    """The context and the state before step 1."""
    rs = rulesets.get(ruleset_id or sc.ruleset)
    ctx = Context(sc=sc, rs=rs, cards=sc.all_cards())
    for a in sc.actions:
        at = placed_at(sc, a, rs.id)
        if at is None:
            continue
        if at not in rs.step_ids:
            raise ScenarioError(f"{at!r} is not a step of {rs.id}", where=a.where + ".at", line=a.line,
                                source=sc.source)
        ctx.actions.setdefault((at, a.ice_for(rs.id), a.time), []).append(a)
    slots, sid = {}, 0
    for name, srv in sc.servers.items():
        slots[name] = []
        for c in srv.ice:
            slots[name].append((sid, c.key))
            sid += 1
    rezzed = {c.key for c in ctx.cards.values() if c.rezzed}
    s = State(
        step=rs.start, server=sc.server,
        slots=tuple((k, tuple(v)) for k, v in slots.items()),
        root=tuple((k, tuple(c.key for c in srv.root)) for k, srv in sc.servers.items()),
        contents=tuple((k, tuple(c.key for c in srv.cards)) for k, srv in sc.servers.items()),
        next_sid=sid, rezzed=frozenset(rezzed), credits=sc.credits)
    return ctx, s


def placed_at(sc: Scenario, a: Action, ruleset_id: str) -> str | None:
    """The step of an action under a rule set: given per rule set, or a plain `at` carried through
    the translation table; an action that cannot be carried is an error naming why."""
    if not isinstance(a.at, str) or ruleset_id == sc.ruleset:
        return a.at_for(ruleset_id)
    from .translate import carry

    target, why = carry(sc.ruleset, a.at, ruleset_id)
    if target is None:
        raise ScenarioError(f"cannot be placed under {ruleset_id}: {why}; give `at` per rule set, "
                            f"like at: {{{sc.ruleset}: \"{a.at}\", {ruleset_id}: ...}}",
                            where=a.where + ".at", line=a.line, source=sc.source)
    return target


def step(ctx: Context, s: State) -> tuple[State, list[Event]]:
    """Enter the current step, do what it does, and move along the first edge whose guard holds."""
    if s.done:
        return s, []
    w = Work.thaw(s)
    ex = _Exec(ctx, w)
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
        for e in evs:
            events.append(e)
        states.append((len(events), s))
    return Trace.build(ctx.sc, ctx.rs, events, s, _warnings(ctx, events, s), states)


def _warnings(ctx: Context, events: list[Event], s: State) -> list[Event]:
    """Actions that never applied: usually a sign the judge misread the situation."""
    skipped = {e.occurrence: e for e in events if e.kind == "skip"}
    out: list[Event] = []
    for a in ctx.sc.actions:
        at = placed_at(ctx.sc, a, ctx.rs.id)
        if at is None or a.index in s.applied:
            continue
        ice = a.ice_for(ctx.rs.id)
        occ = occurrence(at, ice, a.time) if ice or ctx.rs.step(at).per_ice else at
        if any(e.kind == "warning" and e.extra_get("action") == a.index for e in events):
            continue
        args: tuple = (("what", a.effects), ("at", occ))
        if occ in skipped:
            msg, args = "warn_unapplied_skipped", args + (("skip_reason", skipped[occ].args_get("reason")),)
        else:
            msg = "warn_unapplied"
        out.append(Event(kind="warning", step=at, ice=ice, occurrence=occ, side=a.side,
                         msg=msg, args=args,
                         rule=at, extra=(("action", a.index), ("line", a.line))))
    return out


# ------------------------------------------------------------------------------------------

def _g(flag: str):
    return lambda x: flag in x.w.flags


def guard_holds(x, name: str) -> bool:
    """A guard name, or several joined by "&", evaluated on the run."""
    return all(GUARDS[g](x) for g in name.split("&"))


def _unresolved_sub(x) -> bool:
    card = x.ctx.cards.get(x.w.ice)
    if card is None or "ice_left" in x.w.flags:
        return False
    done = x.w.resolved_subs
    return any(n not in x.w.broken and n not in done for n in range(1, len(card.subroutines) + 1))


GUARDS = {
    "always": lambda x: True,
    "ice_protects_server": lambda x: x.has_ice(x.w.server),
    "no_ice": lambda x: not x.has_ice(x.w.server),
    "first_approach": lambda x: x.w.approaches <= 1,
    "not_first_approach": lambda x: x.w.approaches > 1,
    "jacked_out": _g("jacked_out"),
    "continues": lambda x: "jacked_out" not in x.w.flags,
    "ice_rezzed": lambda x: x.current_in_place() and x.w.ice in x.w.rezzed,
    "ice_unrezzed": lambda x: not (x.current_in_place() and x.w.ice in x.w.rezzed),
    "run_ended": _g("run_ended"),
    # "Approach that ice again" needs the ice still in the position just passed.
    "approach_again": lambda x: "approach_again" in x.w.flags and x.pos_ice() is not None,
    "more_ice_inward": lambda x: x.next_inward() is not None,
    "no_more_ice": lambda x: x.next_inward() is None,
    "server_gone": _g("server_gone"),
    "ice_left": _g("ice_left"),
    "bypassed": _g("bypassed"),
    "runner_moved": _g("runner_moved"),
    "has_position": lambda x: x.w.pos is not None and x.w.ice is not None,
    "no_position": lambda x: x.w.pos is None or x.w.ice is None,
    "unresolved_subroutine": _unresolved_sub,
}


class _Exec:
    """One step's work on a Work copy; collects events."""

    def __init__(self, ctx: Context, w: Work, depth: int = 0) -> None:
        self.ctx, self.rs, self.w = ctx, ctx.rs, w
        self.events: list[Event] = []
        self.depth = depth
        self.passing = False  # inside a pass that happens on an edge (the six-step chart)

    # ---------------------------------------------------------------- events
    def emit(self, kind: str, key: str, st: Step | None = None, side: str | None = None,
             rule: str | None = None, extra: tuple = (), **args) -> Event:
        st = st or self.rs.step(self.w.step)
        ice = self.w.ice if st.per_ice else None
        e = Event(kind=kind, step=st.id, ice=ice,
                  occurrence=occurrence(st.id, ice, self.w.visit) if ice else st.id,
                  side=side, msg=key, args=tuple(args.items()), rule=rule or st.rule,
                  extra=tuple(extra))
        self.events.append(e)
        return e

    # ---------------------------------------------------------------- board queries
    def slots(self, server: str) -> list:
        return self.w.slots.setdefault(server, [])

    def has_ice(self, server: str) -> bool:
        return any(ice for _, ice in self.slots(server))

    def slot_of(self, key: str) -> tuple[str, int] | None:
        for server, sl in self.w.slots.items():
            for i, (_, ice) in enumerate(sl):
                if ice == key:
                    return server, i
        return None

    def pos_ice(self) -> str | None:
        """The ice in the Runner's position now, if any."""
        if self.w.pos is None:
            return None
        server, sid = self.w.pos
        return next((ice for s, ice in self.slots(server) if s == sid), None)

    def current_in_place(self) -> bool:
        """The current ice still sits in the Runner's position."""
        if self.w.pos is None or self.w.ice is None:
            return False
        server, sid = self.w.pos
        return any(s == sid and ice == self.w.ice for s, ice in self.slots(server))

    def next_inward(self) -> tuple[int, str] | None:
        """The next position inward of the Runner that holds ice."""
        if self.w.pos is None:
            return None
        server, sid = self.w.pos
        sl = self.slots(server)
        idx = next((i for i, (s, _) in enumerate(sl) if s == sid), None)
        if idx is None:
            return None
        for s, ice in sl[idx + 1:]:
            if ice:
                return s, ice
        return None

    def installed(self, key: str) -> bool:
        if self.slot_of(key):
            return True
        return any(key in v for v in self.w.root.values()) or any(
            key in v for v in self.w.contents.values())

    def active(self, card: Card) -> bool:
        """A card whose abilities can trigger: Runner cards, rezzed Corp cards, agendas, ..."""
        if card.key in self.w.removed:
            return False
        if card.side == RUNNER:
            return True
        if card.type in _ALWAYS_ACTIVE:
            return True
        return card.key in self.w.rezzed

    def interrupted(self, st: Step, in_window: bool = False) -> bool:
        """An interrupt edge out of this step now holds: the rest of the step is abandoned (in a
        paid ability window, interrupts that let the window complete do not stop it)."""
        for it in self.rs.interrupts:
            if st.id in it.sources and guard_holds(self, it.guard):
                if in_window and it.completes_window:
                    continue
                return True
        return False

    # ---------------------------------------------------------------- the step
    def do_step(self) -> None:
        st = self.rs.step(self.w.step)
        edge = self.run_step(st)
        if edge is None:
            self.w.done = True
            self.emit("end", "end", st, status=self.status())
            return
        self.take(edge)

    def run_step(self, st: Step) -> Edge | None:
        """Enter a step, do what it does, and pick the edge out of it (None at an end step)."""
        self.enter(st)
        HANDLERS[st.does](self, st)
        return None if st.kind is Kind.END else self.choose(st)

    def forced_encounter(self, key: str, side: str, st: Step) -> None:
        """Walk the encounter part of the graph for `key`, then resume the step that was interrupted
        (CR 6.5.9); the interrupted encounter keeps what was broken and resolved (NSG 6.9.3c/d)."""
        w, rs = self.w, self.rs
        if self.depth >= MAX_FORCED_DEPTH:
            raise RunError("forced encounters nest more than 10 deep: the scenario loops")
        saved = (w.step, w.ice, w.visit, set(w.broken), list(w.resolved_subs),
                 {f for f in w.flags if f in _ENCOUNTER_FLAGS})
        w.ice, w.visit, w.step = key, self.visit(key), rs.encounter_entry
        w.flags -= set(_ENCOUNTER_FLAGS)
        self.emit("action", "forced_now", st, side=side, ice=key)
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
        w.flags -= set(_ENCOUNTER_FLAGS)
        w.flags |= flags
        back = rs.step(w.step)
        if not self.interrupted(back):
            self.emit("action", "return_forced", back, ice=key, step=self.occ(back))

    def enter(self, st: Step) -> None:
        w = self.w
        w.entered += 1
        if w.entered > MAX_STEPS:
            raise RunError(f"the run did not end within {MAX_STEPS} steps: it loops (an ability "
                           "that sends the Runner back without `first: true`?)")
        if st.does == "approach_ice":
            self.select_ice()
        elif st.does == "approach_position" and "approach_again" in w.flags:
            w.flags.discard("approach_again")  # the same ice again: a new occurrence (#2)
            w.visit = self.visit(w.ice)
        if st.kind is Kind.END and w.label is None:
            w.label = self.status()  # the run is labelled when it ends; later effects cannot change it
        ice = w.ice if st.per_ice else None
        if st.does == "pass_ice" and ice is None:
            self.emit("enter", "vacuous_pass", st, name=st.id)
        else:
            self.emit("enter", "enter_ice" if ice else "enter", st, name=st.id, ice=ice or "")

    def choose(self, st: Step) -> Edge:
        for e in self.rs.out_edges(st.id):
            if guard_holds(self, e.guard):
                return e
        raise RunError(f"no edge out of {st.id} applies (a bug in ruleset {self.rs.id})")

    def take(self, e: Edge, enter_next: bool = True) -> None:
        w = self.w
        src_occ = self.occ(self.rs.step(e.src))
        if e.then:
            HOOKS[e.then](self, self.rs.step(e.src))
            if guard_holds(self, "approach_again") and e.dst != self.rs.approach_step and self.rs.approach_step:
                # "Approach that ice again" set while passing on the edge: back to the approach.
                e = Edge(e.src, self.rs.approach_step, "approach_again")
        if e.skip:
            for sid in self.rs.skipped_by(e):
                sk = self.rs.step(sid)
                ev = self.emit("skip", "skip", sk, reason=e.skip, step_id=sid,
                               reason_text=_reason(e.skip, w.ice or ""))
                self.check_skipped_actions(sk, ev.occurrence, e.skip)
        if not enter_next:
            return
        w.step = e.dst
        self.emit("transition", "transition", self.rs.step(e.src), guard=e.guard, src=src_occ,
                  dst=e.dst, extra=(("edge", e.id), ("to", e.dst)))

    def occ(self, st: Step) -> str:
        return occurrence(st.id, self.w.ice, self.w.visit) if st.per_ice and self.w.ice else st.id

    def check_skipped_actions(self, st: Step, occ: str, reason: str) -> None:
        for a in self.ctx.actions_at(st.id, self.w.ice if st.per_ice else None, self.w.visit):
            if any(e.kind == "jack_out" for e in a.effects) and not a.granted_by and not any(
                    e.opt("granted_by") for e in a.effects):
                raise ScenarioError(
                    f"the Runner cannot jack out at {occ}: {_reason(reason, self.w.ice or '')}. "
                    "Only a card that grants it (granted_by: <card>) allows a jack out there",
                    where=a.where, line=a.line, source=self.ctx.sc.source)

    # ---------------------------------------------------------------- positions
    def visit(self, key: str) -> int:
        n = dict(self.w.visits).get(key, 0) + 1
        self.w.visits[key] = n
        return n

    def select_ice(self) -> None:
        """Step 2: the outermost ice not yet approached, inward of the Runner (or the same again)."""
        w = self.w
        moved = "runner_moved" in w.flags and w.pos is not None
        if moved:  # moved to a server's outermost position: approach that ice
            w.flags.discard("runner_moved")
            server, sid = w.pos
            ice = w.ice
        elif "approach_again" in w.flags and self.pos_ice() is not None:
            w.flags.discard("approach_again")
            server, sid = w.pos
            ice = self.pos_ice()
        elif w.pos is None:
            server = w.server
            first = next(((s, i) for s, i in self.slots(server) if i), None)
            if first is None:
                raise RunError(f"no ice protects {server} to approach")
            sid, ice = first
        else:
            w.flags.discard("approach_again")  # the ice it named has gone: nothing to approach again
            server = w.pos[0]
            nxt = self.next_inward()
            if nxt is None:
                raise RunError("no ice is left to approach")
            sid, ice = nxt
        w.flags.discard("ice_left")
        w.flags.discard("bypassed")
        w.pos = (server, sid)
        w.ice = ice
        if not moved:
            w.visit = self.visit(ice)
        w.approaches += 1
        w.approached.append(ice)

    # ---------------------------------------------------------------- money
    def can_pay(self, n: int) -> bool:
        return self.w.bp_credits + self.w.credits >= n

    def spend(self, n: int) -> None:
        """Bad publicity credits are spent first (spec, open point 10)."""
        from_bp = min(n, self.w.bp_credits)
        self.w.bp_credits -= from_bp
        self.w.bp_spent += from_bp
        self.w.credits -= n - from_bp

    # ---------------------------------------------------------------- resolving
    def abilities(self, when: str, accessed: str | None = None) -> dict[str, list]:
        """Abilities that trigger now, by side, in the order written (Runner resolves first)."""
        w = self.w
        out: dict[str, list] = {RUNNER: [], CORP: []}
        if when == "unsuccessful" and self.status() != "unsuccessful":
            return out
        ice_moment = when in ("approached", "encountered", "passed")
        sc = self.ctx.sc
        cands: list[Card] = list(sc.runner_cards) + list(sc.corp_cards)
        srv = w.server
        cands += [self.ctx.cards[k] for k in w.root.get(srv, [])]
        if srv not in CENTRALS:  # cards in HQ, R&D and Archives are not in play: only "when accessed"
            cands += [self.ctx.cards[k] for k in w.contents.get(srv, [])]
        if ice_moment and w.ice:
            cands.append(self.ctx.cards[w.ice])
        if when == "accessed" and accessed and self.ctx.cards[accessed] not in cands:
            cands.append(self.ctx.cards[accessed])
        for card in cands:
            for i, ab in enumerate(card.abilities):
                if ab.when != when:
                    continue
                if card.is_ice and ice_moment and card.key != w.ice:
                    continue  # an ability printed on ice reacts to that ice's moments only
                if when == "accessed" and card.is_ice and card.key != accessed:
                    continue
                if when == "accessed":
                    if card.key == accessed:
                        pass  # "when accessed" on the card itself works even unrezzed
                    elif not self.active(card):
                        continue
                elif not self.active(card):
                    continue
                if ab.ice is not None and ab.ice != w.ice:
                    continue
                if when == "if_successful" and card.key != sc.by:
                    continue
                if ab.first and (card.key, i) in w.used_first:
                    continue
                out[card.side].append((card, i, ab))
        return out

    def resolve_moments(self, st: Step, moments: tuple[str, ...], accessed: str | None = None,
                        with_actions: bool = True) -> None:
        """Triggered abilities moment by moment, Runner first; this step's actions go with the
        first moment. Items still pending when the step is interrupted are dropped."""
        items: list = []
        acts = self.pending_actions(st) if with_actions else []
        if st.one_window and moments:
            # One reaction window for every moment (NSG success): the Runner's, then the Corp's.
            order = {k: n for n, k in enumerate(self.ctx.cards)}
            pend = {RUNNER: [], CORP: []}
            for when in moments:
                for side, found in self.abilities(when, accessed).items():
                    pend[side] += [("ability", when, x) for x in found]
            for side in (RUNNER, CORP):
                # the order the scenario lists the cards in stands for the order the player chose
                pend[side].sort(key=lambda it: (order[it[2][0].key], it[2][1]))
            items = pend[RUNNER] + [("action", None, a) for a in acts if a.side == RUNNER]
            items += pend[CORP] + [("action", None, a) for a in acts if a.side == CORP]
            moments = ()
        for n, when in enumerate(moments):
            ab = self.abilities(when, accessed)
            items += [("ability", when, x) for x in ab[RUNNER]]
            if n == 0:
                items += [("action", None, a) for a in acts if a.side == RUNNER]
            items += [("ability", when, x) for x in ab[CORP]]
            if n == 0:
                items += [("action", None, a) for a in acts if a.side == CORP]
        if not moments and not items:
            items = [("action", None, a) for a in acts if a.side == RUNNER] + [
                ("action", None, a) for a in acts if a.side == CORP]
        for n, (what, when, x) in enumerate(items):
            if self.interrupted(st):
                self.drop(items[n:], st)
                return
            if what == "ability":
                self.fire(st, when, *x)
            else:
                self.apply_action(x, st)

    def drop(self, items: list, st: Step) -> None:
        why = self.stop_reason()
        for what, when, x in items:
            if what == "ability":
                card, _, ab = x
                self.emit("trigger", "trigger_dropped", st, side=card.side, card=card.key,
                          when=when, why=why, extra=(("card", card.key), ("when", when),
                                                     ("resolved", False)))
            else:
                self.emit("warning", "warn_dropped_action", st, side=x.side, what=x.effects,
                          why=why, extra=(("action", x.index), ("line", x.line)))

    def stop_reason(self) -> str:
        """Why pending items were dropped (a key of i18n.STOPS)."""
        for flag in ("server_gone", "jacked_out", "run_ended", "ice_left", "bypassed"):
            if flag in self.w.flags:
                return flag
        return "step_ended"

    def fire(self, st: Step, when: str, card: Card, i: int, ab) -> None:
        w = self.w
        if ab.first:
            w.used_first.add((card.key, i))
        if when == "if_successful" and ab.server is not None and ab.server != w.server:
            self.emit("trigger", "trigger_unmet", st, side=card.side, card=card.key, when=when,
                      named=ab.server, server=w.server,
                      extra=(("card", card.key), ("when", when), ("resolved", False)))
            return
        w.triggered.append(f"{card.key}: {when}")
        self.emit("trigger", "trigger", st, side=card.side, card=card.key, when=when,
                  effect=tuple(ab.effects),
                  extra=(("card", card.key), ("when", when), ("resolved", True)))
        for e in ab.effects:
            self.apply(e, card.side, st, source=card.key)
            if self.interrupted(st) or "ice_left" in w.flags and st.does == "resolve_subroutines":
                break

    def pending_actions(self, st: Step) -> list[Action]:
        ice = self.w.ice if st.per_ice else None
        return [a for a in self.ctx.actions_at(st.id, ice, self.w.visit) if a.index not in self.w.applied]

    def apply_action(self, a: Action, st: Step) -> None:
        w = self.w
        for e in a.effects:
            if e.kind == "jack_out" and "declared" in w.flags:
                raise ScenarioError("the Runner cannot jack out after the run was declared successful",
                                    where=a.where, line=a.line, source=self.ctx.sc.source)
            if e.kind == "rez":
                card = self.ctx.cards[e.arg]
                granted = a.granted_by or e.opt("granted_by")
                if card.is_ice and not granted and e.arg != w.ice:
                    raise ScenarioError(
                        f"only the approached ice can be rezzed at {self.occ(st)}: {e.arg} is not "
                        f"the ice being approached ({w.ice})", where=a.where, line=a.line,
                        source=self.ctx.sc.source)
        w.applied.add(a.index)
        self.emit("action", "action", st, side=a.side, effect=a.effects,
                  extra=(("action", a.index), ("line", a.line)))
        for e in a.effects:
            self.apply(e, a.side, st, source=None, action=a)
            if self.interrupted(st, in_window=st.kind is Kind.PAW):
                break

    # ---------------------------------------------------------------- effects
    def apply(self, e: Effect, side: str, st: Step, source: str | None, action: Action | None = None) -> None:
        APPLY[e.kind](self, e, side, st, source, action)
        self.check_server()

    def check_server(self) -> None:
        """A remote server with no cards left ceases to exist (the run then ends, neither)."""
        w = self.w
        if w.server in CENTRALS or "server_gone" in w.flags:
            return
        if not self.has_ice(w.server) and not w.root.get(w.server) and not w.contents.get(w.server):
            w.flags.add("server_gone")
            self.emit("action", "server_ceased", server=w.server)

    def success_blocker(self) -> str | None:
        """Why the run cannot be declared successful (Crisium Grid style), or None."""
        w = self.w
        if "no_success" in w.flags:
            return w.no_success_by or "an effect says so"
        srv = w.server
        cards = [self.ctx.cards[k] for k in w.root.get(srv, []) + w.contents.get(srv, [])]
        cards += [self.ctx.cards[i] for _, i in self.slots(srv) if i]
        cards += list(self.ctx.sc.corp_cards) + list(self.ctx.sc.runner_cards)
        for c in cards:
            if self.active(c) and any(ab.when == "static" and any(e.kind == "no_success" for e in ab.effects)
                                      for ab in c.abilities):
                return f"{c.key} is active on {srv}"
        return None

    def status(self) -> str:
        if self.w.label is not None:
            return self.w.label
        f = self.w.flags
        if "declared" in f:
            return "successful"
        if ({"jacked_out", "run_ended"} & f) and "reached_success" not in f and "server_gone" not in f:
            return "unsuccessful"
        return "neither"


def _reason(key: str, ice: str) -> str:
    return SKIPS[key][0].format(ice=ice)


from .effects import APPLY  # noqa: E402  (effects and handlers work on _Exec)
from .handlers import HANDLERS, HOOKS  # noqa: E402
