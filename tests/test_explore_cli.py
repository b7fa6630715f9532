"""`judge explore`, run as a real process: its JSON, its words in both languages, its questions
and its refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TWO_ICE = """\
title: Ice Wall and an unrezzed Enigma
run: {server: HQ}
servers:
  HQ:
    ice: [{card: Ice Wall, rezzed: true}, {card: Enigma}]
    cards: [{card: Hedge Fund}]
"""


def judge(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "judge", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


@pytest.fixture
def two_ice(tmp_path) -> str:
    p = tmp_path / "two.yaml"
    p.write_text(TWO_ICE, encoding="utf-8")
    return str(p)


def test_json_has_the_shape_of_the_issue(two_ice):
    out = judge("explore", two_ice, "--format", "json")
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert {"ruleset", "branches", "outcomes", "lines", "truncated"} <= set(d)
    assert set(d["outcomes"]) == {"successful", "unsuccessful", "neither"}
    assert d["branches"] == sum(d["outcomes"].values()) == len(d["lines"])
    assert d["truncated"] is False
    for line in d["lines"]:
        assert line["outcome"] in d["outcomes"] and line["end"] in ("6", "7")
        for c in line["choices"]:
            assert {"at", "by", "choice"} <= set(c)
    # the Runner gets in only by breaking Ice Wall's subroutine
    for line in d["lines"]:
        if line["outcome"] == "successful":
            assert any(c["at"] == "3.1@Ice Wall" and c["choice"] == "break" for c in line["choices"])


def test_text_gives_the_outcomes_and_the_shortest_line_to_each(two_ice):
    out = judge("explore", two_ice)
    assert out.returncode == 0, out.stderr
    assert "successful" in out.stdout and "Shortest line to each outcome" in out.stdout
    assert "3.1@Ice Wall  the Runner breaks every subroutine of Ice Wall" in out.stdout
    ko = judge("explore", two_ice, "--lang", "ko", "--ruleset", "nsg")
    assert ko.returncode == 0 and "결과마다 가장 짧은 줄" in ko.stdout and "@아이스 벽" in ko.stdout


def test_can_answers_yes_with_a_witness_line(two_ice):
    out = judge("explore", two_ice, "--can", "outcome=successful", "--can", "rez:Enigma@2.3@Enigma")
    assert out.returncode == 0, out.stderr
    assert "can outcome=successful & rez:Enigma@2.3@Enigma: yes" in out.stdout
    assert "2.3@Enigma  the Corp rezzes Enigma" in out.stdout


def test_can_answers_no_with_exit_code_1(two_ice):
    out = judge("explore", two_ice, "--can", "jack_out@2.2@Ice Wall")
    assert out.returncode == 1
    assert "can jack_out@2.2@Ice Wall: no" in out.stdout
    j = json.loads(judge("explore", two_ice, "--can", "outcome=neither", "--format", "json").stdout)
    assert j["can"] == {"questions": ["outcome=neither"], "answer": "no", "complete": True, "line": None}


def test_a_capped_search_says_it_was_truncated(two_ice):
    out = judge("explore", two_ice, "--max-branches", "2", "--format", "json")
    d = json.loads(out.stdout)
    assert d["truncated"] is True and "Truncated at 2 lines" in d["note"] and len(d["lines"]) <= 2


@pytest.mark.parametrize("args", [("--can", "fly@2.2"), ("--can", 'rez:"<b>{x}</b>"@2.3'),
                                  ("--can", "outcome=" + "z" * 1000)])
def test_a_bad_question_is_one_line_and_exit_2(two_ice, args):
    out = judge("explore", two_ice, *args)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "question" in out.stderr


def test_a_malformed_or_hostile_file_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("run: {server: HQ}\nservers: {HQ: {ice: [{name: '<x>\"{y}\"', subroutines: 7}]}}\n")
    for path in (str(bad), str(tmp_path / "missing.yaml")):
        out = judge("explore", path)
        assert out.returncode == 2 and "Traceback" not in out.stderr
        assert len(out.stderr.strip().splitlines()) == 1
