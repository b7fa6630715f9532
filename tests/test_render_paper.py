"""Charts that print: documentation charts on A4 and Letter (portrait and landscape) whose smallest
text measures 7 pt or more in the PDF at 100%, PNGs at a chosen resolution, every kind of arrow
told apart in greyscale, and the documentation layout's faults fixed."""

from __future__ import annotations

import io
import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pdfminer.high_level import extract_pages
from pdfminer.layout import LTChar
from render_helpers import SVG, groups, ice, run_on

from judge import render, rulesets
from judge.engine import run
from judge.render.paper import MIN_PT, PAPERS, Paper
from judge.render.timeline import timeline
from judge.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
WALK = ROOT / "examples" / "walkthrough-rez-break-steal.yaml"
SHEETS = [("a4", "ko"), ("letter", "en"), ("a4-landscape", "en"), ("letter-landscape", "ko")]


def text_sizes(pdf: bytes) -> tuple[list[float], list[tuple[float, float]]]:
    """Every character's size in points as printed at 100%, and every page's size in points."""
    sizes, pages = [], []
    for page in extract_pages(io.BytesIO(pdf)):
        pages.append((page.width, page.height))

        def walk(o) -> None:
            for x in o:
                if isinstance(x, LTChar):
                    sizes.append(x.size)
                elif hasattr(x, "__iter__"):
                    walk(x)
        walk(page)
    return sizes, pages


@pytest.mark.parametrize("sheet, lang", SHEETS)
@pytest.mark.parametrize("rs_id", sorted(rulesets.RULESETS))
def test_a_documentation_chart_on_paper_prints_no_text_under_7_pt_on_pages_the_size_of_the_sheet(rs_id, sheet, lang):
    paper = Paper.parse(sheet)
    printed = render.paper_chart(rs_id, lang, paper)

    sizes, pages = text_sizes(printed.pdf())
    w, h = (x * 72 for x in paper.size)
    assert pages and all(abs(pw - w) < 1 and abs(ph - h) < 1 for pw, ph in pages), pages
    assert len(sizes) > 300, "the text is in the PDF as text"
    assert min(sizes) >= MIN_PT - 0.05, f"smallest text {min(sizes):.2f} pt"
    steps = sum(len(re.findall(r'class="step kind-', d)) for d in printed.dots)
    assert steps == len(rulesets.get(rs_id).steps), "every step on some page, once"


def test_a_moment_of_a_run_prints_on_paper_highlighted():
    t = run(load_scenario(WALK))
    printed = render.paper_chart(t.rs.id, "en", Paper("a4"), "doc", t, len(t.events) - 1)

    assert any("#c8e6c9" in d for d in printed.dots)              # the visited steps' fill
    sizes, _ = text_sizes(printed.pdf())
    assert min(sizes) >= MIN_PT - 0.05


def test_an_unknown_paper_is_refused_with_the_known_ones():
    with pytest.raises(render.ChartError) as got:
        Paper.parse("a5")
    assert all(p in str(got.value) for p in PAPERS)


def _png_dpi(png: bytes) -> tuple[int, int, float]:
    width, height = struct.unpack(">II", png[16:24])
    i = png.find(b"pHYs")
    ppm = struct.unpack(">I", png[i + 4:i + 8])[0] if i >= 0 else 0
    return width, height, ppm * 0.0254


def test_a_png_for_print_has_300_dots_per_inch():
    dot = render.styled_dot("ffg-rr", "en", "doc")
    plain, sharp = render.render(dot, "png"), render.render(dot, "png", 300)

    w1, _, _ = _png_dpi(plain)
    w3, _, dpi = _png_dpi(sharp)
    assert round(dpi) == 300 and 3.0 < w3 / w1 < 3.3          # 300 against Graphviz's 96


def test_the_cli_writes_a_300_dpi_png_and_a_pdf_of_several_pages(tmp_path):
    from click.testing import CliRunner

    from judge.cli.chart import chart_cmd as main

    r = CliRunner().invoke(main, [ "--style", "doc", "--format", "png", "--dpi", "300", "-o",
                                  str(tmp_path / "c.png")])
    p = CliRunner().invoke(main, ["--style", "doc", "--ruleset", "ffg-rr", "--paper", "letter", "--format", "pdf",
                                  "-o", str(tmp_path / "c.pdf")])
    assert r.exit_code == 0 and round(_png_dpi((tmp_path / "c.png").read_bytes())[2]) == 300
    assert p.exit_code == 0 and len(text_sizes((tmp_path / "c.pdf").read_bytes())[1]) >= 2


# --- greyscale ------------------------------------------------------------------------------------


def _edge_looks(svg: str) -> dict[str, set[tuple[str, str]]]:
    """For each kind of arrow (its class), how it looks without colour: its dash pattern and
    whether its arrowhead is filled."""
    out: dict[str, set[tuple[str, str]]] = {}
    for g in ET.fromstring(svg.encode()).iter(f"{SVG}g"):
        cls = (g.get("class") or "").split()
        if "edge" not in cls:
            continue
        kind = next((k for k in ("skip", "interrupt", "jump", "normal") if k in cls), None)
        path = next(g.iter(f"{SVG}path"), None)
        if kind is None or path is None or path.get("stroke") == "transparent":
            continue
        head = next(g.iter(f"{SVG}polygon"), None)
        filled = "open" if head is not None and head.get("fill") == "none" else "filled"
        out.setdefault(kind, set()).add((path.get("stroke-dasharray") or "solid", filled))
    return out


def _grey(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


@pytest.mark.parametrize("which", ["full", "doc", "timeline"])
def test_every_kind_of_arrow_is_told_apart_in_greyscale(which):
    if which == "timeline":
        t = run_on([ice("A", rezzed=False), ice("B")], [{"at": "3.1", "ice": "B", "by": "runner", "break": "all"}])
        svg = render.render(render.timeline_dot(t, "en"), "svg").decode()
    else:
        svg = render.clean_chart("ffg-rr", "en", "svg", which).decode()
    looks = _edge_looks(svg)

    assert "normal" in looks and "skip" in looks and (which != "full" or "interrupt" in looks)
    for kind, seen in looks.items():
        assert len(seen) == 1, (kind, seen)          # one look per kind
    signatures = [next(iter(v)) for v in looks.values()]
    assert len(set(signatures)) == len(signatures), looks   # and no two kinds alike without colour
    colours = {c for c in re.findall(r'stroke="(#[0-9a-f]{6})"', svg)}
    assert all(_grey(c) < 200 for c in colours if c not in ("#ffffff",)), "no line fades out in grey"


# --- the documentation layout ----------------------------------------------------------------------


def _y(g: ET.Element) -> float:
    return min(float(t.get("y")) for t in g.iter(f"{SVG}text"))


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_documentation_chart_reads_in_order_without_repeated_boxes(lang):
    svg = render.clean_chart("ffg-rr", lang, "svg", "doc").decode()
    g = groups(ET.fromstring(svg.encode()))

    assert _y(g["step-6"]) < _y(g["step-7"])                       # the ends read 6 before 7
    for single in ("1", "4", "6", "7"):                            # a step alone in its phase: no box around it
        assert f"phase-{single}" not in g and f"step-{single}" in g
    back = [k for k in g if k.startswith("edge-4--2")]
    assert len(back) == 1                                           # 4 -> 2 twice: one arrow, both conditions
    if lang == "ko":
        lines = [t.text for t in g["step-5_3"].iter(f"{SVG}text")]
        assert "아이스 아닌 카드 레즈" in lines                        # no break inside "아이스 아닌"


def test_documentation_output_never_cuts_a_text_the_judges_chart_shortens():
    long = "Tell the Runner " + "that this subroutine does a great many things " * 3
    t = run_on([ice("Ice A", subs=[{"text": "x", "effect": {"note": long}}])])
    judges, docs = timeline(t, "en"), timeline(t, "en", doc=True)

    assert any("…" in x for n in judges.nodes for x in n.extra)
    assert not any("…" in x for n in docs.nodes for x in n.extra + n.lines)
    assert long.split()[-1] in " ".join(x for n in docs.nodes for x in n.extra)


def test_a_walk_through_can_read_top_to_bottom():
    t = run(load_scenario(WALK))
    wide, tall = (render.render(render.timeline_dot(t, "en", "doc", d), "svg") for d in ("lr", "tb"))

    def size(svg: bytes) -> tuple[float, float]:
        m = re.search(rb'<svg width="([\d.]+)pt" height="([\d.]+)pt"', svg)
        return float(m.group(1)), float(m.group(2))
    assert size(tall)[0] < size(wide)[0] / 2 and size(tall)[1] > size(tall)[0]
