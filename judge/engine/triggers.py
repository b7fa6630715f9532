"""Triggered abilities and players' actions at a step: which abilities trigger now, in what order
they resolve (the active player's first, spec open point 4), and what is dropped when a step is cut
short."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import ScenarioError
from ..rulesets.model import Step
from ..rulesets.whens import MOMENTS, Moment
from ..scenario import CENTRALS, CORP, RUNNER, Ability, Action, Card, walk_effects
from . import board
from .chosen import ice_named
from .conditions import failing
from .protocol import Executor
from .state import Flag, Work
from .trace import ACTION, TRIGGER, WARNING
from .words import condition_text

REZ_MOMENTS = ("rezzed", "ice_rezzed")  # the card's own rez, then any ice's (whens: `anywhere`)

__all__ = ["REZ_MOMENTS", "Triggered", "Acting", "Pending", "abilities", "resolve_moments", "fire", "drop", "settle",
           "pending_actions", "apply_action", "offered_by"]


@dataclass(frozen=True, slots=True)
class Triggered:
    """An ability that triggered at a moment and waits to resolve: the card, which of its
    abilities (its index on the card), the ability."""

    when: str
    card: Card
    index: int
    ability: Ability

    @property
    def after(self) -> str | None:
        """The card whose ability this one answers (`after:`), if any."""
        return self.ability.after


@dataclass(frozen=True, slots=True)
class Acting:
    """A player's action of this step, waiting its turn among the triggered abilities."""

    action: Action

    @property
    def after(self) -> str | None:
        return self.action.after

    @property
    def side(self) -> str:
        return self.action.side


Pending = Triggered | Acting


def _candidates(x: Executor, m: Moment, accessed: str | None) -> list[Card]:
    w, sc, cards = x.w, x.ctx.sc, x.ctx.cards
    if m.own:  # a moment of one card (its rez): that card alone reacts
        return [cards[x.subject]] if x.subject is not None else []
    out: list[Card] = list(sc.runner_cards) + list(sc.corp_cards)
    out += [cards[k] for k in board.cards_in(w.root, w.server)]
    out += _anywhere(x, out)
    if w.breaching and m.name in ("breach", "breach_ends"):  # another server breached: its root's "whenever breached"
        out += [cards[k] for k in board.cards_in(w.root, w.breaching) if cards[k] not in out]
    if w.server not in CENTRALS:  # cards in HQ, R&D and Archives are not in play: only "when accessed"
        out += [cards[k] for k in board.cards_in(w.contents, w.server)]
    if m.ice and w.ice:
        out.append(cards[w.ice])
    if m.anywhere:  # ice in any server (a rez happens anywhere)
        out += [cards[i] for _, slots in w.slots for _, i in slots if i and cards[i] not in out]
    if accessed and cards[accessed] not in out:  # "when accessed" of the card being accessed
        out.append(cards[accessed])
    return out


def _anywhere(x: Executor, have: list[Card]) -> list[Card]:
    """Installed Corp cards in other servers with an ability that reacts to runs on any server
    (`anywhere: true`: Embolus, Reduced Service counting every successful run)."""
    keys = x.ctx.anywhere
    if not keys:
        return []
    w = x.w
    here = {c.key for c in have}
    return [x.ctx.cards[k] for k in keys if k not in here and board.installed(w, k)]


def _here(x: Executor, card: Card) -> bool:
    """The card is in the attacked (or breached) server's root or contents, or protects it."""
    w = x.w
    servers = {w.server, w.breaching} - {None}
    return any(card.key in board.cards_in(w.root, s) or card.key in board.cards_in(w.contents, s)
               for s in servers if s) or (board.slot_of(w, card.key) or ("",))[0] in servers


def _installed_corp_card(x: Executor, card: Card) -> bool:
    """A Corp card installed in a server (not the Corp's identity or a card of `corp.cards`)."""
    return card.side == CORP and all(c.key != card.key for c in x.ctx.sc.corp_cards)


def _reacts(x: Executor, card: Card, i: int, ab: Ability, m: Moment, accessed: str | None) -> bool:
    w = x.w
    if ab.when != m.name:
        return False
    if card.is_ice and m.ice and card.key != w.ice:
        return False  # an ability printed on ice reacts to that ice's moments only
    if accessed and card.key != accessed and (card.is_ice or _installed_corp_card(x, card)):
        return False  # a Corp card in a server reacts to its own access (an ambush, an upgrade)
    # "when accessed" on the card itself works even unrezzed
    if not (accessed and card.key == accessed) and not x.active(card):
        return False
    if board.blanked(x.w, card.key):  # Light the Fire!: not even its own "when accessed"
        return False
    if ab.ice is not None and ice_named(x, card, ab.ice) not in (None, x.that_ice() if m.anywhere else w.ice):
        return False
    if not ab.anywhere and card.key in x.ctx.anywhere and _installed_corp_card(x, card) and not _here(x, card):
        return False  # in another server, only its abilities for runs anywhere react
    if m.run_card and card.key != x.ctx.sc.by:
        return False
    if ab.first_turn and (card.key, i) in w.used_turn:
        return False
    return not (ab.first and (card.key, i) in w.used_first)


def abilities(x: Executor, when: str, accessed: str | None = None) -> dict[str, list[Triggered]]:
    """Abilities that trigger now, by side, in the order written (the Runner resolves first);
    `accessed`: the card being accessed, for "when accessed"."""
    out: dict[str, list[Triggered]] = {RUNNER: [], CORP: []}
    m = MOMENTS[when]
    if m.status is not None and x.status() != m.status:
        return out
    for card in _candidates(x, m, accessed):
        for i, ab in enumerate(card.abilities):
            if _reacts(x, card, i, ab, m, accessed):
                out[card.side].append(Triggered(when, card, i, ab))
    return out


def _order(x: Executor) -> tuple[str, str]:
    """The active player's side first (a run is made on the Runner's turn unless it says otherwise)."""
    return (RUNNER, CORP) if x.active_side == RUNNER else (CORP, RUNNER)


def _one_window(x: Executor, moments: tuple[str, ...], accessed: str | None, acts: list[Action]) -> list[Pending]:
    """Every moment in one reaction window (NSG success): the active player's, then the other's."""
    order = {k: n for n, k in enumerate(x.ctx.cards)}
    pend: dict[str, list[Triggered]] = {RUNNER: [], CORP: []}
    for when in moments:
        for side, found in abilities(x, when, accessed).items():
            pend[side] += found
    out: list[Pending] = []
    for side in _order(x):
        # the order the scenario lists the cards in stands for the order the player chose
        pend[side].sort(key=lambda it: (order[it.card.key], it.index))
        out += pend[side]
        out += [Acting(a) for a in acts if a.side == side]
    return out


def _after(items: list[Pending]) -> list[Pending]:
    """An ability that responds to another card's (`after: X`) resolves right after X's ability of
    the same moment, whoever's turn it is (CR 9.2.8a: a nested reaction window)."""
    out = list(items)
    for it in [it for it in items if it.after]:
        target = it.after
        hits = [n for n, o in enumerate(out) if isinstance(o, Triggered) and o.card.key == target]
        if hits:
            out.remove(it)
            last = max(n for n, o in enumerate(out) if isinstance(o, Triggered) and o.card.key == target)
            out.insert(last + 1, it)
    return out


def _decide(x: Executor, acts: list[Action]) -> list[Action]:
    """A player's "I do not use it" (`decline: X`) is a decision about this step's abilities, made
    before they resolve; the other actions are returned to happen in turn."""
    rest = []
    for a in acts:
        if a.effects and all(e.kind == "decline" for e in a.effects):
            x.w.applied |= {a.index}
            x.emit(ACTION, "action", None, side=a.side, effect=a.effects, extra=(("action", a.index), ("line", a.line)))
            x.w.declined |= {e.name for e in a.effects} | {f"{a.side}:{e.name}" for e in a.effects}
        else:
            rest.append(a)
    return rest


def resolve_moments(x: Executor, st: Step, moments: tuple[str, ...], accessed: str | None = None,
                    with_actions: bool = True) -> None:
    """Triggered abilities moment by moment, the active player's first; this step's actions go
    with the first moment. Items still pending when the step is interrupted are dropped."""
    acts = _decide(x, pending_actions(x, st)) if with_actions else []
    if not acts and x.ctx.whens.isdisjoint(moments):
        return  # no action here and no card with an ability for these moments: nothing resolves
    first, second = _order(x)
    items: list[Pending]
    if st.one_window and moments:
        items = _one_window(x, moments, accessed, acts)
    elif not moments:
        items = [Acting(a) for a in acts if a.side == first]
        items += [Acting(a) for a in acts if a.side == second]
    else:
        items = []
        for n, when in enumerate(moments):
            ab = abilities(x, when, accessed)
            for side in (first, second):
                items += ab[side]
                if n == 0:
                    items += [Acting(a) for a in acts if a.side == side]
    items = _after(items)
    offered = _offered(x, items) if acts else ()
    if offered:
        items = [it for it in items if not (isinstance(it, Acting) and it.action.index in offered)]
        for idx in offered:
            a = next(a for a in acts if a.index == idx)
            ats = [n for n, o in enumerate(items) if isinstance(o, Triggered) and o.card.key == offered[idx]]
            items.insert(ats[-1] + 1 if ats else len(items), Acting(a))  # a subroutine's offer: already past
    completing = False
    for n, item in enumerate(items):
        if isinstance(item, Acting) and item.action.index in offered:
            if item.action.index not in x.w.applied:  # the ability did not resolve: no jack out was offered
                a = item.action
                x.w.applied |= {a.index}
                x.emit(WARNING, "w_offer_not_made", st, side=a.side, card=offered[a.index],
                       extra=(("action", a.index), ("line", a.line)))
            continue
        if not completing and x.interrupted(st):
            if not _completes(x, st):
                drop(x, items[n:], st)
                return
            # CR 6.8.2c: the run has ended, but this window did not open at a phase's beginning:
            # what is pending in it still resolves (no new timing structure begins).
            completing = True
            x.emit(ACTION, "window_completes", st, why=x.stop_reason())
        if isinstance(item, Triggered):
            fire(x, st, item)
        else:
            apply_action(x, item.action, st)


def offered_by(a: Action) -> str | None:
    """The card a jack-out action says grants it (`granted_by`), if the action is a jack out."""
    for e in a.effects:
        if e.kind == "jack_out":
            return str(a.granted_by or e.opt("granted_by") or "") or None
    return None


def _offered(x: Executor, items: list[Pending]) -> dict[int, str]:
    """Jack-out actions granted by a card whose pending ability offers a jack out while it resolves
    (`offer_jack_out`, Mirāju): action index -> that card. They are taken inside the ability."""
    offering = {it.card.key for it in items if isinstance(it, Triggered)
                and any(e.kind == "offer_jack_out" for e in walk_effects(it.ability.effects))} | _offering_ice(x)  # Midori: in `then:`
    if not offering:
        return {}
    out = {}
    for it in items:
        if isinstance(it, Acting):
            by = offered_by(it.action)
            key = x.ctx.names.get(by, by) if by else None
            if key in offering:
                out[it.action.index] = key
    return out


def _offering_ice(x: Executor) -> set[str]:
    """The encountered ice, when one of its subroutines offers a jack out (Karunā, Mind Game): a
    jack out it grants is taken inside that subroutine, never on its own (not when it was broken)."""
    ice = x.w.ice if Flag.ENCOUNTERING in x.w.flags else None
    card = x.ctx.cards.get(ice) if ice else None
    if card is None or not any(e.kind == "offer_jack_out" for s in card.subroutines for e in walk_effects(s.effects)):
        return set()
    return {card.key}


def _completes(x: Executor, st: Step) -> bool:
    """The run ended during this step's reaction window and the rule set completes that window
    (NSG 6.8.2c), because the step does not begin a phase (6.8.2b, 9.2.8f)."""
    return x.rs.run_end_completes_windows and not st.phase_start and x.run_over()


def drop(x: Executor, items: Sequence[Pending], st: Step) -> None:
    """Say what did not resolve because the step was cut short, and why."""
    why = x.stop_reason()
    for item in items:
        if isinstance(item, Triggered):
            card, when = item.card, item.when
            x.emit(TRIGGER, "trigger_dropped", st, side=card.side, card=card.key, when=when, why=why,
                   extra=(("card", card.key), ("when", when), ("resolved", False)))
        elif item.action.index not in x.w.sides.used_bids and item.action.index not in x.w.applied:
            # a boost or bid a trace or psi game used is not dropped, nor an action already taken
            a = item.action
            x.emit(WARNING, "warn_dropped_action", st, side=a.side, what=a.effects, why=why,
                   extra=(("action", a.index), ("line", a.line)))


def _unmet(x: Executor, st: Step, card: Card, when: str, key: str, **args: Any) -> None:
    x.emit(TRIGGER, key, st, side=card.side, card=card.key, when=when,
           extra=(("card", card.key), ("when", when), ("resolved", False)), **args)


def fire(x: Executor, st: Step, item: Triggered) -> None:
    """Resolve a triggered ability: its conditions, its player's choice, its cost, then all its
    effects (completely, even if an earlier one ends the run)."""
    w, when, card, i, ab = x.w, item.when, item.card, item.index, item.ability
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
    # "Once per turn -> ... you may pay" (an optional ability with a cost, Engolo): used once paid,
    # so a cost the Runner could not pay leaves it for later; otherwise "the first time" it triggers
    once_paid = ab.optional and bool(ab.cost)
    if ab.first and not once_paid:
        _mark_used(w, card.key, i, ab)
    w.triggered += (f"{card.key}: {when}",)
    x.emit(TRIGGER, "trigger", st, side=card.side, card=card.key, when=when, effect=tuple(ab.effects),
           extra=(("card", card.key), ("when", when), ("resolved", True)))
    if ab.cost and not x.resolve(ab.cost, card.side, st, source=card.key):
        x.emit(ACTION, "cost_unpaid", st, side=card.side, card=card.key)
    else:
        if ab.first and once_paid:
            _mark_used(w, card.key, i, ab)
        x.resolve(ab.effects, card.side, st, source=card.key)
    settle(x, st)


def _mark_used(w: Work, key: str, i: int, ab: Ability) -> None:
    """A `first:` ability is used: once this run, and with `first: turn` once this turn (carried
    to the turn's later runs)."""
    w.used_first |= {(key, i)}
    if ab.first_turn:
        w.used_turn |= {(key, i)}


def settle(x: Executor, st: Step) -> None:
    """What an action or ability just made happen triggers now that it has resolved: all
    subroutines of the encountered ice broken ("fully broken", once per encounter), a card rezzed
    ("when rezzed", then "whenever a piece of ice is rezzed"), one rez after the other. This is the
    checkpoint after the action (NSG 10.3): what became pending resolves before anyone gets
    priority again, at the step where it happened."""
    w = x.w
    if Flag.FULLY_BROKEN_PENDING in w.flags:
        w.flags -= {Flag.FULLY_BROKEN_PENDING}
        resolve_moments(x, st, ("fully_broken",), with_actions=False)
    while w.rez_pending:
        key, w.rez_pending = w.rez_pending[0], w.rez_pending[1:]
        was, x.subject = x.subject, key
        try:
            resolve_moments(x, st, REZ_MOMENTS if x.ctx.cards[key].is_ice else REZ_MOMENTS[:1], with_actions=False)
        finally:
            x.subject = was


def pending_actions(x: Executor, st: Step) -> list[Action]:
    """This step's actions not yet applied."""
    ice = x.w.ice if st.per_ice else None
    return [a for a in x.ctx.actions_at(st.id, ice, x.w.visit) if a.index not in x.w.applied]


def apply_action(x: Executor, a: Action, st: Step) -> None:
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
            card = x.ctx.cards[e.name]
            granted = a.granted_by or e.opt("granted_by")
            if card.is_ice and not granted and e.name != w.ice:
                raise ScenarioError("only_approached_ice_at", occ=x.occ(st), c=e.name, i=w.ice,
                                    where=a.where, line=a.line, source=x.ctx.sc.source)
    w.applied |= {a.index}
    kinds = {e.kind for e in a.effects}
    if a.side == RUNNER and "break" in kinds and kinds & {"lose_clicks", "spend_clicks"}:
        w.clicks_broke = True  # breaking by losing clicks (a bioroid's own ability), written as one action
    x.emit(ACTION, "action", st, side=a.side, effect=a.effects, extra=(("action", a.index), ("line", a.line)))
    x.resolve(a.effects, a.side, st, action=a)
    settle(x, st)
