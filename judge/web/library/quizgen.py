"""Quiz questions made from a trace: stop the run at one moment and ask what happens next.

Every question and its answer come from the trace (the next step entered, a skip event and its
reason, the order triggered abilities resolved in, the outcome); the wrong choices come from the
rule set (other edges leaving the step, other reasons that can skip the step) or the trace (the
other abilities that triggered). No module of Flask is used: the words come from the page catalog.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass

from ... import i18n
from ...engine.trace import Trace, side_text, skip_text, status_text
from ...rulesets.model import Kind, Ruleset
from ..stepper.positions import Position, positions

__all__ = ["Choice", "Question", "KINDS", "questions", "select", "final_event"]

KINDS = ("outcome", "next", "skip", "stay", "first")
_STATUSES = ("successful", "unsuccessful", "neither")


@dataclass(frozen=True)
class Choice:
    token: str      # what the form sends back; the same in every language
    text: str


@dataclass(frozen=True)
class Question:
    key: str                 # stable within a trace: "next:3", "skip:3:2.2", "first:6", "outcome"
    kind: str
    at: int                  # the position (1-based, as in the stepper) the run is stopped at
    ask_event: int           # the trace event the chart shows while asking
    reveal_event: int        # the trace event the chart shows with the answer
    prompt: str
    choices: tuple[Choice, ...]
    answer: str              # the token of the right choice
    why: tuple[str, ...]     # sentences from the trace that give the answer
    interest: int = 1        # higher: a better teaching moment

    def choice(self, token: str) -> Choice | None:
        return next((c for c in self.choices if c.token == token), None)


def _m(key: str, lang: str, **args: object) -> str:
    return i18n.t(f"pages.{key}", lang, **args)


def _step_text(rs: Ruleset, step: str, lang: str) -> str:
    st = rs.step(step)
    return f"{st.id} {st.name(lang)}"


def final_event(t: Trace) -> int:
    """The last event of the run itself (warnings are appended after it)."""
    return len(t.events) - len(t.warnings) - 1


def _last_event(t: Trace, pos: list[Position], p: Position) -> int:
    return pos[p.n].event - 1 if p.n < len(pos) else final_event(t)


def _shuffled(key: str, t: Trace, right: Choice, wrong: list[Choice]) -> tuple[Choice, ...]:
    out = [right, *wrong]
    random.Random(zlib.crc32(f"{t.ruleset}|{t.title}|{key}".encode())).shuffle(out)
    return tuple(out)


def _where(t: Trace, p: Position, lang: str) -> str:
    return _m("quiz_at", lang, occ=p.occ, name=p.name(lang))


def _skips_in(t: Trace, p: Position, pos: list[Position]):
    end = _last_event(t, pos, p)
    return [(i, e) for i, e in enumerate(t.events[p.event:end + 1], p.event) if e.kind == "skip"]


def _skip_lines(t: Trace, skips, lang: str) -> list[str]:
    """The skip events as sentences, the steps skipped for one reason in one sentence."""
    groups: dict[str, list] = {}
    for _, e in skips:
        groups.setdefault(e.args_get("reason"), []).append(e)
    if all(len(g) == 1 for g in groups.values()):
        return [e.text(t.rs, lang) for _, e in skips]
    return [i18n.t("engine.events.skip", lang, step=", ".join(e.occurrence for e in g),
                      reason=skip_text(r, g[0].ice, lang)) for r, g in groups.items()]


def _next_step(t: Trace, pos: list[Position], p: Position, lang: str) -> Question | None:
    """Which step the run enters after p: asked where the rule set branches."""
    rs, q = t.rs, pos[p.n] if p.n < len(pos) else None
    leaving = [e for e in rs.edges if e.src == p.step.id]
    if q is None or len({e.dst for e in leaving}) < 2:
        return None
    skipped = [e.step for _, e in _skips_in(t, p, pos)]
    ids = rs.step_ids
    nearby = [ids[i] for i in (ids.index(p.step.id) + 1, ids.index(q.step.id) + 1) if i < len(ids)]
    pool = skipped + [e.dst for e in leaving] + [e.dst for e in rs.all_edges() if e.src == p.step.id] + nearby
    wrong = [s for s in dict.fromkeys(pool) if s != q.step.id][:3]
    if len(wrong) < 2:
        return None
    key = f"next:{p.n}"
    right = Choice(q.step.id, _step_text(rs, q.step.id, lang))
    why = ([p.next] if p.next else []) + _skip_lines(t, _skips_in(t, p, pos), lang)
    decided = any(line.action is not None for line in p.lines)   # a player's choice sends the run on
    return Question(key, "next", p.n, p.event, q.event, _where(t, p, lang) + " " + _m("quiz_q_next", lang),
                    _shuffled(key, t, right, [Choice(s, _step_text(rs, s, lang)) for s in wrong]),
                    right.token, tuple(why), interest=3 if skipped or decided else 2)


def _reasons_for(rs: Ruleset, step: str) -> list[str]:
    """The skip reasons of the rule set that can jump over a step, in the order written, then its
    other skip reasons (the misreading of which skip applies where)."""
    edges = [e for e in rs.all_edges() if e.skip]
    return list(dict.fromkeys([e.skip for e in edges if step in rs.skipped_by(e)] + [e.skip for e in edges]))


def _skip_choice(reason: str, ice: str | None, lang: str) -> Choice:
    why = skip_text(reason, ice or i18n.t("pages.cov_the_ice", lang), lang)
    return Choice(f"skip:{reason}", _m("quiz_c_skipped", lang, reason=why))


def _skip_questions(t: Trace, pos: list[Position], p: Position, lang: str) -> list[Question]:
    """Is a step skipped, and why: one question per reason a step was skipped at p (its first step)."""
    out, seen = [], set()
    for i, e in _skips_in(t, p, pos):
        reason = e.args_get("reason")
        if reason in seen:
            continue
        seen.add(reason)
        key = f"skip:{p.n}:{e.step}"
        others = [r for r in _reasons_for(t.rs, e.step) if r != reason]
        wrong = [Choice("happens", _m("quiz_c_happens", lang))] + [_skip_choice(r, e.ice, lang) for r in others[:2]]
        if len(wrong) < 2:
            continue
        right = _skip_choice(reason, e.ice, lang)
        prompt = _where(t, p, lang) + " " + _m("quiz_q_skip", lang, step=_step_text(t.rs, e.step, lang))
        why = tuple(_skip_lines(t, [(i, x) for i, x in _skips_in(t, p, pos) if x.args_get("reason") == reason],
                                lang) + ([p.next] if p.next else []))
        out.append(Question(key, "skip", p.n, p.event, _last_event(t, pos, p), prompt,
                            _shuffled(key, t, right, wrong), right.token, why, interest=3))
    return out


def _stay(t: Trace, pos: list[Position], p: Position, lang: str) -> Question | None:
    """The step after p is entered although p could have skipped it: is it skipped? (No.)"""
    q = pos[p.n] if p.n < len(pos) else None
    if q is None:
        return None
    could = [e.skip for e in t.rs.edges if e.src == p.step.id and e.skip and q.step.id in t.rs.skipped_by(e)]
    if not could:
        return None
    key = f"stay:{p.n}:{q.step.id}"
    reasons = list(dict.fromkeys(could + _reasons_for(t.rs, q.step.id)))[:3]
    if len(reasons) < 2:
        return None
    right = Choice("happens", _m("quiz_c_happens", lang))
    prompt = _where(t, p, lang) + " " + _m("quiz_q_skip", lang, step=_step_text(t.rs, q.step.id, lang))
    why = tuple(x for x in (p.next, q.explain(lang)) if x)
    # Best where the same step was skipped earlier in this run (2.2: first approach, then not).
    before = any(e.kind == "skip" and e.step == q.step.id for e in t.events[:p.event])
    return Question(key, "stay", p.n, p.event, q.event, prompt,
                    _shuffled(key, t, right, [_skip_choice(r, q.ice, lang) for r in reasons]),
                    right.token, why, interest=3 if before else 1 if p.n == 1 else 2)


def _first(t: Trace, pos: list[Position], p: Position, lang: str) -> Question | None:
    """Two or more cards' abilities trigger at p: which resolves first?"""
    end = _last_event(t, pos, p)
    trig = [e for e in t.events[p.event:end + 1] if e.kind == "trigger"]
    cards: dict[str, str | None] = {}
    for e in trig:
        cards.setdefault(e.extra_get("card"), e.side)
    first = next((e.extra_get("card") for e in trig if e.extra_get("resolved")), None)
    if len(cards) < 2 or first is None:
        return None
    key = f"first:{p.n}"

    def card(name: str) -> Choice:
        side = cards[name]
        return Choice(f"card:{name}", f"{name} ({side_text(side, lang)})" if side else name)

    wrong = [card(c) for c in cards if c != first][:2] + [Choice("same_time", _m("quiz_c_same_time", lang))]
    names = ", ".join(sorted(cards))   # sorted: the order written must not give the answer away
    prompt = _where(t, p, lang) + " " + _m("quiz_q_first", lang, cards=names)
    why = tuple([e.text(t.rs, lang) for e in trig] + [p.explain(lang)])
    return Question(key, "first", p.n, p.event, end, prompt, _shuffled(key, t, card(first), wrong),
                    f"card:{first}", why, interest=3)


def _outcome(t: Trace, pos: list[Position], lang: str) -> Question:
    key = "outcome"
    choices = {s: Choice(f"status:{s}", status_text(s, lang)) for s in _STATUSES}
    end = t.events[final_event(t)]
    why = (end.text(t.rs, lang), _m("quiz_ends_at", lang, step=_step_text(t.rs, t.end, lang)))
    return Question(key, "outcome", 1, pos[0].event, final_event(t), _m("quiz_q_outcome", lang),
                    _shuffled(key, t, choices[t.status], [c for s, c in choices.items() if s != t.status]),
                    f"status:{t.status}", why, interest=1)


def questions(t: Trace, lang: str) -> list[Question]:
    """Every question the trace can answer, in the order of the run (the outcome first: it is
    asked at the start)."""
    pos = positions(t, lang)
    if not pos:
        return []
    out = [_outcome(t, pos, lang)]
    for p in pos:
        if p.step.kind == Kind.END:
            continue
        out += [q for q in (_next_step(t, pos, p, lang), _stay(t, pos, p, lang), _first(t, pos, p, lang)) if q]
        out += _skip_questions(t, pos, p, lang)
    return out


def select(qs: list[Question], k: int, seed: int = 0) -> list[Question]:
    """Up to k questions: the best teaching moment of each kind first, at different moments of the
    run, then the next best. Asked in the order of the run, the outcome last (its answer shows the
    whole run)."""
    rng = random.Random(seed)
    ranked = sorted(qs, key=lambda q: (-q.interest, rng.random()))
    chosen: list[Question] = []

    def take(q: Question, distinct: bool) -> None:
        # the outcome is asked about the whole run, so it takes no moment from the others
        taken = {c.at for c in chosen if c.kind != "outcome"}
        if len(chosen) < k and q not in chosen and not (distinct and q.kind != "outcome" and q.at in taken):
            chosen.append(q)

    # Kinds whose best moment is best first; of those, the rarest (two abilities at once are rare).
    best_of = {kd: max((q.interest for q in qs if q.kind == kd), default=0) for kd in KINDS}
    for kind in sorted(KINDS, key=lambda kd: (-best_of[kd], sum(q.kind == kd for q in qs))):
        best = next((q for q in ranked if q.kind == kind
                     and all(c.at != q.at for c in chosen if c.kind != "outcome")), None)
        if best is not None:
            take(best, True)
    for distinct in (True, False):
        for q in ranked:
            take(q, distinct)
    order = {q.key: (q.kind == "outcome", i) for i, q in enumerate(qs)}
    return sorted(chosen, key=lambda q: order[q.key])
