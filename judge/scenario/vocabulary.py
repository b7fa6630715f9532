"""The effect vocabulary: every effect word defined once, with its argument's shape and options.

The parser, the JSON Schema, the form's choices, the effect labels and the legality checks all
read this table; the engine's `judge.engine.effects` holds the function that applies each word
(one per entry; the engine refuses to start if one is missing). Adding an effect is one entry
here, one function there, its words in the catalogues (`engine.effects.<name>`) and a test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from . import legality

__all__ = ["Shape", "EffectSpec", "EFFECTS", "OPTIONS", "BARE", "names"]


class Shape(StrEnum):
    """What an effect's argument is."""

    NONE = "none"          # a bare word: `end_run`, or `{end_run: true}`
    CARD = "card"          # the name of a card of the scenario
    ICE_CARD = "ice_card"  # a piece of ice described in place (a card mapping)
    ICE = "ice"            # a piece of ice: described in place, or the name of one
    SUBS = "subs"          # `all`, `last` (the last subroutine of the ice), or subroutine numbers `[1, 3]`
    PAIR = "pair"          # two different pieces of ice
    SERVER = "server"      # a server's name
    AMOUNT = "amount"      # a whole number from 0 to 100, or a count: {count: passed, times: 1, plus: 6}
    CARDS = "cards"        # a list of card names
    TEXT = "text"          # free text shown in the trace
    WORD = "word"          # one of the words the entry lists (`choices`)
    USE = "use"            # a card whose paid ability is used: its name, or {card: X, ability: N}
    COUNTERS = "counters"  # counters by kind: {power: 1} (`board.COUNTER_KINDS`)
    BID = "bid"            # a psi game bid: 0, 1 or 2 credits
    CONDITIONS = "conditions"  # conditions as an ability's `if:` gives them (`judge.scenario.conditions`)


class Opt(StrEnum):
    """What an option's value is (the option's name is the key written in the file)."""

    POSITION = "position"  # outermost, innermost, {inward_of: X}, {outward_of: X}
    SERVER = "server"      # a server's name
    EFFECTS = "effects"    # an effect or a list of effects
    CARD = "card"          # the name of a card
    FLAG = "flag"          # true or false
    DURATION = "duration"  # encounter_ends, run_ends, turn_ends (`encounter.DURATIONS`)


# Option name -> the shape of its value.
OPTIONS: dict[str, Opt] = {"position": Opt.POSITION, "server": Opt.SERVER, "to": Opt.SERVER,
                           "otherwise": Opt.EFFECTS, "then": Opt.EFFECTS, "granted_by": Opt.CARD,
                           "mandatory": Opt.FLAG, "root": Opt.FLAG,
                           "on": Opt.CARD, "differ": Opt.EFFECTS, "match": Opt.EFFECTS,  # board: counters, psi
                           "with": Opt.CARD, "of": Opt.CARD, "until": Opt.DURATION,  # encounter
                           "may": Opt.FLAG, "paying": Opt.CARD}  # costs a player may decline, jack-out costs


@dataclass(frozen=True)
class EffectSpec:
    """One effect word: its argument, its options, and what makes it impossible at a step."""

    name: str
    shape: Shape
    options: tuple[str, ...] = ()
    legal: Callable[..., None] | None = None  # (place, effect) -> None; raises when the step forbids it
    choices: tuple[str, ...] = ()  # the words a WORD argument may be
    cost: bool = False             # a cost: when it cannot be paid, what follows it does not happen

    @property
    def label(self) -> str:
        """The catalogue key of the effect's words in a trace ("end the run")."""
        return f"engine.effects.{self.name}"

    @property
    def names_cards(self) -> bool:
        """The argument names cards of the scenario (checked to exist)."""
        return self.shape in (Shape.CARD, Shape.PAIR, Shape.CARDS, Shape.USE)


_SPECS = (
    EffectSpec("end_run", Shape.NONE),
    EffectSpec("jack_out", Shape.NONE, ("granted_by", "paying"), legality.jack_out),
    EffectSpec("bypass", Shape.NONE, (), legality.bypass),
    EffectSpec("approach_again", Shape.NONE),
    EffectSpec("no_success", Shape.NONE),
    EffectSpec("rez", Shape.CARD, ("granted_by",), legality.rez),
    EffectSpec("derez", Shape.CARD),
    EffectSpec("uninstall", Shape.CARD, cost=True),
    EffectSpec("trash", Shape.CARD, (), legality.trash, cost=True),
    EffectSpec("decline_steal", Shape.CARD, (), legality.decline_steal),
    EffectSpec("break", Shape.SUBS, ("with",), legality.break_subs),
    EffectSpec("install_ice", Shape.ICE_CARD, ("position", "server")),
    EffectSpec("move_ice", Shape.CARD, ("to", "position")),
    EffectSpec("swap_ice", Shape.PAIR),
    EffectSpec("change_server", Shape.SERVER),
    EffectSpec("move_runner", Shape.SERVER),
    EffectSpec("encounter", Shape.ICE),
    EffectSpec("pay", Shape.AMOUNT, ("otherwise", "then", "may"), cost=True),
    EffectSpec("gain", Shape.AMOUNT),
    EffectSpec("lose", Shape.AMOUNT),
    EffectSpec("bad_publicity", Shape.AMOUNT),
    EffectSpec("access_more", Shape.AMOUNT),
    EffectSpec("access_only", Shape.CARDS),
    EffectSpec("instead_of_access", Shape.TEXT, ("mandatory", "then")),
    EffectSpec("replacement", Shape.CARD, (), legality.replacement),
    EffectSpec("note", Shape.TEXT),
    EffectSpec("forbid", Shape.WORD, ("until",), choices=("rez_ice", "rez", "jack_out", "subroutines", "steal", "trash", "bypass", "end_run",
                                                                 "root_abilities", "identity_abilities")),
    EffectSpec("allow", Shape.WORD, choices=("jack_out", "jack_out_here")),
    EffectSpec("access_order", Shape.CARDS, (), legality.access_order),
    EffectSpec("breach", Shape.SERVER, ("root",)),      # another server breached after this one (Divide and Conquer)
    EffectSpec("access_card", Shape.CARD, ("root",)),              # a card outside the attacked server accessed (Pinhole Threading)
    EffectSpec("use", Shape.USE, (), legality.use),
    EffectSpec("decline", Shape.CARD),
    # the board (issue 25; `judge.engine.effects.board`)
    EffectSpec("tag", Shape.AMOUNT),
    EffectSpec("untag", Shape.AMOUNT),
    EffectSpec("draw", Shape.AMOUNT),
    EffectSpec("lose_clicks", Shape.AMOUNT),  # the Runner loses clicks (never below 0)
    EffectSpec("remove_first_accessed", Shape.NONE),  # the first non-agenda card accessed from now, and its copies, are removed from the game (Watch the World Burn)
    EffectSpec("steal_on_access", Shape.CARD),  # the next agenda of that name accessed this run is stolen at once (Whistleblower)
    EffectSpec("access_cards", Shape.AMOUNT),  # N cards of the attacked server accessed without a breach (Counter Surveillance)
    EffectSpec("access_root_only", Shape.NONE),  # this breach accesses only the root of the server breached (Rip Deal)
    EffectSpec("access_from_bottom", Shape.NONE),  # R&D is accessed from the bottom for the rest of the run (Showing Off)
    EffectSpec("trash_root", Shape.NONE),  # every card in the attacked server's root (a remote: all its cards) is trashed (Singularity)
    EffectSpec("to_grip", Shape.AMOUNT),  # N cards from the heap join the grip (not a draw: Steve Cambridge, Rip Deal)
    EffectSpec("to_score_area", Shape.AMOUNT),  # this card leaves play for the Runner's score area as an agenda worth N points (Kasi String)
    EffectSpec("gain_clicks", Shape.AMOUNT),  # the Runner gains clicks (Nyusha: a click for a run on her mark)
    EffectSpec("spend_clicks", Shape.AMOUNT, ("otherwise",), cost=True),  # spent if the Runner has them, else `otherwise`  # the Runner draws: cards added to a counted grip
    EffectSpec("net_damage", Shape.AMOUNT),
    EffectSpec("meat_damage", Shape.AMOUNT),
    EffectSpec("core_damage", Shape.AMOUNT),
    EffectSpec("trace", Shape.AMOUNT, ("then", "otherwise")),
    EffectSpec("psi", Shape.NONE, ("differ", "match")),
    EffectSpec("place_counters", Shape.COUNTERS, ("on",)),
    EffectSpec("remove_counters", Shape.COUNTERS, ("on",)),
    EffectSpec("spend_counters", Shape.COUNTERS, ("on",), cost=True),
    EffectSpec("trace_boost", Shape.AMOUNT),
    EffectSpec("psi_bid", Shape.BID),
    EffectSpec("if_tagged", Shape.NONE, ("then", "otherwise")),  # `then` if the Runner is tagged, else `otherwise`
    EffectSpec("only_if", Shape.CONDITIONS, ("then", "otherwise")),  # `then` when the conditions hold now, else `otherwise`
    EffectSpec("strength", Shape.AMOUNT, ("of", "until")),  # signed: {strength: -1}
    EffectSpec("corp_gain", Shape.AMOUNT),  # the Corp's pool (`corp: {credits}`), through encounter.corp_gain
    EffectSpec("corp_lose", Shape.AMOUNT),
    EffectSpec("corp_pay", Shape.AMOUNT, cost=True),
    EffectSpec("host_credits", Shape.AMOUNT, ("on",)),  # credits placed on a Runner card (default: the card itself), spent as its `credits_for` says  # the Corp pays from its pool; unable: what follows does not happen
    # costs a player may decline, jack-out costs, a jack out offered inside an ability (docs/encounter.md)
    EffectSpec("jack_out_cost", Shape.WORD, choices=("installed_card", "grip_card")),
    EffectSpec("offer_jack_out", Shape.NONE),
    EffectSpec("rez_cost", Shape.AMOUNT),  # in a `static` ability: rez costs change by N (signed; `if: {ice_subtype: X}` names the card rezzed)
)

EFFECTS: dict[str, EffectSpec] = {s.name: s for s in _SPECS}
BARE: tuple[str, ...] = tuple(s.name for s in _SPECS if s.shape is Shape.NONE)


def names(*shapes: Shape) -> tuple[str, ...]:
    """The effect words, in the table's order (those of some shapes, or all)."""
    return tuple(s.name for s in _SPECS if not shapes or s.shape in shapes)
