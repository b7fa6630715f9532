"""Real cards on the pages: a search page, a page per card (facts, what the judge models, the library
cases that use it, the NetrunnerDB link), and the JSON the situation form's autocomplete reads."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from flask import Blueprint, abort, current_app, jsonify, render_template, request, url_for

from ...analysis.cards import card_info
from ...cards.build import TYPES
from ...cards.catalogue import MAX_QUERY, all_cards, get, search
from ...cards.importer import CardImportError, official_text
from ...cards.names import distance, jamo, key
from ..editor.cardrows import ability_rows, about, note_text, place_of, subs_text
from ..i18n import lang

__all__ = ["bp", "MAX_RESULTS"]

bp = Blueprint("cards_page", __name__)

MAX_RESULTS = 50     # a search page lists at most this many cards
SUGGESTIONS = 12     # the form's autocomplete offers at most this many
_SIDES = ("corp", "runner")
_TYPES = (*TYPES, "identity")


def _filters() -> tuple[str, str | None, str | None, str | None]:
    """The query and its filters, each kept only when it is one the catalogue knows."""
    q = request.args.get("q", "")[:MAX_QUERY]
    side = request.args.get("side") if request.args.get("side") in _SIDES else None
    ctype = request.args.get("type") if request.args.get("type") in _TYPES else None
    legal = "standard" if request.args.get("legal") == "standard" else None
    return q, side, ctype, legal


def _off(k: str, name: str | None, cap: float = 1.0) -> float:
    """How far a typed key is from a title or one of its words, 0 (the same) to 1, letter by letter
    (Hangul by jamo: 크라이시엄 is nearest 크리지움); above `cap` only "farther than cap" matters."""
    best = 1.0
    for wk in _word_keys(name):
        most = max(len(k), len(wk))
        limit = min(most // 2 + 1, int(min(best, cap) * most))
        best = min(best, distance(k, wk, limit) / most)
    return best


@lru_cache(maxsize=8192)
def _word_keys(name: str | None) -> tuple[str, ...]:
    """A title's letters, whole and word by word, as `_off` compares them (made once per title)."""
    return tuple(wk for w in ([name, *name.split()] if name else []) if (wk := jamo(key(w))))


def nearest(q: str, n: int = 5, side: str | None = None, ctype: str | None = None,
            legal: str | None = None) -> list:
    """The titles nearest a search that found nothing (of the side, type and format asked for, as the
    search filters them): a result page or the form's suggestions are never empty without them."""
    k = jamo(key(q))
    if not k:
        return []
    cards = [c for c in all_cards() if (side is None or c.side == side)
             and (ctype is None or ctype in (c.type, c.scenario_type)) and (legal is None or legal in c.legal_now_in)]
    top: list[tuple[float, str, object]] = []  # the n nearest so far; a farther title is cut short
    for c in cards:
        cap = top[-1][0] if len(top) == n else 1.0
        off = _off(k, c.title, cap)
        off = min(off, _off(k, c.title_ko, min(cap, off)))
        if len(top) < n or (off, c.title) < top[-1][:2]:
            top = sorted([*top, (off, c.title, c)], key=lambda x: x[:2])[:n]
    return [c for _, _, c in top]


@bp.get("/cards")
def index():
    q, side, ctype, legal = _filters()
    found = search(q, MAX_RESULTS, side, ctype, legal) if q or side or ctype or legal else []
    rows = [(c, about(c, lang())) for c in found]
    near = nearest(q, 5, side, ctype, legal) if q.strip() and not found else []
    return render_template("cards.html", q=q, side=side or "", ctype=ctype or "", legal=legal or "", rows=rows,
                           sides=_SIDES, types=_TYPES, searched=bool(q or side or ctype or legal), near=near)


@bp.get("/cards/<card_id>")
def card(card_id: str):
    c = get(card_id)
    if c is None:
        abort(404)
    info = card_info(c, Path(current_app.config["EXAMPLES"]))
    try:
        text = official_text(c.id, current_app.instance_path)
    except CardImportError:
        text = None
    return render_template("card.html", c=c, m=info["model"], cases=info["cases"], official=text,
                           shown=about(c, lang()))


@bp.get("/api/cards")
def suggest():
    """Cards for the form's autocomplete: id, both titles, type, and whether the judge models it. A
    query that matches nothing (크라이시엄, a spelling of 크리지움 그리드 by ear) gets the nearest
    titles instead, each marked `near: true`: never an empty list for a query that has letters."""
    q, side, ctype, legal = _filters()
    limit = min(SUGGESTIONS, max(1, request.args.get("limit", SUGGESTIONS, type=int) or SUGGESTIONS))
    if not q.strip():
        return jsonify([])
    found = search(q, limit, side, ctype, legal)
    if found:
        return jsonify([about(c, lang()) for c in found])
    return jsonify([about(c, lang()) | {"near": True} for c in nearest(q, min(limit, 5), side, ctype, legal)])


@bp.get("/api/cards/<card_id>/rows")
def rows(card_id: str):
    """What picking a card fills in the form: its model's subroutines (one per line), its abilities as
    rows of the cards list, the place it goes and its type."""
    c = get(card_id)
    if c is None:
        return jsonify({"error": "no such card"}), 404
    place = request.args.get("place") or place_of(c)
    if place not in ("runner", "corp", "root", "ice"):
        place = place_of(c)
    return jsonify(about(c, lang()) | {"place": place, "subs": subs_text(c, lang()) if c.is_ice else "",
                                       "abilities": ability_rows(c, place), "note": note_text(about(c, lang())),
                                       "url": url_for("cards_page.card", card_id=c.id)})
