"""Korean particles chosen by the word before them ("러너이(가)" -> "러너가")."""

from __future__ import annotations

import re

__all__ = ["josa"]

_JOSA = {"이(가)": ("이", "가"), "을(를)": ("을", "를"), "은(는)": ("은", "는"), "와(과)": ("과", "와"),
         "(으)로": ("으로", "로")}
_RE = re.compile("([\uac00-\ud7a3]|[0-9]+)(" + "|".join(re.escape(k) for k in _JOSA) + ")")
# How a number is read aloud ends: its last digit (일 이 삼 사 오 육 칠 팔 구), or for a round number
# the unit (십 백 천 만); 영 for zero itself.
_DIGIT_SYLLABLE = dict(zip("0123456789", "영일이삼사오육칠팔구", strict=True))
_UNIT_SYLLABLE = {1: "십", 2: "백", 3: "천", 4: "만"}


def _spoken_end(number: str) -> str:
    """The syllable a number is read aloud with at its end ("3" -> 삼, "20" -> 십, "0" -> 영)."""
    digits = number.lstrip("0") or "0"
    zeros = len(digits) - len(digits.rstrip("0"))
    if digits == "0" or zeros == 0:
        return _DIGIT_SYLLABLE[digits[-1]]
    return _UNIT_SYLLABLE.get(zeros % 4 or 4, "만")


def _fix(m: re.Match) -> str:
    word, pair = m.group(1), m.group(2)
    syl = _spoken_end(word) if word.isdigit() else word
    final = (ord(syl) - 0xAC00) % 28
    if pair == "(으)로":
        return word + ("로" if final in (0, 8) else "으로")  # ㄹ takes 로
    with_batchim, without = _JOSA[pair]
    return word + (with_batchim if final else without)


def josa(s: str) -> str:
    """Pick the particle after a Hangul syllable or a number (as it is read: 1을, 2를, 10을); after
    other text (English card names) the paired form stays."""
    return _RE.sub(_fix, s)
