"""The Runner's side of a run, computed (issues 24/25): conditions, counts and effects the Runner's
cards need (docs/board.md, "The Runner's cards")."""

from __future__ import annotations

import pytest
from helpers import run_yaml, scenario, texts

from judge.engine import run_turn
from judge.errors import ScenarioError


def _bonus(cond: str, effect: str = "{gain: 1}", when: str = "run_ends") -> str:
    return f"{{name: Bonus, type: resource, abilities: [{{when: {when}, if: {cond}, effect: {effect}}}]}}"


def one(cond: str, *, server: str = "HQ", extra: str = "", actions: str = "[]", runner: str = "",
        servers: str = "", when: str = "run_ends", by: str = "") -> int:
    """The Runner's credits after a run where Bonus gains 1 when `cond` holds."""
    t = run_yaml(f"""
title: condition
run: {{server: {server}{', by: ' + by if by else ''}}}
runner: {{credits: 0, {runner} cards: [{_bonus(cond, when=when)}{', ' + extra if extra else ''}]}}
servers: {servers or '{HQ: {cards: [Hedge Fund]}, R&D: {cards: [Sure Gamble]}, Archives: {cards: [Diesel]}}'}
actions: {actions}
""")
    return t.states[-1][1].credits


def test_breached_holds_after_the_breach_and_not_after_a_jack_out_or_a_replaced_breach():
    assert one("{breached: true}") == 1
    assert one("{breached: true}", actions='[{at: "5.2", by: runner, jack_out: true}]') == 0
    siphon = "{card: account_siphon}"
    assert one("{breached: true}", extra=siphon, by="Account Siphon") == 0
    assert one("{breached: false}", extra=siphon, by="Account Siphon") == 1


def test_broke_holds_once_any_subroutine_was_broken_this_run():
    servers = "{HQ: {ice: [{card: ice_wall, rezzed: true}], cards: [Hedge Fund]}}"
    broke = '[{at: "3.1", ice: Ice Wall, by: runner, break: all}]'
    assert one("{broke: true}", servers=servers, actions=broke) == 1
    assert one("{broke: false}", servers=servers, actions=broke) == 0
    assert one("{broke: false}") == 1


def test_made_run_and_by_run_event_read_the_card_that_made_the_run():
    assert one("{made_run: true}") == 0
    assert one("{made_run: false}") == 1
    assert one("{by_run_event: true}", extra="{card: the_makers_eye}", by="The Maker’s Eye", server="R&D") == 1
    assert one("{by_run_event: true}") == 0


def test_attacked_reads_the_attacked_server_during_another_servers_breach():
    dc = "{card: divide_and_conquer}"
    servers = "{Archives: {cards: [Diesel]}, HQ: {cards: [Hedge Fund]}, R&D: {cards: [Sure Gamble, Easy Mark]}}"
    t = run_yaml(f"""
title: attacked
run: {{server: Archives, by: Divide and Conquer}}
runner: {{credits: 0, cards: [{_bonus("{server: R&D, attacked: Archives}", "{access_more: 1}", "breach")}, {dc}]}}
servers: {servers}
""")
    assert list(t.lists["accessed"]) == ["Diesel", "Hedge Fund", "Sure Gamble", "Easy Mark"]
    assert one("{attacked: Archives}", server="Archives") == 1
    assert one("{attacked: Archives}") == 0


def test_programs_and_grip_at_most():
    progs = "{name: P1, type: program}, {name: P2, type: program}"
    assert one("{programs_at_most: 2}", extra=progs) == 1
    assert one("{programs_at_most: 1}", extra=progs) == 0
    assert one("{grip_at_most: 2}", runner="grip: 2,") == 1
    assert one("{grip_at_most: 2}", runner="grip: 3,") == 0


def test_grip_at_most_with_no_grip_given_is_taken_to_hold_and_said():
    t = run_yaml(f"""
title: no grip
run: {{server: HQ}}
runner: {{credits: 0, cards: [{_bonus("{grip_at_most: 1}")}]}}
servers: {{HQ: {{cards: [Hedge Fund]}}}}
""")
    assert t.states[-1][1].credits == 1 and [w.msg for w in t.warnings] == ["w_grip_not_given"]


def test_identity_and_threat():
    assert one("{identity: digital}", extra="{card: apex_invasive_predator}") == 1
    assert one("{identity: digital}") == 0
    assert one("{threat: 4}", runner="points: 4,") == 1
    assert one("{threat: 4}", runner="points: 3,") == 0
    agenda = "{HQ: {cards: [{name: Three, type: agenda, points: 3}]}}"
    assert one("{threat: 4}", runner="points: 1,", servers=agenda) == 1  # the agenda stolen this run counts


def test_threat_reads_the_corps_score_area_too():
    t = run_yaml(f"""
title: corp threat
run: {{server: HQ}}
runner: {{credits: 0, cards: [{_bonus("{threat: 3}")}]}}
corp: {{points: 3}}
servers: {{HQ: {{cards: [Hedge Fund]}}}}
""")
    assert t.states[-1][1].credits == 1


TURN = """
title: again
runner:
  credits: 0
  cards:
    - {name: Loop, type: event, subtypes: [run], runs: any, abilities: [{when: run_begins, if: {again: true}, effect: {gain: 1}}]}
    - {name: Other, type: event, subtypes: [run], runs: any}
    - {name: Skip, type: resource, abilities: [{when: encountered, if: {last_ice: true}, effect: bypass}]}
servers: {HQ: {ice: [{card: enigma, rezzed: true}, {card: ice_wall, rezzed: true}], cards: [Hedge Fund, Sure Gamble]}}
runs:
  - {server: HQ, by: Loop, actions: [{at: "3.1", ice: Enigma, by: runner, break: all}]}
  - {server: HQ, by: %s, actions: [{at: "3.1", ice: Enigma, by: runner, break: all}]}
"""


def test_again_and_last_ice_read_the_turns_run_before():
    first, second = run_turn(scenario(TURN % "Loop"))
    assert first.status == "unsuccessful" and first.states[-1][1].credits == 0  # no run before the first
    assert second.states[-1][1].credits == 1  # Loop made this run and the one before
    assert list(second.lists["bypassed"]) == ["Ice Wall"] and second.status == "successful"  # the last ice met
    assert second.states[0][1].previous == ("Loop", "HQ", "unsuccessful", "Ice Wall")
    _, other = run_turn(scenario(TURN % "Other"))
    assert other.states[-1][1].credits == 0 and list(other.lists["bypassed"]) == ["Ice Wall"]


def test_gain_clicks_and_to_grip_counted_or_said():
    t = run_yaml("""
title: clicks
run: {server: HQ}
runner: {clicks: 2, grip: 1, cards: [{name: C, type: resource, abilities: [{when: run_begins, effect: [{gain_clicks: 2}, {heap_to_grip: 2}]}]}]}
servers: {HQ: {cards: [Hedge Fund]}}
""")
    assert t.board["clicks"] == 3 and t.board["grip"] == 3
    assert any("from the heap to the grip (3 in the grip)" in x for x in texts(t))
    t = run_yaml("""
title: not counted
run: {server: HQ}
runner: {cards: [{name: C, type: resource, abilities: [{when: run_begins, effect: [{gain_clicks: 2}, {heap_to_grip: 2}]}]}]}
servers: {HQ: {cards: [Hedge Fund]}}
""")
    said = texts(t)
    assert any("clicks are not given" in x for x in said) and any("the grip is not given" in x for x in said)


def test_counts_clicks_subroutines_resolved_and_accessed_in_rd():
    t = run_yaml("""
title: counts
run: {server: R&D}
runner:
  credits: 0
  clicks: 4
  cards: [{name: C, type: resource, abilities: [{when: run_ends, effect: [{gain: {count: clicks}}, {gain: {count: subroutines_resolved, times: 10}}, {gain: {count: accessed_in_rd, times: 100}}]}]}]
servers: {R&D: {ice: [{card: enigma, rezzed: true}], root: [{name: Up, type: upgrade}], cards: [Hedge Fund, Sure Gamble]}}
actions: [{at: "3.1", ice: Enigma, by: runner, break: [2]}]
""")
    # 4 clicks less the run's: 3 (Enigma's first subroutine is text only); one subroutine resolved;
    # Hedge Fund of R&D accessed (Up, in its root, is not counted)
    assert t.states[-1][1].credits == 3 + 10 + 100


@pytest.mark.parametrize(("credits_for", "by", "paid"), [
    ("any", "", True), ("its_run", "", False), ("its_run", "Holder", True), ("after_success", "", False),
    ("trash", "", False), ("icebreakers", "", False), ("its_run_and_next", "Holder", True),
    ("its_run_and_next", "", False)])
def test_hosted_credits_pay_a_toll_as_credits_for_says(credits_for, by, paid):
    t = run_yaml(f"""
title: toll
run: {{server: HQ{', by: ' + by if by else ''}}}
runner: {{credits: 0, cards: [{{name: Holder, type: resource, runs: any, credits: 3, credits_for: {credits_for}}}]}}
servers: {{HQ: {{ice: [{{card: tollbooth, rezzed: true}}], cards: [Hedge Fund]}}}}
actions: [{{at: "3.1", ice: Tollbooth, by: runner, break: all}}]
""")
    assert (t.status == "successful") == paid


@pytest.mark.parametrize(("credits_for", "paid"), [("trash", True), ("after_success", True), ("icebreakers", False)])
def test_hosted_credits_pay_a_trash_cost_as_credits_for_says(credits_for, paid):
    text = f"""
title: trash
run: {{server: Server 1}}
runner: {{credits: 0, cards: [{{name: Holder, type: resource, credits: 4, credits_for: {credits_for}}}]}}
servers: {{Server 1: {{cards: [{{card: pad_campaign, rezzed: true}}]}}}}
actions: [{{at: "5.5", by: runner, trash: PAD Campaign}}]
"""
    if paid:
        assert list(run_yaml(text).lists["trashed"]) == ["PAD Campaign"]
    else:
        with pytest.raises(ScenarioError):
            run_yaml(text)


def test_host_credits_adds_to_what_a_card_holds_and_credits_carry_over_a_turn():
    traces = run_turn(scenario("""
title: host
runner:
  credits: 0
  cards: [{name: Holder, type: resource, credits: 1, credits_for: any, abilities: [{when: run_ends, first: turn, effect: {host_credits: 2}}]}]
servers: {HQ: {ice: [{card: tollbooth, rezzed: true}], cards: [Hedge Fund, Sure Gamble]}}
runs:
  - {server: HQ}
  - {server: HQ, actions: [{at: "3.1", ice: Tollbooth, by: runner, break: all}]}
"""))
    # run 1: 1 hosted credit cannot pay the toll of 3, the run ends, and 2 more are placed; run 2 pays with the 3
    assert traces[0].status == "unsuccessful" and dict(traces[0].states[-1][1].hosted)["Holder"] == 3
    assert traces[1].status == "successful" and dict(traces[1].states[-1][1].hosted)["Holder"] == 0


def test_strength_of_every_icebreaker():
    t = run_yaml("""
title: icebreakers
run: {server: HQ}
runner:
  credits: 0
  cards:
    - {name: Boost, type: resource, abilities: [{when: run_begins, effect: {strength: 2, of: icebreakers, until: run_ends}}]}
    - {card: gordian_blade}
    - {card: corroder}
servers: {HQ: {cards: [Hedge Fund]}}
""")
    said = [x for x in texts(t) if "strength" in x]
    assert any("Gordian Blade gets +2 strength (now 4)" in x for x in said)
    assert any("Corroder gets +2 strength (now 4)" in x for x in said)


def test_trash_root_and_root_abilities():
    t = run_yaml("""
title: root
run: {server: Server 1}
runner: {cards: [{name: Fire, type: resource, abilities: [{when: run_begins, effect: {forbid: root_abilities}}, {when: successful, effect: trash_root}]}]}
servers:
  Server 1:
    root: [{name: Gate, type: upgrade, rezzed: true, abilities: [{when: approach_server, effect: end_run}]}]
    cards: [{name: Trap, type: asset, abilities: [{when: accessed, effect: {tag: 1}}]}]
""")
    assert t.status == "successful" and list(t.lists["trashed"]) == ["Gate", "Trap"] and t.board["tags"] == 0


def test_trash_root_of_a_central_server_trashes_its_root_only():
    t = run_yaml("""
title: central root
run: {server: HQ}
runner: {cards: [{name: Fire, type: resource, abilities: [{when: successful, effect: trash_root}]}]}
servers: {HQ: {root: [{name: Up, type: upgrade}], cards: [Hedge Fund]}}
""")
    assert list(t.lists["trashed"]) == ["Up"] and list(t.lists["accessed"]) == ["Hedge Fund"]


def test_a_run_event_for_hq_or_rd_refuses_archives():
    text = """
title: jailbreak
run: {server: Archives, by: Jailbreak}
runner: {cards: [{card: jailbreak}]}
servers: {Archives: {cards: [Diesel]}}
"""
    with pytest.raises(ScenarioError) as e:
        scenario(text)
    assert "HQ or R&D" in e.value.located_text("en") and "HQ나 R&D" in e.value.located_text("ko")


def test_accesses_counts_what_the_breach_allows_so_far():
    more = "{name: More, type: resource, abilities: [{when: breach, effect: {access_more: 1}}]}"
    mary = _bonus("{accesses: 2}", "{gain: 1}", "breach")
    assert one("{accesses: 2}", when="breach") == 0
    t = run_yaml(f"""
title: accesses
run: {{server: R&D}}
runner: {{credits: 0, cards: [{more}, {mary}]}}
servers: {{R&D: {{cards: [Hedge Fund, Sure Gamble]}}}}
""")
    assert t.states[-1][1].credits == 1


def test_access_from_bottom_reverses_rd_only():
    text = """
title: bottom
run: {server: %s}
runner: {cards: [{name: Low, type: resource, abilities: [{when: successful, effect: access_from_bottom}, {when: breach, effect: {access_more: 1}}]}]}
servers: {R&D: {cards: [Top, Middle, Bottom]}, HQ: {cards: [Top, Middle, Bottom]}}
"""
    assert list(run_yaml(text % "R&D").lists["accessed"]) == ["Bottom", "Middle"]
    assert list(run_yaml(text % "HQ").lists["accessed"]) == ["Top", "Middle"]
    assert any("from the bottom" in x for x in texts(run_yaml(text % "R&D")))


def test_identity_abilities_are_forbidden_by_the_run_cards_static_only():
    text = """
title: blank identities
run: {server: HQ%s}
runner:
  credits: 0
  cards:
    - {name: Blank, type: event, subtypes: [run], runs: any, abilities: [{when: static, effect: {forbid: identity_abilities}}]}
    - {name: Me, type: identity, abilities: [{when: successful, effect: {gain: 1}}]}
    - {name: Res, type: resource, abilities: [{when: successful, effect: {gain: 10}}]}
servers: {HQ: {cards: [Hedge Fund]}}
"""
    assert run_yaml(text % ", by: Blank").states[-1][1].credits == 10
    assert run_yaml(text % "").states[-1][1].credits == 11


def test_access_root_only_and_the_breachs_count():
    t = run_yaml("""
title: root only
run: {server: HQ}
runner:
  grip: 0
  cards: [{name: Deal, type: resource, abilities: [{when: breach, effect: [{access_more: 1}, {heap_to_grip: {count: breach_accesses}}, access_root_only]}]}]
servers: {HQ: {root: [{name: Up, type: upgrade}], cards: [Hedge Fund, Sure Gamble]}}
""")
    assert list(t.lists["accessed"]) == ["Up"] and t.board["grip"] == 2


def test_access_cards_without_a_breach_in_a_replacement():
    text = """
title: access cards
run: {server: %s}
runner:
  cards:
    - {name: Sneak, type: resource, abilities: [{when: successful, effect: {instead_of_access: {en: "no breach", ko: "침입하지 않는다"}, mandatory: true, then: {access_cards: 2}}}]}
    - {name: Breacher, type: resource, abilities: [{when: breach, effect: {access_more: 5}}]}
servers: {R&D: {root: [{name: Up, type: upgrade}], cards: [Top, Middle, Bottom]}, Server 1: {root: [{name: Up2, type: upgrade}], cards: [Asset]}}
"""
    assert list(run_yaml(text % "R&D").lists["accessed"]) == ["Top", "Middle"]  # no breach: Breacher adds none
    assert list(run_yaml(text % "Server 1").lists["accessed"]) == ["Asset", "Up2"]


def test_steal_on_access_skips_the_agendas_access_abilities_and_a_ban_still_holds():
    text = """
title: steal at once
run: {server: HQ}
runner:
  tags: 0
  cards: [{name: Blower, type: resource, chosen: Hot, abilities: [{when: successful, effect: [%s{steal_on_access: chosen}]}]}]
servers: {HQ: {cards: [{name: Hot, type: agenda, points: 2, abilities: [{when: accessed, effect: {tag: 1}}]}]}}
"""
    t = run_yaml(text % "")
    assert list(t.lists["stolen"]) == ["Hot"] and t.board["tags"] == 0
    assert any("stolen at once" in x for x in texts(t))
    banned = run_yaml(text % "{forbid: steal}, ")
    assert list(banned.lists["stolen"]) == [] and banned.board["tags"] == 0


def test_remove_first_accessed_takes_the_first_non_agenda_and_its_copies():
    t = run_yaml("""
title: removed
run: {server: Server 1}
runner: {cards: [{name: Burn, type: resource, abilities: [{when: successful, effect: remove_first_accessed}]}]}
servers:
  Server 1:
    root: [{name: Up, type: upgrade}, {name: Up, id: Up B, type: upgrade}, {name: Other, type: upgrade}]
    cards: [{name: Plan, type: agenda, points: 1}]
actions: [{at: "5.5", by: runner, access_order: [Plan, Up, Other, Up B]}]
expect: {removed: [Up, Up B], stolen: [Plan]}
""")
    from judge.analysis.check import compare
    assert not compare(t, {"removed": ["Up", "Up B"], "stolen": ["Plan"]})
    assert any("removed from the game" in x for x in texts(t))


def test_to_score_area_adds_points_counts_for_threat_and_takes_the_card_out_of_play():
    t = run_yaml("""
title: score area
run: {server: HQ}
runner:
  credits: 0
  points: 3
  cards:
    - {name: Trophy, type: resource, abilities: [{when: successful, effect: {to_score_area: 1}}, {when: run_ends, effect: {gain: 5}}]}
    - {name: Threat, type: resource, abilities: [{when: run_ends, if: {threat: 4}, effect: {gain: 1}}]}
servers: {HQ: {cards: [Hedge Fund]}}
""")
    assert t.board["points"]["runner"] == 1 and t.states[-1][1].credits == 1  # Trophy's own run-end is gone


def test_agenda_stolen_is_a_moment_wherever_the_steal_happens():
    t = run_yaml("""
title: stolen
run: {server: Server 1}
runner: {credits: 0, cards: [{name: Fan, type: resource, abilities: [{when: agenda_stolen, effect: {gain: 1}}]}]}
servers: {Server 1: {cards: [{name: Plan, type: agenda, points: 1}]}}
""")
    assert t.states[-1][1].credits == 1 and list(t.lists["triggered"]) == ["Fan: agenda_stolen"]
    none = run_yaml("""
title: not stolen
run: {server: Server 1}
runner: {credits: 0, cards: [{name: Fan, type: resource, abilities: [{when: agenda_stolen, effect: {gain: 1}}]}]}
servers: {Server 1: {cards: [{card: pad_campaign}]}}
""")
    assert none.states[-1][1].credits == 0


def test_the_explorer_keeps_a_break_for_a_card_that_reads_it():
    from judge.analysis.explore import explore
    sc = scenario("""
title: explorer and broke
run: {server: R&D}
runner: {cards: [{card: mercury_chrome_libertador}]}
servers: {R&D: {ice: [{card: ice_wall, rezzed: true}, {card: hunter, rezzed: true}], cards: [Hedge Fund, Sure Gamble]}}
actions: [{at: "3.1", ice: Ice Wall, by: runner, break: all}]
""")
    leaves, stack = [], [sc and explore(sc, "ffg-rr").root]
    while stack:
        node = stack.pop()
        if node.leaf is not None:
            leaves.append(node.leaf)
        stack += [b.child for b in node.branches if b.child is not None]
    # Ice Wall was broken in every line: Mercury never gives its extra card
    assert leaves and all(len(leaf.accessed) <= 1 for leaf in leaves)


def test_credits_from_card_fires_for_an_installed_card_only():
    text = """
title: from a card
run: {server: HQ%s}
runner:
  credits: 0
  cards:
    - {name: Counter, type: resource, abilities: [{when: credits_from_card, effect: {gain: 10}}]}
    - {name: %s, type: %s, runs: any, credits: 3, credits_for: any}
servers: {HQ: {ice: [{card: tollbooth, rezzed: true}], cards: [Hedge Fund]}}
actions: [{at: "3.1", ice: Tollbooth, by: runner, break: all}]
"""
    assert run_yaml(text % ("", "Purse", "resource")).states[-1][1].credits == 10
    assert run_yaml(text % (", by: Gig", "Gig", "event")).states[-1][1].credits == 0


def test_accessing_reads_the_type_of_the_card_being_accessed():
    agenda = "{HQ: {cards: [{name: Plan, type: agenda, points: 1}]}}"
    assert one("{accessing: agenda}", when="accessed", servers=agenda) == 1
    operation = "{HQ: {cards: [{card: hedge_fund}]}}"
    assert one("{accessing: agenda}", when="accessed", servers=operation) == 0
    assert one("{accessing: operation}", when="accessed", servers=operation) == 1


def _named_card(named: str = "", effect: str = "{gain: {count: named, per: 2}}", when: str = "run_ends",
                cond: str = "{successful: true}") -> str:
    return (f"{{name: Namer, type: resource, {named} abilities: [{{when: {when}, if: {cond}, effect: {effect}}}]}}")


def _credits_with(card: str, runner: str = "", servers: str = "{HQ: {cards: [{card: hedge_fund}]}}") -> tuple[int, list[str]]:
    t = run_yaml(f"""
title: named
run: {{server: HQ}}
runner: {{credits: 0, {runner} cards: [{card}]}}
servers: {servers}
""")
    return t.states[-1][1].credits, [w.msg for w in t.warnings]


def test_named_counts_the_number_written_beside_the_card_and_per_divides_it_rounding_down():
    assert _credits_with(_named_card("named: 5,"))[0] == 2
    assert _credits_with(_named_card("named: 1,"))[0] == 0
    assert _credits_with(_named_card("named: 5,", effect="{gain: {count: named}}"))[0] == 5
    got, warned = _credits_with(_named_card())
    assert got == 0 and warned == ["w_named_not_given"]


def test_accessing_cost_named_matches_a_play_cost_a_rez_cost_or_an_advancement_requirement():
    def gains(named: str, servers: str) -> int:
        card = _named_card(named, effect="{gain: 1}", when="accessed", cond="{accessing_cost_named: true}")
        return _credits_with(card, servers=servers)[0]
    assert gains("named: 5,", "{HQ: {cards: [{card: hedge_fund}]}}") == 1      # play cost 5
    assert gains("named: 4,", "{HQ: {cards: [{card: hedge_fund}]}}") == 0
    assert gains("named: 2,", "{HQ: {cards: [{card: hostile_takeover}]}}") == 1  # advancement requirement 2
    assert gains("named: 2,", "{HQ: {cards: [{card: pad_campaign}]}}") == 1     # rez cost 2
    assert gains("", "{HQ: {cards: [{card: hedge_fund}]}}") == 0                # nothing named


def test_not_won_run_reads_the_turns_earlier_successful_runs_on_either_server():
    assert one("{not_won_run: HQ or R&D}") == 1
    assert one("{not_won_run: HQ or R&D}", runner="successful_runs: [R&D],") == 0
    assert one("{not_won_run: HQ or R&D}", runner="successful_runs: [Archives],") == 1


def test_a_counted_heap_gives_the_grip_at_most_what_it_holds():
    card = "{name: Digger, type: resource, abilities: [{when: run_ends, effect: {heap_to_grip: 3}}]}"
    def after(heap: str) -> tuple[int | None, int | None]:
        t = run_yaml(f"""
title: heap
run: {{server: HQ}}
runner: {{credits: 0, grip: 0, {heap} cards: [{card}]}}
servers: {{HQ: {{cards: [Hedge Fund]}}}}
""")
        end = t.states[-1][1].sides
        return end.grip, end.heap
    assert after("heap: 2,") == (2, 0)
    assert after("heap: 5,") == (3, 2)
    assert after("") == (3, None)


def test_prevent_trace_strength_trashes_the_card_and_sets_the_base_to_zero_unless_declined():
    def tags(runner_card: str, actions: str = "[]", link: int = 0) -> tuple[int, bool]:
        t = run_yaml(f"""
title: trace
run: {{server: HQ}}
corp: {{cards: [{{name: Tracer, type: operation, abilities: [{{when: successful, effect: {{trace: 2, then: {{tag: 1}}}}}}]}}]}}
runner: {{tags: 0, link: {link}, cards: [{runner_card}]}}
servers: {{HQ: {{cards: [Hedge Fund]}}}}
actions: {actions}
""")
        return t.states[-1][1].sides.tags, any("Switch is trashed" in n for n in texts(t, "action"))
    switch = "{name: Switch, type: hardware, abilities: [{when: static, effect: {prevent: trace_strength}}]}"
    assert tags(switch) == (0, True)
    assert tags("{name: Other, type: hardware}") == (1, False)
    assert tags(switch, actions='[{at: "5.4", by: runner, decline: Switch}]') == (1, False)
    assert tags(switch, link=2) == (0, True)  # used whenever the base is above 0


def test_trash_paid_by_grip_card_trashes_the_accessed_card_for_a_grip_card_not_credits():
    def after(grip: int, granted: str = ", granted_by: Eye") -> tuple[tuple[str, ...], int | None, int]:
        t = run_yaml(f"""
title: eye
run: {{server: HQ}}
runner: {{credits: 5, grip: {grip}, cards: [{{name: Eye, type: resource, abilities: [{{when: static, effect: {{trash_paid_by: grip_card}}}}]}}]}}
servers: {{HQ: {{cards: [{{card: pad_campaign}}]}}}}
actions: [{{at: "5.5", by: runner, trash: PAD Campaign{granted}}}]
""")
        end = t.states[-1][1]
        return tuple(end.trashed), end.sides.grip, end.credits
    assert after(2) == (("PAD Campaign",), 1, 5)
    assert after(0) == ((), 0, 5)
    assert after(2, granted="") == (("PAD Campaign",), 2, 1)  # the printed cost, 4 credits


def test_not_accessed_chosen_keeps_the_chosen_card_from_access_and_none_chosen_takes_none():
    def accessed(chosen: str) -> list[str]:
        t = run_yaml(f"""
title: hosted
run: {{server: Archives}}
runner: {{cards: [{{name: Pitcher, type: program, {chosen} abilities: [{{when: breach, effect: {{not_accessed: chosen}}}}]}}]}}
servers: {{Archives: {{cards: [{{name: Plan, type: agenda, points: 1}}, {{card: hedge_fund}}]}}}}
""")
        return list(t.lists["accessed"])
    assert accessed("chosen: Plan,") == ["Hedge Fund"]
    assert accessed("") == ["Plan", "Hedge Fund"]
