"""What each kind of step does when it is entered; the rule sets name them in `Step.does`."""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import msg
from ..rulesets.model import Step
from ..scenario import CORP, RUNNER
from . import board, lingering
from .access import access_cards
from .limits import skip_first
from .protocol import Executor
from .state import Flag, encounter_id
from .trace import ACTION, PRIORITY
from .triggers import Acting, apply_action, drop, pending_actions, resolve_moments, settle

__all__ = ["HANDLERS", "HOOKS"]

Handler = Callable[[Executor, Step], None]


def initiate(x: Executor, st: Step) -> None:
    """Step 1: name the server, take bad publicity credits, "run begins" triggers (what NSG splits
    into 6.9.1a-c)."""
    x.emit(ACTION, "run_on", st, side=RUNNER, server=x.w.server)
    bp_fund(x, st)
    resolve_moments(x, st, st.triggers)


def moments(x: Executor, st: Step) -> None:
    """A step whose only work is its trigger moments (2 "when approached", NSG 6.9.1c, checks)."""
    resolve_moments(x, st, st.triggers)


def paid_window(x: Executor, st: Step) -> None:
    """A paid ability window: the active player (the Runner, on their turn) first; the other gets
    priority back after one acts; two passes in succession close it. An interrupt closes it."""
    queue = pending_actions(x, st)
    if st.break_subs and x.w.ice and not x.ctx.cards[x.w.ice].subroutines and Flag.FULLY_BROKEN not in x.w.flags:
        # ice with no subroutine is fully broken as soon as subroutines could be broken (CR 6.5.7c)
        x.w.flags |= {Flag.FULLY_BROKEN, Flag.FULLY_BROKEN_PENDING}
        settle(x, st)
    holder, first = x.active_side, True
    while True:
        x.emit(PRIORITY, "priority", st, side=holder)
        acted = False
        while queue and queue[0].side == holder:
            apply_action(x, queue.pop(0), st)
            acted = True
            if x.interrupted(st, in_window=True):
                x.emit(PRIORITY, "window_closed_early", st)
                drop(x, [Acting(a) for a in queue], st)
                return
        x.emit(PRIORITY, "pass", st, side=holder)
        if not acted and not first:
            x.emit(PRIORITY, "window_closes", st)
            return
        first = False
        holder = CORP if holder == RUNNER else RUNNER


def jack_out_decision(x: Executor, st: Step) -> None:
    """2.2 / 5.2: the Runner decides to continue (the default) or jack out."""
    for a in pending_actions(x, st):
        apply_action(x, a, st)
        if x.interrupted(st) or Flag.JACKED_OUT in x.w.flags:
            break
    if Flag.JACKED_OUT not in x.w.flags:
        x.emit(ACTION, "continues", st, side=RUNNER)


def check_rezzed(x: Executor, st: Step) -> None:
    """2.4: nothing happens; the edges look at whether the approached ice is rezzed."""
    rezzed = x.w.ice in x.w.rezzed and board.current_in_place(x.w)
    x.emit(ACTION, "ice_is_rezzed" if rezzed else "ice_is_unrezzed", st, ice=x.w.ice)


def encounter_ice(x: Executor, st: Step) -> None:
    """Step 3: "when encountered" triggers resolve before anything can be broken."""
    w = x.w
    w.broken = frozenset()
    w.resolved_subs = ()
    w.enc_resolved = 0
    w.flags = (w.flags - {Flag.BYPASSED, Flag.ICE_LEFT, Flag.FULLY_BROKEN, Flag.FULLY_BROKEN_PENDING}) | {
        Flag.ENCOUNTERING}
    w.encountered += (board.ice_now(w),)
    if w.skip_next:  # Mass-Driver: this is "the next encounter"
        w.skip_now += tuple((who, n, encounter_id(w)) for who, n in w.skip_next)
        w.skip_next = ()
    _say_counted_subs(x, st)
    lingering.encounter_begins(x, st)
    resolve_moments(x, st, st.triggers)


def _say_counted_subs(x: Executor, st: Step) -> None:
    """Ice whose subroutines are counted by its counters (`per:`, Masvingo) says how many it has,
    and, when its counters are not given, what it took them to be (`cards._per_counter`)."""
    card = x.ctx.cards[board.ice_now(x.w)]
    if card.subs_per is None:
        return
    kind = msg(f"engine.counter_kinds.{card.subs_per}")
    if card.counters is None:
        x.emit(ACTION, "subs_per_uncounted", st, card=card.key, what=kind, n=len(card.subroutines))
    else:
        x.emit(ACTION, "subs_per_counted", st, card=card.key, what=kind, n=len(card.subroutines))


def _resolve_subroutine(x: Executor, st: Step, n: int) -> None:
    """One subroutine, all of its effects (one that ends the run stops the later subroutines, not
    the rest of its own); a card that forbids subroutines this run stops it."""
    w = x.w
    sub = x.ctx.cards[board.ice_now(w)].subroutines[n - 1]
    who = x.forbidden("subroutines")
    if who:
        x.emit(ACTION, "subroutine_forbidden", st, side=CORP, n=n, sub=sub.shown, card=who)
        return
    who = skip_first(x, n)
    if who:
        x.emit(ACTION, "subroutine_skipped", st, side=CORP, n=n, sub=sub.shown, card=who)
        return
    w.resolved_subs += (n,)
    w.subs_resolved += 1
    w.enc_resolved += 1
    x.emit(ACTION, "subroutine", st, side=CORP, n=n, sub=sub.shown)
    was, x.in_sub = x.in_sub, True
    try:
        x.resolve(sub.effects, CORP, st, source=w.ice)
    finally:
        x.in_sub = was
    settle(x, st)  # a card the subroutine rezzed: its rez moments


def resolve_subroutines(x: Executor, st: Step) -> None:
    """3.2: each unbroken subroutine in order; one that ends the run stops the rest. Then the
    encounter ends ("when the encounter ends" abilities)."""
    w = x.w
    card = x.ctx.cards[board.ice_now(w)]
    if not card.subroutines:
        x.emit(ACTION, "no_subroutines", st, ice=w.ice)
    for n, sub in enumerate(card.subroutines, start=1):
        if n in w.broken:
            x.emit(ACTION, "subroutine_broken", st, side=CORP, n=n, sub=sub.shown)
            continue
        _resolve_subroutine(x, st, n)
        if Flag.RUN_ENDED in w.flags or Flag.ICE_LEFT in w.flags or x.interrupted(st):
            break
    if not x.interrupted(st) and Flag.RUN_ENDED not in w.flags:
        end_encounter(x, st)


def end_encounter(x: Executor, st: Step) -> None:
    """The encounter ends: "when the encounter ends" abilities resolve while what happened in it
    (broken, resolved, bypassed) is still known; then the Runner is no longer encountering."""
    if Flag.ENCOUNTERING in x.w.flags:
        lingering.encounter_ends(x, st)
        resolve_moments(x, st, ("encounter_ends",))
    x.w.flags -= {Flag.ENCOUNTERING}


def encounter_complete(x: Executor, st: Step) -> None:
    """NSG 6.9.3e: the encounter is complete; "when the encounter ends" abilities."""
    end_encounter(x, st)


def resolve_next_subroutine(x: Executor, st: Step) -> None:
    """NSG 6.9.3d: the next unbroken subroutine not yet resolved this encounter resolves."""
    w = x.w
    card = x.ctx.cards[board.ice_now(w)]
    n = next(n for n in range(1, len(card.subroutines) + 1) if n not in w.broken and n not in w.resolved_subs)
    if x.forbidden("subroutines") or skip_first(x, n):
        w.resolved_subs += (n,)  # counted as done: it does not resolve, and the loop moves on
    _resolve_subroutine(x, st, n)


def _passes(x: Executor, st: Step) -> bool:
    """Record the pass of the current ice; False when the ice left and the ruleset counts only the
    position as passed (NSG: no "when passed" for ice that is gone)."""
    w = x.w
    left = Flag.ICE_LEFT in w.flags and not board.current_in_place(w)
    w.flags -= {Flag.ENCOUNTERING, Flag.ICE_LEFT, Flag.BYPASSED}
    w.resolved_subs = ()
    if left and not x.rs.left_ice_is_passed:
        x.emit(ACTION, "position_passed", st, ice=w.ice)
        return False
    w.passed += (board.ice_now(w),)
    x.emit(ACTION, "passes_ice", st, side=RUNNER, ice=w.ice)
    return True


def pass_ice(x: Executor, st: Step) -> None:
    """Step 4: pass the ice ("when passed"); with none further inward, "passes all ice" too.
    Without a position the pass is vacuous: only "passes all ice" triggers."""
    w = x.w
    # a stale "approach again" from an earlier pass whose ice has gone goes too
    w.flags -= {Flag.RUNNER_MOVED, Flag.APPROACH_AGAIN}
    if w.ice is None:
        resolve_moments(x, st, ("all_ice_passed",))
        return
    end_encounter(x, st)  # an encounter cut short (bypass, the ice left) ends as the Runner passes
    passed = _passes(x, st)
    last = board.next_inward(w) is None
    resolve_moments(x, st, (("passed",) if passed else ()) + (("all_ice_passed",) if last else ()))


def pass_on_edge(x: Executor, st: Step) -> None:
    """The 6-step chart passes ice on its way out of 2.4 or 3.2 (or of an encounter cut short):
    "when the encounter ends" and "when passed" trigger there."""
    x.passing = True
    try:
        end_encounter(x, st)
        if _passes(x, st):
            resolve_moments(x, st, ("passed",), with_actions=False)
    finally:
        x.passing = False


def announce(x: Executor, st: Step) -> None:
    """NSG 6.9.1a: the Runner announces the attacked server."""
    x.emit(ACTION, "run_on", st, side=RUNNER, server=x.w.server)
    resolve_moments(x, st, st.triggers)


def bp_fund(x: Executor, st: Step) -> None:
    """NSG 6.9.1b: one credit per bad publicity into the Runner's bad publicity fund."""
    w, bp = x.w, x.ctx.sc.bad_publicity
    w.bp_credits = w.bp_gained = bp
    if bp:
        x.emit(ACTION, "bp_credits", st, side=RUNNER, n=bp)


def _position_at(x: Executor, st: Step, server: str, nxt: tuple[int, str] | None) -> None:
    w = x.w
    if nxt is None:
        w.pos, w.ice = None, None
        w.flags |= {Flag.PAST_ICE}  # ice installed in this server now is not approached this run
        x.emit(ACTION, "no_position", st)
        return
    w.pos, w.ice = (server, nxt[0]), nxt[1]
    w.visit = board.visit(w, nxt[1])
    x.emit(ACTION, "position_at", st, ice=nxt[1])


def set_position(x: Executor, st: Step) -> None:
    """NSG 6.9.1d: the Runner's position is the outermost ice of the attacked server, if any."""
    w = x.w
    _position_at(x, st, w.server, next(((s, i) for s, i in board.slots_of(w, w.server) if i), None))


def move_inward(x: Executor, st: Step) -> None:
    """NSG 6.9.4d: the Runner moves to the next position inward, or has none after the innermost."""
    w = x.w
    w.flags -= {Flag.APPROACH_AGAIN}  # asked for ice that has since left: nothing to approach again
    _position_at(x, st, w.pos[0] if w.pos else w.server, board.next_inward(w))


def approach_position(x: Executor, st: Step) -> None:
    """NSG 6.9.2a: the Runner approaches the ice at their position; "when approached" triggers."""
    w = x.w
    w.flags -= {Flag.RUNNER_MOVED, Flag.ICE_LEFT, Flag.BYPASSED}
    w.approaches += 1
    w.approached += (board.ice_now(w),)
    resolve_moments(x, st, st.triggers)


def return_bp(x: Executor, st: Step) -> None:
    """Unspent bad publicity credits go: lost as the run ends (FFG), returned to the bank at NSG
    6.9.6b. Nothing is said when none are left."""
    w = x.w
    if w.bp_gained and w.bp_credits:
        x.emit(ACTION, "bp_returned" if st.does == "return_bp" else "bp_lost", st, side=RUNNER, n=w.bp_credits)
    w.bp_credits = 0


def label_run(x: Executor, st: Step) -> None:
    """NSG 6.9.6c: unsuccessful if the Success Phase was not reached and the server still exists."""
    x.w.label = x.status()
    x.emit(ACTION, "labelled", st, status=x.w.label)


def approach_server(x: Executor, st: Step) -> None:
    """Step 5: the Runner is at the server now, past all ice; "approaches the server" triggers.
    A move that brought the Runner here is over (the six-step chart moves to 4 itself)."""
    x.w.ice = None
    x.w.flags |= {Flag.PAST_ICE}
    x.w.flags -= {Flag.RUNNER_MOVED}
    resolve_moments(x, st, st.triggers)


def declare_success(x: Executor, st: Step) -> None:
    """5.4: declared successful unless something forbids it; "if successful" of the card that
    made the run first, then "when successful"."""
    w = x.w
    w.flags |= {Flag.REACHED_SUCCESS}
    blocker = x.success_blocker()
    would, after = _split(st.triggers, _WOULD)
    if not blocker and would:
        # "When the run would be declared successful" (Sneakdoor Beta's redirect): only when it can be,
        # and before it is; what it does (a new attacked server) may then forbid it after all.
        resolve_moments(x, st, would, with_actions=False)
        if x.interrupted(st):
            return
        blocker = x.success_blocker()
    if blocker:
        x.emit(ACTION, "not_declared", st, why=blocker)
        resolve_moments(x, st, ())
        return
    w.flags |= {Flag.DECLARED}
    x.emit(ACTION, "declared", st)
    resolve_moments(x, st, after)


_WOULD = "would_be_successful"  # the moments of the step before the run is declared successful


def _split(moments: tuple[str, ...], first: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A step's moments: `first` (if it falls here), and the others in order."""
    return (first,) if first in moments else (), tuple(m for m in moments if m != first)


def access_and_return(x: Executor, st: Step) -> None:
    """6-step 4.5: access, then the set-aside cards go back (the end of access is not a step)."""
    access_cards(x, st)
    if not x.interrupted(st) and x.w.set_aside:
        x.emit(ACTION, "returned", st, cards=tuple(x.w.set_aside))


def end_access(x: Executor, st: Step) -> None:
    """5.6: cards set aside go back where they were."""
    if x.w.set_aside:
        x.emit(ACTION, "returned", st, cards=tuple(x.w.set_aside))
    resolve_moments(x, st, st.triggers)


def run_ends(x: Executor, st: Step) -> None:
    """6 / 7: unspent bad publicity credits are lost; end-of-run triggers."""
    lingering.run_ended(x, st)
    return_bp(x, st)
    resolve_moments(x, st, st.triggers)


def _begins(fn: Handler, *own: str) -> Handler:
    """A handler that fires the moments `own` itself, at their time within the step (as each card
    is accessed, when the encounter ends...): every other moment its step lists resolves as the
    step begins, so a moment a rule set places at any step needs no handler code of its own."""
    others: dict[tuple[str, ...], tuple[str, ...]] = {}  # a step's moments -> those not in `own`

    def handler(x: Executor, st: Step) -> None:
        if st.triggers:
            rest = others.get(st.triggers)
            if rest is None:
                rest = others[st.triggers] = tuple(m for m in st.triggers if m not in own)
            if rest:
                resolve_moments(x, st, rest, with_actions=False)
                if x.interrupted(st):
                    return
        fn(x, st)
    handler.__doc__, handler.__name__ = fn.__doc__, fn.__name__
    return handler


# The handlers above whose step's moments all resolve as they are entered (with its actions)
# take them from `st.triggers` themselves; the others go through `_begins`.
HANDLERS: dict[str, Handler] = {
    "initiate": initiate, "approach_ice": moments, "paid_window": _begins(paid_window, "fully_broken"),
    "jack_out_decision": _begins(jack_out_decision), "check_rezzed": _begins(check_rezzed, "passed"),
    "encounter_ice": encounter_ice, "resolve_subroutines": _begins(resolve_subroutines, "encounter_ends", "passed"),
    "pass_ice": _begins(pass_ice, "passed", "all_ice_passed"), "approach_server": approach_server,
    "declare_success": declare_success, "access": _begins(access_cards, "breach", "accessed"), "end_access": end_access,
    "run_ends": run_ends, "run_ends_unsuccessfully": run_ends, "announce": announce, "bp_fund": _begins(bp_fund),
    "run_begins": moments, "set_position": _begins(set_position),
    "encounter_complete": _begins(encounter_complete, "encounter_ends"), "approach_position": approach_position,
    "resolve_next_subroutine": _begins(resolve_next_subroutine), "nothing": moments,
    "move_inward": _begins(move_inward), "return_bp": _begins(return_bp), "label_run": _begins(label_run),
    "run_complete": moments, "access_and_return": _begins(access_and_return, "breach", "accessed"),
}

HOOKS: dict[str, Handler] = {"pass_ice": pass_on_edge}
