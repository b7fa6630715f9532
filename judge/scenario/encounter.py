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

`subs: 0` (or `any`) breaks any number of subroutines for one cost. A break ability may spend a
counter hosted on the breaker per use (`counter: virus`, God of War), be usable only in the turn
the breaker was installed (`install_turn: true`, Euler), and name `subtypes: chosen` (the subtype
written as `chosen:` beside the card, Chameleon). A pump may place a counter on the breaker
instead of a boost (`counter: power`, Hyperbaric: its strength counts that counter) and may be
paid only with credits hosted on stealth cards (`stealth: true`, Afterimage), and may cost cards
trashed from the grip (`grip: 1`, Audrey v2). `discount: {by: 1, if: {<conditions>}}` makes every
break and pump cost that much less while the conditions hold (Boi-tatá: `trashed_own`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from .conditions import parse_conditions
from .validate import Validator
from .yamlsource import YPath

__all__ = ["Breaker", "BreakAbility", "Pump", "parse_breaker", "DURATIONS", "OF_WORDS", "ENCOUNTERED_ICE",
           "BREAKER_KEYS", "ANY", "PER", "breaker_schema", "CHOSEN"]

DURATIONS = ("encounter_ends", "run_ends", "turn_ends")
ENCOUNTERED_ICE = "encountered_ice"
OF_WORDS = ("this", ENCOUNTERED_ICE)  # `of:` beside these: a card's name
ANY = "any"
BREAKER_KEYS = ("break", "pump", "strength_per", "fixed_strength", "one_ice_per_run", "runner_turn_only",
                "equal_strength", "host_only", "discount")
CHOSEN = "chosen"  # `subtypes: chosen`: the subtype the card chose (`chosen:` beside it)
BREAK_COUNTERS = ("virus", "power")  # counters a break may spend, or a pump place
# what a breaker's strength, or a pump's amount, counts on the board: +1 for each
PER = ("installed_icebreakers", "installed_programs", "attacked_server_ice")


@dataclass(frozen=True)
class BreakAbility:
    """Break `subs` subroutines (0: any number) of ice of these subtypes (ANY: every subtype) for `cost`."""

    subtypes: tuple[str, ...]
    subs: int
    cost: int
    counter: str | None = None      # each use also spends 1 counter of this kind hosted on the breaker
    install_turn: bool = False      # usable only in the turn the breaker was installed (Euler)

    def fits(self, ice_subtypes: tuple[str, ...], chosen: str | None = None) -> bool:
        kinds = tuple(chosen if s == CHOSEN else s for s in self.subtypes if s != CHOSEN or chosen)
        return ANY in kinds or any(s in ice_subtypes for s in kinds)


@dataclass(frozen=True)
class Pump:
    """+`strength` for `cost`, until the encounter, the run or the turn ends."""

    strength: int
    cost: int
    until: str = "encounter_ends"
    per: str | None = None      # the amount is 1 for each of these on the board (Unity: installed icebreakers)
    counter: str | None = None  # places `strength` counters of this kind on the breaker instead of a boost (Hyperbaric)
    stealth: bool = False       # paid only with credits hosted on stealth cards (Afterimage)
    grip: int = 0               # also costs this many cards trashed from the grip (Audrey v2)


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
    discount: int = 0                # each break and pump costs this much less (never below 0) ...
    discount_if: tuple[tuple[str, object], ...] = ()  # ... while these conditions hold (Boi-tatá)

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
        V.mapping(b, bp, ("subtypes", "subs", "cost", "counter", "install_turn"), ("subtypes", "cost"))
        st = b["subtypes"]
        kinds = (ANY,) if st == ANY else (CHOSEN,) if st == CHOSEN else tuple(
            V.string(s, bp + ("subtypes", j), kind="text").lower().replace("_", " ")
            for j, s in enumerate(V.seq(st, bp + ("subtypes",), 10)))
        breaks.append(BreakAbility(kinds, _subs(V, b.get("subs", 1), bp + ("subs",)),
                                   V.integer(b["cost"], bp + ("cost",), 0, 100),
                                   V.choice(b["counter"], bp + ("counter",), BREAK_COUNTERS, "value")
                                   if "counter" in b else None,
                                   V.boolean(b["install_turn"], bp + ("install_turn",)) if "install_turn" in b else False))
    pumps = []
    for i, pu in enumerate(V.seq(v.get("pump", []), path + ("pump",), 10)):
        pp = path + ("pump", i)
        V.mapping(pu, pp, ("strength", "cost", "until", "per", "counter", "stealth", "grip"), ("cost",))
        if "strength" not in pu and "per" not in pu:
            raise V.err(pp, "missing_key", k=repr("strength"))
        until = V.choice(pu["until"], pp + ("until",), DURATIONS, "value") if "until" in pu else "encounter_ends"
        pumps.append(Pump(V.integer(pu["strength"], pp + ("strength",), 1, 100) if "strength" in pu else 0,
                          V.integer(pu["cost"], pp + ("cost",), 0, 100), until,
                          V.choice(pu["per"], pp + ("per",), PER, "value") if "per" in pu else None,
                          V.choice(pu["counter"], pp + ("counter",), BREAK_COUNTERS, "value") if "counter" in pu else None,
                          V.boolean(pu["stealth"], pp + ("stealth",)) if "stealth" in pu else False,
                          V.integer(pu["grip"], pp + ("grip",), 0, 10) if "grip" in pu else 0))
    per = V.choice(v["strength_per"], path + ("strength_per",), PER, "value") if "strength_per" in v else None
    flags = {k: V.boolean(v[k], path + (k,)) for k in BREAKER_KEYS[3:-1] if k in v}
    discount, discount_if = 0, cast("tuple[tuple[str, object], ...]", ())
    if "discount" in v:  # `discount: {by: 1, if: {trashed_own: true}}`
        dp = path + ("discount",)
        V.mapping(v["discount"], dp, ("by", "if"), ("by", "if"))
        discount = V.integer(v["discount"]["by"], dp + ("by",), 1, 100)
        discount_if = parse_conditions(V, v["discount"]["if"], dp + ("if",))
    return Breaker(tuple(breaks), tuple(pumps), per, **flags, discount=discount, discount_if=discount_if)


def breaker_schema() -> dict[str, Any]:
    """The JSON Schema of a `breaker:` mapping."""
    whole = {"type": "integer", "minimum": 0}
    brk = {"type": "object", "additionalProperties": False, "required": ["subtypes", "cost"], "properties": {
        "subtypes": {"oneOf": [{"const": ANY}, {"const": CHOSEN}, {"type": "array", "items": {"type": "string"}}]},
        "subs": {"oneOf": [whole, {"const": ANY}]}, "cost": whole, "counter": {"enum": list(BREAK_COUNTERS)},
        "install_turn": {"type": "boolean"}}}
    pump = {"type": "object", "additionalProperties": False, "required": ["cost"], "properties": {
        "strength": {"type": "integer", "minimum": 1}, "cost": whole, "until": {"enum": list(DURATIONS)},
        "per": {"enum": list(PER)}, "counter": {"enum": list(BREAK_COUNTERS)}, "stealth": {"type": "boolean"},
        "grip": whole}}
    return {"type": "object", "additionalProperties": False, "properties": {
        "break": {"type": "array", "items": brk}, "pump": {"type": "array", "items": pump},
        "strength_per": {"enum": list(PER)}, **{k: {"type": "boolean"} for k in BREAKER_KEYS[3:-1]},
        "discount": {"type": "object", "additionalProperties": False, "required": ["by", "if"],
                     "properties": {"by": {"type": "integer", "minimum": 1}, "if": {"type": "object"}}}}}
