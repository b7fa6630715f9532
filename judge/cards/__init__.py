"""Card facts and lookup: the NetrunnerDB catalogue of every card, found by id, title or Korean title.

The package owns the facts of each card (type, cost, strength, markers, printings, legality) and
finding a card by what a person types; it holds no card text. `catalogue` loads and searches the
shipped `data/catalogue.json`, `build` regenerates that file from the shared NetrunnerDB facts,
`importer` stores official text from an export the user supplies; the `cards` command is
`judge.cli.cards`. It imports only `judge.paths` and `judge.cache` (the catalogue and the models
are read once after they change and kept compiled there).
"""

from __future__ import annotations

from .catalogue import (
    TIMING_MARKERS,
    CardFacts,
    all_cards,
    find,
    find_all,
    get,
    search,
    standard_ice,
    standard_run_cards,
    suggest,
    timing_relevant,
)

__all__ = ["TIMING_MARKERS", "CardFacts", "all_cards", "find", "find_all", "get", "search",
           "standard_ice", "standard_run_cards", "suggest", "timing_relevant"]
