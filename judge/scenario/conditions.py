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
    "passed": "count",              # at least N pieces of ice passed this run
    "encountered": "count",         # at least N encounters with ice this run
    "credits_below": "count",       # the Runner has fewer than N credits (bad publicity credits included)
    "server": "server",             # the attacked server (central, remote, this = the card's own, a name)
    "protects": "server",           # the card (ice, or a card in a root) is installed in that server (Afshar: HQ)
    "not_server": "server",         # the attacked server is not that one ("anywhere except in Archives")
    "ice_subtype": "word",          # the ice of the moment has this subtype (barrier, code gate, sentry)
    "all_broken": "bool",
    "fully_broken": "bool",         # the ice of the moment is fully broken in this encounter (ice with no subroutine included, CR 6.5.7c)           # every subroutine of the ice of the encounter was broken
    "broke_with_this": "bool",
    "broke_with": "word",           # a breaker of this subtype broke a subroutine of the ice in this encounter (Virtual Service Agent)      # this card (a breaker) broke a subroutine in the encounter going on (Tycoon)
    "subroutine_resolved": "bool",  # a subroutine of that ice resolved in the encounter
    "bypassed": "bool",             # that ice was bypassed
    "ice_rezzed": "bool",
    "rezzed_this_turn": "bool",     # the card was rezzed during this turn's runs (written `rezzed: true`: before the turn)           # the ice of the moment is rezzed (Snitch: an unrezzed ice)
    # the board (issue 25)
    "tagged": "bool",               # the Runner has at least one tag
    "tags": "count",                # the Runner has at least N tags
    "grip": "count",                # at least N cards in the grip (`runner.grip`; not given: taken to hold, and said)
    "link": "count",                # the Runner has at least N link (`runner.link`)
    "first_run": "bool",            # this is the turn's first run (a scenario of one run: it is)
    "declined": "bool",             # a player declined the card's optional ability at this step (Data Raven's other choice)
    "corp_richer": "bool",
    "threat": "count",              # a player has at least N agenda points (`scored:` beside `runner`/`corp`, with the run's steals)          # the Corp has more credits than the Runner (the Corp's pool counted)
    **{f"{k}_counters": "count" for k in COUNTER_KINDS},  # at least N counters of a kind on the card itself
}

# what an Amount or a `count` condition counts
COUNTS = ("passed", "passed_distinct", "encountered", "bypassed", "accessed", "stolen", "approached",
          "subroutines", "unbroken", "server_ice") + BOARD_COUNTS


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
