"""Emit Pydantic v2 models (``models.py``) from a resolved schema.

Policy of the generated models (one rule each, applied everywhere):

* **Extra fields:** every model has ``extra="allow"``. Unknown and draft fields are kept in
  ``model_extra`` and dumped again, so nothing a peer sent is lost. Where the schema gives
  an index signature with a value type, extras are typed with
  ``__pydantic_extra__: dict[str, V]`` and validated.
* **The wire is strict; the constructor is Python.** Validation (``model_validate``,
  ``model_validate_json``, a ``TypeAdapter``, ``parse_message``) agrees with
  ``schema.json``: wire names only (``validate_by_name=False``), no coercion
  (``strict=True``: ``"5"`` is no number, ``1`` no boolean), finite numbers; and
  ``model_validate_json`` parses RFC 8259 JSON only (``decode_wire_json``: no
  ``NaN``/``Infinity``, no lone surrogates, no number that overflows a double). The
  constructor ``Model(...)`` also takes the snake_case names, and ``None`` for an omittable
  field means absent, so whatever type-checks runs. Everything is at the schema level (in
  pydantic-core), not a Python pass over the data. A TS tuple is lax on the container only
  (decoded JSON holds a list).
* **Names:** attributes are snake_case (see ``codegen.emit.python.naming``) with the wire name as alias.
  The alias and every other ``Field`` argument sit in ``Annotated[T, Field(...)]``, never
  in the default, so type checkers (which read ``alias=`` there only) give the constructor
  snake_case parameters. Models dump by alias (``serialize_by_alias=True``).
* **Absent is not null:** ``x?: T`` becomes ``x: Omittable[T] = None`` - ``T | None`` for
  type checkers, ``Annotated[T, Field(exclude_if=...)]`` at run time - so an absent field
  is never dumped and an explicit ``null`` on the wire is rejected. ``x?: T | null``
  becomes ``T | None = None`` and keeps an explicit null; dump with ``exclude_unset=True``
  to reproduce any input exactly.
* **Inheritance:** ``extends`` is Python inheritance where mypy accepts it, else the base
  is flattened (see ``codegen.emit.python.layout``).
* **Unions** of models with a distinct literal in a shared field are pydantic
  discriminated unions; others are left to pydantic's smart mode, with a warning.
* **Moved fields:** ``@moved <legacy> <target.path>`` on a declaration gives that model
  alone a before-validator moving the legacy field into place (on a copy) and a read-only
  property with the legacy name (see ``codegen.emit.python.pydantic.moved``).

Validation speed (why the unions look the way they do; see ``codegen.emit.python.pydantic.routes``):

* Smart mode validates the input against *every* member of a union of models and keeps the
  best match, so a union of n models costs n model validations. Where no literal field
  tells the members apart, a *route* (a callable discriminator) first drops the members
  that are bound to fail (a required key is absent, a string literal differs) and smart
  mode picks among the rest: same result, same errors for inputs no member admits, far
  fewer validations (``ElicitRequestFormParams`` with its ``PrimitiveSchemaDefinition``
  properties: ~10 -> ~4 µs). Unions that are aliases of unions are flattened first.
* A union of distinct kinds with a container (``JSONValue``: ``str | ... | dict | list``)
  dispatches on ``type(value)``: each built-in type has one member of its kind, the one
  smart mode picks anyway, while smart mode would first fail every scalar on each dict
  (a nested JSON object: ~4 -> ~1.8 µs). Other input types take the whole union.
* ``@minimum``/``@maximum`` on a ``number`` go on each of ``int`` and ``float``: on the
  union pydantic checks them with two Python validators after it (``ModelPreferences``:
  ~3.0 -> ~1.9 µs).
* Kept on purpose, measured: ``extra="allow"`` costs ~20 % of the corpus validation time
  (pydantic tracks the used keys and builds the extras dict per instance) but is what keeps
  unknown fields; ``strict=True`` with ``validate_by_name=False`` measured no slower than
  lax with names (3.15 vs 3.22 µs per corpus example, CPU time, a loaded machine);
  ``cache_strings`` and ``revalidate_instances`` made no measurable difference;
  ``exclude_if`` and attribute docstrings cost nothing when validating. ``int | float``
  stays: an int input is an exact match for ``int`` at once, and ``float`` alone would turn
  ints into floats on dump.
* JSDoc becomes class and attribute docstrings (in a module of more than ``LARGE_MODULE``
  classes: ``Field(description=...)``, see there); ``@deprecated`` becomes
  ``Field(deprecated=...)``; ``@minimum``/``@maximum``/``@minItems``/``@maxItems`` become
  ``ge``/``le``/``min_length``/``max_length``; a scalar ``@default`` becomes the default; consts become
  ``Final`` module constants.

The module header (generator and regenerate command) is added by ``codegen.build.pipeline``.
"""

from __future__ import annotations

import inspect
from operator import attrgetter
from pathlib import PurePath

from .... import escape, ir
from ....errors import Diagnostics
from ....escape import Code
from ....ir.queries import is_integer_alias, tag_number
from ...json_text import loads_strict
from ..backend import PythonBackend, backend_of
from ..docstrings import doc_text
from ..layout import ClassLayout
from ..naming import Names
from ..ordering import Item, cycles, topological_order
from ..package import ModuleText, public_names
from . import rest_tuple
from .annotations import Annotation, TypeWriter, py_literal
from .model_parts import (
    COLLECTIONS,
    LINE_LENGTH,
    PRIVATE,
    PYDANTIC,
    PYDANTIC_CORE,
    ROUTE_HELPERS,
    SHIM_FUNCTION,
    SHIM_HELPERS,
    TYPING,
    TYPING_EXTENSIONS,
    WIRE_EXPORTS,
    WIRE_MODULE,
    WIRE_RUNTIME,
    WIRE_SOURCE,
    Alias,
    Class,
    Field,
    Plan,
    Shim,
    alias_text,
    class_text,
    code_width,
    import_lines,
    noted_on_first_line,
    number_text,
    route_text,
)
from .moved import plan_moves, property_body, property_doc
from .render import render as _render

# --------------------------------------------------------------------------- docstrings

docstring = escape.docstring


def attribute_description(text: str) -> str:
    """What pydantic reads from the attribute docstring ``docstring(text)`` as
    ``model_parts.class_text`` writes it (lines after the first indented by 4): ``inspect.cleandoc``
    of its value, whose lines are the text's right-stripped, with a space before the closing
    quotes after a closing quote on one line (``escape.docstring``)."""
    lines = [line.rstrip() for line in text.split("\n")]
    if len(lines) == 1 and lines[0].endswith('"'):
        lines[0] += " "
    # Tabs expand by column (``cleandoc``), so the indentation must be the one written.
    return inspect.cleandoc("\n".join([lines[0], *(f"    {ln}" if ln else ln for ln in lines[1:])]))


# A cycle of this many classes and aliases (each refers to the next), and every class that
# reaches it, is built when first used (``_build_when_used``), not at import: pydantic's
# validators do not share, so building each model of a cycle of n models holds n - 1 others
# (n² work and memory at import), and the first build of a cycle of about 150 nests past
# Python's default recursion limit. Smaller cycles keep plain ``model_rebuild()`` calls.
LARGE_CYCLE = 40
# A models module of more than this many classes states each field's description as
# ``Field(description=...)``, the same text pydantic reads from the docstring otherwise
# (``attribute_description``), and its root classes turn ``use_attribute_docstrings`` off
# (the others inherit it). On Python < 3.13 pydantic finds each class's source by copying
# the module's lines from the class on and parses it: about 0.4 ms a class, then classes x
# lines (@octokit/types, ~20k classes and 235k lines: 54 s of a 71 s import). Measured
# (synthetic typings, CPU, fresh interpreter): docstrings add 27 % to the import at 184
# classes (+75 ms), 33 % at 366 (+157 ms), 37 % at 730 (+0.35 s), 47 % at 1445 (+0.96 s).
# The trade: editors show attribute docstrings, descriptions in ``Field`` they do not. At
# 300 the docstrings cost at most ~0.13 s: MCP's module (~110 classes), a2a, lsp-types and
# dap (229) keep them; octokit-webhooks (703) and DevTools (1359: 1.7 s -> 1.1 s) do not.
LARGE_MODULE = 300

_ANNOTATED_FIELD = frozenset({"Annotated", "Field"})
# The kinds of type that hold no other (``annotations.TypeWriter`` reads no owner for them).
_LEAVES = frozenset({ir.Primitive, ir.Literal, ir.Ref, ir.Typeof})


class _ModelsEmitter:
    def __init__(self, backend: PythonBackend, diagnostics: Diagnostics) -> None:
        schema = self.schema = backend.schema
        self.names: Names = backend.names
        self.layouts = backend.layouts
        self.writer = TypeWriter(schema, self.names, self.layouts, diagnostics)
        self.classes = self.writer.classes
        self.described = len(self.classes) > LARGE_MODULE  # descriptions in ``Field``
        self.sym = {**self.names.helpers, **PRIVATE}
        self.aliases: dict[str, Annotation] = {}  # ``alias_annotation``
        # Per class, the wire keys it has optional (``_narrows_optional``), asked per base.
        self._optional_keys: dict[str, frozenset[str]] = {}
        self._identifiers: set[str] = set()  # attributes ``escape.identifier`` passed
        # A field's parts by what they read (``field``).
        self._fields: dict[
            tuple[str, bool, str, bool, tuple[str, ...], str, tuple[ir.DocTag, ...]],
            tuple[str, str, str, str, frozenset[str]],
        ] = {}

    # ------------------------------------------------------------------ fields

    def field(
        self, layout: ClassLayout, prop: ir.Property, imports: set[str], refs: set[str]
    ) -> Field:
        """The field of ``prop``; the library names and classes its annotation uses are
        added to ``imports`` and ``refs``."""
        # a flattened copy names its inline classes after the class that wrote it
        key, doc = prop.name, prop.doc
        # (a leaf type names no anonymous class: its owner is not asked for)
        name = layout.spec.name
        owner = name if type(prop.type) in _LEAVES else self.names.origin(prop, name)
        ann = self.writer.annotation(prop.type, owner, key, doc)
        if ann.imports:
            imports |= ann.imports
        if ann.refs:
            refs |= ann.refs
        # A large typing writes the same field in many classes (#37). The parts below read
        # the key, whether it is optional, the comment and tags, and of the annotation its
        # text, nullability and known values (the span only to refuse a number, which
        # keeps nothing): each exactly in the key. The class's bases come after.
        part_key = (
            key,
            prop.optional,
            ann.text,
            ann.nullable,
            ann.known_values,
            doc.description,
            doc.tags,
        )
        parts = self._fields.get(part_key)
        if parts is None:
            parts = self._fields[part_key] = self._field_parts(prop, ann)
        attr, annotation, value, docstring_, used = parts
        if used:
            imports |= used
        note = ""
        if not value and layout.bases and self._narrows_optional(layout, key):
            # pydantic fields are keyword-only, so a required field may override an optional
            # one; pyright applies the positional dataclass rule.
            note = "pyright: ignore[reportGeneralTypeIssues]"
            if code_width(f"    {attr}: {annotation}") > LINE_LENGTH:
                annotation, note = noted_on_first_line(annotation, note), ""
        return Field(attr, annotation, value, docstring_, note)

    def _field_parts(
        self, prop: ir.Property, ann: Annotation
    ) -> tuple[str, str, str, str, frozenset[str]]:
        """A field's attribute, annotation, default, docstring and the library names they
        add to its annotation's, before its class's bases are read."""
        key, doc = prop.name, prop.doc
        attr = self.names.attribute(key)
        kwargs: list[str] = []
        annotation = ann.text
        value = ""
        deprecated = None
        used: frozenset[str] = frozenset()
        if doc.tags:  # most properties have no tag: none of this is asked (#37)
            constraints = self._constraints(prop)
            default = self._default(prop, ann)
            deprecated = doc.get("deprecated")
            bounds = [c for c in constraints if c.startswith(("ge=", "le="))]
            if bounds and annotation == "int | float":
                # Bounds on a union are Python validators run after it; on each member they
                # are native int/float checks. Same values accepted, ints stay ints.
                annotated, field = self.sym["Annotated"], self.sym["Field"]
                inner = f"{field}({', '.join(bounds)})"
                annotation = f"{annotated}[int, {inner}] | {annotated}[float, {inner}]"
                constraints = [c for c in constraints if c not in bounds]
                used = _ANNOTATED_FIELD
            if default is not None:
                value = default
            kwargs.extend(constraints)
        if not value and prop.optional:
            value = "None"
            if not ann.nullable:
                annotation = f"Omittable[{annotation}]"
        if attr != key:
            kwargs.insert(0, f"alias={escape.py_str(key)}")
        if deprecated is not None:
            kwargs.append(f"deprecated={escape.py_str(deprecated.strip() or 'deprecated')}")
        # most properties have no comment, no tag, no known value: no call (#37)
        text = (
            doc_text(doc, ann.known_values)
            if doc.description or doc.tags or ann.known_values
            else ""
        )
        if self.described and text:
            kwargs.append(f"description={escape.py_str(attribute_description(text))}")
        if kwargs:
            # In ``Annotated``, not as the default: type checkers then keep the snake_case
            # name as the constructor's parameter (they read ``alias=`` only there).
            field_call = self.sym["Field"] + "(" + ", ".join(kwargs) + ")"
            annotation = f"{self.sym['Annotated']}[{annotation}, {field_call}]"
            used = _ANNOTATED_FIELD
        return attr, annotation, value, docstring(text) if text and not self.described else "", used

    def _narrows_optional(self, layout: ClassLayout, key: str) -> bool:
        """Whether the wire key ``key`` is optional in a base class of ``layout``."""
        for base in layout.bases:
            optional = self._optional_keys.get(base)
            if optional is None:
                fields = self.layouts.layout(base).fields
                optional = frozenset(k for k, p in fields.items() if p.optional)
                self._optional_keys[base] = optional
            if key in optional:
                return True
        return False

    def _default(self, prop: ir.Property, ann: Annotation) -> str | None:
        """A ``@default`` that is safe: a JSON scalar on an optional field of scalar type."""
        raw = prop.doc.get("default")
        if raw is None or not prop.optional:
            return None
        try:
            value = loads_strict(raw)
        except ValueError:
            return None
        scalar_types: dict[str, type | tuple[type, ...]] = {
            "str": str,
            "bool": bool,
            "int": int,
            "int | float": (int, float),
        }
        expected = scalar_types.get(ann.text)
        if expected is None or not isinstance(value, expected):
            return None
        if not isinstance(value, str | int | float) or (
            isinstance(value, bool) and ann.text != "bool"
        ):
            return None
        if isinstance(value, float) and not value.is_integer():
            return number_text(value, prop.span)  # py_literal writes Literal[...]: ints only
        return py_literal(value, prop.span)

    @staticmethod
    def _constraints(prop: ir.Property) -> list[str]:
        """The bounds the models check, read as the JSON Schema reads them (``tag_number``);
        a tag that is no number is left out (the front end warned)."""
        result = []
        for tag, kwarg in (
            ("minimum", "ge"),
            ("maximum", "le"),
            ("minItems", "min_length"),
            ("maxItems", "max_length"),
        ):
            text = prop.doc.get(tag)
            number = None if text is None else tag_number(tag, text)
            if number is not None:
                result.append(f"{kwarg}={number_text(number, prop.span)}")
        return result

    # ------------------------------------------------------------------ items

    def class_item(self, layout: ClassLayout, plan: Plan, *, deferred: bool = False) -> None:
        """The class of ``layout``; ``deferred`` (a member of a large cycle, or a class that
        reaches one) is built when first used (``_build_when_used``)."""
        spec = layout.spec
        refs: set[str] = set()
        fields = [self.field(layout, prop, plan.imports, refs) for prop in layout.declared]
        extra, extra_key = "", "str"
        if layout.declares_extra and layout.extra is not None:
            ann = self.writer.annotation(layout.extra, layout.name, "")
            if ann.text != self.sym["Any"] or layout.extra_numeric is not None:
                extra, refs = ann.text, refs | ann.refs
                plan.imports |= ann.imports | {"Field"}
            if layout.extra_numeric is not None:  # as JSON Schema's patternProperties
                extra_key = self.writer.numeric_key(layout.extra_numeric)
                plan.imports |= {"Annotated"}
        moves = self.shims(layout, plan) if spec.doc.tags else []  # (a ``@moved`` tag)
        bases = layout.bases or ["SchemaModel"]
        if deferred:
            bases = [*bases, "defer_build=True"]
        if self.described and not layout.bases:
            bases = [*bases, "use_attribute_docstrings=False"]
        doc = spec.doc
        text = class_text(
            Class(
                name=spec.name,
                bases=bases,
                doc=docstring(doc_text(doc)) if doc.description or doc.tags else "",
                extra=extra,
                fields=fields,
                moves=moves,
                extra_key=extra_key,
            ),
            self.sym,
            self._identifiers,
        )
        plan.items[spec.name] = text
        plan.orders[spec.name] = Item(
            spec.name, spec.order, frozenset(layout.bases), frozenset(refs), spec.span
        )

    def shims(self, layout: ClassLayout, plan: Plan) -> list[Shim]:
        """The ``@moved`` shims of a class; the first one also plans the shared function."""
        spec = layout.spec
        moves = plan_moves(spec.name, spec.doc, spec.span, self.names, self.layouts, self.writer)
        if moves:
            plan.imports |= SHIM_HELPERS | {SHIM_FUNCTION}
        return [
            Shim(
                legacy=escape.py_str(move.legacy),
                path=escape.py_value(tuple((step.key, step.attr) for step in move.steps)),
                attr=move.attr,
                returns=move.returns,
                doc=docstring(property_doc(move)),
                body=property_body(move),
            )
            for move in moves
        ]

    def alias_item(self, decl: ir.Alias, order: int, recursive: bool, plan: Plan) -> None:
        if is_integer_alias(self.schema, decl.name):
            ann = Annotation("int")  # JSON Schema's ``integer``, as the schema emitter reads it
        else:
            ann = self.alias_annotation(decl)
        plan.imports |= ann.imports
        quote = "'" if '"' in ann.text else '"'
        text = alias_text(
            Alias(
                name=decl.name,
                value=ann.text,
                quoted=quote + ann.text + quote,
                recursive=recursive,
                doc=docstring(doc_text(decl.doc, ann.known_values)),
            ),
            self.sym,
        )
        if not recursive:
            plan.imports.add("TypeAlias")
        plan.items[decl.name] = text
        # A quoted recursive alias needs nothing when it runs; a model that uses it needs
        # what it names when pydantic builds it.
        needs = frozenset() if recursive else frozenset(ann.refs)
        plan.orders[decl.name] = Item(
            decl.name,
            (order,),
            needs,
            needs,
            decl.span,
            refs=frozenset(ann.refs) if recursive else frozenset(),
            model=False,
        )

    def alias_annotation(self, decl: ir.Alias) -> Annotation:
        """An alias's value, computed once: ordering, cycles and the alias item read it."""
        found = self.aliases.get(decl.name)
        if found is None:
            found = self.aliases[decl.name] = self.writer.annotation(
                decl.type, decl.name, "", decl.doc
            )
        return found

    def edges(self, plan: Plan) -> dict[str, list[str]]:
        """What each class and alias refers to (through fields, bases and alias values)."""
        edges: dict[str, frozenset[str]] = {
            name: item.hard | item.soft for name, item in plan.orders.items()
        }
        for name in self.names.aliases:
            decl = self.schema.decls[name]
            if isinstance(decl, ir.Alias) and not is_integer_alias(self.schema, name):
                edges[name] = self.alias_annotation(decl).refs
        return {name: sorted(targets) for name, targets in edges.items()}

    def large_cycles(self, edges: dict[str, list[str]]) -> list[list[str]]:
        """The cycles of at least ``LARGE_CYCLE`` members, each in source order."""
        return [cycle for cycle in cycles(edges) if len(cycle) >= LARGE_CYCLE]

    def reaching(self, edges: dict[str, list[str]], targets: set[str]) -> set[str]:
        """The classes not in ``targets`` that reach one of them: pydantic would build such
        a class with the whole cycle nested in it, so it waits until the cycle is built."""
        if not targets:  # no large cycle (most modules): none reaches one
            return set()
        back: dict[str, list[str]] = {}
        for name, refs in edges.items():
            for ref in refs:
                back.setdefault(ref, []).append(name)
        found: set[str] = set()
        pending = list(targets)
        while pending:
            for name in back.get(pending.pop(), ()):
                if name not in found and name not in targets:
                    found.add(name)
                    pending.append(name)
        return {name for name in found if name in self.classes}

    def _names_a_class(self, name: str) -> bool:
        decl = self.schema.decls[name]
        if not isinstance(decl, ir.Alias) or is_integer_alias(self.schema, name):
            return False
        return self.alias_annotation(decl).text in self.classes

    def recursive_aliases(self) -> set[str]:
        """Aliases on a cycle of aliases: their value must be a quoted forward reference."""
        aliases = set(self.names.aliases)
        edges: dict[str, frozenset[str]] = {}
        # In declaration order: the first annotation of an alias warns, and warnings come
        # out in the order they are found (a set's order changes with the hash seed).
        for name in self.names.aliases:
            decl = self.schema.decls[name]
            if isinstance(decl, ir.Alias):
                refs = self.alias_annotation(decl).refs
                edges[name] = refs & aliases
        recursive: set[str] = set()
        for start in sorted(edges):
            stack, seen = list(edges[start]), set()
            while stack:
                node = stack.pop()
                if node == start:
                    recursive.add(start)
                    break
                if node not in seen:
                    seen.add(node)
                    stack.extend(sorted(edges.get(node, ())))
        return recursive

    def constants(self, plan: Plan) -> str:
        consts = [
            {
                "name": self.names.constants[decl.name],
                "value": py_literal(decl.value, decl.span)
                if not isinstance(decl.value, float) or decl.value.is_integer()
                else number_text(decl.value, decl.span),
                "doc": docstring(doc_text(decl.doc)),
            }
            for decl in self.schema.decls.values()
            if isinstance(decl, ir.Const)
        ]
        if consts:
            plan.imports.add("Final")
        return Code(_render("constants.py.jinja", constants=consts, sym=self.sym).strip())

    def _import_lines(self, module: str, names: tuple[str, ...], used: set[str]) -> list[str]:
        return import_lines(
            module, {n: None if self.sym[n] == n else self.sym[n] for n in names if n in used}
        )

    def emit(self) -> str:
        plan = Plan()
        for layout in self.classes.values():
            self.class_item(layout, plan)
        recursive = self.recursive_aliases()
        edges = self.edges(plan)
        large = self.large_cycles(edges)
        in_large = {name for cycle in large for name in cycle}
        after = self.reaching(edges, in_large)
        for cycle in large:
            for name in cycle:
                if name in self.classes:
                    self.class_item(self.classes[name], plan, deferred=True)
                elif not self._names_a_class(name):
                    # An alias: one pydantic definition, not a copy in each model. Not one
                    # of a bare class: pydantic (2.14) writes the alias's ref into the built
                    # class's cached schema, which then refers to itself.
                    recursive.add(name)
        for name in sorted(after):
            self.class_item(self.classes[name], plan, deferred=True)
        aliases = frozenset(self.names.aliases)  # (a tuple: one scan per declaration, #37)
        for position, decl in enumerate(self.schema.decls.values()):
            if isinstance(decl, ir.Alias) and decl.name in aliases:
                self.alias_item(decl, position, decl.name in recursive, plan)
        constants = self.constants(plan)
        ordered = topological_order(sorted(plan.orders.values(), key=attrgetter("order")))
        # Each group of models that refer to each other is built right after its last
        # class, before anything that uses it: pydantic then reuses the built models.
        builds: dict[str, str] = {}  # last item of a group -> the code that builds it
        for group, build in zip(ordered.groups, ordered.builds, strict=True):
            models = [name for name in build if name in self.classes and name not in after]
            if models and in_large.isdisjoint(group):
                builds[group[-1]] = "\n".join(f"{name}.model_rebuild()" for name in models)
        # Built when first used: the classes of the large cycles and those that reach them.
        deferred = [n for n in ordered.names if n in self.classes and (n in in_large or n in after)]
        routes = [self.writer.routes[name] for name in sorted(self.writer.routes)]
        kind_routes = sorted(self.writer.kind_routes.items())
        items: list[Code] = []
        for name in ordered.names:
            items.append(Code(plan.items[name].rstrip()))
            if name in builds:
                items.append(Code(builds[name]))
        route_texts = [route_text(route) for route in routes]
        kind_texts = [f"{name} = _by_kind({', '.join(kinds)})" for name, kinds in kind_routes]
        # The library names the module's own text reads; the wire plumbing is in ``_wire``.
        used = set(plan.imports)
        if recursive:  # alias_text: ``if TYPE_CHECKING: X: TypeAlias`` else TypeAliasType
            used |= {"TYPE_CHECKING", "TypeAlias", "TypeAliasType"}
        if routes or kind_routes:
            used |= ROUTE_HELPERS
        if deferred:  # build_when_used.py.jinja
            used |= {"BaseModel", "Callable", "GetCoreSchemaHandler", "CoreSchema"}
        # The router reads booleans too only where a route lists one (see routes).
        bool_tags = any(
            isinstance(v, bool) for route in routes for key in route.keys for v, _ in key.by_value
        )
        wire = dict(WIRE_EXPORTS)
        if routes:
            wire["router_reading_booleans" if bool_tags else "router"] = "_router"
        if kind_routes:
            wire["by_kind"] = "_by_kind"
        wire.update(
            (guard.removeprefix("_"), guard) for guard in sorted(self.writer.literal_guards)
        )
        if SHIM_FUNCTION in plan.imports:
            wire["move_legacy"] = SHIM_FUNCTION
        if rest_tuple.REST_TUPLE in plan.imports:
            wire["RestTuple"] = rest_tuple.REST_TUPLE
        imports = [
            (module, self._import_lines(module, names, used))
            for module, names in (
                ("collections.abc", COLLECTIONS),
                ("typing", TYPING),
                ("pydantic", PYDANTIC),
                ("pydantic_core", PYDANTIC_CORE),
                ("typing_extensions", TYPING_EXTENSIONS),
            )
            if used & set(names)
        ] + [(WIRE_MODULE, import_lines(WIRE_MODULE, wire))]
        # The public names of the text, in its order (``package.public_names`` of it, not
        # parsed again): the explicit re-exports, the constants, then the items (the routes
        # are private: ``_route_``, ``_kind_``). A recursive alias is public as the ``if
        # TYPE_CHECKING`` block that binds it twice, which ``public_names`` knows by that
        # name only.
        dual = self.sym["TYPE_CHECKING"] == "TYPE_CHECKING"
        bound = [
            *public_names("\n".join(line for _, lines in imports for line in lines)),
            *(
                self.names.constants[d.name]
                for d in self.schema.decls.values()
                if isinstance(d, ir.Const)
            ),
            *(name for name in ordered.names if dual or name not in recursive),
        ]
        text = _render(
            "module.py.jinja",
            sources=", ".join(PurePath(f).name for f in self.schema.files) or "the schema",
            imports=imports,
            sym=self.sym,
            # One blank line before each; ruff format makes it two before a class.
            blocks=[
                *kind_texts,
                *route_texts,
                *([constants] if constants else []),
                *items,
                *(
                    [
                        Code(_render("build_when_used.py.jinja", sym=self.sym).rstrip()),
                        Code(
                            "_build_when_used(\n"
                            + "".join(f"    {name},\n" for name in deferred)
                            + ")"
                        ),
                    ]
                    if deferred
                    else []
                ),
            ],
        )
        return ModuleText(text, [name for name in bound if not name.startswith("_")])


def emit_models(
    source: ir.Schema | PythonBackend,
    diagnostics: Diagnostics | None = None,
    module: str = "models.py",
) -> dict[str, str]:
    """The models module for ``source`` as ``{module: text}``; warnings go to ``diagnostics``."""
    diags = diagnostics if diagnostics is not None else Diagnostics()
    return {
        module: _ModelsEmitter(backend_of(source), diags).emit(),
        WIRE_RUNTIME: WIRE_SOURCE.read_text("utf-8"),
    }
