"""The highlight style table as CSS, for the page and for exported highlighted SVG alike."""

from __future__ import annotations

from .settings import LOOK, Look, Mark

__all__ = ["style_css", "heat_css"]

_SHAPES = ("polygon", "path", "ellipse", "polyline")


def _decl(pairs: list[tuple[str, object]]) -> str:
    return "; ".join(f"{k}: {v}" for k, v in pairs if v is not None)


def _rules(name: str, m: Mark) -> list[str]:
    root = ".timing-chart"
    dash = "5,3" if m.dash else None
    width = f"{m.width:g}px" if m.width else None
    out = []
    node_shape = _decl([("fill", m.fill), ("stroke", m.stroke), ("stroke-width", width),
                        ("stroke-dasharray", dash)])
    if node_shape:
        out.append(", ".join(f"{root} .node.{name} > {s}" for s in _SHAPES) + f" {{ {node_shape} }}")
    edge_line = _decl([("stroke", m.stroke), ("stroke-width", width), ("stroke-dasharray", dash)])
    if edge_line:
        out.append(f"{root} .edge.{name} > path {{ {edge_line} }}")
    if m.stroke:
        out.append(f"{root} .edge.{name} > polygon {{ fill: {m.stroke}; stroke: {m.stroke} }}")
        out.append(f"{root} .cluster.{name} > polygon, {root} .cluster.{name} > path "
                   f"{{ stroke: {m.stroke}; stroke-width: {width or '1px'} }}")
    if m.text:
        out.append(f"{root} .node.{name} > text:not(.badge), {root} .edge.{name} > text:not(.badge) "
                   f"{{ fill: {m.text} }}")
    if m.opacity is not None:
        out.append(f"{root} .{name} {{ opacity: {m.opacity:g} }}")
    return out


def style_css(look: Look = LOOK) -> str:
    """One rule block per highlight class, in table order so later classes win; badges last."""
    lines = ["/* Timing chart highlights: generated from judge.render.settings.Look.marks */"]
    for name, m in look.marks:
        lines += _rules(name, m)
    lines.append(f".timing-chart text.badge {{ font-family: {look.font_family()}; font-size: 10px; "
                 "font-weight: bold }")
    lines.append(f".timing-chart text.badge.count {{ fill: {look.count_color} }}")
    lines.append(f".timing-chart text.badge.trig {{ fill: {look.trigger_color} }}")
    return "\n".join(lines) + "\n"


def heat_css(look: Look = LOOK) -> str:
    """The explorer's heat classes, after the highlight table (a page loads both)."""
    lines = ["/* Explorer heat map: generated from judge.render.settings.Look.heat */"]
    for name, m in look.heat:
        lines += _rules(name, m)
        lines.append(f".swatch.sw-{name} {{ background: {m.fill}; border-color: {m.stroke} }}")
    return "\n".join(lines) + "\n"
