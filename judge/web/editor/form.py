"""The situation form's data: plain strings as typed, rows that can be added, removed and moved."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...scenario import MAX_NAME, MAX_TEXT
from ..i18n import t

__all__ = ["COLUMNS", "SCALARS", "FormData", "blank", "from_request", "MAX_ROWS", "limit", "LEGENDS"]

MAX_ROWS = 100
SCALARS = ("title", "ruleset", "ruleset_was", "server", "by", "bad_publicity", "credits", "tags")
# Each kind of row and its columns; a row's fields are posted as repeated `<kind>-<column>` names.
# `card` is the NetrunnerDB id of the real card a row stands for (a hidden field: set when a card
# is picked, or filled in from a `card:` entry); a row whose name is a card's title is that card too.
COLUMNS: dict[str, tuple[str, ...]] = {
    "ice": ("name", "rezzed", "subs", "card"),
    "card": ("name", "place", "rezzed", "when", "effect", "value", "otherwise", "first", "card"),
    "acc": ("name", "type", "card"),
    "act": ("at", "ice", "by", "effect", "value", "otherwise", "with"),
}
DEFAULTS: dict[str, dict[str, str]] = {
    "ice": {"rezzed": "yes"},
    "card": {"place": "runner", "rezzed": "yes", "first": "no"},
    "acc": {"type": "agenda"},
    "act": {"by": "runner"},
}
# How many characters each field holds (the scenario's own limits), said beside the big ones
# before anything is typed; a longer value is an error next to its field, never cut.
_LIMITS = {"title": 300, "tags": MAX_NAME * 3, "subs": MAX_TEXT, "value": MAX_TEXT}
_CHOICE = 60   # a select's value: anything longer was not one of its options
_SELECTS = {"ruleset", "rezzed", "place", "when", "effect", "first", "type", "by", "at"}
LEGENDS = {"ice": "ice_legend", "card": "cards_legend", "acc": "acc_legend", "act": "acts_legend"}
_SCALAR_LABELS = {"title": "f_title", "ruleset": "f_ruleset", "server": "f_server", "by": "f_by",
                  "bad_publicity": "f_bad_publicity", "credits": "f_credits", "tags": "f_tags"}


def limit(field: str) -> int:
    """The most characters a field (a scalar's name or a row's column) may hold."""
    return _LIMITS.get(field, _CHOICE if field in _SELECTS else MAX_NAME)


# The columns whose text makes a row worth keeping (the rest are selects with defaults).
TYPED = {"ice": ("name", "subs"), "card": ("name", "value"), "acc": ("name",),
         "act": ("at", "ice", "value")}


@dataclass
class FormData:
    values: dict[str, str]
    rows: dict[str, list[dict[str, str]]]
    errors: dict[str, str] = field(default_factory=dict)
    questions: dict[str, str] = field(default_factory=dict)  # text the judge could not read, by field
    # Names the judge said are cards of their own ("a card of my own" ticked): never taken for a typo.
    own: list[str] = field(default_factory=list)
    near: dict[str, str] = field(default_factory=dict)  # a name field's key -> the card it looks like a typo of

    def error_list(self) -> list[tuple[str, str, str]]:
        """Every error as (the id of its field, which field in words, the message), form order."""
        order = {k: n for n, k in enumerate(["_", *SCALARS])}
        kinds = list(COLUMNS)

        def place(key: str) -> tuple:
            if key in order:
                return (0, order[key], 0, 0)
            kind, i, col = key.split(":")
            return (1, kinds.index(kind), int(i), COLUMNS[kind].index(col))

        out = []
        for key in sorted(self.errors, key=place):
            if key == "_":
                out.append(("", "", self.errors[key]))
            elif key in _SCALAR_LABELS:
                out.append((field_id(key), t(_SCALAR_LABELS[key]), self.errors[key]))
            else:
                kind, i, col = key.split(":")
                out.append((field_id(key), f"{t(LEGENDS[kind])} · {t('row_n', n=int(i) + 1)} · {t('c_' + col)}",
                            self.errors[key]))
        return out

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


def field_id(key: str) -> str:
    """The HTML id of the field an error key names ("ice:1:subs" -> "f-ice-1-subs")."""
    return "f-" + key.replace(":", "-")


def from_request(form) -> FormData:
    """Read the posted fields as typed (never cut, never interpreted here): a field longer than it
    may be is kept whole, with an error beside it saying how long it may be."""
    values = {k: form.get(k, "").replace("\r\n", "\n") for k in SCALARS}
    rows: dict[str, list[dict[str, str]]] = {}
    for kind, cols in COLUMNS.items():
        lists = {c: form.getlist(f"{kind}-{c}")[:MAX_ROWS] for c in cols}
        n = max((len(v) for v in lists.values()), default=0)
        rows[kind] = [{c: (lists[c][i] if i < len(lists[c]) else DEFAULTS[kind].get(c, "")).replace("\r\n", "\n")
                       for c in cols} for i in range(n)]
    fd = FormData(values=values, rows=rows, own=[x for x in form.getlist("own")[:MAX_ROWS * 3] if x.strip()])
    for k, v in values.items():
        if len(v) > limit(k):
            fd.errors[k] = t("fe_too_long", max=f"{limit(k):,}", n=f"{len(v):,}")
    for kind, kept in rows.items():
        for i, row in enumerate(kept):
            for c, v in row.items():
                if len(v) > limit(c):
                    fd.errors[f"{kind}:{i}:{c}"] = t("fe_too_long", max=f"{limit(c):,}", n=f"{len(v):,}")
    if any(len(form.getlist(f"{kind}-{cols[0]}")) > MAX_ROWS for kind, cols in COLUMNS.items()):
        fd.errors["_"] = t("fe_too_many_rows", n=MAX_ROWS)
    return fd
