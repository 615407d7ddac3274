"""The text of the dataclasses package's ``models.py`` and ``wire.py``.

``models.py``: constants, one ``@dataclass(slots=True, kw_only=True)`` per class the naming
authority names (flat: every member it has, inherited ones too, so an interface may narrow
what it inherits), then the type aliases in one ``if TYPE_CHECKING`` block for type checkers,
bound at run time to named markers (``_rt.Alias``) that ``from_wire`` reads, as the TypedDict
target's. Annotations are the TypedDict target's (``typeddict.module.TypeWriter``); a member
that may be absent is ``T | UnsetType = UNSET`` (absent is not ``None``); every class has
``model_extra``, the members it does not name (a name the naming authority never gives an
attribute: it is one of pydantic's ``BaseModel``).

``wire.py``: the tables ``from_wire`` builds by (each class's members as attribute, wire key
and how the value is built; each alias's value) and ``DEFINITIONS``, each Python name's
``schema.json`` definition. A value with no class anywhere inside is kept as it is (``None``
in a table); a union lists each member's JSON kinds, and an object member the keys it
requires and the literals it fixes, so the runtime picks one member by them.
"""

from __future__ import annotations

from collections.abc import Sequence

from .... import escape, ir
from ....errors import SchemaError
from ....ir.queries import closed_literals, is_integer_alias
from ....ir.walk import children
from ..backend import PythonBackend
from ..docstrings import doc_text
from ..layout import ClassLayout
from ..msgspec.module import alias_values, recursive_aliases
from ..msgspec.types import py_literal
from ..typeddict.module import TypeWriter, definitions

MODELS = "models.py"
WIRE = "wire.py"
EXTRA = "model_extra"

_HEADER = """from __future__ import annotations

import dataclasses as _dc
import typing as _t

from . import _runtime as _rt
"""

OBJECT, ARRAY = "object", "array"
ALL_KINDS = frozenset({"object", "array", "string", "number", "boolean", "null"})
_PRIMITIVE_KINDS = {
    "string": frozenset({"string"}),
    "number": frozenset({"number"}),
    "boolean": frozenset({"boolean"}),
    "null": frozenset({"null"}),
    "undefined": frozenset({"null"}),
    "unknown": ALL_KINDS,
    "any": ALL_KINDS,
    "object": frozenset({OBJECT}),
}


def _literal_kind(value: ir.LiteralValue) -> str:
    if isinstance(value, bool):
        return "boolean"
    return "string" if isinstance(value, str) else "number"


def _without_undefined(members: Sequence[ir.TypeExpr]) -> list[ir.TypeExpr]:
    """``undefined`` is absence, which a member's optionality says."""
    return [m for m in members if not (isinstance(m, ir.Primitive) and m.name == "undefined")]


def _refs(expr: ir.TypeExpr) -> set[str]:
    """The names ``expr`` refers to (bounded by its own size)."""
    found: set[str] = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ir.Ref):
            found.add(node.name)
        stack.extend(children(node))
    return found


def _fixed(expr: ir.TypeExpr) -> bool:
    return isinstance(expr, ir.Tuple) and expr.min_items is None and expr.rest is None


def _inline(expr: ir.TypeExpr) -> bool:
    """An anonymous class: an object literal with properties, an intersection, an Omit."""
    return isinstance(expr, ir.Intersection | ir.Omit) or (
        isinstance(expr, ir.Object) and bool(expr.properties)
    )


class Specs:
    """How ``from_wire`` builds each type: the text of a ``_runtime`` table node, or None
    for a value kept as it is."""

    def __init__(
        self, backend: PythonBackend, values: dict[str, ir.TypeExpr], order: list[str]
    ) -> None:
        self.schema = backend.schema
        self.names = backend.names
        self.layouts = backend.layouts
        self.values = values  # what each alias (or dict class) stands for
        self.classes = {s.name for s in backend.names.classes if s.name not in values}
        self.defined = set(definitions(backend))
        self.needs = self._needs()
        self.kinds_of: dict[str, frozenset[str]] = dict.fromkeys(values, frozenset())
        self._alias_kinds(order)

    # ------------------------------------------------------------------ whole-schema passes

    def _direct(self, expr: ir.TypeExpr, deps: set[str]) -> bool:
        """Whether ``expr`` holds a class or a fixed tuple outside any alias it names
        (those go to ``deps``)."""
        found = False
        stack = [expr]
        while stack:
            node = stack.pop()
            if _fixed(node) or _inline(node):
                found = True
                continue
            if isinstance(node, ir.Ref) and not is_integer_alias(self.schema, node.name):
                if node.name in self.classes:
                    found = True
                elif node.name in self.values:
                    deps.add(node.name)
            stack.extend(children(node))
        return found

    def _needs(self) -> set[str]:
        """The aliases whose values hold a class somewhere (through other aliases too):
        a worklist over the reverse references, linear in the schema."""
        users: dict[str, list[str]] = {}
        work: list[str] = []
        for name, value in self.values.items():
            deps: set[str] = set()
            if self._direct(value, deps):
                work.append(name)
            for dep in deps:
                users.setdefault(dep, []).append(name)
        needs: set[str] = set()
        while work:
            name = work.pop()
            if name not in needs:
                needs.add(name)
                work.extend(users.get(name, ()))
        return needs

    def _alias_kinds(self, order: list[str]) -> None:
        """Each alias's JSON kinds: the least fixed point over the aliases, in the order
        that puts each after those it names (one pass, and one more per cycle's gain)."""
        changed = True
        while changed:
            changed = False
            for name in order:
                now = self.kinds(self.values[name])
                if now != self.kinds_of[name]:
                    self.kinds_of[name], changed = now, True

    def kinds(self, expr: ir.TypeExpr) -> frozenset[str]:
        match expr:
            case ir.Primitive(name=name):
                return _PRIMITIVE_KINDS.get(name, frozenset())
            case ir.Literal(value=value):
                return frozenset({_literal_kind(value)})
            case ir.Ref(name=name):
                if is_integer_alias(self.schema, name):
                    return frozenset({"number"})
                if name in self.values:
                    return self.kinds_of.get(name, frozenset())
                return frozenset({OBJECT})
            case ir.Array() | ir.Tuple():
                return frozenset({ARRAY})
            case ir.Union(members=members):
                return frozenset().union(*(self.kinds(m) for m in members))
            case ir.Typeof():
                return frozenset()
            case _:
                return frozenset({OBJECT})

    # ------------------------------------------------------------------ one type

    def spec(self, expr: ir.TypeExpr, owner: str, key: str) -> str | None:
        match expr:
            case ir.Ref(name=name):
                if name in self.classes or name in self.needs:
                    return f"_rt.Ref({escape.py_str(name)})"
                return None
            case ir.Array(items=items):
                inner = self.spec(items, owner, key)
                return None if inner is None else f"_rt.ListOf({inner})"
            case ir.Tuple(items=items, min_items=None, rest=None):
                parts = "".join(f"{self.spec(i, owner, key)}, " for i in items)
                return f"_rt.TupleOf(({parts.rstrip()}))"
            case ir.Tuple(items=items, rest=rest):
                inner = self.union([*items, *([rest] if rest is not None else [])], owner, key)
                return None if inner is None else f"_rt.ListOf({inner})"
            case (
                ir.Mapping(value=value)
                | ir.Object(properties=(), index=ir.IndexSignature(value=value))
            ):
                inner = self.spec(value, owner, key)
                return None if inner is None else f"_rt.DictOf({inner})"
            case ir.Union(members=members):
                return self.union(members, owner, key)
            case _ if _inline(expr):
                inline = self.names.inline_class(owner, key, expr)
                if inline is None:
                    raise SchemaError(
                        expr.span,
                        "an anonymous object type here has no class name; declare it as an "
                        "interface",
                    )
                return f"_rt.Ref({escape.py_str(inline)})"
        return None

    def _expand(
        self, members: Sequence[ir.TypeExpr], owner: str, key: str, depth: int = 0
    ) -> list[tuple[ir.TypeExpr, str, str]]:
        """The members, each alias of a union replaced by its own members (which name
        their anonymous classes after that alias)."""
        out: list[tuple[ir.TypeExpr, str, str]] = []
        for member in _without_undefined(members):
            value = self.values.get(member.name) if isinstance(member, ir.Ref) else None
            # (A union written inside a union is none: resolve flattens them.)
            if isinstance(value, ir.Union) and depth < 8:
                assert isinstance(member, ir.Ref)
                out += self._expand(value.members, member.name, "", depth + 1)
            else:
                out.append((member, owner, key))
        return out

    def _resolve(self, expr: ir.TypeExpr) -> ir.TypeExpr:
        """An alias that is another name (``type A = B``) as what it names, at most 8 deep."""
        for _ in range(8):
            if not (isinstance(expr, ir.Ref) and isinstance(self.values.get(expr.name), ir.Ref)):
                break
            expr = self.values[expr.name]
        return expr

    def union(self, members: Sequence[ir.TypeExpr], owner: str, key: str) -> str | None:
        texts = self._members(self._expand(members, owner, key), 0)
        return None if texts is None else _union_text(texts)

    def _members(self, flat: list[tuple[ir.TypeExpr, str, str]], depth: int) -> list[str] | None:
        """Each member's ``_rt.Member`` text (None when no member is built). Several array
        members are one list of the union of their items (each item is picked alone), as
        deep as 4 arrays of arrays."""
        specs = [self.spec(m, o, k) for m, o, k in flat]
        if all(s is None for s in specs):
            return None
        texts: list[str] = []
        lists: list[tuple[ir.TypeExpr, str, str]] = []
        for (member, o, k), spec in zip(flat, specs, strict=True):
            resolved = self._resolve(member)
            if isinstance(resolved, ir.Ref) and isinstance(
                self.values.get(resolved.name), ir.Array
            ):
                resolved = self.values[resolved.name]  # an alias of an array is an array
            if isinstance(resolved, ir.Array):
                if not lists:
                    texts.append("")  # where the list member stands
                where = (o, k) if resolved is member else (self._alias_of(member), "")
                lists.append((resolved.items, *where))
                continue
            text = self.member(member, resolved, spec, o, k)
            if text not in texts:
                texts.append(text)
        if lists:
            if len(lists) == 1 or depth >= 4:
                items = self.spec(*lists[0])
            else:
                flat_items = [e for i, o, k in lists for e in self._expand([i], o, k)]
                inner = self._members(flat_items, depth + 1)
                items = None if inner is None else _union_text(inner)
            listed = "None" if items is None else f"_rt.ListOf({items})"
            texts[texts.index("")] = f"_rt.Member(frozenset({{{escape.py_str(ARRAY)}}}), {listed})"
        return texts

    def _alias_of(self, member: ir.TypeExpr) -> str:
        """The alias an array member names its anonymous classes after: the last of its
        chain of names (``type A = B; type B = {...}[]``)."""
        name = member.name if isinstance(member, ir.Ref) else ""
        for _ in range(8):
            value = self.values.get(name)
            if not isinstance(value, ir.Ref):
                break
            name = value.name
        return name

    def member(
        self, member: ir.TypeExpr, resolved: ir.TypeExpr, spec: str | None, owner: str, key: str
    ) -> str:
        """One union member's ``_rt.Member``."""
        args = [f"frozenset({_kinds_text(self.kinds(member))})", spec or "None"]
        cls = self._class_of(resolved, owner, key)
        if cls is not None:
            layout = self.layouts.layout(cls)
            required = sorted(k for k, p in layout.fields.items() if not p.optional)
            args.append(f"frozenset({_set_text(required)})")
            args.append(f"({''.join(self._literals(layout))})")
            args.append(f"frozenset({_set_text(sorted(layout.fields))})")
        if _fixed(resolved):
            assert isinstance(resolved, ir.Tuple)
            args.append(f"length={len(resolved.items)}")
        if isinstance(member, ir.Ref) and member.name in self.defined:
            args.append(f"definition={escape.py_str(member.name)}")
        return f"_rt.Member({', '.join(args)})"

    def _class_of(self, expr: ir.TypeExpr, owner: str, key: str) -> str | None:
        if isinstance(expr, ir.Ref) and expr.name in self.classes:
            return expr.name
        if _inline(expr):
            return self.names.inline_class(owner, key, expr)
        return None

    def _literals(self, layout: ClassLayout) -> list[str]:
        out = []
        for key, prop in layout.fields.items():
            values = closed_literals(self.schema, prop.type)
            if not values or any(isinstance(v, float) and not v.is_integer() for v in values):
                continue
            texts = sorted(py_literal(v, prop.span) for v in values)
            out.append(f"({escape.py_str(key)}, ({''.join(t + ', ' for t in texts).rstrip()})), ")
        return out


def _union_text(texts: list[str]) -> str:
    return f"_rt.UnionOf(({''.join(t + ', ' for t in texts).rstrip()}))"


def _kinds_text(kinds: frozenset[str]) -> str:
    return "{" + ", ".join(escape.py_str(k) for k in sorted(kinds)) + "}" if kinds else ""


def _set_text(items: Sequence[str]) -> str:
    return "{" + ", ".join(escape.py_str(i) for i in items) + "}" if items else ""


class _Models:
    def __init__(self, backend: PythonBackend) -> None:
        self.backend = backend
        self.values = alias_values(backend)
        _, _, self.alias_order = recursive_aliases(backend)
        self.writer = TypeWriter(backend)
        self.exported: list[str] = []

    def owner(self, layout: ClassLayout, key: str, prop: ir.Property) -> str:
        return self.backend.names.origin(prop, layout.owners.get(key, layout.spec.name))

    def constants(self) -> list[str]:
        lines = []
        for decl in self.backend.schema.decls.values():
            if isinstance(decl, ir.Const):
                name = self.backend.names.constants[decl.name]
                value = decl.value
                text = escape.py_str(value) if isinstance(value, str) else repr(value)
                lines.append(f"{name}: _t.Final = {text}")
                self.exported.append(name)
        return lines

    def dataclass(self, layout: ClassLayout) -> str:
        spec = layout.spec
        lines = ["@_dc.dataclass(slots=True, kw_only=True)", f"class {spec.name}:"]
        doc = escape.docstring(doc_text(spec.doc))
        if doc:
            lines += [f"    {doc}", ""]
        for key, prop in layout.fields.items():
            # Never ``model_extra``: the naming authority gives no attribute a name of
            # pydantic's ``BaseModel`` (the key ``model_extra`` is ``model_extra_``).
            attr = self.backend.names.attribute(key)
            ann = self.writer.annotation(prop.type, self.owner(layout, key, prop), key)
            if prop.optional:
                lines.append(f"    {attr}: {ann} | _rt.UnsetType = _rt.UNSET")
            else:
                lines.append(f"    {attr}: {ann}")
            member_doc = escape.docstring(doc_text(prop.doc))
            if member_doc:
                lines.append(f"    {member_doc}")
        lines.append(f"    {EXTRA}: dict[str, _t.Any] = _dc.field(default_factory=_rt.no_extra)")
        lines.append('    """The members the class does not name, by wire name."""')
        self.exported.append(spec.name)
        return "\n".join(lines)

    def aliases(self) -> str:
        if not self.alias_order:
            return ""
        checked, markers = [], []
        defined: set[str] = set()
        for name in self.alias_order:
            self.exported.append(name)
            text = self.writer.annotation(self.values[name], name, "")
            if _refs(self.values[name]) & (set(self.values) - defined):
                # A later alias, or itself: mypy takes a forward reference only quoted.
                text = escape.py_str(text)
            defined.add(name)
            decl = self.backend.schema.decls.get(name)
            doc = escape.docstring(doc_text(decl.doc)) if decl is not None else ""
            checked.append(f"    {name}: _t.TypeAlias = {text}" + (f"\n    {doc}" if doc else ""))
            markers.append(f"    {name} = _rt.Alias({escape.py_str(name)})")
        return "if _t.TYPE_CHECKING:\n" + "\n".join(checked) + "\nelse:\n" + "\n".join(markers)

    def emit(self, doc: str) -> str:
        layouts = self.backend.layouts
        classes = [
            self.dataclass(layouts.layout(spec.name))
            for spec in self.backend.names.classes
            if spec.name not in self.values
        ]
        constants = "\n".join(self.constants())
        aliases = self.aliases()
        exported = sorted(set(self.exported))
        listed = "".join(f"    {escape.py_str(name)},\n" for name in exported)
        parts = [escape.docstring(doc), _HEADER, constants, *classes, aliases]
        return "\n\n\n".join([*(p for p in parts if p), f"__all__ = [\n{listed}]"]) + "\n"

    def wire(self) -> str:
        specs = Specs(self.backend, self.values, self.alias_order)
        rows = []
        for spec in self.backend.names.classes:
            if spec.name in self.values:
                continue
            layout = self.backend.layouts.layout(spec.name)
            fields = []
            for key, prop in layout.fields.items():
                built = specs.spec(prop.type, self.owner(layout, key, prop), key)
                attr = self.backend.names.attribute(key)
                fields.append(f"({escape.py_str(attr)}, {escape.py_str(key)}, {built}), ")
            extra = None
            if layout.extra is not None:
                extra = specs.spec(layout.extra, spec.name, "")
            required = sorted(k for k, p in layout.fields.items() if not p.optional)
            rows.append(
                f"    {escape.py_str(spec.name)}: _rt.Fields(\n"
                f"        _m.{spec.name},\n"
                f"        ({''.join(fields).rstrip()}),\n"
                f"        {extra},\n"
                f"        frozenset({_set_text(required)}),\n"
                "    ),"
            )
        aliases = [
            f"    {escape.py_str(name)}: {specs.spec(self.values[name], name, '')},"
            for name in self.alias_order
        ]
        known = "".join(
            f"    {escape.py_str(name)}: {escape.py_str(key)},\n"
            for name, key in definitions(self.backend).items()
        )
        classes_text = "\n".join(rows)
        aliases_text = "\n".join(aliases)
        return f'''"""``from_wire(value, Type)`` and ``to_wire(obj)``: plain JSON to the dataclasses of
``models`` and back, ``from_wire`` strictly as the package's ``schema.json`` reads it."""

from __future__ import annotations

from pathlib import Path

from . import _runtime as _rt
from . import models as _m
from ._runtime import UNSET, SchemaUnsupported, UnsetType, ValidationError

# Python name -> schema.json definition
DEFINITIONS: dict[str, str] = {{
{known}}}

# class -> its members as (attribute, wire key, how it is built), what its other members
# are, the wire keys it requires
_CLASSES: dict[str, _rt.Fields] = {{
{classes_text}
}}

# alias -> how its value is built (None: kept as it is)
_ALIASES: dict[str, _rt.Spec] = {{
{aliases_text}
}}

codec = _rt.Codec(Path(__file__).parent, _m, DEFINITIONS, _CLASSES, _ALIASES)
from_wire = codec.from_wire
to_wire = codec.to_wire

__all__ = [
    "DEFINITIONS",
    "UNSET",
    "SchemaUnsupported",
    "UnsetType",
    "ValidationError",
    "codec",
    "from_wire",
    "to_wire",
]
'''


def emit_models(backend: PythonBackend, doc: str) -> dict[str, str]:
    """``models.py`` and ``wire.py`` (no warning of their own: the backend's names and layouts
    have said theirs)."""
    models = _Models(backend)
    return {MODELS: models.emit(doc), WIRE: models.wire()}
