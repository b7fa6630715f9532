"""A saved situation under another rule set: the comparison of all three, cached by content, and
the switch between them (which rule set, which of its steps matches the one being looked at)."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from ... import rulesets
from ...analysis.compare import Comparison, compare_rulesets
from ...rulesets.model import Ruleset
from ...rulesets.translate import carry, rows_of
from ..i18n import lang, t
from ..situations.situation import Situation, resolve
from ..stepper.positions import Position, positions

__all__ = ["RulesetProblem", "comparison", "under", "uncarried", "unplaced_reason", "step_map", "switch", "name",
           "ruleset_context"]


class RulesetProblem(ValueError):
    """?ruleset= names a rule set the judge does not know, or one this situation cannot run under;
    the message is already in the page's language."""


@lru_cache(maxsize=128)
def _compare(text: str) -> Comparison:
    # A saved situation's text determines its three runs, so they are computed once per process;
    # a rule set it cannot run under (its actions cannot be placed, or it loops there) is listed.
    return compare_rulesets(resolve(text).scenario)


def comparison(s: Situation) -> Comparison:
    """The situation run under every rule set it can be placed in."""
    return _compare(s.text)


def name(rs: Ruleset | str) -> str:
    """A rule set's short name in the page's language ("FFG Rules Reference")."""
    return t("cmp_rs_" + (rs if isinstance(rs, str) else rs.id))


def under(s: Situation, asked: str | None) -> Situation:
    """The situation with its trace under the rule set asked for (its own when none is asked)."""
    if not asked or asked == s.trace.ruleset:
        return s
    if asked not in rulesets.RULESETS:
        raise RulesetProblem(t("cmp_no_ruleset", asked=asked[:30], known=", ".join(rulesets.RULESETS)))
    cmp = comparison(s)
    if asked not in cmp.traces:
        raise RulesetProblem(t("cmp_cannot_open", rs=name(asked), why=unplaced_reason(s, asked)))
    return dataclasses.replace(s, trace=cmp.traces[asked])


def uncarried(s: Situation, rs_id: str):
    """The first action whose plain `at` the translation table does not carry to a rule set, if any."""
    sc = s.scenario
    if rs_id == sc.ruleset:
        return None
    return next((a for a in sc.actions if isinstance(a.at, str) and carry(sc.ruleset, a.at, rs_id)[0] is None), None)


def unplaced_reason(s: Situation, rs_id: str) -> str:
    """Why the situation's actions cannot be placed under a rule set, in the page's language: the
    first action whose plain `at` the translation table does not carry there, with the table's note."""
    sc, a = s.scenario, uncarried(s, rs_id)
    if a is not None:
        rows = rows_of(sc.ruleset, a.at)
        notes = [r.note(lang()) for r in rows if rs_id in r.no_carry or sc.ruleset in r.no_carry]
        where = t("cmp_action_at", n=a.index + 1, line=a.line) if a.line else t("cmp_action", n=a.index + 1)
        if notes:
            return t("cmp_unplaced_meaning", action=where, at=a.at, src=sc.ruleset, dst=rs_id, note="; ".join(notes))
        targets = sorted({x for r in rows for x in r.steps.get(rs_id, ())})
        return t("cmp_unplaced_count", action=where, at=a.at, src=sc.ruleset, dst=rs_id,
                   targets=", ".join(targets) or t("cmp_nothing"))
    # not a translation problem: the judge's own message, in the page's language
    exc = comparison(s).errors.get(rs_id)
    return exc.located_text(lang()) if exc is not None else ""


@lru_cache(maxsize=256)
def _map(text: str, src: str, dst: str) -> tuple[int, ...]:
    cmp = _compare(text)
    return tuple(step_map(positions(cmp.traces[src], "en"), src, positions(cmp.traces[dst], "en"), dst))


def step_map(src: list[Position], src_rs: str, dst: list[Position], dst_rs: str) -> list[int]:
    """For each position of one run, the position of the other run at the same moment (by the
    translation table, the same ice and visit when there is one), never going backwards."""
    out, last = [], 1
    for p in src:
        if src_rs == dst_rs:
            out.append(p.n)
            continue
        cands = {x for r in rows_of(src_rs, p.step.id) for x in r.steps.get(dst_rs, ())}
        later = [q for q in dst if q.n >= last and q.step.id in cands]
        hit = next((q for q in later if q.ice == p.ice and q.visit == p.visit), later[0] if later else None)
        last = hit.n if hit else last
        out.append(last)
    return out


def switch(s: Situation) -> list[dict]:
    """The rule set switch of the stepper: every rule set, with the step matching each step shown
    (a list, for the page's script), or why the situation cannot run there."""
    cmp, shown = comparison(s), s.trace.ruleset
    out = []
    for rs in rulesets.RULESETS.values():
        item = {"rs": rs, "name": name(rs), "current": rs.id == shown, "native": rs.id == s.scenario.ruleset}
        if rs.id in cmp.traces:
            item["steps"] = list(_map(s.text, shown, rs.id))
        else:
            item["why"] = unplaced_reason(s, rs.id)
        out.append(item)
    return out


def ruleset_context(s: Situation) -> dict:
    """What the stepper page adds for rule sets: the switch, and the query its step links keep."""
    native = s.trace.ruleset == s.scenario.ruleset
    shown, own = name(s.trace.ruleset), name(s.scenario.ruleset)
    note = "" if native else t("cmp_shown_under", rs=shown, own=own) + " " + t("cmp_decide_own", own=own)
    return {"rs_switch": switch(s), "native": native, "rs_arg": None if native else s.trace.ruleset,
            "rs_note": note, "step_q": "?step=" if native else f"?ruleset={s.trace.ruleset}&step="}
