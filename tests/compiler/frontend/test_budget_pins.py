"""Pins of ``codegen/frontend/budget.py``: what each expansion spends, where the error
points, and how types are measured (in-process and fast, for ``make mutation``)."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import SchemaError
from codegen.frontend import budget
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve


@pytest.mark.parametrize(
    ("text", "construct"),
    [
        (
            'export type U = "a" | "b" | "c";\n'
            "export type C<T> = T extends string ? [T] : never;\n"
            + "".join(f'export type A{i} = C<U | "x{i}">;\n' for i in range(100)),
            "a.ts:9:18: error: expanding the generic instance of 'C'",  # U expanded once
        ),
        (
            "export interface A { " + " ".join(f"p{i}: string[][];" for i in range(200)) + " }\n",
            "a.ts:1:1428: error: expanding 'A'",
        ),
        (  # comparing types that branch: 2**40 paths through A0 and B0
            "".join(
                f"export interface A{i} {{ a: A{i + 1}; b: A{i + 1} }}\n"
                f"export interface B{i} {{ a: B{i + 1}; b: B{i + 1} }}\n"
                for i in range(40)
            )
            + "export interface A40 { x: string }\nexport interface B40 { x: number }\n"
            + "export type C<T> = T extends B0 ? string : number;\nexport type D = C<A0>;\n",
            "a.ts:84:17: error: expanding the generic instance of 'C'",
        ),
    ],
)
def test_every_expansion_spends_from_the_budget(
    monkeypatch: pytest.MonkeyPatch, text: str, construct: str
) -> None:
    monkeypatch.setattr(budget, "MAX_WORK", 250)
    with pytest.raises(SchemaError) as info:
        resolve([parse_module("a.ts", text)])
    assert str(info.value).startswith(construct), str(info.value)
    assert "needs more than 250 steps of type expansion" in str(info.value)


def test_an_alias_read_by_each_use_is_expanded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Record<K, V>``: K's 60 keys are expanded once; each use spends its keys (60), the
    one declared instance ``INSTANCE_COST`` once."""
    monkeypatch.setattr(budget, "MAX_WORK", 600)
    text = (
        "export type K = "
        + " | ".join(f'"k{i}"' for i in range(60))
        + ";\n"
        + "".join(f"export type R{i} = Record<K, string>;\n" for i in range(12))
    )
    with pytest.raises(SchemaError) as info:
        resolve([parse_module("a.ts", text)])
    assert str(info.value).startswith("a.ts:8:18: error: expanding 'R6'"), str(info.value)


def test_the_budget_counts_and_stops() -> None:
    spent = budget.Budget(3)
    spent.spend(3, ir.Span("a.ts", 1, 2), "X")
    with pytest.raises(SchemaError) as info:
        spent.spend(1, ir.Span("a.ts", 4, 5), "'X'")
    assert str(info.value) == (
        "a.ts:4:5: error: expanding 'X' needs more than 3 steps of type expansion (the "
        "compiler's work budget); the type grows without bound or is too large to expand"
    )


def test_size_counts_a_shared_node_each_time_without_walking_the_tree() -> None:
    t: ir.TypeExpr = ir.Primitive("string")
    for _ in range(200):  # 2**201 - 1 nodes as a tree, 201 as a DAG
        t = ir.Tuple((t, t))
    assert budget.size(t, 1000) <= 2001
    assert budget.size(t, 1000) > 1000
    small = ir.Ref("G", (ir.Array(ir.Primitive("string")), ir.Literal("a")))
    assert budget.size(small, 1000) == 4
    body = ir.Object((ir.Property("a", ir.Primitive("string")),), ir.IndexSignature(small))
    assert budget.size((body, None), 1000) == 1 + 2 + 5


def test_the_default_limit_is_max_work_read_when_made(monkeypatch: pytest.MonkeyPatch) -> None:
    assert budget.MAX_WORK == 1_000_000
    assert (budget.MAX_ARGUMENT_NODES, budget.MAX_NESTING) == (5_000, 50)
    monkeypatch.setattr(budget, "MAX_WORK", 7)
    made = budget.Budget()
    assert (made.limit, made.spent) == (7, 0)
    made.spend(7, ir.Span("a.ts", 1, 1), "X")  # the limit itself is allowed
    assert made.spent == 7
    assert budget.Budget(0).limit == 0


def test_size_of_each_kind_of_node() -> None:
    s = ir.Primitive("string")
    cases: list[tuple[object, int]] = [
        (s, 1),
        (None, 0),
        ((s, s, None), 2),
        (ir.Ref("G", (s, s)), 3),
        (ir.Array(s), 2),
        (ir.Tuple((s, s), rest=s), 4),
        (ir.Tuple((s,)), 2),
        (ir.Union((s, s, s)), 4),
        (ir.Intersection((s, s)), 3),
        (ir.Omit(s, ("a",)), 2),
        (ir.Mapping(s), 2),
        (ir.Object((ir.Property("a", s), ir.Property("b", s))), 5),
        (ir.Object((), ir.IndexSignature(s)), 3),
        (ir.Literal("a"), 1),
    ]
    for node, expected in cases:
        assert budget.size(node, 100) == expected, node


def test_size_stops_a_little_past_the_cap() -> None:
    wide = ir.Union(tuple(ir.Literal(str(i)) for i in range(1000)))
    assert 10 < budget.size(wide, 10) < 20
    assert budget.size(wide, 5000) == 1001
    deep: ir.TypeExpr = ir.Primitive("string")
    for _ in range(100):
        deep = ir.Array(deep)
    assert budget.size(deep, 1000) == 101
