"""The checks on the resolved schema, exactly (``codegen/frontend/checks.py``): which
redeclared properties pass, the cycles and the depth bound, and which declarations warn as
unused (pinned from its mutation run)."""

from __future__ import annotations

import dataclasses

import pytest

from codegen import ir
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend.checks import check_depth
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve


def schema(text: str, diagnostics: Diagnostics | None = None) -> ir.Schema:
    return resolve([parse_module("a.ts", text)], diagnostics)


def error(text: str) -> str:
    with pytest.raises(SchemaError) as info:
        schema(text)
    return str(info.value)


def warnings(text: str) -> list[str]:
    diags = Diagnostics()
    schema(text, diags)
    return [f"{w.span.line}:{w.span.col}: {w.message}" for w in diags.warnings]


# --------------------------------------------------------------------------- redeclarations

BASE = "interface B { x: string | number }\n"
UNMAPPED = 'import { Y } from "pkg";\ninterface B { x: string }\n'
NOT_MAPPED = "'Y' from package 'pkg', which is not mapped (map it with --import-map pkg=PATH)"


@pytest.mark.parametrize(
    "redeclared",
    [
        "any",  # tsc: ``any`` is assignable to every type
        "boolean | any",  # a union with ``any`` is ``any``
    ],
)
def test_a_property_redeclared_as_any_is_accepted(redeclared: str) -> None:
    s = schema(f"{BASE}export interface A extends B {{ x: {redeclared} }}")
    a = s.interface("A")
    assert a is not None and [p.name for p in a.body.properties] == ["x"]


@pytest.mark.parametrize(("redeclared", "col"), [("Y", 35), ("boolean | Y", 45)])
def test_a_property_redeclared_as_a_degraded_type_is_accepted_loudly(
    redeclared: str, col: int
) -> None:
    """A type only an unmapped package could tell is not checked against the base: it
    stands for what nothing here can read, and it already warns where it is written."""
    text = f"{UNMAPPED}export interface A extends B {{ x: {redeclared} }}"
    assert warnings(text) == [f"3:{col}: {NOT_MAPPED}: degraded to JsonValue (any JSON value)"]


def test_a_property_redeclared_with_another_kind_is_the_located_error() -> None:
    assert error(f"{BASE}export interface A extends B {{ x: boolean }}") == (
        "a.ts:2:32: error: property 'x' of 'A' has type boolean, incompatible with "
        "string | number inherited from 'B'"
    )


# --------------------------------------------------------------------------- depth


def chain(length: int, tail: str, extra: str = "") -> str:
    """``A0 = A1; ...; A<length-1> = tail``: A0 is ``length - 1`` levels above the tail."""
    lines = [f"export type A{k} = A{k + 1};" for k in range(length - 1)]
    return "\n".join([*lines, f"export type A{length - 1} = {tail};", extra])


TOO_DEEP = (
    "a.ts:1:1: error: 'A0' nests more than 100 levels deep once its aliases and bases are "
    "expanded; shorten the chain"
)
DEEP_B = "export interface B { x: string[] }"  # 3 deep, 1 as a chain of bases
CHAINED_B = "export interface C { y: string[] }\nexport interface B extends C { x: string }"

# (tail, other declarations, the tail's own depth)
DEPTHS = [
    # a union names its interface members (a class each): their chain of bases counts,
    # not what their properties nest
    ("B | string", DEEP_B, 3),
    ("B | string", CHAINED_B, 5),
    # also inside the union's arrays, records, Omit and tuples
    ("B[] | string", DEEP_B, 4),
    ("Record<string, B> | string", DEEP_B, 4),
    ('Omit<B, "x"> | string', DEEP_B, 4),
    ("[B] | string", DEEP_B, 4),
    # outside a union a tuple's interface counts all its depth
    ("[B]", DEEP_B, 5),
    # under an intersection in a union an interface counts all its depth
    ("(B & { a: string }) | string", DEEP_B, 6),
    # I and A refer to each other: A, measured first, counts its back edge to I as one
    ("I", "export interface I { x: A }\nexport type A = I | string;", 5),
]


@pytest.mark.parametrize(("tail", "extra", "depth"), DEPTHS)
def test_depth_100_is_accepted_and_101_rejected(tail: str, extra: str, depth: int) -> None:
    at_limit = 101 - depth  # A0 is then exactly 100 deep
    assert "A0" in schema(chain(at_limit, tail, extra)).decls
    assert error(chain(at_limit + 1, tail, extra)) == TOO_DEEP


def with_tail(t: ir.TypeExpr) -> ir.Schema:
    """The chain ``A0`` ... ``A99`` (A0 is 99 levels above A99), A99 an alias of ``t``."""
    s = schema(chain(100, "string"))
    tail = s.decls["A99"]
    assert isinstance(tail, ir.Alias)
    return ir.Schema({**s.decls, "A99": dataclasses.replace(tail, type=t)})


@pytest.mark.parametrize("empty", [ir.Union(()), ir.Intersection(())])
def test_a_union_or_intersection_of_nothing_is_one_level(empty: ir.TypeExpr) -> None:
    """No compile writes one, but the bound still holds for it: one level, as ``never``."""
    check_depth(with_tail(empty))  # A0 is 100 deep
    with pytest.raises(SchemaError) as info:
        check_depth(with_tail(ir.Array(empty)))
    assert str(info.value) == TOO_DEEP
