"""A rule set's timing structure and a run's walk-through as wiki text: Markdown, and namuwiki
markup in English or Korean.

namuwiki comes in two forms. The page form (the default) has the shape of the Korean rules page
the judge's timing comes from: each top-level step a `==` heading and each sub-step a `===`
heading, so namuwiki numbers the sections as the steps are numbered and `[[#s-2.3|2.3]]` links
work; "go to" lines are such links, rule citations footnotes, the interrupts a folded table, and
a table of contents, the parent-page line and a category are options. The compact form (one
heading, steps as table rows or a numbered list) is kept as an option.

Every name a user typed is escaped for the markup it goes into, so a card called `[[x]]` or
`<script>` stays text on the wiki page; a Korean text names cards under their Korean titles."""

from __future__ import annotations

from dataclasses import dataclass

from .. import rulesets
from ..engine.trace import Trace, guard_label
from ..i18n import t
from ..rulesets import timing
from .answer import answer
from .doc import interrupt_rows
from .reader import for_readers, korean_titles
from .walk import Entry, cite, context, doc_title, doc_warnings, entries, sections, summary_lines
from .words import word

__all__ = ["MARKUPS", "FORMS", "Options", "structure_text", "walkthrough_text", "turn_walkthrough_text", "escape"]

MARKUPS = ("markdown", "namuwiki")
FORMS = ("page", "compact")
_MD = set("\\`*_[]<|#")
_NAMU_PAIRS = set("'~-_^,{}|")


@dataclass(frozen=True)
class Options:
    """How a namuwiki text is laid out: the page form or the compact one, and the page's extras."""

    form: str = "page"
    toc: bool = False
    category: str | None = None     # "안드로이드: 넷러너" -> [[분류:안드로이드: 넷러너]]
    parent: str | None = None       # the parent page named in namuwiki's "상위 문서" template
    summary: str | None = None      # one sentence on the run, shown under the title


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
    """The few constructs both markups need, each text said for a reader and escaped on the way in."""

    def __init__(self, markup: str, lang: str) -> None:
        if markup not in MARKUPS:
            raise ValueError(markup)
        self.m, self.lang, self.lines = markup, lang, []

    def e(self, text: object) -> str:
        s = str(text).replace("->", "→")
        return escape(korean_titles(s) if self.lang == "ko" else s, self.m)

    def bold(self, text: str) -> str:
        return f"**{text}**" if self.m == "markdown" else f"'''{text}'''"

    def code(self, text: str) -> str:
        """A step number: as it is, escaped."""
        return self.e(text)

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

    def foot(self, text: str | None) -> str:
        """A footnote (namuwiki `[* ...]`), or nothing in Markdown, where a reader has no use for one."""
        return f"[* {self.e(text)}]" if text and self.m == "namuwiki" else ""

    def link(self, section: str, text: str) -> str:
        return f"[[#s-{section}|{self.e(text)}]]" if self.m == "namuwiki" else self.e(text)

    def text(self) -> str:
        return "\n".join(self.lines).rstrip("\n") + "\n"


def _numbers(groups: list[list]) -> list[list[str]]:
    """namuwiki's section number of each heading: a group's head is "i", its sub-steps "i.j"."""
    return [[str(i)] + [f"{i}.{j}" for j in range(1, len(g))] for i, g in enumerate(groups, 1)]


def _page_head(w: _Writer, title: str, opt: Options) -> None:
    if opt.parent:
        w.para(f"[include(틀:상위 문서, top1={w.e(opt.parent)})]")
    w.para(w.bold(w.e(title)))


def _page_foot(w: _Writer, opt: Options) -> None:
    if opt.category:
        w.para(f"[[분류:{w.e(opt.category)}]]")


def _toc(w: _Writer, opt: Options) -> None:
    if opt.toc:
        w.para("[목차]" if w.lang == "ko" else "[tableofcontents]")


def _folded(w: _Writer, caption: str, header: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    if w.m == "markdown":
        w.table(header, rows)
        return
    w.lines.append("{{{#!folding " + t("export.fold", w.lang))
    w.table(header, rows)
    w.lines[-1:] = ["}}}", ""]


# --- the timing structure -------------------------------------------------------------------

def _then(rs_id: str, step: str, lang: str, w: _Writer, where: dict[str, str]) -> list[str]:
    rs = rulesets.get(rs_id)
    g = timing.graph(rs_id)
    out = []
    for _, dst, d in sorted(g.out_edges(step, data=True), key=lambda e: e[2]["edge"].id):
        if d["interrupt"]:
            continue
        e = d["edge"]
        label = guard_label(e.guard, lang)
        target = w.link(where[dst], f"{dst} {rs.step(dst).name(lang)}") if dst in where else w.e(dst)
        text = t("export.go" if label else "export.go_plain", lang, cond=w.e(label), link=target)
        if e.skip and rs.skipped_by(e):
            text += " (" + w.e(t("export.go_skips", lang, steps=", ".join(rs.skipped_by(e)))) + ")"
        out.append(text)
    return out


def _structure_page(rs_id: str, lang: str, markup: str, opt: Options) -> str:
    rs = rulesets.get(rs_id)
    w = _Writer(markup, lang)
    groups: list[list] = []
    for phase in rs.phases:
        steps = [s for s in rs.steps if s.phase == phase]
        groups.append(steps if steps[0].id == phase else [None, *steps])
    where = {s.id: num for g, nums in zip(groups, _numbers(groups), strict=True)
             for s, num in zip(g, nums, strict=True) if s is not None}
    if markup == "namuwiki":
        _page_head(w, rs.title(lang), opt)
    else:
        w.heading(1, w.e(rs.title(lang)))
    w.para(w.e(rs.version_text(lang)) + " · " + w.e(t(f"export.source.{rs.id}", lang)))
    _toc(w, opt)
    level = 1 if markup == "namuwiki" else 2
    # Where namuwiki numbers the sections as the rule set numbers its steps (the seed's page), the
    # heading is the step's name alone, as there; elsewhere it starts with the step's number.
    numbered = markup == "namuwiki" and all(where[s.id] == s.id for s in rs.steps)
    for g, phase in zip(groups, rs.phases, strict=True):
        for k, s in enumerate(g):
            if s is None:
                w.heading(level, w.e(rs.phase_name(phase, lang)))
                continue
            sub = k > 0
            heading = s.name(lang) if numbered else f"{s.id} {s.name(lang)}"
            w.heading(level + (1 if sub else 0), w.e(heading))
            w.para(w.e(s.explain(lang)) + w.foot(cite(rs.id, s.id, lang)))
            for line in _then(rs.id, s.id, lang, w, where):
                w.item(line)
            w.end_list()
    w.heading(level, w.e(t("export.interrupts", lang)))
    rows = [(w.e(a), w.e(b), w.e(c)) for a, b, c in interrupt_rows(rs.id, lang)]
    _folded(w, t("export.interrupts", lang), tuple(word(f"doc.{k}", lang) for k in ("when", "from", "to")), rows)
    if markup == "namuwiki":
        _page_foot(w, opt)
    return w.text()


def _structure_compact(rs_id: str, lang: str, markup: str) -> str:
    rs = rulesets.get(rs_id)
    w = _Writer(markup, lang)
    w.heading(1, w.e(rs.title(lang)))
    w.para(w.e(rs.version_text(lang)) + " · " + w.e(t(f"export.source.{rs.id}", lang)))
    head = tuple(word(f"text.{k}", lang) for k in ("step", "name", "kind", "what", "then_col"))
    for phase in rs.phases:
        w.heading(2, w.e(rs.phase_name(phase, lang)))
        rows = [(w.code(s.id), w.e(s.name(lang)), w.e(word(f"kind.{s.kind.value}", lang)), w.e(s.explain(lang)),
                 "; ".join(_then(rs.id, s.id, lang, w, {}))) for s in rs.steps if s.phase == phase]
        w.table(head, rows)
    w.heading(2, w.e(word("doc.interrupts", lang)))
    w.table(tuple(word(f"doc.{k}", lang) for k in ("when", "from", "to")),
            [tuple(w.e(c) for c in row) for row in interrupt_rows(rs.id, lang)])
    return w.text()


def structure_text(ruleset_id: str, lang: str, markup: str, opt: Options = Options()) -> str:
    """A rule set's steps (what happens at each and where it goes next), then the interrupts that
    can leave many steps: namuwiki in the page's shape (or compact), Markdown with a heading a step."""
    if markup == "namuwiki" and opt.form == "compact":
        return _structure_compact(ruleset_id, lang, markup)
    return _structure_page(ruleset_id, lang, markup, opt)


# --- a run's walk-through --------------------------------------------------------------------

def _head(w: _Writer, tr: Trace, opt: Options) -> None:
    # the answer first: the run's outcome in one sentence (the stepper's answer box says the same)
    w.para(w.bold(w.e(t("export.summary", w.lang))) + " " + w.e(opt.summary or answer(tr, w.lang).text))
    for label, text in summary_lines(tr, w.lang):
        w.item(w.bold(w.e(label)) + " " + w.e(text))
    w.end_list()
    w.para(w.e(t("export.legend", w.lang)))


def _notes(w: _Writer, e: Entry, nxt: tuple[str, Entry] | None, depth: int, link: bool = True) -> None:
    for note in e.notes:
        w.item(w.e(f"{note.mark} {note.text}".strip()) + w.foot(note.cite), depth=depth)
    if nxt is not None:
        section, target = nxt
        to = w.link(section, f"{target.occ} {target.name}") if link else w.e(f"{target.occ} {target.name}")
        w.item(t("export.next_cond" if e.cond else "export.next", w.lang, link=to, cond=w.e(e.cond)), depth=depth)


def _tail(w: _Writer, tr: Trace, level: int) -> None:
    why = tr.explanation.get(w.lang) or tr.explanation.get("en") if tr.explanation else None
    if why:
        w.heading(level, w.e(t("export.why", w.lang)))
        w.para(w.e(for_readers(why, w.lang, context(tr))))
    if tr.warnings:
        w.heading(level, w.e(t("export.warnings", w.lang)))
        for text in doc_warnings(tr, w.lang):
            w.item(w.e(text))
        w.end_list()


def _walk_page(tr: Trace, lang: str, opt: Options) -> str:
    w = _Writer("namuwiki", lang)
    _page_head(w, word("timeline", lang, title=doc_title(tr, lang)), opt)
    _head(w, tr, opt)
    _toc(w, opt)
    items = entries(tr, lang)
    groups = sections(items)
    where = {e.n: num for g, nums in zip(groups, _numbers(groups), strict=True) for e, num in zip(g, nums, strict=True)}
    for g in groups:
        for k, e in enumerate(g):
            w.heading(2 if k else 1, w.e(f"{e.occ} {e.name}"))
            nxt = (where[e.n + 1], items[e.n]) if e.n < len(items) else None
            _notes(w, e, nxt, 0)
            w.end_list()
    _tail(w, tr, 1)
    _page_foot(w, opt)
    return w.text()


def _walk_list(tr: Trace, lang: str, markup: str, opt: Options) -> str:
    w = _Writer(markup, lang)
    w.heading(1, w.e(word("timeline", lang, title=doc_title(tr, lang))))
    _head(w, tr, opt)
    w.heading(2, w.e(word("text.steps", lang)))
    items = entries(tr, lang)
    for e in items:
        w.item(w.bold(w.e(f"{e.occ} {e.name}")), number=e.n)
        _notes(w, e, (str(e.n + 1), items[e.n]) if e.n < len(items) else None, 1, link=False)
    w.end_list()
    _tail(w, tr, 2)
    return w.text()


def walkthrough_text(tr: Trace, lang: str, markup: str, opt: Options = Options()) -> str:
    """A run step by step: the outcome and path, then each step entered with what happened in it
    and where the run went next, then the case's explanation (namuwiki: in the page's shape, each
    step a section, unless compact; Markdown: a numbered list)."""
    if markup == "namuwiki" and opt.form == "page":
        return _walk_page(tr, lang, opt)
    return _walk_list(tr, lang, markup, opt)


def turn_walkthrough_text(traces: list[Trace] | tuple[Trace, ...], servers: list[str], lang: str, markup: str,
                          opt: Options = Options()) -> str:
    """A turn of several runs step by step: one section per run (its heading, the board it starts
    from, its answer, its steps as a numbered list, its warnings), then the case's explanation.
    namuwiki too lists each run's steps: the page form's sections numbered as the steps are cannot
    repeat for a second run."""
    from .turn import board_text, shown_run, start_board

    w = _Writer(markup, lang)
    first = traces[0]
    if markup == "namuwiki" and opt.parent:
        w.para(f"[include(틀:상위 문서, top1={w.e(opt.parent)})]")
    w.heading(1, w.e(word("timeline", lang, title=doc_title(first, lang)) + " · "
                     + t("export.turn_title", lang, n=len(servers))))
    _toc(w, opt)
    w.para(w.e(t("export.legend", lang)))
    for k, raw in enumerate(traces):
        tr = shown_run(raw)
        w.heading(2, w.e(t("export.turn_run", lang, k=k + 1, total=len(servers), server=servers[k] if k < len(servers) else "")))
        w.para(w.e(t("export.turn_start", lang, board=board_text(start_board(raw), raw, lang))))
        w.para(w.bold(w.e(t("export.summary", lang))) + " " + w.e(answer(tr, lang).text))
        for label, text in summary_lines(tr, lang):
            w.item(w.bold(w.e(label)) + " " + w.e(text))
        w.end_list()
        items = entries(tr, lang)
        for e in items:
            w.item(w.bold(w.e(f"{e.occ} {e.name}")), number=e.n)
            _notes(w, e, (str(e.n + 1), items[e.n]) if e.n < len(items) else None, 1, link=False)
        w.end_list()
        if tr.warnings:
            w.heading(3, w.e(t("export.warnings", lang)))
            for text in doc_warnings(tr, lang):
                w.item(w.e(text))
            w.end_list()
    if len(traces) < len(servers):
        w.para(w.e(t("export.turn_not_made", lang, k=len(traces) + 1)))
    why = first.explanation.get(lang) or first.explanation.get("en") if first.explanation else None
    if why:
        w.heading(2, w.e(t("export.why", lang)))
        w.para(w.e(for_readers(why, lang, context(first))))
    if markup == "namuwiki":
        _page_foot(w, opt)
    return w.text()
