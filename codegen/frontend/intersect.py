"""``&`` with a type that every value has: ``string & {}``, ``number & Record<never, never>``,
``X & unknown``.

``{}`` (an object type with no members) is every non-nullish value in TypeScript, and
``unknown`` every value, so ``string & {}`` means ``string``: the idiom of typings that list
known values and still accept any other (``"a" | "b" | (string & {})``, @types/hast).
typescript-json-schema writes ``allOf: [{"type": "object"}, {"type": "string"}]`` for it,
which no value matches; we write ``string`` (docs/jsonschema-deviations.md,
``empty-object``). ``null & {}`` and ``undefined & {}`` are ``never``, as in TypeScript.

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

    def deref(self, t: ir.TypeExpr) -> ir.TypeExpr: ...

    def lookup(self, name: str) -> ir.Decl | None: ...


def simplified(members: tuple[ir.TypeExpr, ...], types: Types) -> ir.TypeExpr | None:
    """What ``members`` intersected mean when one of them is a primitive, a literal, an
    array or a tuple and every other one is ``{}`` or ``unknown``; else None (the
    intersection stays as written)."""
    kept = [m for m in members if not _is(types.deref(m), "unknown")]
    if len(kept) == 1 and len(members) > 1:
        return kept[0]  # ``X & unknown`` is ``X``
    values = [m for m in kept if _value(types.deref(m))]
    if len(values) != 1 or not all(m in values or _empty(m, types) for m in kept):
        return None
    value = values[0]
    resolved = types.deref(value)
    if isinstance(resolved, ir.Primitive) and resolved.name in _NULLISH:
        return ir.Primitive("never", value.span)
    return value


def _value(t: ir.TypeExpr) -> bool:
    """A type whose values are not objects (``null`` and ``undefined`` included)."""
    if isinstance(t, ir.Primitive):
        return t.name in _VALUES or t.name in _NULLISH
    return isinstance(t, ir.Literal | ir.Array | ir.Tuple)


def _empty(t: ir.TypeExpr, types: Types) -> bool:
    """``{}``: an object type with no member, written inline or named."""
    resolved = types.deref(t)
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
