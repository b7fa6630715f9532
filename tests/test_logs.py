"""Issue 23: importing jinteki.net game logs (tests/fixtures/logs), judged scenarios, departures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge.cli import cli
from judge.logs import LogError, import_log, parse_log, scenario_yaml

LOGS = Path(__file__).parent / "fixtures" / "logs"
FILES = sorted(p for p in LOGS.iterdir() if p.suffix in (".txt", ".json"))


def _imp(name: str, **kw):
    return import_log((LOGS / name).read_bytes(), **kw).as_dict()


def test_at_least_twelve_logs_in_both_forms():
    assert len(FILES) >= 12
    forms = {parse_log((p).read_text(encoding="utf-8"))[1] for p in FILES}
    assert forms == {"text", "json"}
    stamped = [p for p in FILES if "[10:14:02]" in p.read_text(encoding="utf-8") or "[오후:" in p.read_text(encoding="utf-8")]
    assert stamped, "a log with timestamps"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_run_imports_to_a_scenario_whose_expectations_hold(path, tmp_path):
    """The scenario's `expect` is what the log shows; `judge check` agrees, except where the log's
    outcome is not what the rules give: that run fails on its outcome, and says so as a departure."""
    data = import_log(path.read_bytes()).as_dict()
    assert data["runs"], "every test log has at least one complete run"
    differs = 0
    for r in data["runs"]:
        assert "error" not in r, r.get("error")
        (tmp_path / f"run-{r['run']:02d}.yaml").write_text(scenario_yaml(r["scenario"]), encoding="utf-8")
        differs += any(d["kind"] == "outcome_differs" for d in r["departures"])
    res = CliRunner().invoke(cli, ["check", str(tmp_path)])
    lines = res.output.strip().splitlines()
    assert lines[-1] == f"{len(data['runs']) - differs} passed, {differs} failed", res.output
    if differs:
        assert "outcome" in res.output


def test_rez_on_approach_and_breaks_are_placed_with_sources():
    r = _imp("01-hq-rez-break-steal.txt")["runs"][0]
    sc = r["scenario"]
    assert [i["card"] for i in sc["servers"]["HQ"]["ice"]] == ["Enigma", "Ice Wall"]   # outermost first
    assert [i["rezzed"] for i in sc["servers"]["HQ"]["ice"]] == [False, True]
    rez = [a for a in sc["actions"] if "rez" in a]
    assert rez == [{"at": "6.9.2b", "ice": "Enigma", "by": "corp", "rez": "Enigma",
                    "source": "log line 5: Corp pays 3 to rez Enigma protecting HQ at position 1."}]
    breaks = {a["ice"]: a["break"] for a in sc["actions"] if "break" in a}
    assert breaks == {"Enigma": "all", "Ice Wall": "all"}
    assert {c["card"] for c in sc["runner"]["cards"]} == {"Gordian Blade", "Corroder"}
    assert (r["outcome"], r["accessed"], r["stolen"]) == ("successful", ["Hostile Takeover"], ["Hostile Takeover"])
    assert r["departures"] == [] and r["verdict"] == "no departure"


def test_timestamps_are_stripped_and_names_never_reach_the_scenario():
    data = _imp("02-remote-etr-timestamps.txt")
    r = data["runs"][0]
    assert r["server"] == "Server 1" and r["outcome"] == "unsuccessful"
    text = json.dumps(r["scenario"], ensure_ascii=False)
    assert "Maru" not in text and "Jisoo" not in text and "10:14" not in text
    ko = _imp("06-korean-usernames.txt")["runs"][0]
    assert ko["scenario"]["servers"]["Server 2"]["ice"][0]["card"] == "아이스 벽"   # the Korean title kept
    assert "러너왕" not in json.dumps(ko["scenario"], ensure_ascii=False)
    assert ko["stolen"] == ["적대적 매수"] and ko["outcome"] == "successful"


def test_jack_out_after_passing_and_unknown_inner_ice():
    r = _imp("03-rnd-jack-out.txt")["runs"][0]
    ice = r["scenario"]["servers"]["R&D"]["ice"]
    assert ice[1] == {"name": "ice 0 of R&D, not reached: unknown", "type": "ice", "rezzed": False}
    jo = [a for a in r["scenario"]["actions"] if a.get("jack_out")]
    assert jo[0]["at"] == "6.9.4c" and jo[0]["ice"] == "Wall of Static"
    assert any("not reached" in u for u in r["unknowns"])
    assert r["departures"] == []


def test_bypass_and_replacement_runs():
    r = _imp("04-inside-job-bypass.txt")["runs"][0]
    assert r["scenario"]["run"]["by"] == "Inside Job" and r["engine"]["encountered"] == ["Tollbooth"]
    s = _imp("05-account-siphon.json")["runs"][0]
    assert s["scenario"]["run"] == {"server": "HQ", "by": "Account Siphon"}
    assert s["outcome"] == "successful" and s["accessed"] == []


def test_unrecognised_lines_and_incomplete_run_are_reported():
    data = _imp("07-unrecognised-and-chat.txt")
    assert data["unrecognized"] == [{"line": 8, "text": "Connection to the game server was interrupted for a moment"}]
    cut = _imp("08-cut-off-mid-run.txt")
    assert [r["run"] for r in cut["runs"]] == [1]
    assert cut["incomplete"] == [{"run": 2, "lines": [9, 12]}]
    assert cut["runs"][0]["scenario"]["actions"][0]["trash"] == "PAD Campaign"


@pytest.mark.parametrize("name, kind, line, step", [
    ("09-departure-rez-late.txt", "rez_late", 7, "6.9.2b"),
    ("10-departure-jack-out-in-encounter.txt", "jack_out_not_offered", 6, "6.9.4c"),
    ("11-departure-sub-after-encounter.json", "sub_after_encounter", 8, "6.9.3e"),
    ("12-departure-access-after-etr.txt", "success_after_unsuccessful", 8, "6.9.6a"),
])
def test_departures_name_the_line_and_the_rule(name, kind, line, step):
    r = _imp(name)["runs"][0]
    assert [(d["kind"], d["line"], d["step"]) for d in r["departures"]] == [(kind, line, step)]
    assert r["departures"][0]["explanation"]
    ko = import_log((LOGS / name).read_bytes(), lang="ko").as_dict()["runs"][0]
    assert ko["departures"][0]["explanation"] != r["departures"][0]["explanation"]


def test_an_unbroken_end_the_run_and_a_silent_pass():
    # Ice Wall ends the run unless broken: a log where the Runner passes it unbroken after the Corp fires.
    log = ("Bo spends [Click] to make a run on HQ.\nBo approaches Ice Wall protecting HQ at position 0.\n"
           "Bo encounters Ice Wall protecting HQ at position 0.\nAl uses Ice Wall to end the run.\n")
    r = import_log(log).as_dict()["runs"][0]
    assert r["outcome"] == "unsuccessful" and r["departures"] == []
    clean = import_log(log.replace("Al uses Ice Wall to end the run.\n", "Bo passes Ice Wall protecting HQ at position 0.\n"
                                   "Bo approaches HQ.\nBo breaches HQ.\n")).as_dict()["runs"][0]
    assert clean["outcome"] == "successful"
    assert any("broken" in u for u in clean["unknowns"])   # the silent pass is said, not hidden


def test_no_ice_jack_out_and_unseen_rnd_card():
    data = _imp("13-no-ice-jack-out-and-rd.txt")
    a, b = data["runs"]
    assert a["outcome"] == "unsuccessful" and a["departures"] == []
    assert b["scenario"]["servers"]["R&D"]["cards"] == [{"name": "unseen card 1 of R&D"}]


def test_cli_json_yaml_and_folder(tmp_path):
    f = str(LOGS / "08-cut-off-mid-run.txt")
    res = CliRunner().invoke(cli, ["log", "import", f, "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert set(data) >= {"runs", "unrecognized", "incomplete"}
    assert set(data["runs"][0]) >= {"run", "turn", "lines", "server", "outcome", "accessed", "stolen", "scenario",
                                    "departures", "unknowns"}
    res = CliRunner().invoke(cli, ["log", "import", f, "--format", "yaml"])
    assert yaml.safe_load(res.output)["run"] == {"server": "Server 1"}
    res = CliRunner().invoke(cli, ["log", "import", "-", "-o", str(tmp_path)], input=(LOGS / "13-no-ice-jack-out-and-rd.txt").read_text())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run-01.yaml", "run-02.yaml"]


def test_bad_input_is_one_clear_error():
    with pytest.raises(LogError) as e:
        import_log('{"messages": 3')
    assert "JSON" in e.value.text("en")
    with pytest.raises(LogError):
        import_log(b"\xff\xfe\x00bad")
    assert import_log("").as_dict() == {"form": "text", "runs": [], "unrecognized": [], "incomplete": []}


def test_the_rules_outcome_against_the_logs_is_a_departure():
    # 1 credit and a rezzed Tollbooth: the Runner cannot pay its toll, yet the log shows a breach.
    r = _imp("15-departure-tollbooth-unpaid.txt")["runs"][0]
    assert r["scenario"]["runner"]["credits"] == 1
    assert r["outcome"] == "successful" and r["engine"]["outcome"] == "unsuccessful"
    assert [(d["kind"], d["line"], d["step"]) for d in r["departures"]] == [("outcome_differs", 9, "6.9.3a@Tollbooth")]
    rich = import_log(((LOGS / "15-departure-tollbooth-unpaid.txt").read_text()).replace("with 1 [Credits]", "with 4 [Credits]"))
    assert rich.as_dict()["runs"][0]["departures"] == []


def test_credits_come_from_the_turn_start_only_when_the_log_makes_them_exact():
    ij = _imp("04-inside-job-bypass.txt")["runs"][0]
    assert ij["scenario"]["runner"]["credits"] == 5          # 7 at the turn's start, 2 paid to play Inside Job
    second = _imp("13-no-ice-jack-out-and-rd.txt")["runs"][1]
    assert "credits" not in second["scenario"].get("runner", {})   # an earlier run this turn: not exact
    assert any("line 1" in u for u in second["unknowns"])


def test_a_time_on_its_own_line_and_a_lone_warning_badge_are_joined():
    lines, form, names = parse_log("Bo[9:41:02]\napproaches HQ.\n!\nBo[9:41:03] uses a command: /jack-out\n")
    assert names == ["Bo"] and form == "text"
    assert [(ln.no, ln.kind, ln.text) for ln in lines] == [
        (1, "approach_server", "Bo approaches HQ."), (3, "command", "Bo uses a command: /jack-out")]


def test_a_run_made_by_a_card_names_it_and_several_accesses_are_placed():
    data = import_log("Bo uses Dirty Laundry to make a run on HQ.\nBo approaches HQ.\nBo breaches HQ.\n"
                      "Bo accesses Hedge Fund from HQ.\n").as_dict()
    assert data["runs"][0]["scenario"]["run"] == {"server": "HQ", "by": "Dirty Laundry"}
    r = _imp("14-hq-two-accesses-root-decline.txt")["runs"][0]
    acts = {next(k for k in a if k not in ("at", "by", "source")): a for a in r["scenario"]["actions"]}
    assert acts["access_more"]["access_more"] == 1 and acts["decline_steal"]["source"].startswith("log line 7:")
    assert r["scenario"]["servers"]["HQ"]["root"] == [{"card": "Caprice Nisei"}]
    assert r["stolen"] == [] and r["accessed"] == ["Hedge Fund", "Project Atlas", "Caprice Nisei"]


def test_a_paid_ability_of_an_ice_is_not_taken_for_a_late_subroutine():
    log = ("Bo spends [Click] to make a run on Server 1.\nBo approaches Border Control protecting Server 1 at position 0.\n"
           "Al trashes Border Control to use Border Control to end the run.\n"
           "Al started his turn 4 with 5 [Credits] and 5 cards in his HQ.\n")
    r = import_log(log).as_dict()
    assert all(d["kind"] != "sub_after_encounter" for run in r["runs"] for d in run["departures"])
    late = import_log(log.replace("Al trashes Border Control to use Border Control", "Al uses Border Control")).as_dict()
    assert [d["kind"] for d in late["runs"][0]["departures"]] == ["sub_after_encounter"]


def test_a_replay_file_is_refused_with_a_clear_error():
    res = CliRunner().invoke(cli, ["log", "import", "-"], input='{"metadata": {}, "history": []}')
    assert res.exit_code != 0
    with pytest.raises(LogError) as e:
        import_log('{"metadata": {}, "history": []}')
    assert "replay" in e.value.text("en") and "리플레이" in e.value.text("ko")


def test_an_unseen_card_is_named_by_its_steal_and_twins_get_ids(tmp_path):
    log = ("Bo spends [Click] to make a run on R&D.\nBo approaches R&D.\nBo breaches R&D.\n"
           "Bo accesses an unseen card from R&D.\nBo steals Project Atlas and gains 2 agenda points.\n"
           "Bo accesses Hedge Fund from R&D.\nBo accesses Hedge Fund from R&D.\nBo spends [Click] to draw 1 card.\n")
    r = import_log(log).as_dict()["runs"][0]
    cards = r["scenario"]["servers"]["R&D"]["cards"]
    assert cards == [{"card": "Project Atlas"}, {"card": "Hedge Fund", "id": "Hedge Fund #1"},
                     {"card": "Hedge Fund", "id": "Hedge Fund #2"}]
    assert r["engine"]["stolen"] == ["Project Atlas"] and r["departures"] == []


def test_a_remote_the_log_shows_empty_gets_one_unknown_card():
    log = "Bo spends [Click] to make a run on Server 4.\nBo jacks out.\nBo spends [Click] to draw 1 card.\n"
    r = import_log(log).as_dict()["runs"][0]
    assert "error" not in r and r["scenario"]["servers"]["Server 4"]["cards"] == [{"name": "card in Server 4: unknown"}]
    assert r["outcome"] == "unsuccessful" and r["departures"] == []


def test_a_redirected_run_is_placed_up_to_the_redirect_and_not_compared():
    log = ("Bo spends [Click] to make a run on HQ.\nBo approaches Enigma protecting HQ at position 0.\n"
           "Al uses Mind Game to redirect the run to Archives.\nBo approaches Archives.\nBo breaches Archives.\n"
           "Bo accesses Hedge Fund from Archives.\nBo spends [Click] to draw 1 card.\n")
    r = import_log(log).as_dict()["runs"][0]
    assert "error" not in r and r["server"] == "HQ" and r["outcome"] == "successful"
    assert r["accessed"] == ["Hedge Fund"] and r["departures"] == []
    assert any("Archives" in u for u in r["unknowns"])
    assert r["scenario"]["servers"]["HQ"]["ice"] == [{"card": "Enigma", "rezzed": False}]


def test_another_rule_set_judges_the_same_scenarios_and_translates_the_steps():
    res = CliRunner().invoke(cli, ["log", "import", str(LOGS / "09-departure-rez-late.txt"), "--ruleset", "ffg-rr",
                                   "--format", "json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)["runs"][0]["departures"][0]
    assert d["step"] == "6.9.2b" and d["steps_in_ruleset"] == ["2.1", "2.3"] and "ffg-rr" in d["explanation"]
