"""Saved situations in SQLite, content-addressed: an id is a hash of the scenario's canonical form,
so saving the same content twice is a no-op and a permalink can never be overwritten.

What keeps a save safe when many judges save at once, the disk misbehaves or the server dies:

- WAL journal: readers never wait for a writer, and a writer holding the lock does not stop reads.
- `synchronous = FULL`: a save is on disk before its id is sent back, so an acknowledged save
  survives the process being killed (and a power cut).
- One `BEGIN IMMEDIATE` transaction per save, waiting `DB_TIMEOUT` seconds (busy_timeout) for
  another writer; past that, StoreError("busy") and the caller says "try again" (503).
- After start-up the file is opened without creating it: if it disappears the store says so
  (StoreError("missing")) rather than quietly starting an empty database in its place, which
  would hide the loss and, on a disk that comes back, lose the saves made meanwhile.
- Reads (`get`) use a connection kept by each server thread: opening one costs ~0.4 ms, a read
  on a kept one ~4 us, and every page of a permalink reads its row. The file's identity (device,
  inode) is checked before each read, so a deleted or replaced file is noticed at once, as when
  every read opened the file afresh.
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
import uuid
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path

from flask import Flask, current_app, g

from ...errors import JudgeError
from .yamltree import ID_LENGTH, canonical, content_id

__all__ = ["init_app", "db", "save", "get", "count", "ID_RE", "StoreError", "DB_TIMEOUT"]

ID_RE = re.compile(rf"^[0-9a-f]{{{ID_LENGTH}}}$")
DB_TIMEOUT = 5.0  # seconds a save waits for another writer before saying the store is busy

SCHEMA = """
CREATE TABLE IF NOT EXISTS scenarios (
    id        TEXT PRIMARY KEY,
    canonical TEXT NOT NULL,
    yaml      TEXT NOT NULL,
    created   TEXT NOT NULL
) WITHOUT ROWID;
"""


class StoreError(Exception):
    """The database cannot be used just now (not the reader's fault): `reason` is one of busy,
    readonly, missing, full, broken; `detail` is SQLite's own words, for the log."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason, self.detail = reason, detail


# SQLite's primary result codes (extended ones start with these), by what the reader is told.
_REASONS = (("SQLITE_BUSY", "busy"), ("SQLITE_LOCKED", "busy"), ("SQLITE_READONLY", "readonly"),
            ("SQLITE_PERM", "readonly"), ("SQLITE_CANTOPEN", "missing"), ("SQLITE_FULL", "full"))


def _reason(exc: sqlite3.Error) -> str:
    name = getattr(exc, "sqlite_errorname", "") or ""
    for prefix, reason in _REASONS:
        if name.startswith(prefix):
            return reason
    if "no such table" in str(exc):  # the file was replaced by one that is not this store
        return "missing"
    return "broken"  # I/O errors, a corrupt or foreign file


@contextmanager
def _guard():
    """SQLite's operational failures as one StoreError; programming errors stay bugs."""
    try:
        yield
    except (sqlite3.ProgrammingError, sqlite3.IntegrityError, sqlite3.InterfaceError):
        raise
    except sqlite3.DatabaseError as exc:
        raise StoreError(_reason(exc), str(exc)) from exc


def _connect(path: str, timeout: float, create: bool = False) -> sqlite3.Connection:
    if path.startswith("file:"):  # the in-memory database of an app given ":memory:"
        uri = path
    else:
        uri = Path(path).expanduser().resolve().as_uri() + ("?mode=rwc" if create else "?mode=rw")
    # isolation_level=None: transactions are written out (BEGIN IMMEDIATE ... COMMIT) below.
    con = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
    try:
        con.row_factory = sqlite3.Row
        con.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        con.execute("PRAGMA synchronous = FULL")
    except BaseException:
        con.close()
        raise
    return con


def db() -> sqlite3.Connection:
    """This request's connection (opened on first use, closed at teardown)."""
    if "db" not in g:
        with _guard():
            g.db = _connect(current_app.config["DATABASE"], current_app.config["DB_TIMEOUT"])
    return g.db


def _close(_exc: BaseException | None = None) -> None:
    con = g.pop("db", None)
    if con is not None:
        con.close()


def init_app(app: Flask) -> None:
    """Create the file and table if needed (the only time the file may be created), and close
    connections after each request. A read-only database still serves what it holds."""
    app.config.setdefault("DB_TIMEOUT", DB_TIMEOUT)
    memory = app.config["DATABASE"] == ":memory:"
    if memory:  # one in-memory database per app, shared by its requests (tests, demos), not a file
        app.config["DATABASE"] = f"file:judge-{uuid.uuid4().hex}?mode=memory&cache=shared"
    try:
        with _guard():
            con = _connect(app.config["DATABASE"], app.config["DB_TIMEOUT"], create=True)
            try:
                con.execute("PRAGMA journal_mode=WAL")  # readers never wait for a writer
                con.executescript(SCHEMA)
            finally:
                if memory:
                    app.extensions["judge.store.memory"] = con  # the database lives while this is open
                else:
                    con.close()
    except StoreError as exc:
        if exc.reason != "readonly":
            raise
        app.logger.warning("the situation store is read-only: saving is off (%s)", exc.detail)
    app.teardown_appcontext(_close)


def save(data: object, text: str, con: sqlite3.Connection | None = None) -> str:
    """Store a scenario (its plain tree and the text to keep); return its id once it is on disk."""
    sid, canon = content_id(data), canonical(data)
    with _guard():
        con = con or db()
        con.execute("BEGIN IMMEDIATE")
        try:
            con.execute("INSERT OR IGNORE INTO scenarios (id, canonical, yaml, created) VALUES (?, ?, ?, ?)",
                        (sid, canon, text, datetime.now(UTC).isoformat(timespec="seconds")))
            row = con.execute("SELECT canonical FROM scenarios WHERE id = ?", (sid,)).fetchone()
            con.execute("COMMIT")
        except BaseException:
            if con.in_transaction:
                with suppress(sqlite3.Error):
                    con.execute("ROLLBACK")
            raise
    if row["canonical"] != canon:  # 64-bit hash collision: refuse rather than overwrite
        raise JudgeError("id_collision", id=sid)
    return sid


_readers = threading.local()
_KEEP_READERS = 4   # databases a thread keeps a reader for (tests make many apps in one thread)


def _identity(path: str) -> tuple[int, int, int] | None:
    if path.startswith("file:"):
        return None   # an app's in-memory database: nothing on disk to lose
    try:
        st = os.stat(Path(path).expanduser())
    except OSError:
        raise StoreError("missing", f"{path} is gone") from None
    return st.st_dev, st.st_ino, st.st_mode


@contextmanager
def _reader():
    """A connection for one read of the app's database: this thread's kept one while the file is
    the one it was opened on (same device, inode and mode). A read-only file gets a connection of
    its own that is closed at once: one kept open from then would keep its shared-memory index
    read-only, and saves would fail after the file is made writable again."""
    path, timeout = current_app.config["DATABASE"], current_app.config["DB_TIMEOUT"]
    kept: dict = _readers.__dict__.setdefault("kept", {})
    ident = _identity(path)
    got = kept.get(path)
    if got is not None and got[0] == ident:
        yield got[1]
        return
    if got is not None:
        kept.pop(path)[1].close()
    with _guard():
        con = _connect(path, timeout)
    if ident is not None and not ident[2] & 0o200:
        try:
            yield con
        finally:
            con.close()
        return
    while len(kept) >= _KEEP_READERS:
        kept.pop(next(iter(kept)))[1].close()
    kept[path] = (ident, con)
    yield con


def get(sid: str) -> str | None:
    """The YAML text of a saved situation, or None."""
    if not ID_RE.match(sid):
        return None
    with _guard(), _reader() as con:
        row = con.execute("SELECT yaml FROM scenarios WHERE id = ?", (sid,)).fetchone()
    return row["yaml"] if row else None


def count() -> int:
    with _guard():
        return db().execute("SELECT COUNT(*) FROM scenarios").fetchone()[0]
