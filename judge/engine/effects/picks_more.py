"""More picks (docs/board.md, "Picks are decisions"), added for the last approximate models: a
Runner card to charge (Orca) or trash other than the picker's own (World Tree), sabotage's card of
HQ or the top of R&D (Nga), a card of R&D or Archives to HQ (Project Atlas, Project Vitruvius), ice
installed from HQ (Mti Mwekundu, Timely Public Release), swaps of an ice of the attacked server with
another (Cordyceps) and of cards of HQ and roots (Project Yagi-Uda, Daruma), X strength bought for a
picked ice (Corporate Troubleshooter), an exposed ice sent to HQ (Wari), a trojan moved (Spree).
They register their kinds and swaps in `picks`' tables."""

from __future__ import annotations

from dataclasses import replace

from ...i18n import msg
from ...scenario import CENTRALS, CORP, Effect
from .. import board
from ..boardstate import counters_on, with_counters
from ..conditions import home_of
from ..encounter import encounter_id
from .core import Call, applies
from .ice import leave
from .picks import CARD_SWAPS, MORE_KINDS, PAIR_PICKS, _all_ice, _pick, _picker, eligible

__all__: list[str] = []


def _other_runner_cards(c: Call) -> list[str]:
    """An installed Runner card other than the one whose ability it is (World Tree)."""
    return [k for k in eligible(c, "runner_card") if k != c.source]


def _with_power(c: Call) -> list[str]:
    """An installed Runner card with at least one counted power counter: one Orca may charge."""
    return [k for k in eligible(c, "runner_card") if counters_on(c.x.w.sides, k).get("power", 0) >= 1]


def _hq_or_rd_top(c: Call) -> list[str]:
    """A card of HQ, or the top card of R&D (sabotage: Nga)."""
    w = c.x.w
    return list(board.cards_in(w.contents, "HQ")) + list(board.cards_in(w.contents, "R&D"))[:1]


def _in_rd(c: Call) -> list[str]:
    return list(board.cards_in(c.x.w.contents, "R&D"))


def _in_archives(c: Call) -> list[str]:
    return list(board.cards_in(c.x.w.contents, "Archives"))


def _ice_in_hq_or_archives(c: Call) -> list[str]:
    w = c.x.w
    return [k for s in ("HQ", "Archives") for k in board.cards_in(w.contents, s) if c.x.ctx.cards[k].is_ice]


MORE_KINDS.update({
    "other_runner_card": _other_runner_cards,
    "runner_card_with_power": _with_power,
    "card_in_hq_or_rd_top": _hq_or_rd_top,
    "card_in_rd": _in_rd,
    "card_in_archives": _in_archives,
    "ice_in_hq_or_archives": _ice_in_hq_or_archives,
    "rezzed_ice_of_this_server": lambda c: _rezzed_ice_of_home(c),
    "installed_ice": _all_ice,
})


def _server_ice_and_other(c: Call) -> tuple[tuple[str, ...], bool]:
    """Two picks: an ice protecting the attacked server, then any other installed ice (Cordyceps)."""
    w = c.x.w
    first, made = _pick(c, 1, [k for _, k in board.slots_of(w, w.server) if k])
    if not made or not first:
        return (), made
    second, made = _pick(c, 1, [k for k in _all_ice(c) if k != first[0]])
    return (first + second, True) if made and second else ((), made)


@applies("charge_pick")
def charge_pick(c: Call) -> None:
    """Charge: one more power counter on a picked installed card that has one already (Orca)."""
    cards, made = _pick(c)
    w = c.x.w
    for card in cards if made else ():
        w.sides = with_counters(w.sides, card, "power", 1)
        c.note("counters_placed", card=card, n=1, what=msg("engine.counter_kinds.power"),
               total=counters_on(w.sides, card).get("power", 0))


@applies("to_hq_pick")
def to_hq_pick(c: Call) -> None:
    """A picked card of R&D or Archives is added to HQ (Project Atlas, Project Vitruvius): it is no
    longer there to be accessed in that server, and HQ holds it."""
    cards, made = _pick(c)
    w = c.x.w
    for card in cards if made else ():
        w.contents = board.add_card(board.remove_card(w.contents, card), "HQ", card)
        c.note("card_to_hq", side=CORP, card=card)


def _where_written(c: Call, card: str) -> dict[str, object]:
    """Where the pick written for this card at this step installs it (`server`, `position`)."""
    x, st, w = c.x, c.st, c.x.w
    for a in x.ctx.actions_at(st.id, w.ice if st.per_ice else None, w.visit):
        for e in a.effects:
            if e.kind == "pick" and x.ctx.names.get(e.name, e.name) == card and a.side == _picker(c):
                return dict(e.opts)
    return {}


@applies("install_pick")
def install_pick(c: Call) -> None:
    """Picked ice from HQ is installed in the attacked server, unrezzed and ignoring all costs, at
    `position` (default innermost); `move`: the Runner moves to it and approaches it (Mti Mwekundu)."""
    cards, made = _pick(c)
    x, w = c.x, c.x.w
    for card in cards if made else ():
        where = _where_written(c, card)
        server = where.get("server") or w.server
        w.contents = board.remove_card(w.contents, card)
        position = where.get("position") or c.e.opt("position") or "innermost"
        x.apply(Effect("install_ice", replace(x.ctx.cards[card], rezzed=False),
                       (("position", position), ("server", server))), c.side, c.st, c.source, c.action)
        if c.e.opt("move"):
            x.apply(Effect("move_runner", server, (("position", "innermost"),)), c.side, c.st, c.source, c.action)


def _root_cards(c: Call, server: str) -> list[str]:
    """The cards in the root of a server: its upgrades, and in a remote server every card in it."""
    w = c.x.w
    cards = list(board.cards_in(w.root, server))
    return cards + (list(board.cards_in(w.contents, server)) if server not in CENTRALS else [])


def _home(c: Call, key: str) -> tuple[str, str] | None:
    """Where a card that is not ice is: ("root"|"contents", server)."""
    w = c.x.w
    for table, name in ((w.root, "root"), (w.contents, "contents")):
        for srv, ks in table:
            if key in ks:
                return name, srv
    return None


def _fits_root(c: Call, key: str, server: str) -> bool:
    """A card may go to that root: an upgrade anywhere, an agenda or asset only in a remote server."""
    t = c.x.ctx.cards[key].type
    return t == "upgrade" or (t in ("agenda", "asset") and server not in CENTRALS)


def _swap_cards(c: Call) -> None:
    """Two picks that change places, then `then` (the Runner may jack out):
    `hq_and_attacked_server`: a card of HQ with a card in the root of, or ice protecting, the attacked
    server (Project Yagi-Uda: ice for ice, another card for a card of the root);
    `root_of_this_server`: a card in another server's root, or an agenda, asset or upgrade of HQ,
    with a card in the root of the card's own server (Daruma)."""
    x, w = c.x, c.x.w
    if c.name == "hq_and_attacked_server":
        server = w.server
        first, made = _pick(c, 1, list(board.cards_in(w.contents, "HQ")))
        if not made or not first:
            return
        if x.ctx.cards[first[0]].is_ice:
            among = [k for _, k in board.slots_of(w, server) if k]
        else:
            among = [k for k in _root_cards(c, server) if _fits_root(c, first[0], server)]
    else:
        server = home_of(x, c.source or "") or w.server
        others = [k for srv in {s for s, _ in w.root} | {s for s, _ in w.contents} if srv != server
                  for k in _root_cards(c, srv)]
        hq = [k for k in board.cards_in(w.contents, "HQ") if x.ctx.cards[k].type in ("agenda", "asset", "upgrade")]
        first, made = _pick(c, 1, [k for k in others + hq if _fits_root(c, k, server)])
        if not made or not first:
            return
        among = [k for k in _root_cards(c, server) if k != c.source]
    second, made = _pick(c, 1, among)
    if not made or not second:
        return
    a, b = first[0], second[0]
    if board.slot_of(w, b):  # ice for ice: the ice from HQ is installed unrezzed, the other goes to HQ
        x.apply(Effect("swap_ice", (b, a)), c.side, c.st, c.source, c.action)
        w = x.w
        w.contents = board.add_card(board.remove_card(w.contents, a), "HQ", b)
        w.rezzed -= {a}
    else:
        wa, wb = _home(c, a), _home(c, b)
        assert wa is not None and wb is not None
        for key, (table, srv) in ((a, wb), (b, wa)):
            w.root, w.contents = board.remove_card(w.root, key), board.remove_card(w.contents, key)
            if table == "root":
                w.root = board.add_card(w.root, srv, key)
            else:
                w.contents = board.add_card(w.contents, srv, key)
        for key, (_, srv) in ((a, wb), (b, wa)):
            if srv == "HQ":  # a card going to HQ is no longer rezzed (one from HQ comes unrezzed)
                w.rezzed -= {key}
        c.note("swapped", a=a, b=b)
    w.picks += tuple((c.source or "", k, encounter_id(w)) for k in (a, b))
    x.resolve(c.opt_effects("then"), c.side, c.st, c.source, c.action)


def _first_home(c: Call) -> str | None:
    """The server the card whose ability it is was installed in when the run began (it may have
    been trashed to pay for the ability: Corporate Troubleshooter)."""
    key = c.source or ""
    for srv in c.x.ctx.sc.servers.values():
        if any(k.key == key for k in srv.root + srv.cards + srv.ice):
            return srv.name
    return None


def _rezzed_ice_of_home(c: Call) -> list[str]:
    w = c.x.w
    home = home_of(c.x, c.source or "") or _first_home(c) or w.server
    return [k for _, k in board.slots_of(w, home) if k and k in w.rezzed]


@applies("strength_pick")
def strength_pick(c: Call) -> bool:
    """The Corp pays the X written on its pick (`{pick: Ice Wall, x: 2}`; none written: 0) and the
    picked rezzed ice of the card's server gets +X strength `until` (default the end of the turn):
    Corporate Troubleshooter. A Corp that cannot pay X changes nothing."""
    cards, made = _pick(c)
    x = c.x
    for card in cards if made else ():
        n = _where_written(c, card).get("x", 0)
        assert isinstance(n, int)
        if not x.apply(Effect("corp_pay", n), c.side, c.st, c.source, c.action):
            return False
        until = c.e.opt("until") or "turn_ends"
        x.apply(Effect("strength", n, (("of", card), ("until", until))), c.side, c.st, c.source, c.action)
    return True


@applies("expose_pick")
def expose_pick(c: Call) -> None:
    """The picked installed ice is exposed; with the subtype named on the pick (`named: sentry`) it
    leaves its server for HQ (Wari). Nothing named: exposed only."""
    cards, made = _pick(c)
    x = c.x
    for card in cards if made else ():
        named = _where_written(c, card).get("named")
        c.note("exposed_named", card=card, what=str(named or "-"))
        if isinstance(named, str) and named in {s.lower() for s in x.ctx.cards[card].subtypes}:
            leave(c, card, "uninstalled", _picker(c))
            x.w.contents = board.add_card(x.w.contents, "HQ", card)
            c.note("card_to_hq", side=CORP, card=card)


@applies("host_pick")
def host_pick(c: Call) -> None:
    """Two picks: an installed trojan program, then a piece of ice protecting the attacked server;
    the trojan is hosted on that ice from now on (Spree): its abilities for `ice: chosen`, and the
    condition `ice_chosen`, read the new host."""
    x, w = c.x, c.x.w
    trojans = [k.key for k in x.ctx.sc.runner_cards
               if k.type == "program" and "trojan" in {s.lower() for s in k.subtypes} and x.in_play(k.key)]
    first, made = _pick(c, 1, trojans)
    if not made or not first:
        return
    second, made = _pick(c, 1, [k for _, k in board.slots_of(w, w.server) if k])
    if not made or not second:
        return
    x.w.hosts += ((first[0], second[0]),)
    c.note("hosted_on", card=first[0], ice=second[0])


PAIR_PICKS["server_ice_and_other"] = _server_ice_and_other
CARD_SWAPS["hq_and_attacked_server"] = _swap_cards
CARD_SWAPS["root_of_this_server"] = _swap_cards
