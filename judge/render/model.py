"""What a chart is made of, before any Graphviz or Mermaid syntax: nodes, edges, clusters."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Node", "Line", "Cluster", "Table", "Chart"]


@dataclass(frozen=True)
class Node:
    """A box of the chart; `id` is both the DOT node name and the SVG element id."""

    id: str
    lines: tuple[str, ...]          # the first line is drawn bold
    look: str                       # key of Look.kinds, or "point" / "note"
    classes: tuple[str, ...] = ()
    tooltip: str = ""
    cluster: str | None = None      # id of the enclosing cluster
    extra: tuple[str, ...] = ()     # smaller lines under the label (triggers, actions)
    marks: tuple[str, ...] = ()     # highlight classes baked into the drawing (timeline, exports)
    font_size: float | None = None  # the label's size when not the Look's (the compact legend)


@dataclass(frozen=True)
class Line:
    """An arrow; `id` is the SVG element id. `ltail` draws it from a whole cluster's border."""

    id: str
    tail: str
    head: str
    label: str = ""
    classes: tuple[str, ...] = ()
    tooltip: str = ""
    style: str = "normal"           # normal | skip | interrupt | jump | invis
    ltail: str | None = None
    constraint: bool = True
    marks: tuple[str, ...] = ()
    weight: int | None = None       # how hard the layout pulls the two ends together
    minlen: int | None = None       # ranks the edge spans at least


@dataclass(frozen=True)
class Cluster:
    """A titled box around the steps of one top-level step (or one lane of a timeline)."""

    id: str
    title: str
    classes: tuple[str, ...] = ()
    tooltip: str = ""
    parent: str | None = None       # the cluster it is drawn inside (a column of a page)


@dataclass(frozen=True)
class Table:
    """A table drawn beneath the chart (the documentation style lists the interrupts in one)."""

    id: str
    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    below: tuple[str, ...] = ()     # node ids it is drawn under


@dataclass(frozen=True)
class Chart:
    """A whole chart; `members` maps each drawn element to the ruleset edges it stands for."""

    name: str
    title: tuple[str, ...]
    clusters: tuple[Cluster, ...]
    nodes: tuple[Node, ...]
    lines: tuple[Line, ...]
    same_rank: tuple[tuple[str, ...], ...] = ()
    members: dict[str, tuple[str, ...]] = field(default_factory=dict)
    lang: str = "en"
    tables: tuple[Table, ...] = ()
    graph: tuple[tuple[str, str], ...] = ()   # graph attributes that shape it (direction, page size)

    def node(self, node_id: str) -> Node:
        """The node with this id."""
        return next(n for n in self.nodes if n.id == node_id)
