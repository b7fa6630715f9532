"""Which questions a quiz asks: a few per chosen case, or one each from random cases of the library.

A plan is kept in the session cookie, so it is small: the cases once ([stem, rule set]) and each
question as [case index, question key]; the question itself is made again from the trace.
"""

from __future__ import annotations

import random

from . import quizgen
from .casebook import Case, Casebook

__all__ = ["MAX_QUESTIONS", "RANDOM_LENGTH", "chosen", "random_plan", "Plan"]

MAX_QUESTIONS = 12
RANDOM_LENGTH = 6
Plan = dict  # {"cases": [[stem, rs], ...], "q": [[case index, key], ...]}


def chosen(cases: list[Case], seed: int = 0) -> Plan:
    """Up to three questions per case (fewer when many cases are chosen), best moments first."""
    per = max(1, min(3, MAX_QUESTIONS // max(1, len(cases))))
    out: Plan = {"cases": [[c.stem, c.ruleset] for c in cases], "q": []}
    for i, c in enumerate(cases):
        for q in quizgen.select(quizgen.questions(c.trace, "en"), per, seed):
            out["q"].append([i, q.key])
    out["q"] = out["q"][:MAX_QUESTIONS]
    return out


def random_plan(book: Casebook, ruleset_id: str, rng: random.Random, n: int = RANDOM_LENGTH) -> Plan:
    """n random cases of a rule set, one good question each."""
    pool = book.for_ruleset(ruleset_id)
    cases = rng.sample(pool, min(n, len(pool)))
    out: Plan = {"cases": [[c.stem, c.ruleset] for c in cases], "q": []}
    for i, c in enumerate(cases):
        qs = quizgen.questions(c.trace, "en")
        if qs:
            out["q"].append([i, rng.choice([q for q in qs if q.interest >= 2] or qs).key])
    return out
