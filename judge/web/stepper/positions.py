"""The stepper's view of a trace: one position per step entered (`judge.render.positions`, where
the exported walk-throughs read it too)."""

from __future__ import annotations

from ...render.positions import Line, Position, moment_of, positions, visit_of

__all__ = ["Line", "Position", "positions", "visit_of", "moment_of"]
