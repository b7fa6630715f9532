"""The card catalogue: facts from NetrunnerDB, found by id, title or Korean title, and never any card text."""

from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path

import pytest

from judge.cards import build, names
from judge.cards import catalogue as cat
from judge.cards.catalogue import CardFacts, all_cards, find, find_all, get, search, suggest

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = build.DEFAULT_SOURCE.with_name("reference-text.json")


def titles(cards: list[CardFacts]) -> list[str]:
    return [c.title for c in cards]


def test_the_catalogue_holds_every_netrunnerdb_card_sorted_by_id():
    cards = all_cards()
    assert len(cards) == 1988
    assert [c.id for c in cards] == sorted(c.id for c in cards)
    head = json.loads(cat.CATALOGUE.read_text(encoding="utf-8"))
    assert head["count"] == 1988 and head["schema"] == build.SCHEMA


def test_tollbooth_is_an_nbn_code_gate_of_strength_5_costing_8():
    t = get("tollbooth")
    assert (t.title, t.title_ko, t.side, t.type, t.faction) == ("Tollbooth", "톨부스", "corp", "ice", "nbn")
    assert (t.cost, t.strength, t.subroutines, t.subtypes) == (8, 5, 1, ("code_gate",))
    assert t.is_ice and t.is_standard and t.scenario_type == "ice"
    assert t.markers == ("on_encounter", "end_the_run") and t.rulings == 3


def test_the_netrunnerdb_link_uses_the_newest_printing():
    t = get("tollbooth")
    assert t.printings == ("01090", "20116", "25115", "31066")
    assert t.netrunnerdb_url == "https://netrunnerdb.com/en/card/31066"


def test_facts_a_card_does_not_have_are_none_and_a_zero_cost_stays_zero():
    identity = get("jinteki_potential_unleashed")
    assert identity.cost is None and identity.strength is None and identity.title_ko == "진테키: 해방된 잠재력"
    assert get("24_7_news_cycle").cost == 0


def test_as_dict_and_the_catalogue_file_write_the_facts_in_one_order():
    assert cat.FIELD_ORDER == tuple(build.FIELDS)
    assert list(get("tollbooth").as_dict())[:-1] == list(build.FIELDS)


def test_both_identity_types_are_identity_in_a_scenario():
    assert get("jinteki_potential_unleashed").scenario_type == "identity"
    assert get("419_amoral_scammer").scenario_type == "identity"
    assert not get("419_amoral_scammer").is_ice


def test_as_dict_lists_every_fact_and_the_link():
    d = get("enigma").as_dict()
    assert d["title_ko"] == "에니그마" and d["subtypes"] == ["code_gate"] and d["trash_cost"] is None
    assert d["netrunnerdb_url"] == "https://netrunnerdb.com/en/card/31081"
    assert CardFacts.from_dict({k: v for k, v in d.items() if k != "netrunnerdb_url"}) == get("enigma")


@pytest.mark.parametrize("typed", ["tollbooth", "Tollbooth", "TOLLBOOTH", "  Toll booth ", "톨부스", "ｔｏｌｌｂｏｏｔｈ",
                                   "toll-booth"])
def test_a_title_typed_any_way_finds_tollbooth(typed):
    assert find(typed).id == "tollbooth"


@pytest.mark.parametrize("typed", ["inside_job", "inside-job", "inside job", "Inside Job", "INSIDE  JOB", "내부자 범행"])
def test_an_id_with_spaces_or_hyphens_finds_the_card(typed):
    assert find(typed).id == "inside_job"


def test_a_korean_title_finds_the_card():
    assert find("에니그마").id == "enigma"
    assert find("에니그마") is get("enigma")


def test_diacritics_do_not_count():
    assert find("Karunā").id == find("karuna").id == find("KARUNA").id == "karuna"
    assert find("Deja Vu").title == "Déjà Vu"
    assert find("Sifr").title == "Şifr"


def test_punctuation_apostrophes_and_trademark_signs_do_not_count():
    assert find("jinteki potential unleashed").id == "jinteki_potential_unleashed"
    assert find("Jinteki: Potential Unleashed").id == "jinteki_potential_unleashed"
    assert find("Aesops Pawnshop").title == "Aesop’s Pawnshop"
    assert find("Aesop's Pawnshop").title == "Aesop’s Pawnshop"
    assert find("Blueberry Diesel").title == "Blueberry!™ Diesel"
    assert find("O2 Shortage").title == "O₂ Shortage"


def test_a_start_of_a_title_or_a_typo_is_not_a_match():
    assert find("Enigm") is None
    assert find("Tolbooth") is None
    assert find("") is None
    assert find("x" * 500) is None


def test_a_korean_title_shared_by_two_cards_prefers_the_newer_printing():
    shared = find_all("쌍둥이자리")
    assert [c.id for c in shared] == ["the_twins", "gemini"]
    assert not any(c.is_standard for c in shared)  # neither is standard, so the newer printing decides
    assert shared[0].newest_printing > shared[1].newest_printing
    assert find("쌍둥이자리").id == "the_twins"
    assert find("Gemini").id == "gemini" and find("The Twins").id == "the_twins"


def test_a_shared_name_prefers_the_card_legal_in_standard():
    old = CardFacts(id="a_old", title="Same Name", side="corp", type="ice", faction="nbn", printings=("99001",))
    new = CardFacts(id="b_std", title="Same  name!", side="corp", type="ice", faction="nbn", printings=("01001",),
                    legal_now_in=("standard",))
    c = cat.Catalogue([old, new])
    assert [x.id for x in c.find_all("same name")] == ["b_std", "a_old"]
    assert c.find("a_old").id == "a_old"  # an exact id always names its own card


@pytest.mark.parametrize(("typo", "first"), [("Tolbooth", "Tollbooth"), ("Tollboth", "Tollbooth"),
                                             ("Enigm", "Enigma"), ("에니그", "Enigma"), ("에닉", "Enigma"),
                                             ("Inisde Job", "Inside Job"), ("karna", "Karunā"),
                                             ("톨브스", "Tollbooth"), ("작인별사", "Au Revoir"),
                                             ("Jintek Potential", "Jinteki: Potential Unleashed")])
def test_a_typo_suggests_the_right_card_first(typo, first):
    assert suggest(typo)[0].title == first


def test_suggestions_are_few_deterministic_and_empty_for_nonsense():
    got = suggest("Tolbooth")
    assert 1 <= len(got) <= 5 and got == suggest("Tolbooth")
    assert len(suggest("wall", n=3)) == 3
    assert suggest("xyzzy") == [] and suggest("") == [] and suggest("Tollbooth", n=0) == []


def test_search_ranks_exact_then_prefix_then_substring_then_fuzzy():
    got = titles(search("ice wall", limit=3))
    assert got[0] == "Ice Wall"
    found = titles(search("ice", limit=50))
    assert found[:3] == ["Ice Wall", "Ice Carver", "Ice Analyzer"]  # prefixes, shortest first
    assert found.index("Ice Analyzer") < found.index("License Acquisition")  # then inside a word
    assert titles(search("Tolbooth"))[0] == "Tollbooth"  # nothing contains the typo: fuzzy


def test_search_prefers_a_word_start_inside_a_title():
    found = titles(search("job"))
    assert "Inside Job" in found and "Day Job" in found
    assert all("Job" in t for t in found[:6])


def test_search_finds_korean_titles_and_initial_consonants():
    assert titles(search("에니"))[0] == "Enigma"
    assert "24/7 News Cycle" in titles(search("뉴스"))
    assert titles(search("ㅇㄴㄱㅁ"))[0] == "Enigma"


def test_search_filters_by_side_type_and_format():
    ice = search("wall", side="corp", type="ice", format="standard")
    assert ice and all(c.is_ice and c.is_standard for c in ice)
    assert all(c.scenario_type == "identity" for c in search("", limit=500, type="identity"))
    assert len(search("", limit=500, type="identity")) == 79 + 65
    assert search("tollbooth", side="runner") == []
    assert search("wall", limit=2) == search("wall", limit=5)[:2]


def test_standard_ice_run_cards_and_timing_cards():
    ice = cat.standard_ice()
    assert len(ice) == 127 and all(c.is_ice and c.is_standard for c in ice)
    assert {"tollbooth", "enigma", "karuna"} <= {c.id for c in ice}
    runs = cat.standard_run_cards()
    assert len(runs) == 61 and "inside_job" in {c.id for c in runs}
    timing = cat.timing_relevant()
    assert len(timing) == 295 and all(c.is_standard and c.timing_markers for c in timing)
    assert {c.id for c in runs} <= {c.id for c in timing}


def test_the_timing_markers_are_every_marker_of_the_data_but_bad_publicity():
    seen = {m for c in all_cards() for m in c.markers}
    assert cat.TIMING_MARKERS == seen - {"bad_publicity"}
    assert len(cat.TIMING_MARKERS) == 16


def test_find_takes_well_under_a_millisecond():
    typed = [c.title.upper() for c in all_cards()[:1000]]
    t0 = time.perf_counter()
    assert all(find(t) for t in typed)
    assert (time.perf_counter() - t0) / len(typed) < 0.0005


def test_the_catalogue_loads_once_when_many_threads_ask(monkeypatch):
    monkeypatch.setattr(cat, "_shared", None)
    got: list[cat.Catalogue] = []
    threads = [threading.Thread(target=lambda: got.append(cat.catalogue())) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 8 and all(c is got[0] for c in got)


def test_names_fold_korean_letters_and_count_a_swap_as_one_edit():
    assert names.key("Karunā") == "karuna" and names.key("Ｋａｒｕｎａ") == "karuna"
    assert names.jamo(names.key("에닉")) == names.jamo("에니그마")[:5]
    assert names.initials("에니그마") == names.key("ㅇㄴㄱㅁ")
    assert names.distance("tollbooth", "tlolbooth", 3) == 1
    assert names.distance("abc", "xyz", 1) == 2


@pytest.mark.skipif(not build.DEFAULT_SOURCE.is_file(), reason="no ../shared/data/cards/cards.json here (CI)")
def test_the_committed_catalogue_is_what_the_build_script_makes_from_the_shared_source():
    cards, commit = build.load_source(build.DEFAULT_SOURCE)
    assert cat.CATALOGUE.read_text(encoding="utf-8") == build.render(cards, commit), "run: make cards"


def test_the_build_refuses_a_field_it_does_not_know(tmp_path):
    src = tmp_path / "cards.json"
    src.write_text(json.dumps([{"id": "x", "title": "X", "side": "corp", "type": "ice", "faction": "nbn",
                                "printings": ["01001"], "flavor": "no"}]), encoding="utf-8")
    with pytest.raises(build.BuildError, match=r"cards.json\[0\] \('x'\): unknown field 'flavor'"):
        build.load_source(src)
    assert build.main(["--source", str(src), "--output", str(tmp_path / "out.json")]) == 2
    assert not (tmp_path / "out.json").exists()


def test_the_build_writes_a_catalogue_that_loads(tmp_path):
    src = tmp_path / "cards.json"
    src.write_text(json.dumps([{"id": "b", "title": "Bee", "side": "runner", "type": "event", "faction": "anarch",
                                "cost": 0, "printings": ["01002"]},
                               {"id": "a", "title": "Ay", "side": "corp", "type": "ice", "faction": "nbn",
                                "strength": 2, "printings": ["01001", "30001"]}]), encoding="utf-8")
    out = tmp_path / "catalogue.json"
    assert build.main(["--source", str(src), "--output", str(out)]) == 0
    assert build.main(["--source", str(src), "--output", str(out), "--check"]) == 0
    c = cat.Catalogue.from_file(out)
    assert [x.id for x in c.cards] == ["a", "b"] and c.find("AY").strength == 2 and c.get("b").cost == 0


def _norm(s: str) -> str:
    """Normalise text as /work/shared/tools/copied-card-text does."""
    s = re.sub(r"<[^>]+>|\[[a-z]+\]", " ", s.lower())
    return re.sub(r"[^a-z0-9가-힣]+", " ", s).strip()


def _official_sentences() -> set[str]:
    """The official sentences of 40+ characters, normalised."""
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))
    return {n for text in ref.values() for part in re.split(r"[.\n]", text or "") if len(n := _norm(part)) >= 40}


def _copied(f: Path, sentences: set[str]) -> list[str]:
    """The start of each official sentence that a file holds."""
    body = " " + _norm(f.read_text(encoding="utf-8")) + " "
    return [s[:60] for s in sentences if s in body]


@pytest.mark.skipif(not REFERENCE.is_file(), reason="no ../shared/data/cards/reference-text.json here (CI)")
def test_the_catalogue_fixtures_and_card_modules_hold_no_official_sentence(tmp_path):
    sentences = _official_sentences()
    planted = tmp_path / "planted.json"
    planted.write_text(json.dumps({"text": "Ok. " + sorted(sentences)[0].upper() + "."}), encoding="utf-8")
    assert len(sentences) > 1000 and _copied(planted, sentences)  # the check does catch a copy
    files = [cat.CATALOGUE, *sorted((ROOT / "tests" / "fixtures" / "netrunnerdb").rglob("*.json")),
             *sorted((ROOT / "judge" / "cards").glob("*.py")), *sorted((ROOT / "tests").glob("test_cards_*.py"))]
    assert len(files) > 5
    for f in files:
        assert _copied(f, sentences) == [], f"{f.relative_to(ROOT)} holds official card text"


def test_no_korean_title_is_the_english_title_again_except_those_printed_so():
    same = sorted(c.id for c in cat.all_cards() if c.title_ko and c.title_ko.replace("“", '"').replace("”", '"')
                  == c.title.replace("“", '"').replace("”", '"'))

    assert same == sorted(build.LATIN_IN_KOREAN)
    assert get("manta_grid").title_ko is None and get("d4v1d").title_ko == "D4v1d"


@pytest.mark.skipif(not build.DEFAULT_SOURCE.is_file(), reason="no ../shared/data/cards/cards.json here (CI)")
def test_the_note_on_korean_titles_lists_exactly_the_cards_never_printed_in_korean():
    raw = json.loads(build.DEFAULT_SOURCE.read_text(encoding="utf-8"))
    note = (Path(__file__).resolve().parent.parent / "docs" / "korean-titles.md").read_text(encoding="utf-8")

    listed = set(re.findall(r"^\| `([a-z0-9_]+)` \|", note, re.MULTILINE))

    assert listed == set(build.never_printed_in_korean(raw))
    assert len(listed) == 119 and "manta_grid" in listed


def test_the_build_drops_a_korean_title_that_only_repeats_the_english_one(tmp_path):
    src = tmp_path / "cards.json"
    base = {"side": "corp", "type": "upgrade", "faction": "neutral_corp", "printings": ["11091"]}
    src.write_text(json.dumps([{"id": "manta_grid", "title": "Manta Grid", "title_ko": "Manta Grid", **base},
                               {"id": "iq", "title": "IQ", "title_ko": "IQ", **base},
                               {"id": "tollbooth", "title": "Tollbooth", "title_ko": "톨부스", **base}]), encoding="utf-8")

    cards, _ = build.load_source(src)

    assert [c.get("title_ko") for c in cards] == ["IQ", None, "톨부스"]
