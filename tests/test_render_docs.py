"""Documentation exports a writer can paste: namuwiki in the rules page's shape (parsed back into
the same steps and links), Markdown that renders, and words for a reader of rules: no English in
Korean but card titles with no Korean title, 접근 and 액세스 never swapped, no case id, backtick
or scenario key."""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
import yaml
from korean_scan import latin_words, names_of

from judge import render, rulesets
from judge.analysis.check import expected_error
from judge.cards.catalogue import all_cards
from judge.engine import run
from judge.i18n import catalogue
from judge.render.reader import for_readers, korean_titles
from judge.render.wiki import Options, structure_text, walkthrough_text
from judge.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(p for p in (ROOT / "examples").glob("*.yaml") if expected_error(p) is None)
# The Korean rules page the default rule set comes from, in the team's shared folder beside the repository.
SEED = next((a / "shared" / "seed" / "run-timing-namuwiki-ko.txt" for a in ROOT.parents
             if (a / "shared" / "seed" / "run-timing-namuwiki-ko.txt").is_file()),
            ROOT.parent / "shared" / "seed" / "run-timing-namuwiki-ko.txt")
_HEADING = re.compile(r"^(=+) (.*?) \1$", re.M)
_LINK = re.compile(r"\[\[#s-([\d.]+)\|((?:[^\]\\]|\\.)*)\]\]")
_CASE_ID = re.compile(r"\b[a-z]{1,4}\d+[a-z]?-(?:…|[a-z]+-)")
_SYNTAX = re.compile(r"\b(?:granted_by|replacement|after|effect|if|at)\s*:\s|\b(?:rezzed|first|mandatory)\s*:\s*(?:true|false)\b")


def sections(text: str) -> list[tuple[str, str]]:
    """The headings of a namuwiki text, each with the section number namuwiki gives it (the
    highest level used counts 1, 2, ...; the next 1.1, 1.2, ...)."""
    found = [(len(m.group(1)), m.group(2)) for m in _HEADING.finditer(text)]
    top = min(level for level, _ in found)
    out, counters = [], []
    for level, title in found:
        depth = level - top
        counters = counters[:depth + 1] + [0] * (depth + 1 - len(counters))
        counters[depth] += 1
        out.append((".".join(map(str, counters)), title))
    return out


def unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


@cache
def _trace(path: Path):
    return run(load_scenario(path))


@cache
def _korean_titled() -> tuple[set[str], set[str]]:
    """English titles that have a Korean title, and the Latin words inside Korean titles (PAD 캠페인)."""
    titled = {c.title for c in all_cards() if c.title_ko and c.title_ko != c.title}
    words = {w for c in all_cards() if c.title_ko for w in re.findall(r"[A-Za-z][A-Za-z.\-]*", c.title_ko)}
    return titled, words


@cache
def _untitled_multiword() -> list[str]:
    """Real cards' titles of several words with no Korean title, longest first."""
    return sorted({c.title for c in all_cards() if (not c.title_ko or c.title_ko == c.title) and " " in c.title},
                  key=len, reverse=True)


# --- namuwiki in the page's shape ---------------------------------------------------------------


def test_the_seed_page_parses_as_the_test_reads_namuwiki():
    """The parser below is namuwiki's numbering: on the source page itself its links all land."""
    text = SEED.read_text(encoding="utf-8")
    numbers = dict(sections(text))
    assert numbers["2.3"] == "아이스 레즈 여부 결정" and numbers["5.5"] == "액세스"
    assert {n for n, _ in _LINK.findall(text)} <= set(numbers)


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("rs_id", sorted(rulesets.RULESETS))
def test_the_structure_in_namuwiki_has_a_section_per_step_and_its_go_to_links_land(rs_id, lang):
    rs = rulesets.get(rs_id)
    text = structure_text(rs_id, lang, "namuwiki", Options(toc=True, category="안드로이드: 넷러너"))

    numbers = dict(sections(text))
    heads = [(n, unescape(title)) for n, title in sections(text)]
    steps, at = {}, 0
    for s in rs.steps:                        # the steps' headings, in the steps' order
        while at < len(heads) and heads[at][1] not in (s.name(lang), f"{s.id} {s.name(lang)}"):
            at += 1
        assert at < len(heads), f"no heading for {s.id}"
        steps[s.id] = heads[at][0]
        at += 1
    links = _LINK.findall(text)
    assert links
    for number, label in links:
        step = unescape(label).split()[0]
        assert steps[step] == number, f"[[#s-{number}|{label}]] lands on {numbers.get(number)}"
        assert unescape(label).endswith(numbers[number].split(" ", 1)[-1])
    for s in rs.steps:
        for e in rs.out_edges(s.id):
            assert f"[[#s-{steps[e.dst]}|" in text
    assert "{{{#!folding" in text and text.rstrip().endswith("[[분류:안드로이드: 넷러너]]")
    assert ("[목차]" if lang == "ko" else "[tableofcontents]") in text and "[* " in text


def test_the_ffg_rr_structure_is_numbered_as_the_source_page_so_its_links_work_there_too():
    text = structure_text("ffg-rr", "ko", "namuwiki")
    ours = [(n, unescape(t)) for n, t in sections(text)][:19]
    seed = sections(SEED.read_text(encoding="utf-8"))

    assert [n for n, _ in ours] == list(rulesets.get("ffg-rr").step_ids)
    assert [n for n, _ in ours] == [n for n, _ in seed]          # the seed's sections, one for one
    for number, label in _LINK.findall(text):
        assert unescape(label).split()[0] == number


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_every_library_case_in_namuwiki_parses_back_into_its_steps_and_links(path):
    t = _trace(path)
    for lang in ("en", "ko"):
        text = walkthrough_text(t, lang, "namuwiki")
        heads = [(n, unescape(title)) for n, title in sections(text)]
        steps = heads[:len(t.path)]

        assert len(steps) == len(t.path)
        path = [korean_titles(o) if lang == "ko" else o for o in t.shown_path(lang)]   # every ice under its title
        assert all(title.startswith(occ + " ") for (_, title), occ in zip(steps, path, strict=True))
        nexts = [(n, unescape(label)) for n, label in _LINK.findall(text)]
        assert [n for n, _ in nexts] == [n for n, _ in steps[1:]], "each step links to the next"
        assert all(label == title for (_, label), (_, title) in zip(nexts, steps[1:], strict=True))


def test_the_compact_namuwiki_is_still_there_as_an_option():
    t = _trace(ROOT / "examples" / "d10-inside-job-bypasses-tollbooth.yaml")
    text = walkthrough_text(t, "ko", "namuwiki", Options(form="compact"))
    structure = structure_text("ffg-rr", "ko", "namuwiki", Options(form="compact"))

    assert len(re.findall(r"^ 1\. ", text, re.M)) == len(t.path) and "[[#s-" not in text
    assert structure.startswith("== ") and "||{{{" not in structure and structure.count("||'''") >= 7


# --- Markdown that renders ----------------------------------------------------------------------


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, int] = {}
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1

    def handle_data(self, data) -> None:
        self.text.append(data)


def rendered(text: str) -> _Text:
    p = _Text()
    p.feed(markdown.markdown(text, extensions=["tables"]))
    return p


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("rs_id", sorted(rulesets.RULESETS))
def test_the_structure_in_markdown_renders_to_headings_lists_and_a_table(rs_id, lang):
    rs = rulesets.get(rs_id)
    page = rendered(structure_text(rs_id, lang, "markdown"))
    shown = "".join(page.text)

    assert page.tags["h1"] == 1 and page.tags["h2"] + page.tags.get("h3", 0) >= len(rs.phases)
    assert page.tags["table"] == 1 and page.tags["tr"] >= 6 and page.tags["li"] >= len(rs.steps)
    for leftover in ("**", "|---", "\\", "## ", "`"):
        assert leftover not in shown, leftover


@pytest.mark.parametrize("name", ["d10-inside-job-bypasses-tollbooth", "walkthrough-rez-break-steal",
                                  "d28b-nsg-runner-chooses-security-testing"])
def test_a_walk_through_in_markdown_renders_a_numbered_step_per_step(name):
    t = _trace(ROOT / "examples" / f"{name}.yaml")
    for lang in ("en", "ko"):
        page = rendered(walkthrough_text(t, lang, "markdown"))
        shown = "".join(page.text)

        assert page.tags["ol"] == 1 and page.tags["li"] >= len(t.path) + 3 and page.tags["strong"] >= len(t.path)
        for leftover in ("**", "\\", "`", "->"):
            assert leftover not in shown, leftover


# --- words for a reader -------------------------------------------------------------------------


def _doc_texts(path: Path, lang: str) -> dict[str, str]:
    t = _trace(path)
    return {"namuwiki": walkthrough_text(t, lang, "namuwiki"), "markdown": walkthrough_text(t, lang, "markdown")}


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_no_export_of_a_library_case_shows_an_internal_name(path):
    for lang in ("en", "ko"):
        for kind, text in _doc_texts(path, lang).items():
            plain = re.sub(r"\\(.)", r"\1", text)
            assert "`" not in plain, (kind, lang)
            assert not _CASE_ID.search(plain), (kind, lang, _CASE_ID.search(plain))
            assert not _SYNTAX.search(plain), (kind, lang, _SYNTAX.search(plain))
            for word in ("stepper", "스테퍼", "seed page", "ffg-rr ·", "nsg ·", "ffg-core ·"):
                assert word not in plain, (kind, lang, word)
            assert not re.search(r"^'''.*\b[A-Z]{1,4}\d+[a-z]?: ", plain), "no case number in the title"


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_a_korean_export_says_everything_in_korean_with_cards_under_their_korean_titles(path):
    titled, title_words = _korean_titled()
    sc = load_scenario(path)
    own = {n for n in names_of(sc) if n not in titled}     # invented cards keep their names
    for kind, text in _doc_texts(path, "ko").items():
        plain = re.sub(r"\\(.)", r"\1", text)
        plain = re.sub(r"“[^“”가-힣]*”", " ", plain)         # a card's own words the scenario quotes, as typed
        left = [w for w in latin_words(plain, own) if w not in title_words]
        assert not left, (kind, left)
        for whole in _untitled_multiword():       # "Code Replicator" has no Korean title: "Replicator" inside it is not that card
            plain = plain.replace(whole, " ")
        english = [n for n in titled if n not in own and re.search(rf"(?<![A-Za-z]){re.escape(n)}(?![A-Za-z])", plain)]
        assert not english, (kind, english)


def _glossary_pairs() -> list[tuple[str, str]]:
    """The glossary's terms a Korean reader must not see swapped: each (English, Korean) row whose
    Korean word another row's English would be mistaken for (approach 접근 / access 액세스)."""
    rows = re.findall(r"^\| ([a-z /()]+?) \| ([^|]+?) \|", (ROOT / "docs" / "korean-glossary.md").read_text(), re.M)
    terms = {en.strip(): ko.strip() for en, ko in rows}
    return [("approach", terms["approach"]), ("access", terms["access"])]


def _flat(lang: str) -> dict[str, str]:
    return catalogue(lang)


def test_the_glossary_pair_approach_and_access_is_never_swapped_in_the_catalogue_or_the_library():
    (en_a, ko_a), (en_b, ko_b) = _glossary_pairs()
    assert (ko_a, ko_b) == ("접근", "액세스")
    en, ko = _flat("en"), _flat("ko")
    pairs = [(en[k], ko[k], k) for k in en if k in ko]
    for path in CASES:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        why = doc.get("explanation") or {}
        if isinstance(why, dict) and "en" in why and "ko" in why:
            pairs.append((why["en"], why["ko"], path.name))
    checked = 0
    for english, korean, where in pairs:
        says_a = re.search(rf"\b{en_a}", english, re.I) is not None
        says_b = re.search(rf"\b{en_b}", english, re.I) is not None
        if says_b and not says_a:
            checked += 1
            assert ko_a not in korean, f"{where}: '{en_b}' said as {ko_a}: {korean}"
        if says_a and not says_b:
            checked += 1
            assert ko_b not in korean, f"{where}: '{en_a}' said as {ko_b}: {korean}"
    assert checked > 50


def test_a_walk_through_says_accessed_as_액세스_and_groups_a_run_of_skipped_steps():
    t = _trace(ROOT / "examples" / "d01-no-ice-vacuous-pass.yaml")
    text = walkthrough_text(t, "ko", "namuwiki")

    assert "액세스한 카드" in text and "접근한 카드" not in text
    assert len(re.findall(r"건너뜀", text)) == 1 and "2–3.2 건너뜀" in text
    assert "(건너뜀)" not in text and "->" not in text
    assert "▶ 행동 · ★ 격발되는 능력 · ■ 런의 끝" in text          # the marks have a legend


def test_library_prose_is_said_for_a_reader():
    said = for_readers("The board of `d28-…` under nsg (`after: Code Replicator`), with `granted_by: Snitch`.", "en")

    assert said.startswith("The board of “Security Testing and Account Siphon")
    assert "under NSG Comprehensive Rules, with Snitch." in said and "`" not in said


def test_a_card_is_named_under_its_korean_title_and_the_particle_follows_it():
    assert korean_titles("Snitch는 Tollbooth를 보고 Ice Wall으로 간다") == "밀고자는 톨부스를 보고 아이스 벽으로 간다"
    assert korean_titles("Caprice가 이긴다", "Caprice Nisei") == "변덕쟁이가 이긴다"
    assert korean_titles("Ice A는 그대로다") == "Ice A는 그대로다"


def test_the_walk_through_file_in_the_documentation_style_speaks_to_a_reader():
    t = _trace(ROOT / "examples" / "d28b-nsg-runner-chooses-security-testing.yaml")
    html = render.walkthrough_html(t, "ko", "doc")

    assert "보안 테스팅" in html and "Security Testing" not in html.split("<svg", 1)[0]
    assert "`" not in html.split("<svg", 1)[0] and "nsg ·" not in html and "D28b" not in html
    assert 'id="interrupts-table"' in html and 'class="transition interrupt' not in html
