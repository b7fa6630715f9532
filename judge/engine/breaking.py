"""Breaking beyond the plain icebreaker (issue 24, the rest of the Standard breakers): what a
breaker's model may add to `breaker:` data and the words of the encounter it needs.

- the subtypes a piece of ice has now (its own, and one gained for the encounter: Engolo, Laamb);
- which break abilities fit (a `chosen` subtype: Chameleon; the turn it was installed: Euler);
- counters spent per break (God of War, Audrey v2) and the breaker's host (Ika);
- credits hosted on stealth cards (Afterimage) among those that may pay for icebreakers;
- "this program fully broke that ice" (CR 6.5.7: every subroutine broken with that one card);
- strength counted on the board: the grip (Cradle), core damage (Begemot), the install turn (Gauss).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..i18n import Msg, Text, has, msg, t
from ..scenario import Card
from ..scenario.encounter import ANY, BreakAbility, Breaker
from .boardstate import counters_on
from .hosted import hosted_for, take_from
from .state import Flag, encounter_id
from .trace import WARNING

if TYPE_CHECKING:
    from .effects.core import Call
    from .protocol import Executor

__all__ = ["board_count", "say_warning_once", "usable_breaks", "plan_break_uses", "restricted", "stealth",
           "pay_stealth_credits", "break_counters", "counters_short", "host_of", "subtypes_of", "gain_subtype",
           "host_on", "stealth_money", "fully_broke_with", "INF", "subtype_words",
           "plan_pumps", "plan_breaks", "discounted"]

INF = 10**9


def board_count(x: Executor, key: str, what: str) -> int:
    """`grip`, `core_damage` or `installed_this_turn` for a strength counted on the board."""
    sides = x.w.sides
    if what == "grip":
        if sides.grip is None:
            say_warning_once(x, f"grip_strength:{key}", "w_grip_not_given", card=key)
        return sides.grip or 0
    if what == "core_damage":
        return sides.damage[2]
    card = x.ctx.cards.get(key)
    return 1 if card is not None and card.installed_this_turn else 0


def say_warning_once(x: Executor, said: str, key: str, **args: Any) -> None:
    """A warning the trace carries once per run."""
    if said not in x.w.said:
        x.w.said |= {said}
        x.emit(WARNING, key, **args)


def usable_breaks(br: Breaker, subtypes: tuple[str, ...], card: Card | None) -> list[BreakAbility]:
    """The break abilities that fit the ice now: its subtypes (a `chosen` subtype is the card's
    `chosen:`), and for an ability of the turn the breaker was installed, that turn (Euler)."""
    chosen = card.chosen.lower().replace("_", " ") if card is not None and card.chosen else None
    installed_now = card is not None and card.installed_this_turn
    return [b for b in br.breaks if b.fits(subtypes, chosen) and (installed_now or not b.install_turn)]


def plan_break_uses(fits: list[BreakAbility], n: int) -> tuple[int, int, tuple[int, ...]]:
    """The least cost of breaking `n` subroutines with these abilities, the number of uses, and
    the uses of each (INF when none fits); on equal cost, fewer uses."""
    if not fits:
        return INF, 0, ()
    none = tuple(0 for _ in fits)
    if n <= 0:
        return 0, 0, none
    best: list[tuple[int, int, tuple[int, ...]]] = [(0, 0, none)] + [(INF, 0, none)] * n
    for s in range(1, n + 1):
        for i, b in enumerate(fits):
            prev = best[max(0, s - (b.subs or n))]
            cand = (prev[0] + b.cost, prev[1] + 1, tuple(u + (j == i) for j, u in enumerate(prev[2])))
            if prev[0] < INF and cand[:2] < best[s][:2]:
                best[s] = cand
    return best[n]


def restricted(x: Executor) -> list[tuple[str, int]]:
    """Hosted credits that may pay for icebreakers, card by card (what each card's credits may pay
    for: judge/engine/hosted.py)."""
    return hosted_for(x, "breaker")


def stealth(x: Executor) -> list[tuple[str, int]]:
    """Hosted credits on stealth cards that may pay for icebreakers (Afterimage's pump), card by card."""
    return [(key, n) for key, n in restricted(x) if "stealth" in x.ctx.cards[key].subtypes]


def pay_stealth_credits(x: Executor, n: int) -> int:
    """Pay n from credits hosted on stealth cards that may pay for icebreakers (what was taken)."""
    taken, _ = take_from(x, stealth(x), n)
    x.w.spent = (x.w.spent[0] + taken, x.w.spent[1])
    return taken


def break_counters(fits: list[BreakAbility], uses: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """The counters the break abilities used spend, by kind (God of War: 1 virus counter a use)."""
    out: dict[str, int] = {}
    for b, k in zip(fits, uses, strict=False):
        if b.counter and k:
            out[b.counter] = out.get(b.counter, 0) + k * b.counter_n
    return tuple(out.items())


def counters_short(x: Executor, key: str, spends: tuple[tuple[str, int], ...]) -> tuple[str, int, int] | None:
    """The first kind the breaker has too few counters of (kind, needed, had); counters the
    scenario does not give are not counted: taken as there, and said once."""
    if not spends:
        return None
    if key not in x.w.sides.counted:
        say_warning_once(x, f"break_counters:{key}", "w_counters_not_given", card=key,
                         what=msg(f"engine.counter_kinds.{spends[0][0]}"))
        return None
    have = counters_on(x.w.sides, key)
    return next(((k, n, have.get(k, 0)) for k, n in spends if have.get(k, 0) < n), None)


def host_of(x: Executor, card: Card) -> str | None:
    """The ice a breaker is hosted on: the last it moved onto this run (`host_on`), else `chosen:`
    beside it (Ika). Neither: the encountered ice is taken as its host, and the trace says so once."""
    moved = next((i for k, i in reversed(x.w.hosts) if k == card.key), None)
    if moved is not None:
        return moved
    if card.chosen is not None:
        return x.ctx.names.get(card.chosen, card.chosen)
    say_warning_once(x, f"host:{card.key}", "w_host_not_given", card=card.key)
    return x.w.ice


def subtypes_of(x: Executor, key: str) -> tuple[str, ...]:
    """A piece of ice's subtypes now: its own, and those an effect gave it for the encounter going
    on (Engolo: code gate)."""
    own = x.ctx.cards[key].subtypes
    w = x.w
    if not w.gained_subtypes or Flag.ENCOUNTERING not in w.flags:
        return own
    now = encounter_id(w)
    more = tuple(s for k, s, enc in w.gained_subtypes if k == key and enc == now and s not in own)
    return own + tuple(dict.fromkeys(more))


def gain_subtype(c: Call, kind: str) -> None:
    """`{gain_subtype: code gate}`: the encountered ice has that subtype until the encounter ends."""
    x = c.x
    if Flag.ENCOUNTERING not in x.w.flags or x.w.ice is None:
        c.warn("w_no_encounter", what=msg("engine.effects.gain_subtype"))
        return
    x.w.gained_subtypes += ((x.w.ice, kind, encounter_id(x.w)),)
    c.note("subtype_gained", ice=x.w.ice, subtype=subtype_words((kind,)))


def host_on(c: Call, ice: str) -> None:
    """`{host_on: that ice}`: the card whose ability it is moves onto that piece of ice (Ika)."""
    x = c.x
    if c.source is None or ice not in x.ctx.cards or not x.ctx.cards[ice].is_ice:
        c.warn("w_host_on", card=c.source or "", ice=ice)
        return
    x.w.hosts += ((c.source, ice),)
    c.note("hosted_on", card=c.source, ice=ice)


def stealth_money(x: Executor) -> int:
    """Credits hosted on stealth cards that may pay for icebreakers."""
    return sum(n for _, n in stealth(x))




def fully_broke_with(x: Executor, key: str) -> bool:
    """Every subroutine of the encountered ice was broken with this breaker in this encounter
    (CR 6.5.7: the card that fully broke it; ice with no subroutine is broken by no card)."""
    w = x.w
    ice = x.ctx.cards.get(w.ice) if w.ice else None
    if ice is None or not ice.subroutines:
        return False
    now = encounter_id(w)
    mine = {n for b, enc, n in w.broke_subs if b == key and enc == now}
    return all(n in mine for n in range(1, len(ice.subroutines) + 1))


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


def plan_breaks(br: Breaker, subtypes: tuple[str, ...], n: int, card: Card | None = None) -> tuple[int, int]:
    """The least cost of breaking `n` subroutines with the abilities that fit, and the uses (INF: none fits)."""
    cost, uses, _ = plan_break_uses(usable_breaks(br, subtypes, card), n)
    return cost, uses


def discounted(br: Breaker) -> Breaker:
    """The breaker with every break and pump `discount` credits cheaper, never below 0 (Boi-tatá)."""
    return replace(br, breaks=tuple(replace(b, cost=max(0, b.cost - br.discount)) for b in br.breaks),
                   pumps=tuple(replace(p, cost=max(0, p.cost - br.discount)) for p in br.pumps))


def static_forbid(x: Executor, ice: Card, what: str) -> str | None:
    """The ice, when a `static` ability of it forbids `what` while it is rezzed (Swordsman, Hammer)."""
    return ice.key if x.active(ice) and any(ab.when == "static" and any(
        e.kind == "forbid" and e.arg == what for e in ab.effects) for ab in ice.abilities) else None
