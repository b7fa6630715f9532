"""A situation made by a decision in the stepper: where its new action goes (in the situation's own
numbering when that is the same moment, else per rule set), the record of its parent and the
decision (the scenario's `derived:` key, so the content-addressed store is untouched and the
provenance travels with the YAML), its title, and the "derived from ... by ..." line."""

from __future__ import annotations

from ... import rulesets
from ...engine.context import board_of
from ...engine.trace import side_text
from ...errors import JudgeError
from ...rulesets.moments import Placement, place
from ...scenario import MAX_NAME, Scenario, describe_action
from ..i18n import lang, t
from ..situations import situation
from ..situations.situation import Situation
from ..situations.yamltree import Raw
from .positions import Position

__all__ = ["where", "record", "title", "change", "derived_context", "TITLE_LIMIT"]

TITLE_LIMIT = 300


def _one(step: str, ice: str | None, time: int) -> dict:
    return {"at": step, **({"ice": ice} if ice else {}), **({"time": time} if ice and time > 1 else {})}


def where(s: Situation, p: Position) -> dict:
    """The `at` (with `ice`, `time`) of an action decided at a position of the run shown: in the
    situation's own numbering when that comes back to this very moment under the rule set shown,
    otherwise per rule set (the shown one as decided, each other where it means the same)."""
    own, shown, board = s.scenario.ruleset, s.trace.ruleset, board_of(s.scenario)
    if own == shown:
        return _one(p.step.id, p.ice, p.visit)
    back = place(shown, p.step.id, p.ice, p.visit, own, board, acting=True)
    if isinstance(back, Placement):
        again = place(own, back.step, back.ice, back.time, shown, board, acting=True)
        if isinstance(again, Placement) and (p.step.id, p.ice) == (again.step, again.ice) and again.time == (
                p.visit if p.ice else 1):
            return _one(back.step, back.ice, back.time)
    at, ice = {shown: p.step.id}, {shown: p.ice}
    for other in rulesets.RULESETS:
        got = place(shown, p.step.id, p.ice, p.visit, other, board, acting=True) if other != shown else None
        if isinstance(got, Placement):
            at[other], ice[other] = got.step, got.ice
    out: dict = {"at": at}
    named = {k: v for k, v in ice.items() if v}
    if named and len(named) == len(at) and len(set(named.values())) == 1:
        out["ice"] = p.ice
    elif named:
        out["ice"] = named
    if p.ice and p.visit > 1:
        out["time"] = p.visit
    return out


def record(s: Situation, p: Position, choice: str, card: str | None, subs: list[int] | None,
           action: int | None) -> dict:
    """The `derived:` entry of the new situation."""
    out = {"from": s.id, "ruleset": s.trace.ruleset, "step": p.n, "at": p.occ, "choice": choice}
    if card:
        out["card"] = card
    if subs is not None:
        out["subs"] = subs
    if action is not None:
        out["action"] = action
    return out


def change(d: dict, sc: Scenario) -> str:
    """The decision in words, in the page's language ("the Runner jacks out at 6.9.4c@Enigma (NSG)")."""
    at = t("dv_at", at=d.get("at", "?"), rs=t("pref_" + d["ruleset"]) if d.get("ruleset") in rulesets.RULESETS else "")
    choice, card = d["choice"], d.get("card", "")
    if choice == "break":
        subs = d.get("subs") or []
        return t("dv_break", subs=", ".join(map(str, subs)), card=card, at=at) if subs else t(
            "dv_break_none", card=card, at=at)
    if choice == "effect":
        acts = sc.actions
        n = d.get("action")
        a = acts[n] if isinstance(n, int) and 0 <= n < len(acts) else None
        if a is not None:
            return t("dv_effect", side=side_text(a.side, lang()), what=describe_action(a, lang()), at=at)
        return t("dv_effect_gone", at=at)
    return t("dv_" + choice, card=card, at=at)


def title(parent: str, what: str) -> str:
    """The new situation's title: the parent's and what changed, shortened in the parent's part."""
    tail = f" — {what}"
    room = TITLE_LIMIT - len(tail)
    if room < 20:
        return (parent[:20] + "…" + tail)[:TITLE_LIMIT] if len(parent) > 20 else (parent + tail)[:TITLE_LIMIT]
    return (parent if len(parent) <= room else parent[:room - 1] + "…") + tail


def _plain(key: str, v: object) -> object:
    """A value of the tree as the loader read it (`step: 18` is kept as written, in a Raw)."""
    if isinstance(v, list):
        return [_plain(key, x) for x in v]
    if isinstance(v, Raw):
        return v.text if key in ("from", "at", "card") else v.value
    return v


def derived_context(s: Situation) -> dict | None:
    """What the stepper says about a situation's parent: its title, a link to the step decided at
    (under the rule set it was decided under), and the decision."""
    raw = s.data.get("derived") if isinstance(s.data, dict) else None
    if not isinstance(raw, dict):
        return None
    d = {k: _plain(k, v) for k, v in raw.items()}
    if not isinstance(d.get("from"), str):
        return None
    try:
        parent = situation.saved(d["from"])
    except JudgeError:  # a parent that no longer loads is named by its id
        parent = None
    name = parent.scenario.title if parent is not None and parent.scenario.title else d["from"]
    return {"sid": d["from"], "title": name[:MAX_NAME * 3], "ruleset": d.get("ruleset"),
            "step": d.get("step") if isinstance(d.get("step"), int) else None, "change": change(d, s.scenario)}
