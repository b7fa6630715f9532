"""Effects on access: how many cards, which ones, replacing it, and the Runner's choices per card."""

from __future__ import annotations

from ...i18n import Text, msg
from ...scenario import CENTRALS, CORP, RUNNER, Effect
from .. import board
from ..conditions import amount
from ..state import Flag, Work
from .core import Call, applies
from .ice import leave

__all__: list[str] = []  # the functions register themselves in APPLY


@applies("access_more")
def access_more(c: Call) -> None:
    n = amount(c.x, c.number, c.source)
    c.x.w.access_more += n
    c.note("access_more_n", n=n)


@applies("access_fewer")
def access_fewer(c: Call) -> None:
    """For the rest of the run every breach accesses N fewer cards (SYNC BRE): the last ones in the
    Runner's order of access are not accessed (`engine.access.fewer`)."""
    n = amount(c.x, c.number, c.source)
    c.x.w.access_fewer += n
    c.note("access_fewer_n", n=n)


@applies("access_only")
def access_only(c: Call) -> None:
    c.x.w.access_only = c.names
    c.note("access_only_set", cards=c.names or msg("engine.none"))


@applies("not_accessed")
def not_accessed(c: Call) -> None:
    """That card cannot be accessed for the rest of the run, in any breach (Adrian Seis, equal bids);
    `not_accessed: chosen` with no `chosen:` beside the card takes none, and says so (Heliamphora)."""
    if c.name == "chosen":
        c.note("not_accessed_none", card=c.source or "")
        return
    c.x.w.access_never += (c.name,)
    c.note("not_accessed_set", card=c.name)


@applies("instead_of_access")
def instead_of_access(c: Call) -> None:
    """The first replacement to resolve replaces access; a later one has nothing left to replace,
    unless the rules let the mandatory one win (FFG ruling) or the Runner chose it (NSG 9.9.11a)."""
    w = c.x.w
    what = c.text
    mandatory = bool(c.e.opt("mandatory")) and c.x.rs.mandatory_replacement_wins
    if c.source is not None:
        w.replace_offers += ((c.source, what),)
        w.replace_then += ((c.source, _then(c)),)
    if w.replaced_access:
        if mandatory and not w.replaced_mandatory:
            # FFG-era ruling (Security Testing over Account Siphon): the mandatory one applies.
            c.note("mandatory_replaces", what=what, first=w.replaced_access)
            if w.replacement_choice and w.replacement_choice != c.source:
                c.warn("w_replacement_mandatory", card=w.replacement_choice, first=what)
            _apply(c, what, True)
            return
        if not w.replaced_mandatory and c.source is not None and w.replacement_choice == c.source:
            c.note("replacement_chosen", card=c.source, what=what, first=w.replaced_access)
            _apply(c, what, False)
            return
        if not w.replaced_mandatory and c.source is not None and not c.x.rs.mandatory_replacement_wins:
            c.note("may_choose_instead", what=what, first=w.replaced_access, card=c.source)
            return
        c.note("already_replaced", what=what, first=w.replaced_access)
        return
    _apply(c, what, mandatory)
    c.note("instead_set", what=what)


def _then(c: Call) -> tuple[Effect, ...]:
    """What the replacement does besides its words (`then:`: Security Testing's 2 credits)."""
    then = c.e.opt("then")
    return then if isinstance(then, tuple) else ()


def _apply(c: Call, what: str | Text, mandatory: bool) -> None:
    w = c.x.w
    w.replaced_access, w.replaced_by, w.replaced_mandatory = what, c.source, mandatory
    w.replaced_then = _then(c)


def _apply_offer(w: Work, card: str, what: str | Text) -> None:
    """The Runner's choice among the offered replacements: that card's words and what it does."""
    w.replaced_access, w.replaced_by, w.replaced_mandatory = what, card, False
    w.replaced_then = dict(w.replace_then).get(card, ())


@applies("replacement")
def replacement(c: Call) -> None:
    """The Runner says which of the replacements of the access applies (NSG 9.9.11a: when several
    would replace the same breach, the Runner chooses; the others have nothing left to replace)."""
    w, card = c.x.w, c.name
    w.replacement_choice = card
    offered = dict(w.replace_offers)
    if card not in offered:
        c.note("replacement_waits", card=card)
    elif w.replaced_by == card:
        c.note("replacement_kept", card=card)
    elif w.replaced_mandatory:
        c.warn("w_replacement_mandatory", card=card, first=w.replaced_access)
    else:
        c.note("replacement_chosen", card=card, what=offered[card], first=w.replaced_access)
        _apply_offer(w, card, offered[card])


@applies("trash")
def trash(c: Call) -> bool:
    """A card is trashed (at access: the Runner pays its trash cost, card by card in access_cards);
    as a cost ("[trash]: end the run"), a card that is not installed cannot pay it."""
    if c.st.accesses and c.action is not None:
        return True  # handled card by card in access_cards
    if not c.installed(c.name):
        return False
    who = c.x.forbidden("trash") if c.side == RUNNER and c.x.ctx.cards[c.name].side == CORP else None
    if who is not None:  # Ansel 1.0: the Runner trashes no Corp card for the rest of the run
        c.warn("w_forbidden_trash", card=c.name, by=who)
        return False
    leave(c, c.name, "trashed")
    if c.side == RUNNER and c.x.ctx.cards[c.name].side == RUNNER:  # the Runner trashed their own (Boi-tatá)
        c.x.w.own_trashed = True
    return True


@applies("access_order")
def access_order(c: Call) -> None:
    """The Runner says in which order they access the cards, root upgrades among the others
    (CR 6.9.5b: the Runner chooses the order; R&D's cards still come from the top down)."""
    c.x.w.access_order = c.names
    c.note("access_order_set", cards=c.names)


@applies("decline_steal")
def decline_steal(c: Call) -> None:
    if not c.st.accesses:
        c.warn("w_decline_outside")


@applies("breach")
def breach(c: Call) -> None:
    """After the attacked server's breach, the Runner breaches another server (Divide and Conquer:
    HQ, then R&D, without their roots: `root: false`)."""
    root = c.e.opt("root", True) is not False
    c.x.w.extra_breaches += ((c.name, root),)
    if root:
        c.note("breach_other_set", server=c.name)
    else:
        c.note("breach_other_no_root", server=c.name)


@applies("remove_first_accessed")
def remove_first_accessed(c: Call) -> None:
    """The first card that is not an agenda accessed from now on is removed from the game, and so is
    every copy of it (a card of the same name) accessed later (Watch the World Burn)."""
    c.x.w.removing = "?"
    c.note("remove_first_set")


@applies("steal_on_access")
def steal_on_access(c: Call) -> None:
    """The next agenda with this card's name accessed this run is stolen at once, with no "when
    accessed" ability and no cost of stealing (Whistleblower; `chosen`: the card named beside it)."""
    name = c.name
    if name == "chosen":
        c.warn("w_access_card_not_chosen", card=c.source or c.side)
        return
    card = c.x.ctx.cards.get(name)
    c.x.w.steal_named = str(card.name) if card is not None else name
    c.note("steal_on_access_set", card=name)


@applies("access_cards")
def access_cards(c: Call) -> None:
    """N cards of the attacked server are accessed, with no breach (Counter Surveillance, in a
    replacement's `then:`): R&D's from the top, HQ's and a remote's as the scenario lists them,
    then the root's; the first N of those."""
    w = c.x.w
    n = amount(c.x, c.number, c.source)
    pile = list(board.cards_in(w.contents, w.server)) + list(board.cards_in(w.root, w.server))
    picked = tuple(k for k in pile if k not in w.extra_access)[:n]
    w.extra_access += picked
    c.note("access_cards_set", n=len(picked), server=w.server, cards=picked or msg("engine.none"))


@applies("access_root_only")
def access_root_only(c: Call) -> None:
    """This breach accesses no card in the server itself, only those in its root (Rip Deal)."""
    w = c.x.w
    w.access_only = tuple(board.cards_in(w.root, w.breaching or w.server))
    c.note("access_root_only_set", server=w.breaching or w.server)


@applies("access_from_bottom")
def access_from_bottom(c: Call) -> None:
    """For the rest of the run R&D is accessed from the bottom up (Showing Off)."""
    c.x.w.flags |= {Flag.FROM_BOTTOM}
    c.note("access_from_bottom_set")


@applies("trash_root")
def trash_root(c: Call) -> None:
    """Every card installed in the root of the attacked server is trashed: upgrades, and in a remote
    server every card in it (Singularity, Light the Fire!). Ansel 1.0's ban on trashing stops it."""
    x, w = c.x, c.x.w
    who = x.forbidden("trash")
    if who is not None:
        c.warn("w_forbidden_trash", card=w.server, by=who)
        return
    keys = list(board.cards_in(w.root, w.server))
    if w.server not in CENTRALS:
        keys += list(board.cards_in(w.contents, w.server))
    if not keys:
        c.note("root_empty", server=w.server)
        return
    for k in keys:
        leave(c, k, "trashed")
        w.contents = board.add_card(w.contents, "Archives", k)  # a trashed Corp card goes to Archives
        w.trashed += (k,)


@applies("access_card")
def access_card(c: Call) -> None:
    """A card outside the attacked server is accessed (Pinhole Threading: one card in the root of
    another server, `root: true`). `chosen` is the card the source named (`chosen:` beside it)."""
    name = c.name
    if name == "chosen":
        src = c.x.ctx.cards.get(c.source or "")
        if src is None or src.chosen is None:
            c.warn("w_access_card_not_chosen", card=c.source or c.side)
            return
        name = src.chosen
    if name not in c.x.ctx.cards:
        c.warn("w_access_card_unknown", card=name)
        return
    w = c.x.w
    home = next((srv for srv, keys in w.root if name in keys), None)
    if c.e.opt("root") is True and (home is None or home == w.server):
        # `root: true`: only a card in the root of a server other than the attacked one
        c.warn("w_access_card_not_in_root", card=name, server=w.server)
        return
    w.extra_access += (name,)
    c.note("access_card_set", card=name)
