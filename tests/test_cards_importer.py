"""Importing a NetrunnerDB export the user supplies: the fixtures hold invented text only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.cards import importer
from judge.cards.importer import CardImportError, import_export, official_text

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "netrunnerdb"


def stored(instance: Path) -> dict[str, str]:
    return json.loads((instance / importer.TEXT_FILE).read_text(encoding="utf-8"))


def test_a_netrunner_cards_json_folder_is_matched_by_id_then_by_title(tmp_path):
    report = import_export(FIXTURES / "cards-json", tmp_path)
    assert (report.entries, report.matched, report.by_title) == (5, 3, 1)
    assert report.unknown_titles == ["A Card Nobody Printed"] and report.unknown_count == 1
    assert report.skipped_count == 1 and report.skipped[0].endswith("hedge_fund.json: hedge_fund: no text")
    assert sorted(stored(tmp_path)) == ["enigma", "karuna", "tollbooth"]
    assert official_text("tollbooth", tmp_path) == "Test text for the importer: the toll card."
    assert official_text("karuna", tmp_path) == "Test text for the importer: found by its title."


def test_the_v2_cards_folder_itself_and_a_single_card_file_import_too(tmp_path):
    assert import_export(FIXTURES / "cards-json" / "v2" / "cards", tmp_path / "a").matched == 3
    one = import_export(FIXTURES / "cards-json" / "v2" / "cards" / "enigma.json", tmp_path / "b")
    assert one.matched == 1 and "A second invented line." in official_text("enigma", tmp_path / "b")


def test_a_json_list_skips_what_is_not_a_card_or_has_no_string_text(tmp_path):
    report = import_export(FIXTURES / "cards-list.json", tmp_path)
    assert (report.entries, report.matched, report.by_title) == (4, 2, 1)
    assert report.skipped == [f"{FIXTURES / 'cards-list.json'}:[2]: expected a card object, found str",
                              f"{FIXTURES / 'cards-list.json'}:[3]: tollbooth: text is not a string"]
    assert official_text("ice_wall", tmp_path) == "Test text for the importer: by title only."
    assert official_text("tollbooth", tmp_path) is None


def test_the_api_v2_shape_keeps_the_newest_printing_of_a_card(tmp_path):
    report = import_export(FIXTURES / "api-v2.json", tmp_path)
    assert (report.entries, report.matched, report.duplicates) == (6, 2, 2)
    assert official_text("tollbooth", tmp_path) == "Test text for the importer: the newest printing."
    assert official_text("enigma", tmp_path) == "Test text for the importer: an unknown code, a known title."
    assert report.skipped[-1].endswith("data[5]: no card has the id '88888'")


def test_the_json_api_v3_shape_reads_cards_and_printings(tmp_path):
    report = import_export(FIXTURES / "api-v3.json", tmp_path)
    assert (report.matched, report.skipped_count, report.unknown_count) == (3, 0, 0)
    assert official_text("enigma", tmp_path) == "Test text for the importer: a JSON:API printing."
    assert official_text("karuna", tmp_path) == "Test text for the importer: a printing without card_id."


def test_a_later_import_replaces_the_stored_text(tmp_path):
    import_export(FIXTURES / "cards-json", tmp_path)
    import_export(FIXTURES / "api-v2.json", tmp_path)
    assert sorted(stored(tmp_path)) == ["enigma", "tollbooth"]
    assert official_text("karuna", tmp_path) is None


def test_nothing_imported_means_no_text():
    assert official_text("tollbooth", FIXTURES / "no-instance-here") is None


@pytest.mark.parametrize(("name", "message"), [
    ("broken.json", "broken.json:4:1: not JSON: Expecting property name enclosed in double quotes"),
    ("wrong-shape.json", "wrong-shape.json: expected a list of cards, {\"data\": [...]} or one card object"),
    ("missing.json", "missing.json: no such file or folder"),
])
def test_malformed_input_is_one_clear_error_and_stores_nothing(tmp_path, name, message):
    with pytest.raises(CardImportError) as exc:
        import_export(FIXTURES / name, tmp_path)
    assert str(exc.value) == f"{FIXTURES / name}" + message[len(name):]
    assert not (tmp_path / importer.TEXT_FILE).exists()


def test_an_export_without_a_single_known_card_stores_nothing(tmp_path):
    f = tmp_path / "export.json"
    f.write_text(json.dumps({"data": [{"code": "77777", "title": "Nobody", "text": "Test text"}]}), encoding="utf-8")
    with pytest.raises(CardImportError, match="no entry matched a card of the catalogue"):
        import_export(f, tmp_path / "instance")
    assert not (tmp_path / "instance").exists()


def test_a_folder_without_card_files_is_refused(tmp_path):
    with pytest.raises(CardImportError, match="not a netrunner-cards-json folder"):
        import_export(tmp_path, tmp_path / "instance")


def test_size_limits_refuse_a_huge_file_and_skip_a_huge_text(tmp_path, monkeypatch):
    monkeypatch.setattr(importer, "MAX_FILE_BYTES", 100)
    with pytest.raises(CardImportError, match="larger than 100 bytes"):
        import_export(FIXTURES / "api-v2.json", tmp_path)
    monkeypatch.setattr(importer, "MAX_FILE_BYTES", 10**6)
    monkeypatch.setattr(importer, "MAX_TEXT", 45)
    report = import_export(FIXTURES / "cards-json", tmp_path)
    assert any("enigma: text longer than 45 characters" in s for s in report.skipped)


def test_deeply_nested_json_is_an_error_not_a_crash(tmp_path):
    f = tmp_path / "deep.json"
    f.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(CardImportError, match="nested too deeply"):
        import_export(f, tmp_path / "instance")


def test_a_damaged_stored_file_says_to_import_again(tmp_path):
    (tmp_path / importer.TEXT_FILE).write_text("{", encoding="utf-8")
    with pytest.raises(CardImportError, match="import the export again"):
        official_text("tollbooth", tmp_path)


def test_the_report_reads_as_sentences(tmp_path):
    lines = import_export(FIXTURES / "cards-json", tmp_path).lines()
    assert lines[0] == f"read 5 entries from {FIXTURES / 'cards-json'}"
    assert lines[1].startswith("matched 3 cards (1 by title), stored in ")
    assert lines[2:4] == ["1 unknown title: A Card Nobody Printed", "1 skipped entry"]
