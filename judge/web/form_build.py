"""Turn the situation form into a scenario tree, remembering which field each part came from."""

from __future__ import annotations

from ..errors import JudgeError
from ..scenario import BARE_EFFECTS, EFFECT_KINDS
from ..yamlsource import _fmt, load
from .form import FormData
from .i18n import t
from .yamltree import tree

__all__ = ["build", "effect_of", "field_for", "INT_EFFECTS", "LIST_EFFECTS", "YAML_EFFECT"]

INT_EFFECTS = ("pay", "gain", "bad_publicity", "access_more")
LIST_EFFECTS = ("swap_ice", "access_only")
YAML_EFFECT = "yaml"  # the effect select's last option: the value is a whole effect in YAML


def _yaml_value(text: str) -> object:
    try:
        return tree(load(text))  # the loader's limits stop alias bombs in a one-line field
    except JudgeError as exc:
        raise ValueError(t("fe_yaml", msg=exc.message)) from None


def effect_of(kind: str, value: str) -> object:
    """The effect a (kind, value) pair of the form means; ValueError says what is wrong."""
    value = value.strip()
    if kind == YAML_EFFECT:
        if not value:
            raise ValueError(t("fe_yaml_needed"))
        return _yaml_value(value)
    if kind not in EFFECT_KINDS:
        raise ValueError(t("fe_choose_effect"))
    if value[:1] in ("{", "["):
        parsed = _yaml_value(value)
        return parsed if isinstance(parsed, dict) and kind in parsed else {kind: parsed}
    if kind in BARE_EFFECTS:
        if value:
            raise ValueError(t("fe_no_value", kind=kind))
        return kind
    if not value:
        raise ValueError(t("fe_needs_value", kind=kind))
    if kind in INT_EFFECTS:
        if not value.isdigit():
            raise ValueError(t("fe_int", kind=kind, value=value[:30]))
        return {kind: int(value)}
    if kind == "break":
        if value == "all":
            return {kind: "all"}
        nums = [x.strip() for x in value.split(",")]
        if not all(x.isdigit() for x in nums):
            raise ValueError(t("fe_break"))
        return {kind: [int(x) for x in nums]}
    if kind in LIST_EFFECTS:
        return {kind: [x.strip() for x in value.split(",") if x.strip()]}
    if kind == "install_ice":
        return {kind: {"name": value, "type": "ice"}, "position": "innermost"}
    return {kind: value}


class _Builder:
    def __init__(self, fd: FormData) -> None:
        self.fd, self.origins, self.errors = fd, {}, {}

    def mark(self, path: tuple, key: str) -> None:
        self.origins[_fmt(path)] = key

    def whole(self, key: str, label: str) -> int | None:
        v = self.fd.values[key].strip() or "0"
        if not v.isdigit() or int(v) > 1000:
            self.errors[key] = t("fe_whole", label=t(label))
            return None
        return int(v)

    def effect(self, kind: str, value: str, key: str):
        try:
            return effect_of(kind, value)
        except ValueError as exc:
            self.errors[key] = str(exc)
            return None

    def run(self) -> dict:
        v = self.fd.values
        data: dict = {}
        if v["title"].strip():
            data["title"] = v["title"].strip()
            self.mark(("title",), "title")
        if v["ruleset"].strip():
            data["ruleset"] = v["ruleset"].strip()
            self.mark(("ruleset",), "ruleset")
        tags = [t.strip() for t in v["tags"].split(",") if t.strip()]
        if tags:
            data["tags"] = tags
            self.mark(("tags",), "tags")
        server = v["server"].strip()
        if not server:
            self.errors["server"] = t("fe_server")
            server = "HQ"
        data["run"] = {"server": server}
        self.mark(("run",), "server")
        if v["by"].strip():
            data["run"]["by"] = v["by"].strip()
            self.mark(("run", "by"), "by")
        data["corp"] = {"bad_publicity": self.whole("bad_publicity", "f_bad_publicity")}
        self.mark(("corp",), "bad_publicity")
        data["runner"] = {"credits": self.whole("credits", "f_credits")}
        self.mark(("runner",), "credits")
        srv: dict = {}
        data["servers"] = {server: srv}
        self.mark(("servers",), "server")
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
                eff = self.effect(row["effect"], row["value"], f"card:{i}:value")
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
            act: dict = {"at": row["at"].strip(), "by": row["by"]}
            if row["ice"].strip():
                act["ice"] = row["ice"].strip()
            eff = self.effect(row["effect"], row["value"], f"act:{i}:value")
            if isinstance(eff, str) and eff in BARE_EFFECTS and row["effect"] != YAML_EFFECT:
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
            for k in EFFECT_KINDS:
                self.mark(p + (k,), f"act:{i}:value")


def build(fd: FormData) -> tuple[dict, dict[str, str], dict[str, str]]:
    """The scenario tree, the origin of each place in it (`where` -> field) and field errors."""
    b = _Builder(fd)
    data = b.run()
    return data, b.origins, b.errors


def field_for(origins: dict[str, str], where: str | None) -> str | None:
    """The form field an error's `where` (`servers.HQ.ice[1].name`) belongs to."""
    if not where:
        return None
    best = None
    for place, key in origins.items():
        if where == place or where.startswith(place + ".") or where.startswith(place + "["):
            if best is None or len(place) > len(best[0]):
                best = (place, key)
    return best[1] if best else None
