"""Cross-references: every card and server an effect or ability names must exist, and two cards
never share a name."""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import ScenarioError
from .model import CENTRALS, THAT_ICE, THIS, Card, Effect, Scenario, walk_effects
from .validate import effect_word
from .vocabulary import EFFECTS, Shape

__all__ = ["check_cards", "check_refs"]


def check_cards(sc: Scenario) -> dict[str, Card]:
    """Every card by key; two different cards with one key are an error."""
    seen: dict[str, Card] = {}
    for c in sc.placed_cards() + tuple(sc.effect_cards()):
        if c.key in seen and seen[c.key] is not c and seen[c.key] != c:
            raise ScenarioError("two_cards_named", c=repr(c.key), line=c.line, source=sc.source)
        seen[c.key] = c
    return seen


def _named_cards(e: Effect) -> tuple[str, ...]:
    spec = EFFECTS[e.kind]
    names: tuple[str, ...] = ()
    if e.kind in ("access_card", "derez", "uninstall", "blank", "steal_on_access", "not_accessed") and e.arg == "chosen":
        names = ()  # the card its source names (`chosen:` beside it), said when it resolves if not given
    elif spec.shape in (Shape.CARD, Shape.ICE) and isinstance(e.arg, str):
        names = (e.arg,)
    elif spec.shape is Shape.USE:
        names = (e.used[0],)
    elif spec.shape in (Shape.PAIR, Shape.CARDS) and isinstance(e.arg, tuple):
        names = e.arg
    pos = e.opt("position")
    if isinstance(pos, tuple):
        names = names + (pos[0][1],)
    return names


def _check(effects: Iterable[Effect], line: int | None, sc: Scenario, known: dict[str, Card], servers: set[str],
           in_card: bool = True) -> None:
    for e in walk_effects(effects):
        what = effect_word(e.kind)
        for n in _named_cards(e):
            if n == THAT_ICE:
                continue  # the ice of the moment, known when the effect resolves
            if n == THIS and n not in known:
                raise ScenarioError("this_outside_card", line=e.line or line, source=sc.source)
            if n not in known:
                raise ScenarioError("no_card_called_in", what=what, c=repr(n), line=e.line or line, source=sc.source)
        named = [e.opt(k) for k in ("server", "to") if e.opt(k) is not None]
        if EFFECTS[e.kind].shape is Shape.SERVER:
            named.append(e.arg)
        for s in named:
            if s == THIS and e.kind == "move_runner":  # `this`: the card's own server, only in a card's ability
                if not in_card:
                    raise ScenarioError("this_outside_card", line=e.line or line, source=sc.source)
                continue
            if s not in servers:
                raise ScenarioError("no_server_called_in", what=what, s=repr(s), line=e.line or line,
                                    source=sc.source)


_MOVERS = ("change_server", "move_runner", "move_ice", "swap_ice", "install_ice",
           "swap_pick", "install_pick")  # can bring ice to the run


def _reachable_ice(sc: Scenario) -> set[str] | None:
    """The ice an action's step can belong to: the attacked server's, ice an effect installs or
    forces an encounter with; None when an effect could bring the run anywhere (a redirect)."""
    out = {c.key for c in sc.servers[sc.server].ice}
    every = [e for a in sc.actions for e in walk_effects(a.effects)]
    every += [e for c in sc.all_cards().values() for ab in c.abilities for e in walk_effects(ab.effects + ab.cost)]
    every += [e for c in sc.all_cards().values() for s in c.subroutines for e in walk_effects(s.effects)]
    for e in every:
        if e.kind in _MOVERS:
            return None
        if e.kind == "encounter":
            out.add(e.arg.key if isinstance(e.arg, Card) else e.name)
    return out


def _check_action_ice(sc: Scenario) -> None:
    """An action on ice that protects another server, when nothing could bring the run there, can
    never apply: an error, not a warning (a judge typed the wrong ice or the wrong server)."""
    reachable = _reachable_ice(sc)
    if reachable is None:
        return
    for a in sc.actions:
        for ice in {a.ice, *dict(a.ice_by).values()} - {None}:
            if ice not in reachable:
                home = next((s for s, srv in sc.servers.items() if any(c.key == ice for c in srv.ice)), "?")
                raise ScenarioError("ice_elsewhere", i=ice, home=home, server=sc.server, where=a.where + ".ice",
                                    line=a.line, source=sc.source)


def check_refs(sc: Scenario) -> None:
    """Every card and server an effect names must exist."""
    known = sc.all_cards()
    servers = set(sc.servers) | set(CENTRALS)
    _check_action_ice(sc)
    for a in sc.actions:
        _check(a.effects, a.line, sc, known, servers, in_card=False)
    for c in known.values():
        for ab in c.abilities:
            _check(ab.effects + ab.cost, ab.line, sc, known, servers)
            if ab.after is not None and ab.after not in known:
                raise ScenarioError("no_card_called", c=repr(ab.after), line=ab.line, source=sc.source)
            if ab.ice == "chosen" and c.chosen is not None and c.chosen not in known:
                raise ScenarioError("ability_ice_unknown", i=repr(c.chosen), line=c.line, source=sc.source)
            if ab.ice is not None and ab.ice != "chosen" and ab.ice not in known:
                raise ScenarioError("ability_ice_unknown", i=repr(ab.ice), line=ab.line, source=sc.source)
        for s in c.subroutines:
            _check(s.effects, c.line, sc, known, servers)
