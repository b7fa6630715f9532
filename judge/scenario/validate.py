"""Checks of plain values bound to one document, so every error knows its file, line and place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import ScenarioError
from ..i18n import Msg, Text, Title, msg
from .readings import Notice
from .yamlsource import Doc, YPath, path_text

__all__ = ["Validator", "value_kind", "what", "effect_word", "MAX_NAME", "MAX_TEXT", "MAX_LIST"]

MAX_NAME = 120
MAX_TEXT = 4000
MAX_LIST = 200


def what(slug: str) -> Msg:
    """What a value should have been ("a card name"), as a word of the catalogue."""
    return msg(f"errors.what.{slug}")


def effect_word(kind: str) -> Text:
    """An effect's name inside a message: the word the file uses, spaced in English ("decline
    steal"), quoted as the format's own word in Korean (`decline_steal`)."""
    return Text(kind.replace("_", " "), f"`{kind}`")


def value_kind(v: object) -> Msg:
    """How a wrong value is described in a message ("a list", "the number 3", ...)."""
    if v is None:
        return msg("errors.value.nothing")
    if isinstance(v, bool):
        return msg("errors.value.yes_no", v=str(v).lower())
    if isinstance(v, dict):
        return msg("errors.value.mapping")
    if isinstance(v, list):
        return msg("errors.value.list")
    if isinstance(v, (int, float)):
        return msg("errors.value.number", v=v)
    return msg("errors.value.other", v=f"{v!r}"[:60])


class Validator:
    """Validation helpers bound to one document."""

    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.notices: list[Notice] = []  # text read but not understood (see readings)

    def notice(self, path: YPath, what: str, text: str) -> None:
        """Remember text the judge could not read although it could change the answer."""
        self.notices.append(Notice(path, self.doc.line(path), what, text if len(text) <= 200 else text[:200]))

    def err(self, path: YPath, key: str, **args: object) -> ScenarioError:
        return ScenarioError(key, where=path_text(path) or None, line=self.doc.line(path),
                             source=self.doc.source, **args)

    def line(self, path: YPath) -> int | None:
        return self.doc.line(path)

    def mapping(self, v: Any, path: YPath, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(v, dict):
            raise self.err(path, "expected_mapping", got=value_kind(v))
        for k in v:
            if k not in allowed:
                raise self.err(path + (k,), "unknown_key", k=repr(k), allowed=", ".join(allowed))
        for k in required:
            if k not in v:
                raise self.err(path, "missing_key", k=repr(k))
        return v

    def string(self, v: Any, path: YPath, *, limit: int = MAX_NAME, kind: str = "text") -> str:
        w = what(kind)
        if not isinstance(v, str):
            if path in self.doc.raw and not isinstance(v, (dict, list)):
                v = self.doc.raw[path]  # `at: 2.3`, `name: No`: keep what was written
            else:
                raise self.err(path, "expected_what", what=w, got=value_kind(v))
        v = v.strip()
        if not v:
            raise self.err(path, "empty", what=w)
        if len(v) > limit:
            raise self.err(path, "too_long", what=w, n=len(v), max=limit)
        if any(ord(ch) < 32 and ch not in "\n\t" for ch in v):
            raise self.err(path, "control_in", what=w)
        return str(v)

    def words(self, v: Any, path: YPath, *, limit: int = MAX_NAME, kind: str = "text") -> str:
        """Free text in the reader's language: a string, or `{en: ..., ko: ...}` (ko optional),
        kept as the English text that a Korean reader sees in Korean (`i18n.Title`)."""
        if isinstance(v, dict):
            self.mapping(v, path, ("en", "ko"), ("en",))
            en = self.string(v["en"], path + ("en",), limit=limit, kind=kind)
            return Title(en, self.string(v["ko"], path + ("ko",), limit=limit, kind=kind)) if "ko" in v else en
        return self.string(v, path, limit=limit, kind=kind)

    def integer(self, v: Any, path: YPath, lo: int = 0, hi: int = 1000) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.err(path, "expected_whole", got=value_kind(v))
        if not lo <= v <= hi:
            raise self.err(path, "out_of_range", v=v, lo=lo, hi=hi)
        return v

    def boolean(self, v: Any, path: YPath) -> bool:
        if not isinstance(v, bool):
            raise self.err(path, "expected_bool", got=value_kind(v))
        return v

    def seq(self, v: Any, path: YPath, limit: int = MAX_LIST) -> list[Any]:
        if not isinstance(v, list):
            raise self.err(path, "expected_list", got=value_kind(v))
        if len(v) > limit:
            raise self.err(path, "list_too_long", n=len(v), max=limit)
        return v

    def choice(self, v: Any, path: YPath, options: Sequence[str], kind: str = "value") -> str:
        s = self.string(v, path, kind=kind)
        if s not in options:
            raise self.err(path, "not_known", s=repr(s), what=what(kind), options=", ".join(options))
        return s
