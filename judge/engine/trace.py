"""Trace events and the finished trace: path, skips, outcome, and their text and JSON forms."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, cast

from ..i18n import Text, Title, in_lang, t
from ..rulesets.model import Ruleset
from ..scenario import Scenario, describe_effects
from .boardstate import EMPTY, summary
from .layout import Layout
from .state import State

__all__ = ["Event", "EventKind", "ENTER", "SKIP", "TRIGGER", "ACTION", "PRIORITY", "TRANSITION", "WARNING", "END", "Pairs", "EventDraft", "Trace", "make_event", "occurrence", "KINDS", "status_text", "side_text", "skip_text", "title_text"]



class EventKind(StrEnum):
    """What an event of a trace is; the value is the `kind` the JSON trace writes."""

    ENTER = "enter"            # a step entered
    SKIP = "skip"              # a step skipped, with the reason
    TRIGGER = "trigger"        # a triggered ability resolved, or did not
    ACTION = "action"          # what a player or an effect did
    PRIORITY = "priority"      # priority in a paid ability window
    TRANSITION = "transition"  # an edge taken
    WARNING = "warning"        # something the judge could not do as written
    END = "end"                # the run is over


KINDS = tuple(k.value for k in EventKind)
# The kinds as module constants, for the engine's emits (one per event): reading an enum member off
# its class costs Python 3.11 several times a global's load.
ENTER, SKIP, TRIGGER, ACTION = EventKind.ENTER, EventKind.SKIP, EventKind.TRIGGER, EventKind.ACTION
PRIORITY, TRANSITION, WARNING, END = EventKind.PRIORITY, EventKind.TRANSITION, EventKind.WARNING, EventKind.END
Pairs = tuple[tuple[str, Any], ...]  # an event's arguments or extras, in order: (name, value)


def occurrence(step_id: str, ice: str | None, visit: int = 1) -> str:
    """How a step occurrence is written: "2.3@Enigma", "2.3@Enigma#2", "5.4"."""
    if not ice:
        return step_id
    return f"{step_id}@{ice}" + (f"#{visit}" if visit > 1 else "")


def status_text(status: str, lang: str = "en") -> str:
    """successful / unsuccessful / neither, in words."""
    return t(f"engine.status.{status}", lang)


def side_text(side: str, lang: str = "en") -> str:
    """Runner / Corp, in words."""
    return t(f"engine.sides.{side}", lang)


def skip_text(reason: str, ice: str | None, lang: str = "en") -> str:
    """Why a step was skipped, in words."""
    return t(f"engine.skips.{reason}", lang, ice=ice or "")


def title_text(title: str | Text, lang: str = "en") -> str:
    """A situation's title, or the words for an untitled one."""
    return str(in_lang(title, lang)) if title else t("engine.untitled", lang)


def guard_label(guard: str, lang: str = "en") -> str:
    """The short condition of an edge ("a&b": both conditions), in a language."""
    parts = [t(f"engine.guards.{g}", lang) for g in guard.split("&")]
    return t("engine.guard_and", lang).join(p for p in parts if p)


class EventFields(metaclass=Layout):
    """Every field of an event, declared once: `Event` is the frozen one a trace keeps,
    `EventDraft` the same fields being set while the engine makes it."""

    kind: EventKind
    step: str
    ice: str | None
    occurrence: str
    side: str | None
    msg: str                 # a key under `engine.events` in the catalogue
    args: Pairs = ()
    rule: str = ""
    extra: Pairs = ()


class Event(EventFields, frozen=True):
    """Something that happened in a run, at a step occurrence."""

    def shown(self, lang: str = "en") -> str:
        """The occurrence as a reader sees it: its ice under the card's Korean title for a Korean reader."""
        if lang == "ko" and isinstance(self.ice, Title):
            return self.occurrence.replace(f"@{self.ice}", f"@{self.ice.ko}", 1)
        return self.occurrence

    def _ko_occurrence(self, occ: str) -> str:
        """An occurrence with its ice under the Korean title, when the event knows that card's Title."""
        step, _, rest = occ.partition("@")
        ice, sep, visit = rest.partition("#")
        for v in (self.ice, *(v for _, v in self.args)):
            if isinstance(v, Title) and str(v) == ice:
                return f"{step}@{v.ko}{sep}{visit}"
        return occ

    def args_get(self, key: str, default: Any = None) -> Any:
        return dict(self.args).get(key, default)

    def extra_get(self, key: str, default: Any = None) -> Any:
        return dict(self.extra).get(key, default)

    def text(self, rs: Ruleset, lang: str = "en") -> str:
        """The event as a sentence in a language."""
        a = dict(self.args)
        for k in ("effect", "what"):
            if isinstance(a.get(k), tuple):
                a[k] = describe_effects(a[k], lang)
        for k, v in a.items():
            if type(v) is tuple and v and all(isinstance(x, str) for x in v):  # a list of cards
                a[k] = ", ".join(str(in_lang(x, lang)) for x in v)
        if lang == "ko":  # a step occurrence an event names ("3.1@Tollbooth"): its ice in Korean
            for k in ("src", "at", "step"):
                if type(a.get(k)) is str and "@" in a[k]:
                    a[k] = self._ko_occurrence(a[k])
        if a.get("why") in STOPS:
            a["why"] = t(f"engine.stops.{a['why']}", lang)
        if "skip_reason" in a:
            a["skip_reason"] = skip_text(a["skip_reason"], self.ice, lang)
        if "name" in a:
            a["name"] = f"{a['name']} {rs.step(a['name']).name(lang)}"
        if self.side or "side" in a:
            a.setdefault("side", side_text(self.side, lang) if self.side else "")
        if "when" in a:
            a["when_text"] = t(f"engine.when.{a['when']}", lang)
        if "reason" in a:
            a["reason"] = skip_text(a["reason"], self.ice, lang)
            a["step"] = self.shown(lang)
        if "status" in a:
            a["status"] = status_text(a["status"], lang)
        if "guard" in a:
            label = guard_label(a["guard"], lang)
            a["cond"] = f" ({label})" if label else ""
        return t(f"engine.events.{self.msg}", lang, **a)

    def as_dict(self, i: int, rs: Ruleset, lang: str = "en") -> dict[str, Any]:
        d: dict[str, Any] = {"i": i, "step": self.step, "ice": self.ice, "kind": self.kind, "side": self.side,
             "text": self.text(rs, lang), "rule": self.rule, "occurrence": self.occurrence}
        ex = dict(self.extra)
        if self.kind == "trigger":
            d["card"] = ex.get("card")
            d["when"] = ex.get("when")
            d["resolved"] = ex.get("resolved", True)
        if self.kind == "skip":
            d["reason"] = skip_text(self.args_get("reason"), self.ice, lang)
            d["reason_key"] = self.args_get("reason")
        if self.kind == "transition":
            d["edge"] = ex.get("edge")
            d["guard"] = self.args_get("guard")
            d["to"] = ex.get("to")
        if "action" in ex:
            d["action"] = ex["action"]
        if ex.get("line"):
            d["line"] = ex["line"]
        return d


class EventDraft(EventFields):
    """An Event being made: Event's fields, set by a plain `__init__`, then given the frozen class
    (`make_event`; the executor's `emit` writes it out). The frozen dataclass's own `__init__`
    stores each field through `object.__setattr__`, which cost a step more than all its guards;
    an event made this way is the same immutable Event, equal and hashed the same (`layout`)."""

    def freeze(self) -> Event:
        self.__class__ = Event  # type: ignore[assignment]  # the same layout: see `layout.Layout`
        return cast(Event, self)


def make_event(kind: EventKind, step: str, ice: str | None, occurrence: str, side: str | None, msg: str,
               args: Pairs = (), rule: str = "", extra: Pairs = ()) -> Event:
    """An Event, made without the frozen dataclass's per-field `object.__setattr__`."""
    return EventDraft(kind, step, ice, occurrence, side, msg, args, rule, extra).freeze()


def _points(sc: Scenario, stolen: tuple[str, ...]) -> int:
    """The agenda points of the cards the Runner stole."""
    if not stolen:
        return 0
    cards = sc.all_cards()
    return sum(cards[k].points or 0 for k in stolen if k in cards)


STOPS = ("server_gone", "jacked_out", "run_ended", "ice_left", "bypassed", "step_ended")


@dataclass
class Trace:
    """A resolved run."""

    ruleset: str
    title: str | Text  # the scenario's, or one made from its board (summary.board_title)
    events: list[Event]
    warnings: list[Event]
    status: str
    end: str
    lists: dict[str, list[str]]
    bp: dict[str, int]
    rs: Ruleset
    states: list[tuple[int, State]] = field(default_factory=list, repr=False)  # (events before it, state)
    explanation: dict[str, str] = field(default_factory=dict)
    # context.Placed / context.Dropped (the context module imports this one: typed by what is read)
    placed: list[Any] = field(default_factory=list)   # where each action is under rs
    dropped: list[Any] = field(default_factory=list)  # actions with no moment under rs
    replaced_by: str | None = None                # the card whose replacement of the access applied
    names: dict[str, str] = field(default_factory=dict, repr=False)  # plain name -> the card's key (Korean title)
    confidence: str | None = None                 # the scenario's: ruling, rules or reading
    board: dict[str, Any] = field(default_factory=dict)  # the board after the run (boardstate.summary)
    board_shown: bool = False                     # the scenario gives a board: the outcome says it

    @classmethod
    def build(cls, sc: Scenario, rs: Ruleset, events: list[Event], final: State, warnings: list[Event],
              states: list[tuple[int, State]], placed: list[Any] | None = None, dropped: list[Any] | None = None,
              names: dict[str, str] | None = None) -> Trace:
        status = dict(events[-1].args)["status"]
        lists = {k: list(getattr(final, k)) for k in
                 ("approached", "encountered", "passed", "bypassed", "accessed", "stolen",
                  "trashed", "triggered")}
        lost = next((dict(e.args)["n"] for e in events if e.msg in ("bp_lost", "bp_returned")), 0)
        bp = {"gained": final.bp_gained, "spent": final.bp_spent, "lost": lost}
        everything = events + warnings
        from .summary import board_title  # reads the scenario by its fields

        return cls(ruleset=rs.id, title=sc.title or board_title(sc), events=everything,
                   warnings=[e for e in everything if e.kind == "warning"],
                   status=status, end=final.step, lists=lists, bp=bp, rs=rs, states=states,
                   explanation=dict(sc.explanation), placed=list(placed or []), dropped=list(dropped or []),
                   replaced_by=final.replaced_by, confidence=sc.confidence, names=dict(names or {}),
                   board=summary(final.sides, _points(sc, final.stolen) + final.scored_points),
                   board_shown=sc.sides is not None or final.sides != EMPTY)

    @property
    def path(self) -> list[str]:
        return [e.occurrence for e in self.events if e.kind == "enter"]

    def shown_path(self, lang: str = "en") -> list[str]:
        """The path as a reader sees it (Korean titles of ice for a Korean reader)."""
        return [e.shown(lang) for e in self.events if e.kind == "enter"]

    def shown_list(self, key: str, lang: str = "en") -> list[str]:
        """One of the outcome's lists of cards (accessed, stolen, ...) as a reader sees the names;
        `triggered` ("Inside Job: encountered") as the card and the moment in words."""
        if key != "triggered":
            return [str(in_lang(self.names.get(x, x), lang)) for x in self.lists[key]]
        out = []
        for x in self.lists[key]:
            card, _, when = x.rpartition(": ")
            out.append(f"{in_lang(self.names.get(card, card), lang)}: {t(f'engine.when.{when}', lang)}" if card else x)
        return out

    @property
    def skipped(self) -> list[Event]:
        return [e for e in self.events if e.kind == "skip"]

    @property
    def not_reached(self) -> list[str]:
        seen = {e.step for e in self.events if e.kind in ("enter", "skip")}
        return [s.id for s in self.rs.steps if s.id not in seen]

    def outcome(self) -> dict[str, Any]:
        return {"status": self.status, "end": self.end, **self.lists,
                "bad_publicity_credits": {"gained": self.bp["gained"], "lost": self.bp["lost"]},
                "replaced_by": self.replaced_by, **({"board": self.board} if self.board_shown else {}),
                **self._encounter()}

    def _encounter(self) -> dict[str, Any]:
        """What the encounter computed (issue 24): subroutines broken, the Corp's pool at the end."""
        final = self.states[-1][1] if self.states else None
        if final is None:
            return {}
        return {"broken": [str(x) for x in final.broken_log], "corp_credits": final.corp_credits}

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        from .summary import summarize  # summary reads a Trace by its fields

        summary = summarize(self, lang)
        return {
            "ruleset": self.ruleset,
            "title": title_text(self.title, lang),
            "outcome": self.outcome(),
            "path": self.path,
            "skipped": [{"step": e.occurrence, "reason": skip_text(e.args_get("reason"), e.ice, lang)}
                        for e in self.skipped],
            "not_reached": self.not_reached,
            "events": [e.as_dict(i, self.rs, lang) for i, e in enumerate(self.events)],
            "warnings": [e.text(self.rs, lang) for e in self.warnings],
            "placed": [p.as_dict() for p in self.placed],
            "dropped": [d.as_dict(lang) for d in self.dropped],
            "explanation": self.explanation or None,
            "confidence": self.confidence,
            "lang": lang,
            # added: the answer at a glance, and the moments that decided it (step numbers as in ?step=)
            "summary": summary.text,
            "deciding": [m.as_dict() for m in summary.moments],
        }
