"""Step-number translation between the rule sets (rules.md B.4), and carrying actions across."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..i18n import Msg, msg, t
from . import RULESETS, get

__all__ = ["ROWS", "Row", "translate", "carry", "row_of", "rows_of", "table"]


@dataclass(frozen=True)
class Row:
    """One moment of a run as each rule set numbers it; `carry` says an action placed there keeps
    its meaning (and its ice) in another rule set."""

    steps: dict[str, tuple[str, ...]]
    key: str                         # its note is `rulesets.translate.<key>` in the catalogue
    no_carry: tuple[str, ...] = ()   # rule sets where the same moment means something else

    def note(self, lang: str = "en") -> str:
        return t(f"rulesets.translate.{self.key}", lang)


def _r(rr: str, core: str, nsg: str, key: str, no_carry: tuple[str, ...] = ()) -> Row:
    return Row({"ffg-rr": tuple(rr.split()), "ffg-core": tuple(core.split()), "nsg": tuple(nsg.split())},
               key, tuple(no_carry))


ROWS: tuple[Row, ...] = (
    _r("1", "1", "6.9.1a 6.9.1b 6.9.1c 6.9.1d", "initiation"),
    _r("", "", "6.9.1e", "nsg_initiation_rez"),
    _r("", "", "6.9.1f", "initiation_complete"),
    _r("2", "2", "6.9.2a", "approach"),
    _r("2.1", "2.1", "6.9.2b", "approach_window"),
    _r("2.2", "2.2", "6.9.4c", "jack_out_before_ice", no_carry=('nsg',)),
    _r("2.3", "2.3", "6.9.2b", "rez_approached"),
    _r("2.4", "2.4", "6.9.2c", "rezzed_or_not"),
    _r("3", "3", "6.9.3a", "encounter"),
    _r("3.1", "3.1", "6.9.3b", "break"),
    _r("3.2", "3.2", "6.9.3c 6.9.3d 6.9.3e", "resolve"),
    _r("4", "2.4 3.2", "6.9.4a", "pass"),
    _r("5.1", "4.1", "6.9.4b", "last_window", no_carry=('nsg',)),
    _r("5.2", "4.2", "6.9.4c", "last_jack_out", no_carry=('nsg',)),
    _r("", "", "6.9.4d", "move_inward"),
    _r("5.3", "4.3", "6.9.4e", "last_rez"),
    _r("", "", "6.9.4f", "new_position"),
    _r("5", "4", "6.9.4g", "approach_server"),
    _r("", "", "6.9.4h", "movement_complete"),
    _r("5.4", "4.4", "6.9.5a", "success"),
    _r("5.5", "4.5", "6.9.5b", "access"),
    _r("5.6", "4.5", "6.9.5c", "access_ends"),
    _r("6", "5", "6.9.6a 6.9.6b 6.9.6d", "run_ends"),
    _r("7", "6", "6.9.6a 6.9.6b 6.9.6c 6.9.6d", "run_ends_unsuccessfully"),
)


def rows_of(ruleset_id: str, step_id: str) -> list[Row]:
    return [r for r in ROWS if step_id in r.steps.get(ruleset_id, ())]


def row_of(ruleset_id: str, step_id: str) -> int | None:
    """The index of the first row a step belongs to (the order of moments in a run)."""
    for i, r in enumerate(ROWS):
        if step_id in r.steps.get(ruleset_id, ()):
            return i
    return None


def translate(ruleset_id: str, step_id: str, lang: str = "en") -> dict:
    """What a step of one rule set corresponds to in the others, with the notes that qualify it."""
    rs = get(ruleset_id)
    if step_id not in rs.step_ids:
        known = [r for r in RULESETS.values() if step_id in r.step_ids]
        if known:
            raise ScenarioError("not_a_step_of_but", step=step_id, rs=ruleset_id,
                                others=", ".join(r.id for r in known))
        raise ScenarioError("not_a_step_of", step=step_id, rs=ruleset_id)
    rows = rows_of(ruleset_id, step_id)
    out: dict = {"ruleset": ruleset_id, "step": step_id, "name": rs.step(step_id).name(lang),
                 "to": {}, "notes": []}
    for other in RULESETS:
        if other == ruleset_id:
            continue
        steps: list[str] = []
        for r in rows:
            steps += [s for s in r.steps.get(other, ()) if s not in steps]
        out["to"][other] = steps
    out["notes"] = [r.note(lang) for r in rows if r.note(lang)]
    return out


def carry(from_rs: str, step_id: str, to_rs: str) -> tuple[str | None, Msg | None]:
    """The one step of `to_rs` an action at `step_id` of `from_rs` can be carried to, or None and why."""
    if from_rs == to_rs:
        return step_id, None
    rows = rows_of(from_rs, step_id)
    targets = sorted({s for r in rows for s in r.steps.get(to_rs, ())})
    kept = [r for r in rows if to_rs in r.no_carry or from_rs in r.no_carry]
    if kept:
        return None, msg("errors.no_counterpart", step=step_id, src=from_rs, dst=to_rs,
                         why=tuple(msg(f"rulesets.translate.{r.key}") for r in kept))
    if len(targets) != 1:
        return None, msg("errors.maps_to_several", step=step_id, src=from_rs, dst=to_rs,
                         shown=", ".join(targets) or msg("errors.value.nothing_word"))
    return targets[0], None


def table(lang: str = "en") -> list[dict]:
    """The whole translation table, one row per moment of a run."""
    return [{**{k: list(v) for k, v in r.steps.items()}, "note": r.note(lang), "no_carry": list(r.no_carry)}
            for r in ROWS]
