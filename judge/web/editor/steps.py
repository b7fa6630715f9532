"""The form's step list follows its rule set: when the rule set changes, the steps already chosen
for the actions are carried to the new one by what they mean, ice included (2.2 of Hunter under
the Rules Reference becomes 6.9.4c of Enigma under NSG), instead of failing later with "is not a
step of nsg". A step with no counterpart is cleared, and its field says why."""

from __future__ import annotations

from ... import rulesets
from ...engine.trace import occurrence
from ...rulesets.moments import Board, Gap, place
from ..i18n import lang, t
from .form import FormData

__all__ = ["effective", "follow"]


def effective(ruleset_id: str | None) -> str:
    """The rule set a form's value means ("" or an unknown one: the format's default)."""
    return ruleset_id if ruleset_id in rulesets.RULESETS else rulesets.DEFAULT


def _board(fd: FormData) -> Board:
    server = fd.values.get("server", "").strip() or "HQ"
    return Board({server: tuple(r["name"].strip() for _, r in fd.filled("ice"))}, server)


def follow(fd: FormData) -> None:
    """Carry the actions' steps from the rule set the rows were written in (`ruleset_was`) to the
    form's rule set now, and remember the new one."""
    was, now = fd.values.get("ruleset_was", ""), effective(fd.values.get("ruleset"))
    fd.values["ruleset_was"] = now
    if was not in rulesets.RULESETS or was == now:
        return
    board, steps = _board(fd), rulesets.get(was).step_ids
    for i, row in enumerate(fd.rows["act"]):
        at, ice = row["at"].strip(), row["ice"].strip() or None
        if at not in steps:
            continue
        got = place(was, at, ice, 1, now, board, acting=True)
        if isinstance(got, Gap):
            row["at"] = ""
            fd.errors[f"act:{i}:at"] = t("fe_no_moment", at=occurrence(at, ice), rs=t("cmp_rs_" + now),
                                         when=got.when.text(lang()), why=got.why.text(lang()))
        else:
            row["at"], row["ice"] = got.step, got.ice or ""
