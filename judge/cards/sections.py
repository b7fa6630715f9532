"""The card catalogue as the cache keeps it (`judge.cache`): sections of plain data, decoded in part.

`compile_cards` turns the facts of every card into sections: `ids` (sorted), each card's facts
under `card:<id>` (CardFacts' fields in order, its positional arguments), `keys` (each normalised
name: the ids of its cards, preferred first) and `names` (id, key, letter-by-letter key, word
starts and initials of each searchable name). `catalogue.Catalogue` reads them back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from . import names

if TYPE_CHECKING:
    from .catalogue import CardFacts

__all__ = ["compile_cards", "preference"]


def preference(c: CardFacts) -> tuple[bool, int, str]:
    """Order cards that share a name: standard first, then newest printing, then id."""
    return (not c.is_standard, -int(c.newest_printing) if c.newest_printing.isdigit() else 0, c.id)


def _row(c: CardFacts) -> tuple[Any, ...]:
    """The facts in the order CardFacts declares them (its positional arguments)."""
    return tuple(getattr(c, f.name) for f in fields(c))


def compile_cards(cards: Iterable[CardFacts]) -> dict[str, Any]:
    """The sections of a catalogue of these cards."""
    ordered = sorted(cards, key=lambda c: c.id)
    by_key: dict[str, list[CardFacts]] = {}
    found: list[tuple[str, str, str, frozenset[int], str | None]] = []
    for c in ordered:
        spelled = {c.id: False, c.title: False} | ({c.title_ko: True} if c.title_ko else {})
        seen: set[str] = set()
        for text, korean in spelled.items():
            k, starts = names.key_and_starts(text)
            if not k or k in seen:
                continue
            seen.add(k)
            by_key.setdefault(k, []).append(c)
            ini = names.initials(k) if korean else None
            found.append((c.id, k, names.jamo(k), starts, ini if ini != k else None))
    return {"ids": tuple(c.id for c in ordered), **{f"card:{c.id}": _row(c) for c in ordered},
            "keys": {k: tuple(c.id for c in sorted(v, key=preference)) for k, v in by_key.items()},
            "names": found}
