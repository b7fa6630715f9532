"""The stepper of a saved situation under another rule set: /s/<id>?ruleset=nsg&step=N."""

from __future__ import annotations

import html as htmllib
import json
import re

import pytest
from test_web_compare import E2, FIRST_WINDOW, LOOPS_UNDER_NSG, PLAIN_JACK_OUT, save

from judge.render.ids import step_id


def html_of(resp) -> str:
    return resp.get_data(as_text=True)


def text_of(resp) -> str:
    return htmllib.unescape(resp.get_data(as_text=True))


def classes_of(html: str, element_id: str) -> set[str]:
    m = re.search(rf'<g id="{re.escape(element_id)}" class="([^"]*)"', html)
    assert m, f"no chart element {element_id}"
    return set(m.group(1).split())


def visible_occ(html: str) -> str:
    shown = re.findall(r'<section class="position" id="pos-\d+" data-n="\d+" data-occ="([^"]+)">', html)
    assert len(shown) == 1, shown
    return shown[0]


def switch_links(html: str) -> dict[str, str]:
    nav = re.search(r'<nav class="rs-switch".*?</nav>', html, re.S).group(0)
    return {rs: href.replace("&amp;", "&") for href, rs in re.findall(r'<a href="([^"]+)"\s+data-ruleset="([^"]+)"', nav)}


@pytest.fixture
def e2(client) -> str:
    return save(client, E2)


def test_under_nsg_the_chart_is_nsgs_with_the_step_highlighted(client, e2):
    html = html_of(client.get(f"/s/{e2}?ruleset=nsg&step=18"))

    assert visible_occ(html) == "6.9.4c@Enigma"
    assert {"node", "current"} <= classes_of(html, step_id("6.9.4c"))
    assert "visited" in classes_of(html, step_id("6.9.2b"))
    assert 'id="step-2_2"' not in html  # not the Rules Reference chart


def test_the_rule_set_shown_has_its_name_version_and_date(client, e2):
    html = html_of(client.get(f"/s/{e2}?ruleset=nsg&lang=en"))

    current = re.search(r'<p class="rs-current">.*?</p>', html, re.S).group(0)
    assert "NSG Comprehensive Rules" in current
    assert "Null Signal Games Comprehensive Rules v26.03" in current
    assert '<time class="rs-date" datetime="2026-03-02"' in current
    ko = html_of(client.get(f"/s/{e2}?ruleset=nsg&lang=ko"))
    assert "NSG 종합 규칙" in re.search(r'<p class="rs-current">.*?</p>', ko, re.S).group(0)


def test_step_links_keep_the_rule_set(client, e2):
    html = html_of(client.get(f"/s/{e2}?ruleset=nsg&step=3"))

    assert 'id="go-next" href="?ruleset=nsg&step=4"' in html.replace("&amp;", "&")
    assert '<a href="?ruleset=nsg&step=18" data-n="18">' in html.replace("&amp;", "&")
    permalink = re.search(r'id="permalink" readonly value="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert permalink.endswith(f"/s/{e2}?ruleset=nsg&step=3")


def test_the_switch_opens_the_same_moment_in_each_rule_set(client, e2):
    html = html_of(client.get(f"/s/{e2}?step=9"))  # ffg-rr 4@Enigma: Enigma is passed

    links = switch_links(html)
    assert links["ffg-rr"] == f"/s/{e2}?step=9"
    nsg = html_of(client.get(links["nsg"]))
    assert visible_occ(nsg) == "6.9.4a@Enigma"
    assert 'aria-current="true">NSG Comprehensive Rules' in nsg.replace("\n", "")
    core = html_of(client.get(switch_links(nsg)["ffg-core"]))
    assert visible_occ(core) == "3.2@Enigma"  # the six-step chart passes ice on leaving 3.2


def test_under_another_rule_set_the_page_says_the_actions_are_placed_by_meaning(client, e2):
    nsg = text_of(client.get(f"/s/{e2}?ruleset=nsg&step=18&lang=en"))

    assert "the situation was written for FFG Rules Reference, and its actions are placed where they mean the same" in nsg


def test_the_own_rule_set_named_explicitly_is_the_plain_stepper(client, e2):
    named, plain = html_of(client.get(f"/s/{e2}?ruleset=ffg-rr&step=2")), html_of(client.get(f"/s/{e2}?step=2"))

    main = re.compile(r'<article class="stepper".*</article>', re.S)
    assert main.search(named).group(0) == main.search(plain).group(0)


@pytest.mark.parametrize("lang, says", [("en", 'There is no rule set "bogus"'), ("ko", '"bogus" 규칙은 없습니다')])
def test_an_unknown_rule_set_is_a_clear_400_in_the_page_language(client, e2, lang, says):
    resp = client.get(f"/s/{e2}?ruleset=bogus&lang={lang}")

    assert resp.status_code == 400
    assert says in text_of(resp)


def test_a_rule_set_the_situation_cannot_run_under_is_a_400_with_the_reason(client):
    sid = save(client, LOOPS_UNDER_NSG)

    resp = client.get(f"/s/{sid}?ruleset=nsg&lang=en")

    assert resp.status_code == 400
    assert "cannot run under NSG Comprehensive Rules" in html_of(resp) and "loops" in html_of(resp)
    switch = re.search(r'<nav class="rs-switch".*?</nav>', html_of(client.get(f"/s/{sid}")), re.S).group(0)
    assert '<span class="off" data-ruleset="nsg"' in switch


def test_a_situation_written_in_ffg_numbers_opens_under_nsg_with_its_jack_out_at_6_9_4c(client):
    sid = save(client, PLAIN_JACK_OUT)

    html = html_of(client.get(f"/s/{sid}?ruleset=nsg&lang=en"))

    assert 'data-occ="6.9.4c@Ice Wall"' in html and 'class="dropped"' not in html


def test_the_stepper_lists_the_actions_a_rule_set_has_no_moment_for(client):
    sid = save(client, FIRST_WINDOW)

    html = text_of(client.get(f"/s/{sid}?ruleset=ffg-rr&lang=en"))

    box = re.search(r'<div class="dropped" id="dropped" role="note">.*?</div>', html, re.S).group(0)
    assert "Left out under FFG Rules Reference" in box and "cannot rez Midori before the first ice is approached" in box
    assert 'class="dropped"' not in html_of(client.get(f"/s/{sid}"))


def test_a_bad_step_under_another_rule_set_is_a_400(client, e2):
    assert client.get(f"/s/{e2}?ruleset=nsg&step=99").status_code == 400
    assert client.get(f"/s/{e2}?ruleset=nsg&step=x").status_code == 400


def test_downloads_follow_the_rule_set_shown(client, e2):
    html = html_of(client.get(f"/s/{e2}?ruleset=nsg&step=18"))
    svg_url = re.search(r'id="dl-svg" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    json_url = re.search(r'href="([^"]*trace\.json[^"]*)"', html).group(1).replace("&amp;", "&")

    svg = client.get(svg_url)
    trace = client.get(json_url)

    assert 'id="step-6_9_4c"' in svg.get_data(as_text=True).replace("&#45;", "-")   # Graphviz writes - as &#45;
    assert "-nsg-step18-" in svg.headers["Content-Disposition"]
    assert json.loads(trace.get_data(as_text=True))["ruleset"] == "nsg"
    assert client.get(f"/s/{e2}/trace.json?ruleset=bogus").status_code == 400


def test_each_rule_sets_highlights_are_kept_apart(client, e2):
    def hl(url):
        data = re.search(r'<script type="application/json" id="stepper-data">(.*?)</script>', html_of(client.get(url)), re.S)
        return json.loads(data.group(1))["hl"]

    own, nsg = hl(f"/s/{e2}"), hl(f"/s/{e2}?ruleset=nsg")

    assert own[0]["current"] == "step-1" and nsg[0]["current"] == "step-6_9_1a"
    assert len(own) == 13 and len(nsg) == 22


def shown(html: str) -> str:
    """The position the page shows (the others are hidden until the script steps to them)."""
    return re.search(r'<section class="position" id="pos-\d+" data-n="\d+" data-occ="[^"]+">(?:(?!</section>).)*</section>',
                     html, re.S).group(0)


def test_every_step_of_every_rule_set_has_a_citation_and_every_skip_its_rule_in_both_languages():
    from judge import rulesets

    for rs in rulesets.RULESETS.values():
        for st in rs.steps:
            assert st.id in rs.cite(st.id, "en") and st.id in rs.cite(st.id, "ko")
        assert rs.skip_reasons(), rs.id
        for reason in rs.skip_reasons():
            assert rs.skip_cite(reason, "en") and rs.skip_cite(reason, "ko")


def test_each_step_cites_its_rule_in_the_numbering_of_the_rule_set_shown(client, e2):
    own = text_of(client.get(f"/s/{e2}?step=3&lang=en"))  # 2.1@Enigma: 2.2 is skipped there
    nsg = text_of(client.get(f"/s/{e2}?ruleset=nsg&step=18&lang=en"))
    core = text_of(client.get(f"/s/{e2}?ruleset=ffg-core&step=3&lang=ko"))


    # one language per page: the English page names the chart's step in English (no Korean heading)
    assert '<dd class="cite">Step 2.1 (Paid ability window) of the seven-step run chart, FFG Rules Reference</dd>' in shown(own)
    assert "Rule: Step 2.2 (Continue or jack out) of the seven-step run chart: not on the first approach of a run" in shown(own)
    assert '<dd class="cite">NSG Comprehensive Rules 6.9.4c (v26.03)</dd>' in shown(nsg)
    assert 'FFG 기본 규칙서 "런의 타이밍 구조" 도표, 2.1단계' in shown(core)


def test_a_trigger_says_which_rule_makes_it_trigger_there(client, e2):
    html = text_of(client.get(f"/s/{e2}?step=10&lang=en"))  # 2@Hunter: Snitch triggers

    assert "Snitch" in shown(html)
    assert ("Rule: “when approached” abilities trigger at this step: Step 2 (Approach ice) of the seven-step run chart, "
            "FFG Rules Reference") in shown(html)
