"""Render times of the library, handout, quiz and coverage pages (not a test: prints measurements).

The first request of a process loads and runs every example under each rule set it is checked for,
and lays the charts out; later requests reuse both, so each page is timed cold and warm.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.web import create_app  # noqa: E402

CASE = "d24-the-twins-forced-encounter-then-run-resumes"
PAGES = ["/library", "/library?step=2.2&via=entered", "/library?rs=nsg&step=6.9.2b",
         f"/library/{CASE}/handout", f"/library/{CASE}/handout?lang=ko", "/coverage", "/coverage?rs=nsg",
         f"/quiz?cases={CASE}", "/quiz"]


def ms(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def main() -> None:
    db = Path(tempfile.mkdtemp()) / "judge.sqlite"
    client = create_app({"TESTING": True, "DATABASE": str(db), "SECRET_KEY": "bench",
                         "EXAMPLES": str(ROOT / "examples")}).test_client()
    print(f"{'page':<72} {'cold ms':>8} {'warm median ms':>15}")
    for path in PAGES:
        cold = ms(lambda p=path: client.get(p))
        warm = statistics.median(ms(lambda p=path: client.get(p)) for _ in range(7))
        print(f"{path:<72} {cold:>8.0f} {warm:>15.1f}")
    html = client.get("/quiz").get_data(as_text=True)
    token = re.search(r'name="_csrf" value="([^"]+)"', html).group(1)
    choice = re.search(r'name="choice" value="([^"]+)"', html).group(1)
    post = ms(lambda: client.post("/quiz/answer", data={"_csrf": token, "i": "0", "choice": choice}))
    reveal = ms(lambda: client.get("/quiz"))
    print(f"{'POST /quiz/answer':<72} {post:>8.0f}")
    print(f"{'/quiz (the reveal)':<72} {reveal:>8.0f}")


if __name__ == "__main__":
    main()
