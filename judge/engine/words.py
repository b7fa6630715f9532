"""Words for what the engine reports that are made of parts: a condition that did not hold."""

from __future__ import annotations

from ..i18n import Msg, has, msg

__all__ = ["condition_text"]


def condition_text(cond: tuple[str, object]) -> Msg:
    """A condition of `if:` in words ("the run was successful", "at least 2 ice passed")."""
    key, value = cond
    if value is False:
        return msg("engine.conditions.not", what=msg(f"engine.conditions.{key}", v=""))
    return msg(f"engine.conditions.{key}", v="" if value is True else _word(key, value))


def _word(key: str, value: object) -> object:
    """A condition's value in words where it is a word of the format: a kind of server (central,
    remote, the card's own), an ice subtype; a server's or card's name as written."""
    if key in ("server", "not_server") and value in ("central", "remote", "this"):
        return msg(f"engine.server_kinds.{value}")
    if key in ("ice_subtype", "chosen_subtype") and isinstance(value, str):
        word = f"cardwords.subtypes.{value.replace(' ', '_')}"
        return msg(word) if has(word, "en") else value
    return value
