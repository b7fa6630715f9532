"""What the ice models of issues 24/25 needed from the engine: subroutines counted by counters,
limits on breaking, `forbid: break`, the `broken` moment, `access_fewer`, `grip_to_stack`, the
`server_ice` count, the `protects` and `broke_with` conditions, a subroutine's jack-out offer and
a decline written at the subroutines' step (docs/board.md)."""

from __future__ import annotations

import pytest
from helpers import run_yaml, scenario, texts

from judge.errors import ScenarioError
from judge.scenario.schema import schema

HEDGE = "cards: [{name: Hedge Fund, type: operation}]"


def _ice(subs: str, extra: str = "", rezzed: bool = True, server: str = "HQ", before: str = "") -> str:
    return f"""
title: t
run: {{server: {server}}}
servers:
  {server}:
    ice: [{before}{{name: Wall, rezzed: {str(rezzed).lower()}, subroutines: {subs}{extra}}}]
    {HEDGE}
"""


# ------------------------------------------------------------------ subroutines counted by counters
PER = '[{text: End the run, per: {count: advancement_counters, on_rez: 1}}]'


def _subs(extra: str, rezzed: bool = True) -> int:
    sc = scenario(_ice(PER, extra, rezzed))
    return len(sc.servers["HQ"].ice[0].subroutines)


def test_a_subroutine_per_counter_is_listed_once_per_counter_given():
    assert _subs(", counters: {advancement: 3}") == 3
    assert _subs(", counters: {advancement: 0}") == 0


def test_an_unrezzed_ice_counts_the_counters_its_rez_places():
    assert _subs(", counters: {advancement: 2}", rezzed=False) == 3
    assert _subs("", rezzed=False) == 1


def test_counters_not_given_on_a_rezzed_ice_count_one_and_the_trace_says_so():
    assert _subs("") == 1
    t = run_yaml(_ice(PER))
    assert any("counters are not given" in x for x in texts(t))
    counted = run_yaml(_ice(PER, ", counters: {advancement: 2}"))
    assert any("Wall has 2 subroutine(s)" in x for x in texts(counted))


def test_per_names_a_counter_kind_or_is_refused():
    with pytest.raises(ScenarioError):
        scenario(_ice('[{text: End the run, per: tags}]'))
    props = schema()["$defs"]
    assert "per" in str(props)


# ------------------------------------------------------------------ limits on breaking
LIMITED = ", abilities: [{when: static, effect: {break_limit: 1}}]"


def test_a_break_over_the_limit_is_refused_whole_and_warned():
    t = run_yaml(_ice("[End the run, End the run]", LIMITED) + 'actions: [{at: "3.1", ice: Wall, by: runner, break: all}]')
    assert t.status == "unsuccessful"
    assert [x.text(t.rs) for x in t.warnings if "at most 1" in x.text(t.rs)]


def test_a_second_break_in_the_encounter_counts_the_first():
    t = run_yaml(_ice("[End the run, {text: note}]", LIMITED)
                 + 'actions: [{at: "3.1", ice: Wall, by: runner, break: [1]}, {at: "3.1", ice: Wall, by: runner, break: [2]}]')
    assert t.status == "successful" and len(t.warnings) == 1


def test_a_limit_only_by_a_subtype_spares_other_breakers_and_unnamed_breaks():
    limit = ", abilities: [{when: static, effect: {break_limit: 0, only_by: ai}}]"
    base = _ice("[End the run]", limit).replace("title: t", "title: t\nrunner: {credits: 9, cards: [%s]}")
    ai = "{name: AI, type: program, subtypes: [icebreaker, ai], strength: 9, breaker: {break: [{subtypes: any, subs: 1, cost: 1}]}}"
    refused = run_yaml(base % ai + 'actions: [{at: "3.1", ice: Wall, by: runner, break: all, with: AI}]')
    unnamed = run_yaml(base % ai + 'actions: [{at: "3.1", ice: Wall, by: runner, break: all}]')
    assert refused.status == "unsuccessful" and unnamed.status == "successful"


def test_a_limit_except_by_a_subtype_holds_for_unnamed_breaks():
    limit = ", abilities: [{when: static, effect: {break_limit: 1, except_by: killer}}]"
    t = run_yaml(_ice("[End the run, End the run]", limit) + 'actions: [{at: "3.1", ice: Wall, by: runner, break: all}]')
    assert t.status == "unsuccessful"


def test_protects_reads_the_server_the_ice_is_installed_in():
    limit = ", abilities: [{when: static, if: {protects: HQ}, effect: {break_limit: 1}}]"
    act = 'actions: [{at: "3.1", ice: Wall, by: runner, break: all}]'
    on_hq = run_yaml(_ice("[End the run, End the run]", limit) + act)
    on_rd = run_yaml(_ice("[End the run, End the run]", limit, server="R&D") + act)
    assert on_hq.status == "unsuccessful" and on_rd.status == "successful"


def test_forbid_break_for_the_encounter_refuses_every_break():
    forbid = ", abilities: [{when: encountered, effect: {forbid: break, until: encounter_ends}}]"
    t = run_yaml(_ice("[End the run]", forbid) + 'actions: [{at: "3.1", ice: Wall, by: runner, break: all}]')
    assert t.status == "unsuccessful"
    assert any("forbids breaking" in w.text(t.rs) for w in t.warnings)


def test_a_break_limit_resolved_as_an_effect_does_nothing_and_says_so():
    t = run_yaml(_ice("[{text: x, effect: {break_limit: 1}}]"))
    assert any("static ability" in w.text(t.rs) for w in t.warnings)


# ------------------------------------------------------------------ the `broken` moment
def test_broken_abilities_resolve_once_per_subroutine_broken():
    ab = ", abilities: [{when: broken, effect: {lose: 1}}]"
    t = run_yaml(_ice("[End the run, End the run]", ab) + 'actions: [{at: "3.1", ice: Wall, by: runner, break: all}]')
    assert t.states[-1][1].credits == 3
    assert list(t.states[-1][1].triggered) == ["Wall: broken", "Wall: broken"]


# ------------------------------------------------------------------ access_fewer, grip_to_stack, server_ice
def test_access_fewer_lasts_for_the_run_and_leaves_the_last_card_in_order():
    text = """
title: t
run: {server: Server 1}
servers:
  Server 1:
    ice: [{name: Wall, rezzed: true, subroutines: [{text: x, effect: {access_fewer: 1}}]}]
    cards: [{name: PAD, type: asset}]
    root: [{name: Up, type: upgrade}]
"""
    t = run_yaml(text)
    assert list(t.states[-1][1].accessed) == ["PAD"]
    ordered = run_yaml(text + 'actions: [{at: "5.5", by: runner, access_order: [Up, PAD]}]')
    assert list(ordered.states[-1][1].accessed) == ["Up"]


def test_grip_to_stack_shrinks_a_counted_grip_and_never_below_zero():
    sub = "[{text: x, effect: {grip_to_stack: 2}}]"
    t = run_yaml(_ice(sub).replace("title: t", "title: t\nrunner: {grip: 3}"))
    assert t.board["grip"] == 1
    t = run_yaml(_ice(sub).replace("title: t", "title: t\nrunner: {grip: 1}"))
    assert t.board["grip"] == 0
    uncounted = run_yaml(_ice(sub))
    assert any("not counted" in x for x in texts(uncounted))


def test_server_ice_counts_the_ice_protecting_the_cards_server():
    sub = "[{text: x, effect: {gain: {count: server_ice, times: 2}}}]"
    one = run_yaml(_ice(sub))
    two = run_yaml(_ice(sub, before="{name: Outer, rezzed: false}, "))
    assert one.states[-1][1].credits == 7 and two.states[-1][1].credits == 9


# ------------------------------------------------------------------ broke_with, offers and declines
def test_broke_with_reads_the_subtype_of_the_breaker_named():
    ab = ", abilities: [{when: passed, effect: {only_if: {broke_with: decoder}, otherwise: {tag: 1}}}]"
    base = _ice("[End the run]", ab).replace("title: t", "title: t\nrunner: {credits: 9, cards: [%s]}")
    dec = "{name: Dec, type: program, subtypes: [icebreaker, decoder], strength: 9, breaker: {break: [{subtypes: any, subs: 1, cost: 1}]}}"
    with_dec = run_yaml(base % dec + 'actions: [{at: "3.1", ice: Wall, by: runner, break: all, with: Dec}]')
    unnamed = run_yaml(base % dec + 'actions: [{at: "3.1", ice: Wall, by: runner, break: all}]')
    assert with_dec.board.get("tags", 0) == 0 and unnamed.board["tags"] == 1


def test_a_jack_out_a_broken_subroutine_offered_is_not_taken_on_its_own():
    subs = "[{text: x, effect: [{gain: 1}, offer_jack_out]}, {text: y}]"
    act = 'actions: [{at: "3.1", ice: Wall, by: runner, break: [1]}, {at: "3.2", ice: Wall, by: runner, jack_out: true, granted_by: Wall}]'
    t = run_yaml(_ice(subs) + act)
    assert t.status == "successful"
    assert any("no jack out was offered" in w.text(t.rs) for w in t.warnings)
    taken = run_yaml(_ice(subs) + act.replace('{at: "3.1", ice: Wall, by: runner, break: [1]}, ', ""))
    assert taken.status == "unsuccessful"


def test_only_if_declined_takes_the_decline_written_at_the_subroutines_step():
    subs = "[{text: x, effect: {only_if: {declined: true}, then: {gain: 1}, otherwise: end_run}}]"
    ends = run_yaml(_ice(subs))
    goes = run_yaml(_ice(subs) + 'actions: [{at: "3.2", ice: Wall, by: corp, decline: Wall}]')
    assert ends.status == "unsuccessful"
    assert goes.status == "successful" and goes.states[-1][1].credits == 6


# ------------------------------------------------------------------ the next encounter (Chum)
NEXT = ("[{text: x, effect: {next_encounter: true, begins: {strength: 2, of: encountered_ice}, "
        "ends: {only_if: {fully_broken: false}, then: {net_damage: 3}}}}]")


def _two(inner: str, actions: str = "[]") -> str:
    return f"""
title: t
run: {{server: HQ}}
servers:
  HQ:
    ice: [{{name: Chummy, rezzed: true, subroutines: {NEXT}}}, {{name: Inner, rezzed: true, strength: 1, subroutines: {inner}}}]
    {HEDGE}
actions: {actions}
"""


def test_next_encounter_effects_resolve_at_the_next_encounters_beginning_and_end():
    t = run_yaml(_two("[{text: y, effect: {tag: 1}}]"))
    assert t.board["damage"]["net"] == 3
    said = texts(t)
    assert any("Inner gets +2 strength (now 3)" in x for x in said)


def test_a_fully_broken_next_ice_takes_no_damage():
    t = run_yaml(_two("[End the run]", '[{at: "3.1", ice: Inner, by: runner, break: all}]'))
    assert t.status == "successful" and t.board.get("damage", {}).get("net", 0) == 0


def test_an_encounter_ended_by_the_run_ending_still_ends_what_waited_for_it():
    t = run_yaml(_two("[End the run]"))
    assert t.status == "unsuccessful" and t.board["damage"]["net"] == 3


def test_only_the_next_encounter_takes_it():
    text = _two("[{text: y}]", '[{at: "3.1", ice: Inner, by: runner, break: all}]').replace(
        "subroutines: [{text: y}]}]", "subroutines: [{text: y}]}, {name: Third, rezzed: true, subroutines: [{text: z}]}]")
    t = run_yaml(text)
    assert list(t.states[-1][1].encountered) == ["Chummy", "Inner", "Third"]
    assert t.board.get("damage", {}).get("net", 0) == 0  # Inner was fully broken; Third is not the next


def test_rezzed_this_turn_holds_for_a_rez_in_the_run_not_for_ice_written_rezzed():
    ab = ", abilities: [{when: encountered, if: {rezzed_this_turn: true}, effect: {gain: 1}}]"
    before = run_yaml(_ice("[{text: x}]", ab))
    now = run_yaml(_ice("[{text: x}]", ab, rezzed=False) + 'actions: [{at: "2.3", ice: Wall, by: corp, rez: Wall}]')
    assert before.states[-1][1].credits == 5 and now.states[-1][1].credits == 6


def test_per_archives_cards_counts_pairs_of_a_subtype_in_archives():
    text = """
title: t
run: {server: HQ}
servers:
  HQ:
    ice: [{name: Chain, rezzed: true, subroutines: [{text: x, effect: {lose: 1}, per: {count: archives_cards, subtype: transaction, each: 2}}, End the run]}]
    cards: [{name: Hedge Fund, type: operation}]
  Archives: {cards: [%s]}
"""
    op = "{name: Op%d, type: operation, subtypes: [transaction]}"
    for n, subs in ((1, 1), (2, 2), (5, 3)):
        sc = scenario(text % ", ".join(op % i for i in range(n)))
        assert len(sc.servers["HQ"].ice[0].subroutines) == subs
    with pytest.raises(ScenarioError):
        scenario(text.replace("subtype: transaction, ", "") % (op % 0))


def test_per_protects_lists_the_subroutine_only_on_ice_protecting_that_server():
    text = """
title: t
run: {server: %(s)s}
servers:
  %(s)s:
    ice: [{name: Gate, rezzed: true, subroutines: [End the run, {text: x, per: {count: protects, server: HQ}}]}]
    cards: [{name: Hedge Fund, type: operation}]
"""
    assert len(scenario(text % {"s": "HQ"}).servers["HQ"].ice[0].subroutines) == 2
    assert len(scenario(text % {"s": "R&D"}).servers["R&D"].ice[0].subroutines) == 1
    with pytest.raises(ScenarioError):
        scenario(text.replace(", server: HQ}", "}") % {"s": "HQ"})


def test_per_rezzed_ice_counts_rezzed_ice_of_a_subtype_and_the_card_itself():
    text = """
title: t
run: {server: R&D}
servers:
  R&D:
    ice: [{name: Opal, subtypes: [next], rezzed: %s, subroutines: [{text: x, per: {count: rezzed_ice, subtype: next}}]}]
    cards: [{name: Hedge Fund, type: operation}]
  HQ: {ice: [{name: Silver, type: ice, subtypes: [next], rezzed: true}, {name: Bronze, type: ice, subtypes: [next]}, {name: Wall, type: ice, rezzed: true}]}
"""
    assert len(scenario(text % "true").servers["R&D"].ice[0].subroutines) == 2
    assert len(scenario(text % "false").servers["R&D"].ice[0].subroutines) == 2  # rezzed when it is encountered


# ------------------------------------------------------------------ the threat
THREAT = "[{text: x, effect: {only_if: {threat: 3}, then: {gain: 1}, otherwise: {lose: 1}}}]"


@pytest.mark.parametrize(("sides", "credits"), [
    ("runner: {points: 3}", 6), ("corp: {points: 3}", 6), ("runner: {points: 2}\ncorp: {points: 2}", 4), ("", 4)])
def test_the_threat_is_the_most_points_a_player_has(sides, credits):
    t = run_yaml(_ice(THREAT).replace("title: t", "title: t\n" + sides))
    assert t.states[-1][1].credits == credits


def test_the_threat_counts_the_agendas_stolen_this_run_and_says_when_no_score_is_given():
    text = """
title: t
run: {server: HQ}
runner: {points: 1}
servers:
  HQ:
    cards: [{name: Atlas, type: agenda, points: 2}]
    root: [{name: Up, type: upgrade, rezzed: true, abilities: [{when: run_ends, effect: {only_if: {threat: 3}, then: {gain: 1}}}]}]
"""
    assert run_yaml(text).states[-1][1].credits == 6
    untold = run_yaml(_ice(THREAT))
    assert any("no player's agenda points are given" in x for x in texts(untold))


def test_a_break_limit_may_be_counted():
    limit = ", counters: {power: 1}, abilities: [{when: static, effect: {break_limit: {count: power_counters}}}]"
    one = run_yaml(_ice("[End the run, End the run]", limit) + 'actions: [{at: "3.1", ice: Wall, by: runner, break: [1]}]')
    two = run_yaml(_ice("[End the run, End the run]", limit) + 'actions: [{at: "3.1", ice: Wall, by: runner, break: all}]')
    assert not one.warnings and len(two.warnings) == 1
