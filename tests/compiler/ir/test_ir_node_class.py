"""``ir.node_class.node`` (#37): each class it makes (the IR's, ``ordering.Item``/``Order``,
``name_rules.Rename``) behaves as the ``@dataclass(frozen=True, slots=True)`` it replaces.
The reference classes come from each module's own source compiled again with that
decorator in its place."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import re
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from codegen import ir
from codegen.emit.python import name_rules, ordering
from codegen.ir.node_class import node

from .test_ir_init import IR_CLASSES
from .test_ir_walk import specimen


def _reference_module(module: types.ModuleType, decorator: str) -> types.ModuleType:
    """``module`` compiled again with ``@<decorator>`` spelled as the dataclass it stands for."""
    assert module.__file__ is not None
    source, count = re.subn(
        rf"^@{re.escape(decorator)}\b.*$",
        "@dataclass(frozen=True, slots=True)",
        Path(module.__file__).read_text("utf-8"),
        flags=re.MULTILINE,
    )
    assert count
    reference = types.ModuleType(f"{module.__name__}_reference")
    reference.__dict__.update(__package__=module.__package__, dataclass=dataclasses.dataclass)
    sys.modules[reference.__name__] = reference
    try:
        exec(compile(source, module.__file__, "exec"), reference.__dict__)
    finally:
        del sys.modules[reference.__name__]
    return reference


REFERENCES = {
    ir: _reference_module(ir, "node"),
    ordering: _reference_module(ordering, "node_class.node"),
    name_rules: _reference_module(name_rules, "node_class.node"),
}
_ITEM = ordering.Item("a", (1, 2), hard=frozenset({"b"}), soft=frozenset({"c"}))
# Node classes beside the IR's, each with an instance.
OTHERS = {
    ordering.Item: _ITEM,
    ordering.Order: ordering.Order((_ITEM,), frozenset({"a"}), (("a",),), (("a",),)),
    name_rules.Rename: name_rules.Rename(ir.Span("f.ts", 1, 2), "old", "new", "why"),
}
KINDS = [*IR_CLASSES, *OTHERS]


def _reference(kind: type) -> Any:
    return getattr(REFERENCES[sys.modules[kind.__module__]], kind.__name__)


def _instance(kind: type) -> Any:
    if kind in OTHERS:
        return OTHERS[kind]
    if kind is ir.Span:
        return ir.Span("f.ts", 1, 2)
    if kind is ir.Schema:
        return ir.Schema({})
    return specimen(kind)[0]


def _outcome(call: Callable[..., object], *args: object) -> tuple[str, object]:
    try:
        return ("value", call(*args))
    except Exception as error:  # the same error, type and text, is the same outcome
        return (type(error).__name__, str(error))


@pytest.mark.parametrize("kind", KINDS, ids=lambda c: c.__name__)
def test_the_class_is_the_dataclass_it_replaces(kind: type) -> None:
    ref = _reference(kind)
    assert kind.__doc__ == ref.__doc__
    assert kind.__match_args__ == ref.__match_args__  # type: ignore[attr-defined]
    assert kind.__slots__ == ref.__slots__  # type: ignore[attr-defined]
    assert repr(kind.__dataclass_params__) == repr(ref.__dataclass_params__)  # type: ignore[attr-defined]
    assert [
        (f.name, f.type, repr(f.default), f.init, f.repr, f.hash, f.compare, dict(f.metadata))
        for f in dataclasses.fields(kind)
    ] == [
        (f.name, f.type, repr(f.default), f.init, f.repr, f.hash, f.compare, dict(f.metadata))
        for f in dataclasses.fields(ref)
    ]


@pytest.mark.parametrize("kind", KINDS, ids=lambda c: c.__name__)
def test_a_node_behaves_as_the_dataclass_instance(kind: type) -> None:
    ref_kind = _reference(kind)
    mine = _instance(kind)
    values = {f.name: getattr(mine, f.name) for f in dataclasses.fields(kind)}
    theirs = ref_kind(**values)
    same, same_ref = kind(**values), ref_kind(**values)
    first = dataclasses.fields(kind)[0].name
    other = dataclasses.replace(mine, **{first: ir.Span("g.ts", 3, 4)})
    other_ref = dataclasses.replace(theirs, **{first: ir.Span("g.ts", 3, 4)})
    assert repr(mine) == repr(theirs)
    assert _outcome(hash, mine) == _outcome(hash, theirs)
    assert (mine == same, mine != same) == (theirs == same_ref, theirs != same_ref) == (True, False)
    assert (mine == other, mine != other) == (theirs == other_ref, theirs != other_ref)
    assert mine.__eq__(values) is theirs.__eq__(values) is NotImplemented
    for name in (first, "not_a_field"):
        assert _outcome(setattr, mine, name, 1) == _outcome(setattr, theirs, name, 1)
        assert _outcome(delattr, mine, name) == _outcome(delattr, theirs, name)
    assert getattr(mine, first) is values[first]
    for copied, original in ((copy.copy(mine), mine), (copy.copy(theirs), theirs)):
        assert type(copied) is type(original) and copied == original
    assert pickle.loads(pickle.dumps(mine)) == mine


def test_no_method_but_init_is_compiled_per_class() -> None:
    for kind in KINDS:
        for name in ("__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
            method = getattr(kind, name)
            code = getattr(method, "__wrapped__", method).__code__
            assert code.co_filename != "<string>", (kind.__name__, name)


def test_a_frozen_dataclass_may_extend_a_node_class() -> None:
    @dataclasses.dataclass(frozen=True)
    class Grown(ir.Mapping):
        extra: int = 0

    grown = Grown(ir.Primitive("string"), extra=2)
    assert grown.extra == 2 and grown != ir.Mapping(ir.Primitive("string"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        grown.extra = 3  # type: ignore[misc]


def test_a_class_with_more_than_fields_in_its_init_is_refused() -> None:
    with pytest.raises(TypeError, match="only sets its fields"):

        @node
        class Checked:
            value: int

            def __post_init__(self) -> None:
                pass

    with pytest.raises(TypeError, match="only sets its fields"):

        @node
        class Listed:
            values: list[int] = dataclasses.field(default_factory=list)
