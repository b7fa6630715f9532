"""A saved situation under another rule set: the comparison of all three, cached by content, and
the switch between them (which rule set, which of its steps matches the one being looked at)."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from .. import i18n as core
from .. import rulesets
from ..compare import Comparison, compare_rulesets
from ..errors import JudgeError
from ..rulesets.model import Ruleset
from ..translate import carry, rows_of
from .i18n import lang, pick, t
from .situation import Situation, resolve
from .stepview import Position, positions

__all__ = ["RulesetProblem", "say", "comparison", "under", "uncarried", "unplaced_reason", "step_map", "switch", "name",
           "ruleset_context"]


class RulesetProblem(ValueError):
    """?ruleset= names a rule set the judge does not know, or one this situation cannot run under;
    the message is already in the page's language."""


def say(key: str, **args: object) -> str:
    """A page string with its Korean particles fitted to the words filled in ("룰 레퍼런스(으)로" -> "룰 레퍼런스로")."""
    return core.josa(t(key, **args))


@lru_cache(maxsize=128)
def _compare(text: str) -> Comparison:
    # A saved situation's text determines its three runs, so they are computed once per process.
    sc = resolve(text).scenario
    try:
        return compare_rulesets(sc)
    except JudgeError:
        # compare_rulesets only expects a ScenarioError from a rule set it cannot place the actions
        # in; a run that fails another way there (a RunError: it loops under that rule set) would
        # lose the whole page, so that rule set is listed as one the situation cannot run under.
        from .. import compare
        from ..engine import run

        cmp = Comparison(title=sc.title)
        for rs_id in rulesets.RULESETS:
            try:
                cmp.traces[rs_id] = run(sc, rs_id)
            except JudgeError as exc:
                cmp.unplaced[rs_id] = str(exc)
        ids = list(cmp.traces)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                cmp.divergences += compare._diff(cmp.traces[a], cmp.traces[b])
        return cmp


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
        raise RulesetProblem(say("cmp_no_ruleset", asked=asked[:30], known=", ".join(rulesets.RULESETS)))
    cmp = comparison(s)
    if asked not in cmp.traces:
        raise RulesetProblem(say("cmp_cannot_open", rs=name(asked), why=unplaced_reason(s, asked)))
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
        notes = [pick((r.note_en, r.note_ko), lang()) for r in rows
                 if (rs_id in r.no_carry or sc.ruleset in r.no_carry) and r.note_en]
        where = t("cmp_action_at", n=a.index + 1, line=a.line) if a.line else t("cmp_action", n=a.index + 1)
        if notes:
            return say("cmp_unplaced_meaning", action=where, at=a.at, src=sc.ruleset, dst=rs_id, note="; ".join(notes))
        targets = sorted({x for r in rows for x in r.steps.get(rs_id, ())})
        return say("cmp_unplaced_count", action=where, at=a.at, src=sc.ruleset, dst=rs_id,
                   targets=", ".join(targets) or t("cmp_nothing"))
    try:  # not a translation problem: the judge's own message, in the page's language
        from ..engine import run

        run(sc, rs_id)
    except JudgeError as exc:
        return exc.located_text(lang())
    return comparison(s).unplaced.get(rs_id, "")


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
    note = "" if native else say("cmp_shown_under", rs=shown, own=own) + " " + say("cmp_decide_own", own=own)
    return {"rs_switch": switch(s), "native": native, "rs_arg": None if native else s.trace.ruleset,
            "rs_note": note, "step_q": "?step=" if native else f"?ruleset={s.trace.ruleset}&step="}
