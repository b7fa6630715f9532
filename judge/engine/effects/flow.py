"""Effects on the run's flow: ending it, jacking out, bypassing, rezzing, breaking, money, notes."""

from __future__ import annotations

from ...errors import RunError, ScenarioError
from ...scenario import CORP, RUNNER
from ..state import Flag
from .core import Call, applies

__all__: list[str] = []  # the functions register themselves in APPLY


@applies("end_run")
def end_run(c: Call) -> None:
    c.x.w.flags |= {Flag.RUN_ENDED}
    if c.source:
        c.note("ends_run", who=c.source)
    else:
        c.note("run_ends_now")


@applies("jack_out")
def jack_out(c: Call) -> None:
    if Flag.DECLARED in c.x.w.flags:
        raise RunError("jack_out_after_success")
    c.x.w.flags |= {Flag.JACKED_OUT}
    granted = (c.action.granted_by if c.action else None) or c.e.opt("granted_by") or c.source
    if granted and not c.st.jack_out:
        c.note("jacks_out_granted", side=RUNNER, card=granted)
    else:
        c.note("jacks_out", side=RUNNER)


@applies("bypass")
def bypass(c: Call) -> None:
    w = c.x.w
    if not c.encountering("bypass"):
        return
    w.flags |= {Flag.BYPASSED}
    w.bypassed += (w.ice,)
    c.note("bypassed_ice", ice=w.ice)


@applies("rez")
def rez(c: Call) -> None:
    w, key = c.x.w, c.e.arg
    if key in w.rezzed:
        c.warn("w_already_rezzed", card=key)
        return
    if not c.installed(key):
        return
    w.rezzed |= {key}
    c.note("rezzed_card", side=CORP, card=key)


@applies("derez")
def derez(c: Call) -> None:
    w, key = c.x.w, c.e.arg
    if key not in w.rezzed:
        c.warn("w_not_rezzed", card=key)
        return
    w.rezzed -= {key}
    c.note("derezzed_card", card=key)
    if key == w.ice and Flag.ENCOUNTERING in w.flags:
        w.flags |= {Flag.ICE_LEFT}  # derezzed while encountered: the encounter ends at once


@applies("break")
def break_(c: Call) -> None:
    w = c.x.w
    if not c.encountering("break"):
        return
    subs = c.x.ctx.cards[w.ice].subroutines
    nums = range(1, len(subs) + 1) if c.e.arg == "all" else c.e.arg
    for n in nums:
        if n > len(subs):
            raise ScenarioError("no_such_subroutine", i=w.ice, n=len(subs), k=n,
                                where=c.action.where if c.action else None,
                                line=c.action.line if c.action else c.e.line, source=c.x.ctx.sc.source)
    w.broken |= set(nums)
    if nums:
        c.note("broken_subs", side=RUNNER, subs=", ".join(str(n) for n in nums))
    else:
        c.note("broken_none", side=RUNNER)




@applies("pay")
def pay(c: Call) -> None:
    x, n = c.x, c.e.arg
    if x.can_pay(n):
        x.spend(n)
        c.note("pays", side=RUNNER, n=n)
        return
    c.note("cannot_pay", side=RUNNER, n=n)
    for sub in c.e.opt("otherwise", ()):
        x.apply(sub, c.side, c.st, c.source, c.action)


@applies("gain")
def gain(c: Call) -> None:
    c.x.w.credits += c.e.arg
    c.note("gains", side=RUNNER, n=c.e.arg)


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
