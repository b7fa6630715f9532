"""No file of the project repeats a sentence of an official card text.

The project describes cards in its own words (models, examples, explanations, pages); the official
texts are only a reading aid kept outside the repository (`reference_text.py` says where and how
sentences are compared). Every file git tracks, and every new file git would track (untracked and not
ignored), is read as text (undecodable bytes ignored; a file with a NUL byte is binary and skipped),
and no official sentence of 40 or more characters may appear in it. The scan is one pass per file
(see `reference_text.Matcher`) and takes about a second for the whole repository.
"""

from __future__ import annotations

import json
import subprocess
import time

import pytest
import yaml
from reference_text import (
    ENV,
    MIN_CHARS,
    ROOT,
    RUN_CHARS,
    Matcher,
    Runs,
    normalise,
    official_sentences,
    reference_path,
    strings_of,
)

SKIP_DIRS = {".git", ".venv", "node_modules", "instance", "__pycache__", ".ruff_cache", ".pytest_cache"}
BUDGET_SECONDS = 5.0  # the whole scan; a slower machine is warned about, not failed


def project_files() -> list[str]:
    """The repository's files (relative paths): tracked, plus new ones git would track."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=ROOT, capture_output=True, check=True, timeout=60).stdout
        names = sorted({n for n in out.decode("utf-8", "surrogateescape").split("\0") if n})
    except (OSError, subprocess.SubprocessError):  # no git: every file outside the usual clutter
        names = sorted(str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                       if p.is_file() and not SKIP_DIRS & set(p.relative_to(ROOT).parts))
    return [n for n in names if (ROOT / n).is_file()]


def read_text(name: str) -> str | None:
    """A file's text, or None for a binary file."""
    data = (ROOT / name).read_bytes()
    if b"\0" in data:
        return None
    return data.decode("utf-8", errors="ignore")


@pytest.fixture(scope="module")
def official() -> dict[str, str]:
    path, why = reference_path()
    if path is None:
        pytest.skip(why)
    return official_sentences(path)


def test_no_project_file_repeats_an_official_sentence(official):
    matcher = Matcher(official)
    started = time.perf_counter()
    hits, scanned = [], 0
    for name in project_files():
        text = read_text(name)
        if text is None:
            continue
        scanned += 1
        hits += [f"{name} | {official[s]} | {s[:70]}" for s in matcher.find(text)]
    took = time.perf_counter() - started

    assert scanned > 100, "the scan found the project's files"
    assert not hits, f"{len(hits)} official sentence(s) copied (file | card | sentence):\n" + "\n".join(hits)
    if took > BUDGET_SECONDS:
        pytest.fail(f"the scan of {scanned} files took {took:.1f} s (budget {BUDGET_SECONDS} s)")


def test_no_library_case_repeats_sixty_characters_of_a_card_text():
    path, why = reference_path()
    if path is None:
        pytest.skip(why)
    runs = Runs(json.loads(path.read_text(encoding="utf-8")))

    found = [f"{f.name}: {card}: {run!r}" for f in sorted((ROOT / "examples").glob("*.yaml"))
             for s in strings_of(yaml.safe_load(f.read_text(encoding="utf-8"))) for card, run in runs.find(s)]

    assert not found, f"{len(found)} near-verbatim run(s) of {RUN_CHARS} characters; reword them:\n" + "\n".join(found)


# The matcher and the search for the reference, on made-up texts (these run without the shared file).

SENTENCE = "When the Runner passes this made-up ice, the Corp gains a lot of credits."


@pytest.mark.parametrize("text", [
    SENTENCE,
    "text: '" + SENTENCE.upper() + "'",
    "  - {name: X, text: \"when the   runner\npasses this made\u2011up ice, the corp gains a lot of credits\"}",
    "Some words first. When the Runner passes this made-up ice, the Corp gains a lot of credits and more.",
    "<p>When the <strong>Runner</strong> passes this made’up ice, the Corp gains a lot of credits</p>",
])
def test_a_copied_sentence_is_found_however_it_is_spaced_cased_or_quoted(text):
    (s,) = [normalise(SENTENCE.rstrip("."))]

    assert Matcher([s]).find(text) == [s]


@pytest.mark.parametrize("text", [
    "When the Runner passes this ice, the Corp gains a lot of credits.",   # not the same sentence
    "When the Runner passes this made-up ice",                              # only its start
    "",
])
def test_other_text_is_not_a_copy(text):
    assert Matcher([normalise(SENTENCE.rstrip("."))]).find(text) == []


def test_official_sentences_are_cut_at_full_stops_and_line_ends(tmp_path):
    ref = tmp_path / "reference-text.json"
    ref.write_text(json.dumps({"x": "Short one. " + SENTENCE + "\n[subroutine] The Corp ends the run unless the Runner pays 1[credit] at once.",
                               "y": None}), encoding="utf-8")

    got = official_sentences(ref)

    assert got == {normalise(SENTENCE.rstrip(".")): "x",
                   "the corp ends the run unless the runner pays 1 at once": "x",
                   "subroutine the corp ends the run unless the runner pays 1 credit at once": "x"}  # icons read as words too
    assert all(len(s) >= MIN_CHARS for s in got)


def test_the_reference_is_found_above_the_repository_or_named_by_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    shared = tmp_path / "shared" / "data" / "cards"
    shared.mkdir(parents=True)
    (shared / "reference-text.json").write_text("{}", encoding="utf-8")
    worktree = tmp_path / "wt" / "cases"
    worktree.mkdir(parents=True)

    assert reference_path(worktree) == (shared / "reference-text.json", "")
    assert reference_path(tmp_path) == (shared / "reference-text.json", "")

    other = tmp_path / "other.json"
    other.write_text("{}", encoding="utf-8")
    monkeypatch.setenv(ENV, str(other))
    assert reference_path(worktree) == (other, "")

    monkeypatch.setenv(ENV, str(tmp_path / "missing.json"))
    path, why = reference_path(worktree)
    assert path is None and ENV in why
