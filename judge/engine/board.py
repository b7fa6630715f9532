"""Where things are: the ice in each server's positions, root and contents, and the Runner's
position; queries and the changes effects make (each binds a new tuple, never edits one)."""

from __future__ import annotations

from .state import Cards, RunFields, Work

__all__ = ["slots_of", "set_slots", "has_ice", "slot_of", "pos_ice", "current_in_place", "next_inward",
           "installed", "ice_now", "cards_in", "remove_card", "set_ice_at", "insert_ice", "visit", "visits_of",
           "revisit", "add_card"]

Slot = tuple[int, "str | None"]


def slots_of(w: RunFields, server: str) -> tuple[Slot, ...]:
    """The positions of a server, outermost first (a position whose ice left holds None)."""
    for name, sl in w.slots:
        if name == server:
            return sl
    return ()


def set_slots(w: Work, server: str, new: tuple[Slot, ...]) -> None:
    if any(name == server for name, _ in w.slots):
        w.slots = tuple((name, new if name == server else sl) for name, sl in w.slots)
    else:
        w.slots = w.slots + ((server, new),)


def has_ice(w: RunFields, server: str) -> bool:
    for _, ice in slots_of(w, server):
        if ice:
            return True
    return False


def slot_of(w: RunFields, key: str) -> tuple[str, int] | None:
    """The server and index of the position a piece of ice is in."""
    for server, sl in w.slots:
        for i, (_, ice) in enumerate(sl):
            if ice == key:
                return server, i
    return None


def set_ice_at(w: Work, server: str, index: int, ice: str | None) -> None:
    """Put ice (or nothing) in a position; the position keeps its id."""
    sl = slots_of(w, server)
    set_slots(w, server, sl[:index] + ((sl[index][0], ice),) + sl[index + 1:])


def insert_ice(w: Work, server: str, index: int, ice: str) -> int:
    """A new position holding ice at an index; returns its id."""
    sid = w.next_sid
    w.next_sid += 1
    sl = slots_of(w, server)
    set_slots(w, server, sl[:index] + ((sid, ice),) + sl[index:])
    return sid


def ice_now(w: RunFields) -> str:
    """The ice of the current per-ice step: every caller is at one (an approach, an encounter, a
    pass of a piece of ice), where the run always has its ice."""
    ice = w.ice
    assert ice is not None, f"no ice at step {w.step}"
    return ice


def pos_ice(w: RunFields) -> str | None:
    """The ice in the Runner's position now, if any."""
    if w.pos is None:
        return None
    server, sid = w.pos
    return next((ice for s, ice in slots_of(w, server) if s == sid), None)


def current_in_place(w: RunFields) -> bool:
    """The current ice still sits in the Runner's position."""
    if w.pos is None or w.ice is None:
        return False
    server, sid = w.pos
    return any(s == sid and ice == w.ice for s, ice in slots_of(w, server))


def next_inward(w: RunFields) -> tuple[int, str] | None:
    """The next position inward of the Runner that holds ice."""
    if w.pos is None:
        return None
    server, sid = w.pos
    past = False  # plain loops: the guards of every pass ask this (a generator cost a tenth of a pass)
    for s, ice in slots_of(w, server):
        if past:
            if ice:
                return s, ice
        elif s == sid:
            past = True
    return None


def cards_in(table: Cards, server: str) -> tuple[str, ...]:
    """The cards of a server in a root or contents table."""
    for name, cards in table:
        if name == server:
            return cards
    return ()


def remove_card(table: Cards, key: str) -> Cards:
    """The table without a card (wherever it is)."""
    if not any(key in cards for _, cards in table):
        return table
    return tuple((name, tuple(c for c in cards if c != key)) for name, cards in table)


def add_card(table: Cards, server: str, key: str) -> Cards:
    """The table with a card added at the end of a server's cards (the server's entry made if
    it has none)."""
    if any(name == server for name, _ in table):
        return tuple((name, cards + (key,) if name == server else cards) for name, cards in table)
    return table + ((server, (key,)),)


def installed(w: RunFields, key: str) -> bool:
    if slot_of(w, key):
        return True
    return any(key in v for _, v in w.root) or any(key in v for _, v in w.contents)


def visits_of(w: RunFields, key: str) -> int:
    """How many times a piece of ice has been counted this run."""
    return dict(w.visits).get(key, 0)


def revisit(w: Work, old: str, new: str) -> None:
    """The position the Runner was set in holds other ice now: count that ice instead (the one
    that left was never approached from there)."""
    n = visits_of(w, old)
    if n:
        w.visits = tuple((k, v - 1 if k == old else v) for k, v in w.visits if k != old or v > 1)
    visit(w, new)


def visit(w: Work, key: str) -> int:
    """Count another approach (or forced encounter) of a piece of ice: its occurrence number."""
    n = dict(w.visits).get(key, 0) + 1
    if n == 1:
        w.visits = w.visits + ((key, 1),)
    else:
        w.visits = tuple((k, n if k == key else v) for k, v in w.visits)
    return n


def blanked(w: RunFields, key: str) -> bool:
    """`forbid: root_abilities` (Light the Fire!): for the rest of the run the cards in the root of
    the attacked server (in a remote server: every card in it) have no abilities."""
    if not any(what == "root_abilities" for what, _ in w.forbidden):
        return False
    if key in cards_in(w.root, w.server):
        return True
    return w.server not in ("HQ", "R&D", "Archives") and key in cards_in(w.contents, w.server)
