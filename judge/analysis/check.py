"""Compare a trace with a scenario's `expect:` block."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..engine import Trace, run
from ..errors import JudgeError
from ..i18n import Msg, in_lang, msg
from ..scenario import Scenario, load_scenario
from ..scenario.board import EXPECT_BOARD

__all__ = ["actual", "compare", "expected_error", "Result", "check_file"]


@dataclass(frozen=True)
class Result:
    """One file checked under one rule set (or refused as its `expect.error` says)."""

    path: Path
    ruleset: str | None          # None: the file is refused before any run
    diffs: tuple = ()            # what differs (`Msg`, or the refusal's `JudgeError`); empty: it passed
    note: object = ""            # "rejected as expected", "no expect block" (a `Msg`)
    checked: bool = True
    label: str = field(default="")

    @property
    def passed(self) -> bool:
        return self.checked and not self.diffs

    def texts(self, lang: str = "en") -> list[str]:
        """What differs, in a language."""
        return [d.located_text(lang) if isinstance(d, JudgeError) else str(in_lang(d, lang)) for d in self.diffs]


def check_file(path: Path) -> list[Result]:
    """Run a scenario under every rule set its `expect:` names and compare; a file written to be
    refused passes when the refusal contains its `expect.error`."""
    try:
        sc = load_scenario(path)
    except JudgeError as exc:
        want = expected_error(path)
        if want and want in str(exc):
            return [Result(path, None, note=msg("cli.check.rejected"), label=str(path))]
        return [Result(path, None, (exc,), label=str(path))]
    if sc.runs:
        return _check_turn(path, sc)
    targets = sc.expected_rulesets()
    if not targets:
        return [Result(path, None, note=msg("cli.check.no_expect"), checked=False, label=str(path))]
    out = []
    for rs_id in targets:
        label = f"{path}" + (f" [{rs_id}]" if len(targets) > 1 or rs_id != sc.ruleset else "")
        expected = dict(sc.expect_for(rs_id) or {})
        err = expected.pop("error", None)
        diffs: list[Msg | JudgeError]
        try:
            diffs = list(compare(run(sc, rs_id), expected))
            if err:
                diffs.append(msg("cli.check.went_through", err=repr(err)))
        except JudgeError as exc:
            diffs = [] if err and err in str(exc) else [exc]
        out.append(Result(path, rs_id, tuple(diffs), label=label))
    return out


def _check_turn(path: Path, sc: Scenario) -> list[Result]:
    """A turn of several runs: each run's `expect` against its run, the turn's against the last."""
    from dataclasses import replace

    from ..engine import run_turn

    parts = [(f"run {i + 1}", p) for i, p in enumerate(sc.runs)]
    whole = replace(sc, expect=sc.turn_expect)
    targets = sorted({r for _, p in parts for r in p.expected_rulesets()} | set(whole.expected_rulesets()))
    if not targets:
        return [Result(path, None, note=msg("cli.check.no_expect"), checked=False, label=str(path))]
    out = []
    for rs_id in targets:
        try:
            traces = run_turn(sc, rs_id)
        except JudgeError as exc:
            out.append(Result(path, rs_id, (exc,), label=f"{path} [{rs_id}]"))
            continue
        wanted = [(label, p.expect_for(rs_id), i) for i, (label, p) in enumerate(parts)]
        wanted.append(("turn", whole.expect_for(rs_id), len(traces) - 1))
        for label, expected, i in wanted:
            if not expected:
                continue
            expected = {k: v for k, v in expected.items() if k != "error"}
            diffs: list[Msg | JudgeError] = list(compare(traces[i], expected)) if i < len(traces) else [
                msg("cli.check.run_not_made", n=i + 1)]
            out.append(Result(path, rs_id, tuple(diffs), label=f"{path} [{rs_id}] {label}"))
    return out


def expected_error(path) -> str | None:
    """`expect.error` of a file that does not load: read leniently, since the file is refused."""
    try:
        doc = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        err = doc.get("expect", {}).get("error") if isinstance(doc, dict) else None
    except Exception:  # noqa: BLE001  (the file is broken on purpose; no expectation then)
        return None
    return err if isinstance(err, str) and err.strip() else None


def actual(t: Trace, key: str):
    """The value of one expectation key in a trace."""
    if key == "outcome":
        return t.status
    if key == "end":
        return t.end
    if key == "path":
        return t.path
    if key == "skipped":
        return [e.occurrence for e in t.skipped]
    if key == "warnings":
        return len(t.warnings)
    if key == "credits":  # the Runner's own credits when the run is over
        return t.states[-1][1].credits
    if key == "bad_publicity_credits":
        return {"gained": t.bp["gained"], "lost": t.bp["lost"], "spent": t.bp["spent"]}
    if key == "replaced":
        return t.replaced_by
    if key == "corp_credits":  # the Corp's pool when the run is over (None: not counted)
        return t.states[-1][1].corp_credits
    if key == "broken":  # every subroutine broken in the run: "Enigma 2"
        return [str(x) for x in t.states[-1][1].broken_log]
    if key == "removed":  # cards removed from the game this run (Watch the World Burn)
        return list(t.states[-1][1].removed_from_game)
    if key in EXPECT_BOARD:  # the board after the run (tags, damage, grip, counters...)
        return t.board[key]
    return t.lists[key]


def compare(t: Trace, expect: dict) -> list[Msg]:
    """One line per difference between what was expected and what the run did (`str()` of each
    is its English; `.text(lang)` in a language)."""
    out: list[Msg] = []
    for key, want in expect.items():
        got = actual(t, key)
        if key in ("bad_publicity_credits", "damage", "points"):
            got = {k: got[k] for k in want}
        elif key == "counters":  # the cards named; a card with none is {}
            got = {c: {k: got.get(c, {}).get(k, 0) for k in kinds} for c, kinds in want.items()}
        if got != want:
            out.append(msg("cli.check.diff", what=key, want=_fmt(want), got=_fmt(got), hint=_hint(want, got)))
    return out


def _fmt(v) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(str(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {x}" for k, x in v.items()) + "}"
    return str(v)


def _hint(want, got) -> Msg | str:
    """Where two lists first part ways, which is what a person needs to look at."""
    if not (isinstance(want, list) and isinstance(got, list)):
        return ""
    for i, (a, b) in enumerate(zip(want, got, strict=False)):
        if a != b:
            return msg("cli.check.first_difference", n=i + 1, a=a, b=b)
    if len(want) != len(got):
        n, m = len(want), len(got)
        key = "cli.check.expected_more" if n > m else "cli.check.got_more"
        return msg(key, n=abs(n - m), first=(want if n > m else got)[min(n, m)])
    return ""
