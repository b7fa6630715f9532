"""Saved situations in SQLite, content-addressed: an id is a hash of the scenario's canonical form,
so saving the same content twice is a no-op and a permalink can never be overwritten."""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime

from flask import Flask, current_app, g

from ..errors import JudgeError
from .yamltree import ID_LENGTH, canonical, content_id

__all__ = ["init_app", "db", "save", "get", "count", "ID_RE"]

ID_RE = re.compile(rf"^[0-9a-f]{{{ID_LENGTH}}}$")

SCHEMA = """
CREATE TABLE IF NOT EXISTS scenarios (
    id        TEXT PRIMARY KEY,
    canonical TEXT NOT NULL,
    yaml      TEXT NOT NULL,
    created   TEXT NOT NULL
) WITHOUT ROWID;
"""


def _connect(path: str) -> sqlite3.Connection:
    con = sqlite3.connect(path, timeout=10)
    con.row_factory = sqlite3.Row
    return con


def db() -> sqlite3.Connection:
    """This request's connection (opened on first use, closed at teardown)."""
    if "db" not in g:
        g.db = _connect(current_app.config["DATABASE"])
    return g.db


def _close(_exc: BaseException | None = None) -> None:
    con = g.pop("db", None)
    if con is not None:
        con.close()


def init_app(app: Flask) -> None:
    """Create the table if needed and close connections after each request."""
    con = _connect(app.config["DATABASE"])
    try:
        con.execute("PRAGMA journal_mode=WAL")  # readers never wait for a writer
        con.executescript(SCHEMA)
    finally:
        con.close()
    app.teardown_appcontext(_close)


def save(data: object, text: str, con: sqlite3.Connection | None = None) -> str:
    """Store a scenario (its plain tree and the text to keep); return its id."""
    con = con or db()
    sid, canon = content_id(data), canonical(data)
    with con:
        con.execute("INSERT OR IGNORE INTO scenarios (id, canonical, yaml, created) VALUES (?, ?, ?, ?)",
                    (sid, canon, text, datetime.now(UTC).isoformat(timespec="seconds")))
        row = con.execute("SELECT canonical FROM scenarios WHERE id = ?", (sid,)).fetchone()
    if row["canonical"] != canon:  # 64-bit hash collision: refuse rather than overwrite
        raise JudgeError("another saved situation already has this id; change the title slightly")
    return sid


def get(sid: str) -> str | None:
    """The YAML text of a saved situation, or None."""
    if not ID_RE.match(sid):
        return None
    row = db().execute("SELECT yaml FROM scenarios WHERE id = ?", (sid,)).fetchone()
    return row["yaml"] if row else None


def count() -> int:
    return db().execute("SELECT COUNT(*) FROM scenarios").fetchone()[0]
