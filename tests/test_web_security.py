"""Hostile input, form tokens, size limits and the headers every response carries."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.web.security import CSP

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
EVIL = '<script>alert(1)</script>"\'><img src=x onerror=alert(2)>'
HOSTILE = f"""\
title: '{EVIL.replace("'", "''")} title'
run: {{server: HQ}}
runner:
  cards:
    - name: '{EVIL.replace("'", "''")} breaker'
      abilities: [{{when: encountered, effect: bypass}}]
servers:
  HQ:
    ice: [{{name: '{EVIL.replace("'", "''")}', rezzed: true, subroutines: ['{EVIL.replace("'", "''")} sub']}}]
    cards: [{{name: '"Quoted" & <b>bold</b>', type: agenda}}]
"""
YAML = {"Content-Type": "application/yaml"}


def test_names_with_markup_are_text_in_the_page_the_chart_and_the_script_data(client):
    sid = client.post("/api/scenarios", data=HOSTILE, headers=YAML).get_json()["id"]

    for step in (1, 2, 6, 9):
        html = client.get(f"/s/{sid}?step={step}").get_data(as_text=True)
        assert "<script>alert" not in html and "<img src=x" not in html and "<b>bold</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&#34;Quoted&#34; &amp; &lt;b&gt;bold&lt;/b&gt;" in html


def test_a_hostile_name_stays_text_in_the_downloaded_chart_and_trace(client):
    sid = client.post("/api/scenarios", data=HOSTILE, headers=YAML).get_json()["id"]

    svg = client.get(f"/s/{sid}/chart.svg?step=6").get_data(as_text=True)

    assert "<script>" not in svg and "<img" not in svg
    assert client.get(f"/s/{sid}/trace.json").get_json()["title"].startswith(EVIL)


@pytest.mark.parametrize("path", ["/new", "/examples", "/chart", "/api/scenarios/x", "/static/app.css"])
def test_every_response_carries_the_security_headers(client, path):
    with client.get(path) as resp:
        headers = resp.headers

    assert headers["Content-Security-Policy"] == CSP
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]


def _tags(html: str) -> list[tuple[str, list[tuple[str, str | None]]]]:
    """Every start tag of a page with its attributes, as a browser would parse them."""
    from html.parser import HTMLParser

    found: list = []

    class P(HTMLParser):
        def handle_starttag(self, tag, attrs):
            found.append((tag, attrs))

    P().feed(html)
    return found


def test_the_csp_allows_no_inline_script_and_the_pages_need_none(client):
    sid = client.post("/api/scenarios", data=HOSTILE, headers=YAML).get_json()["id"]

    assert "'unsafe-inline'" not in CSP and "script-src 'self'" in CSP
    for path in ("/new", f"/s/{sid}", "/examples", "/chart"):
        html = client.get(path).get_data(as_text=True)
        scripts = re.findall(r"<script([^>]*)>", html)
        assert all("src=" in s or 'type="application/json"' in s for s in scripts), path
        tags = _tags(html)
        assert not [a for _, attrs in tags for a, _ in attrs if a.startswith("on")], path
        assert not [t for t, attrs in tags if t in ("img", "iframe", "object") or "style" in dict(attrs)], path


def test_no_template_marks_anything_safe():
    # The chart SVG is wrapped in Markup in judge/web/chart.py (the renderer escapes names);
    # nothing a user typed may be marked safe in a template.
    for f in TEMPLATES.glob("*.html"):
        assert not re.search(r"\|\s*safe", f.read_text()), f.name


def test_a_form_without_its_token_is_refused_and_the_input_is_kept(client):
    resp = client.post("/new", data={"_action": "run_form", "title": "kept title", "yaml": "title: kept yaml"})

    assert resp.status_code == 400
    html = resp.get_data(as_text=True)
    assert "The form expired or came from another site" in html
    assert 'value="kept title"' in html and "title: kept yaml" in html


def test_a_token_from_another_session_is_refused(app, csrf):
    other = app.test_client()
    other.get("/new")

    resp = other.post("/new", data={"_csrf": csrf, "_action": "run_yaml", "yaml": "run: {server: HQ}"})

    assert resp.status_code == 400


def test_a_decision_without_its_token_is_refused(client):
    sid = client.post("/api/scenarios", data=HOSTILE, headers=YAML).get_json()["id"]

    resp = client.post(f"/s/{sid}/decide", data={"n": "1", "choice": "effect", "effect": "end_run"})

    assert resp.status_code == 400
    assert "another site" in resp.get_data(as_text=True)


def test_a_form_post_over_the_size_limit_is_refused_with_a_page(client, csrf):
    resp = client.post("/new", data={"_csrf": csrf, "_action": "run_yaml", "yaml": "x" * (600 * 1024)})

    assert resp.status_code == 413
    assert "too large" in resp.get_data(as_text=True)


def test_the_session_cookie_is_http_only_and_same_site(client):
    resp = client.get("/new")

    cookie = resp.headers.get("Set-Cookie", "")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
