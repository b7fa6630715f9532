"""Build a ruleset's timing graph (networkx) and check that it is sound."""

from __future__ import annotations

from collections.abc import Collection
from functools import cache

import networkx as nx

from ..errors import RulesetError
from ..i18n import has
from . import get, whens
from .model import Kind, Ruleset

__all__ = ["graph", "self_check"]


@cache
def graph(ruleset_id: str) -> nx.MultiDiGraph:
    """The timing graph of a ruleset: one node per step, one keyed edge per guarded transition."""
    rs = get(ruleset_id)
    g: nx.MultiDiGraph[str] = nx.MultiDiGraph(ruleset=rs.id, version=rs.version)
    for order, s in enumerate(rs.steps):
        g.add_node(s.id, step=s, kind=s.kind.value, order=order, phase=s.phase)
    interrupt_keys = {(e.src, e.dst, e.guard) for e in rs.all_edges()} - {
        (e.src, e.dst, e.guard) for e in rs.edges}
    for e in rs.all_edges():
        g.add_edge(e.src, e.dst, key=e.guard, edge=e, guard=e.guard, skip=e.skip,
                   interrupt=(e.src, e.dst, e.guard) in interrupt_keys)
    return g


def self_check(rs: Ruleset, implemented_guards: set[str], handlers: set[str],
               hooks: Collection[str] = frozenset({"pass_ice"})) -> list[str]:
    """Problems with a ruleset's data: unreachable steps, dead ends, unknown guards or handlers,
    moments it does not place (`whens.check`)."""
    g = graph(rs.id)
    problems: list[str] = whens.check([rs])
    ends = [s.id for s in rs.steps if s.kind is Kind.END]
    if not ends:
        problems.append("no end step")
    for s in rs.steps:
        if s.id != rs.start and not nx.has_path(g, rs.start, s.id):
            problems.append(f"step {s.id} is not reachable from {rs.start}")
        if s.kind is not Kind.END and not any(nx.has_path(g, s.id, e) for e in ends):
            problems.append(f"step {s.id} reaches no end step")
        if s.kind is Kind.END and g.out_degree(s.id):
            problems.append(f"end step {s.id} has outgoing edges")
        if s.kind is not Kind.END and not g.out_degree(s.id):
            problems.append(f"step {s.id} has no outgoing edge")
        if s.does not in handlers:
            problems.append(f"step {s.id}: handler {s.does!r} is not implemented")
        if s.phase not in rs.phases:
            problems.append(f"step {s.id}: phase {s.phase!r} is not a phase of {rs.id}")
    for e in rs.all_edges():
        if e.src not in g or e.dst not in g:
            problems.append(f"edge {e.id} names an unknown step")
        for part in e.guard.split("&"):
            if part not in implemented_guards:
                problems.append(f"edge {e.id}: guard {part!r} is not implemented")
            if not has(f"engine.guards.{part}"):
                problems.append(f"edge {e.id}: guard {part!r} has no label")
        if e.then is not None and e.then not in hooks:
            problems.append(f"edge {e.id}: {e.then!r} is not implemented")
        if e.skip is not None and not rs.skipped_by(e):
            problems.append(f"edge {e.id}: skips a reason but no step")
    for s in rs.steps:
        # The fallback edge must come last: nothing after "always" could ever be taken.
        outs = rs.out_edges(s.id)
        for i, e in enumerate(outs[:-1]):
            if e.guard == "always":
                problems.append(f"step {s.id}: edge {outs[i + 1].id} follows an 'always' edge")
    return problems


def assert_sound(rs: Ruleset, implemented_guards: set[str], handlers: set[str]) -> None:
    """Raise RulesetError listing every problem of a ruleset."""
    problems = self_check(rs, implemented_guards, handlers)
    if problems:
        raise RulesetError("ruleset_unsound", problems="; ".join(problems), where=rs.id)
