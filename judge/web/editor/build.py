"""Turn the situation form into a scenario tree, remembering which field each part came from."""

from __future__ import annotations

from ...scenario import BARE, EFFECTS
from ...scenario.yamlsource import path_text
from ..i18n import t
from .effects import YAML_EFFECT, effect_of
from .form import FormData

__all__ = ["build"]

class _Builder:
    def __init__(self, fd: FormData) -> None:
        self.fd, self.origins, self.errors = fd, {}, {}

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
        self.put(data["run"], "by", v["by"], ("run", "by"), "by")
        self.ice(srv, ("servers", server))
        self.cards(data, srv, ("servers", server))
        self.accessed(srv, ("servers", server))
        self.actions(data)
        return data

    def ice(self, srv: dict, sp: tuple) -> None:
        for j, (i, row) in enumerate(self.fd.filled("ice")):
            card = {"name": row["name"].strip(), "rezzed": row["rezzed"] == "yes"}
            subs = [s.strip() for s in row["subs"].split("\n") if s.strip()]
            if subs:
                card["subroutines"] = subs
            srv.setdefault("ice", []).append(card)
            p = sp + ("ice", j)
            self.mark(p, f"ice:{i}:name")
            self.mark(p + ("rezzed",), f"ice:{i}:rezzed")
            self.mark(p + ("subroutines",), f"ice:{i}:subs")

    def cards(self, data: dict, srv: dict, sp: tuple) -> None:
        ice_by_name = {c["name"]: (n, c) for n, c in enumerate(srv.get("ice", []))}
        made: dict[tuple, tuple[tuple, dict]] = {}
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
                    n, card = ice_by_name[name]
                    made[(place, name)] = (sp + ("ice", n), card)
                else:
                    card = {"name": name}
                    if place in ("corp", "root"):
                        card["rezzed"] = row["rezzed"] == "yes"
                    owner = {"runner": data["runner"], "corp": data["corp"]}.get(place, srv)
                    lst = owner.setdefault("root" if place == "root" else "cards", [])
                    lst.append(card)
                    path = (sp + ("root",) if place == "root" else (place, "cards")) + (len(lst) - 1,)
                    made[(place, name)] = (path, card)
                    self.mark(path, f"card:{i}:name")
            path, card = made[(place, name)]
            if row["when"] or row["effect"]:
                eff = self.effect(row["effect"], row["value"], f"card:{i}:value", row["otherwise"])
                ab = {"when": row["when"], "effect": eff}
                if row["first"] == "yes":
                    ab["first"] = True
                card.setdefault("abilities", []).append(ab)
                ap = path + ("abilities", len(card["abilities"]) - 1)
                self.mark(ap, f"card:{i}:effect")
                self.mark(ap + ("when",), f"card:{i}:when")
                self.mark(ap + ("effect",), f"card:{i}:value")

    def accessed(self, srv: dict, sp: tuple) -> None:
        for j, (i, row) in enumerate(self.fd.filled("acc")):
            srv.setdefault("cards", []).append({"name": row["name"].strip(), "type": row["type"]})
            self.mark(sp + ("cards", j), f"acc:{i}:name")
            self.mark(sp + ("cards", j, "type"), f"acc:{i}:type")

    def actions(self, data: dict) -> None:
        for j, (i, row) in enumerate(self.fd.filled("act")):
            if not row["at"].strip():  # a row that cannot be placed is said, never dropped
                self.errors[f"act:{i}:at"] = t("fe_no_step")
                continue
            act: dict = {"at": row["at"].strip(), "by": row["by"]}
            if row["ice"].strip():
                act["ice"] = row["ice"].strip()
            eff = self.effect(row["effect"], row["value"], f"act:{i}:value", row["otherwise"])
            if isinstance(eff, str) and eff in BARE and row["effect"] != YAML_EFFECT:
                act[eff] = True
            elif isinstance(eff, dict) and row["effect"] != YAML_EFFECT:
                act.update(eff)
            else:
                act["effect"] = eff
            data.setdefault("actions", []).append(act)
            p = ("actions", j)
            self.mark(p, f"act:{i}:effect")
            for col, key in (("at", "at"), ("ice", "ice"), ("by", "by"), ("effect", "value")):
                self.mark(p + (key,), f"act:{i}:{col}")
            for k in EFFECTS:
                self.mark(p + (k,), f"act:{i}:value")


def build(fd: FormData) -> tuple[dict, dict[str, str], dict[str, str]]:
    """The scenario tree, the origin of each place in it (`where` -> field) and field errors."""
    b = _Builder(fd)
    data = b.run()
    return data, b.origins, b.errors

