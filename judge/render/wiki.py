"""A rule set's timing structure and a run's walk-through as wiki text: Markdown, and namuwiki
markup (`== heading ==`, ` * ` lists, `||` tables), in English or Korean.

Every name a user typed is escaped for the markup it goes into, so a card called `[[x]]` or
`<script>` stays text on the wiki page."""

from __future__ import annotations

from .. import rulesets
from ..engine.trace import Trace, guard_label, status_text, title_text
from ..rulesets import timing
from .doc import interrupt_rows
from .positions import positions
from .words import word

__all__ = ["MARKUPS", "structure_text", "walkthrough_text", "escape"]

MARKUPS = ("markdown", "namuwiki")
_MD = set("\\`*_[]<|#")
_NAMU_PAIRS = set("'~-_^,{}|")


def escape(text: object, markup: str) -> str:
    """Text as itself in the markup: no line breaks, and nothing the wiki would read as syntax."""
    s = " ".join(str(text).split())
    out = []
    if markup == "markdown":
        for ch in s:
            out.append("\\" + ch if ch in _MD else ch)
        return "".join(out)
    for i, ch in enumerate(s):   # namumark: \ escapes one character; pairs like '' -- ~~ are syntax
        if ch in "\\[]" or (ch in _NAMU_PAIRS and i + 1 < len(s) and s[i + 1] == ch):
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)


class _Writer:
    """The few constructs both markups need, each text escaped on the way in."""

    def __init__(self, markup: str) -> None:
        if markup not in MARKUPS:
            raise ValueError(markup)
        self.m, self.lines = markup, []

    def e(self, text: object) -> str:
        return escape(text, self.m)

    def bold(self, text: str) -> str:
        return f"**{text}**" if self.m == "markdown" else f"'''{text}'''"

    def code(self, text: str) -> str:
        """Literal text (a step number, an occurrence): escaped instead when it would end the span."""
        if self.m == "markdown":
            return self.e(text) if any(c in text for c in "`|<") else f"`{text}`"
        return self.e(text) if "{{{" in text or "}}}" in text or "|" in text else f"{{{{{{{text}}}}}}}"

    def heading(self, level: int, text: str) -> None:
        bar = "=" * (level + 1)
        self.lines += (["#" * level + " " + text, ""] if self.m == "markdown" else [f"{bar} {text} {bar}", ""])

    def para(self, text: str) -> None:
        self.lines += [text, ""]

    def item(self, text: str, depth: int = 0, number: int | None = None) -> None:
        if self.m == "markdown":
            self.lines.append("    " * depth + (f"{number}. " if number else "- ") + text)
        else:
            self.lines.append(" " * (depth + 1) + ("1. " if number else "* ") + text)

    def end_list(self) -> None:
        self.lines.append("")

    def table(self, header: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
        if self.m == "markdown":
            self.lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
            self.lines += ["| " + " | ".join(r) + " |" for r in rows]
        else:
            self.lines.append("||" + "||".join(self.bold(h) for h in header) + "||")
            self.lines += ["||" + "||".join(c or " " for c in r) + "||" for r in rows]
        self.lines.append("")

    def text(self) -> str:
        return "\n".join(self.lines).rstrip("\n") + "\n"


def _then(rs_id: str, step: str, lang: str, w: _Writer) -> str:
    rs = rulesets.get(rs_id)
    g = timing.graph(rs_id)
    out = []
    for _, dst, d in sorted(g.out_edges(step, data=True), key=lambda e: e[2]["edge"].id):
        if d["interrupt"]:
            continue
        e = d["edge"]
        label = guard_label(e.guard, lang)
        text = f"→ {dst}" + (f" ({w.e(label)})" if label else "")
        if e.skip and rs.skipped_by(e):
            text += " " + w.e(word("text.skips", lang, steps=", ".join(rs.skipped_by(e))))
        out.append(text)
    return "; ".join(out)


def structure_text(ruleset_id: str, lang: str, markup: str) -> str:
    """A rule set's steps, phase by phase (what happens at each and where it goes next), then
    the interrupts that can leave many steps."""
    rs = rulesets.get(ruleset_id)
    w = _Writer(markup)
    w.heading(1, w.e(rs.title(lang)))
    w.para(w.e(f"{rs.id} · {rs.version_text(lang)}"))
    w.para(w.e(rs.source(lang)))
    head = tuple(word(f"text.{k}", lang) for k in ("step", "name", "kind", "what", "then_col"))
    for phase in rs.phases:
        w.heading(2, w.e(rs.phase_name(phase, lang)))
        rows = [(w.code(s.id), w.e(s.name(lang)), w.e(word(f"kind.{s.kind.value}", lang)), w.e(s.explain(lang)),
                 _then(rs.id, s.id, lang, w)) for s in rs.steps if s.phase == phase]
        w.table(head, rows)
    w.heading(2, w.e(word("doc.interrupts", lang)))
    w.table(tuple(word(f"doc.{k}", lang) for k in ("when", "from", "to")),
            [tuple(w.e(c) for c in row) for row in interrupt_rows(rs.id, lang)])
    return w.text()


_MARK = {"skip": "text.mark_skip", "trigger": "text.mark_trigger", "action": "text.mark_action",
         "end": "text.mark_end"}


def walkthrough_text(tr: Trace, lang: str, markup: str) -> str:
    """A run step by step: the outcome and path, then each step entered with what happened in it
    and where the run went next, then the case's explanation."""
    rs = tr.rs
    w = _Writer(markup)
    title = title_text(tr.title, lang)
    w.heading(1, w.e(word("timeline", lang, title=title)))
    w.para(w.e(f"{rs.title(lang)} ({rs.id} · {rs.version_text(lang)})"))
    w.item(w.bold(w.e(word("text.outcome", lang))) + " " + w.e(f"{status_text(tr.status, lang)} ({word('text.ends_at', lang, end=tr.end)})"))
    w.item(w.bold(w.e(word("text.path", lang))) + " " + w.e(" > ".join(tr.path)))
    for key in ("accessed", "stolen", "trashed"):
        if tr.lists[key]:
            w.item(w.bold(w.e(word(f"text.{key}", lang))) + " " + w.e(", ".join(tr.lists[key])))
    w.end_list()
    w.heading(2, w.e(word("text.steps", lang)))
    for p in positions(tr, lang):
        w.item(w.code(p.occ) + " " + w.bold(w.e(p.name(lang))), number=p.n)
        for line in p.lines:
            if line.kind == "priority":
                continue
            mark = word(_MARK[line.kind], lang) + " " if line.kind in _MARK else ""
            w.item(w.e(mark + line.text), depth=1)
        if p.next:
            w.item(w.e(word("text.next", lang, next=p.next)), depth=1)
    w.end_list()
    why = tr.explanation.get(lang) or tr.explanation.get("en") if tr.explanation else None
    if why:
        w.heading(2, w.e(word("text.why", lang)))
        w.para(w.e(why))
    if tr.warnings:
        w.heading(2, w.e(word("text.warnings", lang)))
        for e in tr.warnings:
            w.item(w.e(e.text(rs, lang)))
        w.end_list()
    return w.text()
