"""A Chart as DOT text, built with the `graphviz` package: deterministic (the same chart always
gives the same text, every attribute list in one fixed order), every element with its id, class
and tooltip. The package does the DOT syntax and the quoting; every text a user may have typed
goes in through `_text` (cleaned and marked as no HTML), and only the labels built here as
Graphviz HTML (`Html`) go in as HTML."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .model import Chart, Cluster, Line, Node, Table
from .settings import LOOK, Look, Mark
from .text import clean

if TYPE_CHECKING:  # the package is imported when a chart is built, not when a run starts
    import graphviz

__all__ = ["to_dot", "quote", "html", "Html"]


class Html(str):
    """A Graphviz HTML-like label built by this module from escaped parts (`html`)."""


def quote(text: object) -> str:
    """A DOT double-quoted string that no input can break out of."""
    return '"' + clean(text).replace('"', '\\"') + '"'


def html(text: object) -> str:
    """Text for inside a Graphviz HTML-like label: markup characters as entities."""
    s = clean(text)
    # brackets too: Graphviz's HTML lexer refuses a text that is only "]" ("syntax error in line 1")
    for a, b in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#39;"), ("[", "&#91;"), ("]", "&#93;")):
        s = s.replace(a, b)
    return s


def _text(value: object) -> str:
    """An attribute value for the package: our HTML labels as HTML, anything else as plain text
    that can neither end its quotes nor be read as HTML (a name like `<b>x</b>` stays text)."""
    if isinstance(value, Html):
        return "<" + value + ">"
    if isinstance(value, bool):
        return "true" if value else "false"
    from graphviz.quoting import nohtml

    return nohtml(clean(value))


def _pairs(pairs: Iterable[tuple[str, object]]) -> list[tuple[str, str]]:
    """Attributes in the order given, empty ones left out (a list: the package keeps its order)."""
    return [(k, _text(v)) for k, v in pairs if v is not None and v != ""]


def _node_label(n: Node, look: Look) -> Html | str:
    if not n.lines:
        return ""
    size = n.font_size or look.font_size
    if look.inline_ids and len(n.lines) > 1 and "step" in n.classes:
        parts = [f"<B>{html(n.lines[0])}</B> {html(n.lines[1])}"] + [html(x) for x in n.lines[2:]]
    else:
        parts = [f"<B>{html(n.lines[0])}</B>"] + [html(x) for x in n.lines[1:]]
    small = look.edge_font_size
    parts += [f'<FONT POINT-SIZE="{small:g}">{html(x)}</FONT>' for x in n.extra]
    body = "<BR/>".join(parts)
    return Html(body if size == look.font_size else f'<FONT POINT-SIZE="{size:g}">{body}</FONT>')


def _faded(colour: str, m: Mark) -> str:
    return colour + f"{round(255 * m.opacity):02x}" if m.opacity is not None else colour


def _marked(marks: tuple[str, ...], look: Look, node: bool) -> dict[str, object]:
    """Graphviz attributes for baked-in highlight classes (the same table the CSS is made from)."""
    out: dict[str, object] = {}
    for name in (n for n, _ in look.marks if n in marks):
        m = look.mark(name)
        if m.fill and node:
            out["fillcolor"] = m.fill
        if m.stroke:
            out["color"] = m.stroke
        if m.width:
            out["penwidth"] = f"{m.width:g}"
        if m.text:
            out["fontcolor"] = m.text
        if m.dash:
            out["dashed"] = True
        if m.opacity is not None:
            for key, default in (("color", "#000000"), ("fontcolor", "#000000")):
                out[key] = _faded(str(out.get(key, default)), m)
            if node:
                out["fillcolor"] = _faded(str(out.get("fillcolor", "#ffffff")), m)
    return out


def _node(g: graphviz.Digraph, n: Node, look: Look) -> None:
    if n.look == "point":
        g.node(n.id, _attributes=_pairs([("id", n.id), ("class", " ".join(n.classes)), ("shape", "point"),
                                         ("width", "0.06"), ("label", "")]))
        return
    kind = look.kinds[n.look]
    mk = _marked(n.marks, look, node=True)
    style = kind.style + (",dashed" if mk.pop("dashed", False) else "")
    pairs: list[tuple[str, object]] = [
        ("id", n.id), ("class", " ".join(n.classes)), ("label", _node_label(n, look) or " "),
        ("width", "0.4" if not n.lines else "0" if n.look == "text" else None),
        ("height", "0.22" if not n.lines else None),
        ("margin", "0.04,0.02" if n.look == "text" else None),
        ("shape", kind.shape), ("style", style), ("fillcolor", mk.pop("fillcolor", kind.fill)),
        ("peripheries", str(kind.peripheries) if kind.peripheries != 1 else None),
        ("tooltip", n.tooltip or " ".join(n.lines)),
    ]
    pairs += sorted(mk.items())
    g.node(n.id, _attributes=_pairs(pairs))


def _line(g: graphviz.Digraph, ln: Line, look: Look) -> None:
    colour = {"skip": look.skip_color, "interrupt": look.interrupt_color}.get(ln.style, look.edge_color)
    mk = _marked(ln.marks, look, node=False)
    # Every kind of arrow is told apart by its line, not only by its colour (greyscale prints):
    # solid for a transition, dashed for one that skips steps, dotted for an interrupt or a jump.
    style = {"skip": "dashed", "interrupt": "dotted", "jump": "dotted", "invis": "invis"}.get(ln.style)
    if mk.pop("dashed", False):
        style = "dashed"
    pairs: list[tuple[str, object]] = [
        ("id", ln.id), ("class", " ".join(ln.classes)),
        ("xlabel" if look.side_labels and "legend" not in ln.classes else "label", ln.label),
        ("tooltip", ln.tooltip or ln.label or None), ("style", style),
        ("color", mk.pop("color", colour)), ("fontcolor", mk.pop("fontcolor", colour)),
        ("ltail", f"cluster_{ln.ltail}" if ln.ltail else None),
        ("constraint", None if ln.constraint else False),
        ("arrowsize", "0.7" if ln.style == "interrupt" else None),
        ("arrowhead", "empty" if ln.style == "skip" else None),
        ("penwidth", "1.6" if ln.style == "skip" and "penwidth" not in mk else None),
        ("weight", None if ln.weight is None else str(ln.weight)),
        ("minlen", None if ln.minlen is None else str(ln.minlen)),
    ]
    pairs += sorted(mk.items())
    g.edge(ln.tail, ln.head, _attributes=_pairs(pairs))


def _cluster(g: graphviz.Digraph, c: Cluster, chart: Chart, look: Look) -> None:
    members = [n for n in chart.nodes if n.cluster == c.id]
    with g.subgraph(name="cluster_" + c.id) as sub:
        sub.attr("graph", _attributes=_pairs([
            ("id", c.id), ("class", " ".join(c.classes)), ("label", c.title), ("tooltip", c.tooltip or c.title),
            ("color", look.phase_color), ("style", "rounded" if c.title else "invis"),
            ("fontsize", f"{look.phase_font_size:g}")]))
        for child in chart.clusters:
            if child.parent == c.id:
                _cluster(sub, child, chart, look)
        for n in members:
            _node(sub, n, look)
        ids = {n.id for n in members}
        for group in chart.same_rank:
            if group and set(group) <= ids:
                _same_rank(sub, group)


def _same_rank(g: graphviz.Digraph, group: tuple[str, ...]) -> None:
    with g.subgraph() as same:
        same.attr(rank="same")
        for x in group:
            same.node(x)


def _table(g: graphviz.Digraph, tb: Table, look: Look) -> None:
    """A table as a plain node with an HTML label, held beneath `below` by invisible edges."""
    cell = '<TD ALIGN="LEFT" BALIGN="LEFT">{}</TD>'
    rows = ["<TR>" + "".join(f'<TD ALIGN="LEFT" BGCOLOR="#eceff1"><B>{html(h)}</B></TD>' for h in tb.header) + "</TR>"]
    rows += ["<TR>" + "".join(cell.format("<BR/>".join(html(x) for x in c.split("\n"))) for c in row) + "</TR>"
             for row in tb.rows]
    label = Html(f'<TABLE BORDER="1" CELLBORDER="1" CELLSPACING="0" CELLPADDING="4" COLOR="{look.phase_color}">'
                 f'<TR><TD COLSPAN="{len(tb.header)}" BORDER="0"><B>{html(tb.caption)}</B></TD></TR>'
                 + "".join(rows) + "</TABLE>")
    g.node(tb.id, _attributes=_pairs([("id", tb.id), ("class", "table"), ("shape", "plain"),
                                      ("label", label), ("tooltip", tb.caption)]))
    for b in tb.below:
        g.edge(b, tb.id, style="invis")


def to_dot(chart: Chart, look: Look = LOOK) -> str:
    """The DOT text of a chart; the same chart always gives the same text."""
    title = Html("<BR/>".join(
        [f'<FONT POINT-SIZE="{look.title_font_size:g}"><B>{html(chart.title[0])}</B></FONT>']
        + [f'<FONT POINT-SIZE="{look.font_size:g}">{html(t)}</FONT>' for t in chart.title[1:]])) if chart.title else None
    import graphviz

    g = graphviz.Digraph(chart.name)
    g.attr("graph", _attributes=_pairs([
        ("id", "chart"), ("class", "timing-chart"), ("label", title), ("labelloc", "t"),
        ("fontname", look.font), ("rankdir", "TB"), ("compound", True), ("newrank", True),
        ("nodesep", f"{look.nodesep:g}"), ("ranksep", f"{look.ranksep:g}"),
        ("forcelabels", True if look.side_labels else None), ("tooltip", chart.title[0] if chart.title else None), *chart.graph]))
    g.attr("node", _attributes=_pairs([("fontname", look.font), ("fontsize", f"{look.font_size:g}"),
                                       ("margin", "0.12,0.04"), ("penwidth", "1.2"),
                                       ("height", None if look.node_height == 0.5 else f"{look.node_height:g}")]))
    g.attr("edge", _attributes=_pairs([("fontname", look.font), ("fontsize", f"{look.edge_font_size:g}"),
                                       ("arrowsize", "0.8")]))
    for c in chart.clusters:
        if c.parent is None:
            _cluster(g, c, chart, look)
    for n in chart.nodes:
        if n.cluster is None:
            _node(g, n, look)
    inside = [{n.id for n in chart.nodes if n.cluster == c.id} for c in chart.clusters]
    for group in chart.same_rank:   # a row across clusters (the columns of a page) is held here
        if group and not any(set(group) <= ids for ids in inside):
            _same_rank(g, group)
    for ln in chart.lines:
        _line(g, ln, look)
    for tb in chart.tables:
        _table(g, tb, look)
    return g.source
