"""Every real card in the library agrees with the card catalogue.

A card of an example is *real* when it names a catalogue card: with `card:` (its facts then come from
the catalogue, and only what is written beside `card:` can disagree) or because its `name` is exactly
a card's English title (`judge.analysis.cards.named_cards`). For each such card, in each example:

- side and type: a Corp card stays a Corp card, and the scenario type is the catalogue's (both
  identity types are `identity`; an ice is not an upgrade);
- subtypes, where the example gives them: the card's subtypes, all of them, in any order
  (`code gate` and `code_gate` are the same). A Runner card that reacts to "AP ice" reads these, so
  a missing subtype changes the ruling as much as a wrong one;
- subroutines, for ice written by hand (not `card:`) whose mapping has a `subroutines` key (even an
  empty list): as many as the card prints. A `card:` ice takes its subroutines from its model, whose
  count `test_card_models.py` checks;
- trash cost and agenda points, where given: the printed numbers.

**Overrides.** Some ice really has another number of subroutines on the board than it prints
(Woodcutter with no advancement tokens has none; Echo or Envelopment gain some from counters), and
some ice gains a subtype when rezzed (Chimera). Such a card may differ in subroutines (or subtypes)
only when its own `text:` says why, naming the word "subroutine" (or "subtype"): the explanation
sits on the card a reader is looking at. Anything else that differs is a made-up variant and must
not carry a real card's title: call it "Test Barrier", or write the real card with `card:`.

A file the judge refuses while loading (a `reject-…` example) is read without its `actions`,
`expect` and `run.by`, which is where the refusals come from, so its board is checked too (cards
that only its actions would install are then not seen).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.analysis.cards import named_cards
from judge.cards import catalogue
from judge.errors import JudgeError
from judge.paths import EXAMPLES
from judge.scenario import Scenario, load_scenario

FILES = sorted(EXAMPLES.glob("*.yaml"))


def _load(path: Path) -> tuple[Scenario, object]:
    """The scenario and its raw YAML; a file refused while loading is read for its board only."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    try:
        return load_scenario(path), data
    except JudgeError:
        board = {k: v for k, v in data.items() if k not in ("actions", "expect")}
        if isinstance(board.get("run"), dict):
            board["run"] = {k: v for k, v in board["run"].items() if k != "by"}
        text = yaml.safe_dump(board, sort_keys=False, allow_unicode=True)
        return load_scenario(path.name, text=text), data


def _raw_cards(node, out: dict[str, list[dict]] | None = None) -> dict[str, list[dict]]:
    """Every card mapping of a raw scenario by the key the judge gives it (its id, else its name;
    for a `card:` entry without an id, the catalogue title)."""
    out = {} if out is None else out
    if isinstance(node, dict):
        key = node.get("id")
        if key is None and isinstance(node.get("name"), str):
            key = node["name"]
        if key is None and isinstance(node.get("card"), str):
            found = catalogue.find(node["card"])
            key = found.title if found else None
        if isinstance(key, str):
            out.setdefault(key, []).append(node)
        for v in node.values():
            _raw_cards(v, out)
    elif isinstance(node, list):
        for v in node:
            _raw_cards(v, out)
    return out


def _norm(subtypes) -> set[str]:
    return {str(s).lower().replace("_", " ").strip() for s in subtypes}


def _explains(raws: list[dict], word: str) -> bool:
    return any(word in str(r.get("text", "")).lower() for r in raws)


def disagreements(sc: Scenario, data) -> list[str]:
    """What the scenario's real cards say that the catalogue does not, one line per difference."""
    raw = _raw_cards(data)
    out = []
    for n in named_cards(sc):
        card, facts = n.card, n.facts
        raws = raw.get(card.key, [])
        how = "card:" if n.by_reference else "by its title"
        who = f"{card.key!r} ({facts.id}, {how})"
        if card.side != facts.side:
            out.append(f"{who}: a {facts.side} card listed on the {card.side} side")
        if card.type is not None and card.type != facts.scenario_type:
            out.append(f"{who}: type {card.type}, the catalogue says {facts.scenario_type}")
        given_subtypes = any("subtypes" in r for r in raws) if raws else bool(card.subtypes)
        if given_subtypes and _norm(card.subtypes) != _norm(facts.subtypes) and not _explains(raws, "subtype"):
            out.append(f"{who}: subtypes {sorted(_norm(card.subtypes))}, the catalogue says "
                       f"{sorted(_norm(facts.subtypes))}")
        hand_subs = not n.by_reference and card.is_ice and any("subroutines" in r for r in raws)
        if hand_subs and len(card.subroutines) != facts.subroutines and not _explains(raws, "subroutine"):
            out.append(f"{who}: {len(card.subroutines)} subroutine(s), the card prints {facts.subroutines} "
                       "(say why in the card's text:, or rename a made-up variant)")
        if card.trash_cost is not None and card.trash_cost != facts.trash_cost:
            out.append(f"{who}: trash cost {card.trash_cost}, the card prints {facts.trash_cost}")
        if card.points is not None and card.points != facts.agenda_points:
            out.append(f"{who}: {card.points} agenda point(s), the card is worth {facts.agenda_points}")
    return out


def test_the_library_names_real_cards():
    named = sum(len(named_cards(_load(f)[0])) for f in FILES)
    assert len(FILES) > 100 and named > 300


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_real_cards_in_an_example_agree_with_the_catalogue(path: Path):
    sc, data = _load(path)

    problems = disagreements(sc, data)

    assert not problems, f"{path.name}:\n  " + "\n  ".join(problems)


def _board(yaml_text: str):
    data = yaml.safe_load(yaml_text)
    return load_scenario("t.yaml", text=yaml_text), data


@pytest.mark.parametrize(("text", "found"), [
    ("servers: {HQ: {root: [{name: Tollbooth, type: upgrade}]}}", "type upgrade, the catalogue says ice"),
    ("servers: {HQ: {ice: [{name: Enigma, subroutines: [End the run]}]}}", "1 subroutine(s), the card prints 2"),
    ("servers: {HQ: {ice: [{name: Rototurret, subtypes: [sentry], subroutines: [a, End the run]}]}}",
     "subtypes ['sentry'], the catalogue says ['destroyer', 'sentry']"),
    ("servers: {Server 1: {cards: [{name: PAD Campaign, type: asset, trash_cost: 2}]}}",
     "trash cost 2, the card prints 4"),
    ("servers: {Server 1: {cards: [{card: hostile_takeover, points: 3}]}}", "3 agenda point(s), the card is worth 1"),
    ("runner: {cards: [{name: Hedge Fund, type: operation}]}", "a corp card listed on the runner side"),
])
def test_a_disagreement_is_found_and_named(text, found):
    sc, data = _board("run: {server: HQ}\n" + text)

    problems = disagreements(sc, data)

    assert len(problems) == 1 and found in problems[0], problems


@pytest.mark.parametrize("text", [
    "servers: {HQ: {ice: [{name: Woodcutter, subroutines: [], text: 'no advancement tokens, so no subroutine'}]}}",
    "servers: {HQ: {ice: [{name: Test Barrier, type: ice, subroutines: [End the run, End the run]}]}}",
    "servers: {HQ: {ice: [{card: ice_wall, id: Ice Wall (inner), rezzed: true}]}}",
    "servers: {HQ: {ice: [{name: Ice Wall, type: ice}]}}",
    "servers: {HQ: {ice: [{name: Rototurret, subtypes: [Destroyer, sentry], subroutines: [a, b]}]}}",
])
def test_what_agrees_or_is_explained_passes(text):
    sc, data = _board("run: {server: HQ}\n" + text)

    assert disagreements(sc, data) == []
