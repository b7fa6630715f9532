"""The lines of an exploration: choices that cannot change the timing merged, lines counted by
outcome and listed, the shortest line to each outcome, and how many lines pass each step and
edge of the chart.

Two options at a decision are merged when the rest of the run is the same whichever is taken:
the same steps entered and skipped, the same end, the same cards accessed, stolen and trashed,
on every line that follows, and the same board left at each end (credits paid, tags, counters,
what is rezzed: search.board_key; the wording of events does not count). Each node's futures
are kept as a canonical trie of those steps, interned, so equal futures are one number.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .choices import Choice
from .search import Branch, Exploration, Leaf, Node

__all__ = ["Group", "Line", "Lines", "OUTCOMES"]

OUTCOMES = ("successful", "unsuccessful", "neither")


@dataclass(frozen=True)
class Group:
    """Options at one decision whose futures are the same; the first stands for them all."""

    branches: tuple[Branch, ...]

    @property
    def rep(self) -> Branch:
        return self.branches[0]

    def alternatives(self, j: int) -> list[Choice]:
        """The other answers merged with the representative's j-th choice."""
        mine = self.rep.option[j]
        out: list[Choice] = []
        for b in self.branches[1:]:
            if b.option[j] != mine and b.option[j] not in out:
                out.append(b.option[j])
        return out


@dataclass(frozen=True)
class Line:
    """One way the run can go: a group chosen at each decision, and how it ends."""

    path: tuple[tuple[Node, Group], ...]
    leaf: Leaf
    steps: int          # steps entered

    def choices(self) -> list[tuple[Choice, list[Choice]]]:
        """Every answer on the line, each with those merged with it."""
        return [(c, g.alternatives(j)) for _, g in self.path for j, c in enumerate(g.rep.option)]

    def made(self) -> list[Choice]:
        """The choices that need an action (what a derived situation writes)."""
        return [c for _, g in self.path for c in g.rep.option if c.acts]

    def as_dict(self, lang: str = "en") -> dict:
        out = []
        for c, alts in self.choices():
            d = c.as_dict(lang)
            if alts:
                d["or"] = [a.as_dict(lang) for a in alts]
            out.append(d)
        d = {"choices": out, "outcome": self.leaf.status, "end": self.leaf.end, "steps": self.steps,
             "spent": {"runner": self.leaf.spent[0], "corp": self.leaf.spent[1]}}
        if self.leaf.error is not None:
            d["error"] = self.leaf.error.located_text(lang)
        return d


class Lines:
    """The merged view of an exploration (computed lazily, each part once)."""

    def __init__(self, exp: Exploration) -> None:
        self.exp = exp
        self._ids: dict[object, int] = {}
        self._entries: list[frozenset] = []
        self._merged: dict[tuple[int, int], int] = {}
        self._trie: dict[int, int] = {}
        self._groups: dict[int, list[Group]] = {}
        self._counts: dict[int, dict[str, int]] = {}
        self._order: list[Node] | None = None
        self._shortest: dict[str, Line] | None = None
        self._through: dict[str, int] | None = None

    # ------------------------------------------------------------ futures as an interned trie
    def _intern(self, entries: frozenset) -> int:
        got = self._ids.get(entries)
        if got is None:
            got = self._ids[entries] = len(self._entries) + 1
            self._entries.append(entries)
        return got

    def _cons(self, items: tuple, tail: int) -> int:
        for it in reversed(items):
            tail = self._intern(frozenset({(it, tail)}))
        return tail

    def _merge(self, a: int, b: int) -> int:
        if a == b:
            return a
        key = (a, b) if a < b else (b, a)
        got = self._merged.get(key)
        if got is None:
            table = dict(self._entries[a - 1])
            for label, child in self._entries[b - 1]:
                table[label] = self._merge(table[label], child) if label in table and child else child
            got = self._merged[key] = self._intern(frozenset(table.items()))
        return got

    def order(self) -> list[Node]:
        """Every node reached, children before their parents."""
        if self._order is None:
            out, seen, stack = [], set(), [(self.exp.root, False)]
            while stack:
                node, ready = stack.pop()
                if ready:
                    out.append(node)
                    continue
                if node.id in seen:
                    continue
                seen.add(node.id)
                stack.append((node, True))
                stack += [(b.child, False) for b in node.branches if b.child is not None and b.node.id not in seen]
            self._order = out
        return self._order

    def _build(self) -> None:
        for node in self.order():
            if node.id in self._trie:
                continue
            if node.leaf is not None:
                self._trie[node.id] = self._intern(frozenset({(("leaf",) + node.leaf.key, 0)}))
                self._groups[node.id] = []
                continue
            keyed: dict[int, list[Branch]] = {}
            for b in node.branches:
                keyed.setdefault(self._cons(b.items, self._trie[b.node.id]), []).append(b)
            self._groups[node.id] = [Group(tuple(bs)) for bs in keyed.values()]
            if node.done:
                merged = 0
                for k in keyed:
                    merged = k if not merged else self._merge(merged, k)
                self._trie[node.id] = merged
            else:  # not every option was tried: these futures are not known, so they equal nothing
                self._trie[node.id] = self._intern(frozenset({(("cut", node.id), 0)}))

    def groups(self, node: Node) -> list[Group]:
        if node.id not in self._groups:
            self._build()
        return self._groups[node.id]

    # ------------------------------------------------------------ counts
    def counts(self, node: Node | None = None) -> dict[str, int]:
        """Lines by outcome below a node (the root: all of them)."""
        node = node or self.exp.root
        if node.id not in self._counts:
            self._build()
            for n in self.order():
                if n.leaf is not None:
                    self._counts[n.id] = {n.leaf.status: 1}
                    continue
                c: dict[str, int] = {}
                for g in self._groups[n.id]:
                    for k, v in self._counts[g.rep.node.id].items():
                        c[k] = c.get(k, 0) + v
                self._counts[n.id] = c
        return self._counts[node.id]

    @property
    def total(self) -> int:
        return sum(self.counts().values())

    def outcomes(self) -> dict[str, int]:
        c = self.counts()
        return {k: c.get(k, 0) for k in OUTCOMES}

    @property
    def errors(self) -> int:
        return self.counts().get("error", 0)

    # ------------------------------------------------------------ lines
    def lines(self, limit: int) -> Iterator[Line]:
        """The lines in tree order (the run's own choices first), at most `limit`."""
        root, pre = self.exp.root, self.exp.prefix.steps
        if root.leaf is not None:
            yield Line((), root.leaf, pre)
            return
        n = 0
        stack: list[tuple[Node, tuple, int, int]] = [(root, (), pre, 0)]
        while stack and n < limit:
            node, path, steps, i = stack.pop()
            groups = self.groups(node)
            if i >= len(groups):
                continue
            stack.append((node, path, steps, i + 1))
            g = groups[i]
            child, here = g.rep.node, path + ((node, g),)
            if child.leaf is not None:
                n += 1
                yield Line(here, child.leaf, steps + g.rep.steps)
            else:
                stack.append((child, here, steps + g.rep.steps, 0))

    def shortest(self) -> dict[str, Line]:
        """For each outcome, its line with the fewest steps (then the fewest choices that need an
        action: the plainest way there)."""
        if self._shortest is None:
            self._shortest = self._find_shortest()
        return self._shortest

    def _find_shortest(self) -> dict[str, Line]:
        best: dict[int, dict[str, tuple]] = {}
        for node in self.order():
            if node.leaf is not None:
                best[node.id] = {node.leaf.status: (0, 0, None, node.leaf)}
                continue
            mine: dict[str, tuple] = {}
            for g in self.groups(node):
                acts = sum(1 for c in g.rep.option if c.acts)
                for outcome, (steps, made, rest, leaf) in best[g.rep.node.id].items():
                    cand = (steps + g.rep.steps, made + acts, ((node, g), rest), leaf)
                    if outcome not in mine or cand[:2] < mine[outcome][:2]:
                        mine[outcome] = cand
            best[node.id] = mine
        out = {}
        for outcome, (steps, _, rest, leaf) in best[self.exp.root.id].items():
            path = []
            while rest is not None:
                path.append(rest[0])
                rest = rest[1]
            out[outcome] = Line(tuple(path), leaf, steps + self.exp.prefix.steps)
        return out

    # ------------------------------------------------------------ the chart
    def through(self) -> dict[str, int]:
        """How many lines pass each chart element (a step id, or an edge id) at least once."""
        if self._through is None:
            self._through = self._count_through()
        return self._through

    def complete(self) -> Lines:
        """Everything computed now, so that readers in several threads only read."""
        self.counts()
        self.shortest()
        self.through()
        return self

    def _count_through(self) -> dict[str, int]:
        avoid: dict[int, dict[str, int]] = {}  # per node: lines below it that never pass an element
        for node in self.order():             # (an element missing: every line below avoids it)
            groups = self.groups(node)
            below = [(g.rep.marks, avoid[g.rep.node.id], sum(self.counts(g.rep.node).values())) for g in groups]
            keys = set().union(*(marks | seen.keys() for marks, seen, _ in below)) if below else set()
            avoid[node.id] = {x: sum(0 if x in marks else seen.get(x, n) for marks, seen, n in below) for x in keys}
        total = self.total
        out = {x: total - n for x, n in avoid[self.exp.root.id].items()}
        for x in self.exp.prefix.marks:
            out[x] = total
        return {x: n for x, n in out.items() if n}
