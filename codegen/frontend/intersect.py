"""``&`` with a type that every value has: ``string & {}``, ``number & Record<never, never>``,
``X & unknown``.

``{}`` (an object type with no members) is every non-nullish value in TypeScript, and
``unknown`` every value, so ``string & {}`` means ``string``: the idiom of typings that list
known values and still accept any other (``"a" | "b" | (string & {})``, @types/hast).
typescript-json-schema writes ``allOf: [{"type": "object"}, {"type": "string"}]`` for it,
which no value matches; we write ``string`` (docs/jsonschema-deviations.md,
``empty-object``). ``null`` or ``undefined`` with any other type but ``any`` is ``never``,
as in TypeScript (``(A | null) & {}`` is ``A``).

A brand (``string & { readonly __brand: "UserId" }``, the "branded type" idiom) adds
nothing either: an object type with no index signature of its own whose every member
(also inherited) is a literal type or ``never`` (through aliases; optional or not) is a
compile-time tag that no JSON value can carry, so a primitive, a literal, an array or a tuple intersected with
brands (and ``{}``) means that type (docs/jsonschema-deviations.md, ``brand``). Such a
type intersected with an object type that has any other member is refused here, with one
located error for both back ends: no JSON value is both.

An intersection of object types is left as it is: ``A & {}`` already means ``A`` to both
back ends.
"""

from __future__ import annotations

from typing import Protocol

from .. import ir
from ..errors import Unsupported

# What a value of a non-object type is: ``{}`` adds nothing to it.
_VALUES = frozenset(("string", "number", "boolean"))
_NULLISH = frozenset(("null", "undefined", "never"))


class Types(Protocol):
    """What the simplification needs to know about named types (the expander provides it)."""

    def through_alias(self, t: ir.TypeExpr) -> ir.TypeExpr:
        """What an alias stands for; an alias already being followed stays as it is (an
        alias cycle, which resolve reports)."""
        ...

    def lookup(self, name: str) -> ir.Decl | None: ...

    def properties(self, t: ir.TypeExpr) -> tuple[ir.Property, ...]:
        """A named type's properties, its bases' first (``extends`` flattened)."""
        ...


def simplified(members: tuple[ir.TypeExpr, ...], types: Types) -> ir.TypeExpr | None:
    """What ``members`` intersected mean when one of them is a primitive, a literal, an
    array or a tuple and every other one is ``{}``, a brand or ``unknown``; else None (the
    intersection stays as written). Such a type beside an object type with a data member
    is a ``SchemaError`` at that object type."""
    kept = [m for m in members if not _is(types.through_alias(m), "unknown")]
    if len(kept) == 1 and len(members) > 1:
        return kept[0]  # ``X & unknown`` is ``X``
    if len(kept) > 1 and all(_is(types.through_alias(m), "object") for m in kept):
        return kept[0]  # ``object & object``: overloads (``((a: A) => B) & ((c: C) => D)``)
    nullish = [m for m in kept if _nullish(types.through_alias(m))]
    if nullish and len(kept) > 1 and not any(_is(types.through_alias(m), "any") for m in kept):
        # ``null & {}``, ``null & { a: 1 }``, ``undefined & string``: no value is both
        return ir.Primitive("never", nullish[0].span)
    values = [m for m in kept if _value(types.through_alias(m))]
    if len(values) != 1:
        return None
    others = [(m, _object(m, types)) for m in kept if m is not values[0]]
    if not all(body is not None and _no_index(body) for _, body in others):
        return None  # ``string & number``, an index signature, a base: left as written
    for member, body in others:
        assert body is not None  # checked above
        data = next((p for p in body.properties if not _tag(p.type, types)), None)
        if data is not None:
            kind = types.through_alias(values[0]).kind
            raise Unsupported(
                member.span,
                f"no JSON value is both a {kind} type and an object type with the data member "
                f"'{data.name}'; only a brand (every member a literal type or never, as in "
                f'{{ readonly __brand: "Id" }}) or {{}} can be intersected with a {kind} type',
            )
    return values[0]


def _value(t: ir.TypeExpr) -> bool:
    """A type whose values are not objects."""
    if isinstance(t, ir.Primitive):
        return t.name in _VALUES
    return isinstance(t, ir.Literal | ir.Array | ir.Tuple)


def _nullish(t: ir.TypeExpr) -> bool:
    return isinstance(t, ir.Primitive) and t.name in _NULLISH


def _object(t: ir.TypeExpr, types: Types) -> ir.Object | None:
    """The members of an object type written inline or named (an interface, with the
    properties of its bases; its own index signature only, as everywhere else); None for
    any other type."""
    resolved = types.through_alias(t)
    if isinstance(resolved, ir.Object):
        return resolved
    if isinstance(resolved, ir.Ref):
        decl = types.lookup(resolved.name)
        if isinstance(decl, ir.Interface):
            if not decl.extends:
                return decl.body
            return ir.Object(types.properties(resolved), decl.body.index)
    return None


def _no_index(body: ir.Object) -> bool:
    return body.index is None


def _tag(t: ir.TypeExpr, types: Types) -> bool:
    """A brand member's type: a literal or ``never``, which no JSON data needs."""
    resolved = types.through_alias(t)
    return isinstance(resolved, ir.Literal) or _is(resolved, "never")


def _is(t: ir.TypeExpr, name: str) -> bool:
    return isinstance(t, ir.Primitive) and t.name == name
