"""How each effect of the scenario format changes the run (one function per effect word)."""

from __future__ import annotations

from .errors import RunError, ScenarioError
from .scenario import Card

__all__ = ["APPLY", "access_cards"]

RUNNER, CORP = "runner", "corp"


def _note(x, st, side, key: str, **args) -> None:
    x.emit("action", key, st, side=side, **args)


def end_run(x, e, side, st, source, action) -> None:
    x.w.flags.add("run_ended")
    if source:
        _note(x, st, side, "ends_run", who=source)
    else:
        _note(x, st, side, "run_ends_now")


def jack_out(x, e, side, st, source, action) -> None:
    if "declared" in x.w.flags:
        raise RunError("the Runner cannot jack out after the run was declared successful")
    x.w.flags.add("jacked_out")
    granted = (action.granted_by if action else None) or e.opt("granted_by") or source
    if granted and not st.jack_out:
        _note(x, st, RUNNER, "jacks_out_granted", card=granted)
    else:
        _note(x, st, RUNNER, "jacks_out")


def bypass(x, e, side, st, source, action) -> None:
    w = x.w
    if "encountering" not in w.flags:
        _warn(x, st, side, action, "w_no_encounter", what="bypass")
        return
    w.flags.add("bypassed")
    w.bypassed.append(w.ice)
    _note(x, st, side, "bypassed_ice", ice=w.ice)


def rez(x, e, side, st, source, action) -> None:
    w = x.w
    if e.arg in w.rezzed:
        _warn(x, st, side, action, "w_already_rezzed", card=e.arg)
        return
    if not x.installed(e.arg):
        _warn(x, st, side, action, "w_not_installed", card=e.arg)
        return
    w.rezzed.add(e.arg)
    _note(x, st, CORP, "rezzed_card", card=e.arg)


def derez(x, e, side, st, source, action) -> None:
    w = x.w
    if e.arg not in w.rezzed:
        _warn(x, st, side, action, "w_not_rezzed", card=e.arg)
        return
    w.rezzed.discard(e.arg)
    _note(x, st, side, "derezzed_card", card=e.arg)
    if e.arg == w.ice and "encountering" in w.flags:
        w.flags.add("ice_left")  # derezzed while encountered: the encounter ends at once


def break_(x, e, side, st, source, action) -> None:
    w = x.w
    if "encountering" not in w.flags:
        _warn(x, st, side, action, "w_no_encounter", what="break")
        return
    subs = x.ctx.cards[w.ice].subroutines
    nums = range(1, len(subs) + 1) if e.arg == "all" else e.arg
    for n in nums:
        if n > len(subs):
            raise ScenarioError(f"{w.ice} has {len(subs)} subroutine(s); there is no subroutine {n}",
                                where=action.where if action else None,
                                line=action.line if action else e.line, source=x.ctx.sc.source)
        w.broken.add(n)
    if nums:
        _note(x, st, RUNNER, "broken_subs", subs=", ".join(str(n) for n in nums))
    else:
        _note(x, st, RUNNER, "broken_none")


def _insert_index(x, server: str, position) -> int | None:
    """Where a position puts new ice, or None when the ice it is relative to no longer protects it."""
    sl = x.slots(server)
    if position in (None, "outermost"):
        return 0
    if position == "innermost":
        return len(sl)
    (rel, ref), = position
    idx = next((i for i, (_, ice) in enumerate(sl) if ice == ref), None)
    if idx is None:
        return None
    return idx + 1 if rel == "inward_of" else idx


def _relative(x, server: str, sid: int) -> str:
    w = x.w
    if w.pos is None or w.pos[0] != server:
        return "installed_inward" if server == w.server and w.pos is None else "installed_elsewhere"
    sl = x.slots(server)
    mine = next(i for i, (s, _) in enumerate(sl) if s == w.pos[1])
    new = next(i for i, (s, _) in enumerate(sl) if s == sid)
    return "installed_inward" if new > mine else "installed_outward"


def install_ice(x, e, side, st, source, action) -> None:
    w = x.w
    card: Card = e.arg
    position = e.opt("position")
    # "inward of X" names X's server, wherever the run is now (the attacked server may have changed).
    near = x.slot_of(position[0][1]) if isinstance(position, tuple) else None
    server = e.opt("server") or (near[0] if near else w.server)
    idx = _insert_index(x, server, position)
    if idx is None:  # the ice it should stand next to has gone: it cannot be installed there
        _warn(x, st, side, action, "w_no_such_position", card=card.key, ref=position[0][1])
        return
    sid = w.next_sid
    w.next_sid += 1
    x.slots(server).insert(idx, [sid, card.key])
    w.removed.discard(card.key)
    if card.rezzed:
        w.rezzed.add(card.key)
    _note(x, st, CORP, _relative(x, server, sid), card=card.key, server=server)


def _leave(x, key: str, st, side, verb: str) -> None:
    """A card leaves play; the ice in the Runner's position leaving ends that approach/encounter."""
    w = x.w
    where = x.slot_of(key)
    if where:
        server, i = where
        x.slots(server)[i][1] = None
        if key == w.ice and x.w.pos == (server, x.slots(server)[i][0]) and st.per_ice and st.does != "pass_ice":
            w.flags.add("ice_left")
    for d in (w.root, w.contents):
        for v in d.values():
            if key in v:
                v.remove(key)
    w.rezzed.discard(key)
    w.removed.add(key)
    _note(x, st, side, f"{verb}_card", card=key)


def uninstall(x, e, side, st, source, action) -> None:
    if not x.installed(e.arg):
        _warn(x, st, side, action, "w_not_installed", card=e.arg)
        return
    _leave(x, e.arg, st, side, "uninstalled")


def move_ice(x, e, side, st, source, action) -> None:
    w = x.w
    where = x.slot_of(e.arg)
    if not where:
        _warn(x, st, side, action, "w_not_protecting", card=e.arg)
        return
    server, i = where
    to = e.opt("to") or server
    was_current = e.arg == w.ice and w.pos == (server, x.slots(server)[i][0])
    idx = _insert_index(x, to, e.opt("position"))
    if idx is None:
        _warn(x, st, side, action, "w_no_such_position", card=e.arg, ref=e.opt("position")[0][1])
        return
    x.slots(server)[i][1] = None  # slots are never removed mid-run, so idx still holds
    sid = w.next_sid
    w.next_sid += 1
    x.slots(to).insert(idx, [sid, e.arg])
    _note(x, st, side, "moved_ice", card=e.arg, server=to)
    if was_current and "encountering" in w.flags:
        # The Runner goes with encountered ice; its server becomes the attacked server.
        w.pos = (to, sid)
        if to != w.server:
            w.server = to
            _note(x, st, side, "follow_ice", server=to, ice=e.arg)
    elif was_current and st.per_ice and st.does != "pass_ice":
        w.flags.add("ice_left")


def swap_ice(x, e, side, st, source, action) -> None:
    w = x.w
    a, b = e.arg
    wa, wb = x.slot_of(a), x.slot_of(b)
    if not wa and not wb:
        _warn(x, st, side, action, "w_not_protecting", card=f"{a}, {b}")
        return
    if wa and wb:
        x.slots(wa[0])[wa[1]][1], x.slots(wb[0])[wb[1]][1] = b, a
    else:
        (srv, i), inside, outside = (wa, a, b) if wa else (wb, b, a)
        x.slots(srv)[i][1] = outside
        w.removed.add(inside)
        w.rezzed.discard(inside)
        w.removed.discard(outside)
    _note(x, st, side, "swapped", a=a, b=b)
    if w.ice in (a, b) and st.per_ice and st.does != "pass_ice":
        other = b if w.ice == a else a
        if "encountering" in w.flags:
            where = x.slot_of(w.ice)
            if where:  # the Runner goes with the encountered ice
                w.pos = (where[0], x.slots(where[0])[where[1]][0])
                w.server = where[0]
        elif x.slot_of(other) and w.pos and x.slot_of(other)[0] == w.pos[0] and \
                x.slots(w.pos[0])[x.slot_of(other)[1]][0] == w.pos[1]:
            # Swapped while approached: the Runner now approaches the other ice (no new trigger).
            w.ice = other
            _note(x, st, side, "now_approaching", ice=other)


def change_server(x, e, side, st, source, action) -> None:
    x.w.server = e.arg
    _note(x, st, side, "server_changed", server=e.arg)


def move_runner(x, e, side, st, source, action) -> None:
    """CR 6.2.8 / 6.1.2: the Runner moves to the outermost position of a server, which becomes
    the attacked server; the run goes on from approaching that ice (Letheia Nisei, Mirage)."""
    w = x.w
    w.server = e.arg
    first = next(((s, i) for s, i in x.slots(e.arg) if i), None)
    w.pos, w.ice = ((e.arg, first[0]), first[1]) if first else (None, None)
    if first:
        w.visit = x.visit(first[1])
    for f in ("encountering", "bypassed", "ice_left", "approach_again"):
        w.flags.discard(f)
    w.flags.add("runner_moved")
    _note(x, st, side, "runner_moved_to", server=e.arg)


def encounter(x, e, side, st, source, action) -> None:
    """A forced encounter: the encounter steps of that ice now, then the run resumes where it was."""
    x.forced_encounter(e.arg.key if isinstance(e.arg, Card) else e.arg, side, st)


def approach_again(x, e, side, st, source, action) -> None:
    if (st.does != "pass_ice" and not x.passing) or x.w.ice is None:
        _warn(x, st, side, action, "w_approach_again")
        return
    x.w.flags.add("approach_again")
    _note(x, st, side, "approach_again_set", ice=x.w.ice)


def pay(x, e, side, st, source, action) -> None:
    if x.can_pay(e.arg):
        x.spend(e.arg)
        _note(x, st, RUNNER, "pays", n=e.arg)
        return
    _note(x, st, RUNNER, "cannot_pay", n=e.arg)
    for sub in e.opt("otherwise", ()):
        x.apply(sub, side, st, source, action)


def gain(x, e, side, st, source, action) -> None:
    x.w.credits += e.arg
    _note(x, st, RUNNER, "gains", n=e.arg)


def bad_publicity(x, e, side, st, source, action) -> None:
    _note(x, st, CORP, "bp_taken", n=e.arg)


def access_more(x, e, side, st, source, action) -> None:
    x.w.access_more += e.arg
    _note(x, st, side, "access_more_n", n=e.arg)


def access_only(x, e, side, st, source, action) -> None:
    x.w.access_only = tuple(e.arg)
    _note(x, st, side, "access_only_set", cards=", ".join(e.arg))


def no_success(x, e, side, st, source, action) -> None:
    x.w.flags.add("no_success")
    x.w.no_success_by = f"{source or side} says so"
    _note(x, st, side, "no_success_set")


def instead_of_access(x, e, side, st, source, action) -> None:
    """The first replacement to resolve replaces access; a later one has nothing left to replace."""
    mandatory = bool(e.opt("mandatory")) and x.rs.mandatory_replacement_wins
    if x.w.replaced_access:
        if mandatory and not x.w.replaced_mandatory:
            # FFG ruling (Security Testing over Account Siphon): the mandatory one wins.
            _note(x, st, side, "mandatory_replaces", what=e.arg, first=x.w.replaced_access)
            x.w.replaced_access = e.arg
            x.w.replaced_mandatory = True
            return
        _note(x, st, side, "already_replaced", what=e.arg, first=x.w.replaced_access)
        return
    x.w.replaced_mandatory = mandatory
    x.w.replaced_access = e.arg
    _note(x, st, side, "instead_set", what=e.arg)


def trash(x, e, side, st, source, action) -> None:
    if st.does in ("access", "access_and_return"):
        return  # handled card by card in access_cards
    if not x.installed(e.arg):
        _warn(x, st, side, action, "w_not_installed", card=e.arg)
        return
    _leave(x, e.arg, st, side, "trashed")


def decline_steal(x, e, side, st, source, action) -> None:
    if st.does not in ("access", "access_and_return"):
        _warn(x, st, side, action, "w_decline_outside")


def note(x, e, side, st, source, action) -> None:
    _note(x, st, side, "note", text=e.arg)


def _warn(x, st, side, action, key: str, **args) -> None:
    extra = (("action", action.index), ("line", action.line)) if action else ()
    x.emit("warning", key, st, side=side, extra=extra, **args)


APPLY = {
    "end_run": end_run, "jack_out": jack_out, "bypass": bypass, "rez": rez, "derez": derez,
    "break": break_, "install_ice": install_ice, "uninstall": uninstall, "move_ice": move_ice,
    "swap_ice": swap_ice, "change_server": change_server, "encounter": encounter,
    "move_runner": move_runner,
    "approach_again": approach_again, "pay": pay, "gain": gain, "bad_publicity": bad_publicity,
    "access_more": access_more, "access_only": access_only, "no_success": no_success,
    "instead_of_access": instead_of_access, "trash": trash, "decline_steal": decline_steal,
    "note": note,
}


def access_cards(x, st) -> None:
    """5.5: first the effects that decide how many cards (this step's non-card actions), then each
    card in turn: "when accessed", trash (pay its cost), steal an agenda, or set aside."""
    w, ctx = x.w, x.ctx
    acts = x.pending_actions(st)
    per_card = {}
    for a in acts:
        if a.effects and all(e.kind in ("trash", "decline_steal") for e in a.effects):
            for e in a.effects:
                per_card.setdefault(e.arg, []).append((a, e))
        else:
            x.apply_action(a, st)
            if x.interrupted(st):
                return
    if w.replaced_access:
        x.emit("action", "access_replaced", st, what=w.replaced_access)
        return
    srv = w.server
    contents = list(w.contents.get(srv, []))
    n = 1 + w.access_more
    if srv in ("HQ", "R&D"):
        chosen = contents[:n]
    else:
        chosen = contents
    chosen += list(w.root.get(srv, []))
    if w.access_only is not None:
        for k in chosen:
            if k not in w.access_only:
                x.emit("action", "access_blocked", st, card=k)
        chosen = [k for k in chosen if k in w.access_only]
    x.emit("action", "access_count", st, n=len(chosen), cards=", ".join(chosen) or "none")
    for k in chosen:
        if x.interrupted(st):
            return
        card = ctx.cards[k]
        w.accessed.append(k)
        x.emit("action", "access", st, side=RUNNER, card=k)
        ab = x.abilities("accessed", accessed=k)
        for item in ab[RUNNER] + ab[CORP]:
            x.fire(st, "accessed", *item)
            if x.interrupted(st):
                return
        done = False
        for a, e in per_card.get(k, []):
            w.applied.add(a.index)
            x.emit("action", "action", st, side=a.side, effect=a.effects,
                   extra=(("action", a.index), ("line", a.line)))
            if e.kind == "trash":
                cost = card.trash_cost or 0
                if not x.can_pay(cost):
                    raise ScenarioError(
                        f"the Runner cannot pay {cost} to trash {k}: they have "
                        f"{w.credits} credit(s) and {w.bp_credits} bad publicity credit(s)",
                        where=a.where, line=a.line, source=ctx.sc.source)
                x.spend(cost)
                _leave(x, k, st, RUNNER, "trashed")
                w.trashed.append(k)
                x.emit("action", "trashed", st, side=RUNNER, card=k, cost=cost)
                done = True
            elif e.kind == "decline_steal":
                x.emit("action", "not_stolen", st, side=RUNNER, card=k)
                if x.rs.set_aside:
                    w.set_aside.append(k)
                done = True
        if done:
            x.check_server()
            continue
        if card.type == "agenda":
            w.stolen.append(k)
            for d in (w.root, w.contents):
                for v in d.values():
                    if k in v:
                        v.remove(k)
            x.emit("action", "stolen", st, side=RUNNER, card=k)
            x.check_server()
        elif x.rs.set_aside:
            w.set_aside.append(k)
            x.emit("action", "set_aside", st, card=k)
        else:
            x.emit("action", "stays", st, card=k)
