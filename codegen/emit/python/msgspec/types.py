"""TS type expressions -> annotations of the msgspec target.

One annotation text serves type checkers and msgspec alike. Where msgspec cannot express
a type, the text names a *lowered* type (``_Union3``, a self-referring alias) that the
module defines twice: under ``TYPE_CHECKING`` as the real type, at run time as a class of
the package runtime (``codegen/runtime/_msgspec.py``) that msgspec decodes through its
``dec_hook``. A union is lowered when msgspec refuses it: more than one member that takes
a JSON object (two Structs, a Struct and a dict) or an array, or a member that is itself
lowered beside anything but ``None``. The lowered union routes a value by its JSON kind,
and an object by the keys each member requires and the literals it fixes (``Member``):
one decision, never a trial of members in turn.

Mappings are the pydantic models' (``annotations.py``): ``string`` -> ``str``,
``number`` -> ``int | float``, ``@TJS-type integer`` -> ``int``, ``unknown`` -> ``Any``,
literals -> ``Literal``, ``Record<string, V>`` -> ``dict[str, V]``. Bounds, lengths and
patterns become ``msgspec.Meta`` on the members they apply to.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import assert_never

from .... import escape, ir
from ....errors import SchemaError, Unsupported
from ....ir.queries import closed_literals, declaration_of, is_integer_alias, tag_number
from ..backend import PythonBackend
from ..layout import ClassLayout

ANY = "_t.Any"
OBJECT, ARRAY, STRING, NUMBER, BOOLEAN, NULL = (
    "object",
    "array",
    "string",
    "number",
    "boolean",
    "null",
)
ALL_KINDS = frozenset({OBJECT, ARRAY, STRING, NUMBER, BOOLEAN, NULL})

# Constraint tags, as the JSON Schema emitter reads them (``tag_number``), and the
# ``msgspec.Meta`` keyword each becomes, per JSON kind it constrains.
STRING_TAGS = {"minLength": "min_length", "maxLength": "max_length"}
NUMBER_META = {
    "minimum": "ge",
    "maximum": "le",
    "exclusiveMinimum": "gt",
    "exclusiveMaximum": "lt",
    "multipleOf": "multiple_of",
}
ARRAY_TAGS = {"minItems": "min_length", "maxItems": "max_length"}


@dataclass
class Ann:
    """An annotation's text and the JSON kinds it takes; ``lowered`` when the text names
    a type msgspec decodes through the package's hook."""

    text: str
    kinds: frozenset[str]
    lowered: bool = False
    length: int | None = None  # a fixed tuple's
    # An array's literal items: per position of a fixed tuple, or for every item of a list
    # (one entry); None where an item is no closed set of literals.
    item_values: tuple[list[str] | None, ...] = ()
    struct: str | None = None  # the Struct the text names, alone
    # msgspec's node for the text holds a pattern-constrained string (``_native``)
    pattern: bool = False


@dataclass
class Meta:
    """The constraints one property puts on its value, by JSON kind."""

    string: dict[str, str] = field(default_factory=dict)
    number: dict[str, str] = field(default_factory=dict)
    array: dict[str, str] = field(default_factory=dict)
    # ``@TJS-type integer`` (True) or ``number`` (False) on a ``number``; None: the default
    integer: bool | None = None


NO_META = Meta()


def number_text(value: int | float, span: ir.Span) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        raise SchemaError(span, f"the bound {value} has no finite value")
    return repr(value)


def property_meta(prop: ir.Property) -> Meta:
    """The constraints of ``prop``'s JSDoc tags (the JSON Schema's keywords)."""
    return doc_meta(prop.doc, prop.span)


def doc_meta(doc: ir.Doc, span: ir.Span) -> Meta:
    """The constraints of a property's or an alias's JSDoc tags, as the JSON Schema
    emitter reads them onto its schema."""
    meta = Meta()
    for tag in doc.tags:
        if tag.name == "TJS-type" and tag.text.strip() in ("integer", "number"):
            meta.integer = tag.text.strip() == "integer"
        name = tag.name.removeprefix("TJS-")
        for table, target in (
            (STRING_TAGS, meta.string),
            (NUMBER_META, meta.number),
            (ARRAY_TAGS, meta.array),
        ):
            if name in table:
                number = tag_number(name, tag.text)
                if number is not None:
                    target[table[name]] = number_text(number, span)
        if name == "pattern" and tag.text.strip():
            meta.string["pattern"] = escape.py_str(tag.text.strip())
    return meta


def int_meta(meta: dict[str, str]) -> dict[str, str]:
    """Number constraints as msgspec takes them on ``int`` (integer values only): a
    fractional bound rounded inwards, a fractional ``multipleOf`` p/q as ``p`` (an integer
    is a multiple of p/q exactly when it is one of p)."""
    out: dict[str, str] = {}
    for key, text in meta.items():
        exact = Fraction(text)
        if key == "multiple_of":
            out[key] = str(exact.numerator)
        else:
            rounded = math.ceil(exact) if key in ("ge", "lt") else math.floor(exact)
            out[key] = str(rounded)
    return out


def with_meta(text: str, meta: dict[str, str]) -> str:
    if not meta:
        return text
    args = ", ".join(f"{k}={v}" for k, v in sorted(meta.items()))
    return f"_t.Annotated[{text}, _msgspec.Meta({args})]"


def py_literal(value: ir.LiteralValue, span: ir.Span) -> str:
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, str):
        return escape.py_str(value)
    if isinstance(value, float) and not value.is_integer():
        raise SchemaError(span, f"a non-integer number literal ({value}) cannot be a Literal")
    return str(int(value))


def _literal_kind(value: ir.LiteralValue) -> str:
    if isinstance(value, bool):
        return BOOLEAN
    return STRING if isinstance(value, str) else NUMBER


@dataclass
class Rules:
    """What a union's object member requires (``runtime.Member``)."""

    required: frozenset[str] = frozenset()
    literals: dict[str, list[str]] = field(default_factory=dict)
    nested: dict[str, Rules] = field(default_factory=dict)


@dataclass
class Lowered:
    """A type the module defines twice (see the module docstring)."""

    name: str
    static: str  # what type checkers see
    objects: list[tuple[str, Rules]] = field(default_factory=list)
    others: dict[str, str] = field(default_factory=dict)  # JSON kind -> runtime type text
    # by length and literal items (``Ann.item_values``)
    arrays: list[tuple[int | None, tuple[list[str] | None, ...], str]] = field(default_factory=list)


class TypeWriter:
    """Annotations for one module; collects the lowered types it names."""

    def __init__(
        self,
        backend: PythonBackend,
        recursive: set[str],
        values: dict[str, ir.TypeExpr],
        any_json: set[str] = frozenset(),  # type: ignore[assignment]
        tags: dict[str, tuple[str, str]] | None = None,
    ) -> None:
        self.schema = backend.schema
        self.names = backend.names
        self.layouts = backend.layouts
        self.classes: dict[str, ClassLayout] = self.layouts.all()
        self.recursive = recursive  # aliases in a cycle: lowered as ``Recursive``
        self.values = values  # what each alias (or dict class) stands for
        self.any_json = any_json  # a cycle of aliases meaning any JSON value
        # Struct -> (tag field, tag) for msgspec's tagged unions; None: a first pass that
        # only gathers the unions that could be tagged (``candidates``).
        self.tags = tags
        self.candidates: list[list[str]] = []
        self.lowered: dict[str, Lowered] = {}  # by static text
        self.deviations: list[tuple[ir.Span, str]] = []
        self._kinds: dict[str, frozenset[str]] = {}
        self._alias_anns: dict[str, Ann] = {}

    # ------------------------------------------------------------------ annotations

    def annotation(
        self,
        expr: ir.TypeExpr,
        owner: str,
        key: str,
        meta: Meta = NO_META,
    ) -> Ann:
        match expr:
            case ir.Primitive(name="string", pattern=pattern):
                constraints = dict(meta.string)
                if pattern is not None:
                    constraints["pattern"] = escape.py_str(pattern)
                text = with_meta("str", constraints)
                return Ann(text, frozenset({STRING}), pattern="pattern" in constraints)
            case ir.Primitive(name=name):
                return self._primitive(name, meta, expr.span)
            case ir.Literal(value=float(value)) if not value.is_integer():
                # ``type Half = 0.5``: no Literal holds a float; the one float from it to it
                # (finite: the front end refuses a literal too large to represent).
                bound = repr(value)
                text = f"_t.Annotated[float, _msgspec.Meta(ge={bound}, le={bound})]"
                return Ann(text, frozenset({NUMBER}))
            case ir.Literal(value=value):
                text = f"_t.Literal[{py_literal(value, expr.span)}]"
                return Ann(text, frozenset({_literal_kind(value)}))
            case ir.Ref():
                return self._ref(expr)
            case ir.Array(items=items):
                inner = self.annotation(items, owner, key)
                text = with_meta(f"list[{inner.text}]", meta.array)
                return Ann(text, frozenset({ARRAY}), item_values=(self._values(items),))
            case ir.Tuple(items=items, min_items=None, rest=None):
                parts = [self.annotation(item, owner, key).text for item in items]
                text = f"tuple[{', '.join(parts)}]" if parts else "tuple[()]"
                values = tuple(self._values(item) for item in items)
                return Ann(text, frozenset({ARRAY}), length=len(parts), item_values=values)
            case ir.Tuple(items=items, rest=rest):
                # Optional or rest items: each position is not checked on its own.
                members = [*items, *([rest] if rest is not None else [])]
                inner = self.union(members, owner, key, NO_META, expr.span)
                self.deviations.append((expr.span, "tuple with optional or rest items"))
                return Ann(with_meta(f"list[{inner.text}]", meta.array), frozenset({ARRAY}))
            case (
                ir.Mapping(value=ir.Primitive(name="never"))
                | ir.Object(
                    properties=(), index=ir.IndexSignature(value=ir.Primitive(name="never"))
                )
            ):
                text = f"_t.Annotated[dict[str, {ANY}], _msgspec.Meta(max_length=0)]"
                return Ann(text, frozenset({OBJECT}))
            case ir.Mapping(value=value):
                inner = self.annotation(value, owner, key)
                return Ann(f"dict[str, {inner.text}]", frozenset({OBJECT}))
            case ir.Union(members=members):
                return self.union(members, owner, key, meta, expr.span)
            case ir.Object(properties=(), index=index):
                if index is None:
                    return Ann(f"dict[str, {ANY}]", frozenset({OBJECT}))
                held = self.annotation(index.value, owner, key)
                key_type = "str"
                if index.key_pattern is not None:
                    key_type = with_meta("str", {"pattern": escape.py_str(index.key_pattern)})
                return Ann(f"dict[{key_type}, {held.text}]", frozenset({OBJECT}))
            case ir.Object() | ir.Intersection() | ir.Omit():
                inline = self.names.inline_class(owner, key, expr)
                if inline is None:
                    raise SchemaError(
                        expr.span,
                        "an anonymous object type here has no class name; declare it as an "
                        "interface",
                    )
                return self._struct(inline)
            case ir.Typeof(name=name):
                raise SchemaError(expr.span, f"'typeof {name}' was not resolved to a literal")
            case _:
                assert_never(expr)

    def any_json_text(self, expr: ir.TypeExpr) -> str:
        """The run-time text of an ``any_json`` alias's value: each reference to its cycle
        read as ``Any`` (what it means). The value is JSON-shaped (``module._json_shaped``):
        plain scalars, and arrays and maps of the cycle's aliases, so it names no anonymous
        class (no owner, no key) and no kind is asked of the text."""
        match expr:
            case ir.Ref(name=name) if name in self.any_json:
                return ANY
            case ir.Array(items=items):
                return f"list[{self.any_json_text(items)}]"
            case ir.Mapping(value=value) | ir.Object(index=ir.IndexSignature(value=value)):
                return f"dict[str, {self.any_json_text(value)}]"
            case ir.Union(members=members):
                texts = _unique(self.any_json_text(m) for m in members)
                return ANY if ANY in texts else " | ".join(texts)
            case _:
                return self.annotation(expr, "", "").text

    def _values(self, expr: ir.TypeExpr) -> list[str] | None:
        """The literals ``expr`` admits, as Python literals; None when it is open."""
        values = closed_literals(self.schema, expr)
        if not values or any(isinstance(v, float) and not v.is_integer() for v in values):
            return None
        return sorted(py_literal(v, ir.NO_SPAN) for v in values)

    def _primitive(self, name: str, meta: Meta, span: ir.Span) -> Ann:
        if name == "number":
            bounds = meta.number
            integer = meta.integer
            if integer is None:
                integer = self.schema.default_number_type == "integer"
            if integer:
                return Ann(with_meta("int", int_meta(bounds)), frozenset({NUMBER}))
            text = f"{with_meta('int', int_meta(bounds))} | {with_meta('float', bounds)}"
            return Ann(text, frozenset({NUMBER}))
        if name == "boolean":
            return Ann("bool", frozenset({BOOLEAN}))
        if name in ("null", "undefined"):
            return Ann("None", frozenset({NULL}))
        if name in ("unknown", "any"):
            return Ann(ANY, ALL_KINDS)
        if name == "object":
            return Ann(f"dict[str, {ANY}]", frozenset({OBJECT}))
        if name == "never":
            text = f"_t.Annotated[list[{ANY}], _msgspec.Meta(min_length=1, max_length=0)]"
            return Ann(text, frozenset())
        raise Unsupported(span, f"the type '{name}' has no Python equivalent here")

    def _ref(self, ref: ir.Ref) -> Ann:
        declaration_of(self.schema, ref)  # a located error unless it names a type
        name = ref.name
        if is_integer_alias(self.schema, name):
            return Ann("int", frozenset({NUMBER}))
        if name not in self.values:
            return self._struct(name)
        kinds = self.kinds_of_alias(name)
        if name in self.any_json:
            return Ann(name, kinds)
        if name in self.recursive:
            return Ann(name, kinds, lowered=True)
        value = self._alias_ann(name)
        return Ann(name, kinds, value.lowered, pattern=value.pattern)

    def _struct(self, name: str) -> Ann:
        """A Struct; a tagged one as ``_T_<name>``, which requires its tag also where it
        stands alone (msgspec checks the tag of a lone tagged Struct only when present)."""
        text = f"_T_{name}" if self.tags and name in self.tags else name
        return Ann(text, frozenset({OBJECT}), struct=name)

    def _alias_ann(self, name: str) -> Ann:
        found = self._alias_anns.get(name)
        if found is None:
            found = self._alias_anns[name] = self.annotation(self.values[name], name, "")
        return found

    def kinds_of_alias(self, name: str) -> frozenset[str]:
        """The JSON kinds an alias takes. ``kinds`` reaches another alias only through a
        union member, and every cycle of aliases passes through an object or an array
        (``checks.check_cycles``), where it stops: this recursion ends."""
        found = self._kinds.get(name)
        if found is None:
            found = self._kinds[name] = self.kinds(self.values[name])
        return found

    def kinds(self, expr: ir.TypeExpr) -> frozenset[str]:
        """The JSON kinds ``expr`` takes, without writing its annotation."""
        match expr:
            case ir.Primitive(name="string"):
                return frozenset({STRING})
            case ir.Primitive(name="number"):
                return frozenset({NUMBER})
            case ir.Primitive(name="boolean"):
                return frozenset({BOOLEAN})
            case ir.Primitive(name="null" | "undefined"):
                return frozenset({NULL})
            case ir.Primitive(name="unknown" | "any"):
                return ALL_KINDS
            case ir.Primitive(name="object"):
                return frozenset({OBJECT})
            case ir.Primitive():
                return frozenset()
            case ir.Literal(value=value):
                return frozenset({_literal_kind(value)})
            case ir.Ref(name=name):
                if is_integer_alias(self.schema, name):
                    return frozenset({NUMBER})
                if name not in self.values:
                    return frozenset({OBJECT})
                return self.kinds_of_alias(name)
            case ir.Array() | ir.Tuple():
                return frozenset({ARRAY})
            case ir.Mapping() | ir.Object() | ir.Intersection() | ir.Omit():
                return frozenset({OBJECT})
            case ir.Union(members=members):
                return frozenset().union(*(self.kinds(m) for m in self._members(members)))
            case ir.Typeof():
                return frozenset()
            case _:
                assert_never(expr)

    # ------------------------------------------------------------------ unions

    def _members(self, members: Sequence[ir.TypeExpr]) -> list[ir.TypeExpr]:
        """The members, ``undefined`` dropped (an absent member, which optionality says)."""
        return [m for m in members if not (isinstance(m, ir.Primitive) and m.name == "undefined")]

    def union(
        self,
        members: Sequence[ir.TypeExpr],
        owner: str,
        key: str,
        meta: Meta,
        span: ir.Span,
    ) -> Ann:
        kept = self._members(members)
        anns = [self.annotation(m, owner, key, meta) for m in kept]
        if any(a.text == ANY for a in anns):
            return Ann(ANY, ALL_KINDS)
        kinds = frozenset().union(*(a.kinds for a in anns))
        texts = _unique(a.text for a in anns)
        if len(texts) == 1:
            return Ann(texts[0], kinds, anns[0].lowered, pattern=anns[0].pattern)
        if self._native(anns):
            pattern = any(a.pattern for a in anns)
            return Ann(" | ".join(texts), kinds, pattern=pattern)
        # A member that is an alias of a union brings its own members.
        flat = self._expand(kept, 0)
        if flat != kept:
            anns = [self.annotation(m, owner, key, meta) for m in flat]
        if self._tagged(anns) and self._native(anns, tagged=True):
            text = " | ".join(_unique(a.text for a in anns))
            return Ann(text, kinds, pattern=any(a.pattern for a in anns))
        return self._dispatch(anns, kinds, span)

    def _tagged(self, anns: Sequence[Ann]) -> bool:
        """Whether every member taking an object is a Struct of one tag field (msgspec's
        tagged union); a first pass records the union as a candidate instead."""
        objects = [a for a in anns if OBJECT in a.kinds]
        structs = _unique(a.struct for a in objects if a.struct is not None)
        if len(objects) < 2 or len(structs) != len(objects):
            return False
        if self.tags is None:
            self.candidates.append(structs)
            return False
        fields = {self.tags[s][0] if s in self.tags else None for s in structs}
        return len(fields) == 1 and None not in fields

    def _expand(self, members: Sequence[ir.TypeExpr], depth: int) -> list[ir.TypeExpr]:
        out: list[ir.TypeExpr] = []
        for member in members:
            value = None
            if isinstance(member, ir.Ref) and member.name not in self.recursive:
                value = self.values.get(member.name)
            if isinstance(value, ir.Union) and depth < 8:
                out.extend(self._expand(self._members(value.members), depth + 1))
            else:
                out.append(member)
        return out

    @staticmethod
    def _native(anns: Sequence[Ann], *, tagged: bool = False) -> bool:
        """Whether msgspec takes the union as it is (``tagged``: its object members are
        Structs of one tag field)."""
        non_null = [a for a in anns if a.kinds != {NULL}]
        if any(a.lowered for a in anns):
            return len(non_null) == 1
        if any(a.pattern for a in anns) and any(_containers(a) for a in anns):
            # msgspec 0.22 frees (and walks, when collecting garbage) such a union's
            # compiled pattern as if it were the list's or dict's plan: the interpreter
            # crashes (msgspec/msgspec#717, #37). Routed, each kind is its own plan.
            return False
        for kind in (ARRAY,) if tagged else (OBJECT, ARRAY):
            if len(_unique(a.text for a in anns if kind in a.kinds)) > 1:
                return False
        return True

    def _dispatch(self, anns: Sequence[Ann], kinds: frozenset[str], span: ir.Span) -> Ann:
        static = " | ".join(_unique(a.text for a in anns))
        found = self.lowered.get(static)
        if found is None:
            found = Lowered(f"_Union{len(self.lowered) + 1}", static)
            seen: set[str] = set()
            for ann in anns:
                if OBJECT in ann.kinds and ann.text not in seen:
                    seen.add(ann.text)
                    rules = self.rules(ann.struct, nested=True) if ann.struct else Rules()
                    found.objects.append((ann.text, rules))
            arrays = [a for a in anns if ARRAY in a.kinds]
            if len(_unique(a.text for a in arrays)) > 1:
                # Several array members: the first whose length fits (a fixed tuple's, or
                # any) and whose literal items admit the value's; else the first decides.
                if sum(a.length is None and a.item_values == (None,) for a in arrays) > 1:
                    self.deviations.append((span, "several array members of any length"))
                found.arrays = [(a.length, a.item_values, a.text) for a in arrays]
            for kind in sorted(kinds - {OBJECT} - ({ARRAY} if found.arrays else set())):
                takers = _unique(a.text for a in anns if kind in a.kinds)
                if len(takers) > 1 and any(a.lowered for a in anns if kind in a.kinds):
                    # Two members of one kind, one of them lowered: the first decides.
                    self.deviations.append((span, f"several {kind} members, one lowered"))
                    takers = takers[:1]
                found.others[kind] = " | ".join(takers)
            self.lowered[static] = found
        return Ann(found.name, kinds, lowered=True)

    def rules(self, text: str, *, nested: bool) -> Rules:
        """What a Struct member requires of an object: its required wire keys, the literal
        values it fixes and (``nested``) the same, one level down, of each required member
        that is a Struct itself. Any other member (a dict, a lowered type): nothing."""
        layout = self.classes.get(text)
        if layout is None:
            return Rules()
        found = Rules(frozenset(k for k, p in layout.fields.items() if not p.optional))
        for key, prop in layout.fields.items():
            values = self._values(prop.type)
            if values:
                found.literals[key] = values
            elif nested and not prop.optional:
                inner = self._class_of(prop, layout, key)
                if inner is not None:
                    rules = self.rules(inner, nested=False)
                    if rules.required or rules.literals:
                        found.nested[key] = rules
        return found

    def _class_of(self, prop: ir.Property, layout: ClassLayout, key: str) -> str | None:
        if isinstance(prop.type, ir.Ref):
            return prop.type.name if prop.type.name in self.classes else None
        if isinstance(prop.type, ir.Object | ir.Intersection | ir.Omit):
            return self.names.inline_class(layout.owners.get(key, layout.name), key, prop.type)
        return None


DISCRIMINATORS = ("type", "method", "resultType", "kind", "mode")


def choose_tags(
    candidates: Sequence[Sequence[str]], classes: dict[str, ClassLayout], schema: ir.Schema
) -> dict[str, tuple[str, str]]:
    """Struct -> (tag field, tag) for msgspec's tagged unions: per candidate union, in
    order, the first key (``DISCRIMINATORS`` first, then by name) every member requires
    with one string literal, distinct across members, that no member is already tagged
    against otherwise. A union no key tells apart stays routed (``Dispatch``)."""
    tags: dict[str, tuple[str, str]] = {}
    for structs in candidates:
        layouts = {s: classes[s] for s in structs}
        keys = set.intersection(*(set(layout.fields) for layout in layouts.values()))
        order = [k for k in DISCRIMINATORS if k in keys] + sorted(keys - set(DISCRIMINATORS))
        for key in order:
            values: dict[str, str] = {}  # by Struct
            for struct, layout in layouts.items():
                prop = layout.fields[key]
                found = closed_literals(schema, prop.type)
                if prop.optional or found is None or len(found) != 1:
                    break
                (value,) = found
                if not isinstance(value, str):
                    break
                values[struct] = value
            else:
                if len(set(values.values())) == len(values) and all(
                    tags.get(s, (key, v)) == (key, v) for s, v in values.items()
                ):
                    tags.update((s, (key, v)) for s, v in values.items())
                    break
    return tags


def _containers(ann: Ann) -> bool:
    """Whether msgspec reads ``ann`` as a dict, list, set or variadic tuple (a Struct and
    a fixed tuple are kept apart from a pattern in its plans)."""
    return bool(ann.kinds & {OBJECT, ARRAY}) and ann.struct is None and ann.length is None


def _unique(texts: Iterable[str]) -> list[str]:
    out: list[str] = []
    for text in texts:
        if text not in out:
            out.append(text)
    return out
