"""A comparison of rule sets in words: `analysis.compare` keeps the runs and their differences as
data (kinds, moments, cards, step occurrences); this module says them in a language, every word
from the catalogue and every real card under its Korean title for a Korean reader. The compare page
(`web/rulesets/compare_view.py`) says a moment with the same words (`moment_text`)."""

from __future__ import annotations

import re
from typing import Any

from ..engine.trace import Trace, status_text, title_text
from ..i18n import has, in_lang, t
from .reader import korean_titles
from .walk import context

__all__ = ["render_text", "describe", "moment_text", "name_text", "occ_text", "trigger_text"]

# Words: a story moment (`analysis.compare.MOMENTS`) by `pages.cmp_v_<moment>` (its object in {x}), a
# list of the outcome by `pages.o_<kind>`, a trigger's moment by `engine.when.<when>`; the sentences
# of the CLI's text under `cli.compare`.


def _c(key: str, lang: str, **args: object) -> str:
    return t(f"cli.compare.{key}", lang, **args)


def name_text(x: object, lang: str, tr: Trace | None = None, by_title: bool = True) -> str:
    """A card's (or server's) name as a reader of lang sees it: a real card under its Korean title;
    `by_title`: also a name the scenario gives without `card:` that is a real card's title, as the
    documentation exports do (the pages keep such a name as the scenario wrote it)."""
    if tr is not None and isinstance(x, str):
        x = tr.names.get(x, x)
    shown = str(in_lang(x, lang))
    return korean_titles(shown) if by_title and lang == "ko" and shown == str(x) else shown


_COPY = re.compile(r"(.*?)(#\d+)?")


def occ_text(occ: str, lang: str, tr: Trace | None = None, by_title: bool = True) -> str:
    """A step occurrence ("2@Tollbooth", "2@Ice Wall#2" for a second copy) with its ice under the
    card's Korean title for a Korean reader."""
    step, at, ice = occ.partition("@")
    if not at:
        return occ
    m = _COPY.fullmatch(ice)
    name, copy = (m.group(1), m.group(2) or "") if m else (ice, "")
    return f"{step}@{name_text(name, lang, tr, by_title)}{copy}"


def moment_text(said: dict[str, Any] | None, lang: str, tr: Trace | None = None, quoted: bool = False,
                by_title: bool = True) -> str:
    """One moment of a run's story ({"moment": "pass", "object": "Enigma", "at": "4@Enigma"}) in words:
    "pass Enigma (4@Enigma)"; "nothing more" when the run has no such moment."""
    if not said:
        return t("pages.cmp_nothing_more", lang)
    moment, obj = said.get("moment") or said["verb"].replace(" ", "_"), said.get("object")
    if moment == "end" and isinstance(obj, str) and has(f"engine.status.{obj}", lang):
        x = status_text(obj, lang)
    else:
        x = name_text(obj, lang, tr, by_title) if obj else ""
    text = t(f"pages.cmp_v_{moment}", lang, x=x).replace("()", "").strip()
    at = occ_text(said["at"], lang, tr, by_title)
    return f"“{text}” ({at})" if quoted else f"{text} ({at})"


def trigger_text(card: object, when: str, lang: str, tr: Trace | None = None, by_title: bool = True) -> str:
    """A triggered ability as its card and its moment in words ("Inside Job: when encountered")."""
    moment = t(f"engine.when.{when}", lang) if has(f"engine.when.{when}", lang) else when
    return f"{name_text(card, lang, tr, by_title)}: {moment}"


def _trigger_parts(d: dict[str, Any]) -> tuple[str, str]:
    if d.get("card") is not None:
        return d["card"], d["when"]
    card, _, when = str(d["trigger"]).rpartition(": ")   # a difference made before `card` and `when`
    return card, when


def _trace_of(traces: dict[str, Trace], rs: str) -> Trace | None:
    return traces.get(rs)


def describe(d: dict[str, Any], lang: str, traces: dict[str, Trace] | None = None) -> str:
    """One difference between two rule sets' runs in a sentence."""
    traces = traces or {}
    a, b = d["rulesets"]
    ta, tb = _trace_of(traces, a), _trace_of(traces, b)
    if d["kind"] == "outcome":
        return _c("d_outcome", lang, a=a, b=b, sa=status_text(d[a], lang), sb=status_text(d[b], lang))
    if d["kind"] == "path":
        after = moment_text(d["after"], lang, ta) if d["after"] else t("pages.cmp_the_start", lang)
        return _c("d_path", lang, after=after, a=a, b=b, sa=moment_text(d[a], lang, ta),
                  sb=moment_text(d[b], lang, tb))
    if d["kind"] == "trigger":
        card, when = _trigger_parts(d)

        def at(occs: list[str] | None, tr: Trace | None) -> str:
            return ", ".join(occ_text(o, lang, tr) for o in occs) if occs else _c("never", lang)
        return _c("d_trigger", lang, trigger=trigger_text(card, when, lang, ta or tb), a=a, b=b,
                  fa=at(d[a], ta), fb=at(d[b], tb))

    def names(xs: list[str], tr: Trace | None) -> str:
        return ", ".join(name_text(x, lang, tr) for x in xs) if xs else _c("none", lang)
    return _c("d_list", lang, kind=t(f"pages.o_{d['kind']}", lang), a=a, b=b, la=names(d[a], ta),
              lb=names(d[b], tb))


def render_text(cmp: Any, lang: str = "en") -> str:
    """The runs side by side, then the differences (`cmp`: an `analysis.compare.Comparison`)."""
    ctx = " ".join(context(tr) for tr in cmp.traces.values())

    def _free(text: str, lang: str) -> str:
        """Words made elsewhere (a title, a refusal) with the real cards in them under their Korean titles."""
        return korean_titles(text, ctx) if lang == "ko" else text
    out = [_free(title_text(cmp.title, lang), lang), ""]
    for rs_id, tr in cmp.traces.items():
        out.append(f"[{rs_id}] {_c('outcome', lang)}: {status_text(tr.status, lang)} ({tr.end})")
        out.append(f"  {_c('path', lang)}: " + " > ".join(occ_text(o, lang, tr) for o in tr.path))
        trig = [f"{trigger_text(e.extra_get('card'), e.extra_get('when'), lang, tr)} @ {occ_text(e.occurrence, lang, tr)}"
                for e in tr.events if e.kind == "trigger" and e.extra_get("resolved")]
        out.append(f"  {_c('triggered', lang)}: " + ("; ".join(trig) or _c("none", lang)))
        if tr.placed:
            out.append(f"  {_c('placed', lang)}: " + ", ".join(f"#{p.action + 1} {occ_text(p.occurrence, lang, tr)}"
                                                              for p in tr.placed))
        out += [f"  {_c('dropped', lang)}: #{d.action.index + 1} {occ_text(d.written, lang, tr)}: "
                f"{_free(d.text(lang), lang)}" for d in tr.dropped]
    for rs_id, exc in cmp.errors.items():
        out.append(f"[{rs_id}] {_c('unplaced', lang)}: {_free(exc.located_text(lang), lang)}")
    out.append("")
    out.append(f"{_c('diff', lang)}:")
    if not cmp.divergences:
        out.append("  " + _c("same", lang))
    out += [f"  - {describe(d, lang, cmp.traces)}" for d in cmp.divergences]
    return "\n".join(out)
