"""``&`` with a type that every value has: ``string & {}``, ``number & Record<never, never>``,
``X & unknown``.

``{}`` (an object type with no members) is every non-nullish value in TypeScript, and
``unknown`` every value, so ``string & {}`` means ``string``: the idiom of typings that list
known values and still accept any other (``"a" | "b" | (string & {})``, @types/hast).
typescript-json-schema writes ``allOf: [{"type": "object"}, {"type": "string"}]`` for it,
which no value matches; we write ``string`` (docs/jsonschema-deviations.md,
``empty-object``). ``null`` or ``undefined`` with any other type but ``any`` is ``never``,
as in TypeScript (``(A | null) & {}`` is ``A``).

An intersection of object types is left as it is: ``A & {}`` already means ``A`` to both
back ends.
"""

from __future__ import annotations

from typing import Protocol

from .. import ir

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


def simplified(members: tuple[ir.TypeExpr, ...], types: Types) -> ir.TypeExpr | None:
    """What ``members`` intersected mean when one of them is a primitive, a literal, an
    array or a tuple and every other one is ``{}`` or ``unknown``; else None (the
    intersection stays as written)."""
    kept = [m for m in members if not _is(types.through_alias(m), "unknown")]
    if len(kept) == 1 and len(members) > 1:
        return kept[0]  # ``X & unknown`` is ``X``
    nullish = [m for m in kept if _nullish(types.through_alias(m))]
    if nullish and len(kept) > 1 and not any(_is(types.through_alias(m), "any") for m in kept):
        # ``null & {}``, ``null & { a: 1 }``, ``undefined & string``: no value is both
        return ir.Primitive("never", nullish[0].span)
    values = [m for m in kept if _value(types.through_alias(m))]
    if len(values) != 1 or not all(m in values or _empty(m, types) for m in kept):
        return None
    return values[0]


def _value(t: ir.TypeExpr) -> bool:
    """A type whose values are not objects."""
    if isinstance(t, ir.Primitive):
        return t.name in _VALUES
    return isinstance(t, ir.Literal | ir.Array | ir.Tuple)


def _nullish(t: ir.TypeExpr) -> bool:
    return isinstance(t, ir.Primitive) and t.name in _NULLISH


def _empty(t: ir.TypeExpr, types: Types) -> bool:
    """``{}``: an object type with no member, written inline or named."""
    resolved = types.through_alias(t)
    if isinstance(resolved, ir.Object):
        return _no_members(resolved)
    if isinstance(resolved, ir.Ref):
        decl = types.lookup(resolved.name)
        return isinstance(decl, ir.Interface) and not decl.extends and _no_members(decl.body)
    return False


def _no_members(body: ir.Object) -> bool:
    return not body.properties and body.index is None


def _is(t: ir.TypeExpr, name: str) -> bool:
    return isinstance(t, ir.Primitive) and t.name == name
