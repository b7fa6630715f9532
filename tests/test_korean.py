"""Korean as a Korean judge would write it: every example's trace (the CLI's text and the JSON's
sentences) and every page, in Korean, holds no English word that is not a card's name, a step id, a
rule set's id or a term written in Latin letters (docs/korean-glossary.md), no particle left in its
paired form (을(를)) and no credits said without 크레딧."""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import runnable_examples
from korean_scan import fallbacks, latin_words, names_of, scan_trace, unitless

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
