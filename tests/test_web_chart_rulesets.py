"""The chart page's rule set switch: each rule set's charts in both languages, with version and date."""

from __future__ import annotations

import html as htmllib
import re

import pytest

from judge.rulesets import RULESETS


def text(resp) -> str:
    return resp.get_data(as_text=True)


@pytest.mark.parametrize("rs, node", [("ffg-rr", "step-5_3"), ("nsg", "step-6_9_4e"), ("ffg-core", "step-4_3")])
def test_the_switch_shows_one_rule_sets_chart_in_both_languages(client, rs, node):
    html = text(client.get(f"/chart?ruleset={rs}"))

    assert html.count("<svg") == 2
    assert html.count(f'<g id="{node}"') == 2
    assert re.search(rf'<a href="/chart\?ruleset={rs}" data-ruleset="{rs}"[^>]*aria-current="true"', html)


def test_without_a_choice_all_three_are_shown_each_with_its_version_and_date(client):
    html = htmllib.unescape(text(client.get("/chart?lang=en")))

    assert html.count("<svg") == 2 * len(RULESETS)
    for rs in RULESETS.values():
        assert rs.version in html
    assert '<time class="rs-date" datetime="2026-03-02"' in html
    assert "NSG Comprehensive Rules" in html and "FFG Core Rulebook" in html


def test_the_switch_speaks_korean(client):
    html = text(client.get("/chart?ruleset=nsg&lang=ko"))

    assert "차트 선택" in html and "NSG 종합 규칙" in html and "세 규칙 모두" in html


def test_an_unknown_rule_set_is_a_clear_400(client):
    resp = client.get("/chart?ruleset=%3Cx%3E&lang=ko")

    assert resp.status_code == 400
    assert "규칙은 없습니다" in text(resp) and "<x>" not in text(resp)
