"""Pins of ``parse_source`` (what every reader shares: spans, errors, literals), written
from its mutation survivors (issue #36).

Each test parses an inline snippet and asserts the exact IR or the exact located message.
"""

from __future__ import annotations

import sys

import pytest

from codegen import ir
from codegen.errors import SchemaError
from codegen.frontend.parse import parse_module
from codegen.ir.queries import degraded_spots

EMPTY = ir.EMPTY_DOC


def S(line: int, col: int) -> ir.Span:
    return ir.Span("t.ts", line, col)


def alias_type(text: str) -> ir.TypeExpr:
    (only,) = parse_module("t.ts", text).decls
    assert isinstance(only, ir.Alias)
    return only.type


def error(text: str) -> str:
    with pytest.raises(SchemaError) as info:
        parse_module("t.ts", text)
    return str(info.value)


def degraded(text: str) -> list[tuple[ir.Span, str]]:
    return list(degraded_spots(parse_module("t.ts", text).decls))


# ---------------------------------------------------------------------- parentheses


@pytest.mark.parametrize(
    ("source", "col"), [("(/* c */ string | number)", 19), ("(// c\n string | number)", 2)]
)
def test_a_comment_opening_parentheses_is_skipped_for_the_type_they_hold(
    source: str, col: int
) -> None:
    line = 1 if col == 19 else 2
    assert alias_type(f"type T = {source};") == ir.Union(
        (ir.Primitive("string", S(line, col)), ir.Primitive("number", S(line, col + 9))),
        S(line, col),
    )


# ---------------------------------------------------------------------- strings


def test_a_module_name_that_is_no_string_literal_is_a_located_error() -> None:
    # the node's kind in words, at the argument: tsc wants a string literal there too
    assert error("type T = import(`./x`).A;") == (
        "t.ts:1:17: error: expected a string literal, found template string"
    )


@pytest.mark.parametrize(
    ("literal", "value"),
    [
        # a backslash before any line terminator continues the line (ECMAScript's
        # LineContinuation): LS and PS are terminators as CR, LF and CR LF are
        ("'a\\\u2028b'", "ab"),
        ('"a\\\u2029b"', "ab"),
        ("'a\\\rb'", "ab"),
        ("'a\\\r\nb'", "ab"),
        ("'a\\\nb'", "ab"),
        # CR then LS: the CR ends the continuation, the LS is a character of the string
        ("'a\\\r\u2028b'", "a\u2028b"),
        ('"a\\\r\u2029b"', "a\u2029b"),
    ],
)
def test_a_line_continuation_is_nothing_whatever_its_terminator(literal: str, value: str) -> None:
    assert alias_type(f"type A = {literal};") == ir.Literal(value, S(1, 10))


# ---------------------------------------------------------------------- numbers

_MAX = int(sys.float_info.max)  # the largest double, an integer: 1.797...e308


def test_the_largest_double_is_a_number_literal_and_one_more_is_too_large() -> None:
    assert alias_type(f"type A = {_MAX};") == ir.Literal(_MAX, S(1, 10))
    assert error(f"type A = {_MAX + 1};") == (
        f"t.ts:1:10: error: number literal '{_MAX + 1}' is too large to represent"
    )


# ---------------------------------------------------------------------- refusals


def test_a_type_position_the_grammar_reads_but_no_type_names_its_node() -> None:
    # ``const`` alone is no type: degraded where it stands, named by the grammar's node
    assert degraded("type T = const;") == [(S(1, 10), "unsupported construct: const")]
