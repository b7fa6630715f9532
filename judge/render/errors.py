"""The error the chart code raises: Graphviz missing, failing or too slow, or unusable input."""

from __future__ import annotations

from ..errors import JudgeError

__all__ = ["ChartError"]


class ChartError(JudgeError):
    """A chart cannot be drawn; the message says why and what to do. `reason` names the kind
    (missing, timeout, failed: Graphviz; input: what was asked for) so a page can say it in the
    reader's language."""

    def __init__(self, key: str, *, reason: str = "input", **kw) -> None:
        super().__init__(key if key.startswith("errors.") else f"errors.chart.{key}", **kw)
        self.reason = reason
