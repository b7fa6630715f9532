"""Many judges at once against a real server: the short run of benchmarks/load_test.py."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import load_test  # noqa: E402


def test_five_clients_for_three_seconds_get_no_errors_and_every_save_comes_back_exactly(tmp_path):
    r = load_test.load(clients=5, seconds=3, max_requests=2000, threads=4, folder=tmp_path)

    assert r["errors"] == []
    assert not r["hung"]
    assert r["saved"] >= 5 and r["latency_ms"]["step"]["n"] > 0
    assert r["recovered"] == r["saved"] == r["rows"] and r["missing"] == []
    assert r["integrity"] == "ok"


def test_each_client_saves_situations_of_its_own():
    texts = {load_test.scenario(c, n) for c in range(5) for n in range(1, 20)}

    assert len(texts) == 5 * 19
