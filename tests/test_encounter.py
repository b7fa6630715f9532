"""The encounter computed (issue 24): strength, breaking with a named icebreaker, both sides' credits."""

from __future__ import annotations

import pytest
import yaml
from helpers import texts

from judge.analysis.check import compare
from judge.engine import run
from judge.engine.encounter import plan_breaks, plan_pumps
from judge.errors import ScenarioError
from judge.scenario import load_scenario
from judge.scenario.encounter import BreakAbility, Breaker, Pump

RULESETS = ("ffg-rr", "nsg", "ffg-core")
BREAK = {"ffg-rr": "3.1", "nsg": "6.9.3b", "ffg-core": "3.1"}
REZ = {"ffg-rr": "2.3", "nsg": "6.9.2b", "ffg-core": "2.3"}
FRACTER = {"name": "Test Fracter", "type": "program", "subtypes": ["icebreaker", "fracter"], "strength": 2,
           "breaker": {"break": [{"subtypes": ["barrier"], "subs": 1, "cost": 1}],
                       "pump": [{"strength": 1, "cost": 1}]}}
DECODER = {"name": "Test Decoder", "type": "program", "subtypes": ["icebreaker", "decoder"], "strength": 2,
           "breaker": {"break": [{"subtypes": ["code gate"], "subs": 1, "cost": 1}],
                       "pump": [{"strength": 1, "cost": 1, "until": "run_ends"}]}}


def wall(name="Wall", strength=4, subs=2, rezzed=True, **kw):
    return {"name": name, "type": "ice", "subtypes": ["barrier"], "strength": strength, "rezzed": rezzed,
            "subroutines": ["End the run"] * subs, **kw}


def gate(name="Gate", strength=3, rezzed=True, **kw):
    return {"name": name, "type": "ice", "subtypes": ["code gate"], "strength": strength, "rezzed": rezzed,
            "subroutines": ["End the run"], **kw}


def go(ice, actions, credits=5, cards=(FRACTER,), corp=None, ruleset="ffg-rr", bp=0):
    doc = {"title": "t", "ruleset": ruleset, "run": {"server": "HQ"},
           "corp": {"bad_publicity": bp, **({"credits": corp} if corp is not None else {})},
           "runner": {"credits": credits, "cards": list(cards)},
           "servers": {"HQ": {"ice": list(ice), "cards": [{"name": "Hedge Fund", "type": "operation"}]}},
           "actions": list(actions)}
    return run(load_scenario("t.yaml", text=yaml.safe_dump(doc, sort_keys=False)))


def brk(ice, rs="ffg-rr", by="Test Fracter", subs="all"):
    return {"at": BREAK[rs], "ice": ice, "by": "runner", "break": subs, "with": by}


def final(t):
    return t.states[-1][1]


# ---------------------------------------------------------------- least-cost plans
def test_the_pump_plan_takes_the_cheapest_mix_and_reports_the_impossible():
    br = Breaker(pumps=(Pump(1, 1), Pump(3, 2)))
    assert plan_pumps(br, 3)[0] == 2          # one +3 for 2, not three +1 for 3
    assert plan_pumps(br, 4)[0] == 3          # +3 and +1
    assert plan_pumps(Breaker(), 1)[0] >= 10**9
    assert plan_pumps(br, 0) == (0, (0, 0))


def test_the_break_plan_counts_uses_per_subroutine_and_refuses_a_wrong_subtype():
    cleaver = Breaker(breaks=(BreakAbility(("barrier",), 2, 1),))
    assert plan_breaks(cleaver, ("barrier",), 3) == (2, 2)
    assert plan_breaks(cleaver, ("code gate",), 1)[0] >= 10**9
    anything = Breaker(breaks=(BreakAbility(("any",), 0, 2),))
    assert plan_breaks(anything, ("sentry",), 5) == (2, 1)


# ---------------------------------------------------------------- breaking with a named breaker
@pytest.mark.parametrize("rs", RULESETS)
def test_a_named_breaker_pumps_to_the_ice_and_pays_for_it(rs):
    t = go([wall()], [brk("Wall", rs)], credits=5, ruleset=rs)
    assert t.status == "successful"
    assert final(t).credits == 1  # +2 strength for 2, two subroutines for 2
    assert final(t).broken_log == ("Wall 1", "Wall 2")
    assert any("4 credit(s) paid" in x for x in texts(t, "action"))


@pytest.mark.parametrize("rs", RULESETS)
def test_a_breaker_of_the_wrong_subtype_breaks_nothing_and_takes_nothing(rs):
    t = go([gate()], [brk("Gate", rs)], credits=9, ruleset=rs)
    assert t.status == "unsuccessful"
    assert final(t).credits == 9 and final(t).broken_log == ()
    assert any("cannot interface" in w.text(t.rs) for w in t.warnings)
    assert any("인터페이스할 수 없다" in w.text(t.rs, "ko") for w in t.warnings)


def test_too_few_credits_break_nothing_and_the_subroutines_resolve():
    t = go([wall()], [brk("Wall")], credits=3)
    assert t.status == "unsuccessful"
    assert final(t).credits == 3
    assert any("needs 4 credit(s)" in w.text(t.rs) and "has 3" in w.text(t.rs) for w in t.warnings)


def test_a_pump_for_the_encounter_is_paid_again_at_the_next_ice_but_one_for_the_run_is_not():
    two = [wall("A", 4, 1), wall("B", 4, 1)]
    enc = go(two, [brk("A"), brk("B")], credits=10)
    assert final(enc).credits == 10 - 3 - 3
    gates = [gate("A", 4), gate("B", 4)]
    whole = go(gates, [brk("A", by="Test Decoder"), brk("B", by="Test Decoder")], credits=10, cards=(DECODER,))
    assert final(whole).credits == 10 - 3 - 1
    assert whole.status == enc.status == "successful"


def test_fixed_strength_and_no_pump_cannot_reach_stronger_ice():
    fixed = dict(FRACTER, name="Fixed", breaker={**FRACTER["breaker"], "fixed_strength": True})
    t = go([wall(strength=3)], [brk("Wall", by="Fixed")], credits=9, cards=(fixed,))
    assert final(t).credits == 9 and t.status == "unsuccessful"
    assert any("cannot reach the strength" in w.text(t.rs) for w in t.warnings)


def test_one_ice_per_run_refuses_the_second_ice():
    once = dict(FRACTER, name="Once", breaker={**FRACTER["breaker"], "one_ice_per_run": True})
    t = go([wall("A", 2, 1), wall("B", 2, 1)], [brk("A", by="Once"), brk("B", by="Once")], credits=9, cards=(once,))
    assert final(t).broken_log == ("A 1",)
    assert t.status == "unsuccessful"


def test_hosted_credits_for_icebreakers_pay_first_then_bad_publicity_then_the_pool():
    feeder = {"name": "Feeder", "type": "hardware", "credits": 1, "credits_for": "icebreakers"}
    t = go([wall(strength=2)], [brk("Wall")], credits=5, cards=(FRACTER, feeder), bp=1)
    s = final(t)
    assert (s.credits, s.bp_spent, dict(s.hosted)["Feeder"]) == (5, 1, 0)
    other = dict(feeder, credits_for="any", name="Stash")
    assert final(go([wall(strength=2)], [brk("Wall")], credits=5, cards=(FRACTER, other))).credits == 4


def test_a_break_without_with_is_unchanged_and_says_once_that_credits_were_not_counted():
    t = go([wall("A", 9, 1), wall("B", 9, 1)],
           [{"at": "3.1", "ice": "A", "by": "runner", "break": "all"},
            {"at": "3.1", "ice": "B", "by": "runner", "break": "all"}], credits=5)
    assert t.status == "successful" and final(t).credits == 5
    assert sum("credits are not counted" in x for x in texts(t, "action")) == 1


def test_a_breaker_that_is_not_installed_breaks_nothing():
    t = go([wall()], [brk("Wall", by="Hedge Fund")], credits=9)
    assert t.status == "unsuccessful" and final(t).credits == 9


# ---------------------------------------------------------------- strength effects
def test_a_strength_effect_on_the_encountered_ice_makes_the_break_dearer():
    raise_it = {"at": "3.1", "ice": "Wall", "by": "corp", "strength": 2, "of": "encountered_ice"}
    t = go([wall(strength=2)], [raise_it, brk("Wall")], credits=9)
    assert final(t).credits == 9 - 2 - 2


def test_a_strength_effect_until_the_run_ends_carries_to_the_next_ice():
    boost = {"at": "3.1", "ice": "A", "by": "runner", "strength": 2, "of": "Test Fracter", "until": "run_ends"}
    t = go([wall("A", 2, 1), wall("B", 4, 1)], [boost, brk("A"), brk("B")], credits=9)
    assert final(t).credits == 9 - 1 - 1


def test_a_strength_effect_on_a_card_without_strength_warns():
    t = go([wall()], [{"at": "3.1", "ice": "Wall", "by": "runner", "strength": 1, "of": "Hedge Fund"}])
    assert any("no strength" in w.text(t.rs) for w in t.warnings)


def test_a_bad_duration_is_refused_where_it_is_written():
    with pytest.raises(ScenarioError, match="until"):
        go([wall()], [{"at": "3.1", "ice": "Wall", "by": "runner", "strength": 1, "until": "never"}])


# ---------------------------------------------------------------- the Corp's money
@pytest.mark.parametrize("rs", RULESETS)
def test_a_rez_the_corp_cannot_afford_does_not_happen(rs):
    t = go([wall(rezzed=False, rez_cost=4)], [{"at": REZ[rs], "ice": "Wall", "by": "corp", "rez": "Wall"}],
           corp=3, ruleset=rs)
    assert t.status == "successful"  # unrezzed ice is passed
    assert final(t).corp_credits == 3
    assert any("the Corp has 3" in w.text(t.rs) for w in t.warnings)


def test_a_rez_pays_its_cost_and_ice_rezzed_at_the_start_costs_nothing():
    t = go([wall("A", rezzed=True, rez_cost=5), wall("B", 1, 1, rezzed=False, rez_cost=2)],
           [{"at": "2.3", "ice": "B", "by": "corp", "rez": "B"}, brk("A"), brk("B")], corp=3, credits=9)
    assert final(t).corp_credits == 1
    assert not compare(t, {"corp_credits": 1, "broken": ["A 1", "A 2", "B 1"]})
    assert compare(t, {"corp_credits": 3})


def test_without_corp_credits_the_money_is_not_counted_and_the_trace_says_so():
    t = go([wall(rezzed=False, rez_cost=50)], [{"at": "2.3", "ice": "Wall", "by": "corp", "rez": "Wall"}])
    assert t.status == "unsuccessful"  # rezzed: every rez is affordable
    assert final(t).corp_credits is None
    assert sum("not counted" in x for x in texts(t, "action")) == 1


def test_a_real_card_brings_its_printed_strength_and_rez_cost():
    sc = load_scenario("t.yaml", text=yaml.safe_dump({
        "run": {"server": "HQ"}, "servers": {"HQ": {"ice": [{"card": "tollbooth"}]}},
        "runner": {"cards": [{"card": "gordian_blade"}, {"card": "corroder", "strength": 7}]}}))
    cards = sc.all_cards()
    assert (cards["Tollbooth"].strength, cards["Tollbooth"].rez_cost) == (5, 8)
    assert cards["Gordian Blade"].breaker is not None and cards["Gordian Blade"].strength == 2
    assert cards["Corroder"].strength == 7


def test_a_malformed_breaker_is_one_clear_error():
    bad = dict(FRACTER, breaker={"break": [{"subtypes": ["barrier"]}]})
    with pytest.raises(ScenarioError, match="cost"):
        go([wall()], [], cards=(bad,))


def test_expectations_corp_credits_and_broken_are_checked():
    t = go([wall(strength=2)], [brk("Wall")], corp=4, credits=5)
    assert not compare(t, {"corp_credits": 4, "broken": ["Wall 1", "Wall 2"], "credits": 3})
    assert compare(t, {"broken": ["Wall 1"]})
    assert t.outcome()["broken"] == ["Wall 1", "Wall 2"] and t.outcome()["corp_credits"] == 4


def test_the_readme_breaker_example_prints_what_the_readme_shows():
    import re
    from pathlib import Path

    from judge.render.trace_text import render_text

    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    part = text[text.index("### Breaking with a named icebreaker"):]
    scenario = re.search(r"```yaml\n(.*?)```", part, re.S).group(1)
    shown = re.search(r"`judge run breaker.yaml`:\n\n```text\n(.*?)```", part, re.S).group(1)
    assert render_text(run(load_scenario("breaker.yaml", text=scenario))).rstrip() == shown.rstrip()
    assert "4 credit(s) paid" in shown


def test_cards_show_lists_a_breakers_abilities_in_both_languages():
    from click.testing import CliRunner

    from judge.cli.catalogue import cards

    en = CliRunner().invoke(cards, ["show", "cleaver"]).output
    assert "break: barrier, 2 subroutine(s) per use for 1 credit(s)" in en
    assert "strength: +1 for 2 credit(s), until the encounter ends" in en
    ko = CliRunner().invoke(cards, ["show", "gordian_blade", "--lang", "ko"]).output
    assert "깨기: 코드 게이트, 한 번에 서브루틴 1개, 1 크레딧" in ko and "런이 끝날 때까지" in ko


# ---------------------------------------------------------------- the explorer
def _explore(credits):
    from judge.analysis.explore import explore

    doc = {"run": {"server": "HQ"}, "runner": {"credits": credits, "cards": [{"card": "corroder"}, {"card": "gordian_blade"}]},
           "servers": {"HQ": {"ice": [{"card": "ice_wall", "rezzed": True}, {"card": "enigma", "rezzed": True}],
                              "cards": [{"card": "hedge_fund"}]}}}
    return explore(load_scenario("x.yaml", text=yaml.safe_dump(doc)), "ffg-rr")


def _breaks(node, seen=None):
    seen = set() if seen is None else seen
    out = []
    if id(node) in seen:
        return out
    seen.add(id(node))
    for b in node.branches:
        out += [c for c in b.option if c.kind == "break"]
        out += _breaks(b.child, seen)
    return out


def test_the_explorer_branches_on_the_breaker_that_can_interface_and_pay():
    breaks = _breaks(_explore(4).root)
    assert {(c.ice, c.breaker) for c in breaks} == {("Ice Wall", "Corroder"), ("Enigma", "Gordian Blade")}
    assert all(c.action_dict()["with"] == c.breaker for c in breaks)


def test_the_explorer_offers_no_break_where_the_money_has_run_out():
    breaks = _breaks(_explore(1).root)
    assert {(c.ice, c.breaker) for c in breaks} == {("Ice Wall", "Corroder")}


@pytest.mark.parametrize("rs", ("ffg-rr", "nsg"))
def test_corp_gain_and_lose_move_the_corps_pool_and_never_below_zero(rs):
    ice = wall(strength=0, subs=0, subroutines=[{"text": "gain", "effect": {"corp_gain": 3}},
                                               {"text": "lose", "effect": {"corp_lose": 9}},
                                               {"text": "gain", "effect": {"corp_gain": 2}}])
    assert final(go([ice], [], corp=1, ruleset=rs)).corp_credits == 2
    uncounted = go([ice], [], ruleset=rs)
    assert final(uncounted).corp_credits is None
    assert sum("not counted" in x for x in texts(uncounted, "action")) == 1


def test_the_stepper_shows_the_corps_credits_only_when_they_are_counted(client):
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "examples"
    yaml_ = {"Content-Type": "application/yaml"}
    counted = (root / "o-corp-pays-to-rez-enigma.yaml").read_text(encoding="utf-8")
    sid = client.post("/api/scenarios", data=counted, headers=yaml_).get_json()["id"]
    page = client.get(f"/s/{sid}").get_data(as_text=True)
    assert "Corp credits after this step: 5" in page and "Corp credits after this step: 2" in page
    ko = client.get(f"/s/{sid}?lang=ko").get_data(as_text=True)
    assert "이 단계 후 기업 크레딧: 2" in ko
    plain = (root / "o-break-without-a-breaker-costs-nothing.yaml").read_text(encoding="utf-8")
    sid = client.post("/api/scenarios", data=plain, headers=yaml_).get_json()["id"]
    assert "Corp credits after" not in client.get(f"/s/{sid}").get_data(as_text=True)


def test_the_corps_trace_boost_is_paid_from_its_counted_pool_and_only_what_it_has():
    raven = {"name": "Raven", "rezzed": True, "subroutines": [
        {"text": "Trace 3", "effect": {"trace": 3, "then": {"place_counters": {"power": 1}}, "otherwise": {"tag": 1}}}]}
    boost = {"at": "3.2", "ice": "Raven", "by": "corp", "trace_boost": 2}
    assert final(go([raven], [boost], corp=5)).corp_credits == 3
    short = go([raven], [boost], corp=1)
    assert final(short).corp_credits == 0
    assert any("The Corp cannot pay 2 credit(s)" in w.text(short.rs) for w in short.warnings)
    assert final(go([raven], [boost])).corp_credits is None


def test_cards_show_says_what_a_breakers_strength_and_pump_count():
    from click.testing import CliRunner

    from judge.cli.catalogue import cards

    unity = CliRunner().invoke(cards, ["show", "unity"])
    assert unity.exit_code == 0 and "+1 for each installed icebreaker, for 1 credit(s)" in unity.output
    echelon = CliRunner().invoke(cards, ["show", "echelon", "--lang", "ko"])
    assert echelon.exit_code == 0 and "설치된 아이스브레이커마다 +1" in echelon.output


@pytest.mark.parametrize(("static", "credits_left"), [
    ("{when: static, effect: {strength: -2, of: chosen}}", 2),          # the host: 4 - 2 = 2, no pump
    ("{when: static, effect: {strength: -1, of: other_ice_of_chosen_server}}", 0),  # not the host: two pumps
    ("{when: static, effect: {strength: -2, of: Wall}}", 2),             # named directly
])
def test_a_static_strength_ability_changes_the_ice_it_names_while_its_card_is_in_play(static, credits_left):
    from helpers import run_yaml
    t = run_yaml("""
title: static strength
run: {server: HQ}
runner:
  credits: 3
  cards:
    - {name: Wrench, type: program, chosen: Wall, abilities: [%s]}
    - {name: Fracter, type: program, subtypes: [icebreaker, fracter], strength: 2,
       breaker: {break: [{subtypes: [barrier], subs: 1, cost: 1}], pump: [{strength: 1, cost: 1}]}}
servers:
  HQ:
    ice: [{name: Wall, type: ice, subtypes: [barrier], strength: 4, rezzed: true, subroutines: [End the run]}]
    cards: [Hedge Fund]
actions: [{at: "3.1", ice: Wall, by: runner, break: all, with: Fracter}]
""".replace("%s", static))
    assert t.states[-1][1].credits == credits_left


@pytest.mark.parametrize(("virus", "spent", "status"), [(2, True, "successful"), (2, False, "unsuccessful"), (1, True, "unsuccessful")])
def test_a_static_trash_at_zero_trashes_its_ice_once_its_strength_falls_to_zero(virus, spent, status):
    """Parasite: -1 strength per virus counter on it (a counted change with `times: -1`), and its host
    trashed as soon as the strength is 0 or less (here when a -1 for the encounter lands on 1)."""
    from helpers import run_yaml
    t = run_yaml("""
title: trash at zero
run: {server: HQ}
runner:
  cards:
    - name: Bug
      type: program
      chosen: Wall
      counters: {virus: %d}
      abilities:
        - {when: static, effect: {strength: {count: virus_counters, times: -1}, of: chosen}}
        - {when: static, effect: {trash_at_zero: chosen}}
    - {name: Sucker, type: program, abilities: [{when: paid, effect: {strength: -1, of: encountered_ice}}]}
servers:
  HQ:
    ice: [{name: Wall, type: ice, subtypes: [barrier], strength: 3, rezzed: true, subroutines: [End the run]}]
    cards: [Hedge Fund]
actions: %s
""".replace("%d", str(virus)).replace("%s", '[{at: "3.1", ice: Wall, by: runner, use: Sucker}]' if spent else "[]"))
    assert t.status == status
    assert any(e.msg == "strength_zero_trash" for e in t.events) == (status == "successful")


def test_a_count_lowered_per_thing_is_never_below_zero_outside_strength():
    """`times: -1` in an ordinary amount: never below 0 (a gain of 0, not a loss)."""
    from helpers import run_yaml
    t = run_yaml("""
title: lowered count
run: {server: HQ}
runner:
  credits: 2
  tags: 3
  cards: [{name: Odd, type: resource, abilities: [{when: successful, effect: {gain: {count: tags, times: -1}}}]}]
servers: {HQ: {cards: [Hedge Fund]}}
""")
    assert t.states[-1][1].credits == 2


def test_trash_at_zero_resolved_as_an_ordinary_effect_does_nothing_and_says_so():
    from helpers import run_yaml
    t = run_yaml("""
title: trash at zero as an effect
run: {server: HQ}
runner:
  cards: [{name: Bug, type: program, abilities: [{when: successful, effect: {trash_at_zero: Wall}}]}]
servers: {HQ: {ice: [{name: Wall, rezzed: true, subroutines: []}], cards: [Hedge Fund]}}
""")
    assert [w.msg for w in t.warnings] == ["w_static_only"]
