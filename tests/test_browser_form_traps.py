"""The form's traps in a real browser: a pay without its answer, an action row without its step,
and subroutine text the judge cannot read each come back as a message next to the field."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def _start(page, base: str) -> None:
    page.goto(f"{base}/new")
    page.fill("input[name=title]", "Traps of the form")
    page.locator("#rows-ice input[name=ice-name]").nth(0).fill("Toll Gate")
    page.locator("#rows-ice textarea[name=ice-subs]").nth(0).fill("End the run")


def test_a_pay_without_what_happens_if_unpaid_is_asked_for_and_the_answer_runs(page, live_server):
    _start(page, live_server)
    card = page.locator("#rows-card li.row").nth(0)
    card.locator("input[name=card-name]").fill("Toll Gate")
    card.locator("select[name=card-place]").select_option("ice")
    card.locator("select[name=card-when]").select_option("encountered")
    card.locator("select[name=card-effect]").select_option("pay")
    card.locator("input[name=card-value]").fill("3")
    page.fill("input[name=credits]", "2")
    page.click("button.primary[value=run_form]")

    assert "If the Runner cannot pay 3, what happens?" in page.inner_text("#err-card-0-value")
    page.locator("#rows-card select[name=card-otherwise]").nth(0).select_option("end_run")
    with page.expect_navigation():
        page.click("button.primary[value=run_form]")
    assert re.search(r"/s/[0-9a-f]{16}$", page.url)
    assert "unsuccessful" in page.inner_text("main").lower()


def test_an_action_row_with_an_effect_and_no_step_is_an_error_next_to_the_row(page, live_server):
    _start(page, live_server)
    page.locator("#rows-act select[name=act-effect]").nth(0).select_option("jack_out")
    page.click("button.primary[value=run_form]")

    assert "This action has no step" in page.inner_text("#err-act-0-at")
    assert page.locator("#rows-act select[name=act-effect]").nth(0).input_value() == "jack_out"


def test_text_the_judge_cannot_read_is_a_question_next_to_the_field(page, live_server):
    _start(page, live_server)
    page.locator("#rows-ice textarea[name=ice-subs]").nth(0).fill("End the run if the Runner is tagged.")
    page.click("button.primary[value=run_form]")

    assert "End the run if the Runner is tagged." in page.inner_text("#ask-ice-0-subs")
    with page.expect_navigation():
        page.click("button[value=run_form_anyway]")
    assert "ending the run in a way the judge does not read" in page.inner_text("main")


def test_a_misspelt_card_is_named_on_leaving_the_field_and_no_run_is_shown_until_confirmed(page, live_server):
    page.goto(f"{live_server}/new")
    name = page.locator("#rows-ice input[name=ice-name]").nth(0)
    name.fill("Tolbooth")
    name.press("Tab")  # leaving the field asks the server whether it is a card

    note = page.locator("#rows-ice .near-card").nth(0)
    note.wait_for()
    assert "'Tolbooth' is not a card — did you mean Tollbooth?" in note.inner_text()
    page.click("button.primary[value=run_form]")  # submitting anyway: refused, no run shown
    page.wait_for_load_state()
    assert page.url.endswith("/new") and page.locator("section.position").count() == 0
    assert "did you mean Tollbooth?" in page.inner_text("#err-ice-0-name")

    page.locator("#rows-ice button.take").nth(0).click()  # one tap takes the card
    assert page.locator("#rows-ice input[name=ice-name]").nth(0).input_value() == "Tollbooth"
    with page.expect_navigation():
        page.click("button.primary[value=run_form]")
    assert re.search(r"/s/[0-9a-f]{16}$", page.url)
    assert "Tollbooth" in page.inner_text("main")


def test_a_runner_card_row_offers_rezzed_only_when_it_is_a_corp_card(page, live_server):
    page.goto(f"{live_server}/new")
    row = page.locator("#rows-card li.row").nth(0)
    assert not row.locator("label.c-rezzed").is_visible()
    row.locator("select[name=card-place]").select_option("corp")
    assert row.locator("label.c-rezzed").is_visible()


def test_a_break_offers_the_ices_subroutines_as_boxes_to_tick(page, live_server):
    page.goto(f"{live_server}/new")
    page.locator("#rows-ice input[name=ice-name]").nth(0).fill("Ice X")
    page.locator("#rows-ice textarea[name=ice-subs]").nth(0).fill("The Runner loses 1 credit\nEnd the run")
    act = page.locator("#rows-act li.row").nth(0)
    act.locator("select[name=act-at]").select_option("3.1")
    act.locator("input[name=act-ice]").fill("Ice X")
    act.locator("input[name=act-ice]").dispatch_event("change")
    act.locator("select[name=act-effect]").select_option("break")

    boxes = act.locator(".sub-broken input[type=checkbox]")
    assert boxes.count() == 2 and "2. End the run" in act.locator(".sub-broken").inner_text()
    boxes.nth(1).check()
    assert act.locator("input[name=act-value]").input_value() == "2"
    with page.expect_navigation():
        page.click("button.primary[value=run_form]")
    assert "Subroutine 2 is broken: End the run" in page.inner_text("main")


def test_which_subroutines_resolve_are_boxes_too_and_untick_the_broken_ones(page, live_server):
    page.goto(f"{live_server}/new")
    page.locator("#rows-ice input[name=ice-name]").nth(0).fill("Ice X")
    page.locator("#rows-ice textarea[name=ice-subs]").nth(0).fill("The Runner loses 1 credit\nEnd the run")
    act = page.locator("#rows-act li.row").nth(0)
    act.locator("select[name=act-at]").select_option("3.1")
    act.locator("input[name=act-ice]").fill("Ice X")
    act.locator("input[name=act-ice]").dispatch_event("change")
    act.locator("select[name=act-effect]").select_option("break")

    resolve = act.locator(".sub-resolve")
    assert "Which subroutines resolve" in resolve.inner_text() and "2. End the run" in resolve.inner_text()
    assert [b.is_checked() for b in resolve.locator("input").all()] == [True, True]  # nothing broken yet
    resolve.locator("input").nth(1).uncheck()  # the judge says: only the first resolves
    assert act.locator("input[name=act-value]").input_value() == "2"
    assert act.locator(".sub-broken input").nth(1).is_checked()
    act.locator(".sub-broken input").nth(0).check()  # breaking the first: it no longer resolves
    assert not resolve.locator("input").nth(0).is_checked()
    assert act.locator("input[name=act-value]").input_value() == "1, 2"
    act.locator(".sub-broken input").nth(0).uncheck()
    with page.expect_navigation():
        page.click("button.primary[value=run_form]")
    main = page.inner_text("main")
    assert "Subroutine 2 is broken: End the run" in main and "Subroutine 1 resolves" in main


def test_a_korean_form_offers_a_real_ices_subroutines_in_korean(page, live_server):
    page.goto(f"{live_server}/new?lang=ko")
    ice = page.locator("#rows-ice li.row").nth(0)
    ice.locator("input[name=ice-name]").fill("에니그마")
    ice.locator("input[name=ice-name]").dispatch_event("change")
    expect(ice.locator("textarea[name=ice-subs]")).to_have_value(re.compile("런 종료"))  # filled from the card
    act = page.locator("#rows-act li.row").nth(0)
    act.locator("select[name=act-at]").select_option("3.1")
    act.locator("input[name=act-ice]").fill("에니그마")
    act.locator("input[name=act-ice]").dispatch_event("change")
    act.locator("select[name=act-effect]").select_option("break")

    broken, resolve = act.locator(".sub-broken").inner_text(), act.locator(".sub-resolve").inner_text()
    assert "깨는 서브루틴" in broken and "발휘되는 서브루틴" in resolve
    assert "2. 런 종료" in broken and "2. 런 종료" in resolve and "End the run" not in broken + resolve


def test_a_title_spelled_by_ear_gets_the_nearest_titles_in_the_suggestions(page, live_server):
    page.goto(f"{live_server}/new?lang=ko")
    name = page.locator("#rows-card input[name=card-name]").nth(0)
    name.fill("크라이시엄")
    options = page.locator("#cards-card option")
    expect(options.first).to_have_attribute("value", "크리지움 그리드")
    assert "“크라이시엄”에 가장 가까운 이름" in options.first.get_attribute("label")
    assert options.count() == 5


def test_break_with_shows_on_a_break_and_offers_only_the_runners_breakers(page, live_server):
    _start(page, live_server)
    page.locator("#rows-ice input[name=ice-name]").nth(0).fill("Ice Wall")
    page.locator("#rows-ice textarea[name=ice-subs]").nth(0).fill("")
    rows = page.locator("#rows-card li.row")
    rows.nth(0).locator("input[name=card-name]").fill("Corroder")
    rows.nth(0).locator("input[name=card-name]").press("Tab")
    expect(rows.nth(0).locator("input[name=card-card]")).to_have_value("corroder")
    act = page.locator("#rows-act li.row").nth(0)
    with_field = act.locator("input[name=act-with]")
    expect(with_field).to_be_hidden()

    act.locator("select[name=act-effect]").select_option("break")
    expect(with_field).to_be_visible()
    with_field.focus()
    offered = page.eval_on_selector_all("#breakers option", "os => os.map(o => o.value)")
    assert offered == ["Corroder"]
