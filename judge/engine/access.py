"""Accessing cards (5.5, NSG 6.9.5b, 6-step 4.5): how many, then each card in turn."""

from __future__ import annotations

from dataclasses import replace

from ..errors import ScenarioError
from ..i18n import msg
from ..rulesets.model import Step
from ..scenario import CORP, RUNNER, Action, Card, Effect
from . import board
from .conditions import holds
from .effects import Call, leave
from .protocol import Executor
from .state import Flag, Work
from .trace import ACTION, WARNING
from .triggers import abilities, apply_action, fire, pending_actions, resolve_moments

__all__ = ["access_cards"]


def _chosen(x: Executor, st: Step) -> list[str]:
    """The cards access reaches: the top of HQ/R&D (one plus any more), every card of a remote,
    then the root; only those allowed when access is limited."""
    w = x.w
    contents = _pile(w, w.server)
    chosen = contents[:1 + w.access_more] if w.server in ("HQ", "R&D") else contents
    chosen += list(board.cards_in(w.root, w.server))
    if w.access_order is not None:
        chosen = _ordered(chosen, w.access_order, contents if w.server == "R&D" else [])
    chosen = fewer(x, st, _never(x, st, chosen))
    if w.access_only is not None:
        for k in chosen:
            if k not in w.access_only:
                x.emit(ACTION, "access_blocked", st, card=k)
        chosen = [k for k in chosen if k in w.access_only]
    return chosen


def _pile(w: Work, server: str) -> list[str]:
    """A server's cards in the order access reaches them: R&D from the top, or from the bottom
    after `access_from_bottom` (Showing Off)."""
    cards = list(board.cards_in(w.contents, server))
    return cards[::-1] if server == "R&D" and Flag.FROM_BOTTOM in w.flags else cards


def _never(x: Executor, st: Step, chosen: list[str]) -> list[str]:
    """The candidates without the cards an effect keeps from being accessed this run (`not_accessed`)."""
    for k in chosen:
        if k in x.w.access_never:
            x.emit(ACTION, "access_blocked", st, card=k)
    return [k for k in chosen if k not in x.w.access_never]


def fewer(x: Executor, st: Step, chosen: list[str]) -> list[str]:
    """A breach that accesses fewer cards (`access_fewer`, SYNC BRE): the last ones in the order of
    access are left unaccessed (the Runner orders them with `access_order`)."""
    n = x.w.access_fewer
    if not n:
        return chosen
    kept = chosen[:max(0, len(chosen) - n)]
    for k in chosen[len(kept):]:
        x.emit(ACTION, "access_fewer_left", st, card=k)
    return kept


def _ordered(chosen: list[str], order: tuple[str, ...], fixed: list[str]) -> list[str]:
    """The cards in the order the Runner chose (those not named keep their place after them);
    cards of `fixed` (R&D, accessed from the top) keep their own order among themselves."""
    out = [k for k in order if k in chosen] + [k for k in chosen if k not in order]
    stack = iter([k for k in fixed if k in out])
    return [next(stack) if k in fixed else k for k in out]


def _paid_by(x: Executor, st: Step, a: Action) -> bool | None:
    """A trash written `granted_by: <card>` whose `static` ability `{trash_paid_by: grip_card}` holds
    (Eye for an Eye): 1 card of the grip is trashed instead of the printed trash cost (True); an empty
    counted grip cannot pay (False, said); no such card: None, the printed cost is paid."""
    by = x.ctx.cards.get(x.ctx.names.get(a.granted_by, a.granted_by)) if a.granted_by else None
    if by is None or not x.active(by):
        return None
    if not any(ab.when == "static" and any(e.kind == "trash_paid_by" for e in ab.effects)
               and holds(x, by, ab.conditions) for ab in by.abilities):
        return None
    w = x.w
    if w.sides.grip is not None and w.sides.grip < 1:
        x.emit(WARNING, "w_trash_grip_empty", st, side=RUNNER, card=by.key)
        return False
    if w.sides.grip is not None:
        w.sides = replace(w.sides, grip=w.sides.grip - 1)
    x.emit(ACTION, "trash_paid_by_grip", st, side=RUNNER, card=by.key)
    return True


def _decide(x: Executor, st: Step, card: Card, choices: list[tuple[Action, Effect]]) -> bool:
    """The Runner's decisions about one accessed card (pay to trash it, do not steal it)."""
    w, done = x.w, False
    for a, e in choices:
        w.applied |= {a.index}
        x.emit(ACTION, "action", st, side=a.side, effect=a.effects, extra=(("action", a.index), ("line", a.line)))
        if e.kind == "trash":
            who = x.forbidden("trash")
            if who is not None:  # Ansel 1.0: no Corp card is trashed for the rest of the run
                x.emit(WARNING, "w_forbidden_trash", st, side=RUNNER, card=card.key, by=who)
                continue
            paid_by = _paid_by(x, st, a)
            if paid_by is False:  # the card's own cost could not be paid: not trashed
                continue
            cost = 0 if paid_by else card.trash_cost or 0
            if not paid_by and not x.can_pay(cost, "trash"):
                raise ScenarioError("cannot_pay_trash", cost=cost, c=card.key, n=w.credits, bp=w.bp_credits,
                                    where=a.where, line=a.line, source=x.ctx.sc.source)
            x.spend(cost, "trash")
            x.emit(ACTION, "trashed", st, side=RUNNER, card=card.key, cost=cost)  # the payment, then the card goes
            leave(Call(x, e, RUNNER, st, action=a), card.key, "trashed")
            w.contents = board.add_card(w.contents, "Archives", card.key)  # a trashed Corp card goes to Archives
            w.trashed += (card.key,)
            resolve_moments(x, st, ("trashed_accessed",), with_actions=False)  # Audrey v2: a counter
            done = True
        elif e.kind == "decline_steal":
            x.emit(ACTION, "not_stolen", st, side=RUNNER, card=card.key)
            if x.rs.set_aside:
                w.set_aside += (card.key,)
            done = True
    return done


def _removed_from_game(x: Executor, st: Step, k: str, per_card: dict[str, list[tuple[Action, Effect]]]) -> bool:
    """Watch the World Burn: the first non-agenda card accessed, and later its copies, leave the
    game once their "when accessed" abilities have resolved (no trash, no decision)."""
    w, card = x.w, x.ctx.cards[k]
    if not w.removing or card.type == "agenda" or (w.removing != "?" and str(card.name) != w.removing):
        return False
    w.removing = str(card.name)
    w.removed_from_game += (k,)
    per_card.pop(k, None)
    if k in board.cards_in(w.root, w.breaching or w.server) or k in board.cards_in(w.contents, w.breaching or w.server):
        leave(Call(x, Effect("remove_first_accessed", None), RUNNER, st), k, "removed_from_game")
        x.check_server()
    return True


def _stolen_at_once(x: Executor, st: Step, k: str, per_card: dict[str, list[tuple[Action, Effect]]]) -> bool:
    """An agenda named by `steal_on_access` (Whistleblower): stolen at once, the first one of that
    name this run; no "when accessed" ability resolves and no decision is asked (it is no longer
    being accessed)."""
    card = x.ctx.cards[k]
    if not x.w.steal_named or card.type != "agenda" or str(card.name) != x.w.steal_named:
        return False
    x.w.steal_named = ""
    per_card.pop(k, None)
    x.emit(ACTION, "stolen_at_once", st, side=RUNNER, card=k)
    _after(x, st, card)
    return True


def _after(x: Executor, st: Step, card: Card) -> None:
    """An accessed card nobody decided about: an agenda is stolen; others are set aside or stay."""
    w = x.w
    who = x.forbidden("steal") if card.type == "agenda" else None
    if who is not None:  # Ansel 1.0: the agenda stays where it is (or is set aside until access ends)
        x.emit(ACTION, "steal_forbidden", st, side=RUNNER, card=card.key, by=who)
        if x.rs.set_aside:
            w.set_aside += (card.key,)
    elif card.type == "agenda" and not _steal_cost_paid(x, st, card):
        if x.rs.set_aside:  # the Runner cannot pay the additional cost: the agenda stays
            w.set_aside += (card.key,)
    elif card.type == "agenda":
        w.stolen += (card.key,)
        w.root = board.remove_card(w.root, card.key)
        w.contents = board.remove_card(w.contents, card.key)
        x.emit(ACTION, "stolen", st, side=RUNNER, card=card.key)
        resolve_moments(x, st, ("agenda_stolen",), with_actions=False)  # "whenever you steal an agenda"
        x.check_server()
    elif x.rs.set_aside:
        w.set_aside += (card.key,)
        x.emit(ACTION, "set_aside", st, card=card.key)
    else:
        x.emit(ACTION, "stays", st, card=card.key)


def _steal_cost_paid(x: Executor, st: Step, card: Card) -> bool:
    """The additional costs to steal from the server breached (Red Herrings) are paid when the
    Runner can (bad publicity credits first); False: they cannot, and the agenda is not stolen."""
    w = x.w
    server = w.breaching or w.server
    costs = [(n, by) for s, n, by in w.steal_costs if s == server]
    n = sum(c for c, _ in costs)
    if not n:
        return True
    by = ", ".join(b for _, b in costs)
    if not x.can_pay(n):
        x.emit(ACTION, "steal_cost_unpaid", st, side=RUNNER, card=card.key, n=n, by=by)
        return False
    x.spend(n)
    x.emit(ACTION, "steal_cost_paid", st, side=RUNNER, card=card.key, n=n, by=by)
    return True


def access_cards(x: Executor, st: Step) -> None:
    """First the effects that decide how many cards (this step's non-card actions, then the
    breach's abilities), then each card in turn: "when accessed", trash (pay its cost), steal an
    agenda, or set aside."""
    w = x.w
    per_card: dict[str, list[tuple[Action, Effect]]] = {}
    later: dict[str, list[Action]] = {}  # `after: <card>`: done once that card has been accessed
    for a in pending_actions(x, st):
        if a.effects and all(e.kind in ("trash", "decline_steal") for e in a.effects):
            for e in a.effects:
                per_card.setdefault(e.name, []).append((a, e))
        elif a.after is not None and not any(ab.when == "accessed" for ab in x.ctx.cards[a.after].abilities):
            later.setdefault(a.after, []).append(a)
        else:
            apply_action(x, a, st)
            if x.interrupted(st):
                return
    if w.replacement_choice and w.replacement_choice not in dict(w.replace_offers):
        x.emit(WARNING, "w_replacement_not_offered", st, side=RUNNER, card=w.replacement_choice)
    if w.replaced_access:
        x.emit(ACTION, "access_replaced", st, what=w.replaced_access)
        since = len(w.extra_breaches)  # breaches queued before: there is no breach for them to follow
        if w.replaced_then:  # what the replacement does (Security Testing: the Runner gains 2 credits)
            card = x.ctx.cards.get(w.replaced_by or "")
            x.resolve(w.replaced_then, card.side if card else RUNNER, st, source=w.replaced_by)
        # a breach the replacement itself makes is its own (Eru Ayase-Pessoa: R&D instead of Archives)
        _elsewhere(x, st, per_card, later, breaches=True, since=since)
        return
    # The Runner breaches the server (NSG 6.9.5b; FFG: the access begins), declared successful or not:
    # "whenever the Runner breaches" abilities resolve before the number of cards is fixed.
    w.flags |= {Flag.BREACHED}
    w.breach_from = len(w.accessed)
    w.breach_took = (len(w.stolen), len(w.trashed))
    resolve_moments(x, st, ("breach",), with_actions=False)
    if x.interrupted(st):
        return
    chosen = _chosen(x, st)
    x.emit(ACTION, "access_count", st, n=len(chosen), cards=tuple(chosen) or msg("engine.none"))
    archives = list(board.cards_in(w.contents, "Archives")) if w.server == "Archives" else None
    n = 0
    while n < len(chosen):
        k = chosen[n]
        n += 1
        if x.interrupted(st):
            breach_ends(x, st)
            return
        if k not in board.cards_in(w.contents, w.server) and k not in board.cards_in(w.root, w.server):
            x.emit(ACTION, "candidate_left", st, card=k)  # CR 7.4.5: it left the server
            continue
        _access_one(x, st, k, per_card, later)
        if x.interrupted(st):
            breach_ends(x, st)
            return
        if archives is not None and x.rs.breach_adds_candidates:
            # CR 7.4.6d: a card that entered Archives during its breach is a new candidate (a
            # card trashed from Archives' root comes back as a new object, accessed again).
            for new in [c for c in board.cards_in(w.contents, "Archives") if c not in archives]:
                archives.append(new)
                if w.access_only is None or new in w.access_only:
                    chosen.append(new)
                    x.emit(ACTION, "new_candidate", st, card=new)
    breach_ends(x, st)
    _elsewhere(x, st, per_card, later, breaches=True)


def breach_ends(x: Executor, st: Step) -> None:
    """The breach is over (its last card accessed, or the run ended during it): "when the breach
    ends" abilities resolve (Mwanza City Grid); `{count: breach_accessed}` counts that breach's
    accesses."""
    found = abilities(x, "breach_ends")
    for item in found[RUNNER] + found[CORP]:
        fire(x, st, item)


def _elsewhere(x: Executor, st: Step, per_card: dict[str, list[tuple[Action, Effect]]],
               later: dict[str, list[Action]], breaches: bool, since: int = 0) -> None:
    """What is accessed beyond the attacked server: single cards of other servers (Pinhole
    Threading), then the other servers breached after it (Divide and Conquer), each a breach of its
    own: its "whenever the Runner breaches" abilities (Docklands Pass on HQ), then its cards.
    `since`: the breaches queued from that one on (those a replacement of the breach makes)."""
    w = x.w
    for k in w.extra_access:
        if x.interrupted(st):
            return
        if not board.installed(w, k):
            x.emit(ACTION, "candidate_left", st, card=k)
            continue
        _access_one(x, st, k, per_card, later)
    try:
        for server, root in w.extra_breaches[since:] if breaches else ():
            if x.interrupted(st) or not _breach_other(x, st, server, root, per_card, later):
                return
    finally:
        x.w.breaching = None  # the conditions after the access read the attacked server again


def _breach_other(x: Executor, st: Step, server: str, root: bool,
                  per_card: dict[str, list[tuple[Action, Effect]]], later: dict[str, list[Action]]) -> bool:
    """One more server breached (its abilities, then its cards); False when the run was interrupted."""
    w = x.w
    w.breaching, w.access_more, w.access_only, w.access_order = server, 0, None, None
    w.breach_from = len(w.accessed)
    w.breach_took = (len(w.stolen), len(w.trashed))
    if root:
        x.emit(ACTION, "breach_other", st, side=RUNNER, server=server)
    else:
        x.emit(ACTION, "breach_other_without_root", st, side=RUNNER, server=server)
    resolve_moments(x, st, ("breach",), with_actions=False)
    if x.interrupted(st):
        return False
    contents = _pile(w, server)
    chosen = contents[:1 + w.access_more] if server in ("HQ", "R&D") else contents
    chosen += list(board.cards_in(w.root, server)) if root else []
    chosen = fewer(x, st, _never(x, st, chosen))
    x.emit(ACTION, "access_count", st, n=len(chosen), cards=tuple(chosen) or msg("engine.none"))
    for k in chosen:
        if x.interrupted(st):
            break
        if k not in board.cards_in(w.contents, server) and k not in board.cards_in(w.root, server):
            x.emit(ACTION, "candidate_left", st, card=k)
            continue
        _access_one(x, st, k, per_card, later)
    breach_ends(x, st)
    return not x.interrupted(st)


def _access_one(x: Executor, st: Step, k: str, per_card: dict[str, list[tuple[Action, Effect]]],
                later: dict[str, list[Action]]) -> None:
    """Access one card: "when accessed", then the Runner's decisions (trash, do not steal), or
    the default (an agenda is stolen); then what waited for this card."""
    w = x.w
    w.accessed += (k,)
    x.emit(ACTION, "access", st, side=RUNNER, card=k)
    if _stolen_at_once(x, st, k, per_card):
        return
    found = abilities(x, "accessed", accessed=k)
    for item in found[RUNNER] + found[CORP]:
        fire(x, st, item)
        if x.interrupted(st):
            return
    if _removed_from_game(x, st, k, per_card):
        return
    if _decide(x, st, x.ctx.cards[k], per_card.pop(k, [])):  # each decision once, for this access
        x.check_server()
    else:
        _after(x, st, x.ctx.cards[k])
    for a in later.pop(k, ()):
        apply_action(x, a, st)
        if x.interrupted(st):
            return
