"""Cards named by `card:` (a NetrunnerDB id, an English or a Korean title): the catalogue's facts,
the card's model, then the keys the scenario gives beside `card:`, which win."""

from __future__ import annotations

from typing import Any

from .. import cards as catalogue
from ..cards.model import CARD_PART, model
from ..i18n import Title
from .validate import Validator
from .yamlsource import YPath

__all__ = ["resolve_card", "OVERRIDES"]

# What a scenario may say beside `card:` (`name` is the English title; `id` renames the card).
OVERRIDES = ("card", "id", "rezzed", "subroutines", "abilities", "trash_cost", "points", "subtypes", "type", "runs",
             "text", "counters", "strength", "rez_cost", "credits", "credits_for", "strength_plus", "chosen",
             "installed_this_turn", "trashed_own_this_turn", "copies", "run_clicks", "named")
REZ_COSTS = ("ice", "asset", "upgrade")  # Corp types whose catalogue cost is a rez cost


def resolve_card(V: Validator, v: dict[str, Any], path: YPath, side: str) -> tuple[dict[str, Any], str | None, str]:
    """(the card as a plain mapping, its Korean title, its catalogue id) for a `card:` entry."""
    V.mapping(v, path, OVERRIDES, ("card",))
    asked = V.string(v["card"], path + ("card",), kind="a_card_name")
    facts = catalogue.find(asked)
    if facts is None:
        near = ", ".join(c.title for c in catalogue.suggest(asked))
        raise V.err(path + ("card",), "unknown_card", c=repr(asked), near=near or "—")
    if facts.side != side:
        raise V.err(path + ("card",), "card_wrong_side", c=facts.title, side=facts.side)
    out: dict[str, Any] = {"name": facts.title, "type": facts.scenario_type,
                 "subtypes": [s.replace("_", " ") for s in facts.subtypes]}
    if facts.trash_cost is not None:
        out["trash_cost"] = facts.trash_cost
    if facts.agenda_points is not None:
        out["points"] = facts.agenda_points
    if facts.strength is not None:
        out["strength"] = facts.strength
    if facts.cost is not None and facts.side == "corp" and facts.scenario_type in REZ_COSTS:
        out["rez_cost"] = facts.cost
    found = model(facts.id)
    if found is not None:
        out.update(found.card)
    elif not any(k in v for k in CARD_PART):  # the scenario writes none of what it does: nothing is applied
        V.notice(path + ("card",), "no_model", Title(facts.title, facts.title_ko) if facts.title_ko else facts.title)
    out.update({k: x for k, x in v.items() if k != "card"})
    return out, facts.title_ko, facts.id

