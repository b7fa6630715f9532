"""One language per page: an English page has no Korean (not "Seed step 3 (아이스와 대치)"), a Korean
page names cards by their Korean titles (step ids, the explanation, the handout, the form's notice)."""

from __future__ import annotations

import re

import pytest

CASE = "d10-inside-job-bypasses-tollbooth"
HANGUL = re.compile(r"[\uac00-\ud7a3]+")


@pytest.fixture
def sid(client):
    return client.get(f"/examples/{CASE}").headers["Location"].rsplit("/", 1)[-1]


def _text(client, path: str, lang: str) -> str:
    html = client.get(path + ("&" if "?" in path else "?") + f"lang={lang}").get_data(as_text=True)
    html = re.sub(r"<script.*?</script>|<textarea.*?</textarea>|<template.*?</template>|<svg.*?</svg>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def _pages(sid: str) -> list[str]:
    return ["/new", f"/new?from={CASE}", f"/s/{sid}", f"/s/{sid}?step=6", "/library", f"/quiz?cases={CASE}",
            f"/library/{CASE}/handout", f"/s/{sid}/explore", f"/s/{sid}/compare"]


def test_an_english_page_has_no_korean(client, sid):
    for path in _pages(sid) + ["/examples", "/translate"]:
        korean = [w for w in HANGUL.findall(_text(client, path, "en")) if w != "한국어"]  # the language switch
        assert not korean, (path, korean[:5])


def test_an_english_page_cites_the_seven_step_chart_in_english(client, sid):
    text = _text(client, f"/s/{sid}?step=6", "en")
    assert "Step 3 (Encounter ice) of the seven-step run chart, FFG Rules Reference" in text
    handout = _text(client, f"/library/{CASE}/handout", "en")
    assert "Run chart step 3 (Encounter ice)" in handout and "Seed step" not in handout


def test_a_korean_page_names_cards_by_their_korean_titles(client, sid):
    for path in _pages(sid):
        english = re.findall(r"Tollbooth|Inside Job", _text(client, path, "ko"))
        if path.endswith("/handout"):  # the sources are cited in English, as published
            english = re.findall(r"Tollbooth|Inside Job", _text(client, path, "ko").split("NetrunnerDB ruling")[0])
        assert not english, (path, english)
    text = _text(client, f"/s/{sid}?step=6", "ko")
    assert "3@톨부스" in text and "내부자 범행" in text


def test_the_korean_compare_page_names_cards_by_their_korean_titles_in_every_column(client, sid):
    html = client.get(f"/s/{sid}/compare?lang=ko").get_data(as_text=True)
    columns = re.findall(r'<section class="column" id="col-[^"]+".*?</section>', html, re.S)
    assert len(columns) == 3
    for col in columns:
        path = re.findall(r'<span class="occ">([^<]+)</span>', col)
        assert "3@톨부스" in path or "6.9.3a@톨부스" in path, path
        trigger = re.search(r'<ul class="cmp-triggers">.*?</ul>', col, re.S).group(0)
        assert "내부자 범행" in trigger and "@톨부스</a>" in trigger, trigger
        lists = re.search(r'<dl class="lists">.*?</dl>', col, re.S).group(0)
        assert "헤지 펀드" in lists and "톨부스" in lists and "Tollbooth" not in lists, lists


def test_the_korean_pages_use_one_word_for_the_library_and_the_form(client):
    from judge.i18n import catalogue

    ko = "\n".join(str(v) for v in catalogue("ko").values())
    assert "라이브러리" not in ko and "양식에" not in ko


def test_the_paid_ability_window_has_one_korean_name():
    from judge.i18n import catalogue

    ko = "\n".join(str(v) for v in catalogue("ko").values())
    assert "지불 능력 창" not in ko and "지불 능력 격발" in ko


@pytest.mark.parametrize("q, lang, first", [("크라이시엄", "ko", "크리지움 그리드"), ("qqxzzv", "en", None)])
def test_a_card_search_that_finds_nothing_shows_the_nearest_titles(client, q, lang, first):
    html = client.get("/cards", query_string={"q": q, "lang": lang}).get_data(as_text=True)
    near = re.search(r'<p id="cards-nearest">(.*?)</p>', html, re.S)
    assert near, "an empty result names the nearest titles"
    titles = re.findall(r">([^<]+)</a>", near.group(1))
    assert len(titles) == 5 and (first is None or titles[0] == first)


def test_archives_is_said_as_the_glossary_says_on_a_korean_page():
    from judge.i18n import catalogue

    assert not any("아카이브" in str(v) for v in catalogue("ko").values())  # server names as players say them


def test_a_korean_handout_cites_the_seed_in_korean_and_other_documents_as_published(client):
    html = client.get(f"/library/{CASE}/handout?lang=ko").get_data(as_text=True)
    sources = re.search(r'<ul class="sources">(.*?)</ul>', html, re.S).group(1)
    assert '<span lang="ko">나무위키 런 타이밍 문서: 3단계(아이스와 대치), 3.1단계(아이스와 상호작용)</span>' in sources
    assert '<span lang="en">NSG Comprehensive Rules 6.5.8 (bypass) and 9.2.8f (its example)</span>' in sources
    assert "Seed" not in sources and "Run chart" not in sources and "not reached after a bypass" not in sources


@pytest.mark.parametrize("source, parts", [
    ("Seed step 5 (서버에 접근); seed step 1 (런 개시) sends a run with no ice to step 4 (통과), which the judge reads it so",
     [("ko", "나무위키 런 타이밍 문서: 5단계(서버에 접근), 1단계(런 개시), 4단계(통과)")]),
    ("Seed step 5.2 (런 지속 여부 결정) and step 7 (실패한 런 종료: credits lost; \"run ends\" conditions)",
     [("ko", "나무위키 런 타이밍 문서: 5.2단계(런 지속 여부 결정), 7단계(실패한 런 종료)")]),
    ("Seed steps 1 to 7 (the seven-step chart); FFG Core Rulebook (2012) chart (six steps)",
     [("ko", "나무위키 런 타이밍 문서: 1~7단계"), ("en", "FFG Core Rulebook (2012) chart (six steps)")]),
    ("Seed step 3 (아이스와 대치); rules of jack out: only when a card grants it", [("ko", "나무위키 런 타이밍 문서: 3단계(아이스와 대치)")]),
    ("NSG Comprehensive Rules 6.5.8; FFG FAQ v1.6, Bypass", [("en", "NSG Comprehensive Rules 6.5.8"), ("en", "FFG FAQ v1.6, Bypass")]),
])
def test_a_source_is_cited_in_parts_each_in_the_language_it_can_be_read_in(app, source, parts):
    from judge.web import i18n

    with app.test_request_context("/?lang=ko"):
        app.preprocess_request()
        assert i18n.shown_sources(source) == parts
    with app.test_request_context("/?lang=en"):
        app.preprocess_request()
        assert i18n.shown_sources(source)[0][0] == "en"
