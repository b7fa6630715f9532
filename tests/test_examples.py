"""Every example's `expect:` under every rule set it names: the library is the engine's test.

A file written to be refused passes when the judge refuses it with the message it expects.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from judge.analysis.check import check_file
from judge.paths import EXAMPLES

FILES = sorted(EXAMPLES.glob("*.yaml"))


def test_the_library_has_examples():
    assert len(FILES) > 100


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_examples_expectations_hold(path: Path):
    results = check_file(path)

    assert all(r.checked for r in results), f"{path.name} has no expect block"
    failures = [f"{r.label}: " + "; ".join(r.texts()) for r in results if not r.passed]
    assert not failures, "\n".join(failures)


def test_a_broken_expectation_in_an_example_fails(tmp_path):
    good = (EXAMPLES / "d10-inside-job-bypasses-tollbooth.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text(good.replace("outcome: successful", "outcome: unsuccessful", 1), encoding="utf-8")

    results = check_file(broken)

    assert [r.passed for r in check_file(EXAMPLES / "d10-inside-job-bypasses-tollbooth.yaml")] == [True]
    assert not results[0].passed and "outcome: expected unsuccessful, got successful" in results[0].texts()[0]


def test_a_file_meant_to_be_refused_fails_when_it_runs(tmp_path):
    f = tmp_path / "reject-nothing.yaml"
    f.write_text(textwrap.dedent("""\
        run: {server: HQ}
        expect: {error: "cannot jack out"}
        """), encoding="utf-8")

    (r,) = check_file(f)

    assert not r.passed and "the run went through" in r.texts()[0]
