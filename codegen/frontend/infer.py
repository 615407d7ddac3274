"""``infer X`` in a conditional type's condition, inferred as TypeScript's checker does.

``C extends Box<infer T> ? T : never``: once ``C`` is known, ``bind`` walks it beside the
pattern ``Box<infer T>`` and collects what stands where each ``infer X`` stands: in a
generic's type arguments (an instance of that very generic, pairwise), in the properties of
an object type or of a generic's body, in array items and tuple members (``[infer H, ...infer
Rest]``), and in a union beside fixed members (``infer A | undefined`` takes what the fixed
members do not). A name with several candidates is their union, one with none ``unknown``,
as in TypeScript. The pattern, with each ``infer X`` replaced by what was inferred, is then
checked by ``codegen.frontend.conditional`` as any other.

A function type in the condition (``R extends (a: infer A) => infer A ? A : never``) is
matched only against what is surely no function: a primitive, a literal, an array or a
tuple give the false branch. Any other checked type is a function for all the
declarations say (they read every function type as ``object``): no verdict, a located
error, never a guess.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Protocol, assert_never

from .. import ir
from ..ir import CONDITIONAL, FUNCTION, INFER, SPREAD
from ..ir.printer import quoted
from ..ir.queries import SPAN_AND_DOC
from . import conditional


class Types(conditional.Types, Protocol):
    """What inference needs beyond the checker's view of named types."""

    def generic(self, name: str) -> ir.Interface | ir.Alias | None:
        """The generic source declaration of ``name``, if it is one."""
        ...

    def instance(self, name: str) -> tuple[str, tuple[ir.TypeExpr, ...]] | None:
        """The generic and the arguments a synthesized instance was made of."""
        ...


def infer_names(t: object) -> Iterator[str]:
    """The names that ``infer X`` declares in ``t`` (not inside a nested conditional's
    branches, which are their own scopes)."""
    if isinstance(t, ir.Ref) and t.name == INFER:
        first = t.args[0]
        assert isinstance(first, ir.Ref)
        yield first.name
        for arg in t.args[1:]:
            yield from infer_names(arg)
        return
    if isinstance(t, ir.Ref) and t.name == CONDITIONAL:
        yield from infer_names(t.args[0])
        return
    if isinstance(t, tuple):
        for item in t:
            yield from infer_names(item)
    elif dataclasses.is_dataclass(t) and not isinstance(t, type):
        for value in _fields(t).values():
            yield from infer_names(value)


def constraints(t: object) -> dict[str, ir.TypeExpr]:
    """The constraint of each ``infer X extends C`` in ``t`` (as ``infer_names`` walks)."""
    found: dict[str, ir.TypeExpr] = {}

    def walk(node: object) -> None:
        if isinstance(node, ir.Ref) and node.name == INFER:
            first = node.args[0]
            assert isinstance(first, ir.Ref)
            if len(node.args) > 1:
                found.setdefault(first.name, node.args[1])
            walk(node.args[1:])
        elif isinstance(node, ir.Ref) and node.name == CONDITIONAL:
            walk(node.args[0])
        elif isinstance(node, tuple):
            for item in node:
                walk(item)
        elif dataclasses.is_dataclass(node) and not isinstance(node, type):
            for value in _fields(node).values():
                walk(value)

    walk(t)
    return found


def _fields(node: object) -> dict[str, object]:
    """A node's fields by name, without its span and doc (no type is written in them)."""
    return {
        f.name: getattr(node, f.name)
        for f in dataclasses.fields(node)  # type: ignore[arg-type]
        if f.name not in SPAN_AND_DOC
    }


def has_pattern(t: object) -> bool:
    """Whether ``t`` holds an ``infer X`` or a function type to match."""
    if isinstance(t, ir.Ref) and t.name in (INFER, FUNCTION):
        return True
    if isinstance(t, tuple):
        return any(has_pattern(item) for item in t)
    if dataclasses.is_dataclass(t) and not isinstance(t, type):
        return any(has_pattern(value) for value in _fields(t).values())
    return False


class _Undecided(Exception):
    """The declarations do not say whether a type is a function."""


def bind(
    source: ir.TypeExpr, pattern: ir.TypeExpr, types: Types, span: ir.Span
) -> dict[str, ir.TypeExpr] | ir.Primitive:
    """What each ``infer X`` of ``pattern`` stands for in ``source`` (``unknown`` where
    nothing stands for it); the degraded ``unknown`` where the declarations cannot say."""
    found: dict[str, list[ir.TypeExpr]] = {name: [] for name in infer_names(pattern)}
    try:
        _Binder(types, found).collect(source, pattern)
    except _Undecided as undecided:
        return ir.degraded(str(undecided), span)
    return {
        name: conditional.union(tuple(c), span) if c else ir.Primitive("unknown", span)
        for name, c in found.items()
    }


def named(pattern: ir.TypeExpr) -> ir.TypeExpr:
    """``pattern`` with each ``infer X`` as a plain reference to ``X`` (bound by ``bind``)."""
    found = _substitute(pattern, {}, named=True)
    assert isinstance(found, ir.TypeExpr)
    return found


def _substitute(t: object, env: dict[str, ir.TypeExpr], *, named: bool = False) -> object:
    """``t`` with the names of ``env`` replaced; with ``named``, each ``infer X`` as ``X``
    too (a property pattern keeps its ``infer X``: it is still to be bound)."""
    if isinstance(t, ir.Ref):
        if named and t.name == INFER:
            return t.args[0]
        if not t.args and t.name in env:
            return env[t.name]
    if isinstance(t, tuple):
        return tuple(_substitute(item, env, named=named) for item in t)
    if dataclasses.is_dataclass(t) and not isinstance(t, type):
        changes = {name: _substitute(value, env, named=named) for name, value in _fields(t).items()}
        return dataclasses.replace(t, **changes)
    return t


class _Binder:
    def __init__(self, types: Types, found: dict[str, list[ir.TypeExpr]]):
        self.types = types
        self.found = found

    def collect(self, source: ir.TypeExpr, pattern: ir.TypeExpr) -> None:
        self.types.spend(2, pattern.span)
        if isinstance(pattern, ir.Ref) and pattern.name == INFER:
            first = pattern.args[0]
            assert isinstance(first, ir.Ref)
            self.found[first.name].append(source)
            return
        if not has_pattern(pattern):
            return
        s = self.types.deref(source)
        match pattern:
            case ir.Ref(name=name) if name == FUNCTION:
                if conditional.no_function(s):
                    return  # the check gives the false branch
                raise _Undecided(
                    "conditional type: cannot decide from the declarations whether "
                    f"{quoted(source)} is a function type (every function "
                    "type is an object to the compiler)"
                )
            case ir.Union():
                self.union(s, pattern)
            case ir.Intersection():
                for member in pattern.members:
                    self.collect(source, member)
            case ir.Array():
                if isinstance(s, ir.Array):
                    self.collect(s.items, pattern.items)
                elif isinstance(s, ir.Tuple):
                    self.collect(conditional.union(s.members, s.span), pattern.items)
            case ir.Tuple():
                self.sequence(s, pattern)
            case ir.Mapping():
                if isinstance(s, ir.Mapping):
                    self.collect(s.value, pattern.value)
            case ir.Object():
                self.properties(source, pattern.properties, {})
            case ir.Ref():
                self.reference(source, s, pattern)
            case ir.Primitive() | ir.Literal() | ir.Typeof() | ir.Omit():
                pass
            case _:
                assert_never(pattern)

    def union(self, s: ir.TypeExpr, pattern: ir.Union) -> None:
        open_ = [m for m in pattern.members if has_pattern(m)]
        fixed = [m for m in pattern.members if not has_pattern(m)]
        if len(open_) != 1:
            for member in open_:
                self.collect(s, member)
            return
        rest = tuple(
            m
            for m in conditional.members(s, self.types)
            if not any(conditional.assignable(m, f, self.types) for f in fixed)
        )
        self.collect(conditional.union(rest, s.span), open_[0])

    def sequence(self, s: ir.TypeExpr, pattern: ir.Tuple) -> None:
        if not isinstance(s, ir.Tuple):
            if isinstance(s, ir.Array) and pattern.rest is not None:
                self.collect(s.items, _rest_item(pattern.rest))
            return
        n = len(pattern.items)
        if len(s.items) < n or (pattern.rest is None and (len(s.items) > n or s.rest)):
            return  # lengths that cannot match: the check gives the false branch
        for item, want in zip(s.items, pattern.items, strict=False):
            self.collect(item, want)
        if pattern.rest is None:
            return
        rest = pattern.rest
        if isinstance(rest, ir.Ref) and rest.name == SPREAD:
            remaining = ir.Tuple(
                s.items[n:],
                s.span,
                min_items=None if s.min_items is None else max(0, s.min_items - n),
                rest=s.rest,
            )
            if not remaining.items and remaining.rest is not None:
                self.collect(ir.Array(remaining.rest, s.span), rest.args[0])
            else:
                self.collect(remaining, rest.args[0])
            return
        for item in s.items[n:]:
            self.collect(item, rest)
        if s.rest is not None:
            self.collect(s.rest, rest)

    def properties(
        self,
        source: ir.TypeExpr,
        wanted: tuple[ir.Property, ...],
        env: dict[str, ir.TypeExpr],
    ) -> None:
        have = {p.name: p for p in self.types.properties(source)}
        for want in wanted:
            found = have.get(want.name)
            pattern = _substitute(want.type, env)
            assert isinstance(pattern, ir.TypeExpr)
            if found is not None and has_pattern(pattern):
                self.collect(found.type, pattern)

    def reference(self, source: ir.TypeExpr, s: ir.TypeExpr, pattern: ir.Ref) -> None:
        decl = self.types.generic(pattern.name)
        if decl is None:
            return
        if isinstance(source, ir.Ref):
            made = self.types.instance(source.name)
            if made is not None and made[0] == pattern.name:
                for arg, want in zip(made[1], pattern.args, strict=False):
                    self.collect(arg, want)
                return
        # Another type: matched with the generic's body, its parameters standing for the
        # pattern's arguments (``Node<infer D>`` against ``interface Lit { data?: X }``).
        env = {p.name: a for p, a in zip(decl.params, pattern.args, strict=False)}
        if isinstance(decl, ir.Interface):
            self.properties(source, decl.body.properties, env)
            return
        body = _substitute(decl.type, env)
        assert isinstance(body, ir.TypeExpr)
        self.collect(s, body)


def _rest_item(rest: ir.TypeExpr) -> ir.TypeExpr:
    if isinstance(rest, ir.Ref) and rest.name == SPREAD:
        inner = rest.args[0]
        if isinstance(inner, ir.Array):
            return inner.items
        return inner
    return rest
