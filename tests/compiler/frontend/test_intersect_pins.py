"""Pins of ``codegen.frontend.intersect``: ``&`` with a type every value has (``{}``,
``unknown``) or with a brand (``{ __brand: "X" }``) adds nothing to a primitive, a literal,
an array or a tuple, as in TypeScript; such a type with an object type that has a data
member is a located error; every other intersection stays as written."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import Diagnostics, SchemaError, degradation_message
from codegen.frontend import intersect
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.printer import render

DECLARED = (
    "type E = {};\ninterface I {}\ninterface B { x?: string }\n"
    "interface Y {}\ninterface X extends Y {}\ninterface N { [k: string]: string }\n"
    "interface T { readonly __tag: 'T' }\ntype K = 'k';\n"
    "interface S extends T { on?: true }\ninterface D extends T { d: string }\n"
    "interface W extends T { [k: string]: 'w' }\n"
)


def lowered(body: str) -> tuple[str, list[str]]:
    """``export type A = <body>`` after resolve, and the declarations it added."""
    schema = resolve([parse_module("a.ts", DECLARED + f"export type A = {body};")])
    added = sorted(set(schema.decls) - {"E", "I", "B", "Y", "X", "N", "T", "K", "S", "D", "W", "A"})
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
    ("body", "meaning"),
    [
        ("string & { readonly __brand: 'UserId' }", "string"),
        ("{ __brand: 'UserId' } & string", "string"),
        ("number & { __tag: 1 }", "number"),
        ("boolean & { b: true }", "boolean"),
        ("'a' & { b: false }", '"a"'),
        ("string[] & { b: 'x' }", "string[]"),
        ("[string] & { b: 'x' }", "[string]"),
        ("string & { b?: 'x'; c: -1; d: never }", "string"),
        ("string & { k: K }", "string"),  # a literal through an alias
        ("string & T", "string"),  # an interface of brand members
        ("string & S", "string"),  # also inherited
        ("string & X", "string"),  # an interface with an empty base
        ("string & { a: 'a' } & { b: 'b' } & {}", "string"),
        ("(string | null) & { b: 'x' }", "string"),
        ("null & { b: 'x' }", "never"),
        ("string & unknown & { b: 'x' }", "string"),
        # optional members (the "flavor" idiom): TypeScript lets a primitive be such a type
        ("string & B", "string"),
        ("B & number", "number"),
        ("string[] & B", "string[]"),
        ("string & { a?: string[]; b?: { c: 1 } }", "string"),
    ],
)
def test_a_brand_adds_nothing(body: str, meaning: str) -> None:
    assert lowered(body) == (meaning, [])


def _refusal(kind: str, member: str) -> str:
    return (
        f"no JSON value is both a {kind} type and an object type with the data member "
        f"'{member}'; only a brand (every member a literal type or never, as in "
        f'{{ readonly __brand: "Id" }}) or {{}} can be intersected with a {kind} type'
    )


@pytest.mark.parametrize(
    ("body", "column", "kind", "member"),
    [
        # optional, beside an index signature (TypeScript: no string is such an object)
        ("string & { [k: string]: string; y?: string }", 26, "primitive", "y"),
        ("string & { y?: string; x: number }", 26, "primitive", "x"),
        ("string & { __brand: 'X'; n: number }", 26, "primitive", "n"),
        ("string & { b: 'x' } & { u: unknown }", 39, "primitive", "u"),
        ("'a' & { n: string }", 23, "literal", "n"),
        ("string[] & { n: 'a' | 'b' }", 28, "array", "n"),
        ("[1] & { n: K[] }", 23, "tuple", "n"),
        ("(string | number) & { n: 1; m: 2; o: null }", 37, "primitive", "o"),  # no member
        ("D & 1", 17, "literal", "d"),  # an inherited brand, a data member of its own
    ],
)
def test_a_value_with_data_members_is_degraded_where_they_are(
    body: str, column: int, kind: str, member: str
) -> None:
    # No JSON value has that type, but TypeScript accepts it: the alias degrades, loudly.
    diags = Diagnostics()
    schema = resolve([parse_module("a.ts", DECLARED + f"export type A = {body};")], diags)
    alias = schema.decls["A"]
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Primitive)
    assert alias.type.degraded == _refusal(kind, member)
    (warning,) = diags.degraded
    assert (warning.span.line, warning.span.col) == (DECLARED.count("\n") + 1, column)
    assert warning.message == degradation_message(_refusal(kind, member))


def test_a_distributed_member_with_no_json_value_is_left_out_of_the_union() -> None:
    # ``(string | { a: 1 }) & O`` is ``(string & O) | ({ a: 1 } & O)``: no JSON value is
    # the first, so the type is the second alone (no member of its own to name), not a
    # degraded whole.
    diags = Diagnostics()
    body = "(string | { a: 1 }) & { n: 1; m: 2; o: null }"
    schema = resolve([parse_module("a.ts", DECLARED + f"export type A = {body};")], diags)
    assert render(schema.decls["A"].type) == "{ a: 1 } & { n: 1; m: 2; o: null }"
    assert "A1" not in schema.decls and not diags.degraded


@pytest.mark.parametrize(
    ("body", "meaning"),
    [
        ("string & N", "string"),  # an index signature constrains no string
        ("string & W", "string"),  # an index signature beside an inherited brand
        ("string & { [k: string]: string }", "string"),
        ("string & number", "never"),  # two primitives: no value is both
        ("string & {} & number", "never"),
        ("object & {}", "object"),  # ``{}`` adds nothing to an object type either
        ("{} & {}", "{}"),
        ("unknown & unknown", "unknown"),  # ``A & A`` is ``A``
    ],
)
def test_intersections_typescript_computes(body: str, meaning: str) -> None:
    assert lowered(body) == (meaning, [])


@pytest.mark.parametrize(
    "body",
    [
        "any & string",
        "any & null",
    ],
)
def test_other_intersections_stay_as_written(body: str) -> None:
    assert lowered(body) == (body, [])


@pytest.mark.parametrize(
    ("body", "means"),
    [
        ("string & number", "never"),  # two primitives: no value is both
        ("string & {} & number", "never"),
        ('"a" & "b"', "never"),
        ('"a" & 1', "never"),
        ('"a" & string[]', "never"),
        ("number & [1]", "never"),
        ('"a" & "a"', '"a"'),
        ('"a" & string', '"a"'),
        ("string & 'a' & {}", '"a"'),
        ("true & boolean", "true"),
        ("{} & {}", "{}"),
        ("{} & N", "N"),
        ("N & N", "N"),
        ("unknown & unknown", "unknown"),
    ],
)
def test_typescript_reduces_an_intersection_before_anything_else(body: str, means: str) -> None:
    """#33: TypeScript's reductions (schemastore's distributed ``(... | "em") & string``
    otherwise names thousands of members, each a declaration)."""
    assert lowered(body) == (means, [])


@pytest.mark.parametrize(
    ("body", "meaning"),
    [
        ("[B, B] & unknown[]", "[B, B]"),
        ("[] & unknown[]", "[]"),
        ("string[] & unknown[]", "string[]"),
        ("unknown[] & [string, ...string[]]", "[string, ...string[]]"),
        ("[string, number?] & [string]", "[string]"),
        ("[string] & [string, number]", "never"),  # no length is both
        ("[string, number] & [string, number]", "[string, number]"),
        ("string[] & number[]", "[]"),  # the empty array only
        ("('a' | 'b')[] & ('b' | 'c')[]", '"b"[]'),
        ("[string, 'a' | 'b'] & [string, 'b']", '[string, "b"]'),
    ],
)
def test_arrays_meet_position_by_position(body: str, meaning: str) -> None:
    assert lowered(body) == (meaning, [])


@pytest.mark.parametrize(
    ("body", "meaning"),
    [
        ("{ n: string } & ({ n: string } | string)", "{ n: string } & { n: string }"),
        ("(string | [] | { d: 1; e: string }) & string", "string"),
        ("(null | [B, B] | { n: string }) & unknown[]", "[B, B]"),
    ],
)
def test_a_distributed_member_that_no_json_value_has_drops_out(body: str, meaning: str) -> None:
    assert lowered(body) == (meaning, [])


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

    def properties(self, t: ir.TypeExpr) -> tuple[ir.Property, ...]:
        return (ir.Property("base", ir.Primitive("string")),)

    def meet(self, members: tuple[ir.TypeExpr, ...], span: ir.Span) -> ir.TypeExpr:
        return ir.Intersection(members, span)


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
    based = ir.Interface("Based", ir.Object(), extends=(ir.Ref("Empty"),))
    with pytest.raises(SchemaError, match="data member 'base'"):
        intersect.simplified((ir.Primitive("string"), ir.Ref("Based")), _Types({"Based": based}))
    alias = ir.Alias("Empty", ir.Object())
    assert (
        intersect.simplified((ir.Primitive("string"), ir.Ref("Empty")), _Types({"Empty": alias}))
        is None
    )


@pytest.mark.parametrize(
    ("body", "meaning"),
    [
        ("1 & 1.0", "1"),  # one number literal, however it is spelt
        ("[string] & [string, number] & { a: string }", "never"),  # no array is both
    ],
)
def test_literal_and_array_meets_typescript_computes(body: str, meaning: str) -> None:
    assert lowered(body) == (meaning, [])


def test_an_index_signature_of_an_extending_interface_makes_its_optional_members_data() -> None:
    # ``y?`` beside the interface's own index signature: no string is such an object
    # (without the index signature it is the flavor idiom, a string)
    source = (
        "interface T { readonly __tag: 'T' }\n"
        "interface I extends T { [k: string]: string; y?: string }\n"
        "interface F extends T { y?: string }\n"
        "export type A = string & I;\nexport type B = string & F;\n"
    )
    diags = Diagnostics()
    schema = resolve([parse_module("a.ts", source)], diags)
    alias = schema.decls["A"]
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Primitive)
    assert alias.type.degraded == _refusal("primitive", "y")
    assert render(schema.decls["B"].type) == "string"


def test_array_items_of_a_type_being_expanded_meet_as_written() -> None:
    # ``L`` is under way while its members expand: the expander leaves ``L & X`` of it as
    # written, so ``unknown`` items and the same item twice must add nothing before that
    text = "export interface L { a: L[] & unknown[]; b: unknown[] & L[]; c: [L] & L[] }"
    decl = resolve([parse_module("a.ts", text)]).decls["L"]
    assert isinstance(decl, ir.Interface)
    assert [(p.name, render(p.type)) for p in decl.body.properties] == [
        ("a", "L[]"),
        ("b", "L[]"),
        ("c", "[L]"),
    ]
