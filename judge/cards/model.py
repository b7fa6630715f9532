"""Card models: the timing behaviour of real cards, written in the scenario vocabulary.

The models live in `models/*.yaml` beside this file, one mapping per card id:

    tollbooth:
      about: {en: <what it does, in the project's own words>, ko: <...>}
      confidence: exact          # always written; approximate: the vocabulary only approximates the card
      left_out: [{en: ..., ko: ...}]   # what of the card the model does not do (approximate models only)
      subroutines: [End the run]       # any key of a scenario card, as a scenario writes it
      abilities: [{when: encountered, effect: {pay: 3, otherwise: end_run}}]
      runs: remote               # a card that makes a run: the servers it may attack
      checks:                    # scenarios (card: tollbooth) whose expect the model must meet
        - {run: {server: HQ}, runner: {credits: 2}, servers: {HQ: {ice: [{card: tollbooth, rezzed: true}]}},
           expect: {outcome: unsuccessful}}

Official card text is never stored: `about` describes the card, and its NetrunnerDB page has the
text. A scenario names a card with `card:`; the scenario parser merges the facts, the model and the
scenario's own keys (`judge.scenario.cards`).

The files are read and checked once after they change, and kept compiled in the cache
(`judge.cache`), one section per card: `model(id)` decodes only the card it is asked for.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import yaml

from .. import cache

__all__ = ["CardModel", "model", "models", "modelled_ids", "compiled", "MODEL_KEYS", "CARD_PART"]

_DIR = Path(__file__).resolve().parent / "models"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MODEL_KEYS = ("about", "confidence", "left_out", "subroutines", "abilities", "runs", "checks", "breaker",
              "credits", "credits_for", "strength_plus", "run_clicks")
CARD_PART = ("subroutines", "abilities", "runs", "breaker", "credits", "credits_for", "strength_plus",
             "run_clicks")  # the keys a model gives a scenario card
CONFIDENCE = ("exact", "approximate")
_lock = threading.Lock()
_compiled: cache.Sections | None = None
_built: dict[str, CardModel] = {}
_models: dict[str, CardModel] | None = None


@dataclass(frozen=True)
class CardModel:
    """One card's model: what it does (in both languages), how sure, what it leaves out, the card
    keys it gives a scenario, and the checks its behaviour must pass."""

    id: str
    about: dict[str, str]
    confidence: str
    left_out: tuple[dict[str, str], ...]
    card: dict[str, Any]
    checks: tuple[dict[str, Any], ...]
    source: str

    @property
    def exact(self) -> bool:
        return self.confidence == "exact"


class ModelError(ValueError):
    """A model file is malformed (a bug in the project's data, caught when the models load)."""


def _one(card_id: str, raw: object, source: str) -> CardModel:
    if not isinstance(raw, dict):
        raise ModelError(f"{source}: {card_id}: a model is a mapping")
    bad = set(raw) - set(MODEL_KEYS)
    if bad:
        raise ModelError(f"{source}: {card_id}: unknown keys {sorted(bad)}")
    about = raw.get("about")
    if not (isinstance(about, dict) and about.get("en") and about.get("ko")):
        raise ModelError(f"{source}: {card_id}: `about` needs en and ko")
    confidence = raw.get("confidence")
    if confidence not in CONFIDENCE:
        raise ModelError(f"{source}: {card_id}: `confidence` is written on every model: exact or approximate")
    left = raw.get("left_out", []) or []
    if not all(isinstance(x, dict) and x.get("en") and x.get("ko") for x in left):
        raise ModelError(f"{source}: {card_id}: each left_out item needs en and ko")
    if confidence == "approximate" and not left:
        raise ModelError(f"{source}: {card_id}: an approximate model says what it leaves out")
    if confidence == "exact" and left:
        raise ModelError(f"{source}: {card_id}: an exact model leaves nothing out: mark it approximate "
                         "or drop its left_out")
    checks = raw.get("checks", []) or []
    if not isinstance(checks, list) or not all(isinstance(c, dict) for c in checks):
        raise ModelError(f"{source}: {card_id}: checks are scenarios (mappings)")
    return CardModel(card_id, dict(about), confidence, tuple(left),
                     {k: raw[k] for k in CARD_PART if k in raw}, tuple(checks), source)


def _load(folder: Path = _DIR) -> dict[str, CardModel]:
    out: dict[str, CardModel] = {}
    for f in sorted(folder.glob("*.yaml")):
        data = yaml.load(f.read_text(encoding="utf-8"), Loader=_LOADER) or {}
        if not isinstance(data, dict):
            raise ModelError(f"{f.name}: a models file maps card ids to models")
        for card_id, raw in data.items():
            if card_id in out:
                raise ModelError(f"{f.name}: {card_id} is modelled twice (also in {out[card_id].source})")
            out[card_id] = _one(card_id, raw, f.name)
    return out


def compiled(folder: Path = _DIR) -> cache.Sections:
    """The models of a folder, read and checked once after a file changes, through the cache: one
    section per card id, its CardModel's fields in order."""
    folder = Path(folder).resolve()
    sources = (*sorted(folder.glob("*.yaml")), Path(__file__).resolve(), Path(cache.__file__).resolve())
    return cache.load("models", sources, lambda: {cid: _plain(m) for cid, m in _load(folder).items()})


def _plain(m: CardModel) -> tuple[Any, ...]:
    """A model as the cache keeps it: its fields in order (CardModel's positional arguments)."""
    return tuple(getattr(m, f.name) for f in fields(CardModel))


def _sections() -> cache.Sections:
    global _compiled
    if _compiled is None:
        with _lock:
            if _compiled is None:
                _compiled = compiled()
    return _compiled


def model(card_id: str) -> CardModel | None:
    """The model of a card, or None when the judge knows only its facts."""
    got = _built.get(card_id)
    if got is None:
        sections = _sections()
        if card_id not in sections:
            return None
        got = _built.setdefault(card_id, CardModel(*sections[card_id]))
    return got


def models() -> dict[str, CardModel]:
    """Every card model by card id."""
    global _models
    if _models is None:
        _models = {card_id: m for card_id in _sections() if (m := model(card_id)) is not None}
    return _models


def modelled_ids() -> set[str]:
    """The catalogue ids of the cards whose timing the judge models."""
    return set(_sections())
