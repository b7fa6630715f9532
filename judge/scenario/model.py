"""The scenario as frozen dataclasses: cards, abilities, effects, actions, servers, the whole file."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import Text, t
from ..rulesets import RULESETS, whens

if TYPE_CHECKING:
    from .encounter import Breaker

__all__ = ["Effect", "Ability", "Subroutine", "Card", "Server", "Action", "Scenario", "Amount", "CENTRALS",
           "SIDES", "CARD_TYPES", "WHENS", "RUNNER", "CORP", "THIS", "THAT_ICE", "walk_effects", "says_end_the_run"]

RUNNER, CORP = "runner", "corp"
SIDES = (RUNNER, CORP)
CENTRALS = ("HQ", "R&D", "Archives")
CARD_TYPES = ("ice", "agenda", "asset", "upgrade", "operation", "event", "program", "hardware",
              "resource", "identity")
WHENS = whens.WHENS  # every `when:` word, one entry each in the moment registry (`rulesets.whens`)
THIS = "this"  # in a card's own abilities and subroutines, the card itself ("trash: this")
THAT_ICE = "that ice"  # the ice of the moment (approached, encountered, passed): "trash that ice"
_ETR_ONLY = re.compile(r"^\s*(?:etr|end the run|런 종료|런을 끝낸다|런을 종료한다)\s*\.?\s*$", re.IGNORECASE)


def says_end_the_run(text: str) -> bool:
    """The text is "End the run" and nothing else (ETR; in Korean 런 종료)."""
    return bool(_ETR_ONLY.match(text))


@dataclass(frozen=True)
class Amount:
    """A number counted from the run so far: `times` per thing counted, plus `plus` (Bravado:
    6 credits plus 1 per piece of ice passed)."""

    count: str
    times: int = 1
    plus: int = 0
    per: int = 1  # the count is divided by this, rounded down, before `times` (Severnius: 1 per 2 cards)


@dataclass(frozen=True)
class Effect:
    """One effect: a kind (a word of the vocabulary), its argument and options (`position`, ...)."""

    kind: str
    arg: object = True
    opts: tuple[tuple[str, object], ...] = ()
    line: int | None = None

    @property
    def name(self) -> str:
        """The argument when it is a name: a card's, a server's, a word of the vocabulary."""
        if isinstance(self.arg, str):
            return self.arg
        raise TypeError(f"{self.kind}: argument {self.arg!r} is not a name")

    @property
    def used(self) -> tuple[str, int]:
        """The argument of `use`: the card, and which of its paid abilities (from 1)."""
        v = self.arg
        if isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str) and isinstance(v[1], int):
            return v[0], v[1]
        raise TypeError(f"{self.kind}: argument {v!r} is not a card and an ability")

    def opt(self, key: str, default: object = None) -> object:
        for k, v in self.opts:
            if k == key:
                return v
        return default


def walk_effects(effects: Iterable[Effect]) -> Iterator[Effect]:
    """Every effect of a list, with those nested in options (`otherwise`) after their parent."""
    for e in effects:
        yield e
        for _, v in e.opts:
            if isinstance(v, tuple) and v and isinstance(v[0], Effect):
                yield from walk_effects(v)


@dataclass(frozen=True)
class Ability:
    """A triggered (or static) ability of a card."""

    when: str
    effects: tuple[Effect, ...]
    first: bool = False
    first_turn: bool = False            # `first: turn`: once per turn, over the runs of a `runs:` turn
    server: str | None = None
    ice: str | None = None
    text: str | None = None
    line: int | None = None
    cost: tuple[Effect, ...] = ()       # paid first; if it cannot be paid the effect does not happen
    conditions: tuple[tuple[str, object], ...] = ()  # `if:` what must hold when it would resolve
    optional: bool = False              # "may": its player can decline it (`decline: <card>`)
    after: str | None = None            # resolves right after that card's ability of the same moment
    anywhere: bool = False              # an installed Corp card that reacts to runs on every server (Embolus)


@dataclass(frozen=True)
class Subroutine:
    text: str
    effects: tuple[Effect, ...] = ()
    per: str | None = None  # `per: advancement_counters`: listed once per such counter on the card (Masvingo)
    per_rez: int = 0        # `per: {count: ..., on_rez: N}`: counters its rez places (Masvingo 1, Envelopment 4)
    per_subtype: str | None = None  # `per: {count: archives_cards, subtype: transaction, each: 2}` (Blockchain)
    per_each: int = 1

    @property
    def shown(self) -> str | Text:
        """The text as a reader sees it: a bare "End the run" (or ETR) also in Korean."""
        if len(self.effects) == 1 and self.effects[0].kind == "end_run" and _ETR_ONLY.match(self.text):
            return Text(self.text, t("engine.effects.end_run", "ko"))
        return self.text


@dataclass(frozen=True)
class Card:
    """A card of the board; `key` is its id, or its name when it has no id."""

    key: str
    name: str
    side: str
    type: str | None = None
    rezzed: bool = False
    trash_cost: int | None = None
    points: int | None = None
    subroutines: tuple[Subroutine, ...] = ()
    abilities: tuple[Ability, ...] = ()
    line: int | None = None
    subtypes: tuple[str, ...] = ()      # barrier, code gate, sentry, ... (lower case)
    title_ko: str | None = None         # a real card's official Korean title (`card:`)
    card_id: str | None = None          # a real card's NetrunnerDB id (`card:`)
    runs: str | None = None             # a run event: which servers its run may attack (any, remote, ...)
    run_clicks: int = 1                 # the clicks a run it makes costs (Alarm Clock's, as the turn begins: 0)
    rezzed_said: bool = False           # `rezzed` is written (unrezzed on purpose is not a slip)
    counters: tuple[tuple[str, int], ...] | None = None  # (kind, n) when the run begins; None: not given, not counted
    strength: int | None = None         # ice and icebreakers: printed (catalogue) or `strength: N`
    rez_cost: int | None = None         # Corp cards: the catalogue's cost, or `rez_cost: N`
    credits: int = 0                    # credits hosted on the card (`credits: N`)
    credits_for: str | None = None      # what hosted credits may pay for: icebreakers, any
    breaker: Breaker | None = None      # an icebreaker's abilities (`breaker:` of its model)
    chosen: str | None = None           # the server or card it named when installed or as the turn began (`chosen:`)
    strength_plus: Amount | None = None  # strength added per counter on the card (`strength_plus:`, Hadrian's Wall)
    installed_this_turn: bool = False   # a Runner card installed this turn (`installed_this_turn: true`; Euler, Gauss, Penrose, Living Mural)
    trashed_own_this_turn: bool = False  # beside a card that asks: the Runner trashed an installed card of theirs earlier this turn
    copies: int | None = None           # faceup copies of itself it hosts when the turn begins (Matryoshka); None: not counted
    named: int | None = None            # a number the Runner named or chose for it as it is used (`named:`; RNG Key, Severnius)
    subs_per: str | None = None         # the counter kind some subroutines are counted by (`per:`); see `cards._per_counter`

    @property
    def is_ice(self) -> bool:
        return self.type == "ice"

    def paid_abilities(self) -> tuple[Ability, ...]:
        """The abilities a player uses by choice (`when: paid`), in the order written."""
        return tuple(a for a in self.abilities if a.when == "paid")


@dataclass(frozen=True)
class Server:
    name: str
    ice: tuple[Card, ...] = ()
    root: tuple[Card, ...] = ()
    cards: tuple[Card, ...] = ()

    @property
    def is_remote(self) -> bool:
        return self.name not in CENTRALS


@dataclass(frozen=True)
class Action:
    """What a player does at a timing point."""

    index: int
    at: str | tuple[tuple[str, str], ...]
    side: str
    effects: tuple[Effect, ...]
    ice: str | None = None
    time: int = 1
    granted_by: str | None = None
    line: int | None = None
    ice_by: tuple[tuple[str, str], ...] = ()  # `ice` given per rule set
    after: str | None = None            # answers that card's ability at the same step (a response)

    def ice_for(self, ruleset_id: str) -> str | None:
        """The ice this action concerns under a rule set."""
        return dict(self.ice_by).get(ruleset_id) if self.ice_by else self.ice

    def at_for(self, ruleset_id: str) -> str | None:
        """The step id of this action under a ruleset (None: not placed there)."""
        if isinstance(self.at, str):
            return self.at
        return dict(self.at).get(ruleset_id)

    @property
    def where(self) -> str:
        return f"actions[{self.index}]"


@dataclass(frozen=True)
class Scenario:
    title: str
    ruleset: str
    server: str
    servers: dict[str, Server]
    actions: tuple[Action, ...] = ()
    by: str | None = None
    tags: tuple[str, ...] = ()
    explanation: dict[str, str] = field(default_factory=dict)
    sources: tuple[str, ...] = ()
    confidence: str | None = None         # ruling, rules or reading (parse.CONFIDENCE); None: not said
    bad_publicity: int = 0
    credits: int = 5
    runner_cards: tuple[Card, ...] = ()
    corp_cards: tuple[Card, ...] = ()
    expect: dict[str, Any] | None = None
    source: str | None = None
    text: str = ""
    turn: str = RUNNER                   # whose turn the run is made in (the active player)
    notices: tuple[Any, ...] = ()        # text read but not understood (readings.Notice)
    sides: Any = None                    # the board beside the run (scenario.board.Sides); None: nothing given
    runs: tuple[Any, ...] = ()           # a turn of several runs: each run's Scenario, this one first (`runs:`)
    turn_expect: dict[str, Any] | None = None  # the turn's `expect` (the board after the last run)
    run_index: int = 0                   # which run of the turn this is (0: the first, or the only one)
    corp_credits: int | None = None      # `corp: {credits: N}`; None: the Corp's money is not counted

    def placed_cards(self) -> tuple[Card, ...]:
        """The cards the file lists (players' cards, then each server's ice, root and contents)."""
        return self.runner_cards + self.corp_cards + tuple(
            c for s in self.servers.values() for c in s.ice + s.root + s.cards)

    def all_cards(self) -> dict[str, Card]:
        """Every card the scenario defines, by key (installed-by-effect cards included)."""
        out: dict[str, Card] = {c.key: c for c in self.placed_cards()}
        for c in self.effect_cards():
            out.setdefault(c.key, c)
        return out

    def expect_for(self, ruleset_id: str) -> dict[str, Any] | None:
        """The expectations for one ruleset (flat `expect` belongs to the scenario's ruleset)."""
        if self.expect is None:
            return None
        if self.expect_by_ruleset:
            return self.expect.get(ruleset_id)
        return self.expect if ruleset_id == self.ruleset else None

    def expected_rulesets(self) -> list[str]:
        if self.expect is None:
            return []
        if self.expect_by_ruleset:
            return list(self.expect)
        return [self.ruleset]

    def effect_cards(self) -> Iterator[Card]:
        """Cards introduced by effects (install_ice, encounter of a card that is not installed)."""
        lists = [a.effects for a in self.actions]
        for c in self.placed_cards():
            lists += [ab.effects + ab.cost for ab in c.abilities] + [s.effects for s in c.subroutines]
        for effects in lists:
            for e in walk_effects(effects):
                if isinstance(e.arg, Card):
                    yield e.arg

    @property
    def expect_by_ruleset(self) -> bool:
        """`expect` is given per rule set (its keys are rule-set ids, checked by the parser)."""
        return self.expect is not None and any(k in RULESETS for k in self.expect)
