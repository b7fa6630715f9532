"""Finding cases as a teacher does: a search box (title, card, tag, step; English or Korean names),
the tags at the top, a step filter that narrows by default, and a quiz case picker that filters."""

from __future__ import annotations

import re

import pytest

from judge.web.library.casebook import fold, matches

D10 = "d10-inside-job-bypasses-tollbooth"


def visible_rows(html: str) -> list[str]:
    rows = re.findall(r'<tr class="case" data-stem="([^"]+)"([^>]*)>', html)
    return [stem for stem, rest in rows if not rest.rstrip().endswith("hidden")]


def count(html: str) -> tuple[int, int]:
    m = re.search(r'id="lib-count"[^>]*>(\d+) of (\d+) cases', html)
    return int(m.group(1)), int(m.group(2))


@pytest.mark.parametrize("query", ["tollbooth", "Inside Job", "내부자 범행", "톨부스", "BYPASS", "inside tollbooth",
                                   "ｉｎｓｉｄｅ"])
def test_the_search_finds_a_case_by_title_card_korean_card_name_or_tag(client, query):
    html = client.get("/library", query_string={"q": query, "lang": "en"}).get_data(as_text=True)

    assert D10 in visible_rows(html)
    n, total = count(html)
    assert 0 < n < total and n == len(visible_rows(html))


def test_every_word_of_a_search_must_match_and_nothing_matches_nothing(client):
    html = client.get("/library?q=tollbooth+snitch+zzzz&lang=en").get_data(as_text=True)

    assert visible_rows(html) == [] and count(html)[0] == 0


def test_a_search_finds_the_cases_that_go_through_a_step(client):
    html = client.get("/library?q=6.9.4c&rs=nsg&lang=en").get_data(as_text=True)

    assert 0 < count(html)[0] < count(html)[1]


def test_the_search_box_and_the_tags_come_before_the_cases(client):
    html = client.get("/library?lang=en").get_data(as_text=True)

    search, picker, table = (html.index('id="lib-q"'), html.index('id="lib-tag-picker"'),
                             html.index('<table class="lib-cases"'))
    assert search < picker < table
    assert re.search(r'<a class="tag" href="\?rs=ffg-rr&amp;tag=bypass">bypass <small>\d+</small></a>', html)


def test_a_step_filter_lists_the_cases_that_enter_the_step_unless_asked_otherwise(client):
    default = client.get("/library?step=2.2&lang=en").get_data(as_text=True)
    anyway = client.get("/library?step=2.2&via=any&lang=en").get_data(as_text=True)

    n, total = count(default)
    assert 0 < n < total / 4                           # few runs reach 2.2; nearly all skip it
    assert count(anyway)[0] > 3 * n
    assert "Cases whose run enters 2.2" in default
    assert '<option value="entered" selected>' in default


def test_the_search_and_the_other_filters_combine_and_links_keep_the_search(client):
    html = client.get("/library?q=tollbooth&tag=bypass&lang=en").get_data(as_text=True)

    assert visible_rows(html) and all(r in visible_rows(client.get("/library?q=tollbooth&lang=en").get_data(as_text=True))
                                      for r in visible_rows(html))
    assert 'href="?rs=ffg-rr&amp;q=tollbooth"' in html   # removing the tag keeps the search


def test_a_very_long_search_is_cut_not_refused(client):
    resp = client.get("/library", query_string={"q": "x" * 5000})

    assert resp.status_code == 200 and 'value="' + "x" * 100 + '"' in resp.get_data(as_text=True)


def test_fold_and_matches_compare_as_a_reader_expects():
    assert fold("  Inside\tJOB ") == "inside job" and fold("ｔｏｌｌ") == "toll"
    assert matches("d10 inside job tollbooth", "JOB toll") and not matches("d10 inside job", "job snitch")
    assert matches("anything", "")


def test_the_quiz_picker_filters_its_cases_and_keeps_the_rule_set(client):
    html = client.get("/quiz?rs=ffg-rr&q=톨부스&lang=ko").get_data(as_text=True)

    items = re.findall(r'<li data-search="[^"]*"( hidden)?><label><input type="checkbox" name="cases" value="([^"]+)"', html)
    visible = [stem for hidden, stem in items if not hidden]
    assert D10 in visible and 0 < len(visible) < len(items)
    assert f"사례 {len(items)}개 중 {len(visible)}개 표시" in html
    assert 'id="quiz-q" value="톨부스"' in html
