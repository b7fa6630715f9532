"""The loader: every bad input gives one message naming the file, the line, the place and the problem."""

from __future__ import annotations

import textwrap

import pytest

from judge.errors import ScenarioError
from judge.scenario import load_scenario

GOOD = """\
title: A plain run
run:
  server: HQ
servers:
  HQ:
    ice:
      - {name: Ice Wall, rezzed: true, subroutines: [End the run]}
    cards: [{name: Hedge Fund, type: operation}]
actions:
  - {at: "3.1", ice: Ice Wall, by: runner, break: all}
"""


def error_of(text: str | bytes) -> str:
    with pytest.raises(ScenarioError) as info:
        load_scenario("x.yaml", text=textwrap.dedent(text) if isinstance(text, str) else text)
    return str(info.value)


def test_a_good_scenario_loads_into_frozen_dataclasses():
    sc = load_scenario("x.yaml", text=GOOD)
    assert sc.server == "HQ" and sc.servers["HQ"].ice[0].subroutines[0].effects[0].kind == "end_run"
    with pytest.raises(AttributeError):
        sc.server = "R&D"


def test_an_unknown_step_names_the_file_line_place_and_the_known_steps():
    msg = error_of(GOOD.replace('at: "3.1"', 'at: "2.9"'))
    assert msg.startswith('x.yaml:10: actions[0].at: "2.9" is not a step of ffg-rr (steps: 1, 2, 2.1')


def test_an_unquoted_step_number_is_read_as_written():
    sc = load_scenario("x.yaml", text=GOOD.replace('at: "3.1"', "at: 3.1"))
    assert sc.actions[0].at == "3.1"


def test_a_card_called_no_is_not_turned_into_false():
    sc = load_scenario("x.yaml", text=GOOD.replace("name: Hedge Fund", "name: No"))
    assert sc.servers["HQ"].cards[0].name == "No"


def test_an_unknown_key_is_named_with_the_allowed_ones():
    msg = error_of(GOOD + "colour: blue\n")
    assert "x.yaml:11: colour: unknown key 'colour' (allowed: title" in msg


def test_a_wrong_type_says_what_was_expected_and_what_was_found():
    msg = error_of(GOOD + "runner: {credits: five}\n")
    assert "runner.credits: expected a whole number, got 'five'" in msg


def test_an_unknown_ice_in_an_action_is_an_error():
    msg = error_of(GOOD.replace("ice: Ice Wall, by", "ice: Ice Wal, by"))
    assert "actions[0].ice: no ice is called 'Ice Wal'" in msg


def test_an_unknown_card_in_an_effect_is_an_error_with_its_line():
    msg = error_of(GOOD + '  - {at: "2.3", ice: Ice Wall, by: corp, rez: Nothing}\n')
    assert "x.yaml:11" in msg and "no card is called 'Nothing'" in msg


def test_an_unknown_effect_lists_the_effects():
    msg = error_of(GOOD.replace("break: all", "smash: all"))
    assert "unknown key 'smash'" in msg and "jack_out" in msg


def test_a_thousand_character_name_is_refused():
    msg = error_of(GOOD.replace("Hedge Fund", "A" * 1000))
    assert "1000 characters long; at most 120" in msg


def test_a_megabyte_scenario_is_refused_before_parsing():
    msg = error_of(GOOD.replace("Hedge Fund", "A" * 1_000_000))
    assert "at most 262144" in msg


def test_a_duplicate_key_is_an_error():
    msg = error_of(GOOD.replace("title: A plain run\n", "title: A\ntitle: B\n"))
    assert "x.yaml:2" in msg and "appears twice" in msg


def test_invalid_yaml_reports_the_line():
    msg = error_of(GOOD + "actions: [\n")
    assert msg.startswith("x.yaml:1") and "invalid YAML" in msg


def test_an_alias_bomb_is_stopped():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for n in "bcdefg":
        prev = chr(ord(n) - 1)
        bomb += f"{n}: &{n} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"
    assert "more than 20000 values" in error_of(bomb)


def test_deep_nesting_is_stopped():
    assert "nested more than" in error_of("run: " + "[" * 200 + "]" * 200 + "\n")


def test_invalid_utf8_is_reported_with_its_line():
    assert "not valid UTF-8" in error_of(GOOD.encode() + b"title2: \xff\xfe\n")


def test_control_characters_are_refused():
    assert error_of(GOOD.replace("Hedge Fund", "Hedge\x07Fund")) == (
        "x.yaml:8: control character U+0007 is not allowed in a scenario")


def test_an_empty_file_is_an_error():
    assert "empty" in error_of("")


def test_a_missing_attacked_server_is_named():
    msg = error_of("run: {server: Server 9}\n")
    assert "run.server: the attacked server 'Server 9' is not described under servers" in msg


def test_two_cards_with_one_name_need_ids():
    msg = error_of(GOOD.replace("cards: [{name: Hedge Fund, type: operation}]",
                                "root: [{name: Ice Wall, type: upgrade}]"))
    assert "two cards are called 'Ice Wall'" in msg


def test_a_break_of_a_subroutine_the_ice_does_not_have_is_an_error():
    msg = error_of(GOOD.replace("break: all", "break: [3]"))
    assert "Ice Wall has 1 subroutine(s); there is no subroutine 3" in msg


def test_expectations_are_validated_too():
    assert "'sucessful' is not a known outcome" in error_of(GOOD + "expect: {outcome: sucessful}\n")


def test_html_and_braces_in_names_are_kept_as_plain_text():
    name = '<script>alert("x")</script>{}"'
    sc = load_scenario("x.yaml", text=GOOD.replace("Hedge Fund", name.replace('"', '\\"')).replace(
        "{name: " + name.replace('"', '\\"'), '{name: "' + name.replace('"', '\\"') + '"'))
    assert sc.servers["HQ"].cards[0].name == name


@pytest.mark.parametrize("value", ["ruling", "rules", "reading"])
def test_how_sure_a_case_is_is_kept_on_the_scenario(value):
    sc = load_scenario("x.yaml", text=f"confidence: {value}\n" + GOOD)

    assert sc.confidence == value
    assert load_scenario("x.yaml", text=GOOD).confidence is None


def test_an_unknown_confidence_lists_the_three_values():
    msg = error_of("confidence: sure\n" + GOOD)

    assert "x.yaml:1: confidence: 'sure'" in msg and "ruling, rules, reading" in msg


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "Confidence: confirmed by an official ruling"),
    ("ko", "확실성: 공식 판정으로 확인된 답"),
])
def test_the_text_trace_says_in_words_how_sure_the_case_is(lang, line):
    from judge.engine import run
    from judge.render.trace_text import render_text

    shown = render_text(run(load_scenario("x.yaml", text="confidence: ruling\n" + GOOD)), lang).splitlines()
    plain = render_text(run(load_scenario("x.yaml", text=GOOD)), lang)

    assert shown[2] == line and line.split(":")[0] + ":" not in plain
