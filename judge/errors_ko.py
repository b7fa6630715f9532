"""Korean for the judge's error messages, keyed by the English template (as gettext keys by msgid).

The English sentence stays where the error is raised, so the code reads as it did; here each
template's {slots} match any text, and the Korean sentence reuses what they matched. A message
with no entry stays English: never broken, at worst untranslated (a test lists the entries)."""

from __future__ import annotations

import re
from functools import cache

__all__ = ["CATALOG", "to_korean"]

CATALOG: dict[str, str] = {
    # reading the file
    "the scenario is {n} bytes; at most {max} are accepted": "시나리오가 {n}바이트입니다. 최대 {max}바이트까지 받습니다",
    "the file is {n} bytes; at most {max} are accepted": "파일이 {n}바이트입니다. 최대 {max}바이트까지 받습니다",
    "not valid UTF-8 (byte {n})": "올바른 UTF-8이 아닙니다({n}번째 바이트)",
    "control character {c} is not allowed in a scenario": "시나리오에는 제어 문자 {c}을(를) 쓸 수 없습니다",
    "invalid YAML: {problem}": "YAML 문법 오류: {problem}",
    "the scenario is empty": "시나리오가 비어 있습니다",
    "one scenario per file: found a second document (---)": "파일 하나에 시나리오 하나만 쓸 수 있습니다: 두 번째 문서(---)가 있습니다",
    "the document has more than {n} values (aliases expanded)": "문서의 값이 {n}개를 넘습니다(별칭 포함)",
    "nested more than {n} levels deep": "{n}단계보다 깊게 중첩되어 있습니다",
    "the input is nested too deeply": "입력이 너무 깊게 중첩되어 있습니다",
    "key {k} appears twice": "키 {k}이(가) 두 번 나옵니다",
    "a key must be a plain word, not a list or mapping": "키는 목록이나 매핑이 아닌 단어여야 합니다",
    "merge keys (<<) are not supported": "병합 키(<<)는 지원하지 않습니다",
    "the number has too many digits": "숫자의 자릿수가 너무 많습니다",
    "cannot read the value {v}: {why}": "값 {v}을(를) 읽을 수 없습니다: {why}",
    "cannot read the file: {why}": "파일을 읽을 수 없습니다: {why}",
    "no such file or directory": "그런 파일이나 폴더가 없습니다",
    "no scenario given": "시나리오가 없습니다",
    # shapes and values
    "expected a mapping, got {got}": "매핑이 와야 하는데 {got}이(가) 왔습니다",
    "expected a list, got {got}": "목록이 와야 하는데 {got}이(가) 왔습니다",
    "expected a whole number, got {got}": "정수가 와야 하는데 {got}이(가) 왔습니다",
    "expected true or false, got {got}": "true나 false가 와야 하는데 {got}이(가) 왔습니다",
    "expected an effect, got {got}": "효과가 와야 하는데 {got}이(가) 왔습니다",
    "expected {what}, got {got}": "{what}이(가) 와야 하는데 {got}이(가) 왔습니다",
    "unknown key {k} (allowed: {allowed})": "알 수 없는 키 {k} (쓸 수 있는 키: {allowed})",
    "missing required key {k}": "필수 키 {k}이(가) 없습니다",
    "{what} is empty": "{what}이(가) 비어 있습니다",
    "{what} is {n} characters long; at most {max} are allowed": "{what}이(가) {n}자입니다. 최대 {max}자까지 쓸 수 있습니다",
    "{what} contains control characters": "{what}에 제어 문자가 있습니다",
    "{v} is out of range ({lo} to {hi})": "{v}은(는) 범위를 벗어납니다({lo}~{hi})",
    "the list has {n} entries; at most {max} are allowed": "목록 항목이 {n}개입니다. 최대 {max}개까지 쓸 수 있습니다",
    "{s} is not a known {what} (one of: {options})": "{s}은(는) 알 수 없는 {what}입니다(가능한 값: {options})",
    "more than 30 servers": "서버가 30개를 넘습니다",
    # effects
    "{v} is not an effect{hint} (effects: {effects})": "{v}은(는) 효과가 아닙니다{hint} (효과: {effects})",
    "one effect per mapping, found {kinds}: use a list": "매핑 하나에 효과 하나만 쓸 수 있는데 {kinds}이(가) 있습니다: 목록으로 쓰세요",
    "the list of effects is empty": "효과 목록이 비어 있습니다",
    "{kind} takes true, got {got}": "{kind}에는 true를 써야 하는데 {got}이(가) 왔습니다",
    "break takes all or a list of subroutine numbers, like [1, 3]": "break에는 all이나 [1, 3] 같은 서브루틴 번호 목록을 씁니다",
    "{kind} needs a piece of ice, got type {t}": "{kind}에는 아이스가 필요한데 종류가 {t}입니다",
    "install_ice takes a card: {name: ..., subroutines: [...]}": "install_ice에는 카드를 씁니다: {name: ..., subroutines: [...]}",
    "swap_ice takes two pieces of ice: [X, Y]": "swap_ice에는 아이스 두 개를 씁니다: [X, Y]",
    "swap_ice needs two different pieces of ice": "swap_ice에는 서로 다른 아이스 두 개가 필요합니다",
    "position must be outermost, innermost, {inward_of: X} or {outward_of: X}":
        "position은 outermost, innermost, {inward_of: X}, {outward_of: X} 중 하나여야 합니다",
    # cards and servers
    "{c} protects the server, so its type must be ice": "{c}은(는) 서버를 보호하므로 종류가 ice여야 합니다",
    "the attacked server {s} is not described under servers (known: {known})":
        "공격받는 서버 {s}이(가) servers에 없습니다(있는 서버: {known})",
    "remote server {s} has no cards, so it does not exist": "원격 서버 {s}에 카드가 없으므로 존재하지 않습니다",
    "{c} is not a card of this scenario; add it under runner.cards": "{c}은(는) 이 시나리오의 카드가 아닙니다. runner.cards에 추가하세요",
    "two cards are called {c}: give each an id and refer to the ids": "{c}이라는 카드가 둘입니다. 각각 id를 붙이고 id로 가리키세요",
    "{what}: no card is called {c}": "{what}: {c}이라는 카드가 없습니다",
    "{what}: no server is called {s}": "{what}: {s}이라는 서버가 없습니다",
    "ability limited to ice {i}, but no card has that name": "능력이 아이스 {i}에 한정되어 있지만 그런 이름의 카드가 없습니다",
    "unknown ruleset {r} (known: {known})": "알 수 없는 규칙 {r} (있는 규칙: {known})",
    # actions
    "an action is a mapping like {at: \"5.2\", by: runner, jack_out: true}, got {got}":
        "행동은 {at: \"5.2\", by: runner, jack_out: true} 같은 매핑이어야 하는데 {got}이(가) 왔습니다",
    "\"{step}\" is not a step of {rs} (steps: {steps})": "\"{step}\"은(는) {rs}의 단계가 아닙니다(단계: {steps})",
    "no ice is called {i} in this scenario": "이 시나리오에 {i}이라는 아이스가 없습니다",
    "step {step} belongs to a piece of ice: add ice: <name>": "{step} 단계는 아이스에 속합니다: ice: <이름>을 추가하세요",
    "step {step} does not belong to a piece of ice: remove ice": "{step} 단계는 아이스에 속하지 않습니다: ice를 지우세요",
    "no card is called {c}": "{c}이라는 카드가 없습니다",
    "use either effect: or one effect key, not both": "effect:와 효과 키 중 하나만 쓰세요",
    "the action does nothing: add an effect, like jack_out: true": "행동에 효과가 없습니다: jack_out: true 같은 효과를 추가하세요",
    "unknown key {k} (an action has at, by, ice, time, granted_by and one effect: {effects})":
        "알 수 없는 키 {k} (행동에는 at, by, ice, time, granted_by와 효과 하나를 씁니다: {effects})",
    "nobody acts at {step} ({name}): the structure only checks the board there; put the action at the step before":
        "{step}({name})에서는 아무도 행동하지 않습니다: 구조가 판을 확인할 뿐이니 그 앞 단계에 행동을 두세요",
    "at {step} the Runner only decides whether to jack out; {what} belongs in a paid ability window":
        "{step}에서 러너는 잭 아웃 여부만 정합니다. {what}은(는) 지불 능력 창에 두세요",
    "only the Runner can jack out": "잭 아웃은 러너만 할 수 있습니다",
    "the Runner cannot jack out at {step} unless a card grants it: add granted_by: <card>":
        "카드가 허용하지 않는 한 러너는 {step}에서 잭 아웃할 수 없습니다: granted_by: <카드>를 추가하세요",
    "only the Corp rezzes cards": "카드는 기업만 레즈합니다",
    "{c} is a Runner card: it cannot be rezzed": "{c}은(는) 러너 카드라서 레즈할 수 없습니다",
    "ice can be rezzed only while approached, at the rez window (not at {step}) unless a card allows it: add granted_by":
        "아이스는 접근 중 레즈 창에서만 레즈할 수 있습니다({step} 아님). 카드가 허용한다면 granted_by를 추가하세요",
    "only the approached ice can be rezzed: {c} is not the ice this action's step belongs to ({i})":
        "접근한 아이스만 레즈할 수 있습니다: {c}은(는) 이 행동의 단계가 속한 아이스({i})가 아닙니다",
    "non-ice cards can be rezzed only in a window that allows it (not at {step}) unless a card allows it: add granted_by":
        "아이스가 아닌 카드는 레즈를 허용하는 창에서만 레즈할 수 있습니다({step} 아님). 카드가 허용한다면 granted_by를 추가하세요",
    "subroutines can be broken only while the Runner interacts with the encountered ice, not at {step}":
        "서브루틴은 대치한 아이스와 상호작용하는 동안에만 깰 수 있습니다({step} 아님)",
    "only the Runner breaks subroutines": "서브루틴은 러너만 깹니다",
    "{i} has {n} subroutine(s); there is no subroutine {k}": "{i}에는 서브루틴이 {n}개 있습니다. {k}번 서브루틴은 없습니다",
    "{what} happens while a card is accessed, not at {step}": "{what}은(는) 카드를 액세스하는 동안에만 합니다({step} 아님)",
    "only the Runner can {what} during access": "액세스 중 {what}은(는) 러너만 할 수 있습니다",
    "{c} has no trash cost, so the Runner cannot trash it: give it a trash_cost": "{c}에 폐기 비용이 없어 폐기할 수 없습니다: trash_cost를 주세요",
    "{c} is not an agenda": "{c}은(는) 아젠다가 아닙니다",
    "ice can be bypassed only during an encounter, not at {step}": "아이스는 대치 중에만 우회할 수 있습니다({step} 아님)",
    "give expectations either per ruleset or for the scenario's ruleset, not both":
        "기대값은 규칙별로 쓰거나 시나리오의 규칙에 대해 쓰세요. 둘을 섞을 수 없습니다",
    # while running
    "the Runner cannot jack out at {occ}: {why}. Only a card that grants it (granted_by: <card>) allows a jack out there":
        "러너는 {occ}에서 잭 아웃할 수 없습니다: {why}. 허용하는 카드(granted_by: <카드>)가 있어야 합니다",
    "the Runner cannot jack out after the run was declared successful": "런이 성공으로 선언된 뒤에는 잭 아웃할 수 없습니다",
    "only the approached ice can be rezzed at {occ}: {c} is not the ice being approached ({i})":
        "{occ}에서는 접근한 아이스만 레즈할 수 있습니다: {c}은(는) 접근 중인 아이스({i})가 아닙니다",
    "the Runner cannot pay {cost} to trash {c}: they have {n} credit(s) and {bp} bad publicity credit(s)":
        "러너는 {c}을(를) 폐기할 {cost} 크레딧을 낼 수 없습니다: 크레딧 {n}, 악평 크레딧 {bp}",
    "the run did not end within {n} steps: it loops (an ability that sends the Runner back without `first: true`?)":
        "런이 {n}단계 안에 끝나지 않습니다: 반복됩니다(`first: true` 없이 러너를 되돌리는 능력이 있나요?)",
    "forced encounters nest more than 10 deep: the scenario loops": "강제 대치가 10단계 넘게 겹칩니다: 시나리오가 반복됩니다",
    "{rel} does not protect {s}, so nothing can be placed {where} it": "{rel}은(는) {s}을(를) 보호하지 않아 그 {where}에 둘 수 없습니다",
    "approach again: the ice just passed is no longer in its position": "다시 접근: 방금 통과한 아이스가 더 이상 그 자리에 없습니다",
    "cannot be placed under {rs}: {why}; give `at` per rule set, like at: {example}":
        "{rs}에 놓을 수 없습니다: {why}. at을 규칙별로 쓰세요. 예: at: {example}",
    "\"{step}\" is not a step of {rs}{hint}": "\"{step}\"은(는) {rs}의 단계가 아닙니다{hint}",
}


# Words the English messages put into their slots (what was expected, what kind of value).
WORDS: dict[str, str] = {
    "a card name": "카드 이름", "a server name": "서버 이름", "a step id": "단계 번호", "text": "텍스트",
    "a title": "제목", "a tag": "태그", "an entry": "항목", "a card id": "카드 id", "a source": "출처",
    "subroutine text": "서브루틴 텍스트", "part of the expected error message": "기대하는 오류 메시지의 일부",
    "card type": "카드 종류", "trigger moment": "격발 시점", "player": "플레이어", "ruleset": "규칙",
    "outcome": "결과", "end step": "종료 단계", "value": "값", "nothing": "빈 값",
    "a list": "목록", "a mapping": "매핑", "trash": "폐기", "decline steal": "훔치지 않기",
    "rez": "레즈", "derez": "디레즈", "uninstall": "언인스톨", "move ice": "아이스 이동",
    "swap ice": "아이스 교환", "access only": "액세스 제한", "encounter": "강제 대치",
    "change server": "서버 변경", "move runner": "러너 이동", "inward": "안쪽", "outward": "바깥쪽",
    "gain": "크레딧 얻기", "pay": "지불", "note": "메모", "bad publicity": "악평", "access more": "추가 액세스",
}


def _word(v: str) -> str:
    if v in WORDS:
        return WORDS[v]
    from .i18n import SKIPS

    for en, ko in SKIPS.values():  # a skip reason quoted inside a message
        m = re.fullmatch(re.escape(en).replace(re.escape("{ice}"), "(?P<ice>.*?)"), v)
        if m:
            return ko.format(**m.groupdict())
    if v.startswith("the number "):
        return "숫자 " + v[len("the number "):]
    if v.endswith(" (a yes/no value)"):
        return v[: -len(" (a yes/no value)")] + "(예/아니요 값)"
    return v


@cache
def _patterns() -> list[tuple[re.Pattern, str]]:
    out = []
    for en, ko in CATALOG.items():
        parts = re.split(r"(\{[a-z_]+\})", en)
        rx = "".join(f"(?P<{p[1:-1]}>.*?)" if re.fullmatch(r"\{[a-z_]+\}", p) else re.escape(p) for p in parts)
        out.append((re.compile(rx + r"\Z", re.S), ko))
    return out


def to_korean(message: str) -> str:
    """The Korean of an English error message, or the message itself when none is known."""
    from .i18n import josa

    for rx, ko in _patterns():
        m = rx.match(message)
        if m:
            groups = {k: _word(v) for k, v in m.groupdict().items()}
            return josa(re.sub(r"\{([a-z_]+)\}", lambda s, g=groups: g.get(s.group(1), s.group(0)), ko))
    return message
