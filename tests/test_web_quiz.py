"""The quiz without a browser: a teacher's link, answers posted with the form token, the reveal,
the score in the session, both languages, and links that cannot be used."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.engine import run
from judge.scenario import load_scenario
from judge.web.library import quizgen, quizplan
from judge.web.library.casebook import Case

ROOT = Path(__file__).resolve().parent.parent
D10 = "d10-inside-job-bypasses-tollbooth"
D04 = "d04-jack-out-at-second-ice"


def text(resp) -> str:
    return resp.get_data(as_text=True)


def unescape(s: str) -> str:
    return s.replace("&#39;", "'").replace("&#34;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")


def planned(stem: str, lang: str = "en") -> list[quizgen.Question]:
    """The questions a link to one case asks, made here from the case's own trace."""
    f = ROOT / "examples" / f"{stem}.yaml"
    sc = load_scenario(f)
    case = Case(stem, sc.ruleset, sc, run(sc), f.read_text())
    keys = [key for _, key in quizplan.chosen([case])["q"]]
    qs = {q.key: q for q in quizgen.questions(case.trace, lang)}
    return [qs[k] for k in keys]


def token(html: str) -> str:
    return re.search(r'name="_csrf" value="([^"]+)"', html).group(1)


def index(html: str) -> str:
    return re.search(r'name="i" value="(\d+)"', html).group(1)


def choices(html: str) -> list[str]:
    return re.findall(r'<input type="radio" name="choice" value="([^"]+)"', html)


def answer(client, html: str, choice: str):
    return client.post("/quiz/answer", data={"_csrf": token(html), "i": index(html), "choice": choice})


def start(client, stem: str = D10, lang: str = "en") -> str:
    resp = client.get(f"/quiz?cases={stem}&lang={lang}")
    assert resp.status_code == 303 and resp.headers["Location"] == "/quiz"
    return text(client.get("/quiz"))


def score(html: str) -> tuple[int, int]:
    m = re.search(r"Score: (\d+) of (\d+)", html) or re.search(r"점수: (\d+)문제 중 (\d+)개", html)
    return (int(m.group(1)), int(m.group(2))) if "Score" in m.group(0) else (int(m.group(2)), int(m.group(1)))


def test_a_teachers_link_asks_the_first_question_of_those_cases(client):
    html = start(client)

    first = planned(D10)[0]
    assert unescape(first.prompt) in unescape(html)
    assert sorted(choices(html)) == sorted(c.token for c in first.choices)
    assert "Question 1 of 3" in html and score(html) == (0, 0)
    assert "D10:" not in html   # the case's title names the answer: it waits for the reveal


def test_a_right_answer_scores_a_point_and_reveals_the_answer_on_the_chart(client):
    html = start(client)
    q = planned(D10)[0]

    resp = answer(client, html, q.answer)
    shown = text(client.get("/quiz"))

    assert resp.status_code == 303 and resp.headers["Location"] == "/quiz#quiz-top"
    assert "Right!" in shown and score(shown) == (1, 1)
    assert re.search(r'<li class="choice-opt right">\s*<span class="mark" aria-hidden="true">✓', shown)
    assert all(unescape(line) in unescape(shown) for line in q.why)
    assert 'class="node step' in shown and "current" in shown          # the chart at the answer's moment


def test_a_wrong_answer_scores_nothing_and_marks_both_choices(client):
    html = start(client)
    q = planned(D10)[0]
    wrong = next(c for c in q.choices if c.token != q.answer)

    answer(client, html, wrong.token)
    shown = text(client.get("/quiz"))

    assert "Not quite. The answer: " + unescape(q.choice(q.answer).text) in unescape(shown)
    assert score(shown) == (0, 1)
    assert 'class="choice-opt wrong"' in shown and 'class="choice-opt right"' in shown


def test_answering_the_same_question_twice_scores_once(client):
    html = start(client)
    q = planned(D10)[0]

    answer(client, html, q.answer)
    answer(client, html, q.answer)

    assert score(text(client.get("/quiz"))) == (1, 1)


def test_an_answer_without_the_form_token_is_refused(client):
    html = start(client)

    resp = client.post("/quiz/answer", data={"i": index(html), "choice": planned(D10)[0].answer})

    assert resp.status_code == 400 and "form expired" in text(resp)
    assert score(text(client.get("/quiz"))) == (0, 0)


@pytest.mark.parametrize("choice", ["", "2.9", "<script>"])
def test_an_answer_that_is_not_one_of_the_choices_asks_again(client, choice):
    html = start(client)

    resp = answer(client, html, choice)

    assert resp.status_code == 400 and "Choose one of the answers." in text(resp)
    assert choices(text(resp)) == choices(html)


def test_next_moves_on_and_the_end_shows_the_score(client):
    html = start(client)
    qs = planned(D10)
    for n, q in enumerate(qs):
        assert f"Question {n + 1} of {len(qs)}" in html
        answer(client, html, q.answer if n != 1 else next(c.token for c in q.choices if c.token != q.answer))
        shown = text(client.get("/quiz"))
        client.post("/quiz/next", data={"_csrf": token(shown), "i": index(shown)})
        html = text(client.get("/quiz"))

    assert f"Quiz finished: {len(qs) - 1} of {len(qs)} right." in html
    assert 'action="/quiz/restart"' in html


def test_the_case_explanation_is_kept_for_its_last_question(client):
    html = start(client)
    qs = planned(D10)
    why = load_scenario(ROOT / "examples" / f"{D10}.yaml").explanation["en"][:40]
    seen = []
    for q in qs:
        answer(client, html, q.answer)
        shown = text(client.get("/quiz"))
        seen.append(why in unescape(shown))
        client.post("/quiz/next", data={"_csrf": token(shown), "i": index(shown)})
        html = text(client.get("/quiz"))

    assert seen == [False] * (len(qs) - 1) + [True]


def test_the_quiz_in_korean_asks_and_reveals_in_korean(client):
    html = start(client, lang="ko")
    q = planned(D10, "ko")[0]

    assert '<html lang="ko">' in html and unescape(q.prompt) in unescape(html)
    answer(client, html, q.answer)
    shown = text(client.get("/quiz"))
    assert "정답입니다!" in shown and score(shown) == (1, 1)


def test_switching_language_mid_quiz_keeps_the_question_and_the_score(client):
    html = start(client)
    answer(client, html, planned(D10)[0].answer)

    shown = text(client.get("/quiz?lang=ko"))

    assert "정답입니다!" in shown and score(shown) == (1, 1)
    assert unescape(planned(D10, "ko")[0].prompt) in unescape(shown)


def test_the_session_score_adds_up_across_quizzes(client):
    html = start(client, D10)
    answer(client, html, planned(D10)[0].answer)
    html = start(client, D04)
    answer(client, html, "not-a-choice")
    answer(client, html, next(c.token for c in planned(D04)[0].choices if c.token != planned(D04)[0].answer))

    shown = text(client.get("/quiz"))

    assert score(shown) == (0, 1) and "(this session: 1 of 2)" in shown


def test_opening_the_same_link_again_continues_the_quiz(client):
    html = start(client)
    answer(client, html, planned(D10)[0].answer)

    again = start(client)

    assert score(again) == (1, 1) and "Right!" in again


def test_a_link_to_several_cases_asks_about_each(client):
    resp = client.get(f"/quiz?cases={D10},{D04}&rs=ffg-rr&lang=en")
    html = text(client.get(resp.headers["Location"]))

    assert "Question 1 of 6" in html
    assert f'href="/quiz?cases={D10},{D04}&amp;rs=ffg-rr"' in html   # the link to share


@pytest.mark.parametrize(("query", "status", "message"), [
    ("cases=no-such-case", 400, 'There is no case "no-such-case"'),
    (f"cases={D10}&rs=nsg", 400, f'"{D10}" is not checked under the rule set nsg'),
    (f"cases={D10}&rs=bogus", 400, 'There is no rule set "bogus"'),
    ("cases=" + ",".join(f"c{i}" for i in range(13)), 400, "at most 12 cases")])
def test_a_quiz_link_that_cannot_be_used_is_a_400_page_saying_why(client, query, status, message):
    resp = client.get(f"/quiz?{query}&lang=en")

    assert resp.status_code == status and message in unescape(text(resp))


def test_a_random_quiz_asks_questions_from_the_library(client):
    resp = client.get("/quiz/random?rs=nsg&lang=en")
    html = text(client.get(resp.headers["Location"]))

    assert resp.status_code == 303
    assert f"Question 1 of {quizplan.RANDOM_LENGTH}" in html and len(choices(html)) in (3, 4)
    assert '<span class="ruleset" title="Rule set">nsg</span>' in html


def test_the_quiz_page_without_a_quiz_lets_you_choose_cases_with_a_plain_form(client):
    html = text(client.get("/quiz?lang=en"))

    assert re.search(r'<form method="get" action="/quiz" class="quiz-pick" id="quiz-pick"', html)
    assert f'<input type="checkbox" name="cases" value="{D10}">' in html
    assert 'href="/quiz/random?rs=ffg-rr"' in html


def test_choosing_cases_with_checkboxes_starts_their_quiz(client):
    resp = client.get(f"/quiz?rs=ffg-rr&cases={D10}&cases={D04}")

    assert resp.status_code == 303 and "Question 1 of 6" in text(client.get("/quiz?lang=en"))


def test_leaving_the_quiz_goes_back_to_choosing(client):
    html = start(client)

    client.post("/quiz/stop", data={"_csrf": token(html)})

    assert 'class="quiz-pick"' in text(client.get("/quiz"))
