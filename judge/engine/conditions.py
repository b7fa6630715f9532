"""`if:` conditions and counted amounts, evaluated on the run so far (see judge.scenario.conditions)."""

from __future__ import annotations

from ..i18n import msg
from ..scenario import CENTRALS, Amount, Card
from . import board
from .boardstate import counters_on
from .protocol import Executor
from .state import Flag, encounter_id
from .trace import WARNING

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
    if what in ("clicks", "subroutines_resolved", "accessed_in_rd", "breach_accesses"):
        return _runner_count(x, what)
    if what == "passed_distinct":
        return len(set(w.passed))
    if what == "subroutines":  # of the ice of the moment (Femme Fatale: 1 credit per subroutine)
        ice = x.ctx.cards.get(w.ice) if w.ice else None
        return len(ice.subroutines) if ice else 0
    if what == "unbroken":  # of the ice of the moment, not broken in this encounter (Chief Slee)
        ice = x.ctx.cards.get(w.ice) if w.ice else None
        return sum(1 for n in range(1, len(ice.subroutines) + 1) if n not in w.broken) if ice else 0
    return len(getattr(w, what))


def _runner_count(x: Executor, what: str) -> int:
    """The Runner's clicks left (none counted: 0, and `lose_clicks` says they are not counted), the
    subroutines that resolved this run, or the cards of R&D itself accessed this run."""
    if what == "clicks":
        return x.w.sides.clicks or 0
    if what == "breach_accesses":  # HQ or R&D: one card plus what the breach's abilities added so far
        return 1 + x.w.access_more
    if what == "accessed_in_rd":  # R&D's own cards (as the scenario lists them), not its root
        rd = x.ctx.sc.servers.get("R&D")
        pile = {c.key for c in rd.cards} if rd else set()
        return sum(1 for k in x.w.accessed if k in pile)
    return x.w.subs_resolved


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
    if key in RUNNER_SIDE:
        return _runner_side(x, card, key, value)
    return (w.ice in w.bypassed and Flag.BYPASSED in w.flags) == value  # bypassed


RUNNER_SIDE = ("breached", "broke", "made_run", "by_run_event", "identity", "accesses", "threat", "again", "last_ice", "attacked", "programs_at_most",
               "grip_at_most")


def _runner_side(x: Executor, card: Card, key: str, value: object) -> bool:
    """The conditions the Runner's cards ask of the run: a breach made, a subroutine broken, the
    card that made the run, the attacked server (not the one breached now), programs and grip."""
    w = x.w
    if key == "breached":
        return (Flag.BREACHED in w.flags) == value
    if key == "broke":
        return bool(w.broken_log) == value
    if key == "made_run":
        return (card.key == x.ctx.sc.by) == value
    if key == "identity":  # no identity among the Runner's cards: none of its subtypes holds
        return any(c.type == "identity" and value in c.subtypes for c in x.ctx.sc.runner_cards)
    if key == "accesses":  # HQ or R&D: one card, plus what this breach's abilities added so far
        return isinstance(value, int) and 1 + w.access_more >= value
    if key == "threat":  # the score areas given, the Runner's with the agendas stolen this run
        sides = x.ctx.sc.sides
        cards = x.ctx.cards
        runner = (sides.runner_points if sides else 0) + sum(cards[k].points or 0 for k in w.stolen if k in cards) \
            + w.scored_points
        return isinstance(value, int) and max(runner, sides.corp_points if sides else 0) >= value
    if key == "again":  # a run an event's own ability makes again (Möbius, Always Have a Backup Plan)
        return (card.key == x.ctx.sc.by and bool(w.previous) and w.previous[0] == card.key) == value
    if key == "last_ice":
        return (w.ice is not None and bool(w.previous) and w.previous[3] == w.ice) == value
    if key == "by_run_event":
        by = x.ctx.cards.get(x.ctx.sc.by) if x.ctx.sc.by else None
        return (by is not None and by.type == "event" and "run" in by.subtypes) == value
    if key == "attacked":
        return isinstance(value, str) and _attacked_is(x, card, value)
    if key == "programs_at_most":
        programs = sum(1 for c in x.ctx.sc.runner_cards if c.type == "program" and x.in_play(c.key))
        return isinstance(value, int) and programs <= value
    # grip_at_most
    if w.sides.grip is None:  # not given: taken to hold, and said once
        if "grip_condition" not in w.said:
            w.said |= {"grip_condition"}
            x.emit(WARNING, "w_grip_not_given", card=card.key)
        return True
    return isinstance(value, int) and w.sides.grip <= value


def _attacked_is(x: Executor, card: Card, value: str) -> bool:
    """`attacked:` reads the attacked server even during another server's breach."""
    breaching = x.w.breaching
    x.w.breaching = None
    try:
        return _server_is(x, card, value)
    finally:
        x.w.breaching = breaching


def failing(x: Executor, card: Card, conditions: tuple[tuple[str, object], ...]) -> tuple[str, object] | None:
    """The first condition that does not hold now, or None when all hold."""
    return next(((k, v) for k, v in conditions if not _one(x, card, k, v)), None)


def holds(x: Executor, card: Card, conditions: tuple[tuple[str, object], ...]) -> bool:
    """Every condition holds now."""
    return failing(x, card, conditions) is None
