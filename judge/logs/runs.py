"""Splitting a parsed log into turns and runs, and reading each run: where the Runner was at each
line, what was rezzed, broken, resolved, accessed, and which lines depart from the NSG run timing.

A run opens at a "make a run on" line (or at an approach or breach when a card started it without
a line), and closes at the next turn line, the next run, the next click action, or the end of the
log. Nothing here invents a card: ice the log never names stays a placeholder with an unknown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .parse import Line

__all__ = ["Run", "Slot", "Departure", "split_runs", "read_run", "RUN_KINDS"]

# Kinds that can only happen inside a run.
RUN_KINDS = frozenset({"approach_ice", "approach_server", "encounter", "pass", "bypass", "bypass_by", "rez",
                       "break", "pump", "resolve", "fire", "jack_out_cost", "jack_out", "jack_out_refused",
                       "breach", "prevented", "replacement", "access_rest", "access", "steal_cost", "steal",
                       "no_steal", "trash"})
_STARTS_RUN = frozenset({"approach_ice", "approach_server", "breach"})
_CLOSES = frozenset({"turn_start", "turn_end", "run"})


@dataclass
class Slot:
    """One piece of ice of the attacked server, by its position (0 = innermost)."""

    pos: int
    title: str | None = None
    rezzed_before: bool | None = None    # rezzed when the run began (None: unknown)
    rez_line: int | None = None          # the rez line inside its approach window
    approached: bool = False
    encountered: bool = False
    passed: bool = False
    bypassed: bool = False
    broken: list[tuple[Line, str, str]] = field(default_factory=list)   # (line, breaker, count text)
    fired: list[Line] = field(default_factory=list)


@dataclass
class Departure:
    """A line whose order or choice the rules do not allow."""

    kind: str          # rez_late, jack_out_not_offered, sub_after_encounter, success_after_unsuccessful, ...
    line: Line
    step: str          # the NSG step the rule places it at
    args: dict[str, str] = field(default_factory=dict)


@dataclass
class Run:
    """One run of the log, with what its lines show."""

    no: int
    turn: int | None
    lines: list[Line]
    server: str | None = None
    by: str | None = None
    runner: str | None = None
    corp: str | None = None
    complete: bool = True
    closed: bool = False                # a later line (turn, run, click action) closed it
    slots: dict[int, Slot] = field(default_factory=dict)
    ice_count: int | None = None
    ended_by: str | None = None         # jack_out, etr, None
    ended_line: Line | None = None
    end_ice: int | None = None          # the position passed before the jack out
    success: bool = False                # a breach, an access or a replacement line
    replaced_by: str | None = None
    accessed: list[tuple[Line, str, str]] = field(default_factory=list)   # (line, title, zone)
    stolen: list[tuple[Line, str]] = field(default_factory=list)
    trashed: list[tuple[Line, str]] = field(default_factory=list)
    not_stolen: list[tuple[Line, str]] = field(default_factory=list)
    used: list[tuple[Line, str, int | None]] = field(default_factory=list)   # abilities used: (line, phase, position)
    departures: list[Departure] = field(default_factory=list)
    notes: list[tuple[str, dict[str, str]]] = field(default_factory=list)   # (i18n key, args)
    credits: int | None = None          # the Runner's credits at the run's start, when the log says
    credits_said: tuple[int, int] | None = None   # (turn start credits, its line) when not exact
    redirected: str | None = None       # the server the run moved to (the lines after it are not placed)
    elsewhere: list[tuple[str, str]] = field(default_factory=list)   # (accessed|stolen, title) after a redirect
    bypass_card: str | None = None

    def departures_of(self, kind: str) -> list[Departure]:
        """Return the departures of one kind."""
        return [d for d in self.departures if d.kind == kind]

    @property
    def span(self) -> list[int]:
        """The first and last line numbers."""
        return [self.lines[0].no, self.lines[-1].no]

    @property
    def log_outcome(self) -> str | None:
        """What the log's lawful lines show: successful, unsuccessful, or None (not shown)."""
        if self.ended_by:
            return "unsuccessful"
        if self.success:
            return "successful"
        return None


def _is_click_action(line: Line, runner: str | None) -> bool:
    """A new basic action: the Runner (or Corp) spends a click on something other than the run."""
    return line.kind == "other" and line.rest.startswith(("spends ", "spends,")) or (
        line.kind == "other" and line.rest.startswith(("installs", "plays", "draws")) and line.who != runner)


def split_runs(lines: list[Line]) -> list[Run]:
    """Return the runs of the log, in order, with their turn numbers."""
    runs: list[Run] = []
    cur: Run | None = None
    turn: int | None = None
    trail: list[Line] = []    # lines after the run's last run line, held until we know they belong

    def close() -> None:
        nonlocal cur
        if cur is not None:
            cur.closed = True
        cur = None

    start: tuple[Line, list[Line]] | None = None   # the last turn start line and the lines since
    for ln in lines:
        if ln.kind == "turn_start":
            turn = int(ln.f["turn"])
            start = (ln, [])
        elif start is not None and ln.kind not in ("chat", "priority", "notice"):
            start[1].append(ln)
        if cur is not None and (ln.kind in _CLOSES or _is_click_action(ln, cur.runner)):
            close()
        if ln.kind == "run" or (cur is None and ln.kind in _STARTS_RUN):
            close()
            cur = Run(no=len(runs) + 1, turn=turn, lines=[ln], runner=ln.who)
            if ln.kind == "run":
                cur.server = ln.f["server"]
                cur.by = ln.f.get("by")
            _credits(cur, ln, start)
            runs.append(cur)
            trail = []
            if ln.kind == "run":
                continue
        if cur is None:
            continue
        if ln.kind in ("chat", "notice", "unknown", "other", "priority", "command", "uses"):
            trail.append(ln)
            if ln.kind in ("uses", "command", "other") or ln.kind == "unknown":
                cur.lines.extend(trail)
                trail = []
            continue
        cur.lines.extend(trail)
        trail = []
        cur.lines.append(ln)
    for r in runs:
        names = {ln.who for ln in lines if ln.who}
        r.corp = next((n for n in names if n != r.runner), None)
    return runs


_PAID = re.compile(r"\bpays (\d+)\b")


def _credits(run: Run, first: Line, start: tuple[Line, list[Line]] | None) -> None:
    """The Runner's credits when the run begins: exact only when the run is the turn's first act
    (the turn start's total less what the run's own line paid); otherwise the last total said."""
    if start is None or start[0].who != run.runner:
        return
    said = int(start[0].f["credits"])
    before = [x for x in start[1] if x is not first]
    # Only plain click actions before the run, none of them gaining anything: their payments are known.
    if all(x.who == run.runner and x.kind == "other" and x.rest.startswith("spends") and "gain" not in x.rest
           for x in before):
        paid = [int(n) for x in (*before, first) for n in _PAID.findall(x.rest)]
        run.credits = max(said - sum(paid), 0)
        return
    run.credits_said = (said, start[0].no)


# The rule each departure breaks, and the step the rule places the choice at (NSG).
RULE = {"rez_late": "6.9.2b", "jack_out_not_offered": "6.9.4c", "sub_after_encounter": "6.9.3e",
        "success_after_unsuccessful": "6.9.6a", "break_outside_encounter": "6.9.3b",
        "movement_after_end": "6.9.6a"}


def read_run(run: Run, rezzed: dict[tuple[str, int], str]) -> None:
    """Walk the run's lines: fill its slots, outcome and departures.

    `rezzed` maps (server, position) to the ice title known rezzed from earlier lines of the log; it
    is updated with this run's rezzes (and installs, derezzes are not tracked).
    """
    pos: int | None = None
    phase = "init"                 # init, approach, encounter, passed, server, success, ended
    enc: int | None = None         # the position encountered (or last encountered)

    def slot(p: int) -> Slot:
        return run.slots.setdefault(p, Slot(p))

    def depart(kind: str, ln: Line, **args: str) -> None:
        if kind in ("success_after_unsuccessful", "movement_after_end") and run.departures_of(kind):
            return   # one is enough: the lines after it follow from the same departure
        run.departures.append(Departure(kind, ln, RULE[kind], args))

    def at_title(title: str) -> int | None:
        for p, s in run.slots.items():
            if s.title == title:
                return p
        return None

    for ln in run.lines:
        k, f = ln.kind, ln.f
        who = ln.who
        if k in ("approach_ice", "approach_server", "breach") and run.server is not None and run.redirected is None \
                and f["server"] != run.server:
            run.redirected = f["server"]
            run.notes.append(("logs.unknown.redirect", {"server": f["server"]}))
        if run.redirected is not None:   # positions and cards are of another server: only how it ended
            if k == "jack_out" or (k == "uses" and f.get("what", "").lower().startswith("end the run")
                                   and who != run.runner):
                run.ended_by, run.ended_line = run.ended_by or k, run.ended_line or ln
            elif k in ("breach", "access", "steal", "replacement"):
                run.success = True
                if k in ("access", "steal"):
                    run.elsewhere.append((k, f["title"]))
            continue
        if k == "approach_ice":
            p = int(f["pos"])
            if run.server is None:
                run.server = f["server"]
            if phase == "ended":
                depart("movement_after_end", ln)
                continue
            if run.ice_count is None:
                run.ice_count = p + 1
            s = slot(p)
            s.approached = True
            if f["title"] != "ice":
                s.title = s.title or f["title"]
            pos, phase = p, "approach"
        elif k == "rez":
            p = int(f["pos"])
            s = slot(p)
            s.title = f["title"]
            rezzed[(f["server"], p)] = f["title"]
            if run.corp is None or who != run.runner:
                run.corp = who
            if phase == "approach" and pos == p and f["server"] == run.server:
                s.rez_line = ln.no
                s.rezzed_before = False
            else:
                depart("rez_late", ln, ice=f["title"])
                if s.rezzed_before is None:
                    s.rezzed_before = False
        elif k == "encounter":
            p = int(f["pos"]) if "pos" in f else (pos if pos is not None else -1)
            if p < 0:
                run.notes.append(("logs.unknown.forced_encounter", {"ice": f["title"]}))
                continue
            s = slot(p)
            s.title = f["title"]
            s.encountered = True
            if s.rez_line is None and s.rezzed_before is None:
                s.rezzed_before = True
            pos, enc, phase = p, p, "encounter"
        elif k in ("break",):
            hit = at_title(f["ice"])
            if phase != "encounter" or hit is None or hit != enc:
                depart("break_outside_encounter", ln, ice=f["ice"])
                continue
            slot(hit).broken.append((ln, f["card"], f["n"]))
        elif k == "pump":
            run.used.append((ln, phase, pos))
        elif k == "bypass_by":
            run.bypass_card = f["card"]
        elif k == "bypass":
            if enc is not None:
                slot(enc).bypassed = True
        elif k in ("uses", "resolve", "fire"):
            title = f.get("ice") or f.get("card", "")
            hit = at_title(title)
            # A subroutine's line has no cost ("C uses Ice Wall to end the run."); a paid ability of
            # the ice ("C trashes Border Control to use Border Control to ...") may come at any time.
            paid = k == "uses" and not ln.rest.startswith("uses ")
            ice_line = hit is not None and not paid and (who != run.runner or k == "fire")
            if not ice_line:
                if k == "uses":
                    run.used.append((ln, phase, pos))
                continue
            if k == "fire":
                continue
            assert hit is not None
            still = phase == "encounter" and hit == enc
            after_etr = phase == "ended" and run.ended_by == "etr" and hit == enc
            if not (still or after_etr):
                depart("sub_after_encounter", ln, ice=title)
                continue
            s = slot(hit)
            if k == "uses":
                s.fired.append(ln)
                if f.get("what", "").lower().startswith("end the run"):
                    run.ended_by, run.ended_line, phase = "etr", ln, "ended"
            elif "end the run" in f.get("labels", "").lower() and run.ended_by is None:
                s.fired.append(ln)
                run.ended_by, run.ended_line, phase = "etr", ln, "ended"
            else:
                s.fired.append(ln)
        elif k == "pass":
            p = int(f["pos"])
            if phase == "ended":
                depart("movement_after_end", ln)
                continue
            s = slot(p)
            if f["title"] != "ice":
                s.title = f["title"]
            s.passed = True
            pos, phase = p, "passed"
        elif k == "jack_out":
            if phase == "ended":
                continue
            no_ice = run.ice_count is None and phase == "init"
            if phase == "passed" or no_ice:
                run.end_ice = pos if phase == "passed" else None
            else:
                depart("jack_out_not_offered", ln, where=phase)
            run.ended_by, run.ended_line, phase = "jack_out", ln, "ended"
        elif k == "approach_server":
            if phase == "ended":
                depart("movement_after_end", ln)
                continue
            if run.server is None:
                run.server = f["server"]
            if run.ice_count is None:
                run.ice_count = 0
            phase = "server"
        elif k in ("breach", "access", "access_rest", "steal", "replacement", "trash", "steal_cost"):
            if phase == "ended":
                depart("success_after_unsuccessful", ln, why=run.ended_by or "")
                continue
            if run.server is None and k == "breach":
                run.server = f["server"]
            run.success = True
            phase = "success"
            if k == "replacement":
                run.replaced_by = f["card"]
            elif k == "access":
                run.accessed.append((ln, f["title"], f["zone"]))
            elif k == "steal":
                run.stolen.append((ln, f["title"]))
            elif k == "trash":
                run.trashed.append((ln, f["title"]))
        elif k == "no_steal":
            run.not_stolen.append((ln, f["title"]))
    if run.ice_count is None:
        run.ice_count = max(run.slots, default=-1) + 1 if run.slots else None
    if run.ice_count is not None and run.slots:
        run.ice_count = max(run.ice_count, max(run.slots) + 1)
    # Ice known rezzed from earlier in the log, not approached this run.
    if run.server is not None and run.ice_count:
        for p in range(run.ice_count):
            s = slot(p)
            if s.title is None and (run.server, p) in rezzed:
                s.title = rezzed[(run.server, p)]
                if not s.approached:
                    s.rezzed_before = True
                    run.notes.append(("logs.unknown.from_earlier", {"ice": s.title, "pos": str(p)}))
    run.complete = bool(run.closed or run.ended_by or run.success)
