"""Exports for documentation: the documentation style of a chart, wiki text (Markdown, namuwiki)
and a walk-through as one self-contained HTML file."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from render_helpers import groups

from judge import render, rulesets
from judge.engine import run
from judge.render.doc import doc_structure, interrupt_rows
from judge.render.extract import structure
from judge.render.ids import step_id
from judge.render.wiki import escape, structure_text, walkthrough_text
from judge.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
D10 = ROOT / "examples" / "d10-inside-job-bypasses-tollbooth.yaml"
HOSTILE = """
title: "Hostile <script>alert(1)</script> [[link]] ''bold'' | pipe"
run: {server: HQ}
runner:
  credits: 5
servers:
  HQ:
    ice:
      - name: "Ice <b>x</b> {{{lit}}} `tick` || [*foot]"
        rezzed: true
        subroutines: ["End the run"]
"""


def trace_of(text: str | None = None, path: Path = D10):
    return run(load_scenario(path) if text is None else load_scenario(text=text))


@pytest.mark.parametrize("rs_id", sorted(rulesets.RULESETS))
def test_the_documentation_style_draws_every_step_and_transition_but_no_interrupt_arrow(rs_id):
    full, doc = render.chart_dot(rs_id, "en"), render.styled_dot(rs_id, "en", "doc")

    for s in rulesets.get(rs_id).steps:
        assert f'"{step_id(s.id)}" [id="{step_id(s.id)}"' in doc
    assert "interrupt" in full and 'class="transition interrupt' not in doc and '"interrupt-' not in doc
    assert "style=dotted" not in doc and "style=dotted" in full        # interrupts are the dotted lines
    chart = structure(rs_id, "en")
    drawn = {e for ln in chart.lines if "transition" in ln.classes and "interrupt" not in ln.classes
             for e in chart.members.get(ln.id, ())}
    kept = {e for edges in doc_structure(rs_id, "en").members.values() for e in edges}
    assert drawn and drawn == kept           # every transition; two between the same steps drawn as one arrow


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_interrupts_are_listed_in_a_table_beneath_the_documentation_style(lang):
    chart = doc_structure("ffg-rr", lang)
    rows = interrupt_rows("ffg-rr", lang)
    svg = render.clean_chart("ffg-rr", lang, "svg", "doc").decode()

    assert chart.tables and tuple(tuple(c.replace("\n", " ") for c in r) for r in chart.tables[0].rows) == tuple(rows)
    whens = {r[0] for r in rows}
    assert len(rows) >= 6 and len(whens) >= 5                    # run ended (twice), jack out, bypass, ice left...
    assert all(r[2].split()[0] in {"2", "4", "5.6", "6", "7"} for r in rows)  # 5.6: a granted jack out while accessing
    for row in chart.tables[0].rows:
        assert all(piece in svg for cell in row for piece in cell.split("\n"))


def test_the_documentation_style_is_not_mermaid_and_an_unknown_style_is_refused():
    with pytest.raises(render.ChartError):
        render.clean_chart("ffg-rr", "en", "mermaid", "doc")
    with pytest.raises(render.ChartError):
        render.styled_dot("ffg-rr", "en", "poster")


@pytest.mark.parametrize("fmt, magic", [("svg", b"<?xml"), ("png", b"\x89PNG"), ("pdf", b"%PDF-")])
def test_a_clean_chart_is_drawn_in_each_format(fmt, magic):
    assert render.clean_chart("nsg", "ko", fmt).startswith(magic)
    assert render.clean_chart("nsg", "ko", fmt, "doc").startswith(magic)


def test_svgs_name_a_font_fallback_list():
    for svg in (render.clean_chart("ffg-rr", "ko", "svg").decode(), render.chart_svg("ffg-rr", "ko"),
                render.render(render.timeline_dot(trace_of(), "ko"), "svg").decode()):
        fonts = set(re.findall(r'font-family="([^"]+)"', svg))
        assert fonts == {"'Noto Sans CJK KR', 'Noto Sans KR', 'Source Han Sans K', 'Apple SD Gothic Neo', "
                         "'Malgun Gothic', 'NanumGothic', sans-serif"}


@pytest.mark.parametrize("markup", ["markdown", "namuwiki"])
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_structure_as_wiki_text_has_every_step_phase_and_interrupt(markup, lang):
    rs = rulesets.get("nsg")
    text = structure_text("nsg", lang, markup)

    start = "# " if markup == "markdown" else "'''"          # namuwiki: no heading above the steps' own
    assert text.startswith(start + escape(rs.title(lang), markup))
    for phase in rs.phases:
        assert escape(rs.phase_name(phase, lang), markup) in text
    for s in rs.steps:
        assert escape(s.name(lang), markup) in text and s.id in text
    for when, _, _ in interrupt_rows("nsg", lang):
        assert escape(when, markup) in text
    if markup == "namuwiki":
        assert re.search(r"^=== .+ ===$", text, re.M) and re.search(r"^\|\|'''.+'''\|\|$", text, re.M)
        assert "{{{#!folding" in text and "[[#s-2.2|6.9.2b " in text and "[* " in text
    else:
        assert re.search(r"^## ", text, re.M) and re.search(r"^\|---\|", text, re.M)


@pytest.mark.parametrize("markup", ["markdown", "namuwiki"])
def test_a_walk_through_as_wiki_text_lists_every_step_with_its_events(markup):
    t = trace_of()
    text = walkthrough_text(t, "ko", markup)

    steps = re.findall(r"^\d+\. " if markup == "markdown" else r"^={2,3} \d.+ ={2,3}$", text, re.M)
    assert len(steps) == len(t.path)
    assert "내부자 범행" in text and "톨부스" in text and "헤지 펀드" in text   # cards under their Korean titles
    assert "Inside Job" not in text and "Tollbooth" not in text
    assert ("    - " if markup == "markdown" else " * ") in text


def test_names_cannot_become_wiki_syntax():
    t = trace_of(HOSTILE)
    md, namu = walkthrough_text(t, "en", "markdown"), walkthrough_text(t, "en", "namuwiki")

    assert not re.search(r"(?<!\\)<(?:script|/script|b>)", md) and "\\<script>" in md
    assert "[[link" not in md and "\\[\\[link\\]\\]" in md and "\\`tick\\`" in md
    bare = re.sub(r"\\.", "", namu)                  # what namuwiki reads as syntax: the unescaped rest
    bare = re.sub(r"\[\[#s-[\d.]+\|[^\]]*\]\]|\[\* [^\]]*\]", "", bare)   # our own links and footnotes
    body = "\n".join(ln for ln in bare.splitlines() if not ln.startswith("||"))
    for syntax in ("[[", "''bold", "{{{lit", "||", "[*"):
        assert syntax not in body, syntax
    assert "\\[\\[link\\]\\]" in namu and "\\''bold\\''" in namu


def test_the_walk_through_file_holds_everything_it_needs_and_asks_for_nothing():
    html = render.walkthrough_html(trace_of(), "ko")

    assert not re.search(r'\b(?:src|href)="(?!#)', html)            # no external file, no link out
    assert "<style>" in html and "<script>" in html and 'id="walk-data"' in html
    assert "http://" not in html.replace("http://www.w3.org/", "") and "https://" not in html
    root = ET.fromstring(re.search(r"<svg.*?</svg>", html, re.S).group(0))
    assert {step_id(s) for s in rulesets.get("ffg-rr").step_ids} <= set(groups(root))
    assert html.count('class="position"') == len(trace_of().path)
    assert '<html lang="ko">' in html and "다음" in html


def test_a_hostile_name_stays_text_in_the_walk_through_file():
    html = render.walkthrough_html(trace_of(HOSTILE), "en")

    assert "<script>alert" not in html and "<b>x</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    data = re.search(r'<script type="application/json" id="walk-data">(.*?)</script>', html, re.S).group(1)
    assert "<" not in data and ">" not in data
