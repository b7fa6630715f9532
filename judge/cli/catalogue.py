"""The `cards` command group: search, show, coverage and import; `cli.add_command(cards)` registers it."""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path
from typing import NoReturn

import click

from .. import paths
from ..analysis.cards import card_info
from ..cards.build import TYPES
from ..cards.catalogue import (
    TIMING_MARKERS,
    CardFacts,
    all_cards,
    find,
    search,
    standard_ice,
    standard_run_cards,
    suggest,
    timing_relevant,
)
from ..cards.importer import CardImportError, import_export, official_text
from ..cards.model import model, modelled_ids
from ..errors import JudgeError
from ..i18n import msg, t

__all__ = ["DEFAULT_INSTANCE", "cards", "card_payload", "coverage_counts"]

DEFAULT_INSTANCE = Path(paths.ROOT) / "instance"


def _l(name: str, lang: str) -> str:
    """A label of the card commands' output, in the language."""
    return t(f"cli.cards.label.{name}", lang)


def _name(card: CardFacts, lang: str) -> str:
    """Return the card's title in the language (the English title when it has no Korean one)."""
    return (card.title_ko or card.title) if lang == "ko" else card.title


def _fail(exc: JudgeError, lang: str) -> NoReturn:
    """Print one error line and exit with code 2."""
    click.echo(f"{t('cli.error', lang)}: {exc.located_text(lang)}", err=True)
    sys.exit(2)


def _unknown(text: str, lang: str) -> NoReturn:
    """Fail for a name that is no card, naming the closest cards."""
    near = ", ".join(_name(c, lang) for c in suggest(text))
    closest = msg("errors.cards.closest", near=near) if near else ""
    _fail(JudgeError("cards.unknown", text=repr(text), closest=closest), lang)


def card_payload(card: CardFacts, instance: Path | None = None) -> dict:
    """Return the JSON `show` prints: the facts, the link, imported text (or None), the model and the cases."""
    text = None
    if instance is not None:
        try:
            text = official_text(card.id, instance)
        except CardImportError as exc:
            click.echo(f"{t('cli.cards.warning', 'en')}: {exc}", err=True)
    return card.as_dict() | {"official_text": text} | card_info(card)


def _width(s: str) -> int:
    """Return how many terminal columns s takes (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def _table(rows: list[list[str]]) -> list[str]:
    """Return rows as aligned columns."""
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c + " " * (w - _width(c)) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


@click.group("cards", context_settings={"help_option_names": ["-h", "--help"]})
def cards() -> None:
    """Look up NetrunnerDB card facts by id, English or Korean title."""


_LANG = click.option("--lang", type=click.Choice(["en", "ko"]), default="en", show_default=True)
_INSTANCE = click.option("--instance", type=click.Path(file_okay=False, path_type=Path), default=DEFAULT_INSTANCE,
                         show_default=True, help="The instance folder that holds imported card text.")


@cards.command("search")
@click.argument("text")
@click.option("--limit", type=click.IntRange(1, 500), default=20, show_default=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@_LANG
@click.option("--side", type=click.Choice(["corp", "runner"]), default=None)
@click.option("--type", "ctype", type=click.Choice([*TYPES, "identity"]), default=None)
@click.option("--legal", default=None, metavar="FORMAT", help="Only cards legal in this format (e.g. standard).")
def search_cmd(text: str, limit: int, fmt: str, lang: str, side: str | None, ctype: str | None,
               legal: str | None) -> None:
    """Find cards by English or Korean title.

    Exact matches come first, then titles that start with TEXT, then titles that hold it, then close
    spellings. Korean initial consonants (ㅇㄴㄱㅁ) work too.
    """
    found = search(text, limit, side, ctype, legal)
    if fmt == "json":
        click.echo(json.dumps([c.as_dict() for c in found], ensure_ascii=False, indent=2))
    elif not found:
        click.echo(f"{_l('none', lang)} {text!r}")
    else:
        head = ["id", "title", "title_ko"] if lang == "en" else ["id", "title_ko", "other"]
        rows = [[_l(h, lang) for h in [*head, "type", "faction"]]]
        for c in found:
            names = [c.title, c.title_ko or "-"] if lang == "en" else [c.title_ko or c.title, c.title]
            rows.append([c.id, *names, c.type, c.faction])
        click.echo("\n".join(_table(rows)))


def _show_lines(d: dict, lang: str) -> list[str]:
    """Return the facts of a card payload as lines for a person."""
    title = d["title_ko"] if lang == "ko" and d["title_ko"] else d["title"]
    other = d["title"] if title != d["title"] else d["title_ko"]
    out = [title + (f" ({other})" if other and other != title else "")]
    kind = d["type"] + (f" ({', '.join(d['subtypes'])})" if d["subtypes"] else "")
    out.append(f"{_l('id', lang)}: {d['id']}   {_l('side', lang)}: {d['side']}   {_l('type', lang)}: {kind}   "
               f"{_l('faction', lang)}: {d['faction']}")
    numbers = ["cost", "strength", "subroutines", "agenda_points", "advancement_requirement", "trash_cost"]
    shown = [f"{_l(k, lang)} {d[k]}" for k in numbers if d[k] is not None and (d[k] or k != "subroutines")]
    if shown:
        out.append("   ".join(shown))
    if d["unique"]:
        out.append(_l("unique", lang))
    for k in ("markers", "legal_now_in", "printings"):
        if d[k]:
            out.append(f"{_l(k, lang)}: {', '.join(d[k])}")
    if d["rulings"]:
        out.append(f"{_l('rulings', lang)}: {d['rulings']}")
    out.append(f"{_l('netrunnerdb', lang)}: {d['netrunnerdb_url']}")
    if d["official_text"]:
        out += [f"{_l('text', lang)}:", *("  " + line for line in d["official_text"].splitlines())]
    return out + _model_lines(d, lang)


def _model_lines(d: dict, lang: str) -> list[str]:
    """Return the model (what it does, how sure, what it leaves out) and the library cases as lines."""
    m = d["model"]
    if m is None:
        out = [_l("no_model", lang)]
    else:
        out = [f"{_l('model', lang)} ({_l(m['confidence'], lang)}):", "  " + m["about"][lang]]
        out += [f"{_l('left_out', lang)}:", *(f"  - {x[lang]}" for x in m["left_out"])] if m["left_out"] else []
        out += _breaker_lines(m["card"].get("breaker"), lang)
    if d["cases"]:
        out.append(f"{_l('cases', lang)}:")
        out += [f"  {c['stem']}  {c['title']}" + (f"  ({_l('by_reference', lang)})" if c["by_reference"] else "")
                for c in d["cases"]]
    return out


def _breaker_lines(b: dict | None, lang: str) -> list[str]:
    """An icebreaker model's break and pump abilities (issue 24), as lines."""
    if not b:
        return []
    from ..engine.encounter import subtype_words

    out = [f"{_l('breaker', lang)}:"]
    for x in b.get("break", []):
        st = x["subtypes"]
        kinds = (_l("chosen_subtype", lang) if st == "chosen"
                 else subtype_words(tuple(st) if isinstance(st, list) else ("any",)).text(lang))
        subs = x.get("subs", 1)
        key = "breaks_x" if x.get("x") else "breaks_any" if subs in (0, "any") else "breaks"
        out.append("  " + t(f"cli.cards.label.{key}", lang, kinds=kinds, subs=subs, cost=x["cost"]) + _limits(x, lang))
        if x.get("install_turn"):
            out.append("  " + _l("break_install_turn", lang))
    for p in b.get("pump", []):
        key, per = ("pump_per", t(f"cli.cards.label.per_{p['per']}", lang)) if p.get("per") else ("pump", "")
        if p.get("places"):
            out.append("  " + t("cli.cards.label.pump_counter", lang, n=p.get("strength", 0), cost=p["cost"],
                                what=t(f"engine.counter_kinds.{p['places']}", lang)) + _limits(p, lang))
        else:
            out.append("  " + t(f"cli.cards.label.{key}", lang, n=p.get("strength", 0), per=per, cost=p["cost"],
                                until=t(f"engine.until.{p.get('until', 'encounter_ends')}", lang)) + _limits(p, lang))
        if p.get("grip"):
            out.append("  " + t("cli.cards.label.pump_grip", lang, n=p["grip"]))
    if b.get("strength_per"):
        out.append("  " + t("cli.cards.label.strength_per", lang, per=t(f"cli.cards.label.per_{b['strength_per']}", lang)))
    for w in b.get("strength_when", []):
        out.append("  " + t("cli.cards.label.strength_when", lang, n=f"{w['strength']:+d}", conds=_conds(w["if"], lang)))
    out += ["  " + _l(k, lang) for k in ("equal_strength", "host_only") if b.get(k)]
    if b.get("discount"):
        out.append("  " + t("cli.cards.label.discount", lang, n=b["discount"]["by"], cond=_conds(b["discount"]["if"], lang)))
    return out


def _conds(conds: dict, lang: str) -> str:
    return ", ".join(t("engine.conditions.not", lang, what=t(f"engine.conditions.{k}", lang, v="")) if v is False
                     else t(f"engine.conditions.{k}", lang, v="" if v is True else v) for k, v in conds.items())


def _limits(a: dict, lang: str) -> str:
    """What a break ability or a pump adds to its credits (docs/encounter.md "Costs and limits")."""
    parts = []
    if a.get("counter"):
        key = "limit_counter_any" if a.get("from") == "any" else "limit_counter"
        parts.append(t(f"cli.cards.label.{key}", lang, kind=t(f"engine.counter_kinds.{a['counter']}", lang)))
    parts += [t(f"cli.cards.label.limit_{k}", lang) for k in ("trash", "copy", "stealth") if a.get(k)]
    if a.get("once_per"):
        parts.append(t(f"cli.cards.label.limit_once_{a['once_per']}", lang))
    if a.get("where"):
        parts.append(t(f"cli.cards.label.limit_where_{a['where']}", lang))
    if a.get("if"):
        parts.append(t("cli.cards.label.limit_if", lang, conds=_conds(a["if"], lang)))
    return f" ({'; '.join(parts)})" if parts else ""


@cards.command("show")
@click.argument("card", metavar="ID_OR_TITLE")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@_LANG
@_INSTANCE
def show_cmd(card: str, fmt: str, lang: str, instance: Path) -> None:
    """Show a card's facts and NetrunnerDB link.

    ID_OR_TITLE is a card id, an English title or a Korean title, in any case and spacing.
    """
    c = find(card)
    if c is None:
        _unknown(card, lang)
    d = card_payload(c, instance)
    click.echo(json.dumps(d, ensure_ascii=False, indent=2) if fmt == "json" else "\n".join(_show_lines(d, lang)))


def coverage_counts() -> dict:
    """Return the catalogue's counts and how many standard ice and run cards modelled_ids() covers."""
    modelled, ids = modelled_ids(), {c.id for c in all_cards()}
    ice, runs = {c.id for c in standard_ice()}, {c.id for c in standard_run_cards()}
    exact = {k for k in modelled & ids if (m := model(k)) is not None and m.exact}
    return {"cards": len(ids), "standard": sum(c.is_standard for c in all_cards()), "standard_ice": len(ice),
            "standard_run_cards": len(runs), "timing_relevant": len(timing_relevant()),
            "modelled": {"standard_ice": len(modelled & ice), "standard_run_cards": len(modelled & runs),
                         "cards": len(modelled & ids)},
            "confidence": {"exact": len(exact), "approximate": len(modelled & ids) - len(exact)},
            "unknown_modelled_ids": sorted(modelled - ids)}


@cards.command("coverage")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@_LANG
def coverage_cmd(fmt: str, lang: str) -> None:
    """Count the catalogue's cards and how many the judge models."""
    n = coverage_counts()
    if n["unknown_modelled_ids"]:
        click.echo(f"{t('cli.cards.warning', 'en')}: "
                   + t("cli.cards.unknown_modelled", "en", ids=", ".join(n["unknown_modelled_ids"])), err=True)
    if fmt == "json":
        click.echo(json.dumps(n, indent=2))
        return
    m = n["modelled"]
    click.echo(t("cli.cards.coverage", lang, cards=n["cards"], standard=n["standard"], ice=n["standard_ice"],
                 runs=n["standard_run_cards"], timing=n["timing_relevant"], markers=", ".join(sorted(TIMING_MARKERS)),
                 m_ice=m["standard_ice"], m_runs=m["standard_run_cards"], m_all=m["cards"],
                 exact=n["confidence"]["exact"], approximate=n["confidence"]["approximate"]))


@cards.command("import")
@click.argument("path", type=click.Path(path_type=Path))
@_INSTANCE
@_LANG
def import_cmd(path: Path, instance: Path, lang: str) -> None:
    """Store card text from your NetrunnerDB export.

    PATH is a netrunner-cards-json folder (v2/cards/*.json) or a JSON file (a list of cards, or the
    API's {"data": [...]}). The text stays in the instance folder; the project ships none.
    """
    try:
        report = import_export(path, instance)
    except CardImportError as exc:
        _fail(exc, lang)
    click.echo("\n".join(report.lines(lang)))


