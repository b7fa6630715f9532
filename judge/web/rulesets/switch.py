"""A saved situation under another rule set: the comparison of all three, cached by content, and
the switch between them (which rule set, which of its steps matches the one being looked at)."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from ... import rulesets
from ...analysis.compare import Comparison, compare_rulesets
from ...engine import run_turn
from ...engine.context import board_of
from ...engine.trace import Trace
from ...errors import JudgeError
from ...rulesets.model import Ruleset
from ...rulesets.moments import Board, Placement, place
from ..i18n import lang, t
from ..situations.situation import Situation, resolve
from ..stepper.positions import Position, positions
from .preference import preferred

__all__ = ["RulesetProblem", "comparison", "under", "unplaced_reason", "default_view", "step_map", "switch",
           "name", "ruleset_context"]


class RulesetProblem(ValueError):
    """?ruleset= names a rule set the judge does not know, or one this situation cannot run under;
    the message is already in the page's language."""


@lru_cache(maxsize=128)
def _compare(text: str) -> Comparison:
    # A saved situation's text determines its three runs, so they are computed once per process;
    # a rule set it cannot run under at all (it loops there, or is refused there) is listed.
    return compare_rulesets(resolve(text).scenario)


def comparison(s: Situation) -> Comparison:
    """The situation run under every rule set it can be placed in."""
    return _compare(s.text)


def name(rs: Ruleset | str) -> str:
    """A rule set's short name in the page's language ("FFG Rules Reference")."""
    return t("cmp_rs_" + (rs if isinstance(rs, str) else rs.id))


def under(s: Situation, asked: str | None) -> Situation:
    """The situation with its trace under the rule set asked for (its own when none is asked; the
    stepper asks for `default_view` then)."""
    if not asked or asked == s.trace.ruleset:
        return s
    if asked not in rulesets.RULESETS:
        raise RulesetProblem(t("cmp_no_ruleset", asked=asked[:30], known=", ".join(rulesets.RULESETS)))
    cmp = comparison(s)
    if asked not in cmp.traces:
        raise RulesetProblem(t("cmp_cannot_open", rs=name(asked), why=unplaced_reason(s, asked)))
    if s.traces:  # a turn: every run under that rule set, from the board each run before it left
        return dataclasses.replace(s, trace=cmp.traces[asked], traces=_turn(s.text, asked))
    return dataclasses.replace(s, trace=cmp.traces[asked])


@lru_cache(maxsize=64)
def _turn(text: str, rs_id: str) -> tuple[Trace, ...]:
    try:
        return tuple(run_turn(resolve(text).scenario, rs_id))
    except JudgeError as exc:  # a later run cannot be made there
        raise RulesetProblem(t("cmp_cannot_open", rs=name(rs_id), why=exc.located_text(lang()))) from None


def _turn_map(text: str, src: str, dst: str) -> tuple[int, ...]:
    """`_map` for a turn of runs: each run's steps mapped to the same run's under the other rule
    set, numbered through the turn."""
    a, b, runs = _turn(text, src), _turn(text, dst), resolve(text).scenario.runs
    out: list[int] = []
    base = 0
    for k, tr in enumerate(a):
        src_pos = positions(tr, "en")
        if k >= len(b):  # the other rule set's turn ended before this run: stay at its last step
            out += [base or 1] * len(src_pos)
            continue
        dst_pos = positions(b[k], "en")
        out += [n + base for n in step_map(src_pos, src, dst_pos, dst, board_of(runs[k]))]
        base += len(dst_pos)
    return tuple(out)


def unplaced_reason(s: Situation, rs_id: str) -> str:
    """Why the situation cannot run at all under a rule set (it loops there, or the judge refuses
    it there), in the page's language; actions with no counterpart there never make it unplaced."""
    exc = comparison(s).errors.get(rs_id)
    return exc.located_text(lang()) if exc is not None else ""


def default_view(s: Situation) -> str:
    """The rule set the stepper shows when the URL names none: the reader's chosen one when the
    situation runs under it, else the situation's own."""
    pref = preferred()
    if pref and pref != s.scenario.ruleset and pref in comparison(s).traces:
        return pref
    return s.scenario.ruleset


@lru_cache(maxsize=256)
def _map(text: str, src: str, dst: str) -> tuple[int, ...]:
    cmp = _compare(text)
    return tuple(step_map(positions(cmp.traces[src], "en"), src, positions(cmp.traces[dst], "en"), dst,
                          board_of(resolve(text).scenario)))


def step_map(src: list[Position], src_rs: str, dst: list[Position], dst_rs: str, board: Board) -> list[int]:
    """For each position of one run, the position of the other run at the same moment: the step
    with the same meaning, at the ice that rule set anchors it to (2.2@Hunter is 6.9.4c@Enigma),
    the same time there; a moment the other run lacks stays where the last one matched."""
    out, last = [], 1
    for p in src:
        if src_rs == dst_rs:
            out.append(p.n)
            continue
        got = place(src_rs, p.step.id, p.ice, p.visit, dst_rs, board)
        if isinstance(got, Placement):
            same = [q for q in dst if q.step.id in got.steps and q.ice == got.ice and (q.visit if q.ice else 1) == got.time]
            hit = next((q for q in same if q.n >= last), same[0] if same else None)
            last = hit.n if hit else last
        out.append(last)
    return out


def switch(s: Situation) -> list[dict]:
    """The rule set switch of the stepper: every rule set, with the step matching each step shown
    (a list, for the page's script), or why the situation cannot run there."""
    cmp, shown, plain = comparison(s), s.trace.ruleset, default_view(s)
    out = []
    for rs in rulesets.RULESETS.values():
        item = {"rs": rs, "name": name(rs), "current": rs.id == shown, "native": rs.id == s.scenario.ruleset,
                "arg": None if rs.id == plain else rs.id}
        if rs.id in cmp.traces:
            item["steps"] = list(_turn_map(s.text, shown, rs.id) if s.traces else _map(s.text, shown, rs.id))
        else:
            item["why"] = unplaced_reason(s, rs.id)
        out.append(item)
    return out


def ruleset_context(s: Situation) -> dict:
    """What the stepper page adds for rule sets: the switch, the query its step links keep (none
    when the page shows the rule set a bare link shows), the argument a permalink or a download
    needs (none for the situation's own), and the actions with no moment under the shown rule set."""
    shown, plain = s.trace.ruleset, default_view(s)
    native = shown == s.scenario.ruleset
    note = "" if native else t("cmp_shown_under", rs=name(shown), own=name(s.scenario.ruleset))
    return {"rs_switch": switch(s), "native": native, "rs_arg": None if native else shown, "rs_note": note,
            "step_q": "?step=" if shown == plain else f"?ruleset={shown}&step=",
            "dropped": [d.text(lang()) for d in s.trace.dropped]}
