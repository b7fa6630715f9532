"""Step-number translation between the rule sets (rules.md B.4): one row per moment of a run, each
rule set's step for it, and which ice that step belongs to there.

Most moments keep their ice: 3.1@Enigma is 6.9.3b@Enigma. A few move it, and the table says so
with an anchor instead of a special case in code (rules.md E2, E4):

- `same`   the step belongs to the moment's own ice (the default for a step of a piece of ice);
- `before` the ice passed just before it: FFG jacks out after approaching the next ice (2.2@Hunter),
           NSG after passing the previous one (6.9.4c@Enigma), so for the first ice NSG has none;
- `last`   the innermost ice of the attacked server, or no ice when it has none: FFG's last
           window and jack-out decision (5.1, 5.2) are NSG's 6.9.4b/6.9.4c of the innermost ice;
- `none`   no ice (a server moment, the vacuous pass, the window after the innermost ice);
- `any`    whatever ice (a step nobody acts in, only looked up).

A cell written `STEP>` is a destination only (several rows reach that step, another row owns it
as a source); `6|7` means "whichever of these the run reaches". `moments.place` reads this table
to put an action, or a step being looked at, where it means the same in another rule set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import ScenarioError
from ..i18n import t
from . import RULESETS, get

__all__ = ["ROWS", "Row", "Cell", "ANCHORS", "translate", "row_of", "rows_of", "table"]

ANCHORS = ("same", "before", "last", "none", "any")


@dataclass(frozen=True)
class Cell:
    """A moment's step(s) in one rule set, and the ice they belong to there."""

    steps: tuple[str, ...]          # several: whichever of them the run reaches
    anchor: str                     # one of ANCHORS
    source: bool = True             # False: only reached from other rule sets (`STEP>`)


@dataclass(frozen=True)
class Row:
    """One moment of a run as each rule set numbers it."""

    key: str                         # its note is `rulesets.translate.<key>` in the catalogue
    cells: dict[str, Cell]           # rule set -> cell (absent: no such moment there)

    @property
    def steps(self) -> dict[str, tuple[str, ...]]:
        """Each rule set's step ids for this moment (empty when it has none)."""
        return {rs: (self.cells[rs].steps if rs in self.cells else ()) for rs in RULESETS}

    def note(self, lang: str = "en") -> str:
        return t(f"rulesets.translate.{self.key}", lang)


def _cell(rs_id: str, text: str) -> Cell | None:
    if not text:
        return None
    source = not text.endswith(">")
    text = text.rstrip(">")
    steps, _, anchor = text.partition("@")
    ids = tuple(steps.split("|"))
    rs = get(rs_id)
    for s in ids:
        if s not in rs.step_ids:
            raise ValueError(f"translation table: {s!r} is not a step of {rs_id}")
    if not anchor:
        anchor = "same" if rs.step(ids[0]).per_ice else "none"
    if anchor not in ANCHORS:
        raise ValueError(f"translation table: unknown anchor {anchor!r}")
    return Cell(ids, anchor, source)


def _r(key: str, rr: str, core: str, nsg: str) -> Row:
    cells = {rs: c for rs, text in (("ffg-rr", rr), ("ffg-core", core), ("nsg", nsg))
             if (c := _cell(rs, text)) is not None}
    return Row(key, cells)


# In the order of a run. The first row whose source cell matches a step (and its ice) decides
# where that step goes; a row with an empty cell is a moment that rule set does not have.
ROWS: tuple[Row, ...] = (
    #  moment                      ffg-rr      ffg-core    nsg
    _r("run_begins",               "1",        "1",        "6.9.1c"),
    _r("announce",                 "1>",       "1>",       "6.9.1a"),
    _r("bp_fund",                  "1>",       "1>",       "6.9.1b"),
    _r("set_position",             "1>",       "1>",       "6.9.1d"),
    _r("nsg_initiation_rez",       "",         "",         "6.9.1e"),
    _r("initiation_complete",      "",         "",         "6.9.1f"),
    _r("approach",                 "2",        "2",        "6.9.2a"),
    _r("approach_window",          "2.1",      "2.1",      "6.9.2b>"),
    _r("jack_out_before_ice",      "2.2",      "2.2",      "6.9.4c@before"),
    _r("rez_approached",           "2.3",      "2.3",      "6.9.2b"),
    _r("rezzed_or_not",            "2.4",      "2.4",      "6.9.2c"),
    _r("encounter",                "3",        "3",        "6.9.3a"),
    _r("break",                    "3.1",      "3.1",      "6.9.3b"),
    _r("resolve",                  "3.2",      "3.2",      "6.9.3d"),
    _r("subroutines_left",         "3.2>",     "3.2>",     "6.9.3c"),
    _r("encounter_complete",       "3.2>",     "3.2>",     "6.9.3e"),
    _r("vacuous_pass",             "4@none",   "4>",       "6.9.4a@none"),
    _r("pass_last",                "4@last",   "4>",       "6.9.4a@last"),
    _r("pass",                     "4",        "",         "6.9.4a"),
    _r("window_before_jack_out",   "2.1>",     "2.1>",     "6.9.4b@before"),
    _r("last_window",              "5.1",      "4.1",      "6.9.4b@last"),
    _r("last_jack_out",            "5.2",      "4.2",      "6.9.4c@last"),
    _r("move_inward",              "",         "",         "6.9.4d@any"),
    _r("nsg_rez_before_approach",  "",         "",         "6.9.4e"),
    _r("last_rez",                 "5.3",      "4.3",      "6.9.4e@none"),
    _r("new_position",             "",         "",         "6.9.4f@any"),
    _r("approach_server",          "5",        "4",        "6.9.4g"),
    _r("movement_complete",        "",         "",         "6.9.4h"),
    _r("success",                  "5.4",      "4.4",      "6.9.5a"),
    _r("access",                   "5.5",      "4.5",      "6.9.5b"),
    _r("access_ends",              "5.6",      "4.5>",     "6.9.5c"),
    _r("run_ends",                 "6",        "5",        "6.9.6d>"),
    _r("run_ends_unsuccessfully",  "7",        "6",        "6.9.6d>"),
    _r("open_windows",             "6|7>",     "5|6>",     "6.9.6a"),
    _r("bp_returned",              "6|7>",     "5|6>",     "6.9.6b"),
    _r("label",                    "7>",       "6>",       "6.9.6c"),
    _r("run_complete",             "6|7>",     "5|6>",     "6.9.6d"),
)


def rows_of(ruleset_id: str, step_id: str) -> list[Row]:
    """Every row a step appears in (as a source or a destination)."""
    return [r for r in ROWS if step_id in r.steps.get(ruleset_id, ())]


def row_of(ruleset_id: str, step_id: str) -> int | None:
    """The index of the first row a step belongs to (the order of moments in a run)."""
    for i, r in enumerate(ROWS):
        if step_id in r.steps.get(ruleset_id, ()):
            return i
    return None


def translate(ruleset_id: str, step_id: str, lang: str = "en") -> dict[str, Any]:
    """What a step of one rule set corresponds to in the others, with the notes that qualify it."""
    rs = get(ruleset_id)
    if step_id not in rs.step_ids:
        known = [r for r in RULESETS.values() if step_id in r.step_ids]
        if known:
            raise ScenarioError("not_a_step_of_but", step=step_id, rs=ruleset_id,
                                others=", ".join(r.id for r in known))
        raise ScenarioError("not_a_step_of", step=step_id, rs=ruleset_id)
    rows = rows_of(ruleset_id, step_id)
    out: dict[str, Any] = {"ruleset": ruleset_id, "step": step_id, "name": rs.step(step_id).name(lang),
                 "to": {}, "notes": []}
    for other in RULESETS:
        if other == ruleset_id:
            continue
        steps: list[str] = []
        for r in rows:
            steps += [s for s in r.steps.get(other, ()) if s not in steps]
        out["to"][other] = steps
    out["notes"] = list(dict.fromkeys(r.note(lang) for r in rows if r.note(lang)))
    return out


def table(lang: str = "en") -> list[dict[str, Any]]:
    """The whole translation table, one row per moment of a run; `ice` names, per rule set, a
    step that belongs to another ice than the moment's own (`before`, `last`)."""
    return [{**{k: list(v) for k, v in r.steps.items()}, "key": r.key, "note": r.note(lang),
             "ice": {rs: c.anchor for rs, c in r.cells.items() if c.anchor in ("before", "last")}}
            for r in ROWS]
