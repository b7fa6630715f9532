"""The error the chart code raises: Graphviz missing, failing or too slow, or unusable input."""

from __future__ import annotations

from ..errors import JudgeError

__all__ = ["ChartError"]


class ChartError(JudgeError):
    """A chart cannot be drawn; the message says why and what to do."""
