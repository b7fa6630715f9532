"""`judge compare` keeps its differences as data and says them only at the edge: in Korean it prints
no English word but the names of cards that have no Korean title (and the scenario's own invented
names), and the JSON keeps every field it had, with the moment and the trigger's card added."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from korean_scan import latin_words, names_of

from judge.analysis.check import expected_error
from judge.analysis.compare import MOMENTS, compare_rulesets
from judge.cards.catalogue import all_cards
from judge.cli import cli
from judge.i18n import catalogue
from judge.render.compare_text import describe, moment_text
from judge.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(p for p in (ROOT / "examples").glob("*.yaml") if expected_error(p) is None)


@cache
def _korean_titled() -> tuple[frozenset[str], frozenset[str]]:
    """English titles that have a Korean title, and the Latin words inside Korean titles (PAD 캠페인)."""
    titled = {c.title for c in all_cards() if c.title_ko and c.title_ko != c.title}
    words = {w for c in all_cards() if c.title_ko for w in re.findall(r"[A-Za-z][A-Za-z.\-]*", c.title_ko)}
    return frozenset(titled), frozenset(words)


@cache
def _untitled_multiword() -> tuple[str, ...]:
    """Real cards' titles of several words with no Korean title, longest first ("Code Replicator")."""
    return tuple(sorted({c.title for c in all_cards() if (not c.title_ko or c.title_ko == c.title) and " " in c.title},
                        key=len, reverse=True))


def _compare(*args: str) -> str:
    out = CliRunner().invoke(cli, ["compare", *args], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    return out.output


def english_left(text: str, own: set[str]) -> list[str]:
    """The English a Korean compare text still holds: words that are no card's name, and real cards'
    English titles where a Korean title exists."""
    titled, title_words = _korean_titled()
    plain = re.sub(r"“[^“”가-힣]*”", " ", text)      # a card's own words a scenario quotes, as typed
    left = [w for w in latin_words(plain, own) if w not in title_words]
    for whole in _untitled_multiword():     # "Code Replicator" has no Korean title: "Replicator" in it is not that card
        plain = plain.replace(whole, " ")
    for n in own:
        plain = plain.replace(n, " ")
    left += [n for n in titled if re.search(rf"(?<![A-Za-z]){re.escape(n)}(?![A-Za-z])", plain)]
    return left


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_judge_compare_in_korean_says_everything_in_korean_but_cards_with_no_korean_title(path):
    sc = load_scenario(path)
    titled, _ = _korean_titled()
    own = {n for n in names_of(sc) if n not in titled}     # invented cards and servers keep their names

    text = _compare("--lang", "ko", str(path))

    assert not english_left(text, own), (english_left(text, own), text)


def test_the_check_catches_an_english_verb_and_a_card_under_its_english_title():
    assert english_left("통과 (4@톨부스): ffg-rr pass Tollbooth", set()) == ["pass", "Tollbooth"]
    assert english_left("Code Replicator 격발, Ice A 통과", {"Ice A"}) == []


D10 = ROOT / "examples" / "d10-inside-job-bypasses-tollbooth.yaml"
AIMOR = ROOT / "examples" / "c-aimor-trashes-itself-bravado-counts-the-pass.yaml"
ANOETIC = ROOT / "examples" / "c-anoetic-void-before-or-after-the-last-jack-out.yaml"


def test_the_korean_title_and_the_path_name_the_ice_in_korean():
    text = _compare("--lang", "ko", str(D10))
    first = text.splitlines()[0]
    assert "톨부스" in first and "내부자 범행" in first and "Tollbooth" not in text
    assert "2@톨부스" in text and "내부자 범행: 대치할 때 @ 3@톨부스" in text


def test_the_json_keeps_its_fields_and_adds_the_moment_and_the_trigger_card():
    got = json.loads(_compare("--format", "json", str(ANOETIC)))
    assert list(got) == ["title", "runs", "unplaced", "divergences"]
    path = next(d for d in got["divergences"] if d["kind"] == "path")
    a, b = path["rulesets"]
    assert set(path[a]) == {"what", "verb", "object", "at", "moment"}
    assert path[a]["verb"] == path[a]["moment"].replace("_", " ") and path[a]["what"].startswith(path[a]["verb"])
    assert {path[a]["moment"], path[b]["moment"]} == {"server", "jack_out"}
    assert path[b]["what"] == "jack out" or path[a]["what"] == "jack out"
    trig = next(d for d in got["divergences"] if d["kind"] == "trigger")
    assert trig["trigger"] == f"{trig['card']}: {trig['when']}" == "Anoetic Void: approach_server"


def test_every_moment_has_its_words_in_both_languages_and_no_text_is_parsed_back():
    for lang in ("en", "ko"):
        cat = catalogue(lang)
        assert all(f"pages.cmp_v_{m}" in cat for m in MOMENTS), lang
    source = (ROOT / "judge" / "web" / "rulesets" / "compare_view.py").read_text(encoding="utf-8")
    assert '["what"]' not in source and "startswith(v" not in source   # the page reads the moment, not the English


def test_a_moment_is_said_from_its_code_whatever_its_english_says():
    said = {"what": "something else entirely", "verb": "pass", "object": "Ice Wall", "at": "4@Ice Wall",
            "moment": "jack_out"}
    assert moment_text(said, "en") == "jack out (4@Ice Wall)"
    assert moment_text(said, "ko") == "잭 아웃 (4@아이스 벽)"


def test_the_korean_page_and_the_cli_say_a_difference_with_the_same_words():
    cmp = compare_rulesets(load_scenario(AIMOR))
    path = next(d for d in cmp.divergences if d["kind"] == "path")
    words = describe(path, "ko", cmp.traces)
    assert "아이스 벽 접근 (6.9.2a@아이스 벽)" in words and "Ice Wall" not in words
    lists = next(d for d in cmp.divergences if d["kind"] == "passed")
    assert describe(lists, "ko", cmp.traces).startswith("통과 목록이 다르다")
