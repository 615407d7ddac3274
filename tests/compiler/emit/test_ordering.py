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
    assert order.names == ["Leaf", "Tree", "Node"]
    assert order.forward == {"Tree"}


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
