"""`judge coverage`: counts per step and edge, what is uncovered, and the summary line."""

from __future__ import annotations

from judge.analysis.coverage import coverage, render_text

CASE = """\
title: {title}
run: {{server: HQ}}
servers:
  HQ:
    ice: [{{name: Ice Wall, rezzed: {rezzed}, subroutines: []}}]
    cards: [{{name: Hedge Fund, type: operation}}]
expect: {{end: "6"}}
"""


def test_coverage_counts_each_case_once_per_step_and_edge(tmp_path):
    (tmp_path / "a.yaml").write_text(CASE.format(title="a", rezzed="true"))
    (tmp_path / "b.yaml").write_text(CASE.format(title="b", rezzed="false"))
    cov = coverage([tmp_path])
    assert cov.cases == 2
    assert cov.steps["2"] == 2 and cov.steps["3"] == 1
    assert cov.edges["2.4->3:ice_rezzed"] == 1 and cov.edges["2.4->4:ice_unrezzed"] == 1
    assert cov.skips["first_approach"] == 2
    assert "7" in cov.missing()["steps"]


def test_the_report_ends_with_the_summary_line(tmp_path):
    (tmp_path / "a.yaml").write_text(CASE.format(title="a", rezzed="true"))
    text = render_text(coverage([tmp_path]))
    last = text.splitlines()[-1]
    assert last.startswith("17 of 19 steps, ") and last.endswith(" edges covered")
