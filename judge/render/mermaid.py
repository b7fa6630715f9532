"""A Chart as Mermaid flowchart text, for docs hosted where Graphviz is not available."""

from __future__ import annotations

from .model import Chart, Line, Node
from .settings import LOOK, Look
from .text import clean

__all__ = ["to_mermaid"]

# Mermaid node shapes per kind: (open, close).
_SHAPES = {"step": ("(", ")"), "paw": ("{{", "}}"), "decision": ("{", "}"), "check": ("[/", "\\]"),
           "end": ("((", "))"), "interrupt": (">", "]"), "skipped": ("[", "]")}
_ARROWS = {"normal": "-->", "skip": "-->", "interrupt": "-.->", "jump": "-.->"}


def _text(s: str) -> str:
    """Text inside a quoted Mermaid label: quotes and markup as entity codes."""
    out = clean(s)
    for a, b in (("&", "#amp;"), ('"', "#quot;"), ("<", "#lt;"), (">", "#gt;"), ("|", "#124;"),
                 ("[", "#91;"), ("]", "#93;"), ("{", "#123;"), ("}", "#125;"), ("`", "#96;")):
        out = out.replace(a, b)
    return out


def _mid(eid: str) -> str:
    return eid.replace("-", "_")


def _node(n: Node) -> str:
    o, c = _SHAPES.get(n.look, ("[", "]"))
    label = "<br/>".join(_text(x) for x in (n.lines + n.extra))
    return f'{_mid(n.id)}{o}"{label}"{c}'


def _line(ln: Line) -> str:
    arrow = _ARROWS.get(ln.style, "-->")
    label = f'|"{_text(ln.label)}"|' if ln.label else ""
    return f"{_mid(ln.tail)} {arrow}{label} {_mid(ln.head)}"


def to_mermaid(chart: Chart, look: Look = LOOK) -> str:
    """Mermaid `flowchart TD` text: clusters as subgraphs, kinds as shapes, highlight classes as classDefs."""
    out = ["---", f"title: {_text(chart.title[0])}", "---", "flowchart TD"]
    drawn = [n for n in chart.nodes if n.look != "point" and "legend" not in n.classes]
    for c in chart.clusters:
        members = [n for n in drawn if n.cluster == c.id]
        if not members:
            continue
        out.append(f'  subgraph {_mid(c.id)}["{_text(c.title)}"]')
        out += ["    " + _node(n) for n in members]
        out.append("  end")
    out += ["  " + _node(n) for n in drawn if n.cluster is None]
    ids = {n.id for n in drawn}
    out += ["  " + _line(ln) for ln in chart.lines
            if ln.style != "invis" and ln.tail in ids and ln.head in ids]
    for name, m in look.marks:
        props = [f"fill:{m.fill}" if m.fill else "", f"stroke:{m.stroke}" if m.stroke else "",
                 f"stroke-width:{m.width:g}px" if m.width else "",
                 "stroke-dasharray:5 3" if m.dash else "", f"color:{m.text}" if m.text else "",
                 f"opacity:{m.opacity:g}" if m.opacity is not None else ""]
        out.append(f"  classDef {name.replace('-', '_')} {','.join(p for p in props if p)}")
    for n in drawn:
        for mark in n.marks:
            out.append(f"  class {_mid(n.id)} {mark.replace('-', '_')}")
    return "\n".join(out) + "\n"
