"""The compare page, the stepper under nsg and the translation page over every example (not a test:
prints measurements). First request = the three runs and the columns; later ones = columns only."""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.web import create_app  # noqa: E402

YAML = {"Content-Type": "application/yaml"}


def ms(f) -> float:
    t0 = time.perf_counter()
    f()
    return (time.perf_counter() - t0) * 1000


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "DATABASE": f"{tmp}/bench.sqlite", "SECRET_KEY": "bench",
                          "EXAMPLES": str(ROOT / "examples")})
        c = app.test_client()
        ids = []
        for f in sorted((ROOT / "examples").glob("*.yaml")):
            resp = c.post("/api/scenarios", data=f.read_bytes(), headers=YAML)
            if resp.status_code == 200:
                ids.append((f.stem, resp.get_json()["id"]))
        c.get("/chart")  # lay out every chart once, as a running server would have
        rows = {"compare, first (en)": [], "compare, later (en)": [], "compare, later (ko)": [],
                "stepper under nsg, first": [], "stepper under nsg, later": []}
        worst = ("", 0.0)
        for stem, sid in ids:
            first = ms(lambda sid=sid: c.get(f"/s/{sid}/compare?lang=en"))
            rows["compare, first (en)"].append(first)
            worst = max(worst, (stem, first), key=lambda x: x[1])
            rows["compare, later (en)"].append(ms(lambda sid=sid: c.get(f"/s/{sid}/compare?lang=en")))
            rows["compare, later (ko)"].append(ms(lambda sid=sid: c.get(f"/s/{sid}/compare?lang=ko")))
            rows["stepper under nsg, first"].append(ms(lambda sid=sid: c.get(f"/s/{sid}?ruleset=nsg&lang=en")))
            rows["stepper under nsg, later"].append(ms(lambda sid=sid: c.get(f"/s/{sid}?ruleset=nsg&lang=en")))
        translate = [ms(lambda: c.get("/translate?step=4.3")) for _ in range(20)]
    print(f"{len(ids)} examples")
    for name, xs in rows.items():
        print(f"{name:28s} median {statistics.median(xs):6.1f} ms   max {max(xs):6.1f} ms")
    print(f"{'translate lookup':28s} median {statistics.median(translate):6.1f} ms   max {max(translate):6.1f} ms")
    print(f"slowest first compare: {worst[0]} ({worst[1]:.1f} ms)")


if __name__ == "__main__":
    main()
