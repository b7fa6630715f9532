"""The encounter as a scenario writes it (issue 24): an icebreaker's model (`breaker:`), the
durations of a strength change, and the words `of:` may name.

    breaker:
      break: [{subtypes: [barrier], subs: 1, cost: 1}]   # subtypes: a list, or any (an AI breaker)
      pump: [{strength: 1, cost: 1, until: encounter_ends}]
      strength_per: installed_icebreakers   # +1 strength for each (installed_programs, attacked_server_ice)
      fixed_strength: false     # its strength cannot be changed (no pump, no strength effect)
      one_ice_per_run: false    # used on one piece of ice per run
      runner_turn_only: false   # its abilities are used only in the Runner's turn

`subs: 0` (or `any`) breaks any number of subroutines for one cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .validate import Validator
from .yamlsource import YPath

__all__ = ["Breaker", "BreakAbility", "Pump", "parse_breaker", "DURATIONS", "OF_WORDS", "ENCOUNTERED_ICE",
           "BREAKER_KEYS", "ANY", "PER", "breaker_schema"]

DURATIONS = ("encounter_ends", "run_ends", "turn_ends")
ENCOUNTERED_ICE = "encountered_ice"
OF_WORDS = ("this", ENCOUNTERED_ICE, "icebreakers")  # `of:` beside these: a card's name
ANY = "any"
BREAKER_KEYS = ("break", "pump", "strength_per", "fixed_strength", "one_ice_per_run", "runner_turn_only")
# what a breaker's strength, or a pump's amount, counts on the board: +1 for each
PER = ("installed_icebreakers", "installed_programs", "attacked_server_ice")


@dataclass(frozen=True)
class BreakAbility:
    """Break `subs` subroutines (0: any number) of ice of these subtypes (ANY: every subtype) for `cost`."""

    subtypes: tuple[str, ...]
    subs: int
    cost: int

    def fits(self, ice_subtypes: tuple[str, ...]) -> bool:
        return ANY in self.subtypes or any(s in ice_subtypes for s in self.subtypes)


@dataclass(frozen=True)
class Pump:
    """+`strength` for `cost`, until the encounter, the run or the turn ends."""

    strength: int
    cost: int
    until: str = "encounter_ends"
    per: str | None = None      # the amount is 1 for each of these on the board (Unity: installed icebreakers)


@dataclass(frozen=True)
class Breaker:
    breaks: tuple[BreakAbility, ...] = ()
    pumps: tuple[Pump, ...] = ()
    strength_per: str | None = None  # +1 strength for each of these on the board (Echelon, Maven, Na'Not'K)
    fixed_strength: bool = False
    one_ice_per_run: bool = False
    runner_turn_only: bool = False

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
        V.mapping(b, bp, ("subtypes", "subs", "cost"), ("subtypes", "cost"))
        st = b["subtypes"]
        kinds = (ANY,) if st == ANY else tuple(
            V.string(s, bp + ("subtypes", j), kind="text").lower().replace("_", " ")
            for j, s in enumerate(V.seq(st, bp + ("subtypes",), 10)))
        breaks.append(BreakAbility(kinds, _subs(V, b.get("subs", 1), bp + ("subs",)),
                                   V.integer(b["cost"], bp + ("cost",), 0, 100)))
    pumps = []
    for i, pu in enumerate(V.seq(v.get("pump", []), path + ("pump",), 10)):
        pp = path + ("pump", i)
        V.mapping(pu, pp, ("strength", "cost", "until", "per"), ("cost",))
        if "strength" not in pu and "per" not in pu:
            raise V.err(pp, "missing_key", k=repr("strength"))
        until = V.choice(pu["until"], pp + ("until",), DURATIONS, "value") if "until" in pu else "encounter_ends"
        pumps.append(Pump(V.integer(pu["strength"], pp + ("strength",), 1, 100) if "strength" in pu else 0,
                          V.integer(pu["cost"], pp + ("cost",), 0, 100), until,
                          V.choice(pu["per"], pp + ("per",), PER, "value") if "per" in pu else None))
    per = V.choice(v["strength_per"], path + ("strength_per",), PER, "value") if "strength_per" in v else None
    flags = {k: V.boolean(v[k], path + (k,)) for k in BREAKER_KEYS[3:] if k in v}
    return Breaker(tuple(breaks), tuple(pumps), per, **flags)


def breaker_schema() -> dict[str, Any]:
    """The JSON Schema of a `breaker:` mapping."""
    whole = {"type": "integer", "minimum": 0}
    brk = {"type": "object", "additionalProperties": False, "required": ["subtypes", "cost"], "properties": {
        "subtypes": {"oneOf": [{"const": ANY}, {"type": "array", "items": {"type": "string"}}]},
        "subs": {"oneOf": [whole, {"const": ANY}]}, "cost": whole}}
    pump = {"type": "object", "additionalProperties": False, "required": ["cost"], "properties": {
        "strength": {"type": "integer", "minimum": 1}, "cost": whole, "until": {"enum": list(DURATIONS)},
        "per": {"enum": list(PER)}}}
    return {"type": "object", "additionalProperties": False, "properties": {
        "break": {"type": "array", "items": brk}, "pump": {"type": "array", "items": pump},
        "strength_per": {"enum": list(PER)}, **{k: {"type": "boolean"} for k in BREAKER_KEYS[3:]}}}
