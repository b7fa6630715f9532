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
from .model import CARD_TYPES, THIS, Ability, Amount, Card, Effect, Subroutine
from .named import resolve_card
from .readings import read_subroutine
from .validate import MAX_TEXT, Validator
from .vocabulary import EFFECTS, Shape
from .yamlsource import YPath

__all__ = ["parse_card", "parse_cards", "CARD_KEYS", "ABILITY_KEYS"]

CARD_KEYS = ("name", "id", "type", "subtypes", "rezzed", "trash_cost", "points", "subroutines", "abilities",
             "runs", "text", "counters", "strength", "rez_cost", "credits", "credits_for", "breaker",
             "strength_plus", "chosen")
# what credits hosted on a card may pay for: icebreakers only, anything, trash costs only (Bahia
# Bands), anything in a run the card made (Debbie "Downtown" Moreira), anything once the run is
# successful (Fencer Fueno), anything in a run this card made and in the turn's next run (Trick Shot)
CREDITS_FOR = ("icebreakers", "any", "trash", "its_run", "after_success", "its_run_and_next")
RUNS = ("any", "central", "remote", "iced", "HQ", "R&D", "Archives", "HQ or R&D")  # where a run event may run
ABILITY_KEYS = ("when", "effect", "cost", "if", "optional", "after", "first", "server", "ice", "text")


def _subroutine(V: Validator, s: Any, sp: YPath) -> Subroutine:
    if isinstance(s, dict):
        V.mapping(s, sp, ("text", "effect"), ("text",))
        text = V.words(s["text"], sp + ("text",), limit=MAX_TEXT, kind="subroutine_text")
        if "effect" in s:
            return Subroutine(text, effects.parse_effects(V, s["effect"], sp + ("effect",), "corp"))
    else:
        text = V.string(s, sp, limit=MAX_TEXT, kind="subroutine_text")
    # Text alone: "End the run" (or ETR) as a sentence means what it says; other timing words
    # the judge cannot read are said, never ignored (readings).
    ends, unread = read_subroutine(text)
    if unread:
        V.notice(sp, unread, text)
    return Subroutine(text, (Effect("end_run", True, (), V.line(sp)),) if ends else ())


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
        after=V.string(a["after"], ap + ("after",), kind="a_card_name") if "after" in a else None)


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
    """`access_card: chosen` in a card's own effects (and their `then:`) names the card it chose."""
    out = []
    for e in effs:
        arg = chosen if e.kind in ("access_card", "steal_on_access") and e.arg == "chosen" else e.arg
        opts = tuple((k, _bind_chosen(v, chosen) if isinstance(v, tuple) and v and isinstance(v[0], Effect) else v)
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
    chosen = V.string(v["chosen"], path + ("chosen",), kind="a_card_name") if "chosen" in v else None
    if chosen is not None:  # `access_card: chosen` names the card chosen (Pinhole Threading)
        abilities = tuple(replace(a, effects=_bind_chosen(a.effects, chosen)) for a in abilities)
    subtypes = tuple(V.string(t, path + ("subtypes", i), kind="text").lower().replace("_", " ")
                     for i, t in enumerate(V.seq(v.get("subtypes", []), path + ("subtypes",), 10)))
    runs = V.choice(v["runs"], path + ("runs",), RUNS, "value") if "runs" in v else None
    return Card(
        key=key, name=name, side=side, type=ctype, subtypes=subtypes, title_ko=title_ko, card_id=card_id, runs=runs,
        rezzed=V.boolean(v["rezzed"], path + ("rezzed",)) if "rezzed" in v else False, rezzed_said="rezzed" in v,
        trash_cost=V.integer(v["trash_cost"], path + ("trash_cost",), 0, 100) if "trash_cost" in v else None,
        points=V.integer(v["points"], path + ("points",), 0, 20) if "points" in v else None,
        subroutines=subs, abilities=abilities, line=V.line(path),
        counters=parse_counters(V, v["counters"], path + ("counters",)) if "counters" in v else None,
        strength=V.integer(v["strength"], path + ("strength",), 0, 100) if v.get("strength") is not None else None,
        rez_cost=V.integer(v["rez_cost"], path + ("rez_cost",), 0, 100) if v.get("rez_cost") is not None else None,
        credits=V.integer(v["credits"], path + ("credits",), 0, 100) if "credits" in v else 0,
        credits_for=V.choice(v["credits_for"], path + ("credits_for",), CREDITS_FOR, "value")
        if "credits_for" in v else None,
        breaker=parse_breaker(V, v["breaker"], path + ("breaker",)) if "breaker" in v else None,
        strength_plus=_strength_plus(V, v["strength_plus"], path + ("strength_plus",)) if "strength_plus" in v else None,
        chosen=chosen)


STRENGTH_COUNTS = tuple(f"{k}_counters" for k in COUNTER_KINDS)


def _strength_plus(V: Validator, v: Any, path: YPath) -> Amount:
    """`strength_plus: {count: advancement_counters, times: 1}`: strength added per counter of a kind
    on the card itself (Hadrian's Wall: +1 per advancement counter)."""
    V.mapping(v, path, ("count", "times", "plus"), ("count",))
    return Amount(V.choice(v["count"], path + ("count",), STRENGTH_COUNTS, "count"),
                  V.integer(v.get("times", 1), path + ("times",), 0, 100),
                  V.integer(v.get("plus", 0), path + ("plus",), 0, 100))


def parse_cards(V: Validator, v: Any, path: YPath, side: str, default_type: str | None = None) -> tuple[Card, ...]:
    """A list of cards."""
    return tuple(parse_card(V, c, path + (i,), side, default_type) for i, c in enumerate(V.seq(v, path)))
