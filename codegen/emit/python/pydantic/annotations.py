"""TS type expressions -> Python annotation text for the pydantic models.

Mappings: ``string`` -> ``str`` (``@format byte`` too: base64 text is kept as sent);
``number`` -> ``int | float`` (ints stay ints on dump), ``@TJS-type integer`` -> ``int``;
``boolean`` -> ``bool``; ``unknown``/``any`` -> ``Any``; ``object`` and ``{}`` ->
``dict[str, Any]``; literal unions -> ``Literal[...]``; an open union ``"a" | string`` ->
``str`` (the known values go to the docstring); ``Record<string, V>`` and index-only
objects -> ``dict[str, V]``; tuples -> ``tuple[...]``. A union of models that all carry a
distinct literal in one field becomes a pydantic discriminated union on that field; other
unions of models get a route when one pays (``codegen.emit.python.pydantic.routes``) and otherwise stay
in pydantic's smart mode, with a warning; unions of distinct kinds with a container
dispatch on the input's type (see ``TypeWriter._route_by_kind``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import assert_never

from .... import escape, ir
from ....errors import Diagnostics, SchemaError, Unsupported
from ....ir.queries import declaration_of
from ..layout import ClassLayout, Layouts
from ..naming import Names
from . import rest_tuple
from .routes import (
    KeyRule,
    Route,
    group_tag,
    plan_route,
    tag_literals,
    unique,
)

# Preferred discriminator keys, in order; any other all-literal key comes after these.
_DISCRIMINATOR_KEYS = ("type", "method", "resultType", "kind", "mode")

# The library names an annotation imports, made once (every annotation holds a frozenset).
_ANNOTATED = frozenset({"Annotated"})
_ANNOTATED_FIELD = frozenset({"Annotated", "Field"})
_ANNOTATED_ANY_FIELD = frozenset({"Annotated", "Any", "Field"})
_ANNOTATED_STRICT = frozenset({"Annotated", "Strict"})
_ANY = frozenset({"Any"})
_LITERAL = frozenset({"Literal"})
_GUARDED_LITERAL = frozenset({"Literal", "Annotated", "BeforeValidator"})
# The primitives whose annotation is one text for every field (``number`` reads the doc).
_SIMPLE = {"string": "str", "boolean": "bool", "null": "None", "undefined": "None"}
# The open primitives of a union, with the literal values each admits (``_union``).
_OPEN_KINDS: dict[str, type | tuple[type, ...]] = {
    "string": str,
    "number": (int, float),
    "boolean": bool,
}


_NO_NAMES: frozenset[str] = frozenset()


@dataclass(slots=True)
class Annotation:
    """An annotation's text, the module names it uses, and what the docstring should add.

    Never changed once made (its sets are frozen; a change makes a new one): the writer
    hands the same instance to every field of one type (``TypeWriter._simple``) and to
    every reader of an alias's value. Not a frozen dataclass: that one's ``__init__`` costs
    twice as much, and a large typing makes tens of thousands of these (#37).
    """

    text: str
    refs: frozenset[str] = _NO_NAMES
    nullable: bool = False
    known_values: tuple[str, ...] = ()
    imports: frozenset[str] = _NO_NAMES


def py_literal(value: ir.LiteralValue, span: ir.Span) -> str:
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, str):
        return escape.py_str(value)
    if isinstance(value, float) and not math.isfinite(value):
        raise SchemaError(span, f"the number literal {value} has no finite value")
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
        # Whether an alias admits null, per alias: each reference would walk its union.
        self._nullable: dict[str, bool] = {}
        # Routes the annotations use, by function name; the module defines them.
        self.routes: dict[str, Route] = {}
        self.kind_routes: dict[str, tuple[str, ...]] = {}
        self._plans: dict[tuple[str, ...], Route | None] = {}
        # The guards (``_not_bool``, ``_only_bool``) the literal annotations use.
        self.literal_guards: set[str] = set()
        # Library names as the module binds them (renamed where a schema type took one).
        self.sym = names.helpers
        # The annotation of each primitive that reads nothing but its name, made once and
        # shared (an ``Annotation`` is never changed), by name (#37: most fields are these).
        self._simple: dict[str, Annotation] = {
            **{
                name: Annotation(text, nullable=name in ("null", "undefined"))
                for name, text in _SIMPLE.items()
            },
            "unknown": Annotation(self.sym["Any"], nullable=True, imports=_ANY),
            "any": Annotation(self.sym["Any"], nullable=True, imports=_ANY),
            "object": Annotation(f"dict[str, {self.sym['Any']}]", imports=_ANY),
        }
        self._int = Annotation("int")
        self._number = Annotation("int | float")
        # A reference's annotation, by name: the same for every reference without type
        # arguments to one declaration (``_ref``).
        self._refs: dict[str, Annotation] = {}
        # The annotation of a union by ``_union_key`` (``_union``).
        self._unions: dict[tuple[object, ...], Annotation] = {}
        # The annotation of string literals, by their values in order (``_literal``).
        self._strings: dict[tuple[str, ...], Annotation] = {}

    def _warn(self, message: str, span: ir.Span) -> None:
        # Annotations are computed more than once (ordering, rendering): warn once.
        if (message, span) not in self._warned:
            self._warned.add((message, span))
            self.diagnostics.warn(message, span)

    def annotation(
        self, expr: ir.TypeExpr, owner: str, key: str, doc: ir.Doc = ir.EMPTY_DOC
    ) -> Annotation:
        # The common kinds by exact class, before the ``match`` (which tries its cases in
        # turn): a large typing annotates tens of thousands of types (#37).
        if type(expr) is ir.Ref:
            return self._ref(expr)
        if type(expr) is ir.Primitive and expr.pattern is None:
            found = self._simple.get(expr.name)
            if found is not None:
                return found
            return self._primitive(expr.name, doc, expr.span)
        if type(expr) is ir.Union:
            return self._union(expr.members, owner, key, doc, expr.span)
        if type(expr) is ir.Array:
            inner = self.annotation(expr.items, owner, key)
            return Annotation(f"list[{inner.text}]", inner.refs, imports=inner.imports)
        if type(expr) is ir.Literal:
            return self._literal((expr,))
        return self._annotation(expr, owner, key, doc)

    def _annotation(self, expr: ir.TypeExpr, owner: str, key: str, doc: ir.Doc) -> Annotation:
        match expr:
            case ir.Primitive(pattern=str(pattern)):
                text = f"{self.sym['Annotated']}[str, {self.sym['Field']}(pattern={pattern!r})]"
                return Annotation(text, imports=_ANNOTATED_FIELD)
            case ir.Primitive(name=name):
                return self._primitive(name, doc, expr.span)
            case ir.Literal():
                return self._literal((expr,))
            case ir.Ref():
                return self._ref(expr)
            case ir.Array(items=items):
                inner = self.annotation(items, owner, key)
                return self._wrap("list[{}]", inner)
            case ir.Tuple(items=items, min_items=min_items, rest=rest) if rest is not None:
                return self._rest_tuple(items, min_items, rest, owner, key)
            case ir.Tuple(items=items, min_items=min_items):
                parts = [self.annotation(item, owner, key) for item in items]
                text = "tuple[" + ", ".join(p.text for p in parts) + "]" if parts else "tuple[()]"
                # A strict tuple takes only a Python tuple, but decoded JSON holds a list:
                # lax on the container alone (its items stay strict).
                lax = self.sym["Annotated"] + "[{}, _Strict(False)]"
                text = lax.format(text)
                if min_items is not None:  # ``[A, B?]``: one tuple type per allowed length
                    text = " | ".join(
                        lax.format(
                            "tuple[" + ", ".join(p.text for p in parts[:n]) + "]"
                            if n
                            else "tuple[()]"
                        )
                        for n in range(min_items, len(parts) + 1)
                    )
                refs, imports = _names_of(parts)
                return Annotation(text, refs, imports=imports | _ANNOTATED_STRICT)
            case (
                ir.Mapping(value=ir.Primitive(name="never"))
                | ir.Object(
                    properties=(), index=ir.IndexSignature(value=ir.Primitive(name="never"))
                )
            ):
                # ``Record<string, never>``: no key can have a value, so only ``{}``
                text = f"{self.sym['Annotated']}[dict[str, {self.sym['Any']}], {self.sym['Field']}(max_length=0)]"
                return Annotation(text, imports=_ANNOTATED_ANY_FIELD)
            case ir.Mapping(value=value):
                return self._wrap("dict[str, {}]", self.annotation(value, owner, key))
            case ir.Union(members=members):
                return self._union(members, owner, key, doc, expr.span)
            case ir.Object(properties=(), index=index):
                if index is None:
                    return Annotation(f"dict[str, {self.sym['Any']}]", imports=_ANY)
                held = self.annotation(index.value, owner, key)
                if index.key_pattern is None:
                    return self._wrap("dict[str, {}]", held)
                text = f"dict[{self.numeric_key(index.key_pattern)}, {held.text}]"
                return Annotation(text, held.refs, imports=held.imports | _ANNOTATED_FIELD)
            case ir.Object() | ir.Intersection() | ir.Omit():
                inline = self.names.inline_class(owner, key, expr)
                if inline is None:
                    raise SchemaError(
                        expr.span,
                        "an anonymous object type here has no class name; declare it as an "
                        "interface",
                    )
                return Annotation(inline, refs=frozenset((inline,)))
            case ir.Typeof(name=name):
                raise SchemaError(expr.span, f"'typeof {name}' was not resolved to a literal")
            case _:
                assert_never(expr)

    # ------------------------------------------------------------------ pieces

    def _literal(self, literals: Sequence[ir.Literal]) -> Annotation:
        """``Literal[...]``, guarded where pydantic confuses JSON's booleans and numbers.

        pydantic's literal validator, strict or not, takes ``true`` for ``1`` and ``1`` for
        ``True``; JSON Schema's ``const`` does not. A number literal refuses a boolean and a
        boolean literal a number, before the literal check (only 0 and 1 can be confused).
        Such a field is never a pydantic discriminator (pydantic refuses a validator
        there); the routes read boolean tags instead.
        """
        if all(type(lit.value) is str for lit in literals):
            # Strings only (a tag, an enum: most literals): no guard, no fraction; made
            # once per tuple of values (#37).
            strings = tuple(str(lit.value) for lit in literals)
            found = self._strings.get(strings)
            if found is None:
                listed = ", ".join(map(escape.py_str, strings))
                found = Annotation(f"{self.sym['Literal']}[{listed}]", imports=_LITERAL)
                self._strings[strings] = found
            return found
        fractions = [lit for lit in literals if _fraction(lit.value)]
        if fractions:
            # typing's Literal holds no float (PEP 586): ``2.5`` is the one float from 2.5
            # to 2.5 (strict: no bool, no string), beside a Literal of the other values
            whole = [lit for lit in literals if not _fraction(lit.value)]
            parts = [self._literal(whole)] if whole else []
            for lit in fractions:
                value = escape.py_value(lit.value)  # finite: ``_fraction``
                bound = f"{self.sym['Field']}(strict=True, ge={value}, le={value})"
                text = f"{self.sym['Annotated']}[float, {bound}]"
                parts.append(Annotation(text, imports=_ANNOTATED_FIELD))
            return _merge(" | ".join(unique(p.text for p in parts)), parts)
        listed = ", ".join(py_literal(lit.value, lit.span) for lit in literals)
        text = f"{self.sym['Literal']}[{listed}]"
        values = [lit.value for lit in literals]
        bools = any(isinstance(v, bool) for v in values)
        numbers = [v for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
        if bools and not numbers:
            guard = "_only_bool"
        elif not bools and any(v in (0, 1) for v in numbers):
            guard = "_not_bool"
        else:  # nothing to confuse, or ``Literal[True, 1]`` where no guard can tell
            return Annotation(text, imports=_LITERAL)
        self.literal_guards.add(guard)
        return Annotation(
            f"{self.sym['Annotated']}[{text}, _BeforeValidator({guard})]",
            imports=_GUARDED_LITERAL,
        )

    def _primitive(self, name: str, doc: ir.Doc, span: ir.Span) -> Annotation:
        if name == "number":
            tjs_type = (doc.get("TJS-type") or "").strip()
            if tjs_type == "integer" or (
                not tjs_type and self.schema.default_number_type == "integer"
            ):
                return self._int
            return self._number
        found = self._simple.get(name)
        if found is not None:
            return found
        if name == "never":
            # ``type R = never`` (a REST call with no body): no value; pydantic has no
            # ``Never``, so a list no longer than 0 and at least 1 item long, which none is.
            text = (
                f"{self.sym['Annotated']}[list[{self.sym['Any']}], "
                f"{self.sym['Field']}(min_length=1, max_length=0)]"
            )
            return Annotation(text, imports=_ANNOTATED_ANY_FIELD)
        raise Unsupported(span, f"the type '{name}' has no Python equivalent here")

    def _ref(self, ref: ir.Ref) -> Annotation:
        # Every reference to one name without arguments has one declaration and one
        # annotation; one with arguments is refused by ``declaration_of``.
        found = None if ref.args else self._refs.get(ref.name)
        if found is not None:
            return found
        decl = declaration_of(self.schema, ref)
        name = ref.name
        nullable = False
        if isinstance(decl, ir.Alias) and name not in self.classes:
            known = self._nullable.get(name)
            if known is None:
                known = _admits_null(self.layouts.deref(decl.type), self.layouts)
                self._nullable[name] = known
            nullable = known
        found = self._refs[name] = Annotation(name, frozenset((name,)), nullable)
        return found

    def _rest_tuple(
        self,
        items: tuple[ir.TypeExpr, ...],
        min_items: int | None,
        rest: ir.TypeExpr,
        owner: str,
        key: str,
    ) -> Annotation:
        """``[A, B?, ...C[]]``: one fixed tuple type per length below ``[A, B]``, then
        ``[A, B]`` followed by any number of ``C`` (see ``rest_tuple``)."""
        parts = [self.annotation(item, owner, key) for item in items]
        tail = self.annotation(rest, owner, key)
        annotated = self.sym["Annotated"]
        lax = annotated + "[{}, _Strict(False)]"
        shorter = [
            lax.format("tuple[" + ", ".join(p.text for p in parts[:n]) + "]" if n else "tuple[()]")
            for n in range(len(items) if min_items is None else min_items, len(items))
        ]
        longest = rest_tuple.annotation_text(annotated, [p.text for p in parts], tail.text)
        refs, imports = _names_of([*parts, tail])
        imports |= {"Annotated", rest_tuple.REST_TUPLE, *(["Strict"] if shorter else [])}
        return Annotation(" | ".join([*shorter, longest]), refs, imports=imports)

    def numeric_key(self, pattern: str = "^[0-9]+$") -> str:
        """The key of ``[n: number]: V`` (decimal digits, as JSON Schema's
        ``patternProperties`` ``^[0-9]+$``) or of ``[k: `_${string}`]: V`` (its pattern)."""
        literal = "'^[0-9]+$'" if pattern == "^[0-9]+$" else escape.py_str(pattern)
        return f"{self.sym['Annotated']}[str, {self.sym['Field']}(pattern={literal})]"

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
        # A union of primitives, literals and references, written alike in many places
        # (``string | null``), is made once (#37): its annotation reads nothing else. Not
        # one of models (``_discriminate``), whose warning is located where it is written.
        simple = _union_key(members, doc)
        if simple is not None:
            found = self._unions.get(simple)
            if found is not None:
                return found
        annotation, discriminated = self._new_union(members, owner, key, doc, span)
        if simple is not None and not discriminated:
            self._unions[simple] = annotation
        return annotation

    def _new_union(
        self,
        members: tuple[ir.TypeExpr, ...],
        owner: str,
        key: str,
        doc: ir.Doc,
        span: ir.Span,
    ) -> tuple[Annotation, bool]:
        """A union's annotation, and whether it is one of models (``_discriminate``)."""
        flat: Sequence[ir.TypeExpr] = members
        for m in members:
            if isinstance(m, ir.Union):
                flat = _flatten(members)
                break
        # ``undefined`` is no JSON value: a member holding it is absent on the wire
        # (``JSON.stringify`` drops it), as the JSON Schema says. Only ``null`` admits null;
        # a union of nothing but ``undefined`` stays what a lone ``undefined`` is. One pass
        # sorts the members: the literals, the others (``rest``), the primitives' names.
        nullable = False
        literal_members: list[ir.Literal] = []
        rest: list[ir.TypeExpr] = []
        primitives: set[str] = set()
        for m in flat:
            if isinstance(m, ir.Literal):
                literal_members.append(m)
                continue
            if isinstance(m, ir.Primitive):
                if m.name == "null" or m.name == "undefined":
                    nullable = nullable or m.name == "null"
                    continue
                primitives.add(m.name)
            rest.append(m)
        nullable = nullable or not (rest or literal_members)
        # A literal whose own primitive is also a member is only a documented known value.
        open_members = primitives & _OPEN_KINDS.keys()
        known: list[ir.Literal] = []
        closed = literal_members
        if open_members and literal_members:
            known = [
                lit
                for lit in literal_members
                if any(
                    isinstance(lit.value, _OPEN_KINDS[p])
                    and (p != "number" or not isinstance(lit.value, bool))
                    for p in open_members
                )
            ]
            # Equal literals are classed alike, so which are known is told by identity.
            known_ids = {id(lit) for lit in known}
            closed = [lit for lit in literal_members if id(lit) not in known_ids]
        parts: list[Annotation] = [self._literal(closed)] if closed else []
        texts: list[str] = [parts[0].text] if closed else []  # each once, in order
        for m in rest:
            part = self.annotation(m, owner, key, doc)
            parts.append(part)
            nullable = nullable or part.nullable
            if part.text not in texts:
                texts.append(part.text)
        annotation = _merge(" | ".join(texts) if texts else "None", parts)
        discriminated = False
        if not closed:
            # The class of each member, asked once: whether all are models (the warning)
            # and which models the union holds (through aliases of unions) both read it.
            models = [self.layouts.class_of(m, owner, key) for m in rest]
            expanded = self._model_members(rest, owner, key, classes=models)
            if expanded is not None and len(expanded) >= 2:
                # ``@untagged``: the schema says no field tells the members apart, on purpose.
                warn = all(models) and doc.get("untagged") is None
                annotation = self._discriminate(annotation, expanded, warn, span)
                discriminated = True
            elif len(rest) > 1:  # one member is one or two kinds, never routed
                annotation = self._route_by_kind(annotation, rest, parts)
        text = annotation.text
        if nullable and texts and "None" not in texts:  # no texts: the annotation is None
            text += " | None"
        known_values = tuple(str(lit.value) for lit in known)
        return Annotation(text, annotation.refs, nullable, known_values, annotation.imports), (
            discriminated
        )

    def _route_by_kind(
        self, annotation: Annotation, members: Sequence[ir.TypeExpr], parts: list[Annotation]
    ) -> Annotation:
        """Dispatch a union of distinct kinds (str, numbers, bool, list, dict) on the type.

        Smart mode tries the members in turn, so a dict in ``str | int | ... | dict`` first
        fails every scalar. When each built-in type matches one member of its own kind,
        that member is what smart mode picks too (the only one that is exact), so
        ``type(value)`` can choose it; any other input goes to the whole union (``*``).
        Worth a Python call only with a container and at least three kinds. ``annotation``
        is returned as it is when none is made; ``parts`` are the members' annotations.
        """
        kinds: dict[str, str] = {}
        for member, part in zip(members, parts, strict=True):
            found = _kinds_of(self.layouts.deref(member), part.text)
            if found is None or kinds.keys() & found.keys():
                return annotation
            kinds.update(found)
        if len(kinds) < 3 or not kinds.keys() & {"dict", "list"}:
            return annotation
        order = sorted(kinds, key=_KIND_ORDER.index)
        name = "_kind_" + "_".join(k.lower() for k in order)
        self.kind_routes[name] = tuple(order)
        annotated = self.sym["Annotated"]
        choices = [f'{annotated}[{kinds[k]}, _Tag("{k}")]' for k in order]
        choices.append(f'{annotated}[{annotation.text}, _Tag("*")]')
        text = f"{annotated}[{' | '.join(choices)}, _Discriminator({name})]"
        return Annotation(text, annotation.refs, imports=annotation.imports | _ANNOTATED)

    def _model_members(
        self,
        members: Sequence[ir.TypeExpr],
        owner: str,
        key: str,
        depth: int = 0,
        classes: Sequence[str | None] | None = None,
    ) -> list[str] | None:
        """The classes of a union of models, through aliases of unions; None if not one.
        ``classes``: each member's ``class_of``, when the caller has it."""
        found: list[str] = []
        for i, member in enumerate(members):
            name = classes[i] if classes is not None else self.layouts.class_of(member, owner, key)
            if name is not None:
                found.append(name)
                continue
            target = self.layouts.deref(member)
            if not isinstance(target, ir.Union) or target is member or depth > 16:
                return None
            inner = self._model_members(target.members, owner, key, depth + 1)
            if inner is None:
                return None
            found.extend(inner)
        return unique(found)

    def _discriminate(
        self, annotation: Annotation, models: list[str], warn: bool, span: ir.Span
    ) -> Annotation:
        """Make a union of models cheap to validate, keeping what it accepts and picks.

        A literal field with a distinct value per member is a pydantic discriminator
        (checked in Rust); failing that a route (``codegen.emit.python.pydantic.routes``) drops the
        members that cannot match before smart mode picks among the rest. ``annotation``
        is returned as it is when neither applies.
        """
        annotated = self.sym["Annotated"]
        text = " | ".join(models)
        discriminator = self._discriminator(models)
        if discriminator is not None:
            field = self.sym["Field"]
            return Annotation(
                f"{annotated}[{text}, {field}(discriminator={escape.py_str(discriminator)})]",
                annotation.refs.union(models),
                imports=annotation.imports | _ANNOTATED_FIELD,
            )
        members = tuple(models)
        if members not in self._plans:  # annotations are computed more than once
            self._plans[members] = plan_route(
                models,
                [self._rules(self.classes[m]) for m in models],
                lambda k: self._shared_attribute(models, k),
            )
        route = self._plans[members]
        if route is not None:
            self.routes[route.name] = route
            choices = [
                f'{annotated}[{" | ".join(group)}, _Tag("{group_tag(group)}")]'
                for group in route.groups
            ]
            # "*": the whole union, for inputs the route cannot narrow (see the module).
            choices.append(f'{annotated}[{text}, _Tag("*")]')
            annotation = Annotation(
                f"{annotated}[{' | '.join(choices)}, _Discriminator({route.name})]",
                annotation.refs.union(models),
                imports=annotation.imports | _ANNOTATED,
            )
        if warn and (route is None or not route.exact):
            self._warn(
                f"union {text} has no literal field that tells its members apart; "
                "pydantic picks the member that matches best",
                span,
            )
        return annotation

    def _rules(self, layout: ClassLayout) -> dict[str, KeyRule]:
        return {
            key: KeyRule(
                required=not prop.optional,
                values=frozenset(v)
                if (v := tag_literals(prop.type, self.layouts.deref)) is not None
                else None,
            )
            for key, prop in layout.fields.items()
        }

    def _shared_attribute(self, models: list[str], key: str) -> str | None:
        """The attribute of ``key`` in every member declaring it, if they agree."""
        names = {
            _attribute_for(self.names, self.classes[m], key)
            for m in models
            if key in self.classes[m].fields
        }
        return names.pop() if len(names) == 1 else None

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
            seen: set[tuple[str, object]] = set()
            for layout in layouts:
                prop = layout.fields[key]
                values = _literal_values(self.layouts.deref(prop.type))
                if prop.optional or values is None or seen & values or _guarded(values):
                    break
                seen |= values
            else:
                return _attribute_for(self.names, layouts[0], key)
        return None


def _attribute_for(names: Names, layout: ClassLayout, key: str) -> str:
    return names.attribute(key)


def _literal_values(expr: ir.TypeExpr) -> set[tuple[str, object]] | None:
    if isinstance(expr, ir.Literal):
        return {(type(expr.value).__name__, expr.value)}
    if isinstance(expr, ir.Union) and all(isinstance(m, ir.Literal) for m in expr.members):
        return {
            (type(m.value).__name__, m.value) for m in expr.members if isinstance(m, ir.Literal)
        }
    return None


def _guarded(values: set[tuple[str, object]]) -> bool:
    """Literal values whose annotation carries a guard (see ``TypeWriter._literal``)."""
    return any(kind == "bool" or (kind != "str" and value in (0, 1)) for kind, value in values)


def _union_key(members: Sequence[ir.TypeExpr], doc: ir.Doc) -> tuple[object, ...] | None:
    """What the annotation of a union of primitives, string, boolean and integer literals
    and plain references reads: each member's kind and name or value (a literal's class
    too: ``1`` is not ``True``), and the ``@TJS-type`` a ``number`` reads. None for any
    other union (a float literal: ``0.0`` equals ``-0.0``, whose known value differs)."""
    found: list[object] = []
    for m in members:
        if type(m) is ir.Primitive and m.pattern is None:
            found.append(("p", m.name))
        elif type(m) is ir.Ref and not m.args:
            found.append(("r", m.name))
        elif type(m) is ir.Literal and type(m.value) in (str, bool, int):
            found.append(("l", type(m.value).__name__, m.value))
        else:
            return None
    return tuple(found), doc.get("TJS-type") if doc.tags else None


def _flatten(members: Iterable[ir.TypeExpr]) -> list[ir.TypeExpr]:
    found: list[ir.TypeExpr] = []
    for member in members:
        if isinstance(member, ir.Union):
            found.extend(_flatten(member.members))
        else:
            found.append(member)
    return found


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


_KIND_ORDER = ("str", "int", "float", "bool", "list", "dict")


def _kinds_of(expr: ir.TypeExpr, text: str) -> dict[str, str] | None:
    """The built-in types a union member is the exact match for, with its annotation."""
    match expr:
        case ir.Primitive(name="string"):
            return {"str": "str"}
        case ir.Primitive(name="number"):
            return {"int": "int"} if text == "int" else {"int": "int", "float": "float"}
        case ir.Primitive(name="boolean"):
            return {"bool": "bool"}
        case ir.Array():
            return {"list": text}
        case ir.Mapping() | ir.Object(properties=()):
            return {"dict": text}
        case (
            ir.Primitive()
            | ir.Literal()
            | ir.Ref()
            | ir.Typeof()
            | ir.Tuple()
            | ir.Union()
            | ir.Intersection()
            | ir.Omit()
            | ir.Object()
        ):
            return None
        case _:
            assert_never(expr)


def _fraction(value: ir.LiteralValue) -> bool:
    """A number literal no ``Literal[...]`` can hold (``2.5``)."""
    return isinstance(value, float) and math.isfinite(value) and not value.is_integer()


def _merge(text: str, parts: Sequence[Annotation]) -> Annotation:
    refs, imports = _names_of(parts)
    return Annotation(text, refs, imports=imports)


def _names_of(parts: Sequence[Annotation]) -> tuple[frozenset[str], frozenset[str]]:
    """The classes and the library names ``parts`` use, together."""
    if len(parts) == 1:
        return parts[0].refs, parts[0].imports
    return _NO_NAMES.union(*[p.refs for p in parts]), _NO_NAMES.union(*[p.imports for p in parts])
