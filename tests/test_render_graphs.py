"""graphs/ holds the committed charts; they must be what the code draws today (`make graphs`)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from render_helpers import groups

from judge import render, rulesets
from judge.cli.chart import MARKUP_FILES, committed, timeline_sources
from judge.engine import run
from judge.render.ids import step_id
from judge.scenario import load_scenario

GRAPHS = Path(__file__).resolve().parent.parent / "graphs"
STALE = "is out of date: run `make graphs` and commit graphs/"


def expected() -> dict[Path, str]:
    """Every committed DOT file and the text the code produces for it."""
    out = {}
    for rs_id in sorted(rulesets.RULESETS):
        for lang in ("en", "ko"):
            out[GRAPHS / f"{rs_id}.{lang}.dot"] = render.chart_dot(rs_id, lang)
            out[GRAPHS / "doc" / f"{rs_id}.{lang}.dot"] = render.styled_dot(rs_id, lang, "doc")
    for path in timeline_sources(GRAPHS):
        t = run(load_scenario(path))
        for lang in ("en", "ko"):
            out[GRAPHS / "timelines" / f"{path.stem}.{lang}.dot"] = render.timeline_dot(t, lang)
    return out


def texts() -> dict[Path, bytes]:
    """Every committed wiki text (Markdown, namuwiki): exactly what `make graphs` writes."""
    suffixes = tuple(f".{s}" for s in MARKUP_FILES.values())
    return {p: data for p, data in committed(GRAPHS).items() if p.suffix in suffixes}


_SVG = re.compile(r"<svg.*?</svg>", re.S)


@pytest.mark.parametrize("path,text", sorted(expected().items()), ids=lambda v: v.name if isinstance(v, Path) else "")
def test_the_committed_dot_matches_what_the_code_draws(path, text):
    assert path.exists(), f"{path.name} is missing: run `make graphs`"
    assert path.read_text(encoding="utf-8") == text, f"{path.name} {STALE}"
    for suffix in (".svg", ".png"):
        assert path.with_suffix(suffix).exists(), f"{path.with_suffix(suffix).name} {STALE}"


def test_no_committed_dot_is_left_over_from_a_chart_the_code_no_longer_draws():
    stale = set(GRAPHS.rglob("*.dot")) - set(expected())
    assert not stale, f"{sorted(p.name for p in stale)}: remove them and run `make graphs`"


@pytest.mark.parametrize("path,data", sorted(texts().items()), ids=lambda v: v.name if isinstance(v, Path) else "")
def test_the_committed_wiki_text_matches_what_the_code_writes(path, data):
    assert path.exists(), f"{path.name} is missing: run `make graphs`"
    assert path.read_bytes() == data, f"{path.name} {STALE}"


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("scenario", timeline_sources(GRAPHS), ids=lambda p: p.stem)
def test_the_committed_walk_through_file_matches_what_the_code_writes(scenario, lang):
    # The chart inside is Graphviz's drawing (compared by its elements); the rest exactly.
    path = GRAPHS / "walkthroughs" / f"{scenario.stem}.{lang}.html"
    assert path.exists(), f"{path.name} is missing: run `make graphs`"
    want = render.walkthrough_html(run(load_scenario(scenario)), lang)
    got = path.read_text(encoding="utf-8")
    assert _SVG.sub("<svg/>", got) == _SVG.sub("<svg/>", want), f"{path.name} {STALE}"
    assert set(groups(ET.fromstring(_SVG.search(got).group(0)))) == set(groups(ET.fromstring(_SVG.search(want).group(0))))


def test_nothing_is_committed_under_graphs_that_make_graphs_does_not_write():
    made = set(committed(GRAPHS)) | {GRAPHS / "timelines.txt"}
    kept = {p for p in GRAPHS.rglob("*") if p.is_file() and "screens" not in p.relative_to(GRAPHS).parts}
    assert not kept - made, f"{sorted(p.name for p in kept - made)}: remove them and run `make graphs`"


def test_the_committed_walk_throughs_come_from_the_examples():
    examples = (GRAPHS.parent / "examples").resolve()
    sources = timeline_sources(GRAPHS)
    assert sources and all(p.parent == examples for p in sources)


@pytest.mark.parametrize("rs_id", sorted(rulesets.RULESETS))
def test_the_committed_svg_draws_every_step_in_both_languages(rs_id):
    for lang in ("en", "ko"):
        ids = groups(ET.parse(GRAPHS / f"{rs_id}.{lang}.svg").getroot())
        assert {step_id(s.id) for s in rulesets.get(rs_id).steps} <= set(ids)
