"""The documentation style of a structure chart: the run's main flow as cleanly as a printed rules
chart, with the interrupts (the run ended, the Runner jacked out, the ice left, ...) listed in a
table beneath instead of dashed arrows crossing the chart. The full chart stays the judges' one."""

from __future__ import annotations

from collections import defaultdict

from .. import rulesets
from ..engine.trace import guard_label
from ..rulesets import timing
from .extract import _span, structure
from .model import Chart, Table
from .settings import LOOK, Look
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


def doc_structure(ruleset_id: str, lang: str, look: Look = LOOK) -> Chart:
    """The chart without interrupt tags and arrows, and with the interrupts as a table beneath;
    the legend keeps the shapes and the two kinds of arrow still drawn."""
    full = structure(ruleset_id, lang, look)
    gone = {n.id for n in full.nodes if "interrupt" in n.classes or n.id.startswith("legend-interrupt")}
    nodes = tuple(n for n in full.nodes if n.id not in gone)
    lines = tuple(ln for ln in full.lines if ln.tail not in gone and ln.head not in gone
                  and "interrupt" not in ln.classes and ln.id != "legend-interrupt")
    ends = tuple(n.id for n in nodes if "kind-end" in n.classes and "step" in n.classes)
    table = Table("interrupts-table", word("doc.interrupts", lang),
                  (word("doc.when", lang), word("doc.from", lang), word("doc.to", lang)),
                  tuple(interrupt_rows(ruleset_id, lang)), below=ends)
    return Chart(name=f"{full.name}.doc", title=full.title,
                 clusters=tuple(c for c in full.clusters if c.id != "interrupts"),
                 nodes=nodes, lines=lines, same_rank=full.same_rank,
                 members={k: v for k, v in full.members.items() if any(ln.id == k for ln in lines)},
                 lang=lang, tables=(table,))
