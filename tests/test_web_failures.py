"""When Graphviz or the database fails, the pages say what is wrong and serve what they can."""

from __future__ import annotations

import dataclasses
import re
import sqlite3
import time
import xml.etree.ElementTree as ET

import pytest

from judge import render
from judge.render import graphviz
from judge.web import chart, create_app

WALLS = """\
title: Failure drill
run: {server: R&D}
servers:
  R&D:
    ice:
      - {name: Ice Wall, rezzed: true, subroutines: [End the run]}
      - {name: Enigma, rezzed: false, subroutines: [End the run]}
    cards: [{name: Hostile Takeover, type: agenda, points: 1}]
actions:
  - {at: "3.1", ice: Ice Wall, by: runner, break: all}
"""
YAML = {"Content-Type": "application/yaml"}


def text(resp) -> str:
    return resp.get_data(as_text=True)


@pytest.fixture
def sid(client) -> str:
    return client.post("/api/scenarios", data=WALLS, headers=YAML).get_json()["id"]


@pytest.fixture
def fresh_charts(monkeypatch):
    """No chart laid out or remembered as failed in this process: the next page runs `dot`."""
    monkeypatch.setattr(render, "_laid", {})
    monkeypatch.setattr(render, "_failed", {})
    chart.base_titles.cache_clear()
    chart._drawn.cache_clear()
    yield
    chart.base_titles.cache_clear()
    chart._drawn.cache_clear()


def fake_dot(tmp_path, monkeypatch, script: str | None) -> None:
    """PATH holds only a `dot` running this shell script (None: no `dot` at all)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    if script is not None:
        dot = bin_dir / "dot"
        dot.write_text("#!/bin/sh\n" + script + "\n")
        dot.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))


def chart_box(html: str) -> str:
    return re.search(r'<div class="chart" id="chart">(.*?)</div>', html, re.S).group(1)


GRAPHVIZ_FAILURES = {
    "missing": (None, "Graphviz is not installed"),
    "exits 1": ("echo 'Error: syntax error in line 1' >&2; exit 1", "Graphviz failed"),
    "prints garbage": ("echo 'this is not an SVG'", "Graphviz failed"),
    "prints broken SVG": ("printf '<svg><g id=\"x\"></svg>'", "Graphviz failed"),
}


@pytest.mark.parametrize("how", GRAPHVIZ_FAILURES)
def test_without_a_working_graphviz_the_stepper_shows_steps_trace_and_outcome_and_says_why(
        client, sid, fresh_charts, tmp_path, monkeypatch, how):
    script, said = GRAPHVIZ_FAILURES[how]
    fake_dot(tmp_path, monkeypatch, script)

    resp = client.get(f"/s/{sid}?step=3")

    assert resp.status_code == 200
    html = text(resp)
    assert said in chart_box(html) and "<svg" not in chart_box(html)
    assert 'id="pos-3"' in html and 'id="trace"' in html and 'id="outcome-h"' in html
    assert "Enigma" in html


def test_the_chart_failure_is_said_in_korean_on_a_korean_page(client, sid, fresh_charts, tmp_path, monkeypatch):
    fake_dot(tmp_path, monkeypatch, None)

    resp = client.get(f"/s/{sid}?lang=ko")

    assert resp.status_code == 200
    assert "서버에 Graphviz가 설치되어 있지 않습니다" in chart_box(text(resp))


def test_a_graphviz_that_hangs_is_stopped_at_the_timeout_and_then_not_waited_for_again(
        client, sid, fresh_charts, tmp_path, monkeypatch):
    fake_dot(tmp_path, monkeypatch, "exec /bin/sleep 20")
    monkeypatch.setattr(graphviz, "LOOK", dataclasses.replace(graphviz.LOOK, timeout=0.5))

    t0 = time.monotonic()
    first = client.get(f"/s/{sid}")
    t1 = time.monotonic()
    second = client.get(f"/s/{sid}?step=2")
    t2 = time.monotonic()

    assert first.status_code == second.status_code == 200
    assert "took too long" in chart_box(text(first)) and "took too long" in chart_box(text(second))
    assert t1 - t0 < 5
    assert t2 - t1 < 0.4  # remembered: the next pages do not wait out the timeout again


def test_the_chart_comes_back_once_graphviz_works_again(client, sid, fresh_charts, tmp_path, monkeypatch):
    import os

    path = os.environ["PATH"]
    fake_dot(tmp_path, monkeypatch, None)
    assert "<svg" not in chart_box(text(client.get(f"/s/{sid}")))
    monkeypatch.setenv("PATH", path)
    monkeypatch.setattr(render, "RETRY_AFTER", 0.0)

    html = text(client.get(f"/s/{sid}"))

    ET.fromstring(chart_box(html).strip())


@pytest.mark.parametrize("path", ["/chart", "/s/{sid}/chart.svg?step=2", "/s/{sid}/chart.png?step=2"])
def test_chart_pages_and_downloads_without_graphviz_are_503s_that_say_why(
        client, sid, fresh_charts, tmp_path, monkeypatch, path):
    fake_dot(tmp_path, monkeypatch, "echo garbage")

    resp = client.get(path.format(sid=sid))

    assert resp.status_code == 503
    assert "Graphviz failed" in text(resp) and resp.mimetype == "text/html"


def test_the_api_does_not_need_graphviz(client, sid, fresh_charts, tmp_path, monkeypatch):
    fake_dot(tmp_path, monkeypatch, None)

    assert client.post("/api/run", data=WALLS, headers=YAML).get_json()["outcome"]["status"]
    assert client.post("/api/scenarios", data=WALLS.replace("drill", "drill 2"), headers=YAML).status_code == 200
    assert client.get(f"/api/scenarios/{sid}").get_json()["yaml"] == WALLS
    assert client.get(f"/s/{sid}/trace.json").status_code == 200


# ------------------------------------------------------------------------------- the database

@pytest.fixture
def quick(tmp_path):
    """An app that waits only 0.2 s for another writer."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "judge.sqlite"), "SECRET_KEY": "t",
                      "DB_TIMEOUT": 0.2})
    return app


def test_a_save_while_another_connection_holds_the_write_lock_is_a_503_and_reads_go_on(quick):
    client = quick.test_client()
    sid = client.post("/api/scenarios", data=WALLS, headers=YAML).get_json()["id"]
    holder = sqlite3.connect(quick.config["DATABASE"], isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        t0 = time.monotonic()
        resp = client.post("/api/scenarios", data=WALLS.replace("drill", "drill 2"), headers=YAML)
        waited = time.monotonic() - t0

        assert resp.status_code == 503 and resp.headers["Retry-After"] == "5"
        assert "try again" in resp.get_json()["error"] and resp.get_json()["where"] == "database"
        assert 0.15 < waited < 3
        assert client.get(f"/api/scenarios/{sid}").get_json()["yaml"] == WALLS
        assert client.get(f"/s/{sid}").status_code == 200
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert client.post("/api/scenarios", data=WALLS.replace("drill", "drill 2"), headers=YAML).status_code == 200


def test_an_exclusive_lock_makes_reads_a_503_in_the_page_language_too(quick):
    client = quick.test_client()
    sid = client.post("/api/scenarios", data=WALLS, headers=YAML).get_json()["id"]
    holder = sqlite3.connect(quick.config["DATABASE"], isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO scenarios VALUES ('x', 'x', 'x', 'x')")
    try:
        resp = client.get(f"/s/{sid}?lang=ko")

        assert resp.status_code == 503
        assert "잠시 뒤 다시 시도해 주세요" in text(resp)
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_form_that_cannot_be_saved_comes_back_with_everything_typed_and_why(quick):
    client = quick.test_client()
    csrf = re.search(r'name="_csrf" value="([^"]+)"', text(client.get("/new"))).group(1)
    holder = sqlite3.connect(quick.config["DATABASE"], isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        resp = client.post("/new", data={"_csrf": csrf, "_action": "run_yaml", "yaml": WALLS})
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    assert resp.status_code == 503
    html = text(resp)
    assert "nothing was saved" in html and "title: Failure drill" in html


def test_a_deleted_database_is_a_503_and_is_not_silently_replaced_by_an_empty_one(quick, tmp_path):
    client = quick.test_client()
    sid = client.post("/api/scenarios", data=WALLS, headers=YAML).get_json()["id"]
    db = tmp_path / "judge.sqlite"
    backup = tmp_path / "backup.sqlite"
    with sqlite3.connect(db) as src, sqlite3.connect(backup) as dst:
        src.backup(dst)
    src.close()
    dst.close()
    for f in tmp_path.glob("judge.sqlite*"):
        f.unlink()

    saving = client.post("/api/scenarios", data=WALLS.replace("drill", "drill 2"), headers=YAML)
    reading = client.get(f"/api/scenarios/{sid}")
    page = client.get(f"/s/{sid}")

    assert saving.status_code == reading.status_code == page.status_code == 503
    assert "missing" in saving.get_json()["error"] and "restore it" in text(page)
    assert not db.exists()
    backup.rename(db)  # the organizer restores it: everything saved is there again
    assert client.get(f"/api/scenarios/{sid}").get_json()["yaml"] == WALLS


def test_a_saved_row_changed_behind_the_apps_back_is_validated_again_not_trusted(client, sid, app):
    con = sqlite3.connect(app.config["DATABASE"])
    with con:
        con.execute("UPDATE scenarios SET yaml = ? WHERE id = ?", ("run: {server: HQ}\ntitle: [<script>\n", sid))
    con.close()

    page = client.get(f"/s/{sid}")
    api = client.get(f"/api/scenarios/{sid}")

    assert page.status_code == 400 and "no longer loads" in text(page) and "<script>" not in text(page)
    assert api.status_code == 400 and api.get_json()["error"]


def test_without_graphviz_the_explore_page_still_lists_every_line_and_says_why(
        client, sid, fresh_charts, tmp_path, monkeypatch):
    fake_dot(tmp_path, monkeypatch, None)

    resp = client.get(f"/s/{sid}/explore?lang=en")

    assert resp.status_code == 200
    html = text(resp)
    assert "Graphviz is not installed" in chart_box(html) and "<svg" not in chart_box(html)
    assert 'id="ex-tree"' in html and "the Corp rezzes Enigma" in html
