"""The examples library, the plain chart, languages, and the pages' own catalog of words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.i18n import catalogue
from judge.rulesets import RULESETS, Kind
from judge.scenario import CARD_TYPES, load_scenario
from judge.web.situations.examples import expects_error

PAGES = {k.removeprefix("pages."): (v, catalogue("ko")[k]) for k, v in catalogue("en").items()
         if k.startswith("pages.")}

ROOT = Path(__file__).resolve().parent.parent
ALL = sorted((ROOT / "examples").glob("*.yaml"))
EXAMPLES = [p for p in ALL if not expects_error(p)]   # the rest are meant to be refused
REFUSED = [p for p in ALL if expects_error(p)]


def text(resp) -> str:
    return resp.get_data(as_text=True)


def test_the_examples_page_lists_every_example_with_title_tags_and_outcome(client):
    html = text(client.get("/examples"))

    rows = re.findall(r"<tr>\s*<td><a href=\"/s/([0-9a-f]{16})\">([^<]+)</a>", html)
    assert len(rows) == len(EXAMPLES) > 0
    first = load_scenario(EXAMPLES[0])
    assert any(title == first.title.replace("'", "&#39;").replace('"', "&#34;") for _, title in rows)
    assert html.count('class="status status-') == len(EXAMPLES)


@pytest.fixture(scope="module")
def library_client(tmp_path_factory):
    """One app for every example: the library is loaded into its database once."""
    from judge.web import create_app

    db = tmp_path_factory.mktemp("examples") / "judge.sqlite"
    return create_app({"TESTING": True, "DATABASE": str(db), "SECRET_KEY": "x",
                       "EXAMPLES": str(ROOT / "examples")}).test_client()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_each_example_opens_in_the_stepper(library_client, path):
    resp = library_client.get(f"/examples/{path.stem}")

    assert resp.status_code == 303
    page = library_client.get(resp.headers["Location"])
    assert page.status_code == 200 and 'id="stepper-data"' in text(page)


def test_examples_meant_to_be_refused_are_listed_with_their_reason(library_client):
    html = text(library_client.get("/examples"))

    refused = html.split('class="refused"')[1] if REFUSED else ""
    assert all(f"<code>{p.stem}</code>" in refused for p in REFUSED)
    assert 'class="broken"' not in html


def test_an_example_file_that_does_not_load_is_listed_with_its_error(app, tmp_path):
    (tmp_path / "broken.yaml").write_text("title: broken\nrun: {server: Nowhere}\n")
    (tmp_path / "fine.yaml").write_text("title: fine\nrun: {server: HQ}\n")
    (tmp_path / "refused.yaml").write_text("run: {server: Nowhere}\nexpect: {error: not described}\n")
    app.config["EXAMPLES"] = str(tmp_path)

    html = text(app.test_client().get("/examples"))

    assert ">fine</a>" in html
    assert "<code>broken</code>" in html.split('class="broken"')[1]
    assert "<code>refused</code>" in html.split('class="refused"')[1].split('class="broken"')[0]


def test_the_chart_page_shows_the_plain_chart_in_both_languages(client):
    html = text(client.get("/chart"))

    assert html.count("<svg") == 2 * len(RULESETS)
    assert "Approach ice" in html and "아이스에 접근" in html
    assert "current" not in re.findall(r'<g id="step-1" class="([^"]*)"', html)[0]


def test_choosing_a_language_by_link_is_remembered_in_a_cookie(client):
    first = client.get("/examples?lang=ko")
    later = client.get("/chart")

    assert "lang=ko" in first.headers["Set-Cookie"]
    assert '<html lang="ko">' in text(later) and "타이밍 차트" in text(later)


def test_the_language_follows_the_browser_until_one_is_chosen(client):
    resp = client.get("/new", headers={"Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"})

    assert '<html lang="ko">' in text(resp)


def test_the_language_links_keep_the_step(client):
    sid = client.post("/api/scenarios", data="run: {server: HQ}\n",
                      headers={"Content-Type": "application/yaml"}).get_json()["id"]

    html = text(client.get(f"/s/{sid}?step=3"))

    assert 'href="?step=3&amp;lang=ko"' in html


def test_the_language_links_never_point_to_another_host(client):
    resp = client.get("/", environ_overrides={"PATH_INFO": "//evil.example/x"})

    assert resp.status_code == 404
    assert not re.search(r'href="[^"?]*evil\.example', text(resp))


def test_every_page_string_has_english_and_korean():
    missing = [k for k, (en, ko) in PAGES.items() if not en.strip() or not ko.strip()]

    assert not missing


def test_every_string_the_templates_ask_for_is_in_the_catalog():
    used: set[str] = set()
    for f in list((ROOT / "templates").glob("*.html")) + list((ROOT / "judge" / "web").rglob("*.py")):
        used |= set(re.findall(r"""\bt\(\s*["']([a-z0-9_]+)["']""", f.read_text()))

    # Keys built from a prefix ("prio_" + step kind) are checked for every value they can take.
    from judge.web.stepper.context import OUTCOME_LISTS

    built = {f"prio_{k.value}" for k in Kind} | {f"o_{k}" for k in OUTCOME_LISTS} | {
        f"d_{k}" for k in ("jack_out", "continue", "rez", "unrez", "break", "effect")} | {
        f"legend_{k}" for k in ("current", "visited", "skipped", "triggered", "not_reached")} | {
        f"type_{k}" for k in CARD_TYPES}
    literal = {k for k in used if not k.endswith("_")}
    assert literal and not (literal | built) - set(PAGES)


def test_an_unknown_page_is_a_404_in_korean_when_korean_was_chosen(client):
    client.get("/new?lang=ko")

    resp = client.get("/nowhere")

    assert resp.status_code == 404 and "그런 페이지" in text(resp)
