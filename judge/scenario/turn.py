"""A turn of several runs (`runs:` instead of `run:`): each run a scenario of its own, read from
the same board, parsed with its own `actions` and `expect`; the engine carries the board from one
run to the next (`judge.engine.turn`).

    runner: {credits: 5, clicks: 4}
    servers: {...}
    runs:
      - {server: HQ, actions: [...], expect: {...}}
      - {server: R&D, by: Legwork, expect: {...}}
    expect: {...}            # the board after the last run

Every place a run's part of the file is read is said as that place (`runs[1].actions[0].at`), with
its line, by a validator that maps the single-run paths (`run.server`, `actions`, `expect`) onto it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .model import Scenario
from .validate import Validator
from .yamlsource import Doc, YPath

__all__ = ["RUN_KEYS", "MAX_RUNS", "is_turn", "parse_turn"]

RUN_KEYS = ("server", "by", "turn", "actions", "expect")
MAX_RUNS = 10


def is_turn(data: object) -> bool:
    return isinstance(data, dict) and "runs" in data


class _RunValidator(Validator):
    """A validator for one run of a turn: a path of the single-run shape is said where the file has it."""

    def __init__(self, doc: Doc, index: int) -> None:
        super().__init__(doc)
        self.index = index

    def where(self, path: YPath) -> YPath:
        if path[:1] == ("run",):
            return ("runs", self.index) + path[1:]
        if path[:1] in (("actions",), ("expect",)):
            return ("runs", self.index) + path
        return path

    def err(self, path: YPath, key: str, **args: object):  # type: ignore[no-untyped-def]
        return super().err(self.where(path), key, **args)

    def line(self, path: YPath) -> int | None:
        return super().line(self.where(path))

    def notice(self, path: YPath, what: str, text: str) -> None:
        super().notice(self.where(path), what, text)


def parse_turn(doc: Doc, ruleset_override: str | None, parse_one: Any) -> Any:
    """The turn's runs, each parsed as a scenario (`parse_one(doc, override, validator)`); the first
    carries them all in `runs`, and the top-level `expect` as `turn_expect`."""
    V = Validator(doc)
    top = V.mapping(doc.data, (), tuple(k for k in _top_keys() if k not in ("run", "actions")) + ("runs",), ("runs",))
    raw = V.seq(top["runs"], ("runs",), MAX_RUNS)
    if not raw:
        raise V.err(("runs",), "runs_empty")
    common = {k: v for k, v in top.items() if k not in ("runs", "expect")}
    parts = []
    for i, r in enumerate(raw):
        V.mapping(r, ("runs", i), RUN_KEYS, ("server",))
        data = {**common, "run": {k: r[k] for k in ("server", "by", "turn") if k in r}}
        if "actions" in r:
            data["actions"] = r["actions"]
        if "expect" in r:
            data["expect"] = r["expect"]
        sub = Doc(data=data, lines=doc.lines, raw=doc.raw, source=doc.source)
        parts.append(replace(parse_one(sub, ruleset_override, _RunValidator(sub, i)), run_index=i))
    _not_run_again(V, parts)
    turn_expect = None
    if "expect" in top:
        from .expect import parse_expect
        turn_expect = parse_expect(V, top["expect"])
    first = parts[0]
    # a view of one run (the chart, the stepper) shows the first and says so; `judge check` and
    # `judge run` walk them all
    V.notice(("runs",), "turn", str(len(parts)))
    return replace(first, runs=tuple(parts), turn_expect=turn_expect,
                   notices=first.notices + (tuple(V.notices) if len(parts) > 1 else ()))


def _not_run_again(V: Validator, parts: list[Scenario]) -> None:
    """A card that runs only a central server not yet run this turn (Red Team) is refused on a server
    an earlier run of the turn attacked."""
    for i, part in enumerate(parts):
        card = next((c for c in part.placed_cards() if c.key == part.by), None) if part.by else None
        if card is None or card.runs != "central_not_run":
            continue
        before = next((k for k, p in enumerate(parts[:i]) if p.server == part.server), None)
        if before is not None:
            raise V.err(("runs", i, "server"), "run_target_again", c=part.by, server=part.server, n=str(before + 1))


def _top_keys() -> tuple[str, ...]:
    from .parse import TOP_KEYS
    return TOP_KEYS
