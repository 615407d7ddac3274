"""Pins of ``codegen.frontend.expand_generics`` (issue #36): the bounds of generic
instantiation (the arguments' size and the instances' nesting, each at its limit and one
past it), and which instances are declared, inlined or kept."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.frontend import budget, expand_core, expand_generics
from tests.compiler.frontend.test_expand_pins import compiled, error, shown


def at(line: int, col: int) -> ir.Span:
    return ir.Span("a.ts", line, col)


BOX = "export interface Box<T> { v: T }\n"
CHAIN = (
    "export interface G0<T> { x: G1<T> }\n"
    "export interface G1<T> { x: G2<T> }\n"
    "export interface G2<T> { x: T }\n"
    "export type A = G0<string>;\n"
    "export type B = G0<number>;\n"
)


def test_type_arguments_up_to_the_size_limit_are_instantiated_one_node_more_is_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``[string, number]`` is three type nodes; the limit is read when instantiating
    monkeypatch.setattr(expand_generics, "MAX_ARGUMENT_NODES", 3)
    assert shown(BOX + "export type A = Box<[string, number]>;\n") == {
        "Box_Tuple_b651f0ed": [("v", "[string, number]", False)],
        "A": "Box_Tuple_b651f0ed",
    }
    assert error(BOX + "export type A = Box<[string, number, null]>;\n") == (
        "a.ts:2:17: error: the type arguments of generic 'Box' grow past 3 type nodes (an"
        " instance that needs a larger instance of itself, without end?)"
    )


def test_instances_nest_up_to_the_limit_one_more_is_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``G0<string>`` expands ``G1<string>`` inside it, which expands ``G2<string>``: three
    # deep; once done, the next use (``G0<number>``) starts from nothing again
    monkeypatch.setattr(expand_generics, "MAX_NESTING", 3)
    out = shown(CHAIN)
    assert (out["A"], out["B"], out["G1_number"]) == (
        "G0_string",
        "G0_number",
        [("x", "G2_number", False)],
    )
    monkeypatch.setattr(expand_generics, "MAX_NESTING", 2)
    assert error(CHAIN) == (
        "a.ts:2:29: error: generic instances nest more than 2 deep at 'G2' (a generic whose"
        " body needs an ever-new instance, or a chain of generics too long)"
    )


@pytest.mark.parametrize(
    ("limit", "where"),
    [
        (2, "a.ts:2:17: error: expanding the generic instance of 'Box' needs more than 2 "),
        (103, "a.ts:2:17: error: expanding the generic instance of 'Box' needs more than 103 "),
        (104, "a.ts:3:17: error: expanding 'B' needs more than 104 "),
    ],
)
def test_work_inside_an_instance_is_blamed_on_it_at_its_use(
    monkeypatch: pytest.MonkeyPatch, limit: int, where: str
) -> None:
    # the body's steps and the instance's own cost are the instance's, located where it is
    # used (not in the generic's body); once made, the next declaration is blamed again;
    # 107 steps compile it all
    text = (
        "export interface Box<T> { a: T; b: T }\n"
        "export type A = Box<string>;\n"
        "export type B = { x: string; y: string };\n"
    )
    monkeypatch.setattr(budget, "MAX_WORK", limit)
    assert error(text).startswith(where)
    monkeypatch.setattr(budget, "MAX_WORK", 107)
    assert shown(text)["A"] == "Box_string"


def test_a_recursive_generic_alias_is_one_declaration_at_each_use_s_position() -> None:
    # ``J<string>`` needs itself: declared once, as ``J_string``; each use refers to it
    # where it stands, its own body too
    s = compiled(
        "export type J<T> = T | J<T>[];\n"
        "export type A = J<string>;\n"
        "export type B = { b: J<string> };\n"
    )
    assert sorted(s.decls) == ["A", "B", "J_string"]
    j, a, b = s.decls["J_string"], s.decls["A"], s.decls["B"]
    assert isinstance(j, ir.Alias) and isinstance(j.type, ir.Union)
    assert j.type.members[1] == ir.Array(ir.Ref("J_string", (), at(1, 24)), at(1, 24))
    assert isinstance(a, ir.Alias) and a.type == ir.Ref("J_string", (), at(2, 17))
    assert isinstance(b, ir.Alias) and isinstance(b.type, ir.Object)
    assert b.type.properties[0].type == ir.Ref("J_string", (), at(3, 22))


@pytest.mark.parametrize(
    ("uses", "decls"),
    [
        # used bare first: declared as ``J``; ``J<string>`` inside it is that same type
        ("export type X = J;\nexport type Y = J<string>;\n", {"J": "string | J[] | [J]", "X": "J"}),
        # used with its argument first: ``J_string``, and bare it is that one too
        (
            "export type Y = J<string>;\nexport type X = J;\n",
            {"J_string": "string | J_string[] | [J_string]", "X": "J_string"},
        ),
    ],
)
def test_a_recursive_alias_with_defaults_is_one_type_used_bare_or_with_its_arguments(
    uses: str, decls: dict[str, str]
) -> None:
    # its own body names the type being declared (never an undeclared ``J_string``)
    out = shown("type J<T = string> = T | J<T>[] | [J<T>];\n" + uses)
    assert out == {**decls, "Y": decls["X"]}


@pytest.mark.parametrize(("limit", "compiles"), [(10, False), (11, True)])
def test_an_inlined_alias_instance_is_expanded_once_per_argument_list(
    monkeypatch: pytest.MonkeyPatch, limit: int, compiles: bool
) -> None:
    # the second ``M<[string, string]>`` costs its arguments and a lookup, not ``M``'s body
    text = (
        "export type M<T> = T | null;\n"
        "export type A = M<[string, string]>;\n"
        "export type B = M<[string, string]>;\n"
    )
    monkeypatch.setattr(budget, "MAX_WORK", limit)
    if compiles:
        assert shown(text) == {"A": "[string, string] | null", "B": "[string, string] | null"}
    else:
        assert error(text).startswith("a.ts:3:28: error: expanding 'B' needs more than 10 steps")


def test_a_declared_recursive_alias_instance_keeps_the_generic_s_doc_and_position() -> None:
    s = compiled(
        "/** A tree of strings. */\nexport type J<T> = T | J<T>[];\nexport type A = J<string>;\n"
    )
    j = s.decls["J_string"]
    assert (j.doc.description, j.span) == ("A tree of strings.", at(2, 1))


def test_two_argument_lists_that_read_alike_are_two_instances() -> None:
    # ``Box<string[]>`` and ``Box<stringArray>`` both want ``Box_stringArray``: one name per
    # structure, the second gets its digest
    assert shown(
        BOX + "export interface stringArray { x: number }\n"
        "export type A = Box<string[]>;\n"
        "export type B = Box<stringArray>;\n"
    ) == {
        "stringArray": [("x", "number", False)],
        "Box_stringArray": [("v", "string[]", False)],
        "A": "Box_stringArray",
        "Box_stringArray_f099523f": [("v", "stringArray", False)],
        "B": "Box_stringArray_f099523f",
    }


@pytest.mark.parametrize(("limit", "compiles"), [(105, False), (106, True)])
def test_an_instance_used_again_costs_a_lookup(
    monkeypatch: pytest.MonkeyPatch, limit: int, compiles: bool
) -> None:
    text = (
        "export interface Box<T> { a: T; b: T }\n"
        "export type A = Box<string>;\n"
        "export type B = Box<string>;\n"
    )
    monkeypatch.setattr(budget, "MAX_WORK", limit)
    if compiles:
        assert (shown(text)["A"], shown(text)["B"]) == ("Box_string", "Box_string")
    else:
        assert error(text).startswith("a.ts:3:21: error: expanding 'B' needs more than 105 steps")


def test_a_sibling_instance_made_before_adds_nothing_to_the_nesting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # in ``H<string>``, ``Box<string>`` is done before ``G0<string>`` nests ``G1<string>``:
    # three deep at most (H, G0, G1), whatever came before
    text = (
        BOX + "export interface G0<T> { x: G1<T> }\nexport interface G1<T> { x: T }\n"
        "export interface H<T> { a: Box<T>; b: G0<T> }\nexport type A = H<string>;\n"
    )
    monkeypatch.setattr(expand_generics, "MAX_NESTING", 3)
    assert shown(text)["H_string"] == [("a", "Box_string", False), ("b", "G0_string", False)]
    monkeypatch.setattr(expand_generics, "MAX_NESTING", 2)
    assert error(text).startswith("a.ts:2:29: error: generic instances nest more than 2 deep")


def test_an_instance_s_reference_to_a_declaration_of_its_name_is_kept() -> None:
    # ``Box_string`` is declared: ``Box<string>`` is ``Box_string_<digest>``, and its member
    # ``other: Box_string`` still means the declared one (only a self-reference follows)
    assert shown(
        "export interface Box<T> { v: T; other: Box_string }\n"
        "export interface Box_string { z: number }\n"
        "export type A = Box<string>;\n"
    ) == {
        "Box_string": [("z", "number", False)],
        "Box_string_743b6990": [("v", "string", False), ("other", "Box_string", False)],
        "A": "Box_string_743b6990",
    }


@pytest.mark.parametrize(
    "generic",
    [
        "export interface Box<T> { v: T }\n",
        "export interface Box<T> { v: T; kids: Box<T>[] }\n",  # declared as it refers to itself
        "export type Box<T> = T | Box<T>[];\n",
    ],
    ids=["instance", "recursive instance", "recursive alias"],
)
def test_a_synthesized_name_collision_is_located_at_the_use(
    monkeypatch: pytest.MonkeyPatch, generic: str
) -> None:
    # both want ``Box_stringArray`` (declared): each its digest's name, here forced equal
    monkeypatch.setattr(expand_core, "digest", lambda structure: "d")
    assert (
        error(
            generic + "export interface Box_stringArray { q: 1 }\n"
            "export interface stringArray { x: number }\n"
            "export type A = Box<string[]>;\n"
            "export type B = Box<stringArray>;\n"
        )
        == "a.ts:5:17: error: two different types want the synthesized name 'Box_stringArray_d'"
    )
