"""Which cards the judge models: none yet. The card models land next; this one function is their placeholder."""

from __future__ import annotations

__all__ = ["modelled_ids"]


def modelled_ids() -> set[str]:
    """Return the catalogue ids of the cards whose timing the judge models (none yet)."""
    return set()
