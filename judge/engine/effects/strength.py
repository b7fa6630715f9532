"""The encounter's effects (issue 24): `{strength: +N, of: this | encountered_ice | <card>, until: ...}`,
the Corp's credits gained or lost (`corp_gain`, `corp_lose`), and what some icebreakers do beside
breaking: a subtype gained for the encounter (`gain_subtype`), an interface ability that is not a
break (`interface: N`, Flashbang), a breaker moved onto a piece of ice (`host_on`, Ika)."""

from __future__ import annotations

from ...i18n import msg
from ...scenario import CORP, RUNNER
from ...scenario.encounter import Breaker
from .. import breaking, encounter
from ..conditions import amount
from ..state import Flag
from .core import Call, applies

__all__: list[str] = []  # the function registers itself in APPLY


@applies("strength")
def strength(c: Call) -> None:
    encounter.apply_strength(c, amount(c.x, c.number, c.source))


@applies("gain_subtype")
def gain_subtype(c: Call) -> None:
    breaking.gain_subtype(c, c.name)


@applies("interface")
def interface(c: Call) -> bool:
    return _interface_pay(c, amount(c.x, c.number, c.source))


@applies("host_on")
def host_on(c: Call) -> None:
    breaking.host_on(c, c.name)


@applies("skip_subroutines")
def skip_subroutines(c: Call) -> None:
    """Mass-Driver: the first N subroutines of the Runner's next encounter this run do not resolve."""
    n = amount(c.x, c.number, c.source)
    who = c.source or c.side
    c.x.w.skip_next += ((who, n),)
    c.note("skip_set", card=who, n=n)


@applies("corp_gain")
def corp_gain(c: Call) -> None:
    n = amount(c.x, c.number, c.source)
    if encounter.corp_gain(c.x, n, "effect"):
        c.note("corp_gains", side=CORP, n=n, left=c.x.w.corp_credits)


@applies("corp_lose")
def corp_lose(c: Call) -> None:
    """The Corp loses credits (never below zero)."""
    w = c.x.w
    if w.corp_credits is None:
        encounter.said_after(c.x, "corp_uncounted")
        return
    n = min(amount(c.x, c.number, c.source), w.corp_credits)
    w.corp_credits -= n
    c.note("corp_loses", side=CORP, n=n, left=w.corp_credits)


def _interface_pay(c: Call, n: int) -> bool:
    """`{interface: N}`: an icebreaker's interface ability that is not a break (Flashbang's derez).
    The card whose ability it is raises its strength to the encountered ice's at the least cost and
    pays N more, all or nothing (False: nothing paid, with a warning why)."""
    x = c.x
    key, ice = c.source, x.w.ice
    card = x.ctx.cards.get(key) if key else None
    if card is None or key is None or ice is None or Flag.ENCOUNTERING not in x.w.flags:
        c.warn("w_no_encounter", what=msg("engine.effects.interface"))
        return False
    own, ice_str = encounter.strength_of(x, key) or 0, encounter.strength_of(x, ice) or 0
    br = card.breaker or Breaker()
    need = ice_str - own
    cost, uses = encounter.plan_pumps(br, need) if need > 0 and not br.fixed_strength else (0 if need <= 0 else breaking.INF, ())
    if cost >= breaking.INF:
        c.warn("w_interface_strength", card=key, ice=ice, own=own, ice_strength=ice_str)
        return False
    have = encounter.breaker_money(x)
    if cost + n > have:
        c.warn("w_breaker_credits", breaker=key, ice=ice, n=cost + n, have=have)
        return False
    for p, k in zip(br.pumps, uses, strict=False):
        if k:
            encounter.add_boost(x, key, p.strength * k, p.until)
    encounter.pay_for_breaker(x, cost + n)
    c.note("interface_pumped", side=RUNNER, card=key, ice=ice, own=encounter.strength_of(x, key) or 0, n=cost + n)
    return True
