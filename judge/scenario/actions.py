"""Actions as written in a file: at which step, by whom, on which ice, doing which effect; an
action that can never apply is refused here (spec: scenario format, Actions)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import rulesets
from ..i18n import Text
from ..rulesets.model import Kind
from .effects import effect_list, parse_effects
from .legality import Place
from .model import SIDES, Action, Card, Effect, Scenario, walk_effects
from .validate import MAX_TEXT, Validator, effect_word, value_kind
from .vocabulary import EFFECTS, OPTIONS
from .yamlsource import YPath

__all__ = ["parse_action", "check_action", "ACTION_KEYS"]

ACTION_KEYS = ("at", "ice", "time", "by", "effect", "granted_by", "after", "source")


def check_action(p: Place) -> None:
    """Refuse an action its step never allows: nobody acts at a check, only a jack out at a
    decision, and each effect's own rule (who may rez, break, jack out, trash where)."""
    st = p.step
    if st.kind is Kind.CHECK:
        raise p.refuse("nobody_acts", at=True, step=st.id, name=Text(st.name("en"), st.name("ko")))
    if st.kind is Kind.DECISION:
        for e in p.act.effects:
            if e.kind not in ("jack_out", "note"):
                raise p.refuse("decision_only", at=True, step=st.id, what=effect_word(e.kind))
    for e in p.act.effects:
        legal = EFFECTS[e.kind].legal
        if legal is not None:
            legal(p, e)


def _ice(V: Validator, a: dict[str, Any], path: YPath, sc: Scenario,
         known: dict[str, Card]) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """The ice the action concerns: one name, or one per rule set."""
    if isinstance(a.get("ice"), dict):  # the same choice may concern different ice per rule set
        V.mapping(a["ice"], path + ("ice",), tuple(rulesets.RULESETS))
        ice_by = tuple((r, V.string(v, path + ("ice", r), kind="a_card_name")) for r, v in a["ice"].items())
        for r, name in ice_by:
            if name not in known or not known[name].is_ice:
                raise V.err(path + ("ice", r), "no_ice_called", i=repr(name))
        return dict(ice_by).get(sc.ruleset), ice_by
    if "ice" in a:
        ice = V.string(a["ice"], path + ("ice",), kind="a_card_name")
        if ice not in known or not known[ice].is_ice:
            raise V.err(path + ("ice",), "no_ice_called", i=repr(ice))
        return ice, ()
    return None, ()


def _placed(V: Validator, at: Any, ice: Any, ice_by: Any, path: YPath, sc: Scenario) -> list[Any]:
    """Every rule set the action is placed in checks it with its own steps (a plain `at` belongs
    to the file's rule set; carrying it elsewhere is checked when it runs there)."""
    placed = [(rulesets.get(sc.ruleset), at)] if isinstance(at, str) else [
        (rulesets.get(r), sid) for r, sid in at]
    steps = []
    no_ice = not sc.servers[sc.server].ice
    for rs, step_id in placed:
        step_ice = dict(ice_by).get(rs.id) if ice_by else ice
        where = path + ("at",) if isinstance(at, str) else path + ("at", rs.id)
        if step_id not in rs.step_ids:
            raise V.err(where, "not_a_step_steps", step=step_id, rs=rs.id, steps=", ".join(rs.step_ids))
        step = rs.step(step_id)
        vacuous = no_ice and step.phase == rs.step(rs.encounter_exit).phase
        if step.per_ice and step_ice is None and not step.ice_optional and not vacuous:
            raise V.err(path, "step_needs_ice", step=step_id)
        if not step.per_ice and step_ice is not None:
            raise V.err(path + ("ice",), "step_no_ice", step=step_id)
        steps.append((step, step_ice))
    return steps


def _effects(V: Validator, a: dict[str, Any], path: YPath, side: str) -> tuple[Effect, ...]:
    rest = {k: v for k, v in a.items() if k not in ACTION_KEYS}
    if "effect" in a:
        if rest:
            raise V.err(path + (next(iter(rest)),), "effect_or_key")
        return parse_effects(V, a["effect"], path + ("effect",), side)
    if not rest:
        raise V.err(path, "action_does_nothing")
    for k in rest:
        if k not in EFFECTS and k not in OPTIONS:
            raise V.err(path + (k,), "action_unknown_key", k=repr(k), effects=effect_list())
    return parse_effects(V, rest, path, side)


def parse_action(V: Validator, a: Any, i: int, sc: Scenario, known: dict[str, Card]) -> Action:
    """One action, checked against every rule set it is placed in."""
    path = ("actions", i)
    if not isinstance(a, dict):
        raise V.err(path, "action_shape", got=value_kind(a))
    for k in ("at", "by"):
        if k not in a:
            raise V.err(path, "missing_key", k=repr(k))
    side = V.choice(a["by"], path + ("by",), SIDES, "player")
    if isinstance(a["at"], dict):
        V.mapping(a["at"], path + ("at",), tuple(rulesets.RULESETS))
        at: str | tuple[tuple[str, str], ...] = tuple((k, V.string(v, path + ("at", k), kind="a_step_id")) for k, v in a["at"].items())
    else:
        at = V.string(a["at"], path + ("at",), kind="a_step_id")
    ice, ice_by = _ice(V, a, path, sc, known)
    steps = _placed(V, at, ice, ice_by, path, sc)
    time = V.integer(a["time"], path + ("time",), 1, 50) if "time" in a else 1
    granted = V.string(a["granted_by"], path + ("granted_by",), kind="a_card_name") if "granted_by" in a else None
    if granted is not None and granted not in known:
        raise V.err(path + ("granted_by",), "no_card_called", c=repr(granted))
    after = V.string(a["after"], path + ("after",), kind="a_card_name") if "after" in a else None
    if "source" in a:   # where the action comes from (a game log's line): read, shown, never applied
        V.string(a["source"], path + ("source",), limit=MAX_TEXT, kind="a_source")
    if after is not None and after not in known:
        raise V.err(path + ("after",), "no_card_called", c=repr(after))
    act = Action(index=i, at=at, side=side, effects=_effects(V, a, path, side), ice=ice, time=time,
                 granted_by=granted, line=V.line(path), ice_by=ice_by, after=after)
    protecting = frozenset(c.key for srv in sc.servers.values() for c in srv.ice)
    allows = frozenset(e.name for c in known.values() for ab in c.abilities for e in walk_effects(ab.effects)
                       if e.kind == "allow")
    for step, step_ice in steps:
        check_action(Place(step, replace(act, ice=step_ice), path, known, protecting, V, allows))
    return act
