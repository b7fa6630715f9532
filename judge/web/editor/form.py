"""The situation form's data: plain strings as typed, rows that can be added, removed and moved."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...scenario import MAX_NAME, MAX_TEXT
from ..i18n import t

__all__ = ["COLUMNS", "SCALARS", "FormData", "blank", "from_request", "MAX_ROWS"]

MAX_ROWS = 100
SCALARS = ("title", "ruleset", "ruleset_was", "server", "by", "bad_publicity", "credits", "tags")
# Each kind of row and its columns; a row's fields are posted as repeated `<kind>-<column>` names.
# `card` is the NetrunnerDB id of the real card a row stands for (a hidden field: set when a card
# is picked, or filled in from a `card:` entry); a row whose name is a card's title is that card too.
COLUMNS: dict[str, tuple[str, ...]] = {
    "ice": ("name", "rezzed", "subs", "card"),
    "card": ("name", "place", "rezzed", "when", "effect", "value", "otherwise", "first", "card"),
    "acc": ("name", "type", "card"),
    "act": ("at", "ice", "by", "effect", "value", "otherwise"),
}
DEFAULTS: dict[str, dict[str, str]] = {
    "ice": {"rezzed": "yes"},
    "card": {"place": "runner", "rezzed": "yes", "first": "no"},
    "acc": {"type": "agenda"},
    "act": {"by": "runner"},
}
# The columns whose text makes a row worth keeping (the rest are selects with defaults).
TYPED = {"ice": ("name", "subs"), "card": ("name", "value"), "acc": ("name",),
         "act": ("at", "ice", "value")}


@dataclass
class FormData:
    values: dict[str, str]
    rows: dict[str, list[dict[str, str]]]
    errors: dict[str, str] = field(default_factory=dict)
    questions: dict[str, str] = field(default_factory=dict)  # text the judge could not read, by field

    def new_row(self, kind: str) -> dict[str, str]:
        return {c: DEFAULTS[kind].get(c, "") for c in COLUMNS[kind]}

    def is_blank(self, kind: str, row: dict[str, str]) -> bool:
        """Nothing typed and no effect chosen: a row with only an effect says something (it is
        refused with a message if it lacks its step or name, never dropped)."""
        return not any(row[c].strip() for c in TYPED[kind]) and not row.get("effect", "").strip()

    def filled(self, kind: str) -> list[tuple[int, dict[str, str]]]:
        """The rows that say something, with their index on the page."""
        return [(i, r) for i, r in enumerate(self.rows[kind]) if not self.is_blank(kind, r)]

    def apply_op(self, op: str) -> bool:
        """A row button pressed without JavaScript: `add:ice`, `del:ice:2`, `up:act:1`, `down:card:0`."""
        parts = op.split(":")
        if len(parts) < 2 or parts[1] not in COLUMNS:
            return False
        verb, kind, rows = parts[0], parts[1], self.rows[parts[1]]
        if verb == "add" and len(rows) < MAX_ROWS:
            rows.append(self.new_row(kind))
            return True
        if len(parts) != 3 or not parts[2].isdigit() or int(parts[2]) >= len(rows):
            return False
        i = int(parts[2])
        if verb == "del":
            rows.pop(i)
        elif verb == "up" and i > 0:
            rows[i - 1], rows[i] = rows[i], rows[i - 1]
        elif verb == "down" and i + 1 < len(rows):
            rows[i + 1], rows[i] = rows[i], rows[i + 1]
        else:
            return False
        return True


def blank(ruleset: str = "") -> FormData:
    """An empty situation: HQ, one row of each kind to start typing in, under a rule set."""
    fd = FormData(values={"title": "", "ruleset": ruleset, "ruleset_was": "", "server": "HQ", "by": "",
                          "bad_publicity": "0", "credits": "5", "tags": ""}, rows={k: [] for k in COLUMNS})
    for kind in ("ice", "card", "act"):
        fd.rows[kind].append(fd.new_row(kind))
    return fd


def _clip(v: str, limit: int) -> str:
    return v[:limit].replace("\r\n", "\n")


def from_request(form) -> FormData:
    """Read the posted fields as typed (clipped to sane lengths, never interpreted here)."""
    values = {k: _clip(form.get(k, ""), MAX_NAME * 3) for k in SCALARS}
    rows: dict[str, list[dict[str, str]]] = {}
    for kind, cols in COLUMNS.items():
        lists = {c: form.getlist(f"{kind}-{c}")[:MAX_ROWS] for c in cols}
        n = max((len(v) for v in lists.values()), default=0)
        limit = {"subs": MAX_TEXT, "value": MAX_TEXT}
        rows[kind] = [{c: _clip(lists[c][i] if i < len(lists[c]) else DEFAULTS[kind].get(c, ""),
                                limit.get(c, MAX_NAME * 3)) for c in cols} for i in range(n)]
    fd = FormData(values=values, rows=rows)
    if any(len(form.getlist(f"{kind}-{cols[0]}")) > MAX_ROWS for kind, cols in COLUMNS.items()):
        fd.errors["_"] = t("fe_too_many_rows", n=MAX_ROWS)
    return fd
