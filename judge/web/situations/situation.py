"""A situation: a scenario's text, validated and run; saved ones are found by their content id."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...engine import run, run_turn
from ...engine.trace import Trace
from ...scenario import Scenario, load_scenario
from . import db as store
from .yamltree import parse, tree

__all__ = ["Situation", "resolve", "saved", "save"]


@dataclass(frozen=True)
class Situation:
    id: str | None
    text: str
    data: object          # the plain tree (see yamltree), for edits and the canonical form
    scenario: Scenario
    trace: Trace          # the run shown (a turn of several runs: its first)
    traces: tuple[Trace, ...] = ()  # a turn of several runs: every run made, in order (else empty)


@lru_cache(maxsize=256)
def _resolve(text: str) -> tuple[object, Scenario, tuple[Trace, ...]]:
    # (a turn of several runs: the first run as `run` sees it, then every run made)
    # The text fully determines the result, so a saved situation is loaded and run once per process.
    data = tree(parse(text))
    sc = load_scenario(text=text)
    if len(sc.runs) > 1:  # a turn: every run, each from the board the one before left
        # the first as a view of one run sees it (with the notice that it is the first), then all
        return data, sc, (run(sc), *run_turn(sc))
    return data, sc, (run(sc),)


def resolve(text: str | bytes, sid: str | None = None) -> Situation:
    """Validate and run a scenario text; raises JudgeError for anything wrong with it."""
    if isinstance(text, bytes):
        parse(text)  # size and UTF-8 checks with a clear message before decoding
        text = text.decode("utf-8")
    text = text.removeprefix("\ufeff")
    data, sc, traces = _resolve(text)
    if len(sc.runs) > 1:
        return Situation(sid, text, data, sc, traces[0], traces[1:])
    return Situation(sid, text, data, sc, traces[0])


def saved(sid: str) -> Situation | None:
    """A saved situation by id, or None if there is none (raises JudgeError if it no longer loads)."""
    text = store.get(sid)
    return None if text is None else resolve(text, sid)


def save(text: str | bytes) -> Situation:
    """Validate, run and store a scenario: only situations that run get a permalink."""
    s = resolve(text)
    return Situation(store.save(s.data, s.text), s.text, s.data, s.scenario, s.trace, s.traces)
