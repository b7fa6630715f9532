"""One moment of a trace as highlight classes on the structure chart's element ids."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..engine.trace import Event, Trace, skip_text
from ..i18n import has
from ..rulesets import timing
from ..rulesets.model import Ruleset
from .ids import phase_id, step_id
from .model import Chart
from .settings import LOOK
from .text import clip
from .words import word

__all__ = ["Moment", "moments", "moment_at", "as_highlight", "as_heat", "heat_class"]


@dataclass
class Moment:
    """What has happened up to and including one event of a trace."""

    position: int
    current: str | None = None          # step id
    current_occ: str = ""
    entered: Counter = field(default_factory=Counter)            # step id -> times
    occurrences: dict[str, list[str]] = field(default_factory=dict)  # step id -> occurrences entered
    taken: Counter = field(default_factory=Counter)              # ruleset edge id -> times
    skipped: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # step -> (occ, reason key)
    triggered: dict[str, list[Event]] = field(default_factory=dict)          # step -> trigger events
    ended: bool = False

    def copy(self, position: int) -> Moment:
        return Moment(position, self.current, self.current_occ, Counter(self.entered),
                      {k: list(v) for k, v in self.occurrences.items()}, Counter(self.taken),
                      {k: list(v) for k, v in self.skipped.items()},
                      {k: list(v) for k, v in self.triggered.items()}, self.ended)


def _advance(m: Moment, e: Event) -> None:
    """Fold one event into a moment."""
    if e.kind == "enter":
        m.entered[e.step] += 1
        m.occurrences.setdefault(e.step, []).append(e.occurrence)
    elif e.kind == "transition":
        edge = e.extra_get("edge")
        if edge:
            m.taken[edge] += 1
    elif e.kind == "skip":
        m.skipped.setdefault(e.step, []).append((e.occurrence, e.args_get("reason")))
    elif e.kind == "trigger":
        m.triggered.setdefault(e.step, []).append(e)
    elif e.kind == "end":
        m.ended = True
    # The run is at the step of the latest event that happens at a step: a skip is about another
    # step, a warning about an action that never applied; after a forced encounter the
    # "resumes" action names the step the run is back at.
    if e.kind not in ("skip", "warning"):
        m.current, m.current_occ = e.step, e.occurrence


def moments(trace: Trace) -> list[Moment]:
    """The moment after every event of a trace, in one pass."""
    out: list[Moment] = []
    m = Moment(-1)
    for i, e in enumerate(trace.events):
        _advance(m, e)
        out.append(m.copy(i))
    return out


def moment_at(trace: Trace, position: int) -> Moment:
    """The moment after event `position` (clamped to the trace)."""
    n = len(trace.events)
    pos = min(max(position, 0), n - 1) if n else -1
    m = Moment(pos)
    for e in trace.events[: pos + 1]:
        _advance(m, e)
    return m


def _add(classes: dict[str, list[str]], eid: str, cls: str) -> None:
    got = classes.setdefault(eid, [])
    if cls not in got:
        got.append(cls)


def as_highlight(m: Moment, trace: Trace, chart: Chart, edge_element: dict[str, str], lang: str) -> dict:
    """The moment as {"classes", "titles", "current", "counts", "triggers"} keyed by element id."""
    rs: Ruleset = trace.rs
    g = timing.graph(rs.id)
    classes: dict[str, list[str]] = {}
    status: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    triggers: dict[str, int] = {}
    # an occurrence as the reader sees it ("2@Enigma" -> "2@에니그마" for a Korean reader)
    said = {e.occurrence: e.shown(lang) for e in trace.events} if lang == "ko" else {}
    for sid, n in sorted(m.entered.items()):
        eid = step_id(sid)
        _add(classes, eid, "visited")
        counts[eid] = n
        status.setdefault(eid, []).append(word("entered", lang, n=n, occs=", ".join(said.get(o, o) for o in m.occurrences[sid])))
    for sid, skips in sorted(m.skipped.items()):
        eid = step_id(sid)
        _add(classes, eid, "skipped")
        for occ, reason in skips:
            text = skip_text(reason, _ice(occ), lang) if has(f"engine.skips.{reason}") else reason
            status.setdefault(eid, []).append(word("skipped", lang, occ=said.get(occ, occ), reason=text))
    for sid, evs in sorted(m.triggered.items()):
        eid = step_id(sid)
        _add(classes, eid, "triggered")
        triggers[eid] = len(evs)
        status.setdefault(eid, []).extend(word("triggered", lang, text=e.text(rs, lang)) for e in evs)
    for edge, n in sorted(m.taken.items()):
        eid = edge_element.get(edge)
        if eid is None:
            continue
        _add(classes, eid, "taken")
        counts[eid] = counts.get(eid, 0) + n
        tag = _tag_of(chart, eid)
        if tag:
            _add(classes, tag, "taken")
    for eid in [k for k in counts if k.startswith("edge-")]:
        status.setdefault(eid, []).append(word("taken", lang, n=counts[eid]))
    current = None
    if m.current is not None:
        current = step_id(m.current)
        _add(classes, current, "current")
        _add(classes, phase_id(rs.step(m.current).phase), "current")
        status.setdefault(current, []).insert(0, word("now", lang, occ=clip(said.get(m.current_occ, m.current_occ), LOOK.max_tooltip)))
        if not m.ended:
            for _, _, d in sorted(g.out_edges(m.current, data=True), key=lambda x: x[2]["edge"].id):
                eid = edge_element.get(d["edge"].id)
                if eid:
                    _add(classes, eid, "next")
                    status.setdefault(eid, []).append(word("next", lang))
    if m.ended:
        seen = set(m.entered) | set(m.skipped)
        for s in rs.steps:
            if s.id not in seen:
                eid = step_id(s.id)
                _add(classes, eid, "not-reached")
                status.setdefault(eid, []).append(word("not_reached", lang))
    titles = {eid: _title(chart, eid, [clip(x, LOOK.max_tooltip) for x in lines]) for eid, lines in status.items()}
    return {"classes": classes, "titles": titles, "current": current, "counts": counts,
            "triggers": triggers, "position": m.position}


def _ice(occ: str) -> str:
    return occ.split("@", 1)[1].split("#", 1)[0] if "@" in occ else ""


def _tag_of(chart: Chart, edge_eid: str) -> str | None:
    """The interrupt tag an interrupt arrow starts from."""
    line = next((ln for ln in chart.lines if ln.id == edge_eid), None)
    if line and "interrupt" in line.classes and line.tail.startswith("interrupt-"):
        return line.tail
    return None


def _title(chart: Chart, eid: str, lines: list[str]) -> str:
    base = ""
    node = next((n for n in chart.nodes if n.id == eid), None)
    if node is not None:
        base = node.tooltip
    else:
        line = next((ln for ln in chart.lines if ln.id == eid), None)
        base = line.tooltip if line is not None else ""
    return "\n".join(([base] if base else []) + lines)


def heat_class(n: int, total: int) -> str:
    """The heat class of an element that n of total lines pass (heat-1 ... heat-5, by fifths)."""
    return f"heat-{min(5, max(1, -(-5 * n // total)))}"


def as_heat(through: dict[str, int], total: int, rs: Ruleset, chart: Chart, edge_element: dict[str, str],
            lang: str) -> dict:
    """How many lines pass each step and edge (`through`: step id or rule-set edge id -> lines)
    as {"classes", "titles", "counts"} keyed by element id; steps no line passes fade."""
    classes: dict[str, list[str]] = {}
    status: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    for s in rs.steps:
        eid = step_id(s.id)
        n = through.get(s.id, 0)
        _add(classes, eid, heat_class(n, total) if n else "not-reached")
        status[eid] = [word("lines_pass", lang, n=n, total=total) if n else word("lines_none", lang)]
        if n:
            counts[eid] = n
    for edge, n in sorted(through.items()):
        eid = edge_element.get(edge)
        if eid is None or not n:
            continue
        counts[eid] = max(counts.get(eid, 0), n)  # an interrupt arrow stands for several edges
        classes[eid] = [heat_class(counts[eid], total)]
        status[eid] = [word("lines_pass", lang, n=counts[eid], total=total)]
        tag = _tag_of(chart, eid)
        if tag:
            classes[tag] = [heat_class(max(counts.get(tag, 0), n), total)]
            counts[tag] = max(counts.get(tag, 0), n)
    titles = {eid: _title(chart, eid, lines) for eid, lines in status.items()}
    return {"classes": classes, "titles": titles, "counts": counts}
