"""parse_module: IR shapes, spans and docs for the supported subset; clear errors otherwise."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codegen import ir
from codegen.errors import SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve


def parse(text: str) -> ir.Module:
    return parse_module("t.ts", text)


def decl(text: str) -> ir.Decl:
    (only,) = parse(text).decls
    return only


def error(text: str) -> str:
    with pytest.raises(SchemaError) as info:
        parse(text)
    return str(info.value)


def test_interface_with_bases_props_and_spans() -> None:
    iface = decl(
        '/** Doc. */\nexport interface A extends B, Omit<C, "x" | "y"> {\n'
        '  /** P. */\n  readonly "io.x/y"?: string;\n  $schema: number;\n}\n'
    )
    assert isinstance(iface, ir.Interface)
    assert iface.span == ir.Span("t.ts", 2, 1)
    assert iface.exported and iface.doc == ir.Doc("Doc.")
    base, omit = iface.extends
    assert base == ir.Ref("B", (), ir.Span("t.ts", 2, 28))
    assert isinstance(omit, ir.Ref) and omit.name == "Omit"
    assert omit.args[1] == ir.Union(
        (ir.Literal("x", ir.Span("t.ts", 2, 39)), ir.Literal("y", ir.Span("t.ts", 2, 45))),
        ir.Span("t.ts", 2, 39),
    )
    quoted, dollar = iface.body.properties
    assert (quoted.name, quoted.optional, quoted.readonly) == ("io.x/y", True, True)
    assert quoted.doc.description == "P."
    assert quoted.span == ir.Span("t.ts", 4, 3)
    assert quoted.type == ir.Primitive("string", ir.Span("t.ts", 4, 23))
    assert (dollar.name, dollar.optional, dollar.readonly) == ("$schema", False, False)
    assert dollar.doc == ir.EMPTY_DOC


def test_doc_skips_line_comments_between_jsdoc_and_property() -> None:
    iface = decl(
        "interface A {\n  /** Roots. */\n  // eslint-disable-next-line x\n  roots?: {};\n}"
    )
    assert isinstance(iface, ir.Interface)
    assert not iface.exported
    assert iface.body.properties[0].doc.description == "Roots."


def test_plain_block_comment_is_not_a_doc() -> None:
    alias = decl("/* JSON types */\ntype A = string;")
    assert alias.doc == ir.EMPTY_DOC


def test_doc_does_not_leak_to_the_next_declaration() -> None:
    first, second = parse("/** One. */\ntype A = string;\ntype B = number;").decls
    assert first.doc.description == "One."
    assert second.doc == ir.EMPTY_DOC


def test_index_signature() -> None:
    alias = decl("type O = { [key: string]: unknown; a: 1 };")
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Object)
    assert alias.type.index is not None
    assert alias.type.index.key_name == "key"
    assert alias.type.index.value.kind == "primitive"
    assert alias.type.properties[0].type == ir.Literal(1, ir.Span("t.ts", 1, 39))


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ('export const V = "2.0";', "2.0"),
        ("export const E = -32700;", -32700),
        ("export const F = 1.5;", 1.5),
        ("export const H = 0x1F;", 31),
        ("export const B = true;", True),
        ("export const N = false as const;", False),
        ('export const S: string = "a\\"b\\u0041";', 'a"bA'),
        ("const L = -0.5;", -0.5),
    ],
)
def test_const_values(source: str, value: ir.LiteralValue) -> None:
    const = decl(source)
    assert isinstance(const, ir.Const)
    assert const.value == value and type(const.value) is type(value)
    assert const.exported == source.startswith("export")


def test_several_declarators_in_one_const() -> None:
    first, second = parse("const A = 1, B = 2;").decls
    assert (first.name, second.name) == ("A", "B")
    assert second.span == ir.Span("t.ts", 1, 14)


def test_union_is_flattened_in_source_order_including_leading_bar() -> None:
    alias = decl('type U =\n  | "a"\n  | ("b" | string)\n  | null;')
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Union)
    assert [m.kind for m in alias.type.members] == ["literal", "literal", "primitive", "primitive"]
    assert [getattr(m, "value", getattr(m, "name", None)) for m in alias.type.members] == [
        "a",
        "b",
        "string",
        "null",
    ]


def test_intersection_arrays_tuples_typeof_records() -> None:
    alias = decl(
        "type T = Error & { code: typeof C } & Array<{ a: X }> & Y[] & [string, 1]"
        " & Record<string, Z> & (A | B)[];"
    )
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Intersection)
    kinds = [m.kind for m in alias.type.members]
    assert kinds == ["ref", "object", "ref", "array", "tuple", "ref", "array"]
    obj = alias.type.members[1]
    assert isinstance(obj, ir.Object)
    assert isinstance(obj.properties[0].type, ir.Typeof) and obj.properties[0].type.name == "C"
    array_ref = alias.type.members[2]
    assert isinstance(array_ref, ir.Ref) and array_ref.name == "Array"
    assert array_ref.args[0].kind == "object"
    last = alias.type.members[6]
    assert isinstance(last, ir.Array) and last.items.kind == "union"


def test_imports_with_alias_and_import_type() -> None:
    module = parse('import { A, B as C } from "./x";\nimport type { D } from "./y.ts";\n')
    first, second = module.imports
    assert first == ir.Import("./x", (("A", "A"), ("C", "B")), ir.Span("t.ts", 1, 1))
    assert second.source == "./y.ts" and second.names == (("D", "D"),)


def test_trivial_export_list_marks_local_declarations_exported() -> None:
    module = parse("type A = string;\ninterface B {}\nexport { A, B };")
    assert all(d.exported for d in module.decls)


def test_span_columns_count_characters_not_bytes() -> None:
    alias = decl('type A = { "é": "ü" | number };')
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Object)
    union = alias.type.properties[0].type
    assert isinstance(union, ir.Union)
    assert union.members[1].span == ir.Span("t.ts", 1, 23)


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("type A = {", "t.ts:1:1: error: syntax error: unexpected end of file in 'type A = {'"),
        ("type A = string | ;", "t.ts:1:18: error: syntax error: missing type identifier"),
        ("interface A { a: ; }", "t.ts:1:16: error: syntax error: unexpected ':'"),
    ],
)
def test_errors_name_construct_and_position(source: str, message: str) -> None:
    assert error(source).startswith(message)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_arbitrary_text_raises_only_schema_error(text: str) -> None:
    try:
        parse_module("f.ts", text)
    except SchemaError as err:
        assert str(err).startswith("f.ts:") and "\n" not in str(err)


TOKENS = st.sampled_from(
    [
        "export", "interface", "type", "const", "import", "from", "extends", "typeof", "A",
        "Omit", "Record", "Array", "string", "number", "null", "=", ";", ":", "?", "|", "&",
        "{", "}", "[", "]", "(", ")", "<", ">", ",", '"k"', "-1", "true", "/** d */", "\n",
        "readonly", "as", "enum", "class", "keyof", "declare", "...",
    ]
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.lists(TOKENS, max_size=40))
def test_token_soup_raises_only_schema_error(tokens: list[str]) -> None:
    try:
        resolve([parse_module("f.ts", " ".join(tokens))])
    except SchemaError as err:
        assert "\n" not in str(err)


def test_deep_nesting_is_an_error_not_a_crash() -> None:
    source = "type A = " + "{ a: " * 200 + "string" + " }" * 200 + ";"
    assert "error: type nested more than 64 levels deep" in error(source)


def test_long_unions_parse() -> None:
    alias = decl("type A = " + " | ".join(f'"v{i}"' for i in range(3000)) + ";")
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Union)
    assert [m.value for m in alias.type.members if isinstance(m, ir.Literal)][-1] == "v2999"


def test_escaped_surrogate_pair_becomes_one_character() -> None:
    alias = decl('type A = "\\uD83D\\uDE00";')
    assert isinstance(alias, ir.Alias) and alias.type == ir.Literal("\U0001f600", alias.type.span)


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (
            'const X: number = "a";',
            "t.ts:1:8: error: const 'X' is declared number but its value is",
        ),
        ("const X: 1 = 2;", "t.ts:1:8: error: const 'X' is declared 1 but its value is 2"),
        ('type A = "\\uDC00";', "t.ts:1:10: error: string literal contains a lone surrogate"),
    ],
)
def test_const_and_literal_errors(source: str, message: str) -> None:
    assert error(source).startswith(message)
