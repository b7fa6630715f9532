"""Quiz questions come from traces: the answer is what the run did, the wrong choices are the rule
set's other ways and the trace's other abilities."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from helpers import board, ice

from judge import render
from judge.engine import run
from judge.errors import JudgeError
from judge.scenario import load_scenario
from judge.web.library import quizgen

ROOT = Path(__file__).resolve().parent.parent
D10 = ROOT / "examples" / "d10-inside-job-bypasses-tollbooth.yaml"


def question(t, key: str, lang: str = "en") -> quizgen.Question:
    return next(q for q in quizgen.questions(t, lang) if q.key == key)


def at(t, occ: str) -> int:
    """The stepper's position number of a step occurrence."""
    return t.path.index(occ) + 1


@pytest.fixture(scope="module")
def two_ice():
    """An unrezzed Ice Wall, then Enigma: the first approach skips 2.2, the second enters it."""
    return board(ice=[ice("Ice Wall", rezzed=False), ice("Enigma", rezzed=False)])


@pytest.fixture(scope="module")
def every_trace() -> list:
    out = []
    for f in sorted((ROOT / "examples").glob("*.yaml")):
        try:
            sc = load_scenario(f)
        except JudgeError:
            continue
        for rs in sc.expected_rulesets() or [sc.ruleset]:
            try:
                out.append((f"{f.stem}@{rs}", run(sc, rs)))
            except JudgeError:
                continue
    return out


def test_the_next_step_after_2_1_on_the_first_approach_is_2_3(two_ice):
    q = question(two_ice, f"next:{at(two_ice, '2.1@Ice Wall')}")

    assert q.answer == "2.3"
    assert {c.token for c in q.choices} >= {"2.2", "2.3"}   # 2.2, the skipped step, is the trap
    assert "first approach of the run" in " ".join(q.why)


def test_2_2_on_the_first_approach_is_skipped_because_it_is_the_first_approach(two_ice):
    q = question(two_ice, f"skip:{at(two_ice, '2.1@Ice Wall')}:2.2")

    assert q.answer == "skip:first_approach"
    assert q.choice(q.answer).text.startswith("It is skipped: first approach of this run")
    assert "happens" in {c.token for c in q.choices}


def test_2_2_on_the_second_approach_is_not_skipped(two_ice):
    q = question(two_ice, f"stay:{at(two_ice, '2.1@Enigma')}:2.2")

    assert q.answer == "happens"
    assert "skip:first_approach" in {c.token for c in q.choices}
    assert q.interest == 3   # the same step was skipped earlier in this run: the point of the lesson


def test_an_unrezzed_ice_sends_the_run_from_2_4_to_4_and_skips_the_encounter(two_ice):
    n = at(two_ice, "2.4@Ice Wall")

    assert question(two_ice, f"next:{n}").answer == "4"
    assert question(two_ice, f"skip:{n}:3").answer == "skip:unrezzed"


def test_the_answers_follow_the_trace_when_the_board_changes():
    rezzed = board(ice=[ice("Ice Wall", rezzed=True, subs=["Gain 1 credit"])])

    assert question(rezzed, f"next:{at(rezzed, '2.4@Ice Wall')}").answer == "3"
    assert not any(q.key.startswith("skip:") and q.key.endswith(":3") for q in quizgen.questions(rezzed, "en"))


def test_the_runners_bypass_resolves_before_the_corps_encounter_ability():
    t = run(load_scenario(D10))

    q = question(t, f"first:{at(t, '3@Tollbooth')}")

    assert q.answer == "card:Inside Job"
    assert {c.token for c in q.choices} == {"card:Inside Job", "card:Tollbooth", "same_time"}
    assert "Inside Job, Tollbooth" in q.prompt   # listed in name order, never in the order they resolve


@pytest.mark.parametrize(("tollbooth_credits", "status"), [(5, "successful"), (2, "unsuccessful")])
def test_the_outcome_question_is_answered_by_the_runs_status(tollbooth_credits, status):
    t = board(credits=tollbooth_credits,
              ice=[ice("Tollbooth", subs=[], abilities=[{"when": "encountered", "effect": {"pay": 3, "otherwise": "end_run"}}])])

    q = question(t, "outcome")

    assert t.status == status and q.answer == f"status:{status}"
    assert len(q.choices) == 3


def test_every_question_of_every_example_offers_three_or_four_distinct_choices_with_one_answer(every_trace):
    for name, t in every_trace:
        for lang in ("en", "ko"):
            for q in quizgen.questions(t, lang):
                texts = [c.text for c in q.choices]
                assert 3 <= len(q.choices) <= 4, (name, q.key)
                assert len(set(texts)) == len(texts) and len({c.token for c in q.choices}) == len(texts), (name, q.key)
                assert [c.token for c in q.choices].count(q.answer) == 1, (name, q.key)


def test_every_next_step_answer_is_the_step_the_trace_enters_after_the_stop(every_trace):
    for name, t in every_trace:
        for q in quizgen.questions(t, "en"):
            if q.kind == "next":
                after = next(e for e in t.events[q.ask_event + 1:] if e.kind == "enter")
                assert q.answer == after.step, (name, q.key)
            if q.kind == "skip":
                skips = [e for e in t.events[q.ask_event:q.reveal_event + 1] if e.kind == "skip"]
                assert q.answer in {f"skip:{e.args_get('reason')}" for e in skips}, (name, q.key)


def test_the_right_choice_is_not_always_in_the_same_place(every_trace):
    places = Counter(next(i for i, c in enumerate(q.choices) if c.token == q.answer)
                     for _, t in every_trace for q in quizgen.questions(t, "en"))

    assert len(places) == 4 and max(places.values()) < 0.5 * sum(places.values())


def test_a_question_is_the_same_in_both_languages_but_for_its_words(two_ice):
    en, ko = quizgen.questions(two_ice, "en"), quizgen.questions(two_ice, "ko")

    assert [(q.key, q.answer, [c.token for c in q.choices]) for q in en] == \
           [(q.key, q.answer, [c.token for c in q.choices]) for q in ko]
    skip = question(two_ice, f"skip:{at(two_ice, '2.1@Ice Wall')}:2.2", "ko")
    assert "건너뛴다" in skip.choice(skip.answer).text and "첫 번째 접근" in skip.choice(skip.answer).text


def test_the_chart_shown_while_asking_does_not_give_the_skip_away(two_ice):
    q = question(two_ice, f"skip:{at(two_ice, '2.1@Ice Wall')}:2.2")

    asking = render.highlight(two_ice, q.ask_event, "en")["classes"]
    answered = render.highlight(two_ice, q.reveal_event, "en")["classes"]

    assert "current" in asking["step-2_1"]
    assert "skipped" not in asking.get("step-2_2", [])
    assert "skipped" in answered["step-2_2"]


def test_a_quiz_of_one_case_asks_at_different_moments_and_the_outcome_last(every_trace):
    for name, t in every_trace:
        qs = quizgen.questions(t, "en")
        chosen = quizgen.select(qs, 3, seed=1)
        moments = {q.at for q in chosen if q.kind != "outcome"}
        assert len(chosen) == min(3, len(qs)), name
        asked = {q.at for q in qs if q.kind != "outcome"}
        assert len(moments) == min(sum(q.kind != "outcome" for q in chosen), len(asked)), name
        assert all(q.kind != "outcome" for q in chosen[:-1]), name


def test_choosing_questions_prefers_the_best_teaching_moments():
    t = run(load_scenario(D10))

    kinds = {q.kind for q in quizgen.select(quizgen.questions(t, "en"), 3)}

    assert "first" in kinds and kinds & {"skip", "next"}
