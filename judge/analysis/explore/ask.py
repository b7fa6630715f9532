"""Questions to an exploration ("can the run be successful?", "can the Runner jack out at
2.2@Enigma?") answered yes or no, with the shortest line that shows it.

A question is `KEY=VALUE` about how a line ends or where it goes (`outcome=successful`,
`end=7`, `accessed=Hedge Fund`, `stolen=...`, `trashed=...`, `reaches=3.1@Enigma`), or a choice
made on the line: `KIND[:CARD][@STEP]` (`jack_out@2.2@Enigma`, `rez:Caprice Nisei`,
`break:all@3.1@Enigma`, `decline:Femme Fatale@3@Ice Wall`). Several questions ask for one line
that answers all of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...errors import JudgeError
from ...i18n import msg
from ...rulesets import get
from .choices import KINDS, Choice
from .lines import Group, Line, Lines
from .search import Branch, Exploration, Leaf, Node

__all__ = ["Question", "parse_question", "Answer", "ask", "MAX_QUESTIONS"]

MAX_QUESTIONS = 6
MAX_QUESTION = 300  # characters
ENDINGS = ("outcome", "end", "accessed", "stolen", "trashed")
_SUBS = re.compile(r"^(all|\d{1,2}(,\d{1,2})*)$")


@dataclass(frozen=True)
class Question:
    """One thing a line must show."""

    text: str
    key: str                  # an ending key, "reaches", or a choice kind
    value: str | None = None  # the ending's value, the occurrence reached, or the choice's card
    at: str | None = None     # a choice: where (a step id, or an occurrence); None: anywhere
    subs: str | None = None   # a break: "all" or "1,2"

    @property
    def on_ending(self) -> bool:
        return self.key in ENDINGS

    def ends(self, leaf: Leaf) -> bool:
        if self.key == "outcome":
            return leaf.status == self.value
        if self.key == "end":
            return leaf.end == self.value
        return self.value in getattr(leaf, self.key)

    def chose(self, c: Choice) -> bool:
        if c.kind != self.key or (self.value is not None and str(c.card) != self.value):
            return False
        if self.subs is not None and (("all" if c.every else ",".join(map(str, c.subs))) != self.subs):
            return False
        return self.at is None or _at(self.at, c.at, c.step)

    def reached(self, items: tuple) -> bool:
        return any(k == "enter" and _at(self.value, occ, occ.split("@", 1)[0]) for step in items for k, occ in step
                   if k != "end")


def _at(pattern: str, occ: str, step: str) -> bool:
    """A place matches an occurrence: the same, the same without its #n, or its bare step id."""
    return pattern in (occ, step) or (occ.rpartition("#")[0] == pattern and "@" in pattern)


def _refuse(text: str, why: str, **args: object) -> JudgeError:
    return JudgeError("bad_question", q=text[:80], why=msg(f"errors.question_{why}", **args))


def parse_question(text: str, exp: Exploration, cards: dict) -> Question:
    """A question as typed; JudgeError naming what is wrong with it."""
    text = text.strip()
    if not text or len(text) > MAX_QUESTION:
        raise _refuse(text, "length", n=MAX_QUESTION)
    steps = get(exp.ruleset).step_ids
    if "=" in text.split("@", 1)[0]:
        key, _, value = (p.strip() for p in text.partition("="))
        if key not in ENDINGS + ("reaches",):
            raise _refuse(text, "key", k=key[:30], known=", ".join(ENDINGS + ("reaches",)))
        if key == "outcome" and value not in ("successful", "unsuccessful", "neither", "error"):
            raise _refuse(text, "outcome", v=value[:30])
        if key in ("end", "reaches") and value.split("@", 1)[0] not in steps:
            raise _refuse(text, "step", step=value[:30], rs=exp.ruleset)
        if key in ("accessed", "stolen", "trashed") and value not in cards:
            raise _refuse(text, "card", c=value[:60])
        return Question(text, key, value)
    head, _, at = text.partition("@")
    kind, _, arg = head.partition(":")
    kind, arg, at = kind.strip(), arg.strip() or None, at.strip() or None
    if kind not in KINDS:
        raise _refuse(text, "kind", k=kind[:30], known=", ".join(KINDS))
    if at is not None and at.split("@", 1)[0] not in steps:
        raise _refuse(text, "step", step=at[:30], rs=exp.ruleset)
    subs = None
    if kind == "break" and arg is not None and _SUBS.match(arg):
        subs, arg = arg, None
    if arg is not None and arg not in cards:
        raise _refuse(text, "card", c=arg[:60])
    return Question(text, kind, arg, at, subs)


@dataclass(frozen=True)
class Answer:
    questions: tuple[Question, ...]
    line: Line | None          # the shortest line that shows every question, if there is one
    complete: bool             # every line was explored: a "no" is certain

    @property
    def yes(self) -> bool:
        return self.line is not None


def _meets(b: Branch, qs: list[Question], need: int) -> int:
    """The questions still needed after a branch (a bit per question)."""
    for i, q in enumerate(qs):
        if need >> i & 1 and (q.reached(b.items) if q.key == "reaches" else any(q.chose(c) for c in b.option)):
            need &= ~(1 << i)
    return need


def ask(lines: Lines, questions: list[Question]) -> Answer:
    """Is there a line that shows every question? The shortest one (fewest steps, then fewest
    choices that need an action), searched over every line before merging."""
    exp = lines.exp
    ends = [q for q in questions if q.on_ending]
    qs = [q for q in questions if not q.on_ending]
    best: dict[tuple[int, int], tuple | None] = {}

    def solve(node: Node, need: int) -> tuple | None:  # children are solved before their parents
        return best.get((node.id, need))

    for node in lines.order():
        for need in range(1 << len(qs)):
            if node.leaf is not None:
                ok = not need and all(q.ends(node.leaf) for q in ends)
                best[(node.id, need)] = (0, 0, None, node.leaf) if ok else None
                continue
            mine = None
            for b in node.branches:
                got = solve(b.node, _meets(b, qs, need))
                if got is None:
                    continue
                acts = sum(1 for c in b.option if c.acts)
                cand = (got[0] + b.steps, got[1] + acts, ((node, b), got[2]), got[3])
                if mine is None or cand[:2] < mine[:2]:
                    mine = cand
            best[(node.id, need)] = mine
    start = _meets(exp.prefix, qs, (1 << len(qs)) - 1)
    got = solve(exp.root, start)
    complete = exp.truncated is None
    if got is None:
        return Answer(tuple(questions), None, complete)
    path, rest = [], got[2]
    while rest is not None:
        (node, b), rest = rest
        path.append((node, Group((b,))))
    return Answer(tuple(questions), Line(tuple(path), got[3], got[0] + exp.prefix.steps), complete)
