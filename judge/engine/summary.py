"""The answer at a glance: a run's outcome in one sentence, and the few moments that decided it
(what triggered, what was bypassed, which subroutines resolved or were broken, what ended the run
or kept it from succeeding), each with the step where it happened. The stepper's answer box, the
exports' first line and the JSON trace's `summary` all say the same.

It reads a Trace by its fields (it imports no engine module: trace.py calls it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import Text, in_lang, t

__all__ = ["Moment", "Summary", "summarize", "board_title"]

# The events that decide a run, in the words of the trace.
DECIDING = frozenset({
    "trigger", "trigger_dropped", "trigger_unmet", "trigger_condition", "bypassed_ice", "subroutine",
    "subroutine_broken", "broken_subs", "subroutine_forbidden", "ends_run", "run_ends_now", "jacks_out",
    "jacks_out_granted", "no_success_set", "not_declared", "access_replaced", "stolen", "cannot_pay",
})
# What ends a run or keeps it from succeeding: the cause the sentence names.
CAUSES = ("ends_run", "run_ends_now", "jacks_out", "jacks_out_granted", "not_declared", "access_replaced")
MAX_MOMENTS = 8


@dataclass(frozen=True)
class Moment:
    n: int        # the step (1-based, as in ?step=n) where it happened
    occ: str      # that step's occurrence as the reader sees it ("3.2@Enigma", or its Korean title)
    text: str     # what happened, as the trace says it
    msg: str      # the event's kind of message ("ends_run", "subroutine"...)

    def as_dict(self) -> dict[str, Any]:
        return {"step": self.n, "occurrence": self.occ, "text": self.text, "kind": self.msg}


@dataclass(frozen=True)
class Summary:
    text: str                    # the outcome in one sentence
    moments: tuple[Moment, ...]  # the moments that decided it, in run order
    more: int                    # deciding moments left out (the list keeps the last few)


def _moments(tr: Any, lang: str) -> list[Moment]:
    warnings = {id(e) for e in tr.warnings}
    out: list[Moment] = []
    n, occ = 0, ""
    for e in tr.events:
        if id(e) in warnings:
            continue
        if e.kind == "enter":
            n, occ = n + 1, e.shown(lang)
        elif e.msg in DECIDING and n:
            out.append(Moment(n, occ, e.text(tr.rs, lang), e.msg))
    return out


def _cards(tr: Any, key: str, lang: str) -> str:
    return ", ".join(str(in_lang(tr.names.get(x, x), lang)) for x in tr.lists.get(key, []))


def summarize(tr: Any, lang: str = "en") -> Summary:
    """The run's answer in one sentence and the moments behind it."""
    moments = _moments(tr, lang)
    status = t(f"engine.status.{tr.status}", lang)
    cause = next((m for m in reversed(moments) if m.msg in CAUSES), None)
    if cause is not None:
        why = "the" + cause.text[3:] if lang == "en" and cause.text.startswith("The ") else cause.text
        text = t("engine.summary.because", lang, status=status, why=why, n=cause.n, occ=cause.occ)
    elif tr.status == "successful" and tr.lists.get("stolen"):
        text = t("engine.summary.stolen", lang, status=status, cards=_cards(tr, "stolen", lang))
    elif tr.status == "successful" and tr.lists.get("accessed"):
        text = t("engine.summary.accessed", lang, status=status, cards=_cards(tr, "accessed", lang))
    else:
        text = t("engine.summary.plain", lang, status=status)
    keep = moments[-MAX_MOMENTS:]
    if cause is not None and cause not in keep:
        keep = [cause, *keep[1:]]
    return Summary(text, tuple(keep), len(moments) - len(keep))


def _names(cards: Any, lang: str) -> str:
    return ", ".join(str(in_lang(c.name, lang)) for c in cards)


def board_title(sc: Any) -> Text:
    """A title for a situation that has none, made from its board, in both languages: the attacked
    server and its ice (outermost first), then the Runner's cards ("HQ: Tollbooth; Runner: Inside Job")."""
    def made(lang: str) -> str:
        ice = sc.servers[sc.server].ice if sc.server in sc.servers else ()
        parts = [f"{sc.server}: {_names(ice, lang) or t('engine.board_title.no_ice', lang)}"]
        if sc.runner_cards:
            parts.append(t("engine.board_title.runner", lang, cards=_names(sc.runner_cards, lang)))
        return "; ".join(parts)

    return Text(made("en"), made("ko"))
