"""A Chart as DOT text: deterministic, every element with its id, class and tooltip."""

from __future__ import annotations

from .model import Chart, Cluster, Line, Node, Table
from .settings import LOOK, Look, Mark
from .text import clean

__all__ = ["to_dot", "quote", "html"]


def quote(text: object) -> str:
    """A DOT double-quoted string that no input can break out of."""
    return '"' + clean(text).replace('"', '\\"') + '"'


def html(text: object) -> str:
    """Text for inside a Graphviz HTML-like label: markup characters as entities."""
    s = clean(text)
    for a, b in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#39;")):
        s = s.replace(a, b)
    return s


def _attrs(pairs: list[tuple[str, object]]) -> str:
    out = []
    for k, v in pairs:
        if v is None or v == "":
            continue
        if isinstance(v, bool):
            v = "true" if v else "false"
        out.append(f"{k}={v}" if isinstance(v, str) and v.startswith("<") else f"{k}={quote(v)}")
    return "[" + " ".join(out) + "]"


def _node_label(n: Node, look: Look) -> str:
    if not n.lines:
        return ""
    parts = [f"<B>{html(n.lines[0])}</B>"] + [html(x) for x in n.lines[1:]]
    small = look.edge_font_size
    parts += [f'<FONT POINT-SIZE="{small:g}">{html(x)}</FONT>' for x in n.extra]
    return "<" + "<BR/>".join(parts) + ">"


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


def _node(n: Node, look: Look) -> str:
    if n.look == "point":
        return f"{quote(n.id)} " + _attrs([("id", n.id), ("class", " ".join(n.classes)), ("shape", "point"),
                                            ("width", "0.06"), ("label", "")])
    kind = look.kinds[n.look]
    mk = _marked(n.marks, look, node=True)
    style = kind.style + (",dashed" if mk.pop("dashed", False) else "")
    pairs: list[tuple[str, object]] = [
        ("id", n.id), ("class", " ".join(n.classes)), ("label", _node_label(n, look)),
        ("shape", kind.shape), ("style", style), ("fillcolor", mk.pop("fillcolor", kind.fill)),
        ("peripheries", str(kind.peripheries) if kind.peripheries != 1 else None),
        ("tooltip", n.tooltip or " ".join(n.lines)),
    ]
    pairs += sorted(mk.items())
    return f"{quote(n.id)} " + _attrs(pairs)


def _line(ln: Line, look: Look) -> str:
    colour = {"skip": look.skip_color, "interrupt": look.interrupt_color}.get(ln.style, look.edge_color)
    mk = _marked(ln.marks, look, node=False)
    style = {"interrupt": "dashed", "jump": "dotted", "invis": "invis"}.get(ln.style)
    if mk.pop("dashed", False):
        style = "dashed"
    pairs: list[tuple[str, object]] = [
        ("id", ln.id), ("class", " ".join(ln.classes)), ("label", ln.label),
        ("tooltip", ln.tooltip or ln.label or None), ("style", style),
        ("color", mk.pop("color", colour)), ("fontcolor", mk.pop("fontcolor", colour)),
        ("ltail", f"cluster_{ln.ltail}" if ln.ltail else None),
        ("constraint", None if ln.constraint else False),
        ("arrowsize", "0.7" if ln.style == "interrupt" else None),
        ("weight", None if ln.weight is None else str(ln.weight)),
    ]
    pairs += sorted(mk.items())
    return f"{quote(ln.tail)} -> {quote(ln.head)} " + _attrs(pairs)


def _cluster(c: Cluster, chart: Chart, look: Look, indent: str = "  ") -> list[str]:
    out = [f"{indent}subgraph {quote('cluster_' + c.id)} {{"]
    out.append(indent + "  graph " + _attrs([
        ("id", c.id), ("class", " ".join(c.classes)), ("label", c.title), ("tooltip", c.tooltip or c.title),
        ("color", look.phase_color), ("style", "rounded"), ("fontsize", f"{look.phase_font_size:g}")]))
    members = [n for n in chart.nodes if n.cluster == c.id]
    out += [indent + "  " + _node(n, look) for n in members]
    ids = {n.id for n in members}
    for group in chart.same_rank:
        if group and set(group) <= ids:
            out.append(indent + "  { rank=same; " + " ".join(quote(x) for x in group) + " }")
    out.append(indent + "}")
    return out


def _table(tb: Table, look: Look) -> list[str]:
    """A table as a plain node with an HTML label, held beneath `below` by invisible edges."""
    cell = '<TD ALIGN="LEFT" BALIGN="LEFT">{}</TD>'
    rows = ["<TR>" + "".join(f'<TD ALIGN="LEFT" BGCOLOR="#eceff1"><B>{html(h)}</B></TD>' for h in tb.header) + "</TR>"]
    rows += ["<TR>" + "".join(cell.format(html(c)) for c in row) + "</TR>" for row in tb.rows]
    label = (f'<<TABLE BORDER="1" CELLBORDER="1" CELLSPACING="0" CELLPADDING="4" COLOR="{look.phase_color}">'
             f'<TR><TD COLSPAN="{len(tb.header)}" BORDER="0"><B>{html(tb.caption)}</B></TD></TR>'
             + "".join(rows) + "</TABLE>>")
    out = [f"  {quote(tb.id)} " + _attrs([("id", tb.id), ("class", "table"), ("shape", "plain"),
                                           ("label", label), ("tooltip", tb.caption)])]
    out += [f"  {quote(b)} -> {quote(tb.id)} [style=invis]" for b in tb.below]
    return out


def to_dot(chart: Chart, look: Look = LOOK) -> str:
    """The DOT text of a chart; the same chart always gives the same text."""
    f = quote(look.font)
    title = "<" + "<BR/>".join(
        [f'<FONT POINT-SIZE="{look.title_font_size:g}"><B>{html(chart.title[0])}</B></FONT>']
        + [f'<FONT POINT-SIZE="{look.font_size:g}">{html(t)}</FONT>' for t in chart.title[1:]]) + ">"
    out = [
        f"digraph {quote(chart.name)} {{",
        "  graph " + _attrs([("id", "chart"), ("class", "timing-chart"), ("label", title), ("labelloc", "t"),
                            ("fontname", look.font), ("rankdir", "TB"), ("compound", True),
                            ("newrank", True), ("nodesep", "0.3"), ("ranksep", "0.3"),
                            ("tooltip", chart.title[0])]),
        f"  node [fontname={f} fontsize={look.font_size:g} margin=\"0.12,0.04\" penwidth=1.2]",
        f"  edge [fontname={f} fontsize={look.edge_font_size:g} arrowsize=0.8]",
    ]
    for c in chart.clusters:
        out += _cluster(c, chart, look)
    out += ["  " + _node(n, look) for n in chart.nodes if n.cluster is None]
    out += ["  " + _line(ln, look) for ln in chart.lines]
    for tb in chart.tables:
        out += _table(tb, look)
    out.append("}")
    return "\n".join(out) + "\n"
