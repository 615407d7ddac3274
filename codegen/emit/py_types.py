"""TS type expressions -> Python annotation text for the pydantic models.

Mappings: ``string`` -> ``str`` (``@format byte`` too: base64 text is kept as sent);
``number`` -> ``int | float`` (ints stay ints on dump), ``@TJS-type integer`` -> ``int``;
``boolean`` -> ``bool``; ``unknown``/``any`` -> ``Any``; ``object`` and ``{}`` ->
``dict[str, Any]``; literal unions -> ``Literal[...]``; an open union ``"a" | string`` ->
``str`` (the known values go to the docstring); ``Record<string, V>`` and index-only
objects -> ``dict[str, V]``; tuples -> ``tuple[...]``. A union of models that all carry a
distinct literal in one field becomes a pydantic discriminated union on that field; other
unions of models are left to pydantic's smart mode, with a warning.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from codegen import ir
from codegen.emit.py_layout import ClassLayout, Layouts
from codegen.errors import Diagnostics, SchemaError
from codegen.naming import Names, attribute_name

# Preferred discriminator keys, in order; any other all-literal key comes after these.
_DISCRIMINATOR_KEYS = ("type", "method", "resultType", "kind", "mode")


@dataclass
class Annotation:
    """An annotation's text, the module names it uses, and what the docstring should add."""

    text: str
    refs: set[str] = field(default_factory=set)
    nullable: bool = False
    known_values: list[str] = field(default_factory=list)
    imports: set[str] = field(default_factory=set)


def py_literal(value: ir.LiteralValue, span: ir.Span) -> str:
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, float) and not value.is_integer():
        raise SchemaError(span, f"a non-integer number literal ({value}) cannot be a Literal")
    return str(int(value))


class TypeWriter:
    def __init__(
        self, schema: ir.Schema, names: Names, layouts: Layouts, diagnostics: Diagnostics
    ) -> None:
        self.schema = schema
        self.names = names
        self.layouts = layouts
        self.diagnostics = diagnostics
        self.classes: dict[str, ClassLayout] = layouts.all()
        self._warned: set[tuple[str, ir.Span]] = set()
        # Library names as the module binds them (renamed where a schema type took one).
        self.sym = names.helpers

    def _warn(self, message: str, span: ir.Span) -> None:
        # Annotations are computed more than once (ordering, rendering): warn once.
        if (message, span) not in self._warned:
            self._warned.add((message, span))
            self.diagnostics.warn(message, span)

    def annotation(
        self, expr: ir.TypeExpr, owner: str, key: str, doc: ir.Doc = ir.EMPTY_DOC
    ) -> Annotation:
        match expr:
            case ir.Primitive(name=name):
                return self._primitive(name, doc, expr.span)
            case ir.Literal(value=value):
                literal = py_literal(value, expr.span)
                return Annotation(f"{self.sym['Literal']}[{literal}]", imports={"Literal"})
            case ir.Ref(name=name, args=args):
                return self._ref(name, args, expr.span)
            case ir.Array(items=items):
                inner = self.annotation(items, owner, key)
                return self._wrap("list[{}]", inner)
            case ir.Tuple(items=items):
                parts = [self.annotation(item, owner, key) for item in items]
                text = "tuple[" + ", ".join(p.text for p in parts) + "]" if parts else "tuple[()]"
                return _merge(text, parts)
            case ir.Mapping(value=value):
                return self._wrap("dict[str, {}]", self.annotation(value, owner, key))
            case ir.Union(members=members):
                return self._union(members, owner, key, doc, expr.span)
            case ir.Object(properties=(), index=index):
                if index is None:
                    return Annotation(f"dict[str, {self.sym['Any']}]", imports={"Any"})
                return self._wrap("dict[str, {}]", self.annotation(index.value, owner, key))
            case ir.Object() | ir.Intersection() | ir.Omit():
                inline = self.names.inline.get((owner, key))
                if inline is None:
                    raise SchemaError(
                        expr.span,
                        "an anonymous object type here has no class name; declare it as an "
                        "interface",
                    )
                return Annotation(inline, refs={inline})
            case ir.Typeof(name=name):
                raise SchemaError(expr.span, f"'typeof {name}' was not resolved to a literal")

    # ------------------------------------------------------------------ pieces

    def _primitive(self, name: str, doc: ir.Doc, span: ir.Span) -> Annotation:
        if name == "number":
            if (doc.get("TJS-type") or "").strip() == "integer":
                return Annotation("int")
            return Annotation("int | float")
        simple = {"string": "str", "boolean": "bool", "null": "None", "undefined": "None"}
        if name in simple:
            return Annotation(simple[name], nullable=name in ("null", "undefined"))
        if name in ("unknown", "any"):
            return Annotation(self.sym["Any"], nullable=True, imports={"Any"})
        if name == "object":
            return Annotation(f"dict[str, {self.sym['Any']}]", imports={"Any"})
        raise SchemaError(span, f"the type '{name}' has no Python equivalent here")

    def _ref(self, name: str, args: tuple[ir.TypeExpr, ...], span: ir.Span) -> Annotation:
        decl = self.schema.decls.get(name)
        if decl is None:
            raise SchemaError(span, f"unknown type '{name}'")
        if args:
            raise SchemaError(span, f"generic type arguments on '{name}' are not supported")
        if isinstance(decl, ir.Const):
            raise SchemaError(span, f"'{name}' is a const, not a type; use 'typeof {name}'")
        nullable = False
        if isinstance(decl, ir.Alias) and name not in self.classes:
            nullable = _admits_null(self.layouts.deref(decl.type), self.layouts)
        return Annotation(name, refs={name}, nullable=nullable)

    @staticmethod
    def _wrap(template: str, inner: Annotation) -> Annotation:
        return Annotation(template.format(inner.text), inner.refs, imports=inner.imports)

    def _union(
        self,
        members: tuple[ir.TypeExpr, ...],
        owner: str,
        key: str,
        doc: ir.Doc,
        span: ir.Span,
    ) -> Annotation:
        flat = list(_flatten(members))
        nullable = any(_is_null(m) for m in flat)
        flat = [m for m in flat if not _is_null(m)]
        primitives = {m.name for m in flat if isinstance(m, ir.Primitive)}
        literal_members = [m for m in flat if isinstance(m, ir.Literal)]
        # A literal whose own primitive is also a member is only a documented known value.
        open_kinds: dict[str, type | tuple[type, ...]] = {
            "string": str,
            "number": (int, float),
            "boolean": bool,
        }
        known = [
            lit
            for lit in literal_members
            if any(
                isinstance(lit.value, open_kinds[p])
                and (p != "number" or not isinstance(lit.value, bool))
                for p in primitives & open_kinds.keys()
            )
        ]
        closed = [lit for lit in literal_members if lit not in known]
        parts: list[Annotation] = []
        if closed:
            values = ", ".join(py_literal(lit.value, lit.span) for lit in closed)
            parts.append(Annotation(f"{self.sym['Literal']}[{values}]", imports={"Literal"}))
        rest = [m for m in flat if not isinstance(m, ir.Literal)]
        parts.extend(self.annotation(m, owner, key, doc) for m in rest)
        nullable = nullable or any(p.nullable for p in parts)
        texts = _unique(p.text for p in parts)
        models = [self.layouts.class_of(m, owner, key) for m in rest]
        annotation = _merge(" | ".join(texts) if texts else "None", parts)
        if len(models) >= 2 and all(models):
            model_names = [m for m in models if m is not None]
            discriminator = self._discriminator(model_names)
            if discriminator is not None:
                annotated, field = self.sym["Annotated"], self.sym["Field"]
                annotation.text = (
                    f'{annotated}[{annotation.text}, {field}(discriminator="{discriminator}")]'
                )
                annotation.imports |= {"Annotated", "Field"}
            else:
                self._warn(
                    f"union {' | '.join(model_names)} has no literal field that tells its "
                    "members apart; pydantic picks the member that matches best",
                    span,
                )
        if nullable and "None" not in texts:
            annotation.text += " | None"
        annotation.nullable = nullable
        annotation.known_values = [str(lit.value) for lit in known]
        return annotation

    def _discriminator(self, models: list[str]) -> str | None:
        """The attribute whose literal values are distinct across all ``models``, if any."""
        layouts = [self.classes[m] for m in models]
        candidates = sorted(
            set.intersection(*(set(layout.fields) for layout in layouts)),
            key=lambda k: (
                _DISCRIMINATOR_KEYS.index(k)
                if k in _DISCRIMINATOR_KEYS
                else len(_DISCRIMINATOR_KEYS),
                k,
            ),
        )
        for key in candidates:
            seen: set[object] = set()
            for layout in layouts:
                prop = layout.fields[key]
                values = _literal_values(self.layouts.deref(prop.type))
                if prop.optional or values is None or seen & values:
                    break
                seen |= values
            else:
                return _attribute_for(self.names, layouts[0], key)
        return None


def _attribute_for(names: Names, layout: ClassLayout, key: str) -> str:
    return names.attributes.get((layout.owners[key], key), attribute_name(key))


def _literal_values(expr: ir.TypeExpr) -> set[object] | None:
    if isinstance(expr, ir.Literal):
        return {(type(expr.value).__name__, expr.value)}
    if isinstance(expr, ir.Union) and all(isinstance(m, ir.Literal) for m in expr.members):
        return {
            (type(m.value).__name__, m.value) for m in expr.members if isinstance(m, ir.Literal)
        }
    return None


def _flatten(members: Iterable[ir.TypeExpr]) -> Iterable[ir.TypeExpr]:
    for member in members:
        if isinstance(member, ir.Union):
            yield from _flatten(member.members)
        else:
            yield member


def _is_null(expr: ir.TypeExpr) -> bool:
    return isinstance(expr, ir.Primitive) and expr.name in ("null", "undefined")


def _admits_null(expr: ir.TypeExpr, layouts: Layouts, depth: int = 0) -> bool:
    if depth > 16:
        return False
    match expr:
        case ir.Primitive(name=name):
            return name in ("null", "undefined", "unknown", "any")
        case ir.Union(members=members):
            return any(_admits_null(layouts.deref(m), layouts, depth + 1) for m in members)
        case _:
            return False


def _unique(texts: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for text in texts:
        if text not in seen:
            seen.append(text)
    return seen


def _merge(text: str, parts: Iterable[Annotation]) -> Annotation:
    result = Annotation(text)
    for part in parts:
        result.refs |= part.refs
        result.imports |= part.imports
    return result
