"""A test run leaves the checkout clean: screenshots go to an ignored folder, `make screens` alone
refreshes the committed ones, and the session-end check (conftest.py) sees a stray file."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import browser_helpers
import tree_state
from browser_helpers import SCREENS_ENV, save_screen, screens_dir

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, timeout=60)


def _status() -> str:
    return _git("status", "--porcelain", "--untracked-files=all", "graphs", "examples", "judge").stdout


def test_a_screenshot_lands_in_an_ignored_folder_and_graphs_stays_as_it_was(monkeypatch):
    monkeypatch.delenv(SCREENS_ENV, raising=False)
    before = _status()

    path = save_screen("probe-clean-tree.png", PNG)
    try:
        assert path.read_bytes() == PNG
        assert not path.resolve().is_relative_to(ROOT / "graphs")
        assert _git("check-ignore", "-q", str(path)).returncode == 0, f"{path} is not ignored by git"
        assert _status() == before
    finally:
        path.unlink()


def test_make_screens_points_the_marked_tests_at_the_committed_folder():
    dry = subprocess.run(["make", "-n", "screens"], cwd=ROOT, capture_output=True, text=True, timeout=60).stdout

    line = next(ln for ln in dry.splitlines() if "pytest" in ln)
    assert f"{SCREENS_ENV}={ROOT / 'graphs' / 'screens'}" in line and "-m screens" in line


def test_the_environment_moves_the_screens_folder(monkeypatch, tmp_path):
    monkeypatch.setenv(SCREENS_ENV, str(tmp_path))
    assert screens_dir() == tmp_path
    assert save_screen("x.png", PNG).parent == tmp_path


def _calls_save_screen(fn: ast.FunctionDef) -> bool:
    return any(isinstance(n, ast.Call) and getattr(n.func, "id", None) == "save_screen" for n in ast.walk(fn))


def _marked_screens(fn: ast.FunctionDef) -> bool:
    return any(ast.unparse(d) == "pytest.mark.screens" for d in fn.decorator_list)


def test_every_test_that_keeps_a_screenshot_is_marked_for_make_screens_and_none_writes_graphs():
    unmarked, writers, marked = [], [], 0
    for f in sorted(TESTS.glob("test_*.py")):
        if f.name == Path(__file__).name:
            continue
        text = f.read_text(encoding="utf-8")
        for fn in ast.walk(ast.parse(text)):
            if isinstance(fn, ast.FunctionDef) and fn.name.startswith("test_") and _calls_save_screen(fn):
                marked += _marked_screens(fn)
                if not _marked_screens(fn):
                    unmarked.append(f"{f.name}::{fn.name}")
        if '"graphs" / "screens"' in text or "graphs/screens" in text:
            writers.append(f.name)

    assert marked >= 6          # stepper, compare, library, handout, quiz, form
    assert not unmarked, f"these keep screenshots but `make screens` would not run them: {unmarked}"
    assert not writers, f"these name graphs/screens themselves instead of browser_helpers.save_screen: {writers}"


def test_the_session_check_sees_a_new_a_changed_and_a_removed_file(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True, timeout=60)
    (tmp_path / ".gitignore").write_text("build/\n")
    (tmp_path / "kept.txt").write_text("one")
    (tmp_path / "gone.txt").write_text("here")
    subprocess.run(["git", "-C", str(tmp_path), "add", "."], check=True, timeout=60)
    before = tree_state.snapshot(tmp_path)
    assert before is not None and set(before) == {".gitignore", "kept.txt", "gone.txt"}

    (tmp_path / "kept.txt").write_text("two")
    (tmp_path / "gone.txt").unlink()
    (tmp_path / "new.txt").write_text("stray")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "shot.png").write_bytes(PNG)      # ignored: not a change
    (tmp_path / "shots").mkdir()
    (tmp_path / "shots" / "a.png").write_bytes(PNG)          # the folder `make screens` writes
    after = tree_state.snapshot(tmp_path)

    assert tree_state.changed(before, after) == ["gone.txt", "kept.txt", "new.txt", "shots/a.png"]
    assert tree_state.changed(before, after, ignore=("shots",)) == ["gone.txt", "kept.txt", "new.txt"]
    assert tree_state.changed(before, before) == []


def test_the_live_checkout_is_seen():
    state = tree_state.snapshot()
    assert state is not None and "Makefile" in state and "tests/conftest.py" in state
    assert browser_helpers.ROOT == ROOT
