"""Error messages in Korean: every catalog entry is well formed, and real errors are translated."""

from __future__ import annotations

import re
import textwrap

import pytest

from judge.engine import run
from judge.errors import JudgeError
from judge.errors_ko import CATALOG, _patterns, to_korean
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
    "loop": "run: {server: HQ}\nservers: {HQ: {ice: [{name: L, rezzed: true, subroutines: [], "
            "abilities: [{when: passed, effect: approach_again}]}]}}\n",
}


def test_every_catalog_entry_compiles_and_is_korean():
    assert len(_patterns()) == len(CATALOG)
    for en, ko in CATALOG.items():
        assert HANGUL.search(ko), en
        assert set(re.findall(r"\{([a-z_]+)\}", ko)) <= set(re.findall(r"\{([a-z_]+)\}", en)), en


@pytest.mark.parametrize("case", sorted(BAD))
def test_real_errors_read_in_korean(case):
    with pytest.raises(JudgeError) as info:
        run(load_scenario("x.yaml", text=textwrap.dedent(BAD[case])))
    exc = info.value
    ko = exc.text("ko")
    assert ko != exc.message and HANGUL.search(ko), exc.message
    assert exc.located_text("ko").startswith("x.yaml")


def test_an_unknown_message_stays_english_rather_than_breaking():
    assert to_korean("something nobody wrote a translation for") == "something nobody wrote a translation for"


def test_slot_words_are_translated_too():
    assert to_korean("expected a card name, got the number 5") == "카드 이름이 와야 하는데 숫자 5이(가) 왔습니다"
