"""Every user-facing string as a key plus arguments, in one catalogue per language.

The catalogues are `en/*.yaml` and `ko/*.yaml` beside this file; each file is a namespace
(`engine.yaml` holds `engine.events.enter`, ...). Code never holds a sentence: it names a key,
and errors are raised as a key and arguments (`judge.errors`), so every message exists in every
language (a test fails when a key lacks one). An argument that is itself a `Msg` is rendered in
the same language, so a message can embed another ("expected {what}" with what = "a card name").

This package imports nothing else from `judge`: everything may use it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

import yaml

from .josa import josa

__all__ = ["LANGS", "Msg", "Text", "Title", "msg", "t", "has", "catalogue", "josa", "in_lang"]

LANGS = ("en", "ko")
_HERE = Path(__file__).resolve().parent
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_lock = threading.Lock()
_cats: dict[str, dict[str, str]] = {}


@dataclass(frozen=True, slots=True)
class Msg:
    """A translatable value: a catalogue key and its arguments, rendered in the reader's language."""

    key: str
    args: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str = "en") -> str:
        return t(self.key, lang, **dict(self.args))

    def __str__(self) -> str:
        return self.text("en")


@dataclass(frozen=True, slots=True)
class Text:
    """Free text a scenario writes in each language (`note: {en: ..., ko: ...}`); English when the
    reader's language is missing."""

    en: str
    ko: str | None = None

    def text(self, lang: str = "en") -> str:
        return (self.ko or self.en) if lang == "ko" else self.en

    def __str__(self) -> str:
        return self.en


class Title(str):
    """A real card's name that has an official Korean title: it is the English name (or the id the
    scenario gave) everywhere a name is compared, stored or sent as JSON, and `t` writes it in Korean
    for a Korean reader. (A str subclass, so the engine carries it without knowing.)"""

    ko: str

    def __new__(cls, name: str, ko: str) -> Title:
        obj = super().__new__(cls, name)
        obj.ko = ko
        return obj

    def __reduce__(self) -> tuple[type[Title], tuple[str, str]]:
        return (Title, (str(self), self.ko))


def in_lang(v: object, lang: str) -> object:
    """Words as a reader of lang sees them: a `Title` in Korean for a Korean reader, a `Text` or
    `Msg` in the reader's language; anything else as is."""
    if isinstance(v, Title):
        return v.ko if lang == "ko" else v
    if isinstance(v, (Msg, Text)):
        return v.text(lang)
    return v


def msg(key: str, **args: object) -> Msg:
    """A Msg for a key and its arguments."""
    return Msg(key, tuple(args.items()))


def _flatten(prefix: str, value: object, out: dict[str, str]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(f"{prefix}.{k}", v, out)
    else:
        out[prefix] = "" if value is None else str(value)


def catalogue(lang: str) -> dict[str, str]:
    """Every key of a language and its template (read once per process)."""
    cat = _cats.get(lang)
    if cat is None:
        with _lock:
            cat = _cats.get(lang)
            if cat is None:
                if lang not in LANGS:
                    raise KeyError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
                cat = {}
                for f in sorted((_HERE / lang).glob("*.yaml")):
                    _flatten(f.stem, yaml.load(f.read_text(encoding="utf-8"), Loader=_LOADER), cat)
                _cats[lang] = cat
    return cat


def has(key: str, lang: str = "en") -> bool:
    """Whether a key exists in a language's catalogue."""
    return key in catalogue(lang)


def _value(v: object, lang: str) -> object:
    if isinstance(v, Title):
        return v.ko if lang == "ko" else str(v)
    if isinstance(v, (Msg, Text)):
        return v.text(lang)
    if isinstance(v, (list, tuple)) and v and all(isinstance(x, Msg) for x in v):
        return ", ".join(x.text(lang) for x in v)
    return v


def t(key: str, lang: str = "en", /, **args: object) -> str:
    """The text of a key in a language, filled in; Korean particles follow the words put in."""
    template = catalogue(lang)[key]
    out = template.format(**{k: _value(v, lang) for k, v in args.items()})
    return josa(out) if lang == "ko" else out
