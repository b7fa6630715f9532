"""The `cards` command group: search, show, coverage and import, run with click's test runner."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from judge import paths
from judge.cli import catalogue as cards_cli
from judge.cli.catalogue import cards

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "netrunnerdb"
ENV = {"PYTHONPATH": str(ROOT), "PATH": "", "PYTHONIOENCODING": "utf-8"}


def run(*args: str):
    return CliRunner().invoke(cards, list(args), catch_exceptions=False)


def test_search_lists_id_title_korean_title_type_and_faction():
    r = run("search", "toll")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[0].split() == ["id", "title", "Korean", "title", "type", "faction"]
    assert lines[1].split() == ["tollbooth", "Tollbooth", "톨부스", "ice", "nbn"]


def test_search_in_korean_puts_the_korean_title_first():
    r = run("search", "에니그마", "--lang", "ko", "--limit", "1")
    assert r.exit_code == 0 and r.output.splitlines()[1].split() == ["enigma", "에니그마", "Enigma", "ice", "neutral_corp"]


def test_search_json_gives_the_facts_and_respects_the_limit():
    r = run("search", "wall", "--format", "json", "--limit", "3")
    got = json.loads(r.output)
    assert len(got) == 3 and all("netrunnerdb_url" in c and "wall" in c["title"].lower() for c in got)


def test_search_filters_narrow_the_list():
    r = run("search", "", "--type", "ice", "--legal", "standard", "--format", "json", "--limit", "500")
    assert len(json.loads(r.output)) == 127


def test_search_without_a_match_says_so():
    r = run("search", "qqqqqqqqq")
    assert r.exit_code == 0 and r.output == "no card matches 'qqqqqqqqq'\n"


def test_show_prints_the_facts_and_the_netrunnerdb_link(tmp_path):
    r = run("show", "TOLLBOOTH", "--instance", str(tmp_path))
    assert r.exit_code == 0
    assert r.output.splitlines()[0] == "Tollbooth (톨부스)"
    assert "cost 8   strength 5   subroutines 1" in r.output
    assert "\nNetrunnerDB: https://netrunnerdb.com/en/card/31066\n" in r.output


def test_show_json_gives_the_facts_the_model_and_the_cases(tmp_path):
    r = run("show", "카루나", "--format", "json", "--instance", str(tmp_path))
    d = json.loads(r.output)
    assert (d["id"], d["title"], d["strength"], d["type"]) == ("karuna", "Karunā", 3, "ice")
    assert d["official_text"] is None
    assert d["model"]["about"]["en"] and d["model"]["about"]["ko"]
    assert len(d["model"]["card"]["subroutines"]) == d["subroutines"] == 2
    assert list(d)[:3] == ["id", "title", "title_ko"]


def test_show_lists_the_library_cases_that_use_a_card(tmp_path):
    d = json.loads(run("show", "Tollbooth", "--format", "json", "--instance", str(tmp_path)).output)
    stems = [c["stem"] for c in d["cases"]]
    assert stems and all((paths.EXAMPLES / f"{s}.yaml").read_text(encoding="utf-8").lower().count("tollbooth")
                         for s in stems)
    text = run("show", "Tollbooth", "--instance", str(tmp_path)).output
    assert stems[0] in text and d["model"]["about"]["en"] in text


def test_show_a_card_without_a_model_says_so(tmp_path):
    d = json.loads(run("show", "Acacia", "--format", "json", "--instance", str(tmp_path)).output)
    assert d["model"] is None
    assert "no timing model" in run("show", "Acacia", "--instance", str(tmp_path)).output


def test_show_in_korean_titles_the_card_in_korean(tmp_path):
    r = run("show", "enigma", "--lang", "ko", "--instance", str(tmp_path))
    assert r.output.splitlines()[0] == "에니그마 (Enigma)" and "강도 2" in r.output


def test_an_unknown_card_is_one_error_line_with_the_closest_cards_and_exit_code_2(tmp_path):
    r = CliRunner().invoke(cards, ["show", "Tolbooth", "--instance", str(tmp_path)])
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.startswith("error: no card is called 'Tolbooth'; closest: Tollbooth, ")
    assert r.stderr.count("\n") == 1


def test_an_unknown_card_without_any_close_one_names_none():
    r = CliRunner().invoke(cards, ["show", "qqqqqqqqq"])
    assert (r.exit_code, r.stderr) == (2, "error: no card is called 'qqqqqqqqq'\n")


def test_an_unknown_card_in_korean_names_the_closest_in_korean():
    r = CliRunner().invoke(cards, ["show", "톨브스", "--lang", "ko"])
    assert r.exit_code == 2 and r.stderr.startswith("오류: 카드를 찾지 못했습니다: '톨브스'; 비슷한 카드: 톨부스")


def test_coverage_ends_with_the_modelled_line():
    r = run("coverage")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[0] == "cards: 1988 (853 legal in standard)"
    from judge.cards import standard_ice, standard_run_cards
    from judge.cards.model import modelled_ids, models

    ids = modelled_ids()
    ice = len(ids & {c.id for c in standard_ice()})
    runs = len(ids & {c.id for c in standard_run_cards()})
    exact = sum(1 for m in models().values() if m.exact)
    # the line keeps its text and adds the approximate count (issue 24)
    assert lines[-1] == (f"modelled: {ice} of 127 standard ice, {runs} of 61 standard run cards, {len(ids)} cards in all, "
                         f"{len(ids) - exact} approximate")
    assert lines[-2] == (f"models: {exact} exact, {len(ids) - exact} approximate "
                         "(what an approximate model leaves out: judge cards show <card>)")


def test_coverage_counts_modelled_ids_and_warns_of_ids_that_are_no_card(monkeypatch):
    monkeypatch.setattr(cards_cli, "modelled_ids", lambda: {"tollbooth", "inside_job", "hedge_fund", "no_such"})
    r = CliRunner().invoke(cards, ["coverage"])
    assert r.stdout.splitlines()[-1].startswith("modelled: 1 of 127 standard ice, 1 of 61 standard run cards, 3 cards in all, ")
    assert r.stderr == "warning: modelled ids that are no card: no_such\n"
    assert json.loads(CliRunner().invoke(cards, ["coverage", "--format", "json"]).stdout)["modelled"] == {
        "standard_ice": 1, "standard_run_cards": 1, "cards": 3}


def test_import_stores_the_text_and_show_prints_it(tmp_path):
    r = run("import", str(FIXTURES / "cards-json"), "--instance", str(tmp_path))
    assert r.exit_code == 0 and "matched 3 cards (1 by title)" in r.output
    shown = run("show", "tollbooth", "--instance", str(tmp_path)).output
    assert "text (from your import):\n  Test text for the importer: the toll card." in shown
    d = json.loads(run("show", "tollbooth", "--format", "json", "--instance", str(tmp_path)).output)
    assert d["official_text"] == "Test text for the importer: the toll card."


def test_import_of_malformed_input_is_one_error_line(tmp_path):
    r = CliRunner().invoke(cards, ["import", str(FIXTURES / "broken.json"), "--instance", str(tmp_path)])
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == f"error: {FIXTURES / 'broken.json'}:4:1: not JSON: Expecting property name enclosed in double quotes\n"


def test_the_judge_command_reaches_the_group_without_a_traceback():
    ok = subprocess.run([sys.executable, "-m", "judge", "cards", "show", "toll booth"], cwd=ROOT, capture_output=True,
                        encoding="utf-8", timeout=60, env=ENV)
    assert ok.returncode == 0 and ok.stdout.startswith("Tollbooth (톨부스)")
    bad = subprocess.run([sys.executable, "-m", "judge", "cards", "show", "Tolbooth"], cwd=ROOT, capture_output=True,
                         encoding="utf-8", timeout=60, env=ENV)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.startswith("error: no card is called 'Tolbooth'; closest: Tollbooth")


def test_python_dash_m_judge_cards_reaches_the_group():
    r = subprocess.run([sys.executable, "-m", "judge", "cards", "coverage"], cwd=ROOT, capture_output=True,
                       encoding="utf-8", timeout=60, env=ENV)
    assert r.returncode == 0 and r.stdout.splitlines()[-1].startswith("modelled: ")
