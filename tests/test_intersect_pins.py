"""Pins of ``codegen.frontend.intersect``: ``&`` with a type every value has (``{}``,
``unknown``) adds nothing to a primitive, a literal, an array or a tuple, as in TypeScript;
every other intersection stays as written."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.frontend import intersect
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.printer import render

DECLARED = (
    "type E = {};\ninterface I {}\ninterface B { x?: string }\n"
    "interface Y {}\ninterface X extends Y {}\ninterface N { [k: string]: string }\n"
)


def lowered(body: str) -> tuple[str, list[str]]:
    """``export type A = <body>`` after resolve, and the declarations it added."""
    schema = resolve([parse_module("a.ts", DECLARED + f"export type A = {body};")])
    added = sorted(set(schema.decls) - {"E", "I", "B", "Y", "X", "N", "A"})
    return render(schema.decls["A"].type), added


@pytest.mark.parametrize(
    ("body", "meaning"),
    [
        ("string & {}", "string"),
        ("{} & string", "string"),
        ("number & {}", "number"),
        ("boolean & {}", "boolean"),
        ("string & unknown", "string"),
        ("unknown & string", "string"),
        ("string & unknown & {}", "string"),
        ("string & {} & {}", "string"),
        ("'a' & {}", '"a"'),
        ("1 & {}", "1"),
        ("string[] & {}", "string[]"),
        ("[string] & {}", "[string]"),
        ("null & {}", "never"),
        ("undefined & {}", "never"),
        ("never & {}", "never"),
        ("(string | null) & {}", "string"),
        ("(string | number) & unknown", "string | number"),
        ("null & { z: 1 }", "never"),
        ("undefined & string", "never"),
        ("null & undefined", "never"),
        ("null & unknown", "null"),
        ("never & B", "never"),
        # ``{}`` named: an alias of it, an empty interface, a record of no keys
        ("string & E", "string"),
        ("number & I", "number"),
    ],
)
def test_a_type_every_value_has_adds_nothing(body: str, meaning: str) -> None:
    assert lowered(body) == (meaning, [])


@pytest.mark.parametrize(
    ("body", "added"),
    [
        ("Record<never, never> & string", ["Record_never_never"]),
        ("string & Pick<B, never>", ["Pick_B_never"]),
    ],
)
def test_an_object_of_no_keys_adds_nothing(body: str, added: list[str]) -> None:
    assert lowered(body) == ("string", added)


@pytest.mark.parametrize(
    "body",
    [
        "string & B",  # a member, even optional
        "string & X",  # an interface with a base
        "string & N",  # an index signature
        "string & { [k: string]: string }",
        "string & number",  # two primitives
        "string & {} & number",
        "object & {}",  # ``object`` is an object type: left to the object algebra
        "{} & {}",
        "unknown & unknown",
        "any & string",
        "any & null",
    ],
)
def test_other_intersections_stay_as_written(body: str) -> None:
    assert lowered(body) == (body, [])


def test_distributed_members_that_are_not_simplified_are_named_together() -> None:
    assert lowered("('a' | { x: string }) & {}") == ('"a" | A1', ["A1"])
    both = "({ k: 'p'; x: string } | { k: 'q' }) & { z: 1 }"
    assert lowered(both.replace("})", "} | null)")) == lowered(both)


class _Types:
    """Names that stand for themselves: only ``lookup`` knows them."""

    def __init__(self, decls: dict[str, ir.Decl]) -> None:
        self.decls = decls

    def through_alias(self, t: ir.TypeExpr) -> ir.TypeExpr:
        return t

    def lookup(self, name: str) -> ir.Decl | None:
        return self.decls.get(name)


def test_the_member_kept_is_the_one_written() -> None:
    named = ir.Ref("Name")
    types = _Types({"Empty": ir.Interface("Empty", ir.Object())})
    assert intersect.simplified((ir.Primitive("string"), ir.Ref("Empty")), types) == ir.Primitive(
        "string"
    )
    assert intersect.simplified((named, ir.Primitive("unknown")), types) is named
    assert intersect.simplified((ir.Ref("Empty"), ir.Ref("Other")), types) is None
    assert intersect.simplified((ir.Primitive("string"),), types) == ir.Primitive("string")
    assert intersect.simplified((ir.Primitive("null"),), types) is None
    never = intersect.simplified((ir.Primitive("null", ir.Span("f", 2, 3)), ir.Object()), types)
    assert never == ir.Primitive("never", ir.Span("f", 2, 3))
    alias = ir.Alias("Empty", ir.Object())
    assert (
        intersect.simplified((ir.Primitive("string"), ir.Ref("Empty")), _Types({"Empty": alias}))
        is None
    )
