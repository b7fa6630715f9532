"""English and Korean text for guards, skip reasons and trace events."""

from __future__ import annotations

__all__ = ["LANGS", "GUARDS", "SKIPS", "EVENTS", "SIDES", "WHEN", "text", "guard_label"]

LANGS = ("en", "ko")

# Guard name -> (English, Korean) short condition printed on chart edges.
GUARDS: dict[str, tuple[str, str]] = {
    "always": ("", ""),
    "ice_protects_server": ("ice protects the server", "서버를 보호하는 아이스 있음"),
    "no_ice": ("no ice", "아이스 없음"),
    "first_approach": ("first approach of the run", "이번 런의 첫 접근"),
    "not_first_approach": ("not the first approach", "첫 접근이 아님"),
    "jacked_out": ("jack out", "잭 아웃"),
    "continues": ("continue", "런 계속"),
    "ice_rezzed": ("ice rezzed", "아이스 레즈됨"),
    "ice_unrezzed": ("ice unrezzed", "아이스 레즈 안 됨"),
    "run_ended": ("run ended", "런 종료됨"),
    "approach_again": ("approach it again", "다시 접근"),
    "more_ice_inward": ("more ice inward", "안쪽에 아이스 있음"),
    "no_more_ice": ("no more ice", "남은 아이스 없음"),
    "server_gone": ("server ceased to exist", "서버가 사라짐"),
    "ice_left": ("ice left its position", "아이스가 자리를 떠남"),
    "bypassed": ("bypassed", "우회함"),
    "has_position": ("Runner has a position", "러너 위치 있음"),
    "runner_moved": ("the Runner was moved", "러너가 이동됨"),
    "no_position": ("no position", "위치 없음"),
    "unresolved_subroutine": ("a subroutine left to resolve", "발휘할 서브루틴 남음"),
}

# Skip reason key -> (English, Korean), with {ice} filled in where known.
SKIPS: dict[str, tuple[str, str]] = {
    "no_ice": ("no ice protects the server: there is nothing to approach or encounter",
               "서버를 보호하는 아이스가 없다: 접근하거나 대치할 아이스가 없다"),
    "first_approach": ("first approach of this run: the Runner cannot jack out yet",
                       "이번 런의 첫 번째 접근이라 아직 잭 아웃할 수 없다"),
    "unrezzed": ("{ice} is not rezzed, so the Runner passes it without an encounter",
                 "{ice}이(가) 레즈되지 않아 대치 없이 통과한다"),
    "ice_left": ("{ice} left its position: its approach or encounter ends at once",
                 "{ice}이(가) 자리를 떠났다: 그 아이스의 접근이나 대치가 즉시 끝난다"),
    "bypassed": ("{ice} was bypassed: the encounter ends at once and no subroutine resolves",
                 "{ice}을(를) 우회했다: 대치가 즉시 끝나고 발휘되는 서브루틴이 없다"),
}

SIDES = {"runner": ("Runner", "러너"), "corp": ("Corp", "기업")}

WHEN: dict[str, tuple[str, str]] = {
    "run_begins": ("when a run begins", "런을 시작할 때"),
    "approached": ("when approached", "접근할 때"),
    "encountered": ("when encountered", "대치할 때"),
    "passed": ("when passed", "통과할 때"),
    "all_ice_passed": ("when all ice is passed", "모든 아이스를 통과할 때"),
    "approach_server": ("when the Runner approaches the server", "서버에 접근할 때"),
    "if_successful": ("if successful", "성공하면"),
    "successful": ("when successful", "성공할 때"),
    "accessed": ("when accessed", "액세스할 때"),
    "unsuccessful": ("when unsuccessful", "실패했을 때"),
    "run_ends": ("when the run ends", "런이 종료될 때"),
    "static": ("while it applies", "지속 효과"),
}

# Event message key -> (English, Korean) template.
EVENTS: dict[str, tuple[str, str]] = {
    "enter": ("{name}", "{name}"),
    "enter_ice": ("{name}: {ice}", "{name}: {ice}"),
    "vacuous_pass": ("Pass ice: no ice to pass (vacuous)", "통과: 통과할 아이스 없음"),
    "run_on": ("The Runner runs on {server}", "러너가 {server}에 런을 한다"),
    "bp_credits": ("The Runner takes {n} bad publicity credit(s) for this run",
                   "러너가 이번 런에 쓸 악평 크레딧 {n}을(를) 받는다"),
    "bp_lost": ("{n} unspent bad publicity credit(s) are lost", "쓰지 않은 악평 크레딧 {n}을(를) 잃는다"),
    "trigger": ("{card}: {when_text} -> {effect}", "{card}: {when_text} -> {effect}"),
    "trigger_dropped": ("{card}: {when_text} is dropped: {why}", "{card}: {when_text} 해결되지 않음: {why}"),
    "trigger_unmet": ("{card}: {when_text} does not resolve: it names {named}, but the attacked server is now {server}",
                      "{card}: {when_text} 해결되지 않음: {named}을(를) 지정했지만 공격받는 서버는 이제 {server}이다"),
    "action": ("{side}: {effect}", "{side}: {effect}"),
    "priority": ("{side} receives priority", "{side}이(가) 우선권을 받는다"),
    "pass": ("{side} passes", "{side}이(가) 넘긴다"),
    "window_closes": ("Both players passed in succession: the window closes",
                      "두 플레이어가 연속으로 넘겨 창이 닫힌다"),
    "window_closed_early": ("The window closes at once", "창이 즉시 닫힌다"),
    "transition": ("{src} -> {dst}{cond}", "{src} -> {dst}{cond}"),
    "skip": ("{step} skipped: {reason}", "{step} 건너뜀: {reason}"),
    "subroutine": ("Subroutine {n} resolves: {sub}", "서브루틴 {n} 발휘: {sub}"),
    "subroutine_broken": ("Subroutine {n} is broken: {sub}", "서브루틴 {n}이(가) 깨져 있다: {sub}"),
    "no_subroutines": ("{ice} has no subroutines", "{ice}에 서브루틴이 없다"),
    "access": ("The Runner accesses {card}", "러너가 {card}을(를) 액세스한다"),
    "access_count": ("The Runner will access {n} card(s): {cards}", "러너가 카드 {n}장을 액세스한다: {cards}"),
    "access_blocked": ("{card} cannot be accessed this run", "{card}은(는) 이번 런에 액세스할 수 없다"),
    "access_replaced": ("Access is replaced: {what}", "액세스가 대체된다: {what}"),
    "stolen": ("The Runner steals {card}", "러너가 {card}을(를) 훔친다"),
    "not_stolen": ("{card} is not stolen", "{card}을(를) 훔치지 않는다"),
    "trashed": ("The Runner pays {cost} and trashes {card}", "러너가 {cost}을(를) 내고 {card}을(를) 폐기한다"),
    "set_aside": ("{card} is set aside", "{card}을(를) 옆에 둔다"),
    "returned": ("Set-aside cards return: {cards}", "옆에 둔 카드를 되돌린다: {cards}"),
    "declared": ("The run is declared successful", "런이 성공으로 선언된다"),
    "not_declared": ("The run cannot be declared successful ({why})", "런을 성공으로 선언할 수 없다 ({why})"),
    "end": ("The run is over: {status}", "런 끝: {status}"),
    "warn_unapplied": ("action never applied: {what} (the run never reached {at})",
                       "적용되지 않은 행동: {what} ({at}에 도달하지 않음)"),
    "warn_unapplied_skipped": ("action never applied: {what} ({at} was skipped: {skip_reason})",
                               "적용되지 않은 행동: {what} ({at} 단계를 건너뜀: {skip_reason})"),
    "warn_dropped_action": ("action dropped: {what} ({why})", "행동이 무시됨: {what} ({why})"),
    "warn": ("{msg}", "{msg}"),
    "info": ("{msg}", "{msg}"),
    "ends_run": ("{who} ends the run", "{who}이(가) 런을 종료한다"),
    "run_ends_now": ("The run ends", "런이 종료된다"),
    "jacks_out": ("The Runner jacks out", "러너가 잭 아웃한다"),
    "jacks_out_granted": ("The Runner jacks out ({card} allows it)", "러너가 잭 아웃한다({card} 효과)"),
    "bypassed_ice": ("{ice} is bypassed", "{ice}을(를) 우회한다"),
    "rezzed_card": ("{card} is rezzed", "{card}이(가) 레즈된다"),
    "derezzed_card": ("{card} is derezzed", "{card}이(가) 디레즈된다"),
    "broken_subs": ("Broken: subroutine(s) {subs}", "서브루틴 {subs}을(를) 깬다"),
    "broken_none": ("Nothing to break: no subroutines", "깰 서브루틴이 없다"),
    "installed_inward": ("{card} is installed protecting {server}, inward of the Runner: it will be approached",
                         "{card}이(가) {server}에 러너보다 안쪽에 설치된다: 러너가 접근하게 된다"),
    "installed_outward": ("{card} is installed protecting {server}, outward of the Runner: it is not approached this run",
                          "{card}이(가) {server}에 러너보다 바깥쪽에 설치된다: 이번 런에는 접근하지 않는다"),
    "installed_elsewhere": ("{card} is installed protecting {server}: not on the Runner's way",
                            "{card}이(가) {server}에 설치된다: 러너의 경로가 아니다"),
    "uninstalled_card": ("{card} is uninstalled", "{card}이(가) 언인스톨된다"),
    "trashed_card": ("{card} is trashed", "{card}이(가) 폐기된다"),
    "moved_ice": ("{card} moves to {server}", "{card}이(가) {server}(으)로 이동한다"),
    "follow_ice": ("The attacked server is now {server}; the run continues from {ice}'s new position",
                   "공격받는 서버가 {server}(으)로 바뀌고, {ice}의 새 위치에서 런이 이어진다"),
    "swapped": ("{a} and {b} swap places", "{a}와(과) {b}의 위치가 바뀐다"),
    "now_approaching": ("The Runner is now approaching {ice} (no new \"when approached\")",
                        "러너는 이제 {ice}에 접근 중이다(\"접근할 때\"는 다시 격발하지 않음)"),
    "server_changed": ("The attacked server is now {server} (the step does not change)",
                       "공격받는 서버가 {server}(으)로 바뀐다(단계는 그대로)"),
    "forced_now": ("The Runner encounters {ice} now", "러너가 지금 {ice}와(과) 대치한다"),
    "approach_again_set": ("The Runner will approach {ice} again", "러너가 {ice}에 다시 접근한다"),
    "pays": ("The Runner pays {n} credit(s)", "러너가 {n} 크레딧을 지불한다"),
    "cannot_pay": ("The Runner cannot pay {n} credit(s)", "러너는 {n} 크레딧을 지불할 수 없다"),
    "gains": ("The Runner gains {n} credit(s)", "러너가 {n} 크레딧을 얻는다"),
    "bp_taken": ("The Corp takes {n} bad publicity (no extra credits during this run)",
                 "기업이 악평 {n}점을 받는다(이번 런에는 크레딧이 늘지 않음)"),
    "access_more_n": ("The Runner will access {n} more card(s)", "러너가 카드 {n}장을 더 액세스한다"),
    "access_only_set": ("For the rest of this run only {cards} can be accessed",
                        "이번 런의 남은 동안 {cards}만 액세스할 수 있다"),
    "no_success_set": ("This run cannot be declared successful", "이 런은 성공으로 선언될 수 없다"),
    "instead_set": ("Instead of accessing cards: {what}", "카드를 액세스하는 대신: {what}"),
    "note": ("{text}", "{text}"),
    "mandatory_replaces": ("{what} replaces access instead of {first}: a mandatory replacement takes precedence",
                           "{what}이(가) {first} 대신 액세스를 대체한다: 의무적 대체 효과가 우선한다"),
    "already_replaced": ("{what}: nothing left to replace, access is already replaced by {first}",
                         "{what}: 대체할 것이 없다. 액세스는 이미 {first}(으)로 대체되었다"),
    "server_ceased": ("{server} has no cards left and ceases to exist", "{server}에 카드가 남지 않아 서버가 사라진다"),
    "continues": ("The Runner continues the run", "러너가 런을 계속한다"),
    "ice_is_rezzed": ("{ice} is rezzed", "{ice}은(는) 레즈되어 있다"),
    "ice_is_unrezzed": ("{ice} is not rezzed", "{ice}은(는) 레즈되어 있지 않다"),
    "w_no_encounter": ("{what}: no ice is being encountered", "{what}: 대치 중인 아이스가 없다"),
    "w_already_rezzed": ("{card} is already rezzed", "{card}은(는) 이미 레즈되어 있다"),
    "w_not_rezzed": ("{card} is not rezzed", "{card}은(는) 레즈되어 있지 않다"),
    "w_not_installed": ("{card} is not installed", "{card}은(는) 설치되어 있지 않다"),
    "w_not_protecting": ("{card} does not protect a server", "{card}은(는) 서버를 보호하고 있지 않다"),
    "w_no_such_position": ("{card} cannot be placed next to {ref}: {ref} no longer protects that server",
                           "{card}을(를) {ref} 옆에 둘 수 없다: {ref}이(가) 더 이상 그 서버를 보호하지 않는다"),
    "w_approach_again": ("approach again works only right after ice is passed",
                         "다시 접근은 아이스를 통과한 직후에만 가능하다"),
    "w_decline_outside": ("declining to steal happens only during access", "훔치기 거절은 액세스 중에만 가능하다"),
    "position_passed": ("The Runner passes {ice}'s former position: no ice is there to pass",
                        "러너가 {ice}이(가) 있던 위치를 통과한다: 통과할 아이스는 없다"),
    "runner_moved_to": ("The Runner moves to the outermost position of {server}, which is now the attacked server",
                        "러너가 {server}의 가장 바깥 위치로 이동하고, 그 서버가 공격받는 서버가 된다"),
    "passes_ice": ("The Runner passes {ice}", "러너가 {ice}을(를) 통과한다"),
    "position_at": ("The Runner's position is now {ice}", "러너의 위치는 이제 {ice}이다"),
    "no_position": ("The Runner has no position (no ice further inward)", "러너의 위치가 없다(더 안쪽에 아이스 없음)"),
    "stays": ("{card} stays where it is", "{card}은(는) 제자리에 남는다"),
    "labelled": ("The run is labelled: {status}", "런 판정: {status}"),
    "return_forced": ("The forced encounter with {ice} ends; the run resumes at {step}",
                      "{ice}과(와)의 강제 대치가 끝나고 {step}에서 런이 이어진다"),
}

STOPS: dict[str, tuple[str, str]] = {
    "server_gone": ("the attacked server ceased to exist", "공격받는 서버가 사라졌다"),
    "jacked_out": ("the Runner jacked out", "러너가 잭 아웃했다"),
    "run_ended": ("the run ended", "런이 종료되었다"),
    "ice_left": ("the ice left its position", "아이스가 자리를 떠났다"),
    "bypassed": ("the encounter ended (bypass)", "대치가 끝났다(우회)"),
    "step_ended": ("the step ended", "단계가 끝났다"),
}

EFFECT_WORDS: dict[str, tuple[str, str]] = {
    "end_run": ("end the run", "런 종료"), "jack_out": ("jack out", "잭 아웃"),
    "bypass": ("bypass", "우회"), "approach_again": ("approach again", "다시 접근"),
    "no_success": ("cannot be successful", "성공 불가"), "rez": ("rez", "레즈"),
    "derez": ("derez", "디레즈"), "uninstall": ("uninstall", "언인스톨"), "trash": ("trash", "폐기"),
    "decline_steal": ("decline to steal", "훔치지 않음"), "break": ("break", "서브루틴 깨기"),
    "install_ice": ("install ice", "아이스 설치"), "move_ice": ("move", "이동"),
    "swap_ice": ("swap", "위치 교환"), "change_server": ("change the attacked server to", "공격 서버 변경"),
    "move_runner": ("move the Runner to the outermost position of", "러너를 가장 바깥 위치로 이동:"),
    "encounter": ("encounter", "강제 대치"), "pay": ("pay", "지불"), "gain": ("gain", "크레딧 얻기"),
    "bad_publicity": ("bad publicity", "악평"), "access_more": ("access more", "추가 액세스"),
    "access_only": ("access only", "액세스 제한"), "instead_of_access": ("instead of access", "액세스 대체"),
    "note": ("note", "메모"), "otherwise": ("otherwise", "못 하면"), "at": ("at", "위치"),
    "on": ("on", "서버"), "granted_by": ("granted by", "허용 카드"), "all": ("all", "모두"),
}

STATUS = {
    "successful": ("successful", "성공"),
    "unsuccessful": ("unsuccessful", "실패"),
    "neither": ("neither successful nor unsuccessful", "성공도 실패도 아님"),
}


def pick(pair: tuple[str, str], lang: str) -> str:
    """The text of a (English, Korean) pair in a language."""
    return pair[1] if lang == "ko" and pair[1] else pair[0]


_JOSA = {"이(가)": ("이", "가"), "을(를)": ("을", "를"), "은(는)": ("은", "는"), "와(과)": ("과", "와"),
         "(으)로": ("으로", "로"), "이다": ("이다", "다")}
_JOSA_RE = None


def josa(s: str) -> str:
    """Pick Korean particles after Hangul words by their last syllable ("러너이(가)" -> "러너가");
    after other text (card names in English) the paired form stays."""
    import re

    global _JOSA_RE
    if _JOSA_RE is None:
        _JOSA_RE = re.compile("([\uac00-\ud7a3])(" + "|".join(re.escape(k) for k in _JOSA if k != "이다") + ")")

    def fix(m):
        syl, pair = m.group(1), m.group(2)
        final = (ord(syl) - 0xAC00) % 28
        with_batchim, without = _JOSA[pair]
        if pair == "(으)로":
            return syl + ("로" if final in (0, 8) else "으로")  # ㄹ takes 로
        return syl + (with_batchim if final else without)
    return _JOSA_RE.sub(fix, s)


def text(key: str, lang: str = "en", **args: object) -> str:
    """Fill in an event template."""
    out = pick(EVENTS[key], lang).format(**args)
    return josa(out) if lang == "ko" else out


def guard_label(guard: str, lang: str = "en") -> str:
    """The short condition of an edge ("a&b": both conditions), in a language."""
    joiner = " 그리고 " if lang == "ko" else " and "
    return joiner.join(pick(GUARDS[g], lang) for g in guard.split("&") if pick(GUARDS[g], lang))
