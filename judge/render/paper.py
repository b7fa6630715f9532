"""A documentation chart shaped for a sheet of paper (A4 or Letter, portrait or landscape): its
phases set in columns so the page is filled at a size that can be read, then fitted to the
printable area (the drawing fills it exactly, so a PDF's page is the sheet), with a resolution
for PNG. The smallest text is the edge labels' and the legend's (`Look.edge_font_size`); the
number of columns is chosen so that it prints at no less than `MIN_PT` points."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import pairwise

from .errors import ChartError
from .model import Chart, Cluster, Line, Node
from .settings import LOOK, Look

__all__ = ["Paper", "PAPERS", "MIN_PT", "in_columns", "paginated", "natural_size", "scale_for"]

PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}   # inches, portrait
MARGIN = 0.4                                             # inches on every side
MIN_PT = 7.0                                             # the smallest text on paper, at 100%


@dataclass(frozen=True)
class Paper:
    """A sheet: its name and orientation."""

    name: str
    landscape: bool = False

    def __post_init__(self) -> None:
        if self.name not in PAPERS:
            raise ChartError("unknown_paper", asked=repr(self.name), known=", ".join(PAPERS))

    @classmethod
    def parse(cls, text: str) -> Paper:
        """"a4", "letter", "a4-landscape", "letter-portrait"."""
        name, _, way = text.lower().partition("-")
        if way not in ("", "portrait", "landscape"):
            raise ChartError("unknown_paper", asked=repr(text), known=", ".join(PAPERS))
        return cls(name, way == "landscape")

    @property
    def size(self) -> tuple[float, float]:
        w, h = PAPERS[self.name]
        return (h, w) if self.landscape else (w, h)

    @property
    def area(self) -> tuple[float, float]:
        """The printable area in inches (the sheet less its margins)."""
        w, h = self.size
        return w - 2 * MARGIN, h - 2 * MARGIN

    def attrs(self) -> tuple[tuple[str, str], ...]:
        """Graphviz graph attributes: the drawing fills the printable area exactly; the margin
        around it makes the page the sheet."""
        w, h = self.area
        return (("size", f"{w:.3f},{h:.3f}!"), ("ratio", "fill"), ("margin", f"{MARGIN:g}"), ("pad", "0"))


def in_columns(chart: Chart, columns: int) -> Chart:
    """The chart's phases in `columns` columns side by side, each a run of consecutive phases
    (balanced by their number of steps), read left to right; arrows between columns no longer
    pull the layout."""
    order = [c.id for c in chart.clusters if "phase" in c.classes]
    steps = [n for n in chart.nodes if "step" in n.classes]
    phase_of = {n.id: n.cluster or _phase_of(n.id, order) for n in steps}
    phases = list(dict.fromkeys(phase_of[n.id] for n in steps))
    counts = [sum(1 for n in steps if phase_of[n.id] == p) for p in phases]
    col_of_phase = _split(counts, columns)
    col = {nid: col_of_phase[phases.index(p)] for nid, p in phase_of.items()}
    # An arrow to another column ends at a small "→ 5 Approach the server" beside its start, as
    # a printed flowchart's connector; it keeps its id, so a highlight still finds it.
    lines, stubs = [], []
    for ln in chart.lines:
        if ln.tail in col and ln.head in col and col[ln.tail] != col[ln.head] and ln.style != "invis":
            head = chart.node(ln.head)
            stub = Node(f"to-{ln.id}", ("→ " + " ".join(head.lines[:1] + tuple(head.lines[1:2])),), "text",
                        ("connector",), cluster=f"column-{col[ln.tail] + 1}")
            stubs.append(stub)
            ln = replace(ln, head=stub.id, constraint=True)
        lines.append(ln)
    firsts, lasts = {}, {}
    for n in steps:
        firsts.setdefault(col[n.id], n.id)
        lasts[col[n.id]] = n.id
    # Each column is an unseen box (boxes stand side by side in the order they are written):
    # its steps one under the other in their order, the tops in one row.
    cols = sorted(set(col.values()))
    boxes = tuple(Cluster(f"column-{c + 1}", "", ("column",)) for c in cols)
    phase_col = {p: f"column-{col_of_phase[i] + 1}" for i, p in enumerate(phases)}
    clusters = tuple(replace(c, parent=phase_col[c.id]) if c.id in phase_col else c for c in chart.clusters)
    nodes = tuple(replace(n, cluster=f"column-{col[n.id] + 1}") if n.id in col and n.cluster is None else n
                  for n in chart.nodes) + tuple(stubs)
    for c in cols:
        members = [n.id for n in steps if col[n.id] == c]
        lines += [Line(f"order-col-{a}-{b}", a, b, style="invis", weight=0) for a, b in pairwise(members)]
    tops = tuple(firsts[c] for c in cols)
    lines += [Line(f"order-top-{a}-{b}", a, b, style="invis") for a, b in pairwise(tops)]
    # The table hangs under the first column only: held under every column, it pulls the
    # layout into reading the columns right to left.
    tables = tuple(replace(tb, below=(lasts[cols[0]],)) for tb in chart.tables)
    return replace(chart, clusters=boxes + clusters, nodes=nodes, lines=tuple(lines), tables=tables,
                   same_rank=chart.same_rank + (tops,))


def _phase_of(node_id: str, order: list[str]) -> str:
    """A step drawn outside any phase box (alone in its phase) stands for its phase."""
    return "phase-" + node_id.split("-", 1)[1]


def _split(counts: list[int], columns: int) -> list[int]:
    """Consecutive groups as even as can be: the column of each item."""
    total = sum(counts)
    out, c, acc = [], 0, 0
    for i, n in enumerate(counts):
        left = len(counts) - i
        if c < columns - 1 and acc > 0 and (acc + n / 2 > total * (c + 1) / columns or left <= columns - 1 - c):
            c += 1
        out.append(c)
        acc += n
    return out


_SVG_SIZE = re.compile(rb'<svg width="([\d.]+)pt" height="([\d.]+)pt"')


def natural_size(svg: bytes) -> tuple[float, float]:
    """A drawing's size in points, from Graphviz's SVG."""
    m = _SVG_SIZE.search(svg)
    if m is None:
        raise ChartError("unreadable_svg", why="no size", reason="failed")
    return float(m.group(1)), float(m.group(2))


def scale_for(size: tuple[float, float], paper: Paper) -> float:
    """How much a drawing of this natural size is scaled to fit the printable area (at most 1:
    a smaller drawing is spread out, its text kept)."""
    w, h = paper.area
    return min(1.0, w * 72 / size[0], h * 72 / size[1])


def _page(chart: Chart, phases: list[str], legend: bool, table: bool, first: bool) -> Chart:
    """The part of a chart on one page: these phases' steps, an arrow to a step on another page
    ending at a connector, the legend and the table if asked; the title on the first page."""
    keep = {n.id for n in chart.nodes if "step" in n.classes
            and (n.cluster in phases or (n.cluster is None and _phase_of(n.id, []) in phases))}
    nodes = [n for n in chart.nodes if n.id in keep or (legend and "legend" in n.classes)]
    lines = []
    for ln in chart.lines:
        if ln.tail in keep and ln.head not in keep and "step" in ln.head and ln.style != "invis":
            head = chart.node(ln.head)
            stub = Node(f"to-{ln.id}", ("→ " + " ".join(head.lines[:2]),), "text", ("connector",),
                        cluster=chart.node(ln.tail).cluster)
            nodes.append(stub)
            lines.append(replace(ln, head=stub.id))
        elif (ln.tail in keep and ln.head in keep) or (legend and "legend" in ln.tail and "legend" in ln.head):
            lines.append(ln)
    steps = [n.id for n in nodes if n.id in keep]
    if legend and steps:
        first_legend = next((n.id for n in nodes if "legend" in n.classes and n.look != "point"), None)
        if first_legend:
            lines.append(Line(f"order-page-{steps[-1]}", steps[-1], first_legend, style="invis"))
    tables = tuple(replace(tb, below=tuple(steps[-1:])) for tb in chart.tables) if table else ()
    ids = {n.id for n in nodes}
    return replace(chart, title=chart.title if first else (), nodes=tuple(nodes), lines=tuple(lines),
                   clusters=tuple(c for c in chart.clusters if c.id in phases or (legend and c.id == "legend")),
                   same_rank=tuple(g for g in chart.same_rank if set(g) <= ids), tables=tables)


def paginated(chart: Chart, paper: Paper, lay_out, look: Look = LOOK) -> tuple[list[Chart], float]:
    """The chart cut into pages, each as many whole phases as print with their smallest text at
    MIN_PT or more (in one to three columns), the legend on the last page of steps, the table
    after it on the same page when it fits, else on a page of its own; each page with the
    paper's attributes. `lay_out(chart)` returns a chart's natural size. Also: the smallest
    text of all pages, in points."""
    phases = [c.id for c in chart.clusters if "phase" in c.classes]
    order = list(dict.fromkeys(n.cluster or _phase_of(n.id, []) for n in chart.nodes if "step" in n.classes))
    phases = [p for p in order if p in phases or p.startswith("phase-")]

    def best(part: Chart) -> tuple[float, Chart]:
        top: tuple[float, Chart] | None = None
        count = len({n.cluster or _phase_of(n.id, []) for n in part.nodes if "step" in n.classes})
        for k in range(1, max(1, min(3, count)) + 1):
            shaped = in_columns(part, k) if k > 1 else part
            pt = look.edge_font_size * scale_for(lay_out(shaped), paper)
            if top is None or pt > top[0] + 0.1:
                top = (pt, shaped)
            if pt >= look.edge_font_size - 0.01:
                break
        assert top is not None
        return top

    pages: list[tuple[float, Chart]] = []
    i = 0
    while i < len(phases):
        j = i + 1
        got = best(_page(chart, phases[i:j], j == len(phases), False, not pages))
        while j < len(phases):
            nxt = best(_page(chart, phases[i:j + 1], j + 1 == len(phases), False, not pages))
            if nxt[0] < MIN_PT:
                break
            j, got = j + 1, nxt
        if j == len(phases) and got[0] >= MIN_PT:
            with_table = best(_page(chart, phases[i:j], True, True, not pages))
            if with_table[0] >= MIN_PT:
                got = with_table
        pages.append(got)
        i = j
    if chart.tables and not pages[-1][1].tables:
        table = tuple(replace(tb, below=()) for tb in chart.tables)
        pages.append(best(replace(chart, title=(), nodes=(), lines=(), clusters=(), same_rank=(), tables=table)))
    return ([replace(c, graph=c.graph + paper.attrs()) for _, c in pages], min(pt for pt, _ in pages))
