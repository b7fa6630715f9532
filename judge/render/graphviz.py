"""Running Graphviz's `dot`: with a timeout, one clear error when it is missing, and a run counter."""

from __future__ import annotations

import shutil
import subprocess
import threading

from .errors import ChartError
from .settings import LOOK

__all__ = ["run_dot", "graphviz_runs", "FORMATS"]

FORMATS = ("svg", "png", "pdf")

_runs = 0
_lock = threading.Lock()


def graphviz_runs() -> int:
    """How many times this process has run `dot` (a test proves highlighting never does)."""
    return _runs


def run_dot(dot_text: str, fmt: str = "svg", timeout: float | None = None, dpi: int | None = None) -> bytes:
    """Lay out and draw DOT text with Graphviz; ChartError when `dot` is missing, fails or hangs.
    `dpi`: the resolution of a PNG (Graphviz's own is 96)."""
    global _runs
    if fmt not in FORMATS:
        raise ChartError("unknown_format", fmt=repr(fmt), known=", ".join(FORMATS))
    exe = shutil.which("dot")
    if exe is None:
        raise ChartError("not_installed", reason="missing")
    limit = LOOK.timeout if timeout is None else timeout
    with _lock:
        _runs += 1
    try:
        args = [exe, f"-T{fmt}"] + ([f"-Gdpi={dpi:d}"] if dpi and fmt == "png" else [])
        done = subprocess.run(args, input=dot_text.encode("utf-8"), capture_output=True,
                              timeout=limit, check=False)
    except subprocess.TimeoutExpired:
        raise ChartError("too_slow", s=f"{limit:g}", reason="timeout") from None
    except OSError as exc:
        raise ChartError("cannot_start", why=str(exc), reason="missing") from None
    if done.returncode != 0:
        msg = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ChartError("failed", why=msg[0][:200] if msg else f"exit code {done.returncode}", reason="failed")
    if not _looks_like(done.stdout, fmt):  # a broken install that exits 0: never pass garbage on
        raise ChartError("not_format", fmt=fmt.upper(), n=len(done.stdout), start=repr(done.stdout[:20]),
                         reason="failed")
    return done.stdout


_MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "pdf": b"%PDF-"}


def _looks_like(out: bytes, fmt: str) -> bool:
    """Whether dot's output starts as the format asked for (SVG: an <svg> element near the top)."""
    if fmt == "svg":
        return b"<svg" in out[:4096] and out.rstrip().endswith(b"</svg>")
    return out.startswith(_MAGIC[fmt])
