"""The moments a card's ability can trigger at (`when:` in a scenario), one registry entry each.

An entry says what the engine needs to know about a moment wherever it falls: whether it happens
to a piece of ice, whether only the card that made the run reacts to it, whether it happens only
to a run with a given outcome, and where its words are. Where each moment falls is the rule
sets' to say: a step lists the moments that happen at it (`Step.triggers`), and a rule set that
has no such moment names it in `Ruleset.absent`. A moment that happens whenever its event does,
at any step (`anywhere`: a card is rezzed, a trace is initiated), is fired by the engine code of
that event and placed by no rule set. `check` holds the registry and the rule sets
together: every moment placed by every rule set, every placed name registered, words in every
language.

Adding a moment is this registry's entry and its words (`engine.when.<name>` in both
catalogues), then its place in each rule set (see README, "Adding a moment").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..i18n import LANGS, has
from .model import Ruleset

__all__ = ["Moment", "MOMENTS", "moment", "WHENS", "ICE_MOMENTS", "check"]


@dataclass(frozen=True, slots=True)
class Moment:
    """One `when:` word and what the engine needs to know about it."""

    name: str
    ice: bool = False            # happens to a piece of ice: ice reacts only to its own, and that ice can react
    timed: bool = True           # False: not a moment but a kind of ability (static, paid); no rule set places it
    run_card: bool = False       # only the card that made the run reacts (a run event's "if successful")
    status: str | None = None    # happens only to a run with this outcome ("unsuccessful")
    anywhere: bool = False       # happens whenever its event does, at any step (a card rezzed, a trace):
                                 # the engine fires it there, and no rule set places it
    own: bool = False            # happens to one card (the card rezzed): only that card reacts

    @property
    def words(self) -> str:
        """The catalogue key of its words ("when encountered")."""
        return f"engine.when.{self.name}"


MOMENTS: dict[str, Moment] = {}


def moment(name: str, *, ice: bool = False, timed: bool = True, run_card: bool = False,
           status: str | None = None, anywhere: bool = False, own: bool = False) -> Moment:
    """Register a moment (in the order the scenario format lists them)."""
    if name in MOMENTS:
        raise ValueError(f"moment {name!r} is registered twice")
    got = MOMENTS[name] = Moment(name, ice, timed, run_card, status, anywhere, own)
    return got


moment("run_begins")
moment("approached", ice=True)
moment("encountered", ice=True)
moment("fully_broken", ice=True)       # every subroutine of the encountered ice broken
moment("broken", ice=True, anywhere=True)  # a subroutine of that ice is broken (once per subroutine; Gold Farmer)
moment("encounter_ends", ice=True)
moment("passed", ice=True)
moment("all_ice_passed")
moment("approach_server")
moment("would_be_successful", run_card=True)  # before it is declared, and only if it can be
moment("if_successful", run_card=True)
moment("successful")
moment("breach")                       # the Runner breaches the server (its access begins), successful or not
moment("breach_ends", anywhere=True)  # that breach's last access is over, each breach (Mwanza City Grid, Aumakua); fired by the access code
moment("accessed")                     # of the card being accessed, or any card's "when you access"
moment("trashed_accessed", anywhere=True)  # the Runner trashes a card they are accessing (Audrey v2)
moment("broke_with", anywhere=True)    # a break with this breaker broke a subroutine: once per use, right after (Umbrella)
moment("exposed", anywhere=True)       # the Runner exposed a card (Aumakua): fired by the `expose` effect
moment("agenda_stolen", anywhere=True)  # the Runner stole an agenda (Fencer Fueno): fired where the steal happens
moment("credits_from_card", anywhere=True)  # the Runner spent credits hosted on an installed card (The Twinning)
moment("unsuccessful", status="unsuccessful")
moment("run_ends")
# A rez during the run (a Corp `rez` action or effect; a card written `rezzed: true` was rezzed
# before the run and fires nothing): the engine resolves these right after the action or ability
# that rezzed, as any ability that became pending while another resolved (triggers.settle).
moment("rezzed", anywhere=True, own=True)   # "when you rez this card": the card rezzed reacts
moment("ice_rezzed", anywhere=True)         # "whenever a piece of ice is rezzed": any active card reacts
moment("to_rez", timed=False)          # what rezzing the card also takes (an additional cost, a restriction)
moment("static", timed=False)          # applies while the card is active (a blocker of success)
moment("paid", timed=False)            # a paid ability, used by a player's `use:`

WHENS: tuple[str, ...] = tuple(MOMENTS)
ICE_MOMENTS: frozenset[str] = frozenset(m.name for m in MOMENTS.values() if m.ice)


def check(rulesets: Iterable[Ruleset]) -> list[str]:
    """What is wrong between the registry, the rule sets and the catalogues: a moment a rule set
    neither places nor names absent, a placed or absent name that is not a moment (or one that
    happens anywhere), a moment without words in some language."""
    problems = [f"moment {m.name}: no words in {lang} ({m.words})"
                for m in MOMENTS.values() for lang in LANGS if not has(m.words, lang)]
    for rs in rulesets:
        placed = {w for s in rs.steps for w in s.triggers}
        for name in sorted(placed | set(rs.absent)):
            m = MOMENTS.get(name)
            if m is None or not m.timed:
                problems.append(f"{rs.id}: {name!r} is placed or named absent but is not a moment")
            elif m.anywhere:
                problems.append(f"{rs.id}: {name!r} happens at any step; no step places it")
        for m in MOMENTS.values():
            if m.timed and not m.anywhere and m.name not in placed and m.name not in rs.absent:
                problems.append(f"{rs.id}: moment {m.name!r} falls at no step and is not named absent")
            if m.name in placed and m.name in rs.absent:
                problems.append(f"{rs.id}: moment {m.name!r} is both placed and named absent")
    return problems
