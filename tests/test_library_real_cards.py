"""A real card in the library is the real card: named with `card:`, so what it does comes from one model.

Teachers hand the library's cases to players as the correct ruling, so a card that carries a real
card's title must do what that card does. Every card of an example that is a catalogue card (because
it is written with `card:`, or because its `name` is exactly a card's English title) is a `card:`
entry: its facts come from the catalogue and its abilities from its model (`judge/cards/models/`).
`tests/test_examples_real_cards.py` checks that the facts written beside a card agree with the
catalogue; this file checks where the abilities come from. Two short lists say where a case may
differ, each with the reason:

- HAND_WRITTEN: a real card written out by hand, allowed only while the catalogue has no model for
  it (when one is written, the case must switch to `card:` and the entry goes);
- OVERRIDES: a `card:` entry that replaces what the card does (`abilities`, `subroutines`, `runs`,
  or one of its facts) because the case needs a result that the model leaves to the scenario: a psi
  game or a trace that went the other way, the server or the ice the Corp picks, how many agendas
  the Runner has scored. Such an entry says in its own `text:` what differs from the model, so a
  reader sees it on the card.

Keys that only place a card on the board (`id`, `rezzed`) are free. A made-up card never carries a
real card's title: it is a made-up card only if no catalogue title matches its name (call it "Test
Barrier", or mark it "(generic)").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_examples_real_cards import FILES, _load

from judge.analysis.cards import named_cards
from judge.cards import catalogue
from judge.cards.model import model

# A real card written by hand: only while the catalogue has no model for it.
HAND_WRITTEN = {
    "Blackmail": "the catalogue has no model for it yet",
    "DDoS": "the catalogue has no model for it yet",
}

# A `card:` entry that replaces what the card does, by the card's title: why a case may.
OVERRIDES = {
    "Architect": "the card the Corp installs is the case's choice",
    "Ash 2X3ZB9CY": "its trace lost (the model takes it won)",
    "Brân 1.0": "the ice the Corp installs is the case's choice",
    "Caprice Nisei": "her psi game lost (the model takes the bids to differ)",
    "Femme Fatale": "the chosen ice, and its price of 1 credit per subroutine of that ice",
    "Ganked!": "the ice the Corp picks for the encounter",
    "Giordano Memorial Field": "how many agendas the Runner has scored (the model counts one)",
    "Karunā": "the jack out its first subroutine offers, taken when Ganked! makes the Runner meet it during the breach",
    "Mind Game": "the server the Corp picks (the model picks Archives)",
    "Singularity": "the cards its replacement trashes (the model names none)",
    "Snitch": "the unrezzed ice it meets (the model does not check that the ice is unrezzed)",
    "Woodcutter": "how many advancement tokens it has (the model counts `counters:`; the case shows the rule with none)",
}

BEHAVIOUR = ("abilities", "subroutines", "runs", "type", "subtypes", "trash_cost", "points")


def card_entries(node, out: list[dict] | None = None) -> list[dict]:
    """Every `card:` mapping of a raw scenario, wherever it sits (servers, players, effects)."""
    out = [] if out is None else out
    if isinstance(node, dict):
        if isinstance(node.get("card"), str):
            out.append(node)
        for v in node.values():
            card_entries(v, out)
    elif isinstance(node, list):
        for v in node:
            card_entries(v, out)
    return out


def problems_of(sc, data) -> list[str]:
    """What in one scenario is a real card not written as its model, without a listed reason."""
    out = []
    for n in named_cards(sc):
        if n.by_reference:
            continue
        title = n.facts.title
        if title not in HAND_WRITTEN:
            out.append(f"{n.card.key!r} is the real card {title} written by hand: write it as "
                       f"{{card: {title}}} (or rename a made-up card, e.g. 'Test Barrier')")
        elif model(n.facts.id) is not None:
            out.append(f"{title} has a model now: write it with card: and take it off HAND_WRITTEN")
    for entry in card_entries(data):
        facts = catalogue.find(entry["card"])
        changed = [k for k in BEHAVIOUR if k in entry]
        if facts is None:
            continue
        if changed and facts.title not in OVERRIDES:
            out.append(f"{facts.title}: {', '.join(changed)} replace(s) its model; use the model, or list "
                       "the card in OVERRIDES with the reason")
        if changed and not str(entry.get("text", "")).strip():
            out.append(f"{facts.title}: {', '.join(changed)} replace(s) its model; say in the card's text: what "
                       "differs from the model and why")
        if not changed and "text" in entry:
            out.append(f"{facts.title}: a text: with nothing overridden hides the model's description; drop it")
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_real_cards_in_an_example_come_from_their_model(path: Path):
    sc, data = _load(path)

    problems = problems_of(sc, data)

    assert not problems, f"{path.name}:\n  " + "\n  ".join(problems)


def test_each_listed_reason_is_still_needed():
    hand, overridden = set(), set()
    for path in FILES:
        sc, data = _load(path)
        hand |= {n.facts.title for n in named_cards(sc) if not n.by_reference}
        for entry in card_entries(data):
            facts = catalogue.find(entry["card"])
            if facts is not None and any(k in entry for k in BEHAVIOUR):
                overridden.add(facts.title)

    assert set(HAND_WRITTEN) <= hand, f"no longer written by hand: {sorted(set(HAND_WRITTEN) - hand)}"
    assert set(OVERRIDES) <= overridden, f"no longer overridden: {sorted(set(OVERRIDES) - overridden)}"
    assert len(HAND_WRITTEN) + len(OVERRIDES) <= 20, "keep the lists short: fix a model instead"


def test_almost_every_real_card_of_the_library_is_a_card_reference():
    by_ref = hand = 0
    for path in FILES:
        for n in named_cards(_load(path)[0]):
            by_ref += n.by_reference
            hand += not n.by_reference

    assert by_ref > 600 and hand <= len(HAND_WRITTEN)


def _board(text: str):
    import yaml

    from judge.scenario import load_scenario
    return load_scenario("t.yaml", text=text), yaml.safe_load(text)


@pytest.mark.parametrize(("text", "found"), [
    ("servers: {HQ: {ice: [{name: Ice Wall, type: ice, subroutines: [End the run]}]}}",
     "'Ice Wall' is the real card Ice Wall written by hand"),
    ("servers: {HQ: {ice: [{card: Tollbooth, abilities: [], text: 'no toll'}]}}",
     "Tollbooth: abilities replace(s) its model; use"),
    ("servers: {HQ: {ice: [{card: Woodcutter, subroutines: []}]}}", "say in the card's text: what differs"),
    ("servers: {HQ: {ice: [{card: Ice Wall, text: 'a wall'}]}}", "a text: with nothing overridden"),
])
def test_a_card_not_taken_from_its_model_is_named(text, found):
    sc, data = _board("run: {server: HQ}\n" + text)

    problems = problems_of(sc, data)

    assert len(problems) == 1 and found in problems[0], problems


@pytest.mark.parametrize("text", [
    "servers: {HQ: {ice: [{card: Ice Wall, rezzed: true, id: Ice Wall (outer)}]}}",
    "servers: {HQ: {ice: [{name: Test Barrier, type: ice, subroutines: [End the run]}]}}",
    "servers: {HQ: {ice: [{card: Woodcutter, subroutines: [], text: 'no advancement token, so no subroutine'}]}}",
    "runner: {cards: [{name: Blackmail, type: event}]}",
])
def test_a_card_from_its_model_a_made_up_card_or_a_listed_reason_passes(text):
    sc, data = _board("run: {server: HQ}\n" + text)

    assert problems_of(sc, data) == []
