"""Charts and walk-throughs to take away, from the pages: every rule set's clean chart in each
format, style and language; a situation's walk-through as one HTML file and as wiki text."""

from __future__ import annotations

import re
from html import unescape

import pytest

from judge.rulesets import RULESETS

MAGIC = {"svg": b"<?xml", "png": b"\x89PNG", "pdf": b"%PDF-", "dot": b"digraph", "mmd": b"---\ntitle: ",
         "md": b"# ", "namuwiki": b"'''"}
HOSTILE = b"""
title: "<script>alert(1)</script> [[x]]"
run: {server: HQ}
servers:
  HQ:
    ice: [{name: "<img src=x onerror=alert(1)>", rezzed: true, subroutines: [End the run]}]
"""


@pytest.fixture
def sid(client):
    return client.get("/examples/d10-inside-job-bypasses-tollbooth").headers["Location"].rsplit("/", 1)[-1]


def links(html: str, cls: str = "dl") -> list[str]:
    return [unescape(u) for u in re.findall(rf'<a class="{cls}" href="([^"]+)"', html)]


@pytest.mark.parametrize("rs_id", sorted(RULESETS))
@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("fmt", sorted(MAGIC))
def test_every_rule_sets_clean_chart_downloads_in_each_format_and_language(client, rs_id, lang, fmt):
    resp = client.get(f"/chart/{rs_id}.{lang}.{fmt}")

    assert resp.status_code == 200 and resp.data.startswith(MAGIC[fmt])
    assert resp.headers["Content-Disposition"] == f'attachment; filename="{rs_id}.{lang}.{fmt}"'
    assert resp.headers["Cache-Control"] == "public, max-age=86400" and resp.headers["ETag"]


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf", "dot"])
def test_the_documentation_style_downloads_and_names_itself(client, fmt):
    resp = client.get(f"/chart/nsg.ko.{fmt}?style=doc")

    assert resp.status_code == 200 and resp.data.startswith(MAGIC[fmt])
    assert resp.headers["Content-Disposition"] == f'attachment; filename="nsg.ko.doc.{fmt}"'


@pytest.mark.parametrize("url", ["/chart/ffg-rr.fr.svg", "/chart/ffg-rr.en.exe", "/chart/../etc.en.svg",
                                 "/chart/nope.en.svg", "/chart/ffg-rr.en.svg?style=poster",
                                 "/chart/ffg-rr.en.mmd?style=doc"])
def test_a_chart_download_that_does_not_exist_is_a_404(client, url):
    assert client.get(url).status_code == 404


def test_the_chart_page_links_every_download_of_every_chart(client):
    html = client.get("/chart").get_data(as_text=True)
    urls = links(html)

    for rs_id in RULESETS:
        for lang in ("en", "ko"):
            for fmt in ("svg", "png", "pdf", "dot", "mmd", "md", "namuwiki"):
                assert f"/chart/{rs_id}.{lang}.{fmt}" in urls
    assert all(client.get(u).status_code == 200 for u in urls[:5])


def test_the_chart_page_shows_the_documentation_style_and_links_its_files(client):
    html = client.get("/chart?style=doc&ruleset=nsg").get_data(as_text=True)

    assert html.count("<svg") == 2 and "What can interrupt the run" in html and "런을 중단시킬 수 있는 일" in html
    assert "interrupt-run_ended" not in html                          # no interrupt tags in this style
    assert "/chart/nsg.en.svg?style=doc" in links(html) and "/chart/nsg.ko.pdf?style=doc" in links(html)
    assert 'data-style="doc"' in html and re.search(r'data-style="doc"\s+aria-current="true"', html)
    assert "style=doc" in re.search(r'data-ruleset="ffg-rr"', html).string   # the rule set switch keeps it


def test_the_stepper_offers_the_walk_through_the_clean_chart_and_the_step_to_take_away(client, sid):
    html = client.get(f"/s/{sid}?step=3&lang=ko").get_data(as_text=True)

    assert f'href="/s/{sid}/walkthrough.html?lang=ko"' in html
    assert f"/s/{sid}/walkthrough.md?lang=ko" in html and f"/s/{sid}/walkthrough.namuwiki?lang=ko" in html
    for fmt in ("svg", "png", "pdf"):
        assert f"/chart/ffg-rr.en.{fmt}" in html and f"/chart/ffg-rr.ko.{fmt}" in html
        assert f"/s/{sid}/chart.{fmt}?step=3&amp;lang=ko" in html
    assert "/chart/ffg-rr.ko.svg?style=doc" in html


def test_the_walk_through_file_downloads_in_the_pages_language_and_rule_set(client, sid):
    resp = client.get(f"/s/{sid}/walkthrough.html?ruleset=nsg&lang=ko")
    html = resp.get_data(as_text=True)

    assert resp.headers["Content-Disposition"] == f'attachment; filename="walkthrough-{sid}-nsg-ko.html"'
    assert '<html lang="ko">' in html and "nsg" in html and 'id="step-6_9_1a"' in html
    assert not re.search(r'\b(?:src|href)="(?!#)', html)


@pytest.mark.parametrize("fmt, start", [("md", "# "), ("namuwiki", "'''")])
def test_the_walk_through_downloads_as_wiki_text(client, sid, fmt, start):
    resp = client.get(f"/s/{sid}/walkthrough.{fmt}?lang=en")

    assert resp.status_code == 200 and resp.get_data(as_text=True).startswith(start)
    assert "Inside Job" in resp.get_data(as_text=True)


def test_a_step_of_a_situation_downloads_as_pdf(client, sid):
    resp = client.get(f"/s/{sid}/chart.pdf?step=4&lang=en")

    assert resp.data.startswith(b"%PDF-")
    assert resp.headers["Content-Disposition"] == f'attachment; filename="chart-{sid}-step4-en.pdf"'


def test_hostile_names_stay_text_in_every_walk_through_download(client):
    sid = client.post("/api/scenarios", data=HOSTILE, headers={"Content-Type": "application/yaml"}).get_json()["id"]

    html = client.get(f"/s/{sid}/walkthrough.html").get_data(as_text=True)
    md = client.get(f"/s/{sid}/walkthrough.md").get_data(as_text=True)

    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert not re.search(r"(?<!\\)<(?:script|img)", md)


def test_an_unknown_rule_set_for_a_walk_through_is_a_400_page(client, sid):
    assert client.get(f"/s/{sid}/walkthrough.html?ruleset=nope").status_code == 400
    assert client.get("/s/0000000000000000/walkthrough.md").status_code == 404


@pytest.mark.parametrize("lang, title, step, key", [
    ("en", "D10: Inside Job bypasses Tollbooth", "Step 6 of 15: 3@Tollbooth Encounter ice", "this step"),
    ("ko", "D10: 톨부스의 대치 능력이", "15단계 중 6단계: 3@톨부스 아이스와 대치", "지금 단계"),
])
def test_a_steps_chart_file_carries_the_situations_title_the_step_and_a_key(client, lang, title, step, key):
    import io

    from pypdf import PdfReader

    sid = client.get("/examples/d10-inside-job-bypasses-tollbooth").headers["Location"].rsplit("/", 1)[-1]
    svg = client.get(f"/s/{sid}/chart.svg?step=6&lang={lang}").get_data(as_text=True)
    words = " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg)).replace("&#45;", "-").replace("&#39;", "'")
    for said in (title, step, key, "×2"):
        assert said in words, (said, words[:300])
    png = client.get(f"/s/{sid}/chart.png?step=6&lang={lang}").data
    assert png.startswith(b"\x89PNG")
    pdf = PdfReader(io.BytesIO(client.get(f"/s/{sid}/chart.pdf?step=6&lang={lang}").data))
    assert all(round(float(p.mediabox.width)) == 595 and round(float(p.mediabox.height)) == 842 for p in pdf.pages)  # A4
    text = " ".join(p.extract_text() for p in pdf.pages)
    assert step.split(":")[0] in text and key in text


def test_an_untitled_situations_chart_file_is_headed_by_its_board(client):
    untitled = ("run: {server: HQ, by: Inside Job}\nrunner: {credits: 2, cards: [{card: Inside Job}]}\n"
                "servers:\n  HQ:\n    ice: [{card: Tollbooth, rezzed: true}]\n    cards: [{card: Hedge Fund}]\n")
    sid = client.post("/api/scenarios", data=untitled, headers={"Content-Type": "application/yaml"}).get_json()["id"]
    for lang, heading in (("en", "HQ: Tollbooth; Runner: Inside Job"), ("ko", "HQ: 톨부스; 러너: 내부자 범행")):
        svg = client.get(f"/s/{sid}/chart.svg?step=2&lang={lang}").get_data(as_text=True)
        first = re.findall(r"<text[^>]*>([^<]*)</text>", svg)[0]
        assert unescape(first) == heading


def test_a_title_of_control_characters_leaves_the_chart_file_drawable(client):
    import json

    weird = {"title": "\x80", "run": {"server": "HQ"},
             "servers": {"HQ": {"ice": [{"name": "Ice Wall", "rezzed": True, "subroutines": ["End the run"]}]}}}
    resp = client.post("/api/scenarios", data=json.dumps(weird), headers={"Content-Type": "application/json"})
    svg = client.get(f"/s/{resp.get_json()['id']}/chart.svg?step=2")
    assert svg.status_code == 200 and "Step 2 of" in svg.get_data(as_text=True)
