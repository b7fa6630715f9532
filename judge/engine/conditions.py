"""`if:` conditions and counted amounts, evaluated on the run so far (see judge.scenario.conditions)."""

from __future__ import annotations

from ..i18n import msg
from ..scenario import CENTRALS, RUNNER, Amount, Card
from . import board
from .accessconds import accessing, accessing_cost_named
from .boardstate import counters_on
from .breakconds import BREAKING
from .breaking import fully_broke_with, subtypes_of
from .protocol import Executor
from .state import Flag, encounter_id
from .trace import WARNING

__all__ = ["holds", "failing", "amount", "counted", "link_now", "home_of"]


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
    if what in ("subroutines_resolved", "accessed_in_rd", "breach_accesses"):
        return _runner_count(x, what)
    if what == "named":
        return _named(x, card)
    if what in ("clicks", "scored_agendas", "advanced_ice", "breach_accessed"):
        return _board_count(x, what, card)
    if what == "encounter_resolved":  # the encounter going on or, once passed, the last one (Persephone)
        return w.enc_resolved
    if what == "passed_distinct":
        return len(set(w.passed))
    if what == "subroutines":  # of the ice of the moment (Femme Fatale: 1 credit per subroutine)
        ice = x.ctx.cards.get(w.ice) if w.ice else None
        return len(ice.subroutines) if ice else 0
    if what == "rezzed_harmonic":  # rezzed harmonic ice installed anywhere (Pulse, Wave)
        cards = x.ctx.cards
        return sum(1 for _, slots in w.slots for _, i in slots
                   if i and i in w.rezzed and "harmonic" in cards[i].subtypes)
    if what == "server_ice":
        return _server_ice(x, card)
    if what == "unbroken":  # of the ice of the moment, not broken in this encounter (Chief Slee)
        ice = x.ctx.cards.get(w.ice) if w.ice else None
        return sum(1 for n in range(1, len(ice.subroutines) + 1) if n not in w.broken) if ice else 0
    return len(getattr(w, what))


def _runner_count(x: Executor, what: str) -> int:
    """The subroutines that resolved this run, the cards this breach lets the Runner access, or the
    cards of R&D itself accessed this run."""
    if what == "breach_accesses":  # HQ or R&D: one card plus what the breach's abilities added so far
        return 1 + x.w.access_more
    if what == "accessed_in_rd":  # R&D's own cards (as the scenario lists them), not its root
        rd = x.ctx.sc.servers.get("R&D")
        pile = {c.key for c in rd.cards} if rd else set()
        return sum(1 for k in x.w.accessed if k in pile)
    return x.w.subs_resolved


def _board_count(x: Executor, what: str, card: str | None) -> int:
    """The Runner's clicks left, the agendas in their score area (given, plus those stolen this
    run), the advanced ice protecting the card's server, the accesses of the breach going on."""
    w = x.w
    if what == "breach_accessed":  # Mwanza City Grid: every access of this breach, a card twice if accessed twice
        return len(w.accessed) - w.breach_from
    if what == "advanced_ice":  # Cayambe Grid: ice of the card's server with an advancement counter
        home = home_of(x, card) if card else None
        ice = [k for _, k in board.slots_of(w, home) if k] if home else []
        for k in ice:
            if k not in w.sides.counted and f"advanced:{k}" not in w.said:
                w.said |= {f"advanced:{k}"}
                x.emit(WARNING, "w_counters_not_given", card=k, what=msg("engine.counter_kinds.advancement"))
        return sum(1 for k in ice if counters_on(w.sides, k).get("advancement", 0) > 0)
    known = w.sides.clicks if what == "clicks" else w.sides.agendas
    if known is None and f"count:{what}" not in w.said:  # not given: counted as none, and said once
        w.said |= {f"count:{what}"}
        x.emit(WARNING, "w_count_not_given", card=card or "", what=msg(f"engine.counts.{what}"))
    return (known or 0) + (len(w.stolen) + w.scored_cards if what == "scored_agendas" else 0)


def home_of(x: Executor, key: str) -> str | None:
    """The server a card protects or is installed in."""
    where = board.slot_of(x.w, key)
    return where[0] if where else next((s for s, keys in x.w.root + x.w.contents if key in keys), None)


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
    whose effect it is, else on the ice of the moment). A count less some (`plus: -1`) is never below 0."""
    if isinstance(arg, Amount):
        return max(0, arg.plus + arg.times * (counted(x, arg.count, card) // arg.per))
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
        return home_of(x, card.key) == srv
    return srv == value


def _broke_with(x: Executor, subtype: object) -> bool:
    """A breaker with that subtype (`with:` on the break) broke a subroutine in the encounter going
    on, or just ended (at "passed" the encounter's ice and occurrence are still the same)."""
    now = encounter_id(x.w)
    return any(enc == now and (c := x.ctx.cards.get(b)) is not None and subtype in c.subtypes
               for b, enc in x.w.broke_in)



def _one(x: Executor, card: Card, key: str, value: object) -> bool:
    w = x.w
    if key == "successful":
        return (Flag.DECLARED in w.flags) == value
    if key == "unsuccessful":
        return (x.status() == "unsuccessful") == value
    if key == "stolen":
        return bool(w.stolen) == value
    if key == "trashed":
        return bool(w.trashed) == value
    if key == "breach_took_nothing":
        return ((len(w.stolen), len(w.trashed)) == w.breach_took) == value
    if key == "trashed_own":
        return (w.own_trashed or card.trashed_own_this_turn) == value
    if key in ("passed", "encountered"):
        return isinstance(value, int) and len(w.passed if key == "passed" else w.encountered) >= value
    if key == "credits_below":
        return isinstance(value, int) and w.credits + w.bp_credits < value
    if key == "server":
        return isinstance(value, str) and _server_is(x, card, value)
    if key == "protects":  # Afshar: while it protects HQ (wherever the run is)
        return home_of(x, card.key) == value
    if key == "not_server":
        return isinstance(value, str) and not _server_is(x, card, value)
    if key in ("ice_subtype", "not_ice_subtype"):  # of the ice of the moment (the ice rezzed, for a rez moment)
        that = x.that_ice()
        has_it = that is not None and that in x.ctx.cards and value in subtypes_of(x, that)
        return has_it if key == "ice_subtype" else that is not None and not has_it
    if key == "all_broken":
        ice = x.ctx.cards.get(w.ice) if w.ice else None
        subs = len(ice.subroutines) if ice else 0
        return (subs > 0 and all(n in w.broken for n in range(1, subs + 1))) == value
    if key == "fully_broken":  # set when every subroutine is broken, or at once for ice with none
        return (Flag.FULLY_BROKEN in w.flags) == value
    if key == "broke_with_this":
        return ((card.key, encounter_id(w)) in w.broke_in) == value
    if key == "encountering":
        return (Flag.ENCOUNTERING in w.flags and w.ice is not None) == value
    if key == "fully_broke_with_this":
        return fully_broke_with(x, card.key) == value
    if key == "subroutine_resolved":
        return bool(w.resolved_subs) == value
    if key == "chosen_subtype":
        chosen = x.ctx.cards.get(x.ctx.names.get(card.chosen, card.chosen)) if card.chosen else None
        return chosen is not None and value in chosen.subtypes
    if key == "is_ice":
        return (x.that_ice() is not None) == value
    if key == "broke_with":  # a named breaker of that subtype broke the ice of the moment in this encounter
        return _broke_with(x, value)
    if key == "rezzed_this_turn":  # Gatekeeper: rezzed in a run of this turn, not on the board as it began
        return (card.key in w.rezzed_ever and not card.rezzed) == value
    if key == "ice_rezzed":
        that = x.that_ice()
        return (that is not None and that in w.rezzed) == value
    if key == "clicks_broke":
        return w.clicks_broke == value
    if key in ("runner_declined", "corp_declined"):  # who wrote the decline (`<side>:<card>`, beside the card)
        return (f"{key[:-len('_declined')]}:{card.key}" in w.declined) == value
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
    if key == "won_run":
        return isinstance(value, str) and value in w.sides.won
    if key == "protected":
        return board.has_ice(w, w.breaching or w.server) == value
    if key == "rezzed":
        return (card.key in w.rezzed) == value
    if key == "ice_chosen":  # the host it moved onto this turn (Spree), else the one written `chosen:`
        moved = next((i for k, i in reversed(w.hosts) if k == card.key), None)
        host = moved or (x.ctx.names.get(card.chosen, card.chosen) if card.chosen is not None else None)
        return (w.ice is not None and host == w.ice) == value
    if key in ("clicks", "clicks_below"):
        if w.sides.clicks is None:  # not given: the Runner is taken to have clicks left, and said once
            if "clicks_condition" not in w.said:
                w.said |= {"clicks_condition"}
                x.emit(WARNING, "w_clicks_not_given", card=card.key)
            return key == "clicks"
        if key == "clicks_below":
            return isinstance(value, int) and w.sides.clicks < value
        return isinstance(value, int) and w.sides.clicks >= value
    if key.endswith("_counters"):
        return isinstance(value, int) and counters_on(w.sides, card.key).get(key[:-len("_counters")], 0) >= value
    if key in BREAKING:
        return BREAKING[key](x, card, value)
    if key in RUNNER_SIDE:
        return _runner_side(x, card, key, value)
    if key == "hq_cards":
        return _hq_cards(x, card, value)
    if key == "accessing":
        return accessing(x, value)
    if key == "not_won_run":
        return isinstance(value, str) and not set(value.split(" or ")) & set(w.sides.won)
    if key == "accessing_cost_named":
        return accessing_cost_named(x, card) == value
    return (w.ice in w.bypassed and Flag.BYPASSED in w.flags) == value  # bypassed


def _strength_below(x: Executor, card: Card, n: int) -> bool:
    """The ice of the moment has less than n strength now (its boosts counted). No ice now: it does not
    hold; an ice whose strength is not known: taken to hold, and said once."""
    w = x.w
    if w.ice is None:
        return False
    strength = x.strength(w.ice)  # through the executor: strength reads conditions (strength_when)
    if strength is None:
        if f"strength:{w.ice}" not in w.said:
            w.said |= {f"strength:{w.ice}"}
            x.emit(WARNING, "w_strength_not_known", card=card.key, ice=w.ice)
        return True
    return strength < n


RUNNER_SIDE = ("breached", "broke", "by_run_event", "identity", "accesses", "again", "last_ice", "attacked", "programs_at_most",
               "grip_at_most")


def _runner_side(x: Executor, card: Card, key: str, value: object) -> bool:
    """The conditions the Runner's cards ask of the run: a breach made, a subroutine broken, the
    card that made the run, the attacked server (not the one breached now), programs and grip."""
    w = x.w
    if key == "breached":
        return (Flag.BREACHED in w.flags) == value
    if key == "broke":
        return bool(w.broken_log) == value
    if key == "identity":  # no identity among the Runner's cards: none of its subtypes holds
        return any(c.type == "identity" and value in c.subtypes for c in x.ctx.sc.runner_cards)
    if key == "accesses":  # HQ or R&D: one card, plus what this breach's abilities added so far
        return isinstance(value, int) and 1 + w.access_more >= value
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


def _hq_cards(x: Executor, card: Card, value: object) -> bool:
    """HQ holds at least N cards (Anoetic Void trashes 2 of them as a cost). HQ's cards not given
    (none written): taken to hold, and said once."""
    hq = board.cards_in(x.w.contents, "HQ")
    if not hq:
        if "hq_cards" not in x.w.said:
            x.w.said |= {"hq_cards"}
            x.emit(WARNING, "w_hq_not_given", card=card.key)
        return True
    return isinstance(value, int) and len(hq) >= value



def _named(x: Executor, key: str | None) -> int:
    """The number written `named:` beside the card (what the Runner named or chose as it was used);
    not written: 0, and said once."""
    card = x.ctx.cards.get(key) if key else None
    if card is None:
        return 0
    if card.named is None and f"named:{card.key}" not in x.w.said:
        x.w.said |= {f"named:{card.key}"}
        x.emit(WARNING, "w_named_not_given", card=card.key)
    return card.named or 0



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
