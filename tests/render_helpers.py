"""Builders shared by the chart tests: scenarios as Python values, SVG read as XML."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import yaml

from judge.engine import Trace, run
from judge.scenario import load_scenario

SVG = "{http://www.w3.org/2000/svg}"


def trace_of(doc: dict) -> Trace:
    """Dump a scenario to YAML (so the loader sees it as a judge would write it) and run it."""
    return run(load_scenario("test.yaml", text=yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)))


def ice(name: str, rezzed: bool = True, subs=("End the run",), **kw) -> dict:
    return {"name": name, "type": "ice", "rezzed": rezzed, "subroutines": list(subs), **kw}


def run_on(ices: list[dict], actions=(), runner=(), credits: int = 20, title: str = "test") -> Trace:
    return trace_of({
        "title": title, "run": {"server": "HQ"}, "runner": {"credits": credits, "cards": list(runner)},
        "servers": {"HQ": {"ice": ices, "cards": [{"name": "Hedge Fund", "type": "operation"}]}},
        "actions": list(actions)})


def xml(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element) -> dict[str, ET.Element]:
    """Every <g> with an id, by id."""
    return {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("id")}


def classes(g: ET.Element) -> list[str]:
    return (g.get("class") or "").split()


def title(g: ET.Element) -> str:
    t = g.find(f"{SVG}title")
    return "" if t is None else (t.text or "")


def texts(g: ET.Element) -> str:
    """All label text drawn inside an element, badges excluded."""
    return " ".join((t.text or "") for t in g.iter(f"{SVG}text") if "badge" not in (t.get("class") or ""))


def badge(g: ET.Element, kind: str) -> str:
    for t in g.iter(f"{SVG}text"):
        if kind in (t.get("class") or "").split():
            return t.text or ""
    return ""
