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

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..i18n import Msg, Text, has, msg, t
from ..scenario import CORP, RUNNER, Amount, Card
from ..scenario.encounter import ANY, ENCOUNTERED_ICE, Breaker, Pump
from . import board
from .boardstate import counters_on
from .hosted import hosted_for, spend_hosted
from .state import Flag, encounter_id
from .trace import ACTION, WARNING

if TYPE_CHECKING:
    from .effects.core import Call
    from .protocol import Executor

__all__ = ["Plan", "plan_break", "can_break", "strength_of", "encounter_id", "add_boost", "break_with", "rez_paid", "corp_pay", "corp_gain",
           "say_once", "plan_pumps", "plan_breaks"]

INF = 10**9


def counted(x: Executor, per: str) -> int:
    """How many of a breaker's `per` the board holds now."""
    if per == "attacked_server_ice":
        return sum(1 for _, i in board.slots_of(x.w, x.w.server) if i)
    rig = [c for c in x.ctx.sc.runner_cards if x.in_play(c.key)]
    if per == "installed_icebreakers":
        return sum(1 for c in rig if "icebreaker" in c.subtypes)
    return sum(1 for c in rig if c.type == "program")  # installed_programs


def strength_of(x: Executor, key: str) -> int | None:
    """A card's strength now (None: the card has none the judge knows)."""
    card = x.ctx.cards.get(key)
    if card is None or card.strength is None:
        return None
    w = x.w
    base = card.strength
    if card.breaker is not None:
        if card.breaker.strength_per:
            base += counted(x, card.breaker.strength_per)
        if card.breaker.fixed_strength:
            return base
    if card.strength_plus is not None:
        base += _counted_strength(x, key, card.strength_plus)
    if not w.boosts:
        return base
    now = encounter_id(w) if Flag.ENCOUNTERING in w.flags else None
    return base + sum(n for k, n, until, enc in w.boosts
                      if k == key and (until != "encounter_ends" or enc == now))


def _counted_strength(x: Executor, key: str, per: Amount) -> int:
    """Strength from counters on the card itself (Hadrian's Wall: +1 per advancement counter).
    Counters the scenario does not give are counted as none, and said once per run."""
    kind = per.count[:-len("_counters")]
    if key not in x.w.sides.counted and f"counters:{key}" not in x.w.said:
        x.w.said |= {f"counters:{key}"}
        x.emit(WARNING, "w_counters_not_given", card=key, what=msg(f"engine.counter_kinds.{kind}"))
    return per.plus + per.times * counters_on(x.w.sides, key).get(kind, 0)


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
def plan_pumps(br: Breaker, need: int) -> tuple[int, tuple[int, ...]]:
    """The least cost of raising strength by at least `need`, and how many times each pump is used
    (INF when it cannot); on equal cost, fewer uses."""
    if need <= 0:
        return 0, tuple(0 for _ in br.pumps)
    best: list[tuple[int, int, tuple[int, ...]]] = [(0, 0, tuple(0 for _ in br.pumps))] + [(INF, INF, ())] * need
    for s in range(1, need + 1):
        for i, p in enumerate(br.pumps):
            prev = best[max(0, s - p.strength)]
            if prev[0] >= INF:
                continue
            cand = (prev[0] + p.cost, prev[1] + 1, tuple(u + (j == i) for j, u in enumerate(prev[2])))
            if cand[:2] < best[s][:2]:
                best[s] = cand
    return best[need][0], best[need][2]


def plan_breaks(br: Breaker, subtypes: tuple[str, ...], n: int) -> tuple[int, int]:
    """The least cost of breaking `n` subroutines with the abilities that fit the ice, and the number
    of uses (INF when no ability fits)."""
    fits = [b for b in br.breaks if b.fits(subtypes)]
    if not fits:
        return INF, 0
    if n <= 0:
        return 0, 0
    best = [(0, 0)] + [(INF, 0)] * n
    for s in range(1, n + 1):
        for b in fits:
            prev = best[max(0, s - (b.subs or n))]
            if prev[0] < INF and (prev[0] + b.cost, prev[1] + 1) < best[s]:
                best[s] = (prev[0] + b.cost, prev[1] + 1)
    return best[n]


# ------------------------------------------------------------------ the Runner's money for a breaker
def _restricted(x: Executor) -> list[tuple[str, int]]:
    """Hosted credits that may pay for icebreakers, card by card."""
    return hosted_for(x, "breaker")


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
    return x.w.credits + x.w.bp_credits + sum(n for _, n in _restricted(x))


def icebreaker_ability(c: Call) -> bool:
    """The effect belongs to an ability of an installed Runner icebreaker (its credits may come from
    cards that pay for icebreakers)."""
    card = c.x.ctx.cards.get(c.source) if c.source else None
    return card is not None and card.side == RUNNER and "icebreaker" in card.subtypes


breaker_money = _available
pay_for_breaker = _pay_for_breaker


def subtype_words(kinds: tuple[str, ...]) -> Text | Msg:
    """Subtypes in each language (the catalogue's words: 코드 게이트), or "none"."""
    seen = list(dict.fromkeys(kinds))
    if not seen:
        return msg("engine.none")

    def say(lang: str) -> str:
        key = "cardwords.subtypes.{}"
        return ", ".join(t("engine.any_subtype", lang) if k == ANY else t(key.format(k.replace(" ", "_")), lang)
                         if has(key.format(k.replace(" ", "_")), lang) else k for k in seen)
    return Text(say("en"), say("ko"))


# ------------------------------------------------------------------ breaking with a named breaker
@dataclass(frozen=True)
class Plan:
    """What breaking some subroutines with a breaker takes, or why it cannot (`why`: a warning key)."""

    why: str | None = None
    args: tuple[tuple[str, object], ...] = ()
    todo: tuple[int, ...] = ()
    pumps: tuple[tuple[Pump, int], ...] = ()
    total: int = 0
    ice_strength: int = 0
    unknown_strength: bool = False


def plan_break(x: Executor, key: str, ice: str, nums: tuple[int, ...]) -> Plan:
    """How `key` would break `nums` of `ice` now: the least cost, or the reason it cannot."""
    w = x.w
    card: Card | None = x.ctx.cards.get(key)
    ice_card = x.ctx.cards[ice]
    if card is None or card.side != RUNNER or not x.in_play(key):
        return Plan("w_breaker_absent", (("breaker", key), ("ice", ice)))
    br = card.breaker
    if br is None:
        return Plan("w_breaker_unmodelled", (("breaker", key),))
    if br.runner_turn_only and x.ctx.sc.turn != RUNNER:
        return Plan("w_breaker_turn", (("breaker", key),))
    if br.one_ice_per_run and any(b == key and i != ice for b, i in w.used_on):
        return Plan("w_breaker_one_ice", (("breaker", key), ("other", next(i for b, i in w.used_on if b == key))))
    todo = tuple(n for n in nums if n not in w.broken)
    brk_cost, _ = plan_breaks(br, ice_card.subtypes, len(todo))
    if brk_cost >= INF:
        return Plan("w_breaker_interface", (("breaker", key), ("ice", ice), ("kinds", subtype_words(ice_card.subtypes)),
                                            ("breaks", subtype_words(tuple(s for b in br.breaks for s in b.subtypes)))))
    ice_str = strength_of(x, ice)
    unknown = ice_str is None
    ice_str = ice_str or 0
    own = strength_of(x, key) or 0
    need = ice_str - own
    if any(p.per for p in br.pumps):  # a pump counted on the board (Unity): its amount now
        br = replace(br, pumps=tuple(replace(p, strength=counted(x, p.per), per=None) if p.per else p
                                     for p in br.pumps if not p.per or counted(x, p.per) > 0))
    pump_cost, uses = plan_pumps(br, need) if need > 0 and not br.fixed_strength else (0 if need <= 0 else INF, ())
    if pump_cost >= INF:
        return Plan("w_breaker_strength", (("breaker", key), ("ice", ice), ("own", own), ("ice_strength", ice_str)))
    total = pump_cost + brk_cost
    have = _available(x)
    if total > have:
        return Plan("w_breaker_credits", (("breaker", key), ("ice", ice), ("n", total), ("have", have)))
    return Plan(None, (), todo, tuple((p, k) for p, k in zip(br.pumps, uses, strict=False) if k), total, ice_str, unknown)


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
        add_boost(x, key, p.strength * k, p.until)
        c.note("pumped", side=RUNNER, breaker=key, n=p.strength * k, cost=p.cost * k,
               until=msg(f"engine.until.{p.until}"))
    pool, bp, hosted = _pay_for_breaker(x, plan.total)
    br = x.ctx.cards[key].breaker
    if br is not None and br.one_ice_per_run:
        w.used_on += ((key, ice),)
    w.broke_in += ((key, encounter_id(w)),)
    c.note("broke_with", side=RUNNER, breaker=key, ice=ice, subs=", ".join(map(str, plan.todo)) or msg("engine.none"),
           own=strength_of(x, key) or 0, ice_strength=plan.ice_strength, n=plan.total, pool=pool, bp=bp,
           hosted=hosted)
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


def rez_cost_change(c: Call, key: str) -> int:
    """What active cards' `static` abilities add to the rez cost of `key` (Cat's Cradle: +1 for
    code gates). `ice_subtype` in such an ability's `if:` is about the card being rezzed."""
    from .conditions import failing
    x, card, total = c.x, c.x.ctx.cards[key], 0
    sc = x.ctx.sc
    for holder in (*sc.runner_cards, *sc.corp_cards):
        if not x.active(holder) or not x.in_play(holder.key):
            continue
        for ab in holder.abilities:
            if ab.when != "static":
                continue
            if any(k == "ice_subtype" and v not in card.subtypes for k, v in ab.conditions):
                continue
            if failing(x, holder, tuple((k, v) for k, v in ab.conditions if k != "ice_subtype")) is not None:
                continue
            for e in ab.effects:
                if e.kind == "rez_cost" and isinstance(e.arg, int):
                    total += e.arg
                    c.note("rez_cost_changed", card=key, n=f"{e.arg:+d}", by=holder.key)
    return total


def rez_paid(c: Call, key: str) -> bool:
    """A rez pays the card's rez cost from the Corp's pool; False: the Corp cannot afford it (warned)."""
    x = c.x
    if x.w.corp_credits is None:
        said_after(x, "corp_uncounted")
        return True
    cost = x.ctx.cards[key].rez_cost
    if cost is None:
        c.warn("w_rez_cost_unknown", card=key)
        return True
    cost = max(0, cost + rez_cost_change(c, key))
    have = x.w.corp_credits
    if not corp_pay(x, cost, "rez"):
        c.warn("w_rez_unaffordable", card=key, n=cost, have=have)
        return False
    c.note("corp_pays_rez", side=CORP, card=key, n=cost, left=x.w.corp_credits)
    return True

