"""The value of an enum member's initializer: TypeScript's constant enum expressions.

``enum Flags { A = 1 << 0, B = 1 << 1, AB = A | B, All = ~0, S = "a" + "b" }``: a
literal (a template without holes too), a previous member (``A``, ``Flags.A``, ``Flags["A"]``), parentheses, the unary
``+ - ~`` and the binary ``+ - * / % ** << >> >>> & | ^`` over numbers (with JavaScript's
32-bit integer rules for the bitwise ones), ``+`` over strings. Anything else (a call, a
member of another enum, ``NaN``...) is not constant here: the caller says so, located.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import tree_sitter

from .. import ir

Leaf = Callable[[tree_sitter.Node], "ir.LiteralValue | None"]


def _int32(value: float) -> int:
    if not math.isfinite(value):
        return 0
    value = int(value) & 0xFFFFFFFF
    return value - 0x100000000 if value >= 0x80000000 else value


def _number(value: float) -> int | float:
    """A double as the IR keeps it: an integral value as an int."""
    return int(value) if math.isfinite(value) and float(value).is_integer() else value


def _binary(op: str, a: float, b: float) -> float | None:
    try:
        match op:
            case "+":
                return a + b
            case "-":
                return a - b
            case "*":
                return a * b
            case "/":
                return a / b  # a zero divisor raises: Infinity/NaN, no JSON number
            case "%":
                return math.fmod(a, b) if b else None
            case "**":
                return float(float(a) ** b)
            case "<<":
                return _int32(_int32(a) << (_int32(b) & 31))
            case ">>":
                return _int32(a) >> (_int32(b) & 31)
            case ">>>":
                return (_int32(a) & 0xFFFFFFFF) >> (_int32(b) & 31)
            case "&":
                return _int32(a) & _int32(b)
            case "|":
                return _int32(a) | _int32(b)
            case "^":
                return _int32(a) ^ _int32(b)
    except (OverflowError, ZeroDivisionError):
        return None
    return None


def constant_value(
    node: tree_sitter.Node, text: Callable[[tree_sitter.Node], str], leaf: Leaf, member: Leaf
) -> ir.LiteralValue | None:
    """``node``'s value (``leaf`` reads literals, ``member`` a reference to a member),
    or None where it is no constant enum expression."""
    value = _value(node, text, leaf, member)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return (
        _number(value) if isinstance(value, int | float) and not isinstance(value, bool) else value
    )


def _value(
    node: tree_sitter.Node, text: Callable[[tree_sitter.Node], str], leaf: Leaf, member: Leaf
) -> ir.LiteralValue | None:
    kids = [c for c in node.named_children if c.type != "comment"]
    match node.type:
        case "parenthesized_expression" if len(kids) == 1:
            return _value(kids[0], text, leaf, member)
        case "identifier" | "member_expression" | "subscript_expression":
            return member(node)
        case "unary_expression":
            operator, argument = (
                node.child_by_field_name("operator"),
                node.child_by_field_name("argument"),
            )
            if operator is None or argument is None:
                return None
            inner = _value(argument, text, leaf, member)
            if not isinstance(inner, int | float) or isinstance(inner, bool):
                return None
            op = text(operator)
            return (
                inner
                if op == "+"
                else -inner
                if op == "-"
                else ~_int32(inner)
                if op == "~"
                else None
            )
        case "binary_expression":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            operator = node.child_by_field_name("operator")
            if left is None or right is None or operator is None:
                return None
            a, b = _value(left, text, leaf, member), _value(right, text, leaf, member)
            op = text(operator)
            if isinstance(a, str) and isinstance(b, str):
                return a + b if op == "+" else None
            numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in (a, b))
            if not numbers:
                return None
            assert isinstance(a, int | float) and isinstance(b, int | float)
            return _binary(op, a, b)
    if node.type == "template_string":  # ``\`word\```: no hole, no escape
        raw = text(node)[1:-1]
        return None if "\\" in raw or "${" in raw else raw
    found = leaf(node)
    return None if isinstance(found, bool) else found
