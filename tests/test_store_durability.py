"""The store under a real server that is killed mid-save or whose database turns read-only."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from load_test import YAML, Client, Server, integrity, scenario  # noqa: E402


def _burst(port: int, client: int, acked: dict, stop: threading.Event) -> None:
    """Save new situations as fast as the server takes them; keep what was acknowledged."""
    cl, n = Client(port, timeout=10), 0
    try:
        while not stop.is_set():
            n += 1
            text = scenario(100 + client, n)
            try:
                status, data = cl.request("POST", "/api/scenarios", text, YAML)
            except OSError:
                return  # the server is gone: this save was never acknowledged
            if status == 200:
                acked[json.loads(data)["id"]] = text
    finally:
        cl.close()


def test_a_server_killed_during_a_burst_of_saves_keeps_every_acknowledged_save_intact(tmp_path):
    db = tmp_path / "judge.sqlite"
    server = Server(db, threads=4)
    server.start()
    acked: dict[str, str] = {}
    stop = threading.Event()
    try:
        clients = [threading.Thread(target=_burst, args=(server.port, c, acked, stop)) for c in range(6)]
        for c in clients:
            c.start()
        deadline = time.monotonic() + 10
        while len(acked) < 40 and time.monotonic() < deadline:
            time.sleep(0.02)
        server.kill()  # SIGKILL while the clients are still saving
    finally:
        stop.set()
        server.stop()
    for c in clients:
        c.join(15)
    saved = dict(acked)

    assert len(saved) >= 40
    assert integrity(db) == "ok"
    con = sqlite3.connect(db)
    try:
        rows = dict(con.execute("SELECT id, yaml FROM scenarios").fetchall())
    finally:
        con.close()
    assert {sid: rows.get(sid) for sid in saved} == saved
    with Server(db, threads=2) as again:  # and a restarted server serves them
        cl = Client(again.port)
        try:
            for sid, text in list(saved.items())[:10]:
                status, data = cl.request("GET", f"/api/scenarios/{sid}")
                assert status == 200 and json.loads(data)["yaml"] == text
        finally:
            cl.close()


def _without_root_powers() -> tuple[str, ...]:
    """Root writes read-only files anyway; drop that power from the server so a file mode of
    0444 means what it says (util-linux's setpriv, in every Debian)."""
    if os.geteuid() != 0:
        return ()
    exe = shutil.which("setpriv")
    if exe is None:
        pytest.fail("setpriv (util-linux) is missing: it is needed to run the server without root's powers")
    return (exe, "--bounding-set", "-dac_override,-dac_read_search,-fowner,-chown")


def test_a_read_only_database_refuses_saves_with_a_503_and_keeps_serving_what_it_holds(tmp_path):
    db = tmp_path / "judge.sqlite"
    kept, refused = scenario(1, 1), scenario(1, 2)
    with Server(db, threads=2, prefix=_without_root_powers()) as server:
        cl = Client(server.port)
        try:
            status, data = cl.request("POST", "/api/scenarios", kept, YAML)
            assert status == 200
            sid = json.loads(data)["id"]
            db.chmod(0o444)

            status, data = cl.request("POST", "/api/scenarios", refused, YAML)
            assert status == 503
            assert "read-only" in json.loads(data)["error"] and json.loads(data)["where"] == "database"
            status, data = cl.request("GET", f"/api/scenarios/{sid}")
            assert status == 200 and json.loads(data)["yaml"] == kept
            status, page = cl.request("GET", f"/s/{sid}?step=1")
            assert status == 200 and b'id="chart"><svg' in page
            status, page = cl.request("POST", "/api/scenarios", refused, {**YAML, "Accept-Language": "ko"})
            assert status == 503

            _writable(tmp_path)  # writable again: saving works without a restart
            status, data = cl.request("POST", "/api/scenarios", refused, YAML)
            assert status == 200
        finally:
            cl.close()
            _writable(tmp_path)
    assert integrity(db) == "ok"


def _writable(folder: Path) -> None:
    # SQLite made its -shm file read-only like the database it belongs to: an organizer restoring
    # write access restores it for the database's files, all of them.
    for f in folder.glob("judge.sqlite*"):
        f.chmod(0o644)
