"""Step-number translation: the whole table, and the lookup form with clear answers and errors."""

from __future__ import annotations

import html as htmllib
import re

import pytest


def page(client, query: str = "", lang: str = "en"):
    resp = client.get(f"/translate?{query}&lang={lang}" if query else f"/translate?lang={lang}")
    return resp.status_code, resp.get_data(as_text=True)


def sentences(html: str) -> list[str]:
    return [htmllib.unescape(s) for s in re.findall(r'<p class="sentence">(.*?)</p>', html)]


def error(html: str) -> str:
    m = re.search(r'<p class="form-error" id="tr-error" role="alert">(.*?)</p>', html)
    return htmllib.unescape(m.group(1)) if m else ""


def test_the_table_has_a_column_per_rule_set_and_a_note_and_every_row_of_the_translation(client):
    from judge.rulesets.translate import table

    status, html = page(client)

    assert status == 200
    heads = re.findall(r"<th scope=\"col\">(.*?)</th>", html)
    assert [re.sub("<[^>]+>", " ", h).split()[-1] for h in heads[:3]] == ["ffg-rr", "ffg-core", "nsg"]
    assert "Note" in heads[3]
    assert len(re.findall(r"<tr(?: class=\"hit\")?>\s*<td data-ruleset", html)) == len(table())
    assert "the last window to rez non-ice before success" in html
    assert '<small class="ice-anchor" title="the same moment belongs to another ice there">of the ice before</small>' in html


def test_step_4_3_of_the_six_step_chart_is_5_3_of_the_rules_reference_and_6_9_4e_of_the_current_rules(client):
    status, html = page(client, "step=4.3")

    assert status == 200
    assert sentences(html) == ["Step 4.3 of the 6-step chart is 5.3 of the Rules Reference and 6.9.4e of the current rules."]
    assert "the last window to rez non-ice before success" in html.split('class="tr-notes"')[1].split("</ul>")[0]
    assert len(re.findall(r'<tr class="hit">', html)) == 1


def test_a_number_two_rule_sets_share_is_answered_for_each_unless_the_rule_set_is_given(client):
    _, both = page(client, "step=2.2")
    _, one = page(client, "step=2.2&from=ffg-core")

    assert len(sentences(both)) == 2
    assert sentences(one) == ["Step 2.2 of the 6-step chart is 2.2 of the Rules Reference and 6.9.4c of the current rules."]
    assert "NSG after passing the previous one" in one


def test_a_step_with_no_counterpart_says_so(client):
    _, html = page(client, "step=6.9.1e")

    assert sentences(html) == ["Step 6.9.1e of the current rules is no step of the Rules Reference and no step of the 6-step chart."]
    assert "only in CR 25.04 and later" in html


def test_the_lookup_forgives_case_spaces_and_the_word_step(client):
    _, html = page(client, "step=+Step+6.9.4C+")

    assert sentences(html)[0].startswith("Step 6.9.4c of the current rules is 2.2, 5.2 of the Rules Reference")


def test_the_lookup_answers_in_korean(client):
    status, html = page(client, "step=4.3&from=ffg-core", lang="ko")

    assert status == 200
    assert sentences(html) == ["6단계 도표의 4.3단계는 룰 레퍼런스의 5.3, 현행 규칙의 6.9.4e입니다."]
    assert "성공 전 아이스 아닌 카드를 레즈할 마지막 창" in html


@pytest.mark.parametrize("query, lang, says", [
    ("step=9.9", "en", '"9.9" is not a step of any rule set.'),
    ("step=9.9", "ko", '"9.9"는 어느 규칙의 단계도 아닙니다.'),
    ("step=4.3&from=nsg", "en", '"4.3" is not a step of the current rules; it is a step of the 6-step chart.'),
    ("step=4.3&from=nsg", "ko", '"4.3"은 현행 규칙의 단계가 아닙니다. 6단계 도표의 단계입니다.'),
    ("step=", "en", "Write a step number, like 4.3, 5.3 or 6.9.4e."),
    ("step=+", "ko", "4.3, 5.3, 6.9.4e 같은 단계 번호를 쓰세요."),
    ("step=2.3&from=nope", "en", 'There is no rule set "nope"; the judge knows ffg-rr, ffg-core, nsg.'),
    ("step=" + "1" * 300, "en", "A step number is at most 20 characters"),
    ("step=%3Cscript%3Ealert(1)%3C/script%3E", "en", "A step number is at most 20 characters"),
    ("step=%3Cb%3Ex", "en", '"<b>x" is not a step of any rule set.'),
])
def test_bad_input_gets_a_clear_message_in_the_page_language_and_never_a_server_error(client, query, lang, says):
    status, html = page(client, query, lang=lang)

    assert status == 400
    assert error(html).startswith(says)
    assert "<b>x" not in html and "<script>alert" not in html  # the asked text stays text
    assert 'aria-invalid="true"' in html
    assert "tr-table" in html  # the table is still there to read


def test_the_table_links_each_step_to_its_lookup(client):
    _, html = page(client)

    assert 'href="/translate?step=6.9.4e&amp;from=nsg"' in html
    assert 'href="/translate?step=4.3&amp;from=ffg-core"' in html


def test_the_translation_page_is_in_the_navigation(client):
    html = client.get("/examples").get_data(as_text=True)

    assert 'href="/translate"' in html
