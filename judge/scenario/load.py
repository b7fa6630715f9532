"""Reading a scenario from a file or from text: size limits, then parse and validate."""

from __future__ import annotations

from pathlib import Path

from ..errors import ScenarioError
from .model import Scenario
from .parse import parse_scenario
from .yamlsource import MAX_BYTES, load

__all__ = ["load_scenario"]


def load_scenario(source: str | Path | None = None, text: str | bytes | None = None,
                  ruleset: str | None = None) -> Scenario:
    """Read and validate a scenario from a file path or from text."""
    name = str(source) if source is not None else None
    if text is None:
        if source is None:
            raise ScenarioError("no_scenario")
        p = Path(source)
        try:
            size = p.stat().st_size
            if size > MAX_BYTES:
                raise ScenarioError("file_too_big", n=size, max=MAX_BYTES, source=name)
            text = p.read_bytes()
        except OSError as exc:
            raise ScenarioError("cannot_read_file", why=exc.strerror or str(exc), source=name) from None
    sc = parse_scenario(load(text, source=name), ruleset)
    raw = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    return Scenario(**{**sc.__dict__, "text": raw})
