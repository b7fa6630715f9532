"""Self-checks of every ruleset's timing graph, and the docs-style completeness checks."""

from __future__ import annotations

import dataclasses

import networkx as nx
import pytest

from judge import rulesets
from judge.engine import GUARDS, HANDLERS
from judge.i18n import has
from judge.rulesets import timing
from judge.rulesets.model import Edge, Kind

ALL = sorted(rulesets.RULESETS)


@pytest.mark.parametrize("rs_id", ALL)
def test_every_ruleset_passes_its_self_checks(rs_id):
    assert timing.self_check(rulesets.get(rs_id), set(GUARDS), set(HANDLERS)) == []


@pytest.mark.parametrize("rs_id", ALL)
def test_every_step_is_reachable_from_the_start_and_reaches_an_end(rs_id):
    rs, g = rulesets.get(rs_id), timing.graph(rs_id)
    ends = {s.id for s in rs.steps if s.kind is Kind.END}
    for s in rs.steps:
        assert s.id == rs.start or nx.has_path(g, rs.start, s.id)
        assert s.id in ends or nx.descendants(g, s.id) & ends


@pytest.mark.parametrize("rs_id", ALL)
def test_every_step_has_a_label_and_an_explanation_in_every_language(rs_id):
    for s in rulesets.get(rs_id).steps:
        assert s.name("en") and s.name("ko") and s.explain("en") and s.explain("ko") and s.rule
        assert any("\uac00" <= ch <= "\ud7a3" for ch in s.name("ko") + s.explain("ko"))


@pytest.mark.parametrize("rs_id", ALL)
def test_every_guard_on_an_edge_is_implemented_and_labelled(rs_id):
    for e in rulesets.get(rs_id).all_edges():
        for part in e.guard.split("&"):
            assert part in GUARDS and has(f"engine.guards.{part}")
        assert e.skip is None or has(f"engine.skips.{e.skip}")


def test_the_seed_steps_are_all_present_in_ffg_rr():
    ids = rulesets.get("ffg-rr").step_ids
    assert ids == ("1", "2", "2.1", "2.2", "2.3", "2.4", "3", "3.1", "3.2", "4",
                   "5", "5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "6", "7")


def test_the_korean_step_names_are_the_seed_headings():
    rs = rulesets.get("ffg-rr")
    assert rs.step("2.2").name("ko") == "런 지속 여부 결정"
    assert rs.step("5.3").name("ko") == "지불 능력 격발, 아이스 아닌 카드 레즈"
    assert rs.step("7").name("ko") == "실패한 런 종료"


def test_the_seed_transitions_are_edges_of_the_graph():
    g = timing.graph("ffg-rr")
    for src, dst, guard in [("1", "2", "ice_protects_server"), ("1", "4", "no_ice"), ("2.2", "7", "jacked_out"),
                            ("2.4", "3", "ice_rezzed"), ("2.4", "4", "ice_unrezzed"), ("3.2", "7", "run_ended"),
                            ("3.2", "4", "always"), ("4", "2", "more_ice_inward"), ("4", "5", "no_more_ice"),
                            ("5.2", "7", "jacked_out"), ("5.6", "6", "always")]:
        assert g.has_edge(src, dst, key=guard)


def test_ending_the_run_goes_to_7_before_success_and_to_6_after():
    rs = rulesets.get("ffg-rr")
    assert [e.dst for e in rs.out_edges("5.3") if e.guard == "run_ended"] == ["7"]
    assert [e.dst for e in rs.out_edges("5.5") if e.guard == "run_ended"] == ["6"]


def test_a_broken_ruleset_is_caught_by_the_self_checks():
    rs = rulesets.get("ffg-rr")
    bad = dataclasses.replace(rs, id="broken", edges=rs.edges + (Edge("5.6", "6", "nonsense"),))
    rulesets.RULESETS["broken"] = bad
    try:
        problems = timing.self_check(bad, set(GUARDS), set(HANDLERS))
    finally:
        del rulesets.RULESETS["broken"]
        timing.graph.cache_clear()
    assert any("guard 'nonsense' is not implemented" in p for p in problems)
    assert any("follows an 'always' edge" in p for p in problems)
