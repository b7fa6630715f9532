"""The compare page: one situation under every rule set, side by side, divergences marked."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

YAML = {"Content-Type": "application/yaml"}

# rules.md E2: the same jack out, placed per rule set (2.2 of the next ice in FFG, 6.9.4c of the ice
# just passed in NSG). Snitch shows whether Hunter is ever approached.
E2 = """\
title: "E2: jack out before the second ice"
run: {server: Server 1}
runner:
  cards:
    - name: Snitch
      abilities: [{when: approached, ice: Hunter, effect: {note: Snitch exposes Hunter}}]
servers:
  Server 1:
    ice:
      - {name: Enigma, rezzed: true, subroutines: ["The Runner loses [click], if able.", End the run]}
      - {name: Hunter, rezzed: false, subroutines: ["Trace 3."]}
    cards: [{name: Project Atlas, type: agenda, points: 2}]
actions:
  - {at: {ffg-rr: "3.1", ffg-core: "3.1", nsg: "6.9.3b"}, ice: Enigma, by: runner, break: [2]}
  - {at: {ffg-rr: "2.2", ffg-core: "2.2"}, ice: Hunter, by: runner, jack_out: true}
  - {at: {nsg: "6.9.4c"}, ice: Enigma, by: runner, jack_out: true}
"""

# A plain `at: "2.2"` written in the Rules Reference's numbers: under NSG it means 6.9.4c of Ice Wall.
PLAIN_JACK_OUT = """\
title: Jack out at the second ice, written for the Rules Reference only
run: {server: HQ}
servers:
  HQ:
    ice:
      - {name: Ice Wall, rezzed: true, subroutines: [End the run]}
      - {name: Enigma, rezzed: true, subroutines: [End the run]}
    cards: [{name: Hedge Fund, type: operation}]
actions:
  - {at: "3.1", ice: Ice Wall, by: runner, break: all}
  - {at: "2.2", ice: Enigma, by: runner, jack_out: true}
"""

# Written for NSG: Midori rezzed in the initiation window (CR 6.9.1e), which the FFG charts do not have.
FIRST_WINDOW = """\
title: Midori is rezzed before the first approach
ruleset: nsg
run: {server: HQ}
servers:
  HQ:
    ice: [{name: Ice Wall, rezzed: true, subroutines: [End the run]}]
    root: [{name: Midori, type: upgrade, rezzed: false}]
    cards: [{name: Hedge Fund, type: operation}]
actions:
  - {at: "6.9.1e", by: corp, rez: Midori}
  - {at: "6.9.3b", ice: Ice Wall, by: runner, break: all}
"""

# An unlimited "approach again" ended by a jack out that NSG has no moment for: it loops there.
LOOPS_UNDER_NSG = """\
title: An endless loop the Runner leaves at 2.2 of the second approach
run: {server: Server 1}
servers:
  Server 1:
    ice: [{name: Ice Wall, rezzed: false, subroutines: [End the run]}]
    root: [{name: Loop Grid, type: upgrade, rezzed: true, abilities: [{when: passed, effect: approach_again}]}]
    cards: [{name: Project Atlas, type: agenda, points: 2}]
actions:
  - {at: "2.2", ice: Ice Wall, time: 2, by: runner, jack_out: true}
"""


def save(client, text: str) -> str:
    return client.post("/api/scenarios", data=text, headers=YAML).get_json()["id"]


def html_of(resp) -> str:
    return resp.get_data(as_text=True)


def column(html: str, rs: str) -> str:
    m = re.search(rf'<section class="column[^"]*" id="col-{re.escape(rs)}".*?</section>', html, re.S)
    assert m, f"no column for {rs}"
    return m.group(0)


def path_item(html: str, rs: str, occ: str) -> str:
    m = re.search(rf'<li id="p-{re.escape(rs)}-\d+"[^>]*>\s*<a [^>]*><span class="occ">{re.escape(occ)}</span>.*?</li>',
                  column(html, rs), re.S)
    assert m, f"{occ} is not on the path of {rs}"
    return m.group(0)


def divergences(html: str) -> list[tuple[str, str]]:
    return [(kind, " ".join(re.sub(r"<[^>]+>", " ", text).split())) for kind, text in
            re.findall(r'<li id="d-\d+" class="dv dv-(\w+)"[^>]*>(.*?)</ul></li>', html, re.S)]


@pytest.fixture
def e2(client) -> str:
    return save(client, E2)


def test_the_compare_page_shows_one_column_per_rule_set_with_outcome_path_and_triggers(client, e2):
    html = html_of(client.get(f"/s/{e2}/compare?lang=en"))

    for rs in ("ffg-rr", "nsg", "ffg-core"):
        col = column(html, rs)
        assert 'class="status status-unsuccessful"' in col
        assert 'class="cmp-path"' in col and 'class="cmp-triggers"' in col
    assert "Snitch: when approached" in column(html, "ffg-rr")
    assert '<a class="occ" href="/s/' in column(html, "ffg-rr")  # the trigger links to its step
    assert "first approach of this run" in path_item(html, "ffg-rr", "2.1@Enigma")  # a skipped step, with its reason


def test_the_jack_out_placement_of_e2_is_marked_as_a_different_path_and_a_trigger_that_never_happens(client, e2):
    html = html_of(client.get(f"/s/{e2}/compare?lang=en"))

    found = divergences(html)
    assert [k for k, _ in found] == ["path", "trigger"]
    assert "nsg jack out (6.9.4c@Enigma)" in found[0][1]
    assert "ffg-rr approach Hunter (2@Hunter)" in found[0][1]
    assert "nsg never" in found[1][1]
    assert 'class="diverge"' in path_item(html, "nsg", "6.9.4c@Enigma")
    assert 'class="diverge"' in path_item(html, "ffg-rr", "2@Hunter")
    assert 'class="diverge"' in path_item(html, "ffg-core", "2@Hunter")
    assert 'class="diverge"' not in path_item(html, "nsg", "6.9.4a@Enigma")
    never = re.findall(r'<li class="diverge never">(.*?)</li>', column(html, "nsg"), re.S)
    assert len(never) == 1 and "Snitch" in never[0]
    assert 'href="#d-1"' in path_item(html, "nsg", "6.9.4c@Enigma")


def test_each_column_links_to_the_stepper_under_its_rule_set(client, e2):
    html = html_of(client.get(f"/s/{e2}/compare"))

    assert f'href="/s/{e2}"' in column(html, "ffg-rr")  # the situation's own rule set needs no argument
    assert f'href="/s/{e2}?ruleset=nsg"' in column(html, "nsg")
    assert f'href="/s/{e2}?ruleset=ffg-core"' in column(html, "ffg-core")
    assert f'href="/s/{e2}?ruleset=nsg&amp;step=18"' in path_item(html, "nsg", "6.9.4c@Enigma")


def test_the_compare_page_speaks_korean(client, e2):
    html = html_of(client.get(f"/s/{e2}/compare?lang=ko"))

    assert '<html lang="ko">' in html
    assert "차이점" in html and "NSG 종합 규칙" in html and "FFG 기본 규칙서" in html
    found = dict(divergences(html))
    assert "진행이 갈립니다" in found["path"] and "nsg 잭 아웃 (6.9.4c@Enigma)" in found["path"]
    assert "Snitch: 접근할 때" in found["trigger"] and "격발 안 됨" in found["trigger"]
    assert "first approach" not in html


def test_a_jack_out_written_in_ffg_numbers_gets_a_column_under_nsg_at_the_ice_just_passed(client):
    sid = save(client, PLAIN_JACK_OUT)

    html = html_of(client.get(f"/s/{sid}/compare?lang=en"))

    for rs in ("ffg-rr", "nsg", "ffg-core"):
        assert "cmp-path" in column(html, rs)
    assert "6.9.4c@Ice Wall" in path_item(html, "nsg", "6.9.4c@Ice Wall")
    assert path_item(html, "nsg", "6.9.6d")
    assert "column unplaced" not in html


def test_an_action_with_no_moment_is_listed_in_its_column_and_the_run_goes_on_without_it(client):
    sid = save(client, FIRST_WINDOW)

    html = html_of(client.get(f"/s/{sid}/compare?lang=en"))

    ffg = column(html, "ffg-rr")
    assert 'class="dropped"' in ffg and "cmp-path" in ffg
    assert ("Under the FFG Rules Reference, the Corp cannot rez Midori before the first ice is approached: "
            "the FFG charts have no paid ability window during run initiation") in ffg
    assert 'class="dropped"' not in column(html, "nsg")
    assert "Midori" not in re.search(r'<ol class="cmp-path">.*?</ol>', ffg, re.S).group(0)  # never rezzed there
    assert 'class="status status-successful"' in ffg  # the break is placed at 3.1: the run goes on
    assert "Apart from the actions some rule sets have no moment for (marked in their columns)" in html
    ko = column(html_of(client.get(f"/s/{sid}/compare?lang=ko")), "ffg-rr")
    assert "FFG 룰 레퍼런스에서는 기업은 첫 아이스에 접근하기 전에 Midori 레즈를 할 수 없다" in ko


def test_rule_sets_that_agree_say_so(client):
    sid = save(client, "title: No ice\nrun: {server: HQ}\nservers: {HQ: {cards: [{name: Hedge Fund, type: operation}]}}\n")

    html = html_of(client.get(f"/s/{sid}/compare?lang=en"))

    assert 'class="agree"' in html or divergences(html)  # no ice: the FFG charts agree with each other at least
    assert "ffg-rr" in html and "ffg-core" in html


def test_the_stepper_links_to_the_comparison(client, e2):
    html = html_of(client.get(f"/s/{e2}"))

    assert f'href="/s/{e2}/compare"' in html


def test_an_example_opens_its_comparison_by_file_name(client):
    resp = client.get("/examples/e02-jack-out-placement-three-rule-sets/compare")

    assert resp.status_code == 303 and resp.headers["Location"].endswith("/compare")
    assert client.get("/examples/no-such-file/compare").status_code == 404


def test_an_unknown_situation_has_no_comparison(client):
    assert client.get("/s/0123456789abcdef/compare").status_code == 404
    assert client.get("/s/..%2F..%2Fetc/compare").status_code == 404


EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.yaml"))


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_example_compares_without_a_server_error_in_both_languages(client, lang):
    compared = 0
    for f in EXAMPLES:
        resp = client.post("/api/scenarios", data=f.read_bytes(), headers=YAML)
        if resp.status_code == 400:
            continue  # a file meant to be refused
        page = client.get(f"/s/{resp.get_json()['id']}/compare?lang={lang}")
        assert page.status_code == 200, f.name
        compared += 1
    assert compared > len(EXAMPLES) // 2


def test_the_compare_page_renders_in_a_few_milliseconds_once_its_runs_are_known(client, e2):
    client.get(f"/s/{e2}/compare")
    t0 = time.perf_counter()
    for _ in range(10):
        client.get(f"/s/{e2}/compare")
    assert (time.perf_counter() - t0) / 10 < 0.1


def test_a_rule_set_under_which_the_situation_loops_is_listed_with_the_reason(client):
    sid = save(client, LOOPS_UNDER_NSG)

    html = html_of(client.get(f"/s/{sid}/compare?lang=en"))

    nsg = column(html, "nsg")
    assert "column unplaced" in nsg and "loops" in nsg and "cmp-path" not in nsg
    assert "cmp-path" in column(html, "ffg-rr") and "cmp-path" in column(html, "ffg-core")


def test_a_rule_set_under_which_the_run_fails_is_listed_with_the_reason_not_an_error_page(client, monkeypatch):
    import judge.analysis.compare
    import judge.engine
    from judge.errors import RunError

    real = judge.engine.run

    def loops_under_core(sc, ruleset_id=None):
        if ruleset_id == "ffg-core":
            raise RunError("loops", n=400)
        return real(sc, ruleset_id)

    monkeypatch.setattr(judge.analysis.compare, "run", loops_under_core)
    monkeypatch.setattr(judge.engine, "run", loops_under_core)
    sid = save(client, E2.replace("E2: jack out", "E2 (looping under ffg-core): jack out"))

    resp = client.get(f"/s/{sid}/compare?lang=ko")

    assert resp.status_code == 200
    core = column(html_of(resp), "ffg-core")
    assert "column unplaced" in core and "반복됩니다" in core
    assert "cmp-path" in column(html_of(resp), "nsg")
    assert client.get(f"/s/{sid}?ruleset=ffg-core").status_code == 400


def test_hostile_names_stay_text_on_the_compare_page_and_in_the_stepper_under_nsg(client):
    from test_web_security import HOSTILE

    sid = save(client, HOSTILE)

    for url in (f"/s/{sid}/compare", f"/s/{sid}/compare?lang=ko", f"/s/{sid}?ruleset=nsg", f"/s/{sid}?ruleset=ffg-core&step=5"):
        html = html_of(client.get(url))
        assert "<script>alert" not in html and "<img src=x" not in html, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url


def test_every_key_the_compare_and_translation_pages_build_is_in_the_catalog():
    from judge.analysis.compare import DIFF_LISTS, MOMENTS
    from judge.i18n import catalogue
    from judge.rulesets import RULESETS
    from judge.web.rulesets.compare_view import LISTS

    built = {f"cmp_rs_{r}" for r in RULESETS} | {f"tr_rs_{r}" for r in RULESETS} | {
        f"cmp_v_{m}" for m in MOMENTS} | {
        f"cmp_k_{k}" for k in ("outcome", "path", "trigger", *DIFF_LISTS)} | {
        f"o_{k}" for k in LISTS}

    assert not {f"pages.{k}" for k in built} - set(catalogue("en"))
    assert not {f"pages.{k}" for k in built} - set(catalogue("ko"))


def test_the_examples_list_links_each_example_to_its_comparison(client):
    html = html_of(client.get("/examples"))

    ids = re.findall(r'<a href="/s/([0-9a-f]+)">', html)
    assert ids and all(f'href="/s/{sid}/compare"' in html for sid in ids)
