"""Korean particles chosen by the word before them ("러너이(가)" -> "러너가").

The word before a particle is Hangul (its last syllable decides), a number (as it is read aloud:
1을, 2를, 10을), or Latin letters — an English card name the scenario wrote, an abbreviation —
read as Korean speakers read them: "Ice Wall" ends like 월 (ㄹ), "Enigma" like 마 (no final
consonant), "Hedge Fund" like 드, "HQ" like 큐, "ETR" like 알. Only after anything else (a symbol)
does the paired form stay.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["josa", "final_of"]

_JOSA = {"이(가)": ("이", "가"), "을(를)": ("을", "를"), "은(는)": ("은", "는"), "와(과)": ("과", "와"),
         "과(와)": ("과", "와"), "(으)로": ("으로", "로")}
_WORD = r"(?:[\uac00-\ud7a3]|[0-9]+|[A-Za-z\u00c0-\u024f][A-Za-z\u00c0-\u024f'’.\-]*)[)\]!?\"'”’]?"
_RE = re.compile("(" + _WORD + ")(" + "|".join(re.escape(k) for k in _JOSA) + ")")
# How a number is read aloud ends: its last digit (일 이 삼 사 오 육 칠 팔 구), or for a round number
# the unit (십 백 천 만); 영 for zero itself.
_DIGIT_SYLLABLE = dict(zip("0123456789", "영일이삼사오육칠팔구", strict=True))
_UNIT_SYLLABLE = {1: "십", 2: "백", 3: "천", 4: "만"}
# The final consonant (jongseong index: 0 none, 4 ㄴ, 8 ㄹ, 16 ㅁ, 21 ㅇ, 1 ㄱ, 19 ㅅ, 17 ㅂ) of a
# capital letter read out: 에이치 (none), 엘 (ㄹ), 엠 (ㅁ), 엔 (ㄴ), 알 (ㄹ).
_LETTER_NAME = {"L": 8, "M": 16, "N": 4, "R": 8}
_NONE, _N, _L, _M, _NG, _K, _S, _P = 0, 4, 8, 16, 21, 1, 19, 17
_VOWELS = "aeiouy"


def _spoken_end(number: str) -> str:
    """The syllable a number is read aloud with at its end ("3" -> 삼, "20" -> 십, "0" -> 영)."""
    digits = number.lstrip("0") or "0"
    zeros = len(digits) - len(digits.rstrip("0"))
    if digits == "0" or zeros == 0:
        return _DIGIT_SYLLABLE[digits[-1]]
    return _UNIT_SYLLABLE.get(zeros % 4 or 4, "만")


def _latin_final(word: str) -> int:
    """The final consonant an English word or abbreviation ends with as Korean speakers say it."""
    w = re.sub(r"[^A-Za-z]", "", unicodedata.normalize("NFKD", word))  # Karunā -> Karuna
    if not w:
        return _NONE
    if w.isupper() and len(w) <= 5:  # an abbreviation is read letter by letter: HQ 에이치큐, ETR 이티알
        return _LETTER_NAME.get(w[-1], _NONE)
    w = w.lower()
    last, before = w[-1], w[-2] if len(w) > 1 else ""
    if w.endswith("ng"):
        return _NG                                   # ring 링
    if last in "lmn":
        return {"l": _L, "m": _M, "n": _N}[last]     # wall 월, team 팀, run 런
    if last == "c" or w.endswith("ck"):
        return _K                                    # generic 제네릭, black 블랙
    short = len(w) <= 4 and before in _VOWELS and (len(w) < 3 or w[-3] not in _VOWELS)
    if last == "k" and before in _VOWELS:
        return _K                                    # book 북, oak 오크 is rare
    if last == "t" and short:
        return _S                                    # net 넷, bot 봇; hunt 헌트, light 라이트
    if last == "p" and short:
        return _P                                    # top 톱, cap 캡; jump 점프
    return _NONE                                     # a vowel, or b d f g s x z ... read with 으


def final_of(word: str) -> int:
    """The jongseong index the word before a particle ends with (0: none, 8: ㄹ)."""
    word = word.rstrip(")]!?\"'”’")
    if word.isdigit():
        return (ord(_spoken_end(word)) - 0xAC00) % 28
    if "\uac00" <= word[-1] <= "\ud7a3":
        return (ord(word[-1]) - 0xAC00) % 28
    return _latin_final(word)


def _fix(m: re.Match[str]) -> str:
    word, pair = str(m.group(1)), str(m.group(2))
    final = final_of(word)
    if pair == "(으)로":
        return word + ("로" if final in (0, 8) else "으로")  # ㄹ takes 로
    with_batchim, without = _JOSA[pair]
    return word + (with_batchim if final else without)


def josa(s: str) -> str:
    """Pick every paired particle by the word before it (Hangul, a number, or English as it is read)."""
    return _RE.sub(_fix, s)
