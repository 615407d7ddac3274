"""Emits ``validators.py``: ``parse_message``, ``check`` and the schema's invariants.

``validators.py`` holds what the schema decides; the static runtime it imports is the
hand-written ``codegen/runtime/_validation.py``, emitted verbatim as ``_validation.py``.

Invariants are JSDoc tags on properties, compiled here into a rule table keyed by the
declaration (the model class) they belong to:

* ``@unique <field> [warn]`` on an array: items' ``<field>`` values are distinct.
* ``@same <field> [warn]`` on an array: every item has one value of ``<field>``.
* ``@onlyWhen <field>=<value> [warn]`` on an optional property: present only when the
  sibling ``<field>`` equals ``<value>`` (its ``@default`` counts when it is absent).
* ``@format date`` on a string: an ISO 8601 calendar date (``YYYY-MM-DD``).
* ``@featureTags`` on a ``string[]``: content-negotiation tag syntax; always warnings.
* ``@conformsTo <schemaField>``: the value conforms to a JSON Schema given at check time
  (e.g. ``CallToolResult.structuredContent`` against the tool's ``outputSchema``).

Without ``warn`` a finding is an error. A property inside an inline object type is kept
as a path from the nearest declaration. Tags have no span of their own, so a bad tag is a
``SchemaError`` at its property.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal, assert_never, cast

from .... import ir
from ....errors import Diagnostics, SchemaError
from ....ir.queries import closed_literals, deref, flat_index, flat_properties, protocol_of
from ....paths import CODEGEN_DIR
from ...json_text import loads_strict
from ..backend import PythonBackend, backend_of
from ..name_rules import attribute_name, snake_case
from .methods import import_order, template

MODULE = "validators.py"
# The static runtime validators.py imports: hand-written, copied into the package verbatim.
RUNTIME = "_validation.py"
RUNTIME_SOURCE = CODEGEN_DIR / "runtime" / RUNTIME

RuleKind = Literal["unique", "same", "only_when", "date", "feature_tags", "conforms_to"]
Severity = Literal["error", "warning"]

_FIELD = re.compile(r"[A-Za-z_$][\w$-]*")


@dataclass(frozen=True, slots=True)
class Rule:
    owner: str  # the declaration whose model the rule is checked on
    path: tuple[str, ...]  # wire names from that model to the object holding ``prop``
    prop: str
    kind: RuleKind
    severity: Severity
    field: str = ""  # unique/same/only_when: the item or sibling field
    value: ir.LiteralValue | None = None  # only_when: the sibling's required value
    default: ir.LiteralValue | None = None  # only_when: the sibling's @default


def _parse_literal(text: str) -> ir.LiteralValue:
    """``"deprecated"``, ``deprecated``, ``true``, ``3`` -> the JSON value (bare = string)."""
    try:
        value = loads_strict(text)
    except ValueError:
        return text
    if isinstance(value, str | int | float | bool):
        return value
    return text


def _item_properties(schema: ir.Schema, prop: ir.Property, tag: str) -> list[set[str]]:
    """For an array property, the property names of each possible item type."""
    t = deref(schema, prop.type)
    if not isinstance(t, ir.Array):
        raise SchemaError(prop.span, f"@{tag} applies to an array property; '{prop.name}' is not")
    item = deref(schema, t.items)
    members = item.members if isinstance(item, ir.Union) else (item,)
    out = []
    for member in members:
        member = deref(schema, member)
        if isinstance(member, ir.Ref | ir.Object | ir.Intersection | ir.Omit):
            out.append({p.name for p in flat_properties(schema, member)})
        else:
            raise SchemaError(
                prop.span, f"@{tag} needs object items; '{prop.name}' holds {member.kind} items"
            )
    return out


def _severity(prop: ir.Property, tag: str, args: list[str], arity: int) -> Severity:
    if len(args) == arity + 1 and args[-1] == "warn":
        return "warning"
    if len(args) != arity:
        raise SchemaError(prop.span, f"@{tag} expects {arity} argument(s) and optional 'warn'")
    return "error"


def _is_string(schema: ir.Schema, t: ir.TypeExpr) -> bool:
    t = deref(schema, t)
    return (isinstance(t, ir.Primitive) and t.name == "string") or (
        isinstance(t, ir.Literal) and isinstance(t.value, str)
    )


class _Compiler:
    def __init__(self, schema: ir.Schema) -> None:
        self.schema = schema
        self._schema_fields: set[str] | None = None

    @property
    def schema_fields(self) -> set[str]:
        """Every property name any declaration has: asked by ``@conformsTo`` only, so
        gathered at the first one, not for every schema (#37)."""
        if self._schema_fields is None:
            schema = self.schema
            self._schema_fields = {
                p.name
                for decl in schema.decls.values()
                if isinstance(decl, ir.Interface | ir.Alias)
                for p in flat_properties(
                    schema, decl if isinstance(decl, ir.Interface) else decl.type
                )
            }
        return self._schema_fields

    def rules(self) -> list[Rule]:
        out: list[Rule] = []
        if not _has_rule_tags(self.schema):
            return out  # most schemas: no property has an invariant's tag (#37)
        for decl in self.schema.decls.values():
            if isinstance(decl, ir.Interface):
                self._object(decl.name, (), flat_properties(self.schema, decl), out, set())
            elif isinstance(decl, ir.Alias):
                props = flat_properties(self.schema, decl.type)
                if props and not isinstance(decl.type, ir.Ref):
                    self._object(decl.name, (), props, out, set())
        return out

    def _object(
        self,
        owner: str,
        path: tuple[str, ...],
        props: tuple[ir.Property, ...],
        out: list[Rule],
        visiting: set[int],
    ) -> None:
        for prop in props:
            if prop.doc.tags:  # most properties have none: no call (#37)
                out.extend(self._tags(owner, path, prop, props))
            if type(prop.type) in _NO_INLINE_OBJECT:
                continue
            for inline in _inline_objects(prop.type):
                if id(inline) in visiting:
                    continue
                nested = flat_properties(self.schema, inline)
                self._object(owner, (*path, prop.name), nested, out, visiting | {id(inline)})

    def _tags(
        self, owner: str, path: tuple[str, ...], prop: ir.Property, props: tuple[ir.Property, ...]
    ) -> list[Rule]:
        rules: list[Rule] = []
        for tag in prop.doc.tags:
            args = tag.text.split()
            base = Rule(owner, path, prop.name, "date", "error")
            if tag.name in ("unique", "same"):
                severity = _severity(prop, tag.name, args, 1)
                field = args[0]
                for names in _item_properties(self.schema, prop, tag.name):
                    if field not in names:
                        raise SchemaError(
                            prop.span,
                            f"@{tag.name} names '{field}', which the items of '{prop.name}' "
                            "do not all have",
                        )
                kind: RuleKind = "unique" if tag.name == "unique" else "same"
                rules.append(replace(base, kind=kind, severity=severity, field=field))
            elif tag.name == "onlyWhen":
                siblings = {p.name: p for p in props}
                rules.append(self._only_when(base, prop, args, siblings))
            elif tag.name == "format" and tag.text.strip() == "date":
                if not _is_string(self.schema, prop.type):
                    raise SchemaError(
                        prop.span, f"@format date needs a string; '{prop.name}' is not"
                    )
                rules.append(base)
            elif tag.name == "featureTags":
                t = deref(self.schema, prop.type)
                if args or not (isinstance(t, ir.Array) and _is_string(self.schema, t.items)):
                    raise SchemaError(
                        prop.span, "@featureTags takes no arguments and applies to a string[]"
                    )
                rules.append(replace(base, kind="feature_tags", severity="warning"))
            elif tag.name == "conformsTo":
                if len(args) != 1 or not _FIELD.fullmatch(args[0]):
                    raise SchemaError(prop.span, "@conformsTo needs one schema field name")
                if args[0] not in self.schema_fields:
                    raise SchemaError(
                        prop.span, f"@conformsTo names '{args[0]}', which no type declares"
                    )
                if not attribute_name(args[0]):
                    raise SchemaError(
                        prop.span, f"@conformsTo names '{args[0]}', which has no Python name"
                    )
                rules.append(replace(base, kind="conforms_to", field=args[0]))
        return rules

    def _only_when(
        self,
        base: Rule,
        prop: ir.Property,
        args: list[str],
        siblings: dict[str, ir.Property],
    ) -> Rule:
        severity = _severity(prop, "onlyWhen", args, 1)
        field, eq, raw = args[0].partition("=")
        if not eq or not field or not raw:
            raise SchemaError(prop.span, "@onlyWhen expects '<field>=<value>'")
        if not prop.optional:
            raise SchemaError(
                prop.span, f"@onlyWhen applies to an optional property; '{prop.name}' is required"
            )
        sibling = siblings.get(field)
        if sibling is None:
            raise SchemaError(
                prop.span, f"@onlyWhen names '{field}', which is not a sibling of '{prop.name}'"
            )
        value = _parse_literal(raw)
        options = closed_literals(self.schema, sibling.type)
        if options is not None and value not in options:
            raise SchemaError(
                prop.span,
                f"@onlyWhen value {value!r} is not one of {sorted(map(repr, options))} "
                f"allowed for '{field}'",
            )
        default_text = sibling.doc.get("default")
        default = _parse_literal(default_text.strip()) if default_text else None
        return replace(
            base,
            kind="only_when",
            severity=severity,
            field=field,
            value=value,
            default=default,
        )


# The tags ``_Compiler._tags`` reads; any other tag makes no rule and no error.
_RULE_TAGS = frozenset({"unique", "same", "onlyWhen", "format", "featureTags", "conformsTo"})


def _has_rule_tags(schema: ir.Schema) -> bool:
    """Whether a property anywhere in the declarations has one of ``_RULE_TAGS``: every
    property the rules walk meets (inherited, inline, through aliases) is one of them, so
    without any the walk finds nothing, and is skipped (#37)."""
    todo: list[ir.TypeExpr] = []
    for decl in schema.decls.values():
        if isinstance(decl, ir.Interface):
            todo.append(decl.body)
            todo += decl.extends
        elif isinstance(decl, ir.Alias):
            todo.append(decl.type)
    while todo:
        t = todo.pop()
        if isinstance(t, ir.Object):
            for prop in t.properties:
                tags = prop.doc.tags
                if tags and not _RULE_TAGS.isdisjoint([tag.name for tag in tags]):
                    return True
                if type(prop.type) not in _NO_INLINE_OBJECT:
                    todo.append(prop.type)
            if t.index is not None:
                todo.append(t.index.value)
        elif type(t) in _NO_INLINE_OBJECT:  # a union's plain members: nothing inside
            if isinstance(t, ir.Ref):
                todo += t.args
        elif isinstance(t, _CONTAINERS):
            todo += t.members
        elif isinstance(t, ir.Array):
            todo.append(t.items)
        elif isinstance(t, ir.Mapping):
            todo.append(t.value)
        elif isinstance(t, ir.Omit):
            todo.append(t.base)
    return False


# Member-holding kinds, as a tuple: ``A | B`` in ``isinstance`` builds a union each time.
_CONTAINERS = (ir.Union, ir.Intersection, ir.Tuple)


# Property types that hold no anonymous object: most properties' (#37).
_NO_INLINE_OBJECT = frozenset({ir.Primitive, ir.Literal, ir.Ref, ir.Typeof})


def _inline_objects(t: ir.TypeExpr) -> list[ir.TypeExpr]:
    """Anonymous object types inside a property type, through arrays, unions, mappings."""
    kind = type(t)
    if kind in _NO_INLINE_OBJECT:
        return []
    if kind is ir.Array or kind is ir.Union:  # the usual containers, without the match (#37)
        inner = (t.items,) if isinstance(t, ir.Array) else cast(ir.Union, t).members
        return [
            found
            for member in inner
            if type(member) not in _NO_INLINE_OBJECT
            for found in _inline_objects(member)
        ]
    match t:
        case ir.Object(properties=props) if props:
            return [t]
        case ir.Intersection() | ir.Omit():
            return [t]
        case ir.Array(items=items):
            return _inline_objects(items)
        case ir.Union(members=members) | ir.Tuple(members=members):
            return [found for member in members for found in _inline_objects(member)]
        case ir.Mapping(value=value):
            return _inline_objects(value)
        case ir.Object(index=index) if index is not None:
            return _inline_objects(index.value)
        case ir.Primitive() | ir.Literal() | ir.Ref() | ir.Typeof() | ir.Object():
            return []
        case _:
            assert_never(t)


def _refs(t: ir.TypeExpr) -> set[str]:
    match t:
        case ir.Ref(name=name, args=args):
            return {name}.union(*(_refs(a) for a in args))
        case ir.Array(items=items):
            return _refs(items)
        case (
            ir.Union(members=members) | ir.Intersection(members=members) | ir.Tuple(members=members)
        ):
            return set().union(*(_refs(m) for m in members))
        case ir.Omit(base=base):
            return _refs(base)
        case ir.Mapping(value=value):
            return _refs(value)
        case ir.Object(properties=props, index=index):
            found = set().union(*(_refs(p.type) for p in props))
            return found | (_refs(index.value) if index is not None else set())
        case ir.Primitive() | ir.Literal() | ir.Typeof():
            return set()
        case _:
            assert_never(t)


def relevant_declarations(schema: ir.Schema, rules: list[Rule]) -> list[str]:
    """Declarations whose instances may hold a checked value (so the walker enters them)."""
    if not rules:  # most schemas: nothing is checked, so no declaration holds a checked value
        return []
    uses: dict[str, set[str]] = {}
    for decl in schema.decls.values():
        if isinstance(decl, ir.Interface):
            props, index = flat_properties(schema, decl), flat_index(schema, decl)
            found = set().union(*(_refs(p.type) for p in props))
            uses[decl.name] = found | (_refs(index.value) if index is not None else set())
        elif isinstance(decl, ir.Alias):
            uses[decl.name] = _refs(decl.type)
    relevant = {rule.owner for rule in rules}
    changed = True
    while changed:
        changed = False
        for name, refs in uses.items():
            if name not in relevant and refs & relevant:
                relevant.add(name)
                changed = True
    return sorted(relevant)


def checkers(rules: list[Rule]) -> list[tuple[str, str, str, str]]:
    """Per declaration with ``@conformsTo`` rules: (function, declaration, parameter, field)."""
    out: dict[tuple[str, str], tuple[str, str, str, str]] = {}
    for rule in rules:
        if rule.kind == "conforms_to":
            key = (rule.owner, rule.field)
            out.setdefault(
                key,
                (
                    f"check_{snake_case(rule.owner)}",
                    rule.owner,
                    attribute_name(rule.field),
                    rule.field,
                ),
            )
    return [out[key] for key in sorted(out)]


def emit_validators(source: ir.Schema | PythonBackend, diagnostics: Diagnostics) -> dict[str, str]:
    del diagnostics  # bad invariant tags are errors; nothing here is a warning
    schema = backend_of(source).schema
    rules = _Compiler(schema).rules()
    by_owner: dict[str, list[Rule]] = {}
    for rule in rules:
        by_owner.setdefault(rule.owner, []).append(rule)
    declarations = sorted(
        d.name for d in schema.decls.values() if isinstance(d, ir.Interface | ir.Alias)
    )
    # Two owners that want one checker (``Foo``, ``foo``): the later owner, in sorted
    # order, takes trailing underscores, as the naming authority tells names apart.
    check_functions: list[tuple[str, str, str, str]] = []
    functions: dict[str, str] = {}
    for function, owner, parameter, field_ in checkers(rules):
        while functions.setdefault(function, owner) != owner:
            function += "_"
        check_functions.append((function, owner, parameter, field_))
    text = template("validators.py.jinja").render(
        rules=sorted(by_owner.items()),
        relevant=relevant_declarations(schema, rules),
        declarations=declarations,
        checkers=check_functions,
        imports=import_order({owner for _, owner, _, _ in check_functions}),
        mcp=protocol_of(schema) == "mcp",  # MCP's feature-tag grammar is no one else's
    )
    return {MODULE: text, RUNTIME: RUNTIME_SOURCE.read_text("utf-8")}
