"""A compiled cache of the data files read at start: their parsed form kept in a user cache folder.

Reading the card catalogue, the card models and the message catalogues from JSON and YAML takes
most of a short `judge run`; the cache keeps what they become (plain data: dicts, lists, tuples,
strings, numbers) written with `marshal`, and serves it for as long as every file it was made from
is unchanged. A cache file is made of sections (the models: one per card) decoded when first
asked for, so a run that names two cards decodes two models.

A cache file is used only when its fingerprint matches: the Python that wrote it, and the path,
size and two checksums of the bytes of every source file (the data files and the code that turns
them into the cached form, so a change to either rebuilds it). Anything else (a missing,
truncated, corrupt or foreign file, a file of another user, a folder that cannot be written, a
read-only install) falls back to building in memory; the cache never makes a start fail.

The folder is `$JUDGE_CACHE_DIR` (empty: no cache), else `$XDG_CACHE_HOME/netrunner-judge`, else
`~/.cache/netrunner-judge`: never inside the project. `marshal`, unlike `pickle`, runs no code
when it reads, and a file is written whole under a temporary name, then renamed into place.

This module imports nothing else from `judge`: the lowest layers use it.
"""

from __future__ import annotations

import marshal
import os
import sys
import threading
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["ENV", "Sections", "folder", "fingerprint", "load", "path_for"]

ENV = "JUDGE_CACHE_DIR"
MAGIC = b"netrunner-judge cache 1\n"
_UNREADABLE = (ValueError, EOFError, TypeError, IndexError, KeyError, OverflowError)


def folder() -> Path | None:
    """The cache folder: $JUDGE_CACHE_DIR (empty: None), $XDG_CACHE_HOME/netrunner-judge or
    ~/.cache/netrunner-judge; None when there is no home to put it in."""
    env = os.environ.get(ENV)
    if env is not None:
        return Path(env) if env else None
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "netrunner-judge"
    try:
        return Path.home() / ".cache" / "netrunner-judge"
    except RuntimeError:  # no home directory
        return None


def fingerprint(files: Sequence[Path]) -> bytes:
    """What a cache is made from: the Python reading it, and every source file's path, size and
    CRC-32 and Adler-32 checksums (an OSError when a source cannot be read)."""
    lines = [sys.version, f"marshal {marshal.version}"]
    for f in files:
        data = Path(f).read_bytes()
        lines.append(f"{f} {len(data)} {zlib.crc32(data):08x} {zlib.adler32(data):08x}")
    return "\n".join(lines).encode("utf-8", "surrogateescape")


def path_for(name: str, files: Sequence[Path]) -> Path | None:
    """The cache file of `name` made from these files: one per checkout (named by where its
    sources are), so two checkouts of the project do not overwrite each other's."""
    where = folder()
    if where is None:
        return None
    tag = zlib.crc32("\n".join(str(f) for f in files).encode("utf-8", "surrogateescape"))
    return where / f"{name}-{tag:08x}.marshal"


class Sections(Mapping[str, Any]):
    """A cache's sections by name, each decoded from its bytes when first asked for (then kept).
    `decoded` gives sections as they are (data marshal cannot write, kept in memory only)."""

    def __init__(self, encoded: dict[str, bytes], decoded: dict[str, object] | None = None) -> None:
        self._encoded = encoded
        self._decoded: dict[str, Any] = dict(decoded or {})
        self._names = [*encoded, *self._decoded]
        self._lock = threading.Lock()

    def __getitem__(self, name: str) -> Any:
        try:
            return self._decoded[name]
        except KeyError:
            raw = self._encoded[name]  # KeyError: no such section
        with self._lock:
            if name not in self._decoded:
                self._decoded[name] = marshal.loads(raw)
            return self._decoded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._encoded or name in self._decoded


def _head(fp: bytes) -> bytes:
    return MAGIC + len(fp).to_bytes(4, "big") + fp


def _read(path: Path, fp: bytes) -> dict[str, bytes] | None:
    """The sections of a cache file whose fingerprint is fp, or None for any other file."""
    try:
        with open(path, "rb") as fh:
            if hasattr(os, "geteuid") and os.fstat(fh.fileno()).st_uid != os.geteuid():
                return None  # another user's file: not trusted
            blob = fh.read()
    except OSError:
        return None
    head = _head(fp)
    if not blob.startswith(head) or len(blob) < len(head) + 4:
        return None
    body = memoryview(blob)[len(head) + 4:]
    if zlib.crc32(body) != int.from_bytes(blob[len(head):len(head) + 4], "big"):
        return None
    try:
        sections = marshal.loads(body)
    except _UNREADABLE:
        return None
    return sections if isinstance(sections, dict) else None  # its checksum held: sections we wrote


def _write(path: Path, fp: bytes, sections: dict[str, bytes]) -> None:
    """Write a cache file whole under a temporary name, then rename it into place; never raise."""
    body = marshal.dumps(sections)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(_head(fp) + zlib.crc32(body).to_bytes(4, "big") + body)
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass


def load(name: str, files: Sequence[Path], build: Callable[[], Mapping[str, Any]]) -> Sections:
    """The sections `build` makes from `files` (plain data only), read from the cache while the
    files are unchanged, else built, stored for the next start and returned. The same decoding
    serves both ways, so what a caller gets does not depend on the cache."""
    files = [Path(f) for f in files]
    try:
        fp = fingerprint(files)
    except OSError:
        fp = None  # a source cannot be read: build says what is wrong with it
    path = path_for(name, files) if fp is not None else None
    if path is not None and fp is not None:
        found = _read(path, fp)
        if found is not None:
            return Sections(found)
    built = dict(build())
    try:
        encoded = {k: marshal.dumps(v) for k, v in built.items()}
    except ValueError:  # not plain data (a YAML date, say): served from memory, never stored
        return Sections({}, built)
    if path is not None and fp is not None:
        _write(path, fp, encoded)
    return Sections(encoded)
