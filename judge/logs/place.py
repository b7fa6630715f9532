"""Placing a run read from a log into a scenario: cards by `card:` reference, ice outermost first,
what was rezzed, and each choice at the NSG step the log implies, with a `source:` naming its line.

Player names never enter a scenario: a `source:` says "Runner"/"Corp" instead (permalinks keep
scenarios, and a log's usernames are not the judge's to keep).
"""

from __future__ import annotations

import re
from typing import Any

from .. import cards as catalogue
from .parse import Line
from .runs import Run, Slot

__all__ = ["place_run", "Unknown", "card_name"]

Unknown = tuple[str, dict[str, str]]   # an i18n key under logs.unknown and its arguments


def card_name(title: str) -> tuple[dict[str, Any], str]:
    """Return the card entry for a title the log shows and the name actions use for it."""
    facts = catalogue.find(title)
    if facts is None or title.strip().casefold() not in (facts.title.casefold(), (facts.title_ko or "").casefold()):
        return {"name": title}, title
    return {"card": title}, facts.title


def _source(ln: Line, run: Run, inferred: bool = False) -> str:
    text = ln.text
    for name, side in ((run.runner, "Runner"), (run.corp, "Corp")):
        if name:
            text = re.sub(rf"(?<!\S){re.escape(name)}(?!\S)", side, text)
    return ("inferred from " if inferred else "") + f"log line {ln.no}: {text}"[:400]


def _count(n: str) -> int | None:
    n = n.strip()
    return int(n) if n.isdigit() else None


def place_run(run: Run, ruleset: str = "nsg") -> tuple[dict[str, Any], list[Unknown], dict[str, Any]]:
    """Return (scenario, unknowns, expectations from the log) for a read run."""
    unknowns: list[Unknown] = list(run.notes)
    server = run.server or "HQ"
    if run.server is None:
        unknowns.append(("logs.unknown.server", {}))
    ice_entries: list[dict[str, Any]] = []
    names: dict[int, str] = {}
    breakers: dict[str, dict[str, Any]] = {}
    actions: list[dict[str, Any]] = []
    count = run.ice_count or 0
    if run.ice_count is None:
        unknowns.append(("logs.unknown.ice_count", {"server": server}))
    used: dict[str, int] = {}
    etr: dict[str, tuple[dict[str, Any], list[str]]] = {}   # ice the log shows ending the run
    for p in range(count - 1, -1, -1):     # outermost first
        s = run.slots.get(p) or Slot(p)
        if s.title is None:
            how = "never_rezzed" if s.approached else "not_reached"
            name = f"ice {p} of {server}, {'never rezzed' if s.approached else 'not reached'}: unknown"
            entry: dict[str, Any] = {"name": name, "type": "ice", "rezzed": False}
            unknowns.append((f"logs.unknown.{how}", {"name": name, "pos": str(p), "server": server}))
        else:
            entry, name = card_name(s.title)
            if "name" in entry:
                entry["type"] = "ice"
                subs = _labels(s)
                if subs:
                    entry["subroutines"] = subs
                unknowns.append(("logs.unknown.not_in_catalogue", {"card": s.title}))
            used[name] = used.get(name, 0) + 1
            if used[name] > 1 or any(x.title == s.title for q, x in run.slots.items() if q < p):
                name = f"{name} (position {p})"
                entry["id"] = name
            entry["rezzed"] = bool(s.rezzed_before)
            if s.rezzed_before is None and not s.encountered:
                entry["rezzed"] = False
        names[p] = name
        ice_entries.append(entry)
        if s.title is not None and any(x.f.get("what", "").lower().startswith("end the run") or
                                       "end the run" in x.f.get("labels", "").lower() for x in s.fired):
            etr[name] = (entry, _labels(s))
    # Choices, in the order the run reaches them.
    for p in range(count - 1, -1, -1):
        if p not in run.slots:
            continue
        s = run.slots[p]
        name = names[p]
        if s.rez_line is not None:
            ln = next(x for x in run.lines if x.no == s.rez_line)
            actions.append({"at": "6.9.2b", "ice": name, "by": "corp", "rez": name, "source": _source(ln, run)})
        if s.broken:
            total = 0
            every = False
            for _ln, card, n in s.broken:
                entry, bname = card_name(card)
                if "name" in entry:
                    entry["type"] = "program"
                breakers.setdefault(bname, entry)
                c = _count(n)
                every = every or c is None
                total += c or 0
            labels = [lab for ln, _, _ in s.broken for lab in _break_labels(ln)]
            src = "; ".join(_source(ln, run) for ln, _, _ in s.broken)
            broken: Any = "all" if every else {"count": total, "labels": labels}
            actions.append({"at": "6.9.3b", "ice": name, "by": "runner", "break": broken, "source": src})
        elif s.encountered and s.passed and not s.bypassed and not s.fired:
            # Passed with no break or fire line: broken or prevented silently; the log cannot say which.
            pass_ln = next(x for x in run.lines if x.kind == "pass" and x.f.get("pos") == str(p))
            actions.append({"at": "6.9.3b", "ice": name, "by": "runner", "break": "all",
                            "source": _source(pass_ln, run, inferred=True)})
            unknowns.append(("logs.unknown.silent_pass", {"ice": name}))
        if run.ended_by == "jack_out" and run.end_ice == p and run.ended_line is not None:
            actions.append({"at": "6.9.4c", "ice": name, "by": "runner", "jack_out": True,
                            "source": _source(run.ended_line, run)})
    if run.ended_by == "jack_out" and run.end_ice is None and count == 0 and run.ended_line is not None \
            and not run.departures_of("jack_out_not_offered"):
        actions.append({"at": "6.9.4c", "by": "runner", "jack_out": True, "source": _source(run.ended_line, run)})
    # Abilities the log shows used, as notes at the step where they were used (no effect on timing).
    at_phase = {"init": ("6.9.1e", False), "approach": ("6.9.2b", True), "encounter": ("6.9.3b", True),
                "passed": ("6.9.4b", True), "server": ("6.9.4g", False), "success": ("6.9.5b", False)}
    for ln, phase, at_pos in run.used:
        if phase not in at_phase or (at_phase[phase][1] and at_pos not in names):
            continue
        step, per_ice = at_phase[phase]
        side = "runner" if ln.who == run.runner else "corp"
        note: dict[str, Any] = {"at": step, **({"ice": names[at_pos]} if per_ice and at_pos is not None else {}), "by": side,
                                "note": _source(ln, run).split(": ", 1)[1], "source": f"log line {ln.no}"}
        actions.append(note)
    # What access reached.
    root: list[dict[str, Any]] = []
    content: list[dict[str, Any]] = []
    accessed: list[str] = []
    unseen = 0
    resolved = [card_name(a[1])[1] for a in run.accessed if a[1] != "an unseen card"]
    dup = {n for n in resolved if resolved.count(n) > 1}   # an English and a Korean title are one card
    seen: dict[str, int] = {}
    placed: list[tuple[int, str, str]] = []     # (access line, title, the name actions use)
    for i, (ln, title, zone) in enumerate(run.accessed):
        if title == "an unseen card":   # named later by its steal or trash line, if there is one
            until = run.accessed[i + 1][0].no if i + 1 < len(run.accessed) else 10**9
            named = [t for x, t in (*run.stolen, *run.trashed) if ln.no < x.no < until]
            if named:
                title = named[0]
        if title == "an unseen card":
            unseen += 1
            nm = f"unseen card {unseen} of {zone}"
            entry, cname = {"name": nm}, nm
            unknowns.append(("logs.unknown.unseen", {"name": nm}))
        else:
            entry, cname = card_name(title)
            if "name" in entry:
                entry["type"] = "agenda" if any(t == title for _, t in run.stolen) else "asset"
                unknowns.append(("logs.unknown.not_in_catalogue", {"card": title}))
            if cname in dup:   # the same card twice: each gets an id, and actions use it
                seen[cname] = seen.get(cname, 0) + 1
                cname = entry["id"] = f"{cname} #{seen[cname]}"
        (root if zone.startswith("the root of") else content).append(entry)
        accessed.append(cname)
        placed.append((ln.no, title, cname))

    def accessed_as(line: Line, title: str) -> str | None:
        """The card a steal/trash line is about: the last one of that title accessed before it."""
        return next((c for no, t, c in reversed(placed) if t == title and no <= line.no), None)

    for ln, title in run.trashed:
        if (gone := accessed_as(ln, title)) is not None:
            actions.append({"at": "6.9.5b", "by": "runner", "trash": gone, "source": _source(ln, run)})
    for ln, title in run.not_stolen:
        if (kept := accessed_as(ln, title)) is not None:
            actions.append({"at": "6.9.5b", "by": "runner", "decline_steal": kept, "source": _source(ln, run)})
    stolen_names = [accessed_as(ln, title) or card_name(title)[1] for ln, title in run.stolen]
    from_cards = [a for a in run.accessed if not a[2].startswith("the root of")]
    central_extra = len(from_cards) - 1 if server in ("HQ", "R&D") else 0
    if central_extra > 0:
        actions.append({"at": "6.9.5a", "by": "runner", "access_more": central_extra,
                        "source": _source(from_cards[1][0], run)})
    runner_cards: list[dict[str, Any]] = []
    by = run.by or run.replaced_by or run.bypass_card
    if by:
        entry, byname = card_name(by)
        if "name" in entry:
            entry["type"] = "event"
            unknowns.append(("logs.unknown.not_in_catalogue", {"card": by}))
        runner_cards.append(entry)
    runner_cards.extend(breakers.values())
    if server not in ("HQ", "R&D", "Archives") and not ice_entries and not content and not root:
        nm = f"card in {server}: unknown"
        content.append({"name": nm})
        unknowns.append(("logs.unknown.remote_content", {"name": nm, "server": server}))
    srv: dict[str, Any] = {"ice": ice_entries}
    if root:
        srv["root"] = root
    srv["cards"] = content
    title = f"Run {run.no} of the log" + (f", turn {run.turn}" if run.turn is not None else "") + f": {server}"
    sc: dict[str, Any] = {"title": title, "ruleset": ruleset}
    sc["run"] = {"server": server, **({"by": card_name(by)[1]} if by else {})}
    runner: dict[str, Any] = {}
    if run.credits is not None:
        runner["credits"] = run.credits
    else:
        unknowns.append(("logs.unknown.credits", {"said": str(run.credits_said[0]), "line": str(run.credits_said[1])})
                        if run.credits_said else ("logs.unknown.credits_none", {}))
    if runner_cards:
        runner["cards"] = runner_cards
    if runner:
        sc["runner"] = runner
    sc["servers"] = {server: srv}
    if actions:
        sc["actions"] = actions
    sc["_etr"] = etr
    expect: dict[str, Any] = {}
    if run.redirected is not None:   # the scenario holds the run up to the redirect only
        return sc, unknowns, {"encountered": [names[p] for p in range(count - 1, -1, -1)
                                               if run.slots.get(p) and run.slots[p].encountered]}
    if run.log_outcome:
        expect["outcome"] = run.log_outcome
    expect["encountered"] = [names[p] for p in range(count - 1, -1, -1) if run.slots.get(p) and run.slots[p].encountered]
    if run.success:
        expect["accessed"] = accessed
        expect["stolen"] = stolen_names
    return sc, unknowns, expect


def _labels(s: Slot) -> list[str]:
    subs: list[str] = []
    for ln, _, _ in s.broken:
        subs.extend(_break_labels(ln))
    for ln in s.fired:
        subs.extend(_break_labels(ln))
        what = ln.f.get("what", "")
        if what.lower().startswith("end the run") and "End the run" not in subs:
            subs.append("End the run")
    return subs


def _break_labels(ln: Line) -> list[str]:
    return [m.strip() for m in re.findall(r'"([^"]*)"', ln.f.get("labels", "")) if m.strip()]
