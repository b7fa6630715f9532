"""Breaking with costs and limits beyond credits (docs/encounter.md "Costs and limits"); the plain
planner and what it adds (discounts, hosts, grip costs) are judge/engine/encounter.py and breaking.py.

A break ability or a pump may cost X credits (`x: true`: `cost` for each subroutine it breaks), a
counter per use (`counter: virus`, from the breaker or `from: any` installed Runner card), the
breaker itself (`trash: true`), be usable once per run or per encounter, only while conditions on
the breaker hold (`if:`), only on some ice (`where: chosen | chosen_server | trojan_host`), and a pump
only with credits hosted on stealth cards (`stealth: true`). A breaker with any of these is planned
use by use (`plan_limited`): every way to reach the ice's strength and break the subroutines within
the Runner's credits and counters, the cheapest kept (fewest credits, then no trash, then fewest
counters, then fewest uses). `strength_when` changes a breaker's strength while conditions hold
(Shibboleth under threat).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING

from ..scenario import RUNNER, Card
from ..scenario.encounter import BreakAbility, Breaker, Pump
from . import board
from .boardstate import counters_on, with_counters
from .breaking import stealth_money
from .state import encounter_id

if TYPE_CHECKING:
    from .effects.core import Call
    from .protocol import Executor

__all__ = ["Uses", "plan_limited", "plan_break", "say_host", "spend_uses", "strength_change", "where_ok", "skip_first",
           "unusable", "Plan"]

INF = 10**9
CAP = 12  # uses of one ability looked at (more than any ice needs)
COPY = ("copy", "this")  # hosted faceup copies, counted beside the counters a plan spends


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
    counters: tuple[tuple[str, int], ...] = ()  # counters the plain planner's breaks spend, by kind
    stealth: int = 0                 # credits of the total that come from stealth cards (plain planner)
    uses: Uses | None = None   # a breaker with limited abilities: what each is used for


@dataclass(frozen=True)
class Uses:
    """A way to break: how many times each pump and each break ability is used, and for an X
    ability how many subroutines it breaks (`x_subs`); what it costs in credits, stealth credits
    and counters; or why there is none (`why`, a warning key)."""

    why: str | None = None
    pumps: tuple[tuple[int, int], ...] = ()          # (pump index, uses)
    breaks: tuple[tuple[int, int, int], ...] = ()    # (break index, uses, subroutines of an X use)
    credits: int = 0
    stealth: int = 0
    counters: tuple[tuple[str, str, int], ...] = ()  # (kind, this | any, n)
    trash: bool = False


def strength_change(x: Executor, card: Card, br: Breaker) -> int:
    """What `strength_when` adds while its conditions hold."""
    if not br.strength_when:
        return 0
    from .conditions import holds
    return sum(n for n, conds in br.strength_when if holds(x, card, conds))


def _chosen_key(x: Executor, card: Card) -> str | None:
    return x.ctx.names.get(card.chosen, card.chosen) if card.chosen else None


def where_ok(x: Executor, card: Card, on: str | None, ice: str) -> bool:
    """The ice may be broken by an ability limited to `on` ice. Nothing chosen: the encountered ice
    (or its server) is taken as the chosen one (said by `break_with`)."""
    if on is None:
        return True
    if on == "trojan_host":
        return any("trojan" in c.subtypes and x.in_play(c.key) and _chosen_key(x, c) == ice
                   for c in x.ctx.sc.runner_cards)
    chosen = _chosen_key(x, card)
    if chosen is None:
        return True
    if on == "chosen":
        return chosen == ice
    here = board.slot_of(x.w, ice)
    if chosen in x.ctx.sc.servers or chosen in ("HQ", "R&D", "Archives"):
        return here is not None and here[0] == chosen
    there = board.slot_of(x.w, chosen)
    return here is not None and there is not None and here[0] == there[0]


def _once_scope(x: Executor, once: str | None) -> str:
    return "run" if once == "run" else encounter_id(x.w)


def _usable(x: Executor, card: Card, what: str, i: int, once: str | None, conds: tuple[tuple[str, object], ...]) -> bool:
    from .conditions import holds
    if once and (card.key, f"{what} {i}", _once_scope(x, once)) in x.w.once_used:
        return False
    return holds(x, card, conds)


def _counters_have(x: Executor, key: str, kind: str, source: str) -> int | None:
    """Counters of a kind the breaker may spend (None: not given, so not counted)."""
    w = x.w
    if source == "this":
        return counters_on(w.sides, key).get(kind, 0) if key in w.sides.counted else None
    rig = [c.key for c in x.ctx.sc.runner_cards if x.in_play(c.key) and c.key in w.sides.counted]
    if not rig:
        return None
    return sum(counters_on(w.sides, k).get(kind, 0) for k in rig)


def _pump_vectors(pumps: list[tuple[int, Pump]], need: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every minimal way to add at least `need` strength (no use can be dropped)."""
    if need <= 0:
        return [tuple(0 for _ in pumps)]
    out = []
    for us in product(*(range(c + 1) for c in caps)):
        got = sum(u * p.strength for u, (_, p) in zip(us, pumps, strict=True))
        if got >= need and all(got - p.strength < need for u, (_, p) in zip(us, pumps, strict=True) if u):
            out.append(us)
    return out


def _break_vectors(brks: list[tuple[int, BreakAbility]], n: int, caps: list[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every way to break `n` subroutines: (uses, X subroutines) per ability."""
    if n <= 0:
        return [(tuple(0 for _ in brks), tuple(0 for _ in brks))]
    ranges = []
    for (_, b), cap in zip(brks, caps, strict=True):
        if b.x:
            ranges.append([(1 if k else 0, k) for k in range(min(n, CAP) + 1)] if cap else [(0, 0)])
        elif b.subs == 0:
            ranges.append([(u, 0) for u in range(min(cap, 1) + 1)])
        else:
            ranges.append([(u, 0) for u in range(min(cap, -(-n // b.subs)) + 1)])
    out = []
    for combo in product(*ranges):
        covered = sum(k if b.x else (n if b.subs == 0 and u else u * b.subs) for (u, k), (_, b) in zip(combo, brks, strict=True))
        if covered >= n:
            out.append((tuple(u for u, _ in combo), tuple(k for _, k in combo)))
    return out


def unusable(x: Executor, card: Card, br: Breaker, ice: Card) -> str | None:
    """Why no break ability of the breaker can be used on the ice now (before any strength is counted)."""
    brks = [(i, b) for i, b in enumerate(br.breaks) if b.fits(ice.subtypes)]
    if not brks:
        return "w_breaker_interface"
    if not any(where_ok(x, card, b.on, ice.key) and _usable(x, card, "break", i, b.once_per, b.conditions) for i, b in brks):
        return "w_breaker_limits"
    return None


def plan_limited(x: Executor, card: Card, br: Breaker, ice: Card, n: int, need: int, money: int) -> Uses:
    """The cheapest way for a breaker with limited abilities to reach `need` more strength and
    break `n` subroutines of `ice`, or why it cannot."""
    key = card.key
    brks = [(i, b) for i, b in enumerate(br.breaks) if b.fits(ice.subtypes)]
    if not brks:
        return Uses("w_breaker_interface")
    brks = [(i, b) for i, b in brks if where_ok(x, card, b.on, ice.key) and _usable(x, card, "break", i, b.once_per, b.conditions)]
    if not brks:
        return Uses("w_breaker_limits")
    pumps = [(i, p) for i, p in enumerate(br.pumps) if _usable(x, card, "pump", i, p.once_per, p.conditions)]
    if br.fixed_strength and need > 0:
        return Uses("w_breaker_strength")
    have: dict[tuple[str, str], int | None] = {}
    every: list[Pump | BreakAbility] = [a for _, a in brks] + [p for _, p in pumps]
    for a in every:
        if a.counter:
            have[(a.counter, a.counter_from)] = _counters_have(x, key, a.counter, a.counter_from)
        if isinstance(a, BreakAbility) and a.copy:
            have[COPY] = None if card.copies is None else card.copies - dict(x.w.facedown).get(key, 0)
    stealth = stealth_money(x)

    def cap(a: Pump | BreakAbility, most: int) -> int:
        c = most
        if a.once_per or (isinstance(a, BreakAbility) and a.trash):
            c = min(c, 1)
        got = have.get((a.counter, a.counter_from)) if a.counter else None
        if got is not None:
            c = min(c, got // _per_use(a))
        if isinstance(a, BreakAbility) and a.copy and have.get(COPY) is not None:
            c = min(c, have[COPY] or 0)
        if isinstance(a, Pump) and a.stealth and a.cost:
            c = min(c, stealth // a.cost)
        return c

    pcaps = [cap(p, min(CAP, -(-max(need, 0) // p.strength) if p.strength else 0)) for _, p in pumps]
    pvecs = _pump_vectors(pumps, need, pcaps)
    if not pvecs:
        return Uses("w_breaker_strength")
    bvecs = _break_vectors(brks, n, [cap(b, CAP) for _, b in brks])
    if not bvecs:  # too few uses: for want of counters, or by a limit of the abilities themselves
        free = _break_vectors(brks, n, [1 if b.once_per or b.trash else CAP for _, b in brks])
        return Uses("w_breaker_counters_limited" if free else "w_breaker_limits")
    best: tuple[tuple[int, int, int, int], Uses] | None = None
    cheapest_over = INF
    for pv in pvecs:
        for bv, xs in bvecs:
            spent: dict[tuple[str, str], int] = {}
            used: list[tuple[int, Pump | BreakAbility]] = [(u, p) for u, (_, p) in zip(pv, pumps, strict=True)]
            used += [(u, b) for u, (_, b) in zip(bv, brks, strict=True)]
            for u, a in used:
                if u and a.counter:
                    spent[(a.counter, a.counter_from)] = spent.get((a.counter, a.counter_from), 0) + u * _per_use(a)
                if u and isinstance(a, BreakAbility) and a.copy:
                    spent[COPY] = spent.get(COPY, 0) + u
            if any(have.get(k) is not None and m > (have.get(k) or 0) for k, m in spent.items()):
                continue
            st = sum(u * p.cost for u, (_, p) in zip(pv, pumps, strict=True) if p.stealth)
            credits = sum(u * p.cost for u, (_, p) in zip(pv, pumps, strict=True)) + sum(
                (k * b.cost if b.x else u * b.cost) for u, k, (_, b) in zip(bv, xs, brks, strict=True))
            if credits > money:
                cheapest_over = min(cheapest_over, credits)
                continue
            trash = any(u and b.trash for u, (_, b) in zip(bv, brks, strict=True))
            rank = (credits, int(trash), sum(spent.values()), sum(pv) + sum(bv))
            if best is None or rank < best[0]:
                best = (rank, Uses(None, tuple((i, u) for u, (i, _) in zip(pv, pumps, strict=True) if u),
                                   tuple((i, u, k) for u, k, (i, _) in zip(bv, xs, brks, strict=True) if u),
                                   credits, st, tuple((k, s, m) for (k, s), m in spent.items()), trash))
    if best is not None:
        return best[1]
    if cheapest_over < INF:
        return Uses("w_breaker_credits", credits=cheapest_over)
    return Uses("w_breaker_counters_limited")


def _per_use(a: Pump | BreakAbility) -> int:
    """The counters one use spends: a break's `counters: N` (Endurance: 2), else 1."""
    return a.counter_n if isinstance(a, BreakAbility) else 1


def _take_counters(x: Executor, key: str, kind: str, source: str, n: int) -> None:
    """Spend n counters of a kind: from the breaker, or from installed Runner cards in the order listed."""
    w = x.w
    if source == "this":
        if key in w.sides.counted:
            w.sides = with_counters(w.sides, key, kind, -n)
        return
    for c in x.ctx.sc.runner_cards:
        if n <= 0:
            break
        if c.key in w.sides.counted and x.in_play(c.key):
            take = min(n, counters_on(w.sides, c.key).get(kind, 0))
            if take:
                w.sides = with_counters(w.sides, c.key, kind, -take)
                n -= take


def spend_uses(c: Call, key: str, br: Breaker, uses: Uses) -> None:
    """What a plan spends beyond credits: counters, a use once per run or encounter, the breaker
    itself; each said on the trace."""
    from ..i18n import msg
    from .leaving import leave
    x = c.x
    for kind, source, n in uses.counters:
        if (kind, source) == COPY:
            down = dict(x.w.facedown)
            x.w.facedown = tuple({**down, key: down.get(key, 0) + n}.items())
            c.note("copies_facedown", breaker=key, n=n)
            continue
        _take_counters(x, key, kind, source, n)
        c.note("breaker_counters", breaker=key, n=n, what=msg(f"engine.counter_kinds.{kind}"))
    for i, _ in uses.pumps:
        if br.pumps[i].once_per:
            x.w.once_used += ((key, f"pump {i}", _once_scope(x, br.pumps[i].once_per)),)
    for i, _, _ in uses.breaks:
        if br.breaks[i].once_per:
            x.w.once_used += ((key, f"break {i}", _once_scope(x, br.breaks[i].once_per)),)
    if uses.trash:
        leave(c, key, "trashed", RUNNER)


def skip_first(x: Executor, n: int) -> str | None:
    """The card whose effect keeps subroutine `n` of the encounter going on from resolving (Mass-Driver:
    the first 3 of the next encounter), if one does."""
    enc = encounter_id(x.w)
    return next((who for who, k, e in x.w.skip_now if e == enc and n <= k), None)


def plan_break(x: Executor, card: Card, br: Breaker, ice: Card, todo: tuple[int, ...], why: str | None,
               ice_strength: int | None, own: int, money: int) -> Plan:
    """`encounter.plan_break` for a breaker whose abilities have limits or costs beyond credits: `why`
    no ability can be used (`unusable`), else the cheapest way within `money`."""
    args: tuple[tuple[str, object], ...] = (("breaker", card.key), ("ice", ice.key))
    if why is not None:
        return Plan(why, args)
    ice_str = ice_strength or 0
    u = plan_limited(x, card, br, ice, len(todo), ice_str - own, money)
    if u.why == "w_breaker_strength":
        return Plan(u.why, args + (("own", own), ("ice_strength", ice_str)))
    if u.why == "w_breaker_credits":
        return Plan(u.why, args + (("n", u.credits), ("have", money)))
    if u.why is not None:
        return Plan(u.why, args)
    pumps = tuple((br.pumps[i], k) for i, k in u.pumps)
    return Plan(None, (), todo, pumps, u.credits, ice_str, ice_strength is None, uses=u)


def say_host(c: Call, key: str, br: Breaker) -> None:
    """A break limited to chosen ice, on a card with nothing `chosen:`: the encountered ice (or its
    server) was taken as the chosen one; said once."""
    card = c.x.ctx.cards[key]
    if card.chosen is None and any(b.on in ("chosen", "chosen_server") for b in br.breaks):
        if f"chosen:{key}" not in c.x.w.said:
            c.x.w.said |= {f"chosen:{key}"}
            c.warn("w_chosen_not_given_limited", card=key, ice=c.ice)
