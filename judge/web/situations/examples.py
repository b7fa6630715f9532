"""The examples library: every examples/*.yaml, validated, run and saved so it has a permalink."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

import yaml
from flask import current_app

from ...analysis.check import expected_error
from ...errors import JudgeError
from ...i18n import Title
from . import situation

__all__ = ["Example", "titles", "library", "library_has", "expects_error", "find_example", "folder_signature"]


@dataclass(frozen=True)
class Example:
    stem: str
    title: str
    tags: tuple[str, ...]
    status: str | None        # the run's outcome; None when the file does not load
    id: str | None
    error: JudgeError | None = None  # why the file does not load (said in the reader's language)
    rejected: bool = False    # the file is meant to be refused (`expect: {error: ...}`)


_lock = threading.Lock()
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_cache: dict[str, tuple[tuple, list[Example]]] = {}




def folder_signature(folder: Path) -> tuple:
    """Names, times and sizes of a folder's scenario files: it changes when any file does."""
    out = []
    for f in sorted(list(folder.glob("*.yaml")) + list(folder.glob("*.yml"))):
        try:
            st = f.stat()
        except OSError:  # removed while being listed
            continue
        out.append((f.name, st.st_mtime_ns, st.st_size))
    return tuple(out)


def expects_error(f: Path) -> bool:
    """Whether a file says it is meant to be refused (`expect: {error: ...}`), read leniently."""
    return expected_error(f) is not None


def _load(f: Path) -> Example:
    try:
        s = situation.save(f.read_bytes())
    except JudgeError as exc:
        return Example(f.stem, f.stem, (), None, None, exc.located(f.name), rejected=expects_error(f))
    sc = s.scenario
    return Example(f.stem, sc.title, sc.tags, s.trace.status, s.id)


def library() -> list[Example]:
    """The examples, sorted by file name; reloaded when a file changes (examples are being written)."""
    folder = Path(current_app.config["EXAMPLES"])
    if not folder.is_dir():
        return []
    sig = folder_signature(folder)
    key = str(folder) + "|" + current_app.config["DATABASE"]
    with _lock:
        cached = _cache.get(key)
        if cached is None or cached[0] != sig:
            cached = (sig, [_load(folder / name) for name, _, _ in sig])
            _cache[key] = cached
    return cached[1]


_titles: dict[str, tuple[tuple, list[tuple[str, str]]]] = {}


def _title(v: object) -> str:
    """A title as the file gives it: a string, or `{en, ko}` (kept as a `Title`)."""
    if isinstance(v, dict) and isinstance(v.get("en"), str):
        return Title(v["en"], v["ko"]) if isinstance(v.get("ko"), str) else v["en"]
    return v if isinstance(v, str) else ""


def titles() -> list[tuple[str, str]]:
    """(file stem, title) of every example meant to run, read without running them (the form's
    "start from a library case" list); reloaded when a file changes."""
    folder = Path(current_app.config["EXAMPLES"])
    if not folder.is_dir():
        return []
    sig = folder_signature(folder)
    with _lock:
        cached = _titles.get(str(folder))
        if cached is None or cached[0] != sig:
            out = []
            for name, _, _ in sig:
                try:
                    doc = yaml.load((folder / name).read_text(encoding="utf-8"), Loader=_LOADER)
                except (OSError, UnicodeDecodeError, yaml.YAMLError):
                    continue
                expect = doc.get("expect") if isinstance(doc, dict) else None
                if isinstance(doc, dict) and not (isinstance(expect, dict) and "error" in expect):
                    out.append((Path(name).stem, _title(doc.get("title")) or Path(name).stem))
            cached = _titles[str(folder)] = (sig, out)
    return cached[1]


def find_example(stem: str) -> Example | None:
    """The example of a file stem that loaded and was saved, or None."""
    return next((e for e in library() if e.stem == stem and e.id), None)


def library_has(sid: str) -> bool:
    """Whether an example has this id (loading the examples into the database if needed)."""
    return any(e.id == sid for e in library())
