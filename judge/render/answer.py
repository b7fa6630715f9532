"""The run's answer as readers see it: the engine's one-sentence summary and deciding moments,
with every card named under its Korean title on a Korean page (the trace's event texts name some
cards in English). The stepper's answer box, every export and the JSON trace say this."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..engine.summary import Summary, summarize
from ..engine.trace import Trace
from .reader import korean_titles

__all__ = ["answer", "with_answer"]


def answer(tr: Trace, lang: str) -> Summary:
    s = summarize(tr, lang)
    if lang != "ko":
        return s
    return replace(s, text=korean_titles(s.text),
                   moments=tuple(replace(m, text=korean_titles(m.text), occ=korean_titles(m.occ)) for m in s.moments))


def with_answer(d: dict[str, Any], tr: Trace, lang: str) -> dict[str, Any]:
    """A trace's JSON (`Trace.as_dict`) with its `summary` and `deciding` as readers see them."""
    s = answer(tr, lang)
    return d | {"summary": s.text, "deciding": [m.as_dict() for m in s.moments]}
