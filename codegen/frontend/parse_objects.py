"""Object type literals: ``{ a: A; readonly b?: B; [k: string]: V; get c(): C }``.

Their members (properties, getters, index signatures; methods keep only their names) and
the keys they are written with. A member's type is the type-expression reader's
(``parse_types.TypeReader``, which reads an object type through this class).
"""

from __future__ import annotations

import abc

import tree_sitter

from .. import ir
from ..errors import SchemaError, Unsupported
from ..ir.keys import number_name
from ..ir.queries import shape
from .jsdoc import is_jsdoc, parse_jsdoc
from .parse_source import SourceReader
from .parse_source import inside as _inside
from .parse_source import named_children as _children
from .totality import degraded_for, degrading

_METHODS = frozenset(
    ("method_signature", "call_signature", "construct_signature", "abstract_method_signature")
)


class ObjectReader(SourceReader, abc.ABC):
    """Object type literals and their members; ``type`` is the type-expression reader's."""

    @abc.abstractmethod
    def type(self, node: tree_sitter.Node) -> ir.TypeExpr:
        """The type ``node`` writes (``parse_types.TypeReader.type``)."""

    def object(self, node: tree_sitter.Node) -> ir.Object:
        properties: list[ir.Property] = []
        methods: list[str] = []
        indexes: list[ir.IndexSignature] = []
        seen: dict[str, ir.Span] = {}
        doc = ir.EMPTY_DOC
        for member in _children(node):
            kind = member.type
            if kind == "comment":
                comment = self.text(member)
                if is_jsdoc(comment):
                    doc = parse_jsdoc(comment)
                continue
            if kind == "property_signature":
                name = member.child_by_field_name("name")  # read once, for both below
                if name is not None and name.type == "computed_property_name":
                    if _symbol_key(name):
                        # ``[Symbol.iterator]: T``: a symbol key, which no JSON object has
                        doc = ir.EMPTY_DOC
                        continue
                prop = self.property(member, doc, name)
                if prop.name in seen:
                    self.fail(
                        member,
                        f"duplicate property '{prop.name}' (first declared at {seen[prop.name]})",
                    )
                seen[prop.name] = prop.span
                properties.append(prop)
            elif kind == "index_signature":
                found = self.index_signature(member, doc)
                if found is not None:
                    indexes.append(found)
            elif kind == "method_signature" and member.children[0].type == "get":
                # ``get size(): number``: a property to TypeScript's type system (and the oracle)
                prop = self.getter(member, doc)
                if prop.name not in seen:
                    seen[prop.name] = prop.span
                    properties.append(prop)
            elif kind == "method_signature" and member.children[0].type == "set":
                pass  # its getter, if any, is the property; a setter alone is no data
            elif kind in _METHODS:
                # methods: behaviour, not data (typescript-json-schema drops them); their
                # names stay for ``T["method"]``, a function type
                name = member.child_by_field_name("name")
                if name is not None and name.type in ("property_identifier", "string"):
                    text = self.string_value(name) if name.type == "string" else self.text(name)
                    methods.append(text)
            else:  # ``{ export type X = 1 }``: a statement, a syntax error to tsc too
                self.fail(member, f"unsupported construct: {kind.replace('_', ' ')}")
            doc = ir.EMPTY_DOC
        index = _one_index(indexes)
        return ir.Object(tuple(properties), index, self.span(node), methods=tuple(methods))

    def property(
        self, node: tree_sitter.Node, doc: ir.Doc, name_node: tree_sitter.Node | None = None
    ) -> ir.Property:
        """A ``property_signature``; ``name_node``: its name, when the caller read it."""
        if name_node is None:
            name_node = self.field(node, "name")
        kind = name_node.type  # read once: each read makes a new string (#37)
        computed = None
        if kind == "property_identifier":  # the most common first
            name = self.text(name_node)
        elif kind == "string":
            name = self.string_value(name_node)
        elif kind == "computed_property_name":
            name, computed = self.computed_name(name_node)
        elif kind == "number":  # ``200: {...}``: the key "200"
            name = number_name(self.number_value(name_node, negative=False))
        else:
            self.unsupported(name_node, f"{kind.replace('_', ' ')} as a property name")
        # The children once, for the tokens and the ``type`` field (the one child that is
        # a type annotation): ``child_by_field_name`` walks them again (#37).
        annotation = None
        optional = readonly = False
        for child in node.children:
            token = child.type
            if child.is_named:
                if token == "type_annotation":
                    annotation = child
            elif token == "?":
                optional = True
            elif token == "readonly":
                readonly = True
        if annotation is None:
            self.fail(node, f"property '{name}' has no type annotation")
        try:
            value = self.type(annotation)  # ``degrading``, inlined: per member (#37)
        except Unsupported as err:
            value = degraded_for(err)
        numeric = kind == "number" or (kind == "computed_property_name" and _numeric_key(name_node))
        return ir.Property(name, value, optional, readonly, doc, self.span(node), computed, numeric)

    def computed_name(self, node: tree_sitter.Node) -> tuple[str, str | None]:
        """``['cloud.provider']``, ``[`x`]``, ``[1]``: a literal key is the property's name,
        as TypeScript reads it. ``[KEY]``, ``[E.Member]``, ``[ns.KEY]``: a name, which only
        resolve can read (a const's or an enum member's value, or a ``unique symbol``): the
        name ``[E.Member]`` and the expression. TypeScript allows no other expression."""
        inner = [c for c in node.named_children if c.type != "comment"]
        if len(inner) == 1 and inner[0].type == "string":
            return self.string_value(inner[0]), None
        if len(inner) == 1 and inner[0].type == "template_string":
            if not any(c.type == "template_substitution" for c in inner[0].children):
                return self.text(inner[0])[1:-1], None
        if len(inner) == 1 and inner[0].type == "number":
            value = self.literal_value(inner[0])
            if isinstance(value, int | float) and not isinstance(value, bool):
                return number_name(value), None
        if len(inner) == 1 and _entity_name(inner[0]):
            text = self.text(inner[0])
            return f"[{text}]", text
        self.unsupported(node, "computed property name (use a plain or quoted name)")

    def getter(self, node: tree_sitter.Node, doc: ir.Doc) -> ir.Property:
        name_node = self.field(node, "name")
        if name_node.type not in ("property_identifier", "string"):
            self.unsupported(name_node, f"{name_node.type.replace('_', ' ')} as a getter name")
        name = self.string_value(name_node) if name_node.type == "string" else self.text(name_node)
        returns = node.child_by_field_name("return_type")
        if returns is None:
            self.fail(node, f"getter '{name}' has no return type")
        return ir.Property(
            name=name,
            type=degrading(lambda: self.type(returns)),
            readonly=True,
            doc=doc,
            span=self.span(node),
        )

    def index_signature(self, node: tree_sitter.Node, doc: ir.Doc) -> ir.IndexSignature | None:
        """``[k: string]: V``, also keyed by a number, a template (``[k: `_${string}`]``), an
        alias of string or a union of these; None for symbol keys only (no JSON key)."""
        if any(child.type == "mapped_type_clause" for child in node.children):
            # ``{ [K in X]: V; b: 1 }``: "a mapped type may not declare properties" (tsc)
            self.fail(node, "unsupported construct: mapped type")
        keys = self.index_key(self.field(node, "index_type"))
        annotation = self.field(node, "type")
        if annotation.type != "type_annotation":
            self.unsupported(annotation, "optional index signature")
        if keys is None:
            return None
        numeric, pattern = keys
        key_name = self.text(self.field(node, "name"))
        return ir.IndexSignature(
            degrading(lambda: self.type(annotation)),
            key_name,
            doc,
            self.span(node),
            numeric=numeric,
            pattern=pattern,
        )

    def index_key(self, key_type: tree_sitter.Node) -> tuple[bool, str | None] | None:
        """The keys an index signature's key type admits, as (numeric, pattern): (False,
        None) for every string; None for ``symbol`` (no JSON key). A union admits what any
        member does (TypeScript 4.4)."""
        if key_type.type == "parenthesized_type":
            return self.index_key(_inside(key_type))
        if key_type.type == "union_type":
            parts = [self.index_key(c) for c in _children(key_type) if c.type != "comment"]
            found = list(dict.fromkeys(p for p in parts if p is not None))
            if (False, None) in found:
                return False, None
            if len(found) < 2:
                return found[0] if found else None
            patterns = ["^[0-9]+$" if numeric else str(pattern) for numeric, pattern in found]
            return False, "|".join(f"(?:{p})" for p in patterns)
        if key_type.type == "template_literal_type":  # ``[k: `_${string}`]``: keys matching
            key = self.type(key_type)
            if not isinstance(key, ir.Primitive) or key.pattern is None:
                self.unsupported(key_type, "index signature key of literal values only")
            return False, key.pattern
        text = self.text(key_type)
        if text == "symbol":
            return None
        if text == "number":
            return True, None
        # ``[uri: DocumentUri]``: an alias of string names the key; TypeScript requires that.
        if text == "string" or key_type.type == "type_identifier":
            return False, None
        self.unsupported(
            key_type, "index signature key other than 'string', 'number' or a template"
        )


def _one_index(found: list[ir.IndexSignature]) -> ir.IndexSignature | None:
    """The index signatures of one object type as the one an object has here.

    TypeScript allows one a key type (``[k: string]: S; [n: number]: N``; a second over
    the same keys is its error too). Of one value type, they are one signature over every
    key any admits. Of different value types, a key's value depends on which signatures
    admit the key, which one signature cannot say: the value degrades, loudly (the
    properties stay)."""
    if len(found) < 2:
        return found[0] if found else None
    keys: dict[str | None, ir.IndexSignature] = {}
    for index in found:
        first = keys.setdefault(index.key_pattern, index)
        if first is not index:
            raise SchemaError(
                index.span, f"duplicate index signature for the same keys (first at {first.span})"
            )
    head = next((i for i in found if i.key_pattern is None), found[0])
    if None in keys:
        numeric, pattern = False, None
    else:
        numeric, pattern = False, "|".join(f"(?:{p})" for p in keys)
    if len({shape(i.value) for i in found}) == 1:
        value = head.value
    else:
        value = ir.degraded(
            "index signatures over different keys with different value types in one object "
            "type (a key's value depends on the signatures that admit it)",
            found[1].span,
        )
    return ir.replace(head, value=value, numeric=numeric, pattern=pattern)


def _numeric_key(name: tree_sitter.Node) -> bool:
    """``[200]: T``, a computed name: a key TypeScript keeps a number (``keyof`` is ``200``;
    ``property`` reads a plain ``200: T`` by its kind)."""
    inner = [c for c in name.named_children if c.type != "comment"]
    return len(inner) == 1 and inner[0].type == "number"


def _entity_name(node: tree_sitter.Node) -> bool:
    """``KEY``, ``E.Member``, ``ns.E.Member``: a name, possibly qualified."""
    while node.type == "member_expression":
        prop = node.child_by_field_name("property")
        target = node.child_by_field_name("object")
        if prop is None or prop.type != "property_identifier" or target is None:
            return False
        node = target
    return node.type == "identifier"


def _symbol_key(name: tree_sitter.Node) -> bool:
    """A member's computed name of a well-known symbol (``[Symbol.iterator]``)."""
    inner = [c for c in name.named_children if c.type != "comment"]
    target = inner[0].child_by_field_name("object") if len(inner) == 1 else None
    return (
        inner[0].type == "member_expression"
        and target is not None
        and target.type == "identifier"
        and target.text == b"Symbol"
    )
