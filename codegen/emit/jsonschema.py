"""The JSON Schema (2020-12) emitter: one ``$defs`` entry per interface and type alias.

The output follows what typescript-json-schema 0.68 produces for MCP's official
``schema.json`` (the oracle), so the two can be compared definition by definition; the
few places where we deliberately differ are listed in ``docs/jsonschema-deviations.md``:

* ``number`` stays ``"number"`` (the oracle turns every unannotated ``number`` into
  ``"integer"``); ``@TJS-type integer`` still asks for an integer.
* ``null`` in a union is kept (the oracle compiles without strictNullChecks, so TypeScript
  erases it: ``JSONValue`` then rejects ``null``).
* ``@deprecated`` becomes the 2020-12 annotation ``"deprecated": true``.
* an alias of an interface (``type EmptyResult = Result``) keeps its own description.

Rules copied from the oracle (they are how TypeScript itself sees the types):

* ``extends`` is flattened; an overriding property without its own JSDoc inherits the
  base property's description and tags. Index signatures are not inherited.
* ``&`` becomes ``allOf``; ``Omit<T, K>`` becomes T's flattened properties minus K.
* An alias of a primitive, literal or array is inlined where used (TypeScript keeps no
  alias name on those types); an alias of a union, object, mapping, ``&`` or ``Omit`` is a
  ``$ref``. A union member that names a union alias is spliced into the outer union.
* Literal unions become ``enum`` (sorted) with a ``type``; one literal is ``const``.
  Literals absorbed by their primitive (``"a" | string``) disappear.
* ``Record<string, unknown>`` is ``{"type": "object"}``; ``unknown``/``any`` is ``{}``.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, assert_never

from .. import ir
from ..errors import Diagnostics, SchemaError
from ..escape import one_line
from ..ir.queries import COUNT_TAGS, NUMBER_TAGS, is_integer_alias, tag_number
from .json_text import dumps_indented, loads_strict

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
REF_PREFIX = "#/$defs/"

JSON = dict[str, Any]

# JSDoc block tags that become a keyword of the same name (typescript-json-schema's
# validation keywords). ``@TJS-<keyword>`` spells any keyword explicitly.
KEYWORD_TAGS = frozenset(
    {
        "multipleOf",
        "maximum",
        "exclusiveMaximum",
        "minimum",
        "exclusiveMinimum",
        "maxLength",
        "minLength",
        "pattern",
        "maxItems",
        "minItems",
        "uniqueItems",
        "maxProperties",
        "minProperties",
        "format",
        "default",
    }
)
TJS_PREFIX = "TJS-"

# ``{@link Target | text}`` renders as ``{@link Targettext}`` in the oracle: TypeScript's
# display parts concatenate the link name and its text with nothing in between; a URL
# target is not a name, and its text follows after a space (``{@link url text}``).
_LINK = re.compile(r"\{@link\s+([^\s|}]+)\s*(?:\|\s*)?([^}]*)\}")


def render_description(text: str, known: frozenset[str] | None = None) -> str:
    """``known``: the schema's declaration names. TypeScript renders a link whose target
    does not resolve (``{@link Other.method text}``) with its space kept."""
    if "{@link" not in text:  # most descriptions: no link, no pass of the pattern (#37)
        return text.strip()

    def render(match: re.Match[str]) -> str:
        target, label = match.group(1), match.group(2).rstrip()
        unresolved = known is not None and target.split(".")[0] not in known
        if "://" in target:  # a URL is no name to TypeScript: its text follows a space
            separator = " " if label else ""
        else:
            separator = " " if unresolved and label and "|" not in match.group(0) else ""
        return "{@link " + target + separator + label + "}"

    return _LINK.sub(render, text).strip()


def _tag_value(text: str) -> Any:
    """A tag's value: JSON when it parses (``0``, ``true``, ``"x"``), else the text."""
    stripped = text.strip()
    try:
        return loads_strict(stripped)
    except ValueError:
        return stripped


# --------------------------------------------------------------------------- emitter


class _Emitter:
    def __init__(self, schema: ir.Schema, diagnostics: Diagnostics) -> None:
        self.schema = schema
        self.diagnostics = diagnostics
        self.known = frozenset(schema.decls)
        # Aliases being inlined right now: meeting one again inside itself (``type A = A[]``)
        # becomes a $ref to its definition instead of endless inlining.
        self.inlining: list[str] = []
        # Aliases whose union members are being rendered right now. A recursive alias met
        # again inside its own members stays a $ref; splicing it again would never end.
        self.expanding: list[str] = []
        self.kept_names: dict[tuple[str, tuple[str, ...], tuple[str, ...]], bool] = {}
        # What a reference to an interface is, wherever it is: its ``$ref`` (most
        # references are), found without the alias questions ``ref_schema`` asks (#37).
        self.interface_refs = {
            name: REF_PREFIX + (decl.qualname or name)
            for name, decl in schema.decls.items()
            if isinstance(decl, ir.Interface)
        }

    # ---------------------------------------------------------------- declarations

    def definitions(self) -> dict[str, JSON]:
        defs: dict[str, JSON] = {}
        for name, decl in self.schema.decls.items():
            if isinstance(decl, ir.Interface):
                defs[decl.qualname or name] = self.interface_definition(decl)
            elif isinstance(decl, ir.Alias):
                defs[decl.qualname or name] = self.alias_definition(decl)
        return defs

    def interface_definition(self, decl: ir.Interface) -> JSON:
        own = decl.body.properties
        if not decl.extends and len({p.name for p in own}) == len(own):
            properties = list(own)  # no base, no name twice: nothing to flatten (#37)
        else:
            properties = list(self.flat_properties(decl, (decl.name,)).values())
        out = self.object_schema(properties, decl.body.index)
        return self.with_doc(out, decl.doc)

    def alias_definition(self, decl: ir.Alias) -> JSON:
        target = decl.type
        if decl.enum and isinstance(target, ir.Union):
            # An enum keeps its declaration order; numeric members are "number".
            values = [m.value for m in target.members if isinstance(m, ir.Literal)]
            kind = self.literal_type(values)
            kind = "number" if kind == "integer" else kind
            return self.with_doc({"enum": values, "type": kind}, decl.doc)
        if isinstance(target, ir.Ref):
            # ``type EmptyResult = Result``: TypeScript sees the same type under two names.
            out = self.type_schema(target)
        else:
            self.expanding.append(decl.name)
            try:
                out = self.structural_schema(target, (decl.name,))
            finally:
                self.expanding.pop()
        return self.with_doc(out, decl.doc)

    def literal_type(self, values: list[ir.LiteralValue]) -> str | list[str]:
        """Integer literals are ``integer`` unless ``--default-number-type number`` asks
        for typescript-json-schema's default (every number literal is ``number``)."""
        kinds = _literal_type(values)
        if self.schema.default_number_type != "number":
            return kinds
        if isinstance(kinds, str):
            return "number" if kinds == "integer" else kinds
        merged = ["number" if k == "integer" else k for k in kinds]
        return [k for i, k in enumerate(merged) if k not in merged[:i]]

    # ---------------------------------------------------------------- documentation

    def with_doc(self, out: JSON, doc: ir.Doc) -> JSON:
        if not doc.description and not doc.tags:
            return out  # most properties: no comment at all (#37)
        description = render_description(doc.description, self.known)
        if description:
            out["description"] = description
        for tag in doc.tags:
            name = tag.name
            if name.startswith(TJS_PREFIX):
                name = name[len(TJS_PREFIX) :]
            elif name not in KEYWORD_TAGS:
                if name == "deprecated":
                    out["deprecated"] = True
                elif name == "nullable":
                    _make_nullable(out)
                continue
            if name in NUMBER_TAGS | COUNT_TAGS:
                # ``@minItems 1`` then prose: 1; no number at all: left out (the front end
                # warned), never a keyword of the wrong type.
                number = tag_number(name, tag.text)
                if number is not None:
                    out[name] = number
                continue
            out[name] = _tag_value(tag.text)
        return out

    # ---------------------------------------------------------------- objects

    def flat_properties(self, decl: ir.Interface, seen: tuple[str, ...]) -> dict[str, ir.Property]:
        """Own and inherited properties; a redeclared property without JSDoc keeps the base's."""
        props: dict[str, ir.Property] = {}
        for base in decl.extends:
            props.update(self.base_properties(base, seen))
        for prop in decl.body.properties:
            inherited = props.pop(prop.name, None)
            props[prop.name] = _inherit_doc(prop, inherited)
        return props

    def base_properties(self, base: ir.TypeExpr, seen: tuple[str, ...]) -> dict[str, ir.Property]:
        if isinstance(base, ir.Omit):
            props = self.base_properties(base.base, seen)
            return {name: p for name, p in props.items() if name not in base.keys}
        if isinstance(base, ir.Object):
            return {p.name: p for p in base.properties}
        if isinstance(base, ir.Intersection):
            merged: dict[str, ir.Property] = {}
            for member in base.members:
                merged.update(self.base_properties(member, seen))
            return merged
        if isinstance(base, ir.Ref):
            if base.name in seen:
                raise SchemaError(base.span, f"{base.name} extends itself")
            decl = self.lookup(base)
            if isinstance(decl, ir.Interface):
                return self.flat_properties(decl, (*seen, base.name))
            if isinstance(decl, ir.Alias):
                return self.base_properties(decl.type, (*seen, base.name))
        if isinstance(base, ir.Mapping):
            return {}  # ``extends MetaObject`` (a Record) adds no named property
        raise SchemaError(base.span, "an interface can only extend object types")

    def object_schema(self, properties: list[ir.Property], index: ir.IndexSignature | None) -> JSON:
        out: JSON = {"type": "object"}
        if properties or index is None:
            out["properties"] = {p.name: self.property_schema(p) for p in properties}
        required = sorted([p.name for p in properties if not p.optional])
        if required:
            out["required"] = required
        if index is not None and index.key_pattern is not None:
            out["patternProperties"] = {index.key_pattern: self.type_schema(index.value)}
            out["additionalProperties"] = False
        elif index is not None:
            out["additionalProperties"] = self.type_schema(index.value)
        return out

    def property_schema(self, prop: ir.Property) -> JSON:
        doc = prop.doc
        t = prop.type
        if isinstance(t, ir.Ref):
            interface_ref = self.interface_refs.get(t.name)
            if interface_ref is not None:  # most references: the interface's $ref (#37)
                schema: JSON = {"$ref": interface_ref}
            else:
                if not doc.description:
                    # ``uri: DocumentUri``: an inlined alias shows its own description
                    # (TypeScript's).
                    decl = self.schema.decls.get(t.name)
                    if isinstance(decl, ir.Alias) and decl.doc.description and self.inlines(decl):
                        doc = dataclasses.replace(doc, description=decl.doc.description)
                schema = self.ref_schema(t, ())
        else:
            schema = self.structural_schema(t, ())
        if not doc.description and not doc.tags:
            return schema  # most properties: no comment at all, no call (#37)
        return self.with_doc(schema, doc)

    def inlines(self, decl: ir.Alias) -> bool:
        """An alias of a primitive, directly or through aliases (``NodeId = integer``)."""
        seen = {decl.name}
        target = decl.type
        while isinstance(target, ir.Ref) and target.name not in seen:
            seen.add(target.name)
            found = self.schema.decls.get(target.name)
            if not isinstance(found, ir.Alias):
                return False
            target = found.type
        return isinstance(target, ir.Primitive)

    # ---------------------------------------------------------------- types

    def lookup(self, ref: ir.Ref) -> ir.Decl:
        decl = self.schema.decls.get(ref.name)
        if decl is None:
            raise SchemaError(ref.span, f"unknown type {ref.name!r}")
        return decl

    def type_schema(self, t: ir.TypeExpr) -> JSON:
        """The schema of a type where it is used (a property, an item, a union member)."""
        if isinstance(t, ir.Ref):
            interface_ref = self.interface_refs.get(t.name)
            if interface_ref is not None:
                return {"$ref": interface_ref}
            return self.ref_schema(t, ())
        return self.structural_schema(t, ())

    def ref_schema(self, ref: ir.Ref, seen: tuple[str, ...]) -> JSON:
        interface_ref = self.interface_refs.get(ref.name)
        if interface_ref is not None and ref.name not in seen:
            return {"$ref": interface_ref}
        if is_integer_alias(self.schema, ref.name):
            return {"type": "integer"}  # typescript-json-schema's ``type integer = number``
        if ref.name in seen:
            raise SchemaError(ref.span, f"type alias {ref.name} refers to itself")
        decl = self.lookup(ref)
        if isinstance(decl, ir.Const):
            raise SchemaError(ref.span, f"{ref.name} is a value; use typeof {ref.name}")
        if (
            isinstance(decl, ir.Alias)
            and ref.name not in self.inlining
            and not self.keeps_alias_name(decl, (*seen, ref.name))
        ):
            target = decl.type
            if isinstance(target, ir.Ref):
                return self.ref_schema(target, (*seen, ref.name))
            self.inlining.append(ref.name)
            try:
                return self.structural_schema(target, (*seen, ref.name))
            finally:
                self.inlining.pop()
        named = self.schema.decls.get(ref.name)
        key = named.qualname if isinstance(named, ir.Interface | ir.Alias) else ""
        return {"$ref": REF_PREFIX + (key or ref.name)}

    def keeps_alias_name(self, decl: ir.Alias, seen: tuple[str, ...]) -> bool:
        """Whether TypeScript remembers the alias name on its type (so it becomes a $ref)."""
        target = decl.type
        if decl.with_namespace and isinstance(target, ir.Object):
            return False
        if isinstance(target, ir.Union):
            # Asked at every reference to the alias: its members depend on the alias, the
            # path here and the aliases being expanded, so the answer is kept per those (#37).
            key = (decl.name, seen, tuple(self.expanding))
            kept = self.kept_names.get(key)
            if kept is None:
                kept = self.kept_names[key] = len(self.union_members(target, seen)) > 1
            return kept
        return isinstance(target, _NAME_KEEPING)

    def structural_schema(self, t: ir.TypeExpr, seen: tuple[str, ...]) -> JSON:
        if (
            type(t) is ir.Primitive
            and t.pattern is None
            and t.format is None
            and t.degraded is None
        ):  # the most common kind, without the match's tests of each case before it (#37)
            primitive = t.name
            if primitive in _NAMED_TYPES:
                return {"type": primitive}
            if primitive == "number":
                return {"type": self.schema.default_number_type or "number"}
            return _primitive_schema(primitive)
        # The next most common kinds, also without the match's case-by-case tests (#37).
        if isinstance(t, ir.Union):
            return self.union_schema(t, seen)
        if isinstance(t, ir.Literal):
            return {"const": t.value, "type": self.literal_type([t.value])}
        if isinstance(t, ir.Array):
            return {"type": "array", "items": self.type_schema(t.items)}
        if isinstance(t, ir.Object):
            return self.object_schema(list(t.properties), t.index)
        if isinstance(t, ir.Mapping):
            if _is_any(t.value):
                return {"type": "object"}
            return {"type": "object", "additionalProperties": self.type_schema(t.value)}
        match t:
            case ir.Primitive(name=name, pattern=str(pattern)):
                return {"type": "string", "pattern": pattern}
            case ir.Primitive(name="string", format=str(format_)):
                return {"type": "string", "format": format_}
            case ir.Primitive(name="number"):
                return {"type": self.schema.default_number_type or "number"}
            case ir.Primitive(degraded=str(what)):
                return {"$comment": degraded_comment(what)}
            case ir.Primitive(name=name):
                return _primitive_schema(name)
            case ir.Literal(value=value):
                return {"const": value, "type": self.literal_type([value])}
            case ir.Ref():
                return self.ref_schema(t, seen)
            case ir.Array(items=items):
                return {"type": "array", "items": self.type_schema(items)}
            case ir.Tuple(items=items, min_items=min_items, rest=rest) if rest is not None:
                # typescript-json-schema's ``[A, ...B[]]``: no ``maxItems``.
                return {
                    "type": "array",
                    "prefixItems": [self.type_schema(i) for i in items],
                    "items": self.type_schema(rest),
                    "minItems": len(items) if min_items is None else min_items,
                }
            case ir.Tuple(items=()):
                return {"type": "array", "maxItems": 0}
            case ir.Tuple(items=items, min_items=min_items):
                n = len(items)
                return {
                    "type": "array",
                    "prefixItems": [self.type_schema(i) for i in items],
                    "minItems": n if min_items is None else min_items,
                    "maxItems": n,
                }
            case ir.Union():
                return self.union_schema(t, seen)
            case ir.Intersection(members=members):
                return {"allOf": [self.type_schema(m) for m in members]}
            case ir.Omit(base=base, keys=keys):
                props = self.base_properties(base, seen)
                return self.object_schema([p for n, p in props.items() if n not in keys], None)
            case ir.Mapping(value=value):
                if _is_any(value):
                    return {"type": "object"}
                return {"type": "object", "additionalProperties": self.type_schema(value)}
            case ir.Object(properties=properties, index=index):
                return self.object_schema(list(properties), index)
            case ir.Typeof(name=name):
                raise SchemaError(t.span, f"typeof {name} was not resolved to a literal")
            case _:
                assert_never(t)

    # ---------------------------------------------------------------- unions

    def union_members(
        self, union: ir.Union, seen: tuple[str, ...], spliced: list[str] | None = None
    ) -> list[ir.TypeExpr]:
        """Members as TypeScript sees them: aliases of unions and primitives spliced in,
        ``undefined``/``never`` dropped, literals absorbed by their primitive, duplicates
        removed."""
        flat: list[ir.TypeExpr] = []
        self._splice(union, seen, [] if spliced is None else spliced, flat)
        primitives: set[str] = {m.name for m in flat if isinstance(m, ir.Primitive)}
        if primitives & {"unknown", "any"}:
            # A degraded member keeps saying so: the union admits any value because of it.
            found = (m for m in flat if isinstance(m, ir.Primitive) and m.degraded)
            return [next(found, ir.Primitive("unknown"))]
        members: list[ir.TypeExpr] = []
        seen_keys: set[str] = set()
        widened = _widened(primitives)  # once per union; mostly empty, then no literal asks (#37)
        for m in flat:
            if isinstance(m, ir.Primitive) and m.name in {"undefined", "never"}:
                continue
            if widened and isinstance(m, ir.Literal) and self.literal_type([m.value]) in widened:
                continue
            key = _member_key(m)
            if key not in seen_keys:
                seen_keys.add(key)
                members.append(m)
        return members

    def _splice(
        self, t: ir.TypeExpr, seen: tuple[str, ...], spliced: list[str], out: list[ir.TypeExpr]
    ) -> None:
        """Append ``t``'s members to ``out``. A list filled in place, not a generator per
        member: a large typing's unions have tens of thousands of members (#37)."""
        if isinstance(t, ir.Union):
            for m in t.members:
                if isinstance(m, _PLAIN):  # nothing to splice (#37)
                    out.append(m)
                else:
                    self._splice(m, seen, spliced, out)
            return
        if isinstance(t, ir.Ref):
            decl = self.lookup(t)
            if isinstance(decl, ir.Alias) and isinstance(decl.type, _SPLICED):
                if t.name in seen:
                    raise SchemaError(t.span, f"type alias {t.name} refers to itself")
                if t.name not in self.expanding:
                    spliced.append(t.name)
                    self._splice(decl.type, (*seen, t.name), spliced, out)
                    return
        out.append(t)

    def union_schema(self, union: ir.Union, seen: tuple[str, ...]) -> JSON:
        spliced: list[str] = []
        members = self.union_members(union, seen, spliced)
        self.expanding += spliced
        try:
            return self._members_schema(members)
        finally:
            del self.expanding[len(self.expanding) - len(spliced) :]

    def _members_schema(self, members: list[ir.TypeExpr]) -> JSON:
        literals: list[ir.LiteralValue] = []
        simple: list[str] = []
        schemas: list[JSON] = []
        for member in members:
            if isinstance(member, ir.Literal):
                literals.append(member.value)
                continue
            schema = self.type_schema(member)
            if isinstance(member, ir.Ref):
                decl = self.lookup(member)
                if isinstance(decl, ir.Alias):
                    # TypeScript keeps the alias on a union member, so its JSDoc shows.
                    schema = self.with_doc(schema, decl.doc)
            if len(schema) == 1 and isinstance(schema.get("type"), str):
                if schema["type"] not in simple:
                    simple.append(schema["type"])
            elif schema == {}:
                return {}
            else:
                schemas.append(schema)
        if set(literals) == {True, False} and all(isinstance(v, bool) for v in literals):
            simple.append("boolean")
        elif literals:
            if len(literals) == 1:
                schemas.append({"const": literals[0], "type": self.literal_type(literals)})
            else:
                ordered = sorted(literals, key=lambda v: (str(type(v)), str(v)))
                schemas.append({"enum": ordered, "type": self.literal_type(literals)})
        if simple:
            schemas.append({"type": simple[0] if len(simple) == 1 else simple})
        if not schemas:
            return {"not": {}}  # only ``undefined``/``never``: no JSON value fits
        if len(schemas) == 1:
            return schemas[0]
        return {"anyOf": schemas}


# --------------------------------------------------------------------------- helpers


def degraded_comment(what: str) -> str:
    """The ``$comment`` of a degraded spot's ``{}``: what the dialect could not express."""
    return one_line(f"degraded to any JSON value: {what}")


# Kinds asked about per union member or reference, as tuples: ``A | B`` in an
# ``isinstance`` builds a union object at each call (#37).
_PLAIN = (ir.Primitive, ir.Literal)
_SPLICED = (ir.Union, ir.Primitive, ir.Literal, ir.Ref)  # an alias of these is spliced
_NAME_KEEPING = (ir.Object, ir.Mapping, ir.Intersection, ir.Omit)

# The primitives whose schema is their name (``_primitive_schema``'s last case).
_NAMED_TYPES = frozenset({"string", "boolean", "null"})


def _primitive_schema(name: ir.PrimitiveName) -> JSON:
    if name in {"unknown", "any", "undefined"}:
        return {}
    if name == "never":
        return {"not": {}}
    if name == "object":
        # What the oracle writes for TypeScript's ``object``: any object.
        return {"type": "object", "properties": {}, "additionalProperties": True}
    return {"type": name}


def _is_any(t: ir.TypeExpr) -> bool:
    return isinstance(t, ir.Primitive) and t.name in {"unknown", "any"}


def _literal_type(values: list[ir.LiteralValue]) -> str | list[str]:
    if len(values) == 1:  # a union member, a ``const``: one kind (#37)
        return _literal_kind(values[0])
    kinds: list[str] = []
    for v in values:
        kind = _literal_kind(v)
        if kind not in kinds:
            kinds.append(kind)
    if set(kinds) == {"integer", "number"}:
        return "number"
    return kinds[0] if len(kinds) == 1 else kinds


def _literal_kind(v: ir.LiteralValue) -> str:
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int) or (isinstance(v, float) and v.is_integer()):
        return "integer"
    if isinstance(v, float):
        return "number"
    return "string"


def _widened(primitives: set[str]) -> set[str]:
    """The literal kinds a set of primitives absorbs (``number`` absorbs integer literals)."""
    kinds = {p for p in primitives if p in {"string", "boolean"}}
    if "number" in primitives:
        kinds |= {"integer", "number"}
    return kinds


def _member_key(t: ir.TypeExpr) -> str:
    if isinstance(t, ir.Literal):
        return f"literal:{type(t.value).__name__}:{t.value!r}"
    if isinstance(t, ir.Primitive):
        return f"primitive:{t.name}"
    if isinstance(t, ir.Ref) and not t.args:
        return f"ref:{t.name}"
    return f"node:{id(t)}"


def _make_nullable(out: JSON) -> None:
    """``@nullable``: let ``null`` through as well (a no-op when it already is)."""
    kind = out.get("type")
    if isinstance(kind, str) and set(out) <= {"type", "description"}:
        if kind != "null":
            out["type"] = [kind, "null"]
    elif isinstance(kind, list) and set(out) <= {"type", "description"}:
        if "null" not in kind:
            kind.append("null")
    elif "anyOf" in out:
        if {"type": "null"} not in out["anyOf"]:
            out["anyOf"].append({"type": "null"})
    else:
        inner = {k: out.pop(k) for k in list(out) if k != "description"}
        out["anyOf"] = [inner, {"type": "null"}]


def _inherit_doc(prop: ir.Property, base: ir.Property | None) -> ir.Property:
    """A redeclared property without a description shows the base's, as TypeScript does;
    tags such as ``@nullable`` or ``@minimum`` belong to the declaration and are not
    inherited."""
    if base is None or prop.doc.description or not base.doc.description:
        return prop
    doc = ir.Doc(description=base.doc.description, tags=prop.doc.tags)
    return ir.Property(prop.name, prop.type, prop.optional, prop.readonly, doc=doc, span=prop.span)


# --------------------------------------------------------------------------- API


def schema_document(schema: ir.Schema, diagnostics: Diagnostics | None = None) -> JSON:
    """The whole 2020-12 document: ``{"$schema": ..., "$defs": {name: schema}}``."""
    emitter = _Emitter(schema, diagnostics if diagnostics is not None else Diagnostics())
    return {"$schema": SCHEMA_DIALECT, "$defs": emitter.definitions()}


def dumps(document: JSON) -> str:
    """Deterministic text: sorted keys, two-space indent, a trailing newline."""
    return dumps_indented(document) + "\n"  # json.dumps's text, in linear time


def emit_jsonschema(
    schema: ir.Schema, diagnostics: Diagnostics | None = None, path: str = "schema.json"
) -> dict[str, str]:
    """The emitter entry point used by the pipeline: ``{path: text}``, no I/O."""
    return {path: dumps(schema_document(schema, diagnostics))}
