"""One family of domain errors, each a catalogue key plus arguments, and where it happened.

An error is raised as `ScenarioError("not_a_step", step=..., rs=..., where=..., line=...)`: the key
names a template under `errors.` in every language's catalogue (`judge/i18n/*/errors.yaml`), so
the same error reads in English or Korean without matching any text.
"""

from __future__ import annotations

from typing import Any

from .i18n import t

__all__ = ["JudgeError", "ScenarioError", "RunError", "RulesetError"]


class JudgeError(Exception):
    """Base of every error the judge reports to a person."""

    def __init__(self, key: str, *, where: str | None = None, line: int | None = None,
                 source: str | None = None, **params: object) -> None:
        self.key = key if key.startswith("errors.") else f"errors.{key}"
        self.params = params
        self.where = where
        self.line = line
        self.source = source
        super().__init__(self.key)

    @property
    def message(self) -> str:
        """The message alone, in English."""
        return self.text("en")

    def located(self, source: str | None = None, line: int | None = None) -> JudgeError:
        """Fill in the file and line when the raiser did not know them."""
        if self.source is None:
            self.source = source
        if self.line is None:
            self.line = line
        return self

    def _head(self, lang: str) -> str:
        head = ""
        if self.source:
            head = self.source + (f":{self.line}" if self.line else "") + ": "
        elif self.line:
            head = t("errors.at_line", lang, n=self.line) + ": "
        return head + (f"{self.where}: " if self.where else "")

    def __str__(self) -> str:
        return self.located_text("en")

    def text(self, lang: str = "en") -> str:
        """The message alone, in a language (the place in the file is added by located_text)."""
        return t(self.key, lang, **self.params)

    def located_text(self, lang: str = "en") -> str:
        """File, line, place and message, in a language."""
        return self._head(lang) + self.text(lang)

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        """The JSON form used by the API: {"error": ..., "where": ...}."""
        where = self.where or ""
        if self.line:
            where = t("errors.at_line", lang, n=self.line) + (f", {where}" if where else "")
        return {"error": self.text(lang), "where": where or None}


class ScenarioError(JudgeError):
    """The scenario file is malformed, or asks for something that can never apply."""


class RunError(JudgeError):
    """The run cannot be resolved (for example it loops past the step bound)."""


class RulesetError(JudgeError):
    """A ruleset's data is inconsistent (a bug in the project, caught by self-checks)."""
