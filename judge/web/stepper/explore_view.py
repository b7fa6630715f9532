"""What the explore page shows: the exploration of a situation (cached), its lines as a tree, the
chart coloured by how many lines pass each step and edge, and each line as a situation."""

from __future__ import annotations

import copy
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass

from flask import url_for
from markupsafe import Markup

from ...analysis.explore import AMOUNTS, DEFAULT_OF, OUTCOMES, Choice, Exploration, Line, Lines, explore
from ...analysis.explore.search import releasable
from ...engine.state import State
from ...engine.trace import title_text
from ...scenario import MAX_NAME, SIDES, load_scenario
from .. import chart
from ..i18n import lang, t
from ..situations.situation import Situation
from ..situations.yamltree import dump
from .derive import change, record, title, where_at
from .positions import Position, positions

__all__ = ["Start", "start_of", "exploration", "tree", "heat", "line_url", "line_yaml", "parse_line",
           "MAX_LINES", "MAX_SECONDS", "SHOWN"]

MAX_LINES = 4000     # lines the page's search follows
MAX_SECONDS = 2.5    # and how long it may take: the page stays responsive on a board that explodes
SHOWN = 300          # lines drawn in the tree
MAX_LINK = 8000      # characters of a line's choices in a link
_KEEP = 8
_cache: OrderedDict[tuple, tuple[Exploration, Lines]] = OrderedDict()
_lock = threading.Lock()


@dataclass(frozen=True)
class Start:
    """Where the lines start: the situation's beginning, or a step of its run (?from=N), and
    whether the situation's own decisions are opened (always from a step: "every line from here")."""

    position: Position | None
    opened: bool

    @property
    def state(self) -> State | None:
        return self.position.before if self.position else None

    @property
    def n(self) -> int | None:
        return self.position.n if self.position else None


def start_of(s: Situation, n: int | None, opened: bool) -> Start:
    """The start asked for (n is a checked step number of the run shown, or None)."""
    if n is None:
        return Start(None, opened)
    return Start(positions(s.trace, lang())[n - 1], True)


def exploration(s: Situation, start: Start) -> tuple[Exploration, Lines]:
    """The situation's lines under the rule set shown, from a start; computed once per process
    for a saved situation (its id names its content) and kept for the last few."""
    key = (s.id or s.text, s.trace.ruleset, start.n, start.opened)
    with _lock:
        got = _cache.get(key)
        if got is not None:
            _cache.move_to_end(key)
            return got
    exp = explore(s.scenario, s.trace.ruleset, start=start.state, release=start.opened,
                  max_lines=MAX_LINES, max_seconds=MAX_SECONDS)
    got = (exp, Lines(exp).complete())  # read by any thread from now on: nothing left to compute
    with _lock:
        _cache[key] = got
        while len(_cache) > _KEEP:
            _cache.popitem(last=False)
    return got


# ------------------------------------------------------------------ each line as a situation
def _pack(c: Choice) -> list:
    out = [c.kind, c.by, c.step, c.ice, c.visit, c.card, list(c.subs), c.every, c.ability]
    return out + [c.n] if c.n else out  # a trace's boost or a psi bid: its credits


def line_url(s: Situation, start: Start, line: Line) -> str:
    """The link that opens a line in the stepper (its choices that need an action)."""
    packed = json.dumps([_pack(c) for c in line.made()], ensure_ascii=False, separators=(",", ":"))
    return url_for("explore.line", sid=s.id, ruleset=s.trace.ruleset, **({"from": start.n} if start.n else {}),
                   **({"open": 1} if start.opened and not start.n else {}), c=packed)


def parse_line(raw: str, s: Situation, lines: Lines) -> list[Choice]:
    """The choices a link carries, each checked to be one the explorer offers somewhere in this
    situation's lines (when the search was cut by time, what it reached differs from run to run:
    then the derived situation's own validation is the check); ValueError (in the page's words)
    for anything else."""
    if len(raw) > MAX_LINK:
        raise ValueError(t("ex_bad_line"))
    try:
        items = json.loads(raw)
    except (ValueError, RecursionError):
        raise ValueError(t("ex_bad_line")) from None
    offered = _offered(lines) if lines.exp.truncated != "time" else None
    steps = s.trace.rs.step_ids
    out = []
    for it in items if isinstance(items, list) else [None]:
        try:
            kind, by, step, ice, visit, card, subs, every, ability, *n = it
            c = Choice(kind, by, step, ice, visit, card, tuple(subs), every, ability, n=n[0] if len(n) == 1 else -1 if n else 0)
        except (TypeError, ValueError):
            raise ValueError(t("ex_bad_line")) from None
        if not _well_formed(c, steps):
            raise ValueError(t("ex_bad_line"))
        if offered is not None and c not in offered:
            raise ValueError(t("ex_bad_line"))
        out.append(c)
    return out


def _well_formed(c: Choice, steps: tuple[str, ...]) -> bool:
    """Every field of the right type and range (the link is typed by anyone)."""
    def name(v: object) -> bool:
        return v is None or (isinstance(v, str) and 0 < len(v) <= MAX_NAME)

    def number(v: object, top: int) -> bool:
        return type(v) is int and 0 <= v <= top

    return ((c.kind in DEFAULT_OF or c.kind in AMOUNTS) and number(c.n, 99) and c.by in SIDES and c.step in steps and name(c.ice) and name(c.card)
            and number(c.visit, 50) and number(c.ability, 30) and isinstance(c.every, bool)
            and len(c.subs) <= 50 and all(number(n, 50) for n in c.subs))


def _offered(lines: Lines) -> set[Choice]:
    return {c for n in lines.order() for b in n.branches for c in b.option}


def line_yaml(s: Situation, start: Start, choices: list[Choice]) -> str:
    """The situation with a line's choices written as actions (the decisions "every line" opened
    left out), its title saying so and its `derived:` record naming the parent."""
    data = copy.deepcopy(s.data)
    actions = data.setdefault("actions", [])
    opened = releasable(s.scenario, start.state.applied if start.state else frozenset()) if start.opened else ()
    for i in sorted(opened, reverse=True):
        actions.pop(i)
    first = len(actions)
    for c in choices:
        actions.append({**where_at(s, c.step, c.ice, c.visit), **c.action_dict()})
    if not actions:
        data.pop("actions")
    at = start.position or positions(s.trace, lang())[0]  # the whole run: decided from its first step
    data["derived"] = made = record(s, at, "line", None, None, first if len(actions) > first else None)
    new = load_scenario(text=dump(data))  # the line as the judge will read it (JudgeError if it cannot be)
    data["title"] = title(title_text(s.scenario.title, lang()), change(made, new))
    return dump(data)


# ------------------------------------------------------------------ the tree and the chart
def _choices_text(g, lang_: str) -> list[dict]:
    out = []
    for j, c in enumerate(g.rep.option):
        alts = g.alternatives(j)
        out.append({"at": c.shown(lang_), "text": c.text(lang_), "acts": c.acts,
                    "or": "; ".join(a.text(lang_) for a in alts)})
    return out


def _counts(lines: Lines, node) -> dict:
    c = lines.counts(node)
    return {"total": sum(c.values()), "by": [(k, c[k]) for k in (*OUTCOMES, "error") if c.get(k)]}


def tree(s: Situation, start: Start, exp: Exploration, lines: Lines) -> dict:
    """The lines as nested decisions: a decision with one way forward is said inline, one with
    several is a list of collapsible branches; each line ends in a link that opens it."""
    lang_, budget = lang(), [SHOWN]

    def walk(node, path: tuple, steps: int) -> dict:
        inline = []
        while node.leaf is None:
            groups = lines.groups(node)
            if len(groups) != 1:
                break
            g = groups[0]
            inline += _choices_text(g, lang_)
            path, steps, node = path + ((node, g),), steps + g.rep.steps, g.rep.child
        if node.leaf is not None:
            budget[0] -= 1
            line = Line(path, node.leaf, steps)
            return {"inline": inline, "leaf": {"status": node.leaf.status, "end": node.leaf.end,
                                               "error": node.leaf.error.located_text(lang_) if node.leaf.error else None,
                                               "url": line_url(s, start, line)}}
        branches, more = [], 0
        for g in lines.groups(node):
            if budget[0] <= 0:
                more += sum(lines.counts(g.rep.child).values())
                continue
            branches.append({"choices": _choices_text(g, lang_), "counts": _counts(lines, g.rep.child),
                             "sub": walk(g.rep.child, path + ((node, g),), steps + g.rep.steps)})
        return {"inline": inline, "at": node.at, "branches": branches, "more": more, "cut": node.cut}

    return walk(exp.root, (), exp.prefix.steps)


def heat(exp: Exploration, lines: Lines) -> tuple[Markup | None, str | None]:
    """The chart coloured by how many lines pass each step and edge, or None and why not."""
    return chart.drawn(chart.heat_svg, exp.ruleset, lang(), lines.through(), lines.total)
