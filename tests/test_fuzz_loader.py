"""Fuzzing the scenario boundary: any bytes or any YAML value gives a scenario or one JudgeError."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine import run
from judge.errors import JudgeError
from judge.render.trace_text import render_text
from judge.scenario import load_scenario

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

KEYS = st.sampled_from(["run", "server", "servers", "HQ", "ice", "name", "rezzed", "subroutines", "actions",
                        "at", "by", "break", "jack_out", "abilities", "when", "effect", "expect", "outcome",
                        "cards", "type", "corp", "runner", "credits", "bad_publicity", "rez", "time", "title"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=True),
                    st.text(max_size=30), st.sampled_from(["2.3", "3.1", "5.2", "runner", "corp", "all",
                                                           "End the run", "Ice Wall", "HQ", "ice"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(KEYS, inner, max_size=5)), max_leaves=25)


def _judge(text) -> None:
    """Load and run; the only failure allowed is a JudgeError with a message. What loads can be
    sent as the web sends it: JSON in UTF-8 (a lone surrogate cannot)."""
    try:
        sc = load_scenario("fuzz.yaml", text=text)
        t = run(sc)
        render_text(t).encode("utf-8")
        json.dumps(t.as_dict("ko"), ensure_ascii=False).encode("utf-8")
    except JudgeError as exc:
        assert str(exc) and "Traceback" not in str(exc)


@FUZZ
@given(st.binary(max_size=400))
def test_any_bytes_give_a_scenario_or_one_clear_error(data):
    _judge(data)


@FUZZ
@given(st.dictionaries(KEYS, VALUES, max_size=6))
def test_any_yaml_mapping_gives_a_scenario_or_one_clear_error(doc):
    _judge(yaml.safe_dump(doc))


@FUZZ
@given(VALUES)
def test_any_yaml_value_gives_a_scenario_or_one_clear_error(doc):
    _judge(yaml.safe_dump(doc))


BASE = """\
run: {server: HQ}
servers:
  HQ:
    ice: [{name: Ice Wall, rezzed: true, subroutines: [End the run]}]
actions:
  - {at: "3.1", ice: Ice Wall, by: runner, break: all}
"""


@FUZZ
@given(st.text(min_size=1, max_size=60))
def test_a_card_name_of_any_text_loads_or_is_refused_clearly(name):
    doc = yaml.safe_load(BASE)
    doc["servers"]["HQ"]["ice"][0]["name"] = name
    doc["actions"][0]["ice"] = name
    _judge(yaml.safe_dump(doc, allow_unicode=True))


@FUZZ
@given(st.integers(0, len(BASE)), st.text(max_size=8))
def test_a_scenario_damaged_anywhere_gives_a_scenario_or_one_clear_error(at, junk):
    _judge(BASE[:at] + junk + BASE[at:])


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 0x10FFFF), st.sampled_from(["title", "ice", "sub", "key"]))
def test_any_escaped_code_point_in_a_quoted_scalar_loads_or_is_refused_clearly(cp, where):
    esc = f"\\U{cp:08x}"
    doc = {"title": f'"T {esc}"', "ice": f'"Ice {esc}"', "sub": f'"Sub {esc}"', "key": "Ice Wall"}
    key = f'"k{esc}": 1\n' if where == "key" else ""
    text = (f"{key}title: {doc['title'] if where == 'title' else 'T'}\nrun: {{server: HQ}}\nservers:\n  HQ:\n"
            f"    ice: [{{name: {doc['ice'] if where == 'ice' else 'Ice Wall'}, rezzed: true, "
            f"subroutines: [{doc['sub'] if where == 'sub' else 'End the run'}]}}]\n")
    _judge(text)


def test_a_lone_surrogate_written_as_an_escape_is_refused_with_its_line():
    # libyaml refuses the escape itself, the Python parser lets it through to the judge's own check
    with pytest.raises(JudgeError, match="U\\+D800.*not allowed|invalid Unicode character escape") as exc:
        load_scenario("s.yaml", text='run: {server: HQ}\ntitle: "a \\ud800 b"\n')
    assert exc.value.line == 2
