"""The compiled cache of the card catalogue, the card models and the message catalogues: rebuilt
when a source changes, ignored when it is corrupt or not ours, never inside the project."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from judge import cache, i18n
from judge.cards import catalogue as cat
from judge.cards import model as card_model

ROOT = Path(__file__).resolve().parent.parent
MODELS = Path(card_model.__file__).resolve().parent / "models"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    """An empty cache folder of the test's own (JUDGE_CACHE_DIR)."""
    where = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(where))
    return where


@pytest.fixture
def models_copy(tmp_path) -> Path:
    """A copy of two files of card models (Tollbooth's among them) to change."""
    folder = tmp_path / "models"
    folder.mkdir()
    for name in ("ice-code-gates.yaml", "ice-barriers.yaml"):
        shutil.copy(MODELS / name, folder / name)
    return folder


def _cache_files(where: Path, name: str) -> list[Path]:
    return sorted(where.glob(f"{name}-*.marshal"))


def _counting(build, calls: list[int]):
    def counted():
        calls.append(1)
        return build()
    return counted


def test_a_model_file_changed_after_the_cache_was_made_is_read_again(cache_dir, models_copy):
    before = card_model.CardModel(*card_model.compiled(models_copy)["tollbooth"])
    made = _cache_files(cache_dir, "models")
    file = models_copy / before.source
    text = file.read_text(encoding="utf-8")
    assert before.about["en"] in text and before.about["en"] != "Changed for the test."
    file.write_text(text.replace(before.about["en"], "Changed for the test.", 1), encoding="utf-8")

    after = card_model.CardModel(*card_model.compiled(models_copy)["tollbooth"])

    assert after.about["en"] == "Changed for the test."
    assert len(made) == 1 and _cache_files(cache_dir, "models") == made  # the same file, rewritten


def test_a_model_file_added_or_removed_rebuilds_the_cache(cache_dir, models_copy):
    file = models_copy / card_model.CardModel(*card_model.compiled(models_copy)["tollbooth"]).source
    moved = file.rename(models_copy / "elsewhere.txt")

    without = card_model.compiled(models_copy)
    moved.rename(file)

    assert "tollbooth" not in without and "tollbooth" in card_model.compiled(models_copy)


def test_a_malformed_model_file_fails_the_same_with_or_without_a_cache(cache_dir, models_copy):
    card_model.compiled(models_copy)
    (models_copy / "broken.yaml").write_text("tollbooth: {about: {en: twice}}\n", encoding="utf-8")

    with pytest.raises(card_model.ModelError, match="tollbooth"):
        card_model.compiled(models_copy)


def test_an_unchanged_source_is_read_from_the_cache_without_building(cache_dir, tmp_path):
    src = tmp_path / "data.txt"
    src.write_text("one", encoding="utf-8")
    calls: list[int] = []
    build = _counting(lambda: {"words": src.read_text(encoding="utf-8").split()}, calls)

    first = cache.load("test", [src], build)["words"]
    second = cache.load("test", [src], build)["words"]

    assert first == second == ["one"] and len(calls) == 1


@pytest.mark.parametrize("damage", ["garbage", "truncated", "flipped byte", "empty", "a folder"])
def test_a_corrupt_cache_file_is_ignored_and_made_again(cache_dir, models_copy, damage):
    card_model.compiled(models_copy)
    [file] = _cache_files(cache_dir, "models")
    blob = file.read_bytes()
    if damage == "garbage":
        file.write_bytes(os.urandom(len(blob)))
    elif damage == "truncated":
        file.write_bytes(blob[: len(blob) // 2])
    elif damage == "flipped byte":
        file.write_bytes(blob[:-100] + bytes([blob[-100] ^ 0xFF]) + blob[-99:])
    elif damage == "empty":
        file.write_bytes(b"")
    else:
        file.unlink()
        file.mkdir()

    got = card_model.compiled(models_copy)

    assert card_model.CardModel(*got["tollbooth"]) == card_model._load(models_copy)["tollbooth"]
    if damage != "a folder":
        assert file.read_bytes() != b"" and card_model.compiled(models_copy)["tollbooth"] == got["tollbooth"]


def test_a_cache_file_of_another_user_is_not_trusted(cache_dir, tmp_path, monkeypatch):
    src = tmp_path / "data.txt"
    src.write_text("one", encoding="utf-8")
    calls: list[int] = []
    build = _counting(lambda: {"x": 1}, calls)
    cache.load("test", [src], build)
    if not hasattr(os, "geteuid"):
        pytest.skip("no user ids on this system")
    monkeypatch.setattr(os, "geteuid", lambda: os.stat(cache_dir).st_uid + 1)

    cache.load("test", [src], build)

    assert len(calls) == 2


def test_a_cache_written_by_another_python_is_not_read(cache_dir, tmp_path, monkeypatch):
    src = tmp_path / "data.txt"
    src.write_text("one", encoding="utf-8")
    calls: list[int] = []
    build = _counting(lambda: {"x": 1}, calls)
    cache.load("test", [src], build)
    monkeypatch.setattr(sys, "version", sys.version + " (another build)")

    cache.load("test", [src], build)

    assert len(calls) == 2


def test_a_change_to_the_code_that_compiles_rebuilds_like_a_change_to_the_data(cache_dir, tmp_path):
    data, code = tmp_path / "data.txt", tmp_path / "compile.py"
    data.write_text("one", encoding="utf-8")
    code.write_text("# version 1", encoding="utf-8")
    calls: list[int] = []
    build = _counting(lambda: {"x": 1}, calls)
    cache.load("test", [data, code], build)
    code.write_text("# version 2", encoding="utf-8")

    cache.load("test", [data, code], build)

    assert len(calls) == 2


def test_a_cache_folder_that_cannot_be_written_builds_in_memory(tmp_path, monkeypatch, models_copy):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv(cache.ENV, str(blocker / "cache"))

    got = card_model.compiled(models_copy)

    assert card_model.CardModel(*got["tollbooth"]) == card_model._load(models_copy)["tollbooth"]
    assert blocker.read_text(encoding="utf-8").startswith("a file")


def test_an_empty_cache_setting_turns_the_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV, "")
    src = tmp_path / "data.txt"
    src.write_text("one", encoding="utf-8")
    calls: list[int] = []

    for _ in range(2):
        cache.load("test", [src], _counting(lambda: {"x": 1}, calls))

    assert cache.folder() is None and len(calls) == 2


def test_data_marshal_cannot_write_is_served_from_memory(cache_dir, tmp_path):
    import datetime

    src = tmp_path / "data.txt"
    src.write_text("one", encoding="utf-8")
    when = datetime.date(2026, 3, 2)  # what an unquoted YAML date becomes

    got = cache.load("test", [src], lambda: {"when": when})

    assert got["when"] == when and not cache_dir.exists()


def test_many_threads_building_at_once_leave_one_good_cache_file(cache_dir, models_copy):
    got: list[object] = []
    threads = [threading.Thread(target=lambda: got.append(card_model.compiled(models_copy)["tollbooth"]))
               for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert len(got) == 6 and all(g == got[0] for g in got)
    assert len(_cache_files(cache_dir, "models")) == 1 and not list(cache_dir.glob("*.tmp"))


def test_the_cached_catalogue_models_and_messages_equal_what_the_files_say(cache_dir):
    from_files = cat.Catalogue.from_file(cat.CATALOGUE)
    for _ in range(2):  # the first builds and writes the cache, the second reads it
        compiled = cat.Catalogue.compiled(cat.CATALOGUE)
        assert compiled.cards == from_files.cards
        assert [(n.card.id, n.key, n.jamo, n.starts, n.initials) for n in compiled.names] == \
               [(n.card.id, n.key, n.jamo, n.starts, n.initials) for n in from_files.names]
        assert compiled.find_all("쌍둥이자리") == from_files.find_all("쌍둥이자리")
        models = card_model.compiled()
        assert {cid: card_model.CardModel(*models[cid]) for cid in models} == card_model._load()
    assert _cache_files(cache_dir, "catalogue") and _cache_files(cache_dir, "models")


def test_the_message_catalogues_are_compiled_too(cache_dir, monkeypatch):
    monkeypatch.setattr(i18n, "_cats", {})
    en = i18n.catalogue("en")
    monkeypatch.setattr(i18n, "_cats", {})

    again = i18n.catalogue("en")

    assert en == again == i18n._read(sorted((Path(i18n.__file__).parent / "en").glob("*.yaml")))
    assert _cache_files(cache_dir, "messages-en")


def test_the_cache_folder_is_outside_the_project_and_a_run_leaves_git_status_as_it_was(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in (cache.ENV, "XDG_CACHE_HOME")}
    env["HOME"] = str(tmp_path / "home")
    before = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout

    out = subprocess.run([sys.executable, "-m", "judge", "run", str(ROOT / "benchmarks" / "two_cards.yaml")],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)

    assert out.returncode == 0, out.stderr
    made = {p.name.split("-")[0] for p in (tmp_path / "home" / ".cache" / "netrunner-judge").iterdir()}
    assert made == {"catalogue", "messages", "models"}
    after = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout
    assert after == before


def test_the_cache_module_imports_nothing_of_the_judge_so_every_layer_may_use_it():
    import ast

    tree = ast.parse(Path(cache.__file__).read_text(encoding="utf-8"))
    imported = [n.module or "." for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]

    assert imported and not [m for m in imported if m.startswith(("judge", "."))], imported
