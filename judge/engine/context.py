"""What does not change during a run: the scenario, its rule set, its cards and its actions by step.

Each action is placed where it means the same in the rule set the run is under: as written in the
file's own rule set, as given per rule set (`at: {ffg-rr: "2.2", nsg: "6.9.4c"}`, an override:
the action exists only where it is named), or carried by meaning through the translation table
(`rulesets.moments.place`), its ice moved where that rule set anchors the moment elsewhere. An
action whose moment does not exist there is dropped, with the reason in words, and the run goes
on without it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..i18n import t
from ..rulesets import get
from ..rulesets.model import Ruleset
from ..rulesets.moments import Board, Gap, place
from ..scenario import Action, Card, Scenario, describe_effects
from .trace import occurrence, side_text

Occurrence = tuple[str, "str | None", int]  # a step, its ice (None: none), the time at that ice

__all__ = ["Context", "Occurrence", "Placed", "Dropped", "board_of", "place_action", "make_context"]


@dataclass(frozen=True)
class Placed:
    """Where an action is under a rule set: its step (or the steps of which the run reaches one),
    the ice and the time at that ice."""

    action: int
    steps: tuple[str, ...]
    ice: str | None
    time: int = 1
    how: str = "own"     # own: the file's rule set; given: `at` per rule set; meaning: carried

    @property
    def step(self) -> str:
        return self.steps[0]

    @property
    def occurrence(self) -> str:
        return occurrence(self.step, self.ice, self.time)

    def as_dict(self) -> dict[str, Any]:
        return {"action": self.action, "at": self.step, "ice": self.ice, "occurrence": self.occurrence,
                **({"or": list(self.steps[1:])} if len(self.steps) > 1 else {}), "how": self.how}


@dataclass(frozen=True)
class Dropped:
    """An action whose moment the rule set does not have: the run goes on without it."""

    action: Action
    ruleset: str          # where it is dropped
    written: str          # where it is written, in the file's rule set ("2.2@Ice Wall")
    written_in: str       # the file's rule set
    gap: Gap

    def text(self, lang: str = "en") -> str:
        """"Under the NSG rules, the Runner cannot jack out before the first ice (Ice Wall): ..."."""
        return t("engine.dropped", lang, rules=t(f"rulesets.{self.ruleset}.under", lang),
                 side=side_text(self.action.side, lang), what=describe_effects(self.action.effects, lang),
                 when=self.gap.when, why=self.gap.why, n=self.action.index + 1, at=self.written,
                 rs=self.written_in)

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"action": self.action.index, "written": self.written, "why": self.text(lang),
                "moment": self.gap.row, "kind": self.gap.kind}


@dataclass
class Context:
    """The scenario, its ruleset and its actions indexed by (step, ice, visit)."""

    sc: Scenario
    rs: Ruleset
    cards: dict[str, Card]
    actions: dict[Occurrence, list[Action]] = field(default_factory=dict)
    placed: list[Placed] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)

    @cached_property
    def names(self) -> dict[str, str]:
        """Each card's key by its plain name: an action's `rez: Tollbooth` names the card whose key
        knows its Korean title (`i18n.Title`)."""
        return {str(k): c.key for k, c in self.cards.items() if type(c.key) is not str}

    @cached_property
    def whens(self) -> frozenset[str]:
        """Every moment some card of the scenario has an ability for: a moment outside it
        triggers nothing, which the engine knows without looking at a card."""
        return frozenset(ab.when for c in self.cards.values() for ab in c.abilities)

    @cached_property
    def anywhere(self) -> tuple[str, ...]:
        """Corp cards with an ability that reacts to runs on every server (`anywhere: true`)."""
        return tuple(c.key for c in self.cards.values() if c.side == "corp" and any(ab.anywhere for ab in c.abilities))

    def with_actions(self, extra: dict[Occurrence, list[Action]]) -> Context:
        """This context with more actions at some step occurrences, after those written there
        (keys as in `actions`): what the explorer tries, one step at a time."""
        actions = dict(self.actions)
        for key, acts in extra.items():
            actions[key] = actions.get(key, []) + list(acts)
        out = Context(sc=self.sc, rs=self.rs, cards=self.cards, actions=actions, placed=self.placed,
                      dropped=self.dropped)
        out.__dict__["whens"] = self.whens  # the cards are the same: their moments too
        out.__dict__["names"] = self.names
        out.__dict__["anywhere"] = self.anywhere
        return out

    def actions_at(self, step_id: str, ice: str | None, visit: int) -> list[Action]:
        return self.actions.get((step_id, ice, visit if ice else 1), [])

    def placement(self, index: int) -> Placed | None:
        return next((p for p in self.placed if p.action == index), None)


def board_of(sc: Scenario) -> Board:
    """The ice of every server when the run begins, for placing a moment by its ice."""
    return Board({name: tuple(c.key for c in srv.ice) for name, srv in sc.servers.items()}, sc.server)


def place_action(sc: Scenario, a: Action, ruleset_id: str, board: Board | None = None) -> Placed | Dropped | None:
    """Where an action is under a rule set; None when its per-rule-set `at` leaves that rule set out."""
    if not isinstance(a.at, str):
        at = a.at_for(ruleset_id)
        if at is None:
            return None
        return Placed(a.index, (at,), a.ice_for(ruleset_id), a.time, "given")
    own_ice = a.ice_for(sc.ruleset)
    if ruleset_id == sc.ruleset:
        return Placed(a.index, (a.at,), own_ice, a.time, "own")
    got = place(sc.ruleset, a.at, own_ice, a.time, ruleset_id, board or board_of(sc), acting=True)
    if isinstance(got, Gap):
        return Dropped(a, ruleset_id, occurrence(a.at, own_ice, a.time), sc.ruleset, got)
    ice = dict(a.ice_by).get(ruleset_id, got.ice) if a.ice_by else got.ice  # an explicit ice wins
    return Placed(a.index, got.steps, ice, got.time if ice else 1, "meaning")


def make_context(sc: Scenario, ruleset_id: str | None = None) -> Context:
    """A scenario's context under a rule set (its own by default), every action placed or dropped."""
    rs = get(ruleset_id or sc.ruleset)
    ctx = Context(sc=sc, rs=rs, cards=sc.all_cards())
    board = board_of(sc)
    for a in sc.actions:
        got = place_action(sc, a, rs.id, board)
        if got is None:
            continue
        if isinstance(got, Dropped):
            ctx.dropped.append(got)
            continue
        ctx.placed.append(got)
        for step_id in got.steps:
            ctx.actions.setdefault((step_id, got.ice, got.time), []).append(a)
    return ctx
