"""Official card text from a NetrunnerDB export the user supplies, kept in the instance folder only.

The project ships no card text. A user who has a NetrunnerDB export may import it; the text of each
card it holds is stored as `{card id: text}` in `<instance>/official-text.json` and shown from there.
Accepted shapes: a netrunner-cards-json folder (`v2/cards/*.json`, one card a file, or a folder of
such files), a JSON list of such cards, the API v2 `{"data": [{"code", "title", "text"}]}` and the
JSON:API v3 `{"data": [{"id", "type", "attributes": {"title", "text"}}]}` (cards or printings).
Each entry is matched by card id, then printing code, then title (`find`). When several entries
give one card, a card-level entry wins over a printing, and a newer printing over an older one.
The text is stored as NetrunnerDB writes it (it may hold markup such as `<strong>`): escape it.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path

from ..errors import JudgeError
from ..i18n import t
from .catalogue import all_cards, find, get

__all__ = ["TEXT_FILE", "MAX_FILE_BYTES", "MAX_FILES", "MAX_ENTRIES", "MAX_TEXT", "CardImportError",
           "ImportReport", "import_export", "official_text"]

TEXT_FILE = "official-text.json"
MAX_FILE_BYTES = 64 * 1024 * 1024  # one export file, or all the files of a folder together
MAX_FILES = 20_000
MAX_ENTRIES = 100_000
MAX_TEXT = 10_000  # characters of one card's text
MAX_LISTED = 50  # unknown titles and skipped entries a report spells out
_CARD_LEVEL = 10**9  # the rank of a card-level entry, above any printing code


class CardImportError(JudgeError):
    """The export cannot be imported; the message says file, where and what."""

    def __init__(self, key: str, **kw) -> None:
        super().__init__(f"errors.cards.{key}", **kw)


@dataclass
class ImportReport:
    """What an import found: entries read, cards matched (by title among them), unknown titles, skipped entries."""

    source: str
    stored_to: str
    entries: int = 0
    matched: int = 0
    by_title: int = 0
    duplicates: int = 0
    unknown_titles: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    unknown_count: int = 0
    skipped_count: int = 0

    def as_dict(self) -> dict:
        """Return the report as plain data."""
        return asdict(self)

    def lines(self, lang: str = "en") -> list[str]:
        """Return the report as lines for a person, in a language."""
        def w(key: str, n: int, **args: object) -> str:  # a count of one has its own sentence
            return t(f"cli.cards.report.{key}" + ("_one" if n == 1 else ""), lang, n=n, **args)
        out = [w("read", self.entries, source=self.source),
               w("matched", self.matched, by_title=self.by_title, stored=self.stored_to)]
        if self.duplicates:
            out.append(w("duplicates", self.duplicates))
        out.append(w("unknown", self.unknown_count) + (": " + ", ".join(self.unknown_titles)
                                                       if self.unknown_titles else ""))
        out.append(w("skipped", self.skipped_count))
        out += ["  " + t("cli.cards.report.skipped_entry", lang, what=s) for s in self.skipped]
        more = self.skipped_count - len(self.skipped)
        return out + (["  " + t("cli.cards.report.more", lang, n=more)] if more > 0 else [])


def _read_json(f: Path, shown: str, budget: list[int]) -> object:
    """Parse one JSON file within the byte budget left, or raise CardImportError naming file:line:col."""
    try:
        size = f.stat().st_size
        if size > budget[0]:
            raise CardImportError("too_big", max=MAX_FILE_BYTES, source=shown)
        budget[0] -= size
        return json.loads(f.read_bytes().decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise CardImportError("not_utf8", source=shown) from None
    except json.JSONDecodeError as exc:
        raise CardImportError("not_json", why=exc.msg, source=f"{shown}:{exc.lineno}:{exc.colno}") from None
    except RecursionError:
        raise CardImportError("too_deep", source=shown) from None
    except OSError as exc:
        raise CardImportError("cannot_read", why=exc.strerror or str(exc), source=shown) from None


def _entries(path: Path) -> list[tuple[str, object, str | None]]:
    """Return (where, entry, JSON:API type) for every card entry of the export."""
    budget = [MAX_FILE_BYTES]
    if path.is_dir():
        folder = path / "v2" / "cards" if (path / "v2" / "cards").is_dir() else path
        files = sorted(folder.glob("*.json"))
        if not files:
            raise CardImportError("not_a_folder", source=str(path))
        if len(files) > MAX_FILES:
            raise CardImportError("too_many_files", n=len(files), max=MAX_FILES, source=str(folder))
        out = []
        for f in files:
            doc = _read_json(f, str(f), budget)
            out += [(f"{f}:{w}" if w else str(f), e, t) for w, e, t in _shape(doc, str(f))]
        return out
    if not path.exists():
        raise CardImportError("no_such_path", source=str(path))
    return [(f"{path}:{w}" if w else str(path), e, t) for w, e, t in _shape(_read_json(path, str(path), budget), str(path))]


def _shape(doc: object, shown: str) -> list[tuple[str, object, str | None]]:
    """Return the entries of one parsed document: a list, {"data": [...]}, or one card object."""
    if isinstance(doc, list):
        return [(f"[{i}]", e, None) for i, e in enumerate(doc)]
    if isinstance(doc, dict) and "data" in doc:
        data = doc["data"]
        items = data if isinstance(data, list) else [data] if isinstance(data, dict) else None
        if items is None:
            raise CardImportError("data_not_list", found=type(data).__name__, source=shown)
        return [(f"data[{i}]", e, e.get("type") if isinstance(e, dict) else None) for i, e in enumerate(items)]
    if isinstance(doc, dict) and ("title" in doc or "id" in doc or "code" in doc):
        return [("", doc, None)]
    raise CardImportError("wrong_shape", source=shown)


def _flat(entry: dict) -> dict:
    """Return a JSON:API resource as one flat object (its attributes beside its id)."""
    attrs = entry.get("attributes")
    return {"id": entry.get("id"), **attrs} if isinstance(attrs, dict) else entry


def import_export(path: str | os.PathLike[str], instance_dir: str | os.PathLike[str]) -> ImportReport:
    """Store the text of every card of a NetrunnerDB export in instance_dir/official-text.json and report."""
    path, instance = Path(path), Path(instance_dir)
    entries = _entries(path)
    if len(entries) > MAX_ENTRIES:
        raise CardImportError("too_many_entries", n=len(entries), max=MAX_ENTRIES, source=str(path))
    by_printing = {code: c for c in all_cards() for code in c.printings}
    report = ImportReport(source=str(path), stored_to=str(instance / TEXT_FILE), entries=len(entries))
    best: dict[str, tuple[int, str]] = {}

    def skip(where: str, why: str, **args: object) -> None:
        report.skipped_count += 1
        if len(report.skipped) < MAX_LISTED:
            report.skipped.append(f"{where}: " + t(f"cli.cards.skip.{why}", "en", **args))

    for where, raw, kind in entries:
        if not isinstance(raw, dict):
            skip(where, "not_object", found=type(raw).__name__)
            continue
        e = _flat(raw)
        ident, code, title, card_id = (e.get(k) if isinstance(e.get(k), str) else None
                                       for k in ("id", "code", "title", "card_id"))
        if kind == "printings" or (code is None and ident and ident.isdigit() and get(ident) is None):
            code, ident = code or ident, None  # a printing: its id is a printing code
        card = get(card_id or "") or get(ident or "") or by_printing.get(code or "")
        titled = card is None and title is not None
        if titled:
            card = find(title)
        if card is None:
            if title:
                report.unknown_count += 1
                if len(report.unknown_titles) < MAX_LISTED:
                    report.unknown_titles.append(title[:100])
            else:
                named = card_id or ident or code
                skip(where, "unknown_id", id=repr(named)) if named else skip(where, "nameless")
            continue
        text = e.get("text")
        if not isinstance(text, str) or not text.strip():
            skip(where, "no_text" if text in (None, "") else "text_not_string", card=card.id)
            continue
        if len(text) > MAX_TEXT:
            skip(where, "text_too_long", card=card.id, max=MAX_TEXT)
            continue
        rank = int(code) if code and code.isdigit() else _CARD_LEVEL
        if card.id in best:
            report.duplicates += 1
            if rank <= best[card.id][0]:
                continue
        else:
            report.matched += 1
            report.by_title += int(titled)
        best[card.id] = (rank, text.strip())
    if not best:
        raise CardImportError("nothing_matched", source=str(path))
    instance.mkdir(parents=True, exist_ok=True)
    tmp = instance / (TEXT_FILE + ".tmp")
    tmp.write_text(json.dumps({k: best[k][1] for k in sorted(best)}, ensure_ascii=False, indent=0) + "\n",
                   encoding="utf-8")
    tmp.replace(instance / TEXT_FILE)
    return report


@lru_cache(maxsize=8)
def _stored(f: Path, stamp: tuple[int, int]) -> dict[str, str]:
    """Return the stored texts of one file version (the stamp is its mtime and size)."""
    try:
        doc = json.loads(f.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CardImportError("stored_unreadable", why=str(exc), source=str(f)) from None
    if not isinstance(doc, dict):
        raise CardImportError("stored_wrong_shape", source=str(f))
    return {k: v for k, v in doc.items() if isinstance(v, str)}


def official_text(card_id: str, instance_dir: str | os.PathLike[str]) -> str | None:
    """Return the official text a user imported for a card, or None when there is none."""
    f = Path(instance_dir) / TEXT_FILE
    try:
        st = f.stat()
    except OSError:
        return None
    return _stored(f, (st.st_mtime_ns, st.st_size)).get(card_id)
