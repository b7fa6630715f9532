"""A Korean reader meets every real card (`card:` with a Korean title) under its Korean title in
what the judge writes: every event's sentence and step label of every library case, after a swap,
at a second approach (`Ice Wall#2`), in a trigger's source and in the texts card models give."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from korean_scan import english_titles, real_titles, shown_text

from judge.analysis.check import expected_error
from judge.engine import run
from judge.render.trace_text import render_text
from judge.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(p for p in (ROOT / "examples").glob("*.yaml") if expected_error(p) is None)


def _korean_words(sc, rs: str) -> str:
    """The Korean text trace (verbose) and the JSON's sentences, without the file's own title and
    explanation (the library's writing, not the judge's)."""
    t = run(replace(sc, title="", explanation={}), rs)
    return render_text(t, "ko", verbose=True) + "\n" + shown_text(t.as_dict("ko")) + "\n" + "\n".join(
        e.shown("ko") for e in t.events)


def test_every_library_case_names_real_cards_in_korean():
    left: dict[str, list[str]] = {}
    checked = 0
    for p in CASES:
        sc = load_scenario(p)
        real = real_titles(sc)
        if not real:
            continue
        for rs in sc.expected_rulesets() or [sc.ruleset]:
            checked += 1
            found = english_titles(_korean_words(sc, rs), real)
            if found:
                left[f"{p.name} [{rs}]"] = sorted(set(found))
    assert checked > 100  # the library's real-card cases were all read
    assert not left, left


SWAP = """\
title: swap
ruleset: nsg
run: {server: HQ}
servers:
  HQ:
    ice:
      - {card: enigma, rezzed: true}
      - {card: ice_wall, rezzed: true}
actions:
  - {at: 6.9.2a, ice: Enigma, by: runner, swap_ice: [Ice Wall, Enigma]}
"""


def test_a_swapped_ice_keeps_its_korean_title_in_step_labels_and_sentences():
    sc = load_scenario("swap.yaml", text=SWAP)
    words = _korean_words(sc, "nsg")
    assert not english_titles(words, real_titles(sc)), words
    assert "아이스 벽" in words or re.search(r"@[가-힣]", words)


def test_the_korean_stepper_page_names_the_cards_in_korean(client):
    for name in ("d25-code-replicator-approach-again-jack-out.yaml", "c-laser-pointer-bypasses-swordsman-once.yaml",
                 "d28-security-testing-and-account-siphon.yaml"):
        path = ROOT / "examples" / name
        if not path.exists():
            pytest.skip(name)
        sc = load_scenario(path)
        sid = client.post("/api/scenarios", data=path.read_text(encoding="utf-8"),
                          headers={"Content-Type": "application/yaml"}).get_json()["id"]
        shown = 0
        for n in (1, 4, 8, 12):
            resp = client.get(f"/s/{sid}?step={n}&lang=ko")
            if resp.status_code != 200:
                continue
            shown += 1
            found = english_titles(_events_part(resp.get_data(as_text=True)), real_titles(sc))
            assert not found, (name, n, found)
        assert shown


def _events_part(html: str) -> str:
    """The page's words a reader sees: tags, scripts and the scenario's source (shown as written) out."""
    html = re.sub(r"<(script|style|textarea|pre)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<[^>]+>", " ", html)
    return html
