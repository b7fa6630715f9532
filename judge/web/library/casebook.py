"""The examples library as cases: each example run under every rule set it is checked for, with the
steps it enters and skips, indexed for the library, handout, quiz and coverage pages."""

from __future__ import annotations

import threading
import unicodedata
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from flask import current_app

from ... import cards, rulesets
from ...engine import run
from ...engine.trace import Trace
from ...errors import JudgeError
from ...scenario import Scenario, load_scenario
from ..situations.examples import folder_signature

__all__ = ["Case", "Casebook", "casebook", "load_casebook", "fold", "matches"]


def fold(text: str) -> str:
    """Text as a search compares it: compatibility forms joined (NFKC), case folded, spaces single."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def matches(index: str, query: str) -> bool:
    """Whether every word of a query is in a case's search index."""
    return all(word in index for word in fold(query).split())


@dataclass(frozen=True)
class Case:
    """One example under one rule set."""

    stem: str
    ruleset: str
    scenario: Scenario
    trace: Trace
    text: str

    @property
    def title(self) -> str:
        return self.scenario.title

    @property
    def tags(self) -> tuple[str, ...]:
        return self.scenario.tags

    @property
    def own(self) -> bool:
        """Whether this is the rule set the file is written for (its own permalink)."""
        return self.ruleset == self.scenario.ruleset

    @cached_property
    def entered(self) -> dict[str, int]:
        """Step id -> how many times the run enters it."""
        out: dict[str, int] = {}
        for e in self.trace.events:
            if e.kind == "enter":
                out[e.step] = out.get(e.step, 0) + 1
        return out

    @cached_property
    def skipped(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self.trace.skipped:
            out[e.step] = out.get(e.step, 0) + 1
        return out

    @cached_property
    def words(self) -> str:
        """What the library's search box looks in besides the steps: the title, the tags, every
        card's name and its Korean title when the card catalogue knows it (folded)."""
        names = list(self.scenario.all_cards())
        for name in list(names):
            card = cards.find(name)
            if card is not None and card.title_ko:
                names.append(card.title_ko)
        return fold(" ".join([self.title, *self.tags, *names]))

    @cached_property
    def search(self) -> str:
        """The whole search index: the words, and the steps the run enters or skips (the page's
        rows carry the steps apart, in data-enters and data-skips)."""
        return self.words + " " + " ".join(sorted(set(self.entered) | set(self.skipped)))

    def goes_through(self, step: str, via: str = "any") -> bool:
        """Whether the run enters (via="entered"), skips ("skipped") or does either ("any") a step."""
        return (via != "skipped" and step in self.entered) or (via != "entered" and step in self.skipped)


@dataclass(frozen=True)
class Casebook:
    """Every case, by rule set; files that do not run under a rule set are kept with their error."""

    cases: tuple[Case, ...]
    refused: tuple[tuple[str, str, str], ...]   # (stem, rule set, why)

    def for_ruleset(self, ruleset_id: str) -> list[Case]:
        return [c for c in self.cases if c.ruleset == ruleset_id]

    def find(self, stem: str, ruleset_id: str | None = None) -> Case | None:
        """A case by file stem: under the rule set asked for, or else the one the file is written
        for (the first it is checked under, when that is not among them)."""
        mine = [c for c in self.cases if c.stem == stem]
        if ruleset_id:
            return next((c for c in mine if c.ruleset == ruleset_id), None)
        return next((c for c in mine if c.own), mine[0] if mine else None)

    def rulesets_of(self, stem: str) -> list[str]:
        return [c.ruleset for c in self.cases if c.stem == stem]

    def stems(self) -> list[str]:
        return list(dict.fromkeys(c.stem for c in self.cases))


def _cases_of(f: Path) -> tuple[list[Case], list[tuple[str, str, str]]]:
    try:
        text = f.read_text(encoding="utf-8")
        sc = load_scenario(f)
    except (JudgeError, OSError, UnicodeDecodeError) as exc:
        return [], [(f.stem, "", str(exc))]
    cases, refused = [], []
    for rs in sc.expected_rulesets() or [sc.ruleset]:
        if rs not in rulesets.RULESETS:
            continue
        try:
            cases.append(Case(f.stem, rs, sc, run(sc, rs), text))
        except JudgeError as exc:
            refused.append((f.stem, rs, str(exc)))
    return cases, refused


def load_casebook(folder: Path) -> Casebook:
    """Load and run every example in a folder (sorted by file name)."""
    cases: list[Case] = []
    refused: list[tuple[str, str, str]] = []
    for f in sorted(folder.glob("*.yaml")):
        got, bad = _cases_of(f)
        cases += got
        refused += bad
    return Casebook(tuple(cases), tuple(refused))


_lock = threading.Lock()
_cache: dict[str, tuple[tuple, Casebook]] = {}


def casebook() -> Casebook:
    """The app's examples folder as cases; reloaded when a file changes (examples are being written)."""
    folder = Path(current_app.config["EXAMPLES"])
    if not folder.is_dir():
        return Casebook((), ())
    sig = folder_signature(folder)
    with _lock:
        got = _cache.get(str(folder))
        if got is None or got[0] != sig:
            got = _cache[str(folder)] = (sig, load_casebook(folder))
    return got[1]
