"""Stable topological ordering of the generated classes and aliases."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codegen.emit.python.ordering import Item, topological_order
from codegen.errors import SchemaError


def item(name: str, order: int, hard: str = "", soft: str = "") -> Item:
    return Item(name, (order,), frozenset(hard.split()), frozenset(soft.split()))


def test_source_order_is_kept_when_nothing_forces_a_change() -> None:
    items = [item("C", 0), item("A", 1), item("B", 2)]
    assert topological_order(items).names == ["C", "A", "B"]


def test_bases_and_field_types_come_first() -> None:
    items = [
        item("Child", 0, hard="Base"),
        item("Holder", 1, soft="Field"),
        item("Base", 2),
        item("Field", 3),
    ]
    order = topological_order(items)
    assert order.names == ["Base", "Child", "Field", "Holder"]
    assert not order.forward


def test_unknown_dependencies_do_not_block() -> None:
    assert topological_order([item("A", 0, hard="str", soft="Any")]).names == ["A"]


def test_field_cycles_are_broken_with_forward_references() -> None:
    items = [item("Tree", 0, soft="Node"), item("Node", 1, soft="Tree"), item("Leaf", 2)]
    order = topological_order(items)
    # The cycle is one group, in source order of its first item, built after its last.
    assert order.names == ["Tree", "Node", "Leaf"]
    assert order.forward == {"Tree"}
    assert order.groups == (("Tree", "Node"),)


def test_a_group_comes_before_its_users_and_after_what_it_needs() -> None:
    items = [
        item("User", 0, soft="A"),
        item("A", 1, soft="B"),
        item("B", 2, soft="A Leaf"),
        item("Leaf", 3),
    ]
    order = topological_order(items)
    assert order.names == ["Leaf", "A", "B", "User"]
    assert order.groups == (("A", "B"),)


def test_a_ring_is_built_in_post_order_after_its_first_item() -> None:
    n = 5000
    items = [item(f"A{i}", i, soft=f"A{(i + 1) % n}") for i in range(n)]
    order = topological_order(items)
    backwards = ("A0", *(f"A{i}" for i in reversed(range(1, n))))
    assert order.groups == order.builds == (backwards,)
    assert order.forward == {"A0"}


def test_a_ring_of_quoted_aliases_keeps_source_places() -> None:
    # JSON value aliases: no model among them, so no group; each needs nothing to run.
    items = [
        Item("Value", (0,), refs=frozenset({"Array"}), model=False),
        item("Holder", 1, soft="Value"),
        Item("Array", (2,), refs=frozenset({"Value"}), model=False),
    ]
    order = topological_order(items)
    assert order.names == ["Value", "Holder", "Array"] and not order.groups
    # A group that reaches the ring waits for all of it.
    items += [item("G1", 3, soft="G2 Value"), item("G2", 4, soft="G1")]
    items.insert(0, Item("Late", (-1,), refs=frozenset({"Late2"}), model=False))
    order = topological_order(items)
    assert order.groups == (("G1", "G2"),)
    assert order.names.index("Array") < order.names.index("G1")


def test_self_reference_is_not_a_cycle() -> None:
    order = topological_order([item("Tree", 0, soft="Tree")])
    assert order.names == ["Tree"] and not order.forward


def test_base_cycle_is_a_schema_error() -> None:
    with pytest.raises(SchemaError, match="depends on itself"):
        topological_order([item("A", 0, hard="B"), item("B", 1, hard="A")])


@given(
    st.lists(
        st.tuples(st.sets(st.integers(0, 15), max_size=3), st.sets(st.integers(0, 15), max_size=3)),
        min_size=1,
        max_size=16,
    )
)
def test_every_dependency_is_respected_or_marked_forward(
    deps: list[tuple[set[int], set[int]]],
) -> None:
    # Hard edges only point backwards (acyclic, like bases); soft edges go anywhere.
    items = [
        Item(
            f"n{i}",
            (i,),
            frozenset(f"n{d}" for d in hard if d < i),
            frozenset(f"n{d}" for d in soft),
        )
        for i, (hard, soft) in enumerate(deps)
    ]
    order = topological_order(items)
    position = {name: index for index, name in enumerate(order.names)}
    assert sorted(order.names) == sorted(i.name for i in items)
    for it in items:
        for dep in it.hard:
            assert position[dep] < position[it.name]
        late = [d for d in it.soft if d in position and position[d] > position[it.name]]
        if late:
            assert it.name in order.forward
    assert topological_order(items) == order  # deterministic
