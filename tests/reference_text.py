"""The official card texts kept beside the project (a reading aid, never copied), for the tests that
check that no official sentence is repeated in the project.

`shared/data/cards/reference-text.json` lives in the team's shared folder, outside the repository: it
is found by walking up from the repository root (`<ancestor>/shared/data/cards/reference-text.json`),
so the same tests find it from `/work/main` and from a worktree such as `/work/wt/x`. The environment
variable `JUDGE_REFERENCE_TEXT` names another file. Without the file (CI) the tests skip.

Sentences are compared as the shared tool `copied-card-text` compares them: lower case, HTML tags
and `[symbol]` icons dropped, every run of anything but letters and digits (spaces, punctuation,
straight or curly quotes) made one space; a card's text is cut into sentences at full stops and line
ends, and only sentences of 40 or more characters count.

Near-verbatim copies are caught as runs (`Runs`): any RUN_CHARS identical characters of a card's
text, normalised the same way (and once more with each icon read as its word, "3[credit]" as
"3 credit", so a copy that spells the icon out is caught too), wherever they sit in a text.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

__all__ = ["ROOT", "ENV", "MIN_CHARS", "RUN_CHARS", "reference_path", "normalise", "sentences",
           "official_sentences", "Matcher", "Runs", "strings_of"]

ROOT = Path(__file__).resolve().parent.parent
ENV = "JUDGE_REFERENCE_TEXT"
MIN_CHARS = 40
RUN_CHARS = 60
_RELATIVE = Path("shared") / "data" / "cards" / "reference-text.json"
_MARKUP = re.compile(r"<[^>]+>|\[[a-z]+\]")
_NON_WORD = re.compile(r"[^a-z0-9가-힣]+")
_SENTENCE_END = re.compile(r"[.\n]")
_ICON = re.compile(r"\[([a-z]+)\]")


def reference_path(root: Path = ROOT) -> tuple[Path | None, str]:
    """The reference file (or None) and, when there is none, where it was looked for."""
    env = os.environ.get(ENV)
    if env:
        p = Path(env).expanduser()
        return (p, "") if p.is_file() else (None, f"${ENV} names {p}, which is not a file")
    for ancestor in (root, *root.parents):
        p = ancestor / _RELATIVE
        if p.is_file():
            return p, ""
    return None, f"no {_RELATIVE} above {root} and ${ENV} is not set (the shared card texts are not on this machine)"


def normalise(text: str) -> str:
    """Lower case, markup dropped, every run of non-letters one space."""
    return _NON_WORD.sub(" ", _MARKUP.sub(" ", text.lower())).strip()


def readings(text: str) -> tuple[str, ...]:
    """A card text as it is compared: icons dropped, and icons read as their word ("1[credit]" as
    "1 credit")."""
    return text, _ICON.sub(lambda m: f" {m.group(1)} ", text)


def sentences(text: str) -> Iterator[str]:
    """The normalised sentences of a text, long enough to count (in both readings of its icons)."""
    seen = set()
    for reading in readings(text or ""):
        for part in _SENTENCE_END.split(reading):
            n = normalise(part)
            if len(n) >= MIN_CHARS and n not in seen:
                seen.add(n)
                yield n


def official_sentences(path: Path) -> dict[str, str]:
    """Every official sentence of 40 or more characters (normalised) -> the card id it comes from."""
    ref = json.loads(path.read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for card_id, text in ref.items():
        for s in sentences(text if isinstance(text, str) else ""):
            out.setdefault(s, card_id)
    return out


class Matcher:
    """Finds official sentences inside a text in one pass.

    Every official sentence is at least MIN_CHARS long, so it is indexed by its first MIN_CHARS
    characters. A copied sentence starts at a word of the normalised text (the sentence itself
    starts with a word), so the text is scanned once, looking each word start's next MIN_CHARS
    characters up in that index, and only a hit is compared in full: a set lookup per word instead
    of one substring search per official sentence. (The shared tool also finds a sentence glued to
    the letters before it; a sentence copied from a card begins a word, so nothing is lost.)
    """

    def __init__(self, official: Iterable[str]) -> None:
        self.by_prefix: dict[str, list[str]] = {}
        for s in official:
            self.by_prefix.setdefault(s[:MIN_CHARS], []).append(s)

    def find(self, text: str) -> list[str]:
        """The official sentences the text contains (normalised), in the order they appear."""
        body = normalise(text)
        found: list[str] = []
        prefixes, n, width = self.by_prefix, len(body), MIN_CHARS
        start = 0
        while start < n:
            candidates = prefixes.get(body[start:start + width])
            if candidates:
                found += [s for s in candidates if body.startswith(s, start)]
            nxt = body.find(" ", start)
            if nxt < 0:
                break
            start = nxt + 1
        return found


class Runs:
    """Every run of RUN_CHARS characters of the official texts (normalised, in both readings of their
    icons), to find where a text repeats one of them: a set lookup per position of the text."""

    def __init__(self, ref: dict[str, str | None], width: int = RUN_CHARS) -> None:
        self.width = width
        self.where: dict[str, str] = {}
        for card_id, text in ref.items():
            for reading in readings(text if isinstance(text, str) else ""):
                n = normalise(reading)
                for i in range(len(n) - width + 1):
                    self.where.setdefault(n[i:i + width], card_id)

    def find(self, text: str) -> list[tuple[str, str]]:
        """(card id, the repeated run) for each run of the text found in a card's text, one per copy."""
        body, width, out = normalise(text), self.width, []
        i = 0
        while i <= len(body) - width:
            card = self.where.get(body[i:i + width])
            if card is None:
                i += 1
                continue
            out.append((card, body[i:i + width]))
            i += width
        return out


def strings_of(node: object) -> Iterator[str]:
    """Every string in a parsed YAML/JSON value (mappings' values, lists' items)."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from strings_of(v)
    elif isinstance(node, (list, tuple)):
        for v in node:
            yield from strings_of(v)
