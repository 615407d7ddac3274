"""Pins for ``codegen.frontend.intrinsic``: ``Uppercase``, ``Lowercase``, ``Capitalize`` and
``Uncapitalize`` over each member, exactly, with the work they spend and their located
errors (issue #33)."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import Diagnostics, SchemaError, Unsupported
from codegen.frontend import intrinsic
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve

SPAN = ir.Span("t.ts", 4, 5)
AT = ir.Span("t.ts", 1, 2)


class FakeTypes:
    """Named types by name; every ``spend`` recorded."""

    def __init__(self, named: dict[str, ir.TypeExpr] | None = None) -> None:
        self.named = named or {}
        self.spent: list[tuple[int, ir.Span]] = []

    def deref(self, t: ir.TypeExpr) -> ir.TypeExpr:
        while isinstance(t, ir.Ref) and t.name in self.named:
            t = self.named[t.name]
        return t

    def properties(self, t: ir.TypeExpr) -> tuple[ir.Property, ...]:
        return ()

    def index(self, t: ir.TypeExpr) -> ir.IndexSignature | None:
        return None

    def spend(self, amount: int, span: ir.Span) -> None:
        self.spent.append((amount, span))


def lits(*values: str) -> ir.TypeExpr:
    return ir.Union(tuple(ir.Literal(v, AT) for v in values), AT)


@pytest.mark.parametrize(
    ("name", "values", "expected"),
    [
        ("Uppercase", ("ab", "Cd"), ("AB", "CD")),
        ("Lowercase", ("AB", "cD"), ("ab", "cd")),
        ("Capitalize", ("abc", "aBC", ""), ("Abc", "ABC", "")),
        ("Uncapitalize", ("ABC", "Abc", ""), ("aBC", "abc", "")),
    ],
)
def test_each_literal_member_changes_case(
    name: str, values: tuple[str, ...], expected: tuple[str, ...]
) -> None:
    types = FakeTypes()
    found = intrinsic.apply(name, lits(*values), types, SPAN)
    assert found == ir.Union(tuple(ir.Literal(v, SPAN) for v in expected), SPAN)
    assert types.spent == [(1, SPAN)] * len(values)


def test_one_literal_is_one_literal_and_repeats_merge() -> None:
    assert intrinsic.apply("Uppercase", ir.Literal("x", AT), FakeTypes(), SPAN) == ir.Literal(
        "X", SPAN
    )
    assert intrinsic.apply("Lowercase", lits("A", "a"), FakeTypes(), SPAN) == ir.Literal("a", SPAN)


def test_named_members_are_followed() -> None:
    types = FakeTypes({"Unit": lits("ms", "s"), "Other": ir.Ref("Unit", (), AT)})
    found = intrinsic.apply("Uppercase", ir.Ref("Other", (), AT), types, SPAN)
    assert found == ir.Union((ir.Literal("MS", SPAN), ir.Literal("S", SPAN)), SPAN)


@pytest.mark.parametrize("primitive", ["string", "any"])
def test_string_and_any_give_string(primitive: str) -> None:
    found = intrinsic.apply("Capitalize", ir.Primitive(primitive, AT), FakeTypes(), SPAN)
    assert found == ir.Primitive("string", SPAN)
    mixed = ir.Union((ir.Literal("a", AT), ir.Primitive(primitive, AT)), AT)
    assert intrinsic.apply("Uppercase", mixed, FakeTypes(), SPAN) == ir.Union(
        (ir.Literal("A", SPAN), ir.Primitive("string", SPAN)), SPAN
    )


def test_never_gives_never() -> None:
    found = intrinsic.apply("Uppercase", ir.Primitive("never", AT), FakeTypes(), SPAN)
    assert found == ir.Primitive("never", SPAN)
    types = FakeTypes({"N": ir.Primitive("never", AT)})
    found = intrinsic.apply(
        "Uppercase", ir.Union((ir.Ref("N", (), AT), ir.Literal("a", AT)), AT), types, SPAN
    )
    assert found == ir.Literal("A", SPAN)


@pytest.mark.parametrize(
    "primitive",
    [ir.Primitive("string", AT, pattern="^a.*$"), ir.Primitive("string", AT, format="uuid")],
)
def test_a_string_with_a_pattern_or_format_is_a_located_error(primitive: ir.Primitive) -> None:
    with pytest.raises(SchemaError) as info:
        intrinsic.apply("Lowercase", primitive, FakeTypes(), SPAN)
    assert str(info.value) == (
        "t.ts:4:5: error: 'Lowercase' of a template literal type is not supported"
    )


@pytest.mark.parametrize(
    ("arg", "what"),
    [
        (ir.Literal(1, AT), "1"),
        (ir.Literal(True, AT), "true"),
        (ir.Primitive("number", AT), "number"),
        (ir.Primitive("boolean", AT), "true"),
        (ir.Ref("Unknown", (), AT), "'Unknown'"),  # the IR printer's quoted name
    ],
)
def test_a_type_that_is_no_string_is_a_located_error(arg: ir.TypeExpr, what: str) -> None:
    with pytest.raises(SchemaError) as info:
        intrinsic.apply("Uncapitalize", arg, FakeTypes(), SPAN)
    assert str(info.value) == f"t.ts:4:5: error: 'Uncapitalize' needs a string type, got {what}"


def test_the_cases_are_the_four_of_typescript() -> None:
    assert sorted(intrinsic.CASES) == ["Capitalize", "Lowercase", "Uncapitalize", "Uppercase"]


def test_resolve_applies_them_where_written_and_degrades_a_pattern_there() -> None:
    source = (
        'type Unit = "ms" | "s";\n'
        "export interface L {\n  u: Uppercase<Unit>;\n  t: Uppercase<`a${string}`>;\n}\n"
    )
    diags = Diagnostics()
    decl = resolve([parse_module("a.ts", source)], diags).decls["L"]
    assert isinstance(decl, ir.Interface)
    u, t = decl.body.properties
    at = ir.Span("a.ts", 3, 6)
    assert u.type == ir.Union((ir.Literal("MS", at), ir.Literal("S", at)), at)
    # the totality net: the spot degrades loudly, with the same message, where it stands
    assert t.type == ir.degraded(
        "'Uppercase' of a template literal type is not supported", ir.Span("a.ts", 4, 6)
    )
    assert [str(d) for d in diags.degraded] == [
        "a.ts:4:6: warning: 'Uppercase' of a template literal type is not supported: "
        "degraded to JsonValue (any JSON value)"
    ]
    with pytest.raises(Unsupported):
        intrinsic.apply("Uppercase", ir.Primitive("string", AT, pattern="^a"), FakeTypes(), SPAN)
