"""What every reader of a TypeScript file shares: spans, errors, node text and literals.

The base of the parser's readers (``parse_objects`` <- ``parse_types`` <-
``parse_declarations`` <- ``parse``): where a node is, how a construct is refused or
degraded, and the value of a string, number or boolean literal.
"""

from __future__ import annotations

import math
import sys
from typing import NoReturn

import tree_sitter

from .. import ir
from ..errors import SchemaError, Unsupported

# Constructs outside the subset: tree-sitter node type -> what the error calls it.
UNSUPPORTED: dict[str, str] = {
    "class_declaration": "class with methods (use an interface)",
    "abstract_class_declaration": "class declaration (use an interface)",
    "function_declaration": "function declaration",
    "generator_function_declaration": "function declaration",
    "function_signature": "function declaration",
    "mapped_type_clause": "mapped type",
    "infer_type": "infer type outside a conditional type's condition",
    "type_predicate": "type predicate",
    "asserts": "asserts type",
    "this_type": "'this' type",
    "existential_type": "existential type",
    "rest_type": "rest tuple member",
    "object_type_with_type_parameters": "generic object type",
    "satisfies_expression": "'satisfies' expression",
}
_MAX_DOUBLE = sys.float_info.max
# What a backslash before a line terminator (CR LF is one) stands for: nothing.
_LINE_TERMINATORS = frozenset(("\n", "\r", "\r\n", "\u2028", "\u2029"))


def named_children(node: tree_sitter.Node) -> list[tree_sitter.Node]:
    # The binding's own list: the named children, without a filter in Python (#37).
    return node.named_children


def inside(node: tree_sitter.Node) -> tree_sitter.Node:
    """What parentheses hold: ``(// note\n A | B)`` holds the union, not the comment
    (the grammar reads no parentheses without a type in them)."""
    return next(c for c in node.named_children if c.type != "comment")


class SourceReader:
    """One file's text, read node by node."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.source = text.encode("utf-8", "surrogatepass")
        # In an ASCII file a byte column is the character column: ``span`` needs no slice.
        self.ascii = self.source.isascii()

    # ------------------------------------------------------------------ plumbing

    def span(self, node: tree_sitter.Node) -> ir.Span:
        row, byte_col = node.start_point
        if self.ascii:
            return ir.Span(self.path, row + 1, byte_col + 1)
        line_start = node.start_byte - byte_col
        # tree-sitter counts bytes; editors and humans count characters (the same number
        # on an ASCII line, which needs no decoding).
        prefix = self.source[line_start : node.start_byte]
        col = len(prefix) if prefix.isascii() else len(prefix.decode("utf-8", "replace"))
        return ir.Span(self.path, row + 1, col + 1)

    def fail(self, node: tree_sitter.Node, message: str) -> NoReturn:
        raise SchemaError(self.span(node), message)

    def unsupported(self, node: tree_sitter.Node, what: str | None = None) -> NoReturn:
        """A construct the dialect cannot express: it degrades the type position or the
        declaration that holds it (``codegen.frontend.totality``); a statement refuses."""
        what = what or UNSUPPORTED.get(node.type, node.type)
        raise Unsupported(self.span(node), f"unsupported construct: {what}")

    def degrade(self, node: tree_sitter.Node, what: str | None = None) -> ir.Primitive:
        """A type the dialect cannot express: ``JsonValue``, which resolve reports where a
        compiled declaration reaches it (a generic's unused template never does)."""
        return ir.degraded(what or UNSUPPORTED.get(node.type, node.type), self.span(node))

    def text(self, node: tree_sitter.Node) -> str:
        return self.source[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def field(self, node: tree_sitter.Node, name: str) -> tree_sitter.Node:
        child = node.child_by_field_name(name)
        if child is None:  # tree-sitter reports these as MISSING; kept as a safety net
            self.fail(node, f"syntax error: {node.type.replace('_', ' ')} lacks its {name}")
        return child

    # ------------------------------------------------------------------ literals

    def literal_value(self, node: tree_sitter.Node) -> ir.LiteralValue | None:
        """The value of a string/number/boolean literal node, else None."""
        match node.type:
            case "string":
                return self.string_value(node)
            case "number":
                return self.number_value(node, negative=False)
            case "true":
                return True
            case "false":
                return False
            case "unary_expression":
                operator = self.field(node, "operator")
                argument = self.field(node, "argument")
                if operator.type == "-" and argument.type == "number":
                    return self.number_value(argument, negative=True)
        return None

    def number_value(self, node: tree_sitter.Node, *, negative: bool) -> int | float:
        raw = self.text(node)
        if raw.endswith("n"):
            self.unsupported(node, "bigint literal")
        try:
            value: int | float = int(raw.replace("_", ""), 0)
        except ValueError:
            try:
                value = float(raw.replace("_", ""))
            except ValueError:
                self.fail(node, f"invalid number literal {raw!r}")
        # A TypeScript number is a double: an integer past its range is no number either
        # (math.isfinite of such an int raises instead of answering).
        if not (math.isfinite(value) if isinstance(value, float) else abs(value) <= _MAX_DOUBLE):
            self.fail(node, f"number literal {raw!r} is too large to represent")
        return -value if negative else value

    def string_value(self, node: tree_sitter.Node) -> str:
        if node.type != "string":
            self.fail(node, f"expected a string literal, found {node.type.replace('_', ' ')}")
        parts = []
        escaped = False
        for child in named_children(node):
            if child.type == "escape_sequence":
                parts.append(self.escape(child))
                escaped = True
            else:  # a string_fragment: the grammar reads no comment inside a string
                parts.append(self.text(child))
        value = "".join(parts)
        if not escaped:
            return value  # text read from UTF-8 holds no lone surrogate: nothing to join
        try:
            # JS strings are UTF-16: join escaped surrogate pairs, reject lone halves.
            value = value.encode("utf-16", "surrogatepass").decode("utf-16")
            value.encode("utf-8")
        except UnicodeError:
            self.fail(node, "string literal contains a lone surrogate escape")
        return value

    def escape(self, node: tree_sitter.Node) -> str:
        raw = self.text(node)
        simple = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
        body = raw[1:]
        if body in simple:
            return simple[body]
        if body.startswith("u{") and body.endswith("}"):
            code = body[2:-1]
        elif body[:1] in ("u", "x"):
            code = body[1:]
        else:
            # a line continuation, else the character itself (\" \\ \'); the grammar's
            # \ CR LS is a continuation, then a line separator
            return "" if body in _LINE_TERMINATORS else body.removeprefix("\r")
        try:
            return chr(int(code, 16))
        except (ValueError, OverflowError):
            self.fail(node, f"invalid escape sequence {raw!r}")

    # ------------------------------------------------------------------ types
