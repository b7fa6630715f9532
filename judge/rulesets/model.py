"""The shape of a ruleset: steps, edges with named guards, interrupts."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from ..i18n import t

__all__ = ["Kind", "Step", "Edge", "Interrupt", "Ruleset"]


class Kind(StrEnum):
    """What a step is; the chart draws each kind with its own shape."""

    STEP = "step"
    PAW = "paw"            # paid ability window: priority passes Runner -> Corp -> ...
    DECISION = "decision"  # one player's choice (continue or jack out)
    CHECK = "check"        # the structure branches on the board, nobody acts
    END = "end"            # the run is over


@dataclass(frozen=True)
class Step:
    """One step of a run's timing structure."""

    id: str
    kind: Kind
    does: str                      # engine handler: what happens when the step is entered
    rule: str                      # where the rule is stated (seed step, CR number)
    phase: str                     # id of the top-level step this one belongs to (chart cluster)
    per_ice: bool = False          # the step belongs to one piece of ice ("2.3@Enigma")
    acts: tuple[str, ...] = ()     # who may act here: "runner", "corp"
    rez_ice: bool = False          # the approached ice may be rezzed here
    rez_non_ice: bool = False      # upgrades and assets may be rezzed here
    break_subs: bool = False       # subroutines may be broken here
    jack_out: bool = False         # the Runner may jack out here without a card granting it
    triggers: tuple[str, ...] = () # the `when` moments that happen at this step, in order (`whens`)
    one_window: bool = False       # all moments here share one reaction window (Runner, then Corp)
    ice_optional: bool = False     # a per-ice step that can also happen with no ice (NSG 6.9.4e/f)
    phase_start: bool = False      # the step begins its phase: its reaction window closes when the
                                   # run ends (CR 6.8.2b); other windows are completed (6.8.2c)
    rs: str = ""                   # the rule set it belongs to (its words are under its id)

    def name(self, lang: str = "en") -> str:
        """The step's name ("Rez the approached ice"), in a language."""
        return t(f"rulesets.{self.rs}.steps.{self.id}.name", lang)

    def explain(self, lang: str = "en") -> str:
        """What happens at the step, in a language."""
        return t(f"rulesets.{self.rs}.steps.{self.id}.explain", lang)

    @property
    def accesses(self) -> bool:
        """Cards are accessed at this step (trash and steal decisions belong here)."""
        return self.does in ("access", "access_and_return")


@dataclass(frozen=True)
class Edge:
    """A transition, taken when its guard holds; edges are tried in the order written."""

    src: str
    dst: str
    guard: str              # a guard name, or several joined by "&" (all must hold)
    skip: str | None = None  # reason key: the steps between src and dst are skipped, not reached
    skip_steps: tuple[str, ...] = ()  # which steps a skip jumps over, when not those in between
    then: str | None = None  # what happens on the way (the 6-step chart passes ice on its edges)
    completes_window: bool = False  # an open paid ability window finishes before this is taken

    @cached_property
    def id(self) -> str:  # kept once made: every transition of a trace names its edge
        return f"{self.src}->{self.dst}:{self.guard}"


@dataclass(frozen=True)
class Interrupt:
    """An edge that leaves any of several steps as soon as its guard holds (end the run, ...)."""

    guard: str
    dst: str
    sources: tuple[str, ...]
    skip: str | None = None
    skip_steps: tuple[str, ...] = ()
    then: str | None = None
    completes_window: bool = False  # NSG 8.5.10: the window is completed, not closed

    def edge(self, src: str) -> Edge:
        return Edge(src, self.dst, self.guard, self.skip, self.skip_steps, self.then, self.completes_window)


@dataclass(frozen=True)
class Ruleset:
    """A whole timing structure as data."""

    id: str
    version: str                # the English version line (`version_text` has every language)
    steps: tuple[Step, ...]
    edges: tuple[Edge, ...]
    interrupts: tuple[Interrupt, ...]
    start: str
    ends: dict[str, str] = field(default_factory=dict)  # "done" / "unsuccessful" -> step id
    encounter_entry: str = ""   # where a forced encounter starts
    encounter_exit: str = ""    # the step a normal encounter goes on to (a forced one returns)
    phases: tuple[str, ...] = ()  # phase ids in chart order (their names are in the catalogue)
    approach_step: str = ""     # where "approach that ice again" sends the run
    set_aside: bool = True      # accessed cards are set aside and returned (FFG), or stay put (NSG)
    left_ice_is_passed: bool = True  # ice that left while approached/encountered counts as passed
    mandatory_replacement_wins: bool = True  # FFG: a mandatory "instead of access" beats an optional one
    # NSG 6.8.2c: when the run ends, a reaction window not opened by a phase's beginning is
    # completed (no new timing structure starts in it); FFG drops whatever is still pending.
    run_end_completes_windows: bool = False
    # NSG 7.4.6d: a card that enters Archives while Archives is breached becomes a new candidate;
    # FFG decides how many cards are accessed before the first one (seed 5.5).
    breach_adds_candidates: bool = False
    absent: tuple[str, ...] = ()  # `when` moments this rule set has no place for (`whens.check`)
    date: str = ""

    @cached_property
    def position_phases(self) -> frozenset[str]:
        """The phases in which the Runner approaches or encounters the ice in their position
        (not Initiation or Movement, where a change to that ice does not move them: CR 6.2.7e)."""
        return frozenset(st.phase for st in self.steps
                         if st.does in ("approach_ice", "approach_position", "encounter_ice"))

    def title(self, lang: str = "en") -> str:
        """The chart's title, in a language."""
        return t(f"rulesets.{self.id}.title", lang)

    def source(self, lang: str = "en") -> str:
        """Where the structure is written down, in a language."""
        return t(f"rulesets.{self.id}.source", lang)

    def version_text(self, lang: str = "en") -> str:
        """The version line, in a language."""
        return t(f"rulesets.{self.id}.version", lang)

    def cite(self, step_id: str, lang: str = "en") -> str:
        """Where a reader looks the step up, in this rule set's numbering and the page's language only
        ("Step 2.3 (Rez the approached ice) of the seven-step run chart, FFG Rules Reference",
        "NSG Comprehensive Rules 6.9.2b (v26.03)")."""
        step = self.step(step_id)
        return t(f"rulesets.{self.id}.cite", lang, n=step_id, ko=step.name("ko"), name=step.name(lang))

    def skip_cite(self, reason: str, lang: str = "en") -> str:
        """The rule that makes a step be skipped for a reason (`Edge.skip`), to look up."""
        return t(f"rulesets.{self.id}.skip_cites.{reason}", lang)

    def skip_reasons(self) -> set[str]:
        """Every reason an edge of this rule set skips steps for."""
        return {e.skip for e in self.all_edges() if e.skip}

    def phase_name(self, phase: str, lang: str = "en") -> str:
        """A phase's heading ("2 Approach ice"), in a language."""
        return t(f"rulesets.{self.id}.phases.{phase}", lang)

    def step(self, step_id: str) -> Step:
        by_id: dict[str, Step] | None = self.__dict__.get("_by_id")
        if by_id is None:
            by_id = self.__dict__["_by_id"] = {s.id: s for s in self.steps}
        return by_id[step_id]

    def interrupts_from(self, step_id: str) -> tuple[Interrupt, ...]:
        """The interrupts that can leave a step, in the order written."""
        cache: dict[str, tuple[Interrupt, ...]] = self.__dict__.setdefault("_interrupts_from", {})
        got = cache.get(step_id)
        if got is None:
            got = cache[step_id] = tuple(it for it in self.interrupts if step_id in it.sources)
        return got

    @property
    def step_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.steps)

    def all_edges(self) -> tuple[Edge, ...]:
        """Regular edges first, then interrupts expanded; an interrupt yields to an explicit
        edge with the same ends and guard."""
        out = list(self.edges)
        seen = {(e.src, e.dst, e.guard) for e in out}
        for it in self.interrupts:
            for src in it.sources:
                if (src, it.dst, it.guard) not in seen:
                    out.append(it.edge(src))
                    seen.add((src, it.dst, it.guard))
        return tuple(out)

    def out_edges(self, step_id: str) -> tuple[Edge, ...]:
        """Edges leaving a step in the order the engine tries them: interrupts, then regular."""
        cache: dict[str, tuple[Edge, ...]] = self.__dict__.setdefault("_out_cache", {})
        if step_id not in cache:
            firsts: list[Edge] = []
            for it in self.interrupts:
                if step_id in it.sources:
                    firsts.append(it.edge(step_id))
            keys = {(e.dst, e.guard) for e in firsts}
            regular = [e for e in self.edges if e.src == step_id and (e.dst, e.guard) not in keys]
            cache[step_id] = tuple(firsts + regular)
        return cache[step_id]

    def skipped_by(self, e: Edge) -> tuple[str, ...]:
        """The steps an edge with a skip reason jumps over."""
        if not e.skip:
            return ()
        if e.skip_steps:  # listed for edges that go back: only those after the source count
            ids = self.step_ids
            return tuple(s for s in e.skip_steps if ids.index(s) > ids.index(e.src))
        return self.between(e.src, e.dst)

    def between(self, src: str, dst: str) -> tuple[str, ...]:
        """Step ids strictly between two steps in the written order (what a skip jumps over)."""
        ids = self.step_ids
        a, b = ids.index(src), ids.index(dst)
        if a < b:
            return ids[a + 1:b]
        return ()
