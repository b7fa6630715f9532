"""The encounter as a scenario writes it (issue 24): an icebreaker's model (`breaker:`), the
durations of a strength change, and the words `of:` may name.

    breaker:
      break: [{subtypes: [barrier], subs: 1, cost: 1}]   # subtypes: a list, or any (an AI breaker)
      pump: [{strength: 1, cost: 1, until: encounter_ends}]
      strength_per: installed_icebreakers   # +1 strength for each (installed_programs, attacked_server_ice)
      fixed_strength: false     # its strength cannot be changed (no pump, no strength effect)
      one_ice_per_run: false    # used on one piece of ice per run
      runner_turn_only: false   # its abilities are used only in the Runner's turn
      equal_strength: false     # interfaces only with ice of exactly its strength (Atman)
      host_only: false          # breaks only the ice it is hosted on (`chosen:` beside it; Ika)
      strength_when: [{strength: -2, if: {threat: 4}}]   # a strength change while conditions hold

`subs: 0` (or `any`) breaks any number of subroutines for one cost. A break ability may spend a
counter hosted on the breaker per use (`counter: virus`, God of War; `from: any` takes it from any
installed Runner card), be usable only in the turn the breaker was installed (`install_turn: true`,
Euler), and name `subtypes: chosen` (the subtype written as `chosen:` beside the card, Chameleon).
It may also cost X credits (`x: true`: `cost` per subroutine broken), trash the breaker (`trash:
true`), turn a hosted copy facedown (`copy: true`), be used once per run or encounter
(`once_per`), only while conditions on the breaker hold (`if:`), and only on some ice (`where:
chosen | chosen_server | trojan_host`). A pump may place counters on the breaker instead of a boost
(`places: power`, Hyperbaric: its strength counts that counter), spend a counter per use
(`counter:`), be limited as a break is (`once_per`, `if`), be paid only with credits hosted on
stealth cards (`stealth: true`, Afterimage), and cost cards trashed from the grip (`grip: 1`, Audrey
v2). `discount: {by: 1, if: {<conditions>}}` makes every break and pump cost that much less while
the conditions hold (Boi-tatá: `trashed_own`). Abilities with a limit beyond credits are planned use
by use (judge/engine/limits.py); the others by the plain planner (judge/engine/encounter.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from .board import COUNTER_KINDS
from .conditions import parse_conditions
from .validate import Validator
from .yamlsource import YPath

__all__ = ["Breaker", "BreakAbility", "Pump", "parse_breaker", "DURATIONS", "OF_WORDS", "ENCOUNTERED_ICE",
           "BREAKER_KEYS", "ANY", "PER", "breaker_schema", "CHOSEN"]

DURATIONS = ("encounter_ends", "run_ends", "turn_ends")
ENCOUNTERED_ICE = "encountered_ice"
OF_WORDS = ("this", ENCOUNTERED_ICE, "icebreakers")  # `of:` beside these: a card's name
ANY = "any"
BREAKER_KEYS = ("break", "pump", "strength_per", "fixed_strength", "one_ice_per_run", "runner_turn_only",
                "equal_strength", "host_only", "discount", "strength_when", "any_strength")
# any_strength: not an icebreaker, it breaks whatever the ice's strength (Boomerang, Endurance)
_FLAGS = ("fixed_strength", "one_ice_per_run", "runner_turn_only", "equal_strength", "host_only", "any_strength")
CHOSEN = "chosen"  # `subtypes: chosen`: the subtype the card chose (`chosen:` beside it)
ONCE_PER = ("run", "encounter")
# which ice a break ability may be used on: the card's `chosen:` ice (its host), ice protecting the
# chosen server (or the server the chosen ice protects), ice that an installed trojan is `chosen:` on
ON_WORDS = ("chosen", "chosen_server", "trojan_host")
COUNTER_FROM = ("this", "any")
Conds = tuple[tuple[str, object], ...]
# what a breaker's strength, or a pump's amount, counts on the board: +1 for each
PER = ("installed_icebreakers", "installed_programs", "attacked_server_ice")


@dataclass(frozen=True)
class BreakAbility:
    """Break `subs` subroutines (0: any number) of ice of these subtypes (ANY: every subtype) for `cost`."""

    subtypes: tuple[str, ...]
    subs: int
    cost: int
    x: bool = False                 # X credits: `cost` for each subroutine this use breaks
    counter: str | None = None      # each use also spends 1 counter of this kind ...
    counter_from: str = "this"      # ... hosted on the breaker, or on any installed Runner card
    counter_n: int = 1              # how many counters of that kind a use spends (`counters: 2`, Endurance)
    install_turn: bool = False      # usable only in the turn the breaker was installed (Euler)
    trash: bool = False             # the use trashes the breaker
    copy: bool = False              # the use turns one hosted faceup copy of the breaker facedown (`copies:`)
    once_per: str | None = None     # run, encounter
    conditions: Conds = ()          # `if:` on the breaker
    on: str | None = None           # `where:` ON_WORDS

    def fits(self, ice_subtypes: tuple[str, ...], chosen: str | None = None) -> bool:
        kinds = tuple(chosen if s == CHOSEN else s for s in self.subtypes if s != CHOSEN or chosen)
        return ANY in kinds or any(s in ice_subtypes for s in kinds)

    @property
    def limited(self) -> bool:
        """Something the plain planner does not count (judge/engine/limits.py plans it use by use)."""
        return bool(self.x or self.trash or self.copy or self.once_per or self.conditions or self.on
                    or (self.counter and self.counter_from != "this"))


@dataclass(frozen=True)
class Pump:
    """+`strength` for `cost`, until the encounter, the run or the turn ends."""

    strength: int
    cost: int
    until: str = "encounter_ends"
    per: str | None = None      # the amount is 1 for each of these on the board (Unity: installed icebreakers)
    places: str | None = None   # places `strength` counters of this kind on the breaker instead of a boost (Hyperbaric)
    stealth: bool = False       # paid only with credits hosted on stealth cards (Afterimage)
    grip: int = 0               # also costs this many cards trashed from the grip (Audrey v2)
    counter: str | None = None  # each use also spends a counter of this kind ...
    counter_from: str = "this"  # ... from the breaker, or from any installed Runner card
    once_per: str | None = None
    conditions: Conds = ()

    @property
    def limited(self) -> bool:
        return bool(self.counter or self.once_per or self.conditions)


@dataclass(frozen=True)
class Breaker:
    breaks: tuple[BreakAbility, ...] = ()
    pumps: tuple[Pump, ...] = ()
    strength_per: str | None = None  # +1 strength for each of these on the board (Echelon, Maven, Na'Not'K)
    fixed_strength: bool = False
    one_ice_per_run: bool = False
    runner_turn_only: bool = False
    equal_strength: bool = False     # interfaces only with ice of exactly its strength (Atman)
    host_only: bool = False          # breaks only its host ice (Ika: `chosen:` beside it)
    any_strength: bool = False       # not an icebreaker: breaks whatever the ice's strength (Boomerang, Endurance)
    discount: int = 0                # each break and pump costs this much less (never below 0) ...
    discount_if: Conds = ()          # ... while these conditions hold (Boi-tatá)
    strength_when: tuple[tuple[int, Conds], ...] = ()  # (change, conditions): while they hold

    @property
    def limited(self) -> bool:
        """An ability with a limit or a cost beyond credits: planned use by use."""
        return any(b.limited for b in self.breaks) or any(p.limited for p in self.pumps)

    def subtypes(self) -> str:
        """What it breaks, in the file's words (for messages)."""
        kinds = sorted({s for b in self.breaks for s in b.subtypes})
        return ", ".join(kinds)


def _subs(V: Validator, v: Any, p: YPath) -> int:
    if v == ANY:
        return 0
    return V.integer(v, p, 0, 30)


LIMITS = ("counter", "from", "once_per", "if")  # what a break ability and a pump may both add
BREAK_MORE = ("x", "trash", "copy", "where", "install_turn", "counters") + LIMITS
PUMP_MORE = ("places", "stealth", "grip") + LIMITS


def _limits(V: Validator, v: dict[str, Any], p: YPath) -> dict[str, Any]:
    """`counter`, `from`, `once_per` and `if` of a break ability or a pump."""
    out: dict[str, Any] = {}
    if "counter" in v:
        out["counter"] = V.choice(v["counter"], p + ("counter",), COUNTER_KINDS, "value")
    if "from" in v:
        if "counter" not in v:
            raise V.err(p, "missing_key", k=repr("counter"))
        out["counter_from"] = V.choice(v["from"], p + ("from",), COUNTER_FROM, "value")
    if "once_per" in v:
        out["once_per"] = V.choice(v["once_per"], p + ("once_per",), ONCE_PER, "value")
    if "if" in v:
        out["conditions"] = parse_conditions(V, v["if"], p + ("if",))
    return out


def _counter_n(V: Validator, b: dict[str, Any], bp: YPath) -> int:
    """`counters: N` beside `counter:`: each use of the break spends N counters (Endurance: 2)."""
    if "counters" not in b:
        return 1
    if "counter" not in b:
        raise V.err(bp, "missing_key", k=repr("counter"))
    return V.integer(b["counters"], bp + ("counters",), 1, 10)


def parse_breaker(V: Validator, v: Any, path: YPath) -> Breaker:
    V.mapping(v, path, BREAKER_KEYS)
    breaks = []
    for i, b in enumerate(V.seq(v.get("break", []), path + ("break",), 10)):
        bp = path + ("break", i)
        V.mapping(b, bp, ("subtypes", "subs", "cost") + BREAK_MORE, ("subtypes", "cost"))
        st = b["subtypes"]
        kinds = (ANY,) if st == ANY else (CHOSEN,) if st == CHOSEN else tuple(
            V.string(s, bp + ("subtypes", j), kind="text").lower().replace("_", " ")
            for j, s in enumerate(V.seq(st, bp + ("subtypes",), 10)))
        x = V.boolean(b["x"], bp + ("x",)) if "x" in b else False
        breaks.append(BreakAbility(kinds, 0 if x else _subs(V, b.get("subs", 1), bp + ("subs",)),
                                   V.integer(b["cost"], bp + ("cost",), 0, 100), x,
                                   install_turn=V.boolean(b["install_turn"], bp + ("install_turn",))
                                   if "install_turn" in b else False,
                                   trash=V.boolean(b["trash"], bp + ("trash",)) if "trash" in b else False,
                                   copy=V.boolean(b["copy"], bp + ("copy",)) if "copy" in b else False,
                                   on=V.choice(b["where"], bp + ("where",), ON_WORDS, "value") if "where" in b else None,
                                   counter_n=_counter_n(V, b, bp), **_limits(V, b, bp)))
    pumps = []
    for i, pu in enumerate(V.seq(v.get("pump", []), path + ("pump",), 10)):
        pp = path + ("pump", i)
        V.mapping(pu, pp, ("strength", "cost", "until", "per") + PUMP_MORE, ("cost",))
        if "strength" not in pu and "per" not in pu:
            raise V.err(pp, "missing_key", k=repr("strength"))
        until = V.choice(pu["until"], pp + ("until",), DURATIONS, "value") if "until" in pu else "encounter_ends"
        pumps.append(Pump(V.integer(pu["strength"], pp + ("strength",), 1, 100) if "strength" in pu else 0,
                          V.integer(pu["cost"], pp + ("cost",), 0, 100), until,
                          V.choice(pu["per"], pp + ("per",), PER, "value") if "per" in pu else None,
                          places=V.choice(pu["places"], pp + ("places",), COUNTER_KINDS, "value")
                          if "places" in pu else None,
                          stealth=V.boolean(pu["stealth"], pp + ("stealth",)) if "stealth" in pu else False,
                          grip=V.integer(pu["grip"], pp + ("grip",), 0, 10) if "grip" in pu else 0,
                          **_limits(V, pu, pp)))
    per = V.choice(v["strength_per"], path + ("strength_per",), PER, "value") if "strength_per" in v else None
    flags = {k: V.boolean(v[k], path + (k,)) for k in _FLAGS if k in v}
    discount, discount_if = 0, cast("Conds", ())
    if "discount" in v:  # `discount: {by: 1, if: {trashed_own: true}}`
        dp = path + ("discount",)
        V.mapping(v["discount"], dp, ("by", "if"), ("by", "if"))
        discount = V.integer(v["discount"]["by"], dp + ("by",), 1, 100)
        discount_if = parse_conditions(V, v["discount"]["if"], dp + ("if",))
    when = []
    for i, sw in enumerate(V.seq(v.get("strength_when", []), path + ("strength_when",), 10)):
        sp = path + ("strength_when", i)
        V.mapping(sw, sp, ("strength", "if"), ("strength", "if"))
        when.append((V.integer(sw["strength"], sp + ("strength",), -100, 100), parse_conditions(V, sw["if"], sp + ("if",))))
    return Breaker(tuple(breaks), tuple(pumps), per, **flags, discount=discount, discount_if=discount_if,
                   strength_when=tuple(when))


def breaker_schema() -> dict[str, Any]:
    """The JSON Schema of a `breaker:` mapping."""
    whole = {"type": "integer", "minimum": 0}
    limits = {"counter": {"enum": list(COUNTER_KINDS)}, "from": {"enum": list(COUNTER_FROM)},
              "once_per": {"enum": list(ONCE_PER)}, "if": {"type": "object"}}
    brk = {"type": "object", "additionalProperties": False, "required": ["subtypes", "cost"], "properties": {
        "subtypes": {"oneOf": [{"const": ANY}, {"const": CHOSEN}, {"type": "array", "items": {"type": "string"}}]},
        "subs": {"oneOf": [whole, {"const": ANY}]}, "cost": whole, "x": {"type": "boolean"},
        "install_turn": {"type": "boolean"}, "trash": {"type": "boolean"}, "copy": {"type": "boolean"},
        "where": {"enum": list(ON_WORDS)}, "counters": {"type": "integer", "minimum": 1}, **limits}}
    pump = {"type": "object", "additionalProperties": False, "required": ["cost"], "properties": {
        "strength": {"type": "integer", "minimum": 1}, "cost": whole, "until": {"enum": list(DURATIONS)},
        "per": {"enum": list(PER)}, "places": {"enum": list(COUNTER_KINDS)}, "stealth": {"type": "boolean"},
        "grip": whole, **limits}}
    when = {"type": "object", "additionalProperties": False, "required": ["strength", "if"],
            "properties": {"strength": {"type": "integer"}, "if": {"type": "object"}}}
    return {"type": "object", "additionalProperties": False, "properties": {
        "break": {"type": "array", "items": brk}, "pump": {"type": "array", "items": pump},
        "strength_per": {"enum": list(PER)}, **{k: {"type": "boolean"} for k in _FLAGS},
        "discount": {"type": "object", "additionalProperties": False, "required": ["by", "if"],
                     "properties": {"by": {"type": "integer", "minimum": 1}, "if": {"type": "object"}}},
        "strength_when": {"type": "array", "items": when}}}
