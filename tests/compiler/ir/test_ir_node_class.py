"""``ir.node_class.node`` (#37): each IR class behaves as the ``@dataclass(frozen=True,
slots=True)`` it replaces. The reference classes are the IR module's own source with
``@node`` spelled ``@dataclass(frozen=True, slots=True)``, compiled by ``dataclasses``."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from codegen import ir
from codegen.ir.node_class import node

from .test_ir_init import IR_CLASSES
from .test_ir_walk import specimen

_REFERENCE = "codegen_ir_reference"


def _reference_module() -> types.ModuleType:
    source = Path(ir.__file__).read_text("utf-8")
    assert source.count("@node\n") >= 20
    source = source.replace("@node\n", "@dataclass(frozen=True, slots=True)\n").replace(
        "from .node_class import node\n", "from dataclasses import dataclass\n"
    )
    module = types.ModuleType(_REFERENCE)
    sys.modules[_REFERENCE] = module
    try:
        exec(compile(source, ir.__file__, "exec"), module.__dict__)
    finally:
        del sys.modules[_REFERENCE]
    return module


REFERENCE = _reference_module()


def _instance(kind: type) -> Any:
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


@pytest.mark.parametrize("kind", IR_CLASSES, ids=lambda c: c.__name__)
def test_the_class_is_the_dataclass_it_replaces(kind: type) -> None:
    ref = getattr(REFERENCE, kind.__name__)
    assert kind.__doc__ == ref.__doc__.replace(_REFERENCE + ".", "")
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


@pytest.mark.parametrize("kind", IR_CLASSES, ids=lambda c: c.__name__)
def test_a_node_behaves_as_the_dataclass_instance(kind: type) -> None:
    ref_kind = getattr(REFERENCE, kind.__name__)
    mine = _instance(kind)
    values = {f.name: getattr(mine, f.name) for f in dataclasses.fields(kind)}
    theirs = ref_kind(**values)
    same, same_ref = kind(**values), ref_kind(**values)
    first = dataclasses.fields(kind)[0].name
    other = dataclasses.replace(mine, **{first: ir.Span("g.ts", 3, 4)})
    other_ref = dataclasses.replace(theirs, **{first: ir.Span("g.ts", 3, 4)})
    assert repr(mine) == repr(theirs).replace(_REFERENCE + ".", "")
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
    if kind is not ir.Schema:  # the reference module cannot be imported by name
        assert pickle.loads(pickle.dumps(mine)) == mine


def test_no_method_but_init_is_compiled_per_class() -> None:
    for kind in IR_CLASSES:
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
