"""Issue 24, second pass: costs a player may decline, jack-out costs, "cannot be bypassed", Banner's
"cannot end the run" for an encounter, and Mirāju's jack out taken inside its ability."""

from __future__ import annotations

import pytest
import yaml
from helpers import texts

from judge.engine import run
from judge.scenario import load_scenario

RULESETS = ("ffg-rr", "nsg", "ffg-core")
BREAK = {"ffg-rr": "3.1", "nsg": "6.9.3b", "ffg-core": "3.1"}
SUBS = {"ffg-rr": "3.2", "nsg": "6.9.3d", "ffg-core": "3.2"}   # where subroutines resolve
ENDS = {"ffg-rr": "3.2", "nsg": "6.9.3e", "ffg-core": "3.2"}   # where "when the encounter ends" resolves
ENCOUNTER = {"ffg-rr": "3", "nsg": "6.9.3a", "ffg-core": "3"}
LATER = {"ffg-rr": "5.2", "nsg": "6.9.4c", "ffg-core": "4.2"}  # the jack-out decision after the last ice


def go(servers, actions=(), credits=5, cards=(), ruleset="ffg-rr", grip=None, server="HQ"):
    runner = {"credits": credits, "cards": list(cards), **({"grip": grip} if grip is not None else {})}
    doc = {"title": "t", "ruleset": ruleset, "run": {"server": server}, "runner": runner,
           "servers": servers, "actions": list(actions)}
    return run(load_scenario("t.yaml", text=yaml.safe_dump(doc, sort_keys=False)))


def hq(*ice):
    return {"HQ": {"ice": list(ice), "cards": [{"name": "Hedge Fund", "type": "operation"}]}}


def final(t):
    return t.states[-1][1]


def warned(t, words):
    return any(words in w.text(t.rs) for w in t.warnings)


# ---------------------------------------------------------------- "may pay" against "must pay, if able"
TOLL = {"name": "Toll Gate", "type": "ice", "subtypes": ["code gate"], "rezzed": True, "strength": 1,
        "subroutines": [{"text": "The Runner may pay 2 credits; if they do not, end the run",
                         "effect": {"pay": 2, "may": True, "otherwise": "end_run"}}]}


@pytest.mark.parametrize("rs", RULESETS)
def test_a_may_pay_is_paid_unless_declined(rs):
    paid = go(hq(TOLL), credits=5, ruleset=rs)
    assert paid.status == "successful" and final(paid).credits == 3
    declined = go(hq(TOLL), [{"at": SUBS[rs], "ice": "Toll Gate", "by": "runner", "decline": "Toll Gate"}],
                  credits=5, ruleset=rs)
    assert declined.status == "unsuccessful" and final(declined).credits == 5
    assert any("declines to pay 2" in x for x in texts(declined, "action"))


def test_a_must_pay_cannot_be_declined_and_ends_the_run_only_when_unpaid():
    must = dict(TOLL, subroutines=[{"text": "pay 2 if able, or end the run", "effect": {"pay": 2, "otherwise": "end_run"}}])
    t = go(hq(must), [{"at": "3.2", "ice": "Toll Gate", "by": "runner", "decline": "Toll Gate"}], credits=5)
    assert t.status == "successful" and final(t).credits == 3  # the decline changes nothing
    poor = go(hq(must), credits=1)
    assert poor.status == "unsuccessful" and final(poor).credits == 1


def test_a_may_pay_the_runner_cannot_afford_is_not_paid():
    t = go(hq(TOLL), credits=1)
    assert t.status == "unsuccessful" and final(t).credits == 1


# ---------------------------------------------------------------- jack-out costs
GAME = {"name": "Mind Gate", "type": "ice", "subtypes": ["code gate"], "rezzed": True, "strength": 1,
        "subroutines": [{"text": "later jack outs cost an installed card", "effect": {"jack_out_cost": "installed_card"}}]}
PROG = {"name": "Spare Program", "type": "program"}


@pytest.mark.parametrize("rs", RULESETS)
def test_a_jack_out_cost_is_paid_with_the_named_card(rs):
    t = go(hq(GAME, {"name": "Second", "type": "ice", "rezzed": True, "subroutines": []}),
           [{"at": LATER[rs], **({"ice": "Second"} if rs == "nsg" else {}), "by": "runner", "jack_out": True,
             "paying": "Spare Program"}], cards=(PROG,), ruleset=rs)
    assert t.status == "unsuccessful"
    assert "Spare Program" in final(t).removed
    assert any("pays an installed Runner card: Spare Program" in x for x in texts(t, "action"))


def test_without_the_card_to_pay_the_jack_out_does_not_happen():
    t = go(hq(GAME, {"name": "Second", "type": "ice", "rezzed": True, "subroutines": []}),
           [{"at": "5.2", "by": "runner", "jack_out": True}], cards=())
    assert t.status == "successful"  # no installed card: the Runner stays in and reaches HQ
    assert warned(t, "does not jack out: they cannot pay an installed Runner card")


def test_a_grip_cost_counts_the_grip_when_given():
    cost = dict(GAME, subroutines=[{"text": "a card from the grip", "effect": {"jack_out_cost": "grip_card"}}])
    second = {"name": "Second", "type": "ice", "rezzed": True, "subroutines": []}
    empty = go(hq(cost, second), [{"at": "5.2", "by": "runner", "jack_out": True}], grip=0)
    assert empty.status == "successful" and warned(empty, "cannot pay a card from the grip")
    one = go(hq(cost, second), [{"at": "5.2", "by": "runner", "jack_out": True}], grip=1)
    assert one.status == "unsuccessful" and final(one).sides.grip == 0


# ---------------------------------------------------------------- "cannot be bypassed", Banner
BYPASS = {"name": "Skip", "type": "event", "abilities": [{"when": "encountered", "effect": "bypass"}]}


@pytest.mark.parametrize("rs", RULESETS)
def test_ice_that_cannot_be_bypassed_is_encountered_in_full(rs):
    guard = {"name": "Guardian", "type": "ice", "subtypes": ["barrier"], "rezzed": True,
             "subroutines": ["End the run"], "abilities": [{"when": "static", "effect": {"forbid": "bypass"}}]}
    t = go(hq(guard), cards=(BYPASS,), ruleset=rs)
    assert t.status == "unsuccessful" and final(t).bypassed == ()
    assert warned(t, "Guardian is not bypassed")
    plain = go(hq(dict(guard, abilities=[])), cards=(BYPASS,), ruleset=rs)
    assert plain.status == "successful" and final(plain).bypassed == ("Guardian",)


def test_an_upgrade_keeps_the_ice_of_its_server_from_being_bypassed_only_while_rezzed():
    grid = {"name": "Grid", "type": "upgrade", "abilities": [{"when": "static", "effect": {"forbid": "bypass"}}]}
    wall = {"name": "Wall", "type": "ice", "subtypes": ["barrier"], "rezzed": True, "subroutines": ["End the run"]}
    servers = {"HQ": {"ice": [wall], "root": [dict(grid, rezzed=True)], "cards": []}}
    assert go(servers, cards=(BYPASS,)).status == "unsuccessful"
    servers = {"HQ": {"ice": [wall], "root": [dict(grid, rezzed=False)], "cards": []}}
    assert go(servers, cards=(BYPASS,)).status == "successful"


def test_a_bypass_forbidden_for_one_encounter_only():
    wall = {"name": "A", "type": "ice", "subtypes": ["barrier"], "rezzed": True, "subroutines": [],
            "abilities": [{"when": "encountered", "effect": {"forbid": "bypass", "until": "encounter_ends"}}]}
    later = {"name": "B", "type": "ice", "subtypes": ["barrier"], "rezzed": True, "subroutines": ["End the run"]}
    skip = {"name": "Skip", "type": "event", "abilities": [{"when": "encountered", "after": "A", "effect": "bypass"}]}
    t = go(hq(wall, later), cards=(skip,))
    assert final(t).bypassed == ("B",)  # A's forbid ended with its encounter
    assert t.status == "successful"


@pytest.mark.parametrize("rs", RULESETS)
def test_banner_keeps_a_barrier_from_ending_the_run_for_that_encounter_only(rs):
    wall = {"card": "ice_wall", "rezzed": True}
    t = go(hq(wall, {"card": "wall_of_static", "rezzed": True}), [{"at": BREAK[rs], "ice": "Ice Wall", "by": "runner", "use": "Banner"}],
           credits=4, cards=({"card": "banner"},), ruleset=rs)
    assert final(t).passed == ("Ice Wall",) and t.status == "unsuccessful"  # Wall of Static still ends it
    assert final(t).credits == 2 and final(t).broken_log == ()
    assert any("Banner keeps the subroutines of Ice Wall from ending the run" in x for x in texts(t, "action"))
    alone = go(hq(wall), [{"at": BREAK[rs], "ice": "Ice Wall", "by": "runner", "use": "Banner"}],
               credits=4, cards=({"card": "banner"},), ruleset=rs)
    assert alone.status == "successful"
    poor = go(hq(wall), [{"at": BREAK[rs], "ice": "Ice Wall", "by": "runner", "use": "Banner"}],
              credits=1, cards=({"card": "banner"},), ruleset=rs)
    assert poor.status == "unsuccessful"


# ---------------------------------------------------------------- Mirāju: the jack out it offers
def miraju_board():
    return {"HQ": {"ice": [{"card": "Mirāju", "rezzed": True}], "cards": [{"card": "hedge_fund"}]},
            "Archives": {"ice": [{"card": "ice_wall", "rezzed": True}]}}


@pytest.mark.parametrize("rs", RULESETS)
def test_miraju_jack_out_is_taken_inside_its_ability(rs):
    acts = [{"at": BREAK[rs], "ice": "Mirāju", "by": "runner", "break": "all"},
            {"at": ENDS[rs], "ice": "Mirāju", "by": "runner", "jack_out": True, "granted_by": "Mirāju"}]
    t = go(miraju_board(), acts, ruleset=rs)
    s = final(t)
    assert t.status == "unsuccessful" and s.server == "Archives"
    assert "Mirāju" not in s.rezzed             # the ability resolved completely: derezzed after the jack out
    if rs != "ffg-core":  # ffg-core's chart has no jack-out edge out of 3.2: step 2 is entered, then the run ends
        assert "Ice Wall" not in s.approached   # out before Archives' ice is approached
    acts_text = texts(t, "action")
    moved = next(i for i, x in enumerate(acts_text) if "moves to the outermost position of Archives" in x)
    out = next(i for i, x in enumerate(acts_text) if "jacks out" in x)
    derez = next(i for i, x in enumerate(acts_text) if "Mirāju is derezzed" in x)
    assert moved < out < derez
    assert not t.warnings


@pytest.mark.parametrize("rs", RULESETS)
def test_miraju_not_broken_offers_nothing_and_the_granted_jack_out_is_refused(rs):
    acts = [{"at": ENDS[rs], "ice": "Mirāju", "by": "runner", "jack_out": True, "granted_by": "Mirāju"}]
    t = go(miraju_board(), acts, ruleset=rs)
    assert t.status == "successful" and final(t).server == "HQ"
    assert warned(t, "no jack out was offered")


def test_miraju_jack_out_not_taken_goes_on_to_archives_ice():
    t = go(miraju_board(), [{"at": "3.1", "ice": "Mirāju", "by": "runner", "break": "all"}])
    assert "Ice Wall" in final(t).approached and t.status == "unsuccessful"
    assert any("the Runner does not take it" in x for x in texts(t, "action"))


# ---------------------------------------------------------------- breakers made exact: Tycoon, Banner's credits
def test_tycoon_gives_the_corp_two_only_for_the_encounter_it_broke_in():
    servers = hq({"card": "ice_wall", "rezzed": True}, {"card": "ice_wall", "id": "Inner Wall", "rezzed": True})
    doc = {"title": "t", "run": {"server": "HQ"}, "corp": {"credits": 1},
           "runner": {"credits": 5, "cards": [{"card": "tycoon"}]}, "servers": servers,
           "actions": [{"at": "3.1", "ice": "Ice Wall", "by": "runner", "break": "all", "with": "Tycoon"},
                       {"at": "3.1", "ice": "Inner Wall", "by": "runner", "break": "all"}]}
    t = run(load_scenario("t.yaml", text=yaml.safe_dump(doc, sort_keys=False)))
    assert t.status == "successful"
    assert final(t).corp_credits == 3 and final(t).credits == 4
    assert final(t).triggered == ("Tycoon: encounter_ends",)


def test_an_icebreakers_paid_ability_may_use_credits_for_icebreakers_but_not_more_than_there_are():
    cards = ({"card": "banner"}, {"card": "cyberfeeder"})
    wall = {"card": "ice_wall", "rezzed": True}
    use = [{"at": "3.1", "ice": "Ice Wall", "by": "runner", "use": "Banner"}]
    ok = go(hq(wall), use, credits=1, cards=cards)
    assert ok.status == "successful" and final(ok).credits == 0 and dict(final(ok).hosted).get("Cyberfeeder") == 0
    short = go(hq(wall), use, credits=0, cards=cards)
    assert short.status == "unsuccessful" and dict(final(short).hosted).get("Cyberfeeder") == 1


# ---------------------------------------------------------------- the explorer branches on a "may pay"
def test_the_explorer_offers_declining_a_may_pay_and_not_a_must_pay():
    from judge.analysis.explore import Lines, as_dict, explore

    def lines(sub):
        doc = {"title": "t", "run": {"server": "HQ"}, "runner": {"credits": 5},
               "servers": hq(dict(TOLL, subroutines=[sub]))}
        exp = explore(load_scenario("t.yaml", text=yaml.safe_dump(doc, sort_keys=False)))
        return as_dict(exp, Lines(exp))

    may = lines(TOLL["subroutines"][0])
    declines = [c for ln in may["lines"] for c in ln["choices"] if c["choice"] == "decline"]
    assert declines and declines[0]["card"] == "Toll Gate" and declines[0]["at"] == "3.2@Toll Gate"
    must = lines({"text": "pay 2 if able", "effect": {"pay": 2, "otherwise": "end_run"}})
    assert not [c for ln in must["lines"] for c in ln["choices"] if c["choice"] == "decline"]
    declined = [ln for ln in may["lines"] if any(c["choice"] == "decline" for c in ln["choices"])]
    assert [ln["outcome"] for ln in declined] == ["unsuccessful"]


def test_each_explored_line_says_what_each_side_spent():
    from judge.analysis.explore import Lines, as_dict, explore

    doc = {"title": "t", "run": {"server": "HQ"}, "corp": {"credits": 5}, "runner": {"credits": 5},
           "servers": hq(dict(TOLL, rezzed=False, rez_cost=3))}
    exp = explore(load_scenario("t.yaml", text=yaml.safe_dump(doc, sort_keys=False)))
    lines = as_dict(exp, Lines(exp))["lines"]
    def spent(*made):
        return {(ln["spent"]["runner"], ln["spent"]["corp"]) for ln in lines
                if all(any(c["choice"] == m for c in ln["choices"]) for m in made)}
    assert spent("rez", "decline") == {(0, 3)}
    assert spent("rez", "trigger") == {(2, 3)}       # rezzed for 3, the Runner paid the 2 they could decline
    assert spent("no_rez") == {(0, 0)}
    uncounted = explore(load_scenario("t.yaml", text=yaml.safe_dump({**doc, "corp": {}}, sort_keys=False)))
    assert {ln["spent"]["corp"] for ln in as_dict(uncounted, Lines(uncounted))["lines"]} == {None}


def test_cats_cradle_raises_a_code_gates_rez_cost_only_while_installed():
    def rez(credits, cards):
        doc = {"title": "t", "run": {"server": "HQ"}, "corp": {"credits": credits}, "runner": {"cards": list(cards)},
               "servers": hq({"card": "enigma"}), "actions": [{"at": "2.3", "ice": "Enigma", "by": "corp", "rez": "Enigma"}]}
        return run(load_scenario("t.yaml", text=yaml.safe_dump(doc, sort_keys=False)))
    four = rez(4, [{"card": "cats_cradle"}])
    assert "Enigma" in final(four).rezzed and final(four).corp_credits == 0
    assert any("rez cost of Enigma changes by +1" in x for x in texts(four, "action"))
    three = rez(3, [{"card": "cats_cradle"}])
    assert "Enigma" not in final(three).rezzed and final(three).corp_credits == 3
    alone = rez(3, [])
    assert "Enigma" in final(alone).rezzed and final(alone).corp_credits == 0


def test_a_rez_cost_change_resolved_as_an_effect_does_nothing_and_says_so():
    t = go(hq({"name": "W", "type": "ice", "rezzed": True, "subroutines": [{"text": "x", "effect": {"rez_cost": 2}}]}))
    assert warned(t, "works only in a static ability")


# ---------------------------------------------------------------- the stepper shows strength
BREAK_WALL = """\
title: Corroder on a strong wall
run: {server: HQ}
runner: {credits: 9, cards: [{card: corroder}]}
servers:
  HQ:
    ice: [{card: ice_wall, rezzed: true, strength: 4}]
    cards: [{card: hedge_fund}]
actions:
  - {at: "3.1", ice: Ice Wall, by: runner, break: all, with: Corroder}
"""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_stepper_shows_the_strength_of_the_ice_and_the_breaker_at_each_step(client, lang):
    import re
    sid = client.post("/api/scenarios", data=BREAK_WALL, headers={"Content-Type": "application/yaml"}).get_json()["id"]
    html = client.get(f"/s/{sid}?lang={lang}").get_data(as_text=True)
    shown = re.findall(r'<p class="strengths">([^<]*)</p>', html)
    word = "Strength after this step: " if lang == "en" else "이 단계 후 강도: "
    assert shown and all(s.startswith(word) for s in shown)
    breaker = "Corroder" if lang == "en" else "부식제"   # a Korean page names cards by their Korean titles
    assert any(s.endswith(f" 4, {breaker} 4") for s in shown)   # pumped at 3.1, for the encounter
    assert any(s.endswith(f" 4, {breaker} 2") for s in shown)   # before it, and once the encounter is over
    assert shown[-1].endswith(f": {breaker} 2")                # no ice at the end of the run


BREAK_TWO_RUNS = """\
title: Corroder on a strong wall, twice in a turn
runner: {credits: 9, cards: [{card: corroder}]}
servers:
  HQ:
    ice: [{card: ice_wall, rezzed: true, strength: 4}]
    cards: [{card: hedge_fund}]
  R&D:
    ice: [{card: ice_wall, id: Wall Two, rezzed: true, strength: 3}]
runs:
  - server: HQ
    actions: [{at: "3.1", ice: Ice Wall, by: runner, break: all, with: Corroder}]
  - server: R&D
    actions: [{at: "3.1", ice: Wall Two, by: runner, break: all, with: Corroder}]
"""


def test_the_stepper_shows_strengths_in_every_run_of_a_turn(client):
    import re
    sid = client.post("/api/scenarios", data=BREAK_TWO_RUNS, headers={"Content-Type": "application/yaml"}).get_json()["id"]
    html = client.get(f"/s/{sid}").get_data(as_text=True)
    shown = re.findall(r'<p class="strengths">([^<]*)</p>', html)
    assert any(s.endswith("Ice Wall 4, Corroder 4") for s in shown)   # the first run's encounter
    assert any(s.endswith("Wall Two 3, Corroder 3") for s in shown)   # the second run's, pumped again
    assert any(s.endswith("Wall Two 3, Corroder 2") for s in shown)   # the pump lasted one encounter
