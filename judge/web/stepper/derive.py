"""A situation made by a decision in the stepper: where its new action goes (in the situation's own
numbering when that is the same moment, else per rule set), the record of its parent and the
decision (the scenario's `derived:` key, so the content-addressed store is untouched and the
provenance travels with the YAML), its title, and the "derived from ... by ..." line."""

from __future__ import annotations

from ... import rulesets
from ...engine.context import board_of
from ...engine.trace import occurrence, side_text
from ...errors import JudgeError
from ...rulesets.moments import Placement, place
from ...scenario import MAX_NAME, Scenario, describe_action
from ..i18n import lang, t
from ..situations import situation
from ..situations.situation import Situation
from ..situations.yamltree import Raw
from .positions import Position

__all__ = ["where", "where_at", "record", "title", "change", "derived_context", "TITLE_LIMIT"]

TITLE_LIMIT = 300


def _one(step: str, ice: str | None, time: int) -> dict:
    return {"at": step, **({"ice": ice} if ice else {}), **({"time": time} if ice and time > 1 else {})}


def where(s: Situation, p: Position) -> dict:
    """The `at` (with `ice`, `time`) of an action decided at a position of the run shown."""
    return where_at(s, p.step.id, p.ice, p.visit)


def where_at(s: Situation, step: str, ice_here: str | None, visit: int) -> dict:
    """The `at` (with `ice`, `time`) of an action decided at a step occurrence of the rule set the
    situation is shown under: in the situation's own numbering when that comes back to this very
    moment there, otherwise per rule set (the shown one as decided, each other where it means the
    same)."""
    own, shown, board = s.scenario.ruleset, s.trace.ruleset, board_of(s.scenario)
    if own == shown:
        return _one(step, ice_here, visit)
    back = place(shown, step, ice_here, visit, own, board, acting=True)
    if isinstance(back, Placement):
        again = place(own, back.step, back.ice, back.time, shown, board, acting=True)
        if isinstance(again, Placement) and (step, ice_here) == (again.step, again.ice) and again.time == (
                visit if ice_here else 1):
            return _one(back.step, back.ice, back.time)
    at, ice = {shown: step}, {shown: ice_here}
    for other in rulesets.RULESETS:
        got = place(shown, step, ice_here, visit, other, board, acting=True) if other != shown else None
        if isinstance(got, Placement):
            at[other], ice[other] = got.step, got.ice
    out: dict = {"at": at}
    named = {k: v for k, v in ice.items() if v}
    if named and len(named) == len(at) and len(set(named.values())) == 1:
        out["ice"] = ice_here
    elif named:
        out["ice"] = named
    if ice_here and visit > 1:
        out["time"] = visit
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
    if choice == "line":
        n = d.get("action")
        made = sc.actions[n:] if isinstance(n, int) and 0 <= n < len(sc.actions) else ()
        what = "; ".join(t("dv_line_one", side=side_text(a.side, lang()), what=describe_action(a, lang()),
                           at=_written_at(a)) for a in made)
        return t("dv_line", what=what) if made else t("dv_line_none", at=at)
    if choice == "effect":
        acts = sc.actions
        n = d.get("action")
        a = acts[n] if isinstance(n, int) and 0 <= n < len(acts) else None
        if a is not None:
            return t("dv_effect", side=side_text(a.side, lang()), what=describe_action(a, lang()), at=at)
        return t("dv_effect_gone", at=at)
    return t("dv_" + choice, card=card, at=at)


def _written_at(a) -> str:
    """Where an action is written ("2.3@Enigma"; one per rule set when its `at` is per rule set)."""
    if isinstance(a.at, str):
        return occurrence(a.at, a.ice, a.time)
    return "/".join(occurrence(v, a.ice_for(rs), a.time) for rs, v in a.at)


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
