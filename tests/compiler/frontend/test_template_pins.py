"""Pins for ``codegen.frontend.template``: a template literal type's expansions or pattern,
exactly, at the expansion budget and one past it."""

from __future__ import annotations

from codegen import ir
from codegen.frontend.template import MAX_TEMPLATE_EXPANSIONS, template_type

SPAN = ir.Span("t.ts", 2, 3)


def lits(*values: ir.LiteralValue) -> ir.TypeExpr:
    members = tuple(ir.Literal(v, SPAN) for v in values)
    return members[0] if len(members) == 1 else ir.Union(members, SPAN)


def test_text_alone_is_one_literal() -> None:
    assert template_type(["a.b"], SPAN) == ir.Literal("a.b", SPAN)
    assert template_type([], SPAN) == ir.Literal("", SPAN)


def test_literal_holes_are_the_cross_product_in_order() -> None:
    found = template_type(["<", lits("a", "b"), "-", lits(1, 2), ">"], SPAN)
    assert found == ir.Union(
        tuple(ir.Literal(v, SPAN) for v in ("<a-1>", "<a-2>", "<b-1>", "<b-2>")), SPAN
    )
    assert template_type([lits("x")], SPAN) == ir.Literal("x", SPAN)
    assert template_type([lits(1.5)], SPAN) == ir.Literal("1.5", SPAN)


def test_the_budget_counts_the_product_before_it_is_built() -> None:
    assert MAX_TEMPLATE_EXPANSIONS == 256
    sixteen = lits(*(f"{i:x}" for i in range(16)))
    at_budget = template_type([sixteen, sixteen], SPAN)  # 256: still the expansions
    assert isinstance(at_budget, ir.Union) and len(at_budget.members) == 256
    assert at_budget.members[0] == ir.Literal("00", SPAN)
    past = template_type([sixteen, sixteen, lits("p", "q")], SPAN)  # 512: a pattern
    hexes = "|".join(f"{i:x}" for i in range(16))
    assert past == ir.Primitive("string", SPAN, pattern=f"^({hexes})({hexes})(p|q)$")
    one_past = template_type([lits(*range(257))], SPAN)
    assert isinstance(one_past, ir.Primitive) and one_past.pattern is not None
    assert template_type([lits(*range(256))], SPAN) != one_past


def test_an_open_hole_is_a_pattern_with_text_escaped() -> None:
    string, number = ir.Primitive("string", SPAN), ir.Primitive("number", SPAN)
    assert template_type(["id-", string], SPAN) == ir.Primitive("string", SPAN, pattern="^id-.*$")
    assert template_type(["v", number, "."], SPAN) == ir.Primitive(
        "string", SPAN, pattern="^v[0-9]*\\.$"
    )
    found = template_type(["a.b(c)[d]{e}|^$*+?\\-", lits("x.y"), string], SPAN)
    assert found == ir.Primitive(
        "string", SPAN, pattern="^a\\.b\\(c\\)\\[d\\]\\{e\\}\\|\\^\\$\\*\\+\\?\\\\-(x\\.y).*$"
    )


def test_a_boolean_or_a_mixed_hole_is_any_text() -> None:
    boolean = ir.Union((ir.Literal(True, SPAN), ir.Literal(False, SPAN)), SPAN)
    assert template_type(["is-", boolean], SPAN) == ir.Primitive("string", SPAN, pattern="^is-.*$")
    mixed = ir.Union((ir.Literal("a", SPAN), ir.Primitive("string", SPAN)), SPAN)
    assert template_type([mixed, "!"], SPAN) == ir.Primitive("string", SPAN, pattern="^.*!$")
    # text after an open hole keeps the pattern, not expansions
    assert template_type([ir.Primitive("string", SPAN), lits("a")], SPAN) == ir.Primitive(
        "string", SPAN, pattern="^.*(a)$"
    )
