"""Step-number translation between the rule sets (rules.md B.4), and carrying actions across."""

from __future__ import annotations

from dataclasses import dataclass

from . import rulesets
from .errors import ScenarioError

__all__ = ["ROWS", "Row", "translate", "carry", "row_of", "table"]


@dataclass(frozen=True)
class Row:
    """One moment of a run as each rule set numbers it; `carry` says an action placed there keeps
    its meaning (and its ice) in another rule set."""

    steps: dict[str, tuple[str, ...]]
    note_en: str = ""
    note_ko: str = ""
    no_carry: tuple[str, ...] = ()  # rule sets where the same moment means something else


def _r(rr, core, nsg, en="", ko="", no_carry=()) -> Row:
    t = lambda v: tuple(v.split()) if v else ()  # noqa: E731
    return Row({"ffg-rr": t(rr), "ffg-core": t(core), "nsg": t(nsg)}, en, ko, tuple(no_carry))


ROWS: tuple[Row, ...] = (
    _r("1", "1", "6.9.1a 6.9.1b 6.9.1c 6.9.1d", "initiation: announce, bad publicity, the run begins",
       "개시: 서버 선언, 악평 크레딧, 런 시작"),
    _r("", "", "6.9.1e", "a rez window in Initiation exists only in CR 25.04 and later",
       "개시 단계의 레즈 창은 CR 25.04부터만 있다"),
    _r("", "", "6.9.1f", "the phase ends: ice → approach, no ice → Movement", "단계 완료: 아이스가 있으면 접근, 없으면 이동"),
    _r("2", "2", "6.9.2a", "approach the ice: \"when approached\"", "아이스 접근: \"접근할 때\""),
    _r("2.1", "2.1", "6.9.2b", "NSG merges the two approach windows into one", "NSG는 접근 중 두 창을 하나로 합쳤다"),
    _r("2.2", "2.2", "6.9.4c", "jack out: FFG after approaching the next ice, NSG after passing the previous one "
       "(6.9.4c belongs to the ice just passed)", "잭 아웃: FFG는 다음 아이스에 접근한 뒤, NSG는 앞 아이스를 "
       "통과한 뒤(6.9.4c는 방금 통과한 아이스에 속함)", no_carry=("nsg",)),
    _r("2.3", "2.3", "6.9.2b", "rez the approached ice and non-ice cards", "접근한 아이스와 아이스 아닌 카드 레즈"),
    _r("2.4", "2.4", "6.9.2c", "rezzed → encounter, else pass", "레즈됨 → 대치, 아니면 통과"),
    _r("3", "3", "6.9.3a", "encounter: \"when encountered\"", "대치: \"대치할 때\""),
    _r("3.1", "3.1", "6.9.3b", "break subroutines", "서브루틴 깨기"),
    _r("3.2", "3.2", "6.9.3c 6.9.3d 6.9.3e", "unbroken subroutines resolve", "깨지지 않은 서브루틴 발휘"),
    _r("4", "2.4 3.2", "6.9.4a", "pass the ice (the six-step chart passes on leaving 2.4 or 3.2)",
       "아이스 통과(6단계 도표는 2.4나 3.2를 떠나며 통과)"),
    _r("5.1", "4.1", "6.9.4b", "a paid ability window before the last jack-out decision; in NSG it belongs to "
       "the ice just passed", "마지막 잭 아웃 결정 전 지불 능력 창. NSG에서는 방금 통과한 아이스에 속함",
       no_carry=("nsg",)),
    _r("5.2", "4.2", "6.9.4c", "the last jack-out decision; in NSG it belongs to the ice just passed",
       "마지막 잭 아웃 결정. NSG에서는 방금 통과한 아이스에 속함", no_carry=("nsg",)),
    _r("", "", "6.9.4d", "the Runner moves inward", "러너가 안쪽으로 이동"),
    _r("5.3", "4.3", "6.9.4e", "the last window to rez non-ice before success", "성공 전 아이스 아닌 카드를 "
       "레즈할 마지막 창"),
    _r("", "", "6.9.4f", "a new position → approach it", "새 위치 → 접근"),
    _r("5", "4", "6.9.4g", "approach the server: FFG before the last jack-out and rez windows, NSG after them",
       "서버에 접근: FFG는 마지막 잭 아웃과 레즈 창 전, NSG는 그 뒤"),
    _r("", "", "6.9.4h", "Movement ends", "이동 단계 완료"),
    _r("5.4", "4.4", "6.9.5a", "the run is declared successful", "런이 성공으로 선언됨"),
    _r("5.5", "4.5", "6.9.5b", "access (FFG) / breach (NSG)", "액세스(FFG) / 침입(NSG)"),
    _r("5.6", "4.5", "6.9.5c", "access ends; only FFG returns set-aside cards", "액세스 종료. 옆에 둔 카드를 "
       "되돌리는 것은 FFG뿐"),
    _r("6", "5", "6.9.6a 6.9.6b 6.9.6d", "the run ends", "런 종료"),
    _r("7", "6", "6.9.6a 6.9.6b 6.9.6c 6.9.6d", "the run ends unsuccessfully (NSG labels it at 6.9.6c)",
       "런이 실패로 끝남(NSG는 6.9.6c에서 판정)"),
)


def rows_of(ruleset_id: str, step_id: str) -> list[Row]:
    return [r for r in ROWS if step_id in r.steps.get(ruleset_id, ())]


def row_of(ruleset_id: str, step_id: str) -> int | None:
    """The index of the first row a step belongs to (the order of moments in a run)."""
    for i, r in enumerate(ROWS):
        if step_id in r.steps.get(ruleset_id, ()):
            return i
    return None


def translate(ruleset_id: str, step_id: str) -> dict:
    """What a step of one rule set corresponds to in the others, with the notes that qualify it."""
    rs = rulesets.get(ruleset_id)
    if step_id not in rs.step_ids:
        known = [r for r in rulesets.RULESETS.values() if step_id in r.step_ids]
        hint = f"; it is a step of {', '.join(r.id for r in known)}" if known else ""
        raise ScenarioError(f'"{step_id}" is not a step of {ruleset_id}{hint}')
    rows = rows_of(ruleset_id, step_id)
    out: dict = {"ruleset": ruleset_id, "step": step_id, "name_en": rs.step(step_id).name_en,
                 "name_ko": rs.step(step_id).name_ko, "to": {}, "notes": []}
    for other in rulesets.RULESETS:
        if other == ruleset_id:
            continue
        steps: list[str] = []
        for r in rows:
            steps += [s for s in r.steps.get(other, ()) if s not in steps]
        out["to"][other] = steps
    out["notes"] = [{"en": r.note_en, "ko": r.note_ko} for r in rows if r.note_en]
    return out


def carry(from_rs: str, step_id: str, to_rs: str) -> tuple[str | None, str]:
    """The one step of `to_rs` an action at `step_id` of `from_rs` can be carried to, or None and why."""
    if from_rs == to_rs:
        return step_id, ""
    rows = rows_of(from_rs, step_id)
    targets = sorted({s for r in rows for s in r.steps.get(to_rs, ())})
    if any(to_rs in r.no_carry or from_rs in r.no_carry for r in rows):
        why = "; ".join(r.note_en for r in rows if to_rs in r.no_carry or from_rs in r.no_carry)
        return None, f"{step_id} of {from_rs} has no counterpart in {to_rs} that keeps its meaning ({why})"
    if len(targets) != 1:
        shown = ", ".join(targets) or "nothing"
        return None, f"{step_id} of {from_rs} maps to {shown} in {to_rs}, not to exactly one step"
    return targets[0], ""


def table() -> list[dict]:
    """The whole translation table, one row per moment of a run."""
    return [{**{k: list(v) for k, v in r.steps.items()}, "note_en": r.note_en, "note_ko": r.note_ko,
             "no_carry": list(r.no_carry)} for r in ROWS]
