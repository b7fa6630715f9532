"""The compare page's view of a comparison: one column per rule set (outcome, triggers, path with
skipped steps) and the divergences, numbered, each marked where it happens in every column."""

from __future__ import annotations

from dataclasses import dataclass, field

from ... import rulesets
from ...analysis.compare import Comparison
from ...engine.trace import Trace, status_text
from ...render.compare_text import moment_text, name_text, occ_text, trigger_text
from ...rulesets.model import Ruleset
from ..i18n import t
from ..stepper.positions import positions

__all__ = ["Item", "Trigger", "Column", "Divergence", "build", "group", "describe"]

LISTS = ("approached", "encountered", "passed", "bypassed", "accessed", "stolen", "trashed")


@dataclass
class Item:
    """One step the run entered."""

    n: int
    occ: str
    name: str
    skips: list[str]
    triggers: list[str]
    marks: list[int] = field(default_factory=list)
    label: str = ""  # the occurrence as the page's reader sees it ("3@톨부스" on a Korean page)


@dataclass
class Trigger:
    """An ability that resolved (or, marked, one that another rule set resolves and this never does)."""

    label: str
    occ: str | None
    n: int | None
    marks: list[int] = field(default_factory=list)
    at: str = ""  # the occurrence as the page's reader sees it


@dataclass
class Column:
    rs: Ruleset
    trace: Trace
    items: list[Item]
    triggers: list[Trigger]
    lists: list[tuple[str, list]]  # (key, the names as the page's reader sees them)
    marks: dict[str, list[int]] = field(default_factory=dict)  # "outcome", "end", a list's key


@dataclass(frozen=True)
class Divergence:
    n: int
    kind: str
    rulesets: tuple[str, ...]
    head: str                        # "After “pass Enigma” (4@Enigma) the runs part ways:"
    parts: tuple[tuple[str, str], ...]  # (rule set, what happens there)

    @property
    def text(self) -> str:
        return self.head + " " + "; ".join(f"{rs}: {x}" for rs, x in self.parts) + "."


def _trigger_label(card: object, when: str, lang: str, tr: Trace | None = None) -> str:
    return trigger_text(card, when, lang, tr, by_title=False)


def _column(tr: Trace, lang: str) -> Column:
    pos = positions(tr, lang)
    items = [Item(p.n, p.occ, p.name(lang), [ln.text for ln in p.lines if ln.kind == "skip"],
                  [ln.text for ln in p.lines if ln.kind == "trigger"], label=p.label or p.occ) for p in pos]
    starts = [p.event for p in pos]
    trig = []
    for i, e in enumerate(tr.events):
        if e.kind == "trigger" and e.extra_get("resolved"):
            n = sum(1 for s in starts if s <= i) or None
            trig.append(Trigger(_trigger_label(e.extra_get("card"), e.extra_get("when"), lang, tr), e.occurrence, n,
                                at=e.shown(lang)))
    lists = [(k, tr.shown_list(k, lang)) for k in LISTS if tr.lists[k]]
    return Column(tr.rs, tr, items, trig, lists)


def _mark_path(col: Column, said: dict | None, n: int) -> None:
    item = next((it for it in col.items if said and it.occ == said["at"]), None)
    if item is None:  # the run goes no further than the other: its end is where they part
        col.marks.setdefault("end", []).append(n)
    else:
        item.marks.append(n)


def _mark_trigger(col: Column, g: dict, occs: list[str] | None, n: int, lang: str) -> None:
    label = _trigger_label(g["card"], g["when"], lang, col.trace)
    if not occs:
        never = next((tg for tg in col.triggers if tg.label == label and tg.occ is None), None)
        if never is None:
            col.triggers.append(Trigger(label, None, None, [n]))
        elif n not in never.marks:
            never.marks.append(n)
        return
    for tg in col.triggers:
        if tg.label == label and tg.occ in occs and n not in tg.marks:
            tg.marks.append(n)
    for it in col.items:
        if it.occ in occs and n not in it.marks:
            it.marks.append(n)


def _key(d: dict) -> tuple:
    return (d["kind"], d.get("trigger"))


def group(divergences: list[dict]) -> list[dict]:
    """Pairwise divergences merged where they state one fact: with three rule sets, "ffg-rr vs nsg"
    and "nsg vs ffg-core" at the same moment of nsg are one difference. A group keeps each rule
    set's value; a divergence joins a group of its kind when they share a rule set with the same
    value and disagree on none."""
    out: list[dict] = []
    for d in divergences:
        vals = {rs: d[rs] for rs in d["rulesets"]}
        for g in out:
            shared = set(vals) & set(g["values"])
            if g["key"] == _key(d) and shared and all(vals[r] == g["values"][r] for r in shared):
                g["values"].update(vals)
                break
        else:
            out.append({"key": _key(d), "kind": d["kind"], "trigger": d.get("trigger"), "card": d.get("card"),
                        "when": d.get("when"), "after": d.get("after"), "values": vals,
                        "after_in": d["rulesets"][0]})
    order = list(rulesets.RULESETS)
    for g in out:
        g["values"] = dict(sorted(g["values"].items(), key=lambda kv: order.index(kv[0])))
    return out


def build(cmp: Comparison, lang: str) -> tuple[list[Column], list[Divergence]]:
    """The columns in rule set order and the numbered divergences, each marked in its columns."""
    cols = {rs: _column(tr, lang) for rs, tr in cmp.traces.items()}
    out: list[Divergence] = []
    for n, g in enumerate(group(cmp.divergences), start=1):
        out.append(Divergence(n, g["kind"], tuple(g["values"]), *describe(g, lang, cmp.traces)))
        for rs, value in g["values"].items():
            col = cols[rs]
            if g["kind"] == "path":
                _mark_path(col, value, n)
            elif g["kind"] == "trigger":
                _mark_trigger(col, g, value, n, lang)
            else:  # the outcome, or one of the outcome's lists
                col.marks.setdefault(g["kind"], []).append(n)
    return list(cols.values()), out


def describe(g: dict, lang: str, traces: dict[str, Trace] | None = None) -> tuple[str, tuple[tuple[str, str], ...]]:
    """One (grouped) divergence in the page's language: what differs, and each rule set's side
    (words from the catalogue put on the divergence's data; real cards under their Korean titles)."""
    traces = traces or {}
    kind = g["kind"]

    def say(rs: str, v) -> str:
        tr = traces.get(rs)
        if kind == "outcome":
            return status_text(v, lang)
        if kind == "path":
            return moment_text(v, lang, tr, by_title=False)
        if kind == "trigger":
            return ", ".join(occ_text(o, lang, tr, by_title=False) for o in v) if v else t("cmp_never")
        return ", ".join(name_text(x, lang, tr, by_title=False) for x in v) if v else t("cmp_none")
    parts = tuple((rs, say(rs, v)) for rs, v in g["values"].items())
    if kind == "path":
        tr = traces.get(g.get("after_in", ""))
        after = moment_text(g["after"], lang, tr, quoted=True, by_title=False) if g["after"] else t("cmp_the_start")
        return t("cmp_d_path", after=after), parts
    if kind == "trigger":
        tr = next((traces[rs] for rs in g["values"] if rs in traces), None)
        return t("cmp_d_trigger", trig=_trigger_label(g["card"], g["when"], lang, tr)), parts
    if kind == "outcome":
        return t("cmp_d_outcome"), parts
    return t("cmp_d_list", what=t("o_" + kind)), parts
