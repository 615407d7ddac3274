"""The one place that knows which IR nodes hold which types: ``children`` and ``map_children``.

A generic pass (a walk that collects, a rewrite that rebuilds) reads a node's direct type
children through these two instead of matching every kind itself, so a new kind of type
is handled here once. Both end in ``assert_never``: ``mypy --strict`` names this module
first when a kind joins ``ir.TypeExpr``, and ``tests/compiler/ir/test_ir_walk.py`` checks, from the
dataclass fields of every kind, that no field holding a type is left out.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar, assert_never

from .. import ir

_T = TypeVar("_T", bound=ir.TypeExpr)

# Every kind of type, for ``isinstance`` (``ir.TypeExpr`` is a union, not a class).
TYPE_KINDS: tuple[type[ir.TypeExpr], ...] = (
    ir.Primitive,
    ir.Literal,
    ir.Ref,
    ir.Typeof,
    ir.Array,
    ir.Tuple,
    ir.Union,
    ir.Intersection,
    ir.Omit,
    ir.Mapping,
    ir.Object,
)


def _none(t: Any) -> tuple[ir.TypeExpr, ...]:
    return ()


# A property's type, read in C: most children asked for are an object's (#37).
_type_of = operator.attrgetter("type")


def _object_children(t: ir.Object) -> tuple[ir.TypeExpr, ...]:
    types: tuple[ir.TypeExpr, ...] = tuple(map(_type_of, t.properties))
    return types if t.index is None else (*types, t.index.value)


# ``children`` per exact class, for the common kinds: a walk over a large typing asks for
# every node's children, and a ``match`` tries its cases one by one (#37). Each entry
# returns what the ``match`` below returns for that kind (a test compares them).
_CHILDREN: dict[type, Callable[[Any], tuple[ir.TypeExpr, ...]]] = {
    ir.Primitive: _none,
    ir.Literal: _none,
    ir.Typeof: _none,
    ir.Const: _none,
    # (a field read in C where the children are one: no Python frame per node)
    ir.Ref: operator.attrgetter("args"),
    ir.Array: lambda t: (t.items,),
    ir.Tuple: lambda t: t.members,
    ir.Union: operator.attrgetter("members"),
    ir.Intersection: operator.attrgetter("members"),
    ir.Object: _object_children,
    ir.Alias: lambda t: (t.type,),
    # Last in the ``match``: a walk of every declaration asked for them through all its
    # cases (#37).
    ir.Interface: lambda t: (*t.extends, t.body),
    ir.Mapping: lambda t: (t.value,),
    ir.Omit: lambda t: (t.base,),
}


def children(t: ir.TypeExpr | ir.Decl) -> tuple[ir.TypeExpr, ...]:
    """The types directly inside ``t``, in source order: a tuple's rest member last, an
    object's property types then its index signature's value; an interface's bases then
    its body; an alias's type. Generic parameters' defaults are not children (a resolved
    schema has no generic declaration left)."""
    fast = _CHILDREN.get(type(t))
    if fast is not None:
        return fast(t)
    return _children(t)


def _children(t: ir.TypeExpr | ir.Decl) -> tuple[ir.TypeExpr, ...]:
    match t:
        case ir.Primitive() | ir.Literal() | ir.Typeof() | ir.Const():
            return ()
        case ir.Ref():
            return t.args
        case ir.Array():
            return (t.items,)
        case ir.Tuple() | ir.Union() | ir.Intersection():
            return t.members
        case ir.Omit():
            return (t.base,)
        case ir.Mapping():
            return (t.value,)
        case ir.Object():
            index = () if t.index is None else (t.index.value,)
            return (*(p.type for p in t.properties), *index)
        case ir.Interface():
            return (*t.extends, t.body)
        case ir.Alias():
            return (t.type,)
        case _:
            assert_never(t)


def map_children(t: _T, change: Callable[[ir.TypeExpr], ir.TypeExpr]) -> _T:
    """``t`` with ``change`` applied to each type directly inside it (``children``'s),
    everything else (spans, names, docs, flags) kept; ``t`` itself when nothing changed."""
    node: ir.TypeExpr = t
    match node:
        case ir.Primitive() | ir.Literal() | ir.Typeof():
            return t
        case ir.Ref():
            changed: ir.TypeExpr = _replace(node, args=tuple(map(change, node.args)))
        case ir.Array():
            changed = _replace(node, items=change(node.items))
        case ir.Tuple():
            rest = None if node.rest is None else change(node.rest)
            changed = _replace(node, items=tuple(map(change, node.items)), rest=rest)
        case ir.Union() | ir.Intersection():
            changed = _replace(node, members=tuple(map(change, node.members)))
        case ir.Omit():
            changed = _replace(node, base=change(node.base))
        case ir.Mapping():
            changed = _replace(node, value=change(node.value))
        case ir.Object():
            properties = tuple(_replace(p, type=change(p.type)) for p in node.properties)
            index = node.index and _replace(node.index, value=change(node.index.value))
            changed = _replace(node, properties=properties, index=index)
        case _:
            assert_never(node)
    return changed  # type: ignore[return-value]  # the same kind as ``t``


_N = TypeVar("_N")


def _same(held: object, value: object) -> bool:
    if isinstance(held, tuple) and isinstance(value, tuple):
        return len(held) == len(value) and all(map(_same, held, value))
    return held is value


def _replace(node: _N, **fields: object) -> _N:
    """``node`` with ``fields`` set, or ``node`` itself when each is the one it holds."""
    if all(_same(getattr(node, name), value) for name, value in fields.items()):
        return node
    return ir.replace(node, **fields)
