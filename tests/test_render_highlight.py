"""Highlighting a moment of a trace: classes on the laid-out chart's ids, no new Graphviz run."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import runnable_examples
from render_helpers import badge, classes, groups, ice, run_on, title, xml

from judge import render
from judge.engine import run
from judge.render.ids import step_id
from judge.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BREAK_ALL = [{"at": "3.1", "ice": n, "by": "runner", "break": "all"} for n in ("Ice Wall", "Enigma", "Wall of Static")]


def at(t, occurrence: str, kind: str = "enter") -> int:
    """The position of the first event of a kind at an occurrence."""
    return next(i for i, e in enumerate(t.events) if e.occurrence == occurrence and e.kind == kind)


def cls(h: dict, kind: str) -> set[str]:
    return {eid for eid, cs in h["classes"].items() if kind in cs}


@pytest.fixture(scope="module")
def three_ice():
    return run_on([ice("Ice Wall"), ice("Enigma"), ice("Wall of Static")], BREAK_ALL)


@pytest.fixture(scope="module")
def unrezzed():
    return run_on([ice("Ice Wall", rezzed=False)])


def test_the_current_step_is_the_step_being_entered(three_ice):
    h = render.highlight(three_ice, at(three_ice, "2.3@Enigma"), "en")
    assert h["current"] == "step-2_3"
    assert cls(h, "current") == {"step-2_3", "phase-2"}


def test_visited_steps_count_how_often_they_were_entered(three_ice):
    h = render.highlight(three_ice, at(three_ice, "3.1@Wall of Static"), "en")
    assert h["counts"]["step-2"] == 3 and h["counts"]["step-3"] == 3 and h["counts"]["step-4"] == 2
    assert "step-5" not in cls(h, "visited")
    assert "Enigma" in h["titles"]["step-4"] and "2×" in h["titles"]["step-4"]


def test_taken_edges_are_counted_and_a_repeated_edge_adds_up(three_ice):
    h = render.highlight(three_ice, len(three_ice.events) - 1, "en")
    assert h["counts"]["edge-4--2--more_ice_inward"] == 2
    assert h["counts"]["edge-4--5--no_more_ice"] == 1
    assert "edge-2_1--2_2--not_first_approach" in cls(h, "taken")
    assert "edge-2_1--2_3--first_approach" in cls(h, "taken")


def test_skipped_steps_carry_their_reason_as_tooltip(unrezzed):
    h = render.highlight(unrezzed, at(unrezzed, "4@Ice Wall"), "en")
    assert {"step-3", "step-3_1", "step-3_2", "step-2_2"} <= cls(h, "skipped")
    assert "not rezzed" in h["titles"]["step-3_1"] and "3.1@Ice Wall" in h["titles"]["step-3_1"]
    assert "first approach" in h["titles"]["step-2_2"]
    ko = render.highlight(unrezzed, at(unrezzed, "4@Ice Wall"), "ko")
    assert "레즈되지 않아" in ko["titles"]["step-3_1"]


def test_skips_are_not_shown_before_they_happen(unrezzed):
    h = render.highlight(unrezzed, at(unrezzed, "2.3@Ice Wall"), "en")
    assert "step-3" not in cls(h, "skipped") and "step-2_2" in cls(h, "skipped")


def test_the_next_transitions_leave_the_current_step(three_ice):
    h = render.highlight(three_ice, at(three_ice, "2.1@Enigma"), "en")
    nxt = cls(h, "next")
    assert {"edge-2_1--2_2--not_first_approach", "edge-2_1--2_3--first_approach"} <= nxt
    assert "edge-any--7--run_ended" in nxt, "an interrupt that can leave 2.1 can follow too"
    assert "edge-2_2--7--jacked_out" not in nxt


def test_triggered_abilities_are_marked_on_their_step():
    t = run(load_scenario(EXAMPLES / "d10-inside-job-bypasses-tollbooth.yaml"))
    before = render.highlight(t, at(t, "3@Tollbooth") - 1, "en")
    assert "step-3" not in cls(before, "triggered")
    h = render.highlight(t, at(t, "4@Tollbooth"), "en")
    assert "step-3" in cls(h, "triggered") and h["triggers"]["step-3"] >= 1
    assert "Inside Job" in h["titles"]["step-3"]
    assert {"edge-any--4--bypassed", "interrupt-bypassed--4"} <= cls(h, "taken")
    assert {"step-3_1", "step-3_2"} <= cls(h, "skipped")


def test_steps_never_reached_are_marked_only_once_the_run_is_over(three_ice):
    mid = render.highlight(three_ice, at(three_ice, "5"), "en")
    assert not cls(mid, "not-reached")
    end = render.highlight(three_ice, len(three_ice.events) - 1, "en")
    assert "step-7" in cls(end, "not-reached") and "step-6" not in cls(end, "not-reached")
    assert not cls(end, "next")


def test_positions_outside_the_trace_are_clamped(three_ice):
    assert render.highlight(three_ice, -5, "en") == render.highlight(three_ice, 0, "en")
    n = len(three_ice.events)
    assert render.highlight(three_ice, n + 10, "en") == render.highlight(three_ice, n - 1, "en")


@pytest.mark.parametrize("path", runnable_examples(), ids=lambda p: p.name)
def test_highlighting_matches_the_trace_at_every_position_of_every_example(path):
    t = run(load_scenario(path))
    every = render.highlight_all(t, "en")
    assert len(every) == len(t.events)
    ids = set(groups(xml(render.chart_svg(t.rs.id, "en"))))
    for i in sorted({0, len(t.events) // 3, len(t.events) // 2, len(t.events) - 1}):
        h = every[i]
        assert h == render.highlight(t, i, "en"), "one pass and one position agree"
        so_far = t.events[: i + 1]
        assert cls(h, "visited") == {step_id(e.step) for e in so_far if e.kind == "enter"}
        assert {k for k in cls(h, "skipped")} == {step_id(e.step) for e in so_far if e.kind == "skip"}
        assert sum(h["counts"][k] for k in cls(h, "visited")) == sum(e.kind == "enter" for e in so_far)
        assert sum(h["counts"].get(k, 0) for k in cls(h, "taken") if k.startswith("edge-")) == \
            sum(e.kind == "transition" for e in so_far)
        assert set(h["classes"]) <= ids, "every highlighted id exists in the chart"
        assert [k for k in cls(h, "current") if k.startswith("step-")] == [h["current"]]


def test_the_highlighted_svg_carries_the_classes_titles_badges_and_styles(three_ice):
    pos = at(three_ice, "3@Wall of Static")
    h = render.highlight(three_ice, pos, "en")
    root = xml(render.highlighted_svg(three_ice, pos, "en"))
    g = groups(root)
    for eid, cs in h["classes"].items():
        assert set(cs) <= set(classes(g[eid])), eid
        assert title(g[eid]) == h["titles"].get(eid, title(g[eid]))
    assert badge(g["step-2"], "count") == "×3"
    assert badge(g["edge-4--2--more_ice_inward"], "count") == "×2"
    assert badge(g["step-5"], "count") == ""
    style = root.find("{http://www.w3.org/2000/svg}style")
    assert style is not None and ".timing-chart .node.current" in style.text


def test_the_plain_chart_has_no_highlight_classes(three_ice):
    g = groups(xml(render.chart_svg("ffg-rr", "en")))
    marks = {"current", "visited", "taken", "skipped", "triggered", "next", "not-reached"}
    assert not any(marks & set(classes(el)) for el in g.values())


def test_the_style_table_has_a_rule_for_every_highlight_class():
    for name in ("current", "visited", "taken", "skipped", "triggered", "next", "not-reached"):
        assert f".{name}" in render.STYLE_CSS


def test_a_thirty_step_walk_through_costs_at_most_one_graphviz_run():
    ices = [ice(n) for n in ("Ice Wall", "Enigma", "Wall of Static", "Tollbooth")]
    t = run_on(ices, [{"at": "3.1", "ice": i["name"], "by": "runner", "break": "all"} for i in ices])
    assert len(t.path) >= 30
    render._laid.clear()
    before = render.graphviz_runs()
    every = render.highlight_all(t, "ko")
    for i in range(len(t.events)):
        render.highlighted_svg(t, i, "ko")
    render.chart_svg("ffg-rr", "ko")
    assert len(every) == len(t.events)
    assert render.graphviz_runs() - before == 1


def test_a_highlighted_export_bakes_the_same_classes_into_the_dot(three_ice):
    dot = render.highlighted_dot(three_ice, at(three_ice, "3@Enigma"), "en")
    line = next(x for x in dot.splitlines() if x.strip().startswith('"step-3" ['))
    assert 'fillcolor="#ffcc80"' in line and "×2" in line


def test_a_skip_does_not_move_the_current_step(unrezzed):
    pos = at(unrezzed, "3@Ice Wall", kind="skip")
    assert render.highlight(unrezzed, pos, "en")["current"] == "step-2_4"
