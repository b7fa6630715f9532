"""Graphviz's SVG made ready for highlighting: tooltips as <title>, badge slots, a fast template."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from .errors import ChartError
from .settings import LOOK, Look

__all__ = ["LaidOut", "prepare", "strip_prologue", "xml_text", "with_font_fallback"]

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG)
ET.register_namespace("xlink", XLINK)

_SLOT = re.compile(r"\{\{@([a-z]):([A-Za-z0-9_-]*)@\}\}")
_NUM = re.compile(r"-?\d+(?:\.\d+)?")
_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_text(text: object) -> str:
    """Any text as XML character data (for <title>, <text>): escaped, invalid characters dropped."""
    s = _BAD_XML.sub("", str(text))
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def with_font_fallback(svg: str, look: Look = LOOK) -> str:
    """Graphviz names the one font it measured with; a reader without it gets the fallback list."""
    return svg.replace(f'font-family="{look.font}"', f'font-family="{look.font_family()}"')


def strip_prologue(svg: str) -> str:
    """The SVG from its <svg> element on: no XML declaration, DOCTYPE or comments before it."""
    i = svg.find("<svg")
    return svg[i:] if i >= 0 else svg


@dataclass(frozen=True)
class LaidOut:
    """A laid-out chart as a template whose slots take extra classes, titles and badge texts."""

    parts: tuple[str, ...]            # literal, kind, id, literal, kind, id, ..., literal
    titles: dict[str, str]            # element id -> the tooltip Graphviz drew (the explanation)
    ids: frozenset[str]               # every element that takes highlight classes

    def fill(self, classes: dict[str, list[str]] | None = None, titles: dict[str, str] | None = None,
             counts: dict[str, int] | None = None, triggers: dict[str, int] | None = None,
             style: str | None = None) -> str:
        """The SVG with these highlights applied (nothing given: the plain chart)."""
        classes, titles = classes or {}, titles or {}
        counts, triggers = counts or {}, triggers or {}
        out = [self.parts[0]]
        for i in range(1, len(self.parts), 3):
            kind, key = self.parts[i], self.parts[i + 1]
            if kind == "c":
                extra = classes.get(key)
                out.append(" " + " ".join(extra) if extra else "")
            elif kind == "t":
                out.append(xml_text(titles.get(key, self.titles.get(key, ""))))
            elif kind == "n":
                out.append(f"×{counts[key]}" if counts.get(key) else "")
            elif kind == "s":
                out.append(f"★{triggers[key]}" if triggers.get(key) else "")
            elif kind == "x":
                out.append(f"<style>{xml_text(style)}</style>" if style else "")
            out.append(self.parts[i + 2])
        return "".join(out)


def _tag(el: ET.Element) -> str:
    return el.tag.rsplit("}", 1)[-1]


def _unwrap_tooltips(g: ET.Element) -> str:
    """Move what Graphviz wrapped in <g id="a_..."><a xlink:title> up into the element; the
    tooltip text becomes the element's own <title>, which every browser shows on hover."""
    tip = ""
    for i, child in enumerate(list(g)):
        if _tag(child) == "g" and child.get("id", "").startswith("a_") and len(child) == 1:
            a = child[0]
            tip = tip or a.get(f"{{{XLINK}}}title", "")
            g.remove(child)
            for j, inner in enumerate(list(a)):
                g.insert(i + j, inner)
    return tip


def _box(g: ET.Element) -> tuple[float, float, float, float] | None:
    """The bounding box of an element's first shape."""
    for el in g:
        t = _tag(el)
        if t == "ellipse":
            cx, cy, rx, ry = (float(el.get(k, 0)) for k in ("cx", "cy", "rx", "ry"))
            return cx - rx, cy - ry, cx + rx, cy + ry
        if t in ("polygon", "path", "polyline"):
            nums = [float(x) for x in _NUM.findall(el.get("points") or el.get("d") or "")]
            xs, ys = nums[0::2], nums[1::2]
            if xs and ys:
                return min(xs), min(ys), max(xs), max(ys)
    return None


def _badge(g: ET.Element, cls: str, slot: str, x: float, y: float, anchor: str) -> None:
    b = ET.SubElement(g, f"{{{SVG}}}text", {"class": f"badge {cls}", "x": f"{x:.2f}", "y": f"{y:.2f}",
                                            "text-anchor": anchor})
    b.text = slot


def _edge_spot(g: ET.Element) -> tuple[float, float]:
    for el in g:
        if _tag(el) == "text":
            return float(el.get("x", 0)), float(el.get("y", 0)) + 11
    path = next((el for el in g if _tag(el) == "path"), None)
    nums = [float(x) for x in _NUM.findall(path.get("d", ""))] if path is not None else [0.0, 0.0]
    pts = list(zip(nums[0::2], nums[1::2], strict=False))
    x, y = pts[len(pts) // 2]
    return x + 4, y


_ID_TITLE = re.compile(r"<title>[^<\s]*</title>")


def without_id_titles(svg: str) -> str:
    """Graphviz titles every graph, cluster, node and edge with its id ("cluster_lane-1", "tl-3",
    "timeline.ffg-rr.ko"), which a browser shows on hover: a title that is only an id goes (the
    tooltips the charts give are words, and stay)."""
    return _ID_TITLE.sub("", svg)


def prepare(svg: str, ids: set[str]) -> LaidOut:
    """Turn Graphviz's SVG into a template: each element in `ids` gets slots for classes and a
    title; step nodes and edges get badge slots (count, triggers)."""
    root = ET.fromstring(strip_prologue(svg))
    root.text = "{{@x:style@}}" + (root.text or "")
    titles: dict[str, str] = {}
    for g in root.iter(f"{{{SVG}}}g"):
        eid = g.get("id", "")
        if eid not in ids:
            # Graphviz titles the graph, its clusters and the legend's shapes with their ids
            # ("cluster_legend", "ffg-rr.ko"), which a browser shows on hover: not words for a reader
            for el in [el for el in g if _tag(el) == "title"]:
                g.remove(el)
            continue
        tip = _unwrap_tooltips(g)
        title = next((el for el in g if _tag(el) == "title"), None)
        if title is None:
            title = ET.Element(f"{{{SVG}}}title")
            g.insert(0, title)
        titles[eid] = tip or title.text or ""
        title.text = f"{{{{@t:{eid}@}}}}"
        g.set("class", g.get("class", "") + f"{{{{@c:{eid}@}}}}")
        classes = g.get("class", "").split()
        if "node" in classes:
            box = _box(g)
            if box:
                x0, y0, x1, _ = box
                _badge(g, "count", f"{{{{@n:{eid}@}}}}", x1 + 2, y0 + 8, "start")
                _badge(g, "trig", f"{{{{@s:{eid}@}}}}", x0 - 2, y0 + 8, "end")
        elif "edge" in classes:
            x, y = _edge_spot(g)
            _badge(g, "count", f"{{{{@n:{eid}@}}}}", x, y, "middle")
    text = ET.tostring(root, encoding="unicode")
    parts = _SLOT.split(text)
    missing = ids - set(titles)
    if missing:
        raise ChartError("svg_lacks", ids=str(sorted(missing)[:5]), reason="failed")
    return LaidOut(tuple(parts), titles, frozenset(ids))
