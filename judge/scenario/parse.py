"""A parsed document into a validated Scenario: the run, both players, the servers, the actions."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from .. import rulesets
from ..errors import ScenarioError
from ..i18n import msg
from .actions import parse_action
from .board import CORP_KEYS, RUNNER_KEYS, parse_sides
from .cards import parse_card, parse_cards, per_archives
from .expect import parse_expect
from .model import CENTRALS, RUNNER, SIDES, Scenario, Server
from .refs import check_cards, check_refs
from .titles import with_titles
from .turn import is_turn, parse_turn
from .validate import MAX_TEXT, Validator
from .yamlsource import Doc

__all__ = ["parse_scenario", "TOP_KEYS", "DERIVED_KEYS", "DECISIONS", "CONFIDENCE"]

TOP_KEYS = ("title", "ruleset", "tags", "explanation", "sources", "confidence", "run", "corp", "runner",
            "servers", "actions", "expect", "derived")
# `derived`: where a situation made by a decision in the stepper comes from (not used by the run)
DERIVED_KEYS = ("from", "ruleset", "step", "at", "choice", "card", "subs", "action")
DECISIONS = ("jack_out", "continue", "rez", "unrez", "break", "replacement", "effect", "line")
MAX_SERVERS = 30
# How sure a case is: `ruling` (an official ruling says so), `rules` (it follows from the rules text),
# `reading` (the judge's reading of a point the rules leave open)
CONFIDENCE = ("ruling", "rules", "reading")


def _explanation(V: Validator, top: dict[str, Any]) -> dict[str, str]:
    if "explanation" not in top:
        return {}
    ex = top["explanation"]
    if isinstance(ex, str):
        return {"en": V.string(ex, ("explanation",), limit=MAX_TEXT)}
    V.mapping(ex, ("explanation",), ("en", "ko"), ("en",))
    return {k: V.string(ex[k], ("explanation", k), limit=MAX_TEXT) for k in ex}


def _servers(V: Validator, raw: Any) -> dict[str, Server]:
    servers: dict[str, Server] = {}
    V.mapping(raw, ("servers",), tuple(raw) if isinstance(raw, dict) else ())
    if len(raw) > MAX_SERVERS:
        raise V.err(("servers",), "too_many_servers", n=MAX_SERVERS)
    for name, sv in raw.items():
        sp = ("servers", name)
        V.string(name, sp, kind="a_server_name")
        sv = {} if sv is None else sv
        V.mapping(sv, sp, ("ice", "root", "cards"))
        servers[name] = Server(name, parse_cards(V, sv.get("ice", []), sp + ("ice",), "corp", "ice"),
                               parse_cards(V, sv.get("root", []), sp + ("root",), "corp", "upgrade"),
                               parse_cards(V, sv.get("cards", []), sp + ("cards",), "corp"))
        for i, c in enumerate(servers[name].ice):
            if not c.is_ice:
                raise V.err(sp + ("ice", i, "type"), "protects_not_ice", c=c.key)
    return per_archives(servers)


def _derived(V: Validator, top: dict[str, Any]) -> None:
    """The record of a decision that made this situation from another; checked, not kept."""
    if "derived" not in top:
        return
    d = V.mapping(top["derived"], ("derived",), DERIVED_KEYS, ("from", "choice"))
    p = ("derived",)
    V.string(d["from"], p + ("from",), limit=64, kind="a_situation_id")
    V.choice(d["choice"], p + ("choice",), DECISIONS, "decision")
    if "ruleset" in d:
        V.choice(d["ruleset"], p + ("ruleset",), tuple(rulesets.RULESETS), "ruleset")
    for k, kind in (("at", "a_step_id"), ("card", "a_card_name")):
        if k in d:
            V.string(d[k], p + (k,), kind=kind)
    for k in ("step", "action"):
        if k in d:
            V.integer(d[k], p + (k,), 0, 100_000)
    for i, n in enumerate(V.seq(d.get("subs", []), p + ("subs",), 50)):
        V.integer(n, p + ("subs", i), 1, 50)


def _ruleset(V: Validator, top: dict[str, Any], override: str | None) -> str:
    rs_id = V.choice(top.get("ruleset", rulesets.DEFAULT), ("ruleset",), tuple(rulesets.RULESETS), "ruleset")
    if override:
        if override not in rulesets.RULESETS:
            raise ScenarioError("unknown_ruleset", r=repr(override), known=", ".join(rulesets.RULESETS))
        rs_id = override
    return rs_id


def _installed_by_actions(V: Validator, raw: list[Any]) -> dict[str, Any]:
    """The ice the actions install (`install_ice: {card}`), by key, read before the actions are, so
    that an action can rez or break ice that an earlier action installed."""
    out = {}
    for i, a in enumerate(raw):
        eff = a.get("effect", a) if isinstance(a, dict) else None
        for j, e in enumerate(eff if isinstance(eff, list) else [eff]):
            if isinstance(e, dict) and isinstance(e.get("install_ice"), dict):
                where = ("actions", i) + (("effect", j) if isinstance(eff, list) else ("effect",) if "effect" in a else ())
                card = parse_card(V, e["install_ice"], where + ("install_ice",), "corp", default_type="ice")
                out[card.key] = card
    return out


def _may_run(runs: str | None, sc: Scenario) -> bool:
    """Whether the card that made the run may attack this server (Marathon: a remote one)."""
    if runs in (None, "any"):
        return True
    if runs == "central":
        return sc.server in CENTRALS
    if runs == "remote":
        return sc.server not in CENTRALS
    if runs == "iced":
        return bool(sc.servers[sc.server].ice)
    return sc.server == runs


def parse_scenario(doc: Doc, ruleset_override: str | None = None, validator: Validator | None = None) -> Scenario:
    """Validate a parsed document into a Scenario (a turn of several runs: `scenario.turn`)."""
    if validator is None and is_turn(doc.data):
        return cast(Scenario, parse_turn(doc, ruleset_override, parse_scenario))
    V = validator or Validator(doc)
    top = V.mapping(doc.data, (), TOP_KEYS, ("run",))
    title = V.words(top["title"], ("title",), limit=300, kind="a_title") if "title" in top else (
        Path(doc.source).stem if doc.source else "")
    rs_id = _ruleset(V, top, ruleset_override)
    _derived(V, top)
    tags = tuple(V.string(t, ("tags", i), kind="a_tag") for i, t in enumerate(V.seq(top.get("tags", []), ("tags",), 30)))
    sources = tuple(V.string(s, ("sources", i), limit=500, kind="a_source")
                    for i, s in enumerate(V.seq(top.get("sources", []), ("sources",), 30)))
    confidence = V.choice(top["confidence"], ("confidence",), CONFIDENCE, "confidence") if "confidence" in top else None
    run = V.mapping(top["run"], ("run",), ("server", "by", "turn"), ("server",))
    turn = V.choice(run["turn"], ("run", "turn"), SIDES, "player") if "turn" in run else RUNNER
    server = V.string(run["server"], ("run", "server"), kind="a_server_name")
    by = V.string(run["by"], ("run", "by"), kind="a_card_name") if "by" in run else None
    corp = V.mapping(top.get("corp", {}), ("corp",), ("bad_publicity", "cards", "credits") + CORP_KEYS)
    bp = V.integer(corp.get("bad_publicity", 0), ("corp", "bad_publicity"), 0, 100)
    corp_cards = parse_cards(V, corp.get("cards", []), ("corp", "cards"), "corp")
    runner = V.mapping(top.get("runner", {}), ("runner",), ("credits", "cards") + RUNNER_KEYS)
    credits = V.integer(runner.get("credits", 5), ("runner", "credits"), 0, 1000)
    runner_cards = parse_cards(V, runner.get("cards", []), ("runner", "cards"), "runner")
    servers = _servers(V, top.get("servers", {}))
    if server not in servers:
        if server not in CENTRALS:
            raise V.err(("run", "server"), "server_not_described", s=repr(server),
                        known=", ".join(servers) or msg("engine.none"))
        servers[server] = Server(server)
    if servers[server].is_remote and not (servers[server].ice or servers[server].root or servers[server].cards):
        raise V.err(("servers", server), "remote_empty", s=repr(server))
    sc = Scenario(title=title, ruleset=rs_id, server=server, servers=servers, by=by, tags=tags,
                  explanation=_explanation(V, top), sources=sources, confidence=confidence,
                  bad_publicity=bp, credits=credits,
                  runner_cards=runner_cards, corp_cards=corp_cards, source=doc.source, turn=turn,
                  sides=parse_sides(V, runner, corp) if any(k in runner for k in RUNNER_KEYS) or any(k in corp for k in CORP_KEYS) else None,
                  corp_credits=V.integer(corp["credits"], ("corp", "credits"), 0, 1000) if "credits" in corp else None)
    known = check_cards(sc)
    if by is not None and by not in known:
        raise V.err(("run", "by"), "by_unknown", c=repr(by))
    if by is not None and not _may_run(known[by].runs, sc):
        raise V.err(("run", "server"), "run_target", c=by, server=server, runs=msg(f"errors.runs.{known[by].runs}"))
    raw_actions = V.seq(top.get("actions", []), ("actions",))
    known = known | _installed_by_actions(V, raw_actions)  # a later action may name ice an earlier one installs
    actions = tuple(parse_action(V, a, i, sc, known) for i, a in enumerate(raw_actions))
    expect = parse_expect(V, top["expect"]) if "expect" in top else None
    sc = Scenario(**{**sc.__dict__, "actions": actions, "expect": expect, "notices": tuple(V.notices)})
    check_refs(sc)
    return with_titles(sc)
