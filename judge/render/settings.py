"""Colours, shapes, fonts and the highlight style table of every chart, in one place."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["NodeLook", "Mark", "Look", "LOOK", "PAPER_LOOK"]


@dataclass(frozen=True)
class NodeLook:
    """How one kind of step is drawn: a Graphviz shape and its fill."""

    shape: str
    fill: str
    style: str = "filled"
    peripheries: int = 1


@dataclass(frozen=True)
class Mark:
    """One highlight class: how a node, edge or cluster carrying it looks (CSS and Graphviz alike)."""

    fill: str | None = None         # node fill
    stroke: str | None = None       # node border, edge line, cluster border
    width: float | None = None      # line width in points
    dash: bool = False              # dashed border or line
    text: str | None = None         # label colour
    opacity: float | None = None    # the whole element fades


@dataclass(frozen=True)
class Look:
    """Everything a chart's appearance depends on; change it here, not in the renderers."""

    font: str = "Noto Sans CJK KR"   # measured and drawn by Graphviz for English and Korean alike
    # What an SVG asks for where that font is not installed (a reader's machine, a wiki page):
    # fonts with Hangul first, on each common system, then any sans-serif.
    font_fallback: tuple[str, ...] = ("Noto Sans KR", "Source Han Sans K", "Apple SD Gothic Neo",
                                      "Malgun Gothic", "NanumGothic", "sans-serif")
    font_size: float = 11.0
    edge_font_size: float = 9.0
    title_font_size: float = 16.0
    phase_font_size: float = 12.0
    wrap: int = 22                   # label line width, in Latin-letter widths (Hangul counts 2)
    max_user_text: int = 40          # characters of a user-supplied name kept in a label
    max_tooltip: int = 400           # characters of user-supplied text kept in a tooltip
    timeout: float = 30.0            # seconds a Graphviz run may take
    inline_ids: bool = False         # "2.1 Paid ability window" on one line (paper), not above the name
    nodesep: float = 0.3             # inches between nodes of a rank, and between ranks
    ranksep: float = 0.3
    node_height: float = 0.5         # inches: the least height of a node (Graphviz's default)
    side_labels: bool = False        # arrow labels beside the arrow (xlabel), taking no rank of their own
    kinds: dict[str, NodeLook] = field(default_factory=lambda: {
        "step": NodeLook("box", "#e8f0fe", "rounded,filled"),
        "paw": NodeLook("hexagon", "#fff4cc"),
        "decision": NodeLook("diamond", "#fde0dc"),
        "check": NodeLook("octagon", "#ece3fb"),
        "end": NodeLook("ellipse", "#e0e0e0", "filled", 2),
        "interrupt": NodeLook("box", "#fafafa", "rounded,dashed,filled"),
        "skipped": NodeLook("box", "#f5f5f5", "rounded,dashed,filled"),
        "text": NodeLook("plaintext", "none", ""),
    })
    edge_color: str = "#37474f"
    skip_color: str = "#1565c0"      # an edge that jumps over steps, which are then skipped
    interrupt_color: str = "#9e9e9e"  # an edge that can leave any step of a box
    phase_color: str = "#90a4ae"
    count_color: str = "#1b5e20"     # the "×2" badge: how often a step was entered or an edge taken
    trigger_color: str = "#8e24aa"   # the "★1" badge: abilities that triggered at a step
    # The highlight table; later entries win where an element carries several classes.
    marks: tuple[tuple[str, Mark], ...] = (
        ("not-reached", Mark(opacity=0.35)),
        ("next", Mark(stroke="#1e88e5", width=2.0, dash=True, text="#1565c0")),
        ("skipped", Mark(fill="#f5f5f5", stroke="#757575", width=1.5, dash=True, text="#757575")),
        ("visited", Mark(fill="#c8e6c9", stroke="#2e7d32", width=1.5)),
        ("triggered", Mark(stroke="#8e24aa", width=3.0)),
        ("taken", Mark(stroke="#2e7d32", width=2.5, text="#1b5e20")),
        ("current", Mark(fill="#ffcc80", stroke="#e65100", width=3.5, text="#000000")),
    )

    def font_family(self) -> str:
        """The CSS font-family list of every SVG: the font the chart was measured with, then the fallbacks."""
        return ", ".join(f if f == "sans-serif" else f"'{f}'" for f in (self.font, *self.font_fallback))
    # The explorer's heat map: how many of the lines pass a step or an edge, in fifths of them
    # (heat-1: at most a fifth ... heat-5: more than four fifths), light to dark.
    heat: tuple[tuple[str, Mark], ...] = (
        ("heat-1", Mark(fill="#eff3ff", stroke="#9ecae1", width=1.5)),
        ("heat-2", Mark(fill="#c6dbef", stroke="#6baed6", width=2.0)),
        ("heat-3", Mark(fill="#9ecae1", stroke="#4292c6", width=2.5)),
        ("heat-4", Mark(fill="#4292c6", stroke="#2171b5", width=3.5, text="#ffffff")),
        ("heat-5", Mark(fill="#08519c", stroke="#08306b", width=4.5, text="#ffffff")),
    )

    def mark(self, name: str) -> Mark:
        """The style of one highlight class."""
        return dict(self.marks)[name]


LOOK = Look()
# On paper: labels a line shorter (the step's number before its name), every text but the title
# the same size, and tighter spacing, so a page holds the chart at a size that can be read.
PAPER_LOOK = Look(font_size=9.0, edge_font_size=9.0, phase_font_size=9.0, title_font_size=13.0, wrap=16,
                  inline_ids=True, nodesep=0.18, ranksep=0.15, side_labels=True, node_height=0.22)
