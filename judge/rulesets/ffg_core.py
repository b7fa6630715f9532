"""`ffg-core`: the original six-step "Timing Structure of a Run" of the FFG Core Rulebook / FAQ."""

from __future__ import annotations

from .ffg_rr import RULESET as RR
from .model import Edge as E
from .model import Interrupt, Kind, Ruleset, Step

__all__ = ["RULESET"]

R, C = "runner", "corp"


def _from_rr(rr_id: str, new_id: str, phase: str, **changes) -> Step:
    """Steps 1 to 3.2 are the same as in the Rules Reference; later ones are renumbered."""
    s = RR.step(rr_id)
    fields = {**s.__dict__, "id": new_id, "rule": f"Core {new_id}", "phase": phase, **changes}
    return Step(**fields)


PASS_EN = " Passing happens on the way out: there is no separate pass step in this chart."
PASS_KO = " 통과는 이 단계를 떠나면서 일어난다. 이 도표에는 통과 단계가 따로 없다."

STEPS = (
    _from_rr("1", "1", "1", explain_en="The Runner names the attacked server and takes 1 credit per "
             "Corp bad publicity for this run. With ice protecting it the run goes to 2, without any "
             "straight to 4 (approach the server).",
             explain_ko="러너가 공격할 서버를 선언하고 기업의 악평 1점마다 이번 런에 쓸 1 크레딧을 "
             "받는다. 아이스가 있으면 2로, 없으면 곧바로 4(서버에 접근)로 간다."),
    _from_rr("2", "2", "2"),
    _from_rr("2.1", "2.1", "2"),
    _from_rr("2.2", "2.2", "2", explain_en="The Runner decides whether to jack out (go to 6) or "
             "continue; not possible at the first ice approached this run.",
             explain_ko="러너가 잭 아웃할지(6으로) 계속할지 정한다. 이번 런의 첫 아이스에서는 할 수 없다."),
    _from_rr("2.3", "2.3", "2"),
    _from_rr("2.4", "2.4", "2", explain_en="Rezzed ice is encountered (3). Unrezzed ice is passed: "
             "the Runner approaches the next ice (2) or, with none left, the server (4)." + PASS_EN,
             explain_ko="레즈된 아이스와는 대치한다(3). 레즈되지 않은 아이스는 통과하고 다음 아이스(2)나, "
             "남은 아이스가 없으면 서버(4)에 접근한다." + PASS_KO),
    _from_rr("3", "3", "3"),
    _from_rr("3.1", "3.1", "3"),
    _from_rr("3.2", "3.2", "3", explain_en="Unbroken subroutines resolve in order. If the run ended, "
             "go to 6; otherwise the ice is passed and the Runner approaches the next ice (2) or the "
             "server (4)." + PASS_EN,
             explain_ko="깨지지 않은 서브루틴이 순서대로 발휘된다. 런이 종료되면 6으로, 아니면 아이스를 "
             "통과하고 다음 아이스(2)나 서버(4)에 접근한다." + PASS_KO),
    Step("4", Kind.STEP, "approach_server", "Approach the attacked server", "서버에 접근",
         "The Runner approaches the server: \"passes all ice\" and \"approaches the server\" "
         "abilities trigger here.",
         "러너가 서버에 접근한다. \"모든 아이스를 통과할 때\"와 \"서버에 접근할 때\" 능력이 여기서 격발된다.",
         "Core 4", "4", triggers=("all_ice_passed", "approach_server"), acts=(R, C)),
    _from_rr("5.1", "4.1", "4"),
    _from_rr("5.2", "4.2", "4", explain_en="The Runner decides whether to jack out (go to 6) or continue.",
             explain_ko="러너가 잭 아웃할지(6으로) 계속할지 정한다."),
    _from_rr("5.3", "4.3", "4"),
    _from_rr("5.4", "4.4", "4"),
    Step("4.5", Kind.STEP, "access_and_return", "Access cards", "액세스",
         "The Runner accesses cards: each is accessed, may be trashed by paying its cost, stolen if "
         "it is an agenda, otherwise set aside; set-aside cards go back afterwards. Then 5.",
         "러너가 카드를 액세스한다. 카드마다 액세스하고, 비용을 내고 폐기하거나, 아젠다면 훔치고, "
         "아니면 옆에 두었다가 끝나면 되돌린다. 그다음 5로 간다.",
         "Core 4.5", "4", triggers=("accessed",), acts=(R, C)),
    _from_rr("6", "5", "5", rule="Core 5"),
    _from_rr("7", "6", "6", rule="Core 6"),
)

_P = "pass_ice"
EDGES = (
    E("1", "2", "ice_protects_server"),
    E("1", "4", "no_ice", skip="no_ice"),
    E("2", "2.1", "always"),
    E("2.1", "2.2", "not_first_approach"),
    E("2.1", "2.3", "first_approach", skip="first_approach"),
    E("2.2", "6", "jacked_out"),
    E("2.2", "2.3", "continues"),
    E("2.3", "2.4", "always"),
    E("2.4", "3", "ice_rezzed"),
    E("2.4", "2", "ice_unrezzed&more_ice_inward", skip="unrezzed", skip_steps=("3", "3.1", "3.2"), then=_P),
    E("2.4", "4", "ice_unrezzed&no_more_ice", skip="unrezzed", then=_P),
    E("3", "3.1", "always"),
    E("3.1", "3.2", "always"),
    E("3.2", "6", "run_ended"),
    E("3.2", "2", "more_ice_inward", then=_P),
    E("3.2", "4", "no_more_ice", then=_P),
    E("4", "4.1", "always"),
    E("4.1", "4.2", "always"),
    E("4.2", "6", "jacked_out"),
    E("4.2", "4.3", "continues"),
    E("4.3", "4.4", "always"),
    E("4.4", "4.5", "always"),
    E("4.5", "5", "always"),
)

_BEFORE = ("1", "2", "2.1", "2.3", "3", "3.1", "3.2", "4", "4.1", "4.3")
_AFTER = ("4.4", "4.5")
_ENCOUNTER = ("3", "3.1")
_APPROACH = ("2", "2.1", "2.3")

INTERRUPTS = (
    Interrupt("server_gone", "5", _BEFORE + _AFTER),
    Interrupt("jacked_out", "6", tuple(s for s in _BEFORE if s not in ("1", "3.2"))),
    Interrupt("run_ended", "6", _BEFORE),
    Interrupt("run_ended", "5", _AFTER),
    # Ice that leaves, or is bypassed, is passed at once; with no separate pass step the run goes
    # straight to the next approach or to the server.
    Interrupt("ice_left&more_ice_inward", "2", _APPROACH + _ENCOUNTER, skip="ice_left",
              skip_steps=("2.4", "3", "3.1", "3.2"), then=_P),
    Interrupt("ice_left&no_more_ice", "4", _APPROACH + _ENCOUNTER, skip="ice_left", then=_P),
    Interrupt("bypassed&more_ice_inward", "2", _ENCOUNTER, skip="bypassed", skip_steps=("3.1", "3.2"), then=_P),
    Interrupt("bypassed&no_more_ice", "4", _ENCOUNTER, skip="bypassed", then=_P),
    Interrupt("runner_moved&ice_protects_server", "2", _BEFORE[1:]),
    Interrupt("runner_moved&no_ice", "4", _BEFORE[1:]),
)

RULESET = Ruleset(
    id="ffg-core",
    version="FFG Core Rulebook and FAQ (2012-2016), six-step chart",
    title_en="Timing structure of a run (FFG Core Rulebook, 6 steps)",
    title_ko="런의 타이밍 구조 (FFG 기본 규칙서, 6단계)",
    source_en="FFG Core Rulebook / FAQ timing chart",
    source_ko="FFG 기본 규칙서 / FAQ 타이밍 도표",
    steps=STEPS, edges=EDGES, interrupts=INTERRUPTS, start="1",
    ends={"done": "5", "unsuccessful": "6"},
    encounter_entry="3", encounter_exit="4", approach_step="2",
    phases=(
        ("1", "1 Run initiation", "1 런 개시"),
        ("2", "2 Approach ice", "2 아이스에 접근"),
        ("3", "3 Encounter ice", "3 아이스와 대치"),
        ("4", "4 Approach the attacked server", "4 서버에 접근"),
        ("5", "5 Run ends", "5 런 종료"),
        ("6", "6 Run ends unsuccessfully", "6 실패한 런 종료"),
    ),
)
