"""What one type or constant declaration makes, read into ``ir`` declarations.

Enums (to literal unions), classes (their data members), interfaces, generic parameters
and constants (``const``, ``declare const``, ``as const`` arrays, a namespace's literal
constants), with the ``typeof`` they answer. The types they hold are the type-expression
reader's (``parse_types.TypeReader``), which never calls back here; statements, imports,
exports and namespaces are ``parse``'s.
"""

from __future__ import annotations

from collections.abc import Callable

import tree_sitter

from .. import ir
from ..ir.queries import SPAN_AND_DOC, rewrite, type_fields
from .enum_values import constant_value
from .jsdoc import is_jsdoc, parse_jsdoc
from .parse_source import named_children as _children
from .parse_types import TypeReader
from .totality import degrading

# ``declare const X: <this>``: the declared types that can make a constant.
_CONSTANT_TYPES = frozenset(("literal_type", "tuple_type", "readonly_type"))


class DeclarationReader(TypeReader):
    """The declaration reader: ``parse._ModuleParser`` dispatches each declaration here."""

    def __init__(self, path: str, text: str) -> None:
        super().__init__(path, text)
        self.namespaces = 0  # how deep in ``namespace``/``module`` bodies
        # ``Enum.Member``, its value, and the namespace path of its enum.
        self.enum_members: list[tuple[str, ir.LiteralValue, tuple[str, ...]]] = []
        self.skipped: set[str] = set()  # ambient values left out (functions, classes)
        # ``as const`` arrays and values' declared types, for ``typeof`` in this file
        self.tuple_consts: dict[str, ir.TypeExpr] = {}
        # ``declare const X: T`` (a value of typings): T, parsed only if ``typeof X`` reads it
        self.value_types: dict[str, tree_sitter.Node] = {}
        self.ns_path: list[str] = []  # the namespaces being read, outermost first

    def skip(self, node: tree_sitter.Node) -> None:
        """Leave out an ambient value (it has no JSON meaning); remember its names (a
        ``var`` names each of its declarators)."""
        name = node.child_by_field_name("name")
        if name is not None:
            self.skipped.add(self.text(name))
        for child in _children(node):
            declared = child.child_by_field_name("name")
            if child.type == "variable_declarator" and declared is not None:
                self.skipped.add(self.text(declared))
                annotation = child.child_by_field_name("type")
                if node.type == "variable_declaration" and annotation and not self.namespaces:
                    self.value_types[self.text(declared)] = annotation  # ``typeof`` a ``var``

    def enum(self, node: tree_sitter.Node, doc: ir.Doc, span: ir.Span, exported: bool) -> ir.Alias:
        """``enum E { A = "a", B }``: the union of its member values (as typescript-json-schema)."""
        name = self.text(self.field(node, "name"))
        members: list[ir.TypeExpr] = []
        next_number: int | float | None = 0
        known: dict[str, ir.LiteralValue] = {}  # this enum's members so far

        def previous(ref: tree_sitter.Node) -> ir.LiteralValue | None:
            """``A``, ``E.A`` or ``E["A"]``: a member declared above."""
            if ref.type == "identifier":
                return known.get(self.text(ref))
            head = ref.child_by_field_name("object")
            key = ref.child_by_field_name("property") or ref.child_by_field_name("index")
            if head is None or key is None or self.text(head) != name:
                return None
            return known.get(self.string_value(key) if key.type == "string" else self.text(key))

        for member in _children(self.field(node, "body")):
            if member.type == "comment":
                continue
            if member.type == "enum_assignment":
                key_node = self.field(member, "name")
                value_node = self.field(member, "value")
                value = self.literal_value(value_node)
                if value is None:  # ``1 << 2``, ``A | B``: TypeScript computes it
                    value = constant_value(value_node, self.text, self.literal_value, previous)
                if value is None or isinstance(value, bool):
                    self.unsupported(value_node, "computed enum member (give it a literal value)")
            else:
                key_node = member
                if next_number is None:
                    self.fail(member, "enum member after a string member needs a value")
                value = next_number
            key = self.string_value(key_node) if key_node.type == "string" else self.text(key_node)
            next_number = value + 1 if isinstance(value, int | float) else None
            self.enum_members.append((f"{name}.{key}", value, tuple(self.ns_path)))
            if value not in known.values():  # ``AB = 3`` beside ``C = A | B``: one value
                members.append(ir.Literal(value, self.span(member)))
            known[key] = value
        if not members:  # no value has the type, which Python cannot name (the oracle: {})
            empty = ir.degraded(f"enum '{name}' without members (no value has its type)", span)
            return ir.Alias(name, empty, exported, doc, span)
        body = members[0] if len(members) == 1 else ir.Union(tuple(members), span)
        return ir.Alias(name, body, exported, doc, span, enum=True)

    def class_declaration(
        self, node: tree_sitter.Node, doc: ir.Doc, span: ir.Span, exported: bool, *, ambient: bool
    ) -> list[ir.Decl]:
        """A class of only typed fields is an interface. In typings, a declared class is the
        interface of its instances' data members, as typescript-json-schema writes it:
        methods, constructors, index signatures and static members are left out."""
        name_node = self.field(node, "name")
        outer, self.this = self.this, _this(self.text(name_node), self.type_parameters(node), span)
        try:
            return self.class_members(node, name_node, doc, span, exported, ambient=ambient)
        finally:
            self.this = outer

    def class_members(
        self,
        node: tree_sitter.Node,
        name_node: tree_sitter.Node,
        doc: ir.Doc,
        span: ir.Span,
        exported: bool,
        *,
        ambient: bool,
    ) -> list[ir.Decl]:
        properties: list[ir.Property] = []
        index: ir.IndexSignature | None = None
        member_doc = ir.EMPTY_DOC
        for member in _children(self.field(node, "body")):
            if member.type == "comment":
                if is_jsdoc(self.text(member)):
                    member_doc = parse_jsdoc(self.text(member))
                continue
            if ambient and member.type == "index_signature" and index is None:
                index = self.index_signature(member, member_doc)
                member_doc = ir.EMPTY_DOC
                continue
            if ambient and (
                member.type != "public_field_definition"
                or any(c.type == "static" for c in member.children)
            ):
                member_doc = ir.EMPTY_DOC
                continue  # behaviour, or no instance's: not data
            if ambient and _non_public(member, self.text):
                member_doc = ir.EMPTY_DOC
                continue  # ``private x;`` as ``private x: T;``: left out
            if ambient and member.child_by_field_name("type") is None:  # ``x;``: any
                name = self.field(member, "name")
                if name.type == "property_identifier":
                    optional = any(c.type == "?" for c in member.children)
                    any_ = ir.Primitive("any", self.span(member))
                    properties.append(
                        ir.Property(self.text(name), any_, optional, False, member_doc, any_.span)
                    )
                member_doc = ir.EMPTY_DOC
                continue
            if (
                member.type != "public_field_definition"
                or member.child_by_field_name("type") is None
            ) and not ambient:
                self.unsupported(member, "class with methods or untyped fields (use an interface)")
            if _non_public(member, self.text):
                member_doc = ir.EMPTY_DOC
                continue
            properties.append(self.property(member, member_doc))
            member_doc = ir.EMPTY_DOC
        bases: list[ir.TypeExpr] = []
        for heritage in _children(node):
            if heritage.type == "class_heritage":
                for clause in _children(heritage):
                    if clause.type == "extends_clause":
                        bases.append(self.class_base(clause))
                    else:  # ``implements``: types
                        bases.extend(self.type(t) for t in _children(clause) if t.type != "comment")
        body = ir.Object(tuple(properties), index, self.span(node))
        params = self.type_parameters(node)
        return [
            ir.Interface(
                self.text(name_node),
                body,
                tuple(bases),
                exported,
                doc,
                span,
                params=params,
                klass=True,
            )
        ]

    def class_base(self, clause: tree_sitter.Node) -> ir.TypeExpr:
        """``extends E`` / ``extends N.E<T>`` of a class: an expression naming a class,
        read as the type of that name (another class's fields)."""
        value = self.field(clause, "value")
        if value.type not in ("identifier", "member_expression"):
            self.unsupported(value, "class extending an expression (extend a named class)")
        arguments = clause.child_by_field_name("type_arguments")
        args = (
            tuple(self.type(a) for a in _children(arguments) if a.type != "comment")
            if arguments is not None
            else ()
        )
        return ir.Ref(self.text(value).replace(" ", ""), args, self.span(value))

    def type_parameters(self, node: tree_sitter.Node) -> tuple[ir.TypeParam, ...]:
        params = node.child_by_field_name("type_parameters")
        if params is None:
            return ()
        result: list[ir.TypeParam] = []
        for param in _children(params):
            if param.type != "type_parameter":
                continue
            default = param.child_by_field_name("value")
            default_type = self.type(default.named_children[-1]) if default is not None else None
            result.append(ir.TypeParam(self.text(self.field(param, "name")), default_type))
        return tuple(result)

    def interface(
        self,
        node: tree_sitter.Node,
        doc: ir.Doc,
        span: ir.Span,
        exported: bool,
        *,
        ambient: bool = False,
    ) -> ir.Interface:
        name = self.text(self.field(node, "name"))
        params = self.type_parameters(node)
        bases: list[ir.TypeExpr] = []
        for clause in _children(node):
            if clause.type == "extends_type_clause":
                bases.extend(self.type(base) for base in clause.children_by_field_name("type"))
        outer, self.this = self.this, _this(name, params, span)
        try:
            body = self.object(self.field(node, "body"))
        finally:
            self.this = outer
        return ir.Interface(name, body, tuple(bases), exported, doc, span, params=params)

    def consts(
        self,
        node: tree_sitter.Node,
        doc: ir.Doc,
        span: ir.Span,
        exported: bool,
        *,
        ambient: bool = False,
    ) -> list[ir.Decl]:
        kind = self.field(node, "kind")
        if self.namespaces and ambient:
            # ``namespace N { const x = ... }``: values of typings, no types; a literal one
            # is what ``typeof N.x`` names (as an enum member is ``E.x``)
            self.namespace_constants(node)
            self.skip(node)  # a computed key ``[x]`` may name one (a ``unique symbol``)
            return []
        if kind.type != "const" and not ambient:
            self.unsupported(node, f"'{kind.type}' declaration (use 'const')")
        consts: list[ir.Decl] = []
        for declarator in _children(node):
            if declarator.type == "comment":
                continue
            name_node = self.field(declarator, "name")
            if name_node.type != "identifier":
                self.unsupported(name_node, "destructuring const declaration")
            name = self.text(name_node)
            value = declarator.child_by_field_name("value")
            if ambient and (value is None or self.literal_value(value) is None):
                # ``declare const X: "a"`` is a constant; ``declare const EOL: string[]`` a value.
                declared = declarator.child_by_field_name("type")
                # Only a literal or a tuple can make a constant; any other type (an object
                # with methods, a function) is a value's, never read: it is not parsed.
                inner = declared.named_children[-1] if declared is not None else None
                constant = inner is not None and inner.type in _CONSTANT_TYPES
                declared_type = self.type(declared) if declared is not None and constant else None
                if kind.type == "const" and isinstance(declared_type, ir.Literal):
                    consts.append(ir.Const(name, declared_type.value, exported, doc, span))
                elif kind.type == "const" and isinstance(declared_type, ir.Tuple):
                    self.tuple_consts[name] = declared_type  # ``declare const K: readonly [...]``
                    self.skipped.add(name)
                else:
                    if declared is not None:  # ``typeof`` a ``let`` is its declared type too
                        self.value_types[name] = declared
                    self.skipped.add(name)
                    if declared is not None and inner is not None and inner.type == "object_type":
                        # ``declare const Codes: { readonly A: "a" }``: ``typeof Codes``
                        self.tuple_consts[name] = degrading(self.type, declared)
                continue
            if value is None:
                self.fail(declarator, f"const '{name}' has no value")
            items = self.const_tuple(value)
            if items is not None:
                # ``const K = ["a", "b"] as const``: a value, whose type ``typeof K`` reads.
                self.tuple_consts[name] = items
                self.skipped.add(name)
                continue
            literal = self.const_value(value)
            annotation = declarator.child_by_field_name("type")
            if annotation is not None:
                self.check_annotation(name, self.type(annotation), literal, annotation)
            declarator_span = span if len(consts) == 0 else self.span(declarator)
            consts.append(ir.Const(name, literal, exported, doc, declarator_span))
        return consts

    def typeof_values(self, decls: tuple[ir.Decl, ...]) -> dict[str, ir.TypeExpr]:
        """The declared type of each value that ``typeof`` reads (``declare const X: T``),
        as TypeScript types ``typeof X``, with the ``typeof`` of other values inside it
        replaced too; a value whose type reads itself degrades there. A value's type that
        nothing reads is never parsed."""
        if not self.value_types:  # nothing to read: no walk of every declaration
            return {}
        parsed: dict[str, ir.TypeExpr] = {}
        wanted = [n for n in _typeof_names(decls) if n in self.value_types]
        while wanted:
            name = wanted.pop()
            if name not in parsed:
                parsed[name] = self.type(self.value_types[name])
                wanted += [n for n in _typeof_names((parsed[name],)) if n in self.value_types]
        done: dict[str, ir.TypeExpr] = {}

        def complete(name: str, stack: frozenset[str]) -> ir.TypeExpr:
            if name not in done:

                def change(node: object) -> object:
                    if not isinstance(node, ir.Typeof) or node.name not in parsed:
                        return node
                    if node.name in stack | {name}:
                        return ir.degraded(f"'typeof {node.name}' inside its own type", node.span)
                    return complete(node.name, stack | {name})

                done[name] = rewrite(parsed[name], change, keep=SPAN_AND_DOC)
            return done[name]

        return {name: complete(name, frozenset()) for name in parsed}

    def namespace_constants(self, node: tree_sitter.Node) -> None:
        """``declare namespace Kind { const Full = "full"; const Off: "off" }``: each
        literal constant, as a member ``Kind.Full`` of the namespace."""
        for declarator in _children(node):
            name_node = declarator.child_by_field_name("name")
            if declarator.type == "comment" or name_node is None:
                continue
            if name_node.type != "identifier":
                continue
            value = declarator.child_by_field_name("value")
            literal = None if value is None else self.literal_value(value)
            declared = declarator.child_by_field_name("type")
            inner = declared.named_children[-1] if declared is not None else None
            if literal is None and inner is not None and inner.type == "literal_type":
                found = self.type(inner)
                literal = found.value if isinstance(found, ir.Literal) else None
            if literal is not None and self.ns_path:  # not ``declare global { ... }``
                key = f"{self.ns_path[-1]}.{self.text(name_node)}"
                self.enum_members.append((key, literal, tuple(self.ns_path[:-1])))

    def check_annotation(
        self, name: str, declared: ir.TypeExpr, value: ir.LiteralValue, node: tree_sitter.Node
    ) -> None:
        """``const X: number = "a"`` is a contradiction; other annotations are left to tsc."""
        actual = _literal_kind(value)
        if isinstance(declared, ir.Primitive) and declared.name in ("string", "number", "boolean"):
            if declared.name != actual:
                self.fail(
                    node, f"const '{name}' is declared {declared.name} but its value is {actual}"
                )
        elif isinstance(declared, ir.Literal) and declared.value != value:
            self.fail(
                node, f"const '{name}' is declared {declared.value!r} but its value is {value!r}"
            )

    def const_tuple(self, node: tree_sitter.Node) -> ir.Tuple | None:
        """``[literals] as const`` (possibly ``satisfies ...``): the tuple type of its value."""
        if node.type == "satisfies_expression":
            node = node.named_children[0]
        if node.type != "as_expression" or len(_uncommented(node)) != 1:
            return None
        if not any(c.type == "const" for c in node.children):
            return None
        array = node.named_children[0]
        if array.type != "array":
            return None
        items = []
        for item in _children(array):
            if item.type == "comment":
                continue
            value = self.literal_value(item)
            if value is None:
                self.unsupported(item, "a non-literal item in an 'as const' array")
            items.append(ir.Literal(value, self.span(item)))
        return ir.Tuple(tuple(items), span=self.span(array))

    def const_value(self, node: tree_sitter.Node) -> ir.LiteralValue:
        if node.type == "as_expression":
            named = _uncommented(node)
            target = named[-1] if len(named) > 1 else None
            if target is not None or not any(c.type == "const" for c in node.children):
                self.unsupported(node, "'as' cast (only 'as const' is allowed)")
            node = node.named_children[0]
        value = self.literal_value(node)
        if value is None:
            self.unsupported(
                node, "non-literal const initialiser (use a string, number or boolean literal)"
            )
        return value


def _uncommented(node: tree_sitter.Node) -> list[tree_sitter.Node]:
    """``x as /* why */ const``: the named children but comments."""
    return [c for c in node.named_children if c.type != "comment"]


def _non_public(member: tree_sitter.Node, text: Callable[[tree_sitter.Node], str]) -> bool:
    """A ``private``/``protected`` class member (left out, see docs/jsonschema-deviations.md)."""
    return any(
        c.type == "accessibility_modifier" and text(c) != "public" for c in _children(member)
    )


def _typeof_names(nodes: tuple[object, ...]) -> list[str]:
    """The names that ``typeof`` reads in ``nodes``, in the order ``rewrite`` meets them
    (each node held several times once), without copying every node as it does."""
    found: list[str] = []
    seen: set[int] = set()

    def collect(node: object) -> None:
        if isinstance(node, str | int | float | bool | None) or id(node) in seen:
            return
        if isinstance(node, ir.Typeof):
            found.append(node.name)
        if isinstance(node, tuple):
            for item in node:
                collect(item)
        else:
            for name in type_fields(type(node)):
                collect(getattr(node, name))
        seen.add(id(node))

    collect(nodes)
    return found


def _this(name: str, params: tuple[ir.TypeParam, ...], span: ir.Span) -> ir.Ref:
    """The declaration ``name`` as its own members read it (``this``)."""
    return ir.Ref(name, tuple(ir.Ref(p.name, (), span) for p in params), span)


def _literal_kind(value: ir.LiteralValue) -> str:
    if isinstance(value, bool):
        return "boolean"
    return "string" if isinstance(value, str) else "number"
