"""Pages against a static file, side by side in one run (not a test).

    python benchmarks/page_bench.py [--requests 2000] [--clients 20] [--rounds 3] [--tree PATH]

Starts `judge.web` under waitress (8 threads, as `judge serve`) in a child process on 127.0.0.1
with a fresh database, saves two examples through the API (the median-sized step page of the
library, d39, and the largest, d41) and then drives the server with ApacheBench (`ab`, Debian's
`apache2-utils`: a C client, so the 20 clients do not share Python's lock with the server):

    ab -q -n REQUESTS -c CLIENTS -H "Accept-Encoding: gzip" URL

for `/static/app.css` and `/s/<id>?step=5`, alternating the two, round after round, so the
machine's noise falls on both alike; the median requests/s and p95 (ab's "95%" line) of the rounds
are printed. Each URL is fetched once before its rounds (the first request of a page lays out
its chart and fills the caches; the rounds measure what every later reader gets). The same
header goes to both: a browser sends it for a stylesheet and a page alike.

Then, with http.client (no decoding, so the bytes are what crosses the wire): the size of each
page with `Accept-Encoding: gzip` and with `br` (status line and headers included), and a repeat
visit: the same request again with the `ETag` it got in `If-None-Match`, which must be a 304.

`--tree PATH` serves another checkout instead (e.g. a worktree of main, for the numbers before a
change); the clients and the figures are the same. Loopback only.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_test import HOST, Server  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = {"median": "d39-chum-then-jack-out.yaml",
            "largest": "d41-letheia-nisei-sends-the-runner-back.yaml"}
TARGET_RATIO = 0.5      # a step page at no less than half the requests/s of the static file
TARGET_BYTES = 30_000   # a step page at most 30 KB on the wire with Accept-Encoding: gzip


def ab(url: str, requests: int, clients: int) -> dict:
    """One ApacheBench run: requests/s, p50 and p95 latency (ms), failures and non-2xx answers."""
    out = subprocess.run(["ab", "-q", "-n", str(requests), "-c", str(clients), "-H", "Accept-Encoding: gzip",
                          url], capture_output=True, text=True, check=True).stdout

    def grab(pattern: str, default: float = 0.0) -> float:
        m = re.search(pattern, out, re.M)
        return float(m.group(1)) if m else default

    return {"rps": grab(r"^Requests per second:\s+([\d.]+)"), "p50": grab(r"^\s+50%\s+(\d+)"),
            "p95": grab(r"^\s+95%\s+(\d+)"), "failed": grab(r"^Failed requests:\s+(\d+)"),
            "non2xx": grab(r"^Non-2xx responses:\s+(\d+)"), "bytes": grab(r"^Document Length:\s+(\d+)")}


def fetch(port: int, path: str, headers: dict | None = None, method: str = "GET",
          body: bytes | None = None) -> tuple[int, http.client.HTTPMessage, bytes, int]:
    """(status, headers, body as sent, bytes on the wire including the status line and headers)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        data = resp.read()
        head = f"HTTP/1.1 {resp.status} {resp.reason}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in resp.getheaders())
        return resp.status, resp.headers, data, len(head) + 2 + len(data)  # headers: any case
    finally:
        conn.close()


def save(port: int, example: str) -> str:
    text = (ROOT / "examples" / example).read_bytes()
    status, _, data, _ = fetch(port, "/api/scenarios", {"Content-Type": "application/yaml"}, "POST", text)
    if status != 201 and status != 200:
        raise RuntimeError(f"saving {example}: HTTP {status}: {data[:200]!r}")
    return json.loads(data)["id"]


def wire(port: int, path: str) -> dict:
    """Bytes on the wire for each encoding, and whether a repeat visit is a 304."""
    out = {}
    for enc in ("identity", "gzip", "br"):
        status, headers, _, n = fetch(port, path, {"Accept-Encoding": enc})
        out[enc] = {"status": status, "bytes": n, "encoding": headers.get("Content-Encoding", "identity")}
    status, headers, _, _ = fetch(port, path, {"Accept-Encoding": "gzip"})
    etag = headers.get("ETag")
    again = fetch(port, path, {"Accept-Encoding": "gzip", "If-None-Match": etag})[0] if etag else None
    out["repeat"] = {"etag": etag, "status": again, "cache_control": headers.get("Cache-Control")}
    return out


def cold(port: int, sid: str) -> dict:
    """Each step of a situation opened once, in order, by one client: pages rendered afresh (the
    first reader of each step pays this; the rounds above measure every later one)."""
    import time

    times, n = [], 1
    while True:
        t0 = time.perf_counter()
        status = fetch(port, f"/s/{sid}?step={n}&lang=ko", {"Accept-Encoding": "gzip"})[0]
        if status != 200:
            break
        times.append((time.perf_counter() - t0) * 1000)
        n += 1
    return {"steps": len(times), "p50": statistics.median(times), "max": max(times)}


def run(requests: int, clients: int, rounds: int, tree: Path) -> dict:
    with tempfile.TemporaryDirectory(prefix="judge-pages-") as tmp:
        with Server(Path(tmp) / "bench.sqlite", threads=8, env={"PYTHONPATH": str(tree)}) as server:
            ids = {k: save(server.port, f) for k, f in EXAMPLES.items()}
            urls = {"static": "/static/app.css", "step": f"/s/{ids['median']}?step=5",
                    "step_largest": f"/s/{ids['largest']}?step=5"}
            for path in urls.values():
                fetch(server.port, path, {"Accept-Encoding": "gzip"})      # warm: lay out, fill caches
            runs: dict[str, list[dict]] = {k: [] for k in urls}
            for _ in range(rounds):
                for kind, path in urls.items():
                    runs[kind].append(ab(server.url + path, requests, clients))
            sizes = {kind: wire(server.port, path) for kind, path in urls.items()}
            first = {k: cold(server.port, sid) for k, sid in ids.items()}
    summary = {kind: {"rps": statistics.median(r["rps"] for r in rs), "p50": statistics.median(r["p50"] for r in rs),
                      "p95": statistics.median(r["p95"] for r in rs),
                      "failed": sum(r["failed"] for r in rs), "non2xx": sum(r["non2xx"] for r in rs),
                      "rounds": [round(r["rps"]) for r in rs]}
               for kind, rs in runs.items()}
    return {"tree": str(tree), "requests": requests, "clients": clients, "rounds": rounds, "urls": urls,
            "summary": summary, "sizes": sizes, "cold": first}


def report(r: dict) -> str:
    s, z = r["summary"], r["sizes"]
    lines = [f"waitress (8 threads) on {HOST}, serving {r['tree']}",
             f"driver: ab -n {r['requests']} -c {r['clients']} -H 'Accept-Encoding: gzip', "
             f"{r['rounds']} alternating rounds, medians",
             "", f"{'url':<14} {'req/s':>8} {'p50 ms':>7} {'p95 ms':>7} {'failed':>7} {'non-2xx':>8}  rounds"]
    for kind, v in s.items():
        lines.append(f"{kind:<14} {v['rps']:>8.0f} {v['p50']:>7.0f} {v['p95']:>7.0f} {v['failed']:>7.0f} "
                     f"{v['non2xx']:>8.0f}  {v['rounds']}")
    lines += ["", f"{'url':<14} {'identity':>10} {'gzip':>10} {'br':>10}  repeat visit"]
    for kind, v in z.items():
        rep = v["repeat"]
        lines.append(f"{kind:<14} {v['identity']['bytes']:>10} {v['gzip']['bytes']:>10} {v['br']['bytes']:>10}  "
                     f"{rep['status'] if rep['status'] else 'no ETag'} ({rep['cache_control']})")
    lines += ["", "first view of each step (rendered afresh, one client, Korean):"]
    for kind, v in r["cold"].items():
        lines.append(f"  {kind:<12} {v['steps']} steps, p50 {v['p50']:.1f} ms, max {v['max']:.1f} ms")
    ratio = s["step"]["rps"] / s["static"]["rps"] if s["static"]["rps"] else 0.0
    gz = z["step"]["gzip"]["bytes"]
    lines += ["", f"step page / static file throughput: {ratio:.2f} (target >= {TARGET_RATIO})",
              f"step page with gzip on the wire:    {gz} bytes (target <= {TARGET_BYTES})",
              f"repeat visit of the step page:      {z['step']['repeat']['status'] or 'no ETag'} (target 304)",
              f"url of the step page:               {r['urls']['step']}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--requests", type=int, default=2000, help="requests per ab run")
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--tree", type=Path, default=ROOT, help="the checkout to serve (default: this one)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = ap.parse_args(argv)
    if shutil.which("ab") is None:
        print("ApacheBench is missing: apt-get install apache2-utils", file=sys.stderr)
        return 2
    r = run(args.requests, args.clients, args.rounds, args.tree.resolve())
    print(report(r))
    if args.json:
        print(json.dumps(r, indent=1))
    s, z = r["summary"], r["sizes"]
    met = (s["step"]["rps"] >= TARGET_RATIO * s["static"]["rps"] and z["step"]["gzip"]["bytes"] <= TARGET_BYTES
           and z["step"]["repeat"]["status"] == 304 and not any(v["failed"] or v["non2xx"] for v in s.values()))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
