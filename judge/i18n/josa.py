"""Korean particles chosen by the word before them ("러너이(가)" -> "러너가")."""

from __future__ import annotations

import re

__all__ = ["josa"]

_JOSA = {"이(가)": ("이", "가"), "을(를)": ("을", "를"), "은(는)": ("은", "는"), "와(과)": ("과", "와"),
         "(으)로": ("으로", "로")}
_RE = re.compile("([\uac00-\ud7a3])(" + "|".join(re.escape(k) for k in _JOSA) + ")")


def _fix(m: re.Match) -> str:
    syl, pair = m.group(1), m.group(2)
    final = (ord(syl) - 0xAC00) % 28
    if pair == "(으)로":
        return syl + ("로" if final in (0, 8) else "으로")  # ㄹ takes 로
    with_batchim, without = _JOSA[pair]
    return syl + (with_batchim if final else without)


def josa(s: str) -> str:
    """Pick the particle after a Hangul syllable; after other text (English card names) the paired
    form stays."""
    return _RE.sub(_fix, s)
