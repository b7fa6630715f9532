"""Text for the reader of rules documentation, not for the judge's own users: the library's prose
without its internal names (a case's file id in backticks becomes the case's title, scenario
syntax becomes words or goes, a rule set's id becomes its name), titles without their case
number ("D10: "), and in Korean every card under its official Korean title, the particle after
it chosen again for the new word."""

from __future__ import annotations

import re
from functools import cache, lru_cache

import yaml

from .. import paths
from ..cards.catalogue import all_cards
from ..i18n import has, in_lang, t
from ..i18n.josa import final_of
from ..rulesets import RULESETS

__all__ = ["for_readers", "plain_title", "korean_titles", "ruleset_name", "case_title"]

_CASE_NO = re.compile(r"^(?:[A-Za-z]{1,4}-?\d+[a-z]?|Core|Int-\d+)(?: \([^)]{1,20}\))?\s*:\s+")
_CODE = re.compile(r"(\s?\(\s*)?`([^`\n]+)`(\s*\))?")
_CASE_REF = re.compile(r"[a-z]+\d*[a-z]?(?:-[a-z0-9]+)*-?…?")
_KEY_VALUE = re.compile(r"([a-z_]+):\s*(.+)")
_RULESET = re.compile(r"(?<![A-Za-z0-9_-])(" + "|".join(re.escape(r) for r in sorted(RULESETS, key=len, reverse=True))
                      + r")(?![A-Za-z0-9_-])")
# Particles that follow a name, each as (after a final consonant, after none); 으로/로 apart.
_PAIRS = {"이": ("이", "가"), "가": ("이", "가"), "을": ("을", "를"), "를": ("을", "를"),
          "은": ("은", "는"), "는": ("은", "는"), "과": ("과", "와"), "와": ("과", "와")}
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_RIEUL = 8


def ruleset_name(rs_id: str, lang: str) -> str:
    """A rule set named in words: "FFG Rules Reference", "NSG Comprehensive Rules"."""
    return t(f"export.ruleset.{rs_id}", lang)


def plain_title(title: str) -> str:
    """A case's title without the case number it starts with ("D10: ", "E4b: ")."""
    return _CASE_NO.sub("", title, count=1)


@cache
def _cases() -> dict[str, dict]:
    """Every library case's file stem and title (read only for its title)."""
    out = {}
    for path in sorted(paths.EXAMPLES.glob("*.yaml")):
        try:
            doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            continue
        if isinstance(doc, dict) and doc.get("title"):
            out[path.stem] = doc["title"]
    return out


def case_title(ref: str, lang: str) -> str | None:
    """The title of the library case a reference names: its file stem, or the stem's start
    written "d29-…"; None when no case has it."""
    stem = ref.rstrip("…").rstrip("-")
    cases = _cases()
    hit = cases.get(stem) or next((v for k, v in cases.items() if k.startswith(stem + "-")), None)
    if hit is None:
        return None
    return plain_title(str(in_lang(hit, lang) if not isinstance(hit, dict) else hit.get(lang) or hit.get("en")))


def _quoted(text: str) -> str:
    return f"“{text}”"


def _code(m: re.Match, lang: str) -> str:
    """One backticked span of the library's prose, said for a reader."""
    before, body, after = m.group(1) or "", m.group(2).strip(), m.group(3) or ""
    if body.startswith("judge "):              # how to use the judge itself: not for this reader
        return _DROP
    if _CASE_REF.fullmatch(body) and (title := case_title(body, lang)) is not None:
        return before + _quoted(title) + after
    if before and after:                      # "(`after: Code Replicator`)": an aside for scenario writers
        return ""
    if body.startswith("{") and _KEY_VALUE.search(body.strip("{} ")):   # a line of a scenario: its sentence is for scenario writers
        return _DROP
    if body in RULESETS:
        return before + ruleset_name(body, lang) + after
    kv = _KEY_VALUE.fullmatch(body)
    if kv and kv.group(2).strip() not in ("true", "false", "null") and "{" not in kv.group(2):
        return before + kv.group(2).strip().strip('"') + after
    key = (kv.group(1) if kv else body).strip()
    if has(f"export.syntax.{key}", lang):
        return before + t(f"export.syntax.{key}", lang) + after
    return before + _quoted(body.strip("{}[] ")) + after


_DROP = "\x00"
_SYNTAX_ASIDE = re.compile(r"\s*\((?:[^()]*[,;] )?[a-z_]+: [^()]*\)")   # "(effect: end_run, or if:)"
_DROPPED_SENTENCE = re.compile(r"(?:(?<=\s)|^)[^\s.。\n][^.。\n]*\x00[^.。\n]*(?:[.。]\s*|$)")


def _particle(word: str, rest: str) -> str:
    """`rest` with the particle it starts with chosen for `word` (Korean, by its final consonant)."""
    if rest.startswith(("으로", "로")) and not _HANGUL.match(rest[2 if rest.startswith("으로") else 1:][:1] or " "):
        final = final_of(word)
        tail = rest[2:] if rest.startswith("으로") else rest[1:]
        return ("로" if final in (0, _RIEUL) else "으로") + tail
    pair = _PAIRS.get(rest[:1])
    if pair and not _HANGUL.match(rest[1:2] or " "):
        return pair[1 if final_of(word) == 0 else 0] + rest[1:]
    return rest


def _swap(text: str, pattern: re.Pattern, new) -> str:
    """Every match replaced by new(match), and a Korean particle right after it fixed for the new word."""
    out, last = [], 0
    for m in pattern.finditer(text):
        word = new(m)
        after = _AFTER.match(text, m.end())
        rest = after.group(0) if after else ""
        out += [text[last:m.start()], word, _particle(word, rest) if rest else ""]
        last = m.end() + len(rest)
    out.append(text[last:])
    return "".join(out)


_AFTER = re.compile(r"[\uac00-\ud7a3]{1,2}")


_TOKEN = re.compile(r"[^\s\uac00-\ud7a3@#()\[\]\"“”‘,:;!?/]+")


def _first(title: str) -> str:
    m = _TOKEN.match(title)
    return m.group(0) if m else title


@cache
def _korean() -> dict[str, list[tuple[str, str]]]:
    """Every real card's English title that has an official Korean title, by its first word
    (longest title first), so a text is matched only against the titles it could hold."""
    names: dict[str, str] = {}
    for c in all_cards():
        if c.title_ko and c.title_ko != c.title and len(c.title) > 2:
            names.setdefault(c.title, c.title_ko)
            names.setdefault(c.title.replace("’", "'"), c.title_ko)
    heads: dict[str, set[str]] = {}
    for en, ko in list(names.items()):
        head, colon, _ = en.partition(":")
        if colon and len(head) >= 4:
            heads.setdefault(head.strip(), set()).add(ko.partition(":")[0].strip())
    for head, kos in heads.items():   # an identity by its name alone ("Khan"), where no card has it
        if len(kos) == 1 and head not in names:
            names[head] = next(iter(kos))
    by_first: dict[str, list[tuple[str, str]]] = {}
    for en, ko in names.items():
        by_first.setdefault(_first(en), []).append((en, ko))
    for v in by_first.values():
        v.sort(key=lambda p: -len(p[0]))
    return by_first


@cache
def _untitled() -> dict[str, list[tuple[str, str]]]:
    """Real cards' English titles with no Korean title, by first word, each as itself: a longer
    title wins over a shorter one inside it ("Code Replicator" stays whole, not "Code 복제기")."""
    out: dict[str, list[tuple[str, str]]] = {}
    for c in all_cards():
        if (not c.title_ko or c.title_ko == c.title) and " " in c.title:
            out.setdefault(_first(c.title), []).append((c.title, c.title))
    return out


def _words(text: str) -> set[str]:
    out = set()
    for tok in _TOKEN.findall(text):
        out |= {tok, tok.rstrip(".'’"), tok[:-2] if tok.endswith(("'s", "’s")) else tok}
    return out


def _nicknames(text: str, table: dict[str, list[tuple[str, str]]]) -> dict[str, str]:
    """The short names a text gives the cards it names in full: an identity by the part before
    its colon ("Khan" for "Khan: Savvy Skiptracer"), a card of several words by its first word
    ("Caprice" for "Caprice Nisei"), each under the same part of its Korean title."""
    out: dict[str, str] = {}
    for w in _words(text):
        for en, ko in table.get(w, ()):
            if en not in text:
                continue
            head, colon, _ = en.partition(":")
            if colon and len(head) >= 3:
                out.setdefault(head, ko.partition(":")[0].strip() if ":" in ko else ko)
            words, ko_words = en.split(), ko.split()
            if len(words) > 1 and len(ko_words) > 1:
                if len(words[0]) >= 3 and words[0][0].isupper():
                    out.setdefault(words[0], ko_words[0])       # "Caprice" for Caprice Nisei
                if len(words) == 2 and len(words[1]) >= 4 and words[1][0].isupper():
                    out.setdefault(words[1], ko_words[-1])      # "Siphon" for Account Siphon
    return out


@lru_cache(maxsize=4096)
def _pattern(names: frozenset[tuple[str, str]]) -> re.Pattern:
    alts = "|".join(re.escape(n) for n, _ in sorted(names, key=lambda p: -len(p[0])))
    return re.compile(rf"(?<![A-Za-z0-9])(?:{alts})(?![A-Za-z0-9])")


def korean_titles(text: str, context: str = "") -> str:
    """Korean text with every card named under its official Korean title (names with no Korean
    title, and invented ones, stay as written). A card named in full in the text (or in
    `context`) is also found by its short name there."""
    table = _korean()
    names = dict(p for w in _words(text) for p in table.get(w, ()))
    if context or names:
        names = {**_nicknames(context + "\n" + text, table), **names}
    if not names:
        return text
    untitled = _untitled()
    names = {**{en: en for w in _words(text) for en, _ in untitled.get(w, ()) if en in text}, **names}
    return _swap(text, _pattern(frozenset(names.items())), lambda m: names[m.group(0)])


def for_readers(text: str, lang: str, context: str = "") -> str:
    """The library's prose (an explanation, a title) for a reader of rules documentation;
    `context`: other text on the same card (its English explanation names cards in full)."""
    text = _DROPPED_SENTENCE.sub("", _CODE.sub(lambda m: _code(m, lang), text)).strip()
    text = _SYNTAX_ASIDE.sub("", text)
    text = _swap(text, _RULESET, lambda m: ruleset_name(m.group(1), lang))
    text = re.sub(r"\s+([.,)])", r"\1", text).replace("()", "")
    return korean_titles(text, context) if lang == "ko" else text
