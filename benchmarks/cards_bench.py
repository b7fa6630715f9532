"""Times of the card catalogue (not a test: prints measurements): load, find, suggest, search.

    python benchmarks/cards_bench.py
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.cards import catalogue as cat  # noqa: E402
from judge.cards.catalogue import CardFacts, Catalogue  # noqa: E402


def per_call_us(fn, args: list) -> float:
    """Return the mean time of one call in microseconds, over every argument."""
    t0 = time.perf_counter()
    for a in args:
        fn(a)
    return (time.perf_counter() - t0) / len(args) * 1e6


def typo(rng: random.Random, s: str) -> str:
    """Return s with one letter dropped, doubled or swapped with the next."""
    i = rng.randrange(len(s))
    return rng.choice([s[:i] + s[i + 1:], s[:i] + s[i] + s[i:], s[:i] + s[i + 1:i + 2] + s[i:i + 1] + s[i + 2:]])


def main() -> None:
    size = cat.CATALOGUE.stat().st_size
    t0 = time.perf_counter()
    doc = json.loads(cat.CATALOGUE.read_text(encoding="utf-8"))
    t1 = time.perf_counter()
    cards = [CardFacts.from_dict(d) for d in doc["cards"]]
    t2 = time.perf_counter()
    Catalogue(cards)
    t3 = time.perf_counter()
    loads = []
    for _ in range(5):
        s = time.perf_counter()
        Catalogue.from_file(cat.CATALOGUE)
        loads.append((time.perf_counter() - s) * 1000)
    c = cat.catalogue()
    print(f"catalogue.json: {size} bytes, {len(c.cards)} cards, {len(c.names)} searchable names")
    print(f"load: parse {(t1 - t0) * 1000:.1f} ms, facts {(t2 - t1) * 1000:.1f} ms, index {(t3 - t2) * 1000:.1f} ms;"
          f" whole load median of 5: {statistics.median(loads):.1f} ms")

    rng = random.Random(7)
    picks = [rng.choice(c.cards) for _ in range(1000)]
    spelled = [rng.choice([p.id, p.title, p.title.upper(), p.title_ko or p.title, p.id.replace("_", "-")])
               for p in picks]
    typos = [typo(rng, rng.choice([p.title, p.title_ko or p.title])) for p in picks]
    queries = [t[: max(2, len(t) // 2)] for t in typos[:100]]
    assert all(c.find(s) is not None for s in spelled)
    print(f"find: {per_call_us(c.find, spelled):.1f} us a call (1,000 calls: ids, titles, Korean titles)")
    print(f"find, a miss: {per_call_us(c.find, typos):.1f} us a call (1,000 typos)")
    print(f"suggest: {per_call_us(c.suggest, typos) / 1000:.2f} ms a call (1,000 typos)")
    hit = sum(c.suggest(t)[:1] == [p] for t, p in zip(typos, picks, strict=True))
    print(f"suggest: the right card first for {hit} of 1,000 one-letter typos")
    print(f"search: {per_call_us(c.search, queries) / 1000:.2f} ms a call (100 half-typed titles)")
    models_and_pages()


def models_and_pages() -> None:
    """The card models (read once), a scenario of real cards read and run, and the form's JSON."""
    import tempfile

    from judge.cards import model as card_model
    from judge.engine import run
    from judge.scenario import load_scenario
    from judge.web import create_app

    s = time.perf_counter()
    models = card_model._load()
    print(f"card models: {len(models)} read in {(time.perf_counter() - s) * 1000:.0f} ms "
          f"({sum(len(m.checks) for m in models.values())} checks)")
    text = ("run: {server: HQ, by: Inside Job}\nrunner: {credits: 2, cards: [{card: Inside Job}]}\n"
            "servers: {HQ: {ice: [{card: tollbooth, rezzed: true}, {card: 에니그마, rezzed: true}], "
            "cards: [{card: Hedge Fund}]}}\n")
    n = 200
    s = time.perf_counter()
    for _ in range(n):
        run(load_scenario("x.yaml", text=text))
    print(f"a two-ice scenario of real cards (card:), read and run: {(time.perf_counter() - s) / n * 1000:.2f} ms")
    with tempfile.TemporaryDirectory() as d:
        client = create_app({"TESTING": True, "DATABASE": f"{d}/b.sqlite"}).test_client()
        for url, label in (("/api/cards?q=toll&side=corp&type=ice", "autocomplete (/api/cards)"),
                           ("/api/cards?q=%ED%86%A8%EB%B6%80", "autocomplete in Korean"),
                           ("/api/cards/tollbooth/rows?place=ice", "a picked card's rows")):
            client.get(url)
            s = time.perf_counter()
            for _ in range(n):
                client.get(url)
            print(f"{label}: {(time.perf_counter() - s) / n * 1000:.2f} ms a request (in process)")


if __name__ == "__main__":
    main()
