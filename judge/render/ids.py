"""Stable, HTML- and CSS-safe element ids for chart nodes, edges and clusters."""

from __future__ import annotations

import re

from .errors import ChartError

__all__ = ["safe", "step_id", "phase_id", "edge_id", "interrupt_id", "interrupt_node_id", "check_unique"]

_KEEP = re.compile(r"[A-Za-z0-9_-]")


def safe(text: str) -> str:
    """A token usable in an id and a CSS selector: "6.9.2b" -> "6_9_2b"; other characters become uXXXX."""
    out = []
    for ch in text:
        if ch == ".":
            out.append("_")
        elif _KEEP.fullmatch(ch) and ch.isascii():
            out.append(ch)
        else:
            out.append(f"u{ord(ch):04x}")
    return "".join(out) or "empty"


def step_id(step: str) -> str:
    """The node of a step: "2.3" -> "step-2_3"."""
    return f"step-{safe(step)}"


def phase_id(phase: str) -> str:
    """The cluster of a top-level step: "2" -> "phase-2"."""
    return f"phase-{safe(phase)}"


def edge_id(src: str, dst: str, guard: str) -> str:
    """A transition: "edge-2_1--2_3--first_approach"."""
    return f"edge-{safe(src)}--{safe(dst)}--{safe(guard)}"


def interrupt_node_id(guard: str, dst: str) -> str:
    """The tag of an interrupt that can leave many steps: "interrupt-run_ended--7"."""
    return f"interrupt-{safe(guard)}--{safe(dst)}"


def interrupt_id(guard: str, dst: str) -> str:
    """The arrow of an interrupt, from its tag to its target: "edge-any--7--run_ended"."""
    return f"edge-any--{safe(dst)}--{safe(guard)}"


def check_unique(ids: list[str], what: str) -> None:
    """Two different things must never get the same element id (e.g. steps "2.3" and "2_3")."""
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise ChartError("same_id", i=repr(i), where=what)
        seen.add(i)
