"""Fill the situation form from a scenario tree, saying which parts the form cannot show."""

from __future__ import annotations

from ...cards.catalogue import find
from ..i18n import lang
from ..situations.yamltree import Raw
from .cardrows import ability_rows, subs_text
from .effects import effect_fields
from .form import COLUMNS, FormData, blank

__all__ = ["fill"]

# `derived` (where a stepper decision came from) is not lost: a situation changed in the form is a
# situation of its own, with no such record.
_TOP = ("title", "ruleset", "tags", "run", "corp", "runner", "servers", "actions", "derived")


def _s(v) -> str:
    return v.text if isinstance(v, Raw) else "" if v is None else str(v)


def _yes(v) -> str:
    return "yes" if (v.value if isinstance(v, Raw) else v) is True else "no"


class _Filler:
    def __init__(self) -> None:
        self.fd = blank()
        self.fd.rows = {k: [] for k in COLUMNS}
        self.lost: list[str] = []

    def shaped(self, v, kind: type, where: str):
        """v when it is a dict or list as a scenario has there; otherwise empty, and the place is
        said to be left out (a YAML list where a mapping belongs must not crash the form)."""
        if isinstance(v, kind):
            return v
        if v is not None:
            self.lost.append(where)
        return kind()

    def extra(self, d: dict, allowed: tuple[str, ...], where: str) -> None:
        self.lost += [f"{where}.{k}" if where else k for k in d if k not in allowed]

    def row(self, kind: str, **values: str) -> None:
        r = self.fd.new_row(kind)
        r.update(values)
        self.fd.rows[kind].append(r)

    def card(self, c, place: str, where: str) -> None:
        c = {"name": c} if isinstance(c, (str, Raw)) else c
        if not isinstance(c, dict):
            self.lost.append(where)
            return
        real = find(_s(c["card"])) if "card" in c else None
        if "card" in c and real is None:
            self.lost.append(f"{where}.card")
            return
        allowed = ("name", "rezzed", "abilities", "type") + (("subroutines",) if place == "ice" else ())
        self.extra(c, allowed + (("card", "id") if real else ()), where)
        name, rezzed, card_id = _s(c.get("name")), _yes(c.get("rezzed")), ""
        if real is not None:
            name, card_id = _s(c.get("id")) or real.title, real.id
        if place == "ice":
            if real is not None and "subroutines" not in c:
                subs = subs_text(real, lang())
            else:
                subs = self.shaped(c.get("subroutines"), list, f"{where}.subroutines")
                if not all(isinstance(s, (str, Raw)) for s in subs):
                    self.lost.append(f"{where}.subroutines")
                subs = "\n".join(_s(s) for s in subs if isinstance(s, (str, Raw)))
            self.row("ice", name=name, rezzed=rezzed, subs=subs, card=card_id)
        if real is not None and "abilities" not in c:
            rows = ability_rows(real, place)
            if not rows and place != "ice":
                self.row("card", name=name, place=place, rezzed=rezzed, card=card_id)
            for r in rows:
                self.row("card", name=name, rezzed=rezzed, card=card_id, **r)
            return
        abilities = c.get("abilities") or []
        if not abilities and place != "ice":
            self.row("card", name=name, place=place, rezzed=rezzed, card=card_id)
        for n, ab in enumerate(abilities if isinstance(abilities, list) else []):
            if not isinstance(ab, dict):
                self.lost.append(f"{where}.abilities[{n}]")
                continue
            self.extra(ab, ("when", "effect", "first"), f"{where}.abilities[{n}]")
            kind, value, otherwise = effect_fields(ab.get("effect"))
            self.row("card", name=name, place=place, rezzed=rezzed, when=_s(ab.get("when")),
                     effect=kind, value=value, otherwise=otherwise, first=_yes(ab.get("first")), card=card_id)

    def accessed(self, c, where: str) -> None:
        c = self.shaped({"name": c} if isinstance(c, (str, Raw)) else c, dict, where)
        if not c:
            return
        real = find(_s(c["card"])) if "card" in c else None
        if real is not None:
            self.extra(c, ("card", "id"), where)
            self.row("acc", name=_s(c.get("id")) or real.title, type=real.scenario_type, card=real.id)
            return
        self.extra(c, ("name", "type"), where)
        self.row("acc", name=_s(c.get("name")), type=_s(c.get("type")))

    def run(self, data: dict) -> None:
        v = self.fd.values
        self.extra(data, _TOP, "")
        title = data.get("title")
        if isinstance(title, dict):  # a title in both languages: the form shows the page's (the YAML keeps both)
            self.lost.append("title")
            title = title.get(lang()) or title.get("en") or ""
        v["title"], v["ruleset"] = _s(title), _s(data.get("ruleset"))
        v["tags"] = ", ".join(_s(t) for t in self.shaped(data.get("tags"), list, "tags"))
        run, corp, runner = (self.shaped(data.get(k), dict, k) for k in ("run", "corp", "runner"))
        v["server"], v["by"] = _s(run.get("server")), _s(run.get("by"))
        v["bad_publicity"] = _s(corp.get("bad_publicity", 0))
        v["credits"] = _s(runner.get("credits", 5))
        for i, c in enumerate(self.shaped(runner.get("cards"), list, "runner.cards")):
            self.card(c, "runner", f"runner.cards[{i}]")
        for i, c in enumerate(self.shaped(corp.get("cards"), list, "corp.cards")):
            self.card(c, "corp", f"corp.cards[{i}]")
        for name, srv in self.shaped(data.get("servers"), dict, "servers").items():
            if name != v["server"]:
                self.lost.append(f"servers.{name}")
                continue
            where = f"servers.{name}"
            srv = self.shaped(srv, dict, where)
            self.extra(srv, ("ice", "root", "cards"), where)
            for i, c in enumerate(self.shaped(srv.get("ice"), list, f"{where}.ice")):
                self.card(c, "ice", f"{where}.ice[{i}]")
            for i, c in enumerate(self.shaped(srv.get("root"), list, f"{where}.root")):
                self.card(c, "root", f"{where}.root[{i}]")
            for i, c in enumerate(self.shaped(srv.get("cards"), list, f"{where}.cards")):
                self.accessed(c, f"{where}.cards[{i}]")
        for i, a in enumerate(self.shaped(data.get("actions"), list, "actions")):
            self.action(a, f"actions[{i}]")

    def action(self, a: dict, where: str) -> None:
        if not isinstance(a, dict) or not isinstance(a.get("at"), (str, Raw)):
            self.lost.append(where)
            return
        self.lost += [f"{where}.{k}" for k in ("time", "granted_by") if k in a]
        rest = {k: x for k, x in a.items() if k not in ("at", "ice", "by", "time", "granted_by")}
        breaker = ""
        if "break" in rest and isinstance(rest.get("with"), (str, Raw)):  # "break with", a field of its own
            breaker = _s(rest.pop("with"))
        eff = rest["effect"] if "effect" in rest else rest
        kind, value, otherwise = effect_fields(eff)
        self.row("act", at=_s(a["at"]), ice=_s(a.get("ice")), by=_s(a.get("by")), effect=kind,
                 value=value, otherwise=otherwise, **{"with": breaker})


def fill(data: object) -> tuple[FormData, list[str]]:
    """The form showing a scenario, and the places the form leaves out (empty: it shows all)."""
    f = _Filler()
    if isinstance(data, dict):
        f.run(data)
    else:
        f.lost.append("(the whole document)")
    # A card the YAML writes by `name:` and not `card:` is the author's own: said so in the form,
    # so it is not taken for a misspelt real card when the form runs.
    for kind in ("ice", "card", "acc"):
        for r in f.fd.rows[kind]:
            if r["name"].strip() and not r.get("card") and r["name"] not in f.fd.own:
                f.fd.own.append(r["name"])
    for kind in ("ice", "card", "act"):
        if not f.fd.rows[kind]:
            f.fd.rows[kind].append(f.fd.new_row(kind))
    return f.fd, f.lost
