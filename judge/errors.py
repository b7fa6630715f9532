"""One family of domain errors, each carrying where and what went wrong."""

from __future__ import annotations

__all__ = ["JudgeError", "ScenarioError", "RunError", "RulesetError"]


class JudgeError(Exception):
    """Base of every error the judge reports to a person."""

    def __init__(self, message: str, *, where: str | None = None, line: int | None = None,
                 source: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.line = line
        self.source = source

    def located(self, source: str | None = None, line: int | None = None) -> JudgeError:
        """Fill in the file and line when the raiser did not know them."""
        if self.source is None:
            self.source = source
        if self.line is None:
            self.line = line
        return self

    def __str__(self) -> str:
        head = ""
        if self.source:
            head = self.source + (f":{self.line}" if self.line else "") + ": "
        elif self.line:
            head = f"line {self.line}: "
        place = f"{self.where}: " if self.where else ""
        return f"{head}{place}{self.message}"

    def text(self, lang: str = "en") -> str:
        """The message alone, in a language (the place in the file is added by str())."""
        if lang == "ko":
            from .errors_ko import to_korean
            return to_korean(self.message)
        return self.message

    def located_text(self, lang: str = "en") -> str:
        """Like str(), in a language."""
        return str(self).replace(self.message, self.text(lang), 1) if lang == "ko" else str(self)

    def as_dict(self, lang: str = "en") -> dict:
        """The JSON form used by the API: {"error": ..., "where": ...}."""
        where = self.where or ""
        if self.line:
            where = f"line {self.line}" + (f", {where}" if where else "")
        return {"error": self.text(lang), "where": where or None}


class ScenarioError(JudgeError):
    """The scenario file is malformed, or asks for something that can never apply."""


class RunError(JudgeError):
    """The run cannot be resolved (for example it loops past the step bound)."""


class RulesetError(JudgeError):
    """A ruleset's data is inconsistent (a bug in the project, caught by self-checks)."""
