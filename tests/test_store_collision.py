"""Two different situations whose ids collide (a 64-bit hash: forced here): the store refuses the
second with one clear error in the reader's language, and the first stays as it was saved."""

from __future__ import annotations

import html
import re
import sqlite3

import pytest

from judge.errors import JudgeError
from judge.web.situations import db as store

FIRST = "title: The first situation\nrun: {server: HQ}\n"
SECOND = "title: Another situation\nrun: {server: R&D}\n"
ID = "0123456789abcdef"
YAML = {"Content-Type": "application/yaml"}


@pytest.fixture
def colliding(monkeypatch):
    """Every situation hashes to the same id."""
    monkeypatch.setattr(store, "content_id", lambda data: ID)


def test_a_colliding_save_over_the_api_is_a_400_that_says_what_to_do_and_keeps_the_first(client, colliding):
    first = client.post("/api/scenarios", data=FIRST, headers=YAML)
    again = client.post("/api/scenarios", data=FIRST, headers=YAML)   # the same content: the same id, no error

    second = client.post("/api/scenarios", data=SECOND, headers=YAML)

    assert first.status_code == again.status_code == 200 and first.get_json()["id"] == ID
    assert second.status_code == 400
    assert second.get_json()["error"] == f"another saved situation already has the id {ID}; change the title slightly and save again"
    assert client.get(f"/api/scenarios/{ID}").get_json()["yaml"] == FIRST


def test_a_colliding_save_from_the_form_shows_the_error_in_korean(client, csrf, colliding):
    assert client.post("/api/scenarios", data=FIRST, headers=YAML).status_code == 200

    resp = client.post("/new?lang=ko", data={"_csrf": csrf, "_action": "run_yaml", "yaml": SECOND})

    page = html.unescape(resp.get_data(as_text=True))
    assert resp.status_code == 400
    assert f"이미 저장된 다른 상황이 이 식별자({ID})를 쓰고 있습니다" in page
    assert "KeyError" not in page and "errors.id_collision" not in page


def test_the_store_itself_refuses_in_both_languages_on_a_real_sqlite_file(app, colliding):
    with app.app_context():
        con = store.db()
        assert store.save({"title": "one"}, "title: one\n", con) == ID
        with pytest.raises(JudgeError) as caught:
            store.save({"title": "two"}, "title: two\n", con)
        rows = con.execute("SELECT yaml FROM scenarios").fetchall()

    assert [r["yaml"] for r in rows] == ["title: one\n"]
    assert caught.value.key == "errors.id_collision"
    assert ID in caught.value.text("en") and ID in caught.value.text("ko")
    assert re.search(r"[가-힣]", caught.value.text("ko"))
    assert isinstance(con, sqlite3.Connection)
