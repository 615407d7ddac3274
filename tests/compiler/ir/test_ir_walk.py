"""``codegen.ir.walk``: ``children``/``map_children`` cover every kind of IR node, read from
the dataclass fields of each kind, so a new kind or a new field that holds a type fails
here until the walk handles it (and ``mypy --strict`` names the ``assert_never`` cases)."""

from __future__ import annotations

import dataclasses
import itertools
import types
import typing
from typing import Any

import pytest

from codegen import ir
from codegen.ir import walk
from codegen.ir.walk import TYPE_KINDS, children, map_children

_COUNTER = itertools.count()


def _marker() -> ir.Literal:
    return ir.Literal(f"m{next(_COUNTER)}")


def _holds_a_type(hint: Any) -> bool:
    if hint in TYPE_KINDS or hint in (ir.Property, ir.IndexSignature):
        return True
    return any(_holds_a_type(arg) for arg in typing.get_args(hint))


def _value(hint: Any, markers: list[ir.TypeExpr]) -> Any:
    """A value of ``hint`` whose types are fresh markers, each added to ``markers``."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        if set(kinds) <= set(TYPE_KINDS) and len(kinds) > 1:  # ``ir.TypeExpr`` itself
            markers.append(_marker())
            return markers[-1]
        return _value(kinds[0], markers)
    if typing.get_origin(hint) is tuple:
        return (_value(args[0], markers), _value(args[0], markers))
    if hint is ir.Property:
        return ir.Property(f"p{next(_COUNTER)}", _value(ir.TypeExpr, markers))
    if hint is ir.IndexSignature:
        return ir.IndexSignature(_value(ir.TypeExpr, markers))
    if hint in TYPE_KINDS:  # a field of one kind (``Interface.body``): a marker of that kind
        made = hint(span=ir.Span("marker", next(_COUNTER), 0))
        markers.append(made)
        return made
    raise AssertionError(f"no test value for {hint}")


def _plain(hint: Any) -> Any:
    """A value for a required field that holds no type (a name, a literal's value...)."""
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)[0]
    if typing.get_origin(hint) is tuple:
        return ("k",)
    return {str: "x", int: 0, bool: False}.get(hint, "x")


def specimen(cls: type) -> tuple[Any, list[ir.TypeExpr]]:
    """An instance of ``cls`` with a marker in each place a type can stand, and the markers
    ``children`` must give (those inside properties and index signatures too)."""
    hints = typing.get_type_hints(cls)
    markers: list[ir.TypeExpr] = []
    given: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        if f.name == "params":
            continue  # generic parameters: not children (see ``children``)
        if _holds_a_type(hint):
            given[f.name] = _value(hint, markers)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            given[f.name] = _plain(hint)
    return cls(**given), markers


def missing_children(cls: type) -> list[str]:
    """What ``children``/``map_children`` get wrong for ``cls``: the empty list when both
    cover every type its fields hold."""
    node, markers = specimen(cls)
    try:
        found = children(node)
    except AssertionError:
        return [f"{cls.__name__}: not handled by children()"]
    problems = []
    if sorted(map(id, found)) != sorted(map(id, markers)):
        problems.append(f"{cls.__name__}: children() gives {found}, the fields hold {markers}")
    if cls in TYPE_KINDS:
        swapped = {id(m): _marker() for m in markers}
        try:
            mapped = map_children(node, lambda t: swapped.get(id(t), t))
        except AssertionError:
            return [*problems, f"{cls.__name__}: not handled by map_children()"]
        if [id(c) for c in children(mapped)] != [id(swapped.get(id(c), c)) for c in found]:
            problems.append(f"{cls.__name__}: map_children() leaves a child unchanged")
        if map_children(node, lambda t: t) is not node:
            problems.append(f"{cls.__name__}: map_children() rebuilds an unchanged node")
    return problems


def test_the_kinds_are_the_ir_s_node_classes() -> None:
    with_kind = {
        c
        for c in vars(ir).values()
        if isinstance(c, type) and dataclasses.is_dataclass(c)
        if "kind" in {f.name for f in dataclasses.fields(c)}
    }
    assert set(TYPE_KINDS) == set(typing.get_args(ir.TypeExpr))
    assert with_kind == {*TYPE_KINDS, *typing.get_args(ir.Decl)}


@pytest.mark.parametrize("cls", [*TYPE_KINDS, *typing.get_args(ir.Decl)], ids=lambda c: c.__name__)
def test_children_and_map_children_cover_every_field_that_holds_a_type(cls: type) -> None:
    assert missing_children(cls) == []


@dataclasses.dataclass(frozen=True, slots=True)
class _Planted:  # a new kind of type that the walk does not know
    item: ir.TypeExpr
    span: ir.Span = ir.NO_SPAN


_STRING = ir.Primitive("string")


@dataclasses.dataclass(frozen=True)
class _GrownMapping(ir.Mapping):  # a kind that grew a field holding a type
    key: ir.TypeExpr = _STRING


@dataclasses.dataclass(frozen=True)
class _GrownObject(ir.Object):  # a field that holds properties
    more: tuple[ir.Property, ...] = ()


@pytest.mark.parametrize(
    ("planted", "reported"),
    [
        (_Planted, "not handled by children()"),
        (_GrownMapping, "children() gives"),
        (_GrownObject, "children() gives"),
    ],
)
def test_a_planted_kind_or_field_is_reported(planted: type, reported: str) -> None:
    assert any(reported in p for p in missing_children(planted)), missing_children(planted)


def test_children_keep_source_order() -> None:
    a, b, c = ir.Literal("a"), ir.Literal("b"), ir.Literal("c")
    obj = ir.Object((ir.Property("x", a), ir.Property("y", b)), ir.IndexSignature(c))
    assert children(obj) == (a, b, c)
    assert children(ir.Tuple((a, b), rest=c)) == (a, b, c)
    assert children(ir.Interface("I", obj, extends=(ir.Ref("B"),))) == (ir.Ref("B"), obj)
    assert children(ir.Const("K", 1)) == ()


def test_map_children_keeps_everything_but_the_children() -> None:
    span = ir.Span("a.ts", 2, 3)
    doc = ir.Doc("d")
    obj = ir.Object(
        (ir.Property("x", ir.Literal(1), optional=True, doc=doc),),
        ir.IndexSignature(ir.Literal(2), "k", numeric=True),
        span,
    )
    doubled = map_children(
        obj, lambda t: ir.Literal(t.value * 2) if isinstance(t, ir.Literal) else t
    )
    assert doubled == ir.Object(
        (ir.Property("x", ir.Literal(2), optional=True, doc=doc),),
        ir.IndexSignature(ir.Literal(4), "k", numeric=True),
        span,
    )
    rest = ir.Tuple((ir.Literal(1),), span, min_items=0, rest=ir.Literal(3))
    assert map_children(rest, lambda t: ir.Primitive("never")) == ir.Tuple(
        (ir.Primitive("never"),), span, min_items=0, rest=ir.Primitive("never")
    )
    no_rest = ir.Tuple((ir.Literal(1),))
    assert map_children(no_rest, lambda t: ir.Literal(0)).rest is None


def test_an_unknown_node_is_named_by_the_assertion() -> None:
    planted = _Planted(ir.Literal(1))
    with pytest.raises(AssertionError, match=r"got: _Planted\(item=Literal"):
        children(planted)  # type: ignore[arg-type]
    with pytest.raises(AssertionError, match=r"got: _Planted\(item=Literal"):
        map_children(planted, lambda t: t)  # type: ignore[type-var]


def test_an_object_without_index_has_its_property_types_only() -> None:
    a = ir.Literal("a")
    assert children(ir.Object((ir.Property("x", a),))) == (a,)
    assert children(ir.Object()) == ()


def test_same_compares_tuples_member_by_member_and_the_rest_by_identity() -> None:
    a = ir.Literal("a")
    assert walk._same((a, (a,)), (a, (a,)))
    assert not walk._same((a,), (a, a))
    assert not walk._same((a,), (ir.Literal("a"),))
    assert not walk._same((a,), a) and not walk._same(a, (a,))
    assert walk._same(None, None) and not walk._same(a, ir.Literal("a"))


@pytest.mark.parametrize("cls", [*TYPE_KINDS, *typing.get_args(ir.Decl)], ids=lambda c: c.__name__)
def test_every_kind_is_read_by_its_class_not_by_the_match(cls: type) -> None:
    """``children`` reads each kind of the IR through its class's entry (#37: a walk of a
    large typing asks for every node's); the ``match`` is left for a kind it does not
    know. Each entry answers as the ``match`` does."""
    from codegen.ir import walk

    assert cls in walk._CHILDREN
    node, _ = specimen(cls)
    assert walk._CHILDREN[cls](node) == walk._children(node)
