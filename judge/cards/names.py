"""Normalised forms of card names and ids, and the fuzzy measure that compares them.

`key` is what `find` compares: case, spaces, punctuation, hyphens, apostrophes, underscores,
diacritics and full-width forms do not count (`Karunā` == `karuna`, `inside-job` == `Inside Job`).
`jamo` spells Hangul letter by letter, so that a syllable still being typed (`에닉` for `에니그마`)
is a prefix and a one-letter slip is one edit; `initials` gives the initial consonants (`ㅇㄴㄱㅁ`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

__all__ = ["fold", "sound", "key", "key_and_starts", "jamo", "initials", "only_initials", "bigrams", "distance",
           "similarity"]

_DROP = dict.fromkeys(map(ord, "™®©"), None)
_LETTERS = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th", "ð": "d"})
_NON_WORD = re.compile(r"[\W_]+")
_SYLLABLES = (0xAC00, 0xD7A3)
_CHOSEONG = (0x1100, 0x1112)
_HANGUL = re.compile("[\uac00-\ud7a3]")


def _final_to_initial() -> dict[int, str]:
    """Map each final consonant (jongseong) to the initial consonant(s) (choseong) that spell it."""
    table: dict[int, str] = {}
    for cp in range(0x11A8, 0x11C3):
        name = unicodedata.name(chr(cp)).removeprefix("HANGUL JONGSEONG ")
        try:
            table[cp] = unicodedata.lookup(f"HANGUL CHOSEONG {name}")
        except KeyError:  # a cluster such as KIYEOK-SIOS: its two letters
            table[cp] = "".join(unicodedata.lookup(f"HANGUL CHOSEONG {part}") for part in name.split("-"))
    return table


_FINALS = _final_to_initial()


def fold(text: str) -> str:
    """Return text lower-cased, without diacritics, full-width forms or trademark signs; Hangul stays whole."""
    if text.isascii():
        return text.casefold()
    s = unicodedata.normalize("NFKD", text.translate(_DROP))
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", s).casefold().translate(_LETTERS)


def key(text: str) -> str:
    """Return the compact key of a name or id: folded, with every space and punctuation mark removed."""
    return _NON_WORD.sub("", fold(text))


def key_and_starts(text: str) -> tuple[str, frozenset[int]]:
    """Return key(text) and the offsets in it where a word of text begins."""
    starts, at = set(), 0
    words = [w for w in _NON_WORD.split(fold(text)) if w]
    for word in words:
        starts.add(at)
        at += len(word)
    return "".join(words), frozenset(starts)


def jamo(k: str) -> str:
    """Return a key with each Hangul syllable spelt as its letters, finals written as initials."""
    if not _HANGUL.search(k):
        return k
    return unicodedata.normalize("NFD", k).translate(_FINALS)


@cache
def _initials_table() -> dict[int, str]:
    """Each Hangul syllable's initial consonant (made on first use: only compiling and searching need it)."""
    return {cp: chr(_CHOSEONG[0] + (cp - _SYLLABLES[0]) // 588) for cp in range(_SYLLABLES[0], _SYLLABLES[1] + 1)}


def initials(k: str) -> str:
    """Return the initial consonant of each Hangul syllable of a key (other characters are kept)."""
    return k.translate(_initials_table())


def only_initials(k: str) -> bool:
    """Say whether a key is nothing but Hangul initial consonants (typed as ㄱ, ㄴ, ...)."""
    return bool(k) and all(_CHOSEONG[0] <= ord(ch) <= _CHOSEONG[1] for ch in k)


def bigrams(k: str) -> set[str]:
    """Return the two-character pieces of a key, its start and end marked."""
    s = "\x02" + k + "\x03"
    return {s[i:i + 2] for i in range(len(s) - 1)}


def distance(a: str, b: str, limit: int) -> int:
    """Return the Damerau-Levenshtein distance (adjacent swaps count once), or limit + 1 when above limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    n = len(b)
    prev2: list[int] = []
    prev = list(range(n + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] * (n + 1)
        low = i
        for j in range(1, n + 1):
            cb = b[j - 1]
            d = prev[j - 1] + (ca != cb)
            x = prev[j] + 1
            if x < d:
                d = x
            x = cur[j - 1] + 1
            if x < d:
                d = x
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb and prev2[j - 2] + 1 < d:
                d = prev2[j - 2] + 1
            cur[j] = d
            if d < low:
                low = d
        if low > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1] if prev[-1] <= limit else limit + 1


def similarity(query: str, name: str) -> float:
    """Return how close a typed key is to a name's key, 0 to 1: edit distance, with prefix and substring boosts."""
    if not query or not name:
        return 0.0
    if query == name:
        return 1.0
    longest = max(len(query), len(name))
    limit = max(1, longest // 2)
    score = 1 - distance(query, name, limit) / longest
    if name.startswith(query):  # typed the start of the name
        score = max(score, 0.7 + 0.25 * len(query) / len(name))
    elif len(query) >= 3 and query in name:  # typed a word from the middle
        score = max(score, 0.6 + 0.25 * len(query) / len(name))
    elif len(query) >= 4:  # the start of the name, with a slip in it
        head = name[: len(query)]
        d = distance(query, head, max(1, len(query) // 4))
        if d <= len(query) // 4:
            score = max(score, 0.85 * (1 - d / len(query)))
    return score


# How a Hangul spelling of a foreign word sounds, by its consonants only: the vowels and the place
# of a sound (초성 or 받침) are what transliterations by ear disagree on (크라이시엄, 크리지움 for
# "Crisium"), the consonants much less. Each initial (index 0..18) and final (1..27) as a class;
# ㅇ as an initial is silent, the fricatives and affricates ㅅ ㅆ ㅈ ㅉ ㅊ one class (s / z / j).
_FINAL_SOUND = ("", "k", "k", "k", "n", "n", "n", "t", "r", "r", "r", "r", "r", "r", "r", "r", "m", "p", "p",
                "t", "t", "G", "t", "t", "k", "t", "p", "t")


def _initial_sound(i: int) -> str:
    # ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ
    return ("k", "k", "n", "t", "t", "r", "m", "p", "p", "s", "s", "", "s", "s", "s", "k", "t", "p", "h")[i]


def sound(text: str) -> str:
    """The consonants a Hangul word is heard with, each as its class, repeats as one ("크라이시엄" ->
    "krsm", the same as "크리지움"); Latin letters and digits are dropped."""
    out: list[str] = []
    for ch in text:
        cp = ord(ch)
        if not _SYLLABLES[0] <= cp <= _SYLLABLES[1]:
            continue
        n = cp - _SYLLABLES[0]
        for s in (_initial_sound(n // 588), _FINAL_SOUND[n % 28]):
            if s and (not out or out[-1] != s):
                out.append(s)
    return "".join(out)
