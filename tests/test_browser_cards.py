"""Real cards in a real browser: the two-card dispute of issue 12 (Inside Job against a rezzed
Tollbooth with 2 credits) entered through the form in at most 10 interactions, the autocomplete on
Korean titles, and picking a card filling in its model."""

from __future__ import annotations

import json
import re
from urllib.request import Request, urlopen

import pytest
import yaml
from browser_helpers import save_screen
from playwright.sync_api import expect

MAX_INTERACTIONS = 10


class Counted:
    """The page, with every interaction a judge makes counted (a navigation, a fill, a click)."""

    def __init__(self, page) -> None:
        self.page, self.n = page, 0

    def goto(self, url: str) -> None:
        self.n += 1
        self.page.goto(url)

    def fill(self, selector: str, text: str) -> None:
        self.n += 1
        self.page.locator(selector).first.fill(text)

    def run(self) -> None:
        self.n += 1
        with self.page.expect_navigation():
            self.page.click("button.primary[value=run_form]")


def test_inside_job_against_a_rezzed_tollbooth_with_2_credits_takes_at_most_10_interactions(page, live_server):
    judge = Counted(page)
    judge.goto(f"{live_server}/new")
    judge.fill("input[name=credits]", "2")
    judge.fill("input[name=by]", "Inside Job")
    judge.fill("#rows-ice input[name=ice-name]", "톨부스")
    judge.run()

    assert judge.n <= MAX_INTERACTIONS
    assert re.search(r"/s/[0-9a-f]{16}$", page.url)
    sid = page.url.rsplit("/", 1)[-1]
    sc = yaml.safe_load(urlopen(f"{live_server}/s/{sid}/scenario.yaml").read())
    assert sc["servers"]["HQ"]["ice"][0]["card"] == "tollbooth" and sc["run"]["by"] == "Inside Job"
    # The answer (ruling D10): Inside Job bypasses Tollbooth when the encounter begins, before
    # Tollbooth's ability can ask for 3 credits; the run goes on to HQ and succeeds.
    assert page.locator("#outcome-h .status-successful").count() == 1
    body = urlopen(Request(f"{live_server}/api/run", data=yaml.safe_dump(sc).encode(),
                           headers={"Content-Type": "application/yaml"})).read()
    outcome = json.loads(body)["outcome"]
    assert outcome["bypassed"] == ["Tollbooth"] and outcome["status"] == "successful"


def test_typing_a_korean_title_offers_the_card_and_picking_it_fills_its_model(page, live_server):
    page.goto(f"{live_server}/new")
    name = page.locator("#rows-ice input[name=ice-name]").first
    name.press_sequentially("톨부")
    expect(page.locator("#cards-ice option").first).to_be_attached()
    assert "톨부스" in [o.get_attribute("value") for o in page.locator("#cards-ice option").all()]

    name.fill("톨부스")
    name.blur()
    row = page.locator("#rows-ice li.row").first
    expect(page.locator("#rows-ice input[name=ice-card]").first).to_have_value("tollbooth")
    assert row.locator("textarea[name=ice-subs]").input_value() == "End the run"
    assert "3" in row.locator(".card-note").inner_text()
    ability = page.locator("#rows-card li.row").first
    assert ability.locator("input[name=card-name]").input_value() == "톨부스"
    assert ability.locator("select[name=card-effect]").input_value() == "pay"
    assert ability.locator("select[name=card-otherwise]").input_value() == "end_run"


def test_a_name_that_is_no_card_clears_the_pick(page, live_server):
    page.goto(f"{live_server}/new")
    name = page.locator("#rows-ice input[name=ice-name]").first
    name.fill("Enigma")
    name.blur()
    expect(page.locator("#rows-ice input[name=ice-card]").first).to_have_value("enigma")
    name.fill("Ice A")
    name.blur()
    expect(page.locator("#rows-ice input[name=ice-card]").first).to_have_value("")
    assert page.locator("#rows-ice .card-note").first.is_hidden()


@pytest.mark.screens
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_screenshots_of_the_form_with_cards_picked(browser, live_server, lang):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
    try:
        p = ctx.new_page()
        p.goto(f"{live_server}/new?lang={lang}")
        p.fill("input[name=credits]", "2")
        p.fill("input[name=by]", "Inside Job")
        name = p.locator("#rows-ice input[name=ice-name]").first
        name.fill("톨부스" if lang == "ko" else "Tollbooth")
        name.blur()
        expect(p.locator("#rows-ice input[name=ice-card]").first).to_have_value("tollbooth")
        expect(p.locator("#rows-ice .card-note").first).to_be_visible()
        shot = p.screenshot(full_page=False)
    finally:
        ctx.close()
    assert shot[:4] == b"\x89PNG" and len(shot) > 20_000
    save_screen(f"form-laptop-{lang}.png", shot)
