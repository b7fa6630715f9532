"""Real cards in the situation form: which card a row's name is, the rows a card's model fills in, and
whether the rows still say what the model says (then the scenario names the card and nothing else,
so the model applies whole, with the parts the form has no field for)."""

from __future__ import annotations

from functools import cache

from ...cards.catalogue import CardFacts, all_cards, find_all, get, suggest
from ...cards.model import model
from ...cards.names import distance, jamo, key, sound
from ...i18n import t as core_t
from ...scenario.model import says_end_the_run
from ..i18n import lang, t
from .effects import effect_fields

__all__ = ["model_card", "card_named", "card_of_row", "side_of_place", "place_of", "subs_text", "subs_override",
           "ability_rows", "same_abilities", "about", "row_card", "note_text", "near_card", "near_title",
           "is_breaker", "breaker_ids", "breaker_names"]

# Which side's cards a row of each place holds (an ice row and an accessed card are the Corp's).
_SIDE = {"ice": "corp", "acc": "corp", "runner": "runner", "corp": "corp", "root": "corp", "by": "runner"}


def side_of_place(place: str) -> str | None:
    return _SIDE.get(place)


def card_named(name: str, side: str | None = None) -> CardFacts | None:
    """The real card whose English or Korean title a typed name is (case, spacing and punctuation
    aside), of that side; None for any other name ("Ice A", a misspelling, an id)."""
    k = key(name or "")
    if not k:
        return None
    for c in find_all(name):
        if (key(c.title) == k or (c.title_ko and key(c.title_ko) == k)) and side in (None, c.side):
            return c
    return None


def is_breaker(c: CardFacts) -> bool:
    """An icebreaker (by its subtype), or a card whose model breaks subroutines (`breaker:`)."""
    m = model(c.id)
    return "icebreaker" in (s.lower() for s in c.subtypes) or bool(m and m.card.get("breaker"))


@cache
def breaker_ids() -> tuple[str, ...]:
    """Every Runner card the form's "break with" field may name, for the page's script."""
    return tuple(sorted(c.id for c in all_cards() if c.side == "runner" and is_breaker(c)))


def breaker_names(rows: list[dict[str, str]]) -> list[str]:
    """The names of the form's Runner cards that are breakers, once each, in the rows' order: what
    an action's "break with" field offers (a Corp card or a resource is never offered)."""
    out: list[str] = []
    for row in rows:
        name = row.get("name", "").strip()
        if row.get("place") != "runner" or not name or name in out:
            continue
        real = card_of_row(row.get("card", ""), name, "runner")
        if real is not None and is_breaker(real):
            out.append(name)
    return out


def card_of_row(card_id: str, name: str, place: str) -> CardFacts | None:
    """The card a row stands for: the id the form carries (a card picked, or a `card:` entry filled
    in) when it is a card of the row's side, else the card its name is."""
    side = side_of_place(place)
    picked = get(card_id.strip()) if card_id and card_id.strip() else None
    if picked is not None and side in (None, picked.side):
        return picked
    return card_named(name, side)


def place_of(c: CardFacts) -> str:
    """Where the form puts a card picked in the cards list: the Runner's, an upgrade in the root, an
    ice's own row, or the Corp's."""
    if c.side == "runner":
        return "runner"
    return {"upgrade": "root", "ice": "ice"}.get(c.scenario_type, "corp")


def model_card(card_id: str) -> dict | None:
    """The scenario keys a card's model gives (subroutines, abilities, runs), or None."""
    m = model(card_id)
    return m.card if m is not None else None


def _model_part(c: CardFacts, k: str) -> list:
    m = model(c.id)
    return list(m.card.get(k, [])) if m is not None else []


def _sub_texts(s: object) -> dict[str, str]:
    """A model subroutine's text by language (`text: {en, ko}`, or one string for both)."""
    text = s if isinstance(s, str) else s.get("text", "") if isinstance(s, dict) else ""
    if isinstance(text, str) and says_end_the_run(text):  # "End the run" is said in Korean too
        return {"en": text, "ko": core_t("engine.effects.end_run", "ko")}
    if isinstance(text, dict):
        return {"en": str(text.get("en", "")), "ko": str(text.get("ko") or text.get("en", ""))}
    return {"en": str(text), "ko": str(text)}


def subs_text(c: CardFacts, lang_: str = "en") -> str:
    """The ice's subroutines as the form shows them: one line each, in the model's words."""
    return "\n".join(_sub_texts(s)[lang_ if lang_ in ("en", "ko") else "en"] for s in _model_part(c, "subroutines"))


def subs_override(c: CardFacts, lines: list[str]) -> list | None:
    """None when the typed lines are the model's (in either language); otherwise the subroutines to
    write, where a line typed as the model words it keeps the model's subroutine (and its effect)."""
    subs = _model_part(c, "subroutines")
    if any(lines == [_sub_texts(s)[code] for s in subs] for code in ("en", "ko")):
        return None
    by_text = {text: s for s in subs for text in _sub_texts(s).values()}
    return [by_text.get(line, line) for line in lines]


def ability_rows(c: CardFacts, place: str) -> list[dict[str, str]]:
    """The model's abilities as rows of the cards list (when, effect, value, if not paid, first)."""
    out = []
    for ab in _model_part(c, "abilities"):
        if not isinstance(ab, dict):
            continue
        kind, value, otherwise = effect_fields(ab.get("effect"))
        out.append({"place": place, "when": str(ab.get("when", "")), "effect": kind, "value": value,
                    "otherwise": otherwise, "first": "yes" if ab.get("first") is True else "no"})
    return out


def _shape(r: dict[str, str]) -> tuple:
    return (r.get("when", ""), r.get("effect", ""), r.get("value", "").strip(), r.get("otherwise", ""),
            r.get("first", "no"))


def same_abilities(c: CardFacts, place: str, rows: list[dict[str, str]]) -> bool:
    """Whether the rows typed for a card are its model's abilities (or none were typed at all)."""
    typed = [r for r in rows if r.get("when") or r.get("effect")]
    return not typed or [_shape(r) for r in typed] == [_shape(r) for r in ability_rows(c, place)]


def about(c: CardFacts, lang: str) -> dict:
    """What the form says of a picked card: its titles, what its model does, how sure, its page."""
    m = model(c.id)
    return {"id": c.id, "title": c.title, "title_ko": c.title_ko, "side": c.side, "type": c.scenario_type,
            "subtypes": list(c.subtypes), "modelled": m is not None,
            "about": m.about.get(lang) or m.about["en"] if m else None,
            "confidence": m.confidence if m else None}


def row_card(card_id: str | None, name: str | None, place: str) -> dict | None:
    """What the form notes under a row that stands for a real card (`about`), or None."""
    c = card_of_row(card_id or "", name or "", place)
    return about(c, lang()) if c is not None else None


def note_text(ca: dict) -> str:
    """The note under a real card's row: its titles, what its model does and how sure it is."""
    title = (ca["title_ko"] or ca["title"]) if lang() == "ko" else ca["title"]
    if not ca["modelled"]:
        return t("card_note_no_model", title=title)
    return t("card_note", title=title, about=ca["about"], mark=t(f"cards_model_{ca['confidence']}"))


def _allowed(n: int) -> int:
    """How many letters a typed name may be off from a card's title and still be taken for a typo."""
    return 1 if n <= 5 else 2 if n <= 12 else 3


def near_card(name: str, side: str | None = None) -> CardFacts | None:
    """The real card a typed name that is no card's title looks like a typo of ("Tolbooth" ->
    Tollbooth): a few letters off its English or Korean title, of the row's side; None when the name
    is a card, or is far from every card (an invented "Ice A")."""
    k = key(name or "")
    if len(k) < 3 or card_named(name, side) is not None:
        return None
    q = jamo(k)
    for c in suggest(name, 8):
        if side not in (None, c.side):
            continue
        for title in (c.title, c.title_ko):
            tk = jamo(key(title or ""))
            if tk and distance(q, tk, _allowed(len(tk))) <= _allowed(len(tk)):
                return c
    return _sounds_like(name, side)


# A Korean spelling by ear is heard by its consonants (names.sound): at least this many of them, so
# that a short invented name is never taken for a card.
MIN_SOUNDS = 4


@cache
def _by_sound() -> dict[str, tuple[CardFacts, ...]]:
    """The cards by the sound of their Korean title and of its first words (크리지움 for 크리지움 그리드)."""
    out: dict[str, list[CardFacts]] = {}
    for c in all_cards():
        words = (c.title_ko or "").split()
        for i in range(1, len(words) + 1):
            s = sound(" ".join(words[:i]))
            if len(s) >= MIN_SOUNDS and c not in out.setdefault(s, []):
                out[s].append(c)
    return {s: tuple(cs) for s, cs in out.items()}


def _sounds_like(name: str, side: str | None) -> CardFacts | None:
    """The one card (of the side) whose Korean title sounds like a Hangul name ("크라이시엄" ->
    크리지움 그리드): same consonants, vowels aside. None when no card or several do."""
    s = sound(name)
    if len(s) < MIN_SOUNDS:
        return None
    cards = [c for c in _by_sound().get(s, ()) if side in (None, c.side)]
    return cards[0] if len(cards) == 1 else None


def near_title(c: CardFacts, typed: str) -> str:
    """The suggested card's title in the script the judge typed in (톨부쓰 -> 톨부스, Tolbooth -> Tollbooth)."""
    hangul = any("\uac00" <= ch <= "\ud7a3" for ch in typed)
    return c.title_ko if hangul and c.title_ko else c.title
