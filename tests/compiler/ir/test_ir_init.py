"""IR nodes are built through their slots (#37): each class's ``__init__`` takes the
parameters ``dataclasses`` gives it (order, defaults) and builds the same frozen node."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from codegen import ir

from .test_ir_walk import specimen

IR_CLASSES = [
    kind
    for kind in vars(ir).values()
    if isinstance(kind, type) and kind.__module__ == ir.__name__ and dataclasses.is_dataclass(kind)
]


def test_every_ir_class_is_built_through_its_slots() -> None:
    assert len(IR_CLASSES) >= 20
    for kind in IR_CLASSES:
        names = kind.__init__.__code__.co_names
        assert "__setattr__" not in names, kind.__name__  # dataclasses: object.__setattr__


@pytest.mark.parametrize("kind", IR_CLASSES, ids=lambda c: c.__name__)
def test_the_init_has_the_dataclass_parameters(kind: type) -> None:
    expected = [
        (f.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, f.default)
        for f in dataclasses.fields(kind)
    ]
    found = [
        (p.name, p.kind, dataclasses.MISSING if p.default is p.empty else p.default)
        for p in inspect.signature(kind).parameters.values()
    ]
    assert found == expected


@pytest.mark.parametrize("kind", IR_CLASSES, ids=lambda c: c.__name__)
def test_a_node_built_by_position_or_keyword_holds_each_field(kind: type) -> None:
    node = specimen(kind)[0] if kind not in (ir.Span, ir.Schema) else None
    if node is None:
        node = ir.Span("f", 1, 2) if kind is ir.Span else ir.Schema({})
    values = {f.name: getattr(node, f.name) for f in dataclasses.fields(kind)}
    for built in (kind(**values), kind(*values.values())):
        assert type(built) is kind and built == node
        assert kind is ir.Schema or hash(built) == hash(node)  # a dict is unhashable
        for name, value in values.items():
            assert getattr(built, name) is value
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(built, next(iter(values)), None)


def test_defaults_and_bad_arguments() -> None:
    prim = ir.Primitive("string")
    assert prim.span is ir.NO_SPAN and prim.kind == "primitive" and prim.degraded is None
    assert ir.Property("x", prim).doc is ir.EMPTY_DOC
    with pytest.raises(TypeError, match="unexpected keyword argument 'nam'"):
        ir.Ref(nam="B")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'name'"):
        ir.Ref()  # type: ignore[call-arg]
