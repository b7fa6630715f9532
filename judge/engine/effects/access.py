"""Effects on access: how many cards, which ones, replacing it, and the Runner's choices per card."""

from __future__ import annotations

from ...i18n import msg
from .core import Call, applies
from .ice import leave

__all__: list[str] = []  # the functions register themselves in APPLY


@applies("access_more")
def access_more(c: Call) -> None:
    c.x.w.access_more += c.e.arg
    c.note("access_more_n", n=c.e.arg)


@applies("access_only")
def access_only(c: Call) -> None:
    c.x.w.access_only = tuple(c.e.arg)
    c.note("access_only_set", cards=", ".join(c.e.arg) or msg("engine.none"))


@applies("instead_of_access")
def instead_of_access(c: Call) -> None:
    """The first replacement to resolve replaces access; a later one has nothing left to replace."""
    w = c.x.w
    mandatory = bool(c.e.opt("mandatory")) and c.x.rs.mandatory_replacement_wins
    if w.replaced_access:
        if mandatory and not w.replaced_mandatory:
            # FFG ruling (Security Testing over Account Siphon): the mandatory one wins.
            c.note("mandatory_replaces", what=c.e.arg, first=w.replaced_access)
            w.replaced_access = c.e.arg
            w.replaced_mandatory = True
            return
        c.note("already_replaced", what=c.e.arg, first=w.replaced_access)
        return
    w.replaced_mandatory = mandatory
    w.replaced_access = c.e.arg
    c.note("instead_set", what=c.e.arg)


@applies("trash")
def trash(c: Call) -> bool:
    """A card is trashed (at access: the Runner pays its trash cost, card by card in access_cards);
    as a cost ("[trash]: end the run"), a card that is not installed cannot pay it."""
    if c.st.accesses and c.action is not None:
        return True  # handled card by card in access_cards
    if not c.installed(c.e.arg):
        return False
    leave(c, c.e.arg, "trashed")
    return True


@applies("access_order")
def access_order(c: Call) -> None:
    """The Runner says in which order they access the cards, root upgrades among the others
    (CR 6.9.5b: the Runner chooses the order; R&D's cards still come from the top down)."""
    c.x.w.access_order = tuple(c.e.arg)
    c.note("access_order_set", cards=", ".join(c.e.arg))


@applies("decline_steal")
def decline_steal(c: Call) -> None:
    if not c.st.accesses:
        c.warn("w_decline_outside")
