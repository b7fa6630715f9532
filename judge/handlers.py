"""What each kind of step does when it is entered; the ruleset names them in `Step.does`."""

from __future__ import annotations

from .rulesets.model import Step

__all__ = ["HANDLERS"]

RUNNER, CORP = "runner", "corp"


def initiate(x, st: Step) -> None:
    """Step 1: name the server, take bad publicity credits, "run begins" triggers."""
    w, sc = x.w, x.ctx.sc
    x.emit("action", "run_on", st, side=RUNNER, server=w.server)
    if sc.bad_publicity:
        w.bp_credits = sc.bad_publicity
        w.bp_gained = sc.bad_publicity
        x.emit("action", "bp_credits", st, side=RUNNER, n=sc.bad_publicity)
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
            if x.interrupted(st):
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


def pass_ice(x, st: Step) -> None:
    """Step 4: pass the ice ("when passed"); with none further inward, "passes all ice" too.
    Without a position the pass is vacuous: only "passes all ice" triggers."""
    w = x.w
    w.flags.discard("encountering")
    w.flags.discard("ice_left")
    w.flags.discard("bypassed")
    if w.ice is None:
        x.resolve_moments(st, ("all_ice_passed",))
        return
    w.passed.append(w.ice)
    moments = ("passed",) if x.next_inward() is not None else ("passed", "all_ice_passed")
    x.resolve_moments(st, moments)


def approach_server(x, st: Step) -> None:
    """Step 5: "when the Runner approaches the server" triggers."""
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
    from .effects import access_cards
    access_cards(x, st)


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
}
