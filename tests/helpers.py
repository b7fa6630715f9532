"""Small builders shared by the engine tests."""

from __future__ import annotations

import textwrap

from judge.engine import Trace, run
from judge.scenario import load_scenario


def scenario(text: str):
    return load_scenario("test.yaml", text=textwrap.dedent(text))


def run_yaml(text: str) -> Trace:
    """Load a scenario written inline and run it."""
    return run(scenario(text))


def skipped(t: Trace) -> list[str]:
    return [e.occurrence for e in t.skipped]


def texts(t: Trace, kind: str | None = None) -> list[str]:
    return [e.text(t.rs) for e in t.events if kind is None or e.kind == kind]


def ice(name: str, rezzed: bool = True, subs=("End the run",), abilities=(), **kw) -> dict:
    d = {"name": name, "rezzed": rezzed, "subroutines": list(subs), **kw}
    if abilities:
        d["abilities"] = list(abilities)
    return d


def board(server: str = "HQ", ice=(), root=(), cards=({"name": "Hedge Fund", "type": "operation"},),
          runner=(), corp=(), actions=(), bp: int = 0, credits: int = 5, by: str | None = None,
          servers: dict | None = None, ruleset: str | None = None, **top) -> Trace:
    """Build a scenario from Python values (dumped to YAML, so the loader is exercised) and run it."""
    import yaml

    doc: dict = {"title": "test", "run": {"server": server}, "corp": {"bad_publicity": bp},
                 "runner": {"credits": credits, "cards": list(runner)},
                 "servers": {server: {"ice": list(ice), "root": list(root), "cards": list(cards)}},
                 "actions": list(actions), **top}
    if corp:
        doc["corp"]["cards"] = list(corp)
    if by:
        doc["run"]["by"] = by
    for k, v in (servers or {}).items():
        doc["servers"][k] = v
    if ruleset:
        doc["ruleset"] = ruleset
    return run(load_scenario("test.yaml", text=yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)))


def runnable_examples() -> list:
    """The library's scenario files, less those written to be refused (expect.error)."""
    from pathlib import Path

    from judge.analysis.check import expected_error

    root = Path(__file__).resolve().parent.parent / "examples"
    return [p for p in sorted(root.glob("*.yaml")) if not expected_error(p)]
