"""A card rezzed during the run (issues 24/25): its own "when rezzed" abilities (`when: rezzed`) and
other cards' "whenever a piece of ice is rezzed" (`when: ice_rezzed`) resolve right after the
action or ability that rezzed it, at the step where it was rezzed, under every rule set (NSG 10.3:
the checkpoint after the action; FFG: a conditional ability resolves once its trigger is met). A card
written `rezzed: true` was rezzed before the run: nothing fires. What a rez costs: the card's own
terms (`to_rez`), rez-cost changes from installed cards and from the run event."""

from __future__ import annotations

import pytest
from helpers import board, ice, run_yaml

REZ_STEP = {"ffg-rr": "2.3", "nsg": "6.9.2b", "ffg-core": "2.3"}
RULESETS = tuple(REZ_STEP)
PING = {"when": "rezzed", "effect": {"tag": 1}}


def _rez(rs: str, name: str, **kw) -> dict:
    return {"at": REZ_STEP[rs], "ice": name, "by": "corp", "rez": name, **kw}


def _fired(t) -> list[tuple[str, str, str]]:
    return [(e.occurrence, e.extra_get("card"), e.extra_get("when")) for e in t.events
            if e.kind == "trigger" and e.extra_get("resolved")]


@pytest.mark.parametrize("rs", RULESETS)
def test_a_card_rezzed_in_its_window_resolves_its_rez_ability_right_after_the_rez(rs):
    t = board(ice=[ice("Tagger", rezzed=False, abilities=[PING])], actions=[_rez(rs, "Tagger")], ruleset=rs)
    occ = f"{REZ_STEP[rs]}@Tagger"

    assert _fired(t) == [(occ, "Tagger", "rezzed")]
    msgs = [e.msg for e in t.events if e.occurrence == occ]
    rezzed = msgs.index("rezzed_card")
    assert msgs[rezzed + 1:rezzed + 3] == ["trigger", "tags_given"]  # before anyone gets priority again
    assert msgs[rezzed + 3:].count("priority") == 1  # the Runner's answer to the Corp's rez, after it
    assert t.board["tags"] == 1


@pytest.mark.parametrize("rs", RULESETS)
def test_a_card_written_rezzed_before_the_run_fires_nothing(rs):
    t = board(ice=[ice("Tagger", rezzed=True, abilities=[PING])], ruleset=rs)

    assert _fired(t) == []
    assert t.board["tags"] == 0


@pytest.mark.parametrize("rs", RULESETS)
def test_an_upgrade_reacts_to_ice_rezzed_and_that_ice_is_the_ice_rezzed(rs):
    grid = {"name": "Grid", "type": "upgrade", "rezzed": True,
            "abilities": [{"when": "ice_rezzed", "effect": {"strength": 3, "of": "that ice", "until": "run_ends"}}]}
    t = board(ice=[ice("Wall", rezzed=False, strength=1, abilities=[PING])], root=[grid],
              actions=[_rez(rs, "Wall")], ruleset=rs)

    # the ice's own rez ability first, then the grid's
    assert [(c, w) for _, c, w in _fired(t)] == [("Wall", "rezzed"), ("Grid", "ice_rezzed")]
    changed = [e for e in t.events if e.msg == "strength_changed"]
    assert [(e.args_get("card"), e.args_get("now")) for e in changed] == [("Wall", 4)]


@pytest.mark.parametrize("rs", RULESETS)
def test_a_non_ice_card_rezzed_fires_its_own_ability_and_no_ice_rezzed(rs):
    grid = {"name": "Grid", "type": "upgrade", "rezzed": True, "abilities": [{"when": "ice_rezzed", "effect": {"gain": 1}}]}
    asset = {"name": "Trap", "type": "upgrade", "abilities": [PING]}
    step = {"ffg-rr": "2.3", "nsg": "6.9.2b", "ffg-core": "2.3"}[rs]
    t = board(ice=[ice("Wall", rezzed=True)], root=[grid, asset], ruleset=rs,
              actions=[{"at": step, "ice": "Wall", "by": "corp", "rez": "Trap"}])

    assert [(c, w) for _, c, w in _fired(t)] == [("Trap", "rezzed")]


def test_a_rez_ability_reacts_to_its_own_card_only():
    other = {"name": "Other", "type": "upgrade", "abilities": [PING]}
    t = board(ice=[ice("Wall", rezzed=False)], root=[other], actions=[_rez("ffg-rr", "Wall")])

    assert _fired(t) == []


def test_a_rez_made_by_an_ability_fires_once_that_ability_has_resolved():
    # a Corp card's "when approached" rezzes the ice (granted); the rez ability follows the whole ability
    helper = {"name": "Helper", "type": "upgrade", "rezzed": True,
              "abilities": [{"when": "approached", "effect": [{"rez": "Tagger", "granted_by": "Helper"},
                                                              {"note": "after the rez"}]}]}
    t = board(ice=[ice("Tagger", rezzed=False, abilities=[PING])], root=[helper])

    msgs = [e.msg for e in t.events if e.occurrence == "2@Tagger"]
    assert msgs.index("note") < msgs.index("trigger", msgs.index("note"))
    assert [(c, w) for _, c, w in _fired(t)] == [("Helper", "approached"), ("Tagger", "rezzed")]


def test_a_rez_made_by_a_subroutine_fires_at_that_subroutine():
    t = board(ice=[{"name": "Rezzer", "rezzed": True,
                    "subroutines": [{"text": "rez the ice behind", "effect": {"rez": "Tagger", "granted_by": "Rezzer"}}]},
                   ice("Tagger", rezzed=False, abilities=[PING])])

    assert _fired(t) == [("3.2@Rezzer", "Tagger", "rezzed")]


def test_a_rez_ability_with_a_condition_on_the_server_fires_only_for_a_run_on_its_server():
    tagger = ice("Tagger", rezzed=False, abilities=[{**PING, "if": {"server": "this"}}])
    t = board(ice=[ice("Wall")], servers={"R&D": {"ice": [tagger]}},
              actions=[{"at": "2.3", "ice": "Wall", "by": "corp", "rez": "Tagger", "granted_by": "Wall"}])

    assert _fired(t) == []
    assert [e.msg for e in t.events if e.kind == "trigger"] == ["trigger_condition"]


@pytest.mark.parametrize(("rs", "resolved"), [("ffg-rr", False), ("ffg-core", False), ("nsg", True)])
def test_a_rez_ability_pending_when_the_same_action_ends_the_run_follows_the_rule_set(rs, resolved):
    # NSG 6.8.2c completes a reaction window the run's end finds open (not a phase's beginning);
    # the FFG charts drop what is pending, as for any other conditional ability.
    t = board(ice=[ice("Tagger", rezzed=False, abilities=[PING])],
              actions=[{"at": REZ_STEP[rs], "ice": "Tagger", "by": "corp", "effect": [{"rez": "Tagger"}, "end_run"]}],
              ruleset=rs)

    kinds = [e.msg for e in t.events if e.kind == "trigger"]
    assert kinds == (["trigger"] if resolved else ["trigger_dropped"])


def test_an_own_term_that_cannot_be_paid_leaves_the_card_unrezzed_and_the_corp_pays_nothing():
    t = run_yaml("""
        title: t
        run: {server: HQ}
        corp: {credits: 5}
        servers:
          HQ:
            ice: [{name: Needy, rez_cost: 2, subroutines: [End the run],
                   abilities: [{when: to_rez, effect: {derez: chosen}}, {when: rezzed, effect: {tag: 1}}]}]
            cards: [Hedge Fund]
        actions: [{at: "2.3", ice: Needy, by: corp, rez: Needy}]
        expect: {corp_credits: 5}
    """)
    assert [e.msg for e in t.warnings if e.msg in ("w_pick_not_given", "w_rez_extra_unpaid")] == \
        ["w_pick_not_given", "w_rez_extra_unpaid"]
    assert _fired(t) == []
    assert t.lists["passed"] == ["Needy"] and t.lists["encountered"] == []
    assert t.outcome()["corp_credits"] == 5


def test_an_own_term_pays_with_the_rez_and_the_corp_pays_the_credits_too():
    t = run_yaml("""
        title: t
        run: {server: HQ}
        corp: {credits: 5}
        servers:
          HQ:
            ice:
              - {name: Needy, rez_cost: 2, chosen: Other, subroutines: [End the run],
                 abilities: [{when: to_rez, effect: {derez: chosen}}]}
              - {name: Other, rezzed: true, subroutines: [End the run]}
            cards: [Hedge Fund]
        actions: [{at: "2.3", ice: Needy, by: corp, rez: Needy}, {at: "3.1", ice: Needy, by: runner, break: all}]
    """)
    assert [e.args_get("card") for e in t.events if e.msg == "derezzed_card"] == ["Other"]
    assert t.lists["passed"] == ["Needy", "Other"] and t.lists["encountered"] == ["Needy"]
    assert t.outcome()["corp_credits"] == 3


def test_a_card_that_cannot_be_rezzed_in_a_run_is_not_rezzed():
    quest = {"name": "Quest", "type": "asset", "abilities": [{"when": "to_rez", "effect": {"forbid": "rez"}}]}
    t = board(server="Server 1", cards=[quest], actions=[{"at": "5.3", "by": "corp", "rez": "Quest"}])

    assert "w_rez_not_in_run" in [e.msg for e in t.events]
    assert "rezzed_card" not in [e.msg for e in t.events]


_AKI = """
    title: t
    run: {server: HQ}
    corp: {credits: 1}
    servers:
      HQ: {ice: [{name: Wall, rez_cost: 3, subroutines: [End the run]}], root: ROOT, cards: [Hedge Fund]}
      R&D: {root: OTHER}
    actions: [{at: "2.3", ice: Wall, by: corp, rez: Wall}]
"""
_AKI_CARD = "[{name: Aki, type: upgrade, rezzed: true, abilities: [{when: static, if: {is_ice: true, server: this}, effect: {rez_cost: -2}}]}]"


def test_an_upgrade_lowers_the_rez_cost_of_ice_of_its_own_server_only():
    here = run_yaml(_AKI.replace("ROOT", _AKI_CARD).replace("OTHER", "[]"))
    elsewhere = run_yaml(_AKI.replace("ROOT", "[]").replace("OTHER", _AKI_CARD))

    assert here.status == "unsuccessful" and here.outcome()["corp_credits"] == 0
    assert elsewhere.status == "successful" and elsewhere.outcome()["corp_credits"] == 1


_TREAD = """
    title: t
    run: {server: HQ, BY}
    corp: {credits: 3}
    runner: {cards: [{name: Tread, type: event, abilities: [{when: static, if: {is_ice: true}, effect: {rez_cost: 3}}]}]}
    servers: {HQ: {ice: [{name: Wall, rez_cost: 1, subroutines: [End the run]}], cards: [Hedge Fund]}}
    actions: [{at: "2.3", ice: Wall, by: corp, rez: Wall}]
"""


def test_a_run_events_rez_cost_change_applies_to_its_own_run_only():
    own = run_yaml(_TREAD.replace("BY", "by: Tread"))
    other = run_yaml(_TREAD.replace(", BY", ""))

    assert own.status == "successful" and own.outcome()["corp_credits"] == 3
    assert other.status == "unsuccessful" and other.outcome()["corp_credits"] == 2


@pytest.mark.parametrize("rs", RULESETS)
def test_the_chart_marks_a_rez_ability_on_the_step_where_the_card_was_rezzed(rs):
    from judge import render
    from judge.render.ids import step_id

    t = board(ice=[ice("Tagger", rezzed=False, abilities=[PING])], actions=[_rez(rs, "Tagger")], ruleset=rs)
    occ = f"{REZ_STEP[rs]}@Tagger"
    after = next(i for i, e in enumerate(t.events) if e.occurrence != occ and i > next(
        n for n, e in enumerate(t.events) if e.occurrence == occ))
    h = render.highlight(t, after, "en")

    eid = step_id(REZ_STEP[rs])
    assert "triggered" in h["classes"][eid] and h["triggers"][eid] == 1
    assert "when it is rezzed" in h["titles"][eid]
    assert "레즈될 때" in render.highlight(t, after, "ko")["titles"][eid]


_BLANK = """
    title: t
    runs:
      - {server: HQ}
      - {server: HQ}
    runner:
      credits: 0
      cards: [{name: Stipend, type: resource, abilities: [{when: successful, effect: {gain: 1}}]}]
    servers: {HQ: {ice: [], cards: [Hedge Fund], root: [{name: Blanker, type: upgrade, rezzed: true, chosen: CHOSEN,
                    abilities: [{when: run_begins, first: turn, effect: {blank: chosen}}]}]}}
"""


def _credits_per_run(text: str) -> list[int]:
    from helpers import scenario

    from judge.engine import run_turn

    return [t.states[-1][1].credits for t in run_turn(scenario(text))]


def test_a_blanked_card_loses_its_abilities_for_the_rest_of_the_turn():
    blanked = _credits_per_run(_BLANK.replace("CHOSEN", "Stipend"))
    assert blanked == [0, 0]  # no gain in either run of the turn


def test_a_blank_with_no_card_chosen_does_nothing_and_says_so():
    from helpers import scenario

    from judge.engine import run_turn

    traces = run_turn(scenario(_BLANK.replace(", chosen: CHOSEN", "")))
    assert [t.states[-1][1].credits for t in traces] == [1, 2]
    assert "w_pick_not_given" in [e.msg for e in traces[0].warnings]


def test_a_blanked_breaker_breaks_nothing():
    t = run_yaml("""
        title: t
        run: {server: HQ}
        runner: {credits: 5, cards: [{card: Corroder}]}
        servers:
          HQ:
            ice: [{card: Ice Wall, rezzed: true}]
            root: [{name: Blanker, type: upgrade, rezzed: true, chosen: Corroder,
                    abilities: [{when: approached, effect: {blank: chosen}}]}]
            cards: [Hedge Fund]
        actions: [{at: "3.1", ice: Ice Wall, by: runner, break: all, with: Corroder}]
    """)
    assert t.status == "unsuccessful"
    assert "w_breaker_blanked" in [e.msg for e in t.warnings]


def test_an_own_term_with_a_condition_on_the_chosen_card_is_unpaid_when_it_fails():
    text = """
        title: t
        run: {server: HQ}
        servers:
          HQ:
            ice:
              - {name: Picky, chosen: Other, subroutines: [End the run],
                 abilities: [{when: to_rez, if: {chosen_subtype: harmonic}, effect: {derez: chosen}}]}
              - {name: Other, subtypes: [SUBTYPE], rezzed: true, subroutines: []}
            cards: [Hedge Fund]
        actions: [{at: "2.3", ice: Picky, by: corp, rez: Picky}]
    """
    fits = run_yaml(text.replace("SUBTYPE", "harmonic"))
    misfits = run_yaml(text.replace("SUBTYPE", "barrier"))

    assert fits.lists["encountered"] == ["Picky"] and fits.status == "unsuccessful"
    assert misfits.lists["encountered"] == ["Other"] and "w_rez_extra_unpaid" in [e.msg for e in misfits.warnings]


def test_an_ice_subtype_condition_of_an_ice_rezzed_ability_reads_the_ice_rezzed():
    grid = {"name": "Grid", "type": "upgrade", "rezzed": True,
            "abilities": [{"when": "ice_rezzed", "if": {"ice_subtype": "code gate"}, "effect": {"gain": 1}}]}
    gate = ice("Gate", rezzed=False, subtypes=["code gate"])
    wall = ice("Wall", rezzed=False, subtypes=["barrier"])

    t = board(ice=[ice("Outer")], root=[grid], servers={"R&D": {"ice": [gate, wall]}},
              actions=[{"at": "2.3", "ice": "Outer", "by": "corp", "effect": [{"rez": "Gate", "granted_by": "Grid"},
                                                                           {"rez": "Wall", "granted_by": "Grid"}]}])

    assert [(e.extra_get("card"), e.extra_get("resolved")) for e in t.events if e.kind == "trigger"] == \
        [("Grid", True), ("Grid", False)]
