"""The `judge` command line, run as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = """\
title: Inside Job bypasses Tollbooth
run: {server: HQ, by: Inside Job}
runner:
  credits: 2
  cards:
    - name: Inside Job
      abilities: [{when: encountered, first: true, effect: bypass}]
servers:
  HQ:
    ice:
      - name: Tollbooth
        rezzed: true
        subroutines: [End the run]
        abilities: [{when: encountered, effect: {pay: 3, otherwise: end_run}}]
    cards: [{name: Hedge Fund, type: operation}]
actions:
  - {at: "3.1", ice: Tollbooth, by: runner, break: all}
expect:
  outcome: successful
  path: ["1", "2@Tollbooth", "2.1@Tollbooth", "2.3@Tollbooth", "2.4@Tollbooth",
         "3@Tollbooth", "4@Tollbooth", "5", "5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "6"]
  skipped: ["2.2@Tollbooth", "3.1@Tollbooth", "3.2@Tollbooth"]
  bypassed: [Tollbooth]
  accessed: [Hedge Fund]
  warnings: 1
"""


def judge(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "judge", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_run_prints_the_json_object_of_the_spec(tmp_path):
    out = judge("run", str(write(tmp_path, "a.yaml", EXAMPLE)), "--format", "json")
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert set(d) >= {"ruleset", "title", "outcome", "path", "skipped", "events", "warnings"}
    assert d["outcome"]["status"] == "successful" and d["outcome"]["end"] == "6"
    assert d["outcome"]["triggered"] == ["Inside Job: encountered"]
    assert d["skipped"][0] == {"step": "2.2@Tollbooth", "reason": d["skipped"][0]["reason"]}
    assert {e["kind"] for e in d["events"]} <= {"enter", "skip", "trigger", "action", "priority",
                                                "transition", "warning", "end"}
    assert [e["i"] for e in d["events"]] == list(range(len(d["events"])))


def test_run_prints_korean_text(tmp_path):
    out = judge("run", str(write(tmp_path, "a.yaml", EXAMPLE)), "--lang", "ko")
    assert out.returncode == 0 and "결과: 성공" in out.stdout and "아이스와 대치" in out.stdout


def test_check_prints_passes_and_the_last_line(tmp_path):
    write(tmp_path, "a.yaml", EXAMPLE)
    out = judge("check", str(tmp_path))
    assert out.returncode == 0, out.stdout
    assert out.stdout.strip().splitlines()[-1] == "1 passed, 0 failed"


def test_check_prints_what_differs_and_exits_1(tmp_path):
    write(tmp_path, "a.yaml", EXAMPLE.replace("outcome: successful", "outcome: unsuccessful"))
    out = judge("check", str(tmp_path / "a.yaml"))
    assert out.returncode == 1
    assert "outcome: expected unsuccessful, got successful" in out.stdout
    assert out.stdout.strip().splitlines()[-1] == "0 passed, 1 failed"


def test_bad_input_exits_2_with_one_line_and_no_traceback(tmp_path):
    bad = write(tmp_path, "bad.yaml", EXAMPLE.replace('at: "3.1"', 'at: "2.9"'))
    out = judge("run", str(bad))
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert out.stderr.strip().count("\n") == 0
    assert 'bad.yaml:17: actions[0].at: "2.9" is not a step of ffg-rr' in out.stderr


def test_a_missing_file_exits_2(tmp_path):
    out = judge("run", str(tmp_path / "nope.yaml"))
    assert out.returncode == 2 and "Traceback" not in out.stderr


def test_a_looping_scenario_exits_2_quickly(tmp_path):
    loop = write(tmp_path, "loop.yaml", """\
run: {server: HQ}
servers:
  HQ:
    ice: [{name: Loop, rezzed: true, subroutines: [], abilities: [{when: passed, effect: approach_again}]}]
""")
    out = judge("run", str(loop))
    assert out.returncode == 2 and "did not end within" in out.stderr


def test_schema_is_valid_json_schema_and_accepts_the_example():
    out = judge("schema")
    assert out.returncode == 0
    schema = json.loads(out.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(yaml.safe_load(EXAMPLE), schema)


def test_schema_rejects_what_the_loader_rejects():
    schema = json.loads(judge("schema").stdout)
    bad = yaml.safe_load(EXAMPLE)
    bad["actions"][0]["smash"] = "all"
    assert not jsonschema.Draft202012Validator(schema).is_valid(bad)


def test_run_under_another_rule_set_carries_plain_steps_of_the_files_own_rule_set(tmp_path):
    f = write(tmp_path, "c.yaml", """\
ruleset: ffg-core
run: {server: Server 1}
servers: {"Server 1": {root: [{name: Caprice, type: upgrade}], cards: [{name: A, type: asset}]}}
actions:
  - {at: "4.3", by: corp, rez: Caprice}
""")
    out = judge("run", str(f), "--ruleset", "nsg", "--format", "json")
    assert out.returncode == 0, out.stderr
    assert any(e["step"] == "6.9.4e" and e["kind"] == "action" for e in json.loads(out.stdout)["events"])


def test_compare_json_runs_a_jack_out_before_the_second_ice_under_all_three_rule_sets(tmp_path):
    f = write(tmp_path, "second.yaml", """\
title: The Runner jacks out before approaching Hunter
run: {server: Server 1}
servers:
  Server 1:
    ice:
      - {name: Enigma, rezzed: true, subroutines: ["The Runner loses a click", End the run]}
      - {name: Hunter, rezzed: false, subroutines: ["Trace 3"]}
    cards: [{name: Project Atlas, type: agenda, points: 2}]
actions:
  - {at: "3.1", ice: Enigma, by: runner, break: all}
  - {at: "2.2", ice: Hunter, by: runner, jack_out: true}
""")
    out = judge("compare", str(f), "--format", "json")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert list(got) == ["title", "runs", "unplaced", "divergences"]
    assert set(got["runs"]) == {"ffg-rr", "nsg", "ffg-core"} and got["unplaced"] == {}
    nsg = got["runs"]["nsg"]
    assert {"action": 1, "at": "6.9.4c", "ice": "Enigma"}.items() <= nsg["placed"][1].items()
    assert nsg["dropped"] == [] and nsg["outcome"]["status"] == "unsuccessful"
    assert [p["at"] for p in got["runs"]["ffg-rr"]["placed"]] == ["3.1", "2.2"]
    assert any(d["kind"] == "path" for d in got["divergences"])


def test_compare_text_names_where_each_action_landed_and_what_was_left_out(tmp_path):
    f = write(tmp_path, "window.yaml", """\
title: Midori rezzed in the initiation window
ruleset: nsg
run: {server: HQ}
servers:
  HQ:
    ice: [{name: Ice Wall, rezzed: true, subroutines: [End the run]}]
    root: [{name: Midori, type: upgrade}]
actions:
  - {at: "6.9.1e", by: corp, rez: Midori}
""")
    out = judge("compare", str(f))
    assert out.returncode == 0, out.stderr
    assert "Left out: #1 6.9.1e: Under the FFG Rules Reference, the Corp cannot rez Midori before the first ice" in out.stdout
    assert "Actions placed at: #1 6.9.1e" in out.stdout


def test_every_library_case_that_loads_satisfies_the_schema():
    """What the loader accepts, the schema accepts too (text in both languages included)."""
    from helpers import runnable_examples

    from judge.scenario.schema import schema

    v = jsonschema.Draft202012Validator(schema())
    bad = {p.name: next(iter(v.iter_errors(yaml.safe_load(p.read_text(encoding="utf-8"))))).message
           for p in runnable_examples() if not v.is_valid(yaml.safe_load(p.read_text(encoding="utf-8")))}
    assert not bad, list(bad.items())[:5]


def test_judge_run_imports_no_chart_web_or_explorer_code():
    probe = ("import sys; from judge.cli import main; main(['run', sys.argv[1]]); "
             "print(' '.join(sorted(sys.modules)), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", probe, str(ROOT / "benchmarks" / "two_cards.yaml")],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    loaded = set(out.stderr.split())
    assert "judge.engine" in loaded and "judge.cards.model" in loaded and "judge.render.trace_text" in loaded
    heavy = {m for m in loaded if m.split(".")[0] in ("networkx", "jinja2", "flask", "werkzeug", "waitress")
             or m.startswith(("judge.web", "judge.analysis", "judge.cli.chart", "judge.cli.explore",
                              "judge.cli.export", "judge.cli.catalogue"))}
    assert not heavy, f"judge run imported {sorted(heavy)}: import them where they are used"
