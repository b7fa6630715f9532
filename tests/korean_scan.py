"""What a Korean reader should never meet in Korean output: an English word that is not a card's name,
a step id, a rule set's id or a term Korean judges write in Latin letters (HQ, R&D, NSG...); a
particle left in its paired form (을(를), 이(가)...); an amount paid, gained or lost without 크레딧.
Shared by the tests of the CLI's Korean output and of the pages in Korean."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from judge.cards.catalogue import all_cards
from judge.rulesets import RULESETS
from judge.scenario import EFFECTS, WHENS
from judge.scenario.conditions import CONDITIONS, COUNTS

# Written in Latin letters by Korean players and judges too (server names, rules' names, formats).
ALLOWED = {
    "HQ", "R&D", "Archives", "NSG", "FFG", "CR", "UFAQ", "FAQ", "NetrunnerDB", "ANCUR", "ETR", "YAML", "JSON",
    "SVG", "PNG", "PDF", "DOT", "Mermaid", "Markdown", "URL", "API", "id", "ID", "true", "false", "null", "all",
    "Graphviz", "Chromium", "SQLite", "Home", "End", "KiB", "MiB", "Content-Type", "UTF", "Tab", "Enter", "Esc",
    "RR", "HTML", "English", "namuwiki", "AI", "NEXT", "RAM", "NISEI", "NBN",
}
# The scenario format's own words, which messages quote (`granted_by: <카드>`).
FORMAT = set(EFFECTS) | set(WHENS) | set(CONDITIONS) | set(COUNTS) | {
    "name", "type", "subtypes", "rezzed", "subroutines", "abilities", "effect", "when", "if", "first", "optional",
    "after", "cost", "text", "card", "cards", "ice", "root", "servers", "server", "run", "runner", "corp", "by",
    "at", "time", "granted_by", "trash_cost", "points", "credits", "bad_publicity", "actions", "expect", "title",
    "tags", "explanation", "sources", "ruleset", "turn", "position", "inward_of", "outward_of", "outermost",
    "innermost", "otherwise", "then", "count", "times", "plus", "mandatory", "this", "that", "confidence",
    "with", "of", "until", "rez_cost", "credits_for", "breaker", "corp_credits", "broken", "encountered_ice",
}
FALLBACK = re.compile(r"을\(를\)|를\(을\)|은\(는\)|는\(은\)|이\(가\)|가\(이\)|와\(과\)|과\(와\)|\(으\)로")
# a number said as money without its unit: "5를 내고", "3 지불", "2을 얻는다"
NO_UNIT = re.compile(r"(?<![\w.#])\d+\s*(?:을|를)?\s*(?:내고|낸다|내야|지불(?!\s*능력)|얻는다|얻고|잃는다|잃고)")
_STEP = re.compile(r"\b\d+(?:\.\d+)+[a-z]?\b|\b\d+[a-z]\b")
_CUT = re.compile(r"[A-Za-z\u00c0-\u024f'’\-]+…")
_CODE = re.compile(r"`[^`]*`|\{\{[^}]*\}\}|(?<![A-Za-z])'[^'\n]{1,60}'(?![A-Za-z])")  # code; what a message quotes
_KEYS = "|".join(sorted(FORMAT, key=len, reverse=True))
_KEY = re.compile(rf"\b(?:{_KEYS})\s*:(?:\s*(?:true|false|null|all|[a-z_]+))?")
_WORD = re.compile(r"[A-Za-z\u00c0-\u024f][A-Za-z_\u00c0-\u024f'’\-]*")


@cache
def _titles() -> re.Pattern:
    """Every card's English title (and id), longest first, as one pattern."""
    names = {c.title.replace("’", "'") for c in all_cards()} | {c.id for c in all_cards()}
    alts = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if len(n) > 1)
    return re.compile(rf"(?<![A-Za-z])(?:{alts})(?![A-Za-z])")


def latin_words(text: str, names: set[str] = frozenset()) -> list[str]:
    """The English words of a Korean text that are none of the allowed kinds (names: the scenario's
    own card, server and invented names, which stay as written)."""
    long_first = sorted(names, key=len, reverse=True)
    for n in long_first:  # file names first: a card's id inside one ("…-tollbooth") is part of it
        if "-" in n:
            text = text.replace(n, " ")
    text = _titles().sub(" ", text.replace("’", "'"))  # real cards before names: "R&D Interface", not R&D
    for n in long_first:
        if n:
            text = text.replace(n, " ")
    words_of_names = {w for n in names for w in _WORD.findall(n)}
    text = _CODE.sub(" ", text.replace("’", "'"))
    text = _CUT.sub(" ", text)   # a name cut short on a chart ("Account Siph…")
    text = _KEY.sub(" ", text)   # a format word quoted as YAML: `rezzed: true`, `if: {...}`
    text = _titles().sub(" ", text)
    text = _STEP.sub(" ", text)
    for rs in RULESETS:
        text = text.replace(rs, " ")
    out = []
    for w in _WORD.findall(text):
        w = w.strip("'’-")
        if len(w) < 2 or w in ALLOWED or "_" in w or w in words_of_names:
            continue
        out.append(w)
    return out


# Nouns of the glossary (docs/korean-glossary.md) and a few more the project writes often: a particle
# right after one of them must be the form its last syllable takes (추적을, not 추적를; 서버가, not 서버이).
_GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "korean-glossary.md"
MORE_NOUNS = ("서버", "카드", "능력", "카운터", "토큰", "효과", "모델", "판정기", "아이스브레이커", "프로그램",
              "하드웨어", "리소스", "자산", "업그레이드", "작전", "이벤트", "아이덴티티", "위치", "기금", "사본")
_PAIRS = (("을", "를"), ("은", "는"), ("이", "가"), ("과", "와"), ("으로", "로"))


@cache
def glossary_nouns() -> tuple[str, ...]:
    """The Korean words of the glossary's table of terms (one word or two, no particles), and MORE_NOUNS."""
    out: set[str] = set(MORE_NOUNS)
    for line in _GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and re.search(r"[가-힣]", cells[1]):
            for word in re.split(r"\s*/\s*", cells[1]):
                if re.fullmatch(r"[가-힣]+(?: [가-힣]+)?", word):
                    out.add(word)
    return tuple(sorted(out, key=len, reverse=True))


@cache
def _particle_pattern() -> re.Pattern:
    nouns = "|".join(map(re.escape, glossary_nouns()))
    forms = "|".join(sorted({f for pair in _PAIRS for f in pair}, key=len, reverse=True))
    return re.compile(rf"(?<![가-힣])({nouns})({forms})(?![가-힣])")


def wrong_particles(text: str) -> list[str]:
    """A glossary noun followed by the particle form its last syllable does not take ("추적를")."""
    from judge.i18n.josa import final_of

    out = []
    for m in _particle_pattern().finditer(text):
        noun, form = m.group(1), m.group(2)
        final = final_of(noun)
        for consonant_form, vowel_form in _PAIRS:
            if form not in (consonant_form, vowel_form):
                continue
            if (consonant_form, vowel_form) == ("으로", "로"):
                right = "로" if final in (0, 8) else "으로"
            elif (consonant_form, vowel_form) == ("과", "와"):
                right = "와" if final == 0 else "과"
            else:
                right = vowel_form if final == 0 else consonant_form
            if form != right:
                out.append(f"{noun}{form} (say {noun}{right})")
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


def scan_trace(t, names: set[str]) -> dict[str, list[str]]:
    """What a Korean reader should not meet in a trace: its CLI text and its JSON's sentences."""
    from judge.render.trace_text import render_text

    text = render_text(t, "ko", verbose=True) + "\n" + shown_text(t.as_dict("ko"))
    return {"latin": latin_words(text, names), "fallback": fallbacks(text), "unitless": unitless(text)}


def names_of(sc) -> set[str]:
    """The names a scenario gives (cards, servers), which stay as written in Korean too."""
    out = set(sc.servers)
    for c in sc.all_cards().values():
        out |= {c.key, c.name}
    return out


def _context(text: str, word: str) -> str:
    i = text.find(word)
    return text[max(0, i - 40):i + len(word) + 40].replace("\n", " ") if i >= 0 else word


def main(argv: list[str]) -> int:
    """`python tests/korean_scan.py FILE...` (examples) or `--models MODELS.yaml...`: what is left,
    per file, with a little context; exit 1 when anything is."""
    import sys
    from pathlib import Path

    import yaml

    from judge.analysis.check import expected_error
    from judge.cards.model import models
    from judge.engine import run
    from judge.render.trace_text import render_text
    from judge.scenario import load_scenario

    found = 0
    if argv and argv[0] == "--models":
        wanted = {Path(p).name for p in argv[1:]}
        items = [(f"{cid}#{n + 1}", load_scenario(f"{cid}.yaml", text=yaml.safe_dump(
            {k: v for k, v in chk.items() if k not in ("expect", "title")}, allow_unicode=True)))
            for cid, m in sorted(models().items()) if m.source in wanted for n, chk in enumerate(m.checks)]
    else:
        items = [(p, load_scenario(p)) for p in argv if expected_error(Path(p)) is None]
    for label, sc in items:
        for rs in sc.expected_rulesets() or [sc.ruleset]:
            t = run(sc, rs)
            got = scan_trace(t, names_of(sc))
            if any(got.values()):
                found += 1
                text = render_text(t, "ko", verbose=True) + "\n" + shown_text(t.as_dict("ko"))
                print(f"== {label} [{rs}]")
                for w in dict.fromkeys(got["latin"]):
                    print(f"   latin {w!r}: …{_context(text, w)}…")
                for x in got["fallback"] + got["unitless"]:
                    print(f"   {x!r}")
    print(f"{found} runs with something left", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))


def real_titles(sc) -> dict[str, str]:
    """The English titles of the scenario's real cards (`card:`) that have a Korean title."""
    return {str(c.name): c.title_ko for c in sc.all_cards().values() if c.title_ko}


def english_titles(text: str, titles: dict[str, str]) -> list[str]:
    """The English titles of these cards a Korean text still says."""
    if not titles:
        return []
    alts = "|".join(re.escape(n) for n in sorted(titles, key=len, reverse=True))
    return re.findall(rf"(?<![A-Za-z])(?:{alts})(?![A-Za-z])", text.replace("’", "'"))
