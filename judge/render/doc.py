"""The documentation style of a structure chart: the run's main flow as cleanly as a printed rules
chart, with the interrupts (the run ended, the Runner jacked out, the ice left, ...) listed in a
table beneath instead of dashed arrows crossing the chart. The full chart stays the judges' one.

For a printed page: a step alone in its phase gets no box repeating its name, two arrows between
the same steps are one arrow with both conditions, the ends stand in their order (6 above 7), the
legend is one row under the table, and the subtitle names the rules in words."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from itertools import pairwise

from .. import rulesets
from ..engine.trace import guard_label
from ..rulesets import timing
from .extract import _span, structure
from .model import Chart, Line, Node, Table
from .settings import LOOK, Look
from .text import wrap
from .words import word

__all__ = ["doc_structure", "interrupt_rows", "STYLES"]

STYLES = ("full", "doc")


def interrupt_rows(ruleset_id: str, lang: str) -> list[tuple[str, str, str]]:
    """Each interrupt once: (what happens, the steps it can leave, where it goes), in chart order.
    Explicit edges with the same guard and target (2.2 -> 7 on a jack out) count as its steps."""
    rs = rulesets.get(ruleset_id)
    g = timing.graph(ruleset_id)
    ids = list(rs.step_ids)
    grouped: dict[tuple[str, str], set[str]] = defaultdict(set)
    for src, dst, d in g.edges(data=True):
        if d["interrupt"]:
            grouped[(d["guard"], dst)].add(src)
    for src, dst, d in g.edges(data=True):
        if not d["interrupt"] and (d["guard"], dst) in grouped:
            grouped[(d["guard"], dst)].add(src)
    rows = []
    for (guard, dst), srcs in sorted(grouped.items(), key=lambda kv: (ids.index(kv[0][1]), kv[0][0])):
        span = _span(sorted(srcs, key=ids.index), ids)
        rows.append((guard_label(guard, lang), span, f"{dst} {rs.step(dst).name(lang)}"))
    return rows


def _merged(lines: tuple[Line, ...], members: dict[str, tuple[str, ...]]) -> tuple[tuple[Line, ...], dict]:
    """Arrows of one kind between the same two steps as one arrow naming every condition."""
    out: list[Line] = []
    seen: dict[tuple[str, str, str], int] = {}
    members = dict(members)
    for ln in lines:
        key = (ln.tail, ln.head, ln.style)
        if ln.style == "invis" or "legend" in ln.classes or key not in seen:
            seen.setdefault(key, len(out))
            out.append(ln)
            continue
        i = seen[key]
        first = out[i]
        label = " / ".join(x for x in (first.label, ln.label) if x)
        out[i] = replace(first, label=label, tooltip=f"{first.tooltip}\n{ln.tooltip}",
                         classes=tuple(dict.fromkeys(first.classes + ln.classes)))
        members[first.id] = members.get(first.id, ()) + members.pop(ln.id, ())
    return tuple(out), members


def _legend_rows(nodes: tuple[Node, ...], lines: tuple[Line, ...], look: Look) -> tuple[tuple[Node, ...], tuple[Line, ...], tuple]:
    """The legend in two rows: each kind of step as a small shape with its name beside it, then
    each kind of arrow with its name at its end."""
    small = look.edge_font_size
    row: list[Node] = []
    kinds: list[str] = []
    for n in nodes:
        if n.look == "point":
            row.append(n)
            continue
        row += [replace(n, lines=(), tooltip=n.lines[0]),
                Node(f"{n.id}-text", (n.lines[0],), "text", ("legend", "legend-text"), cluster=n.cluster,
                     font_size=small)]
        kinds += [n.id, f"{n.id}-text"]
    arrows = [x for ln in lines for x in (ln.tail, ln.head)]
    keep = [Line(f"order-{a}", a, b, style="invis", minlen=0) for a, b in pairwise(kinds)]
    keep += [Line(f"order-{a}", a, b, style="invis") for a, b in pairwise(arrows)
             if not any(ln.tail == a and ln.head == b for ln in lines)]
    keep += [Line(f"order-{kinds[0]}-{arrows[0]}", kinds[0], arrows[0], style="invis")] if kinds and arrows else []
    return tuple(row), tuple(keep), (tuple(kinds), tuple(arrows))


def doc_structure(ruleset_id: str, lang: str, look: Look = LOOK) -> Chart:
    """The chart without interrupt tags and arrows, and with the interrupts as a table beneath;
    the legend keeps the shapes and the two kinds of arrow still drawn."""
    rs = rulesets.get(ruleset_id)
    full = structure(ruleset_id, lang, look)
    gone = {n.id for n in full.nodes if "interrupt" in n.classes or n.id.startswith("legend-interrupt")}
    alone = {c.id for c in full.clusters if "phase" in c.classes
             and [n.id for n in full.nodes if n.cluster == c.id] == [f"step-{c.id.split('-', 1)[1]}"]}
    nodes = tuple(replace(n, cluster=None) if n.cluster in alone else n
                  for n in full.nodes if n.id not in gone and "legend" not in n.classes)
    lines = tuple(ln for ln in full.lines if ln.tail not in gone and ln.head not in gone
                  and "interrupt" not in ln.classes and "legend" not in ln.classes
                  and not ln.id.startswith("order-"))
    lines, members = _merged(lines, {k: v for k, v in full.members.items() if any(ln.id == k for ln in lines)})
    ends = [n.id for n in nodes if "kind-end" in n.classes and "step" in n.classes]
    order = tuple(Line(f"order-{a}-{b}", a, b, style="invis") for a, b in pairwise(ends))
    legend_nodes = tuple(n for n in full.nodes if "legend" in n.classes and n.id not in gone)
    legend_lines = tuple(ln for ln in full.lines if "legend" in ln.classes and ln.id != "legend-interrupt")
    row, row_order, row_rank = _legend_rows(legend_nodes, legend_lines, look)
    table = Table("interrupts-table", word("doc.interrupts", lang),
                  (word("doc.when", lang), word("doc.from", lang), word("doc.to", lang)),
                  tuple(("\n".join(wrap(a, look.wrap + 4)), b, "\n".join(wrap(c, look.wrap)))
                        for a, b, c in interrupt_rows(ruleset_id, lang)), below=tuple(ends[-1:]))
    under_table = tuple(Line(f"order-table-{n}", table.id, n, style="invis") for n in row_rank[0][:1])
    return Chart(name=f"{full.name}.doc", title=(rs.title(lang), rs.version_text(lang)),
                 clusters=tuple(c for c in full.clusters if c.id not in alone and c.id != "interrupts"),
                 nodes=nodes + row, lines=lines + order + legend_lines + row_order + under_table,
                 same_rank=row_rank, members=members, lang=lang, tables=(table,))
