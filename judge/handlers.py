"""What each kind of step does when it is entered; the ruleset names them in `Step.does`."""

from __future__ import annotations

from .effects import access_cards
from .rulesets.model import Step

__all__ = ["HANDLERS"]

RUNNER, CORP = "runner", "corp"


def initiate(x, st: Step) -> None:
    """Step 1: name the server, take bad publicity credits, "run begins" triggers (what NSG splits
    into 6.9.1a-c)."""
    x.emit("action", "run_on", st, side=RUNNER, server=x.w.server)
    bp_fund(x, st)
    x.resolve_moments(st, st.triggers)


def approach_ice(x, st: Step) -> None:
    """Step 2: the ice was chosen on entry; "when approached" triggers."""
    x.resolve_moments(st, st.triggers)


def paid_window(x, st: Step) -> None:
    """A paid ability window: Runner first; the Runner gets priority back after the Corp acts;
    two passes in succession close it. An interrupt closes it at once."""
    queue = x.pending_actions(st)
    holder, first = RUNNER, True
    while True:
        x.emit("priority", "priority", st, side=holder)
        acted = False
        while queue and queue[0].side == holder:
            x.apply_action(queue.pop(0), st)
            acted = True
            if x.interrupted(st, in_window=True):
                x.emit("priority", "window_closed_early", st)
                x.drop([("action", None, a) for a in queue], st)
                return
        x.emit("priority", "pass", st, side=holder)
        if not acted and not first:
            x.emit("priority", "window_closes", st)
            return
        first = False
        holder = CORP if holder == RUNNER else RUNNER


def jack_out_decision(x, st: Step) -> None:
    """2.2 / 5.2: the Runner decides to continue (the default) or jack out."""
    acts = x.pending_actions(st)
    for a in acts:
        x.apply_action(a, st)
        if x.interrupted(st) or "jacked_out" in x.w.flags:
            break
    if "jacked_out" not in x.w.flags:
        x.emit("action", "continues", st, side=RUNNER)


def check_rezzed(x, st: Step) -> None:
    """2.4: nothing happens; the edges look at whether the approached ice is rezzed."""
    rezzed = x.w.ice in x.w.rezzed and x.current_in_place()
    x.emit("action", "ice_is_rezzed" if rezzed else "ice_is_unrezzed", st, ice=x.w.ice)


def encounter_ice(x, st: Step) -> None:
    """Step 3: "when encountered" triggers resolve before anything can be broken."""
    w = x.w
    w.broken = set()
    w.resolved_subs = []
    w.flags.discard("bypassed")
    w.flags.discard("ice_left")
    w.flags.add("encountering")
    w.encountered.append(w.ice)
    x.resolve_moments(st, st.triggers)


def resolve_subroutines(x, st: Step) -> None:
    """3.2: each unbroken subroutine in order; one that ends the run stops the rest."""
    w = x.w
    card = x.ctx.cards[w.ice]
    if not card.subroutines:
        x.emit("action", "no_subroutines", st, ice=w.ice)
    for n, sub in enumerate(card.subroutines, start=1):
        if n in w.broken:
            x.emit("action", "subroutine_broken", st, side=CORP, n=n, sub=sub.text)
            continue
        x.emit("action", "subroutine", st, side=CORP, n=n, sub=sub.text)
        for e in sub.effects:
            x.apply(e, CORP, st, source=w.ice)
            if x.interrupted(st) or "run_ended" in w.flags or "ice_left" in w.flags:
                break
        if "run_ended" in w.flags or "ice_left" in w.flags or x.interrupted(st):
            break
    if not x.interrupted(st) and "run_ended" not in w.flags:
        x.resolve_moments(st, ())
    w.flags.discard("encountering")


def _passes(x, st: Step) -> bool:
    """Record the pass of the current ice; False when the ice left and the ruleset counts only the
    position as passed (NSG: no "when passed" for ice that is gone)."""
    w = x.w
    left = "ice_left" in w.flags and not x.current_in_place()
    for f in ("encountering", "ice_left", "bypassed"):
        w.flags.discard(f)
    w.resolved_subs = []
    if left and not x.rs.left_ice_is_passed:
        x.emit("action", "position_passed", st, ice=w.ice)
        return False
    w.passed.append(w.ice)
    x.emit("action", "passes_ice", st, side=RUNNER, ice=w.ice)
    return True


def pass_ice(x, st: Step) -> None:
    """Step 4: pass the ice ("when passed"); with none further inward, "passes all ice" too.
    Without a position the pass is vacuous: only "passes all ice" triggers."""
    w = x.w
    w.flags.discard("runner_moved")
    w.flags.discard("approach_again")  # one left from an earlier pass whose ice has gone is stale
    if w.ice is None:
        x.resolve_moments(st, ("all_ice_passed",))
        return
    passed = _passes(x, st)
    last = x.next_inward() is None
    moments = (("passed",) if passed else ()) + (("all_ice_passed",) if last else ())
    x.resolve_moments(st, moments)


def pass_on_edge(x, st: Step) -> None:
    """The 6-step chart passes ice on its way out of 2.4 or 3.2: "when passed" triggers there."""
    if _passes(x, st):
        x.passing = True
        try:
            x.resolve_moments(st, ("passed",), with_actions=False)
        finally:
            x.passing = False


def announce(x, st: Step) -> None:
    """NSG 6.9.1a: the Runner announces the attacked server."""
    x.emit("action", "run_on", st, side=RUNNER, server=x.w.server)
    x.resolve_moments(st, ())


def bp_fund(x, st: Step) -> None:
    """NSG 6.9.1b: one credit per bad publicity into the Runner's bad publicity fund."""
    w, sc = x.w, x.ctx.sc
    w.bp_credits = w.bp_gained = sc.bad_publicity
    if sc.bad_publicity:
        x.emit("action", "bp_credits", st, side=RUNNER, n=sc.bad_publicity)


def run_begins(x, st: Step) -> None:
    """NSG 6.9.1c: the run formally begins; "run begins" conditions are met."""
    x.resolve_moments(st, st.triggers)


def set_position(x, st: Step) -> None:
    """NSG 6.9.1d: the Runner's position is the outermost ice of the attacked server, if any."""
    w = x.w
    first = next(((s, i) for s, i in x.slots(w.server) if i), None)
    if first is None:
        w.pos, w.ice = None, None
        x.emit("action", "no_position", st)
        return
    w.pos, w.ice = (w.server, first[0]), first[1]
    w.visit = x.visit(first[1])
    x.emit("action", "position_at", st, ice=first[1])


def approach_position(x, st: Step) -> None:
    """NSG 6.9.2a: the Runner approaches the ice at their position; "when approached" triggers."""
    w = x.w
    w.flags.discard("runner_moved")
    for f in ("ice_left", "bypassed"):
        w.flags.discard(f)
    w.approaches += 1
    w.approached.append(w.ice)
    x.resolve_moments(st, st.triggers)


def resolve_next_subroutine(x, st: Step) -> None:
    """NSG 6.9.3d: the next unbroken subroutine not yet resolved this encounter resolves."""
    w = x.w
    card = x.ctx.cards[w.ice]
    done = w.resolved_subs
    n = next(n for n in range(1, len(card.subroutines) + 1) if n not in w.broken and n not in done)
    done.append(n)
    sub = card.subroutines[n - 1]
    x.emit("action", "subroutine", st, side=CORP, n=n, sub=sub.text)
    for e in sub.effects:
        x.apply(e, CORP, st, source=w.ice)
        if x.interrupted(st) or "ice_left" in w.flags:
            break


def nothing(x, st: Step) -> None:
    """A step where the structure only checks or completes a phase."""
    x.resolve_moments(st, st.triggers)


def move_inward(x, st: Step) -> None:
    """NSG 6.9.4d: the Runner moves to the next position inward, or has none after the innermost."""
    w = x.w
    w.flags.discard("approach_again")  # asked for ice that has since left: nothing to approach again
    nxt = x.next_inward()
    if nxt is None:
        w.pos, w.ice = None, None
        x.emit("action", "no_position", st)
        return
    w.pos, w.ice = (w.pos[0], nxt[0]), nxt[1]
    w.visit = x.visit(nxt[1])
    x.emit("action", "position_at", st, ice=nxt[1])


def return_bp(x, st: Step) -> None:
    """NSG 6.9.6b: the bad publicity fund goes back to the bank."""
    w = x.w
    if w.bp_gained:
        x.emit("action", "bp_lost", st, side=RUNNER, n=w.bp_credits)
    w.bp_credits = 0


def label_run(x, st: Step) -> None:
    """NSG 6.9.6c: unsuccessful if the Success Phase was not reached and the server still exists."""
    x.w.label = x.status()
    x.emit("action", "labelled", st, status=x.w.label)


def run_complete(x, st: Step) -> None:
    """NSG 6.9.6d: the run is complete; "unsuccessful" and "run ends" conditions are met."""
    x.resolve_moments(st, st.triggers)


def approach_server(x, st: Step) -> None:
    """Step 5: the Runner is at the server now, past all ice; "approaches the server" triggers."""
    x.w.ice = None
    x.resolve_moments(st, st.triggers)


def declare_success(x, st: Step) -> None:
    """5.4: declared successful unless something forbids it; "if successful" of the card that
    made the run first, then "when successful"."""
    w = x.w
    w.flags.add("reached_success")
    blocker = x.success_blocker()
    if blocker:
        x.emit("action", "not_declared", st, why=blocker)
        x.resolve_moments(st, ())
        return
    w.flags.add("declared")
    x.emit("action", "declared", st)
    x.resolve_moments(st, st.triggers)


def access(x, st: Step) -> None:
    """5.5: fix the number of cards, then access each in turn: trash, steal or set aside."""
    access_cards(x, st)


def access_and_return(x, st: Step) -> None:
    """6-step 4.5: access, then the set-aside cards go back (the end of access is not a step)."""
    access(x, st)
    if not x.interrupted(st) and x.w.set_aside:
        x.emit("action", "returned", st, cards=", ".join(x.w.set_aside))


def end_access(x, st: Step) -> None:
    """5.6: cards set aside go back where they were."""
    w = x.w
    if w.set_aside:
        x.emit("action", "returned", st, cards=", ".join(w.set_aside))
    x.resolve_moments(st, st.triggers)


def run_ends(x, st: Step) -> None:
    """6 / 7: unspent bad publicity credits are lost; end-of-run triggers."""
    w = x.w
    if w.bp_gained:
        x.emit("action", "bp_lost", st, side=RUNNER, n=w.bp_credits)
    w.bp_credits = 0
    x.resolve_moments(st, st.triggers)


HANDLERS = {
    "initiate": initiate,
    "approach_ice": approach_ice,
    "paid_window": paid_window,
    "jack_out_decision": jack_out_decision,
    "check_rezzed": check_rezzed,
    "encounter_ice": encounter_ice,
    "resolve_subroutines": resolve_subroutines,
    "pass_ice": pass_ice,
    "approach_server": approach_server,
    "declare_success": declare_success,
    "access": access,
    "end_access": end_access,
    "run_ends": run_ends,
    "run_ends_unsuccessfully": run_ends,
    "announce": announce,
    "bp_fund": bp_fund,
    "run_begins": run_begins,
    "set_position": set_position,
    "approach_position": approach_position,
    "resolve_next_subroutine": resolve_next_subroutine,
    "nothing": nothing,
    "move_inward": move_inward,
    "return_bp": return_bp,
    "label_run": label_run,
    "run_complete": run_complete,
    "access_and_return": access_and_return,
}

HOOKS = {"pass_ice": pass_on_edge}
