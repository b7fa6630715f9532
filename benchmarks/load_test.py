"""Many judges at once: a real waitress server, many clients saving and stepping, nothing lost.

    python benchmarks/load_test.py [--clients 20] [--seconds 30] [--max-requests 50000]

Starts `judge.web` under waitress in a child process on 127.0.0.1 and a free port, with a fresh
database in a temporary folder. Each client, in a loop until the time or the request budget runs
out, saves a situation of its own (POST /api/scenarios), opens it (/s/<id>), steps through it
(/s/<id>?step=N for three N), fetches it from the API (GET /api/scenarios/<id>) and runs a variant
(POST /api/run). Afterwards every acknowledged save is fetched again and compared with the text
sent, the server is stopped and the database file passes `PRAGMA integrity_check`. Prints a table:
requests, p50/p95 latency per request kind, throughput, errors, saved and recovered situations.

Loopback only: the server binds 127.0.0.1 and the clients connect to nothing else.
tests/test_load.py runs a short version (5 clients x 3 s) and asserts zero errors.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import select
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # the only address this file ever binds or connects to
YAML = {"Content-Type": "application/yaml"}
KINDS = ("save", "open", "step", "api", "run")

# The same moments under each rule set's numbering (as tests/test_properties.py).
AT = {"rez": {"ffg-rr": "2.3", "nsg": "6.9.2b", "ffg-core": "2.3"},
      "break": {"ffg-rr": "3.1", "nsg": "6.9.3b", "ffg-core": "3.1"}}


# ---------------------------------------------------------------------------------- the server

class Server:
    """judge.web under waitress in a child process on 127.0.0.1 and a free port (the child binds
    port 0 and reports the port it got, so there is no race for a port)."""

    def __init__(self, db: Path, threads: int = 8, prefix: tuple[str, ...] = (),
                 env: dict | None = None) -> None:
        self.db, self.threads, self.prefix, self.env = Path(db), threads, prefix, env
        self.proc: subprocess.Popen | None = None
        self.log = self.db.with_suffix(".server.log")
        self.url = ""
        self.port = 0

    def start(self, timeout: float = 30.0) -> str:
        cmd = [*self.prefix, sys.executable, str(Path(__file__).resolve()), "serve", "--db", str(self.db),
               "--threads", str(self.threads)]
        env = {**os.environ, "PYTHONPATH": str(ROOT), **(self.env or {})}
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, env=env, cwd=str(ROOT))
        deadline = time.monotonic() + timeout
        line = b""
        while time.monotonic() < deadline and not line.endswith(b"\n"):
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.2)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 256)
                if not chunk:
                    break
                line += chunk
        m = re.match(rb"PORT (\d+)", line)
        if not m:
            self.stop()
            raise RuntimeError(f"the server did not start: {line!r}\n{self.log.read_text()[-2000:]}")
        self.port = int(m.group(1))
        self.url = f"http://{HOST}:{self.port}"
        return self.url

    def kill(self) -> None:
        """kill -9: no clean shutdown, no chance to finish what it was writing."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self._close()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._close()

    def _close(self) -> None:
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()

    def __enter__(self) -> Server:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def serve(db: str, threads: int) -> None:
    """The child: the app on 127.0.0.1, port chosen by the system and printed first."""
    from waitress import create_server

    from judge.web import create_app

    app = create_app({"DATABASE": db, "SECRET_KEY": "load-test"})
    server = create_server(app, host=HOST, port=0, threads=threads)
    print(f"PORT {server.effective_port}", flush=True)
    server.run()


# ---------------------------------------------------------------------------------- scenarios

def scenario(client: int, n: int, variant: int = 0) -> str:
    """A valid situation of its own for (client, n): 0-4 ice, some rezzed or rezzed on approach,
    some broken, on a central or remote server, under one of the three rule sets."""
    rnd = random.Random(client * 1_000_003 + n * 7919 + variant)
    rs = rnd.choice(list(AT["rez"]))
    names = [f"Ice {client}-{n}-{i}" for i in range(rnd.randint(0, 4))]
    ice, actions = [], []
    for name in names:
        rezzed = rnd.random() < 0.5
        ice.append({"name": name, "rezzed": rezzed,
                    "subroutines": rnd.sample(["End the run", "Lose a click", "Trace 3", "Do 1 net damage"],
                                              rnd.randint(0, 2))})
        if not rezzed and rnd.random() < 0.5:
            actions.append({"at": AT["rez"][rs], "ice": name, "by": "corp", "rez": name})
        if rnd.random() < 0.6:
            actions.append({"at": AT["break"][rs], "ice": name, "by": "runner", "break": "all"})
    server = rnd.choice(["HQ", "R&D", "Archives", "Server 1"])
    cards = [{"name": "Project Atlas", "type": "agenda", "points": 2}] if server == "Server 1" or rnd.random() < 0.5 else []
    doc = {"title": f"Load {client}-{n}-{variant}: {len(names)} ice on {server}", "ruleset": rs,
           "run": {"server": server}, "corp": {"bad_publicity": rnd.randint(0, 2)},
           "runner": {"credits": rnd.randint(0, 8)},
           "servers": {server: {"ice": ice, "cards": cards}}, "actions": actions}
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


# ---------------------------------------------------------------------------------- clients

@dataclass
class Results:
    latencies: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    errors: list[str] = field(default_factory=list)
    saved: dict[str, str] = field(default_factory=dict)   # id -> the text sent, once acknowledged
    requests: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, kind: str, seconds: float, error: str | None = None) -> None:
        with self.lock:
            self.requests += 1
            self.latencies[kind].append(seconds)
            if error:
                self.errors.append(f"{kind}: {error}")


class Budget:
    """Stops every client at the deadline or when the shared request budget is spent."""

    def __init__(self, seconds: float, max_requests: int) -> None:
        self.deadline = time.monotonic() + seconds
        self.left = max_requests
        self.lock = threading.Lock()

    def take(self) -> bool:
        with self.lock:
            if self.left <= 0 or time.monotonic() >= self.deadline:
                return False
            self.left -= 1
            return True


class Client:
    """One judge: a keep-alive HTTP connection to the server on 127.0.0.1."""

    def __init__(self, port: int, timeout: float = 30.0) -> None:
        self.port, self.timeout = port, timeout
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: str | None = None,
                headers: dict | None = None) -> tuple[int, bytes]:
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
            try:
                self.conn.request(method, path, body=body.encode() if body is not None else None,
                                  headers=headers or {})
                resp = self.conn.getresponse()
                data = resp.read()
                if resp.getheader("Connection", "").lower() == "close":
                    self.close()
                return resp.status, data
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()  # a kept-alive connection the server closed meanwhile: one retry
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def _timed(res: Results, kind: str, client: Client, method: str, path: str, body: str | None = None,
           headers: dict | None = None, check=None):
    t0 = time.perf_counter()
    try:
        status, data = client.request(method, path, body, headers)
    except OSError as exc:
        res.record(kind, time.perf_counter() - t0, f"{path}: {type(exc).__name__}: {exc}")
        return None
    elapsed = time.perf_counter() - t0
    problem = f"{path}: HTTP {status}: {data[:200]!r}" if status != 200 else (check(data) if check else None)
    res.record(kind, elapsed, problem)
    return None if problem else data


def _page_ok(data: bytes) -> str | None:
    html = data.decode("utf-8")
    m = re.search(r'<div class="chart" id="chart">(<svg.*?</svg>)\s*</div>', html, re.S)
    if not m:
        return "the page has no chart"
    try:
        ET.fromstring(m.group(1))
    except ET.ParseError as exc:
        return f"the chart is not well-formed XML: {exc}"
    return None


def client_loop(c: int, port: int, budget: Budget, res: Results) -> None:
    """Save, open, step, fetch and run situations of this client's own until the budget ends."""
    cl = Client(port)
    rnd = random.Random(c)
    n = 0
    try:
        while budget.take():
            n += 1
            text = scenario(c, n)
            data = _timed(res, "save", cl, "POST", "/api/scenarios", text, YAML)
            if data is None:
                continue
            sid = json.loads(data)["id"]
            with res.lock:
                res.saved.setdefault(sid, text)
            if not budget.take():
                break
            page = _timed(res, "open", cl, "GET", f"/s/{sid}", check=_page_ok)
            total = len(re.findall(rb'<section class="position" id="pos-\d+"', page or b""))
            for _ in range(3):
                if not total or not budget.take():
                    break
                _timed(res, "step", cl, "GET", f"/s/{sid}?step={rnd.randint(1, total)}",
                       check=lambda d: None if b'id="chart"><svg' in d else "the step page has no chart")
            if not budget.take():
                break
            _timed(res, "api", cl, "GET", f"/api/scenarios/{sid}",
                   check=lambda d, sent=text: None if json.loads(d)["yaml"] == sent else "the saved text came back changed")
            if not budget.take():
                break
            _timed(res, "run", cl, "POST", "/api/run", scenario(c, n, variant=1), YAML,
                   check=lambda d: None if json.loads(d)["outcome"]["status"] else "no outcome")
    finally:
        cl.close()


def verify(port: int, saved: dict[str, str]) -> tuple[int, list[str]]:
    """Fetch every acknowledged save again: how many came back exactly, and what did not."""
    cl, ok, bad = Client(port), 0, []
    try:
        for sid, text in saved.items():
            status, data = cl.request("GET", f"/api/scenarios/{sid}")
            if status == 200 and json.loads(data)["yaml"] == text:
                ok += 1
            else:
                bad.append(f"{sid}: HTTP {status}")
    finally:
        cl.close()
    return ok, bad


def integrity(db: Path) -> str:
    con = sqlite3.connect(db)
    try:
        return con.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        con.close()


# ---------------------------------------------------------------------------------- the run

def load(clients: int = 20, seconds: float = 30.0, max_requests: int = 50_000, threads: int = 8,
         folder: Path | None = None) -> dict:
    """Run the load against a fresh server; the figures and the checks as a dict."""
    with tempfile.TemporaryDirectory(prefix="judge-load-") as tmp:
        db = Path(folder or tmp) / "load.sqlite"
        res = Results()
        with Server(db, threads=threads) as server:
            budget = Budget(seconds, max_requests)
            workers = [threading.Thread(target=client_loop, args=(c, server.port, budget, res), name=f"client-{c}")
                       for c in range(clients)]
            t0 = time.perf_counter()
            for w in workers:
                w.start()
            for w in workers:
                w.join(seconds + 120)
            elapsed = time.perf_counter() - t0
            hung = [w.name for w in workers if w.is_alive()]
            recovered, missing = verify(server.port, res.saved)
        check = integrity(db)
        with sqlite3.connect(db) as con:
            rows = con.execute("SELECT COUNT(*) FROM scenarios").fetchone()[0]
        con.close()
    return {"clients": clients, "seconds": elapsed, "requests": res.requests,
            "throughput": res.requests / elapsed if elapsed else 0.0,
            "latency_ms": {k: _percentiles(v) for k, v in res.latencies.items()},
            "errors": res.errors, "saved": len(res.saved), "recovered": recovered, "missing": missing,
            "rows": rows, "integrity": check, "hung": hung, "server_threads": threads}


def _percentiles(xs: list[float]) -> dict:
    if not xs:
        return {"n": 0, "p50": 0.0, "p95": 0.0, "max": 0.0}
    ms = sorted(x * 1000 for x in xs)
    p95 = statistics.quantiles(ms, n=20)[-1] if len(ms) > 1 else ms[0]
    return {"n": len(ms), "p50": statistics.median(ms), "p95": p95, "max": ms[-1]}


def table(r: dict) -> str:
    lines = [f"{r['clients']} concurrent clients for {r['seconds']:.1f} s against waitress "
             f"({r['server_threads']} threads) on {HOST}",
             "", f"{'kind':<6} {'requests':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}"]
    for kind, p in r["latency_ms"].items():
        lines.append(f"{kind:<6} {p['n']:>9} {p['p50']:>8.1f} {p['p95']:>8.1f} {p['max']:>8.1f}")
    lines += ["", f"requests    {r['requests']}", f"throughput  {r['throughput']:.1f} requests/s",
              f"errors      {len(r['errors'])}" + (f"  (first: {r['errors'][0]})" if r["errors"] else ""),
              f"saved       {r['saved']} situations acknowledged ({r['rows']} rows in the database)",
              f"recovered   {r['recovered']} of {r['saved']} with exactly the text sent",
              f"integrity   {r['integrity']}", f"hung        {len(r['hung'])} clients"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd")
    sv = sub.add_parser("serve", help="(internal) the server child process")
    sv.add_argument("--db", required=True)
    sv.add_argument("--threads", type=int, default=8)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--max-requests", type=int, default=50_000)
    ap.add_argument("--threads", type=int, default=8, help="waitress worker threads")
    args = ap.parse_args(argv)
    if args.cmd == "serve":
        serve(args.db, args.threads)
        return 0
    r = load(args.clients, args.seconds, args.max_requests, args.threads)
    print(table(r))
    ok = not r["errors"] and r["recovered"] == r["saved"] and r["integrity"] == "ok" and not r["hung"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
