"""Card names that keep their Korean title wherever the scenario names the card again.

The loader gives a `card:` entry's name as an `i18n.Title`; an effect, an action or an ability that
names that card again (`swap_ice: [Ice Wall, Enigma]`, `rez: Tollbooth`, `after: Security Testing`)
reads a plain string from the YAML. Every such name is replaced here by the card's own key, so
what the engine derives from it (the ice after a swap, a trigger's source, a second approach
`Ice Wall#2`) is still the Title and a Korean reader meets the Korean title. A Korean text the file
or a card model writes (`note: {ko: "Snare!: 기업이 ..."}`) says real cards' English titles in
Korean too, with the particle after them chosen again.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from functools import cache
from typing import Any

from .. import cards as catalogue
from ..i18n import Text, Title, josa
from .model import Scenario

__all__ = ["with_titles", "korean_titles_in"]

# a particle right after a name, which the Korean title may need in its other form
_PARTICLE = r"(?:을|를|이|가|은|는|과|와|으로|로)(?![가-힣])"
_PAIRED = {"을": "을(를)", "를": "을(를)", "이": "이(가)", "가": "이(가)", "은": "은(는)", "는": "은(는)",
           "과": "과(와)", "와": "과(와)", "으로": "(으)로", "로": "(으)로"}


@cache
def _korean_titles() -> tuple[dict[str, str], re.Pattern[str] | None]:
    """Every real card's English title that has a Korean title, and one pattern finding them."""
    ko = {c.title: c.title_ko for c in catalogue.all_cards() if c.title_ko}
    if not ko:
        return ko, None
    alts = "|".join(re.escape(n) for n in sorted(ko, key=len, reverse=True))
    return ko, re.compile(rf"(?<![A-Za-z])({alts})(?![A-Za-z])({_PARTICLE})?")


def korean_titles_in(text: str) -> str:
    """A Korean text with each real card's English title written as its Korean title."""
    ko, pattern = _korean_titles()
    if pattern is None or not re.search(r"[A-Za-z]", text):
        return text

    def one(m: re.Match[str]) -> str:
        title, particle = ko[m.group(1)], m.group(2)
        return josa(title + _PAIRED[particle]) if particle else title
    return pattern.sub(one, text)


def _fixer(keys: dict[str, Title]) -> Any:
    seen: dict[int, tuple[Any, Any]] = {}  # one object (a card listed twice) stays one object

    def fix(v: Any) -> Any:
        if id(v) in seen:
            return seen[id(v)][1]
        out = _fix(v)
        seen[id(v)] = (v, out)  # v kept alive, so its id is not reused
        return out

    def _fix(v: Any) -> Any:
        if type(v) is str:
            return keys.get(v, v)
        if isinstance(v, Title):
            return v
        if isinstance(v, Text):
            return Text(v.en, korean_titles_in(v.ko)) if v.ko else v
        if isinstance(v, tuple):
            items = tuple(fix(x) for x in v)
            return v if all(a is b for a, b in zip(items, v, strict=True)) else items
        if isinstance(v, dict):
            new = {k: fix(x) for k, x in v.items()}
            return v if all(new[k] is x for k, x in v.items()) else new
        if is_dataclass(v) and not isinstance(v, type):
            changes = {}
            for f in fields(v):
                if not f.init:
                    continue
                old = getattr(v, f.name)
                new = fix(old)
                if new is not old:
                    changes[f.name] = new
            return replace(v, **changes) if changes else v
        return v
    return fix


def with_titles(sc: Scenario) -> Scenario:
    """The scenario with every card it names again given as that card's key (its Title)."""
    keys = {str(k): k for k in sc.all_cards() if isinstance(k, Title)}
    fix = _fixer(keys)
    changes = {}
    for name in ("runner_cards", "corp_cards", "servers", "actions", "by"):
        old = getattr(sc, name)
        new = fix(old)
        if new is not old:
            changes[name] = new
    return replace(sc, **changes) if changes else sc


