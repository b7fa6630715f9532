"""Who may do what at which step: the rules behind "an action that can never apply is an error".

Each check reads the step's own flags (who may rez, break or jack out there), so a rule set says
what is allowed and this module only says what that means for an action written in a file.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..i18n import msg
from ..rulesets.model import Kind, Step
from .model import CORP, RUNNER, Action, Card, Effect
from .validate import Validator, effect_word
from .yamlsource import YPath

__all__ = ["Place", "access_order", "replacement", "use", "jack_out", "rez", "break_subs", "trash", "decline_steal", "bypass"]


@dataclass(frozen=True)
class Place:
    """An action placed at a step, with what the file knows, for the checks below."""

    step: Step
    act: Action
    path: YPath
    known: dict[str, Card]
    protecting: frozenset[str]
    v: Validator
    allows: frozenset[str] = frozenset()  # what some card of the file may allow during the run

    def refuse(self, key: str, *, at: bool = False, **args: object) -> ScenarioError:
        """The error for this action (pointing at its `at` when the step is what is wrong)."""
        return self.v.err(self.path + (("at",) if at else ()), key, **args)

    def granted(self, e: Effect) -> bool:
        """A card grants what the rules alone would not allow (`granted_by`)."""
        return bool(self.act.granted_by or e.opt("granted_by"))


def jack_out(p: Place, e: Effect) -> None:
    if p.act.side != RUNNER:
        raise p.refuse("only_runner_jacks_out")
    if not p.step.jack_out and not p.granted(e) and not p.allows & {"jack_out", "jack_out_here"}:
        raise p.refuse("jack_out_needs_grant", at=True, step=p.step.id)


def rez(p: Place, e: Effect) -> None:
    card = p.known.get(e.name)
    if p.act.side != CORP:
        raise p.refuse("only_corp_rezzes")
    if card is None:
        return
    if card.side != CORP:
        raise p.refuse("runner_card_rez", c=e.arg)
    if p.granted(e):
        return
    if card.is_ice:
        if not p.step.rez_ice:
            raise p.refuse("ice_rez_window", at=True, step=p.step.id)
        # Ice swapped in later (Project Yagi-Uda) is checked when the run gets there.
        if p.act.ice != e.arg and e.arg in p.protecting:
            raise p.refuse("only_approached_ice", c=e.arg, i=p.act.ice)
    elif not p.step.rez_non_ice:
        raise p.refuse("non_ice_rez_window", at=True, step=p.step.id)


def break_subs(p: Place, e: Effect) -> None:
    if not p.step.break_subs:
        raise p.refuse("break_window", at=True, step=p.step.id)
    if p.act.side != RUNNER:
        raise p.refuse("only_runner_breaks")
    ice = p.known.get(p.act.ice) if p.act.ice else None
    if ice is not None and isinstance(e.arg, tuple):
        for n in e.arg:
            if n > len(ice.subroutines):
                raise p.refuse("no_such_subroutine", i=ice.key, n=len(ice.subroutines), k=n)


def _during_access(p: Place, e: Effect) -> Card | None:
    if not p.step.accesses:
        raise p.refuse("during_access", at=True, what=effect_word(e.kind), step=p.step.id)
    if p.act.side != RUNNER:
        raise p.refuse("only_runner_during_access", what=effect_word(e.kind))
    return p.known.get(e.name)


def trash(p: Place, e: Effect) -> None:
    card = _during_access(p, e)
    if card is not None and card.trash_cost is None:
        raise p.refuse("no_trash_cost", c=e.arg)


def decline_steal(p: Place, e: Effect) -> None:
    card = _during_access(p, e)
    if card is not None and card.type != "agenda":
        raise p.refuse("not_agenda", c=e.arg)


def bypass(p: Place, e: Effect) -> None:
    st = p.step
    if not (st.does == "encounter_ice" or (st.does == "paid_window" and st.break_subs)):
        raise p.refuse("bypass_window", at=True, step=st.id)


def access_order(p: Place, e: Effect) -> None:
    """The Runner says in which order they access the cards (CR 6.9.5b: the Runner chooses)."""
    if not p.step.accesses:
        raise p.refuse("during_access", at=True, what=effect_word(e.kind), step=p.step.id)
    if p.act.side != RUNNER:
        raise p.refuse("only_runner_during_access", what=effect_word(e.kind))


def replacement(p: Place, e: Effect) -> None:
    """Which of several replacements of the access applies is the Runner's choice (CR 9.9.11a)."""
    if p.act.side != RUNNER:
        raise p.refuse("only_runner_chooses_replacement")


def use(p: Place, e: Effect) -> None:
    """A paid ability is used in a paid ability window, by the player whose card it is."""
    name, n = e.used
    card = p.known.get(name)
    if p.step.kind is not Kind.PAW:
        raise p.refuse("use_window", at=True, step=p.step.id)
    if card is None:
        return  # refs says no card is called so
    paid = card.paid_abilities()
    if not paid:
        raise p.refuse("no_paid_ability", c=name)
    if n > len(paid):
        raise p.refuse("no_such_paid_ability", c=name, n=len(paid), k=n)
    if card.side != p.act.side:
        raise p.refuse("not_your_card", c=name, side=msg(f"engine.sides.{card.side}"))
