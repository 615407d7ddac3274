"""Pins for ``codegen.frontend.infer``: what ``infer X`` binds to in each position of a
conditional type's pattern, exactly as TypeScript infers it, the names a pattern declares,
the work spent and the located degradation of an undecidable function check (issue #33)."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import Diagnostics
from codegen.frontend import infer
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir import CONDITIONAL, FUNCTION, INFER, SPREAD
from codegen.ir.printer import render

PATTERNS = """
interface Box<T> { value: T }
type Unbox<B> = B extends Box<infer T> ? T : never;
type Al<T> = { x: T };
type AD<N> = N extends Al<infer D> ? D : never;
interface Node<D> { data?: D; kind: string }
type ND<N> = N extends Node<infer D> ? D : never;
interface Lit extends Node<{ key: string }> { v: string }
type Elem<T> = T extends (infer E)[] ? E : "no";
type Head<T> = T extends [infer H, ...infer R] ? [H, R] : "no";
type Two<T> = T extends [infer A, infer B] ? A | B : "no";
type Opt<T> = T extends [infer A, (infer B)?] ? [A, B] : "no";
type More<T> = T extends [infer A, ...(infer R)[]] ? A : "no";
type Def<T> = T extends infer V | undefined ? V : never;
type Pair<T> = T extends infer A | infer B ? [A, B] : never;
type One<T> = T extends { a: infer X } ? X : never;
type Both<T> = T extends { a: infer X; b: infer X } ? X : never;
type Amp<T> = T extends { a: infer X } & { b: infer Y } ? [X, Y] : never;
type Fn<T> = T extends (a: infer A) => void ? A : "nofn";
type Bounded<T> = T extends [infer S extends string] ? S : "no";
interface Pt { a: string; b: number }
type XY<T> = T extends { v: infer V extends "x" | "y" } ? V : "no";
type Str<T> = T extends { v: infer V extends string } ? [V] : "no";
type Arr<T> = T extends (infer U extends string)[] ? U : "no";
"""

# alias written -> what it is, as TypeScript infers it
CASES: dict[str, str] = {
    "Unbox<Box<string>>": "string",  # an instance of the generic: its argument
    "Unbox<{ value: number }>": "number",  # matched with the interface's body
    "Unbox<string>": "never",
    "AD<{ x: boolean }>": "boolean",  # matched with an alias's body
    "AD<Al<string>>": "string",
    "ND<Lit>": "{ key: string }",  # an interface extending an instance
    "ND<Node<number>>": "number",
    "Elem<number[]>": "number",
    "Elem<[string, boolean]>": "string | boolean",  # a tuple's members
    "Elem<string>": '"no"',
    "Elem<[]>": "never",  # an empty tuple's members: none
    "Elem<[1, 1, true, false]>": "1 | boolean",
    "Head<[1, 2, 3]>": "[1, [2, 3]]",
    "Head<[1, ...string[]]>": "[1, string[]]",  # only a rest left: an array
    "Head<string[]>": '"no"',
    "Two<[1, 2]>": "1 | 2",
    "Two<[1, 2, 3]>": '"no"',
    "Two<[1]>": '"no"',
    "Two<string[]>": '"no"',
    "Two<[1, 2, ...string[]]>": '"no"',
    "Opt<[1, 2?]>": "[1, 2]",
    "Def<string | undefined>": "string",  # a union beside fixed members
    "Def<string | number>": "string | number",
    "Pair<string>": "[string, string]",  # two open members: each gets all
    "One<{ a: string; b: number }>": "string",  # an object type's property
    "One<Pt>": "string",
    "One<{ b: number }>": "never",  # no such property: the false branch
    "Both<{ a: string; b: number }>": "string | number",  # two candidates: their union
    "Both<Pt>": "string | number",
    "Amp<{ a: 1; b: 2 }>": "[1, 2]",
    "Fn<string>": '"nofn"',  # surely no function: the false branch
    "Fn<1[]>": '"nofn"',
    "Fn<[1]>": '"nofn"',
    'Bounded<["a"]>': '"a"',
    # ``infer V extends C`` (TypeScript 4.7): what is inferred stays where it is assignable
    # to C, else V is C and the check of the pattern decides (each as tsc 5.5.4 reads it)
    'XY<{ v: "x" }>': '"x"',
    'XY<{ v: "x" | "y" }>': '"x" | "y"',
    'XY<{ v: "z" }>': '"no"',
    'XY<{ v: "x" | "z" }>': '"no"',
    "Str<{ v: string | number }>": '"no"',
    'Str<{ v: "a" }>': '["a"]',
    "Str<{ w: 1 }>": '"no"',  # nothing inferred: unknown, which is no string
    'Arr<("a" | 1)[]>': '"no"',
    'Arr<"a"[]>': '"a"',
}


def resolved(text: str) -> tuple[dict[str, ir.Decl], Diagnostics]:
    diags = Diagnostics()
    schema = resolve([parse_module("a.ts", PATTERNS + text)], diags)
    return dict(schema.decls), diags


@pytest.mark.parametrize("written", sorted(CASES))
def test_infer_binds_what_typescript_binds(written: str) -> None:
    decls, diags = resolved(f"export type T = {written};\n")
    alias = decls["T"]
    assert isinstance(alias, ir.Alias)
    assert render(alias.type) == CASES[written]
    assert not diags.degraded


def test_a_function_check_of_an_object_degrades_at_the_conditional() -> None:
    decls, diags = resolved("export type T = Fn<{ x: 1 }>;\n")
    alias = decls["T"]
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Primitive)
    assert alias.type.degraded is not None
    line = PATTERNS[: PATTERNS.index("type Fn")].count("\n") + 1  # the conditional's
    assert [str(d) for d in diags.degraded] == [
        f"a.ts:{line}:14: warning: conditional type: cannot decide from the declarations "
        "whether { x: 1 } is a function type (every function type is an object to "
        "the compiler): degraded to JsonValue (any JSON value)"
    ]


# ---------------------------------------------------------------- the functions themselves

S = ir.Span("p.ts", 3, 4)
AT = ir.Span("p.ts", 1, 2)


def infer_(name: str, *constraint: ir.TypeExpr) -> ir.Ref:
    return ir.Ref(INFER, (ir.Ref(name, (), AT), *constraint), AT)


def test_infer_names_in_order_with_constraints_and_not_in_nested_branches() -> None:
    nested = ir.Ref(
        CONDITIONAL,
        (infer_("C"), infer_("D"), infer_("E"), infer_("F")),
        AT,
    )
    pattern = ir.Tuple(
        (infer_("A", infer_("B")), ir.Object((ir.Property("p", nested),)), ir.Literal(1)),
        AT,
        rest=ir.Array(infer_("G")),
    )
    assert list(infer.infer_names(pattern)) == ["A", "B", "C", "G"]
    assert list(infer.infer_names(ir.Ref("X", (), AT))) == []
    # spans and docs are never walked
    assert list(infer.infer_names(ir.Property("p", ir.Literal(1), doc=ir.Doc("d")))) == []


def test_constraints_of_each_infer_first_one_wins_and_not_in_nested_branches() -> None:
    string, number = ir.Primitive("string", AT), ir.Primitive("number", AT)
    inner = ir.Tuple((infer_("B", number),), AT)
    nested = ir.Ref(
        CONDITIONAL,
        (infer_("C", string), infer_("D", string), infer_("E", string), infer_("F", string)),
        AT,
    )
    pattern = ir.Tuple(
        (
            infer_("A", inner),  # a constraint with an infer of its own
            infer_("A", number),  # the first constraint of a name is its constraint
            ir.Object((ir.Property("p", nested),)),
            infer_("N"),  # no constraint: not listed
        ),
        AT,
        rest=ir.Array(infer_("G", lit(1))),
    )
    assert infer.constraints(pattern) == {"A": inner, "B": number, "C": string, "G": lit(1)}
    assert list(infer.constraints(pattern)) == ["A", "B", "C", "G"]
    assert infer.constraints(ir.Ref("X", (), AT)) == {}
    assert infer.constraints(ir.Interface) == {}  # a class is no pattern
    # spans and docs are never walked
    assert infer.constraints(ir.Property("p", ir.Literal(1), doc=ir.Doc("d"))) == {}


def test_has_pattern() -> None:
    assert infer.has_pattern(infer_("A"))
    assert infer.has_pattern(ir.Ref(FUNCTION, (), AT))
    assert infer.has_pattern((ir.Literal(1), ir.Array(infer_("A"))))
    assert infer.has_pattern(ir.Object((ir.Property("p", infer_("A")),)))
    assert not infer.has_pattern(ir.Object((ir.Property("p", ir.Ref("A", (), AT)),)))
    assert not infer.has_pattern((ir.Literal(1), ir.Primitive("string")))
    assert not infer.has_pattern(ir.Interface)  # a class is no pattern
    assert not infer.has_pattern("#infer")


def test_named_replaces_each_infer_by_its_name() -> None:
    pattern = ir.Tuple((infer_("A"), ir.Array(infer_("B"))), S)
    assert infer.named(pattern) == ir.Tuple((ir.Ref("A", (), AT), ir.Array(ir.Ref("B", (), AT))), S)


class FakeTypes:
    """Named declarations by name, instances by name; every ``spend`` recorded."""

    def __init__(
        self,
        decls: dict[str, ir.Decl] | None = None,
        instances: dict[str, tuple[str, tuple[ir.TypeExpr, ...]]] | None = None,
    ) -> None:
        self.decls = decls or {}
        self.instances = instances or {}
        self.spent: list[tuple[int, ir.Span]] = []

    def deref(self, t: ir.TypeExpr) -> ir.TypeExpr:
        while isinstance(t, ir.Ref) and isinstance(self.decls.get(t.name), ir.Alias):
            decl = self.decls[t.name]
            assert isinstance(decl, ir.Alias)
            t = decl.type
        return t

    def properties(self, t: ir.TypeExpr) -> tuple[ir.Property, ...]:
        t = self.deref(t)
        if isinstance(t, ir.Object):
            return t.properties
        if isinstance(t, ir.Ref) and isinstance(self.decls.get(t.name), ir.Interface):
            decl = self.decls[t.name]
            assert isinstance(decl, ir.Interface)
            return decl.body.properties
        return ()

    def index(self, t: ir.TypeExpr) -> ir.IndexSignature | None:
        return None

    def spend(self, amount: int, span: ir.Span) -> None:
        self.spent.append((amount, span))

    def generic(self, name: str) -> ir.Interface | ir.Alias | None:
        decl = self.decls.get(name)
        if isinstance(decl, ir.Interface | ir.Alias) and decl.params:
            return decl
        return None

    def instance(self, name: str) -> tuple[str, tuple[ir.TypeExpr, ...]] | None:
        return self.instances.get(name)


def lit(v: ir.LiteralValue) -> ir.Literal:
    return ir.Literal(v, AT)


def test_bind_spends_two_per_step_at_the_patterns_span() -> None:
    types = FakeTypes()
    pattern = ir.Tuple((infer_("A"), ir.Literal(1, S)), S)
    found = infer.bind(ir.Tuple((lit("x"), lit(1)), AT), pattern, types, S)
    assert found == {"A": lit("x")}
    assert types.spent == [(2, S), (2, AT), (2, S)]


def test_bind_gives_unknown_for_nothing_and_a_union_for_several() -> None:
    pattern = ir.Tuple((infer_("A"), infer_("A"), infer_("B")), S)
    found = infer.bind(ir.Tuple((lit(1), lit(2), lit(3)), AT), pattern, FakeTypes(), S)
    assert found == {"A": ir.Union((lit(1), lit(2)), S), "B": lit(3)}
    found = infer.bind(ir.Primitive("string", AT), pattern, FakeTypes(), S)
    assert found == {
        "A": ir.Primitive("unknown", S),
        "B": ir.Primitive("unknown", S),
    }


def test_bind_degrades_a_function_check_it_cannot_decide() -> None:
    pattern = ir.Ref(FUNCTION, (infer_("A"),), AT)
    found = infer.bind(ir.Ref("Pt", (), AT), pattern, FakeTypes(), S)
    assert isinstance(found, ir.Primitive) and found.span == S
    assert found == ir.degraded(
        "conditional type: cannot decide from the declarations whether 'Pt' is a function "
        "type (every function type is an object to the compiler)",
        S,
    )
    assert infer.bind(ir.Primitive("string", AT), pattern, FakeTypes(), S) == {
        "A": ir.Primitive("unknown", S)
    }


def test_a_tuple_rest_binds_the_remaining_members() -> None:
    spread = ir.Ref(SPREAD, (ir.Array(infer_("R")),), AT)
    pattern = ir.Tuple((infer_("A"),), S, rest=spread)
    found = infer.bind(ir.Tuple((lit(1), lit(2), lit(3)), AT), pattern, FakeTypes(), S)
    assert found == {"A": lit(1), "R": ir.Union((lit(2), lit(3)), S)}
    # a plain rest item: each remaining member and the source's rest
    plain = ir.Tuple((infer_("A"),), S, rest=infer_("R"))
    source = ir.Tuple((lit(1), lit(2)), AT, rest=lit(9))
    assert infer.bind(source, plain, FakeTypes(), S) == {
        "A": lit(1),
        "R": ir.Union((lit(2), lit(9)), S),
    }
    # an array against a rest pattern: its items, through the spread's array
    assert infer.bind(ir.Array(lit(5), AT), pattern, FakeTypes(), S) == {
        "A": ir.Primitive("unknown", S),
        "R": lit(5),
    }


def test_a_spread_rest_keeps_the_remaining_minimum_and_rest() -> None:
    spread = ir.Ref(SPREAD, (infer_("R"),), AT)
    pattern = ir.Tuple((infer_("A"),), S, rest=spread)
    source = ir.Tuple((lit(1), lit(2), lit(3)), AT, min_items=2, rest=lit(4))
    found = infer.bind(source, pattern, FakeTypes(), S)
    assert found == {"A": lit(1), "R": ir.Tuple((lit(2), lit(3)), AT, min_items=1, rest=lit(4))}
    short = ir.Tuple((lit(1), lit(2)), AT, min_items=0)
    assert infer.bind(short, pattern, FakeTypes(), S)["R"] == ir.Tuple(  # type: ignore[index]
        (lit(2),), AT, min_items=0
    )
    open_ = ir.Tuple((lit(1), lit(2)), AT)
    assert infer.bind(open_, pattern, FakeTypes(), S)["R"] == ir.Tuple(  # type: ignore[index]
        (lit(2),), AT
    )
    only_rest = ir.Tuple((lit(1),), AT, rest=lit(4))
    assert infer.bind(only_rest, pattern, FakeTypes(), S)["R"] == ir.Array(  # type: ignore[index]
        lit(4), AT
    )


def test_a_mapping_binds_its_value() -> None:
    pattern = ir.Mapping(infer_("V"), S)
    assert infer.bind(ir.Mapping(lit(1), AT), pattern, FakeTypes(), S) == {"V": lit(1)}
    assert infer.bind(ir.Array(lit(1), AT), pattern, FakeTypes(), S) == {
        "V": ir.Primitive("unknown", S)
    }


def test_an_array_pattern_against_an_empty_tuple_and_other_types() -> None:
    pattern = ir.Array(infer_("E"), S)
    assert infer.bind(ir.Primitive("string", AT), pattern, FakeTypes(), S) == {
        "E": ir.Primitive("unknown", S)
    }
    assert infer.bind(ir.Array(ir.Array(lit(1), AT), AT), ir.Array(pattern, S), FakeTypes(), S) == {
        "E": lit(1)
    }


def test_a_generic_reference_by_instance_and_by_body() -> None:
    box = ir.Interface(
        "Box",
        ir.Object((ir.Property("value", ir.Ref("T", (), AT)),)),
        params=(ir.TypeParam("T"),),
    )
    al = ir.Alias(
        "Al", ir.Object((ir.Property("x", ir.Ref("T", (), AT)),)), params=(ir.TypeParam("T"),)
    )
    types = FakeTypes(
        {"Box": box, "Al": al, "Plain": ir.Interface("Plain", ir.Object())},
        {"Box_1": ("Box", (lit(1),)), "Al_2": ("Al", (lit(2),)), "Other_3": ("Other", (lit(3),))},
    )
    pattern = ir.Ref("Box", (infer_("T"),), S)
    assert infer.bind(ir.Ref("Box_1", (), AT), pattern, types, S) == {"T": lit(1)}
    body = ir.Object((ir.Property("value", lit("v")),))
    assert infer.bind(body, pattern, types, S) == {"T": lit("v")}
    # an instance of another generic is matched by the body: no ``value`` there
    assert infer.bind(ir.Ref("Other_3", (), AT), pattern, types, S) == {
        "T": ir.Primitive("unknown", S)
    }
    alias_pattern = ir.Ref("Al", (infer_("D"),), S)
    assert infer.bind(ir.Ref("Al_2", (), AT), alias_pattern, types, S) == {"D": lit(2)}
    assert infer.bind(ir.Object((ir.Property("x", lit(7)),)), alias_pattern, types, S) == {
        "D": lit(7)
    }
    # no generic of that name: nothing bound
    assert infer.bind(body, ir.Ref("Plain", (infer_("Q"),), S), types, S) == {
        "Q": ir.Primitive("unknown", S)
    }


def test_a_property_pattern_binds_only_where_the_source_has_the_property() -> None:
    pattern = ir.Object(
        (
            ir.Property("a", infer_("X")),
            ir.Property("b", ir.Literal(1)),
            ir.Property("c", infer_("Y")),
        )
    )
    source = ir.Object((ir.Property("a", lit("s")), ir.Property("b", lit(1))))
    assert infer.bind(source, pattern, FakeTypes(), S) == {
        "X": lit("s"),
        "Y": ir.Primitive("unknown", S),
    }


def test_a_union_pattern_takes_what_the_fixed_members_do_not() -> None:
    pattern = ir.Union((infer_("V"), ir.Primitive("undefined"), lit(0)), S)
    source = ir.Union((lit("a"), ir.Primitive("undefined", AT), lit(0), lit(1)), AT)
    assert infer.bind(source, pattern, FakeTypes(), S) == {"V": ir.Union((lit("a"), lit(1)), S)}
    two = ir.Union((infer_("A"), ir.Array(infer_("B"))), S)
    assert infer.bind(ir.Array(lit(1), AT), two, FakeTypes(), S) == {
        "A": ir.Array(lit(1), AT),
        "B": lit(1),
    }


def test_rest_item() -> None:
    assert infer._rest_item(lit(1)) == lit(1)
    assert infer._rest_item(ir.Ref(SPREAD, (ir.Array(lit(2)),), AT)) == lit(2)
    assert infer._rest_item(ir.Ref(SPREAD, (lit(3),), AT)) == lit(3)


# ---------------------------------------------------------------- from the survivors


def test_named_keeps_other_references() -> None:
    pattern = ir.Tuple((infer_("A"), ir.Ref("Other", (), AT)), S)
    assert infer.named(pattern) == ir.Tuple((ir.Ref("A", (), AT), ir.Ref("Other", (), AT)), S)


def test_true_and_false_candidates_are_boolean_at_the_source_s_span() -> None:
    both = ir.Tuple((lit(True), lit(False)), AT)
    found = infer.bind(both, ir.Array(infer_("E"), S), FakeTypes(), S)
    assert found == {"E": ir.Primitive("boolean", AT)}
    assert found["E"].span == AT  # type: ignore[index]
    pattern = ir.Union((infer_("V"), ir.Primitive("undefined")), S)
    source = ir.Union((lit(True), ir.Primitive("undefined", AT), lit(False)), AT)
    found = infer.bind(source, pattern, FakeTypes(), S)
    assert found == {"V": ir.Primitive("boolean", AT)}
    assert found["V"].span == AT  # type: ignore[index]


def test_an_instance_with_more_arguments_than_the_pattern() -> None:
    """A default filled in: the instance has two arguments, the pattern names one."""
    g = ir.Interface(
        "G",
        ir.Object((ir.Property("a", ir.Ref("A", (), AT)), ir.Property("b", ir.Ref("B", (), AT)))),
        params=(ir.TypeParam("A"), ir.TypeParam("B", ir.Primitive("string"))),
    )
    types = FakeTypes({"G": g}, {"G_1": ("G", (lit(1), lit(2)))})
    pattern = ir.Ref("G", (infer_("X"),), S)
    assert infer.bind(ir.Ref("G_1", (), AT), pattern, types, S) == {"X": lit(1)}
    body = ir.Object((ir.Property("a", lit(3)), ir.Property("b", lit(4))))
    assert infer.bind(body, pattern, types, S) == {"X": lit(3)}


def test_a_tuple_shorter_than_the_pattern_binds_nothing() -> None:
    spread = ir.Ref(SPREAD, (infer_("R"),), AT)
    pattern = ir.Tuple((infer_("A"), infer_("B")), S, rest=spread)
    unknown = ir.Primitive("unknown", S)
    assert infer.bind(ir.Tuple((lit(1),), AT), pattern, FakeTypes(), S) == {
        "A": unknown,
        "B": unknown,
        "R": unknown,
    }


@pytest.mark.parametrize(
    "source",
    [
        ir.Tuple((lit(1), lit(2), lit(3)), AT),  # longer
        ir.Tuple((lit(1), lit(2)), AT, rest=lit(9)),  # as long, with a rest
    ],
)
def test_a_tuple_that_may_be_longer_than_a_fixed_pattern_binds_nothing(
    source: ir.Tuple,
) -> None:
    pattern = ir.Tuple((infer_("A"), infer_("B")), S)
    unknown = ir.Primitive("unknown", S)
    assert infer.bind(source, pattern, FakeTypes(), S) == {"A": unknown, "B": unknown}
