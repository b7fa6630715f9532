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
    if c.opt_name("of") == ICEBREAKERS:
        _strength_of_icebreakers(c, amount(c.x, c.number, c.source))
        return
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


ICEBREAKERS = "icebreakers"  # `of: icebreakers`: every icebreaker the Runner has installed


def _strength_of_icebreakers(c: Call, n: int) -> None:
    """`{strength: +N, of: icebreakers}`: each installed Runner icebreaker whose strength can change
    (Lean and Mean, Pushing the Envelope); the others are passed over in silence."""
    x = c.x
    until = str(c.e.opt("until") or "encounter_ends")
    if until == "encounter_ends" and Flag.ENCOUNTERING not in x.w.flags:
        c.warn("w_no_encounter", what=msg("engine.effects.strength"))
        return
    keys = [card.key for card in x.ctx.sc.runner_cards
            if "icebreaker" in card.subtypes and x.in_play(card.key) and card.strength is not None
            and not (card.breaker is not None and card.breaker.fixed_strength)]
    if not keys:
        c.note("strength_no_icebreakers")
        return
    for key in keys:
        encounter.add_boost(x, key, n, until)
        c.note("strength_changed", card=key, n=f"{n:+d}", now=encounter.strength_of(x, key), until=msg(f"engine.until.{until}"))


@applies("corp_gain")
def corp_gain(c: Call) -> None:
    n = amount(c.x, c.number, c.source)
    if encounter.corp_gain(c.x, n, "effect"):
        c.note("corp_gains", side=CORP, n=n, left=c.x.w.corp_credits)


@applies("host_credits")
def host_credits(c: Call) -> None:
    """Credits placed on a card (Trick Shot's 2 at success, Bahia Bands' 4): they join what the
    card hosts, spent as its `credits_for` says (`encounter.hosted_for`)."""
    key = c.opt_name("on") or c.source
    if key is None:
        c.warn("w_host_credits_no_card")
        return
    key = c.x.ctx.names.get(key, key)
    n = amount(c.x, c.number, c.source)
    have = dict(c.x.w.hosted)
    have[key] = have.get(key, 0) + n
    c.x.w.hosted = tuple(have.items())
    c.note("credits_hosted", side=RUNNER, card=key, n=n, total=have[key])


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
