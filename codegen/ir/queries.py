"""Pure queries on a resolved ``ir.Schema``: flattened views, literal sets, coarse kinds.

Every pass after resolve (the emitters, the registry, the revision tools) reads the schema
through these; the flattening is memoised per schema.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from typing import TypeVar, assert_never

from .. import ir
from ..errors import SchemaError
from .walk import children

_T = TypeVar("_T")

# --------------------------------------------------------------------------- constraint tags

# JSDoc tags whose value is a number (typescript-json-schema's numeric keywords), and
# those of them that JSON Schema wants as a count: a non-negative integer.
NUMBER_TAGS = frozenset(
    {"multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"}
)
COUNT_TAGS = frozenset(
    {"maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties"}
)
_CONSTRAINT_TAGS = NUMBER_TAGS | COUNT_TAGS


def tag_number(name: str, text: str) -> int | float | None:
    """The value of the numeric constraint tag ``@name text``: its first word read as a
    JSON number (``@minItems 1`` followed by more prose means 1), or None when that is no
    number the keyword takes. The front end warns where it is None; every emitter reads
    the tag through here, so the models and the JSON Schema keep the same bound."""
    words = text.split()
    try:
        value = json.loads(words[0]) if words else None
    except ValueError:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if name in COUNT_TAGS:
        if isinstance(value, float) and not value.is_integer():
            return None
        return int(value) if value >= 0 else None
    if name == "multipleOf" and not value > 0:
        return None
    return value


def bad_constraint_tags(decls: Sequence[ir.Decl]) -> tuple[tuple[ir.Span, str], ...]:
    """Each numeric constraint tag of ``decls`` (declarations, properties, index
    signatures) whose value ``tag_number`` cannot read, as (span, message), each once."""
    found: dict[tuple[ir.Span, str], None] = {}
    pending: list[ir.TypeExpr | ir.Decl] = list(reversed(decls))
    while pending:
        node = pending.pop()
        add_bad_constraint_tags(node, found)
        pending.extend(reversed(children(node)))
    return tuple(found)


def add_bad_constraint_tags(
    node: ir.TypeExpr | ir.Decl, found: dict[tuple[ir.Span, str], None]
) -> None:
    """``bad_constraint_tags`` of ``node`` itself (its own doc, or an object's members'
    docs, not the types inside), added to ``found`` in order: for a walk that also
    collects other things (``frontend.checks.compiled_findings``)."""
    if isinstance(node, ir.Interface | ir.Alias):
        _check_constraint_tags(node.doc, node.span, found)
    elif isinstance(node, ir.Object):
        for prop in node.properties:
            if prop.doc.tags:  # most properties have none: no call (#37)
                _check_constraint_tags(prop.doc, prop.span, found)
        if node.index is not None:
            _check_constraint_tags(node.index.doc, node.index.span, found)


def _check_constraint_tags(
    doc: ir.Doc, span: ir.Span, found: dict[tuple[ir.Span, str], None]
) -> None:
    for tag in doc.tags:
        name = tag.name.removeprefix("TJS-")
        if name in _CONSTRAINT_TAGS and tag_number(name, tag.text) is None:
            kind = "a non-negative integer" if name in COUNT_TAGS else "a number"
            if name == "multipleOf":
                kind = "a number above 0"
            got = tag.text.split()[0] if tag.text.split() else ""
            message = f"@{tag.name} needs {kind}, got '{got}'; the tag is ignored"
            found.setdefault((span, message))


# --------------------------------------------------------------------------- references


def declaration_of(schema: ir.Schema, ref: ir.Ref) -> ir.Decl:
    """The declaration a type reference names, or a located error: no declaration has the
    name, generic arguments are left on it (resolve instantiates generics, so only a
    hand-built schema has them), or it names a constant, which is a value."""
    decl = schema.decls.get(ref.name)
    if decl is None:
        raise SchemaError(ref.span, f"unknown type '{ref.name}'")
    if ref.args:
        raise SchemaError(ref.span, f"generic type arguments on '{ref.name}' are not supported")
    if isinstance(decl, ir.Const):
        raise SchemaError(ref.span, f"'{ref.name}' is a const, not a type; use 'typeof {ref.name}'")
    return decl


# --------------------------------------------------------------------------- integers


def is_integer_alias(schema: ir.Schema, name: str) -> bool:
    """``type integer = number`` (LSP, devtools-protocol): typescript-json-schema reads the
    name as JSON Schema's ``integer``, so both back ends read it so too."""
    decl = schema.decls.get(name)
    return (
        name == "integer"
        and isinstance(decl, ir.Alias)
        and isinstance(decl.type, ir.Primitive)
        and decl.type.name == "number"
    )


# --------------------------------------------------------------------------- protocol


def is_mcp(decls: dict[str, ir.Decl]) -> bool:
    """MCP's marker: its ``EmptyResult`` (every revision declares one)."""
    return "EmptyResult" in decls


def protocol_of(schema: ir.Schema) -> str:
    """``mcp`` or ``generic``: as ``--protocol`` set it, else detected (``is_mcp``)."""
    if schema.protocol is not None:
        return schema.protocol
    return "mcp" if is_mcp(schema.decls) else "generic"


# --------------------------------------------------------------------------- compatibility

JsonKind = str
_ALL_KINDS: frozenset[JsonKind] = frozenset(
    ("string", "number", "boolean", "null", "object", "array")
)


def _kinds(schema: ir.Schema, t: ir.TypeExpr, seen: frozenset[str] = frozenset()) -> frozenset[str]:
    """The JSON value kinds a type admits (coarse, for spotting clear incompatibilities)."""
    match t:
        case ir.Primitive(name="any" | "unknown"):
            return _ALL_KINDS
        case ir.Primitive(name="never" | "undefined"):
            return frozenset()
        case ir.Primitive(name="object"):
            return frozenset(("object", "array"))
        case ir.Primitive():
            return frozenset((t.name,))
        case ir.Literal():
            value = t.value
            kind = (
                "boolean"
                if isinstance(value, bool)
                else "string"
                if isinstance(value, str)
                else "number"
            )
            return frozenset((kind,))
        case ir.Ref():
            decl = schema.decls.get(t.name)
            if isinstance(decl, ir.Alias) and t.name not in seen:
                return _kinds(schema, decl.type, seen | {t.name})
            return frozenset(("object",)) if isinstance(decl, ir.Interface) else _ALL_KINDS
        case ir.Array() | ir.Tuple():
            return frozenset(("array",))
        case ir.Object() | ir.Mapping() | ir.Omit():
            return frozenset(("object",))
        case ir.Union():
            return frozenset().union(*(_kinds(schema, m, seen) for m in t.members))
        case ir.Intersection():
            return _ALL_KINDS.intersection(*(_kinds(schema, m, seen) for m in t.members))
        case ir.Typeof():
            return _ALL_KINDS
        case _:
            assert_never(t)


def closed_literals(schema: ir.Schema, t: ir.TypeExpr) -> set[ir.LiteralValue] | None:
    """The values of a literal or a union of only literals; None when the type is open."""
    t = deref(schema, t)
    members = t.members if isinstance(t, ir.Union) else (t,)
    values: set[ir.LiteralValue] = set()
    for member in members:
        member = deref(schema, member)
        if isinstance(member, ir.Literal):
            values.add(member.value)
        elif isinstance(member, ir.Union):
            inner = closed_literals(schema, member)
            if inner is None:
                return None
            values |= inner
        else:
            return None
    return values


def is_narrowing(schema: ir.Schema, sub: ir.TypeExpr, base: ir.TypeExpr) -> bool:
    """False only when ``sub`` clearly admits values ``base`` does not (conservative)."""
    if not _kinds(schema, sub) <= _kinds(schema, base):
        return False
    allowed = closed_literals(schema, base)
    if allowed is None:
        return True
    offered = closed_literals(schema, sub)
    return offered is None or offered <= allowed


# --------------------------------------------------------------------------- flattened views


class _Flattener:
    """Memoised flattening for one schema; declarations are looked up by name."""

    def __init__(self, schema: ir.Schema) -> None:
        self.schema = schema
        self.props: dict[str, tuple[ir.Property, ...]] = {}
        self.index: dict[str, ir.IndexSignature | None] = {}
        # An interface's properties asked for by itself (``interface_properties``), by id
        # with the interface (which keeps the id valid).
        self.interfaces: dict[int, tuple[ir.Interface, tuple[ir.Property, ...]]] = {}
        self.computing: set[tuple[int, str]] = set()  # (memo, name) being flattened
        self.cycled = False  # a flattening read a name still being flattened

    def named(
        self,
        name: str,
        memo: dict[str, _T],
        compute: Callable[[ir.TypeExpr | ir.Interface], _T],
        empty: _T,
    ) -> _T:
        if name in memo:
            if (id(memo), name) in self.computing:
                self.cycled = True
            return memo[name]
        decl = self.schema.decls.get(name)
        memo[name] = empty  # a cycle (rejected by resolve) flattens to nothing, not forever
        self.computing.add((id(memo), name))
        if isinstance(decl, ir.Interface):
            memo[name] = compute(decl)
        elif isinstance(decl, ir.Alias):
            memo[name] = compute(decl.type)
        self.computing.discard((id(memo), name))
        return memo[name]

    def interface_properties(self, t: ir.Interface) -> tuple[ir.Property, ...]:
        """``properties(t)``, computed once per interface (#37: the emitters ask for each
        declaration's several times). Kept only when no name it read was still being
        flattened: every name it read is then memoised for good, so asking again would
        give the same (in a cycle, which resolve rejects, it would not)."""
        held = self.interfaces.get(id(t))
        if held is not None and held[0] is t:
            return held[1]
        cycled, self.cycled = self.cycled, False
        found = self.properties(t)
        if not self.cycled:
            self.interfaces[id(t)] = (t, found)
        self.cycled = cycled or self.cycled
        return found

    def properties(self, t: ir.TypeExpr | ir.Interface) -> tuple[ir.Property, ...]:
        match t:
            case ir.Interface():
                merged: dict[str, ir.Property] = {}
                for base in t.extends:
                    merged.update((p.name, p) for p in self.properties(base))
                merged.update((p.name, p) for p in t.body.properties)
                return tuple(merged.values())
            case ir.Ref():
                return self.named(t.name, self.props, self.properties, ())
            case ir.Object():
                return t.properties
            case ir.Omit():
                return tuple(p for p in self.properties(t.base) if p.name not in t.keys)
            case ir.Intersection():
                merged = {}
                for member in t.members:
                    merged.update((p.name, p) for p in self.properties(member))
                return tuple(merged.values())
            case (
                ir.Primitive()
                | ir.Literal()
                | ir.Typeof()
                | ir.Array()
                | ir.Tuple()
                | ir.Union()
                | ir.Mapping()
            ):
                return ()
            case _:
                assert_never(t)

    def index_signature(self, t: ir.TypeExpr | ir.Interface) -> ir.IndexSignature | None:
        match t:
            case ir.Interface():
                if t.body.index is not None:
                    return t.body.index
                return self.first_index(t.extends)
            case ir.Ref():
                return self.named(t.name, self.index, self.index_signature, None)
            case ir.Object():
                return t.index
            case ir.Mapping():
                # ``Record<string, V>`` is an index signature by another name.
                return ir.IndexSignature(t.value, span=t.span)
            case ir.Omit():
                return self.index_signature(t.base)
            case ir.Intersection():
                return self.first_index(t.members)
            case ir.Primitive() | ir.Literal() | ir.Typeof() | ir.Array() | ir.Tuple() | ir.Union():
                return None
            case _:
                assert_never(t)

    def first_index(self, types: Sequence[ir.TypeExpr]) -> ir.IndexSignature | None:
        for t in types:
            found = self.index_signature(t)
            if found is not None:
                return found
        return None


# One flattener per recently used schema; held strongly so ``id`` keys stay valid.
_FLATTENERS: dict[int, _Flattener] = {}
_FLATTENER_SLOTS = 8


def _flattener(schema: ir.Schema) -> _Flattener:
    found = _FLATTENERS.get(id(schema))
    if found is not None and found.schema is schema:
        return found
    if len(_FLATTENERS) >= _FLATTENER_SLOTS:
        del _FLATTENERS[next(iter(_FLATTENERS))]
    _FLATTENERS[id(schema)] = created = _Flattener(schema)
    return created


def flat_properties(schema: ir.Schema, t: ir.Interface | ir.TypeExpr) -> tuple[ir.Property, ...]:
    """All properties of an object-like type: bases first (in ``extends`` order), a
    redeclared property replacing the inherited one in its place, ``Omit`` keys removed,
    intersection members merged. Non-object types have none."""
    if type(t) is ir.Interface:
        return _flattener(schema).interface_properties(t)
    return _flattener(schema).properties(t)


def flat_index(schema: ir.Schema, t: ir.Interface | ir.TypeExpr) -> ir.IndexSignature | None:
    """The index signature an object-like type has, its own or the first inherited one."""
    return _flattener(schema).index_signature(t)


def deref(schema: ir.Schema, t: ir.TypeExpr) -> ir.TypeExpr:
    """Follow alias references to the underlying type (a Ref to an interface stays)."""
    seen: set[str] = set()
    while isinstance(t, ir.Ref) and t.name not in seen:
        decl = schema.decls.get(t.name)
        if not isinstance(decl, ir.Alias):
            break
        seen.add(t.name)
        t = decl.type
    return t


# --------------------------------------------------------------------------- structure


class _Shape(tuple):  # type: ignore[type-arg]
    """A structure (a tuple) that hashes once: large typings look up big ones often."""

    def __hash__(self) -> int:
        found: int | None = self.__dict__.get("hash")
        if found is None:
            found = self.__dict__["hash"] = tuple.__hash__(self)
        return found


_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}  # class -> (field, kept when None)


def _fields(cls: type) -> tuple[tuple[str, bool], ...]:
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(
            (f.name, f.metadata.get("shape") != "when set")
            for f in dataclasses.fields(cls)
            if f.name != "span" and f.metadata.get("shape") != "never"
        )
    return found


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    found = _FIELD_NAMES.get(cls)
    if found is None:
        found = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return found


# Per class, keyed exactly (``type(node)``): how ``shape`` reads a node of that class.
# A leaf (``str``, ``int``...) is itself; a dataclass, its kept fields (``_fields``); a
# tuple or list, its items. Other classes are looked up once with ``isinstance`` (a
# subclass of ``str`` is a leaf, of ``tuple`` a sequence) and kept here (#37: a large
# typing asks this for every node, often many times).
_LEAF, _SEQUENCE, _OTHER = "leaf", "sequence", "other"
_HOW: dict[type, str | tuple[tuple[str, bool], ...]] = {}


def _how(cls: type) -> str | tuple[tuple[str, bool], ...]:
    found = _HOW.get(cls)
    if found is None:
        if issubclass(cls, str | int | float | bool) or cls is type(None):
            found = _LEAF
        elif dataclasses.is_dataclass(cls):
            found = _fields(cls)
        elif issubclass(cls, tuple | list):
            found = _SEQUENCE
        else:
            found = _OTHER
        _HOW[cls] = found
    return found


def shape(node: object, memo: dict[int, tuple[object, object]] | None = None) -> object:
    """A node's structure without source positions: equal shapes are one type (the key of
    every "same type" test and of the digests in synthesized names). ``memo``
    (id -> (node, structure)) shares the work over nodes that one tree, or one pass,
    holds several times (an inline copy of an indexed member, a nested anonymous type)."""
    return _shape(node, {} if memo is None else memo)


def _shape(node: object, memo: dict[int, tuple[object, object]]) -> object:
    cls = type(node)
    how = _HOW.get(cls)
    if how is None:
        how = _how(cls)
    if how is _LEAF:
        return (cls.__name__, node)  # bool and int stay apart
    hit = memo.get(id(node))
    if hit is not None:
        return hit[1]
    found: object
    # A leaf item or field (most of them: names, kinds, flags) is written here, without a
    # call of its own, and so is one the memo holds (a shared doc, an empty tuple) (#37).
    if how is _SEQUENCE:
        items: list[object] = []
        for item in node:  # type: ignore[attr-defined]
            kind = type(item)
            if _HOW.get(kind) is _LEAF:
                items.append((kind.__name__, item))
            else:
                held = memo.get(id(item))
                items.append(held[1] if held is not None else _shape(item, memo))
        found = _Shape(items)
    elif isinstance(how, str):  # _OTHER
        found = (cls.__name__, node)
    else:
        parts: list[object] = [cls.__name__]
        for name, when_none in how:
            value = getattr(node, name)
            # a "when set" field left at its default (None, False) adds nothing: shapes,
            # and the digests in synthesized names, stay what they were before it existed
            if when_none or (value is not None and value is not False):
                kind = type(value)
                if _HOW.get(kind) is _LEAF:
                    parts.append((kind.__name__, value))
                else:
                    held = memo.get(id(value))
                    parts.append(held[1] if held is not None else _shape(value, memo))
        found = _Shape(parts)
    memo[id(node)] = (node, found)
    return found


# --------------------------------------------------------------------------- degradation


def degraded_spots(decls: Sequence[ir.Decl]) -> tuple[tuple[ir.Span, str], ...]:
    """Every place where ``decls`` hold a degraded ``unknown`` (a construct the dialect
    cannot express), with what it was: in declaration order, each spot once."""
    found: dict[tuple[ir.Span, str], None] = {}
    pending: list[ir.TypeExpr | ir.Decl] = list(reversed(decls))
    while pending:
        node = pending.pop()
        kind = type(node)
        if kind is ir.Primitive:  # a leaf: the one kind that degrades
            if node.degraded is not None:  # type: ignore[union-attr]
                found.setdefault((node.span, node.degraded))  # type: ignore[union-attr]
        elif kind is not ir.Literal:  # the most common leaves after it, not asked (#37)
            pending.extend(reversed(children(node)))
    return tuple(found)


# --------------------------------------------------------------------------- rewriting


# The fields of a node that say where it was written and what its comment said, never
# which types it holds: a rewrite of the types enters neither.
SPAN_AND_DOC = ("span", "doc")

# Per class, keyed exactly (``type(node)``): the fields a generic walk enters. As many
# entries as the IR has kinds, plus the leaf classes (``str``, ``int``...) with none.
_TYPE_FIELDS: dict[type, tuple[str, ...]] = {}


def type_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node of class ``kind`` that may hold types: every field but its
    span and doc; none when ``kind`` is no dataclass. A walk over every node of a large
    typing asks this per node; ``dataclasses.fields`` is read once per class (#37)."""
    found = _TYPE_FIELDS.get(kind)
    if found is None:
        found = ()
        if dataclasses.is_dataclass(kind):
            found = tuple(f.name for f in dataclasses.fields(kind) if f.name not in SPAN_AND_DOC)
        _TYPE_FIELDS[kind] = found
    return found


def rewrite(
    node: _T, change: Callable[[object], object], *, keep: tuple[str, ...] = ("span",)
) -> _T:
    """``node`` with ``change`` applied to it and then to every IR node inside it; the
    fields named in ``keep`` are not entered (spans by default). ``change`` is a function
    of the node: a node held several times (an inline copy) is rewritten once."""
    return _rewrite(node, change, keep, {})


def _rewrite(
    node: _T,
    change: Callable[[object], object],
    keep: tuple[str, ...],
    memo: dict[int, tuple[object, object]],
) -> _T:
    if isinstance(node, str | int | float | bool | None):
        return change(node)  # type: ignore[return-value]
    hit = memo.get(id(node))
    if hit is not None:
        return hit[1]  # type: ignore[return-value]
    found: object = change(node)
    if isinstance(found, tuple):
        found = tuple(_rewrite(item, change, keep, memo) for item in found)
    elif dataclasses.is_dataclass(found) and not isinstance(found, type):
        # Always a copy: the emitters tell a declaration's anonymous types apart by identity.
        fields = {
            name: _rewrite(getattr(found, name), change, keep, memo)
            for name in _field_names(type(found))
            if name not in keep
        }
        found = ir.replace(found, **fields)
    memo[id(node)] = (node, found)
    return found  # type: ignore[return-value]
