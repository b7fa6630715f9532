"""The board beside the run (issue 25): the players' tags, grip, link and clicks, counters on cards.

What a scenario does not give is not counted: no `grip` means damage is recorded but never
flatlines the Runner; no `clicks` means clicks are not counted.

    runner: {credits: 5, tags: 1, grip: 3, link: 1, clicks: 3, points: 2}   # grip: a number, or a list of cards
    corp: {clicks: 3, bad_publicity: 1, points: 4}   # points: agenda points in the score area (the threat)
    servers: {HQ: {ice: [{card: data_raven, counters: {power: 2}}]}}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .validate import Validator
from .yamlsource import YPath

__all__ = ["EXPECT_BOARD", "COUNTER_KINDS", "RUNNER_KEYS", "CORP_KEYS", "Sides", "parse_counters", "parse_sides",
           "DAMAGE_KINDS", "BOARD_COUNTS", "parse_expect_board"]

COUNTER_KINDS = ("virus", "power", "advancement", "agenda", "credit")
DAMAGE_KINDS = ("net", "meat", "core")
RUNNER_KEYS = ("tags", "grip", "link", "clicks", "points", "agendas", "successful_runs", "heap")  # beside `credits` and `cards`
CORP_KEYS = ("clicks", "points")                         # beside `bad_publicity` (and the encounter's `credits`)
# what an amount or a `count` condition may count on the board: the Runner's tags, the cards in the
# grip, and counters of a kind on the card whose effect it is (or the ice of the moment)
BOARD_COUNTS = ("tags", "grip", "clicks", "scored_agendas") + tuple(f"{k}_counters" for k in COUNTER_KINDS)


# the board's expectations (beside `expect.EXPECT_KEYS`): the Runner's tags, damage taken by kind,
# cards left in the grip, whether the Runner was flatlined, the Runner's clicks left, counters on
# cards, and the points the run gave each player
EXPECT_BOARD = ("tags", "damage", "grip", "flatlined", "clicks", "counters", "points")


def parse_expect_board(V: Validator, k: str, val: Any, p: YPath) -> object:
    """One board expectation, checked."""
    if k in ("tags", "grip", "clicks"):
        return V.integer(val, p, 0, 100)
    if k == "flatlined":
        return V.boolean(val, p)
    if k == "damage":
        V.mapping(val, p, DAMAGE_KINDS)
        return {kk: V.integer(vv, p + (kk,), 0, 100) for kk, vv in val.items()}
    if k == "points":
        V.mapping(val, p, ("runner", "corp"))  # below 0 when the Runner took a -1 point agenda (Meridian)
        return {kk: V.integer(vv, p + (kk,), -20, 100) for kk, vv in val.items()}
    V.mapping(val, p, tuple(val) if isinstance(val, dict) else ())  # counters: {card: {kind: n}}
    out = {}
    for card, kinds in val.items():
        V.string(card, p + (card,), kind="a_card_name")
        V.mapping(kinds, p + (card,), COUNTER_KINDS)
        out[card] = {kk: V.integer(vv, p + (card, kk), 0, 100) for kk, vv in kinds.items()}
    return out


@dataclass(frozen=True)
class Sides:
    """The board as the scenario gives it at the start (None: not given, not counted)."""

    tags: int = 0
    grip: int | None = None
    link: int = 0
    clicks: int | None = None
    corp_clicks: int | None = None
    runner_points: int | None = None    # agenda points each player has when the turn begins (threat);
    corp_points: int | None = None      # None: not given (counted as 0, and the threat says so once)
    successful_runs: int = 0            # successful runs the Runner made this turn before the scenario's first run
    agendas: int | None = None  # agendas in the Runner's score area when the run begins (Giordano Memorial Field)
    won: tuple[str, ...] = ()   # servers the Runner ran successfully earlier this turn (`successful_runs: [HQ]`: Hired Help)
    heap: int | None = None     # cards in the heap (`runner.heap`; Rip Deal); None: not counted


def parse_counters(V: Validator, v: Any, path: YPath) -> tuple[tuple[str, int], ...]:
    """`counters: {virus: 2, power: 1}` into (kind, n) pairs in the order of COUNTER_KINDS."""
    V.mapping(v, path, COUNTER_KINDS)
    got = {k: V.integer(n, path + (k,), 0, 100) for k, n in v.items()}
    return tuple((k, got[k]) for k in COUNTER_KINDS if got.get(k))


def _grip(V: Validator, v: Any, path: YPath) -> int:
    if isinstance(v, list):  # the cards themselves: which ones damage discards is random, so counted
        for i, c in enumerate(V.seq(v, path, 100)):
            V.string(c, path + (i,), kind="a_card_name")
        return len(v)
    return V.integer(v, path, 0, 100)


def parse_sides(V: Validator, runner: dict[str, Any], corp: dict[str, Any]) -> Sides:
    """The board keys of `runner:` and `corp:` (the mappings are checked for unknown keys by the caller)."""
    if runner.get("clicks") == 0:
        raise V.err(("runner", "clicks"), "no_click_to_run")
    return Sides(
        tags=V.integer(runner.get("tags", 0), ("runner", "tags"), 0, 100),
        grip=_grip(V, runner["grip"], ("runner", "grip")) if "grip" in runner else None,
        link=V.integer(runner.get("link", 0), ("runner", "link"), 0, 100),
        clicks=V.integer(runner["clicks"], ("runner", "clicks"), 0, 20) if "clicks" in runner else None,
        corp_clicks=V.integer(corp["clicks"], ("corp", "clicks"), 0, 20) if "clicks" in corp else None,
        runner_points=V.integer(runner["points"], ("runner", "points"), 0, 20) if "points" in runner else None,
        corp_points=V.integer(corp["points"], ("corp", "points"), 0, 20) if "points" in corp else None,
        agendas=V.integer(runner["agendas"], ("runner", "agendas"), 0, 20) if "agendas" in runner else None,
        heap=V.integer(runner["heap"], ("runner", "heap"), 0, 100) if "heap" in runner else None,
        **_successful_runs(V, runner.get("successful_runs", 0), ("runner", "successful_runs")))


def _successful_runs(V: Validator, v: Any, path: YPath) -> dict[str, Any]:
    """`successful_runs`: how many successful runs the Runner made this turn before the scenario's
    (`2`), or the servers they were on (`[HQ]`: Hired Help's `won_run`, counted as that many)."""
    if isinstance(v, list):
        won = tuple(V.string(s, path + (i,), kind="a_server_name") for i, s in enumerate(V.seq(v, path, 20)))
        return {"successful_runs": len(won), "won": won}
    return {"successful_runs": V.integer(v, path, 0, 20), "won": ()}
