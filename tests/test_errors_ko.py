"""Error messages in Korean: every catalogue entry exists in both languages with the same
placeholders, and real errors read in Korean."""

from __future__ import annotations

import re
import textwrap

import pytest

from judge.engine import run
from judge.errors import JudgeError, ScenarioError
from judge.i18n import catalogue
from judge.scenario import load_scenario

HANGUL = re.compile("[\uac00-\ud7a3]")

GOOD = """\
run: {server: HQ}
servers:
  HQ:
    ice: [{name: Ice Wall, rezzed: true, subroutines: [End the run]}]
    cards: [{name: Hedge Fund, type: operation}]
actions:
  - {at: "3.1", ice: Ice Wall, by: runner, break: all}
"""

BAD = {
    "unknown step": GOOD.replace('at: "3.1"', 'at: "2.9"'),
    "unknown key": GOOD + "colour: blue\n",
    "wrong type": GOOD + "runner: {credits: five}\n",
    "unknown ice": GOOD.replace("ice: Ice Wall, by", "ice: Ice Wal, by"),
    "long name": GOOD.replace("Hedge Fund", "A" * 300),
    "yaml": GOOD + "actions: [\n",
    "break outside 3.1": GOOD.replace('at: "3.1"', 'at: "2.3"'),
    "jack out at first ice": GOOD.replace("break: all", "jack_out: true").replace('at: "3.1"', 'at: "2.2"'),
    "rez at 5.3": GOOD + '  - {at: "5.3", by: corp, rez: Ice Wall}\n',
    "missing server": "run: {server: Server 9}\n",
    "bad effect": GOOD.replace("break: all", "smash: all"),
    "duplicate key": "run: {server: HQ}\nrun: {server: HQ}\n",
    "trash outside access": GOOD + '  - {at: "5.3", by: runner, trash: Hedge Fund}\n',
    "loop": "run: {server: HQ}\nservers: {HQ: {ice: [{name: L, rezzed: true, subroutines: [], "
            "abilities: [{when: passed, effect: approach_again}]}]}}\n",
}

ERRORS = sorted(k for k in catalogue("en") if k.startswith("errors."))


@pytest.mark.parametrize("key", ERRORS)
def test_every_error_reads_in_korean_with_the_same_placeholders(key):
    en, ko = catalogue("en")[key], catalogue("ko")[key]
    placeholders = re.compile(r"(?<!\{)\{([a-z_]+)\}(?!\})")
    assert set(placeholders.findall(ko)) == set(placeholders.findall(en)), key
    if re.search("[a-z]{3}", en.replace("{", "")) and not re.fullmatch(r"[{}a-z_ ]*", en):
        assert HANGUL.search(ko) or en == ko, key


@pytest.mark.parametrize("case", sorted(BAD))
def test_real_errors_read_in_korean(case):
    with pytest.raises(JudgeError) as info:
        run(load_scenario("x.yaml", text=textwrap.dedent(BAD[case])))
    exc = info.value
    ko = exc.text("ko")
    assert ko != exc.message and HANGUL.search(ko), exc.message
    assert exc.located_text("ko").startswith("x.yaml")


def test_words_put_into_an_error_are_in_the_readers_language_too():
    with pytest.raises(ScenarioError) as info:
        load_scenario("x.yaml", text="run: {server: HQ, by: [5]}\n")
    # a list where a card name was expected: both words are translated
    assert "카드 이름" in info.value.text("ko") and "목록" in info.value.text("ko")
    assert "a card name" in info.value.message and "a list" in info.value.message


def test_an_effect_named_inside_an_error_is_the_word_the_file_uses():
    with pytest.raises(ScenarioError) as info:
        load_scenario("x.yaml", text=textwrap.dedent(BAD["trash outside access"]))
    assert info.value.text("ko").startswith("`trash` 효과는")  # the format's own word, quoted as code
