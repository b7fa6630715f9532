"""Decisions at a step: what a player could choose there, and the situation each choice makes."""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import Any

from ...analysis.explore import rezzable
from ...engine.trace import title_text
from ...i18n import in_lang
from ...scenario import Action, load_scenario
from ..editor.effects import YAML_EFFECT, effect_of
from ..i18n import lang, t
from ..situations.situation import Situation
from ..situations.yamltree import dump
from .derive import change, record, title, where
from .positions import Position

__all__ = ["Choice", "choices", "apply", "run_of"]


@dataclass(frozen=True)
class Choice:
    kind: str                          # jack_out, continue, rez, unrez, break, replacement, effect
    card: str | None = None
    subs: tuple[tuple[int, str, bool], ...] = ()   # break: (number, text, broken already)


def _said(text) -> str:
    """A subroutine's words in the reader's language (a text given in both, or "End the run")."""
    return str(in_lang(text, lang()))


def _here(s: Situation, p: Position) -> list[Action]:
    """The scenario's actions placed at this step occurrence under the rule set shown (wherever
    they are written: in its numbering, per rule set, or carried by meaning)."""
    here = {pl.action for pl in s.trace.placed
            if p.step.id in pl.steps and pl.ice == p.ice and (pl.time if p.ice else 1) == p.visit}
    return [a for a in s.scenario.actions if a.index in here]


def _with(acts: list[Action], kind: str, arg=None) -> list[Action]:
    return [a for a in acts if any(e.kind == kind and (arg is None or e.arg == arg) for e in a.effects)]


def choices(s: Situation, p: Position) -> list[Choice]:
    """What can be decided at this position (the generic "an effect happens now" comes last)."""
    st, acts, out = p.step, _here(s, p), []
    if st.kind.value == "end":
        return []
    if st.jack_out:
        out.append(Choice("continue") if _with(acts, "jack_out") else Choice("jack_out"))
    cards = s.scenario.all_cards()
    for k in rezzable(cards, st, p.ice, p.before):  # the rules the explorer follows too
        if _with(acts, "rez", k):
            out.append(Choice("unrez", k))
        elif k not in p.before.rezzed:
            out.append(Choice("rez", k))
    if st.break_subs and p.ice and cards[p.ice].subroutines:
        broken = {n for a in _with(acts, "break") for e in a.effects if e.kind == "break"
                  for n in (range(1, 99) if e.arg == "all" else
                            (len(cards[p.ice].subroutines),) if e.arg == "last" else e.arg)}
        out.append(Choice("break", p.ice, tuple((n, _said(sub.shown), n in broken) for n, sub in
                                                enumerate(cards[p.ice].subroutines, start=1))))
    # Several effects would replace the access: which applies is the Runner's choice where the rules
    # say so (NSG 9.9.11a); the judge's default is the first to resolve.
    after = p.after
    if len(after.replace_offers) > 1 and not after.replaced_mandatory:
        out += [Choice("replacement", card) for card, _ in after.replace_offers if card != after.replaced_by]
    if st.acts:
        out.append(Choice("effect"))
    return out


def run_of(s: Situation, k: int) -> Situation:
    """A turn's run k as a situation of its own (its scenario, its trace): what is offered and
    decided at one of its steps (a situation of one run: itself)."""
    if not s.traces:
        return s
    return replace(s, scenario=s.scenario.runs[k], trace=s.traces[k], traces=())


def apply(s: Situation, p: Position, form) -> str:
    """The YAML of the situation with the chosen decision made, its title saying what changed and
    its `derived:` record naming the parent; ValueError if the choice is unknown. In a turn of
    several runs, the action goes into the run of the position (`runs[k].actions`)."""
    if s.traces:
        return _apply(run_of(s, p.run), p, form, s)
    return _apply(s, p, form, s)


def _apply(s: Situation, p: Position, form, whole: Situation) -> str:
    offered = {(c.kind, c.card): c for c in choices(s, p)}
    kind, card = form.get("choice", ""), form.get("card") or None
    choice = offered.get((kind, card))
    if choice is None:
        raise ValueError(t("fe_not_offered"))
    data: Any = copy.deepcopy(whole.data)
    holder = data["runs"][p.run] if whole.traces else data  # a turn: the run's own actions
    actions = holder.setdefault("actions", [])
    at = where(s, p)
    here = _here(s, p)
    drop = {"continue": _with(here, "jack_out"), "unrez": _with(here, "rez", card),
            "break": _with(here, "break"), "replacement": _with(here, "replacement")}.get(kind, [])
    for a in sorted(drop, key=lambda a: a.index, reverse=True):
        actions.pop(a.index)
    before, subs = len(actions), None
    if kind == "jack_out":
        actions.append({**at, "by": "runner", "jack_out": True})
    elif kind == "rez":
        actions.append({**at, "by": "corp", "rez": card})
    elif kind == "replacement":
        actions.append({**at, "by": "runner", "replacement": card})
    elif kind == "break":
        subs = sorted({int(n) for n in form.getlist("sub") if n.isdigit() and len(n) < 3} & {n for n, _, _ in choice.subs})
        if subs:
            actions.append({**at, "by": "runner", "break": "all" if len(subs) == len(choice.subs) else subs})
    elif kind == "effect":
        side = form.get("by") if form.get("by") in ("runner", "corp") else "runner"
        eff = effect_of(form.get("effect", ""), form.get("value", "")[:4000], form.get("otherwise", ""))
        merge = isinstance(eff, dict) and form.get("effect") != YAML_EFFECT
        actions.append({**at, "by": side, **(eff if merge else {"effect": eff})})
    if not actions:
        holder.pop("actions")
    data["derived"] = made = record(whole, p, kind, card, subs, before if len(actions) > before else None)
    new = load_scenario(text=dump(data))  # the decision as the judge will read it (JudgeError if it cannot be)
    if whole.traces:
        new = new.runs[p.run]  # the run whose actions the decision changed
    data["title"] = title(title_text(whole.scenario.title, lang()), change(made, new))
    return dump(data)
