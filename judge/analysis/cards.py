"""Real cards across the project: which catalogue card a scenario's card is, which library cases use a
card, and what the judge knows of a card (facts, model, cases) for `judge cards show` and the pages."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from ..cards.catalogue import CardFacts, find_all
from ..cards.model import model
from ..cards.names import key
from ..errors import JudgeError
from ..paths import EXAMPLES
from ..scenario import Card, Scenario, load_scenario

__all__ = ["Named", "named_cards", "real_card", "cases_using", "model_payload", "card_info"]


@dataclass(frozen=True)
class Named:
    """A card of a scenario that is a real card: by `card:` or because its name is a card's title."""

    card: Card
    facts: CardFacts
    by_reference: bool   # written with `card:` (its facts come from the catalogue)


def real_card(card: Card) -> CardFacts | None:
    """The catalogue card a scenario card is: its `card:` id, else the card whose English title its
    name is exactly (case, spacing and punctuation aside); None for an invented card such as "Ice A"."""
    if card.card_id:
        found = [c for c in find_all(card.card_id) if c.id == card.card_id]
        return found[0] if found else None
    k = key(card.name)
    if not k:
        return None
    return next((c for c in find_all(card.name) if key(c.title) == k), None)


def named_cards(sc: Scenario) -> list[Named]:
    """The real cards a scenario lists, in the order it lists them."""
    out = []
    for c in sc.all_cards().values():
        facts = real_card(c)
        if facts is not None:
            out.append(Named(c, facts, c.card_id is not None))
    return out


_lock = threading.Lock()
_index: dict[str, tuple[tuple, dict[str, list[dict]]]] = {}


def _signature(folder: Path) -> tuple:
    return tuple((f.name, f.stat().st_mtime_ns) for f in sorted(folder.glob("*.yaml")))


def _build(folder: Path) -> dict[str, list[dict]]:
    """Card id -> the cases (stem, title, how the card is named) of a folder that use the card."""
    out: dict[str, list[dict]] = {}
    for f in sorted(folder.glob("*.yaml")):
        try:
            sc = load_scenario(f)
        except (JudgeError, OSError, UnicodeDecodeError):
            continue
        seen = set()
        for n in named_cards(sc):
            if n.facts.id in seen:
                continue
            seen.add(n.facts.id)
            out.setdefault(n.facts.id, []).append(
                {"stem": f.stem, "title": sc.title, "ruleset": sc.ruleset, "by_reference": n.by_reference})
    return out


def cases_using(card_id: str, folder: Path = EXAMPLES) -> list[dict]:
    """The library cases (examples) that use a card, by file name; read again when a file changes."""
    if not folder.is_dir():
        return []
    sig = _signature(folder)
    with _lock:
        got = _index.get(str(folder))
        if got is None or got[0] != sig:
            got = _index[str(folder)] = (sig, _build(folder))
    return list(got[1].get(card_id, []))


def model_payload(card_id: str) -> dict | None:
    """A card's model as plain data: what it does (en/ko), confidence, what it leaves out, the scenario
    keys it gives a card; None for a card the judge knows only by its facts."""
    m = model(card_id)
    if m is None:
        return None
    return {"about": dict(m.about), "confidence": m.confidence, "left_out": [dict(x) for x in m.left_out],
            "card": m.card, "checks": len(m.checks), "source": m.source}


def card_info(card: CardFacts, folder: Path = EXAMPLES) -> dict:
    """What the judge knows of a card beyond its facts: its `model` and the library `cases` that use it."""
    return {"model": model_payload(card.id), "cases": cases_using(card.id, folder)}
