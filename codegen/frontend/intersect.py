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
brands (and ``{}``) means that type (docs/jsonschema-deviations.md, ``brand``); so does an
index signature, which constrains the keys of objects only (``string & { [k: string]: unknown }``
is ``string``). Such a
type intersected with an object type that has any other member is refused here, with one
located error for both back ends: no JSON value is both.

An intersection of object types is left as it is: ``A & {}`` already means ``A`` to both
back ends.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Protocol

from .. import ir
from ..errors import Unsupported
from ..ir.queries import shape


class Uninhabited(Unsupported):
    """A primitive intersected with an object type that has a data member: no JSON value
    is both. Alone it degrades; as one member of a distributed ``&`` it is that member's
    ``never`` (``{ a: string } & ({ a: string } | string)`` is the object)."""


# What a value of a non-object type is: ``{}`` adds nothing to it.
_VALUES = frozenset(("string", "number", "boolean"))
_NULLISH = frozenset(("null", "undefined", "never"))


class Types(Protocol):
    """What the simplification needs to know about named types (the expander provides it)."""

    def meet(self, members: tuple[ir.TypeExpr, ...], span: ir.Span) -> ir.TypeExpr:
        """``members`` intersected, as the expander computes ``&``."""
        ...

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
    reduced = _reduced(members, types)
    if not isinstance(reduced, tuple):
        return reduced
    members = reduced
    kept = [m for m in members if not _is(types.through_alias(m), "unknown")]
    if len(kept) == 1 and len(members) > 1:
        return kept[0]  # ``X & unknown`` is ``X``
    nullish = [m for m in kept if _nullish(types.through_alias(m))]
    if nullish and len(kept) > 1 and not any(_is(types.through_alias(m), "any") for m in kept):
        # ``null & {}``, ``null & { a: 1 }``, ``undefined & string``: no value is both
        return ir.Primitive("never", nullish[0].span)
    values = [m for m in kept if _value(types.through_alias(m))]
    if not values:
        return None
    value = _meet_values(values, types)
    if _is(value, "never"):
        return value  # ``[A] & [A, B] & { a: A }``: no array is both, whatever the object
    others = [(m, _object(m, types)) for m in kept if not any(m is v for v in values)]
    if not all(body is not None for _, body in others):
        return None  # ``string & Base`` of a base that is no object type: left as written
    for member, body in others:
        assert body is not None  # checked above
        data = next((p for p in body.properties if not _no_data(p, body, types)), None)
        if data is not None:
            kind = types.through_alias(value).kind
            raise Uninhabited(
                member.span,
                f"no JSON value is both a {kind} type and an object type with the data member "
                f"'{data.name}'; only a brand (every member a literal type or never, as in "
                f'{{ readonly __brand: "Id" }}) or {{}} can be intersected with a {kind} type',
            )
    return value


# An array type as its positions: the leading members, how many of them are required, and
# the type of every member after them (None: there are none).
_Positions = tuple[tuple[ir.TypeExpr, ...], int, ir.TypeExpr | None]


def _meet_values(values: list[ir.TypeExpr], types: Types) -> ir.TypeExpr:
    """What the non-object members intersected mean: one is itself; several are arrays and
    tuples (``_reduced`` has made every other mix ``never`` and each type once), met as JSON
    reads them, position by position (``[A, B] & unknown[]`` is ``[A, B]``, ``A[] & B[]``
    is ``(A & B)[]``, ``[] & string[]`` is ``[]``; tuples with no length in common have
    none: ``never``)."""
    span = values[0].span
    resolved = [types.through_alias(v) for v in values]
    if len({shape(r) for r in resolved}) == 1:
        return values[0]  # ``string``, ``A[] & A[]``
    met = _positions(resolved[0])
    for other in resolved[1:]:
        found = _meet_two(met, _positions(other), span, types)
        if found is None:
            return ir.Primitive("never", span)
        met = found
    items, required, rest = met
    if not items and rest is not None:
        return ir.Array(rest, span)
    min_items = None if required == len(items) else required
    return ir.Tuple(items, span, min_items=min_items, rest=rest)


def _positions(t: ir.TypeExpr) -> _Positions:
    if isinstance(t, ir.Array):
        return (), 0, t.items
    assert isinstance(t, ir.Tuple)
    required = len(t.items) if t.min_items is None else t.min_items
    return t.items, required, t.rest


def _meet_two(a: _Positions, b: _Positions, span: ir.Span, types: Types) -> _Positions | None:
    """The positions of the arrays both ``a`` and ``b`` have; None when none."""
    longest = max(len(a[0]), len(b[0]))
    most = min(
        len(a[0]) if a[2] is None else math.inf,
        len(b[0]) if b[2] is None else math.inf,
    )
    required = max(a[1], b[1])
    if most < required:
        return None  # ``[A] & [A, B]``: no length is both
    items: list[ir.TypeExpr] = []
    for i in range(min(longest, int(most)) if most != math.inf else longest):
        x = a[0][i] if i < len(a[0]) else a[2]
        y = b[0][i] if i < len(b[0]) else b[2]
        assert x is not None and y is not None  # within both lengths
        item = _meet_items(x, y, span, types)
        if _is(types.through_alias(item), "never"):
            if i < required:
                return None
            return tuple(items), required, None  # no array both have is longer
        items.append(item)
    rest = None
    if a[2] is not None and b[2] is not None:
        rest = _meet_items(a[2], b[2], span, types)
        if _is(types.through_alias(rest), "never"):
            rest = None
    return tuple(items), required, rest


def _meet_items(x: ir.TypeExpr, y: ir.TypeExpr, span: ir.Span, types: Types) -> ir.TypeExpr:
    if _is(types.through_alias(y), "unknown") or shape(x) == shape(y):
        return x
    if _is(types.through_alias(x), "unknown"):
        return y
    return types.meet((x, y), span)


def _no_data(prop: ir.Property, body: ir.Object, types: Types) -> bool:
    """A member that no JSON value of a primitive type needs: a brand's tag, or an optional
    member of an object type without an index signature, which a primitive (having no such
    member) satisfies, as TypeScript lets a primitive be such a type (the "flavor" idiom,
    ``string & { __flavor?: "Id" }``)."""
    return _tag(prop.type, types) or (prop.optional and body.index is None)


def _reduced(
    members: tuple[ir.TypeExpr, ...], types: Types
) -> tuple[ir.TypeExpr, ...] | ir.TypeExpr:
    """TypeScript's reductions of an intersection, before anything else: a member written
    twice is one (``A & A``); ``{}`` beside another object type adds nothing; a literal
    takes its primitive (``"a" & string`` is ``"a"``, ``true & boolean`` is ``true``); two
    different literals, two different primitives, or a primitive (or literal) with an
    array or a tuple have no value in common: ``never``. What is left, or the one type."""
    seen: set[object] = set()
    kept: list[tuple[ir.TypeExpr, ir.TypeExpr]] = []  # (as written, through its aliases)
    for member in members:
        resolved = types.through_alias(member)
        key = _identity(member, resolved)
        if key is not None and key in seen:
            continue
        if key is not None:
            seen.add(key)
        kept.append((member, resolved))
    if any(_empty(r) for _, r in kept) and any(
        isinstance(m, ir.Ref) and not _empty(r) for m, r in kept
    ):
        kept = [(m, r) for m, r in kept if not _empty(r)]  # ``A & {}`` is ``A``
    literals = {r.value for _, r in kept if isinstance(r, ir.Literal)}  # ``1 & true``: kinds
    kinds = {_kind(r) for _, r in kept} - {None}
    never = ir.Primitive("never", members[0].span)
    if len(literals) > 1 or len(kinds) > 1:
        return never  # ``"a" & "b"``, ``string & number``, ``"a" & unknown[]``
    if literals:
        # ``"a" & string``: the literal (the primitive of its own kind only: checked above)
        kept = [(m, r) for m, r in kept if not (isinstance(r, ir.Primitive) and _kind(r))]
    if len(kept) == 1 and len(members) > 1:
        return kept[0][0]
    return tuple(m for m, _ in kept)


def _identity(written: ir.TypeExpr, resolved: ir.TypeExpr) -> object:
    """What makes two members the same type, for the members where that is cheap to tell
    (keyed by the kind of node, which no two of these keys share)."""
    if isinstance(resolved, ir.Literal):
        return (ir.Literal, _kind(resolved), resolved.value)  # ``1`` and ``1.0`` are one
    if isinstance(resolved, ir.Primitive):
        return (ir.Primitive, resolved.name)
    if _empty(resolved):
        return (ir.Object,)
    if isinstance(written, ir.Ref) and not written.args:
        return (ir.Ref, written.name)
    if isinstance(resolved, ir.Array | ir.Tuple):
        return (ir.Array, shape(resolved))  # ``[A, B] & [A, B]``
    return None


def _empty(t: ir.TypeExpr) -> bool:
    return isinstance(t, ir.Object) and not t.properties and t.index is None


def _kind(t: ir.TypeExpr) -> str | None:
    """The kind of JSON value all of ``t``'s values are, where it is one kind (not an
    object type, which a brand or ``{}`` may intersect)."""
    if isinstance(t, ir.Literal):
        return {bool: "boolean", str: "string"}.get(type(t.value), "number")
    if isinstance(t, ir.Primitive) and t.name in _VALUES:
        return t.name
    if isinstance(t, ir.Array | ir.Tuple):
        return "array"
    return None


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


def _tag(t: ir.TypeExpr, types: Types) -> bool:
    """A brand member's type: a literal or ``never``, which no JSON data needs."""
    resolved = types.through_alias(t)
    return isinstance(resolved, ir.Literal) or _is(resolved, "never")


def _is(t: ir.TypeExpr, name: str) -> bool:
    return isinstance(t, ir.Primitive) and t.name == name


def object_parts(members: tuple[ir.TypeExpr, ...], types: Types) -> tuple[ir.TypeExpr, ...]:
    """An intersection of object types as both back ends take it: named types, ``Omit`` and
    object literals. As TypeScript reads ``&``: a nested intersection is spliced in,
    ``Record<string, V>`` is an index signature, a type met twice or a function type or
    ``{}`` adds no data member, a degraded type stays loud as an index signature of any key and value, and two
    index signatures become one whose value matches both."""
    parts: list[ir.TypeExpr] = []
    pending = list(reversed(members))
    while pending:
        member = pending.pop()
        resolved = types.through_alias(member)
        if isinstance(member, ir.Intersection):
            pending.extend(reversed(member.members))
        elif isinstance(member, ir.Ref) and any(
            isinstance(p, ir.Ref) and (p.name, p.args) == (member.name, member.args) for p in parts
        ):
            continue  # ``A & A`` is ``A`` (``T & Common`` given ``T = Common``)
        elif isinstance(resolved, ir.Mapping):
            parts.append(
                ir.Object((), ir.IndexSignature(resolved.value, span=member.span), member.span)
            )
        elif isinstance(resolved, ir.Primitive) and resolved.degraded is not None:
            parts.append(ir.Object((), ir.IndexSignature(resolved, span=member.span), member.span))
        elif _is(resolved, "object") or (
            isinstance(resolved, ir.Object) and not resolved.properties and resolved.index is None
        ):
            continue  # a function type, ``object``, ``{}``
        else:
            parts.append(member)
    inline = [p for p in parts if isinstance(p, ir.Object)]
    indexed = [p for p in inline if p.index is not None]
    if len(indexed) < 2:
        return tuple(parts) if parts else members[:1]
    # ``{[k: string]: A} & {[k: string]: B}``: each key's value is both
    first = indexed[0]
    assert first.index is not None
    distinct: dict[object, ir.TypeExpr] = {}
    for p in indexed:
        if p.index is not None:
            distinct.setdefault(shape(p.index.value), p.index.value)  # ``A & A`` is ``A``
    values = tuple(distinct.values())
    same = all(
        p.index is not None and p.index.key_pattern == first.index.key_pattern for p in indexed
    )
    value = (
        _met(values, first.span, types)
        if same
        else ir.degraded("an intersection of index signatures over different keys", first.span)
    )
    props: dict[str, ir.Property] = {}
    for prop in (prop for p in inline for prop in p.properties):
        seen = props.get(prop.name)
        if seen is None:
            props[prop.name] = prop
        else:  # ``{ a: X } & { a: Y }``: ``a`` is both, required if either requires it
            met = _met((seen.type, prop.type), prop.span, types)
            optional = seen.optional and prop.optional
            props[prop.name] = dataclasses.replace(seen, type=met, optional=optional)
    merged = ir.Object(
        tuple(props.values()), dataclasses.replace(first.index, value=value), first.span
    )
    rest = [p for p in parts if not isinstance(p, ir.Object)]
    return (*rest, merged)


def _met(types_: tuple[ir.TypeExpr, ...], span: ir.Span, types: Types) -> ir.TypeExpr:
    """``types_`` intersected; one of them when they are all the same type."""
    if len({shape(t) for t in types_}) == 1:
        return types_[0]
    return types.meet(types_, span)


def flat_members(t: ir.TypeExpr) -> tuple[ir.TypeExpr, ...]:
    """The members of an intersection, nested ones spliced in (``t`` alone otherwise);
    ``Omit``'s base stands for it."""
    if isinstance(t, ir.Omit):
        return flat_members(t.base)
    if isinstance(t, ir.Intersection):
        return tuple(m for member in t.members for m in flat_members(member))
    return (t,)
