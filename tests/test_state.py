"""The run state: one typed field list, a frozen hashable State and the Work copy a step changes."""

from __future__ import annotations

import dataclasses

import pytest
from helpers import scenario

from judge.engine import start, step
from judge.engine.layout import Layout
from judge.engine.state import Flag, RunFields, State, Work, evolve

TWO_ICE = """
title: two ice
run: {server: HQ}
servers:
  HQ:
    ice:
      - {name: Ice Wall, rezzed: true, subroutines: [End the run]}
      - {name: Enigma, rezzed: false, subroutines: [End the run]}
    cards: [{name: Hedge Fund, type: operation}]
"""


def test_state_and_work_have_every_field_of_the_one_declaration_in_the_same_order():
    names = RunFields.field_names()

    assert [f.name for f in dataclasses.fields(State)] == list(names)
    assert [f.name for f in dataclasses.fields(Work)] == list(names)
    assert State.__slots__ == Work.__slots__ == names


def test_a_state_is_frozen_and_hashable_and_equal_to_one_with_the_same_fields():
    a, b = State(step="1", credits=3), State(step="1", credits=3)

    with pytest.raises(dataclasses.FrozenInstanceError):
        a.credits = 4  # type: ignore[misc]
    assert a == b and hash(a) == hash(b)
    assert len({a, b, State(step="1", credits=4)}) == 2


def test_a_frozen_work_is_a_state_equal_to_one_built_directly():
    s = State(step="2", flags=frozenset({Flag.RUN_ENDED}))
    w = Work.thaw(s)
    w.credits += 2
    w.approached += ("Ice Wall",)

    got = w.freeze()

    assert type(got) is State
    assert got == dataclasses.replace(s, credits=2, approached=("Ice Wall",))
    assert s.credits == 0  # the state it was thawed from is untouched


def test_evolve_rebinds_the_named_fields_and_shares_the_rest():
    s = State(step="3", approached=("Ice Wall",), rezzed=frozenset({"Ice Wall"}))

    got = evolve(s, step="4", credits=7)

    assert (got.step, got.credits) == ("4", 7)
    assert got.approached is s.approached and got.rezzed is s.rezzed


def test_a_step_shares_with_the_state_before_it_every_container_it_did_not_change():
    ctx, s0 = start(scenario(TWO_ICE))

    s1, _ = step(ctx, s0)

    assert s1 != s0 and s1.entered == s0.entered + 1
    assert s1.slots is s0.slots and s1.rezzed is s0.rezzed and s1.root is s0.root


def test_a_class_of_a_field_list_may_not_declare_fields_of_its_own():
    with pytest.raises(TypeError, match="fields belong in RunFields"):
        class Bad(RunFields):  # noqa: F841 (refused as it is made)
            extra: int = 0


def test_a_field_list_has_no_instance_dictionary_so_its_classes_share_one_layout():
    class Pair(metaclass=Layout):
        a: int
        b: str = ""

    class Frozen(Pair, frozen=True):
        pass

    class Draft(Pair):
        pass

    d = Draft(1, "x")
    d.__class__ = Frozen  # the swap `Work.freeze` relies on: CPython refuses it between layouts that differ
    assert d == Frozen(1, "x") and not hasattr(d, "__dict__")
