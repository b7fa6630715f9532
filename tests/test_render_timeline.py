"""The walk-through chart: one row per ice, skipped steps and triggers where they happen."""

from __future__ import annotations

from pathlib import Path

from render_helpers import SVG, classes, groups, ice, run_on, texts, xml

from judge import render
from judge.engine import run
from judge.render.timeline import timeline
from judge.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def lanes(chart) -> dict[str, list[str]]:
    """Lane title -> the step ids of its boxes, in order."""
    out: dict[str, list[str]] = {}
    for c in chart.clusters:
        out[c.title] = [n.lines[0] for n in chart.nodes if n.cluster == c.id]
    return out


def test_each_ice_gets_its_own_row_from_approach_to_pass():
    t = run_on([ice("Ice Wall"), ice("Enigma", rezzed=False)],
               [{"at": "3.1", "ice": "Ice Wall", "by": "runner", "break": "all"}])
    rows = lanes(timeline(t, "en"))
    assert list(rows) == ["1 Run initiation", "Ice: Ice Wall", "Ice: Enigma", "5 Approach the server", "6 Run ends"]
    assert rows["Ice: Ice Wall"] == ["2", "2.1", "2.2", "2.3", "2.4", "3", "3.1", "3.2", "4"]
    assert rows["Ice: Enigma"] == ["2", "2.1", "2.2", "2.3", "2.4", "3", "3.1", "3.2", "4"]


def test_skipped_steps_are_drawn_dashed_with_their_reason():
    t = run_on([ice("Enigma", rezzed=False)])
    chart = timeline(t, "en")
    skipped = [n for n in chart.nodes if "skipped" in n.classes]
    assert [n.lines[0] for n in skipped] == ["2.2", "3", "3.1", "3.2"]
    assert all(n.look == "skipped" and "skipped" in n.marks for n in skipped)
    assert "not rezzed" in skipped[1].tooltip
    root = xml(render.timeline_svg(t, "en"))
    drawn = [g for g in groups(root).values() if "skipped" in classes(g)]
    assert len(drawn) == 4


def test_the_rows_follow_the_arrows_taken_with_their_conditions():
    t = run_on([ice("Enigma", rezzed=False)])
    chart = timeline(t, "ko")
    labels = [ln.label for ln in chart.lines if ln.style != "invis"]
    assert "이번 런의 첫 접근" in labels and "아이스 레즈 안 됨" in labels
    assert sum(ln.style != "invis" for ln in chart.lines) == len(t.path) - 1


def test_triggered_abilities_are_written_under_their_step():
    t = run(load_scenario(EXAMPLES / "d10-inside-job-bypasses-tollbooth.yaml"))
    root = xml(render.timeline_svg(t, "en"))
    enc = next(g for g in groups(root).values() if "step" in classes(g) and texts(g).startswith("3 "))
    assert "★ Inside Job" in texts(enc)
    assert "triggered" not in classes(enc)  # a mark drawn in, not a class to style
    assert "#8e24aa" in "".join(el.get("stroke") or "" for el in enc.iter())


def test_a_forced_encounter_gets_its_own_row_and_the_run_resumes():
    t = run(load_scenario(EXAMPLES / "d24-the-twins-forced-encounter-ends-run.yaml"))
    chart = timeline(t, "en")
    jumps = [ln for ln in chart.lines if ln.style == "jump"]
    assert jumps, "the jump into the forced encounter is drawn"
    rows = lanes(chart)
    assert sum(title.startswith("Ice:") for title in rows) >= 2


def test_the_walk_through_title_names_the_scenario_and_outcome():
    t = run_on([ice("Ice Wall")], [{"at": "3.1", "ice": "Ice Wall", "by": "runner", "break": "all"}])
    root = xml(render.timeline_svg(t, "ko"))
    words = " ".join(x.text or "" for x in root.iter(f"{SVG}text"))
    assert "단계별 진행: test" in words and "결과: 성공" in words
