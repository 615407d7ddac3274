"""Pins of ``codegen.frontend.expand_computed`` (issues #36/#33), from its mutation
survivors: conditional types distributed over a naked parameter and ``infer X extends C``
(``conditional``, ``constrained``), mapped types whose value reads the key
(``mapped_type``) and template literal types whose holes name types (``template``,
``literals_of``). Each compiles a snippet and asserts the exact declarations, located
warnings, spans, or the work spent from the budget at the limit and one past it."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import Diagnostics
from codegen.frontend import budget
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


# --------------------------------------------------------------------------- mapped_type

WITH_KEY = "export type W<T> = { [K in keyof T]-?: [K, T[K]] };\n"


def test_a_homomorphic_mapped_type_over_each_kind_of_type() -> None:
    # over ``keyof T``: each property (its key as written), an array's items, a tuple's
    # members by position, an index signature's value; a primitive maps to itself
    types, warnings = degraded(
        WITH_KEY + "export type D = W<{ a?: string | undefined; readonly b: number }>;\n"
        "export type E = W<string[]>;\n"
        "export type F = W<[string, number]>;\n"
        "export type G = W<Record<string, number>>;\n"
        "export type H = W<string>;\n"
        "export type J = W<{ [k: string]: boolean; x: 1 }>;\n"
    )
    assert {k: v for k, v in types.items() if k != "W"} == {
        "D": '{ a: ["a", string | undefined]; b: ["b", number] }',
        "E": "[number, string][]",
        "F": '[["0", string], ["1", number]]',
        "G": "Record<string, [string, number]>",
        "H": "string",
        "J": '{ x: ["x", 1]; [k: string]: [string, boolean] }',
    }
    assert warnings == []


def test_literal_keys_are_required_properties_and_string_an_index_signature() -> None:
    # each literal key is a property, required unless ``?`` says otherwise; the key as
    # written (``1`` is the number 1)
    types, _ = degraded(
        'export type L = { [K in "a" | 1]: [K] };\n'
        'export type O = { [K in "a" | 1]?: [K] };\n'
        "export type S = { [K in string]: [K] };\n"
    )
    assert types == {
        "L": '{ a: ["a"]; 1: [1] }',
        "O": '{ a?: ["a"]; 1?: [1] }',
        "S": "Record<string, [string]>",
    }


def members(text: str, name: str) -> list[tuple[str, str, bool, bool, str, int, int]]:
    """The properties of the declaration ``name``'s object type: name, type, optional,
    readonly, doc and where each stands."""
    decl = compiled(text).decls[name]
    body = decl.body if isinstance(decl, ir.Interface) else decl.type  # type: ignore[union-attr]
    assert isinstance(body, ir.Object)
    return [
        (p.name, render(p.type), p.optional, p.readonly, p.doc.description, p.span.line, p.span.col)
        for p in body.properties
    ]


SOURCE = "export interface S {\n  /** the a */\n  readonly a?: string | undefined;\n  b: number | undefined;\n  c: 1 }\n"


@pytest.mark.parametrize(
    ("modifiers", "expected"),
    [
        # no modifier: each property keeps its own ``?`` and ``readonly``, doc and position
        (
            ": T[K] | null",
            [
                ("a", "string | undefined | null", True, True, "the a", 3, 3),
                ("b", "number | undefined | null", False, False, "", 4, 3),
                ("c", "1 | null", False, False, "", 5, 3),
            ],
        ),
        # ``-?`` takes ``undefined`` out of the value too; ``-readonly`` the flag
        (
            "-?: T[K] | null",
            [
                ("a", "string | null", False, True, "the a", 3, 3),
                ("b", "number | null", False, False, "", 4, 3),
                ("c", "1 | null", False, False, "", 5, 3),
            ],
        ),
        (
            "+?: [T[K]]",
            [
                ("a", "[string | undefined]", True, True, "the a", 3, 3),
                ("b", "[number | undefined]", True, False, "", 4, 3),
                ("c", "[1]", True, False, "", 5, 3),
            ],
        ),
    ],
)
def test_a_homomorphic_mapped_type_keeps_or_sets_each_modifier(
    modifiers: str, expected: list[tuple[str, str, bool, bool, str, int, int]]
) -> None:
    text = SOURCE + f"export type M<T> = {{ [K in keyof T]{modifiers} }};\nexport type X = M<S>;\n"
    assert members(text, "X") == expected


@pytest.mark.parametrize(
    ("mapped", "flags"),
    [
        ("{ -readonly [K in keyof T]: [T[K]] }", [(True, False), (False, False), (False, False)]),
        ("{ +readonly [K in keyof T]-?: [T[K]] }", [(False, True), (False, True), (False, True)]),
        ("{ readonly [K in keyof T]: [T[K]] }", [(True, True), (False, True), (False, True)]),
    ],
)
def test_readonly_modifiers(mapped: str, flags: list[tuple[bool, bool]]) -> None:
    text = SOURCE + f"export type M<T> = {mapped};\nexport type X = M<S>;\n"
    assert [(m[2], m[3]) for m in members(text, "X")] == flags


def test_a_mapped_type_over_literal_keys_stands_where_it_is_written() -> None:
    text = 'export type L = { [K in "a" | "b"]: [K] };\n'
    assert members(text, "L") == [
        ("a", '["a"]', False, False, "", 1, 17),
        ("b", '["b"]', False, False, "", 1, 17),
    ]
    t = compiled(text).decls["L"].type  # type: ignore[union-attr]
    # each key's literal where the mapped type stands (a tuple's item, listed twice:
    # as ``items`` and as ``members``)
    assert spans(t) == [
        ("Object", 1, 17),
        ("property a", 1, 17),
        ("Tuple", 1, 37),
        ("Literal", 1, 17),
        ("Literal", 1, 17),
        ("property b", 1, 17),
        ("Tuple", 1, 37),
        ("Literal", 1, 17),
        ("Literal", 1, 17),
    ]


def test_members_that_no_json_object_holds_are_left_out() -> None:
    # a ``never`` value (``x: never``): the key is no member, over ``keyof`` or literals
    types, _ = degraded(
        "export type V<T> = { [K in keyof T]: [K, T[K]] };\n"
        "export type D = V<{ a: never; b: 1 }>;\n"
        'export type E = { [K in "a" | "b"]: K extends "a" ? never : K };\n'
        'export type C = V<"lit">;\n'
    )
    assert (types["D"], types["E"], types["C"]) == ('{ b: ["b", 1] }', '{ b: "b" }', '"lit"')


def test_over_a_union_of_a_type_parameter_it_distributes_each_member_a_class() -> None:
    # ``Partial<A | B>`` is ``Partial<A> | Partial<B>``: each member of the union mapped,
    # each anonymous one declared where it stands (after the argument's own members)
    out = shown(
        "export type V<T> = { [K in keyof T]: [K, T[K]] };\n"
        "export type I = V<{ a: 1 } | { b: 2 } | string>;\n"
        "export type J = V<{ a: 1 } | string>;\n"
    )
    assert {k: v for k, v in out.items() if k not in ("V",)} == {
        "I1": [("a", "1", False)],
        "I2": [("b", "2", False)],
        "I1_cf71fcc2": [("a", '["a", 1]', False)],
        "I2_20810f6c": [("b", '["b", 2]', False)],
        "I": "I1_cf71fcc2 | I2_20810f6c | string",
        "J": '{ a: ["a", 1] } | string',
    }


# --------------------------------------------------------------------------- conditional

IS_STR = 'export type IsStr<T> = T extends string ? "s" : "n";\n'


def test_a_naked_parameter_distributes_over_each_member() -> None:
    types, warnings = degraded(
        IS_STR + "export type A = IsStr<string | number | boolean>;\n"
        "export type B = IsStr<never>;\n"
        'export type W<T> = [T] extends [string] ? "s" : "n";\n'
        "export type C = W<string | number>;\n"
        "export type D<T> = T extends string ? T[] : never;\n"
        'export type E = D<"a" | "b" | 1>;\n'
    )
    assert (types["A"], types["B"], types["C"], types["E"]) == (
        '"s" | "n"',
        "never",
        '"n"',  # ``[T]`` is no naked parameter: not distributed
        '"a"[] | "b"[]',
    )
    assert warnings == []


def test_what_a_conditional_type_makes_stands_where_it_is_written() -> None:
    # the union of a distribution, and of both branches where ``any`` is checked (each
    # branch, as TypeScript: ``infer U`` of ``any`` is ``unknown``), at the conditional
    s = compiled(
        IS_STR + "export type A = IsStr<string | number | boolean>;\n"
        'export type Unbox<T> = T extends { v: infer U } ? [U] : "no";\n'
        "export type B = Unbox<any>;\n"
    )
    a, b = s.decls["A"].type, s.decls["B"].type  # type: ignore[union-attr]
    assert spans(a) == [("Union", 1, 24), ("Literal", 1, 43), ("Literal", 1, 49)]
    assert render(b) == '[unknown] | "no"'
    assert spans(b) == [
        ("Union", 3, 24),
        ("Tuple", 3, 51),
        ("Primitive", 3, 24),
        ("Primitive", 3, 24),
        ("Literal", 3, 57),
    ]


def test_a_distribution_spends_a_step_per_member(monkeypatch: pytest.MonkeyPatch) -> None:
    one = IS_STR + "export type A = IsStr<string>;\n"
    two = IS_STR + "export type A = IsStr<string | number>;\n"
    message = costs(monkeypatch, one, 10)
    assert message.startswith(
        "a.ts:2:17: error: expanding the generic instance of 'IsStr' needs more than 9 steps"
    )
    costs(monkeypatch, two, 19)


def test_an_infer_constraint_decides_or_degrades_where_it_is_written() -> None:
    # ``infer V extends C``: what was inferred stays where it is assignable to C, else the
    # pattern's check fails; where the declarations cannot say, a located degradation
    types, warnings = degraded(
        "export type F<T> = T extends { v: infer V extends `b${string}` } ? [V] : 'no';\n"
        "export type X = F<{ v: `a${string}` }>;\n"
        "export type Y = F<{ v: 'bq' }>;\n"
        "export type Z = F<{ v: 'aq' }>;\n"
        "export type G<T> = T extends { v: infer V; w: `b${string}` } ? [V] : 'no';\n"
        "export type W = G<{ v: 1; w: `a${string}` }>;\n"
    )
    assert (types["X"], types["Y"], types["Z"], types["W"]) == (
        "unknown",
        '["bq"]',
        '"no"',
        "unknown",
    )
    assert warnings == [
        "a.ts:1:20: warning: conditional type: cannot decide whether 'infer V' (string"
        ' (pattern "^a.*$")) satisfies its constraint string (pattern "^b.*$"): degraded to'
        " JsonValue (any JSON value)",
        "a.ts:5:20: warning: conditional type: cannot decide from the declarations whether {"
        ' v: 1; w: string (pattern "^a.*$") } extends { v: 1; w: string (pattern "^b.*$") }:'
        " degraded to JsonValue (any JSON value)",
    ]


def test_an_infer_constraint_names_a_declaration_or_a_parameter() -> None:
    # the constraint is expanded where the conditional type stands: ``U`` its argument,
    # ``Tag`` the alias
    types, warnings = degraded(
        'export type Tag = "a" | "b";\n'
        "export type F<T, U> ="
        ' T extends { v: infer V extends U; w: infer W extends Tag } ? [V, W] : "no";\n'
        'export type X = F<{ v: 1; w: "a" }, number>;\n'
        'export type Y = F<{ v: 1; w: "c" }, number>;\n'
        'export type Z = F<{ v: "1"; w: "b" }, number>;\n'
    )
    assert (types["X"], types["Y"], types["Z"], warnings) == ('[1, "a"]', '"no"', '"no"', [])


# --------------------------------------------------------------------------- template


def test_a_template_s_holes_read_the_literals_their_types_stand_for() -> None:
    # an enum, an alias of a union of literals and of aliases (in order); a union with a
    # type that is no literal is a pattern
    types, warnings = degraded(
        'export enum Color { Red = "red", Blue = "blue" }\n'
        'export type N = "x" | "y";\n'
        'export type NN = N | "z";\n'
        "export type T1 = `${Color}-${NN}`;\n"
        "export type T3 = `${N | number}!`;\n"
        'export type T5 = `<${"a" | NN}>`;\n'
    )
    assert (types["T1"], types["T3"], types["T5"]) == (
        '"red-x" | "red-y" | "red-z" | "blue-x" | "blue-y" | "blue-z"',
        'string (pattern "^.*!$")',
        '"<a>" | "<x>" | "<y>" | "<z>"',
    )
    assert warnings == []


def test_what_a_mapped_type_makes_stands_where_the_mapped_type_is_written() -> None:
    # the array, tuple, mapping or object it makes at the mapped type (1:20); the values
    # where they were written; a property where it was declared
    s = compiled(
        "export type W<T> = { [K in keyof T]: [T[K]] };\n"
        "export type E = W<string[]>;\n"
        "export type F = W<[string, number]>;\n"
        "export type G = W<Record<string, number>>;\n"
        "export type J = W<{ [k: string]: boolean; x: 1 }>;\n"
        "export type S = { [K in string]: K };\n"
    )
    found = {n: spans(s.decls[n].type) for n in "EFGJS"}  # type: ignore[union-attr]
    assert found["E"] == [("Array", 1, 20), ("Tuple", 1, 38), *[("Primitive", 2, 19)] * 2]
    assert found["F"][:2] == [("Tuple", 1, 20), ("Tuple", 1, 38)]
    assert found["G"] == [("Mapping", 1, 20), ("Tuple", 1, 38), *[("Primitive", 4, 34)] * 2]
    assert found["J"] == [
        ("Object", 1, 20),
        ("property x", 5, 43),
        ("Tuple", 1, 38),
        ("Literal", 5, 46),
        ("Literal", 5, 46),
    ]
    assert found["S"] == [("Mapping", 6, 17), ("Primitive", 6, 17)]
    j = s.decls["J"].type  # type: ignore[union-attr]
    assert isinstance(j, ir.Object) and j.index is not None
    assert (render(j.index.value), j.index.span.line) == ("[boolean]", 5)


def test_the_keys_a_mapped_type_makes_stand_where_it_is_written() -> None:
    # ``K`` over an array is ``number``, over a tuple each position, over an index
    # signature ``string``: each at the mapped type (1:20); so are the union it makes of a
    # distribution and the members it lifts, and a template's literals at the template
    s = compiled(
        "export type W<T> = { [K in keyof T]: [K] };\n"
        "export type E = W<string[]>;\n"
        "export type F = W<[string, number]>;\n"
        "export type G = W<Record<string, number>>;\n"
        "export type J = W<{ [k: string]: boolean; x: 1 }>;\n"
        "export type V<T> = { [K in keyof T]: [K, T[K]] };\n"
        "export type I = V<{ a: 1 } | { b: 2 } | string>;\n"
        'export type N = "x" | "y";\n'
        "export type T1 = `${N}-`;\n"
        "export type U<T> = { [K in keyof T]-?: T[K] | undefined };\n"
        "export type Q = U<{ a?: string }>;\n"
    )
    found = {n: spans(s.decls[n].type) for n in ("E", "F", "G", "I", "T1", "Q")}  # type: ignore[union-attr]
    assert found["E"] == [("Array", 1, 20), ("Tuple", 1, 38), *[("Primitive", 1, 20)] * 2]
    assert found["F"] == [("Tuple", 1, 20), *[("Tuple", 1, 38), *[("Literal", 1, 20)] * 2] * 4]
    assert found["G"] == [("Mapping", 1, 20), ("Tuple", 1, 38), *[("Primitive", 1, 20)] * 2]
    j = s.decls["J"].type  # type: ignore[union-attr]
    assert isinstance(j, ir.Object) and j.index is not None
    assert spans(j.index.value) == [("Tuple", 1, 38), *[("Primitive", 1, 20)] * 2]
    assert found["I"] == [("Union", 6, 20), ("Ref", 6, 20), ("Ref", 6, 20), ("Primitive", 7, 41)]
    assert found["T1"] == [("Union", 9, 18), ("Literal", 9, 18), ("Literal", 9, 18)]
    # ``-?`` leaves one member of ``string | undefined``: that member, no union of one
    assert found["Q"] == [("Object", 10, 20), ("property a", 11, 21), ("Primitive", 11, 25)]


def test_a_key_written_as_a_number_stays_a_number_to_keyof() -> None:
    # over literal keys and over ``keyof`` alike: ``keyof`` of the mapped type gives 1,
    # not "1" (TypeScript's numeric-like keys)
    types, warnings = degraded(
        'export type M = { [K in 1 | "a"]: [K] };\n'
        "export type KM = keyof M;\n"
        "export type W<T> = { [K in keyof T]: [K] };\n"
        "export type R = W<{ 200: string; b: 1 }>;\n"
        "export type KR = keyof R;\n"
    )
    assert (types["M"], types["KM"], types["R"], types["KR"], warnings) == (
        '{ 1: [1]; a: ["a"] }',
        '1 | "a"',
        '{ 200: [200]; b: ["b"] }',
        '200 | "b"',
        [],
    )
    m = compiled('export type M = { [K in 1 | "a"]: [K] };\n').decls["M"].type  # type: ignore[union-attr]
    assert isinstance(m, ir.Object)
    assert [(p.name, p.numeric_name) for p in m.properties] == [("1", True), ("a", False)]


def test_a_never_value_leaves_its_key_out_but_adds_nothing_when_indexed() -> None:
    # the object leaves the key out (no JSON object holds it); ``{ ... }[keyof T]`` reads
    # every key's value, ``never`` adding nothing (no "not a data property" degradation)
    types, warnings = degraded(
        "export type Vals<T> = { [K in keyof T]: T[K] extends 1 ? never : [T[K]] }[keyof T];\n"
        "export type V = Vals<{ a: 1; b: 2 }>;\n"
        "export type NoOnes<T> = { [K in keyof T]: T[K] extends 1 ? never : [T[K]] };\n"
        "export type D = NoOnes<{ a: 1; b: 2 }>;\n"
    )
    assert (types["V"], types["D"], warnings) == ("[2]", "{ b: [2] }", [])
