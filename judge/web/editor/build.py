"""Turn the situation form into a scenario tree, remembering which field each part came from."""

from __future__ import annotations

from ... import rulesets
from ...scenario import BARE, EFFECTS
from ...scenario.yamlsource import path_text
from ..i18n import t
from .cardrows import (
    card_named,
    card_of_row,
    near_card,
    near_title,
    same_abilities,
    side_of_place,
    subs_override,
)
from .effects import YAML_EFFECT, effect_of
from .form import FormData
from .steps import effective

__all__ = ["build"]


def _named(real, typed: str) -> dict:
    """A real card as the scenario writes it: `card:` its id, and `id:` the name typed when that is
    neither of its titles (a second copy, "Tollbooth 2")."""
    out: dict = {"card": real.id}
    if typed and typed not in (real.title, real.title_ko) and card_named(typed, real.side) is None:
        out["id"] = typed
    return out


class _Builder:
    def __init__(self, fd: FormData) -> None:
        self.fd, self.origins, self.errors = fd, {}, {}
        self.ice_names: dict[str, tuple[int, dict, object]] = {}  # a name typed (or a card's title) -> its ice
        self.aliases: dict[str, str] = {}  # a real card's name as typed ("톨부스") -> its name in the scenario

    def known_as(self, real, typed: str, card: dict) -> None:
        """Remember that actions may name a real card as it was typed in its row (its Korean title)."""
        scenario_name = card.get("id") or real.title
        if typed and typed != scenario_name:
            self.aliases.setdefault(typed, scenario_name)

    def alias(self, v):
        if isinstance(v, str):
            return self.aliases.get(v.strip(), v)
        if isinstance(v, list):
            return [self.alias(x) for x in v]
        return v

    def typo(self, name: str, place: str, key: str) -> None:
        """A name that is no card but a few letters off one ("Tolbooth") is refused next to its field,
        with the card it looks like, unless the judge ticked "a card of my own": never a silent
        invented card with no abilities."""
        own = {x.strip() for x in self.fd.own}
        if not name or name in own:
            return
        near = near_card(name, side_of_place(place))
        if near is not None:
            title = near_title(near, name)
            self.errors[key] = t("fe_not_a_card", name=name, card=title)
            self.fd.near[key] = title

    def per_ice(self, at: str) -> bool:
        """Whether a step of the form's rule set belongs to one piece of ice (2.3, 3.1...)."""
        rs = rulesets.get(effective(self.fd.values.get("ruleset")))
        return at in rs.step_ids and rs.step(at).per_ice

    def mark(self, path: tuple, key: str) -> None:
        self.origins[path_text(path)] = key

    def whole(self, key: str, label: str) -> int | None:
        v = self.fd.values[key].strip() or "0"
        # ASCII digits only: "²" passes isdigit() but not int()
        if not (v.isascii() and v.isdigit() and len(v) <= 4) or int(v) > 1000:
            self.errors[key] = t("fe_whole", label=t(label))
            return None
        return int(v)

    def effect(self, kind: str, value: str, key: str, otherwise: str = ""):
        try:
            return effect_of(kind, value, otherwise)
        except ValueError as exc:
            self.errors[key] = str(exc)
            return None

    def put(self, target: dict, key: str, value, path: tuple, field: str) -> None:
        if value:
            target[key] = value
            self.mark(path, field)

    def run(self) -> dict:
        v = {k: x.strip() for k, x in self.fd.values.items()}
        data: dict = {}
        self.put(data, "title", v["title"], ("title",), "title")
        self.put(data, "ruleset", v["ruleset"], ("ruleset",), "ruleset")
        self.put(data, "tags", [x.strip() for x in v["tags"].split(",") if x.strip()], ("tags",), "tags")
        if not v["server"]:
            self.errors["server"] = t("fe_server")
        server = v["server"] or "HQ"
        srv: dict = {}
        data.update(run={"server": server}, corp={"bad_publicity": self.whole("bad_publicity", "f_bad_publicity")},
                    runner={"credits": self.whole("credits", "f_credits")}, servers={server: srv})
        for place, field in (("run", "server"), ("corp", "bad_publicity"), ("runner", "credits"),
                             ("servers", "server")):
            self.mark((place,), field)
        self.ice(srv, ("servers", server))
        self.cards(data, srv, ("servers", server))
        if v["by"]:
            self.by(data, v["by"])
        self.accessed(srv, ("servers", server))
        self.actions(data)
        return data

    def ice(self, srv: dict, sp: tuple) -> None:
        for j, (i, row) in enumerate(self.fd.filled("ice")):
            name = row["name"].strip()
            subs = [s.strip() for s in row["subs"].split("\n") if s.strip()]
            real = card_of_row(row.get("card", ""), name, "ice")
            if real is None:
                self.typo(name, "ice", f"ice:{i}:name")
            card: dict = _named(real, name) if real else {"name": name}
            if real:
                self.known_as(real, name, card)
            card["rezzed"] = row["rezzed"] == "yes"
            override = subs_override(real, subs) if real else subs
            if override:
                card["subroutines"] = override
            srv.setdefault("ice", []).append(card)
            for known in (name, real.title if real else "", real.title_ko if real else ""):
                if known:
                    self.ice_names.setdefault(known, (j, card, real))
            p = sp + ("ice", j)
            self.mark(p, f"ice:{i}:name")
            self.mark(p + ("rezzed",), f"ice:{i}:rezzed")
            self.mark(p + ("subroutines",), f"ice:{i}:subs")

    def cards(self, data: dict, srv: dict, sp: tuple) -> None:
        ice_by_name = self.ice_names
        made: dict[tuple, tuple[tuple, dict, object, list]] = {}
        for i, row in self.fd.filled("card"):
            name, place = row["name"].strip(), row["place"]
            if not name:
                self.errors[f"card:{i}:name"] = t("fe_no_name")
                continue
            if (place, name) not in made:
                if place == "ice":
                    if name not in ice_by_name:
                        self.errors[f"card:{i}:name"] = t("fe_no_ice_row", name=name)
                        continue
                    n, card, real = ice_by_name[name]
                    made[(place, name)] = (sp + ("ice", n), card, real, [])
                else:
                    real = card_of_row(row.get("card", ""), name, place)
                    if real is None:
                        self.typo(name, place, f"card:{i}:name")
                    card = _named(real, name) if real else {"name": name}
                    if real:
                        self.known_as(real, name, card)
                    if place in ("corp", "root"):
                        card["rezzed"] = row["rezzed"] == "yes"
                    owner = {"runner": data["runner"], "corp": data["corp"]}.get(place, srv)
                    lst = owner.setdefault("root" if place == "root" else "cards", [])
                    lst.append(card)
                    path = (sp + ("root",) if place == "root" else (place, "cards")) + (len(lst) - 1,)
                    made[(place, name)] = (path, card, real, [])
                    self.mark(path, f"card:{i}:name")
            made[(place, name)][3].append((i, row))
        for (place, _), (path, card, real, rows) in made.items():
            if real is not None and same_abilities(real, place, [r for _, r in rows]):
                continue  # the rows say what the card's model says: the model applies whole
            if real is not None:
                card["abilities"] = []  # typed rows replace the model's abilities
            for i, row in rows:
                self.ability(card, path, i, row)

    def ability(self, card: dict, path: tuple, i: int, row: dict[str, str]) -> None:
        if not (row["when"] or row["effect"]):
            return
        eff = self.effect(row["effect"], row["value"], f"card:{i}:value", row["otherwise"])
        ab = {"when": row["when"], "effect": eff}
        if row["first"] == "yes":
            ab["first"] = True
        card.setdefault("abilities", []).append(ab)
        ap = path + ("abilities", len(card["abilities"]) - 1)
        self.mark(ap, f"card:{i}:effect")
        self.mark(ap + ("when",), f"card:{i}:when")
        self.mark(ap + ("effect",), f"card:{i}:value")

    def by(self, data: dict, name: str) -> None:
        """The run's card: a real Runner card named there is on the Runner's side (with its model)
        even without a row of its own; the run names it by its English title."""
        real = card_named(name, "runner")
        if real is None:
            self.typo(name, "by", "by")
            self.put(data["run"], "by", name, ("run", "by"), "by")
            return
        self.put(data["run"], "by", real.title, ("run", "by"), "by")
        self.known_as(real, name, {})
        mine = data["runner"].setdefault("cards", [])
        if not any(c.get("card") == real.id or c.get("name") == real.title for c in mine):
            mine.append({"card": real.id})
            self.mark(("runner", "cards", len(mine) - 1), "by")
        if not mine:
            del data["runner"]["cards"]

    def accessed(self, srv: dict, sp: tuple) -> None:
        for j, (i, row) in enumerate(self.fd.filled("acc")):
            name = row["name"].strip()
            real = card_of_row(row.get("card", ""), name, "acc")
            if real is None:
                self.typo(name, "acc", f"acc:{i}:name")
            # a real card has its real type (an agenda is stolen, an operation is not)
            card = _named(real, name) if real else {"name": name, "type": row["type"]}
            if real:
                self.known_as(real, name, card)
            srv.setdefault("cards", []).append(card)
            self.mark(sp + ("cards", j), f"acc:{i}:name")
            self.mark(sp + ("cards", j, "type"), f"acc:{i}:type")

    def actions(self, data: dict) -> None:
        for j, (i, row) in enumerate(self.fd.filled("act")):
            if not row["at"].strip():  # a row that cannot be placed is said, never dropped
                self.errors[f"act:{i}:at"] = t("fe_no_step")
                continue
            act: dict = {"at": row["at"].strip(), "by": row["by"]}
            if not row["ice"].strip() and self.per_ice(act["at"]):
                # said on the ice field, in words, not as a YAML key on the effect
                self.errors[f"act:{i}:ice"] = t("fe_choose_ice", at=act["at"])
            if row["ice"].strip():
                act["ice"] = self.alias(row["ice"].strip())
            eff = self.effect(row["effect"], row["value"], f"act:{i}:value", row["otherwise"])
            if isinstance(eff, dict):
                eff = {k: self.alias(x) for k, x in eff.items()}
            if isinstance(eff, str) and eff in BARE and row["effect"] != YAML_EFFECT:
                act[eff] = True
            elif isinstance(eff, dict) and row["effect"] != YAML_EFFECT:
                act.update(eff)
            else:
                act["effect"] = eff
            breaker = row.get("with", "").strip()
            if breaker and "break" in act:  # the breaker used: the judge checks and pays for it
                act["with"] = self.alias(breaker)
            elif breaker:
                self.errors[f"act:{i}:with"] = t("fe_with_break")
            data.setdefault("actions", []).append(act)
            p = ("actions", j)
            self.mark(p, f"act:{i}:effect")
            for col, key in (("at", "at"), ("ice", "ice"), ("by", "by"), ("effect", "value"), ("with", "with")):
                self.mark(p + (key,), f"act:{i}:{col}")
            for k in EFFECTS:
                self.mark(p + (k,), f"act:{i}:value")


def build(fd: FormData) -> tuple[dict, dict[str, str], dict[str, str]]:
    """The scenario tree, the origin of each place in it (`where` -> field) and field errors."""
    b = _Builder(fd)
    data = b.run()
    return data, b.origins, b.errors

