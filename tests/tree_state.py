"""The checkout as git sees it, to hold that a test run changes no file git would report.

`snapshot()` hashes every tracked file and every untracked file that is not ignored; `changed()` names
the paths that differ between two snapshots. conftest.py takes one at the start of a session and one at
the end and fails the run when they differ (a test that wrote into graphs/, examples/ or judge/)."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def snapshot(root: Path = ROOT) -> dict[str, str] | None:
    """Path → content hash of every file `git status` would report on; None outside a git checkout."""
    try:
        out = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             capture_output=True, check=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    state: dict[str, str] = {}
    for raw in out.split(b"\0"):
        if not raw:
            continue
        name = os.fsdecode(raw)
        try:
            state[name] = hashlib.blake2b((root / name).read_bytes(), digest_size=16).hexdigest()
        except FileNotFoundError:
            state[name] = "missing"
        except IsADirectoryError:
            state[name] = "folder"
    return state


def changed(before: dict[str, str], after: dict[str, str], ignore: tuple[str, ...] = ()) -> list[str]:
    """The paths made, removed or changed between two snapshots, but those under an `ignore` prefix."""
    names = {n for n in before.keys() | after.keys() if before.get(n) != after.get(n)}
    return sorted(n for n in names if not any(n == p or n.startswith(p.rstrip("/") + "/") for p in ignore))
