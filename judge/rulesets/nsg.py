"""`nsg`: the Null Signal Games Comprehensive Rules run structure (section 6.9, v26.03)."""

from __future__ import annotations

from .model import Edge as E
from .model import Interrupt, Kind, Ruleset, Step

__all__ = ["RULESET"]

R, C = "runner", "corp"
P, D, K, S, END = Kind.PAW, Kind.DECISION, Kind.CHECK, Kind.STEP, Kind.END


def _s(sid, kind, does, en, ko, ex_en, ex_ko, **kw) -> Step:
    return Step(sid, kind, does, en, ko, ex_en, ex_ko, rule=f"CR {sid}", phase=sid[:5], **kw)


STEPS = (
    _s("6.9.1a", S, "announce", "Announce the attacked server", "공격할 서버 선언",
       "The Runner announces the server to attack; any cost to run is paid now.",
       "러너가 공격할 서버를 선언한다. 런에 드는 비용은 이때 지불한다.", acts=(R, C)),
    _s("6.9.1b", S, "bp_fund", "Bad publicity fund", "악평 크레딧",
       "One credit per Corp bad publicity goes into the Runner's bad publicity fund for this run.",
       "기업의 악평 1점마다 1 크레딧이 이번 런 동안 쓸 러너의 악평 기금에 들어간다."),
    _s("6.9.1c", S, "run_begins", "The run begins", "런 시작",
       "The run formally begins: \"when a run begins\" conditions are met.",
       "런이 정식으로 시작된다. \"런을 시작할 때\" 조건이 충족된다.",
       triggers=("run_begins",), acts=(R, C)),
    _s("6.9.1d", S, "set_position", "Set the Runner's position", "러너 위치 설정",
       "The Runner's position becomes the outermost ice of the attacked server, if it has any.",
       "공격받는 서버에 아이스가 있으면 러너의 위치는 가장 바깥쪽 아이스가 된다."),
    _s("6.9.1e", P, "paid_window", "Paid ability window (rez non-ice)", "지불 능력 창 (아이스 아닌 카드 레즈)",
       "A paid ability window in which the Corp may rez non-ice cards (new in CR 25.04).",
       "지불 능력 창. 기업은 아이스가 아닌 카드를 레즈할 수 있다(CR 25.04에서 추가).",
       acts=(R, C), rez_non_ice=True),
    _s("6.9.1f", K, "nothing", "Initiation complete", "개시 단계 완료",
       "With a position the Runner approaches that ice (6.9.2); with none, Movement (6.9.4).",
       "위치가 있으면 그 아이스에 접근하고(6.9.2), 없으면 이동 단계(6.9.4)로 간다."),
    _s("6.9.2a", S, "approach_position", "Approach the ice", "아이스 접근 시작",
       "The Runner approaches the ice at their position: \"when approached\" conditions are met.",
       "러너가 자신의 위치에 있는 아이스에 접근한다. \"접근할 때\" 조건이 충족된다.",
       per_ice=True, triggers=("approached",), acts=(R, C)),
    _s("6.9.2b", P, "paid_window", "Paid ability window (rez the approached ice)", "지불 능력 창 (접근한 아이스 레즈)",
       "A paid ability window; the Corp may rez the approached ice and non-ice cards. The only "
       "normal time ice can be rezzed.",
       "지불 능력 창. 기업은 접근한 아이스와 아이스가 아닌 카드를 레즈할 수 있다. 아이스를 "
       "레즈할 수 있는 유일한 통상 시점이다.",
       per_ice=True, acts=(R, C), rez_ice=True, rez_non_ice=True),
    _s("6.9.2c", K, "check_rezzed", "Approach complete", "접근 단계 완료",
       "Rezzed ice is encountered (6.9.3); otherwise the Runner moves on (6.9.4).",
       "레즈된 아이스면 대치하고(6.9.3), 아니면 이동 단계(6.9.4)로 간다.", per_ice=True),
    _s("6.9.3a", S, "encounter_ice", "Encounter begins", "대치 시작",
       "The encounter begins: \"when encountered\" conditions are met; if the encounter ends "
       "while they are pending, the rest are dropped.",
       "대치가 시작된다. \"대치할 때\" 조건이 충족되며, 처리 중 대치가 끝나면 남은 능력은 "
       "사라진다.", per_ice=True, triggers=("encountered",), acts=(R, C)),
    _s("6.9.3b", P, "paid_window", "Paid ability window (break subroutines)", "지불 능력 창 (서브루틴 깨기)",
       "A paid ability window in which subroutines may be broken. Nothing can be rezzed.",
       "지불 능력 창. 서브루틴을 깰 수 있다. 아무것도 레즈할 수 없다.",
       per_ice=True, acts=(R, C), break_subs=True),
    _s("6.9.3c", K, "nothing", "Subroutines left?", "남은 서브루틴 확인",
       "While an unbroken subroutine has not resolved this encounter, the next one resolves (6.9.3d).",
       "이번 대치에서 아직 발휘되지 않은 깨지지 않은 서브루틴이 있으면 다음 서브루틴을 "
       "발휘한다(6.9.3d).", per_ice=True),
    _s("6.9.3d", S, "resolve_next_subroutine", "Resolve a subroutine", "서브루틴 발휘",
       "The Corp resolves the next unbroken subroutine; no priority window in between.",
       "기업이 다음 깨지지 않은 서브루틴을 발휘한다. 사이에 우선권 창은 없다.", per_ice=True),
    _s("6.9.3e", K, "nothing", "Encounter complete", "대치 단계 완료",
       "The encounter ends; on to Movement (6.9.4).", "대치가 끝나고 이동 단계(6.9.4)로 간다.", per_ice=True),
    _s("6.9.4a", S, "pass_ice", "Pass the ice", "아이스 통과",
       "If the Runner's position has ice, they pass it (\"when passed\"); with no position further "
       "inward, \"passes all ice\" conditions are met too.",
       "러너의 위치에 아이스가 있으면 통과한다(\"통과할 때\"). 더 안쪽 위치가 없으면 \"모든 "
       "아이스를 통과할 때\" 조건도 충족된다.", per_ice=True, triggers=("passed", "all_ice_passed"),
       acts=(R, C)),
    _s("6.9.4b", P, "paid_window", "Paid ability window", "지불 능력 창",
       "A paid ability window; nothing can be rezzed.", "지불 능력 창. 아무것도 레즈할 수 없다.",
       per_ice=True, acts=(R, C)),
    _s("6.9.4c", D, "jack_out_decision", "Jack out?", "잭 아웃 여부 결정",
       "The Runner may jack out (6.9.6) or go on.", "러너는 잭 아웃하거나(6.9.6) 계속할 수 있다.",
       per_ice=True, acts=(R,), jack_out=True),
    _s("6.9.4d", S, "move_inward", "Move inward", "안쪽으로 이동",
       "The Runner moves to the next position inward; after the innermost they have no position.",
       "러너가 다음 안쪽 위치로 이동한다. 가장 안쪽을 지나면 위치가 없다.", per_ice=True),
    _s("6.9.4e", P, "paid_window", "Paid ability window (rez non-ice)", "지불 능력 창 (아이스 아닌 카드 레즈)",
       "A paid ability window in which non-ice cards may be rezzed: the last chance before the "
       "next approach or the server.",
       "지불 능력 창. 아이스가 아닌 카드를 레즈할 수 있으며, 다음 접근이나 서버 접근 전 마지막 "
       "기회다.", per_ice=True, ice_optional=True, acts=(R, C), rez_non_ice=True),
    _s("6.9.4f", K, "nothing", "New position?", "다음 위치 확인",
       "With a new position the Runner approaches its ice (6.9.2); otherwise on to the server.",
       "새 위치가 있으면 그 아이스에 접근하고(6.9.2), 아니면 서버로 간다.", per_ice=True, ice_optional=True),
    _s("6.9.4g", S, "approach_server", "Approach the attacked server", "서버에 접근",
       "The Runner approaches the attacked server: \"approach the server\" conditions are met, "
       "after the last jack-out decision and rez window.",
       "러너가 공격받는 서버에 접근한다. 마지막 잭 아웃 결정과 레즈 기회 뒤에 \"서버에 접근할 "
       "때\" 조건이 충족된다.", triggers=("approach_server",), acts=(R, C)),
    _s("6.9.4h", K, "nothing", "Movement complete", "이동 단계 완료",
       "On to the Success Phase (6.9.5).", "성공 단계(6.9.5)로 간다."),
    _s("6.9.5a", S, "declare_success", "The run is declared successful", "성공한 런 선언",
       "The run becomes successful; every successful-run ability becomes pending in one reaction "
       "window: the Runner's in the order they choose, then the Corp's.",
       "런이 성공한다. 성공 시 능력이 모두 하나의 반응 창에서 대기하며, 러너가 고른 순서로 러너의 "
       "능력, 이어서 기업의 능력이 해결된다.", triggers=("if_successful", "successful"),
       one_window=True, acts=(R, C)),
    _s("6.9.5b", S, "access", "Breach the server", "서버 침입",
       "The Runner breaches the attacked server and accesses cards one at a time; cards neither "
       "trashed nor stolen stay where they are.",
       "러너가 공격받는 서버에 침입해 카드를 한 장씩 액세스한다. 폐기하거나 훔치지 않은 카드는 "
       "제자리에 남는다.", triggers=("accessed",), acts=(R, C)),
    _s("6.9.5c", K, "nothing", "Success complete", "성공 단계 완료",
       "On to the Run Ends Phase.", "런 종료 단계로 간다."),
    _s("6.9.6a", S, "nothing", "Open windows", "열린 창 처리",
       "Windows open when the run was sent here are completed or closed (an open paid ability "
       "window just closes).", "런이 여기로 올 때 열려 있던 창을 마치거나 닫는다(열린 지불 능력 "
       "창은 그냥 닫힌다)."),
    _s("6.9.6b", S, "return_bp", "Bad publicity fund returned", "악평 크레딧 반환",
       "Credits left in the bad publicity fund go back to the bank.",
       "악평 기금에 남은 크레딧은 은행으로 돌아간다."),
    _s("6.9.6c", S, "label_run", "Unsuccessful?", "실패 여부 결정",
       "If the Success Phase was not reached and the attacked server still exists, the run is "
       "unsuccessful.", "성공 단계에 이르지 못했고 공격받는 서버가 남아 있으면 런은 실패한다."),
    _s("6.9.6d", END, "run_complete", "The run is complete", "런 완료",
       "The run is over; \"when the run ends\" and \"when unsuccessful\" abilities resolve outside "
       "the run.", "런이 끝난다. \"런이 종료될 때\"와 \"실패했을 때\" 능력은 런 밖에서 해결된다.",
       triggers=("unsuccessful", "run_ends"), one_window=True, acts=(R, C)),
)



EDGES = (
    E("6.9.1a", "6.9.1b", "always"),
    E("6.9.1b", "6.9.1c", "always"),
    E("6.9.1c", "6.9.1d", "always"),
    E("6.9.1d", "6.9.1e", "always"),
    E("6.9.1e", "6.9.1f", "always"),
    E("6.9.1f", "6.9.2a", "has_position"),
    E("6.9.1f", "6.9.4a", "no_position", skip="no_ice"),
    E("6.9.2a", "6.9.2b", "always"),
    E("6.9.2b", "6.9.2c", "always"),
    E("6.9.2c", "6.9.3a", "ice_rezzed"),
    E("6.9.2c", "6.9.4a", "ice_unrezzed", skip="unrezzed"),
    E("6.9.3a", "6.9.3b", "always"),
    E("6.9.3b", "6.9.3c", "always"),
    E("6.9.3c", "6.9.3d", "unresolved_subroutine"),
    E("6.9.3c", "6.9.3e", "always"),
    E("6.9.3d", "6.9.3c", "always"),
    E("6.9.3e", "6.9.4a", "always"),
    E("6.9.4a", "6.9.2a", "approach_again"),
    E("6.9.4a", "6.9.4b", "always"),
    E("6.9.4b", "6.9.4c", "always"),
    E("6.9.4c", "6.9.6a", "jacked_out"),
    E("6.9.4c", "6.9.4d", "continues"),
    E("6.9.4d", "6.9.4e", "always"),
    E("6.9.4e", "6.9.4f", "always"),
    E("6.9.4f", "6.9.2a", "has_position"),
    E("6.9.4f", "6.9.4g", "no_position"),
    E("6.9.4g", "6.9.4h", "always"),
    E("6.9.4h", "6.9.5a", "always"),
    E("6.9.5a", "6.9.5b", "always"),
    E("6.9.5b", "6.9.5c", "always"),
    E("6.9.5c", "6.9.6a", "always"),
    E("6.9.6a", "6.9.6b", "always"),
    E("6.9.6b", "6.9.6c", "always"),
    E("6.9.6c", "6.9.6d", "always"),
)

_ACTIVE = ("6.9.1a", "6.9.1c", "6.9.1e", "6.9.2a", "6.9.2b", "6.9.3a", "6.9.3b", "6.9.3d",
           "6.9.4a", "6.9.4b", "6.9.4e", "6.9.4g", "6.9.5a", "6.9.5b")

_MOVABLE = ("6.9.2a", "6.9.2b", "6.9.3a", "6.9.3b", "6.9.3d", "6.9.4a", "6.9.4b", "6.9.4e", "6.9.4g")

INTERRUPTS = (
    Interrupt("server_gone", "6.9.6a", _ACTIVE),
    Interrupt("jacked_out", "6.9.6a", tuple(s for s in _ACTIVE if s not in ("6.9.1a", "6.9.1c", "6.9.3d",
                                                                             "6.9.5a", "6.9.5b"))),
    # 6.1.4: ending the run stops the phase at once and goes to Run Ends, before or after success.
    Interrupt("run_ended", "6.9.6a", _ACTIVE),
    # 6.2.7a/c, 8.5.10: the approach or encounter ends and the Runner moves on; an open paid
    # ability window is completed first (the FFG chart closes it instead).
    Interrupt("ice_left", "6.9.4a", ("6.9.2a", "6.9.2b", "6.9.3a", "6.9.3b", "6.9.3d"), skip="ice_left",
              completes_window=True),
    # 6.5.8: a bypass aborts the Encounter Ice Phase; the Runner goes straight to passing.
    Interrupt("bypassed", "6.9.4a", ("6.9.3a", "6.9.3b"), skip="bypassed"),
    # 6.2.8: moved to the outermost position of a server: approach its ice, or Movement without.
    Interrupt("runner_moved&has_position", "6.9.2a", _MOVABLE),
    Interrupt("runner_moved&no_position", "6.9.4a", _MOVABLE),
)

RULESET = Ruleset(
    id="nsg",
    version="Null Signal Games Comprehensive Rules v26.03",
    date="2026-03-02",
    title_en="Timing structure of a run (NSG Comprehensive Rules 6.9, v26.03)",
    title_ko="런의 타이밍 구조 (NSG 종합 규칙 6.9, v26.03)",
    source_en="Null Signal Games Comprehensive Rules, section 6.9 (2 March 2026)",
    source_ko="널 시그널 게임즈 종합 규칙 6.9절 (2026년 3월 2일)",
    steps=STEPS, edges=EDGES, interrupts=INTERRUPTS, start="6.9.1a",
    ends={"done": "6.9.6d"},
    encounter_entry="6.9.3a", encounter_exit="6.9.4a", approach_step="6.9.2a",
    set_aside=False, left_ice_is_passed=False,
    mandatory_replacement_wins=False,  # 9.9.11a: the Runner chooses which replacement applies
    phases=(
        ("6.9.1", "6.9.1 Initiation Phase", "6.9.1 개시 단계"),
        ("6.9.2", "6.9.2 Approach Ice Phase", "6.9.2 아이스 접근 단계"),
        ("6.9.3", "6.9.3 Encounter Ice Phase", "6.9.3 아이스 대치 단계"),
        ("6.9.4", "6.9.4 Movement Phase", "6.9.4 이동 단계"),
        ("6.9.5", "6.9.5 Success Phase", "6.9.5 성공 단계"),
        ("6.9.6", "6.9.6 Run Ends Phase", "6.9.6 런 종료 단계"),
    ),
)
