"""The card catalogue: facts of every NetrunnerDB card, found by id, English title or Korean title.

`find` answers only an exact match after normalisation (see `names.key`). When two cards share a
normalised name (the Korean printings call both Gemini and The Twins `쌍둥이자리`), it prefers the
card legal in standard, then the one with the newest printing (NetrunnerDB numbers printings in
release order), then the smaller id; `find_all` lists every card of that name in that order.
An exact id always names its own card.
"""

from __future__ import annotations

import heapq
import json
import threading
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from . import names

__all__ = ["CATALOGUE", "FIELD_ORDER", "TIMING_MARKERS", "NETRUNNERDB_CARD", "CardFacts", "Catalogue", "catalogue", "get",
           "find", "find_all", "suggest", "search", "all_cards", "standard_ice", "standard_run_cards",
           "timing_relevant"]

CATALOGUE = Path(__file__).resolve().parent / "data" / "catalogue.json"
NETRUNNERDB_CARD = "https://netrunnerdb.com/en/card/"
# The markers that say a card acts at a moment of a run: every marker of the source except bad_publicity.
TIMING_MARKERS = frozenset({
    "on_encounter", "on_approach", "on_pass", "on_successful_run", "on_run_ends", "on_unsuccessful",
    "on_access", "bypass", "end_the_run", "jack_out", "makes_a_run", "redirect", "instead_of_breach",
    "rez_during_run", "install_ice_mid_run", "breach",
})
# The facts in the order the catalogue file and as_dict() write them.
FIELD_ORDER = ("id", "title", "title_ko", "side", "type", "subtypes", "faction", "cost", "strength", "agenda_points",
               "advancement_requirement", "trash_cost", "unique", "subroutines", "markers", "printings",
               "legal_now_in", "rulings")
MAX_QUERY = 200
SUGGEST_CUTOFF = 0.5


@dataclass(frozen=True, slots=True)
class CardFacts:
    """The facts NetrunnerDB gives about one card (no card text); absent numbers are None."""

    id: str
    title: str
    side: str
    type: str
    faction: str
    printings: tuple[str, ...]
    title_ko: str | None = None
    subtypes: tuple[str, ...] = ()
    cost: int | None = None
    strength: int | None = None
    agenda_points: int | None = None
    advancement_requirement: int | None = None
    trash_cost: int | None = None
    unique: bool = False
    subroutines: int = 0
    markers: tuple[str, ...] = ()
    legal_now_in: tuple[str, ...] = ()
    rulings: int = 0

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CardFacts:
        """Build the facts from one catalogue object (lists become tuples)."""
        facts: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in d.items()}
        return cls(**facts)

    @property
    def newest_printing(self) -> str:
        """Return the code of the card's latest printing."""
        return self.printings[-1]

    @property
    def netrunnerdb_url(self) -> str:
        """Return the card's NetrunnerDB page, at its newest printing."""
        return NETRUNNERDB_CARD + self.newest_printing

    @property
    def is_ice(self) -> bool:
        """Say whether the card is a piece of ice."""
        return self.type == "ice"

    @property
    def scenario_type(self) -> str:
        """Return the card type as scenarios spell it: both identity types are `identity`."""
        return "identity" if self.type in ("corp_identity", "runner_identity") else self.type

    @property
    def is_standard(self) -> bool:
        """Say whether the card is legal in the standard format today."""
        return "standard" in self.legal_now_in

    @property
    def timing_markers(self) -> frozenset[str]:
        """Return the card's markers that concern the timing of a run (see TIMING_MARKERS)."""
        return TIMING_MARKERS.intersection(self.markers)

    def as_dict(self) -> dict[str, Any]:
        """Return every fact (absent ones as None, lists as lists) and the NetrunnerDB link."""
        d = {k: getattr(self, k) for k in FIELD_ORDER}
        return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()} | {"netrunnerdb_url": self.netrunnerdb_url}


def _preference(c: CardFacts) -> tuple[bool, int, str]:
    """Order cards that share a name: standard first, then newest printing, then id."""
    return (not c.is_standard, -int(c.newest_printing) if c.newest_printing.isdigit() else 0, c.id)


@dataclass(frozen=True, slots=True)
class _Name:
    """One searchable name of a card: its key, its letter-by-letter key and where its words begin."""

    card: CardFacts
    key: str
    jamo: str
    starts: frozenset[int]
    initials: str | None


class Catalogue:
    """Every card of one catalogue file, with the normalised indexes built once."""

    def __init__(self, cards: list[CardFacts]) -> None:
        self.cards = tuple(sorted(cards, key=lambda c: c.id))
        self.by_id = {c.id: c for c in self.cards}
        by_key: dict[str, list[CardFacts]] = {}
        self.names: list[_Name] = []
        for c in self.cards:
            spelled = {c.id: False, c.title: False} | ({c.title_ko: True} if c.title_ko else {})
            seen: set[str] = set()
            for text, korean in spelled.items():
                k, starts = names.key_and_starts(text)
                if not k or k in seen:
                    continue
                seen.add(k)
                by_key.setdefault(k, []).append(c)
                ini = names.initials(k) if korean else None
                self.names.append(_Name(c, k, names.jamo(k), starts, ini if ini != k else None))
        self.by_key = {k: tuple(sorted(v, key=_preference)) for k, v in by_key.items()}

    @cached_property
    def grams(self) -> dict[str, list[int]]:
        """Return which names hold each two-character piece (built on the first fuzzy lookup)."""
        grams: dict[str, list[int]] = {}
        for i, n in enumerate(self.names):
            for g in names.bigrams(n.jamo):
                grams.setdefault(g, []).append(i)
        return grams

    @classmethod
    def from_file(cls, path: Path) -> Catalogue:
        """Load a catalogue.json written by judge.cards.build."""
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
        return cls([CardFacts.from_dict(d) for d in doc["cards"]])

    def get(self, card_id: str) -> CardFacts | None:
        """Return the card with exactly this id, or None."""
        return self.by_id.get(card_id) if isinstance(card_id, str) else None

    def find_all(self, text: str) -> tuple[CardFacts, ...]:
        """Return every card whose id, title or Korean title normalises to the same key as text, preferred first."""
        if not isinstance(text, str) or len(text) > MAX_QUERY:
            return ()
        exact = self.by_id.get(text)
        return (exact,) if exact else self.by_key.get(names.key(text), ())

    def find(self, text: str) -> CardFacts | None:
        """Return the card named by text (id, title or Korean title, normalised), or None when none is."""
        found = self.find_all(text)
        return found[0] if found else None

    def _scored(self, k: str) -> dict[str, tuple[float, CardFacts]]:
        """Return the best fuzzy score of each likely card against a query key (Hangul: by letter and by syllable)."""
        q = names.jamo(k)
        hits: Counter[int] = Counter()
        qg = names.bigrams(q)
        for g in qg:
            hits.update(self.grams.get(g, ()))
        pool = heapq.nlargest(40, hits, key=lambda i: (hits[i] / (len(qg) + len(self.names[i].jamo) + 1), -i))
        pool += [i for i, n in enumerate(self.names) if q in n.jamo]
        best: dict[str, tuple[float, CardFacts]] = {}
        for i in pool:
            n = self.names[i]
            s = names.similarity(q, n.jamo)
            if n.jamo != n.key:
                s = max(s, names.similarity(k, n.key))
            if s > best.get(n.card.id, (-1.0,))[0]:
                best[n.card.id] = (s, n.card)
        return best

    def suggest(self, text: str, n: int = 5) -> list[CardFacts]:
        """Return up to n cards whose names are closest to text (a typo or a start), closest first."""
        k = names.key(text) if isinstance(text, str) and len(text) <= MAX_QUERY else ""
        if not k or n <= 0:
            return []
        ranked = sorted((v for v in self._scored(k).values() if v[0] >= SUGGEST_CUTOFF),
                        key=lambda v: (-v[0], names.fold(v[1].title), v[1].id))
        return [c for _, c in ranked[:n]]

    def search(self, text: str, limit: int = 20, side: str | None = None, type: str | None = None,
               format: str | None = None) -> list[CardFacts]:
        """Return cards matching text, ranked exact, prefix, substring, initials, fuzzy; filters narrow them.

        An empty text lists every card that passes the filters, by title. `type` may be `identity`.
        """
        def keep(c: CardFacts) -> bool:
            return ((side is None or c.side == side)
                    and (type is None or type in (c.type, c.scenario_type))
                    and (format is None or format in c.legal_now_in))

        if not isinstance(text, str) or len(text) > MAX_QUERY or limit <= 0:
            return []
        k = names.key(text)
        if not k:
            return sorted(filter(keep, self.cards), key=lambda c: (names.fold(c.title), c.id))[:limit]
        q = names.jamo(k)
        ranks: dict[str, tuple[Any, ...]] = {}

        def offer(c: CardFacts, rank: tuple[Any, ...]) -> None:
            if keep(c) and rank < ranks.get(c.id, (9,)):
                ranks[c.id] = rank

        for c in self.by_key.get(k, ()):
            offer(c, (0, 0.0))
        for n in self.names:
            if n.jamo.startswith(q):
                offer(n.card, (1, float(len(n.jamo))))
            elif q in n.jamo:
                at = n.jamo.index(q)
                offer(n.card, (2, float(n.key.find(k) not in n.starts), float(at), len(n.jamo)))
            elif n.initials and names.only_initials(k) and k in n.initials:
                offer(n.card, (3, float(n.initials.index(k)), len(n.initials)))
        for s, c in self._scored(k).values():
            if s >= SUGGEST_CUTOFF:
                offer(c, (4, -s))
        order = sorted(ranks, key=lambda cid: (ranks[cid], names.fold(self.by_id[cid].title), cid))
        return [self.by_id[cid] for cid in order[:limit]]


_lock = threading.Lock()
_shared: Catalogue | None = None


def catalogue() -> Catalogue:
    """Return the package's catalogue, loaded and indexed once per process (safe across threads)."""
    global _shared
    if _shared is None:
        with _lock:
            if _shared is None:
                _shared = Catalogue.from_file(CATALOGUE)
    return _shared


def get(key: str) -> CardFacts | None:
    """Return the card with exactly this id, or None."""
    return catalogue().get(key)


def find(text: str) -> CardFacts | None:
    """Return the card named by text: its id, English or Korean title, however cased, spaced or accented."""
    return catalogue().find(text)


def find_all(text: str) -> tuple[CardFacts, ...]:
    """Return every card that text names, the one find would pick first."""
    return catalogue().find_all(text)


def suggest(text: str, n: int = 5) -> list[CardFacts]:
    """Return the cards whose English or Korean names are closest to text, closest first."""
    return catalogue().suggest(text, n)


def search(text: str, limit: int = 20, side: str | None = None, type: str | None = None,
           format: str | None = None) -> list[CardFacts]:
    """Return cards matching text in English or Korean: exact, prefix, substring, initials, then fuzzy."""
    return catalogue().search(text, limit, side, type, format)


def all_cards() -> tuple[CardFacts, ...]:
    """Return every card, by id."""
    return catalogue().cards


def standard_ice() -> list[CardFacts]:
    """Return the ice legal in standard, by id."""
    return [c for c in catalogue().cards if c.is_ice and c.is_standard]


def standard_run_cards() -> list[CardFacts]:
    """Return the standard cards that make a run (marker makes_a_run), by id."""
    return [c for c in catalogue().cards if c.is_standard and "makes_a_run" in c.markers]


def timing_relevant() -> list[CardFacts]:
    """Return the standard cards with a timing marker (TIMING_MARKERS), by id."""
    return [c for c in catalogue().cards if c.is_standard and c.timing_markers]
