"""The encounter as a scenario writes it (issue 24): an icebreaker's model (`breaker:`), the
durations of a strength change, and the words `of:` may name.

    breaker:
      break: [{subtypes: [barrier], subs: 1, cost: 1}]   # subtypes: a list, or any (an AI breaker)
      pump: [{strength: 1, cost: 1, until: encounter_ends}]
      strength_per: installed_icebreakers   # +1 strength for each (installed_programs, attacked_server_ice)
      fixed_strength: false     # its strength cannot be changed (no pump, no strength effect)
      one_ice_per_run: false    # used on one piece of ice per run
      runner_turn_only: false   # its abilities are used only in the Runner's turn
      strength_when: [{strength: -2, if: {threat: 4}}]   # a strength change while conditions hold

`subs: 0` (or `any`) breaks any number of subroutines for one cost.

What a break ability or a pump may add (icebreakers-b, docs/encounter.md "Costs and limits"):
`x: true` (X credits: `cost` per subroutine broken), `counter: virus` (each use also spends one
counter of that kind, from the breaker or with `from: any` from any installed Runner card),
`trash: true` (the use trashes the breaker), `copy: true` (it turns a hosted copy facedown), `once_per: run | encounter`, `if: {...}` (conditions
on the breaker), `where: chosen | chosen_server | trojan_host` (which ice it may be used on); a pump
also `stealth: true` (paid only with credits hosted on stealth cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import COUNTER_KINDS
from .conditions import parse_conditions
from .validate import Validator
from .yamlsource import YPath

__all__ = ["Breaker", "BreakAbility", "Pump", "parse_breaker", "DURATIONS", "OF_WORDS", "ENCOUNTERED_ICE",
           "BREAKER_KEYS", "ANY", "PER", "breaker_schema"]

DURATIONS = ("encounter_ends", "run_ends", "turn_ends")
ENCOUNTERED_ICE = "encountered_ice"
OF_WORDS = ("this", ENCOUNTERED_ICE)  # `of:` beside these: a card's name
ANY = "any"
BREAKER_KEYS = ("break", "pump", "strength_per", "fixed_strength", "one_ice_per_run", "runner_turn_only",
                "strength_when")
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
    counter: str | None = None      # a counter of this kind is spent per use
    counter_from: str = "this"      # ... from the breaker, or from any installed Runner card
    trash: bool = False             # the use trashes the breaker
    copy: bool = False              # the use turns one hosted faceup copy of the breaker facedown (`copies:`)
    once_per: str | None = None     # run, encounter
    conditions: Conds = ()          # `if:` on the breaker
    on: str | None = None           # `where:` ON_WORDS

    @property
    def limited(self) -> bool:
        """Something beyond a credit cost (the planner then counts each use)."""
        return bool(self.x or self.counter or self.trash or self.copy or self.once_per or self.conditions or self.on)

    def fits(self, ice_subtypes: tuple[str, ...]) -> bool:
        return ANY in self.subtypes or any(s in ice_subtypes for s in self.subtypes)


@dataclass(frozen=True)
class Pump:
    """+`strength` for `cost`, until the encounter, the run or the turn ends."""

    strength: int
    cost: int
    until: str = "encounter_ends"
    per: str | None = None      # the amount is 1 for each of these on the board (Unity: installed icebreakers)
    counter: str | None = None
    counter_from: str = "this"
    once_per: str | None = None
    conditions: Conds = ()
    stealth: bool = False       # paid only with credits hosted on stealth cards

    @property
    def limited(self) -> bool:
        return bool(self.counter or self.once_per or self.conditions or self.stealth)


@dataclass(frozen=True)
class Breaker:
    breaks: tuple[BreakAbility, ...] = ()
    pumps: tuple[Pump, ...] = ()
    strength_per: str | None = None  # +1 strength for each of these on the board (Echelon, Maven, Na'Not'K)
    fixed_strength: bool = False
    one_ice_per_run: bool = False
    runner_turn_only: bool = False
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


def parse_breaker(V: Validator, v: Any, path: YPath) -> Breaker:
    V.mapping(v, path, BREAKER_KEYS)
    breaks = []
    for i, b in enumerate(V.seq(v.get("break", []), path + ("break",), 10)):
        bp = path + ("break", i)
        V.mapping(b, bp, ("subtypes", "subs", "cost") + BREAK_MORE, ("subtypes", "cost"))
        st = b["subtypes"]
        kinds = (ANY,) if st == ANY else tuple(
            V.string(s, bp + ("subtypes", j), kind="text").lower().replace("_", " ")
            for j, s in enumerate(V.seq(st, bp + ("subtypes",), 10)))
        x = V.boolean(b["x"], bp + ("x",)) if "x" in b else False
        breaks.append(BreakAbility(kinds, 0 if x else _subs(V, b.get("subs", 1), bp + ("subs",)),
                                   V.integer(b["cost"], bp + ("cost",), 0, 100), x,
                                   trash=V.boolean(b["trash"], bp + ("trash",)) if "trash" in b else False,
                                   copy=V.boolean(b["copy"], bp + ("copy",)) if "copy" in b else False,
                                   on=V.choice(b["where"], bp + ("where",), ON_WORDS, "value") if "where" in b else None,
                                   **_limits(V, b, bp)))
    pumps = []
    for i, pu in enumerate(V.seq(v.get("pump", []), path + ("pump",), 10)):
        pp = path + ("pump", i)
        V.mapping(pu, pp, ("strength", "cost", "until", "per", "stealth") + LIMITS, ("cost",))
        if "strength" not in pu and "per" not in pu:
            raise V.err(pp, "missing_key", k=repr("strength"))
        until = V.choice(pu["until"], pp + ("until",), DURATIONS, "value") if "until" in pu else "encounter_ends"
        pumps.append(Pump(V.integer(pu["strength"], pp + ("strength",), 1, 100) if "strength" in pu else 0,
                          V.integer(pu["cost"], pp + ("cost",), 0, 100), until,
                          V.choice(pu["per"], pp + ("per",), PER, "value") if "per" in pu else None,
                          stealth=V.boolean(pu["stealth"], pp + ("stealth",)) if "stealth" in pu else False,
                          **_limits(V, pu, pp)))
    per = V.choice(v["strength_per"], path + ("strength_per",), PER, "value") if "strength_per" in v else None
    flags = {k: V.boolean(v[k], path + (k,)) for k in BREAKER_KEYS[3:6] if k in v}
    when = []
    for i, sw in enumerate(V.seq(v.get("strength_when", []), path + ("strength_when",), 10)):
        sp = path + ("strength_when", i)
        V.mapping(sw, sp, ("strength", "if"), ("strength", "if"))
        when.append((V.integer(sw["strength"], sp + ("strength",), -100, 100), parse_conditions(V, sw["if"], sp + ("if",))))
    return Breaker(tuple(breaks), tuple(pumps), per, **flags, strength_when=tuple(when))


LIMITS = ("counter", "from", "once_per", "if")  # what a break ability and a pump may both add
BREAK_MORE = ("x", "trash", "copy", "where") + LIMITS


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


def breaker_schema() -> dict[str, Any]:
    """The JSON Schema of a `breaker:` mapping."""
    whole = {"type": "integer", "minimum": 0}
    limits = {"counter": {"enum": list(COUNTER_KINDS)}, "from": {"enum": list(COUNTER_FROM)},
              "once_per": {"enum": list(ONCE_PER)}, "if": {"type": "object"}}
    brk = {"type": "object", "additionalProperties": False, "required": ["subtypes", "cost"], "properties": {
        "subtypes": {"oneOf": [{"const": ANY}, {"type": "array", "items": {"type": "string"}}]},
        "subs": {"oneOf": [whole, {"const": ANY}]}, "cost": whole, "x": {"type": "boolean"},
        "trash": {"type": "boolean"}, "copy": {"type": "boolean"}, "where": {"enum": list(ON_WORDS)}, **limits}}
    pump = {"type": "object", "additionalProperties": False, "required": ["cost"], "properties": {
        "strength": {"type": "integer", "minimum": 1}, "cost": whole, "until": {"enum": list(DURATIONS)},
        "per": {"enum": list(PER)}, "stealth": {"type": "boolean"}, **limits}}
    when = {"type": "object", "additionalProperties": False, "required": ["strength", "if"],
            "properties": {"strength": {"type": "integer"}, "if": {"type": "object"}}}
    return {"type": "object", "additionalProperties": False, "properties": {
        "break": {"type": "array", "items": brk}, "pump": {"type": "array", "items": pump},
        "strength_per": {"enum": list(PER)}, **{k: {"type": "boolean"} for k in BREAKER_KEYS[3:6]},
        "strength_when": {"type": "array", "items": when}}}
