"""The explore page in a real browser (Debian's Chromium, headless): the tree opens, a line opens
in the stepper, the chart is coloured by its stylesheet, and the stepper's "what if" leads there."""

from __future__ import annotations

import re

import pytest
from browser_helpers import save

BOARD = """\
title: Ice Wall, then an unrezzed Enigma, then Hunter
run: {server: HQ}
servers:
  HQ:
    ice: [{card: Ice Wall, rezzed: true}, {card: Enigma}, {card: Hunter}]
    cards: [{card: Hedge Fund}]
actions:
  - {at: "3.1", ice: Ice Wall, by: runner, break: all}
"""


@pytest.fixture(scope="module")
def board(live_server) -> str:
    return f"{live_server}/s/{save(live_server, BOARD)}"


def test_the_tree_opens_and_a_line_opens_in_the_stepper(page, board):
    page.goto(f"{board}/explore?lang=en")
    tree = page.locator("#ex-tree")
    first = tree.locator("details").first
    assert first.get_attribute("open") is not None  # the first decision is shown open
    closed = first.locator(":scope > ol > li > details").first  # a branch inside the open one
    inner = closed.locator(":scope > ol, :scope > p, :scope > ul").first
    assert not inner.is_visible()
    closed.locator(":scope > summary").click()
    assert inner.is_visible()

    links = tree.locator("a.ex-open")
    for _ in range(12):  # open the branches one below the other until a line's end shows
        if any(links.nth(i).is_visible() for i in range(links.count())):
            break
        closed.locator("details:not([open]) > summary").first.click()
    link = next(links.nth(i) for i in range(links.count()) if links.nth(i).is_visible())
    with page.expect_navigation():
        link.click()
    assert re.search(r"/s/[0-9a-f]{16}\?step=1$", page.url)
    assert "Derived from" in page.inner_text("#derived")
    assert page.locator("#chart svg").count() == 1 and page.locator("#trace li").count() > 5


def test_the_chart_is_coloured_by_how_many_lines_pass(page, board):
    page.goto(f"{board}/explore?lang=en")
    every = page.locator("#chart svg g#step-1")
    assert "heat-5" in every.get_attribute("class")
    fill = page.eval_on_selector("#chart svg g#step-1 > polygon, #chart svg g#step-1 > path",
                                 "el => getComputedStyle(el).fill")
    assert fill == "rgb(8, 81, 156)"  # Look.heat's darkest fill: the stylesheet applied, CSP and all
    some = page.get_attribute("#chart svg g#step-6", "class")
    assert re.search(r"heat-[1-4]", some)
    assert "lines pass here" in page.inner_html("#chart svg g#step-6 > title")
    assert page.locator(".legend .sw-heat-5").count() == 1


def test_what_if_on_the_stepper_shows_every_line_from_that_decision(page, board):
    page.goto(f"{board}?lang=en")
    page.click("#trace a:has(span.occ:text-is('2.3@Enigma'))")
    section = page.locator("section.position:not([hidden])")
    with page.expect_navigation():
        section.locator(".what-if a").click()
    assert "/explore?" in page.url and "from=" in page.url
    assert "the run up to here as it happened" in page.inner_text("#ex-start")
    summary = page.inner_text("#ex-tree")
    assert "2.3@Enigma" in summary and "the Corp rezzes Enigma" in summary
