"""Build `judge/cards/data/catalogue.json` from the shared NetrunnerDB card facts: `python -m judge.cards.build`."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from judge import paths

__all__ = ["DEFAULT_SOURCE", "OUTPUT", "FIELDS", "SCHEMA", "LATIN_IN_KOREAN", "BuildError", "load_source",
           "never_printed_in_korean", "render", "main"]

_SHARED = Path("shared") / "data" / "cards" / "cards.json"


def _default_source() -> Path:
    """Return ../shared/data/cards/cards.json beside the project, or beside a folder above it (a git worktree)."""
    root = Path(paths.ROOT)
    return next((p / _SHARED for p in root.parents if (p / _SHARED).is_file()), root.parent / _SHARED)


DEFAULT_SOURCE = _default_source()
OUTPUT = Path(__file__).resolve().parent / "data" / "catalogue.json"
SCHEMA = 1
MAX_SOURCE_BYTES = 32 * 1024 * 1024
ABOUT = ("Card facts from NetrunnerDB (netrunner-cards-json), without card text. Card game content "
         "belongs to its publishers; each card's page is https://netrunnerdb.com/en/card/<printing code>.")

# Every field the source may hold, in the order the catalogue writes them, with its JSON type.
FIELDS: dict[str, type] = {
    "id": str, "title": str, "title_ko": str, "side": str, "type": str, "subtypes": list,
    "faction": str, "cost": int, "strength": int, "agenda_points": int, "advancement_requirement": int,
    "trash_cost": int, "unique": bool, "subroutines": int, "markers": list, "printings": list,
    "legal_now_in": list, "rulings": int,
}
REQUIRED = ("id", "title", "side", "type", "faction", "printings")
SIDES = ("corp", "runner")
TYPES = ("agenda", "asset", "corp_identity", "ice", "operation", "upgrade",
         "event", "hardware", "program", "resource", "runner_identity")
# A `title_ko` that is only the English title again, checked against the Korean print
# (docs/korean-titles.md): these cards were printed in Korean and kept their title in Latin letters;
# every other such card was never printed in Korean, and the catalogue gives it no Korean title.
LATIN_IN_KOREAN = frozenset({"d4v1d", "ddos", "iq"})
_QUOTES = re.compile(r"[\"“”]")
_ID = re.compile(r"[a-z0-9_]+")
_CODE = re.compile(r"[A-Za-z0-9_-]+")
_COMMIT = re.compile(r"commit ([0-9a-f]{7,40})")


class BuildError(Exception):
    """The source file cannot become a catalogue; the message says where and why."""


def _check_card(c: object, where: str) -> dict:
    """Return the card with its fields in catalogue order, or raise BuildError."""
    if not isinstance(c, dict):
        raise BuildError(f"{where}: expected an object, found {type(c).__name__}")
    label = f"{where} ({c.get('id')!r})" if isinstance(c.get("id"), str) else where
    unknown = sorted(set(c) - set(FIELDS))
    if unknown:
        raise BuildError(f"{label}: unknown field {unknown[0]!r} (add it to FIELDS in judge/cards/build.py)")
    for name in REQUIRED:
        if name not in c:
            raise BuildError(f"{label}: missing {name!r}")
    out: dict = {}
    for name, kind in FIELDS.items():
        if name not in c or c[name] is None:
            continue
        v = c[name]
        ok = isinstance(v, kind) and not (kind is int and isinstance(v, bool))
        if ok and kind is list:
            ok = all(isinstance(x, str) and x for x in v)
        if not ok:
            raise BuildError(f"{label}: {name}: expected {'a list of strings' if kind is list else kind.__name__}, "
                             f"found {v!r}")
        out[name] = list(v) if kind is list else v
    if not _ID.fullmatch(out["id"]):
        raise BuildError(f"{label}: id: only a-z, 0-9 and _ may appear in a card id")
    if out["side"] not in SIDES:
        raise BuildError(f"{label}: side: expected one of {', '.join(SIDES)}")
    if out["type"] not in TYPES:
        raise BuildError(f"{label}: type: unknown card type {out['type']!r}")
    if not out["printings"] or not all(_CODE.fullmatch(p) for p in out["printings"]):
        raise BuildError(f"{label}: printings: expected printing codes such as '01090'")
    return out


def load_source(source: Path) -> tuple[list[dict], str | None]:
    """Read and check the source cards (sorted by id) and the commit its SOURCE.md names, if any."""
    try:
        size = source.stat().st_size
        if size > MAX_SOURCE_BYTES:
            raise BuildError(f"{source}: {size} bytes is more than the {MAX_SOURCE_BYTES} a card file may have")
        doc = json.loads(source.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BuildError(f"{source}: no such file (pass --source PATH)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BuildError(f"{source}: cannot read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise BuildError(f"{source}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    if not isinstance(doc, list):
        raise BuildError(f"{source}: expected a JSON list of cards")
    cards = [_check_card(c, f"{source.name}[{i}]") for i, c in enumerate(doc)]
    seen: set[str] = set()
    for c in cards:
        if c["id"] in seen:
            raise BuildError(f"{source.name}: the id {c['id']!r} appears twice")
        seen.add(c["id"])
    never = never_printed_in_korean(cards)
    for c in cards:
        if c["id"] in never:
            del c["title_ko"]
    commit = None
    note = source.with_name("SOURCE.md")
    if note.is_file():
        m = _COMMIT.search(note.read_text(encoding="utf-8"))
        commit = m.group(1) if m else None
    return sorted(cards, key=lambda c: c["id"]), commit


def never_printed_in_korean(cards: list[dict]) -> frozenset[str]:
    """The ids whose `title_ko` is their English title (quotes aside) though no Korean printing has
    them (all but LATIN_IN_KOREAN)."""
    return frozenset(c["id"] for c in cards if "title_ko" in c and c["id"] not in LATIN_IN_KOREAN
                     and _QUOTES.sub('"', c["title_ko"]) == _QUOTES.sub('"', c["title"]))


def render(cards: list[dict], commit: str | None = None) -> str:
    """Return the catalogue text: a header, then one compact card object a line, sorted by id."""
    head = {"schema": SCHEMA, "about": ABOUT, "source_commit": commit, "count": len(cards)}
    lines = [json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in sorted(cards, key=lambda c: c["id"])]
    return json.dumps(head, ensure_ascii=False, separators=(",", ":"))[:-1] + ',"cards":[\n' + ",\n".join(lines) + "\n]}\n"


def main(argv: list[str] | None = None) -> int:
    """Write the catalogue (or with --check, say whether it is up to date); errors are one line, exit 2."""
    ap = argparse.ArgumentParser(prog="python -m judge.cards.build", description=__doc__)
    ap.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help=f"cards.json (default: {DEFAULT_SOURCE})")
    ap.add_argument("--output", type=Path, default=OUTPUT, help="where to write (default: the package's copy)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if the output is out of date")
    args = ap.parse_args(argv)
    try:
        cards, commit = load_source(args.source)
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    text = render(cards, commit)
    current = args.output.read_text(encoding="utf-8") if args.output.is_file() else None
    if args.check:
        print(f"{args.output}: {'up to date' if current == text else 'out of date: run make cards'}")
        return 0 if current == text else 1
    if current != text:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        tmp = args.output.with_suffix(".json.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(args.output)
    print(f"{args.output}: {len(cards)} cards, {len(text.encode())} bytes"
          + ("" if current != text else " (unchanged)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
