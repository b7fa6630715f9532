"""The situation form: every problem at once, each linked to its field, the size of each field said
before typing, and nothing cut: a field longer than it may be comes back whole with its error."""

from __future__ import annotations

import re
from html import unescape

import pytest

BASE = {"_action": "run_form", "title": "t", "server": "HQ", "credits": "5", "bad_publicity": "0",
        "ice-name": ["Enigma"], "ice-rezzed": ["yes"], "ice-subs": ["End the run"]}
THREE_WRONG = {"act-at": ["2.3", "3.1", "5.3"], "act-ice": ["Nope", "Enigma", ""], "act-by": ["corp", "runner", "corp"],
               "act-effect": ["rez", "break", "rez"], "act-value": ["Nope", "7", "Ghost"]}


def summary(html: str) -> list[tuple[str, str]]:
    box = re.search(r'<div class="form-error error-summary".*?</div>', html, re.S)
    return [(a, unescape(m)) for a, m in re.findall(r'<li><a href="#([^"]+)">[^<]*</a>: ([^<]*)</li>', box.group(0))] if box else []


def test_every_problem_of_the_form_is_listed_at_once_and_each_field_is_marked(client, csrf):
    resp = client.post("/new", data={"_csrf": csrf, **BASE, **THREE_WRONG})
    html = resp.get_data(as_text=True)

    listed = summary(html)
    assert resp.status_code == 400 and len(listed) == 3
    assert [a for a, _ in listed] == ["f-act-0-ice", "f-act-1-effect", "f-act-2-at"]
    assert "Nope" in listed[0][1] and "subroutine 7" in listed[1][1] and "Ghost" in listed[2][1]
    for anchor, _ in listed:
        assert re.search(rf'id="{anchor}" aria-invalid="true"', html)
    assert "3 problem(s)" in html


def test_only_the_first_problem_is_listed_when_the_next_could_be_its_echo(client, csrf):
    # An ice without a name: the actions that name ice would only repeat it, so the search stops.
    data = {"_csrf": csrf, **BASE, "ice-name": [""], "ice-subs": ["End the run"], **THREE_WRONG}

    listed = summary(client.post("/new", data=data).get_data(as_text=True))

    assert len(listed) == 1 and listed[0][0].startswith("f-ice-0")


def test_the_problems_are_listed_in_korean_on_a_korean_page(client, csrf):
    html = client.post("/new?lang=ko", data={"_csrf": csrf, **BASE, **THREE_WRONG}).get_data(as_text=True)

    assert "상황에 문제가 3개 있습니다" in html and len(summary(html)) == 3


def test_a_valid_form_still_runs_and_the_checks_leave_what_was_typed_alone(client, csrf):
    ok = client.post("/new", data={"_csrf": csrf, **BASE, "act-at": ["2.3"], "act-ice": ["Enigma"],
                                   "act-by": ["corp"], "act-effect": ["rez"], "act-value": ["Enigma"]})
    bad = client.post("/new", data={"_csrf": csrf, **BASE, **THREE_WRONG}).get_data(as_text=True)

    assert ok.status_code == 303 and "/s/" in ok.headers["Location"]
    # the search set rows aside in a copy: every row typed is still on the page, as typed
    assert re.findall(r'name="act-value" value="([^"]*)"', bad)[:3] == ["Nope", "7", "Ghost"]


@pytest.mark.parametrize("action", ["run_form", "form_to_yaml"])
def test_an_oversized_subroutine_box_comes_back_whole_with_its_limit_never_cut(client, csrf, action):
    big = "End the run " * 25_000                       # 300 KB
    resp = client.post("/new", data={"_csrf": csrf, **BASE, "_action": action, "ice-subs": [big]})
    html = resp.get_data(as_text=True)

    kept = re.search(r'<textarea name="ice-subs"[^>]*>(.*?)</textarea>', html, re.S).group(1)
    assert resp.status_code == 400
    assert unescape(kept) == big                          # all of it, to shorten by hand
    assert summary(html) == [("f-ice-0-subs", "At most 4,000 characters here; this has 300,000. "
                                              "Nothing was cut: shorten it.")]
    assert "The YAML now shows the form" not in html


def test_an_oversized_name_and_title_are_refused_next_to_their_fields(client, csrf):
    html = client.post("/new", data={"_csrf": csrf, **BASE, "title": "x" * 301, "ice-name": ["I" * 121]}).get_data(as_text=True)

    anchors = [a for a, _ in summary(html)]
    assert anchors == ["f-title", "f-ice-0-name"]
    assert 'value="' + "x" * 301 + '"' in html


def test_each_field_says_how_much_it_holds_before_anything_is_typed(client):
    html = client.get("/new?lang=en").get_data(as_text=True)

    assert re.search(r'Subroutines, one per line <small class="limit" data-for="subs">at most 4,000 characters</small>', html)
    assert 'data-for="title">at most 300 characters' in html and 'data-for="value">at most 4,000 characters' in html
    assert "at most 256 KiB" in html
    assert 'data-limit="120"' in html and "maxlength" not in html    # said and counted, never cut by the browser
    ko = client.get("/new?lang=ko").get_data(as_text=True)
    assert "최대 4,000자" in ko and "최대 256 KiB" in ko
