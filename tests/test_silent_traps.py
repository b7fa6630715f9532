"""The traps that once gave a wrong answer without a word now give the right answer or say why,
through the command line, the API and the form alike."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from test_web_editor import form, text

ROOT = Path(__file__).resolve().parent.parent

UNREAD = textwrap.dedent("""\
    run: {server: HQ}
    servers:
      HQ:
        ice: [{name: Data Raven, rezzed: true, subroutines: ["End the run if the Runner is tagged."]}]
    """)
SENTENCE = UNREAD.replace("End the run if the Runner is tagged.", "Do 1 net damage. End the run.")
NEVER_REZZED = textwrap.dedent("""\
    run: {server: HQ}
    servers:
      HQ:
        root: [{name: Crisium Grid, type: upgrade, abilities: [{when: static, effect: no_success}]}]
    """)


def judge(tmp_path, doc: str, *args: str) -> subprocess.CompletedProcess:
    f = tmp_path / "s.yaml"
    f.write_text(doc, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "judge", "run", str(f), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_end_the_run_inside_a_longer_subroutine_ends_the_run_from_the_command_line(tmp_path):
    out = json.loads(judge(tmp_path, SENTENCE, "--format", "json").stdout)
    assert out["outcome"]["status"] == "unsuccessful"


def test_text_the_judge_cannot_read_is_a_warning_on_the_command_line_and_in_the_api(tmp_path, client):
    out = json.loads(judge(tmp_path, UNREAD, "--format", "json").stdout)
    assert any("servers.HQ.ice[0].subroutines[0]" in w and "ending the run" in w for w in out["warnings"])

    api = client.post("/api/run", data=UNREAD, content_type="application/yaml")
    assert api.status_code == 200 and any("ending the run" in w for w in api.get_json()["warnings"])


def test_a_never_rezzed_corp_card_is_a_warning_in_korean_too(tmp_path):
    out = json.loads(judge(tmp_path, NEVER_REZZED, "--format", "json", "--lang", "ko").stdout)
    assert any("Crisium Grid" in w and "레즈되지 않아" in w for w in out["warnings"])


def test_a_corp_card_left_unrezzed_on_purpose_is_not_a_warning(tmp_path):
    on_purpose = NEVER_REZZED.replace("type: upgrade,", "type: upgrade, rezzed: false,")
    out = json.loads(judge(tmp_path, on_purpose, "--format", "json").stdout)
    assert not [w for w in out["warnings"] if "Crisium Grid" in w]


def test_the_form_asks_what_happens_when_the_runner_cannot_pay(client, csrf):
    resp = client.post("/new", data=form(csrf, **{"act-at": ["2.3"], "act-by": ["runner"], "act-effect": ["pay"],
                                                 "act-value": ["3"], "act-otherwise": [""]}))

    assert resp.status_code == 400
    assert 'id="err-act-0-value"' in text(resp) and "If the Runner cannot pay 3, what happens?" in text(resp)


def test_the_forms_answer_to_cannot_pay_is_kept_in_the_scenario(client, csrf):
    resp = client.post("/new", data=form(csrf, **{
        "card-name": ["Toll Gate"], "card-place": ["ice"], "card-when": ["encountered"], "card-effect": ["pay"],
        "card-value": ["3"], "card-otherwise": ["end_run"], "ice-name": ["Toll Gate"], "ice-rezzed": ["yes"],
        "ice-subs": ["End the run"], "act-at": [""], "act-ice": [""], "act-effect": [""], "act-value": [""],
        "credits": "2"}))

    assert resp.status_code == 303
    sid = resp.headers["Location"].rsplit("/", 1)[-1]
    assert "otherwise: end_run" in client.get(f"/s/{sid}/scenario.yaml").get_data(as_text=True)
    assert client.get(f"/api/scenarios/{sid}").status_code == 200


def test_an_action_row_with_an_effect_but_no_step_is_an_error_next_to_the_row(client, csrf):
    resp = client.post("/new", data=form(csrf, **{"act-at": [""], "act-ice": [""], "act-by": ["runner"],
                                                 "act-effect": ["jack_out"], "act-value": [""]}))

    assert resp.status_code == 400
    assert 'id="err-act-0-at"' in text(resp) and "This action has no step" in text(resp)


def test_the_form_asks_about_text_it_cannot_read_next_to_the_field_then_runs_it_as_it_is(client, csrf):
    data = form(csrf, **{"ice-subs": ["End the run if the Runner is tagged."], "ice-rezzed": ["yes"],
                         "act-at": [""], "act-ice": [""], "act-effect": [""], "act-value": [""]})
    asked = client.post("/new", data=data)

    assert asked.status_code == 200 and 'id="ask-ice-0-subs"' in text(asked)
    assert "End the run if the Runner is tagged." in text(asked) and "Run it as it is" in text(asked)

    ran = client.post("/new", data={**data, "_action": "run_form_anyway"})
    assert ran.status_code == 303
    page = client.get(ran.headers["Location"]).get_data(as_text=True)
    assert "ending the run in a way the judge does not read" in page
