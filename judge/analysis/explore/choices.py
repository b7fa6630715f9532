"""What each player may choose at one step of a run, and each choice as the action that makes it.

A decision is a tuple of alternative `Choice`s, the one the run makes when nothing is written
first (continue, no rez, break nothing, leave a paid ability unused, let an optional ability
resolve, leave an accessed card). The explorer branches on them; the stepper's "decide here"
uses `rezzable` and `breakable` for the same rules. A decision an action of the situation
already makes at that step is fixed, not offered.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations

from ...engine import board
from ...engine.conditions import failing
from ...engine.context import Context
from ...engine.encounter import can_break
from ...engine.executor import Exec
from ...engine.state import Flag, State, Work
from ...engine.trace import Event, occurrence
from ...i18n import Title, t
from ...rulesets.model import Kind, Step
from ...scenario import CENTRALS, CORP, RUNNER, Action, Card, Effect, walk_effects

__all__ = ["Choice", "DEFAULT_OF", "KINDS", "FEW", "decisions", "rezzable", "breakable", "actions_for",
           "visit_of_event", "matters", "AMOUNTS", "BOOST_CAP", "MAX_BID"]

FEW = 3  # an ice with at most this many unbroken subroutines: each subset may be broken; more: all or none
# Each choice that does something, and the one the run makes when nothing is written.
DEFAULT_OF = {"jack_out": "continue", "rez": "no_rez", "break": "no_break", "use": "no_use",
              "decline": "trigger", "trash": "no_trash"}
# A trace's boost and a psi game's bid: a number of credits each side pays; 0 is the default (issue 25)
AMOUNTS = ("trace_boost", "psi_bid")
BOOST_CAP = 4  # the explorer tries trace boosts of 0..min(credits, BOOST_CAP) for each side, and says so when it cuts
MAX_BID = 2    # a psi bid is 0, 1 or 2 credits (no more than the player has)
KINDS = tuple(DEFAULT_OF) + tuple(DEFAULT_OF.values()) + AMOUNTS
_ENCOUNTER_ONLY = ("break", "bypass")  # a paid ability doing these is worth offering only in an encounter


@dataclass(frozen=True)
class Choice:
    """One player's answer at one step occurrence."""

    kind: str                  # a word of KINDS
    by: str                    # runner / corp
    step: str
    ice: str | None = None
    visit: int = 1
    card: str | None = None
    subs: tuple[int, ...] = ()  # break: the subroutines broken
    every: bool = False         # break: that is every subroutine of the ice
    ability: int = 0            # use: which paid ability of the card (1-based)
    breaker: str | None = None  # break: the icebreaker named (`with:`), when the Runner has modelled ones
    n: int = 0                  # trace_boost / psi_bid: the credits paid (0: the default)
    capped: bool = field(default=False, compare=False)  # trace_boost: higher boosts the player could pay are not tried

    @property
    def at(self) -> str:
        return occurrence(self.step, self.ice, self.visit)

    def shown(self, lang: str = "en") -> str:
        """Where, as a reader sees it: the ice under its Korean title for a Korean reader."""
        at = self.at
        return at.replace(f"@{self.ice}", f"@{self.ice.ko}", 1) if lang == "ko" and isinstance(self.ice, Title) else at

    @property
    def acts(self) -> bool:
        """The choice needs an action (the other one of its decision is what happens anyway)."""
        if self.kind in AMOUNTS:
            return self.n > 0
        return self.kind in DEFAULT_OF

    def effect(self) -> Effect:
        """The effect of the action that makes this choice."""
        if self.kind in AMOUNTS:
            return Effect(self.kind, self.n)
        if self.kind == "break":
            return Effect("break", "all" if self.every else self.subs,
                          (("with", self.breaker),) if self.breaker else ())
        if self.kind == "use":
            return Effect("use", (self.card, self.ability))
        return Effect(self.kind, True if self.kind == "jack_out" else self.card)

    def action_dict(self) -> dict:
        """The effect as a scenario action's keys (without `at`): what a derived situation writes."""
        e = self.effect()
        if self.kind in AMOUNTS:
            return {"by": self.by, self.kind: self.n}
        if self.kind == "use":
            arg: object = {"card": str(self.card), "ability": self.ability} if self.ability > 1 else str(self.card)
        elif self.kind == "break":
            arg = "all" if self.every else list(self.subs)
        else:
            arg = True if e.arg is True else str(e.arg)
        return {"by": self.by, self.kind: arg, **({"with": str(self.breaker)} if self.breaker else {})}

    def text(self, lang: str = "en") -> str:
        """The choice in words ("the Corp rezzes Enigma")."""
        subs = t("explore.every_sub", lang) if self.every else t("explore.some_subs", lang, subs=", ".join(map(str, self.subs)))
        if self.kind == "trace_boost":
            side = t(f"engine.sides.{self.by}", lang)
            return t("explore.choice.trace_boost", lang, side=side, n=self.n) if self.n else \
                t("explore.choice.no_boost", lang, side=side)
        if self.kind == "psi_bid":
            return t("explore.choice.psi_bid", lang, side=t(f"engine.sides.{self.by}", lang), n=self.n)
        kind = "break_with" if self.breaker else self.kind
        return t(f"explore.choice.{kind}", lang, card=self.card or "", subs=subs, n=self.ability,
                 side=t(f"engine.sides.{self.by}", lang), breaker=self.breaker or "")

    def as_dict(self, lang: str = "en") -> dict:
        d: dict = {"at": self.at, "by": self.by, "choice": self.kind}
        if self.card is not None:
            d["card"] = str(self.card)
        if self.kind == "break":
            d["subs"] = list(self.subs)
            if self.breaker:
                d["with"] = str(self.breaker)
        if self.kind in ("use", "no_use"):
            d["ability"] = self.ability
        if self.kind == "trace_boost":
            d["boost"] = self.n
        elif self.kind == "psi_bid":
            d["bid"] = self.n
        d["text"] = self.text(lang)
        return d


def visit_of_event(e: Event) -> int:
    """The occurrence number of a step entered ("2.3@Enigma#2" -> 2), read past the ice's name."""
    if not e.ice:
        return 1
    rest = e.occurrence[len(f"{e.step}@{e.ice}"):]
    return int(rest[1:]) if rest.startswith("#") and rest[1:].isdigit() else 1


def matters(card: Card) -> bool:
    """Rezzing the card can change the run: it has an ability that needs it rezzed (its own
    "when accessed" works unrezzed)."""
    return any(ab.when != "accessed" for ab in card.abilities)


def _forbidden(s: State, *what: str) -> bool:
    return any(w in what for w, _ in s.forbidden)


def rezzable(cards: dict[str, Card], st: Step, ice: str | None, s: State) -> list[str]:
    """The cards the Corp may rez at this step as the rules allow: the approached ice in its rez
    window, upgrades and assets of the attacked server in a window for them (a central server's
    cards are not installed: only its root), none that has left play. Whether one is rezzed
    already is the caller's to see."""
    out = []
    if st.rez_ice and ice and cards[ice].is_ice:
        out.append(ice)
    if st.rez_non_ice:
        server = s.server
        keys = board.cards_in(s.root, server) + (board.cards_in(s.contents, server) if server not in CENTRALS else ())
        out += [k for k in keys if cards[k].type in ("upgrade", "asset") and cards[k].side == CORP]
    return [k for k in out if k not in s.removed]


def breakable(card: Card, s: State) -> list[int]:
    """The subroutines of the encountered ice not broken yet (numbered from 1)."""
    return [n for n in range(1, len(card.subroutines) + 1) if n not in s.broken]


def _fixed(acts: list[Action]) -> set[tuple[str, object]]:
    """What the actions written at a step already decide: (effect word, its argument)."""
    return {(e.kind, e.arg) for a in acts for e in a.effects} | {(e.kind, None) for a in acts for e in a.effects}


def _pair(c: Choice) -> tuple[Choice, Choice]:
    """A decision of two: the default first."""
    return (Choice(DEFAULT_OF[c.kind], c.by, c.step, c.ice, c.visit, c.card, ability=c.ability), c)


def _jack_out(x: Exec, st: Step, occ: str, before: State, after: State) -> bool:
    if Flag.DECLARED in before.flags or _forbidden(before, "jack_out"):
        return False
    if st.jack_out:
        return True
    if RUNNER not in st.acts or st.kind in (Kind.DECISION, Kind.CHECK, Kind.END):
        return False
    here = any(w == f"jack_out@{occ}" for w, _ in after.allowed)  # granted at this step (Nero Severn)
    return here or (st.kind is Kind.PAW and any(w == "jack_out" for w, _ in before.allowed))


def _breaks(c: Choice, card: Card, before: State) -> list[Choice]:
    left = breakable(card, before)
    if not left:
        return []
    sets = [tuple(left)] if len(left) > FEW else [s for k in range(1, len(left) + 1) for s in combinations(left, k)]
    whole = len(card.subroutines)
    return [Choice("break", RUNNER, c.step, c.ice, c.visit, card.key, subs,
                   every=len(subs) == whole) for subs in sets]


def _with_breakers(x: Exec, subsets: list[Choice], ice: str) -> list[Choice]:
    """With modelled icebreakers installed, each break is made with one of them, where it can
    interface, reach the strength and be paid for (issue 24): a line where money runs out offers
    no such break. Without any (or beside an icebreaker the judge does not model), breaks stay
    unnamed, as before."""
    rig = [c for c in x.ctx.cards.values() if c.side == RUNNER and x.in_play(c.key)]
    breakers = [c.key for c in rig if c.breaker is not None]
    if not breakers:
        return subsets
    named = [replace(s, breaker=b) for s in subsets for b in breakers if can_break(x, b, ice, s.subs)]
    # an icebreaker without a model may still break: its breaks stay unnamed, credits not counted
    unmodelled = any(c.breaker is None and "icebreaker" in c.subtypes for c in rig)
    return named + subsets if unmodelled else named


def _paid(x: Exec, st: Step, at: Choice, fixed: set) -> list[tuple[Choice, Choice]]:
    out = []
    for card in x.ctx.cards.values():
        paid = card.paid_abilities()
        if not paid or card.side not in st.acts or not x.active(card) or not x.in_play(card.key):
            continue
        for n, ab in enumerate(paid, start=1):
            if ("use", (card.key, n)) in fixed or failing(x, card, ab.conditions) is not None:
                continue
            kinds = {e.kind for e in walk_effects(ab.effects + ab.cost)}
            if kinds & set(_ENCOUNTER_ONLY) and not st.break_subs:
                continue
            out.append(_pair(Choice("use", card.side, at.step, at.ice, at.visit, card.key, ability=n)))
    return out


def _at(ctx: Context, x: Exec, enter: Event, evs: list[Event], before: State, after: State) -> list[tuple]:
    """The decisions at one step occurrence entered."""
    st, ice, visit = ctx.rs.step(enter.step), enter.ice, visit_of_event(enter)
    occ = enter.occurrence
    at = Choice("continue", RUNNER, st.id, ice, visit)
    fixed = _fixed(ctx.actions_at(st.id, ice, visit))
    out: list[tuple] = []
    if ("jack_out", None) not in fixed and _jack_out(x, st, occ, before, after):
        out.append(_pair(Choice("jack_out", RUNNER, st.id, ice, visit)))
    for k in rezzable(ctx.cards, st, ice, before):
        card = ctx.cards[k]
        if k in before.rezzed or ("rez", k) in fixed or _forbidden(before, "rez", *(("rez_ice",) if card.is_ice else ())):
            continue
        if card.is_ice and board.slot_of(before, k) is None:
            continue
        if card.is_ice or matters(card):
            out.append(_pair(Choice("rez", CORP, st.id, ice, visit, k)))
    if st.break_subs and ice and ("break", None) not in fixed and Flag.ENCOUNTERING in before.flags:
        subsets = _with_breakers(x, _breaks(at, ctx.cards[ice], before), ice)
        if subsets:
            out.append((Choice("no_break", RUNNER, st.id, ice, visit, ice), *subsets))
    if st.kind is Kind.PAW:
        out += _paid(x, st, at, fixed)
    seen: set[str] = set()
    for e in evs:
        if e.kind == "trigger" and e.msg == "trigger" and e.extra_get("resolved", True):
            found = ctx.cards.get(e.extra_get("card"))
            when = e.extra_get("when")
            if found is None or found.key in seen or ("decline", found.key) in fixed:
                continue
            if any(ab.optional and ab.when == when for ab in found.abilities):
                seen.add(found.key)
                out.append(_pair(Choice("decline", found.side, st.id, ice, visit, found.key)))
        elif e.kind == "action" and e.msg == "pays_may":  # a "may pay" the Runner paid: they may decline it
            payer = ctx.cards.get(e.args_get("card"))
            if payer is not None and payer.key not in seen and ("decline", payer.key) not in fixed:
                seen.add(payer.key)
                out.append(_pair(Choice("decline", RUNNER, st.id, ice, visit, payer.key)))
        elif e.kind == "action" and e.msg == "access" and st.accesses:
            accessed = ctx.cards.get(e.args_get("card"))
            if accessed is not None and accessed.trash_cost is not None and accessed.type != "agenda" \
                    and ("trash", accessed.key) not in fixed and ("decline_steal", accessed.key) not in fixed:
                out.append(_pair(Choice("trash", RUNNER, st.id, ice, visit, accessed.key)))
    out += _games(ctx, st, ice, visit, evs, before)
    return out


def _games(ctx: Context, st: Step, ice: str | None, visit: int, evs: list[Event], before: State) -> list[tuple]:
    """At each trace or psi game resolving at the step, each side's boost or bid (issue 25): boosts
    0..min(credits, BOOST_CAP), bids 0..min(credits, 2); a side whose boost or bid is written at
    the step is fixed. The Corp's credits, when not counted, limit nothing but the cap."""
    written = {(e.kind, a.side) for a in ctx.actions_at(st.id, ice, visit) for e in a.effects if e.kind in AMOUNTS}
    have = {RUNNER: before.credits + before.bp_credits, CORP: before.corp_credits}
    out: list[tuple] = []
    for e in evs:
        kind = {"trace_result": "trace_boost", "psi_result": "psi_bid"}.get(e.msg) if e.kind == "action" else None
        if kind is None:
            continue
        for side in (CORP, RUNNER):
            if (kind, side) in written:
                continue
            pool, top = have[side], BOOST_CAP if kind == "trace_boost" else MAX_BID
            most = top if pool is None else max(0, min(pool, top))
            capped = kind == "trace_boost" and (pool is None or pool > top)
            out.append(tuple(Choice(kind, side, st.id, ice, visit, n=n, capped=capped) for n in range(most + 1)))
    return [d for d in out if len(d) > 1]


def decisions(ctx: Context, before: State, events: list[Event], after: State) -> list[tuple[Choice, ...]]:
    """Every decision of one engine step, from the state before it and what it did when nobody
    chose anything (usually one step entered; a forced encounter enters several)."""
    x = Exec(ctx, Work.thaw(before))
    out: list[tuple[Choice, ...]] = []
    enter: Event | None = None
    evs: list[Event] = []
    for e in events + [None]:
        if e is None or e.kind == "enter":
            if enter is not None:
                out += _at(ctx, x, enter, evs, before, after)
            enter, evs = e, []
        else:
            evs.append(e)
    return out


def actions_for(option: tuple[Choice, ...], base: int, first: str) -> dict[tuple, list[Action]]:
    """The actions that make an option's choices, by step occurrence as `Context.actions` keys
    them (indexes from `base` on, the active player's first: they receive priority first)."""
    # a boost or bid of 0 is written too: several traces at one step read each side's in order
    acting = sorted((c for c in option if c.acts or c.kind in AMOUNTS), key=lambda c: c.by != first)
    out: dict[tuple, list[Action]] = {}
    for i, c in enumerate(acting):
        a = Action(index=base + i, at=c.step, side=c.by, effects=(c.effect(),), ice=c.ice, time=c.visit)
        out.setdefault((c.step, c.ice, c.visit if c.ice else 1), []).append(a)
    return out
