"""`if:` on an ability: what must hold about the run so far for it to resolve.

Each key is defined once here with the kind of value it takes; the engine evaluates them
(`judge.engine.conditions`) and the catalogue words them (`engine.conditions.<key>`).
"""

from __future__ import annotations

from typing import Any

from .board import BOARD_COUNTS, COUNTER_KINDS
from .validate import Validator
from .yamlsource import YPath

__all__ = ["CONDITIONS", "COUNTS", "parse_conditions"]

# key -> the kind of value: "bool" (true/false), "count" (at least N), "server" (central, remote,
# this, or a server's name), "word" (an ice subtype)
CONDITIONS: dict[str, str] = {
    "successful": "bool",           # the run was declared successful
    "unsuccessful": "bool",         # the run ended unsuccessfully
    "stolen": "bool",               # the Runner stole an agenda this run
    "trashed": "bool",              # the Runner trashed a card they accessed this run
    "breach_took_nothing": "bool",  # in the breach that just ended nothing was stolen or trashed (Aumakua)
    "trashed_own": "bool",          # the Runner trashed one of their installed cards this turn (Boi-tatá)
    "passed": "count",              # at least N pieces of ice passed this run
    "encountered": "count",         # at least N encounters with ice this run
    "credits_below": "count",       # the Runner has fewer than N credits (bad publicity credits included)
    "server": "server",             # the attacked server (central, remote, this = the card's own, a name)
    "protects": "server",           # the card (ice, or a card in a root) is installed in that server (Afshar: HQ)
    "not_server": "server",         # the attacked server is not that one ("anywhere except in Archives")
    "ice_subtype": "word",          # the ice of the moment has this subtype (barrier, code gate, sentry)
    "all_broken": "bool",           # every subroutine of the ice of the encounter was broken
    "fully_broken": "bool",         # the ice of the moment is fully broken in this encounter (ice with no subroutine included, CR 6.5.7c)
    "broke_with_this": "bool",      # this card (a breaker) broke a subroutine in the encounter going on (Tycoon)
    "broke_with": "word",           # a breaker of this subtype broke a subroutine of the ice in this encounter (Virtual Service Agent)
    "fully_broke_with_this": "bool",  # every subroutine of the encountered ice was broken with this card (Bukhgalter)
    "encountering": "bool",         # a piece of ice is being encountered now (Abagnale's trash: "the code gate you are encountering")
    "not_ice_subtype": "word",      # the ice of the moment lacks this subtype (Laamb: no use paying for barrier twice)
    "subroutine_resolved": "bool",  # a subroutine of that ice resolved in the encounter
    "bypassed": "bool",             # that ice was bypassed
    "ice_rezzed": "bool",           # the ice of the moment is rezzed (Snitch: an unrezzed ice)
    "rezzed_this_turn": "bool",     # the card was rezzed during this turn's runs (written `rezzed: true`: before the turn)
    "chosen_subtype": "word",       # the card written `chosen:` beside this one has this subtype (Bloop: harmonic ice)
    "is_ice": "bool",               # there is an ice of the moment (in a `rez_cost` ability: the card rezzed is ice)
    # the board (issue 25)
    "tagged": "bool",               # the Runner has at least one tag
    "tags": "count",                # the Runner has at least N tags
    "grip": "count",                # at least N cards in the grip (`runner.grip`; not given: taken to hold, and said)
    "link": "count",                # the Runner has at least N link (`runner.link`)
    "clicks_gained": "count",       # the Runner gained at least N clicks during this turn's runs so far (Pichação)
    "successful_on": "server",      # a successful run on that server this turn, this run included once declared (Lucky Charm)
    "runner_turn": "bool",          # the run is made in the Runner's turn (not `run: {turn: corp}`; Flip Switch)
    "first_run": "bool",            # this is the turn's first run (a scenario of one run: it is)
    "clicks_broke": "bool",         # an action of the Runner this run lost or spent clicks and broke subroutines (Zed 2.0)
    "declined": "bool",             # a player declined the card's optional ability at this step (Data Raven's other choice)
    "runner_declined": "bool",      # the Runner wrote `decline: <this card>` at this step (Mr. Hendrik: both players answer)
    "corp_declined": "bool",        # the Corp did
    "corp_richer": "bool",          # the Corp has more credits than the Runner (the Corp's pool counted)
    # icebreakers-b (docs/encounter.md "Costs and limits")
    "threat": "count",              # a player has at least N agenda points (`runner.points`, `corp.points`, stolen)
    "threat_when_installed": "count",  # ... when the turn began, before its runs (a card installed this turn)
    "installed_this_turn": "bool",  # the card was installed this turn (`installed_this_turn: true` beside it)
    "virtual_resources": "count",   # at least N installed virtual resources
    "cybernetic_hardware": "count",  # at least N installed cybernetic hardware
    "successful_this_turn": "bool",  # an earlier run of this turn was successful (`runs:`, `runner.successful_runs`)
    "broke_all_with_this": "bool",  # this card broke every subroutine of the ice in the encounter going on
    "broke_with_this_run": "bool",  # this card broke a subroutine this run (Mayfly)
    "ice_strength_below": "count",  # the ice of the moment has less than N strength (Malandragem: 3 or less is below 4)
    "made_run": "bool",             # this card made the run (`run: {by: <card>}`; Alarm Clock's run)
    "ice_outermost": "bool",        # the ice of the moment is the outermost ice protecting the attacked server (Hippo)
    "protected": "bool",            # the attacked (or breached) server has ice protecting it (Argus Crackdown)
    "rezzed": "bool",               # the card itself is rezzed (Angelique Garza Correa's ambush)
    "clicks": "count",              # the Runner has at least N clicks left (`runner.clicks`; not given: taken to hold, and said)
    "clicks_below": "count",        # the Runner has fewer than N clicks left (Manta Grid; not given: does not hold, and said)
    "won_run": "server",            # the Runner made a successful run on that server earlier this turn (a `runs:` turn)
    "ice_chosen": "bool",           # the ice of the moment is the card the card's `chosen:` names (Oversight AI's host)
    **{f"{k}_counters": "count" for k in COUNTER_KINDS},  # at least N counters of a kind on the card itself
    # the Runner's side of a run (runner-side helper): what the Runner's cards ask of the run
    "breached": "bool",             # the Runner breached the attacked server this run (a replaced breach is none)
    "broke": "bool",                # a subroutine was broken this run, by any means (Mercury)
    "by_run_event": "bool",         # the run was made by a run event the Runner played (Debbie gets a credit)
    "identity": "word",             # the Runner's identity (among the Runner's cards) has this subtype (DreamNet: digital)
    "accesses": "count",            # the breach of HQ or R&D going on lets the Runner access at least N cards (Pretty Mary)
    "again": "bool",                # this card made this run and the turn's run before it (Möbius's second run)
    "last_ice": "bool",             # the ice of the moment is the last one encountered in the turn's run before this one
    "attacked": "server",           # the attacked server, even during another server's breach (Eru: a run on Archives)
    "programs_at_most": "count",    # the Runner has at most N programs installed (Lean and Mean)
    "grip_at_most": "count",        # at most N cards in the grip (Pushing the Envelope; not given: taken to hold, and said)
    "hq_cards": "count",            # HQ holds at least N cards (Anoetic Void's cost; HQ's cards not given: taken to hold, and said)
    "accessing": "word",            # the card being accessed (the last one accessed this run) has this type (Kill Switch: agenda)
    "not_won_run": "server",        # no successful run earlier this turn on that server ("HQ or R&D": on either; RNG Key)
    "accessing_cost_named": "bool",  # its rez or play cost, or advancement requirement, is the card's `named:` number (RNG Key)
}

# counted for the Runner's cards: the Runner's clicks left (Logic Bomb loses them all), the
# subroutines resolved this run (Raindrops Cut Stone), the cards accessed in R&D itself, its root
# left out (Psych Mike), the cards the breach of HQ or R&D going on lets the Runner access (Rip Deal)
RUNNER_COUNTS = ("clicks", "subroutines_resolved", "accessed_in_rd", "breach_accesses", "named")

# what an Amount or a `count` condition counts
COUNTS = ("passed", "passed_distinct", "encountered", "bypassed", "accessed", "stolen", "trashed", "approached",
          "subroutines", "unbroken", "rezzed_harmonic", "breach_accessed", "advanced_ice", "server_ice",
          "encounter_resolved") + BOARD_COUNTS + RUNNER_COUNTS


def parse_conditions(V: Validator, v: Any, path: YPath) -> tuple[tuple[str, object], ...]:
    """An `if:` mapping into (key, value) pairs, each value checked against its kind."""
    V.mapping(v, path, tuple(CONDITIONS))
    if not v:
        raise V.err(path, "conditions_empty")
    out: list[tuple[str, object]] = []
    for k, val in v.items():
        kind, p = CONDITIONS[k], path + (k,)
        if kind == "bool":
            out.append((k, V.boolean(val, p)))
        elif kind == "count":
            out.append((k, V.integer(val, p, 0, 100)))
        else:  # a server's name, or an ice subtype
            word = V.string(val, p, kind="a_server_name" if kind == "server" else "text")
            out.append((k, word.lower().replace("_", " ") if kind == "word" else word))
    return tuple(out)
