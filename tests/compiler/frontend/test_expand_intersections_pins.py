"""Pins of ``codegen.frontend.expand_intersections`` (issues #36/#33), from its mutation
survivors: ``&`` distributed over unions within ``MAX_DISTRIBUTED`` and the work budget,
``Omit`` of a union (``omit_of_union``), ``[A, ...Ns]`` (``spread``), the names of lifted
members (``lift``, ``suffixes``). Each compiles a snippet and asserts the exact
declarations, located errors and warnings, spans, or the work spent from the budget at
the limit and one past it."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import Diagnostics
from codegen.frontend import budget, expand_intersections
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.printer import render
from tests.compiler.frontend.test_expand_pins import compiled, error, shown, spans


def degraded(text: str) -> tuple[dict[str, str], list[str]]:
    """Each alias's type as text, and the located warnings of what degraded."""
    diags = Diagnostics()
    decls = resolve([parse_module("a.ts", text)], diags).decls
    types = {k: render(d.type) for k, d in decls.items() if isinstance(d, ir.Alias)}
    return types, [str(w) for w in diags.degraded]


def costs(monkeypatch: pytest.MonkeyPatch, text: str, steps: int) -> str:
    """``text`` compiles within ``steps`` of work and not within one less: the message."""
    monkeypatch.setattr(budget, "MAX_WORK", steps)
    compiled(text)
    monkeypatch.setattr(budget, "MAX_WORK", steps - 1)
    return error(text)


# --------------------------------------------------------------------------- omit_of_union


def test_omit_of_a_union_is_the_keys_all_members_have_but_the_omitted() -> None:
    # ``Pick<T, Exclude<keyof T, K>>`` does not distribute: ``keyof (A | B)`` is the keys
    # both have, each of the union of their types (once each), optional where one is
    out = shown(
        'export interface A { k: "a"; x: string; y?: number; z: 1 }\n'
        'export interface B { k: "b"; x: number; y: number; w: 2 }\n'
        'export type O = Omit<A | B, "z">;\n'
        'export type P = Omit<A | B, "x">;\n'
        "export type U = A | B;\n"
        'export type Q = Omit<U, "k">;\n'
        'export type N = Omit<A | null, "z">;\n'
        'export type S = Omit<{ a: string; b: 1 } | { a: string | number; b: 2 }, "b">;\n'
    )
    assert (out["O"], out["P"], out["Q"], out["N"], out["S"]) == (
        '{ k: "a" | "b"; x: string | number; y?: number }',
        '{ k: "a" | "b"; y?: number }',
        "{ x: string | number; y?: number }",
        "{}",  # ``null`` has no keys
        "{ a: string | number }",
    )


def test_omit_of_a_union_keeps_the_first_member_s_order_docs_and_positions() -> None:
    schema = compiled(
        "export interface A {\n  /** the y */\n  y?: number;\n  x: string }\n"
        "export interface B { x: number; y: number }\n"
        'export type O = Omit<A | B, "z">;\n'
    )
    o = schema.decls["O"].type  # type: ignore[union-attr]
    assert isinstance(o, ir.Object) and o.index is None
    assert [(p.name, p.optional, p.doc.description, p.span.line) for p in o.properties] == [
        ("y", True, "the y", 3),
        ("x", False, "", 4),
    ]
    assert spans(o) == [
        ("Object", 6, 17),
        ("property y", 3, 3),
        ("Primitive", 3, 7),
        ("property x", 4, 3),
        ("Union", 6, 17),
        ("Primitive", 4, 6),
        ("Primitive", 5, 25),
    ]


@pytest.mark.parametrize("later", [False, True])
def test_omit_of_a_union_read_as_written_is_expanded(later: bool) -> None:
    # inside ``A`` (being expanded) its members are read as written: expanded after,
    # ``Box<string>`` is its instance ``Box_string`` wherever the Omit stands
    box = "export interface Box<T> { v: T }\nexport interface B { k: 2; x: number }\n"
    inside = 'export interface A { k: 1; x: Box<string>; o?: Omit<A | B, "k"> }\n'
    assert shown(box + inside)["A"] == [
        ("k", "1", False),
        ("x", "Box_string", False),
        ("o", "{ x: Box_string | number }", True),
    ]
    outside = 'export type O = Omit<A | B, "k">;\nexport interface A { k: 1; x: Box<string> }\n'
    assert shown(box + outside)["O"] == "{ x: Box_string | number }"


def test_a_member_optional_in_a_later_member_is_optional() -> None:
    # ``y`` is required in ``B`` (first) and optional in ``A``: optional; read inside ``A``
    # (as written), ``x``'s ``Other`` is expanded as a reference to that interface
    assert shown(
        "export interface Other { o: 1 }\n"
        "export interface B { k: 2; x: number; y: string }\n"
        'export interface A { k: 1; x: Other; y?: string; o?: Omit<B | A, "k"> }\n'
    )["A"] == [
        ("k", "1", False),
        ("x", "Other", False),
        ("y", "string", True),
        ("o", "{ x: number | Other; y?: string }", True),
    ]


def test_omit_of_a_union_spends_a_step_per_member_key(monkeypatch: pytest.MonkeyPatch) -> None:
    text = 'export type O = Omit<{ a: 1; b: 2 } | { a: 3; c: 4 }, "b">;\n'
    assert shown(text)["O"] == "{ a: 1 | 3 }"
    message = costs(monkeypatch, text, 12)
    assert message.startswith("a.ts:1:17: error: expanding 'O' needs more than 11 steps")


# --------------------------------------------------------------------------- spread


def test_a_rest_member_naming_an_array_or_a_tuple_is_spliced() -> None:
    types, warnings = degraded(
        "export type Ns = number[];\n"
        "export type A = [string, ...Ns];\n"
        "export type T2 = [boolean, number];\n"
        "export type B = [string, ...T2];\n"
        "export type T3 = [boolean, number?];\n"
        "export type C = [string, ...T3];\n"
        "export type E = [...Ns];\n"
        "export type R = [boolean, ...string[]];\n"
        "export type F = [number, ...R];\n"
        "export type G = [...T2];\n"
        "export type O = [boolean?];\n"
        "export type D = [string?, ...O];\n"
        "export type Z = [];\n"
        "export type D3 = [string?, ...Z];\n"
        "export type D4 = [string, number?, ...O];\n"
        "export type Gen<T extends unknown[]> = [string, ...T];\n"
        "export type I = Gen<[number, boolean]>;\n"
        "export type J = Gen<number[]>;\n"
    )
    assert {k: types[k] for k in "ABCEFGD"} | {"D3": types["D3"], "D4": types["D4"]} | {
        "I": types["I"],
        "J": types["J"],
    } == {
        "A": "[string, ...number[]]",
        "B": "[string, boolean, number]",
        "C": "[string, boolean, number?]",
        "E": "number[]",
        "F": "[number, boolean, ...string[]]",
        "G": "[boolean, number]",
        "D": "[string?, boolean?]",
        "D3": "[string?]",
        "D4": "[string, number?, boolean?]",
        "I": "[string, number, boolean]",
        "J": "[string, ...number[]]",
    }
    assert warnings == []


def test_a_rest_of_an_array_alone_is_that_array_where_the_tuple_stands() -> None:
    schema = compiled("export type Ns = number[];\nexport type E = [...Ns];\n")
    assert spans(schema.decls["E"].type) == [("Array", 2, 17), ("Primitive", 1, 18)]  # type: ignore[union-attr]


def test_the_spliced_tuple_s_required_members() -> None:
    schema = compiled(
        "export type T3 = [boolean, number?];\n"
        "export type C = [string, ...T3];\n"
        "export type O = [boolean?];\n"
        "export type D = [string?, ...O];\n"
        "export type R = [boolean, ...string[]];\n"
        "export type F = [number, ...R];\n"
    )
    found = {}
    for name in ("C", "D", "F"):
        t = schema.decls[name].type  # type: ignore[union-attr]
        assert isinstance(t, ir.Tuple)
        found[name] = (len(t.items), t.min_items, t.rest is not None)
    assert found == {"C": (3, 2, False), "D": (2, 0, False), "F": (2, None, True)}


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("export type T = [boolean, number?];\nexport type D = [string?, ...T];\n", "2:27"),
        ("export type T = [boolean];\nexport type D = [string?, ...T];\n", "2:27"),
    ],
)
def test_a_required_member_spliced_after_an_optional_one_is_a_located_error(
    text: str, where: str
) -> None:
    assert (
        error(text) == f"a.ts:{where}: error: a required tuple member cannot follow an optional one"
    )


def test_a_rest_member_naming_neither_an_array_nor_a_tuple_degrades_where_it_stands() -> None:
    types, warnings = degraded(
        "export type Str = string;\nexport type H = [string, ...Str];\nexport type K = [...Str];\n"
    )
    assert (types["H"], types["K"]) == ("[string, ...unknown[]]", "unknown[]")
    what = "rest tuple member that names neither an array nor a tuple"
    assert warnings == [
        f"a.ts:2:26: warning: {what}: degraded to JsonValue (any JSON value)",
        f"a.ts:3:18: warning: {what}: degraded to JsonValue (any JSON value)",
    ]


# --------------------------------------------------------------------------- intersection

SIX = "export type U = ({ a: 1 } | { b: 2 }) & ({ c: 3 } | { d: 4 } | { e: 5 });\n"


def test_a_distribution_is_refused_past_max_distributed(monkeypatch: pytest.MonkeyPatch) -> None:
    # counted before any member is made: 2 x 3 members, at the limit and one past it
    monkeypatch.setattr(expand_intersections, "MAX_DISTRIBUTED", 6)
    out = shown(SIX)
    assert out["U"] == "U1_08714a4a | U2_ffc3a724 | U3_f60f8a8e | U4 | U5 | U6"
    assert out["U4"] == "U2 & U1_12bd9ffc"
    monkeypatch.setattr(expand_intersections, "MAX_DISTRIBUTED", 5)
    types, warnings = degraded(SIX)
    assert types["U"] == "unknown"
    assert warnings == [
        "a.ts:1:17: warning: this intersection distributes over its unions into 6 members,"
        " more than the limit of 5: degraded to JsonValue (any JSON value)"
    ]


def test_a_distribution_spends_its_members_times_its_operands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``(A | B) & (C | D)``: 4 members of 2 operands, 8 steps beside the types' nodes
    two = "export type X = ({ a: 1 } | { b: 2 }) & { c: 3 };\n"
    four = "export type X = ({ a: 1 } | { b: 2 }) & ({ c: 3 } | { d: 4 });\n"
    message = costs(monkeypatch, two, 14)
    assert message.startswith("a.ts:1:17: error: expanding 'X' needs more than 13 steps")
    costs(monkeypatch, four, 23)
    # the union's members are spent where the union stands, after the 8 nodes written
    monkeypatch.setattr(budget, "MAX_WORK", 9)
    assert error(two).startswith("a.ts:1:18: error: expanding 'X' needs more than 9 steps")


def test_the_members_no_json_value_has_are_left_out() -> None:
    # ``string & { a: string }`` is no JSON value: the member is ``never``; one member
    # left is the intersection; none left: the located reason, degraded
    types, warnings = degraded(
        "export type X = (string | { b: 1 }) & { a: string };\n"
        "export type Y = ({ b: 1 } | string) & { a: string };\n"
        "export type N = (string | number) & { a: string };\n"
        "export type S = (string | null) & {};\n"
        'export type L = ("a" | "b") & string;\n'
        'export type M = ("a" | 1) & string;\n'
    )
    assert types == {
        "X": "{ b: 1 } & { a: string }",
        "Y": "{ b: 1 } & { a: string }",
        "N": "unknown",
        "S": "string",
        "L": '"a" | "b"',
        "M": '"a"',
    }
    assert warnings == [
        "a.ts:3:37: warning: no JSON value is both a primitive type and an object type with"
        " the data member 'a'; only a brand (every member a literal type or never, as in {"
        ' readonly __brand: "Id" }) or {} can be intersected with a primitive type: degraded'
        " to JsonValue (any JSON value)"
    ]


def test_a_primitive_member_beside_one_object_member_stays() -> None:
    # only ``never`` members leave the one object member alone: ``string & {}`` is
    # ``string``, and stays beside it
    assert shown("export type X = (string | { b: 1 }) & {};\n") == {
        "X1": "{ b: 1 }",
        "X": "string | X1",
    }
    # ``{ b: 1 } & {}`` is the object type itself, no intersection of one member
    x1 = compiled("export type X = (string | { b: 1 }) & {};\n").decls["X1"]
    assert isinstance(x1, ir.Alias) and isinstance(x1.type, ir.Object)


def test_members_with_values_beside_never_ones_are_declared() -> None:
    # two object members left: each a declaration named where it stands; the ``never``
    # member dropped from the union
    out = shown("export type X = (string | { b: 1 } | { c: 2 }) & { a: string };\n")
    assert out == {
        "X1": [("b", "1", False)],
        "X2": [("c", "2", False)],
        "X1_165781dc": "X1 & { a: string }",
        "X2_a9aa277f": "X2 & { a: string }",
        "X": "X1_165781dc | X2_a9aa277f",
    }


# --------------------------------------------------------------------------- meet


def test_array_items_that_name_a_declaration_under_way_stay_as_written() -> None:
    # ``type K = (K | string)[] & (K | number)[]``: TypeScript reads array items lazily,
    # so this is no cycle; the items are left intersected as written, where written
    schema = compiled("export type K = (K | string)[] & (K | number)[];\n")
    k = schema.decls["K"].type  # type: ignore[union-attr]
    assert render(k) == "(K | string & K | number)[]"
    assert spans(k) == [
        ("Array", 1, 17),
        ("Intersection", 1, 17),
        ("Union", 1, 18),
        ("Ref", 1, 18),
        ("Primitive", 1, 22),
        ("Union", 1, 35),
        ("Ref", 1, 35),
        ("Primitive", 1, 39),
    ]
    # in an interface being expanded too; items naming nothing under way meet
    assert shown(
        "export interface N { kids: (N | string)[] & (N | number)[];"
        " b: (string | number)[] & (string | boolean)[] }\n"
    ) == {"N": [("kids", "(N | string & N | number)[]", False), ("b", "string[]", False)]}
    # the items both arrays allow, where the intersection stands
    n = compiled("export interface N { b: (string | number | boolean)[] & (string | number)[] }\n")
    b = n.decls["N"].body.properties[0].type  # type: ignore[union-attr]
    assert render(b) == "(string | number)[]"
    assert spans(b) == [
        ("Array", 1, 25),
        ("Union", 1, 25),
        ("Primitive", 1, 26),
        ("Primitive", 1, 35),
    ]
    assert shown("export type P = Q;\nexport type Q = (P | string)[] & (P | number)[];\n") == {
        "P": "Q",
        "Q": "P[]",
    }


# --------------------------------------------------------------------------- lift, suffixes


def test_a_lifted_name_wanted_by_three_structures_is_a_located_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from codegen.frontend import expand_core

    text = (
        "export type HFA = 1;\n"
        'export type H = { f: { k: "a"; x: 1 } | { k: "b" } };\n'
        'export type HF = { k: "a"; y: 2 } | { k: "b"; z: 3 };\n'
    )
    assert shown(text)["HF"] == "HFA_3147460f | HFB_f9205da1"
    monkeypatch.setattr(expand_core, "digest", lambda structure: "d")
    assert error(text) == "a.ts:3:18: error: two different types want the synthesized name 'HFA_d'"


def test_a_member_that_uses_its_own_union_never_tags_it() -> None:
    # ``kind: Msg`` names the union being expanded: no tag, the next key tells them
    # apart, else their positions
    assert shown('export type Msg = { t: "a"; kind: Msg } | { t: "b"; kind: "x" };\n') == {
        "MsgA": [("t", '"a"', False), ("kind", "Msg", False)],
        "MsgB": [("t", '"b"', False), ("kind", '"x"', False)],
        "Msg": "MsgA | MsgB",
    }
    assert shown('export type Msg = { kind: Msg; a: 1 } | { kind: "x"; b: 2 };\n') == {
        "Msg1": [("kind", "Msg", False), ("a", "1", False)],
        "Msg2": [("kind", '"x"', False), ("b", "2", False)],
        "Msg": "Msg1 | Msg2",
    }
    assert (
        shown(
            'export type Reply = { kind: "r"; text: string };\n'
            "export type Msg = Reply | (Common & { reply?: undefined });\n"
            'export type Common = { kind: "c"; reply?: Msg } | { kind: "d"; reply?: Msg };\n'
        )["Msg"]
        == "Reply | CommonC | CommonD"
    )


# --------------------------------------------------------------------------- omit, alternatives


def test_omit_of_an_inline_object_type_is_an_object_type() -> None:
    # the back ends take ``Omit`` of a named type; of one written inline (or an
    # instantiated alias's body) it is the object type of the members left, its index
    # signature kept
    types, warnings = degraded(
        'export type R = Omit<Record<string, number>, "a">;\n'
        "export interface Base { a: string; b: number }\n"
        'export type N = Omit<Base, "a">;\n'
        'export type I = Omit<{ a: 1; [k: string]: number } & { b: 2 }, "a">;\n'
        'export type O = Omit<{ a: 1; b: 2; c: 3 }, "a">;\n'
        'export type OO = Omit<Omit<{ a: 1; b: 2; c: 3 }, "a">, "b">;\n'
        'export type G<T> = Omit<T, "a">;\n'
        "export type GI = G<{ a: 1; z: 2 }>;\n"
    )
    assert {k: types[k] for k in ("R", "N", "I", "O", "OO", "GI")} == {
        "R": "{ [key: string]: number }",
        "N": 'Omit<Base, "a">',
        "I": "{ b: 2; [k: string]: number }",
        "O": "{ b: 2; c: 3 }",
        "OO": "{ c: 3 }",
        "GI": "{ z: 2 }",
    }
    assert warnings == []
    schema = compiled('export type R = Omit<Record<string, number>, "a">;\n')
    r = schema.decls["R"].type  # type: ignore[union-attr]
    assert spans(r) == [("Object", 1, 17)]
    assert isinstance(r, ir.Object) and r.index is not None
    assert (r.index.span.line, r.index.span.col) == (1, 22)
    schema = compiled('export type I = Omit<{ a: 1; [k: string]: number } & { b: 2 }, "a">;\n')
    assert spans(schema.decls["I"].type) == [  # type: ignore[union-attr]
        ("Object", 1, 17),
        ("property b", 1, 56),
        ("Literal", 1, 59),
    ]


def test_omit_of_an_intersection_keeps_the_index_signature_of_any_member() -> None:
    # the first member that has one (not the first member), and the members of a named
    # interface among them
    types, warnings = degraded(
        "export interface Base { b: string; a: number }\n"
        'export type X = Omit<{ a: 1 } & { [k: string]: number; b: 2 }, "a">;\n'
        'export type Y = Omit<{ a: 1; c: 3 } & Base, "a">;\n'
    )
    assert (types["X"], types["Y"], warnings) == (
        "{ b: 2; [k: string]: number }",
        "{ c: 3; b: string }",
        [],
    )


def test_an_alias_cycle_through_omit_is_the_cycle_error() -> None:
    assert error('export type A = Omit<A, "x">;\n') == "a.ts:1:1: error: cycle: A -> A"


def test_an_intersection_distributes_over_aliases_of_unions_and_nested_intersections() -> None:
    types, _ = degraded(
        'export type U = "a" | "b";\n'
        'export type V = U | "c";\n'
        "export type X = V & string;\n"
        'export type Y = (V | "a") & ("a" | "d");\n'
    )
    assert (types["X"], types["Y"]) == ('"a" | "b" | "c"', '"a"')
    # ``A & (B & (C | D))``: the members ``A & B & C`` and ``A & B & D``, unparenthesized
    assert shown("export type X = { a: 1 } & ({ b: 2 } & ({ c: 3 } | { d: 4 }));\n") == {
        "X1": [("c", "3", False)],
        "X2": [("d", "4", False)],
        "X1_b94d3d74": "{ a: 1 } & { b: 2 } & X1",
        "X2_df2a810b": "{ a: 1 } & { b: 2 } & X2",
        "X": "X1_b94d3d74 | X2_df2a810b",
    }


def test_a_tag_through_an_alias_of_a_literal_names_the_member() -> None:
    # ``k: KA`` with ``type KA = "a"``: the literal it stands for tells the members apart
    assert shown(
        'export type KA = "a";\nexport type KB = "b";\n'
        "export type U = { k: KA; x: 1 } | { k: KB; y: 1 };\n"
    ) == {
        "KA": '"a"',
        "KB": '"b"',
        "UA": [("k", "KA", False), ("x", "1", False)],
        "UB": [("k", "KB", False), ("y", "1", False)],
        "U": "UA | UB",
    }


def test_an_intersection_of_named_types_inside_another_is_spliced() -> None:
    # ``A & (B & C)`` is ``A & B & C``, also in each member of a distribution
    out = shown(
        "export interface B { b: 1 }\nexport interface C { c: 2 }\n"
        "export type X = { a: 1 } & (B & C);\n"
        "export type Y = ({ a: 1 } | { z: 2 }) & (B & C);\n"
    )
    assert (out["X"], out["Y1_4711d5c1"], out["Y2_d5a36d8b"]) == (
        "{ a: 1 } & B & C",
        "Y1 & B & C",
        "Y2 & B & C",
    )
    schema = compiled(
        "export interface B { b: 1 }\nexport interface C { c: 2 }\n"
        "export type X = { a: 1 } & (B & C);\n"
    )
    x = schema.decls["X"].type  # type: ignore[union-attr]
    assert isinstance(x, ir.Intersection) and len(x.members) == 3


def test_aliases_of_unions_are_flattened_to_max_nesting_deep(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # each alias of a union inside another is one level; past ``MAX_NESTING`` levels the
    # alias stays one member of the distribution (here 1: ``A2`` is the third member)
    text = (
        "export type A0 = { x: 0 } | A1;\nexport type A1 = { x: 1 } | A2;\n"
        "export type A2 = { x: 2 } | A3;\nexport type A3 = { x: 3 } | { x: 4 };\n"
        "export type X = A0 & { k: 1 };\n"
    )
    assert shown(text)["X"] == "X1 | X2 | X3 | X4 | X5"
    monkeypatch.setattr(expand_intersections, "MAX_NESTING", 1)
    out = shown(text)
    assert (out["X"], out["X3"]) == ("X1 | X2 | X3", "A2 & { k: 1 }")
    monkeypatch.setattr(expand_intersections, "MAX_NESTING", 0)
    assert shown(text)["X"] == "X1 | X2"
