"""The offline walk-through (`judge export --html`) in Debian's Chromium: the address keeps the step
shown (#pos-N) as one steps, opening #pos-N shows step N, and on paper the chart carries the whole
path, every step is shown unbroken and the list of links is hidden; back on screen, the step returns."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "examples" / "d10-inside-job-bypasses-tollbooth.yaml"
# Every chart node's and edge's classes, by id: the chart's whole highlighted state.
STATE = """() => Object.fromEntries([...document.querySelectorAll('#chart-box svg g[id]')]
    .map(g => [g.id, [...g.classList].sort().join(' ')]))"""


def _export(tmp_path: Path, lang: str, style: str) -> Path:
    dest = tmp_path / f"walk-{lang}-{style}.html"
    out = subprocess.run([sys.executable, "-m", "judge", "export", "--html", str(CASE), "-o", str(dest),
                          "--lang", lang, "--style", style], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return dest


@pytest.fixture
def offline(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, offline=True)
    errors: list[str] = []
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    ctx.close()
    assert not errors, errors


def _open(page, url: str) -> int:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return int(page.get_attribute("body", "data-step"))


def _wait_state(page, want: dict) -> None:
    """Every node's and edge's classes as wanted, once the page has applied them all."""
    text = json.dumps(want, separators=(",", ":"), ensure_ascii=False)
    page.wait_for_function(f"JSON.stringify(({STATE})()) === {json.dumps(text)}", timeout=10_000)


def _hash(page) -> str:
    return page.evaluate("window.location.hash")


def _wait_hash(page, want: str) -> None:
    """The address once the page has handled the key or click (a loaded machine may be slow to)."""
    page.wait_for_function(f"window.location.hash === {want!r}", timeout=10_000)


@pytest.mark.parametrize("lang, style", [("en", "full"), ("ko", "doc")])
def test_the_address_keeps_the_step_and_opening_it_shows_that_step(offline, tmp_path, lang, style):
    url = _export(tmp_path, lang, style).as_uri()
    assert _open(offline, url) == 1
    total = offline.locator("section.position").count()

    offline.keyboard.press("ArrowRight")
    offline.keyboard.press("ArrowRight")
    _wait_hash(offline, "#pos-3")
    occ3 = offline.get_attribute("section.position:not([hidden])", "data-occ")
    offline.keyboard.press("End")
    _wait_hash(offline, f"#pos-{total}")
    offline.locator("#trace a[data-n='5']").click()
    _wait_hash(offline, "#pos-5")
    assert offline.get_attribute("body", "data-step") == "5"

    assert _open(offline, f"{url}#pos-3") == 3                       # a copied link opens at its step
    assert offline.get_attribute("section.position:not([hidden])", "data-occ") == occ3
    assert offline.locator("section.position:not([hidden])").count() == 1
    assert offline.locator("#li-3").get_attribute("aria-current") == "step"
    offline.evaluate("window.location.hash = '#pos-7'")              # and a hash typed later moves it
    offline.wait_for_function("document.body.dataset.step === '7'")
    assert _open(offline, f"{url}#pos-{total + 40}") == total        # past the end: the last step


@pytest.mark.parametrize("lang, style", [("en", "full"), ("ko", "doc")])
def test_printing_shows_the_whole_path_every_step_unbroken_and_no_link_list(offline, tmp_path, lang, style):
    url = _export(tmp_path, lang, style).as_uri()
    total = _open(offline, f"{url}#pos-999")
    whole_path = offline.evaluate(STATE)
    _open(offline, f"{url}#pos-2")
    step_two = offline.evaluate(STATE)
    assert step_two != whole_path

    offline.emulate_media(media="print")

    _wait_state(offline, whole_path)
    assert offline.evaluate(STATE) == whole_path                     # the chart: the path to the end
    shown = offline.evaluate("""() => [...document.querySelectorAll('section.position')].map(s => [
        getComputedStyle(s).display, getComputedStyle(s).breakInside])""")
    assert len(shown) == total and all(d != "none" and b == "avoid" for d, b in shown), shown
    assert offline.evaluate("getComputedStyle(document.querySelector('.trace-pane')).display") == "none"
    assert not offline.locator("#trace").is_visible() and not offline.locator("#go-next").is_visible()
    assert offline.pdf(format="A4").startswith(b"%PDF-")
    assert offline.get_attribute("body", "data-step") == "2"         # printing does not move the step

    offline.emulate_media(media="screen")

    _wait_state(offline, step_two)
    assert offline.evaluate(STATE) == step_two
    assert offline.locator("section.position:not([hidden])").count() == 1 and _hash(offline) == "#pos-2"
