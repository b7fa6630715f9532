"""Cards as written in a file (a name, or a mapping with subroutines and abilities) into Card values.

Cards and effects refer to each other (an ability holds effects; `install_ice` holds a card), so
each module reaches the other through its module object."""

from __future__ import annotations

import re

from . import effects
from .model import CARD_TYPES, WHENS, Ability, Card, Effect, Subroutine
from .validate import MAX_TEXT, Validator

__all__ = ["parse_card", "parse_cards", "CARD_KEYS", "ABILITY_KEYS"]

CARD_KEYS = ("name", "id", "type", "rezzed", "trash_cost", "points", "subroutines", "abilities", "text")
ABILITY_KEYS = ("when", "effect", "first", "server", "ice", "text")
_ETR = re.compile(r"^\s*end the run\.?\s*$", re.IGNORECASE)


def _subroutine(V: Validator, s, sp: tuple) -> Subroutine:
    if isinstance(s, dict):
        V.mapping(s, sp, ("text", "effect"), ("text",))
        text = V.string(s["text"], sp + ("text",), limit=MAX_TEXT, kind="subroutine_text")
        eff = effects.parse_effects(V, s["effect"], sp + ("effect",), "corp") if "effect" in s else ()
        return Subroutine(text, eff)
    text = V.string(s, sp, limit=MAX_TEXT, kind="subroutine_text")
    # The plain string "End the run" means what it says (spec: scenario format, Cards).
    return Subroutine(text, (Effect("end_run", True, (), V.line(sp)),) if _ETR.match(text) else ())


def _ability(V: Validator, a, ap: tuple, side: str) -> Ability:
    V.mapping(a, ap, ABILITY_KEYS, ("when", "effect"))
    return Ability(
        when=V.choice(a["when"], ap + ("when",), WHENS, "trigger_moment"),
        effects=effects.parse_effects(V, a["effect"], ap + ("effect",), side),
        first=V.boolean(a["first"], ap + ("first",)) if "first" in a else False,
        server=V.string(a["server"], ap + ("server",), kind="a_server_name") if "server" in a else None,
        ice=V.string(a["ice"], ap + ("ice",), kind="a_card_name") if "ice" in a else None,
        text=V.string(a["text"], ap + ("text",), limit=MAX_TEXT) if "text" in a else None,
        line=V.line(ap))


def parse_card(V: Validator, v, path: tuple, side: str, default_type: str | None = None) -> Card:
    """One card: a bare name is allowed in lists of cards."""
    if isinstance(v, str):
        v = {"name": v}
    V.mapping(v, path, CARD_KEYS, ("name",))
    name = V.string(v["name"], path + ("name",), kind="a_card_name")
    key = V.string(v["id"], path + ("id",), kind="a_card_id") if "id" in v else name
    ctype = V.choice(v["type"], path + ("type",), CARD_TYPES, "card_type") if "type" in v else default_type
    subs = tuple(_subroutine(V, s, path + ("subroutines", i))
                 for i, s in enumerate(V.seq(v.get("subroutines", []), path + ("subroutines",), 30)))
    if "subroutines" in v and ctype is None:
        ctype = "ice"
    abilities = tuple(_ability(V, a, path + ("abilities", i), side)
                      for i, a in enumerate(V.seq(v.get("abilities", []), path + ("abilities",), 30)))
    return Card(
        key=key, name=name, side=side, type=ctype,
        rezzed=V.boolean(v["rezzed"], path + ("rezzed",)) if "rezzed" in v else False,
        trash_cost=V.integer(v["trash_cost"], path + ("trash_cost",), 0, 100) if "trash_cost" in v else None,
        points=V.integer(v["points"], path + ("points",), 0, 20) if "points" in v else None,
        subroutines=subs, abilities=abilities, line=V.line(path))


def parse_cards(V: Validator, v, path: tuple, side: str, default_type: str | None = None) -> tuple[Card, ...]:
    """A list of cards."""
    return tuple(parse_card(V, c, path + (i,), side, default_type) for i, c in enumerate(V.seq(v, path)))
