"""The encounter computed (issue 24): strength, breaking with a named icebreaker, both sides' credits.

Strength is the card's (catalogue or `strength: N`) plus the changes made this run
(`Work.boosts`): a change `until: encounter_ends` counts only while the encounter it was made in
goes on, one until the run ends for the rest of the run, one until the turn ends also in the
turn's later runs (`turn.carry`).

A `break` with `with: <breaker>` checks that the breaker can interface with the ice (a break
ability for one of its subtypes, or any subtype for an AI breaker), raises its strength to the
ice's at the least cost, and pays: credits hosted on cards that may pay for icebreakers first,
then bad publicity credits, then the Runner's pool. When it cannot (wrong subtype, a strength it
cannot reach, too few credits), nothing is broken, nothing is paid, and a warning says why.

The Corp's pool (`corp: {credits: N}`) pays rez costs; without it the Corp's money is not counted,
which the trace says once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..i18n import msg
from ..scenario import RUNNER, THAT_ICE, Card
from ..scenario.encounter import CHOSEN, ENCOUNTERED_ICE, Breaker
from . import limits
from .boardstate import with_counters
from .breaking import (
    INF,
    break_counters,
    counters_short,
    discounted,
    host_of,
    pay_stealth_credits,
    plan_break_uses,
    plan_breaks,
    plan_pumps,
    restricted,
    say_warning_once,
    static_forbid,
    stealth,
    subtype_words,
    subtypes_of,
    usable_breaks,
)
from .conditions import holds
from .limits import Plan
from .spending import spend_hosted
from .state import Flag, encounter_id
from .strength import counted, strength_of
from .trace import ACTION

if TYPE_CHECKING:
    from .effects.core import Call
    from .protocol import Executor

__all__ = ["Plan", "plan_break", "can_break", "strength_of", "encounter_id", "add_boost", "break_with", "corp_pay", "corp_gain",
           "say_once", "plan_pumps", "plan_breaks"]


def add_boost(x: Executor, key: str, n: int, until: str) -> None:
    x.w.boosts += ((key, n, until, encounter_id(x.w)),)


def say_once(x: Executor, key: str, **args: Any) -> None:
    """A note the trace carries once per run (`engine.events.<key>`), where it happens."""
    if key in x.w.said:
        return
    x.w.said |= {key}
    x.emit(ACTION, key, **args)


def said_after(x: Executor, key: str) -> None:
    """A note the trace carries once, after the run (`run.encounter_notes`): the step's own
    events stay as they were for a situation that does not use the encounter's accounting."""
    if key not in x.w.said:
        x.w.said |= {key}


AFTER_RUN = ("corp_uncounted", "break_uncounted")  # notes said once, after the run


# ------------------------------------------------------------------ plans (least cost)
# ------------------------------------------------------------------ the Runner's money for a breaker
def _pay_for_breaker(x: Executor, n: int) -> tuple[int, int, int]:
    """Pay n: hosted (restricted) credits first, then bad publicity credits, then the pool."""
    w = x.w
    w.spent = (w.spent[0] + n, w.spent[1])
    hosted = spend_hosted(x, n, "breaker") if n else 0
    left = n - hosted
    bp = min(left, w.bp_credits)
    w.bp_credits -= bp
    w.bp_spent += bp
    w.credits -= left - bp
    return left - bp, bp, hosted


def _available(x: Executor) -> int:
    return x.w.credits + x.w.bp_credits + sum(n for _, n in restricted(x))


def icebreaker_ability(c: Call) -> bool:
    """The effect belongs to an ability of an installed Runner icebreaker (its credits may come from
    cards that pay for icebreakers)."""
    card = c.x.ctx.cards.get(c.source) if c.source else None
    return card is not None and card.side == RUNNER and "icebreaker" in card.subtypes


breaker_money = _available
pay_for_breaker = _pay_for_breaker


# ------------------------------------------------------------------ breaking with a named breaker
def plan_break(x: Executor, key: str, ice: str, nums: tuple[int, ...]) -> Plan:
    """How `key` would break `nums` of `ice` now: the least cost, or the reason it cannot."""
    w = x.w
    card: Card | None = x.ctx.cards.get(key)
    if card is None or card.side != RUNNER or not x.in_play(key):
        return Plan("w_breaker_absent", (("breaker", key), ("ice", ice)))
    if key in w.blanked:  # it lost its abilities (`blank`): none of them breaks anything
        return Plan("w_breaker_blanked", (("breaker", key),))
    br = card.breaker
    ice_card = x.ctx.cards[ice]
    if br is None:
        return Plan("w_breaker_unmodelled", (("breaker", key),))
    if "ai" in {s.lower() for s in card.subtypes}:  # `forbid: break_with_ai`, or static on the ice (Swordsman)
        ban = x.forbidden("break_with_ai") or static_forbid(x, ice_card, "break_with_ai")
        if ban:
            return Plan("w_breaker_ai_forbidden", (("breaker", key), ("ice", ice), ("by", ban)))
    if br.runner_turn_only and x.ctx.sc.turn != RUNNER:
        return Plan("w_breaker_turn", (("breaker", key),))
    if br.one_ice_per_run and any(b == key and i != ice for b, i in w.used_on):
        return Plan("w_breaker_one_ice", (("breaker", key), ("other", next(i for b, i in w.used_on if b == key))))
    if br.host_only and host_of(x, card) != ice:
        return Plan("w_breaker_host", (("breaker", key), ("ice", ice), ("host", host_of(x, card) or msg("engine.none"))))
    if br.discount and holds(x, card, br.discount_if):  # Boi-tatá: every ability costs less now
        br = discounted(br)
    todo = tuple(n for n in nums if n not in w.broken)
    if "killer" not in {s.lower() for s in card.subtypes} and static_forbid(x, ice_card, "break_more_than_one") and sum(
            1 for b, e in w.broke_in if e == encounter_id(w) and "killer" not in x.ctx.cards[b].subtypes) + len(todo) > 1:
        return Plan("w_breaker_one_sub", (("breaker", key), ("ice", ice)))  # Hammer: one per encounter, killers apart
    if br.limited and (why := limits.unusable(x, card, br, ice_card)) != "w_breaker_interface":
        # a limited ability (X costs, counters from any card, trash, once per run, conditions, where):
        # planned use by use (engine/limits.py)
        br = replace(br, pumps=tuple(replace(p, strength=counted(x, p.per), per=None) if p.per else p for p in br.pumps))
        return limits.plan_break(x, card, br, ice_card, todo, why, None if why else _ice_strength(x, br, key, ice),
                                 strength_of(x, key) or 0, _available(x))
    kinds = subtypes_of(x, ice)
    fits = usable_breaks(br, kinds, card)
    brk_cost, _, brk_uses = plan_break_uses(fits, len(todo))
    if brk_cost >= INF:
        chosen = card.chosen.lower().replace("_", " ") if card.chosen else ""
        breaks = tuple(chosen if s == CHOSEN else s for b in br.breaks for s in b.subtypes if s != CHOSEN or chosen)
        return Plan("w_breaker_interface", (("breaker", key), ("ice", ice), ("kinds", subtype_words(kinds)),
                                            ("breaks", subtype_words(breaks))))
    ice_str = _ice_strength(x, br, key, ice)
    unknown = ice_str is None
    ice_str = ice_str or 0
    own = strength_of(x, key) or 0
    if br.equal_strength and own != ice_str:  # Atman: only ice of exactly its strength
        return Plan("w_breaker_equal", (("breaker", key), ("ice", ice), ("own", own), ("ice_strength", ice_str)))
    need = ice_str - own
    if any(p.per for p in br.pumps):  # a pump counted on the board (Unity): its amount now
        br = replace(br, pumps=tuple(replace(p, strength=counted(x, p.per), per=None) if p.per else p
                                     for p in br.pumps if not p.per or counted(x, p.per) > 0))
    pump_cost, uses = plan_pumps(br, need) if need > 0 and not br.fixed_strength else (0 if need <= 0 else INF, ())
    if pump_cost >= INF:
        return Plan("w_breaker_strength", (("breaker", key), ("ice", ice), ("own", own), ("ice_strength", ice_str)))
    pumps = tuple((p, k) for p, k in zip(br.pumps, uses, strict=False) if k)
    spends = break_counters(fits, brk_uses)
    short = counters_short(x, key, spends)
    if short is not None:
        return Plan("w_breaker_counters", (("breaker", key), ("ice", ice), ("n", short[1]), ("have", short[2]),
                                           ("what", msg(f"engine.counter_kinds.{short[0]}"))))
    grip = sum(p.grip * k for p, k in pumps)
    if grip and x.w.sides.grip is None:
        say_warning_once(x, f"break_grip:{key}", "w_breaker_grip_not_given", breaker=key, n=grip)
    elif grip and grip > (x.w.sides.grip or 0):
        return Plan("w_breaker_grip", (("breaker", key), ("ice", ice), ("n", grip), ("have", x.w.sides.grip or 0)))
    from_stealth, stealth_have = sum(p.cost * k for p, k in pumps if p.stealth), sum(n for _, n in stealth(x))
    if from_stealth > stealth_have:
        return Plan("w_breaker_stealth", (("breaker", key), ("n", from_stealth), ("have", stealth_have)))
    total = pump_cost + brk_cost
    have = _available(x)
    if total > have:
        return Plan("w_breaker_credits", (("breaker", key), ("ice", ice), ("n", total), ("have", have)))
    return Plan(None, (), todo, pumps, total, ice_str, unknown, spends, from_stealth)


def _ice_strength(x: Executor, br: Breaker, key: str, ice: str) -> int | None:
    """The ice's strength the breaker must reach: for one that breaks whatever the strength
    (`any_strength`: Boomerang, Endurance), its own, so no pump is needed."""
    if br.any_strength:
        return strength_of(x, key) or 0
    return strength_of(x, ice)


def can_break(x: Executor, key: str, ice: str, nums: tuple[int, ...]) -> bool:
    """The breaker can break these subroutines now, credits included (the explorer's filter)."""
    return plan_break(x, key, ice, nums).why is None


def break_with(c: Call, nums: tuple[int, ...]) -> bool:
    """Break `nums` of the encountered ice with the breaker `with:` names, paying its costs.
    False: nothing is broken (a warning says why)."""
    x, w = c.x, c.x.w
    name = c.opt_name("with") or ""
    key = x.ctx.names.get(name, name)
    ice = c.ice
    plan = plan_break(x, key, ice, nums)
    if plan.why == "w_breaker_unmodelled":  # a card whose breaking is not modelled: broken as written
        c.warn(plan.why, **dict(plan.args))
        return True
    if plan.why is not None:
        c.warn(plan.why, **dict(plan.args))
        return False
    if plan.unknown_strength:
        say_once(x, "strength_unknown", ice=ice)
    for p, k in plan.pumps:
        if p.places:  # Hyperbaric: the pump places counters, which its strength counts
            w.sides = with_counters(w.sides, key, p.places, p.strength * k)
            c.note("pumped_counters", side=RUNNER, breaker=key, n=p.strength * k, cost=p.cost * k,
                   what=msg(f"engine.counter_kinds.{p.places}"))
        else:
            add_boost(x, key, p.strength * k, p.until)
            c.note("pumped", side=RUNNER, breaker=key, n=p.strength * k, cost=p.cost * k,
                   until=msg(f"engine.until.{p.until}"))
        if p.grip:  # Audrey v2: cards trashed from the grip (a grip not given is not counted)
            if w.sides.grip is not None:
                w.sides = replace(w.sides, grip=max(0, w.sides.grip - p.grip * k))
            c.note("pump_grip", side=RUNNER, breaker=key, n=p.grip * k)
    if plan.counters and key in w.sides.counted:
        for kind, n in plan.counters:
            w.sides = with_counters(w.sides, key, kind, -n)
            c.note("break_counters_spent", side=RUNNER, breaker=key, n=n, what=msg(f"engine.counter_kinds.{kind}"))
    stealth = pay_stealth_credits(x, plan.stealth) if plan.stealth else 0
    if plan.uses is not None and plan.uses.stealth:
        stealth += pay_stealth_credits(x, plan.uses.stealth)
    pool, bp, hosted = _pay_for_breaker(x, plan.total - stealth)
    hosted += stealth
    br = x.ctx.cards[key].breaker
    if br is not None and br.one_ice_per_run:
        w.used_on += ((key, ice),)
    w.broke_in += ((key, encounter_id(w)),) * max(1, len(plan.todo))  # one per subroutine broken (Hammer counts)
    w.broke_subs += tuple((key, encounter_id(w), n) for n in plan.todo)
    c.note("broke_with", side=RUNNER, breaker=key, ice=ice, subs=", ".join(map(str, plan.todo)) or msg("engine.none"),
           own=strength_of(x, key) or 0, ice_strength=plan.ice_strength, n=plan.total, pool=pool, bp=bp,
           hosted=hosted)
    if plan.uses is not None and br is not None:
        limits.say_host(c, key, br)
        limits.spend_uses(c, key, br, plan.uses)
    return True



def note_unnamed_break(x: Executor) -> None:
    """`break:` without `with:` keeps its meaning: broken by means not named, credits not counted."""
    said_after(x, "break_uncounted")


# ------------------------------------------------------------------ strength changes
def apply_strength(c: Call, n: int) -> None:
    """`{strength: +N, of: this | encountered_ice | <card>, until: ...}`."""
    x = c.x
    of = c.opt_name("of") or "this"
    if of == "this":
        key = c.source
        if key is None:
            c.warn("w_strength_of_this")
            return
    elif of == THAT_ICE:  # the ice of the moment (the ice rezzed, for a rez moment: Brasília Government Grid)
        that = x.that_ice()
        if that is None:
            c.warn("w_no_ice_now", what=msg("engine.effects.strength"))
            return
        key = that
    elif of == ENCOUNTERED_ICE:
        if Flag.ENCOUNTERING not in x.w.flags or x.w.ice is None:
            c.warn("w_no_encounter", what=msg("engine.effects.strength"))
            return
        key = x.w.ice
    else:
        key = x.ctx.names.get(of, of)
    card = x.ctx.cards.get(key)
    if card is None or card.strength is None:
        c.warn("w_no_strength", card=key)
        return
    if card.breaker is not None and card.breaker.fixed_strength:
        c.warn("w_fixed_strength", card=key)
        return
    until = str(c.e.opt("until") or "encounter_ends")
    if until == "encounter_ends" and Flag.ENCOUNTERING not in x.w.flags:
        c.warn("w_no_encounter", what=msg("engine.effects.strength"))
        return
    add_boost(x, key, n, until)
    c.note("strength_changed", card=key, n=f"{n:+d}", now=strength_of(x, key), until=msg(f"engine.until.{until}"))


# ------------------------------------------------------------------ the Corp's money
def corp_pay(x: Executor, n: int, why: str) -> bool:
    """The Corp pays n credits if its pool is counted and holds them (True: paid or not counted)."""
    w = x.w
    if w.corp_credits is None:
        said_after(x, "corp_uncounted")
        return True
    if w.corp_credits < n:
        return False
    w.corp_credits -= n
    w.spent = (w.spent[0], w.spent[1] + n)
    return True


def corp_gain(x: Executor, n: int, why: str) -> bool:
    """The Corp gains n credits (False: its pool is not counted)."""
    if x.w.corp_credits is None:
        said_after(x, "corp_uncounted")
        return False
    x.w.corp_credits += n
    return True
