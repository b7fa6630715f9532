"""Korean as a Korean judge would write it: every example's trace (the CLI's text and the JSON's
sentences), every page and every Korean string of the card models, in Korean, holds no English word
that is not a card's name, a step id, a rule set's id or a term written in Latin letters
(docs/korean-glossary.md), no particle left in its paired form (을(를)), no glossary noun with the
wrong form of a particle (추적를) and no credits said without 크레딧."""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import runnable_examples
from korean_scan import fallbacks, latin_words, names_of, scan_trace, unitless, wrong_particles

from judge.cards import get
from judge.cards.model import models
from judge.engine import run
from judge.scenario import load_scenario

EXAMPLES = runnable_examples()
STEMS = {p.stem for p in (Path(__file__).parent.parent / "examples").glob("*.yaml")}  # file names are shown as ids


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_an_example_in_korean_says_everything_in_korean(path: Path):
    sc = load_scenario(path)
    problems = []
    for rs in sc.expected_rulesets() or [sc.ruleset]:
        got = scan_trace(run(sc, rs), names_of(sc))
        problems += [f"[{rs}] {kind}: {sorted(set(found))[:12]}" for kind, found in got.items() if found]
    assert not problems, "\n".join(problems)


class _Visible(HTMLParser):
    """The text a reader sees on a page (and the titles and labels a screen reader says); not the
    scripts, styles, the YAML of a scenario or code samples, nor what is marked English on purpose
    (`lang="en"`: the English chart beside the Korean one, the language switch's "English")."""

    HIDDEN = {"script", "style", "textarea", "pre", "code"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.out: list[str] = []
        self.stack: list[tuple[str, bool]] = []   # open elements, and whether each hides its content

    @property
    def hidden(self) -> bool:
        return any(h for _, h in self.stack)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        hides = tag in self.HIDDEN or a.get("lang") == "en"
        if not self.hidden and not hides:
            self.out += [v for k, v in attrs if k in ("title", "aria-label", "placeholder", "alt") and v]
        if tag not in self.VOID:
            self.stack.append((tag, hides))

    def handle_startendtag(self, tag, attrs):
        if not self.hidden:
            self.out += [v for k, v in attrs if k in ("title", "aria-label", "placeholder", "alt") and v]

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        if not self.hidden:
            self.out.append(data)


def visible(html: str) -> str:
    p = _Visible()
    p.feed(html)
    return "\n".join(p.out)


@cache
def every_name() -> frozenset[str]:
    """The names the library's scenarios give (cards, servers, invented cards): they stay as written."""
    out: set[str] = set()
    for p in EXAMPLES:
        out |= names_of(load_scenario(p))
    return frozenset(out)


def _sid(client, stem: str) -> str:
    return client.post("/api/scenarios", data=(Path(__file__).parent.parent / "examples" / f"{stem}.yaml").read_bytes(),
                       headers={"Content-Type": "application/yaml"}).get_json()["id"]


PAGES = ["/new", "/examples", "/chart", "/chart?ruleset=nsg", "/chart?ruleset=ffg-core", "/library",
         "/library?step=2.2&rs=ffg-rr", "/quiz", "/coverage", "/translate", "/cards", "/cards?q=톨부스",
         "/cards/tollbooth", "/cards/inside_job"]
CASES = ["d10-inside-job-bypasses-tollbooth", "e02-jack-out-placement-three-rule-sets",
         "d28-security-testing-and-account-siphon"]


def _pages(client) -> list[str]:
    out = list(PAGES)
    for stem in CASES:
        sid = _sid(client, stem)
        out += [f"/s/{sid}", f"/s/{sid}?step=6", f"/s/{sid}?ruleset=nsg", f"/s/{sid}/compare", f"/s/{sid}/explore",
                f"/library/{stem}/handout", f"/quiz?cases={stem}"]
    return out


def test_every_page_in_korean_says_everything_in_korean(client):
    problems = []
    for url in _pages(client):
        resp = client.get(url + ("&" if "?" in url else "?") + "lang=ko", follow_redirects=True)
        assert resp.status_code == 200, url
        text = visible(resp.get_data(as_text=True))
        words = latin_words(text, set(every_name()) | STEMS)
        bad = {"latin": sorted(set(words))[:15], "fallback": fallbacks(text)[:5], "unitless": unitless(text)[:5]}
        problems += [f"{url}: {k}: {v}" for k, v in bad.items() if v]
    assert not problems, "\n".join(problems)


def test_the_scanner_finds_what_it_must():
    assert latin_words("러너가 the ice를 통과한다") == ["the", "ice"]
    assert latin_words("러너가 Ice A를 통과한다", {"Ice A"}) == []
    assert latin_words("2.3@에니그마에서 톨부스와 Tollbooth, HQ와 R&D, ffg-rr와 nsg 6.9.4c") == []
    assert fallbacks("러너가 Tollbooth을(를) 통과한다") and unitless("러너가 3을 내고 폐기한다")
    assert not unitless("러너가 3 크레딧을 내고 폐기한다") and not unitless("러너가 클릭 1을 잃는다")
    assert re.search("Runner", "the Runner") and latin_words("the Runner") == ["the", "Runner"]


def korean_strings(node) -> list[str]:
    """Every Korean string of a model: the `ko` of each `{en, ko}` wherever it sits."""
    if isinstance(node, dict):
        return [v for k, v in node.items() if k == "ko" and isinstance(v, str)] + [
            x for k, v in node.items() if k != "ko" for x in korean_strings(v)]
    if isinstance(node, (list, tuple)):
        return [x for v in node for x in korean_strings(v)]
    return []


def test_every_korean_string_of_the_card_models_says_everything_in_korean():
    problems = []
    for card_id, m in sorted(models().items()):
        facts = get(card_id)
        own = {facts.title, facts.title.split(":")[0]}  # the card's own name, which stays as printed
        for text in korean_strings([m.about, list(m.left_out), m.card, list(m.checks)]):
            found = {"latin": latin_words(text, own), "paired": fallbacks(text), "unitless": unitless(text),
                     "particles": wrong_particles(text)}
            problems += [f"{card_id}: {k}: {v} in {text[:80]!r}" for k, v in found.items() if v]

    assert sum(len(korean_strings([m.about, list(m.left_out), m.card])) for m in models().values()) > 800
    assert not problems, f"{len(problems)} Korean string(s) to fix:\n" + "\n".join(problems)


def test_the_particle_scan_knows_the_form_each_glossary_noun_takes():
    assert wrong_particles("추적는 하지 않는다. 모델은 추적가 성공한다고 본다. 추적를 한다") == [
        "추적는 (say 추적은)", "추적가 (say 추적이)", "추적를 (say 추적을)"]
    assert wrong_particles("서버이 없다, 런로 간다, 태그과 피해") == [
        "서버이 (say 서버가)", "런로 (say 런으로)", "태그과 (say 태그와)"]
    assert wrong_particles("추적은 하지 않고 추적이 성공하며 추적을 한다. 서버가, 런으로, 태그와, 레벨로") == []
