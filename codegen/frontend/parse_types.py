"""The type-expression reader: a tree-sitter type node -> an ``ir.TypeExpr``.

Unions, intersections, arrays, tuples (rest members spliced), generics, literal and
template literal types, ``keyof``/``T[K]``/conditional/mapped types (as the ``#`` markers
expand evaluates), ``import("./x").T`` and ``this``; object type literals through
``parse_objects``. It never reads a declaration: the declaration reader
(``parse_declarations``, ``parse``) calls it, never the reverse
(``tests/test_layering.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import tree_sitter

from .. import ir
from ..ir import CONDITIONAL, FUNCTION, INDEXED, INFER, KEYOF, MAPPED, SPREAD, TEMPLATE, THIS
from .parse_objects import ObjectReader
from .parse_source import UNSUPPORTED as _UNSUPPORTED
from .parse_source import inside as _inside
from .parse_source import named_children as _children
from .template import template_type

MAX_TYPE_DEPTH = 64

_PRIMITIVES: frozenset[str] = frozenset(
    ("string", "number", "boolean", "null", "unknown", "any", "undefined", "never", "object")
)


# Types TypeScript accepts that the dialect cannot express: each is ``JsonValue`` where a
# compiled declaration reaches it (``ir.degraded``), with a warning; ``--strict`` refuses.
_DEGRADED = frozenset(("infer_type", "type_predicate", "asserts", "this_type"))

# Flow's syntax, which tree-sitter reads and TypeScript rejects (``?string``, ``*``).
_FLOW = frozenset(("flow_maybe_type", "existential_type"))
# ``import("./x").A.B`` read as a dotted name (see ``keyword_names.import_type_calls``).
_IMPORT_TYPE = re.compile(
    r"import[ \t]*\([ \t]*(?P<source>\"[^\"\n]*\"|'[^'\n]*')[ \t]*\)\s*\.\s*(?P<member>[\w$.\s]+)"
)


class TypeReader(ObjectReader):
    """The type-expression reader; ``self.this`` is set by the declaration reading members."""

    def __init__(self, path: str, text: str) -> None:
        super().__init__(path, text)
        self.depth = 0
        self.condition = False  # parsing a conditional type's ``extends`` clause
        self.this: ir.Ref | None = None  # the interface or class whose members are parsed
        # ``import("./x").T`` as a type: one import per module and name, under a local name
        # no declaration can have
        self.type_imports: dict[tuple[str, str], ir.Import] = {}

    def type(self, node: tree_sitter.Node) -> ir.TypeExpr:
        # Bounded nesting keeps every later (recursive) pass inside Python's stack.
        outer = depth = self.depth
        if depth >= MAX_TYPE_DEPTH:
            self.fail(node, f"type nested more than {MAX_TYPE_DEPTH} levels deep")
        try:
            self.depth = depth = depth + 1
            kind = node.type
            # What only wraps a type (every property's ``: T``) needs no span of its own, nor
            # a call of its own (#37): one level deeper, checked as ``type`` checks it.
            while (
                kind == "type_annotation" or kind == "readonly_type" or kind == "parenthesized_type"
            ):
                node = node.named_children[-1] if kind != "parenthesized_type" else _inside(node)
                if depth >= MAX_TYPE_DEPTH:
                    self.fail(node, f"type nested more than {MAX_TYPE_DEPTH} levels deep")
                depth += 1
                self.depth = depth
                kind = node.type
            if self.ascii:  # ``span``'s common case, inline: once per type node (#37)
                row, col = node.start_point
                span = ir.Span(self.path, row + 1, col + 1)
            else:
                span = self.span(node)
            match kind:
                case "function_type" if self.condition:
                    return self.function_pattern(node, span)
                case "function_type" | "constructor_type":
                    # No JSON value is a function; typescript-json-schema writes an object.
                    return ir.Primitive("object", span)
                case "infer_type" if self.condition:
                    declared = next(c for c in node.named_children if c.type == "type_identifier")
                    rest = [c for c in node.named_children[1:] if c.type != "comment"]
                    constraint = tuple(self.type(c) for c in rest[:1])
                    return ir.Ref(INFER, (ir.Ref(self.text(declared), (), span), *constraint), span)
                case "predefined_type":
                    name = self.text(node)
                    if name == "void":  # no value: absent, as ``undefined``
                        return ir.Primitive("undefined", span)
                    if name not in _PRIMITIVES:
                        return self.degrade(node, f"'{name}' type")
                    return ir.Primitive(name, span)  # type: ignore[arg-type]  # checked above
                case "literal_type":
                    return self.literal_type(node, span)
                case "type_identifier":
                    return ir.Ref(self.text(node), (), span)
                case "member_expression":  # ``import("./x").T``
                    return self.import_type(node, span)
                case "nested_type_identifier":  # ``Enum.Member`` or ``Namespace.Type``
                    return self.named(self.text(node), (), span)
                case "index_type_query":
                    return ir.Ref(KEYOF, (self.type(node.named_children[-1]),), span)
                case "lookup_type":
                    target, key = (c for c in _children(node) if c.type != "comment")
                    return ir.Ref(INDEXED, (self.type(target), self.type(key)), span)
                case "template_literal_type":
                    return self.template(node, span)
                case "conditional_type":
                    return self.conditional(node, span)
                case "generic_type":
                    return self.generic(node, span)
                case "type_query":
                    target = node.named_children[0]
                    if target.type not in ("identifier", "member_expression"):
                        return self.degrade(
                            target, "'typeof' of anything but a const or class name"
                        )
                    return ir.Typeof(self.text(target).replace(" ", ""), span)
                case "array_type":
                    return ir.Array(self.type(node.named_children[0]), span)
                case "tuple_type":
                    return self.tuple_type(node, span)
                case "union_type":
                    return ir.Union(tuple(self.flat_members(node, "union_type")), span)
                case "intersection_type":
                    return ir.Intersection(
                        tuple(self.flat_members(node, "intersection_type")), span
                    )
                case "object_type":
                    members = [c for c in _children(node) if c.type != "comment"]
                    if len(members) == 1 and any(
                        c.type == "mapped_type_clause" for c in members[0].children
                    ):
                        return self.mapped(members[0], span)
                    return self.object(node)
            if kind == "this_type" and self.this is not None:
                return ir.Ref(THIS, (self.this,), span)
            if kind in _DEGRADED:
                return self.degrade(node)
            if kind in _FLOW:  # not TypeScript: tsc reports a syntax error too
                self.fail(node, f"unsupported construct: {_UNSUPPORTED.get(node.type, node.type)}")
            self.unsupported(node)
        finally:
            self.depth = outer

    def import_type(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        """``import("./x").T``: the type ``T`` that ``./x`` exports, imported as if by
        ``import { T } from "./x"`` under a local name of its own (``.N.T``: its member)."""
        # Read by position: a nested member expression's fields leak to the outer one
        # (the outer of ``import("./x").N.T`` answers ``N`` for its property).
        members: list[str] = []
        call = node
        while call.type == "member_expression":
            parts = [c for c in call.named_children if c.type != "comment"]
            members.insert(0, self.text(parts[-1]))
            call = parts[0]
        function = call.child_by_field_name("function")
        if function is None or function.type != "import":
            self.unsupported(node, "member expression as a type")
        args = [c for c in _children(self.field(call, "arguments")) if c.type != "comment"]
        if len(args) != 1:
            # tsc refuses it too (a second argument holds import attributes)
            self.fail(call, "unsupported construct: import type without one module name")
        return self.imported(self.string_value(args[0]), ".".join(members), (), span)

    def imported(
        self, source: str, exported: str, args: tuple[ir.TypeExpr, ...], span: ir.Span
    ) -> ir.Ref:
        """The type ``source`` exports as ``exported`` (``A`` or ``A.B``), imported under a
        local name no declaration can have."""
        head, dot, rest = exported.partition(".")
        found = self.type_imports.get((source, head))
        if found is None:
            local = f"#import{len(self.type_imports) + 1}"
            found = ir.Import(source, ((local, head),), span)
            self.type_imports[(source, head)] = found
        return ir.Ref(found.names[0][0] + dot + rest, args, span)

    def named(self, text: str, args: tuple[ir.TypeExpr, ...], span: ir.Span) -> ir.Ref:
        """A (dotted) type name; ``import("./x").T`` where the grammar needed the repair
        that reads it as a name (``keyword_names.import_type_calls``: with type arguments,
        or a namespace's member)."""
        match = _IMPORT_TYPE.fullmatch(text)
        if match is None:
            return ir.Ref(text.replace(" ", ""), args, span)
        source = match["source"][1:-1]
        return self.imported(source, re.sub(r"\s+", "", match["member"]), args, span)

    def tuple_type(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        """``[A, B?, ...C[]]``; a spread tuple (``...[B, C]``) is spliced in, as in
        TypeScript, and ``[...A[]]`` is the array ``A[]``."""
        items: list[ir.TypeExpr] = []
        required: int | None = None  # the index of the first optional member
        rest: ir.TypeExpr | None = None
        rest_at: tree_sitter.Node | None = None
        trailing = False  # a member after the rest member
        for member in (c for c in _children(node) if c.type != "comment"):
            if rest is not None:
                if not _is_spread(rest):  # after ``...A`` of a type parameter, any member
                    self.after_rest(member)  # (zod's ``[...A, ...R[]]``: A may be fixed)
                trailing = True
                continue
            written = rest_at = member
            member, is_rest = self.unlabelled(member)
            if is_rest:
                spread = self.type(member)
                if isinstance(spread, ir.Tuple):
                    for i, item in enumerate(spread.items):
                        optional = spread.min_items is not None and i >= spread.min_items
                        required = self.tuple_member(member, len(items), optional, required)
                        items.append(item)
                    rest = spread.rest
                    continue
                rest = _spread_item(spread)
                if (
                    rest is None
                    and isinstance(spread, ir.Ref)
                    and (not spread.name.startswith("#") or spread.name == INFER)
                ):
                    # a named type or a type parameter: expand splices what it stands for
                    rest = ir.Ref(SPREAD, (spread,), self.span(written))
                if rest is None:
                    rest = self.degrade(
                        written, "rest tuple member not written as an array or a tuple"
                    )
                continue
            optional = member.type in ("optional_type", "optional_parameter")
            required = self.tuple_member(member, len(items), optional, required)
            items.append(self.type(member.named_children[-1] if optional else member))
        if trailing:
            # ``[A, ...B[], C]`` (a leading or middle rest, valid TypeScript): JSON Schema
            # has no way to require a last item, nor the models, so every item from the rest
            # member on is any JSON value, loudly.
            assert rest_at is not None
            what = "a tuple member after a rest member ([A, ...B[], C]): the items from the rest member on"
            rest = self.degrade(rest_at, what)
        if not items and rest is not None and not _is_spread(rest):
            return ir.Array(rest, span)
        return ir.Tuple(tuple(items), span, min_items=required, rest=rest)

    def after_rest(self, member: tree_sitter.Node) -> None:
        """A tuple member after the rest member: refused where TypeScript refuses it (a
        second rest member, an optional member)."""
        inner, is_rest = self.unlabelled(member)
        optional = inner.type in ("optional_type", "optional_parameter")
        if is_rest:
            spread = self.type(inner)
            if isinstance(spread, ir.Tuple):
                optional = spread.min_items is not None
                is_rest = spread.rest is not None
            else:
                is_rest = _spread_item(spread) is not None
            if is_rest:
                self.fail(member, "a rest member cannot follow another rest member")
        if optional:
            self.fail(member, "an optional tuple member cannot follow a rest member")

    def tuple_member(
        self, member: tree_sitter.Node, index: int, optional: bool, required: int | None
    ) -> int | None:
        """The index of the first optional member, once ``member`` (at ``index``) is in."""
        if optional:
            return index if required is None else required
        if required is not None:
            self.fail(member, "a required tuple member cannot follow an optional one")
        return None

    def unlabelled(self, member: tree_sitter.Node) -> tuple[tree_sitter.Node, bool]:
        """A labelled tuple member (``[name: string, age?: number]``): the label is
        documentation only. Also whether it is a rest member (``...T[]``, ``...rest: T[]``),
        with the type it spreads."""
        if member.type == "rest_type":
            return member.named_children[-1], True
        if member.type != "required_parameter":
            return member, False
        rest = self.field(member, "name").type == "rest_pattern"
        return member.named_children[-1], rest

    def conditional(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        """``C extends E ? X : Y``, evaluated by expand once C's arguments are known; ``E``
        may hold ``infer X`` and function types (``codegen.frontend.infer``)."""
        check, extends = self.field(node, "left"), self.field(node, "right")
        found = _find(check, ("constructor_type",)) or _find(extends, ("constructor_type",))
        if found is not None:  # a constructor is an ``object`` to us: no verdict
            return self.degrade(found, "constructor type in a conditional type's condition")
        found = _infer_in_method(extends)
        if found is not None:  # a method's type is no member here: nothing to bind it to
            what = "'infer' in a method of a conditional type's condition (methods are no data)"
            return self.degrade(found, what)
        outer, self.condition = self.condition, False
        try:
            checked = self.type(check)
            self.condition = True
            pattern = self.type(extends)
            self.condition = False
            yes = self.type(self.field(node, "consequence"))
            no = self.type(self.field(node, "alternative"))
        finally:
            self.condition = outer
        return ir.Ref(CONDITIONAL, (checked, pattern, yes, no), span)

    def function_pattern(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        """``(a: A, b?: B) => R`` in a condition: ``Ref(FUNCTION, (R, A, B))``."""
        params = self.field(node, "parameters")
        returned = node.child_by_field_name("return_type")
        if returned is None or any(c.type == "type_predicate" for c in node.children):
            self.unsupported(node, "function type without a return type in a condition")
        void = returned.type == "predefined_type" and self.text(returned) == "void"
        types: list[ir.TypeExpr] = [
            ir.Primitive("any", self.span(returned)) if void else self.type(returned)
        ]
        for param in (c for c in _children(params) if c.type != "comment"):
            annotation = param.child_by_field_name("type")
            if annotation is None:
                types.append(ir.Primitive("any", self.span(param)))
            else:
                types.append(self.type(annotation))
        return ir.Ref(FUNCTION, tuple(types), span)

    def mapped(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        """``{ [K in Keys]?: V }`` as the utilities it spells: ``Record<Keys, V>`` when V
        does not read K, ``T`` for ``{ [K in keyof T]: T[K] }``; ``?`` makes it
        ``Partial<...>``, ``-?`` ``Required<...>``. A value that reads its key travels as
        ``Ref(MAPPED)`` for expand, which computes it once the keys are known; remapped
        keys (``as``) degrade."""
        clause = next(c for c in node.children if c.type == "mapped_type_clause")
        if clause.child_by_field_name("alias") is not None or any(
            c.type == "as" for c in clause.children
        ):
            return self.degrade(clause, "mapped type with 'as' (remapped keys)")
        key = self.text(self.field(clause, "name"))
        keys = self.field(clause, "type")
        annotation = next(
            (c for c in node.named_children if c.type.endswith("type_annotation")), None
        )
        if annotation is None:
            self.fail(node, "mapped type without a value type")
        modifier = {
            "opting_type_annotation": "Partial",  # ``?:``
            "adding_type_annotation": "Partial",  # ``+?:``, the same
            "omitting_type_annotation": "Required",  # ``-?:``
        }
        wrapper = modifier.get(annotation.type)
        value = annotation.named_children[-1]
        # Parsed first: ``self.type`` bounds the nesting that ``_reads`` then walks.
        value_type, key_type = self.type(value), self.type(keys)
        lookup = value.named_children if value.type == "lookup_type" else []
        if (
            keys.type == "index_type_query"
            and len(lookup) == 2
            and self.text(lookup[1]) == key
            and self.text(lookup[0]) == self.text(keys.named_children[-1])
        ):
            mapped = self.type(lookup[0])  # ``{ [K in keyof T]: T[K] }`` is T, modifiers kept
        elif not _reads(value, key, self.text):
            mapped = ir.Ref("Record", (key_type, value_type), span)
        else:
            tokens = [c.type for c in node.children if not c.is_named]
            readonly = ""
            if "readonly" in tokens:
                readonly = "-" if "-" in tokens[: tokens.index("readonly")] else "+"
            optional = {"Partial": "+", "Required": "-"}.get(wrapper or "", "")
            args = (ir.Literal(key, span), key_type, value_type)
            return ir.Ref(MAPPED, (*args, ir.Literal(optional), ir.Literal(readonly)), span)
        return ir.Ref(wrapper, (mapped,), span) if wrapper else mapped

    def flat_members(self, node: tree_sitter.Node, kind: str) -> list[ir.TypeExpr]:
        """``A | B | C`` parses as ``(A | B) | C``; members in source order, nesting flattened.

        Iterative: a long union is a deep left-leaning tree."""
        members: list[ir.TypeExpr] = []
        symbols: list[tree_sitter.Node] = []
        pending = [node]
        while pending:
            current = pending.pop()
            inner = current
            while inner.type == "parenthesized_type" and inner.named_child_count:
                inner = _inside(inner)
            if inner.type == kind:
                pending.extend(reversed([c for c in _children(inner) if c.type != "comment"]))
            elif kind == "union_type" and self.names_symbol(inner):
                # ``string | symbol`` holds the JSON values of ``string``: no JSON value is a
                # symbol, so the member adds none (a union of symbols only still degrades).
                symbols.append(current)
            else:
                members.append(self.type(current))
        if not members and symbols:
            members.append(self.type(symbols[0]))
        return members

    def names_symbol(self, node: tree_sitter.Node) -> bool:
        """``symbol`` or ``unique symbol``, written out (not through an alias)."""
        return node.type == "predefined_type" and " ".join(self.text(node).split()) in (
            "symbol",
            "unique symbol",
        )

    def literal_type(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        inner = node.named_children[0]
        if inner.type in ("null", "undefined"):
            return ir.Primitive(inner.type, span)  # type: ignore[arg-type]  # both are names
        value = self.literal_value(inner)
        if value is None:  # ``+1``: no literal type in TypeScript either
            self.fail(inner, f"unsupported construct: literal type {self.text(inner)!r}")
        return ir.Literal(value, span)

    def generic(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        name_node = self.field(node, "name")
        if name_node.type not in ("type_identifier", "nested_type_identifier"):
            self.unsupported(name_node)
        name = self.text(name_node)
        args_node = self.field(node, "type_arguments")
        args = tuple(
            # ``Base<void>``: no value but ``undefined``, as in TypeScript
            ir.Primitive("undefined", self.span(arg))
            if self.text(arg) == "void"
            else self.type(arg)
            for arg in _children(args_node)
            if arg.type != "comment"
        )
        # Arity is resolve's to check: a schema may declare its own generic of a
        # builtin's name (``interface Omit<T>``), which only resolve can see.
        if name_node.type == "nested_type_identifier":
            return self.named(name, args, span)
        return ir.Ref(name, args, span)

    def template(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        """A template literal type: its literal expansions when every hole is a literal
        union, else a ``string`` with typescript-json-schema's ``pattern``."""
        parts: list[str | ir.TypeExpr] = []
        for child in _children(node):
            if child.type == "string_fragment":
                parts.append(self.text(child))
            elif child.type == "escape_sequence":
                parts.append(self.escape(child))
            elif child.type == "template_type":
                parts.append(self.type(child.named_children[0]))
        if any(not isinstance(p, str) and _names_a_type(p) for p in parts):
            # ``${Locale}``: what the name stands for is expand's to find (an enum, a union
            # of literals: the expansions), as text, hole, text, ... around each hole.
            args: list[ir.TypeExpr] = [ir.Literal("", span)]
            for part in parts:
                if isinstance(part, str):
                    text = args.pop()
                    assert isinstance(text, ir.Literal)
                    args.append(ir.Literal(f"{text.value}{part}", span))
                else:
                    args += [part, ir.Literal("", span)]
            return ir.Ref(TEMPLATE, tuple(args), span)
        return template_type(parts, span)

    # ------------------------------------------------------------------ objects


def _find(node: tree_sitter.Node, kinds: tuple[str, ...]) -> tree_sitter.Node | None:
    """The first node of one of ``kinds`` in ``node``'s subtree (iterative: bounded later)."""
    pending = [node]
    while pending:
        current = pending.pop()
        if current.type in kinds:
            return current
        pending.extend(reversed(current.named_children))
    return None


def _infer_in_method(node: tree_sitter.Node) -> tree_sitter.Node | None:
    """The first ``infer X`` in a method signature in ``node``'s subtree
    (``{ valueOf(): infer V }``), where the object types read methods by name only."""
    pending = [node]
    while pending:
        current = pending.pop()
        if current.type in _METHOD_SIGNATURES:
            found = _find(current, ("infer_type",))
            if found is not None:
                return found
        pending.extend(reversed(current.named_children))
    return None


_METHOD_SIGNATURES = ("method_signature", "call_signature", "construct_signature")


def _reads(node: tree_sitter.Node, name: str, text: Callable[[tree_sitter.Node], str]) -> bool:
    """Whether a type node refers to the type name ``name`` anywhere inside it."""
    if node.type == "type_identifier" and text(node) == name:
        return True
    return any(_reads(child, name, text) for child in node.named_children)


def _is_spread(t: ir.TypeExpr) -> bool:
    return isinstance(t, ir.Ref) and t.name == SPREAD


def _spread_item(spread: ir.TypeExpr) -> ir.TypeExpr | None:
    """The item type of an array that a rest tuple member spreads, if it is one."""
    match spread:
        case ir.Array(items=item):
            return item
        case ir.Ref(name="Array" | "ReadonlyArray", args=(item,)):
            return item
    return None


def _names_a_type(t: ir.TypeExpr) -> bool:
    """``t`` is, or holds, a reference that only resolve and expand can read."""
    match t:
        case ir.Ref():
            return True
        case ir.Union():
            return any(_names_a_type(m) for m in t.members)
        case ir.Intersection():
            return True  # ``${"a" & string}``: what it leaves is expand's to compute
    return False
