"""Effects on the board beside the run (issue 25): tags, damage, counters, traces and psi games.

A trace or a psi game is a decision of both players made at the step where it resolves: an action
`{at, by, trace_boost: N}` or `{at, by, psi_bid: N}` written for that step gives a player's boost
or bid; none written is the stated default (no boost, a bid of 0), which the trace says.
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from ...i18n import Text, msg
from ...scenario import CORP, RUNNER, THIS, Amount, Card, describe_effects
from .. import costs, encounter
from ..boardstate import corp_pay, counters_on, with_counters
from ..conditions import amount, failing, link_now
from ..leaving import leave
from ..state import Flag
from ..words import condition_text
from .core import Call, applies

__all__: list[str] = []  # the functions register themselves in APPLY

_DAMAGE = {"net_damage": 0, "meat_damage": 1, "core_damage": 2}


@applies("tag")
def tag(c: Call) -> None:
    w = c.x.w
    n = amount(c.x, c.number, c.source)
    w.sides = replace(w.sides, tags=w.sides.tags + n)
    c.note("tags_given", side=RUNNER, n=n, total=w.sides.tags)


@applies("untag")
def untag(c: Call) -> None:
    w = c.x.w
    n = min(amount(c.x, c.number, c.source), w.sides.tags)
    w.sides = replace(w.sides, tags=w.sides.tags - n)
    c.note("tags_removed", side=RUNNER, n=n, total=w.sides.tags)


@applies("lose_clicks")
def lose_clicks(c: Call) -> None:
    """The Runner loses N clicks (never below 0); clicks not given: said, not counted."""
    w = c.x.w
    n = amount(c.x, c.number, c.source)
    if w.sides.clicks is None:
        c.note("clicks_uncounted", side=RUNNER, n=n)
        return
    n = min(n, w.sides.clicks)
    w.sides = replace(w.sides, clicks=w.sides.clicks - n)
    c.note("clicks_lost", side=RUNNER, n=n, left=w.sides.clicks)


@applies("gain_clicks")
def gain_clicks(c: Call) -> None:
    """The Runner gains N clicks (Pichação, Nyusha); clicks not given: said, not counted. Either way the
    turn remembers that clicks were gained during a run (`clicks_gained`)."""
    w = c.x.w
    n = amount(c.x, c.number, c.source)
    w.sides = replace(w.sides, clicks_gained=w.sides.clicks_gained + n)
    if w.sides.clicks is None:
        c.note("clicks_gained_uncounted", side=RUNNER, n=n)
        return
    w.sides = replace(w.sides, clicks=w.sides.clicks + n)
    c.note("clicks_gained", side=RUNNER, n=n, left=w.sides.clicks)


@applies("spend_clicks")
def spend_clicks(c: Call) -> bool:
    """The Runner spends N clicks if they have them (M.I.C.: "unless the Runner spends a click");
    `otherwise` happens when they cannot. Clicks not given: taken as spent, and said."""
    w = c.x.w
    n = amount(c.x, c.number, c.source)
    if w.sides.clicks is None:
        c.note("clicks_uncounted", side=RUNNER, n=n)
        return True
    if w.sides.clicks < n:
        c.note("clicks_short", side=RUNNER, n=n, left=w.sides.clicks)
        c.x.resolve(c.opt_effects("otherwise"), c.side, c.st, c.source, c.action)
        return False
    w.sides = replace(w.sides, clicks=w.sides.clicks - n)
    c.note("clicks_spent", side=RUNNER, n=n, left=w.sides.clicks)
    return True


def _grip_by(c: Call, n: int, note: str) -> None:
    """A counted grip changes by n (never below 0) and `note` says so with the new total; no grip
    given: `<note>_uncounted` says so, and nothing is counted (a draw, cards from the heap, cards put
    on the stack)."""
    w = c.x.w
    if w.sides.grip is None:
        c.note(f"{note}_uncounted", side=RUNNER, n=abs(n))
        return
    n = max(n, -w.sides.grip)
    w.sides = replace(w.sides, grip=w.sides.grip + n)
    c.note(note, side=RUNNER, n=abs(n), total=w.sides.grip)


@applies("draw")
def draw(c: Call) -> None:
    """The Runner draws N cards: a counted grip grows by N (no grip given: said, not counted)."""
    _grip_by(c, amount(c.x, c.number, c.source), "cards_drawn")


@applies("to_score_area")
def to_score_area(c: Call) -> None:
    """The card itself leaves play for the Runner's score area, as an agenda worth N points (Kasi
    String at four counters; Meridian, Nightmare Archive at -1): the run's points count them, threat
    does too, and so does the count of agendas in the score area. A card being accessed (Nightmare
    Archive in R&D) goes there as well."""
    key = c.source
    if key is None or not (c.x.in_play(key) or key in c.x.w.accessed):
        return
    n = amount(c.x, c.number, c.source)
    if c.installed(key):  # installed ice (Meridian) leaves its slot, so the turn's later runs do not meet it
        leave(c, key, "uninstalled")
    c.x.w.removed |= {key}
    c.x.w.scored_points += n
    c.x.w.scored_cards += 1
    c.note("to_score_area_done", side=RUNNER, card=key, n=n)


@applies("heap_to_grip")
def heap_to_grip(c: Call) -> None:
    """N cards from the heap join the grip (they are not drawn): a counted grip grows by N; a
    counted heap (`runner.heap`) gives at most what it holds, and shrinks."""
    w = c.x.w
    n = amount(c.x, c.number, c.source)
    if w.sides.heap is not None:
        if n > w.sides.heap:
            c.note("heap_short", side=RUNNER, n=n, have=w.sides.heap)
        n = min(n, w.sides.heap)
        w.sides = replace(w.sides, heap=w.sides.heap - n)
    _grip_by(c, n, "heap_to_grip")


@applies("grip_to_stack")
def grip_to_stack(c: Call) -> None:
    """The Runner puts N cards from the grip on top of the stack (Data Loop): a counted grip loses
    them, as many as it holds (no grip given: said, not counted)."""
    _grip_by(c, -amount(c.x, c.number, c.source), "grip_to_stack")


def _damage(c: Call) -> None:
    """Damage discards a card from the grip per point; more damage than cards in the grip flatlines
    the Runner: the game, and with it the run, ends. No grip given: recorded, never a flatline."""
    x, w = c.x, c.x.w
    n, kind = amount(x, c.number, c.source), _DAMAGE[c.e.kind]
    dmg = list(w.sides.damage)
    dmg[kind] += n
    what = msg(f"engine.damage.{c.e.kind}")
    grip = w.sides.grip
    if grip is None:
        w.sides = replace(w.sides, damage=(dmg[0], dmg[1], dmg[2]))
        c.note("damage_uncounted", side=RUNNER, n=n, what=what)
        return
    w.sides = replace(w.sides, damage=(dmg[0], dmg[1], dmg[2]), grip=max(0, grip - n))
    c.note("damage_taken", side=RUNNER, n=n, what=what, left=w.sides.grip)
    if n > grip and not w.sides.flatlined:
        w.sides = replace(w.sides, flatlined=True)
        w.flags |= {Flag.RUN_ENDED}
        c.note("flatlined", side=RUNNER, n=n, grip=grip)


for _kind in _DAMAGE:
    applies(_kind)(_damage)


def _decisions(c: Call, kind: str) -> dict[str, tuple[int, int]]:
    """Each player's boost or bid written for this step (the first not used yet): side -> (n, action)."""
    x, st = c.x, c.st
    w = x.w
    out: dict[str, tuple[int, int]] = {}
    for a in x.ctx.actions_at(st.id, w.ice if st.per_ice else None, w.visit):
        if a.index in w.sides.used_bids or a.side in out:
            continue
        for e in a.effects:
            if e.kind == kind and isinstance(e.arg, int | Amount):
                out[a.side] = (amount(x, e.arg), a.index)
                break
    used = frozenset(i for _, i in out.values())
    w.sides = replace(w.sides, used_bids=w.sides.used_bids | used)
    w.applied |= used
    return out


def _pay(c: Call, side: str, n: int, why: str) -> int:
    """A player pays for a boost or a bid; the Runner pays what they can (and the judge says so)."""
    x, w = c.x, c.x.w
    if n <= 0:
        return 0
    if side == CORP:
        if w.corp_credits is not None and w.corp_credits < n:  # the Corp's pool is counted (issue 24)
            c.warn("w_corp_cannot_pay_bid", n=n, can=w.corp_credits)
            n = w.corp_credits
        encounter.corp_pay(x, n, why)
        w.sides, _ = corp_pay(w.sides, n, why)
        return n
    if not x.can_pay(n):
        can = w.credits + w.bp_credits
        c.warn("w_cannot_pay_bid", n=n, can=can)
        n = can
    x.spend(n)
    return n


def _defaults(got: dict[str, tuple[int, int]], key: str) -> object:
    missing = [s for s in (CORP, RUNNER) if s not in got]
    if not missing:
        return ""
    return msg(f"engine.decisions.{key}_default_{'both' if len(missing) == 2 else missing[0]}")


@applies("trace")
def trace(c: Call) -> bool:
    """Trace X: strength X plus the Corp's boost against the Runner's link plus their boost, each
    boost paid in credits; a strength greater than the link wins for the Corp (`then`), otherwise
    the Runner wins (`otherwise`)."""
    x = c.x
    base = _base_strength(c, amount(x, c.number, c.source))
    got = _decisions(c, "trace_boost")
    cb = _pay(c, CORP, got.get(CORP, (0, -1))[0], "trace")
    rb = _pay(c, RUNNER, got.get(RUNNER, (0, -1))[0], "trace")
    has = link_now(x)
    strength, link = base + cb, has + rb
    corp_wins = strength > link
    c.note("trace_result", side=CORP, base=base, cb=cb, strength=strength, link=has, rb=rb, total=link,
           defaults=_defaults(got, "trace"), winner=msg(f"engine.decisions.{'corp' if corp_wins else 'runner'}_wins"))
    return x.resolve(c.opt_effects("then" if corp_wins else "otherwise"), c.side, c.st, c.source, c.action)


def _base_strength(c: Call, base: int) -> int:
    """A trace's base strength, or 0 when an installed Runner card with a `static` `{prevent:
    trace_strength}` ability whose conditions hold leaves play to lower it (Flip Switch), unless the
    Runner declines it at this step (`decline: <card>`); a base of 0 needs no such card."""
    if base <= 0:
        return base
    key = costs.static_preventer(c, "trace_strength")
    if key is None:
        return base
    c.note("trace_base_zeroed", side=RUNNER, card=key, base=base)
    leave(c, key, "trashed", RUNNER)
    return 0


@applies("psi")
def psi(c: Call) -> bool:
    """A psi game: each player secretly bids 0, 1 or 2 credits and pays it; `differ` happens when the
    bids differ, `match` when they are the same."""
    x = c.x
    got = _decisions(c, "psi_bid")
    cb = _pay(c, CORP, got.get(CORP, (0, -1))[0], "psi")
    rb = _pay(c, RUNNER, got.get(RUNNER, (0, -1))[0], "psi")
    differ = cb != rb
    c.note("psi_result", side=CORP, cb=cb, rb=rb, defaults=_defaults(got, "psi"),
           result=msg(f"engine.decisions.bids_{'differ' if differ else 'match'}"))
    return x.resolve(c.opt_effects("differ" if differ else "match"), c.side, c.st, c.source, c.action)


@applies("trace_boost")
def trace_boost(c: Call) -> None:
    """Written as an action: the boost the trace resolving at this step uses (the trace reads it)."""
    c.note("decision_kept", what=msg("engine.decisions.boost"))


@applies("psi_bid")
def psi_bid(c: Call) -> None:
    """Written as an action: the bid the psi game at this step uses (the psi game reads it)."""
    c.note("decision_kept", what=msg("engine.decisions.bid"))


def _target(c: Call) -> str | None:
    on = c.opt_name("on")
    if on == "chosen":  # `on: chosen` with no `chosen:` beside the card (a chosen one is bound when parsed)
        c.warn("w_counters_not_chosen", card=c.source or c.side)
        return None
    card = c.source if on in (None, THIS) else on
    if card is None:
        c.warn("w_counters_nowhere")
    return card


def _counters(c: Call, sign: int) -> bool:
    x, w = c.x, c.x.w
    card = _target(c)
    if card is None:
        return False
    pairs = c.e.arg if isinstance(c.e.arg, tuple) else ()
    if c.e.kind != "place_counters" and card not in w.sides.counted:
        # the scenario gives no counters for the card: not counted, so spending or removing them is
        # taken as possible (what the scenario's actions say happens), and the trace says so
        c.note("counters_uncounted", card=card, what=Text(describe_effects((c.e,)), describe_effects((c.e,), "ko")))
        return True
    if c.e.kind == "spend_counters":
        have = counters_on(w.sides, card)
        short = next(((k, n) for k, n in pairs if have.get(k, 0) < n), None)
        if short is not None:
            c.note("counters_short", card=card, n=short[1], what=msg(f"engine.counter_kinds.{short[0]}"),
                   have=have.get(short[0], 0))
            return False
    for kind, want in pairs:
        before = counters_on(w.sides, card).get(kind, 0)
        w.sides = with_counters(w.sides, card, kind, sign * amount(x, want, card))
        n = abs(counters_on(w.sides, card).get(kind, 0) - before)
        c.note(f"counters_{'placed' if sign > 0 else 'removed'}", card=card, n=n,
               what=msg(f"engine.counter_kinds.{kind}"), total=counters_on(w.sides, card).get(kind, 0))
    return True


@applies("place_counters")
def place_counters(c: Call) -> bool:
    return _counters(c, 1)


@applies("remove_counters")
def remove_counters(c: Call) -> bool:
    return _counters(c, -1)


@applies("spend_counters")
def spend_counters(c: Call) -> bool:
    return _counters(c, -1)


@applies("corp_pay")
def pay_by_corp(c: Call) -> bool:
    """The Corp pays N credits (Snare!'s 4): a cost; a counted pool that cannot pay stops what follows.
    With the Corp's credits not counted every payment is made, and the trace says so after the run."""
    n = amount(c.x, c.number, c.source)
    if not encounter.corp_pay(c.x, n, "effect"):
        c.note("corp_cannot_pay", side=CORP, n=n, left=c.x.w.corp_credits)
        return False
    if c.x.w.corp_credits is None:
        c.note("corp_pays_uncounted", side=CORP, n=n)
    else:
        c.note("corp_pays", side=CORP, n=n, left=c.x.w.corp_credits)
    return True


@applies("only_if")
def only_if(c: Call) -> bool:
    """`then` when the conditions hold now (Whitespace: the Runner has 6 credits or less), else `otherwise`."""
    x = c.x
    conds = cast("tuple[tuple[str, object], ...]", c.e.arg)
    if any(k == "declined" for k, _ in conds):
        # a subroutine's step: the `decline: <card>` written there is taken now (Ballista, Meridian)
        costs.declined_here(c)
    card = x.ctx.cards.get(c.source) if c.source else None
    cond = failing(x, card or Card(key="", name="", side=c.side), conds)
    c.note("only_if_holds" if cond is None else "only_if_fails",
           cond=condition_text(cond if cond is not None else conds[0]))
    return x.resolve(c.opt_effects("then" if cond is None else "otherwise"), c.side, c.st, c.source, c.action)


@applies("if_tagged")
def if_tagged(c: Call) -> bool:
    """What a card does to a tagged Runner (`then`) or an untagged one (`otherwise`)."""
    tagged = c.x.w.sides.tags > 0
    c.note("if_tagged", side=RUNNER, state=msg(f"engine.decisions.{'tagged' if tagged else 'untagged'}"))
    return c.x.resolve(c.opt_effects("then" if tagged else "otherwise"), c.side, c.st, c.source, c.action)
