"""Breaking beyond the plain icebreaker (issue 24, judge/engine/breaking.py): counters spent per
break, counter-placing, stealth-only and grip-costing pumps, exact-strength and host-only breakers,
chosen subtypes, install-turn breaks, discounts, a subtype gained for an encounter, interface
abilities that are not breaks, "this card fully broke that ice", and strength counted on the board."""

from __future__ import annotations

import pytest
import yaml
from helpers import texts

from judge.engine import run
from judge.engine.breaking import discounted
from judge.errors import ScenarioError
from judge.scenario import load_scenario
from judge.scenario.encounter import BreakAbility, Breaker, Pump

RULESETS = ("ffg-rr", "nsg", "ffg-core")
BREAK = {"ffg-rr": "3.1", "nsg": "6.9.3b", "ffg-core": "3.1"}
ENCOUNTER = {"ffg-rr": "3", "nsg": "6.9.3a", "ffg-core": "3"}


def breaker(name="Tester", strength=2, subtypes=("icebreaker",), **data):
    return {"name": name, "type": "program", "subtypes": list(subtypes), "strength": strength, "breaker": data}


def ice(name="Wall", kind="barrier", strength=2, subs=2, **kw):
    return {"name": name, "type": "ice", "subtypes": [kind], "strength": strength, "rezzed": True,
            "subroutines": ["End the run"] * subs, **kw}


def go(ices, actions, cards, credits=5, ruleset="ffg-rr", **runner):
    doc = {"title": "t", "ruleset": ruleset, "run": {"server": "HQ"},
           "runner": {"credits": credits, "cards": list(cards), **runner},
           "servers": {"HQ": {"ice": list(ices), "cards": [{"name": "Hedge Fund", "type": "operation"}]}},
           "actions": list(actions)}
    return run(load_scenario("t.yaml", text=yaml.safe_dump(doc, sort_keys=False)))


def brk(ice_name, by="Tester", rs="ffg-rr", subs="all"):
    return {"at": BREAK[rs], "ice": ice_name, "by": "runner", "break": subs, "with": by}


def end(t):
    return t.states[-1][1]


def counters(t, card):
    return dict(next((k for c, k in end(t).sides.counters if c == card), ()))


# ---------------------------------------------------------------- counters and the grip as costs
@pytest.mark.parametrize("rs", RULESETS)
def test_a_break_that_spends_a_counter_per_use_spends_them_and_no_credit(rs):
    gow = dict(breaker(**{"break": [{"subtypes": "any", "subs": 1, "cost": 0, "counter": "virus"}]}),
               counters={"virus": 3})
    t = go([ice()], [brk("Wall", rs=rs)], [gow], ruleset=rs)
    assert t.status == "successful" and end(t).credits == 5
    assert counters(t, "Tester") == {"virus": 1}


def test_too_few_counters_break_nothing_and_counters_not_given_are_taken_as_there():
    data = {"break": [{"subtypes": "any", "subs": 1, "cost": 0, "counter": "virus"}]}
    short = dict(breaker(**data), counters={"virus": 1})
    t = go([ice()], [brk("Wall")], [short])
    assert t.status == "unsuccessful" and end(t).broken_log == ()
    assert any("needs 2 virus counter(s)" in w for w in texts(t, "warning"))
    t = go([ice()], [brk("Wall")], [breaker(**data)])
    assert t.status == "successful"
    assert any("virus counters on Tester are not given" in w for w in texts(t, "warning"))


def test_a_pump_that_places_counters_raises_strength_through_them_for_the_rest_of_the_run():
    card = dict(breaker(strength=0, **{"break": [{"subtypes": ["barrier"], "subs": 2, "cost": 0}],
                                      "pump": [{"strength": 1, "cost": 1, "places": "power"}]}),
                counters={"power": 1}, strength_plus={"count": "power_counters"})
    t = go([ice("Outer", strength=3), ice("Inner", strength=3)], [brk("Outer"), brk("Inner")], [card])
    assert t.status == "successful"
    assert end(t).credits == 3 and counters(t, "Tester") == {"power": 3}  # 2 placed once, kept for Inner


def test_a_pump_costing_grip_cards_trashes_them_and_an_empty_grip_cannot_pay():
    data = {"break": [{"subtypes": "any", "subs": 0, "cost": 0}], "pump": [{"strength": 3, "cost": 0, "grip": 1}]}
    t = go([ice(strength=4)], [brk("Wall")], [breaker(strength=0, **data)], grip=3)
    assert t.status == "successful" and end(t).sides.grip == 1
    t = go([ice(strength=4)], [brk("Wall")], [breaker(strength=0, **data)], grip=1)
    assert t.status == "unsuccessful" and end(t).sides.grip == 1
    assert any("needs 2 card(s) from the grip" in w for w in texts(t, "warning"))


# ---------------------------------------------------------------- stealth credits
STEALTH = {"name": "Pouch", "type": "hardware", "subtypes": ["stealth"], "credits": 2, "credits_for": "icebreakers"}
PLAIN = {"name": "Feeder", "type": "hardware", "credits": 2, "credits_for": "icebreakers"}


def test_a_stealth_pump_is_paid_only_from_stealth_cards():
    data = {"break": [{"subtypes": ["sentry"], "subs": 2, "cost": 1}], "pump": [{"strength": 2, "cost": 1, "stealth": True}]}
    t = go([ice("S", "sentry", strength=4)], [brk("S")], [breaker(**data), STEALTH])
    assert t.status == "successful" and end(t).credits == 5 and dict(end(t).hosted) == {"Pouch": 0}
    t = go([ice("S", "sentry", strength=4)], [brk("S")], [breaker(**data), PLAIN], credits=10)
    assert t.status == "unsuccessful" and end(t).credits == 10
    assert any("from stealth cards" in w for w in texts(t, "warning"))


def test_a_payment_marked_stealth_takes_credits_only_from_stealth_cards():
    bypass = {"when": "encountered", "optional": True, "cost": {"pay": 2, "from": "stealth"}, "effect": "bypass"}
    card = dict(breaker(), abilities=[bypass])
    t = go([ice()], [], [card, STEALTH])
    assert t.status == "successful" and end(t).credits == 5
    t = go([ice()], [], [card, PLAIN])
    assert t.status == "unsuccessful" and end(t).credits == 5


# ---------------------------------------------------------------- who may be broken
def test_an_exact_strength_breaker_breaks_only_ice_of_its_strength():
    data = {"break": [{"subtypes": "any", "subs": 1, "cost": 1}], "equal_strength": True}
    assert go([ice(strength=2)], [brk("Wall")], [breaker(**data)]).status == "successful"
    t = go([ice(strength=1)], [brk("Wall")], [breaker(**data)])
    assert t.status == "unsuccessful" and any("exactly its strength" in w for w in texts(t, "warning"))


def test_a_host_only_breaker_breaks_its_host_and_can_move_onto_the_encountered_ice():
    data = {"break": [{"subtypes": ["sentry"], "subs": 2, "cost": 1}], "host_only": True}
    move = {"when": "paid", "cost": {"pay": 2}, "effect": {"host_on": "that ice"}}
    card = dict(breaker(**data), chosen="Other", abilities=[move])
    other = ice("Other", "sentry", strength=0, subs=1, rezzed=False)
    t = go([other, ice("S", "sentry")], [brk("S")], [card])
    assert t.status == "unsuccessful" and any("hosted on (Other)" in w for w in texts(t, "warning"))
    act = {"at": "3.1", "ice": "S", "by": "runner", "effect": [{"use": "Tester"}, {"break": "all", "with": "Tester"}]}
    t = go([other, ice("S", "sentry")], [act], [card])
    assert t.status == "successful" and end(t).credits == 2 and end(t).hosts == (("Tester", "S"),)
    t = go([ice("S", "sentry")], [brk("S")], [breaker(**data)])  # no host written: the encountered ice
    assert t.status == "successful" and any("taken as its host" in w for w in texts(t, "warning"))


def test_a_chosen_subtype_and_a_break_of_the_install_turn():
    chosen = {"break": [{"subtypes": "chosen", "subs": 1, "cost": 1}]}
    assert go([ice()], [brk("Wall")], [dict(breaker(**chosen), chosen="barrier")]).status == "successful"
    assert go([ice()], [brk("Wall")], [dict(breaker(**chosen), chosen="sentry")]).status == "unsuccessful"
    free = {"break": [{"subtypes": ["barrier"], "subs": 1, "cost": 0, "install_turn": True},
                      {"subtypes": ["barrier"], "subs": 1, "cost": 2}]}
    assert end(go([ice()], [brk("Wall")], [dict(breaker(**free), installed_this_turn=True)])).credits == 5
    assert end(go([ice()], [brk("Wall")], [breaker(**free)])).credits == 1


def test_a_discount_applies_to_every_ability_while_its_condition_holds():
    br = Breaker(breaks=(BreakAbility(("sentry",), 2, 2),), pumps=(Pump(3, 3), Pump(1, 0)), discount=1)
    assert [b.cost for b in discounted(br).breaks] == [1] and [p.cost for p in discounted(br).pumps] == [2, 0]
    data = {"break": [{"subtypes": ["barrier"], "subs": 2, "cost": 2}], "discount": {"by": 1, "if": {"trashed_own": True}}}
    assert end(go([ice()], [brk("Wall")], [breaker(**data)])).credits == 3
    assert end(go([ice()], [brk("Wall")], [dict(breaker(**data), trashed_own_this_turn=True)])).credits == 4


# ---------------------------------------------------------------- the encounter's own words
@pytest.mark.parametrize("rs", RULESETS)
def test_a_subtype_gained_for_the_encounter_lets_a_breaker_interface_and_then_lapses(rs):
    gain = {"when": "encountered", "first": "turn", "if": {"not_ice_subtype": "code gate"}, "cost": {"pay": 2},
            "effect": {"gain_subtype": "code gate"}}
    card = dict(breaker(**{"break": [{"subtypes": ["code gate"], "subs": 1, "cost": 1}]}), abilities=[gain])
    t = go([ice("Outer", subs=1), ice("Inner", subs=1)], [brk("Outer", rs=rs), brk("Inner", rs=rs)], [card],
           ruleset=rs)
    assert end(t).broken_log == ("Outer 1",) and end(t).credits == 2  # once per turn: Inner stays a barrier
    assert any("is also a code gate" in x for x in texts(t, "action"))


def test_gaining_a_subtype_outside_an_encounter_is_a_warning():
    act = {"at": "2.1", "ice": "Wall", "by": "runner", "gain_subtype": "sentry"}
    t = go([ice()], [act], [breaker()])
    assert any("the encountered ice gains a subtype" in w for w in texts(t, "warning"))


@pytest.mark.parametrize("rs", RULESETS)
def test_an_interface_ability_raises_strength_then_pays_all_or_nothing(rs):
    derez = {"when": "paid", "if": {"ice_subtype": "sentry"}, "cost": {"interface": 6}, "effect": {"derez": "that ice"}}
    card = dict(breaker(strength=0, pump=[{"strength": 1, "cost": 1}]), abilities=[derez])
    use = {"at": BREAK[rs], "ice": "S", "by": "runner", "use": "Tester"}
    t = go([ice("S", "sentry", subs=1)], [use], [card], credits=8, ruleset=rs)
    assert t.status == "successful" and end(t).credits == 0
    t = go([ice("S", "sentry", subs=1)], [use], [card], credits=7, ruleset=rs)
    assert t.status == "unsuccessful" and end(t).credits == 7


def test_fully_broke_with_this_needs_every_subroutine_broken_with_that_card():
    gain = {"when": "fully_broken", "if": {"fully_broke_with_this": True}, "effect": {"gain": 2}}
    card = dict(breaker(**{"break": [{"subtypes": ["barrier"], "subs": 1, "cost": 1}]}), abilities=[gain])
    assert end(go([ice()], [brk("Wall")], [card])).credits == 5
    mixed = [brk("Wall", subs=[1]), {"at": "3.1", "ice": "Wall", "by": "runner", "break": [2]}]
    assert end(go([ice()], mixed, [card])).credits == 4


def test_an_ability_limited_to_the_chosen_ice_and_its_default():
    bypass = {"when": "encountered", "ice": "chosen", "effect": "bypass"}
    card = dict(breaker(), abilities=[bypass], chosen="Inner")
    t = go([ice("Outer", subs=0), ice("Inner")], [], [card])
    assert list(end(t).bypassed) == ["Inner"] and t.status == "successful"
    t = go([ice("Outer")], [], [dict(breaker(), abilities=[bypass])])
    assert list(end(t).bypassed) == ["Outer"] and any("offered at every ice" in w for w in texts(t, "warning"))
    with pytest.raises(ScenarioError):
        go([ice("Outer")], [], [dict(breaker(), abilities=[bypass], chosen="Nowhere")])


# ---------------------------------------------------------------- strength counted on the board
def test_strength_counted_on_the_grip_core_damage_and_the_install_turn():
    data = {"break": [{"subtypes": ["barrier"], "subs": 0, "cost": 1}]}
    cradle = dict(breaker(strength=5, **data), strength_plus={"count": "grip", "times": -1})
    assert go([ice(strength=2)], [brk("Wall")], [cradle], grip=3).status == "successful"
    assert go([ice(strength=2)], [brk("Wall")], [cradle], grip=4).status == "unsuccessful"
    gauss = dict(breaker(strength=1, **data), strength_plus={"count": "installed_this_turn", "times": 3})
    assert go([ice(strength=4)], [brk("Wall")], [dict(gauss, installed_this_turn=True)]).status == "successful"
    assert go([ice(strength=4)], [brk("Wall")], [gauss]).status == "unsuccessful"
    begemot = dict(breaker(strength=2, **data), strength_plus={"count": "core_damage"})
    spike = ice("Spike", "sentry", strength=0, subs=0, subroutines=[{"text": "Do 2 core damage", "effect": {"core_damage": 2}}])
    assert go([spike, ice(strength=4)], [brk("Wall")], [begemot], grip=5).status == "successful"


def test_trashed_counts_the_accessed_cards_the_runner_trashed():
    counter = {"when": "run_ends", "if": {"trashed": True}, "effect": {"place_counters": {"virus": {"count": "trashed"}}}}
    card = dict(breaker(), abilities=[counter], counters={"virus": 0})
    doc = {"title": "t", "run": {"server": "Server 1"}, "runner": {"credits": 9, "cards": [card]},
           "servers": {"Server 1": {"cards": [{"name": "Asset A", "type": "asset", "trash_cost": 1},
                                             {"name": "Asset B", "type": "asset", "trash_cost": 1}]}},
           "actions": [{"at": "5.5", "by": "runner", "trash": "Asset A"}, {"at": "5.5", "by": "runner", "trash": "Asset B"}]}
    t = run(load_scenario("t.yaml", text=yaml.safe_dump(doc, sort_keys=False)))
    assert counters(t, "Tester") == {"virus": 2}


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(("data", "where"), [
    ({"break": [{"subtypes": "any", "cost": 0, "counter": "gold"}]}, "counter"),
    ({"pump": [{"strength": 1, "cost": 1, "grip": -1}]}, "grip"),
    ({"discount": {"by": 1}}, "discount"),
    ({"discount": {"by": 1, "if": {"no_such_condition": True}}}, "no_such_condition"),
    ({"break": [{"subtypes": "any", "cost": 0, "install_turn": "yes"}]}, "install_turn"),
])
def test_a_malformed_breaker_addition_is_one_clear_error(data, where):
    with pytest.raises(ScenarioError, match=where):
        go([ice()], [], [breaker(**data)])


def test_a_once_per_turn_may_pay_ability_left_unpaid_is_offered_again():
    gain = {"when": "encountered", "first": "turn", "optional": True, "if": {"not_ice_subtype": "code gate"},
            "cost": {"pay": 2}, "effect": {"gain_subtype": "code gate"}}
    card = dict(breaker(**{"break": [{"subtypes": ["code gate"], "subs": 1, "cost": 1}]}), abilities=[gain])
    acts = [{"at": "3.1", "ice": "Outer", "by": "runner", "effect": [{"gain": 5}, {"break": "all"}]},
            brk("Inner")]
    t = go([ice("Outer", subs=1), ice("Inner", subs=1)], acts, [card], credits=1)
    assert t.status == "successful" and end(t).credits == 3  # 1 + 5, then 2 for the subtype and 1 for the break
    assert any("is also a code gate" in x for x in texts(t, "action"))


@pytest.mark.parametrize("rs", RULESETS)
def test_the_moment_an_accessed_card_is_trashed_fires_once_per_card(rs):
    counter = {"when": "trashed_accessed", "effect": {"place_counters": {"virus": 1}}}
    card = dict(breaker(), abilities=[counter], counters={"virus": 0})
    at = {"ffg-rr": "5.5", "nsg": "6.9.5b", "ffg-core": "4.5"}[rs]
    doc = {"title": "t", "ruleset": rs, "run": {"server": "Server 1"}, "runner": {"credits": 9, "cards": [card]},
           "servers": {"Server 1": {"cards": [{"name": "Asset A", "type": "asset", "trash_cost": 1},
                                             {"name": "Asset B", "type": "asset", "trash_cost": 1}]}},
           "actions": [{"at": at, "by": "runner", "trash": "Asset A"}]}
    t = run(load_scenario("t.yaml", text=yaml.safe_dump(doc, sort_keys=False)))
    assert counters(t, "Tester") == {"virus": 1} and end(t).triggered == ("Tester: trashed_accessed",)


@pytest.mark.parametrize(("card", "lang", "words"), [
    ("chameleon", "en", "the subtype it chose"),
    ("god_of_war", "en", "and 1 virus counter of its own"),
    ("hyperbaric", "en", "as power counter(s) placed on it"),
    ("afterimage", "en", "paid only with credits of stealth cards"),
    ("audrey_v2", "en", "also trashes 1 card(s) from the grip per use"),
    ("atman", "en", "only ice of exactly its strength"),
    ("ika", "en", "only the ice it is hosted on"),
    ("euler", "en", "only in the turn it was installed"),
    ("boi_tata", "ko", "능력마다 1 크레딧 할인"),
])
def test_cards_show_says_what_the_breaker_data_means(card, lang, words):
    from click.testing import CliRunner

    from judge.cli.catalogue import cards

    r = CliRunner().invoke(cards, ["show", card, "--lang", lang], catch_exceptions=False)
    assert r.exit_code == 0 and words in r.stdout


def test_encountering_holds_only_while_a_piece_of_ice_is_encountered():
    trash_bypass = {"when": "paid", "if": {"encountering": True}, "cost": {"trash": "this"}, "effect": "bypass"}
    card = dict(breaker(), abilities=[trash_bypass])
    early = {"at": "2.1", "ice": "Wall", "by": "runner", "use": "Tester"}
    t = go([ice()], [early], [card])
    assert t.status == "unsuccessful" and "Tester" not in end(t).removed
    now = {"at": "3.1", "ice": "Wall", "by": "runner", "use": "Tester"}
    t = go([ice()], [now], [card])
    assert t.status == "successful" and "Tester" in end(t).removed and list(end(t).bypassed) == ["Wall"]


def test_only_the_runner_trashing_their_own_card_counts_as_trashed_own():
    data = {"break": [{"subtypes": ["barrier"], "subs": 2, "cost": 2}], "discount": {"by": 1, "if": {"trashed_own": True}}}
    spare = {"name": "Spare", "type": "hardware",
             "abilities": [{"when": "paid", "cost": {"trash": "this"}, "effect": {"note": "spent"}}]}
    mine = {"at": "3.1", "ice": "Wall", "by": "runner", "effect": [{"use": "Spare"}, {"break": "all", "with": "Tester"}]}
    assert end(go([ice()], [mine], [breaker(**data), spare])).credits == 4
    corp_sub = {"text": "Trash a card", "effect": {"trash": "Spare"}}
    outer = ice("Outer", subs=0, subroutines=[corp_sub])
    t = go([outer, ice()], [brk("Wall")], [breaker(**data), spare])
    assert "Spare" in end(t).removed and end(t).credits == 3  # the Corp trashed it: no discount


@pytest.mark.parametrize("rs", RULESETS)
def test_the_end_of_each_breach_is_a_moment_and_knows_what_that_breach_took(rs):
    counter = {"when": "breach_ends", "if": {"breach_took_nothing": True}, "effect": {"place_counters": {"virus": 1}}}
    card = dict(breaker(), abilities=[counter], counters={"virus": 0})
    doc = {"title": "t", "ruleset": rs, "run": {"server": "Archives", "by": "Divide and Conquer"},
           "runner": {"cards": [card, {"card": "divide_and_conquer"}]},
           "servers": {"Archives": {"cards": [{"name": "Old Agenda", "type": "agenda", "points": 1}]},
                       "HQ": {"cards": [{"name": "Hand Card", "type": "operation"}]},
                       "R&D": {"cards": [{"name": "Top Card", "type": "operation"}]}}}
    t = run(load_scenario("t.yaml", text=yaml.safe_dump(doc, sort_keys=False)))
    assert end(t).stolen == ("Old Agenda",)
    assert counters(t, "Tester") == {"virus": 2}  # HQ's and R&D's breaches took nothing; Archives' did
    assert end(t).triggered.count("Tester: breach_ends") == 2


# ---------------------------------------------------------------- not icebreakers: any strength, N counters a use
@pytest.mark.parametrize("rs", RULESETS)
def test_a_break_spending_two_counters_a_use_takes_two_per_use(rs):
    data = {"any_strength": True, "break": [{"subtypes": "any", "subs": 2, "cost": 0, "counter": "power", "counters": 2}]}
    card = {"name": "Tester", "type": "hardware", "breaker": data, "counters": {"power": 4}}
    t = go([ice(subs=3, strength=9)], [brk("Wall", rs=rs)], [card], ruleset=rs)
    assert t.status == "successful" and counters(t, "Tester").get("power", 0) == 0 and end(t).credits == 5
    short = dict(card, counters={"power": 3})  # one use only: two of the three subroutines
    t = go([ice(subs=3, strength=9)], [brk("Wall", rs=rs)], [short], ruleset=rs)
    assert t.status == "unsuccessful" and end(t).broken_log == () and counters(t, "Tester") == {"power": 3}


def test_any_strength_ignores_the_ice_strength_and_without_it_the_strength_is_needed():
    data = {"break": [{"subtypes": "any", "subs": 2, "cost": 0}]}
    t = go([ice(strength=9)], [brk("Wall")], [{"name": "Tester", "type": "hardware", "breaker": data}])
    assert t.status == "unsuccessful" and end(t).broken_log == ()
    t = go([ice(strength=9)], [brk("Wall")], [{"name": "Tester", "type": "hardware", "breaker": dict(data, any_strength=True)}])
    assert t.status == "successful"


def test_counters_without_counter_is_refused():
    data = {"break": [{"subtypes": "any", "subs": 2, "cost": 0, "counters": 2}]}
    with pytest.raises(ScenarioError, match="counter"):
        go([ice()], [brk("Wall")], [breaker(**data)])
