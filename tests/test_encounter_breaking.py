"""Issue 24, icebreakers-b: breaker abilities with costs and limits beyond credits (X credits,
counters, trash, once per run or encounter, conditions, the ice they may be used on, stealth
pumps, strength while conditions hold), the conditions they read, and Mass-Driver's
`skip_subroutines`. Invented breakers, so that each rule is tested on its own."""

from __future__ import annotations

import pytest
import yaml

from judge.engine import run, run_turn
from judge.errors import ScenarioError
from judge.scenario import load_scenario

RULESETS = ("ffg-rr", "nsg", "ffg-core")
BREAK = {"ffg-rr": "3.1", "nsg": "6.9.3b", "ffg-core": "3.1"}


def doc(servers, actions=(), credits=5, cards=(), ruleset="ffg-rr", server="HQ", **top):
    runner = {"credits": credits, "cards": list(cards), **top.pop("runner", {})}
    return {"title": "t", "ruleset": ruleset, "run": {"server": server}, "runner": runner,
            "servers": servers, "actions": list(actions), **top}


def go(*a, **k):
    return run(load_scenario("t.yaml", text=yaml.safe_dump(doc(*a, **k), sort_keys=False)))


def hq(*ice):
    return {"HQ": {"ice": list(ice), "cards": [{"name": "Hedge Fund", "type": "operation"}]}}


def final(t):
    return t.states[-1][1]


def warned(t, words):
    return any(words in w.text(t.rs) for w in t.warnings)


def ice(name, kind="barrier", strength=0, subs=1):
    return {"name": name, "type": "ice", "subtypes": [kind], "rezzed": True, "strength": strength,
            "subroutines": ["End the run"] * subs}


def breaker(name, brk, pump=(), strength=0, **more):
    return {"name": name, "type": "program", "subtypes": ["icebreaker"], "strength": strength,
            "breaker": {"break": list(brk), "pump": list(pump), **more.pop("extra", {})}, **more}


def brk(name, ice_name, rs="ffg-rr", subs="all"):
    return {"at": BREAK[rs], "ice": ice_name, "by": "runner", "break": subs, "with": name}


# ---------------------------------------------------------------- X credits
@pytest.mark.parametrize("rs", RULESETS)
def test_an_x_ability_costs_its_cost_for_each_subroutine(rs):
    b = breaker("Xer", [{"subtypes": ["barrier"], "x": True, "cost": 2}])
    t = go(hq(ice("Wall", subs=3)), [brk("Xer", "Wall", rs)], credits=7, cards=[b], ruleset=rs)
    assert t.status == "successful" and final(t).credits == 1
    two = go(hq(ice("Wall", subs=3)), [brk("Xer", "Wall", rs, [1, 2])], credits=7, cards=[b], ruleset=rs)
    assert final(two).credits == 3


# ---------------------------------------------------------------- counters
def test_counters_from_the_breaker_pay_each_use_and_too_few_pay_nothing():
    b = breaker("Counter", [{"subtypes": ["barrier"], "subs": 1, "cost": 0, "counter": "power"}],
                counters={"power": 2})
    t = go(hq(ice("Wall", subs=2)), [brk("Counter", "Wall")], cards=[b])
    assert t.status == "successful" and t.board["counters"] == {}  # both spent
    short = go(hq(ice("Wall", subs=3)), [brk("Counter", "Wall")], cards=[b])
    # a counter from the breaker itself is planned by the plain planner, which says how many it needs
    assert short.status == "unsuccessful" and warned(short, "needs 3 power counter(s) to break Wall, it has 2")
    assert short.board["counters"] == {"Counter": {"power": 2}}


def test_counters_from_any_card_come_from_the_cards_in_order():
    b = breaker("Eater", [{"subtypes": ["barrier"], "subs": 1, "cost": 0, "counter": "virus", "from": "any"}],
                counters={"virus": 1})
    store = {"name": "Store", "type": "program", "counters": {"virus": 2}}
    t = go(hq(ice("Wall", subs=3)), [brk("Eater", "Wall")], cards=[b, store])
    assert t.status == "successful" and t.board["counters"] == {}
    alone = go(hq(ice("Wall", subs=3)), [brk("Eater", "Wall")], cards=[b])
    assert alone.status == "unsuccessful"


def test_counters_not_given_are_not_counted():
    b = breaker("Counter", [{"subtypes": ["barrier"], "subs": 1, "cost": 0, "counter": "power"}])
    t = go(hq(ice("Wall", subs=5)), [brk("Counter", "Wall")], cards=[b])
    assert t.status == "successful"


def test_a_counter_pump_raises_strength():
    b = breaker("Prop", [{"subtypes": ["barrier"], "subs": 1, "cost": 1}],
                [{"strength": 2, "cost": 0, "counter": "power"}], counters={"power": 3})
    t = go(hq(ice("Wall", strength=4)), [brk("Prop", "Wall")], credits=2, cards=[b])
    assert t.status == "successful" and final(t).credits == 1
    assert t.board["counters"] == {"Prop": {"power": 1}}


# ---------------------------------------------------------------- trash, once per run / encounter
def test_a_trash_use_comes_last_and_removes_the_breaker():
    b = breaker("Gun", [{"subtypes": ["sentry"], "subs": 1, "cost": 0, "counter": "power"},
                        {"subtypes": ["sentry"], "subs": 1, "cost": 0, "trash": True}], counters={"power": 1})
    servers = hq(ice("S1", "sentry", subs=2), ice("S2", "sentry"))
    t = go(servers, [brk("Gun", "S1"), brk("Gun", "S2")], cards=[b])
    assert t.status == "unsuccessful"  # S2's subroutine: the breaker was trashed on S1
    assert "Gun" in final(t).removed and warned(t, "not an installed Runner card")


def test_once_per_run_and_once_per_encounter():
    run_once = breaker("Once", [{"subtypes": ["barrier"], "x": True, "cost": 1, "once_per": "run"}])
    t = go(hq(ice("W1"), ice("W2")), [brk("Once", "W1"), brk("Once", "W2")], cards=[run_once])
    assert t.status == "unsuccessful" and warned(t, "No break ability of Once")
    enc = breaker("Slap", [{"subtypes": ["barrier"], "subs": 1, "cost": 1, "once_per": "encounter"}])
    t = go(hq(ice("W1"), ice("W2")), [brk("Slap", "W1"), brk("Slap", "W2")], credits=5, cards=[enc])
    assert t.status == "successful" and final(t).credits == 3  # a new encounter, a new use
    two = go(hq(ice("W1", subs=2)), [brk("Slap", "W1")], cards=[enc])
    assert two.status == "unsuccessful" and final(two).credits == 5 and warned(two, "No break ability")


# ---------------------------------------------------------------- conditions and where
def test_an_ability_with_a_condition_is_used_only_while_it_holds():
    b = breaker("Threat", [{"subtypes": ["barrier"], "subs": 1, "cost": 1, "if": {"threat": 4}}])
    assert go(hq(ice("W")), [brk("Threat", "W")], cards=[b]).status == "unsuccessful"
    assert go(hq(ice("W")), [brk("Threat", "W")], cards=[b], corp={"points": 4}).status == "successful"
    assert go(hq(ice("W")), [brk("Threat", "W")], cards=[b], runner={"points": 4}).status == "successful"
    new = breaker("New", [{"subtypes": ["barrier"], "subs": 1, "cost": 1, "if": {"installed_this_turn": True}}])
    assert go(hq(ice("W")), [brk("New", "W")], cards=[new]).status == "unsuccessful"
    assert go(hq(ice("W")), [brk("New", "W")], cards=[dict(new, installed_this_turn=True)]).status == "successful"
    virt = breaker("Virt", [{"subtypes": ["barrier"], "subs": 1, "cost": 1, "if": {"virtual_resources": 2}}])
    res = [{"name": f"R{i}", "type": "resource", "subtypes": ["virtual"]} for i in range(2)]
    assert go(hq(ice("W")), [brk("Virt", "W")], cards=[virt, res[0]]).status == "unsuccessful"
    assert go(hq(ice("W")), [brk("Virt", "W")], cards=[virt, *res]).status == "successful"


def test_a_stolen_agenda_and_an_earlier_successful_run_count_in_the_turn():
    b = breaker("Late", [{"subtypes": ["barrier"], "subs": 1, "cost": 1, "if": {"threat": 3}},
                         {"subtypes": ["barrier"], "subs": 1, "cost": 0, "if": {"successful_this_turn": True}}])
    d = {"title": "t", "runner": {"credits": 5, "points": 1, "cards": [b]},
         "servers": {"Server 1": {"cards": [{"name": "Atlas", "type": "agenda", "points": 2}]},
                     "HQ": {"ice": [ice("W")], "cards": [{"name": "Hedge Fund", "type": "operation"}]}},
         "runs": [{"server": "HQ", "actions": [brk("Late", "W")]}, {"server": "Server 1"},
                  {"server": "HQ", "actions": [brk("Late", "W")]}]}
    first, second, third = run_turn(load_scenario("t.yaml", text=yaml.safe_dump(d, sort_keys=False)))
    assert first.status == "unsuccessful" and second.outcome()["stolen"] == ["Atlas"]
    assert third.status == "successful" and final(third).credits == 5  # the free one, after a success


def test_where_limits_the_ice_and_nothing_chosen_is_said():
    host = breaker("Vandal", [{"subtypes": "any", "subs": 1, "cost": 1, "where": "chosen"}], chosen="W2")
    t = go(hq(ice("W1"), ice("W2")), [brk("Vandal", "W1")], cards=[host])
    assert t.status == "unsuccessful" and warned(t, "No break ability of Vandal")
    ok = go(hq(ice("W1"), ice("W2")), [brk("Vandal", "W1")], cards=[dict(host, chosen="W1")])
    assert final(ok).broken_log[:1] == ("W1 1",)
    unsaid = go(hq(ice("W1")), [brk("Vandal", "W1")], cards=[{k: v for k, v in host.items() if k != "chosen"}])
    assert unsaid.status == "successful" and warned(unsaid, "names no ice or server")
    mark = breaker("Mark", [{"subtypes": "any", "subs": 1, "cost": 1, "where": "chosen_server"}], chosen="R&D")
    assert go(hq(ice("W1")), [brk("Mark", "W1")], cards=[mark]).status == "unsuccessful"
    assert go(hq(ice("W1")), [brk("Mark", "W1")], cards=[dict(mark, chosen="HQ")]).status == "successful"
    umb = breaker("Umb", [{"subtypes": ["barrier"], "subs": 1, "cost": 1, "where": "trojan_host"}])
    trojan = {"name": "Trojan", "type": "program", "subtypes": ["trojan"], "chosen": "W1"}
    assert go(hq(ice("W1")), [brk("Umb", "W1")], cards=[umb]).status == "unsuccessful"
    assert go(hq(ice("W1")), [brk("Umb", "W1")], cards=[umb, trojan]).status == "successful"


def test_a_stealth_pump_is_paid_only_with_stealth_credits():
    b = breaker("Pen", [{"subtypes": ["barrier"], "subs": 1, "cost": 1}],
                [{"strength": 3, "cost": 1, "stealth": True}])
    chip = {"name": "Chip", "type": "hardware", "subtypes": ["stealth"], "credits": 1, "credits_for": "icebreakers"}
    plain = dict(chip, name="Plain", subtypes=[])
    t = go(hq(ice("W", strength=2)), [brk("Pen", "W")], credits=1, cards=[b, chip])
    assert t.status == "successful" and final(t).credits == 0 and dict(final(t).hosted) == {"Chip": 0}
    assert go(hq(ice("W", strength=2)), [brk("Pen", "W")], credits=9, cards=[b, plain]).status == "unsuccessful"


def test_strength_when_changes_strength_while_its_conditions_hold():
    b = breaker("Shib", [{"subtypes": ["barrier"], "subs": 1, "cost": 1}], strength=3,
                extra={"strength_when": [{"strength": -2, "if": {"threat": 4}}]})
    assert go(hq(ice("W", strength=3)), [brk("Shib", "W")], cards=[b]).status == "successful"
    weak = go(hq(ice("W", strength=3)), [brk("Shib", "W")], cards=[b], corp={"points": 4})
    assert weak.status == "unsuccessful" and warned(weak, "cannot reach the strength")


# ---------------------------------------------------------------- fully broken by this card, used this run
def _full(name):
    return breaker(name, [{"subtypes": ["barrier"], "subs": 1, "cost": 1}],
                   abilities=[{"when": "fully_broken", "if": {"broke_all_with_this": True}, "effect": {"gain": 3}}])


def test_broke_all_with_this_needs_every_subroutine_broken_by_the_card():
    alone = go(hq(ice("W", subs=2)), [brk("Full", "W")], credits=5, cards=[_full("Full")])
    assert final(alone).credits == 6
    other = breaker("Other", [{"subtypes": ["barrier"], "subs": 1, "cost": 1}])
    split = go(hq(ice("W", subs=2)), [brk("Other", "W", subs=[1]), brk("Full", "W", subs=[2])],
               credits=5, cards=[_full("Full"), other])
    assert split.status == "successful" and final(split).credits == 3
    unnamed = go(hq(ice("W", subs=2)), [{"at": "3.1", "ice": "W", "by": "runner", "break": "all"}],
                 credits=5, cards=[_full("Full")])
    assert final(unnamed).credits == 5


def test_broke_with_this_run():
    b = breaker("Fly", [{"subtypes": ["barrier"], "subs": 1, "cost": 1}],
                abilities=[{"when": "run_ends", "if": {"broke_with_this_run": True}, "effect": {"trash": "this"}}])
    used = go(hq(ice("W")), [brk("Fly", "W")], cards=[b])
    assert "Fly" in final(used).removed
    assert "Fly" not in final(go(hq(), cards=[b])).removed


# ---------------------------------------------------------------- skip_subroutines
@pytest.mark.parametrize("rs", RULESETS)
def test_skip_stops_the_first_subroutines_of_the_next_encounter_only(rs):
    b = breaker("Driver", [{"subtypes": ["barrier"], "subs": 1, "cost": 1}],
                abilities=[{"when": "fully_broken", "effect": {"skip_subroutines": 2}}])
    two = go(hq(ice("W1"), ice("W2", subs=2), ice("W3")), [brk("Driver", "W1", rs), brk("Driver", "W3", rs)],
             cards=[b], ruleset=rs)
    assert two.status == "successful"
    three = go(hq(ice("W1"), ice("W2", subs=3)), [brk("Driver", "W1", rs)], cards=[b], ruleset=rs)
    assert three.status == "unsuccessful"  # the third subroutine of W2 resolves
    later = go(hq(ice("W1"), ice("W2"), ice("W3")), [brk("Driver", "W1", rs), brk("Driver", "W2", rs)],
               cards=[b], ruleset=rs)
    assert later.status == "successful"  # W2 broken, W3 skipped by the second full break


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(("extra", "words"), [
    ({"from": "any"}, "counter"),
    ({"where": "somewhere"}, "somewhere"),
    ({"once_per": "turn"}, "turn"),
    ({"counter": "gold"}, "gold"),
    ({"x": "yes"}, "x"),
])
def test_bad_breaker_keys_say_where_and_what(extra, words):
    b = breaker("Bad", [{"subtypes": ["barrier"], "subs": 1, "cost": 1, **extra}])
    with pytest.raises(ScenarioError) as e:
        load_scenario("t.yaml", text=yaml.safe_dump(doc(hq(ice("W")), cards=[b]), sort_keys=False))
    text = str(e.value)
    assert "runner.cards[0].breaker.break[0]" in text and words in text


def test_a_copy_use_turns_a_hosted_copy_facedown_for_the_rest_of_the_turn():
    b = breaker("Doll", [{"subtypes": "any", "x": True, "cost": 1, "copy": True}], copies=2)
    t = go(hq(ice("W1", subs=2), ice("W2"), ice("W3")), [brk("Doll", "W1"), brk("Doll", "W2"), brk("Doll", "W3")],
           credits=9, cards=[b])
    assert t.status == "unsuccessful" and final(t).credits == 6  # two uses, then W3 ends the run
    assert dict(final(t).facedown) == {"Doll": 2} and warned(t, "hosted faceup copies")
    uncounted = go(hq(ice("W1"), ice("W2"), ice("W3")), [brk("Doll", n) for n in ("W1", "W2", "W3")],
                   cards=[{k: v for k, v in b.items() if k != "copies"}])
    assert uncounted.status == "successful"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_cards_show_says_the_costs_and_limits_beyond_credits(lang):
    from judge.cards.model import model
    from judge.cli.catalogue import _breaker_lines

    spike = "\n".join(_breaker_lines(model("pressure_spike").card["breaker"], lang))
    yusuf = "\n".join(_breaker_lines(model("yusuf").card["breaker"], lang))
    utae = "\n".join(_breaker_lines(model("utae").card["breaker"], lang))
    shib = "\n".join(_breaker_lines(model("shibboleth").card["breaker"], lang))
    if lang == "en":
        assert "once per run" in spike and "at least 4 agenda point(s)" in spike
        assert yusuf.count("virus counter of any installed card") == 2
        assert "for 1 credit(s) each" in utae and "strength -2 while" in shib
    else:
        assert "런마다 한 번" in spike and "바이러스 토큰" in yusuf and "하나당 1 크레딧" in utae and "강도 -2" in shib
