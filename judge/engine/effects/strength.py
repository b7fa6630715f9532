"""The encounter's effects (issue 24): `{strength: +N, of: this | encountered_ice | <card>, until: ...}`,
and the Corp's credits gained or lost (`corp_gain`, `corp_lose`)."""

from __future__ import annotations

from ...i18n import msg
from ...scenario import CORP, RUNNER
from .. import encounter
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
