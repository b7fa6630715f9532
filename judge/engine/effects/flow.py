"""Effects on the run's flow: ending it, jacking out, bypassing, breaking, money, notes (rezzing: `rez`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ...errors import RunError, ScenarioError
from ...i18n import msg
from ...scenario import CORP, EFFECTS, RUNNER
from .. import breaklimits, brokewith, costs, encounter, lingering
from ..conditions import amount
from ..hosted import hosted_for, take_from
from ..state import Flag
from .core import Call, applies
from .ice import leave

__all__: list[str] = []  # the functions register themselves in APPLY


@applies("end_run")
def end_run(c: Call) -> None:
    x = c.x
    if x.in_sub and x.w.ice is not None and c.source == x.w.ice and Flag.ENCOUNTERING in x.w.flags:
        who = x.forbidden("end_run", f"end_run@{encounter.encounter_id(x.w)}")
        if who:  # Banner: subroutines on this ice cannot end the run for the rest of the encounter
            c.note("end_run_prevented", card=who, ice=x.w.ice)
            return
    if _prevented(c):
        return
    c.x.w.flags |= {Flag.RUN_ENDED}
    if c.source:
        c.note("ends_run", who=c.source)
    else:
        c.note("run_ends_now")


def _prevented(c: Call) -> bool:
    """A Corp card's ability ending the run is stopped by an installed Runner card with a `static`
    `{prevent: end_run}` ability whose conditions hold (Lucky Charm): that card leaves play, unless the
    Runner declines it at this step (`decline: <card>`)."""
    x = c.x
    src = x.ctx.cards.get(c.source or "")
    if src is None or src.side != CORP:
        return False
    key = costs.static_preventer(c, "end_run")
    if key is None:
        return False
    c.note("end_run_prevented_by", card=key, who=src.key)
    leave(c, key, "uninstalled")
    return True


@applies("jack_out")
def jack_out(c: Call) -> bool:
    granted = (c.action.granted_by if c.action else None) or c.e.opt("granted_by") or c.source \
        or c.x.allowed("jack_out")
    if Flag.DECLARED in c.x.w.flags and not granted:
        raise RunError("jack_out_after_success")
    who = c.x.forbidden("jack_out")
    if who:
        c.warn("w_forbidden_jack_out", card=who)
        return False
    if c.x.w.jack_costs and not costs.pay_jack_out_costs(c):
        return False
    c.x.w.flags |= {Flag.JACKED_OUT}
    if granted and not c.st.jack_out:
        c.note("jacks_out_granted", side=RUNNER, card=granted)
    else:
        c.note("jacks_out", side=RUNNER)
    return True


@applies("bypass")
def bypass(c: Call) -> None:
    w = c.x.w
    if not c.encountering("bypass"):
        return
    ice = c.ice
    who = costs.bypass_forbidden(c.x, ice)
    if who:
        c.warn("w_cannot_bypass", ice=ice, card=who)
        return
    w.flags |= {Flag.BYPASSED}
    w.bypassed += (ice,)
    c.note("bypassed_ice", ice=ice)


@applies("break")
def break_(c: Call) -> None:
    w = c.x.w
    if not c.encountering("break"):
        return
    ice = c.ice
    subs = c.x.ctx.cards[ice].subroutines
    # `last`: the ice's last subroutine (Gbahali), whatever was broken before; none on ice without any
    nums: Sequence[int]
    if c.e.arg == "all":
        nums = range(1, len(subs) + 1)
    elif c.e.arg == "last":
        nums = range(len(subs), len(subs) + 1) if subs else ()
    else:
        nums = cast("tuple[int, ...]", c.e.arg)
    for n in nums:
        if n > len(subs):
            raise ScenarioError("no_such_subroutine", i=ice, n=len(subs), k=n,
                                where=c.action.where if c.action else None,
                                line=c.action.line if c.action else c.e.line, source=c.x.ctx.sc.source)
    if breaklimits.break_refused(c, ice, nums):
        return
    if c.e.opt("with") is None:
        encounter.note_unnamed_break(c.x)
    elif not encounter.break_with(c, tuple(nums)):
        return
    new = [n for n in nums if n not in w.broken]
    w.broken_log += tuple(f"{ice} {n}" for n in new)
    w.broken |= set(nums)
    breaklimits.after_break(c, ice, new)
    if c.e.opt("with") is not None:  # the breaker's own reaction to this use (Umbrella's draws)
        brokewith.after_break_with(c, c.x.ctx.names.get(str(c.e.opt("with")), str(c.e.opt("with"))), new)
    whole = bool(subs) and all(n in w.broken for n in range(1, len(subs) + 1))
    if whole and Flag.FULLY_BROKEN not in w.flags:
        w.flags |= {Flag.FULLY_BROKEN, Flag.FULLY_BROKEN_PENDING}  # "fully broken" once the ability ends
    if nums:
        c.note("broken_subs", side=RUNNER, subs=", ".join(str(n) for n in nums))
    else:
        c.note("broken_none", side=RUNNER)


def _paid(c: Call, n: int) -> None:
    """What the trace says of a payment: a "may pay" says the Runner could have declined it (the
    explorer offers that decline)."""
    if c.e.opt("may"):
        c.note("pays_may", side=RUNNER, n=n, card=c.source or "")
    else:
        c.note("pays", side=RUNNER, n=n)


def _stealth_credits(c: Call) -> list[tuple[str, int]]:
    """Credits hosted on installed stealth cards that may pay this (`hosted.hosted_for`): for an
    icebreaker's payment (Afterimage) those that may pay for icebreakers too."""
    x = c.x
    src = x.ctx.cards.get(c.source or "")
    purpose = "breaker" if src is not None and "icebreaker" in src.subtypes else "pay"
    return [(k, n) for k, n in hosted_for(x, purpose) if "stealth" in x.ctx.cards[k].subtypes]


def _pay_stealth(c: Call, n: int) -> bool:
    """`pay: N, from: stealth` (Mu Safecracker): only credits hosted on stealth cards pay, card by card
    in the order written; too few, and the payment is not made (`otherwise`)."""
    x, w = c.x, c.x.w
    pool = _stealth_credits(c)
    if sum(h for _, h in pool) < n:
        c.note("cannot_pay_stealth", side=RUNNER, n=n, have=sum(h for _, h in pool))
        x.resolve(c.opt_effects("otherwise"), c.side, c.st, c.source, c.action)
        return False
    take_from(x, pool, n)
    w.spent = (w.spent[0] + n, w.spent[1])
    c.note("pays_stealth", side=RUNNER, n=n)
    return x.resolve(c.opt_effects("then"), c.side, c.st, c.source, c.action)


@applies("pay")
def pay(c: Call) -> bool:
    """The Runner pays if able ("if able"); `then` is what paying gets ("if you do"), `otherwise`
    what happens when they cannot; an unpaid cost stops the rest of its list."""
    x, n = c.x, amount(c.x, c.number, c.source)
    if c.e.opt("may") and costs.declined_here(c):  # "may pay": the Runner chose not to
        c.note("declines_to_pay", side=RUNNER, n=n, card=c.source or "")
        x.resolve(c.opt_effects("otherwise"), c.side, c.st, c.source, c.action)
        return False
    if c.e.opt("from") == "stealth":  # Mu Safecracker, Afterimage's bypass
        return _pay_stealth(c, n)
    if c.action is not None and encounter.icebreaker_ability(c):
        # a paid ability of an icebreaker (Banner): credits that pay for icebreakers count too
        if encounter.breaker_money(x) >= n:
            encounter.pay_for_breaker(x, n)
            _paid(c, n)
            return x.resolve(c.opt_effects("then"), c.side, c.st, c.source, c.action)
    elif x.can_pay(n):
        x.spend(n)
        _paid(c, n)
        return x.resolve(c.opt_effects("then"), c.side, c.st, c.source, c.action)
    c.note("cannot_pay", side=RUNNER, n=n)
    x.resolve(c.opt_effects("otherwise"), c.side, c.st, c.source, c.action)
    return False


@applies("gain")
def gain(c: Call) -> None:
    n = amount(c.x, c.number, c.source)
    c.x.w.credits += n
    c.note("gains", side=RUNNER, n=n)


@applies("lose")
def lose(c: Call) -> None:
    """The Runner loses credits (never below zero; bad publicity credits are not theirs to lose)."""
    n = min(amount(c.x, c.number, c.source), c.x.w.credits)
    c.x.w.credits -= n
    c.note("loses", side=RUNNER, n=n)


@applies("forbid")
def forbid(c: Call) -> None:
    """For the rest of the run something cannot happen (Blackmail: no ice is rezzed); `until:
    encounter_ends`, only during the encounter going on (Banner)."""
    who = c.source or c.side
    if c.e.opt("until") == "encounter_ends":
        if Flag.ENCOUNTERING not in c.x.w.flags or c.x.w.ice is None:
            c.warn("w_no_encounter", what=msg(f"engine.forbids.{c.name}"))
            return
        c.x.w.forbidden |= {(f"{c.name}@{encounter.encounter_id(c.x.w)}", who)}
        c.note("forbid_encounter", what=msg(f"engine.forbids.{c.name}"), card=who, ice=c.ice)
        return
    c.x.w.forbidden |= {(c.name, who)}
    c.note("forbid_set", what=msg(f"engine.forbids.{c.name}"), card=who)


@applies("next_encounter")
def next_encounter(c: Call) -> None:
    """Effects kept for the Runner's next encounter with ice this run (Chum): `begins` when it
    begins, `ends` when it ends (`engine.lingering`)."""
    lingering.wait_for_next(c)


@applies("jack_out_cost")
def jack_out_cost(c: Call) -> None:
    """For the rest of the run a jack out also costs something (Mind Game: an installed card)."""
    who = c.source or c.side
    c.x.w.jack_costs += ((c.name, who),)
    c.note("jack_out_cost_set", what=msg(f"engine.jack_costs.{c.name}"), card=who)


@applies("offer_jack_out")
def offer_jack_out(c: Call) -> None:
    """The ability offers the Runner a jack out while it resolves (Mirāju): the jack out written
    with `granted_by: <this card>` at this step is taken here, before the rest of the ability."""
    costs.take_offered_jack_out(c)


@applies("allow")
def allow(c: Call) -> None:
    """For the rest of the run something may happen anywhere (the Runner may jack out at any time)."""
    who = c.source or c.side
    what = c.name if c.name != "jack_out_here" else f"jack_out@{c.x.occ(c.st)}"
    c.x.w.allowed |= {(what, who)}
    # "at this step" is said as such, not as "for the rest of the run"
    c.note("allow_here" if c.e.arg == "jack_out_here" else "allow_set", what=msg(f"engine.allows.{c.e.arg}"), card=who)


@applies("bad_publicity")
def bad_publicity(c: Call) -> None:
    c.note("bp_taken", side=CORP, n=c.e.arg)


@applies("no_success")
def no_success(c: Call) -> None:
    c.x.w.flags |= {Flag.NO_SUCCESS}
    c.x.w.no_success_by = c.source or c.side
    c.note("no_success_set")


@applies("note")
def note(c: Call) -> None:
    c.note("note", text=c.e.arg)


def _static_only(c: Call) -> None:
    """An effect that works only in a `static` ability (rez costs, link, limits on breaking, a
    "prevent", Parasite's trash at strength 0, Eye for an Eye's trash cost): resolved as an effect it
    does nothing, and says so."""
    c.warn("w_static_only", what=msg(f"engine.effects.{c.e.kind}"))


for _spec in EFFECTS.values():
    if _spec.static:
        applies(_spec.name)(_static_only)
