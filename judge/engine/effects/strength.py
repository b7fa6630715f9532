"""The strength effect (issue 24): `{strength: +N, of: this | encountered_ice | <card>, until: ...}`."""

from __future__ import annotations

from .. import encounter
from ..conditions import amount
from .core import Call, applies

__all__: list[str] = []  # the function registers itself in APPLY


@applies("strength")
def strength(c: Call) -> None:
    encounter.apply_strength(c, amount(c.x, c.number))
