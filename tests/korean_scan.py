"""What a Korean reader should never meet in Korean output: an English word that is not a card's name,
a step id, a rule set's id or a term Korean judges write in Latin letters (HQ, R&D, NSG...); a
particle left in its paired form (을(를), 이(가)...); an amount paid, gained or lost without 크레딧.
Shared by the tests of the CLI's Korean output and of the pages in Korean."""

from __future__ import annotations

import re
from functools import cache

from judge.cards.catalogue import all_cards
from judge.rulesets import RULESETS
from judge.scenario import EFFECTS, WHENS
from judge.scenario.conditions import CONDITIONS, COUNTS

# Written in Latin letters by Korean players and judges too (server names, rules' names, formats).
ALLOWED = {
    "HQ", "R&D", "Archives", "NSG", "FFG", "CR", "UFAQ", "FAQ", "NetrunnerDB", "ANCUR", "ETR", "YAML", "JSON",
    "SVG", "PNG", "PDF", "DOT", "Mermaid", "Markdown", "URL", "API", "id", "ID", "true", "false", "null", "all",
    "Graphviz", "Chromium", "SQLite", "Home", "End", "KiB", "MiB", "Content-Type", "UTF", "Tab", "Enter", "Esc",
}
# The scenario format's own words, which messages quote (`granted_by: <카드>`).
FORMAT = set(EFFECTS) | set(WHENS) | set(CONDITIONS) | set(COUNTS) | {
    "name", "type", "subtypes", "rezzed", "subroutines", "abilities", "effect", "when", "if", "first", "optional",
    "after", "cost", "text", "card", "cards", "ice", "root", "servers", "server", "run", "runner", "corp", "by",
    "at", "time", "granted_by", "trash_cost", "points", "credits", "bad_publicity", "actions", "expect", "title",
    "tags", "explanation", "sources", "ruleset", "turn", "position", "inward_of", "outward_of", "outermost",
    "innermost", "otherwise", "then", "count", "times", "plus", "mandatory", "this", "that", "confidence",
}
FALLBACK = re.compile(r"을\(를\)|은\(는\)|이\(가\)|와\(과\)|\(으\)로")
# a number said as money without its unit: "5를 내고", "3 지불", "2을 얻는다"
NO_UNIT = re.compile(r"(?<![\w.#])\d+\s*(?:을|를)?\s*(?:내고|낸다|내야|지불|얻는다|얻고|잃는다|잃고)")
_STEP = re.compile(r"\b\d+(?:\.\d+)+[a-z]?\b|\b\d+[a-z]\b")
_CODE = re.compile(r"`[^`]*`|\{\{[^}]*\}\}")
_WORD = re.compile(r"[A-Za-z\u00c0-\u024f][A-Za-z\u00c0-\u024f'’\-]*")


@cache
def _titles() -> re.Pattern:
    """Every card's English title (and id), longest first, as one pattern."""
    names = {c.title for c in all_cards()} | {c.id for c in all_cards()}
    return re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if len(n) > 1))


def latin_words(text: str, names: set[str] = frozenset()) -> list[str]:
    """The English words of a Korean text that are none of the allowed kinds (names: the scenario's
    own card, server and invented names, which stay as written)."""
    for n in sorted(names, key=len, reverse=True):
        if n:
            text = text.replace(n, " ")
    words_of_names = {w for n in names for w in _WORD.findall(n)}
    text = _CODE.sub(" ", text)
    text = _titles().sub(" ", text)
    text = _STEP.sub(" ", text)
    for rs in RULESETS:
        text = text.replace(rs, " ")
    out = []
    for w in _WORD.findall(text):
        w = w.strip("'’-")
        if len(w) < 2 or w in ALLOWED or w in FORMAT or "_" in w or w in words_of_names:
            continue
        out.append(w)
    return out


def fallbacks(text: str) -> list[str]:
    return [text[max(0, m.start() - 12):m.end()] for m in FALLBACK.finditer(text)]


_UNITS = ("크레딧", "클릭", "카드", "장", "점", "태그", "피해", "카운터", "토큰", "서브루틴", "번", "개")


def unitless(text: str) -> list[str]:
    """Money said as a bare number: "3을 내고" (not "클릭 1을 잃는다", "크레딧 2를 받는다")."""
    return [text[max(0, m.start() - 10):m.end()] for m in NO_UNIT.finditer(text)
            if not any(u in text[max(0, m.start() - 8):m.start()] for u in _UNITS)]


def shown_text(trace_json: dict) -> str:
    """The words of a JSON trace a reader sees: its title, every event's sentence, the skip reasons,
    the warnings (keys, ids and the other language's explanation are data, not words)."""
    parts = [trace_json.get("title") or ""]
    parts += [e.get("text", "") for e in trace_json.get("events", [])]
    parts += [s.get("reason", "") for s in trace_json.get("skipped", [])]
    parts += list(trace_json.get("warnings", []))
    return "\n".join(parts)
