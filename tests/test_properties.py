"""Properties every run must have, over generated scenarios, under every rule set (Hypothesis)."""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.engine import MAX_STEPS, run
from judge.rulesets.model import Kind
from judge.scenario import load_scenario

AT = {  # the same moment in each rule set's numbering
    "rez": {"ffg-rr": "2.3", "nsg": "6.9.2b", "ffg-core": "2.3"},
    "break": {"ffg-rr": "3.1", "nsg": "6.9.3b", "ffg-core": "3.1"},
    "encounter_window": {"ffg-rr": "3.1", "nsg": "6.9.3b", "ffg-core": "3.1"},
    "server_window": {"ffg-rr": "5.3", "nsg": "6.9.4e", "ffg-core": "4.3"},
}
SUBS = st.sampled_from(["End the run", "Lose a click", "Trace 3",
                        {"text": "Gain 1", "effect": {"gain": 1}},
                        {"text": "Install ice", "effect": {"install_ice": {"name": "New Ice", "subroutines": ["End the run"]},
                                                           "position": "outermost"}}])


@st.composite
def scenarios(draw):
    n = draw(st.integers(0, 4))
    names = [f"Ice {i}" for i in range(n)]
    ice = []
    for name in names:
        card = {"name": name, "rezzed": draw(st.booleans()),
                "subroutines": draw(st.lists(SUBS, max_size=3, unique_by=str))}
        if draw(st.booleans()):
            card["abilities"] = [{"when": "encountered",
                                  "effect": {"pay": draw(st.integers(0, 4)), "otherwise": "end_run"}}]
        ice.append(card)
    runner_cards = []
    if draw(st.booleans()):
        runner_cards.append({"name": "Inside Job", "abilities": [{"when": "encountered", "first": True, "effect": "bypass"}]})
    if draw(st.booleans()):
        runner_cards.append({"name": "Khan", "abilities": [{"when": "passed", "effect": {"gain": 1}}]})
    actions = []
    for name in names:
        if draw(st.booleans()):
            actions.append({"at": AT["rez"], "ice": name, "by": "corp", "rez": name})
        if draw(st.booleans()):
            actions.append({"at": AT["break"], "ice": name, "by": "runner", "break": "all"})
        if draw(st.integers(0, 5)) == 0:
            actions.append({"at": AT["encounter_window"], "ice": name, "by": "corp", "uninstall": name})
    remote = draw(st.booleans())
    server = "Server 1" if remote else draw(st.sampled_from(["HQ", "R&D", "Archives"]))
    cards = draw(st.lists(st.sampled_from([
        {"name": "Agenda", "type": "agenda", "points": 2},
        {"name": "Asset", "type": "asset", "trash_cost": 2},
        {"name": "Operation", "type": "operation"}]), min_size=1 if remote else 0, max_size=3, unique_by=str))
    if remote and draw(st.integers(0, 3)) == 0:
        actions += [{"at": AT["server_window"], "by": "corp", "uninstall": c["name"]} for c in cards]
        actions += [{"at": AT["rez"], "ice": nm, "by": "corp", "uninstall": nm} for nm in names]
    crisium = draw(st.integers(0, 4)) == 0
    root = [{"name": "Crisium Grid", "type": "upgrade", "rezzed": True,
             "abilities": [{"when": "static", "effect": "no_success"}]}] if crisium else []
    doc = {"title": "generated", "run": {"server": server},
           "corp": {"bad_publicity": draw(st.integers(0, 3))},
           "runner": {"credits": draw(st.integers(0, 6)), "cards": runner_cards},
           "servers": {server: {"ice": ice, "root": root, "cards": cards}}, "actions": actions}
    return yaml.safe_dump(doc, sort_keys=False)


def _runs(text: str):
    sc = load_scenario("generated.yaml", text=text)
    return [run(sc, rs_id) for rs_id in rulesets.RULESETS]


PROPS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(scenarios())
def test_every_run_ends_at_an_end_step_within_the_step_bound(text):
    for t in _runs(text):
        assert t.rs.step(t.end).kind is Kind.END
        assert len(t.path) <= MAX_STEPS


@PROPS
@given(scenarios())
def test_no_step_is_both_entered_and_skipped_at_the_same_moment(text):
    for t in _runs(text):
        entered = set(t.path)
        assert not entered & {e.occurrence for e in t.skipped}


@PROPS
@given(scenarios())
def test_ice_is_encountered_only_if_it_was_rezzed_when_approached(text):
    for t in _runs(text):
        checked = [e for e in t.events if e.kind == "enter" and t.rs.step(e.step).does == "check_rezzed"]
        rezzed_at_check = set()
        for e in checked:
            i = t.events.index(e)
            nxt = next(x for x in t.events[i + 1:] if x.kind == "action")
            if nxt.msg == "ice_is_rezzed":
                rezzed_at_check.add(e.ice)
        assert set(t.lists["encountered"]) <= rezzed_at_check


@PROPS
@given(scenarios())
def test_bad_publicity_credits_lost_equal_those_gained_minus_those_spent(text):
    for t in _runs(text):
        assert t.bp["lost"] == t.bp["gained"] - t.bp["spent"]
        assert t.bp["spent"] >= 0


@PROPS
@given(scenarios())
def test_the_same_scenario_gives_the_same_trace_every_time(text):
    first = [t.as_dict() for t in _runs(text)]
    assert first == [t.as_dict() for t in _runs(text)]


@PROPS
@given(scenarios())
def test_the_outcome_label_agrees_with_the_definition_of_the_spec(text):
    for t in _runs(text):
        msgs = [e.msg for e in t.events]
        declared = "declared" in msgs
        reached = any(t.rs.step(e.step).does == "declare_success" for e in t.events if e.kind == "enter")
        ended = any(m in ("jacks_out", "jacks_out_granted", "ends_run", "run_ends_now") for m in msgs)
        gone = "server_ceased" in msgs
        if declared:
            want = "successful"
        elif ended and not reached and not gone:
            want = "unsuccessful"
        else:
            want = "neither"
        assert t.status == want
