"""Where the project's files live, found from this file rather than the current directory."""

from __future__ import annotations

from pathlib import Path

__all__ = ["ROOT", "TEMPLATES", "STATIC", "EXAMPLES", "GRAPHS"]

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
STATIC = TEMPLATES / "static"
EXAMPLES = ROOT / "examples"
GRAPHS = ROOT / "graphs"
