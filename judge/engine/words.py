"""Words for what the engine reports that are made of parts: a condition that did not hold."""

from __future__ import annotations

from ..i18n import Msg, msg

__all__ = ["condition_text"]


def condition_text(cond: tuple[str, object]) -> Msg:
    """A condition of `if:` in words ("the run was successful", "at least 2 ice passed")."""
    key, value = cond
    if value is False:
        return msg("engine.conditions.not", what=msg(f"engine.conditions.{key}", v=""))
    return msg(f"engine.conditions.{key}", v="" if value is True else value)
