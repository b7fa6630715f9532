"""Triggered abilities and players' actions at a step: which abilities trigger now, in what order
they resolve (the active player's first, spec open point 4), and what is dropped when a step is cut
short."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ScenarioError
from ..rulesets.model import Step
from ..scenario import CENTRALS, CORP, RUNNER, Ability, Action, Card
from . import board
from .conditions import failing
from .state import Flag
from .words import condition_text

if TYPE_CHECKING:
    from .executor import Exec

__all__ = ["abilities", "resolve_moments", "fire", "drop", "settle", "pending_actions", "apply_action"]

Found = tuple[Card, int, Ability]  # a card, the index of its ability, the ability
_ICE_MOMENTS = ("approached", "encountered", "fully_broken", "encounter_ends", "passed")


def _candidates(x: Exec, when: str, accessed: str | None) -> list[Card]:
    w, sc, cards = x.w, x.ctx.sc, x.ctx.cards
    out: list[Card] = list(sc.runner_cards) + list(sc.corp_cards)
    out += [cards[k] for k in board.cards_in(w.root, w.server)]
    if w.server not in CENTRALS:  # cards in HQ, R&D and Archives are not in play: only "when accessed"
        out += [cards[k] for k in board.cards_in(w.contents, w.server)]
    if when in _ICE_MOMENTS and w.ice:
        out.append(cards[w.ice])
    if when == "accessed" and accessed and cards[accessed] not in out:
        out.append(cards[accessed])
    return out


def _installed_corp_card(x: Exec, card: Card) -> bool:
    """A Corp card installed in a server (not the Corp's identity or a card of `corp.cards`)."""
    return card.side == CORP and all(c.key != card.key for c in x.ctx.sc.corp_cards)


def _reacts(x: Exec, card: Card, i: int, ab: Ability, when: str, accessed: str | None) -> bool:
    w = x.w
    if ab.when != when:
        return False
    if card.is_ice and when in _ICE_MOMENTS and card.key != w.ice:
        return False  # an ability printed on ice reacts to that ice's moments only
    if when == "accessed" and card.key != accessed and (card.is_ice or _installed_corp_card(x, card)):
        return False  # a Corp card in a server reacts to its own access (an ambush, an upgrade)
    # "when accessed" on the card itself works even unrezzed
    if not (when == "accessed" and card.key == accessed) and not x.active(card):
        return False
    if ab.ice is not None and ab.ice != w.ice:
        return False
    if when in ("if_successful", "would_be_successful") and card.key != x.ctx.sc.by:
        return False
    return not (ab.first and (card.key, i) in w.used_first)


def abilities(x: Exec, when: str, accessed: str | None = None) -> dict[str, list[Found]]:
    """Abilities that trigger now, by side, in the order written (the Runner resolves first)."""
    out: dict[str, list[Found]] = {RUNNER: [], CORP: []}
    if when == "unsuccessful" and x.status() != "unsuccessful":
        return out
    for card in _candidates(x, when, accessed):
        for i, ab in enumerate(card.abilities):
            if _reacts(x, card, i, ab, when, accessed):
                out[card.side].append((card, i, ab))
    return out


def _order(x: Exec) -> tuple[str, str]:
    """The active player's side first (a run is made on the Runner's turn unless it says otherwise)."""
    return (RUNNER, CORP) if x.active_side == RUNNER else (CORP, RUNNER)


def _one_window(x: Exec, moments: tuple[str, ...], accessed: str | None, acts: list[Action]) -> list:
    """Every moment in one reaction window (NSG success): the active player's, then the other's."""
    order = {k: n for n, k in enumerate(x.ctx.cards)}
    pend: dict[str, list] = {RUNNER: [], CORP: []}
    for when in moments:
        for side, found in abilities(x, when, accessed).items():
            pend[side] += [("ability", when, f) for f in found]
    out: list = []
    for side in _order(x):
        # the order the scenario lists the cards in stands for the order the player chose
        pend[side].sort(key=lambda it: (order[it[2][0].key], it[2][1]))
        out += pend[side] + [("action", None, a) for a in acts if a.side == side]
    return out


def _after(items: list) -> list:
    """An ability that responds to another card's (`after: X`) resolves right after X's ability of
    the same moment, whoever's turn it is (CR 9.2.8a: a nested reaction window)."""
    out = list(items)
    for it in [it for it in items if _after_of(it)]:
        target = _after_of(it)
        hits = [n for n, o in enumerate(out) if o[0] == "ability" and o[2][0].key == target]
        if hits:
            out.remove(it)
            last = max(n for n, o in enumerate(out) if o[0] == "ability" and o[2][0].key == target)
            out.insert(last + 1, it)
    return out


def _after_of(item: tuple) -> str | None:
    """The card an ability or an action answers (`after:`), if any."""
    what, _, x = item
    return x[2].after if what == "ability" else x.after


def _decide(x: Exec, acts: list[Action]) -> list[Action]:
    """A player's "I do not use it" (`decline: X`) is a decision about this step's abilities, made
    before they resolve; the other actions are returned to happen in turn."""
    rest = []
    for a in acts:
        if a.effects and all(e.kind == "decline" for e in a.effects):
            x.w.applied |= {a.index}
            x.emit("action", "action", None, side=a.side, effect=a.effects, extra=(("action", a.index), ("line", a.line)))
            x.w.declined |= {e.arg for e in a.effects}
        else:
            rest.append(a)
    return rest


def resolve_moments(x: Exec, st: Step, moments: tuple[str, ...], accessed: str | None = None,
                    with_actions: bool = True) -> None:
    """Triggered abilities moment by moment, the active player's first; this step's actions go
    with the first moment. Items still pending when the step is interrupted are dropped."""
    acts = _decide(x, pending_actions(x, st)) if with_actions else []
    if not acts and x.ctx.whens.isdisjoint(moments):
        return  # no action here and no card with an ability for these moments: nothing resolves
    first, second = _order(x)
    if st.one_window and moments:
        items = _one_window(x, moments, accessed, acts)
    elif not moments:
        items = [("action", None, a) for a in acts if a.side == first] + [
            ("action", None, a) for a in acts if a.side == second]
    else:
        items = []
        for n, when in enumerate(moments):
            ab = abilities(x, when, accessed)
            for side in (first, second):
                items += [("ability", when, f) for f in ab[side]]
                if n == 0:
                    items += [("action", None, a) for a in acts if a.side == side]
    items = _after(items)
    completing = False
    for n, (what, when, item) in enumerate(items):
        if not completing and x.interrupted(st):
            if not _completes(x, st):
                drop(x, items[n:], st)
                return
            # CR 6.8.2c: the run has ended, but this window did not open at a phase's beginning:
            # what is pending in it still resolves (no new timing structure begins).
            completing = True
            x.emit("action", "window_completes", st, why=x.stop_reason())
        if what == "ability":
            fire(x, st, when, *item)
        else:
            apply_action(x, item, st)


def _completes(x: Exec, st: Step) -> bool:
    """The run ended during this step's reaction window and the rule set completes that window
    (NSG 6.8.2c), because the step does not begin a phase (6.8.2b, 9.2.8f)."""
    return x.rs.run_end_completes_windows and not st.phase_start and x.run_over()


def drop(x: Exec, items: list, st: Step) -> None:
    """Say what did not resolve because the step was cut short, and why."""
    why = x.stop_reason()
    for what, when, item in items:
        if what == "ability":
            card = item[0]
            x.emit("trigger", "trigger_dropped", st, side=card.side, card=card.key, when=when, why=why,
                   extra=(("card", card.key), ("when", when), ("resolved", False)))
        else:
            x.emit("warning", "warn_dropped_action", st, side=item.side, what=item.effects, why=why,
                   extra=(("action", item.index), ("line", item.line)))


def _unmet(x: Exec, st: Step, card: Card, when: str, key: str, **args: object) -> None:
    x.emit("trigger", key, st, side=card.side, card=card.key, when=when,
           extra=(("card", card.key), ("when", when), ("resolved", False)), **args)


def fire(x: Exec, st: Step, when: str, card: Card, i: int, ab: Ability) -> None:
    """Resolve a triggered ability: its conditions, its player's choice, its cost, then all its
    effects (completely, even if an earlier one ends the run)."""
    w = x.w
    if when == "if_successful" and ab.server is not None and ab.server != w.server:
        _unmet(x, st, card, when, "trigger_unmet", named=ab.server, server=w.server)
        return
    cond = failing(x, card, ab.conditions)
    if cond is not None:
        _unmet(x, st, card, when, "trigger_condition", cond=condition_text(cond))
        return
    if ab.optional and card.key in w.declined:
        _unmet(x, st, card, when, "trigger_declined")
        return
    if ab.first:  # "the first time ... this run": the first time it triggers, its conditions met
        w.used_first |= {(card.key, i)}
    w.triggered += (f"{card.key}: {when}",)
    x.emit("trigger", "trigger", st, side=card.side, card=card.key, when=when, effect=tuple(ab.effects),
           extra=(("card", card.key), ("when", when), ("resolved", True)))
    if ab.cost and not x.resolve(ab.cost, card.side, st, source=card.key):
        x.emit("action", "cost_unpaid", st, side=card.side, card=card.key)
    else:
        x.resolve(ab.effects, card.side, st, source=card.key)
    settle(x, st)


def settle(x: Exec, st: Step) -> None:
    """What an ability just made happen triggers now that it has resolved: all subroutines of the
    encountered ice broken ("fully broken", once per encounter)."""
    w = x.w
    if Flag.FULLY_BROKEN_PENDING in w.flags:
        w.flags -= {Flag.FULLY_BROKEN_PENDING}
        resolve_moments(x, st, ("fully_broken",), with_actions=False)


def pending_actions(x: Exec, st: Step) -> list[Action]:
    """This step's actions not yet applied."""
    ice = x.w.ice if st.per_ice else None
    return [a for a in x.ctx.actions_at(st.id, ice, x.w.visit) if a.index not in x.w.applied]


def apply_action(x: Exec, a: Action, st: Step) -> None:
    """A player's action: refused if the run makes it impossible now, else its effects in order."""
    w = x.w
    for e in a.effects:
        granted = a.granted_by or e.opt("granted_by") or x.allowed("jack_out")
        if e.kind == "jack_out" and Flag.DECLARED in w.flags and not granted:
            # a card may still let the Runner jack out while accessing (the Karunā ruling); nothing else does
            raise ScenarioError("jack_out_after_success", where=a.where, line=a.line, source=x.ctx.sc.source)
        if e.kind == "jack_out" and not (st.jack_out or granted):
            # written on the strength of a card that allows it, but nothing allows it yet here
            raise ScenarioError("jack_out_not_yet", occ=x.occ(st), where=a.where, line=a.line, source=x.ctx.sc.source)
        if e.kind == "rez":
            card = x.ctx.cards[e.arg]
            granted = a.granted_by or e.opt("granted_by")
            if card.is_ice and not granted and e.arg != w.ice:
                raise ScenarioError("only_approached_ice_at", occ=x.occ(st), c=e.arg, i=w.ice,
                                    where=a.where, line=a.line, source=x.ctx.sc.source)
    w.applied |= {a.index}
    x.emit("action", "action", st, side=a.side, effect=a.effects, extra=(("action", a.index), ("line", a.line)))
    x.resolve(a.effects, a.side, st, action=a)
    settle(x, st)
