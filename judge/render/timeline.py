"""A run unrolled for documentation: one row per piece of ice (approach, encounter, pass), one for
each other top-level step reached, skipped steps and triggered abilities shown where they happen."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import pairwise

from ..engine.trace import Event, Trace, guard_label, skip_text, status_text, title_text
from ..i18n import has, in_lang
from .extract import step_label
from .model import Chart, Cluster, Line, Node
from .reader import for_readers
from .settings import LOOK, Look
from .text import clip, wrap
from .walk import context, doc_title
from .words import word

__all__ = ["timeline", "DIRECTIONS"]

_EXTRA_LINES = 4   # lines of triggers and actions kept under one step; the rest is in the tooltip


@dataclass
class _Lane:
    cluster: Cluster
    nodes: list[str] = field(default_factory=list)


@dataclass
class _Box:
    node: Node
    notes: list[str] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)


def _lane_key(e: Event, trace: Trace) -> tuple[str, ...]:
    if e.ice:
        visit = e.occurrence.rsplit("#", 1)[1] if "#" in e.occurrence.split("@", 1)[1] else "1"
        return ("ice", e.ice, visit)
    return ("phase", trace.rs.step(e.step).phase)


def _lane_title(key: tuple[str, ...], trace: Trace, lang: str, look: Look, doc: bool = False) -> str:
    if key[0] == "ice":
        ice = str(in_lang(key[1], lang)) if doc else clip(key[1], look.max_user_text)
        return word("lane.ice", lang, ice=ice) if key[2] == "1" else word("lane.ice_again", lang, ice=ice, n=key[2])
    titles = {p: trace.rs.phase_name(p, lang) for p in trace.rs.phases}
    return titles.get(key[1], key[1])


class _Builder:
    def __init__(self, trace: Trace, lang: str, look: Look, doc: bool = False) -> None:
        self.t, self.lang, self.look, self.doc = trace, lang, look, doc
        self.lanes: dict[tuple[str, ...], _Lane] = {}
        self.boxes: dict[str, _Box] = {}       # occurrence -> box
        self.lines: list[Line] = []
        self.cur: str | None = None            # occurrence the run is at

    def box(self, e: Event, skipped: bool) -> _Box:
        if e.occurrence in self.boxes:
            return self.boxes[e.occurrence]
        key = _lane_key(e, self.t)
        lane = self.lanes.get(key)
        if lane is None:
            lane = self.lanes[key] = _Lane(Cluster(f"lane-{len(self.lanes) + 1}",
                                                   _lane_title(key, self.t, self.lang, self.look, self.doc),
                                                   ("lane",)))
        st = self.t.rs.step(e.step)
        nid = f"tl-{len(self.boxes) + 1}"
        name = step_label(st, self.lang)
        lines = (e.shown(self.lang) if self.doc else st.id, *wrap(name, self.look.wrap * 2 // 3))
        tip = f"{clip(e.occurrence, self.look.max_tooltip)} {name}"
        # A skipped step is a plain dashed box whatever its kind: it did not happen.
        node = Node(nid, lines, "skipped" if skipped else st.kind.value, ("step", f"kind-{st.kind.value}",
                    "skipped" if skipped else "entered"), tip, lane.cluster.id)
        b = self.boxes[e.occurrence] = _Box(node)
        lane.nodes.append(nid)
        return b

    def note(self, occ: str | None, text: str, mark: str | None = None) -> None:
        b = self.boxes.get(occ or "") or (self.boxes.get(self.cur or ""))
        if b is None:
            return
        b.notes.append(text)
        if mark and mark not in b.marks:
            b.marks.append(mark)

    def link(self, src: str | None, dst: str, label: str = "", style: str = "normal",
             tip: str = "") -> None:
        if src is None or src not in self.boxes:
            return
        a, b = self.boxes[src].node, self.boxes[dst].node
        # An arrow from one row to the next must not drag the next row sideways.
        weight = 0 if a.cluster != b.cluster else None
        self.lines.append(Line(f"tl-edge-{len(self.lines) + 1}", a.id, b.id, label, ("transition", style),
                               tip or label, style, constraint=style != "jump" or _num(a.id) < _num(b.id),
                               weight=weight))

    def walk(self) -> None:
        rs, lang = self.t.rs, self.lang
        pending: tuple[str, Event] | None = None
        for e in self.t.events:
            if e.kind == "enter":
                self.box(e, skipped=False)
                if pending is not None:
                    src, tr = pending
                    guard = tr.args_get("guard") or ""
                    edge = next((x for x in rs.out_edges(tr.step) if x.id == tr.extra_get("edge")), None)
                    style = "skip" if edge is not None and edge.skip else "normal"
                    self.link(src, e.occurrence, guard_label(guard, lang) if has(f"engine.guards.{guard}") else "",
                              style, clip(tr.text(rs, lang), self.look.max_tooltip))
                elif self.cur is not None:
                    self.link(self.cur, e.occurrence, word("jump", lang), "jump")
                pending, self.cur = None, e.occurrence
            elif e.kind == "skip":
                b = self.box(e, skipped=True)
                reason = skip_text(e.args_get("reason"), e.ice, lang) if e.args_get("reason") else ""
                b.notes.append(clip(reason, self.look.max_tooltip))
                b.marks.append("skipped")
            elif e.kind == "transition":
                pending = (e.args_get("src") or e.occurrence, e)
            elif e.kind == "trigger":
                self.note(e.occurrence, "★ " + clip(e.text(rs, lang), self.look.max_tooltip), "triggered")
            elif e.kind == "action":
                if e.msg == "return_forced" and e.occurrence in self.boxes and self.cur != e.occurrence:
                    self.link(self.cur, e.occurrence, word("resume", lang), "jump")
                    self.cur = e.occurrence
                self.note(e.occurrence, "• " + clip(e.text(rs, lang), self.look.max_tooltip))
            elif e.kind == "end":
                self.note(e.occurrence, word("outcome", lang, status=status_text(self.t.status, lang)))

    def _shown(self, notes: list[str]) -> list[str]:
        """The lines under a step: on a judge's chart the first few, each cut to a label's length;
        in documentation every one, whole, wrapped (nothing is cut)."""
        if self.doc:
            ctx = context(self.t)
            return [x for note in notes for x in wrap(for_readers(note, self.lang, ctx).replace("->", "→"),
                                                      self.look.wrap * 2)]
        shown = [clip(x, self.look.max_user_text) for x in notes[:_EXTRA_LINES]]
        if len(notes) > _EXTRA_LINES:
            shown.append(word("more", self.lang, n=len(notes) - _EXTRA_LINES))
        return shown

    def chart(self, direction: str = "lr") -> Chart:
        nodes: list[Node] = []
        for b in self.boxes.values():
            shown = self._shown(b.notes)
            tip = "\n".join([b.node.tooltip] + b.notes)
            nodes.append(replace(b.node, extra=tuple(shown), marks=tuple(b.marks), tooltip=tip))
        order: list[Line] = []
        lanes = list(self.lanes.values())
        for lane in lanes:
            order += [Line(f"order-{a}-{b}", a, b, style="invis") for a, b in pairwise(lane.nodes)]
        for up, down in pairwise(lanes):
            # Rows start under each other, like lines of text (top to bottom: the last step of a
            # row stands over the first of the next).
            a = up.nodes[0] if direction == "lr" else up.nodes[-1]
            order.append(Line(f"order-{a}-{down.nodes[0]}", a, down.nodes[0], style="invis", weight=20))
        status = status_text(self.t.status, self.lang)
        if self.doc:
            title = word("timeline", self.lang, title=doc_title(self.t, self.lang))
            sub = f"{self.t.rs.version_text(self.lang)} · {word('outcome', self.lang, status=status)}"
        else:
            title = word("timeline", self.lang, title=clip(title_text(self.t.title, self.lang), self.look.max_user_text * 2))
            sub = f"{self.t.rs.id} · {word('outcome', self.lang, status=status)}"
        return Chart(
            name=f"timeline.{self.t.rs.id}.{self.lang}",
            title=(title, sub),
            clusters=tuple(lane.cluster for lane in lanes),
            nodes=tuple(nodes),
            lines=tuple(self.lines) + tuple(order),
            same_rank=tuple(tuple(lane.nodes) for lane in lanes) if direction == "lr" else (),
            lang=self.lang,
        )


def _num(node_id: str) -> int:
    return int(node_id.rsplit("-", 1)[1])


DIRECTIONS = ("lr", "tb")


def timeline(trace: Trace, lang: str, look: Look = LOOK, doc: bool = False, direction: str = "lr") -> Chart:
    """The walk-through chart of a trace: each row the steps of one piece of ice or one phase,
    read left to right ("lr") or each step under the last ("tb"); `doc`: for documentation, every
    note whole and said for a reader, cards under the reader's language's titles."""
    b = _Builder(trace, lang, look, doc)
    b.walk()
    return b.chart(direction)
