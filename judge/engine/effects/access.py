"""Effects on access: how many cards, which ones, replacing it, and the Runner's choices per card."""

from __future__ import annotations

from ...i18n import Text, msg
from ..conditions import amount
from ..state import Work
from .core import Call, applies
from .ice import leave

__all__: list[str] = []  # the functions register themselves in APPLY


@applies("access_more")
def access_more(c: Call) -> None:
    n = amount(c.x, c.number, c.source)
    c.x.w.access_more += n
    c.note("access_more_n", n=n)


@applies("access_only")
def access_only(c: Call) -> None:
    c.x.w.access_only = c.names
    c.note("access_only_set", cards=c.names or msg("engine.none"))


@applies("instead_of_access")
def instead_of_access(c: Call) -> None:
    """The first replacement to resolve replaces access; a later one has nothing left to replace,
    unless the rules let the mandatory one win (FFG ruling) or the Runner chose it (NSG 9.9.11a)."""
    w = c.x.w
    what = c.text
    mandatory = bool(c.e.opt("mandatory")) and c.x.rs.mandatory_replacement_wins
    if c.source is not None:
        w.replace_offers += ((c.source, what),)
    if w.replaced_access:
        if mandatory and not w.replaced_mandatory:
            # FFG-era ruling (Security Testing over Account Siphon): the mandatory one applies.
            c.note("mandatory_replaces", what=what, first=w.replaced_access)
            if w.replacement_choice and w.replacement_choice != c.source:
                c.warn("w_replacement_mandatory", card=w.replacement_choice, first=what)
            _apply(w, c.source, what, True)
            return
        if not w.replaced_mandatory and c.source is not None and w.replacement_choice == c.source:
            c.note("replacement_chosen", card=c.source, what=what, first=w.replaced_access)
            _apply(w, c.source, what, False)
            return
        if not w.replaced_mandatory and c.source is not None and not c.x.rs.mandatory_replacement_wins:
            c.note("may_choose_instead", what=what, first=w.replaced_access, card=c.source)
            return
        c.note("already_replaced", what=what, first=w.replaced_access)
        return
    _apply(w, c.source, what, mandatory)
    c.note("instead_set", what=what)


def _apply(w: Work, card: str | None, what: str | Text, mandatory: bool) -> None:
    w.replaced_access, w.replaced_by, w.replaced_mandatory = what, card, mandatory


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
        _apply(w, card, offered[card], False)


@applies("trash")
def trash(c: Call) -> bool:
    """A card is trashed (at access: the Runner pays its trash cost, card by card in access_cards);
    as a cost ("[trash]: end the run"), a card that is not installed cannot pay it."""
    if c.st.accesses and c.action is not None:
        return True  # handled card by card in access_cards
    if not c.installed(c.name):
        return False
    leave(c, c.name, "trashed")
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
