"""How pages leave the server: ETags and 304s, gzip and brotli, cache lifetimes, pages rendered
once from memory, and form tokens only where a form needs one."""

from __future__ import annotations

import gzip
import re
import sqlite3
from html import unescape

import brotli
import pytest
from flask import template_rendered

EXAMPLE = "d10-inside-job-bypasses-tollbooth"


@pytest.fixture
def sid(client):
    return client.get(f"/examples/{EXAMPLE}").headers["Location"].rsplit("/", 1)[-1]


def renders(app):
    """A list that grows by one for every template the app renders."""
    seen: list[str] = []
    template_rendered.connect(lambda _app, template, context, **_: seen.append(template.name), app, weak=False)
    return seen


def test_a_step_page_has_a_strong_etag_and_a_repeat_visit_is_a_304_without_a_body(client, sid):
    first = client.get(f"/s/{sid}?step=3")
    etag = first.headers["ETag"]

    again = client.get(f"/s/{sid}?step=3", headers={"If-None-Match": etag})

    assert first.status_code == 200 and not etag.startswith("W/")
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == etag


def test_another_step_or_language_has_another_etag(client, sid):
    tags = {client.get(f"/s/{sid}?step={n}&lang={code}").headers["ETag"] for n in (1, 2) for code in ("en", "ko")}

    assert len(tags) == 4


@pytest.mark.parametrize("encoding, decode", [("gzip", gzip.decompress), ("br", brotli.decompress)])
def test_a_step_page_is_compressed_when_the_reader_accepts_it_and_says_so(client, sid, encoding, decode):
    plain = client.get(f"/s/{sid}?step=3").data

    packed = client.get(f"/s/{sid}?step=3", headers={"Accept-Encoding": encoding})

    assert packed.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert decode(packed.data) == plain
    assert len(packed.data) * 4 < len(plain)
    assert int(packed.headers["Content-Length"]) == len(packed.data)


def test_brotli_is_chosen_over_gzip_unless_the_reader_prefers_gzip(client, sid):
    both = client.get(f"/s/{sid}", headers={"Accept-Encoding": "gzip, deflate, br"})
    prefers = client.get(f"/s/{sid}", headers={"Accept-Encoding": "gzip;q=1, br;q=0.5"})
    neither = client.get(f"/s/{sid}", headers={"Accept-Encoding": "identity"})

    assert both.headers["Content-Encoding"] == "br"
    assert prefers.headers["Content-Encoding"] == "gzip"
    assert "Content-Encoding" not in neither.headers


def test_each_encoding_has_its_own_etag_and_each_gets_its_304(client, sid):
    tags = {}
    for enc in ("identity", "gzip", "br"):
        tags[enc] = client.get(f"/s/{sid}", headers={"Accept-Encoding": enc}).headers["ETag"]

    assert len(set(tags.values())) == 3
    for enc, tag in tags.items():
        assert client.get(f"/s/{sid}", headers={"Accept-Encoding": enc, "If-None-Match": tag}).status_code == 304
    wrong = client.get(f"/s/{sid}", headers={"Accept-Encoding": "br", "If-None-Match": tags["gzip"]})
    assert wrong.status_code == 200 and wrong.headers["Content-Encoding"] == "br"


def test_a_step_page_sets_no_cookie_carries_no_token_and_may_be_kept_for_a_day(client, sid):
    resp = client.get(f"/s/{sid}?step=2")
    html = resp.get_data(as_text=True)

    assert "Set-Cookie" not in resp.headers
    assert re.search(r'name="_csrf" value=""', html) and not re.search(r'name="_csrf" value="[^"]', html)
    assert resp.headers["Cache-Control"] == "public, max-age=86400"


def test_a_page_asked_for_in_a_language_sets_the_cookie_once_and_is_then_public(client, sid):
    first = client.get(f"/s/{sid}?lang=ko&prefer=ffg-rr")
    second = client.get(f"/s/{sid}?lang=ko&prefer=ffg-rr")

    assert any("lang=ko" in c for c in first.headers.getlist("Set-Cookie")) and first.headers["Cache-Control"].startswith("private")
    assert "Set-Cookie" not in second.headers and second.headers["Cache-Control"].startswith("public")
    assert "Cookie" not in second.headers.get("Vary", "")        # the URL says the language and rule set
    assert "Cookie" in client.get(f"/s/{sid}").headers["Vary"]  # the cookie does


def test_a_page_with_a_form_token_is_never_stored_and_sets_the_session(client):
    resp = client.get("/new")

    assert resp.headers["Cache-Control"] == "no-store"
    assert "session=" in resp.headers["Set-Cookie"]
    assert "ETag" not in resp.headers


def test_a_permalink_page_is_rendered_once_then_comes_from_memory(app, client, sid):
    seen = renders(app)
    client.get(f"/s/{sid}?step=4")
    client.get(f"/s/{sid}?step=4", headers={"Accept-Encoding": "br"})
    client.get(f"/s/{sid}?step=4", headers={"Accept-Encoding": "gzip"})

    assert seen.count("stepper.html") == 1


def test_a_row_changed_behind_the_apps_back_after_its_page_was_kept_is_validated_again(app, client, sid):
    assert client.get(f"/s/{sid}").status_code == 200
    con = sqlite3.connect(app.config["DATABASE"])
    with con:
        con.execute("UPDATE scenarios SET yaml = ? WHERE id = ?", ("run: {server: HQ}\ntitle: [<script>\n", sid))
    con.close()

    page = client.get(f"/s/{sid}")

    assert page.status_code == 400 and "no longer loads" in page.get_data(as_text=True)
    assert page.headers["Cache-Control"] == "no-store"


def test_static_files_named_by_their_bytes_are_kept_for_a_year_and_compressed(client):
    html = client.get("/new").get_data(as_text=True)
    css = re.search(r'href="(/static/app\.css\?v=[0-9a-f]+)"', html).group(1)

    with client.get(css, headers={"Accept-Encoding": "gzip"}) as named, client.get("/static/app.css") as plain:
        assert named.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert gzip.decompress(named.data) == plain.data
        assert plain.headers["Cache-Control"] == "no-cache" and plain.headers["Vary"] == "Accept-Encoding"
    with client.get("/static/app.css?v=0000") as stale:    # not these bytes: asked about again
        assert stale.headers["Cache-Control"] == "no-cache"


def test_the_chart_stylesheet_named_by_its_version_is_kept_for_a_year(client, sid):
    html = client.get(f"/s/{sid}").get_data(as_text=True)
    url = re.search(r'href="(/chart\.css\?v=[0-9a-f]+)"', html).group(1)

    assert client.get(url).headers["Cache-Control"] == "public, max-age=31536000, immutable"


def test_an_error_page_is_not_stored(client, sid):
    resp = client.get(f"/s/{sid}?step=999")

    assert resp.status_code == 400 and resp.headers["Cache-Control"] == "no-store"


def test_a_decision_with_the_token_the_page_asks_for_makes_the_new_situation(client, sid):
    token = client.get("/form-token")

    resp = client.post(f"/s/{sid}/decide", data={"_csrf": token.get_json()["token"], "n": "1", "choice": "effect",
                                                 "by": "runner", "effect": "end_run", "value": ""})

    assert token.headers["Cache-Control"] == "no-store"
    assert resp.status_code == 303 and "/s/" in resp.headers["Location"]


def test_a_decision_without_a_token_asks_to_confirm_and_the_confirmation_makes_it(client, sid):
    fields = {"n": "1", "choice": "effect", "by": "runner", "effect": "end_run", "value": "", "x": "<b>x</b>"}

    asked = client.post(f"/s/{sid}/decide", data=fields)
    html = asked.get_data(as_text=True)
    again = {k: unescape(v) for k, v in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', html)}
    done = client.post(f"/s/{sid}/decide", data=again)

    assert asked.status_code == 400 and "another site" in html and asked.headers["Cache-Control"] == "no-store"
    assert 'value="&lt;b&gt;x&lt;/b&gt;"' in html and "<b>x" not in html     # sent back as text
    assert again.pop("_csrf") and again == fields                              # the same fields, and a token
    assert f'href="/s/{sid}?step=1"' in html
    assert done.status_code == 303 and "/s/" in done.headers["Location"]


def test_the_pages_memory_keeps_to_its_byte_budget_and_forgets_the_least_recently_used_first():
    from judge.web.pages.delivery import Memory

    mem = Memory(100)
    for key in "abcd":
        mem.put(key, key, 20)
    mem.get("a")                       # a is used again: b is now the oldest
    mem.put("e", "e", 25)
    mem.put("huge", "x", 26)           # more than a quarter of the budget: never kept

    assert mem.used <= 100 and mem.get("b") is None and mem.get("a") == "a" and mem.get("e") == "e"
    assert mem.get("huge") is None


def test_a_page_of_the_readers_own_is_compressed_too_but_never_validated(client):
    plain = client.get("/new?lang=en").get_data(as_text=True)
    packed = client.get("/new?lang=en", headers={"Accept-Encoding": "gzip"})

    assert packed.headers["Content-Encoding"] == "gzip" and packed.headers["Cache-Control"] == "no-store"
    assert "ETag" not in packed.headers and len(packed.data) * 3 < len(plain.encode())
    assert gzip.decompress(packed.data).decode().count('name="_csrf"') == 1
