"""Every line a run can take from a situation: the engine stepped through each choice at each
decision, identical states shared, so the lines form a DAG.

A node is the state at a decision (or at the end of the run); a branch is one option there
(one choice per decision of that step), the step it decides and every step after it up to the
next decision. The engine's State is frozen and hashable: a state reached twice is one node.
The search is depth first, the run's own choices (nothing written) first, and bounded: it stops
after `max_lines` lines (counted before equivalent choices are merged) or `max_seconds`, and
says so.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from itertools import islice, product
from typing import Any

from ...engine.context import Context, make_context
from ...engine.run import start as start_state
from ...engine.run import step as engine_step
from ...engine.state import State, evolve
from ...engine.trace import Event
from ...errors import JudgeError
from ...scenario import RUNNER, Scenario
from .choices import Choice, actions_for, decisions

__all__ = ["Leaf", "Branch", "Node", "Exploration", "explore", "releasable", "board_key", "MAX_LINES", "MAX_SECONDS",
           "MAX_OPTIONS", "DECIDED"]

MAX_LINES = 20_000    # lines followed before the search stops (the command line's default)
MAX_SECONDS = 20.0
MAX_OPTIONS = 256     # options tried at one step (one per combination of its decisions)
DECIDED = ("jack_out", "rez", "break", "use", "decline", "trash", "trace_boost", "psi_bid")  # what a written action may decide that the explorer offers


@dataclass(frozen=True)
class Leaf:
    """How a line ends: its label, last step and cards, or the refusal that stopped it."""

    status: str                     # successful / unsuccessful / neither, or "error"
    end: str
    accessed: tuple[str, ...] = ()
    stolen: tuple[str, ...] = ()
    trashed: tuple[str, ...] = ()
    error: JudgeError | None = field(default=None, compare=False)
    error_text: str = ""            # the refusal in English: what tells two errors apart
    board: tuple = ()               # the board the line leaves (board_key): lines merge only where it is equal
    spent: tuple[int, int | None] = field(default=(0, None), compare=False)  # Runner, Corp (None: not counted)

    @property
    def key(self) -> tuple:
        return (self.status, self.end, self.accessed, self.stolen, self.trashed, self.error_text, self.board)


def board_key(s: State) -> tuple:
    """What a line leaves on the board beside how the run ended: both sides' credits (what was paid
    for breaks, boosts and bids), what is rezzed, tags, damage, grip, clicks, counters, credits on
    cards. Two choices whose lines leave different boards are not "the same rest of the run"."""
    b = s.sides
    return (s.credits, s.corp_credits, b.corp_spent, s.rezzed, b.tags, b.damage, b.grip, b.flatlined, b.clicks,
            b.corp_clicks, b.counters, s.hosted)


@dataclass(eq=False)
class Branch:
    """One option at a decision and the steps it leads through, up to the next node."""

    option: tuple[Choice, ...]
    items: tuple[tuple, ...]        # per engine step: what was entered, skipped, how it ended
    marks: frozenset[str]           # chart elements passed: step ids, edge ids
    steps: int                      # steps entered
    child: Node | None = None       # None: never explored (the search stopped first)

    @property
    def node(self) -> Node:
        """The node it leads to: every branch of a node the search finished has one."""
        assert self.child is not None, "a branch the search never explored"
        return self.child


@dataclass(eq=False)
class Node:
    """A decision state (or the end of a line)."""

    id: int
    state: State
    decisions: tuple[tuple[Choice, ...], ...] = ()
    leaf: Leaf | None = None
    branches: list[Branch] = field(default_factory=list)
    options: list[tuple[Choice, ...]] = field(default_factory=list)
    probe: tuple[State, list[Event]] | None = None  # what the step does with no choice made
    next: int = 0                   # the next option to try
    walked: int = 0                 # lines below it, before merging (once done)
    done: bool = False
    cut: bool = False               # the search stopped before trying all its options

    @property
    def at(self) -> str:
        """Where the decision is (the first step occurrence decided at)."""
        return self.decisions[0][0].at if self.decisions else (self.leaf.end if self.leaf else "")


@dataclass
class Exploration:
    """The DAG of lines from a situation, and what bounded it."""

    ruleset: str
    title: str
    root: Node
    prefix: Branch                  # the steps before the first decision
    nodes: int = 0
    branches: int = 0               # options tried
    walked: int = 0                 # lines followed, before merging
    truncated: str | None = None    # None, "lines" or "time"
    seconds: float = 0.0
    max_lines: int = MAX_LINES
    options_capped: bool = False    # some step had more than MAX_OPTIONS options
    released: tuple[int, ...] = ()  # the situation's actions left out to open their decisions
    turn_runs: int = 1              # a turn of several runs: how many (its lines are the first run's)
    later: tuple[Any, ...] = ()     # a turn: each later run explored from the boards the one before leaves (turn.LaterRun)


def _items(evs: list[Event]) -> tuple:
    return tuple((e.kind, e.occurrence) for e in evs if e.kind in ("enter", "skip")) + tuple(
        ("end", e.args_get("status")) for e in evs if e.kind == "end")


def _marks(evs: list[Event]) -> set[str]:
    out = {e.step for e in evs if e.kind == "enter"}
    out |= {e.extra_get("edge") for e in evs if e.kind == "transition" and e.extra_get("edge")}
    return out


def _entered(evs: list[Event]) -> int:
    return sum(1 for e in evs if e.kind == "enter")


def _short(evs: list[Event]) -> int:
    """Boosts and bids a player could not pay in full (a higher one than they have is no option)."""
    return sum(1 for e in evs if e.kind == "warning" and e.msg in ("w_cannot_pay_bid", "w_corp_cannot_pay_bid"))


class _Search:
    def __init__(self, ctx: Context, base: int, max_lines: int, max_seconds: float) -> None:
        self.ctx, self.base = ctx, base  # the explorer's own actions are numbered from base on
        self.first = ctx.sc.turn if ctx.sc.turn else RUNNER
        self.memo: dict[State, Node] = {}
        self.max_lines, self.deadline = max_lines, time.monotonic() + max_seconds
        self.nodes = self.branches = self.walked = 0
        self.options_capped = False
        # what the run's records are read for (the Runner's cards, docs/board.md): a break this run
        # (`broke`, Mercury) and the subroutines resolved (`subroutines_resolved`, Raindrops Cut Stone)
        written = repr([(c.abilities, c.subroutines) for c in ctx.cards.values()])
        self.reads_broke, self.reads_resolved = "'broke'" in written, "'subroutines_resolved'" in written

    def canon(self, s: State) -> State:
        """The state with the explorer's own actions forgotten: they were for one step only, and
        two lines that reach the same board by different choices must meet."""
        if any(i >= self.base for i in s.applied):
            s = evolve(s, applied=frozenset(i for i in s.applied if i < self.base))
        if any(i >= self.base for i in s.sides.used_bids):  # the explorer's boosts and bids, likewise
            s = evolve(s, sides=replace(s.sides, used_bids=frozenset(i for i in s.sides.used_bids if i < self.base)))
        if s.broken_log or s.said:  # the run's record of what was broken and noted: read only as "a break"
            s = evolve(s, broken_log=("*",) if s.broken_log and self.reads_broke else (), said=frozenset())
        if s.subs_resolved and not self.reads_resolved:  # counted only for a card that reads the count
            s = evolve(s, subs_resolved=0)
        return s

    def node(self, s: State, **kw) -> Node:
        self.nodes += 1
        return Node(self.nodes, s, **kw)

    def leaf(self, s: State, exc: JudgeError | None = None) -> Node:
        if exc is not None:
            return self.node(s, leaf=Leaf("error", s.step, error=exc, error_text=str(exc)), done=True)
        return self.node(s, leaf=Leaf(s.label or "neither", s.step, s.accessed, s.stolen, s.trashed,
                                      board=board_key(s),
                                      spent=(s.spent[0], None if s.corp_credits is None else s.spent[1])), done=True)

    def advance(self, s: State, first: list[Event] | None = None) -> tuple[Branch, Node]:
        """Step on from s while nobody has a choice: the steps passed and the node reached."""
        items, marks, steps = [], set(), 0
        if first is not None:
            items.append(_items(first))
            marks |= _marks(first)
            steps += _entered(first)
        while True:
            if s.done:
                return Branch((), tuple(items), frozenset(marks), steps), self.leaf(s)
            known = self.memo.get(s)
            if known is not None:
                return Branch((), tuple(items), frozenset(marks), steps), known
            try:
                after, evs = engine_step(self.ctx, s)
            except JudgeError as exc:
                return Branch((), tuple(items), frozenset(marks), steps), self.leaf(s, exc)
            decs = tuple(decisions(self.ctx, s, evs, after))
            if decs:
                options = list(islice(product(*decs), MAX_OPTIONS))
                self.options_capped |= len(options) == MAX_OPTIONS
                node = self.memo[s] = self.node(s, decisions=decs, options=options, probe=(after, evs))
                return Branch((), tuple(items), frozenset(marks), steps), node
            items.append(_items(evs))
            marks |= _marks(evs)
            steps += _entered(evs)
            s = self.canon(after)

    def attempt(self, node: Node, i: int) -> tuple[State, list[Event]] | None:
        """The decision step with option i; None when a choice of it cannot apply there (the
        rules refuse it, or it changes nothing because its action never applied)."""
        if i == 0:
            return node.probe
        option = node.options[i]
        extra = actions_for(option, self.base, self.first)
        try:
            after, evs = engine_step(self.ctx.with_actions(extra), node.state)
        except JudgeError:
            return None
        mine = {a.index for acts in extra.values() for a in acts}
        done = {e.extra_get("action") for e in evs if e.kind == "action"} | after.sides.used_bids
        warned = {e.extra_get("action") for e in evs if e.kind == "warning"}
        if not mine <= done or mine & warned or _short(evs) > _short(node.probe[1] if node.probe else []):
            return None
        return after, evs

    def over(self) -> str | None:
        if self.walked >= self.max_lines:
            return "lines"
        if self.branches % 16 == 0 and time.monotonic() > self.deadline:
            return "time"
        return None

    def run(self, root: Node) -> str | None:
        stack = [] if root.done else [root]
        while stack:
            node = stack[-1]
            if node.next >= len(node.options):
                node.done = True
                node.walked = sum(1 if b.node.leaf else b.node.walked for b in node.branches)
                stack.pop()
                continue
            why = self.over()
            if why:
                for n in stack:
                    n.cut = True
                return why
            i, node.next = node.next, node.next + 1
            got = self.attempt(node, i)
            if got is None:
                continue
            after, evs = got
            tail, child = self.advance(self.canon(after), evs)
            node.branches.append(Branch(node.options[i], tail.items, tail.marks, tail.steps, child))
            self.branches += 1
            if child.done:
                self.walked += 1 if child.leaf else child.walked
            else:
                stack.append(child)
        return None


def releasable(sc: Scenario, applied: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """The situation's actions that only make a decision the explorer offers itself (a jack out,
    a rez, a break, a use, a decline, a trash), not applied yet: those "every line" opens."""
    return tuple(a.index for a in sc.actions if a.index not in applied and a.effects
                 and all(e.kind in DECIDED for e in a.effects))


def explore(sc: Scenario, ruleset: str | None = None, *, start: State | None = None, release: bool = False,
            max_lines: int = MAX_LINES, max_seconds: float = MAX_SECONDS) -> Exploration:
    """Every line from the situation's start (or from `start`, a state of its run), its written
    actions fixed and every other choice open, bounded by max_lines and max_seconds. With
    `release`, the written actions that only decide what the explorer offers (and have not
    applied by `start`) are left out, so those decisions are open too."""
    t0 = time.monotonic()
    released = releasable(sc, start.applied if start is not None else frozenset()) if release else ()
    base = 1 + max((a.index for a in sc.actions), default=-1)
    kept = replace(sc, actions=tuple(a for a in sc.actions if a.index not in released)) if released else sc
    ctx = make_context(kept, ruleset)
    s0 = start if start is not None else start_state(kept, ctx.rs.id)[1]
    search = _Search(ctx, base, max(1, max_lines), max_seconds)
    prefix, root = search.advance(search.canon(s0))
    why = search.run(root)
    exp = Exploration(ruleset=ctx.rs.id, title=sc.title, root=root, prefix=prefix, nodes=search.nodes,
                       branches=search.branches, walked=search.walked if not root.leaf else 1, truncated=why,
                       seconds=time.monotonic() - t0, max_lines=max_lines, options_capped=search.options_capped,
                       released=released, turn_runs=max(1, len(sc.runs)))
    if len(sc.runs) > 1 and start is None:  # a turn: the later runs, run by run, in the time left
        from .turn import explore_later_runs
        later = explore_later_runs(sc, ruleset, exp, max(1, max_lines), t0 + max_seconds)
        exp = replace(exp, later=tuple(later), seconds=time.monotonic() - t0)
    return exp
