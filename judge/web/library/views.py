"""The library of cases: browse and filter the examples by tag and by step, open one in the stepper
(under any rule set it is checked for), or print its handout."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from flask import Blueprint, abort, redirect, render_template, request, url_for

from ... import rulesets
from .. import chart
from ..errors import page_error
from ..i18n import lang, t
from ..rulesets.preference import preference
from ..situations.examples import find_example
from .casebook import Case, casebook, matches

__all__ = ["bp", "BadArg", "ruleset_arg", "case_or_404", "VIA", "MAX_TAGS", "MAX_QUIZ_CASES", "search_arg"]

bp = Blueprint("library", __name__)

VIA = ("entered", "skipped", "any")
DEFAULT_VIA = "entered"   # a step filter lists the cases that go through the step: nearly every run skips 2.2
MAX_TAGS = 8
MAX_QUERY = 100
MAX_QUIZ_CASES = 12   # a quiz keeps its questions in the session cookie (4 KB)


class BadArg(ValueError):
    """A query argument the page cannot use; the message is in the page's language."""


def ruleset_arg(asked: str | None) -> str:
    """The rule set a page is asked for (`?rs=`), or the reader's own when it asks for none."""
    if not asked:
        return preference()
    if asked not in rulesets.RULESETS:
        raise BadArg(t("lib_err_ruleset", asked=asked[:30], known=", ".join(rulesets.RULESETS)))
    return asked


def search_arg(asked: str | None) -> str:
    """The search box's words (?q=), at most MAX_QUERY characters."""
    return " ".join((asked or "").split())[:MAX_QUERY]


@dataclass(frozen=True)
class Filters:
    rs: str
    step: str
    via: str
    tags: tuple[str, ...]
    q: str = ""

    def keep(self, c: Case) -> bool:
        return (all(tag in c.tags for tag in self.tags) and (not self.step or c.goes_through(self.step, self.via))
                and matches(c.search, self.q))

    def url(self, **change) -> str:
        """This page's query with some filters changed (relative, like the language links)."""
        now = {"rs": self.rs, "step": self.step, "via": self.via, "q": self.q, "tag": list(self.tags), **change}
        args = [(k, v) for k in ("rs", "q", "step", "via") if now[k] and not (k == "via" and now[k] == DEFAULT_VIA)
                for v in (now[k],)] + [("tag", v) for v in now["tag"]]
        return "?" + urlencode(args)

    def toggle(self, tag: str) -> str:
        return self.url(tag=[x for x in self.tags if x != tag] if tag in self.tags else [*self.tags, tag])


def _filters() -> Filters:
    rs = ruleset_arg(request.args.get("rs"))
    step = request.args.get("step", "")
    if step and step not in rulesets.get(rs).step_ids:
        raise BadArg(t("lib_err_step", step=step[:20], rs=rs))
    via = request.args.get("via") or DEFAULT_VIA
    if via not in VIA:
        raise BadArg(t("lib_err_via", via=via[:20]))
    tags = tuple(dict.fromkeys(x[:60] for x in request.args.getlist("tag") if x))
    if len(tags) > MAX_TAGS:
        raise BadArg(t("lib_err_tags", n=MAX_TAGS))
    return Filters(rs, step, via, tags, search_arg(request.args.get("q")))


@bp.app_errorhandler(BadArg)   # for every page that reads these arguments (handout, quiz, coverage)
def bad_arg(exc: BadArg):
    return page_error(str(exc), 400)


def _tag_counts(cases: list[Case]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for c in cases:
        for tag in c.tags:
            counts[tag] = counts.get(tag, 0) + 1
    return sorted(counts.items())


@bp.get("/library")
def index():
    f = _filters()
    book = casebook()
    cases = book.for_ruleset(f.rs)
    rows = [(c, f.keep(c)) for c in cases]
    rs = rulesets.get(f.rs)
    labels = {s.id: f"{s.id} {s.name(lang())}" for s in rs.steps}
    data = {"nodes": chart.step_nodes(f.rs), "labels": labels, "total": len(cases),
            "count": t("lib_count", n="__N__", total=len(cases)),
            "heading": {v: t(f"lib_step_{v}", step="__S__") for v in VIA}, "cases": t("lib_cases"),
            "entered": t("lib_entered_n", n="__N__"), "skipped": t("lib_skipped_n", n="__N__"),
            "via": DEFAULT_VIA}
    shown = [c.stem for c, keep in rows if keep]
    quiz_these = (url_for("quiz.show", rs=f.rs, cases=",".join(shown))
                  if 0 < len(shown) <= MAX_QUIZ_CASES else None)
    return render_template("library.html", f=f, rows=rows, shown=len(shown), book=book,
                           quiz_these=quiz_these, max_quiz=MAX_QUIZ_CASES,
                           tags=_tag_counts(cases), rs=rs, default_via=DEFAULT_VIA, labels=labels, chart=chart.drawn(chart.plain_svg, f.rs, lang()),
                           script_data=data, rulesets=rulesets.RULESETS.values())


def case_or_404(stem: str, rs: str | None) -> Case:
    """The case asked for (?rs= or the rule set its file is written for); 404 when there is none."""
    found = casebook().find(stem, ruleset_arg(rs) if rs else None)
    if found is None:
        abort(404)
    return found


@bp.get("/library/<stem>/open")
def open_case(stem: str):
    """The case in the stepper (?step=N: at that step): the example's own permalink, under the rule
    set asked for (its actions placed there by meaning, as the library ran it)."""
    case = case_or_404(stem, request.args.get("rs"))
    step = request.args.get("step", "")
    if case.own and not step:
        return redirect(url_for("pages.example", stem=stem), 303)
    found = find_example(stem)
    if found is None:
        abort(404)
    return redirect(url_for("stepper.show", sid=found.id, ruleset=None if case.own else case.ruleset,
                            step=step[:6] or None), 303)
