"""The library and the card models say one idea with one Korean word.

Teachers hand cases to Korean players, and the same idea under two words reads as two ideas. The
review of the library (issue 15) found these drifts; each is a named test here, checked over every
example's Korean explanation and every card model's Korean `about` and `left_out`:

- the pass of no ice (the seed's 1 -> 4 with nothing to pass) is 빈 통과, never 공허한 (4) 통과;
- an agenda the Corp scored is 득점한, never 점수 낸;
- net damage is 넷 피해 (not 망 피해 or 네트 피해), meat damage 미트 피해 (not 육체 피해 or 고기 피해);
- ice that leaves play is 언인스톨된다, the seed's word: 게임에서 빠지면 reads as "removed from the game";
- where the English says the Runner passes (or approaches, encounters) an ice, the Korean says so
  (통과하자, 접근하자, 대치하자), never the vague 만나자;
- an agenda is 아젠다, the seed's spelling, not 어젠다;
- to derez is 디레즈하다, never 레즈 해제; a card hosted on another is 호스트된, never 숙주 or 얹다.

Where an English explanation names one of these ideas, its Korean one uses the chosen word. The
card models' Korean is held to the same words.

Drifts of a real card from the catalogue (its type, subtypes, number of subroutines, trash cost or
agenda points) are named by `tests/test_examples_real_cards.py`, one message per kind of drift.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from judge.cards.model import models
from judge.paths import EXAMPLES

FILES = sorted(EXAMPLES.glob("*.yaml"))

# name of the drift -> (the word the project uses, the words it replaces)
DRIFTS = {
    "vacuous pass": ("빈 통과", re.compile(r"공허한\s*(?:4\s*)?통과")),
    "scored agenda": ("득점한", re.compile(r"점수(?:를)?\s*낸")),
    "net damage": ("넷 피해", re.compile(r"망\s*피해|네트(?:워크)?\s*피해")),
    "meat damage": ("미트 피해", re.compile(r"육체\s*피해|고기\s*피해")),
    "uninstalled ice": ("언인스톨", re.compile(r"게임에서\s*빠지")),
    "passes, approaches or encounters an ice": ("통과하자 / 접근하자 / 대치하자", re.compile(r"만나자")),
    "agenda": ("아젠다", re.compile(r"어젠다")),
    "derez": ("디레즈", re.compile(r"레즈\s*해제")),
    "host": ("호스트", re.compile(r"숙주|얹(?:다|는|은|을|어|고)")),
}

# an idea in the English explanation -> the Korean word its Korean explanation must use
PAIRS = {
    "vacuous pass": (re.compile(r"\bvacuous\b|\bpass of no ice\b|\bno ice to pass\b"), "빈 통과"),
    "net damage": (re.compile(r"\bnet damage\b"), "넷 피해"),
    "meat damage": (re.compile(r"\bmeat damage\b"), "미트 피해"),
    "uninstalled ice": (re.compile(r"\buninstall"), "언인스톨"),
}


def _korean_of_example(path: Path) -> tuple[str, str]:
    ex = yaml.safe_load(path.read_text(encoding="utf-8")).get("explanation") or {}
    return (ex.get("en", ""), ex.get("ko", "")) if isinstance(ex, dict) else (ex, "")


def _ko(node) -> list[str]:
    """Every `ko` string of a model, wherever it sits (about, left_out, subroutines, notes...)."""
    if isinstance(node, dict):
        return [v for k, v in node.items() if k == "ko" and isinstance(v, str)] + [
            x for k, v in node.items() if k != "ko" for x in _ko(v)]
    if isinstance(node, (list, tuple)):
        return [x for v in node for x in _ko(v)]
    return []


def _korean_of_models() -> dict[str, str]:
    return {card_id: "\n".join(_ko([m.about, list(m.left_out), m.card])) for card_id, m in models().items()}


def drifts_in(text: str, name: str) -> list[str]:
    word, other = DRIFTS[name]
    return [f"{m.group(0)!r} (say {word})" for m in other.finditer(text)]


@pytest.mark.parametrize("name", list(DRIFTS))
def test_the_examples_use_one_korean_word(name):
    found = [f"{p.name}: {d}" for p in FILES for d in drifts_in(_korean_of_example(p)[1], name)]

    assert not found, f"{name}:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("name", list(DRIFTS))
def test_the_card_models_use_one_korean_word(name):
    found = [f"card model {cid}: {d}" for cid, text in _korean_of_models().items() for d in drifts_in(text, name)]

    assert not found, f"{name}:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("name", list(PAIRS))
def test_an_idea_in_the_english_explanation_has_its_korean_word(name):
    idea, word = PAIRS[name]
    missing = [p.name for p in FILES if idea.search(_korean_of_example(p)[0]) and word not in _korean_of_example(p)[1]]

    assert not missing, f"{name}: the English names it, the Korean does not say {word}: {missing}"


@pytest.mark.parametrize(("name", "text"), [
    ("vacuous pass", "런은 공허한 4 통과를 거친다"),
    ("vacuous pass", "공허한 통과"),
    ("scored agenda", "기업이 점수 낸 아젠다"),
    ("net damage", "망 피해 2를 준다"),
    ("meat damage", "육체 피해 1"),
    ("uninstalled ice", "아이스가 게임에서 빠지면"),
    ("passes, approaches or encounters an ice", "러너가 아이스를 만나자"),
    ("agenda", "어젠다를 훔친다"),
    ("derez", "그 아이스를 레즈 해제한다"),
    ("host", "숙주 아이스를 폐기한다"),
    ("host", "트로이목마를 아이스에 얹는다"),
])
def test_a_drift_is_found_and_named(name, text):
    found = drifts_in(text, name)

    assert len(found) == 1 and DRIFTS[name][0] in found[0]


@pytest.mark.parametrize(("name", "text"), [
    ("vacuous pass", "통과할 아이스가 없는 4(빈 통과)"),
    ("scored agenda", "득점한 아젠다"),
    ("net damage", "넷 피해 2"),
    ("uninstalled ice", "Jackson을 게임에서 제거한다"),
    ("passes, approaches or encounters an ice", "러너가 아직 만나지 않은 아이스"),
    ("derez", "그 아이스를 디레즈한다"),
    ("host", "호스트된 트로이목마"),
])
def test_the_chosen_word_passes(name, text):
    assert drifts_in(text, name) == []
