"""The chart's own words (legend, tooltips, timeline lanes): keys under `chart.` in the catalogue."""

from __future__ import annotations

from ..i18n import t

__all__ = ["word"]


def word(key: str, lang: str, **args: object) -> str:
    """One of the chart's words in a language, filled in."""
    return t(f"chart.{key}", lang, **args)
