"""Scenario files: YAML validated at the boundary into frozen dataclasses."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import rulesets
from .errors import ScenarioError
from .yamlsource import Doc, _fmt, load

__all__ = ["Card", "Ability", "Subroutine", "Effect", "Action", "Server", "Scenario",
           "load_scenario", "parse_scenario", "CENTRALS", "WHENS", "EFFECT_KINDS", "EXPECT_KEYS",
           "MAX_NAME", "MAX_TEXT"]

MAX_NAME = 120
MAX_TEXT = 4000
MAX_LIST = 200
CENTRALS = ("HQ", "R&D", "Archives")
SIDES = ("runner", "corp")
CARD_TYPES = ("ice", "agenda", "asset", "upgrade", "operation", "event", "program", "hardware",
              "resource", "identity")
WHENS = ("run_begins", "approached", "encountered", "passed", "all_ice_passed", "approach_server",
         "if_successful", "successful", "accessed", "unsuccessful", "run_ends", "static")
BARE_EFFECTS = ("end_run", "jack_out", "bypass", "approach_again", "no_success")
CARD_EFFECTS = ("rez", "derez", "uninstall", "trash", "decline_steal")
EFFECT_KINDS = BARE_EFFECTS + CARD_EFFECTS + (
    "break", "install_ice", "move_ice", "swap_ice", "change_server", "move_runner", "encounter", "pay", "gain",
    "bad_publicity", "access_more", "access_only", "instead_of_access", "note")
EFFECT_OPTIONS = {"install_ice": ("position", "server"), "move_ice": ("to", "position"),
                  "pay": ("otherwise",), "jack_out": ("granted_by",), "rez": ("granted_by",),
                  "instead_of_access": ("mandatory",)}
EXPECT_KEYS = ("outcome", "end", "path", "skipped", "approached", "encountered", "passed",
               "bypassed", "accessed", "stolen", "trashed", "triggered", "bad_publicity_credits",
               "warnings", "error")
ACCESS_STEPS = ("access", "access_and_return")  # handlers of the steps where cards are accessed
ACTION_KEYS = ("at", "ice", "time", "by", "effect", "granted_by")
_ETR = re.compile(r"^\s*end the run\.?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Effect:
    """One effect: a kind, its argument and options (`position`, `otherwise`, ...)."""

    kind: str
    arg: object = True
    opts: tuple[tuple[str, object], ...] = ()
    line: int | None = None

    def opt(self, key: str, default: object = None) -> object:
        for k, v in self.opts:
            if k == key:
                return v
        return default

    def describe(self, lang: str = "en") -> str:
        """A short rendering in a language, used in traces."""
        from .i18n import EFFECT_WORDS, pick

        def w(k: str) -> str:
            return pick(EFFECT_WORDS[k], lang)
        if self.kind in BARE_EFFECTS:
            out = w(self.kind)
        elif isinstance(self.arg, Card):
            out = f"{w(self.kind)} {self.arg.key}"
        elif isinstance(self.arg, (list, tuple)):
            out = f"{w(self.kind)} {', '.join(str(a) for a in self.arg)}"
        elif self.arg == "all":
            out = f"{w(self.kind)} {w('all')}"
        else:
            out = f"{w(self.kind)} {self.arg}"
        for k, v in self.opts:
            if k == "otherwise":
                out += f" ({w('otherwise')}: " + "; ".join(e.describe(lang) for e in v) + ")"
            elif k == "position":
                out += f" ({w('at')} {v if isinstance(v, str) else ' '.join(f'{a} {b}' for a, b in v)})"
            elif k in ("server", "to"):
                out += f" ({w('on')} {v})"
            elif k == "granted_by":
                out += f" ({w('granted_by')} {v})"
        return out


@dataclass(frozen=True)
class Ability:
    """A triggered (or static) ability of a card."""

    when: str
    effects: tuple[Effect, ...]
    first: bool = False
    server: str | None = None
    ice: str | None = None
    text: str | None = None
    line: int | None = None


@dataclass(frozen=True)
class Subroutine:
    text: str
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Card:
    """A card of the board; `key` is its id, or its name when it has no id."""

    key: str
    name: str
    side: str
    type: str | None = None
    rezzed: bool = False
    trash_cost: int | None = None
    points: int | None = None
    subroutines: tuple[Subroutine, ...] = ()
    abilities: tuple[Ability, ...] = ()
    line: int | None = None

    @property
    def is_ice(self) -> bool:
        return self.type == "ice"


@dataclass(frozen=True)
class Server:
    name: str
    ice: tuple[Card, ...] = ()
    root: tuple[Card, ...] = ()
    cards: tuple[Card, ...] = ()

    @property
    def is_remote(self) -> bool:
        return self.name not in CENTRALS


@dataclass(frozen=True)
class Action:
    """What a player does at a timing point."""

    index: int
    at: str | tuple[tuple[str, str], ...]
    side: str
    effects: tuple[Effect, ...]
    ice: str | None = None
    time: int = 1
    granted_by: str | None = None
    line: int | None = None
    ice_by: tuple[tuple[str, str], ...] = ()  # `ice` given per rule set

    def ice_for(self, ruleset_id: str) -> str | None:
        """The ice this action concerns under a rule set."""
        return dict(self.ice_by).get(ruleset_id) if self.ice_by else self.ice

    def at_for(self, ruleset_id: str) -> str | None:
        """The step id of this action under a ruleset (None: not placed there)."""
        if isinstance(self.at, str):
            return self.at
        return dict(self.at).get(ruleset_id)

    def describe(self, lang: str = "en") -> str:
        return "; ".join(e.describe(lang) for e in self.effects)

    @property
    def where(self) -> str:
        return f"actions[{self.index}]"


@dataclass(frozen=True)
class Scenario:
    title: str
    ruleset: str
    server: str
    servers: dict[str, Server]
    actions: tuple[Action, ...] = ()
    by: str | None = None
    tags: tuple[str, ...] = ()
    explanation: dict[str, str] = field(default_factory=dict)
    sources: tuple[str, ...] = ()
    bad_publicity: int = 0
    credits: int = 5
    runner_cards: tuple[Card, ...] = ()
    corp_cards: tuple[Card, ...] = ()
    expect: dict | None = None
    source: str | None = None
    text: str = ""

    def all_cards(self) -> dict[str, Card]:
        """Every card the scenario defines, by key (installed-by-effect cards included)."""
        out: dict[str, Card] = {}
        for c in self.runner_cards + self.corp_cards:
            out[c.key] = c
        for s in self.servers.values():
            for c in s.ice + s.root + s.cards:
                out[c.key] = c
        for c in _effect_cards(self):
            out.setdefault(c.key, c)
        return out

    def expect_for(self, ruleset_id: str) -> dict | None:
        """The expectations for one ruleset (flat `expect` belongs to the scenario's ruleset)."""
        if self.expect is None:
            return None
        if any(k in rulesets.RULESETS for k in self.expect):
            return self.expect.get(ruleset_id)
        return self.expect if ruleset_id == self.ruleset else None

    def expected_rulesets(self) -> list[str]:
        if self.expect is None:
            return []
        if any(k in rulesets.RULESETS for k in self.expect):
            return [k for k in self.expect if k in rulesets.RULESETS]
        return [self.ruleset]


def _walk_effects(effects):
    for e in effects:
        yield e
        if e.kind == "pay":
            yield from _walk_effects(e.opt("otherwise", ()))


def _effect_cards(sc: Scenario):
    """Cards introduced by effects (install_ice, encounter of a card that is not installed)."""
    lists = [a.effects for a in sc.actions]
    for c in sc.runner_cards + sc.corp_cards + tuple(
            c for s in sc.servers.values() for c in s.ice + s.root + s.cards):
        lists += [ab.effects for ab in c.abilities] + [s.effects for s in c.subroutines]
    for effects in lists:
        for e in _walk_effects(effects):
            if isinstance(e.arg, Card):
                yield e.arg


class _V:
    """Validation helpers bound to one document, so every error knows its line."""

    def __init__(self, doc: Doc) -> None:
        self.doc = doc

    def err(self, path: tuple, msg: str) -> ScenarioError:
        return ScenarioError(msg, where=_fmt(path) or None, line=self.doc.line(path),
                             source=self.doc.source)

    def line(self, path: tuple) -> int | None:
        return self.doc.line(path)

    def mapping(self, v, path, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict:
        if not isinstance(v, dict):
            raise self.err(path, f"expected a mapping, got {_kind(v)}")
        for k in v:
            if k not in allowed:
                raise self.err(path + (k,), f"unknown key {k!r} (allowed: {', '.join(allowed)})")
        for k in required:
            if k not in v:
                raise self.err(path, f"missing required key {k!r}")
        return v

    def string(self, v, path, *, limit: int = MAX_NAME, what: str = "text") -> str:
        if not isinstance(v, str):
            if path in self.doc.raw and not isinstance(v, (dict, list)):
                v = self.doc.raw[path]  # `at: 2.3`, `name: No`: keep what was written
            else:
                raise self.err(path, f"expected {what}, got {_kind(v)}")
        v = v.strip()
        if not v:
            raise self.err(path, f"{what} is empty")
        if len(v) > limit:
            raise self.err(path, f"{what} is {len(v)} characters long; at most {limit} are allowed")
        if any(ord(ch) < 32 and ch not in "\n\t" for ch in v):
            raise self.err(path, f"{what} contains control characters")
        return v

    def integer(self, v, path, lo: int = 0, hi: int = 1000) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.err(path, f"expected a whole number, got {_kind(v)}")
        if not lo <= v <= hi:
            raise self.err(path, f"{v} is out of range ({lo} to {hi})")
        return v

    def boolean(self, v, path) -> bool:
        if not isinstance(v, bool):
            raise self.err(path, f"expected true or false, got {_kind(v)}")
        return v

    def seq(self, v, path, limit: int = MAX_LIST) -> list:
        if not isinstance(v, list):
            raise self.err(path, f"expected a list, got {_kind(v)}")
        if len(v) > limit:
            raise self.err(path, f"the list has {len(v)} entries; at most {limit} are allowed")
        return v

    def choice(self, v, path, options, what: str = "value") -> str:
        s = self.string(v, path, what=what)
        if s not in options:
            raise self.err(path, f"{s!r} is not a known {what} (one of: {', '.join(options)})")
        return s


def _kind(v) -> str:
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return f"{str(v).lower()} (a yes/no value)"
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, (int, float)):
        return f"the number {v}"
    return f"{v!r}"[:60]


# ---------------------------------------------------------------- effects

def _position(V: _V, v, path):
    if isinstance(v, str) and v in ("outermost", "innermost"):
        return v
    if isinstance(v, dict) and len(v) == 1 and next(iter(v)) in ("inward_of", "outward_of"):
        k = next(iter(v))
        return ((k, V.string(v[k], path + (k,), what="a card")),)
    raise V.err(path, "position must be outermost, innermost, {inward_of: X} or {outward_of: X}")


def parse_effects(V: _V, v, path, side: str) -> tuple[Effect, ...]:
    """An effect, a list of effects, or a bare word."""
    if isinstance(v, list):
        if not v:
            raise V.err(path, "the list of effects is empty")
        out: list[Effect] = []
        for i, item in enumerate(V.seq(v, path, 50)):
            out.extend(parse_effects(V, item, path + (i,), side))
        return tuple(out)
    if isinstance(v, str):
        if v in BARE_EFFECTS:
            return (Effect(v, True, (), V.line(path)),)
        hint = f" (it takes a value: {{{v}: ...}})" if v in EFFECT_KINDS else ""
        raise V.err(path, f"{v[:60]!r} is not an effect{hint} (effects: {', '.join(EFFECT_KINDS)})")
    if isinstance(v, dict):
        kinds = [k for k in v if k in EFFECT_KINDS]
        if len(kinds) != 1:
            if not kinds:
                bad = next(iter(v), "")
                raise V.err(path + ((bad,) if bad else ()),
                            f"{str(bad)[:60]!r} is not an effect (effects: {', '.join(EFFECT_KINDS)})")
            raise V.err(path, f"one effect per mapping, found {', '.join(kinds)}: use a list")
        kind = kinds[0]
        allowed = (kind,) + EFFECT_OPTIONS.get(kind, ())
        V.mapping(v, path, allowed)
        return (_effect(V, kind, v, path, side),)
    raise V.err(path, f"expected an effect, got {_kind(v)}")


def _effect(V: _V, kind: str, v: dict, path: tuple, side: str) -> Effect:
    p = path + (kind,)
    val = v[kind]
    line = V.line(path)
    opts: list[tuple[str, object]] = []
    if kind in BARE_EFFECTS:
        if val is not True:
            raise V.err(p, f"{kind} takes true, got {_kind(val)}")
        arg: object = True
    elif kind in CARD_EFFECTS or kind == "move_ice":
        arg = V.string(val, p, what="a card name")
    elif kind == "break":
        if val == "all":
            arg = "all"
        else:
            nums = V.seq(val, p, 50) if isinstance(val, list) else None
            if nums is None:
                raise V.err(p, "break takes all or a list of subroutine numbers, like [1, 3]")
            arg = tuple(V.integer(n, p + (i,), 1, 50) for i, n in enumerate(nums))
    elif kind in ("install_ice", "encounter"):
        if isinstance(val, dict):
            arg = parse_card(V, val, p, "corp", default_type="ice")
            if not arg.is_ice:
                raise V.err(p + ("type",), f"{kind} needs a piece of ice, got type {arg.type}")
        elif kind == "encounter":
            arg = V.string(val, p, what="a card name")
        else:
            raise V.err(p, "install_ice takes a card: {name: ..., subroutines: [...]}")
    elif kind == "swap_ice":
        pair = V.seq(val, p)
        if len(pair) != 2:
            raise V.err(p, "swap_ice takes two pieces of ice: [X, Y]")
        arg = tuple(V.string(x, p + (i,), what="a card name") for i, x in enumerate(pair))
        if arg[0] == arg[1]:
            raise V.err(p, "swap_ice needs two different pieces of ice")
    elif kind in ("change_server", "move_runner"):
        arg = V.string(val, p, what="a server name")
    elif kind in ("pay", "gain", "bad_publicity", "access_more"):
        arg = V.integer(val, p, 0, 100)
    elif kind == "access_only":
        arg = tuple(V.string(x, p + (i,), what="a card name") for i, x in enumerate(V.seq(val, p)))
    else:  # instead_of_access, note
        arg = V.string(val, p, limit=MAX_TEXT)
    for opt in EFFECT_OPTIONS.get(kind, ()):
        if opt not in v:
            continue
        op = path + (opt,)
        if opt == "position":
            opts.append((opt, _position(V, v[opt], op)))
        elif opt in ("server", "to"):
            opts.append((opt, V.string(v[opt], op, what="a server name")))
        elif opt == "otherwise":
            opts.append((opt, parse_effects(V, v[opt], op, side)))
        elif opt == "granted_by":
            opts.append((opt, V.string(v[opt], op, what="a card name")))
        elif opt == "mandatory":
            opts.append((opt, V.boolean(v[opt], op)))
    return Effect(kind, arg, tuple(opts), line)


# ---------------------------------------------------------------- cards

def parse_card(V: _V, v, path, side: str, default_type: str | None = None) -> Card:
    if isinstance(v, str):
        v = {"name": v}
        # a bare name is allowed in lists of cards
    V.mapping(v, path, ("name", "id", "type", "rezzed", "trash_cost", "points", "subroutines",
                        "abilities", "text"), ("name",))
    name = V.string(v["name"], path + ("name",), what="a card name")
    key = V.string(v["id"], path + ("id",), what="a card id") if "id" in v else name
    ctype = V.choice(v["type"], path + ("type",), CARD_TYPES, "card type") if "type" in v else default_type
    subs: list[Subroutine] = []
    if "subroutines" in v:
        for i, s in enumerate(V.seq(v["subroutines"], path + ("subroutines",), 30)):
            sp = path + ("subroutines", i)
            if isinstance(s, dict):
                V.mapping(s, sp, ("text", "effect"), ("text",))
                text = V.string(s["text"], sp + ("text",), limit=MAX_TEXT, what="subroutine text")
                eff = parse_effects(V, s["effect"], sp + ("effect",), "corp") if "effect" in s else ()
            else:
                text = V.string(s, sp, limit=MAX_TEXT, what="subroutine text")
                eff = (Effect("end_run", True, (), V.line(sp)),) if _ETR.match(text) else ()
            subs.append(Subroutine(text, eff))
        if ctype is None:
            ctype = "ice"
    abilities: list[Ability] = []
    if "abilities" in v:
        for i, a in enumerate(V.seq(v["abilities"], path + ("abilities",), 30)):
            ap = path + ("abilities", i)
            V.mapping(a, ap, ("when", "effect", "first", "server", "ice", "text"), ("when", "effect"))
            when = V.choice(a["when"], ap + ("when",), WHENS, "trigger moment")
            abilities.append(Ability(
                when=when,
                effects=parse_effects(V, a["effect"], ap + ("effect",), side),
                first=V.boolean(a["first"], ap + ("first",)) if "first" in a else False,
                server=V.string(a["server"], ap + ("server",), what="a server name") if "server" in a else None,
                ice=V.string(a["ice"], ap + ("ice",), what="a card name") if "ice" in a else None,
                text=V.string(a["text"], ap + ("text",), limit=MAX_TEXT) if "text" in a else None,
                line=V.line(ap)))
    return Card(
        key=key, name=name, side=side, type=ctype,
        rezzed=V.boolean(v["rezzed"], path + ("rezzed",)) if "rezzed" in v else False,
        trash_cost=V.integer(v["trash_cost"], path + ("trash_cost",), 0, 100) if "trash_cost" in v else None,
        points=V.integer(v["points"], path + ("points",), 0, 20) if "points" in v else None,
        subroutines=tuple(subs), abilities=tuple(abilities), line=V.line(path))


def _cards(V: _V, v, path, side: str, default_type: str | None = None) -> tuple[Card, ...]:
    return tuple(parse_card(V, c, path + (i,), side, default_type)
                 for i, c in enumerate(V.seq(v, path)))


# ---------------------------------------------------------------- whole file

def parse_scenario(doc: Doc, ruleset_override: str | None = None) -> Scenario:
    """Validate a parsed document into a Scenario."""
    V = _V(doc)
    top = V.mapping(doc.data, (), ("title", "ruleset", "tags", "explanation", "sources", "run", "corp",
                                   "runner", "servers", "actions", "expect"), ("run",))
    title = V.string(top["title"], ("title",), limit=300, what="a title") if "title" in top else (
        Path(doc.source).stem if doc.source else "Untitled situation")
    rs_id = V.choice(top.get("ruleset", rulesets.DEFAULT), ("ruleset",), tuple(rulesets.RULESETS),
                     "ruleset")
    if ruleset_override:
        if ruleset_override not in rulesets.RULESETS:
            raise ScenarioError(f"unknown ruleset {ruleset_override!r} "
                                f"(known: {', '.join(rulesets.RULESETS)})")
        rs_id = ruleset_override
    tags = tuple(V.string(t, ("tags", i), what="a tag")
                 for i, t in enumerate(V.seq(top.get("tags", []), ("tags",), 30)))
    explanation: dict[str, str] = {}
    if "explanation" in top:
        ex = top["explanation"]
        if isinstance(ex, str):
            explanation = {"en": V.string(ex, ("explanation",), limit=MAX_TEXT)}
        else:
            V.mapping(ex, ("explanation",), ("en", "ko"), ("en",))
            explanation = {k: V.string(ex[k], ("explanation", k), limit=MAX_TEXT) for k in ex}
    sources = tuple(V.string(s, ("sources", i), limit=500, what="a source")
                    for i, s in enumerate(V.seq(top.get("sources", []), ("sources",), 30)))

    run = V.mapping(top["run"], ("run",), ("server", "by"), ("server",))
    server = V.string(run["server"], ("run", "server"), what="a server name")
    by = V.string(run["by"], ("run", "by"), what="a card name") if "by" in run else None

    corp = V.mapping(top.get("corp", {}), ("corp",), ("bad_publicity", "cards"))
    bp = V.integer(corp.get("bad_publicity", 0), ("corp", "bad_publicity"), 0, 100)
    corp_cards = _cards(V, corp.get("cards", []), ("corp", "cards"), "corp")
    runner = V.mapping(top.get("runner", {}), ("runner",), ("credits", "cards"))
    credits = V.integer(runner.get("credits", 5), ("runner", "credits"), 0, 1000)
    runner_cards = _cards(V, runner.get("cards", []), ("runner", "cards"), "runner")

    servers: dict[str, Server] = {}
    raw_servers = top.get("servers", {})
    V.mapping(raw_servers, ("servers",), tuple(raw_servers) if isinstance(raw_servers, dict) else ())
    if len(raw_servers) > 30:
        raise V.err(("servers",), "more than 30 servers")
    for name, sv in raw_servers.items():
        sp = ("servers", name)
        V.string(name, sp, what="a server name")
        if sv is None:
            sv = {}
        V.mapping(sv, sp, ("ice", "root", "cards"))
        servers[name] = Server(name, _cards(V, sv.get("ice", []), sp + ("ice",), "corp", "ice"),
                               _cards(V, sv.get("root", []), sp + ("root",), "corp", "upgrade"),
                               _cards(V, sv.get("cards", []), sp + ("cards",), "corp"))
        for i, c in enumerate(servers[name].ice):
            if not c.is_ice:
                raise V.err(sp + ("ice", i, "type"), f"{c.key} protects the server, so its type must be ice")
    if server not in servers:
        if server in CENTRALS:
            servers[server] = Server(server)
        else:
            raise V.err(("run", "server"), f"the attacked server {server!r} is not described under "
                        f"servers (known: {', '.join(list(servers) or ['none'])})")
    if servers[server].is_remote and not (servers[server].ice or servers[server].root
                                          or servers[server].cards):
        raise V.err(("servers", server), f"remote server {server!r} has no cards, so it does not exist")

    sc = Scenario(title=title, ruleset=rs_id, server=server, servers=servers, by=by, tags=tags,
                  explanation=explanation, sources=sources, bad_publicity=bp, credits=credits,
                  runner_cards=runner_cards, corp_cards=corp_cards, source=doc.source)
    known = _check_cards(V, sc)
    if by is not None and by not in known:
        raise V.err(("run", "by"), f"{by!r} is not a card of this scenario; add it under runner.cards")
    actions = tuple(_action(V, a, i, sc, known)
                    for i, a in enumerate(V.seq(top.get("actions", []), ("actions",))))
    expect = _expect(V, top["expect"]) if "expect" in top else None
    sc = Scenario(**{**sc.__dict__, "actions": actions, "expect": expect})
    _check_refs(V, sc)
    return sc


def _check_cards(V: _V, sc: Scenario) -> dict[str, Card]:
    seen: dict[str, Card] = {}
    for c in sc.runner_cards + sc.corp_cards + tuple(
            c for s in sc.servers.values() for c in s.ice + s.root + s.cards) + tuple(_effect_cards(sc)):
        if c.key in seen and seen[c.key] is not c and seen[c.key] != c:
            raise ScenarioError(f"two cards are called {c.key!r}: give each an id and refer to the ids",
                                line=c.line, source=V.doc.source)
        seen[c.key] = c
    return seen


def _check_refs(V: _V, sc: Scenario) -> None:
    """Every card and server an effect names must exist."""
    known = sc.all_cards()
    servers = set(sc.servers) | set(CENTRALS)

    def check(effects, where_line):
        for e in _walk_effects(effects):
            names: tuple = ()
            if e.kind in CARD_EFFECTS or e.kind == "move_ice" or (e.kind == "encounter" and isinstance(e.arg, str)):
                names = (e.arg,)
            elif e.kind in ("swap_ice", "access_only"):
                names = e.arg
            pos = e.opt("position")
            if isinstance(pos, tuple):
                names = names + (pos[0][1],)
            for n in names:
                if n not in known:
                    raise ScenarioError(f"{e.kind.replace('_', ' ')}: no card is called {n!r}",
                                        line=e.line or where_line, source=sc.source)
            for key in ("server", "to"):
                s = e.opt(key)
                if s is not None and s not in servers:
                    raise ScenarioError(f"{e.kind.replace('_', ' ')}: no server is called {s!r}",
                                        line=e.line or where_line, source=sc.source)
            if e.kind in ("change_server", "move_runner") and e.arg not in servers:
                raise ScenarioError(f"{e.kind.replace('_', ' ')}: no server is called {e.arg!r}",
                                    line=e.line or where_line, source=sc.source)

    for a in sc.actions:
        check(a.effects, a.line)
    for c in known.values():
        for ab in c.abilities:
            check(ab.effects, ab.line)
            if ab.ice is not None and ab.ice not in known:
                raise ScenarioError(f"ability limited to ice {ab.ice!r}, but no card has that name",
                                    line=ab.line, source=sc.source)
        for s in c.subroutines:
            check(s.effects, c.line)


def _action(V: _V, a, i: int, sc: Scenario, known: dict[str, Card]) -> Action:
    path = ("actions", i)
    if not isinstance(a, dict):
        raise V.err(path, f"an action is a mapping like {{at: \"5.2\", by: runner, jack_out: true}}, "
                    f"got {_kind(a)}")
    for k in ("at", "by"):
        if k not in a:
            raise V.err(path, f"missing required key {k!r}")
    side = V.choice(a["by"], path + ("by",), SIDES, "player")
    at_raw = a["at"]
    if isinstance(at_raw, dict):
        V.mapping(at_raw, path + ("at",), tuple(rulesets.RULESETS))
        at: str | tuple = tuple((k, V.string(v, path + ("at", k), what="a step id"))
                                for k, v in at_raw.items())
    else:
        at = V.string(at_raw, path + ("at",), what="a step id")
    ice, ice_by = None, ()
    if isinstance(a.get("ice"), dict):  # the same choice may concern different ice per rule set
        V.mapping(a["ice"], path + ("ice",), tuple(rulesets.RULESETS))
        ice_by = tuple((r, V.string(v, path + ("ice", r), what="a card name")) for r, v in a["ice"].items())
        for r, name in ice_by:
            if name not in known or not known[name].is_ice:
                raise V.err(path + ("ice", r), f"no ice is called {name!r} in this scenario")
        ice = dict(ice_by).get(sc.ruleset)
    elif "ice" in a:
        ice = V.string(a["ice"], path + ("ice",), what="a card name")
        if ice not in known or not known[ice].is_ice:
            raise V.err(path + ("ice",), f"no ice is called {ice!r} in this scenario")
    # Every rule set the action is placed in checks it with its own steps (a plain `at` belongs
    # to the file's rule set; carrying it elsewhere is checked when it runs there).
    placed = [(rulesets.get(sc.ruleset), at)] if isinstance(at, str) else [
        (rulesets.get(r), sid) for r, sid in at]
    steps = []
    for rs, step_id in placed:
        ice = dict(ice_by).get(rs.id) if ice_by else ice
        where = path + ("at",) if isinstance(at, str) else path + ("at", rs.id)
        if step_id not in rs.step_ids:
            raise V.err(where, f'"{step_id}" is not a step of {rs.id} (steps: {", ".join(rs.step_ids)})')
        step = rs.step(step_id)
        no_ice = not sc.servers[sc.server].ice
        if step.per_ice and ice is None and not step.ice_optional and not (no_ice and step.phase == rs.step(
                rs.encounter_exit).phase):
            raise V.err(path, f"step {step_id} belongs to a piece of ice: add ice: <name>")
        if not step.per_ice and ice is not None:
            raise V.err(path + ("ice",), f"step {step_id} does not belong to a piece of ice: remove ice")
        steps.append((step, ice))
    ice = dict(ice_by).get(sc.ruleset) if ice_by else ice
    time = V.integer(a["time"], path + ("time",), 1, 50) if "time" in a else 1
    granted = V.string(a["granted_by"], path + ("granted_by",), what="a card name") if "granted_by" in a else None
    if granted is not None and granted not in known:
        raise V.err(path + ("granted_by",), f"no card is called {granted!r}")
    rest = {k: v for k, v in a.items() if k not in ACTION_KEYS}
    if "effect" in a:
        if rest:
            raise V.err(path + (next(iter(rest)),), "use either effect: or one effect key, not both")
        effects = parse_effects(V, a["effect"], path + ("effect",), side)
    else:
        if not rest:
            raise V.err(path, "the action does nothing: add an effect, like jack_out: true")
        for k in rest:
            if k not in EFFECT_KINDS and not any(k in o for o in EFFECT_OPTIONS.values()):
                raise V.err(path + (k,), f"unknown key {k!r} (an action has at, by, ice, time, "
                            f"granted_by and one effect: {', '.join(EFFECT_KINDS)})")
        effects = parse_effects(V, rest, path, side)
    act = Action(index=i, at=at, side=side, effects=effects, ice=ice, time=time, granted_by=granted,
                 line=V.line(path), ice_by=ice_by)
    protecting = {c.key for srv in sc.servers.values() for c in srv.ice}
    for step, step_ice in steps:
        _check_possible(V, replace(act, ice=step_ice), step, path, known, protecting)
    return act


def _check_possible(V: _V, act: Action, step, path, known: dict[str, Card], protecting: set[str]) -> None:
    """Reject actions that can never apply at their step (spec: 'an action that can never apply')."""
    if step.kind.value == "check":
        raise V.err(path + ("at",), f"nobody acts at {step.id} ({step.name_en}): the structure only "
                    "checks the board there; put the action at the step before")
    if step.kind.value == "decision":
        for e in act.effects:
            if e.kind not in ("jack_out", "note"):
                raise V.err(path + ("at",), f"at {step.id} the Runner only decides whether to jack out; "
                            f"{e.kind.replace('_', ' ')} belongs in a paid ability window")
    for e in act.effects:
        granted = act.granted_by or e.opt("granted_by")
        if e.kind == "jack_out":
            if act.side != "runner":
                raise V.err(path, "only the Runner can jack out")
            if not step.jack_out and not granted:
                raise V.err(path + ("at",), f"the Runner cannot jack out at {step.id} unless a card "
                            "grants it: add granted_by: <card>")
        elif e.kind == "rez":
            card = known.get(e.arg)
            if act.side != "corp":
                raise V.err(path, "only the Corp rezzes cards")
            if card is not None and card.side != "corp":
                raise V.err(path, f"{e.arg} is a Runner card: it cannot be rezzed")
            if card is not None and card.is_ice and not granted:
                if not step.rez_ice:
                    raise V.err(path + ("at",), f"ice can be rezzed only while approached, at the "
                                f"rez window (not at {step.id}) unless a card allows it: add granted_by")
                # Ice swapped in later (Project Yagi-Uda) is checked when the run gets there.
                if act.ice != e.arg and e.arg in protecting:
                    raise V.err(path, f"only the approached ice can be rezzed: {e.arg} is not "
                                f"the ice this action's step belongs to ({act.ice})")
            elif card is not None and not card.is_ice and not step.rez_non_ice and not granted:
                raise V.err(path + ("at",), f"non-ice cards can be rezzed only in a window that "
                            f"allows it (not at {step.id}) unless a card allows it: add granted_by")
        elif e.kind == "break":
            if not step.break_subs:
                raise V.err(path + ("at",), f"subroutines can be broken only while the Runner "
                            f"interacts with the encountered ice, not at {step.id}")
            if act.side != "runner":
                raise V.err(path, "only the Runner breaks subroutines")
            ice = known.get(act.ice) if act.ice else None
            if ice is not None and isinstance(e.arg, tuple):
                for n in e.arg:
                    if n > len(ice.subroutines):
                        raise V.err(path, f"{ice.key} has {len(ice.subroutines)} subroutine(s); "
                                    f"there is no subroutine {n}")
        elif e.kind in ("trash", "decline_steal"):
            if step.does not in ACCESS_STEPS:
                raise V.err(path + ("at",), f"{e.kind.replace('_', ' ')} happens while a card is "
                            f"accessed, not at {step.id}")
            if act.side != "runner":
                raise V.err(path, f"only the Runner can {e.kind.replace('_', ' ')} during access")
            card = known.get(e.arg)
            if e.kind == "trash" and card is not None and card.trash_cost is None:
                raise V.err(path, f"{e.arg} has no trash cost, so the Runner cannot trash it: "
                            "give it a trash_cost")
            if e.kind == "decline_steal" and card is not None and card.type != "agenda":
                raise V.err(path, f"{e.arg} is not an agenda")
        elif e.kind == "bypass":
            if step.does not in ("encounter_ice", "paid_window") or (
                    step.does == "paid_window" and not step.break_subs):
                raise V.err(path + ("at",), f"ice can be bypassed only during an encounter, not at {step.id}")


def _expect(V: _V, v) -> dict:
    V.mapping(v, ("expect",), EXPECT_KEYS + tuple(rulesets.RULESETS))
    if any(k in rulesets.RULESETS for k in v):
        if any(k in EXPECT_KEYS for k in v):
            raise V.err(("expect",), "give expectations either per ruleset or for the scenario's ruleset, not both")
        return {k: _expect_one(V, sub, ("expect", k)) for k, sub in v.items()}
    return _expect_one(V, v, ("expect",))


def _expect_one(V: _V, v, path) -> dict:
    V.mapping(v, path, EXPECT_KEYS)
    out: dict = {}
    for k, val in v.items():
        p = path + (k,)
        if k == "outcome":
            out[k] = V.choice(val, p, ("successful", "unsuccessful", "neither"), "outcome")
        elif k == "end":
            out[k] = V.choice(val, p, ("6", "7") + tuple(
                s.id for r in rulesets.RULESETS.values() for s in r.steps if s.kind.value == "end"), "end step")
        elif k == "bad_publicity_credits":
            V.mapping(val, p, ("gained", "lost", "spent"))
            out[k] = {kk: V.integer(vv, p + (kk,), 0, 100) for kk, vv in val.items()}
        elif k == "warnings":
            out[k] = V.integer(val, p, 0, 1000)
        elif k == "error":
            out[k] = V.string(val, p, limit=500, what="part of the expected error message")
        else:
            out[k] = [V.string(x, p + (i,), limit=300, what="an entry")
                      for i, x in enumerate(V.seq(val, p, 1000))]
    return out


def load_scenario(source: str | Path | None = None, text: str | bytes | None = None,
                  ruleset: str | None = None) -> Scenario:
    """Read and validate a scenario from a file path or from text."""
    name = str(source) if source is not None else None
    if text is None:
        if source is None:
            raise ScenarioError("no scenario given")
        p = Path(source)
        try:
            size = p.stat().st_size
            if size > 256 * 1024:
                raise ScenarioError(f"the file is {size} bytes; at most {256 * 1024} are accepted",
                                    source=name)
            text = p.read_bytes()
        except OSError as exc:
            raise ScenarioError(f"cannot read the file: {exc.strerror}", source=name) from None
    doc = load(text, source=name)
    sc = parse_scenario(doc, ruleset)
    raw = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    return Scenario(**{**sc.__dict__, "text": raw})
