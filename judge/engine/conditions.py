"""`if:` conditions and counted amounts, evaluated on the run so far (see judge.scenario.conditions)."""

from __future__ import annotations

from ..i18n import msg
from ..scenario import CENTRALS, Amount, Card
from . import board
from .boardstate import counters_on
from .protocol import Executor
from .state import Flag, encounter_id
from .trace import ACTION, WARNING

__all__ = ["holds", "failing", "amount", "counted"]


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
    if what == "server_ice":
        return _server_ice(x, card)
    if what == "unbroken":  # of the ice of the moment, not broken in this encounter (Chief Slee)
        ice = x.ctx.cards.get(w.ice) if w.ice else None
        return sum(1 for n in range(1, len(ice.subroutines) + 1) if n not in w.broken) if ice else 0
    return len(getattr(w, what))


def _server_ice(x: Executor, card: str | None) -> int:
    """The pieces of ice protecting the server of `card` (the card whose effect it is), else of the
    ice of the moment (Surveyor: a trace of twice that many); 0 for a card installed nowhere."""
    on = card or x.w.ice
    where = board.slot_of(x.w, on) if on else None
    if where is None:
        return 0
    return sum(1 for _, i in board.slots_of(x.w, where[0]) if i)


def amount(x: Executor, arg: int | Amount, card: str | None = None) -> int:
    """An effect's number: written as it is, or counted from the run (counters: on `card`, the card
    whose effect it is, else on the ice of the moment)."""
    if isinstance(arg, Amount):
        return arg.plus + arg.times * counted(x, arg.count, card)
    return arg


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
        return _home(x, card) == srv
    return srv == value


def _home(x: Executor, card: Card) -> str | None:
    """The server a card protects (ice) or is installed in; None when it is installed nowhere."""
    where = board.slot_of(x.w, card.key)
    return where[0] if where else next((s for s, keys in x.w.root + x.w.contents if card.key in keys), None)


def _broke_with(x: Executor, subtype: object) -> bool:
    """A breaker with that subtype (`with:` on the break) broke a subroutine in the encounter going
    on, or just ended (at "passed" the encounter's ice and occurrence are still the same)."""
    now = encounter_id(x.w)
    return any(enc == now and (c := x.ctx.cards.get(b)) is not None and subtype in c.subtypes
               for b, enc in x.w.broke_in)


def _threat(x: Executor, card: Card) -> int:
    """The most agenda points a player has: `scored:` beside each side, the Runner's with the agendas
    stolen this run. Neither given: the points are not counted (taken as 0), and said once."""
    sides = x.ctx.sc.sides
    runner = sides.scored if sides is not None else None
    corp = sides.corp_scored if sides is not None else None
    if runner is None and corp is None and "threat" not in x.w.said:
        x.w.said |= {"threat"}
        x.emit(ACTION, "threat_uncounted", card=card.key)
    stolen = sum(c.points or 0 for k in x.w.stolen if (c := x.ctx.cards.get(k)) is not None)
    return max((runner or 0) + stolen, corp or 0)


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
    if key == "protects":  # Afshar: while it protects HQ (wherever the run is)
        return _home(x, card) == value
    if key == "not_server":
        return isinstance(value, str) and not _server_is(x, card, value)
    if key == "ice_subtype":
        ice = x.ctx.cards.get(w.ice) if w.ice else None
        return ice is not None and value in ice.subtypes
    if key == "all_broken":
        ice = x.ctx.cards.get(w.ice) if w.ice else None
        subs = len(ice.subroutines) if ice else 0
        return (subs > 0 and all(n in w.broken for n in range(1, subs + 1))) == value
    if key == "broke_with_this":
        return ((card.key, encounter_id(w)) in w.broke_in) == value
    if key == "fully_broken":
        return (Flag.FULLY_BROKEN in w.flags) == value
    if key == "broke_with":  # a named breaker of that subtype broke the ice of the moment in this encounter
        return _broke_with(x, value)
    if key == "subroutine_resolved":
        return bool(w.resolved_subs) == value
    if key == "rezzed_this_turn":  # Gatekeeper: rezzed in a run of this turn, not on the board as it began
        return (card.key in w.rezzed_ever and not card.rezzed) == value
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
    if key == "threat":
        return isinstance(value, int) and _threat(x, card) >= value
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
        return isinstance(value, int) and w.sides.link >= value
    if key.endswith("_counters"):
        return isinstance(value, int) and counters_on(w.sides, card.key).get(key[:-len("_counters")], 0) >= value
    return (w.ice in w.bypassed and Flag.BYPASSED in w.flags) == value  # bypassed


def failing(x: Executor, card: Card, conditions: tuple[tuple[str, object], ...]) -> tuple[str, object] | None:
    """The first condition that does not hold now, or None when all hold."""
    return next(((k, v) for k, v in conditions if not _one(x, card, k, v)), None)


def holds(x: Executor, card: Card, conditions: tuple[tuple[str, object], ...]) -> bool:
    """Every condition holds now."""
    return failing(x, card, conditions) is None
