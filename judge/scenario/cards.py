"""Cards as written in a file (a name, or a mapping with subroutines and abilities) into Card values.

Cards and effects refer to each other (an ability holds effects; `install_ice` holds a card), so
each module reaches the other through its module object."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..i18n import Title
from ..rulesets.whens import MOMENTS
from . import effects
from .board import COUNTER_KINDS, parse_counters
from .conditions import parse_conditions
from .encounter import parse_breaker
from .model import CARD_TYPES, THIS, Ability, Amount, Card, Effect, Server, Subroutine
from .named import resolve_card
from .readings import read_subroutine
from .validate import MAX_TEXT, Validator
from .vocabulary import EFFECTS, Shape
from .yamlsource import YPath

__all__ = ["parse_card", "parse_cards", "per_archives", "CARD_KEYS", "ABILITY_KEYS"]

CARD_KEYS = ("name", "id", "type", "subtypes", "rezzed", "trash_cost", "points", "subroutines", "abilities",
             "runs", "text", "counters", "strength", "rez_cost", "credits", "credits_for", "breaker",
             "strength_plus", "chosen", "installed_this_turn", "trashed_own_this_turn", "copies", "run_clicks", "named")
PER_COUNTERS = tuple(f"{k}_counters" for k in COUNTER_KINDS)  # what a subroutine's `per:` counts
ARCHIVES_CARDS = "archives_cards"  # `per: {count: archives_cards, subtype: X, each: N}` (Blockchain)
PROTECTS = "protects"  # `per: {count: protects, server: HQ}`: listed only on ice protecting that server (Winchester)
REZZED_ICE = "rezzed_ice"  # `per: {count: rezzed_ice, subtype: next}`: once per rezzed ice of that subtype (NEXT Opal)
BOARD_PER = (ARCHIVES_CARDS, PROTECTS, REZZED_ICE)  # counted once the servers are read (`per_archives`)
# what credits hosted on a card may pay for: icebreakers only, anything, trash costs only (Bahia
# Bands), anything in a run the card made (Debbie "Downtown" Moreira), anything once the run is
# successful (Fencer Fueno), anything in a run this card made and in the turn's next run (Trick Shot)
CREDITS_FOR = ("icebreakers", "any", "trash", "its_run", "after_success", "its_run_and_next")
RUNS = ("any", "central", "remote", "iced", "HQ", "R&D", "Archives",  # where a run event may run
        "central_not_run",  # a central server no earlier run of the turn attacked (Red Team; checked by `runs:`)
        "hq_or_rd")         # HQ or R&D (Severnius Stim Implant, Jailbreak)
ABILITY_KEYS = ("when", "effect", "cost", "if", "optional", "after", "first", "server", "ice", "text", "anywhere")


def _subroutine(V: Validator, s: Any, sp: YPath) -> Subroutine:
    per: str | None = None
    per_rez, per_subtype, per_each = 0, None, 1
    if isinstance(s, dict):
        V.mapping(s, sp, ("text", "effect", "per"), ("text",))
        text = V.words(s["text"], sp + ("text",), limit=MAX_TEXT, kind="subroutine_text")
        if "per" in s:
            per, per_rez, per_subtype, per_each = _per(V, s["per"], sp + ("per",))
        if "effect" in s:
            return Subroutine(text, effects.parse_effects(V, s["effect"], sp + ("effect",), "corp"), per, per_rez,
                              per_subtype, per_each)
    else:
        text = V.string(s, sp, limit=MAX_TEXT, kind="subroutine_text")
    # Text alone: "End the run" (or ETR) as a sentence means what it says; other timing words
    # the judge cannot read are said, never ignored (readings).
    ends, unread = read_subroutine(text)
    if unread:
        V.notice(sp, unread, text)
    return Subroutine(text, (Effect("end_run", True, (), V.line(sp)),) if ends else (), per, per_rez,
                      per_subtype, per_each)


def _per(V: Validator, v: Any, path: YPath) -> tuple[str, int, str | None, int]:
    """`per: advancement_counters`, `per: {count: advancement_counters, on_rez: 1}`, or
    `per: {count: archives_cards, subtype: transaction, each: 2}` (Blockchain)."""
    if isinstance(v, dict):
        V.mapping(v, path, ("count", "on_rez", "subtype", "each", "server"), ("count",))
        count = V.choice(v["count"], path + ("count",), PER_COUNTERS + BOARD_PER, "count")
        subtype = V.string(v["subtype"], path + ("subtype",), kind="text").lower() if "subtype" in v else None
        if count in (ARCHIVES_CARDS, REZZED_ICE) and subtype is None:
            raise V.err(path, "missing_key", k="subtype")
        if count == PROTECTS:  # the server is kept where the subtype is (`per_subtype`)
            if "server" not in v:
                raise V.err(path, "missing_key", k="server")
            subtype = V.string(v["server"], path + ("server",), kind="a_server_name")
        return (count, V.integer(v.get("on_rez", 0), path + ("on_rez",), 0, 100), subtype,
                V.integer(v.get("each", 1), path + ("each",), 1, 100))
    return V.choice(v, path, PER_COUNTERS, "count"), 0, None, 1


def per_archives(servers: dict[str, Server]) -> dict[str, Server]:
    """Subroutines written `per: {count: archives_cards, subtype: transaction, each: 2}` listed once
    for every `each` cards of that subtype in Archives as the run begins (Blockchain: every two
    transaction operations); none for fewer; Archives not given holds none. One written `per:
    {count: protects, server: HQ}` is listed only on ice protecting that server (Winchester). One
    written `per: {count: rezzed_ice, subtype: next}` is listed once per rezzed ice of that subtype
    as the run begins, the card itself counted as rezzed (it is when it is encountered: NEXT Opal)."""
    arch = servers.get("Archives")
    found = [c for c in (arch.cards if arch else ())]
    every_ice = [c for sv in servers.values() for c in sv.ice]

    def expand(card: Card, home: str) -> Card:
        if not any(s.per in BOARD_PER for s in card.subroutines):
            return card
        out: list[Subroutine] = []
        for s in card.subroutines:
            if s.per == ARCHIVES_CARDS:
                n = sum(1 for c in found if s.per_subtype in c.subtypes) // s.per_each
            elif s.per == PROTECTS:
                n = 1 if s.per_subtype == home else 0
            elif s.per == REZZED_ICE:
                n = sum(1 for c in every_ice if s.per_subtype in c.subtypes and (c.rezzed or c is card))
            else:
                n = 1
            out += [s] * n
        return replace(card, subroutines=tuple(out))

    return {name: replace(sv, ice=tuple(expand(c, name) for c in sv.ice)) for name, sv in servers.items()}


def _ability(V: Validator, a: Any, ap: YPath, side: str) -> Ability:
    V.mapping(a, ap, ABILITY_KEYS, ("when", "effect"))
    return Ability(
        when=V.choice(a["when"], ap + ("when",), tuple(MOMENTS), "trigger_moment"),
        effects=effects.parse_effects(V, a["effect"], ap + ("effect",), side),
        first=a.get("first") == "turn" or (V.boolean(a["first"], ap + ("first",)) if "first" in a else False),
        first_turn=a.get("first") == "turn",
        server=V.string(a["server"], ap + ("server",), kind="a_server_name") if "server" in a else None,
        ice=V.string(a["ice"], ap + ("ice",), kind="a_card_name") if "ice" in a else None,
        text=V.words(a["text"], ap + ("text",), limit=MAX_TEXT) if "text" in a else None,
        line=V.line(ap),
        cost=effects.parse_effects(V, a["cost"], ap + ("cost",), side) if "cost" in a else (),
        conditions=parse_conditions(V, a["if"], ap + ("if",)) if "if" in a else (),
        optional=V.boolean(a["optional"], ap + ("optional",)) if "optional" in a else False,
        after=V.string(a["after"], ap + ("after",), kind="a_card_name") if "after" in a else None,
        anywhere=V.boolean(a["anywhere"], ap + ("anywhere",)) if "anywhere" in a else False)


def _bind_opt(v: object, key: str) -> object:
    """An effect's option with `this` bound: nested effects (then/otherwise) and a position next to
    the card itself (`position: {inward_of: this}`)."""
    if isinstance(v, tuple) and v and isinstance(v[0], Effect):
        return _bind(v, key)
    if isinstance(v, tuple) and len(v) == 1 and isinstance(v[0], tuple) and v[0][1:] == (THIS,):
        return ((v[0][0], key),)
    return v


def _bind(effs: tuple[Effect, ...], key: str) -> tuple[Effect, ...]:
    """`this` in a card's own effects names the card (by its key: its id, or its name)."""
    out = []
    for e in effs:
        arg = key if e.arg == THIS and EFFECTS[e.kind].shape in (Shape.CARD, Shape.ICE) else e.arg
        if EFFECTS[e.kind].shape is Shape.USE and e.used[0] == THIS:
            arg = (key, e.used[1])
        opts = tuple((k, _bind_opt(v, key)) for k, v in e.opts)
        out.append(replace(e, arg=arg, opts=opts))
    return tuple(out)


def _bind_chosen(effs: tuple[Effect, ...], chosen: str) -> tuple[Effect, ...]:
    """`access_card: chosen` in a card's own effects (and their `then:`) names the card it chose;
    so does `on: chosen` (Knobkierie's counter goes on the virus program it picks)."""
    out = []
    for e in effs:
        arg = chosen if e.kind in ("access_card", "trash_at_zero", "steal_on_access", "not_accessed") and e.arg == "chosen" else e.arg
        opts = tuple((k, _bind_chosen(v, chosen) if isinstance(v, tuple) and v and isinstance(v[0], Effect)
                      else chosen if k in ("on", "of") and v == "chosen" else v)
                     for k, v in e.opts)
        out.append(replace(e, arg=arg, opts=opts))
    return tuple(out)


def parse_card(V: Validator, v: Any, path: YPath, side: str, default_type: str | None = None) -> Card:
    """One card: a bare name is allowed in lists of cards; `card:` names a real card."""
    if isinstance(v, str):
        v = {"name": v}
    title_ko = card_id = None
    if isinstance(v, dict) and "card" in v:
        v, title_ko, card_id = resolve_card(V, v, path, side)
    V.mapping(v, path, CARD_KEYS, ("name",))
    name = V.words(v["name"], path + ("name",), kind="a_card_name")  # an invented card may be named in both
    if title_ko:  # a `card:` entry's name is the card's English title
        name = Title(name, title_ko)
    key = V.string(v["id"], path + ("id",), kind="a_card_id") if "id" in v else name
    if title_ko and key is not name:  # "Ice Wall (inner)": the title in it said in Korean too
        key = Title(key, key.replace(str(name), title_ko)) if str(name) in key else key
    ctype = V.choice(v["type"], path + ("type",), CARD_TYPES, "card_type") if "type" in v else default_type
    subs = tuple(_subroutine(V, s, path + ("subroutines", i))
                 for i, s in enumerate(V.seq(v.get("subroutines", []), path + ("subroutines",), 30)))
    if "subroutines" in v and ctype is None:
        ctype = "ice"
    abilities = tuple(_ability(V, a, path + ("abilities", i), side)
                      for i, a in enumerate(V.seq(v.get("abilities", []), path + ("abilities",), 30)))
    abilities = tuple(replace(a, effects=_bind(a.effects, key), cost=_bind(a.cost, key)) for a in abilities)
    subs = tuple(replace(s, effects=_bind(s.effects, key)) for s in subs)
    counters = parse_counters(V, v["counters"], path + ("counters",)) if "counters" in v else None
    subs, subs_per = _per_counter(subs, counters, bool(v.get("rezzed")))
    chosen = V.string(v["chosen"], path + ("chosen",), kind="a_card_name") if "chosen" in v else None
    if chosen is not None:  # `access_card: chosen` names the card chosen (Pinhole Threading); an ability
        # `ice: chosen` reacts to the ice it names (the host ice of a trojan: Physarum Entangler)
        abilities = tuple(replace(a, effects=_bind_chosen(a.effects, chosen), ice=chosen if a.ice == "chosen" else a.ice)
                          for a in abilities)
    subtypes = tuple(V.string(t, path + ("subtypes", i), kind="text").lower().replace("_", " ")
                     for i, t in enumerate(V.seq(v.get("subtypes", []), path + ("subtypes",), 10)))
    runs = V.choice(v["runs"], path + ("runs",), RUNS, "value") if "runs" in v else None
    return Card(
        key=key, name=name, side=side, type=ctype, subtypes=subtypes, title_ko=title_ko, card_id=card_id, runs=runs,
        rezzed=V.boolean(v["rezzed"], path + ("rezzed",)) if "rezzed" in v else False, rezzed_said="rezzed" in v,
        trash_cost=V.integer(v["trash_cost"], path + ("trash_cost",), 0, 100) if "trash_cost" in v else None,
        points=V.integer(v["points"], path + ("points",), 0, 20) if "points" in v else None,
        subroutines=subs, abilities=abilities, line=V.line(path),
        counters=counters, subs_per=subs_per,
        strength=V.integer(v["strength"], path + ("strength",), 0, 100) if v.get("strength") is not None else None,
        rez_cost=V.integer(v["rez_cost"], path + ("rez_cost",), 0, 100) if v.get("rez_cost") is not None else None,
        credits=V.integer(v["credits"], path + ("credits",), 0, 100) if "credits" in v else 0,
        credits_for=V.choice(v["credits_for"], path + ("credits_for",), CREDITS_FOR, "value")
        if "credits_for" in v else None,
        breaker=parse_breaker(V, v["breaker"], path + ("breaker",)) if "breaker" in v else None,
        strength_plus=_strength_plus(V, v["strength_plus"], path + ("strength_plus",)) if "strength_plus" in v else None,
        chosen=chosen,
        installed_this_turn=V.boolean(v["installed_this_turn"], path + ("installed_this_turn",))
        if "installed_this_turn" in v else False,
        trashed_own_this_turn=V.boolean(v["trashed_own_this_turn"], path + ("trashed_own_this_turn",))
        if "trashed_own_this_turn" in v else False,
        copies=V.integer(v["copies"], path + ("copies",), 0, 20) if "copies" in v else None,
        named=V.integer(v["named"], path + ("named",), 0, 100) if "named" in v else None,
        run_clicks=V.integer(v["run_clicks"], path + ("run_clicks",), 0, 4) if "run_clicks" in v else 1)


# what `strength_plus` counts: counters of a kind on the card itself; the Runner's grip (Cradle:
# `times: -1`); core damage the Runner took (Begemot); 1 when the card was installed this turn (Gauss)
STRENGTH_COUNTS = (*(f"{k}_counters" for k in COUNTER_KINDS), "grip", "core_damage", "installed_this_turn")


def _per_counter(subs: tuple[Subroutine, ...], counters: tuple[tuple[str, int], ...] | None, rezzed: bool
                 ) -> tuple[tuple[Subroutine, ...], str | None]:
    """A subroutine written `per: <kind>_counters` is listed once per such counter on the card
    (Masvingo: one end the run per advancement counter; none with no counter), counted when the run
    begins. An ice unrezzed then gets the counters its rez places (`on_rez`) before it can be
    encountered. With no `counters:` given, a rezzed ice counts what its rez placed, at least one,
    and an unrezzed one only what its rez will place; the engine says so when it is encountered.
    Returns the subroutines and the kind counted."""
    kinds = [s.per for s in subs if s.per is not None and s.per not in BOARD_PER]
    if not kinds:
        return subs, None
    have = dict(counters) if counters is not None else None
    out: list[Subroutine] = []
    for s in subs:
        if s.per is None or s.per in BOARD_PER:  # counted once the servers are known (`per_archives`)
            out.append(s)
            continue
        if have is None:
            n = max(1, s.per_rez) if rezzed else s.per_rez
        else:
            n = have.get(s.per[:-len("_counters")], 0) + (0 if rezzed else s.per_rez)
        out += [s] * n
    return tuple(out), kinds[0][:-len("_counters")]


def _strength_plus(V: Validator, v: Any, path: YPath) -> Amount:
    """`strength_plus: {count: advancement_counters, times: 1}`: strength added per counter of a kind
    on the card itself (Hadrian's Wall: +1 per advancement counter)."""
    V.mapping(v, path, ("count", "times", "plus"), ("count",))
    return Amount(V.choice(v["count"], path + ("count",), STRENGTH_COUNTS, "count"),
                  V.integer(v.get("times", 1), path + ("times",), -100, 100),
                  V.integer(v.get("plus", 0), path + ("plus",), 0, 100))


def parse_cards(V: Validator, v: Any, path: YPath, side: str, default_type: str | None = None) -> tuple[Card, ...]:
    """A list of cards."""
    return tuple(parse_card(V, c, path + (i,), side, default_type) for i, c in enumerate(V.seq(v, path)))
