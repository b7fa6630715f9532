"""The board beside the run (issue 25): tags, grip and damage, clicks, counters, traces, psi games."""

from __future__ import annotations

import pytest
from helpers import run_yaml, scenario, texts

from judge.analysis.check import compare
from judge.engine import run
from judge.errors import ScenarioError
from judge.scenario.schema import schema

RAVEN = """
title: board
run: {server: HQ}
runner: {credits: %(credits)s, link: %(link)s}
servers:
  HQ:
    ice:
      - name: Raven
        rezzed: true
        subroutines:
          - text: Trace 3, a power counter
            effect: {trace: 3, then: {place_counters: {power: 1}}, otherwise: {tag: 1}}
    cards: [Hedge Fund]
actions: %(actions)s
"""


def raven(credits: int = 5, link: int = 0, actions: str = "[]"):
    return run_yaml(RAVEN % {"credits": credits, "link": link, "actions": actions})


def test_trace_with_no_boost_written_is_the_default_and_says_so():
    t = raven()
    assert t.board["counters"] == {"Raven": {"power": 1}}
    assert t.board["tags"] == 0
    line = next(x for x in texts(t) if x.startswith("Trace 3"))
    assert "no boost written for either player" in line and "the Corp wins" in line


def test_the_runner_boosts_to_a_tie_and_wins_the_trace_paying_for_it():
    t = raven(link=1, actions='[{at: "3.2", ice: Raven, by: runner, trace_boost: 2}]')
    assert t.board["counters"] == {}
    assert t.board["tags"] == 1  # the Runner's win: the `otherwise` branch
    assert t.states[-1][1].credits == 3
    assert not t.warnings


def test_the_corps_boost_beats_the_runners_and_is_recorded_as_paid():
    t = raven(link=1, actions='[{at: "3.2", ice: Raven, by: runner, trace_boost: 2},'
                              ' {at: "3.2", ice: Raven, by: corp, trace_boost: 1}]')
    assert t.board["counters"] == {"Raven": {"power": 1}}
    assert t.board["corp_paid"] == 1


def test_a_runner_who_cannot_pay_the_boost_pays_what_they_have_and_is_warned():
    t = raven(credits=1, link=1, actions='[{at: "3.2", ice: Raven, by: runner, trace_boost: 3}]')
    assert t.states[-1][1].credits == 0
    assert t.board["counters"] == {"Raven": {"power": 1}}  # 3 against 1 + 1
    assert any(w.msg == "w_cannot_pay_bid" for w in t.warnings)


def test_a_boost_for_a_step_with_no_trace_is_a_warning():
    t = raven(actions='[{at: "3.1", ice: Raven, by: runner, trace_boost: 2}]')
    assert t.board["counters"] == {"Raven": {"power": 1}}
    assert t.states[-1][1].credits == 5
    assert [w.msg for w in t.warnings] == ["w_bid_unused"]
    assert "3.1@Raven" in t.warnings[0].text(t.rs)


PSI = """
run: {server: Server 1}
servers:
  Server 1:
    root:
      - name: Grid
        type: upgrade
        rezzed: true
        abilities: [{when: approach_server, effect: {psi: true, differ: end_run, match: {tag: 1}}}]
    cards: [{name: Atlas, type: agenda, points: 2}]
actions: %s
"""


@pytest.mark.parametrize(("actions", "outcome", "tags", "credits"), [
    ("[]", "successful", 1, 5),                                                    # both bid 0: match
    ('[{at: "5", by: corp, psi_bid: 2}]', "unsuccessful", 0, 5),                   # differ
    ('[{at: "5", by: corp, psi_bid: 2}, {at: "5", by: runner, psi_bid: 2}]', "successful", 1, 3),
])
def test_psi_game_bids_default_to_zero_and_are_paid(actions, outcome, tags, credits):
    t = run_yaml(PSI % actions)
    assert t.status == outcome
    assert t.board["tags"] == tags
    assert t.states[-1][1].credits == credits
    assert t.board["points"]["runner"] == (2 if outcome == "successful" else 0)


def test_psi_bid_above_two_is_refused_where_it_is_written():
    with pytest.raises(ScenarioError) as e:
        scenario(PSI % '[{at: "5", by: corp, psi_bid: 3}]')
    assert "psi_bid" in str(e.value)


DAMAGE = """
run: {server: HQ}
runner: %s
servers:
  HQ:
    ice: [{name: Wall, rezzed: true, subroutines: [{text: hurt, effect: {net_damage: 3}}, End the run]}]
    cards: [Hedge Fund]
actions: [{at: "3.1", ice: Wall, by: runner, break: [2]}]
"""


def test_more_damage_than_cards_in_the_grip_flatlines_and_ends_the_run():
    t = run_yaml(DAMAGE % "{grip: 2}")
    assert t.board["flatlined"] is True and t.board["grip"] == 0
    assert t.status == "unsuccessful"
    assert t.lists["accessed"] == []


def test_as_much_damage_as_cards_empties_the_grip_without_a_flatline():
    t = run_yaml(DAMAGE % "{grip: [Sure Gamble, Dirty Laundry, Diesel]}")
    assert t.board["flatlined"] is False and t.board["grip"] == 0
    assert t.status == "successful"


def test_no_grip_given_records_damage_and_never_flatlines():
    t = run_yaml(DAMAGE % "{credits: 5}")
    assert t.board["damage"] == {"net": 3, "meat": 0, "core": 0}
    assert t.board["flatlined"] is False and t.board["grip"] is None
    assert t.status == "successful"
    assert "board" not in t.outcome() or t.outcome()["board"]["grip"] is None


COUNTERS = """
run: {server: HQ}
runner:
  tags: 2
  clicks: 3
  cards:
    - name: Sucker
      type: program
      counters: {virus: 1}
      abilities:
        - {when: paid, cost: {spend_counters: {virus: 1}}, effect: {untag: 1}}
        - {when: successful, if: {virus_counters: 1}, effect: {place_counters: {virus: 2}}}
        - {when: successful, if: {tagged: true}, effect: {tag: {count: virus_counters}}}
servers:
  HQ: {cards: [Hedge Fund]}
actions: %s
"""


def test_counters_spent_counted_and_placed_and_tags_counted():
    t = run_yaml(COUNTERS % '[{at: "5.3", by: runner, use: Sucker}]')
    # spent the only counter (2 → 1 tag), so the second ability's condition fails; still tagged:
    # 0 counters on Sucker give 0 more tags
    assert t.board["counters"] == {}
    assert t.board["tags"] == 1
    assert t.board["clicks"] == 2  # the run spent one


def test_a_counter_cost_that_cannot_be_paid_stops_what_it_pays_for():
    t = run_yaml(COUNTERS % '[{at: "5.3", by: runner, use: Sucker}, {at: "5.3", by: runner, use: Sucker}]')
    assert t.board["tags"] == 1  # the second use found no counter
    assert any("cannot be paid" in x for x in texts(t))


def test_without_spending_the_counter_conditions_and_amounts_read_the_board():
    t = run_yaml(COUNTERS % "[]")
    assert t.board["counters"] == {"Sucker": {"virus": 3}}
    assert t.board["tags"] == 5  # 2 + one per virus counter (3)


def test_board_expectations_compare_and_report_differences():
    t = run_yaml(COUNTERS % "[]")
    assert compare(t, {"tags": 5, "counters": {"Sucker": {"virus": 3}}, "clicks": 2, "points": {"runner": 0}}) == []
    diffs = compare(t, {"tags": 4, "counters": {"Sucker": {"virus": 1}}, "damage": {"net": 1}, "flatlined": True})
    assert len(diffs) == 4


@pytest.mark.parametrize(("text", "where"), [
    ("run: {server: HQ}\nrunner: {clicks: 0}\n", "runner.clicks"),
    ("run: {server: HQ}\nrunner: {tags: -1}\n", "runner.tags"),
    ("run: {server: HQ}\nrunner: {cards: [{name: X, type: program, counters: {bogus: 1}}]}\n", "counters"),
    ("run: {server: HQ}\nexpect: {damage: {brain: 1}}\n", "expect.damage"),
])
def test_bad_board_input_is_one_clear_error(text, where):
    with pytest.raises(ScenarioError) as e:
        scenario(text)
    assert where in e.value.located_text("en")


def test_korean_words_for_the_board_events():
    t = raven(link=1, actions='[{at: "3.2", ice: Raven, by: runner, trace_boost: 2}]')
    ko = [e.text(t.rs, "ko") for e in t.events]
    assert any(x.startswith("추적 3") for x in ko)
    assert any("태그 1개" in x for x in ko)


def test_the_schema_knows_the_board_keys():
    s = schema()
    assert {"tags", "grip", "link", "clicks"} <= set(s["properties"]["runner"]["properties"])
    assert "clicks" in s["properties"]["corp"]["properties"]
    assert "counters" in s["$defs"]["card"]["properties"]
    for word in ("tag", "net_damage", "trace", "psi", "place_counters", "trace_boost", "psi_bid", "if_tagged"):
        assert word in s["$defs"]["effect"]["oneOf"][1]["properties"]


def test_a_plain_run_has_no_board_in_its_outcome():
    t = run(scenario("run: {server: HQ}\nservers: {HQ: {cards: [Hedge Fund]}}\n"))
    assert "board" not in t.outcome()


def test_counters_not_given_are_not_counted_and_spending_them_is_taken_as_possible():
    t = run_yaml("""
    run: {server: HQ}
    runner:
      cards:
        - {name: Tool, type: program, abilities: [{when: paid, cost: {spend_counters: {power: 1}}, effect: {gain: 2}}]}
    servers: {HQ: {cards: [Hedge Fund]}}
    actions: [{at: "5.3", by: runner, use: Tool}]
    """)
    assert t.states[-1][1].credits == 7
    assert any("not counted" in x for x in texts(t))
    assert t.board["counters"] == {}


TURN = """
runner: {credits: 5, clicks: 3, grip: 3}
servers:
  HQ:
    ice: [{name: Raven, rezzed: false, subroutines: [{text: trace, effect: {trace: 3, then: {place_counters: {power: 1}}}}]}]
    cards: [Hedge Fund]
  Archives:
    cards: [{name: Atlas, type: agenda, points: 2}, {name: Trap, type: asset, abilities: [{when: accessed, effect: {net_damage: 3}}]}]
runs:
  - server: HQ
    actions: [{at: "2.3", ice: Raven, by: corp, rez: Raven}]
  - server: Archives
  - server: HQ
expect: %s
"""


def test_a_turn_carries_the_board_from_run_to_run():
    from judge.engine import run_turn
    sc = scenario(TURN % "{clicks: 0}")
    traces = run_turn(sc)
    assert len(traces) == 3
    assert traces[0].board["counters"] == {"Raven": {"power": 1}}
    assert traces[1].lists["stolen"] == ["Atlas"] and traces[1].board["grip"] == 0
    assert traces[1].board["flatlined"] is False  # 3 damage, 3 cards
    # the ice rezzed in the first run is still rezzed, and its counters add up
    assert traces[2].board["counters"] == {"Raven": {"power": 2}}
    assert traces[2].board["clicks"] == 0
    assert not any(w.msg == "w_never_rezzed" for w in traces[2].warnings)


def test_a_flatline_ends_the_turn_and_a_later_runs_expectation_says_so(tmp_path):
    from judge.analysis.check import check_file
    text = (TURN % "{tags: 0}").replace("grip: 3", "grip: 2").replace(
        "  - server: HQ\nexpect", "  - server: HQ\n    expect: {outcome: successful}\nexpect")
    f = tmp_path / "turn.yaml"
    f.write_text(text)
    results = check_file(f)
    labels = {r.label.rsplit("] ", 1)[-1]: r for r in results}
    assert not labels["run 3"].passed and "was not made" in labels["run 3"].texts()[0]
    assert labels["turn"].passed  # the board after the last run made: no tag


def test_an_error_in_a_later_run_names_that_run():
    bad = (TURN % "{}").replace("  - server: Archives\n", "  - server: Archives\n    actions: [{at: \"9.9\", by: runner, jack_out: true}]\n")
    with pytest.raises(ScenarioError) as e:
        scenario(bad)
    assert "runs[1].actions[0]" in e.value.located_text("en")


def test_a_one_run_view_of_a_turn_says_it_shows_the_first():
    t = run(scenario(TURN % "{}"))
    assert any("turn of 3 runs" in w.text(t.rs) for w in t.warnings)


def test_first_run_of_the_turn_is_a_condition():
    from judge.engine import run_turn
    text = """
    runner:
      credits: 5
      cards: [{name: Bonus, type: resource, abilities: [{when: successful, if: {first_run: true}, effect: {gain: 2}}]}]
    servers: {HQ: {cards: [Hedge Fund]}}
    runs: [{server: HQ}, {server: HQ}]
    """
    traces = run_turn(scenario(text))
    assert [t.states[-1][1].credits for t in traces] == [7, 7]


def test_counting_counters_that_are_not_given_is_said():
    text = """
    run: {server: Server 1}
    servers:
      Server 1:
        cards:
          - {name: Trap, type: asset, %s abilities: [{when: accessed, effect: {tag: {count: advancement_counters, plus: 1}}}]}
    """
    plain, given = run_yaml(text % ""), run_yaml(text % "counters: {advancement: 2},")
    assert plain.board["tags"] == 1 and [w.msg for w in plain.warnings] == ["w_counters_not_given"]
    assert given.board["tags"] == 3 and not given.warnings


def test_an_amount_counts_the_counters_of_the_card_whose_ability_it_is_not_the_ice_met():
    """A Runner card's ability counting its own counters while an ice is encountered: the card's
    counters (3), not the ice's (none given), and no warning about counters not given."""
    t = run_yaml("""
title: counted on the source
run: {server: HQ}
runner:
  credits: 0
  cards:
    - name: Battery
      type: resource
      counters: {power: 3}
      abilities:
        - {when: encountered, ice: Wall, effect: {gain: {count: power_counters}}}
servers:
  HQ:
    ice: [{name: Wall, rezzed: true, counters: {power: 1}, subroutines: []}]
    cards: [Hedge Fund]
expect: {credits: 3}
""")
    assert t.states[-1][1].credits == 3
    assert not [x for x in texts(t) if "not given" in x]


@pytest.mark.parametrize(("virus", "tags"), [(0, 0), (1, 0), (2, 1), (4, 3)])
def test_a_count_less_some_is_never_below_zero(virus, tags):
    """`plus: -1`: one less than the counters (Medium, Nerve Agent: a number below their counters);
    with no counter the amount is 0, not -1."""
    t = run_yaml("""
title: a count less one
run: {server: HQ}
runner:
  cards:
    - {name: Sucker, type: program, counters: {virus: %d},
       abilities: [{when: successful, effect: {tag: {count: virus_counters, plus: -1}}}]}
servers:
  HQ: {cards: [Hedge Fund]}
""".replace("%d", str(virus)))
    assert t.board["tags"] == tags


def test_a_count_less_more_than_a_hundred_is_refused():
    with pytest.raises(ScenarioError) as err:
        scenario("""
run: {server: HQ}
runner:
  cards: [{name: Sucker, type: program, abilities: [{when: successful, effect: {tag: {count: tags, plus: -101}}}]}]
servers: {HQ: {cards: [Hedge Fund]}}
""")
    assert "plus" in str(err.value)


def test_a_turn_carries_the_corps_credits_and_the_credits_left_on_cards():
    """What the Corp lost in run 1 and the recurring credit spent there are gone in run 2."""
    from judge.engine import run_turn
    text = """
    corp: {credits: 5}
    runner:
      credits: 0
      cards:
        - {name: Feeder, type: hardware, credits: 1, credits_for: any}
        - name: Weave
          type: hardware
          abilities: [{when: successful, effect: [{corp_pay: 2}, {gain: 1}]}]
        - name: Fracter
          type: program
          breaker: {break: [{subtypes: [barrier], subs: 1, cost: 1}]}
          strength: 5
    servers:
      HQ: {ice: [{name: Wall, type: ice, subtypes: [barrier], strength: 1, rezzed: true, subroutines: [End the run]}], cards: [Hedge Fund]}
    runs:
      - {server: HQ, actions: [{at: "3.1", ice: Wall, by: runner, break: all, with: Fracter}]}
      - {server: HQ, actions: [{at: "3.1", ice: Wall, by: runner, break: all, with: Fracter}]}
    """
    traces = run_turn(scenario(text))
    assert [t.states[-1][1].corp_credits for t in traces] == [3, 1]
    # run 1: the hosted credit pays the break, then +1; run 2: the pool's credit pays, then +1
    assert [t.states[-1][1].credits for t in traces] == [1, 1]
    assert [dict(t.states[-1][1].hosted).get("Feeder", 0) for t in traces] == [0, 0]


@pytest.mark.parametrize(("chosen", "on_a", "on_b", "warned"), [
    ("chosen: Virus B,", {}, {"virus": 1}, False),
    ("", {}, {}, True),
])
def test_counters_go_on_the_card_chosen_beside_the_source(chosen, on_a, on_b, warned):
    """`on: chosen`: the card written as `chosen:` beside the card whose effect it is (Knobkierie's
    virus program); none written: no counter, and the trace says so."""
    t = run_yaml("""
title: on the chosen card
run: {server: HQ}
runner:
  cards:
    - {name: Feeder, type: hardware, %s abilities: [{when: successful, effect: {place_counters: {virus: 1}, "on": chosen}}]}
    - {name: Virus A, type: program, counters: {virus: 0}}
    - {name: Virus B, type: program, counters: {virus: 0}}
servers:
  HQ: {cards: [Hedge Fund]}
""".replace("%s", chosen))
    counters = t.board["counters"]
    assert counters.get("Virus A", {}) == on_a and counters.get("Virus B", {}) == on_b
    assert any(w.msg == "w_counters_not_chosen" for w in t.warnings) == warned


@pytest.mark.parametrize(("servers", "refused"), [(("HQ", "R&D"), False), (("HQ", "HQ"), True), (("Archives", "Archives"), True)])
def test_a_card_that_runs_a_central_server_not_run_this_turn_is_refused_on_one_run_before(servers, refused):
    """`runs: central_not_run` (Red Team): the turn's earlier runs are checked; the error names the run."""
    text = """
    runner: {cards: [{name: Job, type: resource, runs: central_not_run}]}
    servers: {HQ: {cards: [Hedge Fund]}, R&D: {cards: [PAD Campaign]}, Archives: {cards: [Ice Wall]}}
    runs: [{server: %s}, {server: %s, by: Job}]
    """.replace("%s", servers[0], 1).replace("%s", servers[1], 1)
    if not refused:
        assert len(scenario(text).runs) == 2
        return
    with pytest.raises(ScenarioError) as err:
        scenario(text)
    assert "runs[1].server" in str(err.value) and "run 1 of the turn already ran" in str(err.value)


def test_a_card_that_runs_a_central_server_not_run_this_turn_runs_no_remote():
    with pytest.raises(ScenarioError) as err:
        scenario("""
    runner: {cards: [{name: Job, type: resource, runs: central_not_run}]}
    servers: {Server 1: {cards: [PAD Campaign]}}
    run: {server: Server 1, by: Job}
    """)
    assert "a central server not run earlier this turn" in str(err.value)


@pytest.mark.parametrize(("strength", "bypassed"), [(3, True), (4, False)])
def test_ice_strength_below_reads_the_encountered_ices_strength_now(strength, bypassed):
    """`ice_strength_below: 4` holds for ice of strength 3 or less (Malandragem), not for 4."""
    t = run_yaml("""
title: strength below
run: {server: HQ}
runner:
  cards:
    - {name: Bypasser, type: program, abilities: [{when: encountered, if: {ice_strength_below: 4}, effect: bypass}]}
servers:
  HQ:
    ice: [{name: Wall, type: ice, subtypes: [barrier], strength: %d, rezzed: true, subroutines: [End the run]}]
    cards: [Hedge Fund]
""".replace("%d", str(strength)))
    assert (t.lists["bypassed"] == ["Wall"]) == bypassed
    assert t.status == ("successful" if bypassed else "unsuccessful")


def test_ice_strength_below_with_no_strength_given_is_taken_to_hold_and_said():
    t = run_yaml("""
title: strength unknown
run: {server: HQ}
runner:
  cards:
    - {name: Bypasser, type: program, abilities: [{when: encountered, if: {ice_strength_below: 4}, effect: bypass}]}
servers:
  HQ: {ice: [{name: Wall, rezzed: true, subroutines: [End the run]}], cards: [Hedge Fund]}
""")
    assert t.lists["bypassed"] == ["Wall"]
    assert [w.msg for w in t.warnings].count("w_strength_not_known") == 1


@pytest.mark.parametrize(("by", "bypassed"), [("Clock", ["Wall"]), (None, [])])
def test_made_run_holds_only_in_the_run_the_card_made(by, bypassed):
    t = run_yaml("""
title: made the run
run: {server: HQ%s}
runner:
  cards:
    - {name: Clock, type: hardware, runs: HQ, abilities: [{when: encountered, if: {made_run: true}, effect: bypass}]}
servers:
  HQ: {ice: [{name: Wall, rezzed: true, subroutines: [End the run]}], cards: [Hedge Fund]}
""".replace("%s", ", by: Clock" if by else ""))
    assert t.lists["bypassed"] == bypassed


def test_a_run_made_by_a_card_costs_its_run_clicks_in_one_run_and_over_a_turn():
    """`run_clicks: 0` (Alarm Clock's run as the turn begins) spends no click; a plain run spends 1."""
    from judge.engine import run_turn
    text = """
    runner:
      clicks: 4
      cards: [{name: Clock, type: hardware, runs: HQ, run_clicks: 0}]
    servers: {HQ: {cards: [Hedge Fund]}}
    runs: [{server: HQ, by: Clock}, {server: HQ}, {server: HQ, by: Clock}]
    """
    traces = run_turn(scenario(text))
    assert [t.board["clicks"] for t in traces] == [4, 3, 3]
    one = run_yaml(text.replace("runs: [{server: HQ, by: Clock}, {server: HQ}, {server: HQ, by: Clock}]",
                                "run: {server: HQ, by: Clock}"))
    assert one.board["clicks"] == 4


@pytest.mark.parametrize(("installed", "tags"), [(True, 0), (False, 1)])
def test_link_from_a_static_ability_counts_in_a_trace_and_in_the_link_condition(installed, tags):
    """`{when: static, effect: {link: 1}}` adds to `runner.link` while the card is installed: trace 2
    against link 1 + 1 is a tie, which the Runner wins; without the card the Corp wins (a tag)."""
    cards = "[{name: Console, type: hardware, abilities: [{when: static, effect: {link: 1}}]}]" if installed else "[]"
    t = run_yaml("""
title: link from a card
run: {server: HQ}
runner:
  link: 1
  cards: %s
servers:
  HQ:
    ice: [{name: Raven, rezzed: true, subroutines: [{text: Trace 2, effect: {trace: 2, then: {tag: 1}}}]}]
    cards: [Hedge Fund]
actions: [{at: "3.1", ice: Raven, by: runner, break: []}]
""".replace("%s", cards))
    assert t.board["tags"] == tags


def test_link_resolved_as_an_ordinary_effect_does_nothing_and_says_so():
    t = run_yaml("""
title: link as an effect
run: {server: HQ}
runner:
  cards: [{name: Console, type: hardware, abilities: [{when: successful, effect: {link: 1}}]}]
servers: {HQ: {cards: [Hedge Fund]}}
""")
    assert [w.msg for w in t.warnings] == ["w_static_only"]


STEALTH = """
title: stealth credits
run: {server: HQ}
runner:
  credits: 5
  cards:
    - {name: Buyer, type: hardware, abilities: [{when: successful, cost: {pay: 2, from: stealth}, effect: {access_more: 1}}]}
    %s
servers: {HQ: {cards: [Hedge Fund, PAD Campaign]}}
"""


@pytest.mark.parametrize(("cards", "accessed", "credits", "left"), [
    ("- {name: Cloak, type: program, subtypes: [stealth], credits: 3, credits_for: any}", 2, 5, 1),
    ("- {name: Cloak, type: program, subtypes: [stealth], credits: 1, credits_for: any}", 1, 5, 1),
    ("- {name: Purse, type: resource, credits: 3, credits_for: any}", 1, 5, 3),
    ("- {name: Cloak, type: program, subtypes: [stealth], credits: 3, credits_for: icebreakers}", 1, 5, 3),
])
def test_a_payment_from_stealth_cards_takes_only_their_credits(cards, accessed, credits, left):
    """`pay: N, from: stealth` (Mu Safecracker): the pool never pays; credits hosted on a stealth card
    for any use do; a non-stealth card's, or a stealth card's for icebreakers only, do not."""
    t = run_yaml(STEALTH % cards)
    assert len(t.lists["accessed"]) == accessed
    final = t.states[-1][1]
    assert final.credits == credits
    assert dict(final.hosted).get("Cloak", dict(final.hosted).get("Purse")) == left


@pytest.mark.parametrize(("inner", "fired"), [(False, ["Outer"]), (True, ["Inner"])])
def test_ice_outermost_holds_only_for_the_attacked_servers_outermost_ice(inner, fired):
    """`ice_outermost: true` at each encounter: true at the outermost ice only (an ability that asks
    `false` reacts at the inner one instead)."""
    t = run_yaml("""
title: outermost
run: {server: HQ}
runner:
  cards:
    - {name: Watcher, type: hardware, abilities: [{when: encountered, if: {ice_outermost: %s}, effect: bypass}]}
servers:
  HQ:
    ice: [{name: Outer, rezzed: true, subroutines: []}, {name: Inner, rezzed: true, subroutines: []}]
    cards: [Hedge Fund]
""".replace("%s", "false" if inner else "true"))
    assert t.lists["bypassed"] == fired


def test_an_ability_on_the_chosen_ice_reacts_to_that_ice_only_and_says_so_when_it_is_not_written():
    text = """
title: host
run: {server: HQ}
runner:
  cards:
    - {name: Trojan, type: program, %s abilities: [{when: encountered, ice: chosen, effect: bypass}]}
servers:
  HQ: {ice: [{name: Wall, rezzed: true, subroutines: []}, {name: Host, rezzed: true, subroutines: []}], cards: [Hedge Fund]}
"""
    assert run_yaml(text % "chosen: Host,").lists["bypassed"] == ["Host"]
    # not written: offered at every ice, and the trace says which card wanted a `chosen:`
    unsaid = run_yaml(text % "")
    assert unsaid.lists["bypassed"] == ["Wall", "Host"]
    assert any("Trojan works on the piece of ice it chose" in e.text(unsaid.rs, "en") for e in unsaid.warnings)


@pytest.mark.parametrize(("server", "refused"), [("HQ", False), ("R&D", False), ("Archives", True)])
def test_a_card_that_runs_hq_or_rd_is_refused_on_archives(server, refused):
    text = """
    runner: {cards: [{card: severnius_stim_implant}]}
    servers: {HQ: {cards: [Hedge Fund]}, R&D: {cards: [PAD Campaign]}, Archives: {cards: [Ice Wall]}}
    run: {server: %s, by: Severnius Stim Implant}
    """.replace("%s", server)
    if not refused:
        assert scenario(text).by == "Severnius Stim Implant"
        return
    with pytest.raises(ScenarioError) as err:
        scenario(text)
    assert "HQ or R&D" in str(err.value)


@pytest.mark.parametrize(("clicks", "left", "said"), [("clicks: 3", 4, "clicks_gained"), ("", None, "clicks_gained_uncounted")])
def test_gain_clicks_adds_counted_clicks_and_is_remembered_for_the_turn(clicks, left, said):
    t = run_yaml("""
title: gain clicks
run: {server: HQ}
runner:
  %s
  cards:
    - {name: Clicker, type: resource, abilities: [{when: successful, effect: [{gain_clicks: 2}, {only_if: {clicks_gained: 2}, then: {tag: 1}}]}]}
servers: {HQ: {cards: [Hedge Fund]}}
""".replace("%s", clicks))
    assert t.states[-1][1].sides.clicks == left
    assert t.states[-1][1].sides.clicks_gained == 2 and t.board["tags"] == 1
    assert any(e.msg == said for e in t.events)


def test_uninstall_to_grip_adds_the_card_to_a_counted_grip():
    t = run_yaml("""
title: to the grip
run: {server: HQ}
runner:
  grip: 1
  cards:
    - {name: Bouncer, type: program, abilities: [{when: successful, effect: {uninstall: this, to_grip: true}}]}
    - {name: Other, type: program, abilities: [{when: successful, effect: {uninstall: this}}]}
servers: {HQ: {cards: [Hedge Fund]}}
""")
    assert t.board["grip"] == 2


CHARM = """
runner:
  cards:
    - {name: Charm, type: hardware, abilities: [{when: static, if: {successful_on: HQ}, effect: {prevent: end_run}}]}
    - {name: Quitter, type: resource, abilities: [{when: approach_server, if: {server: Archives}, effect: end_run}]}
servers:
  HQ: {cards: [Hedge Fund]}
  R&D: {ice: [{name: Wall, rezzed: true, subroutines: [End the run]}], cards: [PAD Campaign]}
  Archives: {cards: [Ice Wall]}
runs: %s
"""


@pytest.mark.parametrize(("runs", "statuses"), [
    ("[{server: HQ}, {server: R&D}]", ["successful", "successful"]),          # the HQ success lets it stop Wall
    ("[{server: R&D}, {server: HQ}]", ["unsuccessful", "successful"]),        # no HQ success yet
    ("[{server: HQ}, {server: R&D}, {server: R&D}]", ["successful", "successful", "unsuccessful"]),  # used up
    ("[{server: HQ}, {server: Archives}]", ["successful", "unsuccessful"]),   # a Runner card's end: not stopped
])
def test_a_static_prevent_stops_a_corp_card_ending_the_run_once_its_condition_holds(runs, statuses):
    """`{prevent: end_run}` (Lucky Charm) with `successful_on: HQ` (a successful HQ run this turn)."""
    from judge.engine import run_turn
    traces = run_turn(scenario(CHARM.replace("%s", runs)))
    assert [t.status for t in traces] == statuses


def test_prevent_resolved_as_an_ordinary_effect_does_nothing_and_says_so():
    t = run_yaml("""
title: prevent as an effect
run: {server: HQ}
runner:
  cards: [{name: Charm, type: hardware, abilities: [{when: successful, effect: {prevent: end_run}}]}]
servers: {HQ: {cards: [Hedge Fund]}}
""")
    assert [w.msg for w in t.warnings] == ["w_static_only"]
