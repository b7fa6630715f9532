"""Running Graphviz's `dot`: with a timeout, one clear error when it is missing, and a run counter."""

from __future__ import annotations

import shutil
import subprocess
import threading

from .errors import ChartError
from .settings import LOOK

__all__ = ["run_dot", "graphviz_runs", "FORMATS", "INSTALL_HINT"]

FORMATS = ("svg", "png", "pdf")
INSTALL_HINT = ("Graphviz's `dot` program is not installed: install it with "
                "`sudo apt-get install graphviz fonts-noto-cjk` (or run `make system`)")

_runs = 0
_lock = threading.Lock()


def graphviz_runs() -> int:
    """How many times this process has run `dot` (a test proves highlighting never does)."""
    return _runs


def run_dot(dot_text: str, fmt: str = "svg", timeout: float | None = None) -> bytes:
    """Lay out and draw DOT text with Graphviz; ChartError when `dot` is missing, fails or hangs."""
    global _runs
    if fmt not in FORMATS:
        raise ChartError(f"unknown output format {fmt!r} (known: {', '.join(FORMATS)})")
    exe = shutil.which("dot")
    if exe is None:
        raise ChartError(INSTALL_HINT, reason="missing")
    limit = LOOK.timeout if timeout is None else timeout
    with _lock:
        _runs += 1
    try:
        done = subprocess.run([exe, f"-T{fmt}"], input=dot_text.encode("utf-8"), capture_output=True,
                              timeout=limit, check=False)
    except subprocess.TimeoutExpired:
        raise ChartError(f"Graphviz took longer than {limit:g} s to draw the chart and was stopped",
                         reason="timeout") from None
    except OSError as exc:
        raise ChartError(f"Graphviz could not be started: {exc}. {INSTALL_HINT}", reason="missing") from None
    if done.returncode != 0:
        msg = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ChartError("Graphviz failed: " + (msg[0][:200] if msg else f"exit code {done.returncode}"),
                         reason="failed")
    if not _looks_like(done.stdout, fmt):  # a broken install that exits 0: never pass garbage on
        raise ChartError(f"Graphviz returned something that is not {fmt.upper()} "
                         f"({len(done.stdout)} bytes starting {done.stdout[:20]!r})", reason="failed")
    return done.stdout


_MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "pdf": b"%PDF-"}


def _looks_like(out: bytes, fmt: str) -> bool:
    """Whether dot's output starts as the format asked for (SVG: an <svg> element near the top)."""
    if fmt == "svg":
        return b"<svg" in out[:4096] and out.rstrip().endswith(b"</svg>")
    return out.startswith(_MAGIC[fmt])
