"""From a log's text to judged runs: parse, split, place each run, run the engine, list departures.

`import_log` returns the JSON shape of issue 23: runs (with scenario, outcome, departures,
unknowns), unrecognised lines, incomplete runs.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from ..errors import JudgeError
from ..i18n import t
from .parse import Line, parse_log
from .place import Unknown, card_name, place_run
from .runs import Run, read_run, split_runs

__all__ = ["import_log", "Imported", "scenario_yaml"]

# Kinds the importer understands; everything else is listed as unrecognised.
_QUIET = frozenset({"chat"})


@dataclass
class Imported:
    """A log, read."""

    form: str
    players: list[str]
    lines: list[Line]
    runs: list[Run]
    results: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (issue 23)."""
        return {
            "form": self.form,
            "runs": [public_result(r) for r in self.results if not r["_incomplete"]],
            "unrecognized": [{"line": ln.no, "text": ln.text} for ln in self.lines if ln.kind == "unknown"],
            "incomplete": [{"run": r["run"], "lines": r["lines"]} for r in self.results if r["_incomplete"]],
        }


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def scenario_yaml(sc: dict[str, Any]) -> str:
    """The scenario as YAML text."""
    return yaml.dump(sc, Dumper=_DUMPER, sort_keys=False, allow_unicode=True, default_flow_style=None, width=110)


def _as_text(sc: dict[str, Any]) -> str:
    """The scenario as text for the loader: JSON, which is YAML, and many times faster to write."""
    return json.dumps(sc, ensure_ascii=False, indent=0)


def _complete(sc_dict: dict[str, Any], unknowns: list[Unknown]) -> None:
    """Fill what needs the catalogue's models: an ice the log shows ending the run whose model has
    no such subroutine gets the log's labels; a counted break becomes subroutine numbers, by the
    labels the log quotes when it can."""
    etr: dict[str, tuple[dict[str, Any], list[str]]] = sc_dict.pop("_etr", {})
    todo = [a for a in sc_dict.get("actions", []) if isinstance(a.get("break"), dict)]
    if not todo and not etr:
        return
    ice = {e.get("id") or card_name_of(e): e for srv in sc_dict["servers"].values() for e in srv.get("ice", [])}
    for name, (entry, labels) in etr.items():
        subs_of = _model_subs(json.dumps(entry, sort_keys=True))
        if any(etr_sub for _, etr_sub in subs_of):
            continue
        subs = [lab for lab in labels if lab.casefold() != "end the run"] + ["End the run"]
        entry["subroutines"] = subs
        unknowns.append(("logs.unknown.subs_from_log", {"ice": name}))
        ice.pop(name, None)  # the model no longer applies: counted breaks below use the labels
    for a in todo:
        want = a["break"]
        model = ice.get(a["ice"])
        subs = ([text for text, _ in _model_subs(json.dumps(model, sort_keys=True))] if model is not None
                else list(etr.get(a["ice"], ({}, []))[1]))
        if not subs or want["count"] >= len(subs):
            a["break"] = "all"
            continue
        picked: list[int] = []
        for label in want["labels"]:
            key = re.sub(r"\W+", " ", label).strip().casefold()
            for i, s in enumerate(subs, 1):
                if i not in picked and re.sub(r"\W+", " ", s).strip().casefold().startswith(key[:20]):
                    picked.append(i)
                    break
        if len(picked) < want["count"]:
            unknowns.append(("logs.unknown.which_subs", {"ice": a["ice"]}))
            for i in range(1, len(subs) + 1):
                if len(picked) >= want["count"]:
                    break
                if i not in picked:
                    picked.append(i)
        a["break"] = sorted(picked)


def card_name_of(entry: dict[str, Any]) -> str:
    """The name actions use for a card entry."""
    return entry.get("name") or card_name(entry["card"])[1]


@functools.lru_cache(maxsize=512)
def _model_subs(entry: str) -> tuple[tuple[str, bool], ...]:
    """An ice entry's subroutines as the judge reads them: (text, ends the run)."""
    from ..scenario import load_scenario

    sc = load_scenario(text=_as_text({"run": {"server": "HQ"}, "servers": {"HQ": {"ice": [json.loads(entry)]}}}))
    card = sc.servers["HQ"].ice[0]
    return tuple((str(sub.text), any(e.kind == "end_run" for e in sub.effects)) for sub in card.subroutines)


def _departure_dict(d: Any, run: Run, lang: str, ruleset: str) -> dict[str, Any]:
    args = {**_shown(d.args, lang), "ruleset": ruleset}
    if "why" in args:
        args["why"] = t(f"logs.ended.{args['why'] or 'unknown'}", lang)
    if "where" in args:
        args["where"] = t(f"logs.phase.{args['where']}", lang)
    out = {"kind": d.kind, "line": d.line.no, "text": d.line.text, "step": d.step, "rule": f"CR {d.step}",
           "step_name": _step_name(d.step, lang), "explanation": t(f"logs.departure.{d.kind}", lang, **args)}
    if ruleset != "nsg":   # the same rule, in the chosen rule set's numbers
        out["steps_in_ruleset"] = _translated(d.step, ruleset)
    return out


def _where_it_parts(path: list[str], ruleset: str) -> str:
    """The step at which the rules' run ended: the last one before the run-end steps."""
    from .. import rulesets

    rs = rulesets.get(ruleset)
    ends = {rs.step(s).phase for s in rs.ends.values()}
    for i, occ in enumerate(path):
        if i and rs.step(occ.split("@")[0]).phase in ends:
            return path[i - 1]
    return path[-1] if path else rs.ends["done"]


@functools.lru_cache(maxsize=64)
def _step_name(step: str, lang: str, ruleset: str = "nsg") -> str:
    from .. import rulesets

    return rulesets.get(ruleset).step(step).name(lang)


def _translated(step: str, ruleset: str) -> list[str]:
    from ..rulesets.translate import translate

    return list(translate("nsg", step).get("to", {}).get(ruleset, []))


def _judge(run: Run, ruleset: str, lang: str) -> dict[str, Any]:
    from ..engine import run as run_engine
    from ..scenario import load_scenario

    sc_dict, unknowns, expect = place_run(run, "nsg")
    out: dict[str, Any] = {"run": run.no, "turn": run.turn, "lines": run.span, "server": sc_dict["run"]["server"],
                           "_incomplete": not run.complete}
    departures = [_departure_dict(d, run, lang, ruleset) for d in run.departures]
    rules_outcome: str | None = None
    try:
        _complete(sc_dict, unknowns)
        sc_dict["expect"] = expect
        sc = load_scenario(text=_as_text(sc_dict), ruleset=None)
        trace = run_engine(sc, ruleset)
        rules_outcome = trace.status
        out["engine"] = {"outcome": trace.status, "end": trace.end, "warnings": len(trace.warnings),
                         "encountered": trace.lists["encountered"], "accessed": trace.lists["accessed"],
                         "stolen": trace.lists["stolen"]}
        log_outcome = run.log_outcome
        if run.complete and log_outcome is not None and log_outcome != trace.status and run.redirected is None:
            where = _where_it_parts(trace.path, ruleset)
            shown = run.ended_line if log_outcome == "unsuccessful" else next(
                (x for x in run.lines if x.kind in ("breach", "access", "replacement", "steal")), None)
            shown = shown or run.lines[-1]
            departures.append({"kind": "outcome_differs", "line": shown.no, "text": shown.text, "step": where,
                               "rule": (f"CR {where.split('@')[0]}" if ruleset == "nsg"
                                        else f"{ruleset} {where.split('@')[0]}"),
                               "step_name": _step_name(where.split("@")[0], lang, ruleset),
                               "explanation": t("logs.departure.outcome_differs", lang, ruleset=ruleset,
                                                log=t(f"logs.outcome_word.{log_outcome}", lang),
                                                rules=t(f"logs.outcome_word.{trace.status}", lang))})
    except JudgeError as exc:
        out["error"] = exc.text(lang)
        sc_dict.pop("_etr", None)
        sc_dict["expect"] = expect
    out["scenario"] = sc_dict
    if run.complete:
        out["outcome"] = run.log_outcome or rules_outcome or "neither"
        if run.log_outcome is None:
            unknowns.append(("logs.unknown.outcome_from_rules", {}))
    else:
        out["outcome"] = None
    out["accessed"] = [ti for _, ti, _ in run.accessed] + [ti for k, ti in run.elsewhere if k == "access"]
    out["stolen"] = [ti for _, ti in run.stolen] + [ti for k, ti in run.elsewhere if k == "steal"]
    out["departures"] = departures
    out["verdict"] = t("logs.no_departure", lang) if not departures else t("logs.departures", lang, n=len(departures))
    out["unknowns"] = [t(k, lang, **_shown(a, lang)) for k, a in _unique(unknowns)]
    return out


def _shown(args: dict[str, str], lang: str) -> dict[str, str]:
    """Card names in a message as the reader knows them: the Korean title for a Korean reader."""
    if lang != "ko":
        return args
    from .. import cards

    out = dict(args)
    for k in ("ice", "card"):
        if k in out:
            facts = cards.find(out[k])
            if facts is not None and facts.title_ko and out[k] in (facts.title, facts.title_ko):
                out[k] = facts.title_ko
    return out


def _unique(items: list[Unknown]) -> list[Unknown]:
    seen: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
    out: list[Unknown] = []
    for k, a in items:
        key = (k, tuple(sorted(a.items())))
        if key not in seen:
            seen.add(key)
            out.append((k, a))
    return out


def import_log(raw: str | bytes, ruleset: str = "nsg", lang: str = "en", judge: bool = True) -> Imported:
    """Read a log and judge each of its runs."""
    lines, form, players = parse_log(raw)
    runs = split_runs(lines)
    rezzed: dict[tuple[str, int], str] = {}
    for r in runs:
        read_run(r, rezzed)
    imp = Imported(form, players, lines, runs)
    if judge:
        imp.results = [_judge(r, ruleset, lang) for r in runs]
    return imp


def public_result(r: dict[str, Any]) -> dict[str, Any]:
    """A run's result without internal keys."""
    return {k: v for k, v in r.items() if not k.startswith("_")}
