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


def _n(count: int, noun: str) -> str:
    """Return '1 entry' or '2 entries'."""
    return f"{count} {noun if count == 1 else noun[:-1] + 'ies' if noun.endswith('y') else noun + 's'}"


class CardImportError(Exception):
    """The export cannot be imported; the message says file, where and what."""


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

    def lines(self) -> list[str]:
        """Return the report as lines for a person."""
        out = [f"read {_n(self.entries, 'entry')} from {self.source}",
               f"matched {_n(self.matched, 'card')} ({self.by_title} by title), stored in {self.stored_to}"]
        if self.duplicates:
            out.append(f"{_n(self.duplicates, 'entry')} gave a card again (a card-level or newer printing wins)")
        out.append(_n(self.unknown_count, "unknown title") + (": " + ", ".join(self.unknown_titles)
                                                               if self.unknown_titles else ""))
        out.append(_n(self.skipped_count, "skipped entry"))
        out += [f"  skipped {s}" for s in self.skipped]
        more = self.skipped_count - len(self.skipped)
        return out + ([f"  ... and {more} more"] if more > 0 else [])


def _read_json(f: Path, shown: str, budget: list[int]) -> object:
    """Parse one JSON file within the byte budget left, or raise CardImportError naming file:line:col."""
    try:
        size = f.stat().st_size
        if size > budget[0]:
            raise CardImportError(f"{shown}: the export is larger than {MAX_FILE_BYTES} bytes")
        budget[0] -= size
        return json.loads(f.read_bytes().decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise CardImportError(f"{shown}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise CardImportError(f"{shown}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    except RecursionError:
        raise CardImportError(f"{shown}: the JSON is nested too deeply") from None
    except OSError as exc:
        raise CardImportError(f"{shown}: cannot read: {exc.strerror or exc}") from None


def _entries(path: Path) -> list[tuple[str, object, str | None]]:
    """Return (where, entry, JSON:API type) for every card entry of the export."""
    budget = [MAX_FILE_BYTES]
    if path.is_dir():
        folder = path / "v2" / "cards" if (path / "v2" / "cards").is_dir() else path
        files = sorted(folder.glob("*.json"))
        if not files:
            raise CardImportError(f"{path}: no v2/cards/*.json and no *.json here: not a netrunner-cards-json folder")
        if len(files) > MAX_FILES:
            raise CardImportError(f"{folder}: {len(files)} files, more than the {MAX_FILES} an export may have")
        out = []
        for f in files:
            doc = _read_json(f, str(f), budget)
            out += [(f"{f}:{w}" if w else str(f), e, t) for w, e, t in _shape(doc, str(f))]
        return out
    if not path.exists():
        raise CardImportError(f"{path}: no such file or folder")
    return [(f"{path}:{w}" if w else str(path), e, t) for w, e, t in _shape(_read_json(path, str(path), budget), str(path))]


def _shape(doc: object, shown: str) -> list[tuple[str, object, str | None]]:
    """Return the entries of one parsed document: a list, {"data": [...]}, or one card object."""
    if isinstance(doc, list):
        return [(f"[{i}]", e, None) for i, e in enumerate(doc)]
    if isinstance(doc, dict) and "data" in doc:
        data = doc["data"]
        items = data if isinstance(data, list) else [data] if isinstance(data, dict) else None
        if items is None:
            raise CardImportError(f"{shown}: data: expected a list of cards, found {type(data).__name__}")
        return [(f"data[{i}]", e, e.get("type") if isinstance(e, dict) else None) for i, e in enumerate(items)]
    if isinstance(doc, dict) and ("title" in doc or "id" in doc or "code" in doc):
        return [("", doc, None)]
    raise CardImportError(f"{shown}: expected a list of cards, {{\"data\": [...]}} or one card object")


def _flat(entry: dict) -> dict:
    """Return a JSON:API resource as one flat object (its attributes beside its id)."""
    attrs = entry.get("attributes")
    return {"id": entry.get("id"), **attrs} if isinstance(attrs, dict) else entry


def import_export(path: str | os.PathLike[str], instance_dir: str | os.PathLike[str]) -> ImportReport:
    """Store the text of every card of a NetrunnerDB export in instance_dir/official-text.json and report."""
    path, instance = Path(path), Path(instance_dir)
    entries = _entries(path)
    if len(entries) > MAX_ENTRIES:
        raise CardImportError(f"{path}: {len(entries)} entries, more than the {MAX_ENTRIES} an export may have")
    by_printing = {code: c for c in all_cards() for code in c.printings}
    report = ImportReport(source=str(path), stored_to=str(instance / TEXT_FILE), entries=len(entries))
    best: dict[str, tuple[int, str]] = {}

    def skip(where: str, why: str) -> None:
        report.skipped_count += 1
        if len(report.skipped) < MAX_LISTED:
            report.skipped.append(f"{where}: {why}")

    for where, raw, kind in entries:
        if not isinstance(raw, dict):
            skip(where, f"expected a card object, found {type(raw).__name__}")
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
                skip(where, f"no card has the id {named!r}" if named else "no id, code or title")
            continue
        text = e.get("text")
        if not isinstance(text, str) or not text.strip():
            skip(where, f"{card.id}: no text" if text in (None, "") else f"{card.id}: text is not a string")
            continue
        if len(text) > MAX_TEXT:
            skip(where, f"{card.id}: text longer than {MAX_TEXT} characters")
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
        raise CardImportError(f"{path}: no entry matched a card of the catalogue with text; nothing was stored")
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
        raise CardImportError(f"{f}: not the JSON an import writes ({exc}); import the export again") from None
    if not isinstance(doc, dict):
        raise CardImportError(f"{f}: expected {{card id: text}}; import the export again")
    return {k: v for k, v in doc.items() if isinstance(v, str)}


def official_text(card_id: str, instance_dir: str | os.PathLike[str]) -> str | None:
    """Return the official text a user imported for a card, or None when there is none."""
    f = Path(instance_dir) / TEXT_FILE
    try:
        st = f.stat()
    except OSError:
        return None
    return _stored(f, (st.st_mtime_ns, st.st_size)).get(card_id)
