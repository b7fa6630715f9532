"""How much of a ruleset's timing graph a library of scenarios exercises."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .. import rulesets
from ..engine import run
from ..errors import JudgeError
from ..i18n import t
from ..rulesets.whens import MOMENTS
from ..scenario import load_scenario
from .check import expected_error

__all__ = ["Coverage", "coverage", "scenario_files"]


@dataclass
class Coverage:
    """Counts of library cases per step, edge, skip reason and trigger moment of one ruleset."""

    ruleset: str
    cases: int = 0
    steps: Counter = field(default_factory=Counter)
    edges: Counter = field(default_factory=Counter)
    skips: Counter = field(default_factory=Counter)
    moments: Counter = field(default_factory=Counter)
    cases_by_step: dict[str, list[str]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def all_steps(self) -> list[str]:
        return list(rulesets.get(self.ruleset).step_ids)

    def all_edges(self) -> list[str]:
        return [e.id for e in rulesets.get(self.ruleset).all_edges()]

    def all_skips(self) -> list[str]:
        return sorted({e.skip for e in rulesets.get(self.ruleset).all_edges() if e.skip})

    def all_moments(self) -> list[str]:
        return [m.name for m in MOMENTS.values() if m.timed]

    def missing(self) -> dict[str, list[str]]:
        return {"steps": [s for s in self.all_steps() if not self.steps[s]],
                "edges": [e for e in self.all_edges() if not self.edges[e]],
                "skips": [s for s in self.all_skips() if not self.skips[s]],
                "moments": [m for m in self.all_moments() if not self.moments[m]]}

    def summary(self, lang: str = "en") -> str:
        s, e = self.all_steps(), self.all_edges()
        return t("cli.coverage.summary", lang, steps=sum(1 for x in s if self.steps[x]), of_steps=len(s),
                 edges=sum(1 for x in e if self.edges[x]), of_edges=len(e))

    def as_dict(self) -> dict:
        return {"ruleset": self.ruleset, "cases": self.cases,
                "steps": {s: self.steps[s] for s in self.all_steps()},
                "edges": {e: self.edges[e] for e in self.all_edges()},
                "skips": {s: self.skips[s] for s in self.all_skips()},
                "moments": {m: self.moments[m] for m in self.all_moments()},
                "cases_by_step": self.cases_by_step,
                "missing": self.missing(), "errors": self.errors, "summary": self.summary()}


def scenario_files(paths) -> list[Path]:
    """The scenario files named, or found under the folders named (sorted)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(q for q in p.rglob("*.y*ml") if q.suffix in (".yaml", ".yml"))
        elif p.exists():
            out.append(p)
        else:
            raise JudgeError("no_such_file", source=str(p))
    return out


def coverage(paths, ruleset_id: str = rulesets.DEFAULT) -> Coverage:
    """Run every scenario meant for a ruleset and count what each one goes through (once per case)."""
    cov = Coverage(ruleset=ruleset_id)
    for f in scenario_files(paths):
        if expected_error(f):
            continue  # written to be refused: it exercises the loader, not the timing graph
        try:
            sc = load_scenario(f)
            if ruleset_id not in (sc.expected_rulesets() or [sc.ruleset]):
                continue
            t = run(sc, ruleset_id)
        except JudgeError as exc:
            cov.errors.append(str(exc))
            continue
        cov.cases += 1
        steps = {e.step for e in t.events if e.kind == "enter"}
        for s in steps:
            cov.steps[s] += 1
            cov.cases_by_step.setdefault(s, []).append(f.name)
        cov.edges.update({e.extra_get("edge") for e in t.events if e.kind == "transition"})
        cov.skips.update({e.args_get("reason") for e in t.events if e.kind == "skip"})
        cov.moments.update({e.extra_get("when") for e in t.events
                            if e.kind == "trigger" and e.extra_get("resolved")})
    return cov


def render_text(cov: Coverage, lang: str = "en") -> str:
    """The report: counts per step and edge, what no case exercises, then the summary line."""
    def w(key: str, **args: object) -> str:
        return t(f"cli.coverage.{key}", lang, **args)

    out = [w("title", rs=cov.ruleset, n=cov.cases), "", w("steps") + ":"]
    out += [f"  {s:<10} {cov.steps[s]:>3}" for s in cov.all_steps()]
    out += ["", w("edges") + ":"]
    out += [f"  {e:<40} {cov.edges[e]:>3}" for e in cov.all_edges()]
    out += ["", w("skips") + ":"] + [f"  {s:<20} {cov.skips[s]:>3}" for s in cov.all_skips()]
    out += ["", w("moments") + ":"] + [f"  {m:<20} {cov.moments[m]:>3}" for m in cov.all_moments()]
    miss = cov.missing()
    out.append("")
    for k, v in miss.items():
        out.append(w(f"uncovered_{k}") + ": " + (", ".join(v) if v else w("none")))
    for err in cov.errors:
        out.append(f"{w('error')}: {err}")
    out.append(cov.summary(lang))
    return "\n".join(out)
