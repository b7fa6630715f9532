"""Effects on where ice and the Runner are: install, leave, move, swap, redirect, encounter again."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from ...scenario import CORP, THIS, Card
from .. import board
from ..conditions import home_of
from ..leaving import leave
from ..state import Flag, Work
from .core import Call, Position, applies
from .rez import picked

__all__ = ["leave"]


def _insert_index(w: Work, server: str, position: Position) -> int | None:
    """Where a position puts new ice, or None when the ice it is relative to no longer protects it."""
    sl = board.slots_of(w, server)
    if position in (None, "outermost"):
        return 0
    if position == "innermost":
        return len(sl)
    assert isinstance(position, tuple)  # the parser's shape: ((inward_of | outward_of, card),)
    (rel, ref), = position
    idx = next((i for i, (_, ice) in enumerate(sl) if ice == ref), None)
    if idx is None:
        return None
    return idx + 1 if rel == "inward_of" else idx


def _relative(w: Work, server: str, sid: int) -> str:
    """Where new ice is for the Runner: inward (ahead), outward (behind), past (the Runner has
    passed every piece of ice of the server already), or elsewhere."""
    if server == w.server and Flag.PAST_ICE in w.flags:
        return "installed_past"
    if w.pos is None or w.pos[0] != server:
        return "installed_inward" if server == w.server and w.pos is None else "installed_elsewhere"
    sl = board.slots_of(w, server)
    here = w.pos[1]
    mine = next(i for i, (s, _) in enumerate(sl) if s == here)
    new = next(i for i, (s, _) in enumerate(sl) if s == sid)
    return "installed_inward" if new > mine else "installed_outward"


@applies("install_ice")
def install_ice(c: Call) -> None:
    w = c.x.w
    card = c.card
    position = c.opt_position()
    ref = position[0][1] if isinstance(position, tuple) else None
    # "inward of X" names X's server, wherever the run is now (the attacked server may have changed).
    near = board.slot_of(w, ref) if ref is not None else None
    server = c.opt_name("server") or (near[0] if near else w.server)
    idx = _insert_index(w, server, position)
    if idx is None:  # the ice it should stand next to has gone: it cannot be installed there
        c.warn("w_no_such_position", card=card.key, ref=ref)
        return
    sid = board.insert_ice(w, server, idx, card.key)
    w.removed -= {card.key}
    if card.rezzed:
        w.rezzed |= {card.key}
    c.note(_relative(w, server, sid), side=CORP, card=card.key, server=server)




@applies("uninstall")
def uninstall(c: Call) -> bool:
    """A card leaves play; as a cost, a card that is not installed cannot pay it. `chosen`: the
    card its source picked (`chosen:` beside it)."""
    key = picked(c)
    if key is None or not c.installed(key):
        return False
    leave(c, key, "uninstalled")
    if c.e.opt("to_grip") is True:  # "add it to the grip": a counted grip holds one more card
        w = c.x.w
        if w.sides.grip is not None:
            w.sides = replace(w.sides, grip=w.sides.grip + 1)
        c.note("to_grip", card=key, total=w.sides.grip if w.sides.grip is not None else "?")
    return True


@applies("trash_copy")
def trash_copy(c: Call) -> bool:
    """The Corp reveals and trashes another copy of a card from HQ (The Twins): a cost. HQ's cards
    not given: taken as done, and said; given without a copy: not paid, so what follows does not happen."""
    w, key = c.x.w, c.name
    hq = board.cards_in(w.contents, "HQ")
    if not hq:
        c.note("copy_hq_not_given", side=CORP, card=key)
        return True
    name = c.x.ctx.cards[key].name if key in c.x.ctx.cards else key
    copy = next((k for k in hq if k != key and c.x.ctx.cards[k].name == name), None)
    if copy is None:
        c.note("copy_not_in_hq", side=CORP, card=key)
        return False
    w.contents = board.add_card(board.remove_card(w.contents, copy), "Archives", copy)
    c.note("copy_trashed", side=CORP, card=copy)
    return True


@applies("move_ice")
def move_ice(c: Call) -> None:
    w, key = c.x.w, c.name
    where = board.slot_of(w, key)
    if not where:
        c.warn("w_not_protecting", card=key)
        return
    server, i = where
    to = c.opt_name("to") or server
    was_current = key == w.ice and w.pos == (server, board.slots_of(w, server)[i][0])
    position = c.opt_position()
    idx = _insert_index(w, to, position)
    if idx is None:
        c.warn("w_no_such_position", card=key, ref=position[0][1] if isinstance(position, tuple) else None)
        return
    board.set_ice_at(w, server, i, None)  # positions are never removed mid-run, so idx still holds
    sid = board.insert_ice(w, to, idx, key)
    c.note("moved_ice", card=key, server=to)
    if was_current and Flag.ENCOUNTERING in w.flags:
        # The Runner goes with encountered ice; its server becomes the attacked server.
        w.pos = (to, sid)
        if to != w.server:
            w.server = to
            c.note("follow_ice", server=to, ice=key)
    elif was_current and c.in_position_step:
        w.flags |= {Flag.ICE_LEFT}


@applies("swap_ice")
def swap_ice(c: Call) -> None:
    w = c.x.w
    a, b = c.names
    wa, wb = board.slot_of(w, a), board.slot_of(w, b)
    if not wa and not wb:
        c.warn("w_not_protecting", card=f"{a}, {b}")
        return
    if wa and wb:
        board.set_ice_at(w, wa[0], wa[1], b)
        board.set_ice_at(w, wb[0], wb[1], a)
    else:
        (srv, i), inside, outside = (wa, a, b) if wa else (cast("tuple[str, int]", wb), b, a)
        board.set_ice_at(w, srv, i, outside)
        w.removed = (w.removed | {inside}) - {outside}
        w.rezzed -= {inside}
    c.note("swapped", a=a, b=b)
    ice = w.ice
    if ice is None or ice not in (a, b):
        return
    other = b if ice == a else a
    if not c.in_position_step:
        # CR 6.2.7e: during Initiation or Movement the Runner stays in their position; when it is
        # the one they will approach next (NSG 6.9.1e-f, 6.9.4e-f: not the ice just passed), it
        # now holds the other ice, which is the one they approach (6.2.2f: no new position).
        if (not c.st.per_ice or c.st.ice_optional) and _in_position(w, other):
            board.revisit(w, ice, other)
            w.ice, w.visit = other, board.visits_of(w, other)
            c.note("position_holds", ice=other)
    elif Flag.ENCOUNTERING in w.flags:
        where = board.slot_of(w, ice)
        if where:  # the Runner goes with the encountered ice
            w.pos = (where[0], board.slots_of(w, where[0])[where[1]][0])
            w.server = where[0]
    elif _in_position(w, other):
        # Swapped while approached: the Runner now approaches the other ice (no new trigger).
        w.ice = other
        c.note("now_approaching", ice=other)


def _in_position(w: Work, key: str) -> bool:
    where = board.slot_of(w, key)
    return bool(where and w.pos and where[0] == w.pos[0]
                and board.slots_of(w, w.pos[0])[where[1]][0] == w.pos[1])


@applies("change_server")
def change_server(c: Call) -> None:
    c.x.w.server = c.name
    c.note("server_changed", server=c.name)


@applies("move_runner")
def move_runner(c: Call) -> None:
    """CR 6.2.8 / 6.1.2: the Runner moves to the outermost position of a server, which becomes
    the attacked server; the run goes on from approaching that ice (Letheia Nisei, Mirage)."""
    w, server = c.x.w, c.name
    if server == THIS:  # the server the card is installed in (Letheia Nisei)
        server = home_of(c.x, c.source or "") or w.server
    if Flag.REACHED_SUCCESS in w.flags or c.x.run_over():
        c.note("move_ineffective", server=server)  # CR 6.2.8c: no position in Success or Run Ends
        return
    w.server = server
    ice = [(s, i) for s, i in board.slots_of(w, server) if i]
    # the outermost ice, or with `position: innermost` the innermost (Mti Mwekundu: the ice just installed)
    first = (ice[-1] if c.opt_position() == "innermost" else ice[0]) if ice else None
    w.pos, w.ice = ((server, first[0]), first[1]) if first else (None, None)
    if first:
        w.visit = board.visit(w, first[1])
    w.flags = (w.flags - {Flag.ENCOUNTERING, Flag.BYPASSED, Flag.ICE_LEFT, Flag.APPROACH_AGAIN, Flag.PAST_ICE}) | {
        Flag.RUNNER_MOVED}
    if not first:
        w.flags |= {Flag.PAST_ICE}
    c.note("runner_moved_to", server=server)


@applies("encounter")
def encounter(c: Call) -> None:
    """A forced encounter: the encounter steps of that ice now, then the run resumes where it was.
    Once the run has ended no encounter begins (CR 6.8.2c: no new timing structure)."""
    key = c.e.arg.key if isinstance(c.e.arg, Card) else c.name
    if c.x.run_over():
        c.note("no_encounter_run_over", ice=key)
        return
    c.x.forced_encounter(key, c.side, c.st)


@applies("approach_again")
def approach_again(c: Call) -> None:
    w = c.x.w
    if (c.st.does != "pass_ice" and not c.x.passing) or w.ice is None:
        c.warn("w_approach_again")
        return
    w.flags |= {Flag.APPROACH_AGAIN}
    c.note("approach_again_set", ice=w.ice)
