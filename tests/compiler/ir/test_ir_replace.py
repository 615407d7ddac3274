"""``ir.replace``: the same copy as ``dataclasses.replace`` for every IR node class, faster
(#37); anything else, or a name the class lacks, is ``dataclasses.replace``'s."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from codegen import ir
from codegen.ir.walk import TYPE_KINDS

from .test_ir_walk import specimen

NODE_CLASSES = [*TYPE_KINDS, *typing.get_args(ir.Decl), ir.Property, ir.IndexSignature]


@pytest.mark.parametrize("cls", NODE_CLASSES, ids=lambda c: c.__name__)
def test_a_copy_is_dataclasses_copy_field_for_field(cls: type) -> None:
    node, _ = specimen(cls)
    span = ir.Span("copied", 7, 9)
    copy = ir.replace(node, span=span)
    expected = dataclasses.replace(node, span=span)
    assert type(copy) is cls and copy is not node
    assert copy == expected and hash(copy) == hash(expected)
    for f in dataclasses.fields(cls):
        assert getattr(copy, f.name) is getattr(expected, f.name)
    assert ir.replace(node) == node and ir.replace(node) is not node


def test_a_name_the_class_lacks_is_refused() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'nam'"):
        ir.replace(ir.Ref("A"), nam="B")


def test_a_class_with_more_than_fields_in_its_init_is_built_by_its_init() -> None:
    @dataclasses.dataclass(frozen=True)
    class Checked:
        value: int
        seen: list[int] = dataclasses.field(default_factory=list)

        def __post_init__(self) -> None:
            self.seen.append(self.value)

    @dataclasses.dataclass(frozen=True)
    class Derived:
        value: int
        double: int = dataclasses.field(init=False, default=0)

        def __post_init__(self) -> None:
            object.__setattr__(self, "double", 2 * self.value)

    checked = ir.replace(Checked(1), value=2)
    assert checked.seen == [1, 2]  # __post_init__ ran on the copy
    assert ir.replace(Derived(1), value=3).double == 6


def test_a_plain_class_without_slots_is_copied_field_for_field() -> None:
    # Not every class copied is an IR node with slots: its fields are set one by one too.
    @dataclasses.dataclass(frozen=True)
    class Plain:
        name: str
        items: tuple[int, ...] = ()
        flag: bool = False

    node = Plain("a", (1, 2), True)
    copy = ir.replace(node, name="b")
    assert copy == Plain("b", (1, 2), True) and copy.items is node.items
    assert ir.replace(node) == node and ir.replace(node) is not node
