"""Names typed by users cannot break a chart or inject anything into DOT, SVG or Mermaid."""

from __future__ import annotations

from dataclasses import replace

import pytest
from render_helpers import SVG, groups, ice, run_on, xml

from judge import render
from judge.render.dot import html, quote
from judge.render.mermaid import to_mermaid
from judge.render.timeline import timeline
from judge.scenario import MAX_NAME

HOSTILE = [
    'Quote" ] ; } digraph x { evil [label="pwned"] "',
    "Braces {{@c:step-1@}} { } [ ] | <B>bold</B>",
    "<script>alert('x')</script> &amp; &#92;N \\N \\G \\L",
    "Long " + "W" * (MAX_NAME - 5),
    "</title></g><g id=\"step-1\" onload=\"alert(1)\">",
]


@pytest.fixture(scope="module", params=range(len(HOSTILE)), ids=["quotes", "braces", "script", "long", "markup"])
def hostile(request):
    name = HOSTILE[request.param]
    runner = [{"name": name[: MAX_NAME - 7] + " (card)", "type": "event",
               "abilities": [{"when": "encountered", "effect": {"note": name}}]}]
    return name, run_on([ice(name)], [{"at": "3.1", "ice": name, "by": "runner", "break": "all"}], runner=runner,
                        title=name[:300])


def _no_active_content(root) -> None:
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1]
        assert tag not in ("script", "foreignObject", "iframe")
        assert not any(k.lower().startswith("on") for k in el.attrib), el.attrib


def test_quote_and_html_leave_no_way_out_of_a_dot_string():
    assert quote('a"b\\N') == '"a\\"b＼N"'
    assert html('<B>&"\'') == "&lt;B&gt;&amp;&quot;&#39;"


def test_a_hostile_name_cannot_break_or_inject_into_the_timeline(hostile):
    name, t = hostile
    chart = timeline(t, "en")
    dot = render.timeline_dot(t, "en")
    assert dot.count("\ndigraph") == 0 and dot.startswith("digraph")
    root = xml(render.timeline_svg(t, "en"))
    _no_active_content(root)
    drawn = {g.get("id") for g in root.iter(f"{SVG}g") if "node" in (g.get("class") or "")}
    assert drawn == {n.id for n in chart.nodes}, "exactly the chart's nodes, none injected"
    longest = max(len(t.text or "") for t in root.iter(f"{SVG}text"))
    assert longest < 200, "names are clipped in labels"
    if name.startswith("<script>"):
        assert any("<script>" in (t.text or "") for t in root.iter(f"{SVG}text")), "shown as text"


def test_a_hostile_name_cannot_break_or_inject_into_the_highlighted_chart(hostile):
    name, t = hostile
    for i in (len(t.events) // 2, len(t.events) - 1):
        h = render.highlight(t, i, "en")
        root = xml(render.highlighted_svg(t, i, "en"))
        _no_active_content(root)
        g = groups(root)
        assert len([k for k in g if k == "step-1"]) == 1
        for eid in h["classes"]:
            assert eid in g
    h = render.highlight(t, len(t.events) - 1, "en")
    assert any(name[:30] in v for v in h["titles"].values()), "the name reaches the tooltip, as text"


def test_a_hostile_name_cannot_break_the_highlighted_export(hostile):
    _, t = hostile
    svg = render.render(render.highlighted_dot(t, len(t.events) - 1, "en"), "svg").decode()
    _no_active_content(xml(svg[svg.index("<svg"):]))


def test_a_hostile_name_stays_inside_its_mermaid_label(hostile):
    name, t = hostile
    text = to_mermaid(timeline(t, "en"))
    for line in text.splitlines()[4:]:
        assert line.count('"') % 2 == 0, line
        assert "<script" not in line and "</title>" not in line


def test_thousands_of_characters_from_anywhere_are_clipped_in_labels_and_tooltips():
    """The loader limits names, but a trace built in code may not: the charts clip by themselves."""
    t = run_on([ice("Ice Wall")])
    long = "<b>" + "가" * 6000
    t.events = [replace(e, ice=long if e.ice else None,
                        occurrence=e.occurrence.replace("Ice Wall", long)) for e in t.events]
    t.title = long
    root = xml(render.timeline_svg(t, "ko"))
    _no_active_content(root)
    assert max(len(x.text or "") for x in root.iter(f"{SVG}text")) < 200
    # tooltips: <title> elements and links' xlink:title (Graphviz's own id titles are taken out)
    tips = [x.text or "" for x in root.iter(f"{SVG}title")] + [
        v for x in root.iter() for k, v in x.attrib.items() if k.endswith("}title")]
    assert tips and max(len(x) for x in tips) < 2000
    for i in (0, len(t.events) // 2, len(t.events) - 1):
        root = xml(render.highlighted_svg(t, i, "ko"))
        _no_active_content(root)
        assert max(len(x.text or "") for x in root.iter(f"{SVG}title")) < 2000
        assert max(len(v) for v in render.highlight(t, i, "ko")["titles"].values()) < 2000


@pytest.mark.parametrize("name", ["]", "[", "]]", "[ ]"])
def test_a_name_of_brackets_alone_draws_in_every_label(name):
    """Graphviz's HTML-like labels refuse a text that is only "]" (a syntax error, so a 503 where a
    chart was asked for): brackets go in as character references; the name is still drawn as typed."""
    t = run_on([ice(name)], [{"at": "3.1", "ice": name, "by": "runner", "break": "all"}], title=name)
    last = len(t.events) - 1
    svg = render.render(render.step_file_dot(t, last, "en", name, name), "svg").decode()
    root = xml(svg[svg.index("<svg"):])
    assert name in [x.text for x in root.iter(f"{SVG}text")]
    assert html(name).count("&#9") == len(name.replace(" ", ""))
