"""Run one scenario under every rule set and find where the traces part ways.

The differences are data: a `kind` (outcome, path, trigger, or one of the outcome's lists), the rule
sets, and each rule set's value (a status, a story moment, the occurrences a trigger resolved at, a
list of cards). Story moments are codes (`moment`: approach, pass, jack_out...); words are put on
them only at the edge (`render.compare_text` for the CLI, `web.rulesets.compare_view` for the page).
The JSON keeps the English `what` and `verb` it has always had beside them."""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import rulesets
from ..engine import Trace, run
from ..errors import JudgeError
from ..scenario import Scenario

__all__ = ["Comparison", "compare_rulesets", "diff", "MOMENTS", "DIFF_LISTS"]

#: The outcome's lists a difference can be about (a difference's `kind`, beside outcome, path, trigger).
DIFF_LISTS = ("accessed", "stolen", "trashed", "passed", "encountered")


@dataclass
class Comparison:
    title: str
    traces: dict[str, Trace] = field(default_factory=dict)
    unplaced: dict[str, str] = field(default_factory=dict)   # rule set -> why it cannot run there at all
    divergences: list[dict] = field(default_factory=list)
    errors: dict[str, JudgeError] = field(default_factory=dict, repr=False)  # why, in any language

    def as_dict(self, lang: str = "en") -> dict:
        return {"title": self.title,
                "runs": {k: t.as_dict(lang) for k, t in self.traces.items()},
                "unplaced": self.unplaced, "divergences": self.divergences}


_STORY = {"approach_ice": "approach", "approach_position": "approach", "encounter_ice": "encounter",
          "approach_server": "server"}
_MSG = {"passes_ice": "pass", "declared": "success", "access": "access", "jacks_out": "jack_out",
        "jacks_out_granted": "jack_out", "ends_run": "end_the_run", "run_ends_now": "end_the_run",
        "not_declared": "no_success", "end": "end"}
#: Every story moment a path difference can name (its `moment`).
MOMENTS = tuple(dict.fromkeys([*_STORY.values(), *_MSG.values()]))


def _story_item(t: Trace, e) -> tuple | None:
    if e.kind == "enter" and t.rs.step(e.step).does in _STORY:
        return (_STORY[t.rs.step(e.step).does], e.ice)
    if e.msg in _MSG:
        return (_MSG[e.msg], e.args_get("card") or e.args_get("ice") or e.args_get("status"))
    return None


def _story(t: Trace) -> list[tuple[tuple, str]]:
    """What happened, in moments every rule set shares (approach X, encounter X, pass X, the server,
    success, access, jack out, the end), each with the step occurrence where it happened."""
    return [(item, e.occurrence) for e in t.events if (item := _story_item(t, e)) is not None]


def _trigger_moments(t: Trace) -> dict[str, list[tuple[tuple | None, str]]]:
    """Each resolved trigger ("Card: when") with the story moment it happened in (what the Runner was doing)."""
    out: dict[str, list] = {}
    last: tuple | None = None
    for e in t.events:
        last = _story_item(t, e) or last
        if e.kind == "trigger" and e.extra_get("resolved"):
            out.setdefault(f"{e.extra_get('card')}: {e.extra_get('when')}", []).append((last, e.occurrence))
    return out


def _trigger_cards(*traces: Trace) -> dict[str, tuple[object, str]]:
    """Each resolved trigger's key and its (card, moment code)."""
    return {f"{e.extra_get('card')}: {e.extra_get('when')}": (e.extra_get("card"), e.extra_get("when"))
            for t in traces for e in t.events if e.kind == "trigger" and e.extra_get("resolved")}


def compare_rulesets(sc: Scenario) -> Comparison:
    """The scenario under every rule set (its actions placed where they mean the same, those with
    no moment there left out and listed with the run), and the points where the runs differ; a
    rule set under which it cannot run at all (it loops, or is refused there) is `unplaced`."""
    cmp = Comparison(title=sc.title)
    for rs_id in rulesets.RULESETS:
        try:
            cmp.traces[rs_id] = run(sc, rs_id)
        except JudgeError as exc:  # cannot be placed there, or loops there: say why, compare the rest
            cmp.unplaced[rs_id] = str(exc)
            cmp.errors[rs_id] = exc
    ids = list(cmp.traces)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            cmp.divergences += diff(cmp.traces[a], cmp.traces[b])
    return cmp


def diff(ta: Trace, tb: Trace) -> list[dict]:
    a, b = ta.ruleset, tb.ruleset
    out: list[dict] = []
    if ta.status != tb.status:
        out.append({"kind": "outcome", "rulesets": [a, b], a: ta.status, b: tb.status})
    sa, sb = _story(ta), _story(tb)
    n = next((i for i, (x, y) in enumerate(zip(sa, sb, strict=False)) if x[0] != y[0]), min(len(sa), len(sb)))
    if n < max(len(sa), len(sb)):
        def said(s, i):
            if i >= len(s):
                return None
            (moment, obj), at = s[i]
            verb = moment.replace("_", " ")     # the English word the JSON has always had
            return {"what": " ".join(str(p) for p in (verb, obj) if p), "verb": verb, "object": obj, "at": at,
                    "moment": moment}
        out.append({"kind": "path", "rulesets": [a, b], "after": said(sa, n - 1) if n else None,
                    a: said(sa, n), b: said(sb, n)})
    trig_a, trig_b = _trigger_moments(ta), _trigger_moments(tb)
    cards = _trigger_cards(ta, tb)
    for key in sorted(set(trig_a) | set(trig_b)):
        ra = [r for r, _ in trig_a.get(key, [])]
        rb = [r for r, _ in trig_b.get(key, [])]  # compared by story moment, not step number
        if ra != rb:
            card, when = cards[key]
            out.append({"kind": "trigger", "rulesets": [a, b], "trigger": key, "card": card, "when": when,
                        a: [o for _, o in trig_a.get(key, [])] or None,
                        b: [o for _, o in trig_b.get(key, [])] or None})
    for key in DIFF_LISTS:
        if ta.lists[key] != tb.lists[key]:
            out.append({"kind": key, "rulesets": [a, b], a: ta.lists[key], b: tb.lists[key]})
    return out

