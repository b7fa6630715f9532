"""The structure chart: DOT and SVG read as text and XML, for every ruleset, in both languages."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from render_helpers import classes, groups, texts, title, xml

from judge import render, rulesets
from judge.engine.trace import guard_label
from judge.render.ids import edge_id, phase_id, safe, step_id
from judge.render.text import clean
from judge.rulesets import timing

RULESETS = sorted(rulesets.RULESETS)
LANGS = ("en", "ko")


def test_graphviz_is_installed_as_the_setup_promises():
    assert shutil.which("dot"), "Graphviz must be installed (make system); chart tests do not skip"


@pytest.mark.parametrize("rs_id", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_step_is_drawn_with_its_id_and_class(rs_id, lang):
    rs = rulesets.get(rs_id)
    g = groups(xml(render.chart_svg(rs_id, lang)))
    for s in rs.steps:
        el = g[step_id(s.id)]
        assert {"node", "step", f"kind-{s.kind.value}"} <= set(classes(el))
        assert s.id in texts(el)
        explain = s.explain(lang)
        assert explain in title(el), "the tooltip carries the step's explanation"


@pytest.mark.parametrize("rs_id", RULESETS)
def test_every_phase_is_a_cluster_in_the_written_order(rs_id):
    rs = rulesets.get(rs_id)
    dot = render.chart_dot(rs_id, "en")
    starts = [dot.index(f'subgraph "cluster_{phase_id(p)}"') for p in rs.phases]
    assert starts == sorted(starts)
    g = groups(xml(render.chart_svg(rs_id, "en")))
    for p in rs.phases:
        en = rs.phase_name(p, "en")
        assert "cluster" in classes(g[phase_id(p)]) and en in texts(g[phase_id(p)])


@pytest.mark.parametrize("rs_id", RULESETS)
def test_every_edge_of_the_graph_is_an_element_with_its_guard(rs_id):
    g = timing.graph(rs_id)
    chart = render._chart(rs_id, "en")
    where = render._edges(rs_id, "en")
    svg = groups(xml(render.chart_svg(rs_id, "en")))
    for src, dst, key, d in g.edges(keys=True, data=True):
        element = where[d["edge"].id]
        assert element in svg and "edge" in classes(svg[element])
        assert {f"guard-{safe(part)}" for part in key.split("&")} <= set(classes(svg[element]))
        if not d["interrupt"]:
            assert element == edge_id(src, dst, key)
            label = guard_label(key, "en")
            assert label in texts(svg[element])
        else:
            assert "interrupt" in classes(svg[element])
            tag = next(ln.tail for ln in chart.lines if ln.id == element)
            assert src in texts(svg[tag]) or "–" in texts(svg[tag]), "the tag names where it can happen"


def test_ids_are_safe_for_html_and_css_and_derived_from_the_step_ids():
    assert step_id("2.3") == "step-2_3"
    assert phase_id("2") == "phase-2"
    assert edge_id("2.1", "2.3", "first_approach") == "edge-2_1--2_3--first_approach"
    assert step_id("6.9.2b") == "step-6_9_2b"
    assert re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", step_id("a b<\"é>"))
    for rs_id in RULESETS:
        for el in groups(xml(render.chart_svg(rs_id, "en"))):
            assert re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", el), el


@pytest.mark.parametrize("rs_id", RULESETS)
def test_korean_labels_are_drawn_with_the_cjk_font(rs_id):
    rs = rulesets.get(rs_id)
    root = xml(render.chart_svg(rs_id, "ko"))
    g = groups(root)
    for s in rs.steps:
        drawn = texts(g[step_id(s.id)]).replace(" ", "")
        assert clean(s.name("ko")).replace(" ", "") in drawn
    fonts = {t.get("font-family") for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("font-family")}
    assert fonts == {render.settings.LOOK.font_family()}     # measured with Noto Sans CJK KR, then fallbacks
    assert next(iter(fonts)).startswith("'Noto Sans CJK KR', ") and next(iter(fonts)).endswith(", sans-serif")
    assert rs.title("ko") in " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))


@pytest.mark.parametrize("lang", LANGS)
def test_graphviz_finds_the_font_and_warns_about_nothing(lang):
    done = subprocess.run(["dot", "-v", "-Tsvg"], input=render.chart_dot("ffg-rr", lang).encode(),
                          capture_output=True, check=True, timeout=60)
    err = done.stderr.decode()
    assert '"Noto Sans CJK KR" resolved to' in err and "NotoSansCJK" in err
    assert "Warning" not in err and "Error" not in err


def test_the_title_names_the_ruleset_and_its_version():
    rs = rulesets.get("ffg-rr")
    dot = render.chart_dot("ffg-rr", "en")
    head = dot[: dot.index("subgraph")]
    assert rs.title("en") in head and rs.id in head and rs.version in head


def test_each_kind_of_step_has_its_own_shape_and_the_legend_shows_them():
    dot = render.chart_dot("ffg-rr", "en")
    shapes = {}
    for kind in ("step", "paw", "decision", "check", "end"):
        m = re.search(rf'"legend-{kind}" \[.*?shape="?([a-z]+)"?', dot)
        assert m, kind
        shapes[kind] = m.group(1)
    assert len(set(shapes.values())) == 5, shapes
    assert re.search(r'\bid="?legend"?[ \]]', dot)


def test_the_same_graph_gives_the_same_dot_text():
    a = render.chart_dot("ffg-rr", "ko")
    render._chart.cache_clear()
    render._edges.cache_clear()
    assert render.chart_dot("ffg-rr", "ko") == a


def test_the_inline_svg_has_no_prologue():
    svg = render.chart_svg("ffg-rr", "en")
    assert svg.startswith("<svg") and "<!DOCTYPE" not in svg and "<?xml" not in svg


def test_mermaid_has_every_step_in_its_phase_and_every_regular_edge():
    from judge.cli.chart import _produce

    text = _produce("mermaid", "ko", "ffg-rr", None, None, False)[0].decode()
    assert text.splitlines()[3] == "flowchart TD"
    rs = rulesets.get("ffg-rr")
    for s in rs.steps:
        assert re.search(rf"^    {step_id(s.id).replace('-', '_')}\W", text, re.M), s.id
    for e in rs.edges:
        assert re.search(rf"{step_id(e.src).replace('-', '_')} -->.* {step_id(e.dst).replace('-', '_')}$",
                         text, re.M), e.id
