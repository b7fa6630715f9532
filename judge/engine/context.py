"""What does not change during a run: the scenario, its rule set, its cards and its actions by step."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import ScenarioError
from ..rulesets import get
from ..rulesets.model import Ruleset
from ..rulesets.translate import carry
from ..scenario import Action, Card, Scenario

__all__ = ["Context", "placed_at", "make_context"]


@dataclass
class Context:
    """The scenario, its ruleset and its actions indexed by (step, ice, visit)."""

    sc: Scenario
    rs: Ruleset
    cards: dict[str, Card]
    actions: dict[tuple, list[Action]] = field(default_factory=dict)

    def actions_at(self, step_id: str, ice: str | None, visit: int) -> list[Action]:
        return self.actions.get((step_id, ice, visit if ice else 1), [])


def placed_at(sc: Scenario, a: Action, ruleset_id: str) -> str | None:
    """The step of an action under a rule set: given per rule set, or a plain `at` carried through
    the translation table; an action that cannot be carried is an error naming why."""
    if not isinstance(a.at, str) or ruleset_id == sc.ruleset:
        return a.at_for(ruleset_id)
    target, why = carry(sc.ruleset, a.at, ruleset_id)
    if target is None:
        raise ScenarioError("cannot_place", rs=ruleset_id, why=why,
                            example=f'{{{sc.ruleset}: "{a.at}", {ruleset_id}: ...}}',
                            where=a.where + ".at", line=a.line, source=sc.source)
    return target


def make_context(sc: Scenario, ruleset_id: str | None = None) -> Context:
    """A scenario's context under a rule set (its own by default), every action placed."""
    rs = get(ruleset_id or sc.ruleset)
    ctx = Context(sc=sc, rs=rs, cards=sc.all_cards())
    for a in sc.actions:
        at = placed_at(sc, a, rs.id)
        if at is None:
            continue
        if at not in rs.step_ids:
            raise ScenarioError("step_not_in_ruleset", at=repr(at), rs=rs.id, where=a.where + ".at",
                                line=a.line, source=sc.source)
        ctx.actions.setdefault((at, a.ice_for(rs.id), a.time), []).append(a)
    return ctx
