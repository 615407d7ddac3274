"""Type-level helpers of the schema diff: literal sets, views and structural compatibility.

``Compatibility`` answers "does every value of the old type still fit the new one?" (and
the reverse), TypeScript-style and structurally, which is what tells a widened type from
a narrowed one.
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import ir
from ..ir.queries import deref, flat_index, flat_properties

LiteralKey = tuple[str, ir.LiteralValue]
TOP_TYPES = frozenset({"any", "unknown"})


def literal_key(value: ir.LiteralValue) -> LiteralKey:
    # bool is an int in Python; keep true and 1 apart.
    return (type(value).__name__, value)


def literal_set(schema: ir.Schema, t: ir.TypeExpr) -> frozenset[LiteralKey] | None:
    """The values of a literal or a union of literals; None if any member is not a literal."""
    t = deref(schema, t)
    if isinstance(t, ir.Literal):
        return frozenset({literal_key(t.value)})
    if isinstance(t, ir.Union):
        keys: set[LiteralKey] = set()
        for member in t.members:
            found = literal_set(schema, member)
            if found is None:
                return None
            keys |= found
        return frozenset(keys)
    return None


ObjectView = tuple[tuple[ir.Property, ...], ir.IndexSignature | None]


def object_view(schema: ir.Schema, t: ir.TypeExpr | ir.Interface) -> ObjectView | None:
    """Flattened properties and index signature of an object-like type, else None.

    ``Record<string, V>`` is an object with only an index signature.
    """
    if isinstance(t, ir.Interface):
        return flat_properties(schema, t), flat_index(schema, t)
    t = deref(schema, t)
    if isinstance(t, ir.Ref):
        iface = schema.interface(t.name)
        return None if iface is None else object_view(schema, iface)
    if isinstance(t, ir.Object | ir.Intersection | ir.Omit | ir.Mapping):
        return flat_properties(schema, t), flat_index(schema, t)
    return None


def union_members(schema: ir.Schema, t: ir.TypeExpr) -> tuple[ir.TypeExpr, ...]:
    t = deref(schema, t)
    if isinstance(t, ir.Union):
        return tuple(m for member in t.members for m in union_members(schema, member))
    return (t,)


# TypeScript's ``object``: any object at all.
ANY_OBJECT: ObjectView = ((), ir.IndexSignature(ir.Primitive("unknown")))


def is_top(schema: ir.Schema, t: ir.TypeExpr) -> bool:
    """``unknown``/``any``, or a JSON-value union: on the wire both accept anything."""
    t = deref(schema, t)
    if isinstance(t, ir.Primitive):
        return t.name in TOP_TYPES
    if not isinstance(t, ir.Union):
        return False
    kinds: set[str] = set()
    for member in union_members(schema, t):
        if isinstance(member, ir.Primitive):
            kinds.add(member.name)
        elif isinstance(member, ir.Array):
            kinds.add("array")
        elif isinstance(member, ir.Mapping) or (
            isinstance(member, ir.Object) and not member.properties and member.index
        ):
            kinds.add("object")
    return kinds >= {"string", "number", "boolean", "null", "array", "object"}


def is_object_primitive(t: ir.TypeExpr) -> bool:
    return isinstance(t, ir.Primitive) and t.name == "object"


def _literal_fits(value: ir.LiteralValue, primitive: str) -> bool:
    if isinstance(value, bool):
        return primitive == "boolean"
    if isinstance(value, int | float):
        return primitive == "number"
    return primitive == "string"


class Compatibility:
    """Structural assignability between a type of one revision and a type of another.

    ``same_names`` holds the (source name, target name) pairs that denote one type: equal
    names, plus detected renames in both directions.
    """

    def __init__(self, renames: Iterable[tuple[str, str]] = ()) -> None:
        pairs = set(renames)
        self._renamed = pairs | {(b, a) for a, b in pairs}
        self._assumed: set[tuple[ir.TypeExpr, ir.TypeExpr]] = set()

    def same_name(self, a: str, b: str) -> bool:
        return a == b or (a, b) in self._renamed

    def fits(
        self, src: ir.TypeExpr, src_schema: ir.Schema, dst: ir.TypeExpr, dst_schema: ir.Schema
    ) -> bool:
        """Whether every value of ``src`` (in ``src_schema``) is a value of ``dst``."""
        if isinstance(src, ir.Ref) and not src.args:
            # A named type fits a union that names it, whatever became of its definition.
            target = deref(dst_schema, dst)
            targets = target.members if isinstance(target, ir.Union) else (dst,)
            if any(isinstance(t, ir.Ref) and self.same_name(src.name, t.name) for t in targets):
                return True
        key = (src, dst)
        if key in self._assumed:  # recursive types: assume the cycle holds (coinduction)
            return True
        self._assumed.add(key)
        try:
            return self._fits(
                deref(src_schema, src), src_schema, deref(dst_schema, dst), dst_schema
            )
        finally:
            self._assumed.discard(key)

    def _fits(self, src: ir.TypeExpr, ss: ir.Schema, dst: ir.TypeExpr, ds: ir.Schema) -> bool:
        if is_top(ds, dst):
            return True
        if isinstance(src, ir.Primitive) and src.name == "never":
            return True
        if isinstance(src, ir.Union):
            return all(self.fits(m, ss, dst, ds) for m in src.members)
        if isinstance(dst, ir.Union):
            return any(self.fits(src, ss, m, ds) for m in dst.members)
        match src, dst:
            case ir.Literal(value=a), ir.Literal(value=b):
                return literal_key(a) == literal_key(b)
            case ir.Literal(value=a), ir.Primitive(name=p):
                return _literal_fits(a, p)
            case ir.Primitive(name=a), ir.Primitive(name=b):
                return a == b
            case ir.Array(items=a), ir.Array(items=b):
                return self.fits(a, ss, b, ds)
            case ir.Tuple(members=a), ir.Array(items=b):
                return all(self.fits(x, ss, b, ds) for x in a)
            case ir.Tuple(), ir.Tuple() if src.rest is not None or dst.rest is not None:
                return self._rest_fits(src, ss, dst, ds)
            case ir.Tuple(items=a), ir.Tuple(items=b):
                return len(a) == len(b) and all(
                    self.fits(x, ss, y, ds) for x, y in zip(a, b, strict=True)
                )
            case ir.Mapping(value=a), ir.Mapping(value=b):
                return self.fits(a, ss, b, ds)
        src_view = ANY_OBJECT if is_object_primitive(src) else object_view(ss, src)
        if is_object_primitive(dst):
            return src_view is not None
        dst_view = object_view(ds, dst)
        if dst_view is None:
            return False
        if src_view is None:
            return False
        return self._object_fits(src_view, ss, dst_view, ds)

    def _rest_fits(self, src: ir.Tuple, ss: ir.Schema, dst: ir.Tuple, ds: ir.Schema) -> bool:
        """Tuples with a rest member (``[A, ...B[]]``): every length ``src`` allows is one
        ``dst`` allows, and each member fits the member of ``dst`` at its position."""
        if dst.rest is None:
            return False  # ``src`` has no longest value
        at_least = len(src.items) if src.min_items is None else src.min_items
        if at_least < (len(dst.items) if dst.min_items is None else dst.min_items):
            return False
        at = [*dst.items, dst.rest]
        if not all(
            self.fits(x, ss, at[min(i, len(dst.items))], ds) for i, x in enumerate(src.items)
        ):
            return False
        # The rest of ``src`` may stand at any later position.
        later = at[min(len(src.items), len(dst.items)) :]
        return src.rest is None or all(self.fits(src.rest, ss, y, ds) for y in later)

    def _object_fits(self, src: ObjectView, ss: ir.Schema, dst: ObjectView, ds: ir.Schema) -> bool:
        src_props = {p.name: p for p in src[0]}
        for prop in dst[0]:
            have = src_props.get(prop.name)
            if have is None:
                if prop.optional:
                    continue
                return False
            if have.optional and not prop.optional:
                return False
            if not self.fits(have.type, ss, prop.type, ds):
                return False
        dst_index = dst[1]
        if dst_index is not None:
            named = {p.name for p in dst[0]}
            extras = [p for p in src[0] if p.name not in named]
            if not all(self.fits(p.type, ss, dst_index.value, ds) for p in extras):
                return False
            if src[1] is not None and not self.fits(src[1].value, ss, dst_index.value, ds):
                return False
        return True
