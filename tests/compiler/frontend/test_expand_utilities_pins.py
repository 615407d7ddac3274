"""Pins of ``codegen.frontend.expand_utilities`` (issue #36), from its mutation survivors:
``Partial``/``Required`` over unions, arrays and tuples, ``Pick`` of ``any`` and of a
degraded type, a mapped utility of a declaration still being expanded, the intrinsic
string types, and the work each utility spends from the budget (with where its
exhaustion is located)."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import SchemaError
from codegen.frontend import budget, expand_core
from tests.compiler.frontend.test_expand_pins import compiled, error, shown

WIDE = "export interface A { " + "; ".join(f"p{i}: string" for i in range(40)) + " }\n"


def needs(text: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """The least work budget that ``text`` compiles within (bisected)."""
    low, high = 0, 100_000
    while low < high:
        middle = (low + high) // 2
        monkeypatch.setattr(budget, "MAX_WORK", middle)
        try:
            compiled(text)
        except SchemaError:
            low = middle + 1
        else:
            high = middle
    return low


def exhausted(text: str, limit: int, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(budget, "MAX_WORK", limit)
    return error(text)


# --------------------------------------------------------------------------- Partial, Required


def test_partial_and_required_distribute_over_a_union_as_typescript_s_homomorphic_types() -> None:
    # ``Partial<A | B>`` is ``Partial<A> | Partial<B>``; a primitive or literal member is
    # itself; a nested union (through an alias too) is flattened first.
    assert shown(
        "export interface A { a: string; b?: number }\n"
        "export interface B { c: boolean }\n"
        "export type U = A | B;\n"
        'export type P = Partial<U | "x" | string | null>;\n'
        "export type R = Required<A | (B | number)>;\n"
    ) == {
        "A": [("a", "string", False), ("b", "number", True)],
        "B": [("c", "boolean", False)],
        "U": "A | B",
        "Partial_A": [("a", "string", True), ("b", "number", True)],
        "Partial_B": [("c", "boolean", True)],
        "P": 'Partial_A | Partial_B | "x" | string | null',
        "Required_A": [("a", "string", False), ("b", "number", False)],
        "Required_B": [("c", "boolean", False)],
        "R": "Required_A | Required_B | number",
    }


def test_partial_and_required_of_arrays_and_tuples() -> None:
    # An array is mapped to an array (its elements unchanged); a tuple's elements all
    # become optional under ``Partial`` and all required under ``Required``.
    out = shown(
        "export interface A { a: string }\n"
        "export type PA = Partial<string[]>;\n"
        "export type RA = Required<A[]>;\n"
        "export type PT = Partial<[A, number]>;\n"
        "export type RT = Required<[string?, number?]>;\n"
    )
    assert {k: v for k, v in out.items() if k != "A"} == {
        "PA": "string[]",
        "RA": "A[]",
        "PT": "[A?, number?]",
        "RT": "[string, number]",
    }
    decls = compiled("export type PT = Partial<[string, number]>;\n").decls
    tuple_ = decls["PT"].type  # type: ignore[union-attr]
    assert isinstance(tuple_, ir.Tuple) and tuple_.min_items == 0
    assert tuple_.span == ir.Span("a.ts", 1, 18)  # where ``Partial<...>`` is written


# --------------------------------------------------------------------------- Pick


def test_pick_of_any_or_of_a_degraded_type_has_the_keys_each_typed_as_that_type() -> None:
    # TypeScript's ``Pick<any, K>`` is ``{ [P in K]: any }``; a package's type that is not
    # mapped (degraded) reads the same way, each key once, in the order written.
    decls = compiled(
        'import type { SecureContextOptions } from "tls";\n'
        'export type TLS = Pick<SecureContextOptions, "ca" | "key" | "ca">;\n'
        'export type Loose = Pick<any, "a" | "b">;\n'
        "export interface A { a: string; b: number }\n"
        'export type Some = Pick<A, "b">;\n'
    ).decls
    props = {
        name: [(p.name, p.type, p.span) for p in decls[name].body.properties]  # type: ignore[union-attr]
        for name in ("Pick_unknown_caOrkeyOrca", "Pick_any_aOrb", "Pick_A_b")
    }
    tls = props["Pick_unknown_caOrkeyOrca"]
    assert [name for name, _, _ in tls] == ["ca", "key"]
    assert all(isinstance(t, ir.Primitive) and t.degraded for _, t, _ in tls)
    assert [span for _, _, span in tls] == [ir.Span("a.ts", 2, 19)] * 2
    assert [(n, t, s) for n, t, s in props["Pick_any_aOrb"]] == [
        ("a", ir.Primitive("any", ir.Span("a.ts", 3, 26)), ir.Span("a.ts", 3, 21)),
        ("b", ir.Primitive("any", ir.Span("a.ts", 3, 26)), ir.Span("a.ts", 3, 21)),
    ]
    # an object type's own properties, not its key list, when it is no ``any``
    assert [n for n, _, _ in props["Pick_A_b"]] == ["b"]


# --------------------------------------------------------------------------- read as written


def test_a_mapped_utility_of_the_declaration_being_expanded_expands_its_types() -> None:
    # ``Node``'s own body asks for ``Partial<Node>``: its properties are read as written
    # (``Box<string>`` not yet an instance) and expanded for the mapped declaration.
    assert shown(
        "export interface Box<T> { v: T }\n"
        "export interface Node {\n"
        "  name: string;\n"
        "  kids: Box<string>;\n"
        "  parent?: Partial<Node>;\n"
        '  p2?: Pick<Node, "kids" | "name">;\n'
        "  r?: Required<Node>;\n"
        "}\n"
    ) == {
        "Box_string": [("v", "string", False)],
        "Required_Node": [
            ("name", "string", False),
            ("kids", "Box_string", False),
            ("parent", "Partial_Node", False),
            ("p2", "Pick_Node_kidsOrname", False),
            ("r", "Required_Node", False),
        ],
        "Pick_Node_kidsOrname": [("name", "string", False), ("kids", "Box_string", False)],
        "Partial_Node": [
            ("name", "string", True),
            ("kids", "Box_string", True),
            ("parent", "Partial_Node", True),
            ("p2", "Pick_Node_kidsOrname", True),
            ("r", "Required_Node", True),
        ],
        "Node": [
            ("name", "string", False),
            ("kids", "Box_string", False),
            ("parent", "Partial_Node", True),
            ("p2", "Pick_Node_kidsOrname", True),
            ("r", "Required_Node", True),
        ],
    }


# --------------------------------------------------------------------------- intrinsic


def test_the_intrinsic_string_types_map_each_member_and_locate_their_errors() -> None:
    out = shown(
        'export type UP = Uppercase<"ab" | "cD">;\n'
        "export type L = Lowercase<K>;\n"
        'export type K = "Ab";\n'
        'export type C = Capitalize<"ab" | string>;\n'
    )
    assert out == {"UP": '"AB" | "CD"', "L": '"ab"', "K": '"Ab"', "C": '"Ab" | string'}
    literal = compiled('export type UP = Uppercase<"ab">;\n').decls["UP"].type  # type: ignore[union-attr]
    assert literal == ir.Literal("AB", ir.Span("a.ts", 1, 18))
    assert error("export type UP = Uppercase<number>;\n") == (
        "a.ts:1:18: error: 'Uppercase' needs a string type, got number"
    )


# --------------------------------------------------------------------------- work


def test_each_mapped_utility_instance_spends_its_properties_and_the_instance_cost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``A`` alone: one step per property. ``Partial<A>`` adds one step per property it
    # maps and INSTANCE_COST for the declaration it makes (as any generic instance).
    base = needs(WIDE, monkeypatch)
    assert base == 40
    partial = needs(WIDE + "export type P = Partial<A>;\n", monkeypatch)
    assert partial - base == 40 + expand_core.INSTANCE_COST + 2
    record = needs(WIDE + 'export type R = Record<"x" | "y" | "z", A>;\n', monkeypatch)
    assert record - base == 3 + expand_core.INSTANCE_COST + 6
    # an open key is a mapping: no declaration, no instance cost
    assert needs(WIDE + "export type M = Record<string, A>;\n", monkeypatch) - base == 3


@pytest.mark.parametrize(
    ("use", "spent"),
    [
        ("Partial<A>", 0),  # the last step: the instance's cost
        ("Partial<A>", expand_core.INSTANCE_COST),  # the properties mapped
        ("Required<A>", 0),
        ('Record<"x" | "y" | "z", A>', 0),
        ('Record<"x" | "y" | "z", A>', expand_core.INSTANCE_COST),  # the keys
    ],
)
def test_an_exhausted_budget_is_located_at_the_utility(
    use: str, spent: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = WIDE + f"export type P = {use};\n"
    limit = needs(text, monkeypatch) - 1 - spent
    assert exhausted(text, limit, monkeypatch) == (
        f"a.ts:2:17: error: expanding 'P' needs more than {limit} steps of type expansion"
        " (the compiler's work budget); the type grows without bound or is too large to expand"
    )


def test_exclude_extract_and_non_nullable_are_computed_once_per_argument_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a generic alias of lib's: the second use of the same arguments reads the first's
    # value, so it costs no more than its own alias; without that it would cost the first's
    for use, first, second in (
        ("NonNullable<A | null>", 24, 4),
        ('Exclude<A | "x", "x">', 13, 5),
        ("Extract<A | null, A>", 13, 5),
    ):
        once = needs(WIDE + f"export type P = {use};\n", monkeypatch)
        twice = needs(WIDE + f"export type P = {use};\nexport type Q = {use};\n", monkeypatch)
        assert (once - 40, twice - once) == (first, second)


# --------------------------------------------------------------------------- instances


def test_a_utility_instance_that_names_itself_follows_its_final_name() -> None:
    # ``Partial<Foo>`` inside ``Foo``: the instance being made refers to itself; its name is
    # taken by a declaration, so it is declared under a digest and its self-reference
    # follows (never the user's ``Partial_Foo``).
    assert shown(
        "export interface Foo { a: string; r?: Partial<Foo> }\n"
        "export interface Partial_Foo { x: number }\n"
        "export type Q = Partial<Foo>;\n"
    ) == {
        "Partial_Foo_327cf661": [("a", "string", True), ("r", "Partial_Foo_327cf661", True)],
        "Foo": [("a", "string", False), ("r", "Partial_Foo_327cf661", True)],
        "Partial_Foo": [("x", "number", False)],
        "Q": "Partial_Foo_327cf661",
    }


def test_each_use_of_an_instance_is_a_reference_where_it_is_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    decls = compiled(
        "export interface A { a: string }\n"
        "export interface B { b: string }\n"
        "export type P = Partial<A>;\n"
        "export type Q = Partial<A>;\n"
        "export type U = Partial<A | B>;\n"
    ).decls
    assert decls["P"].type == ir.Ref("Partial_A", (), ir.Span("a.ts", 3, 17))  # type: ignore[union-attr]
    assert decls["Q"].type == ir.Ref("Partial_A", (), ir.Span("a.ts", 4, 17))  # type: ignore[union-attr]
    at = ir.Span("a.ts", 5, 17)
    assert decls["U"].type == ir.Union(  # type: ignore[union-attr]
        (ir.Ref("Partial_A", (), at), ir.Ref("Partial_B", (), at)), at
    )
    # the second use of an instance costs no mapping and no declaration
    once = needs(WIDE + "export type P = Partial<A>;\n", monkeypatch)
    twice = needs(WIDE + "export type P = Partial<A>;\nexport type Q = Partial<A>;\n", monkeypatch)
    assert twice - once == 2


def test_an_instance_under_a_taken_name_keeps_references_to_the_declaration() -> None:
    # not recursive: ``Partial_Foo`` inside it is the user's declaration, not the instance
    assert shown(
        "export interface Foo { a: string; user?: Partial_Foo }\n"
        "export interface Partial_Foo { x: number }\n"
        "export type Q = Partial<Foo>;\n"
    ) == {
        "Foo": [("a", "string", False), ("user", "Partial_Foo", True)],
        "Partial_Foo": [("x", "number", False)],
        "Partial_Foo_12a05ec3": [("a", "string", True), ("user", "Partial_Foo", True)],
        "Q": "Partial_Foo_12a05ec3",
    }


def test_the_self_reference_of_an_instance_is_located_where_it_is_written() -> None:
    decls = compiled("export interface Foo {\n  a: string;\n  r?: Partial<Foo>;\n}\n").decls
    made = decls["Partial_Foo"]
    assert isinstance(made, ir.Interface)
    assert made.body.properties[1].type == ir.Ref("Partial_Foo", (), ir.Span("a.ts", 3, 7))


# --------------------------------------------------------------------------- keys


def test_never_among_the_keys_is_no_key() -> None:
    assert shown(
        "export type N = never;\n"
        "export interface A { a: string; b: string; c: string }\n"
        'export type PK = Pick<A, "a" | N | "c">;\n'
        "export type R = Record<N, string>;\n"
        'export type R2 = Record<"x" | N | "y", string>;\n'
    ) == {
        "N": "never",
        "A": [("a", "string", False), ("b", "string", False), ("c", "string", False)],
        "Pick_A_aOrNOrc": [("a", "string", False), ("c", "string", False)],
        "PK": "Pick_A_aOrNOrc",
        "Record_N_string": [],
        "R": "Record_N_string",
        "Record_xOrNOry_string": [("x", "string", False), ("y", "string", False)],
        "R2": "Record_xOrNOry_string",
    }


def test_an_open_key_nested_in_a_picked_union_is_the_located_error() -> None:
    # ``Pick`` needs literal keys: ``string`` inside an aliased union is refused where it
    # is written (``Record`` reads the same keys as a mapping instead)
    text = 'export interface A { a: string; b: string }\nexport type Open = "b" | string;\n'
    assert error(text + 'export type PK = Pick<A, "a" | Open>;\n') == (
        "a.ts:2:26: error: expected a string literal or a union of them"
    )
    assert shown(text + 'export type R = Record<"a" | Open, number>;\n')["R"] == (
        "Record<string, number>"
    )
