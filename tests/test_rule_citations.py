"""Every rule number the project cites exists in the rules it names, and the NSG rule set's steps
cite the rule each of them is.

The project cites the NSG Comprehensive Rules as "CR 6.9.5b", "NSG Comprehensive Rules 7.3.4",
"NSG 6.9.5a" or "NSG rules 9.9.11a", alone or in lists ("CR 4.6.8e, 8.5.8 and 6.8.4b",
"6.9.3c–d"). `../shared/data/rules/nsg-cr-26.03.json` lists every number of CR 26.03 with the
identifier of its rule (`6.5.7a` -> `rule_fully_break`); it is found above the repository, as the
card texts are (tests/reference_text.py), or named by $JUDGE_CR_NUMBERS. "CR 25.04" and "CR 26.03"
are versions of the rules, and "NISEI CR 1.4" an old version of them, not rule numbers.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from judge import rulesets

ROOT = Path(__file__).resolve().parent.parent
ENV = "JUDGE_CR_NUMBERS"
_RELATIVE = Path("shared") / "data" / "rules" / "nsg-cr-26.03.json"
VERSIONS = {"25.04", "26.03"}
# What the project says when it cites (library, card models, rule sets, catalogues, pages, docs).
CITED_IN = ("judge", "examples", "templates", "docs", "README.md", "SECURITY.md")
TEXT_SUFFIXES = {".py", ".yaml", ".md", ".html", ".txt", ".j2"}

_NUM = r"\d{1,2}(?:\.\d{1,2}){1,2}[a-z]?"
_LIST = rf"{_NUM}(?:\s*(?:,|and|or|to|/|–|—)\s*{_NUM}|[–/][a-z]\b)*"
_CITE = re.compile(rf"(?<!NISEI )\b(?:CR|Comprehensive Rules|NSG rules|NSG)\s+({_LIST})")


def cited_numbers(text: str) -> list[str]:
    """The rule numbers a text cites, in order ("6.9.3c–d" is 6.9.3c and 6.9.3d); versions left out."""
    out: list[str] = []
    for m in _CITE.finditer(text):
        prev = ""
        for item in re.split(r"\s*(?:,|and|or|to|—)\s*|\s*(?=[–/])", m.group(1)):
            item = item.strip().lstrip("–/").strip()
            if not item:
                continue
            if re.fullmatch(r"[a-z]", item) and prev:  # 6.9.3c–d: the same rule, letter d
                item = re.sub(r"[a-z]$", "", prev) + item
            prev = item
            if item not in VERSIONS:
                out.append(item)
    return out


def numbers_path() -> Path | None:
    env = os.environ.get(ENV)
    if env:
        return Path(env) if Path(env).is_file() else None
    return next((a / _RELATIVE for a in (ROOT, *ROOT.parents) if (a / _RELATIVE).is_file()), None)


@pytest.fixture(scope="module")
def numbers() -> dict[str, dict]:
    path = numbers_path()
    if path is None:
        pytest.skip(f"no {_RELATIVE} above {ROOT} and ${ENV} is not set (the rule numbers are not on this machine)")
    return json.loads(path.read_text(encoding="utf-8"))["numbers"]


def project_texts() -> list[tuple[str, str]]:
    """(path, text) of every tracked text file where the project cites rules."""
    names = subprocess.run(["git", "ls-files", *CITED_IN], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    return [(n, (ROOT / n).read_text(encoding="utf-8")) for n in names
            if Path(n).suffix in TEXT_SUFFIXES and (ROOT / n).is_file()]


def test_every_rule_number_the_project_cites_exists_in_cr_26_03(numbers):
    cited = [(name, n) for name, text in project_texts() for n in cited_numbers(text)]

    missing = sorted({f"{name}: CR {n}" for name, n in cited if n not in numbers})

    assert len(cited) > 500, "the scan finds the project's citations"
    assert not missing, f"{len(missing)} cited rule number(s) not in CR 26.03:\n" + "\n".join(missing)


# What each step of the nsg rule set is, by what the judge does there, and the identifier of the rule
# that step must cite. Steps that only check the board ("nothing") are named one by one.
MEANS = {
    "announce": "step_initiation_announce",
    "bp_fund": "step_initiation_bad_publicity",
    "run_begins": "step_initiation_formal_begin",
    "set_position": "step_runner_position",
    "approach_position": "step_approach_begins",
    "check_rezzed": "step_approach_complete",
    "encounter_ice": "step_encounter_begins",
    "encounter_complete": "step_encounter_complete",
    "pass_ice": "step_pass_ice",
    "jack_out_decision": "step_jack_out_choice",
    "move_inward": "step_move_position",
    "approach_server": "step_approach_server",
    "declare_success": "step_run_declared_successful",
    "access": "step_breach",
    "return_bp": "step_run_ends_bad_publicity",
    "label_run": "step_run_declared_unsuccessful",
    "run_complete": "step_run_complete",
}
PAID_WINDOWS = {"6.9.1": "step_initiation_paw", "6.9.2": "step_approach_paw", "6.9.3": "step_encounter_paw",
                "6.9.4b": "step_before_jack_out_paw", "6.9.4e": "step_after_jack_out_paw"}
CHECKS = {"6.9.1f": "step_initiation_complete", "6.9.3c": "step_resolve_subroutine",
          "6.9.4f": "step_approach_new_ice", "6.9.4h": "step_movement_complete",
          "6.9.5c": "step_success_complete", "6.9.6a": "step_open_priority_windows_closed"}
# One known difference, kept because moving it changes every trace of the NSG subroutine loop (and
# the charts): CR 6.9.3c resolves the next unbroken subroutine and 6.9.3d returns to (c); the judge
# asks at 6.9.3c whether one is left and resolves it at 6.9.3d, on the same path of steps.
SPLIT = {"6.9.3d": ("resolve_next_subroutine", "step_resolve_subroutine_loop")}


def _meant(step) -> str:
    if step.id in SPLIT:
        does, cited = SPLIT[step.id]
        assert step.does == does, f"{step.id} no longer does {does}: drop it from SPLIT"
        return cited
    if step.does == "paid_window":
        return PAID_WINDOWS.get(step.id) or PAID_WINDOWS[step.phase]
    if step.does == "nothing":
        return CHECKS[step.id]
    return MEANS[step.does]


def test_each_nsg_step_cites_the_rule_it_is(numbers):
    rs = rulesets.get("nsg")
    wrong = []
    for step in rs.steps:
        number = step.rule.removeprefix("CR ")
        found = numbers.get(number, {}).get("id")
        if found != _meant(step):
            wrong.append(f"{step.id} ({step.does}) cites {step.rule}: {found}, not {_meant(step)}")

    assert len(rs.steps) == 29
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(("text", "found"), [
    ("NSG Comprehensive Rules 4.6.8e, 8.5.8 and 6.8.4b", ["4.6.8e", "8.5.8", "6.8.4b"]),
    ("the 6.9.3c/6.9.3d loop (CR 6.9.3c–d, 9.8.7a)", ["6.9.3c", "6.9.3d", "9.8.7a"]),
    ("NSG CR 7.1 and 7.4, a choice made during the access", ["7.1", "7.4"]),
    ("6.9.1e (the Initiation Phase window, CR 25.04 and later)", []),
    ("NISEI CR 1.4 said it was; CR 9.12.2d may apply", ["9.12.2d"]),
    ("under NSG 6.9.5a and NSG rules 9.9.11a", ["6.9.5a", "9.9.11a"]),
    ("7.3 to 7.5 (the breach)", []),
    ("NSG Comprehensive Rules 7.3 to 7.5 (the breach)", ["7.3", "7.5"]),
])
def test_citations_are_read_in_lists_ranges_and_letters_without_versions(text, found):
    assert cited_numbers(text) == found


def test_a_number_the_rules_do_not_have_is_found(numbers):
    assert [n for n in cited_numbers("CR 6.9.7 and CR 6.5.7a") if n not in numbers] == ["6.9.7"]
