"""Pins of ``parse_types`` (type expressions), written from the branches its mutation run
reaches least (issue #36).

Each test parses an inline snippet and asserts the exact IR or the exact located message.
"""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import SchemaError
from codegen.frontend.parse import parse_module
from codegen.ir import CONDITIONAL, FUNCTION, INFER, TEMPLATE
from codegen.ir.queries import degraded_spots


def S(line: int, col: int) -> ir.Span:
    return ir.Span("t.ts", line, col)


def alias_type(text: str) -> ir.TypeExpr:
    (alias,) = parse_module("t.ts", text).decls
    assert isinstance(alias, ir.Alias)
    return alias.type


def located(text: str) -> str:
    try:
        module = parse_module("t.ts", text)
    except SchemaError as err:
        return str(err)
    (spot,) = degraded_spots(module.decls)
    return f"{spot[0]}: error: {spot[1]}"


def ref(name: str, col: int, *args: ir.TypeExpr) -> ir.Ref:
    return ir.Ref(name, args, S(1, col))


# ---------------------------------------------------------------------- conditions


def test_a_function_pattern_reads_its_return_then_each_parameter() -> None:
    """``void`` returned is any value; an untyped or rest parameter is any; comments
    between parameters are skipped."""
    source = "type T<X> = X extends (/* c */ a: 1, /* d */ ...b) => void ? 1 : 2;"
    pattern = ref(
        FUNCTION,
        23,
        ir.Primitive("any", S(1, 55)),
        ir.Literal(1, S(1, 35)),
        ir.Primitive("any", S(1, 46)),
    )
    assert alias_type(source) == ref(
        CONDITIONAL, 13, ref("X", 13), pattern, ir.Literal(1, S(1, 62)), ir.Literal(2, S(1, 66))
    )


def test_a_function_pattern_with_an_untyped_parameter_infers_its_return() -> None:
    assert alias_type("type T<X> = X extends (a) => infer R ? R : never;") == ref(
        CONDITIONAL,
        13,
        ref("X", 13),
        ref(FUNCTION, 23, ref(INFER, 30, ref("R", 30)), ir.Primitive("any", S(1, 24))),
        ref("R", 40),
        ir.Primitive("never", S(1, 44)),
    )


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (
            "type T<X> = X extends new () => infer R ? R : never;",
            "t.ts:1:23: error: constructor type in a conditional type's condition",
        ),
        (
            "type T<X> = (new () => X) extends X ? 1 : 2;",
            "t.ts:1:14: error: constructor type in a conditional type's condition",
        ),
        (
            "type T<X> = X extends (a: string) => a is string ? 1 : 2;",
            "t.ts:1:23: error: unsupported construct: "
            "function type without a return type in a condition",
        ),
    ],
)
def test_what_a_condition_cannot_hold_degrades_where_it_stands(source: str, message: str) -> None:
    assert located(source) == message


# ---------------------------------------------------------------------- unions with symbols


def test_a_symbol_member_adds_no_json_value_to_a_union() -> None:
    assert alias_type("type T = string | symbol | unique symbol;") == ir.Union(
        (ir.Primitive("string", S(1, 10)),), S(1, 10)
    )


def test_a_union_of_symbols_only_degrades_at_its_first_member() -> None:
    assert located("type T = symbol | unique  symbol;") == "t.ts:1:10: error: 'symbol' type"


# ---------------------------------------------------------------------- templates


def test_a_template_with_a_named_hole_is_text_hole_text_for_expand() -> None:
    assert alias_type("type T = `a${Locale}b${1 | 2}c`;") == ref(
        TEMPLATE,
        10,
        ir.Literal("a", S(1, 10)),
        ref("Locale", 14),
        ir.Literal("b", S(1, 10)),
        ir.Union((ir.Literal(1, S(1, 24)), ir.Literal(2, S(1, 28))), S(1, 24)),
        ir.Literal("c", S(1, 10)),
    )


def test_a_union_hole_holding_a_name_is_expand_s_too() -> None:
    assert alias_type("type T = `${1 | L}`;") == ref(
        TEMPLATE,
        10,
        ir.Literal("", S(1, 10)),
        ir.Union((ir.Literal(1, S(1, 13)), ref("L", 17)), S(1, 13)),
        ir.Literal("", S(1, 10)),
    )


# ---------------------------------------------------------------------- import types


def test_an_import_type_with_a_second_argument_is_a_located_error() -> None:
    assert located('type T = import("./x", { with: {} }).A;') == (
        "t.ts:1:10: error: unsupported construct: import type without one module name"
    )


def test_import_types_share_one_local_name_per_module_and_name() -> None:
    module = parse_module(
        "t.ts",
        'type T = [import("./x").A, import("./x").B, import("./y").A, import("./x").A];',
    )
    (alias,) = module.decls
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Tuple)
    assert [t.name for t in alias.type.items if isinstance(t, ir.Ref)] == [
        "#import1",
        "#import2",
        "#import3",
        "#import1",
    ]
    assert [(i.source, i.names, i.span) for i in module.imports] == [
        ("./x", (("#import1", "A"),), S(1, 11)),
        ("./x", (("#import2", "B"),), S(1, 28)),
        ("./y", (("#import3", "A"),), S(1, 45)),
    ]


def test_an_import_type_of_a_namespace_member_with_arguments_keeps_the_member() -> None:
    module = parse_module("t.ts", 'type T = import( "./x" ) . N . A<string>;')
    assert module.decls[0] == ir.Alias(
        "T", ref("#import1.A", 10, ir.Primitive("string", S(1, 34))), False, ir.EMPTY_DOC, S(1, 1)
    )
    assert [(i.source, i.names) for i in module.imports] == [("./x", (("#import1", "N"),))]


@pytest.mark.parametrize(
    ("source", "name"),
    [
        ('import("./x").N.A', "#import1.A"),
        ('import("./x") . /* c */ N.A', "#import1.A"),
        ('import("./x").N.M.A', "#import1.M.A"),
    ],
)
def test_an_import_type_of_a_namespace_member_keeps_the_member(source: str, name: str) -> None:
    """It was ``import("./x").N`` (the grammar's fields of the nested member expression
    leak to the outer one), which resolve then reported as the unknown type '#import1'."""
    module = parse_module("t.ts", f"type T = {source};")
    assert module.decls[0] == ir.Alias("T", ref(name, 10), False, ir.EMPTY_DOC, S(1, 1))
    assert [(i.source, i.names) for i in module.imports] == [("./x", (("#import1", "N"),))]


def test_a_comment_beside_an_import_type_s_module_name_is_skipped() -> None:
    module = parse_module("t.ts", 'type T = import(/* c */ "./x" /* d */).A;')
    assert module.decls[0] == ir.Alias("T", ref("#import1", 10), False, ir.EMPTY_DOC, S(1, 1))
    assert [(i.source, i.names) for i in module.imports] == [("./x", (("#import1", "A"),))]


# ---------------------------------------------------------------------- where a condition is


def test_only_the_extends_clause_reads_function_types_as_patterns() -> None:
    """The checked type and both branches read a function type as ``object`` (no JSON
    value is a function); the clause, also after a conditional nested in it, as a pattern
    whose first argument is the return type (``string`` here, not ``void``'s any)."""
    source = (
        "type T<X> = ((a: string) => void) extends "
        "[X extends 1 ? 2 : 3, (a: 1) => string] ? (b: 1) => void : () => 1;"
    )
    nested = ref(
        CONDITIONAL,
        44,
        ref("X", 44),
        ir.Literal(1, S(1, 54)),
        ir.Literal(2, S(1, 58)),
        ir.Literal(3, S(1, 62)),
    )
    pattern = ref(FUNCTION, 65, ir.Primitive("string", S(1, 75)), ir.Literal(1, S(1, 69)))
    assert alias_type(source) == ref(
        CONDITIONAL,
        13,
        ir.Primitive("object", S(1, 14)),
        ir.Tuple((nested, pattern), S(1, 43)),
        ir.Primitive("object", S(1, 85)),
        ir.Primitive("object", S(1, 102)),
    )


# ---------------------------------------------------------------------- rest members


def test_a_tuple_of_only_a_rest_array_is_that_array() -> None:
    assert alias_type("type T = [...Foo[]];") == ir.Array(ref("Foo", 14), S(1, 10))
    assert alias_type("type T = [...ReadonlyArray<string>];") == ir.Array(
        ir.Primitive("string", S(1, 28)), S(1, 10)
    )


def test_an_optional_member_after_a_rest_array_of_a_named_type_is_a_located_error() -> None:
    assert located("type T = [...Foo[], X?];") == (
        "t.ts:1:21: error: an optional tuple member cannot follow a rest member"
    )


def test_void_as_a_type_argument_is_undefined_at_the_argument() -> None:
    assert alias_type("type T = Box<void>;") == ref("Box", 10, ir.Primitive("undefined", S(1, 14)))


@pytest.mark.parametrize(
    ("source", "message"),
    [
        # a rest member that names no array: tsc wants one (``keyof X`` never is)
        (
            "type T = [...keyof X];",
            "t.ts:1:11: error: rest tuple member not written as an array or a tuple",
        ),
        (
            "type T = [A, ...B[], C];",
            "t.ts:1:14: error: a tuple member after a rest member ([A, ...B[], C]): "
            "the items from the rest member on",
        ),
    ],
)
def test_rest_members_json_schema_cannot_hold_degrade_where_they_stand(
    source: str, message: str
) -> None:
    assert located(source) == message


def test_a_labelled_member_s_comment_is_no_type() -> None:
    assert alias_type("type T = [a /* c */ : string, ...r /* d */ : number[]];") == ir.Tuple(
        (ir.Primitive("string", S(1, 23)),), S(1, 10), rest=ir.Primitive("number", S(1, 46))
    )


@pytest.mark.parametrize(("comment", "col"), [("", 40), (" /* c */", 48)])
def test_an_infer_with_a_constraint_holds_it_past_a_comment(comment: str, col: int) -> None:
    source = f"type T<X> = X extends [infer U{comment} extends string] ? U : never;"
    infer = ref(INFER, 24, ref("U", 24), ir.Primitive("string", S(1, col)))
    assert alias_type(source) == ref(
        CONDITIONAL,
        13,
        ref("X", 13),
        ir.Tuple((infer,), S(1, 23)),
        ref("U", col + 10),
        ir.Primitive("never", S(1, col + 14)),
    )


def test_typeof_a_qualified_value_is_its_name_without_spaces() -> None:
    assert alias_type("type T = typeof a . b;") == ir.Typeof("a.b", S(1, 10))


def test_flow_s_existential_type_is_a_located_error_named_in_words() -> None:
    # not TypeScript: tsc reports a syntax error too
    assert (
        located("type T = { a: * };") == "t.ts:1:15: error: unsupported construct: existential type"
    )


# ---------------------------------------------------------------------- wrappers (#37)


def test_each_parenthesis_and_readonly_is_a_level_of_the_nesting_limit() -> None:
    """Wrappers read without a call of their own still count one level each: 63 around a
    type are read, the 64th is refused at the type it reaches, as for any other type."""
    assert alias_type("type A = " + "(" * 63 + "string" + ")" * 63 + ";") == ir.Primitive(
        "string", S(1, 73)
    )
    with pytest.raises(SchemaError) as err:
        parse_module("t.ts", "type A = " + "(" * 64 + "string" + ")" * 64 + ";")
    assert str(err.value) == "t.ts:1:74: error: type nested more than 64 levels deep"
    readonly = "type A = " + "readonly (" * 31 + "string[]" + ")" * 31 + ";"
    assert isinstance(alias_type(readonly), ir.Array)
    with pytest.raises(SchemaError) as err:
        parse_module("t.ts", "type A = (" + readonly[9:-1] + ");")
    assert str(err.value).endswith("error: type nested more than 64 levels deep")


def test_a_type_after_a_wide_character_is_located_by_characters() -> None:
    """In a file with non-ASCII text, a column counts characters (not UTF-8 bytes) for
    every type node, not only the declaration's."""
    alias = alias_type('type A = { "é€": string | 1 };')
    assert isinstance(alias, ir.Object)
    (prop,) = alias.properties
    assert prop.type == ir.Union(
        (ir.Primitive("string", S(1, 18)), ir.Literal(1, S(1, 27))), S(1, 18)
    )


def test_an_intersection_in_a_template_hole_is_left_to_expand() -> None:
    """`` `s${"a" & string}` `` is ``"sa"`` once expand computes the intersection: the
    parser keeps the hole (no ``string`` pattern of ``.*`` decided before)."""
    hole = ir.Intersection((ir.Literal("a", S(1, 14)), ir.Primitive("string", S(1, 20))), S(1, 14))
    assert alias_type('type A = `s${"a" & string}`;') == ref(
        TEMPLATE, 10, ir.Literal("s", S(1, 10)), hole, ir.Literal("", S(1, 10))
    )


def test_an_infer_in_a_method_of_the_pattern_degrades_the_conditional_at_the_infer() -> None:
    """A method's type is no member of an object type here, so ``infer V`` inside one has
    nothing to bind to: the conditional degrades loudly, located at the (first) ``infer``;
    one in a property is read as a pattern."""
    message = "'infer' in a method of a conditional type's condition (methods are no data)"
    source = "type I<T> = T extends { m(): 1; valueOf(): infer V; (): infer W } ? V : T;"
    assert located(source) == f"t.ts:1:44: error: {message}"
    assert located("type I<T> = T extends { (): infer W } ? W : T;") == (
        f"t.ts:1:29: error: {message}"
    )
    pattern = alias_type("type I<T> = T extends { v: infer V } ? V : T;")
    assert isinstance(pattern, ir.Ref) and pattern.name == CONDITIONAL


def test_a_comment_inside_parentheses_is_not_the_type_they_hold() -> None:
    assert alias_type("type A = (string /* c */);") == ir.Primitive("string", S(1, 11))
    assert alias_type("type A = (/* c */ 1);") == ir.Literal(1, S(1, 19))
