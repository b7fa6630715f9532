"""What the library tells a reader is checkable: public sources, and how sure each case is.

Teachers hand the cases to players, so `sources:` and the explanations cite what a reader can look
up: the seed's step with its number and Korean heading ("Seed step 2.3 (아이스 레즈 여부 결정)"), the
FFG documents, the NSG Comprehensive Rules with the rule number, a NetrunnerDB ruling or card page,
a named public page. The team's own notes are not sources: the research file and its case numbers,
source keys and confidence marks, the spec and its numbered open points. Where the rules leave a
point open, the case says so in words (and `confidence: reading`).

Every case also says how sure it is, `confidence:` `ruling` (an official ruling answers it), `rules`
(it follows from the rules text) or `reading` (the judge's reading of a point the rules leave open);
a file the judge must refuse (`reject-…`) may leave it out.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from judge.paths import EXAMPLES
from judge.scenario.parse import CONFIDENCE

FILES = sorted(EXAMPLES.glob("*.yaml"))

# What betrays the team's notes, each named for the message.
INTERNAL = {
    "the research notes (rules.md)": re.compile(r"\brules\.md\b"),
    "the spec's files": re.compile(r"\b(?:run-timing|scenario-format)\.md\b|\bthe spec\b|\bspec'?s?\b"),
    "a numbered open point": re.compile(r"\bopen points?\b|열린 쟁점"),
    "a research source key such as [S12]": re.compile(r"\[S\d+[a-z]?\]"),
    "a research confidence mark such as (H)": re.compile(r"\((?:H|M|L)\)|신뢰도 [HML]\b|\bconfidence [HML]\b"),
    "a research case number such as D10 or E7": re.compile(r"(?<![\w`-])[DE]\d{1,2}[ab]?(?![\w-])"),
    "a research section such as A.3 or section D": re.compile(r"\bsection [A-F]\b|(?<![\w.])[A-F]\.\d\b"),
    "the shared folder": re.compile(r"\bshared folder\b|\.\./shared\b"),
}

SEED_HEADINGS = ("런 개시", "아이스에 접근", "지불 능력 격발", "런 지속 여부 결정", "아이스 레즈 여부 결정",
                 "레즈 여부에 따른 결과", "아이스와 대치", "아이스와 상호작용", "서브루틴 발휘", "통과", "서버에 접근",
                 "아이스 아닌 카드 레즈", "성공한 런", "액세스", "액세스 종료", "런 종료", "실패한 런 종료")


def _texts(data: dict) -> list[tuple[str, str]]:
    """(where, text) for every source line and every explanation of a raw scenario."""
    out = [(f"sources[{i}]", s) for i, s in enumerate(data.get("sources") or []) if isinstance(s, str)]
    ex = data.get("explanation") or {}
    if isinstance(ex, str):
        ex = {"en": ex}
    out += [(f"explanation.{k}", v) for k, v in ex.items() if isinstance(v, str)]
    return out


def internal_references(data: dict) -> list[str]:
    """Every reference to the team's notes in a scenario's sources and explanations."""
    found = []
    for where, text in _texts(data):
        for what, pat in INTERNAL.items():
            for m in pat.finditer(text):
                found.append(f"{where}: {what}: …{text[max(0, m.start() - 30):m.end() + 20]}…")
    return found


def _load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_sources_and_explanations_cite_what_a_reader_can_look_up(path: Path):
    data = _load(path)

    found = internal_references(data)

    assert not found, f"{path.name}: cite a public source instead of the team's notes:\n  " + "\n  ".join(found)
    assert data.get("sources"), f"{path.name}: no sources"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_seed_step_is_cited_with_its_heading(path: Path):
    bare = [s for s in _load(path).get("sources") or []
            if re.search(r"\bSeed step \d", s) and not any(h in s for h in SEED_HEADINGS)]

    assert not bare, f"{path.name}: name the seed step's Korean heading too: {bare}"


@pytest.mark.parametrize("path", [f for f in FILES if not f.name.startswith("reject-")], ids=lambda p: p.name)
def test_every_case_says_how_sure_it_is(path: Path):
    data = _load(path)

    assert data.get("confidence") in CONFIDENCE, (
        f"{path.name}: add confidence: ruling (an official ruling answers it), rules (it follows from the "
        "rules text) or reading (the judge's reading of a point the rules leave open)")


def test_a_case_that_the_research_marks_uncertain_is_not_called_rules():
    # `uncertain` means the research gives M or L: a ruling may still exist (d28's FFG-era one),
    # but "it follows from the rules text" would claim too much.
    wrong = [f.name for f in FILES if "uncertain" in (_load(f).get("tags") or [])
             and _load(f).get("confidence") == "rules"]

    assert not wrong


@pytest.mark.parametrize(("text", "what"), [
    ("rules.md D10 (H)", "the research notes"),
    ("run-timing.md, open point 4", "the spec's files"),
    ("as the spec says", "the spec's files"),
    ("open point 7", "a numbered open point"),
    ("[S12]", "a research source key"),
    ("confidence M", "a research confidence mark"),
    ("the bypass wins (D10).", "a research case number"),
    ("see E7 for the difference", "a research case number"),
    ("rules.md A.3", "a research section"),
    ("열린 쟁점 5", "a numbered open point"),
])
def test_an_internal_reference_is_found_and_named(text, what):
    found = internal_references({"sources": [text]})

    assert any(what in f for f in found), found


@pytest.mark.parametrize("text", [
    "Seed step 2.3 (아이스 레즈 여부 결정)",
    "NSG Comprehensive Rules 6.9.4e and 9.2.8f",
    "NetrunnerDB ruling on Inside Job, netrunnerdb.com/en/card/31018",
    "FFG FAQ v1.6, Bypass",
    "compare `d10-inside-job-bypasses-tollbooth` and `e15-…`",
    "examples/README.md, \"Writing a scenario\"",
    "NISEI Comprehensive Rules 1.4 (Dec 2019), John Masanori example",
])
def test_public_sources_pass(text):
    assert internal_references({"sources": [text], "explanation": {"en": text}}) == []
