"""Card models: each is a real card of the catalogue, lists the subroutines the card prints, and
decides the outcome of at least one scenario its checks write out (run here)."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from reference_text import RUN_CHARS, Runs, normalise, reference_path, sentences, strings_of

from judge.analysis.check import compare
from judge.cards import get
from judge.cards.model import ModelError, _one, models
from judge.engine import run, run_turn
from judge.scenario import load_scenario

MODELS = models()
REFERENCE, NO_REFERENCE = reference_path()  # found above the repository (main or a worktree), or $JUDGE_REFERENCE_TEXT
CHECKS = [(cid, n) for cid, m in sorted(MODELS.items()) for n in range(len(m.checks))]


def _names(node) -> set[str]:
    """Every `card:` a scenario names."""
    out: set[str] = set()
    if isinstance(node, dict):
        if isinstance(node.get("card"), str):
            out.add(node["card"])
        for v in node.values():
            out |= _names(v)
    elif isinstance(node, list):
        for v in node:
            out |= _names(v)
    return out


def test_there_are_card_models():
    assert len(MODELS) >= 5


def test_every_model_says_how_exact_it_is_and_an_exact_one_leaves_nothing_out():
    for card_id, m in MODELS.items():
        assert m.confidence in ("exact", "approximate"), card_id
        assert bool(m.left_out) == (m.confidence == "approximate"), card_id


ABOUT = {"en": "A made-up card", "ko": "지어낸 카드"}
LEFT = [{"en": "something", "ko": "무엇인가"}]


@pytest.mark.parametrize(("raw", "why"), [
    ({"about": ABOUT}, "`confidence` is written on every model"),
    ({"about": ABOUT, "confidence": "exact", "left_out": LEFT}, "an exact model leaves nothing out"),
    ({"about": ABOUT, "confidence": "approximate"}, "an approximate model says what it leaves out"),
    ({"about": ABOUT, "confidence": "roughly"}, "`confidence` is written on every model"),
])
def test_the_loader_refuses_a_model_that_does_not_say_truly_how_exact_it_is(raw, why):
    with pytest.raises(ModelError) as err:
        _one("made_up", raw, "x.yaml")

    assert why in str(err.value) and "x.yaml: made_up" in str(err.value)


def test_the_loader_takes_an_exact_model_without_left_out_and_an_approximate_one_with_it():
    assert _one("a", {"about": ABOUT, "confidence": "exact"}, "x.yaml").exact
    assert not _one("b", {"about": ABOUT, "confidence": "approximate", "left_out": LEFT}, "x.yaml").exact


@pytest.mark.parametrize("card_id", sorted(MODELS))
def test_a_model_is_a_real_card_with_the_subroutines_it_prints(card_id):
    facts, m = get(card_id), MODELS[card_id]
    assert facts is not None, f"{card_id} is not a card of the catalogue"
    assert len(m.card.get("subroutines", [])) == facts.subroutines, "every printed subroutine, in order"
    assert m.checks, "at least one check"
    assert any(card_id in _names(c) or facts.title in _names(c) for c in m.checks), "a check names the card"


@pytest.mark.parametrize(("card_id", "n"), CHECKS, ids=[f"{c}#{n + 1}" for c, n in CHECKS])
def test_a_models_check_holds(card_id, n):
    doc = dict(MODELS[card_id].checks[n])
    expect = doc.pop("expect", None)
    assert expect, "a check says what must happen"
    if "runs" in doc:  # a turn of several runs: each run's `expect`, then the turn's against the last run
        sc = load_scenario(f"{card_id}.check{n + 1}.yaml",
                           text=yaml.safe_dump(dict(doc, expect=expect), sort_keys=False, allow_unicode=True))
        traces = run_turn(sc)
        for i, part in enumerate(sc.runs):
            want = part.expect_for(part.ruleset)
            if want:
                assert i < len(traces), f"run {i + 1} was not made"
                assert not compare(traces[i], want), (f"run {i + 1}", compare(traces[i], want))
        got = traces[-1]
    else:
        sc = load_scenario(f"{card_id}.check{n + 1}.yaml",
                           text=yaml.safe_dump(doc, sort_keys=False, allow_unicode=True))
        got = run(sc)
    assert not compare(got, expect), compare(got, expect)
    assert not [w for w in got.warnings if w.msg == "w_notice" and "no timing model" in w.text(got.rs)
                and card_id in str(w.args)], "the check runs the model, not the facts alone"


@pytest.mark.skipif(REFERENCE is None, reason=NO_REFERENCE)
def test_no_model_repeats_a_sentence_of_the_card():
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))

    for card_id, m in MODELS.items():
        ours = normalise(json.dumps([m.about, m.left_out, m.card, m.checks], ensure_ascii=False))
        for sentence in sentences(ref.get(card_id) or ""):
            assert sentence not in ours, f"{card_id} repeats: {sentence}"


@pytest.mark.skipif(REFERENCE is None, reason=NO_REFERENCE)
def test_no_string_of_any_model_repeats_sixty_characters_of_any_card_text():
    runs = Runs(json.loads(REFERENCE.read_text(encoding="utf-8")))

    found = [f"{card_id}: {s[:50]}… repeats {card}: {run!r}"
             for card_id, m in MODELS.items()
             for s in strings_of([m.about, m.left_out, m.card, m.checks])
             for card, run in runs.find(s)]

    assert not found, f"{len(found)} near-verbatim run(s) of {RUN_CHARS} characters; reword them:\n" + "\n".join(found)


def test_a_run_of_sixty_characters_is_found_however_it_is_cased_or_marked_up():
    card = ("When the Runner passes this made-up ice, the Corp gains 3[credit] and the Runner loses "
            "every single click they have left.")
    runs = Runs({"made_up": card})

    assert runs.find("so: THE CORP GAINS 3 credit and the <b>Runner</b> loses every single click they have left!")
    assert runs.find("the Corp gains 3 and the Runner loses every single click they have left, it says")
    assert not runs.find("the Corp gains 3 credits; the Runner then loses each click they still have")


def _no_model_notices(card: dict) -> list[str]:
    doc = {"run": {"server": "HQ"}, "runner": {"cards": [card]}, "servers": {"HQ": {"cards": [{"card": "hedge_fund"}]}}}
    got = run(load_scenario("x.yaml", text=yaml.safe_dump(doc, allow_unicode=True)))
    return [w.text(got.rs) for w in got.warnings if "no timing model" in w.text(got.rs)]


def test_a_card_without_a_model_is_warned_about_only_when_the_scenario_writes_nothing_it_does():
    assert "acacia" not in MODELS, "Acacia stands for a card the judge does not model"

    bare = _no_model_notices({"card": "acacia"})
    written = _no_model_notices({"card": "acacia", "abilities": [{"when": "run_ends", "effect": {"note": "told"}}]})

    assert len(bare) == 1 and "Acacia" in bare[0]
    assert written == []


PICKED = ("the installed Runner card it removes is picked in play, so the model removes none: when that card "
          "matters to the run, give the subroutine `effect: {uninstall: <card>}` in the scenario")
_REMOVES = re.compile(r"\b(?:trash(?:es)?|returns?)\b.*\b(?:program|hardware|resource|Runner card)s?\b", re.IGNORECASE)
_ELSEWHERE = re.compile(r"stack|HQ|Archives|R&D|revealed", re.IGNORECASE)


def _removes_an_installed_runner_card(sub) -> bool:
    text = sub.get("text") if isinstance(sub, dict) else sub
    text = text.get("en", "") if isinstance(text, dict) else str(text or "")
    return bool(_REMOVES.search(text)) and not _ELSEWHERE.search(text)


_PICKS = ("trash_pick", "return_pick")


def _computes_a_pick(sub) -> bool:
    """The subroutine's effect removes a card a player picks (docs/board.md, Picks)."""
    return isinstance(sub, dict) and any(p in json.dumps(sub.get("effect", "")) for p in _PICKS)


def test_a_subroutine_that_removes_a_picked_runner_card_computes_the_pick_or_says_it_does_not():
    found = [cid for cid, m in MODELS.items() if any(map(_removes_an_installed_runner_card, m.card.get("subroutines", [])))]

    assert len(found) >= 20, found
    computed = 0
    for cid in found:
        m = MODELS[cid]
        subs = [s for s in m.card.get("subroutines", []) if _removes_an_installed_runner_card(s)]
        says = any(x["en"] == PICKED for x in m.left_out)
        if all(map(_computes_a_pick, subs)):
            computed += 1
            assert not says, f"{cid}: its picks are computed; left_out must not say they are not"
        else:
            assert m.confidence == "approximate", f"{cid}: a pick the model does not make leaves it approximate"
            assert says, f"{cid}: left_out says the convention's words"
    assert computed >= 10, "the ice whose picks are decisions (Týr, Rototurret, Archer...)"


def test_a_model_that_computes_a_pick_is_checked_with_a_runner_card_installed():
    for cid, m in MODELS.items():
        if any(map(_computes_a_pick, m.card.get("subroutines", []))):
            assert any(c.get("runner", {}).get("cards") for c in m.checks), f"{cid}: a check gives the pick a card to take"


@pytest.mark.parametrize(("text", "removes"), [
    ("Trash an installed Runner card; the Corp gains 3 credits", True),
    ("The Corp returns 1 installed Runner card to the grip", True),
    ("1 core damage unless the Runner trashes 1 installed program", True),
    ("The top 3 cards of the Runner's stack are trashed, then Aimor is trashed", False),
    ("End the run", False),
])
def test_the_convention_finds_the_subroutines_it_is_about(text, removes):
    assert _removes_an_installed_runner_card({"text": {"en": text}}) is removes
