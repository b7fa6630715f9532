"""The structure chart of a ruleset, extracted from its networkx timing graph."""

from __future__ import annotations

from collections import defaultdict
from itertools import pairwise

from .. import rulesets
from ..engine.trace import guard_label
from ..rulesets import timing
from ..rulesets.model import Edge, Kind, Ruleset, Step
from .ids import check_unique, edge_id, interrupt_id, interrupt_node_id, phase_id, safe, step_id
from .model import Chart, Cluster, Line, Node
from .settings import LOOK, Look
from .text import wrap
from .words import word

__all__ = ["structure", "step_label", "edge_element"]


def step_label(s: Step, lang: str) -> str:
    """A step's name in a language: "Rez the approached ice" / "아이스 레즈 여부 결정"."""
    return s.name(lang)


def structure(ruleset_id: str, lang: str, look: Look = LOOK) -> Chart:
    """The chart of a ruleset: phases as clusters in order, a shape per kind, guards on edges,
    each interrupt drawn once as a tag naming its source steps, and a legend."""
    rs = rulesets.get(ruleset_id)
    g = timing.graph(ruleset_id)
    steps: list[Step] = [d["step"] for _, d in sorted(g.nodes(data=True), key=lambda nd: nd[1]["order"])]
    order = {s.id: i for i, s in enumerate(steps)}
    clusters = tuple(Cluster(phase_id(pid), rs.phase_name(pid, lang), ("phase",)) for pid in rs.phases)
    nodes = [Node(step_id(s.id), (s.id, *wrap(step_label(s, lang), look.wrap)), s.kind.value,
                  ("step", f"kind-{s.kind.value}"),
                  f"{s.id} {step_label(s, lang)}: {s.explain(lang)}",
                  phase_id(s.phase)) for s in steps]
    lines: list[Line] = []
    members: dict[str, tuple[str, ...]] = {}
    grouped: dict[tuple[str, str], list[Edge]] = defaultdict(list)
    for _src, dst, _key, d in sorted(g.edges(keys=True, data=True), key=lambda e: _edge_sort(e, order)):
        e: Edge = d["edge"]
        if d["interrupt"]:
            grouped[(e.guard, dst)].append(e)
            continue
        lines.append(_line(e, lang, order))
        members[lines[-1].id] = (e.id,)
    tags: list[Node] = []
    for (guard, dst), edges in sorted(grouped.items(), key=lambda kv: (order[kv[0][1]], kv[0][0])):
        # Explicit edges with the same guard and target (2.2 -> 7 on a jack out) are the same rule.
        same = [d["edge"].src for u, v, d in g.edges(data=True)
                if v == dst and d["guard"] == guard and not d["interrupt"]]
        tag, line = _interrupt(guard, dst, edges, same, lang, [s.id for s in steps])
        tags.append(tag)
        lines.append(line)
        members[line.id] = tuple(e.id for e in edges)
    leg_nodes, leg_lines = _legend(rs, lang)
    # The legend and the interrupt tags stand in one column beside the chart, held in order by
    # invisible edges.
    column = [n for n in leg_nodes if n.look != "point" or n.id.endswith("-from")] + tags
    lines += [Line(f"order-{a.id}", a.id, b.id, style="invis") for a, b in pairwise(column)]
    chart = Chart(
        name=f"{rs.id}.{lang}",
        title=(rs.title(lang), f"{rs.id} · {rs.version_text(lang)}"),
        clusters=clusters + (Cluster("legend", word("legend", lang), ("legend",)),
                             Cluster("interrupts", word("interrupts", lang), ("interrupts",))),
        nodes=tuple(nodes) + leg_nodes + tuple(tags),
        lines=tuple(lines) + leg_lines,
        same_rank=tuple((ln.tail, ln.head) for ln in leg_lines),
        members=members,
        lang=lang,
    )
    check_unique([n.id for n in chart.nodes] + [ln.id for ln in chart.lines]
                 + [c.id for c in chart.clusters], rs.id)
    return chart


def edge_element(chart: Chart) -> dict[str, str]:
    """Ruleset edge id ("2.1->2.3:first_approach") -> the id of the SVG element that draws it."""
    return {edge: element for element, edges in chart.members.items() for edge in edges}


def _edge_sort(e: tuple, order: dict[str, int]) -> tuple:
    src, dst, key, _ = e
    return (order[src], order[dst], key)


def _line(e: Edge, lang: str, order: dict[str, int]) -> Line:
    label = guard_label(e.guard, lang)
    style = "skip" if e.skip else "normal"
    tip = word("edge_tip" if label else "edge_tip_plain", lang, src=e.src, dst=e.dst, label=label)
    if e.skip:
        tip += word("skip_tip", lang)
    return Line(edge_id(e.src, e.dst, e.guard), step_id(e.src), step_id(e.dst), label,
                ("transition", style, *_guard_classes(e.guard)), tip, style,
                # A backward edge (4 -> 2) must not pull the phases out of their written order.
                constraint=order[e.dst] > order[e.src])


def _interrupt(guard: str, dst: str, edges: list[Edge], same: list[str], lang: str,
               ids: list[str]) -> tuple[Node, Line]:
    """One tag per interrupt (what happens, from which steps) and one dashed arrow to its target."""
    srcs = sorted({e.src for e in edges} | set(same), key=ids.index)
    span = _span(srcs, ids)
    label = guard_label(guard, lang)
    tip = word("interrupt_tip", lang, label=label, steps=", ".join(srcs), dst=dst)
    tag = Node(interrupt_node_id(guard, dst), (f"{label} → {dst}", *wrap(word("from", lang, steps=span), 36)),
               "interrupt", ("interrupt", *_guard_classes(guard)), tip, "interrupts")
    line = Line(interrupt_id(guard, dst), tag.id, step_id(dst), "", ("transition", "interrupt",
                *_guard_classes(guard)), tip, "interrupt", constraint=False)
    return tag, line


def _guard_classes(guard: str) -> tuple[str, ...]:
    """One class per guard name ("a&b" is both a and b), safe for CSS."""
    return tuple(f"guard-{safe(part)}" for part in guard.split("&"))


def _span(srcs: list[str], ids: list[str]) -> str:
    """Runs of three or more consecutive steps written "2–2.3": "1–5.3", "2–2.3, 3, 3.1"."""
    pos = sorted(ids.index(s) for s in srcs)
    runs: list[list[int]] = []
    for p in pos:
        if runs and runs[-1][-1] == p - 1:
            runs[-1].append(p)
        else:
            runs.append([p])
    out: list[str] = []
    for r in runs:
        if len(r) > 2:
            out.append(f"{ids[r[0]]}–{ids[r[-1]]}")
        else:
            out += [ids[p] for p in r]
    return ", ".join(out)


def _legend(rs: Ruleset, lang: str) -> tuple[tuple[Node, ...], tuple[Line, ...]]:
    """Sample shapes for the kinds this ruleset uses, and one sample of each kind of arrow."""
    used = [k for k in Kind if any(s.kind is k for s in rs.steps)]
    nodes = [Node(f"legend-{k.value}", (word(f"kind.{k.value}", lang),), k.value,
                  ("legend", f"kind-{k.value}"), cluster="legend") for k in used]
    lines = []
    for style in ("normal", "skip", "interrupt"):
        a, b = f"legend-{style}-from", f"legend-{style}-to"
        nodes += [Node(a, (), "point", ("legend",), cluster="legend"),
                  Node(b, (), "point", ("legend",), cluster="legend")]
        lines.append(Line(f"legend-{style}", a, b, word(f"line.{style}", lang), ("legend", style),
                          style=style))
    return tuple(nodes), tuple(lines)

