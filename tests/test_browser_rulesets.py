"""The reader's rule set, the form's step list, deciding under NSG and the rule-set switch, in a
real browser (Debian's Chromium)."""

from __future__ import annotations

from browser_helpers import click_step, save, visible_occ
from test_web_compare import PLAIN_JACK_OUT
from test_web_decide_rulesets import OPEN


def ready(page) -> None:
    page.wait_for_selector("body[data-ready='1']")


def test_the_chosen_rule_set_is_remembered_and_is_the_default_of_a_new_situation(page, live_server):
    page.goto(f"{live_server}/examples?lang=en")
    assert page.get_attribute("#rs-pref [aria-current]", "data-prefer") == "ffg-rr"

    with page.expect_navigation():
        page.click("#rs-pref a[data-prefer=nsg]")
    assert page.get_attribute("#rs-pref [aria-current]", "data-prefer") == "nsg"

    page.goto(f"{live_server}/new")  # a later page, by the cookie alone
    assert page.get_attribute("#rs-pref [aria-current]", "data-prefer") == "nsg"
    assert page.input_value("select[name=ruleset]") == "nsg"
    steps = page.eval_on_selector_all("select[name=act-at] option", "os => os.map(o => o.value)")
    assert "6.9.4c" in steps and "2.2" not in steps


def test_the_form_step_list_follows_its_rule_set_and_carries_the_chosen_steps(page, live_server):
    page.goto(f"{live_server}/new?lang=en&prefer=ffg-rr")
    page.fill("input[name=ice-name]", "Enigma")
    page.click("button[data-op=add][data-kind=ice]")
    page.locator("input[name=ice-name]").nth(1).fill("Hunter")
    page.select_option("select[name=act-at]", "2.2")
    page.fill("input[name=act-ice]", "Hunter")
    page.select_option("select[name=act-effect]", "jack_out")
    assert not page.is_visible("#apply-rs")  # with the script, changing the select is enough

    with page.expect_navigation():
        page.select_option("select[name=ruleset]", "nsg")

    assert page.input_value("select[name=ruleset]") == "nsg"
    assert page.input_value("select[name=act-at]") == "6.9.4c"  # jack out before Hunter: after passing Enigma
    assert page.input_value("input[name=act-ice]") == "Enigma"
    assert page.locator(".field-error").count() == 0

    with page.expect_navigation():
        page.select_option("select[name=ruleset]", "ffg-rr")
    assert page.input_value("select[name=act-at]") == "2.2" and page.input_value("input[name=act-ice]") == "Hunter"


def test_deciding_here_under_nsg_makes_a_derived_situation_that_links_back(page, live_server):
    sid = save(live_server, OPEN)
    page.goto(f"{live_server}/s/{sid}?ruleset=nsg&lang=en")
    ready(page)
    click_step(page, "6.9.4c@Enigma")

    with page.expect_navigation():
        page.click("section.position:not([hidden]) form.choice-jack_out button")
    ready(page)

    assert visible_occ(page) == "6.9.4c@Enigma"
    assert "ruleset=nsg" in page.url
    assert page.inner_text("h1").endswith("the Runner jacks out at 6.9.4c@Enigma (NSG)")
    assert "unsuccessful" in page.inner_text(".outcome h2").lower()
    assert "by a decision: the Runner jacks out at 6.9.4c@Enigma (NSG)" in page.inner_text("#derived")

    with page.expect_navigation():
        page.click("#derived a")
    ready(page)
    assert f"/s/{sid}?" in page.url and visible_occ(page) == "6.9.4c@Enigma"


def test_the_rule_set_switch_lands_on_the_step_with_the_same_meaning(page, live_server):
    page.goto(f"{live_server}/s/{save(live_server, PLAIN_JACK_OUT)}?lang=en")
    ready(page)
    click_step(page, "2.2@Enigma")  # the Runner jacks out before the second ice

    with page.expect_navigation():
        page.click("#rs-switch a[data-ruleset=nsg]")
    ready(page)

    assert visible_occ(page) == "6.9.4c@Ice Wall"  # not NSG's rez window 6.9.2b@Enigma
    with page.expect_navigation():
        page.click("#rs-pref a[data-prefer=ffg-core]")  # the header keeps the moment too
    ready(page)
    assert visible_occ(page) == "2.2@Enigma"
    assert page.get_attribute("#rs-pref [aria-current]", "data-prefer") == "ffg-core"
