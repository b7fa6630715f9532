"""`ffg-rr`: the FFG Rules Reference run structure in seven steps (the seed's numbering)."""

from __future__ import annotations

from .model import Edge, Interrupt, Kind, Ruleset, Step

__all__ = ["RULESET"]

R, C = "runner", "corp"

STEPS = (
    Step("1", Kind.STEP, "initiate", "Run initiation", "런 개시",
         "The Runner names the attacked server and takes 1 credit for each bad publicity the "
         "Corp has, to spend during this run only. Abilities that fire when a run begins trigger. "
         "If ice protects the server the run goes to 2, otherwise straight to 4.",
         "러너가 공격할 서버를 선언하고, 기업의 악평 1점마다 이번 런에만 쓸 수 있는 1 크레딧을 "
         "받는다. \"런을 시작할 때\" 능력이 격발된다. 서버를 보호하는 아이스가 있으면 2로, 없으면 "
         "곧바로 4로 간다.",
         "1", "1", triggers=("run_begins",), acts=(R, C)),
    Step("2", Kind.STEP, "approach_ice", "Approach ice", "아이스에 접근",
         "The Runner approaches the outermost piece of ice protecting the server that has not "
         "been approached yet in this run. \"When approached\" abilities trigger.",
         "러너가 이번 런에서 아직 접근하지 않은 가장 바깥쪽 아이스에 접근한다. \"접근할 때\" "
         "능력이 격발된다.",
         "2", "2", per_ice=True, triggers=("approached",), acts=(R, C)),
    Step("2.1", Kind.PAW, "paid_window", "Paid ability window", "지불 능력 격발",
         "A paid ability window: the Runner gets priority first, then the Corp. Nothing can be "
         "rezzed here.",
         "지불 능력 창: 러너가 먼저 우선권을 받고 이어서 기업이 받는다. 여기서는 아무것도 레즈할 "
         "수 없다.",
         "2.1", "2", per_ice=True, acts=(R, C)),
    Step("2.2", Kind.DECISION, "jack_out_decision", "Continue or jack out", "런 지속 여부 결정",
         "The Runner decides whether to jack out (go to 7) or continue (go to 2.3). On the first "
         "approach of the run this step does not happen.",
         "러너가 잭 아웃할지(7로) 런을 계속할지(2.3으로) 정한다. 이번 런의 첫 번째 접근에서는 이 "
         "단계를 건너뛴다.",
         "2.2", "2", per_ice=True, acts=(R,), jack_out=True),
    Step("2.3", Kind.PAW, "paid_window", "Rez the approached ice", "아이스 레즈 여부 결정",
         "A paid ability window in which the Corp may rez the approached ice and any non-ice "
         "card. The Runner has priority first.",
         "지불 능력 창. 기업은 접근된 아이스와 아이스가 아닌 카드를 레즈할 수 있다. 우선권은 "
         "러너가 먼저 받는다.",
         "2.3", "2", per_ice=True, acts=(R, C), rez_ice=True, rez_non_ice=True),
    Step("2.4", Kind.CHECK, "check_rezzed", "Rezzed or not", "레즈 여부에 따른 결과",
         "If the approached ice is rezzed the Runner encounters it (3). If not, the approach "
         "ends and the Runner passes it (4).",
         "접근된 아이스가 레즈되어 있으면 러너는 그 아이스와 대치한다(3). 레즈되지 않았으면 접근이 "
         "끝나고 그 아이스를 통과한다(4).",
         "2.4", "2", per_ice=True),
    Step("3", Kind.STEP, "encounter_ice", "Encounter ice", "아이스와 대치",
         "The Runner encounters the ice. \"When encountered\" abilities trigger and resolve "
         "before anything can be broken; the Runner resolves theirs first.",
         "러너가 아이스와 대치한다. \"대치할 때\" 능력이 격발되어 서브루틴을 깨기 전에 "
         "해결되며, 러너의 능력이 먼저 해결된다.",
         "3", "3", per_ice=True, triggers=("encountered",), acts=(R, C)),
    Step("3.1", Kind.PAW, "paid_window", "Interact with the ice", "아이스와 상호작용",
         "A paid ability window in which icebreakers may break subroutines: the only point of "
         "the run where that can happen. Nothing can be rezzed.",
         "지불 능력 창. 아이스 브레이커로 서브루틴을 깰 수 있으며, 런 중 서브루틴을 깰 수 있는 "
         "유일한 지점이다. 아무것도 레즈할 수 없다.",
         "3.1", "3", per_ice=True, acts=(R, C), break_subs=True),
    Step("3.2", Kind.STEP, "resolve_subroutines", "Resolve subroutines", "서브루틴 발휘",
         "Every unbroken subroutine resolves in order. One that ends the run sends it to 7 and "
         "the rest do not resolve; otherwise the encounter ends (4).",
         "깨지지 않은 서브루틴이 순서대로 모두 발휘된다. 런을 종료시키면 7로 가고 나머지는 "
         "발휘되지 않는다. 그렇지 않으면 대치가 끝난다(4).",
         "3.2", "3", per_ice=True, acts=(R, C)),
    Step("4", Kind.STEP, "pass_ice", "Pass ice", "통과",
         "The Runner passes the ice (\"when passed\"). If no ice lies further inward, \"passes "
         "all ice\" abilities trigger too. More ice inward: back to 2; none: on to 5. With no "
         "ice at all the pass is vacuous: only \"passes all ice\" abilities trigger.",
         "러너가 아이스를 통과한다(\"통과할 때\"). 더 안쪽에 아이스가 없으면 \"모든 아이스를 "
         "통과할 때\" 능력도 격발된다. 안쪽에 아이스가 더 있으면 2로, 없으면 5로 간다. 아이스가 "
         "하나도 없으면 통과할 것이 없으며 \"모든 아이스를 통과할 때\" 능력만 격발된다.",
         "4", "4", per_ice=True, triggers=("passed", "all_ice_passed"), acts=(R, C)),
    Step("5", Kind.STEP, "approach_server", "Approach the server", "서버에 접근",
         "The Runner approaches the attacked server; \"approaches the server\" abilities trigger.",
         "러너가 공격받는 서버에 접근한다. \"서버에 접근할 때\" 능력이 격발된다.",
         "5", "5", triggers=("approach_server",), acts=(R, C)),
    Step("5.1", Kind.PAW, "paid_window", "Paid ability window", "지불 능력 격발",
         "A paid ability window: Runner first, then Corp. Nothing can be rezzed here.",
         "지불 능력 창: 러너가 먼저, 이어서 기업. 여기서는 아무것도 레즈할 수 없다.",
         "5.1", "5", acts=(R, C)),
    Step("5.2", Kind.DECISION, "jack_out_decision", "Continue or jack out", "런 지속 여부 결정",
         "The Runner decides whether to jack out (go to 7) or continue (go to 5.3).",
         "러너가 잭 아웃할지(7로) 런을 계속할지(5.3으로) 정한다.",
         "5.2", "5", acts=(R,), jack_out=True),
    Step("5.3", Kind.PAW, "paid_window", "Paid abilities, rez non-ice", "지불 능력 격발, 아이스 아닌 카드 레즈",
         "A paid ability window in which non-ice cards may be rezzed: the last chance before "
         "the run is declared successful.",
         "지불 능력 창. 아이스가 아닌 카드를 레즈할 수 있으며, 런이 성공하기 전 마지막 기회다.",
         "5.3", "5", acts=(R, C), rez_non_ice=True),
    Step("5.4", Kind.STEP, "declare_success", "Successful run", "성공한 런",
         "The run is declared successful. The \"if successful\" effects of the card that made "
         "the run resolve first (one that names a server only if the run is still on it), then "
         "\"when successful\" abilities trigger.",
         "런이 성공한다. 런을 만든 카드의 \"성공하면\" 효과가 먼저 해결되고(서버를 지정한 효과는 "
         "공격받는 서버가 그 서버일 때만), 이어서 \"성공할 때\" 능력이 격발된다.",
         "5.4", "5", triggers=("if_successful", "successful"), acts=(R, C)),
    Step("5.5", Kind.STEP, "access", "Access", "액세스",
         "The number of cards to access is fixed, then each card in turn is accessed (\"when "
         "accessed\"); the Runner may pay its trash cost to trash it, an agenda is stolen, and "
         "any other card is set aside.",
         "액세스할 카드 수를 정하고, 카드를 하나씩 액세스한다(\"액세스할 때\"). 러너는 폐기 비용을 "
         "내고 폐기할 수 있고, 아젠다는 훔치며, 그 밖의 카드는 옆에 둔다.",
         "5.5", "5", triggers=("accessed",), acts=(R, C)),
    Step("5.6", Kind.STEP, "end_access", "Access ends", "액세스 종료",
         "Cards set aside during access go back where they were.",
         "액세스 중 옆에 둔 카드를 원래 자리로 되돌린다.",
         "5.6", "5"),
    Step("6", Kind.END, "run_ends", "Run ends", "런 종료",
         "The Runner loses unspent bad publicity credits and the run ends; \"when the run ends\" "
         "abilities trigger.",
         "러너는 쓰지 않은 악평 크레딧을 잃고 런이 끝난다. \"런이 종료될 때\" 능력이 격발된다.",
         "6", "6", triggers=("run_ends",), acts=(R, C)),
    Step("7", Kind.END, "run_ends_unsuccessfully", "Run ends unsuccessfully", "실패한 런 종료",
         "The Runner loses unspent bad publicity credits; the run ends and is unsuccessful: "
         "\"when unsuccessful\" then \"when the run ends\" abilities trigger.",
         "러너는 쓰지 않은 악평 크레딧을 잃고, 런이 실패로 끝난다. \"실패했을 때\" 능력, 이어서 "
         "\"런이 종료될 때\" 능력이 격발된다.",
         "7", "7", triggers=("unsuccessful", "run_ends"), acts=(R, C)),
)

EDGES = (
    Edge("1", "2", "ice_protects_server"),
    Edge("1", "4", "no_ice", skip="no_ice"),
    Edge("2", "2.1", "always"),
    Edge("2.1", "2.2", "not_first_approach"),
    Edge("2.1", "2.3", "first_approach", skip="first_approach"),
    Edge("2.2", "7", "jacked_out"),
    Edge("2.2", "2.3", "continues"),
    Edge("2.3", "2.4", "always"),
    Edge("2.4", "3", "ice_rezzed"),
    Edge("2.4", "4", "ice_unrezzed", skip="unrezzed"),
    Edge("3", "3.1", "always"),
    Edge("3.1", "3.2", "always"),
    Edge("3.2", "7", "run_ended"),
    Edge("3.2", "4", "always"),
    Edge("4", "2", "approach_again"),
    Edge("4", "2", "more_ice_inward"),
    Edge("4", "5", "no_more_ice"),
    Edge("5", "5.1", "always"),
    Edge("5.1", "5.2", "always"),
    Edge("5.2", "7", "jacked_out"),
    Edge("5.2", "5.3", "continues"),
    Edge("5.3", "5.4", "always"),
    Edge("5.4", "5.5", "always"),
    Edge("5.5", "5.6", "always"),
    Edge("5.6", "6", "always"),
)

# Interrupts leave only the steps where something can happen: checks (2.4) and the Runner's
# own decisions (2.2, 5.2) have nothing in them that could end the run, and 5.6 leads to 6 anyway.
_ACTIVE_BEFORE_SUCCESS = ("1", "2", "2.1", "2.3", "3", "3.1", "3.2", "4", "5", "5.1", "5.3")
_ACTIVE_AFTER_SUCCESS = ("5.4", "5.5")

INTERRUPTS = (
    # A remote server that ceases to exist ends the run; it is neither successful nor not.
    Interrupt("server_gone", "6", _ACTIVE_BEFORE_SUCCESS + _ACTIVE_AFTER_SUCCESS),
    # Jack out granted by a card (Snitch; Karuna's subroutine at 3.2) where the structure offers no
    # decision; the rest of that step does not happen.
    Interrupt("jacked_out", "7", tuple(s for s in _ACTIVE_BEFORE_SUCCESS if s != "1")),
    # End the run: before 5.4 the run is unsuccessful (7); afterwards it stays successful (6).
    Interrupt("run_ended", "7", _ACTIVE_BEFORE_SUCCESS),
    Interrupt("run_ended", "6", _ACTIVE_AFTER_SUCCESS),
    # Approached or encountered ice leaves (uninstalled, moved away, derezzed while
    # encountered): the Runner passes it at once and the open window closes.
    Interrupt("ice_left", "4", ("2", "2.1", "2.3", "3", "3.1"), skip="ice_left"),
    # Bypass ends the encounter: the Runner passes the ice without breaking or resolving.
    Interrupt("bypassed", "4", ("3", "3.1"), skip="bypassed"),
    # The Runner moves to the outermost position of a server (Letheia Nisei, Mirage): they
    # approach its outermost ice, or pass vacuously when it has none.
    Interrupt("runner_moved&ice_protects_server", "2", _ACTIVE_BEFORE_SUCCESS[1:]),
    Interrupt("runner_moved&no_ice", "4", _ACTIVE_BEFORE_SUCCESS[1:]),
)

RULESET = Ruleset(
    id="ffg-rr",
    version="FFG Rules Reference (2017-2018), seven-step chart",
    title_en="Timing structure of a run (FFG Rules Reference, 7 steps)",
    title_ko="런의 타이밍 구조 (FFG 룰 레퍼런스, 7단계)",
    source_en="FFG Rules Reference run timing as given by the seed page",
    source_ko="나무위키 런 타이밍 문서(FFG 룰 레퍼런스)",
    steps=STEPS,
    edges=EDGES,
    interrupts=INTERRUPTS,
    start="1",
    ends={"done": "6", "unsuccessful": "7"},
    encounter_entry="3",
    encounter_exit="4",
    phases=(
        ("1", "1 Run initiation", "1 런 개시"),
        ("2", "2 Approach ice", "2 아이스에 접근"),
        ("3", "3 Encounter ice", "3 아이스와 대치"),
        ("4", "4 Pass ice", "4 통과"),
        ("5", "5 Approach the server", "5 서버에 접근"),
        ("6", "6 Run ends", "6 런 종료"),
        ("7", "7 Run ends unsuccessfully", "7 실패한 런 종료"),
    ),
)
