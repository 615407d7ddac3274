"""Pins for ``codegen.frontend.enum_values`` (issue #33): each constant enum expression's
exact value as TypeScript computes it (JavaScript's doubles, its 32-bit bitwise rules, an
integral double kept as an int), and each expression that is none (degraded where it
stands). Parse only: no compile, no oracle (``test_enum_values.py`` compares with it)."""

from __future__ import annotations

import math

import pytest

from codegen import ir
from codegen.frontend.parse import parse_module

NONE = object()  # the member is no constant: the enum degrades, located at its initializer


def value_of(initializer: str) -> object:
    """``X``'s value in ``enum E { A = 10, S = "s", X = <initializer> }``."""
    module = parse_module("t.ts", f'enum E {{ A = 10, S = "s", X = {initializer} }}\n')
    members = dict(module.enum_members)
    if "E.X" not in members:
        (alias,) = module.decls
        assert isinstance(alias, ir.Alias)
        assert alias.type.degraded == (
            "unsupported construct: computed enum member (give it a literal value)"
        )
        assert alias.type.span == ir.Span("t.ts", 1, 31)
        return NONE
    return members["E.X"]


@pytest.mark.parametrize(
    ("initializer", "expected"),
    [
        # members above, by name, by E.name and E["name"]; another enum's member is none
        ("A", 10),
        ("E.A", 10),
        ('E["A"]', 10),
        ("E.S", "s"),
        ("Other.A", NONE),
        ("E.Missing", NONE),
        # parentheses (a comment inside is skipped)
        ("(7)", 7),
        ("(/* seven */ 7)", 7),
        # unary + - ~ over numbers only
        ("+(7)", 7),
        ("-(7)", -7),
        ("-A", -10),
        ("~7", -8),
        ("~A", -11),
        ("~(1e308 * 10)", -1),  # ~Infinity is ~0
        ("~(2 ** 32 + 5)", -6),  # ToInt32 wraps
        ("!7", NONE),
        ("+S", NONE),
        ("-true", NONE),
        ("typeof A", NONE),
        # arithmetic; an integral double is an int, others stay floats
        ("7 + 2", 9),
        ("7 - 2", 5),
        ("3 * 4", 12),
        ("1.5 * 2", 3),
        ("7 / 2", 3.5),
        ("6 / 2", 3),
        ("0.5 + 0.25", 0.75),
        ("-7 % 3", -1),  # JavaScript's remainder keeps the dividend's sign
        ("7.5 % 2", 1.5),
        ("2 ** 3", 8),
        ("4 ** 0.5", 2),
        ("2 ** -1", 0.5),
        ("A * 3", 30),
        ("1 / 0", NONE),  # Infinity: no JSON number
        ("0 / 0", NONE),
        ("5 % 0", NONE),
        ("2 ** 1024", NONE),  # overflows a double
        ("1e308 * 10", NONE),  # Infinity
        ("1e308 * 10 - 1e308 * 10", NONE),  # NaN
        # the bitwise operators over 32-bit integers
        ("1 << 2", 4),
        ("1 << 31", -2147483648),
        ("1 << 32", 1),  # the shift count is taken mod 32
        ("1 << 33", 2),
        ("3 << 30", -1073741824),
        ("-16 >> 2", -4),
        ("256 >> 33", 128),
        ("-1 >>> 0", 4294967295),
        ("-16 >>> 28", 15),
        ("-1 >>> 33", 2147483647),
        ("6 & 3", 2),
        ("4 | 1", 5),
        ("5 ^ 3", 6),
        ("2147483647 | 0", 2147483647),
        ("2147483648 | 0", -2147483648),
        ("4294967296 | 0", 0),
        ("4294967297 | 0", 1),
        ("(1e308 * 10) | 1", 1),  # Infinity is 0 in 32 bits
        ("(2 ** 32 + 2 ** 31) | 0", -2147483648),
        ("5.7 | 0", 5),
        ("-5.7 | 0", -5),
        ("A | 1", 11),
        ("2 * A", 20),  # a member on either side
        ("1 | A", 11),
        # strings: + only, both sides strings
        ('"a" + "b"', "ab"),
        ('S + "t"', "st"),
        ('"t" + S', "ts"),
        ('"a" - "b"', NONE),
        ('"a" + 1', NONE),
        ('1 + "a"', NONE),
        ("true + 1", NONE),
        ("1 + true", NONE),
        ("true | 0", NONE),
        ("1 ?? 2", NONE),
        ("1 && 2", NONE),
        # a template without holes or escapes is its text
        ("`word`", "word"),
        ("`a${1}`", NONE),
        ("`a\\nb`", NONE),
        # literals and what is no expression of these
        ("true", NONE),
        ("Math.max(1, 2)", NONE),
        ("A ? 1 : 2", NONE),
    ],
)
def test_constant_enum_expression(initializer: str, expected: object) -> None:
    value = value_of(initializer)
    assert value == expected
    if expected is not NONE:
        # an integral double is an int (``6 / 2`` is ``3``, not ``3.0``); no bool leaks
        assert type(value) is type(expected)


def test_a_literal_initializer_and_the_next_member() -> None:
    module = parse_module("t.ts", "enum E { A = 1 << 3, B, C = ~(A | 2), D }\n")
    assert module.enum_members == (("E.A", 8), ("E.B", 9), ("E.C", -11), ("E.D", -10))
    (alias,) = module.decls
    assert isinstance(alias, ir.Alias) and alias.enum
    assert isinstance(alias.type, ir.Union)
    assert [m.value for m in alias.type.members if isinstance(m, ir.Literal)] == [8, 9, -11, -10]


def test_a_float_result_stays_a_float() -> None:
    value = value_of("1 / 3")
    assert isinstance(value, float) and math.isclose(value, 1 / 3)
