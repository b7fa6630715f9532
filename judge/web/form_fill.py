"""Fill the situation form from a scenario tree, saying which parts the form cannot show."""

from __future__ import annotations

from .form import COLUMNS, FormData, blank
from .form_effects import effect_fields
from .yamltree import Raw

__all__ = ["fill"]

_TOP = ("title", "ruleset", "tags", "run", "corp", "runner", "servers", "actions")


def _s(v) -> str:
    return v.text if isinstance(v, Raw) else "" if v is None else str(v)


def _yes(v) -> str:
    return "yes" if (v.value if isinstance(v, Raw) else v) is True else "no"


class _Filler:
    def __init__(self) -> None:
        self.fd = blank()
        self.fd.rows = {k: [] for k in COLUMNS}
        self.lost: list[str] = []

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
        self.extra(c, ("name", "rezzed", "abilities", "type") + (("subroutines",) if place == "ice" else ()),
                   where)
        name, rezzed = _s(c.get("name")), _yes(c.get("rezzed"))
        if place == "ice":
            subs = c.get("subroutines") or []
            if not all(isinstance(s, (str, Raw)) for s in subs):
                self.lost.append(f"{where}.subroutines")
            self.row("ice", name=name, rezzed=rezzed,
                     subs="\n".join(_s(s) for s in subs if isinstance(s, (str, Raw))))
        abilities = c.get("abilities") or []
        if not abilities and place != "ice":
            self.row("card", name=name, place=place, rezzed=rezzed)
        for n, ab in enumerate(abilities if isinstance(abilities, list) else []):
            if not isinstance(ab, dict):
                self.lost.append(f"{where}.abilities[{n}]")
                continue
            self.extra(ab, ("when", "effect", "first"), f"{where}.abilities[{n}]")
            kind, value = effect_fields(ab.get("effect"))
            self.row("card", name=name, place=place, rezzed=rezzed, when=_s(ab.get("when")),
                     effect=kind, value=value, first=_yes(ab.get("first")))

    def run(self, data: dict) -> None:
        v = self.fd.values
        self.extra(data, _TOP, "")
        v["title"], v["ruleset"] = _s(data.get("title")), _s(data.get("ruleset"))
        v["tags"] = ", ".join(_s(t) for t in data.get("tags") or [])
        run, corp, runner = (data.get(k) or {} for k in ("run", "corp", "runner"))
        v["server"], v["by"] = _s(run.get("server")), _s(run.get("by"))
        v["bad_publicity"] = _s(corp.get("bad_publicity", 0))
        v["credits"] = _s(runner.get("credits", 5))
        for i, c in enumerate(runner.get("cards") or []):
            self.card(c, "runner", f"runner.cards[{i}]")
        for i, c in enumerate(corp.get("cards") or []):
            self.card(c, "corp", f"corp.cards[{i}]")
        for name, srv in (data.get("servers") or {}).items():
            if name != v["server"]:
                self.lost.append(f"servers.{name}")
                continue
            srv = srv or {}
            self.extra(srv, ("ice", "root", "cards"), f"servers.{name}")
            for i, c in enumerate(srv.get("ice") or []):
                self.card(c, "ice", f"servers.{name}.ice[{i}]")
            for i, c in enumerate(srv.get("root") or []):
                self.card(c, "root", f"servers.{name}.root[{i}]")
            for i, c in enumerate(srv.get("cards") or []):
                c = {"name": c} if isinstance(c, (str, Raw)) else c
                self.extra(c, ("name", "type"), f"servers.{name}.cards[{i}]")
                self.row("acc", name=_s(c.get("name")), type=_s(c.get("type")))
        for i, a in enumerate(data.get("actions") or []):
            self.action(a, f"actions[{i}]")

    def action(self, a: dict, where: str) -> None:
        if not isinstance(a.get("at"), (str, Raw)):
            self.lost.append(where)
            return
        self.lost += [f"{where}.{k}" for k in ("time", "granted_by") if k in a]
        rest = {k: x for k, x in a.items() if k not in ("at", "ice", "by", "time", "granted_by")}
        eff = rest["effect"] if "effect" in rest else rest
        kind, value = effect_fields(eff)
        self.row("act", at=_s(a["at"]), ice=_s(a.get("ice")), by=_s(a.get("by")), effect=kind,
                 value=value)


def fill(data: object) -> tuple[FormData, list[str]]:
    """The form showing a scenario, and the places the form leaves out (empty: it shows all)."""
    f = _Filler()
    if isinstance(data, dict):
        f.run(data)
    else:
        f.lost.append("(the whole document)")
    for kind in ("ice", "card", "act"):
        if not f.fd.rows[kind]:
            f.fd.rows[kind].append(f.fd.new_row(kind))
    return f.fd, f.lost
