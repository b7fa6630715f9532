"""Everything the stepper page shows for one situation at one step, in one language."""

from __future__ import annotations

import dataclasses

from ...i18n import in_lang
from ...i18n import t as core_t
from ...render.answer import answer
from ...render.turn import run_parts, turn_positions, without_turn_notice
from .. import chart
from ..i18n import t
from ..rulesets.switch import ruleset_context
from ..situations.situation import Situation
from .decide import choices, run_of
from .derive import derived_context
from .positions import Position, positions

__all__ = ["BadStep", "step_number", "stepper_context"]

OUTCOME_LISTS = ("approached", "encountered", "passed", "bypassed", "accessed", "stolen", "trashed",
                 "triggered")


class BadStep(ValueError):
    """?step= names no step of this run."""

    def __init__(self, asked: str, total: int) -> None:
        super().__init__(asked)
        self.asked, self.total = asked, total


def step_number(asked: str | None, total: int) -> int:
    """The 1-based step a URL asks for (the first when it asks for none)."""
    if asked is None or asked == "":
        return 1
    # ASCII digits only, and few: "²" passes isdigit() but not int(), and 5,000 digits pass
    # neither Python's int() limit nor any run (both were 500s).
    if not (asked.isascii() and asked.isdigit() and len(asked) <= 6) or not 1 <= int(asked) <= total:
        raise BadStep(asked[:20], total)
    return int(asked)


_HIGHLIGHTS: dict[tuple[str, str], tuple[list, dict]] = {}
_KEEP = 256


def _highlights(s: Situation, pos: list[Position], lang: str) -> tuple[list, dict]:
    """`_run_highlights` for each run of a turn, one after the other (the chart shows the run of
    the step shown)."""
    if not s.traces:
        return _run_highlights(s, pos, lang)
    hl: list = []
    base: dict = {}
    for k, tr in enumerate(s.traces):
        one = dataclasses.replace(s, trace=tr, traces=(), id=f"{s.id}#{k}" if s.id else None)
        h, b = _run_highlights(one, positions(tr, lang), lang)
        hl += h
        base |= b
    return hl, base


def _run_highlights(s: Situation, pos: list[Position], lang: str) -> tuple[list, dict]:
    """Every step's highlight and the plain tooltips they change. A saved situation's id names
    its content, so its highlights never change: they are computed once per language (they are
    most of a page's work: ~9 ms for a median example, ~55 ms for the longest)."""
    key = (s.id or "", s.trace.ruleset, lang)  # one situation, viewed under each rule set
    got = _HIGHLIGHTS.get(key) if s.id else None
    if got is None:
        hl = chart.highlights(s.trace, pos, lang)
        base = chart.tooltips(s.trace.rs.id, lang)
        got = hl, {k: (base or {}).get(k, "") for k in sorted({eid for h in hl for eid in h["titles"]})}
        if s.id and base is not None:  # without a chart there are no tooltips to keep
            if len(_HIGHLIGHTS) >= _KEEP:
                _HIGHLIGHTS.pop(next(iter(_HIGHLIGHTS)), None)
            _HIGHLIGHTS[key] = got
    return got


def _script_data(s: Situation, pos: list[Position], n: int, lang: str) -> dict:
    hl, base = _highlights(s, pos, lang)
    out = {"n": n, "total": len(pos), "hl": hl, "base": base,
           "counter": t("step_of", n="__N__", total=len(pos))}
    if s.traces:  # a turn: which run each step belongs to, and the chart's caption for each run
        out["run_of"] = [p.run for p in pos]
        out["runs"] = [t("turn_chart_run", k=k + 1, total=len(s.scenario.runs)) for k in range(len(s.traces))]
    return out


def _turn_context(s: Situation, pos: list[Position], n: int, lang: str) -> dict:
    """A turn of several runs: each run's part (its first and last step, its server, the board it
    starts from, its outcome), and the chart of the run of step n."""
    servers = [part.server for part in s.scenario.runs]
    parts = run_parts(s.traces, pos, servers)
    k = pos[n - 1].run
    own = [p for p in pos if p.run == k]
    svg, chart_failure = chart.inline_or_failure(s.traces[k], positions(s.traces[k], lang), n - own[0].n + 1, lang)
    runs = [{"part": part, "summary": answer(part.trace, lang),
             "lists": [(key, part.trace.shown_list(key, lang)) for key in OUTCOME_LISTS if part.trace.lists[key]],
             "warnings": [e.text(part.trace.rs, lang) for e in without_turn_notice(part.trace.warnings)],
             "counters": _counters(part.board.get("counters", {}), part.trace, lang)} for part in parts]
    return {"svg": svg, "chart_failure": chart_failure, "turn": runs, "run_of": {p.n: p.run for p in pos},
            "turn_total": len(s.scenario.runs)}


def _counters(counters: dict, tr, lang: str) -> str:
    """Counters on cards as one line ("Data Raven: power 1")."""
    return "; ".join(f"{in_lang(tr.names.get(card, card), lang)}: "
                     + ", ".join(f"{core_t('engine.counter_kinds.' + kind, lang)} {n}" for kind, n in kinds.items())
                     for card, kinds in counters.items())


def strengths(s: Situation, pos: list[Position], lang: str) -> dict[int, str]:
    """Each step's strengths after it, in words: the ice of the step and every installed Runner
    icebreaker whose strength the judge knows ("Ice Wall 1, Corroder 2"); empty when none."""
    from ...engine.context import make_context
    from ...engine.encounter import strength_of
    from ...engine.executor import Exec
    from ...engine.state import Work
    from ...render.reader import korean_titles
    # a turn of several runs: each run's steps read with that run's cards (its own part of the turn)
    parts = s.scenario.runs if s.traces else (s.scenario,)
    ctxs = {k: make_context(part, s.trace.rs.id) for k, part in enumerate(parts)}
    out: dict[int, str] = {}
    for p in pos:
        ctx = ctxs[p.run if s.traces else 0]
        breakers = [c.key for c in ctx.sc.runner_cards if c.breaker is not None or "icebreaker" in c.subtypes]
        x = Exec(ctx, Work.thaw(p.after))
        keys = ([p.ice] if p.ice else []) + [b for b in breakers if x.in_play(b)]
        shown = [f"{k} {n}" for k in keys if (n := strength_of(x, k)) is not None]
        text = ", ".join(shown)
        out[p.n] = korean_titles(text) if lang == "ko" and text else text
    return out


def stepper_context(s: Situation, asked: str | None, lang: str) -> dict:
    """The page's values; raises BadStep for a step the run does not have. A turn of several runs
    is walked whole: its runs' steps one after the other, numbered through the turn."""
    pos = turn_positions(s.traces, lang) if s.traces else positions(s.trace, lang)
    n = step_number(asked, len(pos))
    t = s.trace
    if s.traces:
        turn = _turn_context(s, pos, n, lang)
        svg, chart_failure = turn["svg"], turn["chart_failure"]
    else:
        turn = {"turn": None}
        svg, chart_failure = chart.inline_or_failure(t, pos, n, lang)
    return {**turn,
        "s": s, "sc": s.scenario, "trace": t, "positions": pos, "cur": n,
        "svg": svg, "chart_failure": chart_failure,
        # Decisions under any rule set: the new action is written where it means the same (derive.where).
        "choices": {p.n: choices(run_of(s, p.run), p) for p in pos},
        "strengths": strengths(s, pos, lang),
        "derived": derived_context(s),
        "lists": [(k, t.shown_list(k, lang)) for k in OUTCOME_LISTS if t.lists[k]],
        "warnings": [e.text(t.rs, lang) for e in t.warnings],
        "summary": answer(t, lang),
        "script_data": _script_data(s, pos, n, lang),
        **ruleset_context(s),
    }
