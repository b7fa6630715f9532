"""The chart page offers what `judge chart --paper/--dpi` makes: a PDF laid out for A4 or Letter,
portrait or landscape, and a 300 dpi PNG, for each chart in each style, in the page's language."""

from __future__ import annotations

import html
import io
import re
import struct

import pytest
from pdfminer.high_level import extract_pages

SHEETS = {"a4": (595, 842), "a4-landscape": (842, 595), "letter": (612, 792), "letter-landscape": (792, 612)}
WORDS = {"en": ("For print:", "A4 landscape PDF", "PNG at 300 dots per inch"),
         "ko": ("인쇄용:", "A4 가로 PDF", "인치당 300점 PNG")}


def _links(page: str) -> list[tuple[str, str]]:
    """(href, label) of every print link: data-paper or data-dpi."""
    return [(html.unescape(h), label) for h, label in
            re.findall(r'<a class="dl" href="([^"]+)" download data-(?:paper|dpi)="[^"]+">([^<]+)</a>', page)]


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("style", ["full", "doc"])
def test_every_chart_on_the_page_offers_four_sheets_and_a_print_png_in_the_pages_language(client, lang, style):
    page = client.get(f"/chart?lang={lang}&style={style}").get_data(as_text=True)

    links = _links(page)
    assert len(links) == 3 * 2 * 5                        # three rule sets, two languages, five files
    for word in WORDS[lang]:
        assert word in html.unescape(page), word
    papers = [re.search(r"paper=([a-z4-]+)", h).group(1) for h, _ in links if "paper=" in h]
    assert sorted(set(papers)) == sorted(SHEETS) and papers.count("a4") == 6
    assert all(("style=doc" in h) == (style == "doc") for h, _ in links)
    assert sum("dpi=300" in h and ".png" in h for h, _ in links) == 6


def _size(pdf: bytes) -> tuple[int, int]:
    first = next(iter(extract_pages(io.BytesIO(pdf))))
    return round(first.width), round(first.height)


@pytest.mark.parametrize("lang, style, sheet", [("ko", "doc", "a4-landscape"), ("en", "full", "letter")])
def test_a_sheet_link_downloads_a_pdf_of_that_sheet(client, lang, style, sheet):
    page = client.get(f"/chart?lang={lang}&style={style}").get_data(as_text=True)
    href = next(h for h, _ in _links(page) if f"paper={sheet}" in h and f"/chart/nsg.{lang}." in h)

    resp = client.get(href)

    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert resp.headers["Content-Disposition"].endswith(f'.{sheet}.pdf"')
    assert _size(resp.data) == SHEETS[sheet]


def _png_width(data: bytes) -> int:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">I", data[16:20])[0]


def test_the_print_png_has_about_three_times_the_pixels_of_the_screen_one(client):
    page = client.get("/chart?lang=en&style=doc").get_data(as_text=True)
    href = next(h for h, _ in _links(page) if "dpi=300" in h and "/chart/ffg-rr.en." in h)

    sharp, plain = client.get(href), client.get("/chart/ffg-rr.en.png?style=doc")

    assert sharp.status_code == plain.status_code == 200
    assert sharp.headers["Content-Disposition"] == 'attachment; filename="ffg-rr.en.doc.300dpi.png"'
    assert 2.8 < _png_width(sharp.data) / _png_width(plain.data) < 3.4          # 300 / 96


def test_a_sheet_or_resolution_the_page_does_not_offer_is_not_found(client):
    assert client.get("/chart/ffg-rr.en.pdf?paper=a3").status_code == 404
    assert client.get("/chart/ffg-rr.en.png?dpi=299").status_code == 404
