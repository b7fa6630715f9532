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

__all__ = ["Shape", "EffectSpec", "EFFECTS", "OPTIONS", "BARE", "names", "PICK_KINDS", "PICKS", "PAY_SOURCES"]


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
    SIDE = "side"          # runner or corp
    SOURCE = "source"      # where a payment's credits come from: `PAY_SOURCES`
    SUBTYPE = "subtype"    # a card subtype, lower case: killer, ai
    NUMBER = "number"      # a whole number from 0 to 100 (the X a pick names: Corporate Troubleshooter)


# Option name -> the shape of its value.
OPTIONS: dict[str, Opt] = {"position": Opt.POSITION, "server": Opt.SERVER, "to": Opt.SERVER,
                           "otherwise": Opt.EFFECTS, "then": Opt.EFFECTS, "granted_by": Opt.CARD,
                           "mandatory": Opt.FLAG, "root": Opt.FLAG,
                           "on": Opt.CARD, "differ": Opt.EFFECTS, "match": Opt.EFFECTS,  # board: counters, psi
                           "with": Opt.CARD, "of": Opt.CARD, "until": Opt.DURATION,  # encounter
                           "may": Opt.FLAG, "paying": Opt.CARD,  # costs a player may decline, jack-out costs
                           "picker": Opt.SIDE, "one_per_encounter": Opt.FLAG, "if_picked": Opt.FLAG,
                           "once_per_run": Opt.FLAG,  # picks (docs/board.md)
                           "move": Opt.FLAG, "x": Opt.NUMBER, "named": Opt.SUBTYPE,  # install_pick: the Runner moves to the ice installed (Mti Mwekundu)
                           "from": Opt.SOURCE, "to_grip": Opt.FLAG,  # a payment only some credits may make (Mu Safecracker, Afterimage: stealth)
                           "only_by": Opt.SUBTYPE, "except_by": Opt.SUBTYPE,  # break limits (Hammer, Hortum)
                           "begins": Opt.EFFECTS, "ends": Opt.EFFECTS}  # the next encounter (Chum)

# What a pick may take (docs/board.md, Picks): installed Runner cards of a type, a subtype or both;
# Corp cards: a card in HQ, ice by where it is and what the card picking it is.
RUNNER_KINDS = ("runner_card", "program", "hardware", "resource", "resource_or_hardware", "icebreaker",
                "ai_program", "program_not_decoder_fracter_killer")
SWAP_KINDS = ("other_ice", "two_other_ice", "ice_of_same_server", "ice_in_hq", "ice_anywhere", "server_ice_and_other",
              "hq_and_attacked_server", "root_of_this_server")
# more picks (picks2): a Runner card other than the picker, one with a power counter to charge (Orca),
# a card of a central server (Nga's sabotage, Project Atlas, Project Vitruvius), ice to install from HQ
TRASH_KINDS = RUNNER_KINDS + ("card_in_hq", "other_runner_card", "card_in_hq_or_rd_top")
TO_HQ_KINDS = ("card_in_rd", "card_in_archives")
INSTALL_KINDS = ("ice_in_hq", "ice_in_hq_or_archives")
PICK_KINDS = tuple(dict.fromkeys(TRASH_KINDS + SWAP_KINDS + ("rezzed_ice_of_attacked_server", "derezzed_by_this",
                                                             "advanceable", "runner_card_with_power", "rezzed_ice_of_this_server",
                                                             "installed_ice", "trojan_on_attacked_server_ice")
                                 + TO_HQ_KINDS + INSTALL_KINDS))
# `pay: N, from: stealth`: only credits hosted on installed stealth cards pay (Mu Safecracker)
PAY_SOURCES = ("stealth",)


@dataclass(frozen=True)
class EffectSpec:
    """One effect word: its argument, its options, and what makes it impossible at a step."""

    name: str
    shape: Shape
    options: tuple[str, ...] = ()
    legal: Callable[..., None] | None = None  # (place, effect) -> None; raises when the step forbids it
    choices: tuple[str, ...] = ()  # the words a WORD argument may be
    cost: bool = False             # a cost: when it cannot be paid, what follows it does not happen
    static: bool = False           # works only in a `static` ability: resolved as an effect it does nothing, and says so

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
    EffectSpec("uninstall", Shape.CARD, ("to_grip",), cost=True),  # to_grip: the card goes to the Runner's grip
    EffectSpec("blank", Shape.CARD),  # the card loses its abilities for the rest of the turn (Klevetnik's pick)
    EffectSpec("trash", Shape.CARD, (), legality.trash, cost=True),
    EffectSpec("decline_steal", Shape.CARD, (), legality.decline_steal),
    EffectSpec("break", Shape.SUBS, ("with",), legality.break_subs),
    EffectSpec("install_ice", Shape.ICE_CARD, ("position", "server")),
    EffectSpec("install_card", Shape.CARD, ("server",)),  # a card of HQ or Archives installed in a server (Ansel 1.0)
    EffectSpec("move_ice", Shape.CARD, ("to", "position")),
    EffectSpec("swap_ice", Shape.PAIR),
    EffectSpec("change_server", Shape.SERVER),
    EffectSpec("move_runner", Shape.SERVER, ("position",)),  # position: innermost (Mti Mwekundu); default outermost
    EffectSpec("encounter", Shape.ICE),
    EffectSpec("pay", Shape.AMOUNT, ("otherwise", "then", "may", "from"), cost=True),
    EffectSpec("gain", Shape.AMOUNT),
    EffectSpec("lose", Shape.AMOUNT),
    EffectSpec("bad_publicity", Shape.AMOUNT),
    EffectSpec("access_more", Shape.AMOUNT),
    EffectSpec("access_fewer", Shape.AMOUNT),  # every breach for the rest of the run accesses N fewer cards (SYNC BRE)
    EffectSpec("access_only", Shape.CARDS),
    EffectSpec("not_accessed", Shape.CARD),
    EffectSpec("trash_copy", Shape.CARD, cost=True),
    EffectSpec("purge", Shape.NONE),            # every virus counter is removed (Mavirus)
    EffectSpec("steal_cost", Shape.AMOUNT),     # stealing from the breached server costs N more credits this run (Red Herrings)  # another copy of that card is revealed and trashed from HQ (The Twins)  # that card cannot be accessed for the rest of the run (Adrian Seis, equal bids)
    EffectSpec("instead_of_access", Shape.TEXT, ("mandatory", "then")),
    EffectSpec("replacement", Shape.CARD, (), legality.replacement),
    EffectSpec("note", Shape.TEXT),
    EffectSpec("forbid", Shape.WORD, ("until",), choices=("rez_ice", "rez", "jack_out", "subroutines", "steal", "trash", "bypass", "end_run",
                                                        "root_abilities", "identity_abilities", "break_with_ai", "break_more_than_one", "break")),
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
    EffectSpec("grip_to_stack", Shape.AMOUNT),  # the Runner puts N grip cards on the stack (Data Loop): a counted grip shrinks
    EffectSpec("lose_clicks", Shape.AMOUNT),  # the Runner loses clicks (never below 0)
    EffectSpec("remove_first_accessed", Shape.NONE),  # the first non-agenda card accessed from now, and its copies, are removed from the game (Watch the World Burn)
    EffectSpec("steal_on_access", Shape.CARD),  # the next agenda of that name accessed this run is stolen at once (Whistleblower)
    EffectSpec("access_cards", Shape.AMOUNT),  # N cards of the attacked server accessed without a breach (Counter Surveillance)
    EffectSpec("access_root_only", Shape.NONE),  # this breach accesses only the root of the server breached (Rip Deal)
    EffectSpec("access_from_bottom", Shape.NONE),  # R&D is accessed from the bottom for the rest of the run (Showing Off)
    EffectSpec("trash_root", Shape.NONE),  # every card in the attacked server's root (a remote: all its cards) is trashed (Singularity)
    EffectSpec("heap_to_grip", Shape.AMOUNT),  # N cards from the heap join the grip (not a draw: Steve Cambridge, Rip Deal)
    EffectSpec("corp_draw", Shape.AMOUNT),  # the Corp draws: R&D's top N cards (first listed) go to HQ (Umbrella)
    EffectSpec("mill", Shape.AMOUNT),  # the top N cards of R&D (first listed) go to Archives (Persephone)
    EffectSpec("expose", Shape.CARD),  # the Runner exposes a card (Snitch: `that ice`); `exposed` abilities resolve after (Aumakua)
    EffectSpec("to_score_area", Shape.AMOUNT),  # this card leaves play for the Runner's score area as an agenda worth N points (Kasi String)
    EffectSpec("gain_clicks", Shape.AMOUNT),  # the Runner gains clicks (Pichação, Nyusha); counted for `clicks_gained`
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
    EffectSpec("corp_pay", Shape.AMOUNT, cost=True),  # the Corp pays from its pool; unable: what follows does not happen
    EffectSpec("host_credits", Shape.AMOUNT, ("on",)),  # credits placed on a Runner card (default: the card itself), spent as its `credits_for` says
    # costs a player may decline, jack-out costs, a jack out offered inside an ability (docs/encounter.md)
    EffectSpec("jack_out_cost", Shape.WORD, choices=("installed_card", "grip_card")),
    EffectSpec("offer_jack_out", Shape.NONE),
    EffectSpec("next_encounter", Shape.NONE, ("begins", "ends")),  # effects kept for the Runner's next encounter this run (Chum)
    EffectSpec("break_limit", Shape.AMOUNT, ("only_by", "except_by"), static=True),  # in a `static` ability of ice: at most N subroutines broken per encounter
    EffectSpec("rez_cost", Shape.AMOUNT, static=True),  # in a `static` ability: rez costs change by N (signed; `if: {ice_subtype: X}` names the card rezzed)
    # additional costs of making the run, paid as it begins (`judge.engine.effects.runcost`; docs/board.md)
    EffectSpec("run_cost", Shape.AMOUNT, cost=True),          # credits from the Runner's own pool
    EffectSpec("run_cost_clicks", Shape.AMOUNT, cost=True),   # clicks
    EffectSpec("run_cost_agendas", Shape.AMOUNT, cost=True),  # agendas trashed from the score area
    # picks (docs/board.md): an installed Runner card a player picks, named by a `pick:` action at the step
    EffectSpec("trash_pick", Shape.WORD, ("picker", "may", "otherwise", "one_per_encounter", "if_picked"),
               choices=TRASH_KINDS),
    EffectSpec("return_pick", Shape.WORD, ("picker", "may", "otherwise", "if_picked"), choices=RUNNER_KINDS),  # to the grip
    EffectSpec("swap_pick", Shape.WORD, ("picker", "if_picked", "once_per_run", "then"), choices=SWAP_KINDS),  # ice swapped with picked ice
    EffectSpec("derez_pick", Shape.WORD, ("picker", "if_picked"), choices=("rezzed_ice_of_attacked_server",)),
    EffectSpec("rez_pick", Shape.WORD, ("picker", "if_picked"), choices=("derezzed_by_this",)),  # ignoring all costs
    EffectSpec("advance_pick", Shape.WORD, ("picker", "if_picked"), choices=("advanceable",)),  # 1 advancement counter
    EffectSpec("charge_pick", Shape.WORD, ("picker", "if_picked"), choices=("runner_card_with_power",)),  # +1 power counter
    EffectSpec("to_hq_pick", Shape.WORD, ("picker", "if_picked"), choices=TO_HQ_KINDS),  # a card of R&D or Archives to HQ
    # ice from HQ installed ignoring all costs, unrezzed, in the attacked server (`position`, default
    # innermost); `move`: the Runner moves to it and approaches it (Mti Mwekundu)
    EffectSpec("install_pick", Shape.WORD, ("picker", "if_picked", "position", "move"), choices=INSTALL_KINDS),
    # written as an action: the card the pick resolving at this step takes; for an install_pick, where
    # the Corp installs it (`server`, `position`: Timely Public Release)
    EffectSpec("pick", Shape.CARD, ("server", "position", "x", "named")),
    # the Runner names a subtype on the pick (`named: sentry`) and exposes the picked ice, which goes
    # to HQ when it has the named subtype (Wari)
    EffectSpec("expose_pick", Shape.WORD, ("picker", "if_picked"), choices=("installed_ice",)),
    # two picks: an installed trojan, then an ice protecting the attacked server it moves onto (Spree)
    EffectSpec("host_pick", Shape.WORD, ("picker", "if_picked"), choices=("trojan_on_attacked_server_ice",)),
    # the Corp pays the X written on its pick and the picked ice gets +X strength (Corporate Troubleshooter)
    EffectSpec("strength_pick", Shape.WORD, ("picker", "if_picked", "until"), choices=("rezzed_ice_of_this_server",)),
    # the encountered ice gains a subtype until the encounter ends (Engolo: code gate; Laamb: barrier)
    EffectSpec("gain_subtype", Shape.WORD, choices=("barrier", "code gate", "sentry")),
    # an icebreaker's interface ability that is not a break (Flashbang): its strength raised to the
    # encountered ice's at the least cost, and N paid, all or nothing; a cost
    EffectSpec("interface", Shape.AMOUNT, cost=True),
    EffectSpec("host_on", Shape.CARD),  # the card whose ability it is moves onto that ice (Ika)
    EffectSpec("skip_subroutines", Shape.AMOUNT),  # the first N subroutines of the next encounter this run do not resolve (Mass-Driver)
    EffectSpec("link", Shape.AMOUNT, static=True),  # in a `static` ability: the Runner has N more link while the card is active (Security Nexus)
    EffectSpec("trash_at_zero", Shape.CARD, static=True),  # in a `static` ability: that ice is trashed once its strength is 0 or less (Parasite)
    # in a `static` ability: the card leaves play to stop a Corp card ending the run (Lucky Charm), or to
    # set a trace's base strength to 0 (Flip Switch)
    EffectSpec("prevent", Shape.WORD, choices=("end_run", "trace_strength"), static=True),
    # in a `static` ability: a trash action at an access `granted_by` this card pays this instead of the trash cost (Eye for an Eye)
    EffectSpec("trash_paid_by", Shape.WORD, choices=("grip_card",), static=True),
)

EFFECTS: dict[str, EffectSpec] = {s.name: s for s in _SPECS}
BARE: tuple[str, ...] = tuple(s.name for s in _SPECS if s.shape is Shape.NONE)
PICKS: tuple[str, ...] = ("trash_pick", "return_pick", "swap_pick", "derez_pick", "rez_pick", "advance_pick",
                           "charge_pick", "to_hq_pick", "install_pick", "strength_pick", "expose_pick", "host_pick")  # the effects a `pick:` action names the card of


def names(*shapes: Shape) -> tuple[str, ...]:
    """The effect words, in the table's order (those of some shapes, or all)."""
    return tuple(s.name for s in _SPECS if not shapes or s.shape in shapes)
