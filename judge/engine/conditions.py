"""`if:` conditions and counted amounts, evaluated on the run so far (see judge.scenario.conditions)."""

from __future__ import annotations

from ..i18n import msg
from ..scenario import CENTRALS, RUNNER, Amount, Card
from . import board
from .boardstate import counters_on
from .protocol import Executor
from .state import Flag, encounter_id
from .strength import strength_of
from .trace import WARNING

__all__ = ["holds", "failing", "amount", "counted", "link_now"]


def counted(x: Executor, what: str, card: str | None = None) -> int:
    """How many of something the run has had so far (ice passed, encounters, cards accessed...), or
    is on the board (tags, cards in the grip, counters of a kind on `card` or the ice of the moment)."""
    w = x.w
    if what.endswith("_counters"):
        on = card or w.ice
        if on is not None and on not in w.sides.counted:  # not given: counted as none, and said
            x.emit(WARNING, "w_counters_not_given", card=on, what=msg(f"engine.counter_kinds.{what[:-len('_counters')]}"))
        return counters_on(w.sides, on).get(what[:-len("_counters")], 0)
    if what == "tags":
        return w.sides.tags
    if what == "grip":
        return w.sides.grip or 0
    if what == "passed_distinct":
        return len(set(w.passed))
    if what == "subroutines":  # of the ice of the moment (Femme Fatale: 1 credit per subroutine)
        ice = x.ctx.cards.get(w.ice) if w.ice else None
        return len(ice.subroutines) if ice else 0
    if what == "unbroken":  # of the ice of the moment, not broken in this encounter (Chief Slee)
        ice = x.ctx.cards.get(w.ice) if w.ice else None
        return sum(1 for n in range(1, len(ice.subroutines) + 1) if n not in w.broken) if ice else 0
    return len(getattr(w, what))


def amount(x: Executor, arg: int | Amount, card: str | None = None) -> int:
    """An effect's number: written as it is, or counted from the run (counters: on `card`, the card
    whose effect it is, else on the ice of the moment). A count less some (`plus: -1`) is never below 0."""
    if isinstance(arg, Amount):
        return max(0, arg.plus + arg.times * counted(x, arg.count, card))
    return arg


def link_now(x: Executor) -> int:
    """The Runner's link: `runner.link` plus what active Runner cards' `static` abilities give
    (`{when: static, effect: {link: 1}}`: Security Nexus), their conditions holding."""
    total = x.w.sides.link
    for card in x.ctx.sc.runner_cards:
        if not x.active(card) or not x.in_play(card.key):
            continue
        for ab in card.abilities:
            if ab.when == "static" and failing(x, card, ab.conditions) is None:
                total += sum(e.arg for e in ab.effects if e.kind == "link" and isinstance(e.arg, int))
    return total


def _server_is(x: Executor, card: Card, value: str) -> bool:
    srv = x.w.breaching or x.w.server  # during another server's breach (Divide and Conquer), that server
    if value == "central":
        return srv in CENTRALS
    if value == "remote":
        return srv not in CENTRALS
    if value == "chosen":  # the server the card named (Security Testing)
        if card.chosen is None:  # not given: the attacked server is taken as chosen, and said once
            if f"chosen:{card.key}" not in x.w.said:
                x.w.said |= {f"chosen:{card.key}"}
                x.emit(WARNING, "w_chosen_not_given", card=card.key, server=srv)
            return True
        return card.chosen == srv
    if value == "this":  # the server the card protects or is installed in
        where = board.slot_of(x.w, card.key)
        home = where[0] if where else next((s for s, keys in x.w.root + x.w.contents if card.key in keys), None)
        return home == srv
    return srv == value


def _one(x: Executor, card: Card, key: str, value: object) -> bool:
    w = x.w
    if key == "successful":
        return (Flag.DECLARED in w.flags) == value
    if key == "unsuccessful":
        return (x.status() == "unsuccessful") == value
    if key == "stolen":
        return bool(w.stolen) == value
    if key in ("passed", "encountered"):
        return isinstance(value, int) and len(w.passed if key == "passed" else w.encountered) >= value
    if key == "credits_below":
        return isinstance(value, int) and w.credits + w.bp_credits < value
    if key == "server":
        return isinstance(value, str) and _server_is(x, card, value)
    if key == "not_server":
        return isinstance(value, str) and not _server_is(x, card, value)
    if key == "ice_subtype":
        ice = x.ctx.cards.get(w.ice) if w.ice else None
        return ice is not None and value in ice.subtypes
    if key == "all_broken":
        ice = x.ctx.cards.get(w.ice) if w.ice else None
        subs = len(ice.subroutines) if ice else 0
        return (subs > 0 and all(n in w.broken for n in range(1, subs + 1))) == value
    if key == "fully_broken":  # set when every subroutine is broken, or at once for ice with none
        return (Flag.FULLY_BROKEN in w.flags) == value
    if key == "broke_with_this":
        return ((card.key, encounter_id(w)) in w.broke_in) == value
    if key == "subroutine_resolved":
        return bool(w.resolved_subs) == value
    if key == "ice_rezzed":
        return (w.ice is not None and w.ice in w.rezzed) == value
    if key == "declined":
        return (card.key in w.declined) == value
    if key == "corp_richer":  # the Corp's pool against the Runner's credits (bad publicity credits included)
        if w.corp_credits is None:  # not counted: the Corp is taken as richer, and said once
            if "corp_richer" not in w.said:
                w.said |= {"corp_richer"}
                x.emit(WARNING, "w_corp_credits_unknown", card=card.key)
            return value is True
        return (w.corp_credits > w.credits + w.bp_credits) == value
    if key == "ice_strength_below":
        return isinstance(value, int) and _strength_below(x, card, value)
    if key == "ice_outermost":  # the first ice left in the attacked server's positions, outermost first
        outer = next((i for _, i in board.slots_of(w, w.server) if i), None)
        return (w.ice is not None and w.ice == outer) == value
    if key == "made_run":
        return (x.ctx.sc.by == card.key) == value
    if key == "clicks_gained":
        return isinstance(value, int) and w.sides.clicks_gained >= value
    if key == "successful_on":  # this turn: an earlier run's success, or this run's once declared
        return isinstance(value, str) and (value in w.won_turn or (Flag.DECLARED in w.flags and w.server == value))
    if key == "runner_turn":
        return (x.ctx.sc.turn == RUNNER) == value
    if key == "first_run":
        return (x.ctx.sc.run_index == 0) == value
    if key == "tagged":
        return (w.sides.tags > 0) == value
    if key == "tags":
        return isinstance(value, int) and w.sides.tags >= value
    if key == "grip":
        if w.sides.grip is None:  # not given: taken to hold, and said once
            if "grip_condition" not in w.said:
                w.said |= {"grip_condition"}
                x.emit(WARNING, "w_grip_not_given", card=card.key)
            return value is not False
        return isinstance(value, int) and w.sides.grip >= value
    if key == "link":
        return isinstance(value, int) and link_now(x) >= value
    if key.endswith("_counters"):
        return isinstance(value, int) and counters_on(w.sides, card.key).get(key[:-len("_counters")], 0) >= value
    return (w.ice in w.bypassed and Flag.BYPASSED in w.flags) == value  # bypassed


def _strength_below(x: Executor, card: Card, n: int) -> bool:
    """The ice of the moment has less than n strength now (its boosts counted). No ice now: it does not
    hold; an ice whose strength is not known: taken to hold, and said once."""
    w = x.w
    if w.ice is None:
        return False
    strength = strength_of(x, w.ice)
    if strength is None:
        if f"strength:{w.ice}" not in w.said:
            w.said |= {f"strength:{w.ice}"}
            x.emit(WARNING, "w_strength_not_known", card=card.key, ice=w.ice)
        return True
    return strength < n


def failing(x: Executor, card: Card, conditions: tuple[tuple[str, object], ...]) -> tuple[str, object] | None:
    """The first condition that does not hold now, or None when all hold."""
    return next(((k, v) for k, v in conditions if not _one(x, card, k, v)), None)


def holds(x: Executor, card: Card, conditions: tuple[tuple[str, object], ...]) -> bool:
    """Every condition holds now."""
    return failing(x, card, conditions) is None
