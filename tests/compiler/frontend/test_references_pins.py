"""Each reference of a declaration, rewritten exactly (``codegen/frontend/references.py``):
computed property keys as TypeScript reads them, ``NS.Name`` that a namespace does not
hold, and what a name no file declares means (pinned from its mutation run)."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.references import Rewriter
from codegen.frontend.resolve import resolve
from codegen.ir.printer import quoted


def schema(path: str, text: str, diagnostics: Diagnostics | None = None) -> ir.Schema:
    return resolve([parse_module(path, text)], diagnostics)


def error(path: str, text: str) -> str:
    with pytest.raises(SchemaError) as info:
        schema(path, text)
    return str(info.value)


def members(s: ir.Schema, name: str = "I") -> tuple[list[tuple[str, str]], str | None]:
    """An interface's properties (name, type) and its index signature's value."""
    decl = s.interface(name)
    assert decl is not None
    index = decl.body.index
    return [(p.name, quoted(p.type)) for p in decl.body.properties], index and quoted(index.value)


UNMAPPED_K = (
    "the property key [K] ('K' from package 'pkg', which is not mapped (map it with "
    "--import-map pkg=PATH)): any key, any value: degraded to JsonValue (any JSON value)"
)

# --------------------------------------------------------------------------- computed keys


def test_a_computed_key_is_the_value_of_an_enum_member_or_a_const() -> None:
    s = schema(
        "a.ts",
        'export enum E { A = "a", B = 2 }\nconst K = "k";\nconst N = 3;\n'
        "export interface I { [E.A]: string; [E.B]: number; [K]: boolean; [N]: null }",
    )
    assert members(s) == ([("a", "string"), ("2", "number"), ("k", "boolean"), ("3", "null")], None)


def test_a_computed_key_through_namespaces_is_the_enum_member() -> None:
    s = schema(
        "a.ts",
        'export namespace NS { export enum E { A = "a" } }\nexport interface I { [NS.E.A]: string }',
    )
    assert members(s) == ([("a", "string")], None)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "const T = true;\nexport interface I { [T]: string }",
            "a.ts:2:22: error: a property key must be a string or a number: [T]",
        ),
        (
            "export interface I { [Missing]: string }",
            "a.ts:1:22: error: cannot find name 'Missing' (property key [Missing])",
        ),
        (
            'export enum E { A = "a" }\nexport interface I { a: string; [E.A]: number }',
            "a.ts:2:33: error: duplicate property 'a' (as [E.A])",
        ),
    ],
)
def test_a_computed_key_typescript_refuses_is_the_located_error(text: str, message: str) -> None:
    assert error("a.ts", text) == message


def test_a_unique_symbol_key_is_no_json_property() -> None:
    s = schema(
        "a.d.ts",
        "declare const sym: unique symbol;\nexport interface I { [sym]: string; b: number }",
    )
    assert members(s) == ([("b", "number")], None)


@pytest.mark.parametrize(
    ("body", "index"),
    [
        # any key may hold any value, loudly
        ("[K]: string; b: number", "unknown"),
        # and joins an index signature already there
        ("[K]: string; [index: string]: number", "number | unknown"),
    ],
)
def test_a_key_only_an_unmapped_package_could_tell_is_an_index_of_anything(
    body: str, index: str
) -> None:
    diags = Diagnostics()
    s = schema("a.ts", f'import {{ K }} from "pkg";\nexport interface I {{ {body} }}', diags)
    assert members(s)[1] == index
    assert [str(w) for w in diags.warnings] == [f"a.ts:2:22: warning: {UNMAPPED_K}"]


# --------------------------------------------------------------------------- namespaces


def test_a_member_a_namespace_does_not_hold_is_typescript_s_error() -> None:
    assert error("a.ts", "namespace NS { export type A = string }\nexport type X = NS.B;") == (
        "a.ts:2:17: error: namespace 'NS' has no exported member 'B'"
    )


def test_in_typings_a_member_a_namespace_does_not_hold_is_any_loudly() -> None:
    diags = Diagnostics()
    s = schema(
        "a.d.ts", "declare namespace NS { export type A = string }\nexport type X = NS.B;", diags
    )
    x = s.decls["X"]
    assert isinstance(x, ir.Alias) and x.type == ir.Primitive(
        "any",
        ir.Span("a.d.ts", 2, 17),
        degraded="'NS.B': namespace 'NS' has no exported member 'B' (any, as TypeScript)",
    )
    assert [str(w) for w in diags.warnings] == [
        "a.d.ts:2:17: warning: 'NS.B': namespace 'NS' has no exported member 'B' (any, as "
        "TypeScript): degraded to JsonValue (any JSON value)"
    ]


@pytest.mark.parametrize(
    ("head", "what"),
    [
        ("interface Foo { x: string }", "'Foo' only refers to a type, but is being used as a"),
        ("type Foo = { x: string };", "'Foo' only refers to a type, but is being used as a"),
        ("const Foo = 1;", "cannot find namespace 'Foo'"),
    ],
)
def test_a_type_used_as_a_namespace_is_typescript_s_error_not_the_file_s_own_name(
    head: str, what: str
) -> None:
    """``Foo.Bar`` over an interface ``Foo`` is tsc's TS2702, never the file's ``Bar``."""
    text = f"{head}\nexport interface Bar {{ y: number }}\nexport type X = Foo.Bar;"
    assert error("a.ts", text).startswith(f"a.ts:3:17: error: {what}")


def test_in_typings_a_type_used_as_a_namespace_is_any_loudly() -> None:
    diags = Diagnostics()
    text = "interface Foo { x: string }\ninterface Bar { y: number }\nexport type X = Foo.Bar;"
    x = schema("a.d.ts", text, diags).decls["X"]
    assert isinstance(x, ir.Alias) and x.type == ir.Primitive(
        "any",
        ir.Span("a.d.ts", 3, 17),
        degraded="'Foo.Bar': 'Foo' only refers to a type, but is being used as a namespace"
        " here (any, as TypeScript)",
    )
    assert [w.degraded for w in diags.warnings].count(True) == 1


def test_a_dotted_name_over_an_enum_a_merged_namespace_or_the_lib_still_resolves() -> None:
    text = (
        "export enum E { A = 'a' }\nexport interface Foo { x: string }\n"
        "export namespace Foo { export interface Bar { q: number } }\n"
        "export interface Intl { own: string }\nexport interface Bar { y: number }\n"
        "export interface I { e: E.A; f: Foo.Bar; o: Intl.DateTimeFormatOptions; b: Bar }"
    )
    props = dict(members(schema("a.ts", text))[0])
    assert props["e"] == '"a"' and props["f"] == "'FooBar'" and props["b"] == "'Bar'"
    assert props["o"] != "Bar" and "Intl" not in props["o"]


# --------------------------------------------------------------------------- conditionals


def test_a_conditional_s_names_are_read_in_each_branch() -> None:
    """``infer U`` is in scope in the pattern and the true branch; the false branch and
    what follows the conditional see the declaration's parameters only."""
    s = schema(
        "a.ts",
        "export type C<T> = (T extends Array<infer U> ? U : T) | T;\n"
        "export interface I { x: C<string[]>; y: C<number> }",
    )
    assert members(s) == ([("x", "string | string[]"), ("y", "number | number")], None)


def test_an_inferred_name_is_unknown_in_the_false_branch() -> None:
    text = "export type C<T> = T extends Array<infer U> ? U : U;\nexport type X = C<string[]>;"
    assert error("a.ts", text) == "a.ts:1:51: error: unknown type 'U'"


# --------------------------------------------------------------------------- lib globals


@pytest.mark.parametrize(("name", "head"), [("GeoJSON.Point", "GeoJSON"), ("Missing", "Missing")])
def test_in_typings_a_name_no_file_declares_degrades_naming_its_head(name: str, head: str) -> None:
    diags = Diagnostics()
    s = schema("a.d.ts", f"export type X = {name};", diags)
    what = (
        f"'{name}', which no file of the program declares (a global of a package the typings "
        f"do not import: map the package that declares '{head}' with --import-map, or "
        "reference its file)"
    )
    x = s.decls["X"]
    assert isinstance(x, ir.Alias) and x.type == ir.degraded(what, ir.Span("a.d.ts", 1, 17))
    assert [str(w) for w in diags.warnings] == [
        f"a.d.ts:1:17: warning: {what}: degraded to JsonValue (any JSON value)"
    ]


# --------------------------------------------------------------------------- typeof and Omit


def alias_type(s: ir.Schema, name: str = "X") -> ir.TypeExpr:
    decl = s.decls[name]
    assert isinstance(decl, ir.Alias)
    return decl.type


def test_typeof_a_namespace_s_literal_constant_is_its_value() -> None:
    s = schema(
        "a.ts",
        'export namespace Kind { export const Full = "full"; }\nexport type X = typeof Kind.Full;',
    )
    assert alias_type(s) == ir.Literal("full", ir.Span("a.ts", 2, 17))


def test_typeof_a_const_through_a_namespace_import_is_its_value() -> None:
    s = resolve(
        [
            parse_module("a.ts", 'import * as ns from "./m";\nexport type X = typeof ns.C;'),
            parse_module("m.ts", 'export const C = "c";'),
        ]
    )
    assert alias_type(s) == ir.Literal("c", ir.Span("a.ts", 2, 17))


def test_omit_of_keys_an_alias_names_is_computed_by_the_expansion() -> None:
    """A union of keys with a reference in it is left to expand, which reads K."""
    s = schema(
        "a.ts",
        "export interface B { a: string; b: string; c: string }\n"
        'export type K = "b";\nexport type O = Omit<B, "a" | K>;',
    )
    assert alias_type(s, "O") == ir.Omit(
        ir.Ref("B", (), ir.Span("a.ts", 3, 22)), ("a", "b"), ir.Span("a.ts", 3, 17)
    )


def span(line: int, col: int, file: str = "a.ts") -> ir.Span:
    return ir.Span(file, line, col)


def prototype_of(name: str, at: ir.Span) -> ir.Object:
    """What ``typeof`` of a class is: the object of its ``prototype``."""
    return ir.Object((ir.Property("prototype", ir.Ref(name, (), at), span=at),), None, at)


def test_typeof_a_class_is_its_prototype_of_any_arguments() -> None:
    s = schema("a.ts", "export declare class C<T> { a: T; m(): void }\nexport type X = typeof C;")
    assert alias_type(s) == prototype_of("C_any", span(2, 17))
    c = s.interface("C_any")
    assert c is not None and [(p.name, quoted(p.type)) for p in c.body.properties] == [("a", "any")]


def test_typeof_an_interface_is_its_prototype_in_typings_only() -> None:
    """The lib's ``interface X`` + ``declare var X: { prototype: X }``, the var left out."""
    text = "export interface Foo { a: string }\nexport type X = typeof Foo;"
    assert alias_type(schema("a.d.ts", text)) == prototype_of("Foo", span(2, 17, "a.d.ts"))
    assert error("a.ts", text) == (
        "a.ts:2:17: error: 'typeof Foo' needs a const, but 'Foo' is an interface"
    )


def test_typeof_an_enum_is_the_enum() -> None:
    s = schema("a.ts", 'export enum E { A = "a" }\nexport type X = typeof E;')
    assert alias_type(s) == ir.Ref("E", (), span(2, 17))


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ('import { v } from "pkg";\nexport type X = typeof v;', "'v'"),
        ('import * as ns from "pkg";\nexport type X = typeof ns.a.b;', "'ns'"),
    ],
)
def test_typeof_a_value_of_an_unmapped_package_degrades(text: str, what: str) -> None:
    degraded = f"{what} from package 'pkg', which is not mapped (map it with --import-map pkg=PATH)"
    assert alias_type(schema("a.ts", text)) == ir.degraded(degraded, span(2, 17))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("export declare function f(): void;\nexport type X = typeof f;", "f"),
        ("\nexport type X = typeof google.maps.geometry;", "google.maps.geometry"),
    ],
)
def test_typeof_a_value_of_the_typings_degrades(text: str, name: str) -> None:
    what = (
        f"'typeof {name}' (a value of the typings: a function, a namespace or an object with "
        "methods, not JSON data)"
    )
    assert alias_type(schema("a.d.ts", text)) == ir.degraded(what, span(2, 17, "a.d.ts"))


def test_typeof_a_const_two_namespaces_deep_is_its_value() -> None:
    s = resolve(
        [
            parse_module("a.ts", 'import * as ns from "./m";\nexport type X = typeof ns.inner.C;'),
            parse_module("m.ts", 'export * as inner from "./n";'),
            parse_module("n.ts", 'export const C = "c";'),
        ]
    )
    assert alias_type(s) == ir.Literal("c", span(2, 17))


# --------------------------------------------------------------------------- arrays


def test_array_like_is_an_array_as_the_oracle_reads_it() -> None:
    s = schema("a.ts", "export type X = ArrayLike<string>;")
    assert alias_type(s) == ir.Array(ir.Primitive("string", span(1, 27)), span(1, 17))


def test_an_interface_that_only_extends_an_array_interface_is_an_alias_of_it() -> None:
    s = schema(
        "a.ts",
        "export interface L extends ReadonlyArray<string> {}\nexport interface B extends L {}",
    )
    assert quoted(alias_type(s, "L")) == "string[]"
    assert alias_type(s, "B") == ir.Ref("L", (), span(2, 28))


def test_an_interface_that_extends_an_empty_interface_stays_an_interface() -> None:
    s = schema(
        "a.ts",
        "export interface E {}\nexport interface B extends E {}\n"
        "export interface E2 extends E {}\nexport interface C extends E2 {}",
    )
    assert all(s.interface(name) is not None for name in ("E", "B", "E2", "C"))


def test_an_array_interface_with_members_is_an_object_of_its_length_and_items() -> None:
    s = schema("a.ts", "export interface R extends Array<string> { type: string }")
    assert members(s, "R") == ([("length", "number"), ("type", "string")], "string")
    r = s.interface("R")
    assert r is not None and r.body.index is not None and r.body.index.numeric


def test_an_array_interface_with_a_string_index_is_typescript_s_error() -> None:
    assert error("a.ts", "export interface S extends Array<string> { [k: string]: string }") == (
        "a.ts:1:28: error: interface 'S' cannot extend a array type: an interface can only "
        "extend an object type or an intersection of object types"
    )


# --------------------------------------------------------------------------- from the full run
# (the survivors of references.py's first full mutation run, 261493e)


def modules(*files: tuple[str, str]) -> ir.Schema:
    return resolve([parse_module(path, text) for path, text in files])


def test_a_computed_key_an_import_renames_is_the_value_of_the_imported_const() -> None:
    s = modules(
        ("a.ts", 'import { K as Key } from "./m";\nexport interface I { [Key]: string }'),
        ("m.ts", 'export const K = "k";'),
    )
    assert members(s) == ([("k", "string")], None)


@pytest.mark.parametrize(
    ("declared", "key"),
    [
        ('namespace B { export const C = "c"; }', "B.C"),
        # two deep: the const is the path's last name
        ('namespace A { export namespace B { export const C = "c"; } }', "A.B.C"),
    ],
)
def test_a_computed_key_written_through_namespaces_is_the_const_s_value(
    declared: str, key: str
) -> None:
    s = schema("a.ts", f"{declared}\nexport interface I {{ [{key}]: string; d: number }}")
    assert members(s) == ([("c", "string"), ("d", "number")], None)


def test_a_computed_key_through_a_namespace_import_is_the_const_s_value() -> None:
    s = modules(
        ("a.ts", 'import * as ns from "./m";\nexport interface I { [ns.C]: string }'),
        ("m.ts", 'export const C = "c";'),
    )
    assert members(s) == ([("c", "string")], None)


def test_a_unique_symbol_key_of_a_namespace_import_is_no_json_property() -> None:
    """``[ns.sym]``: no const, no enum member; the import's name is in scope, so the key
    is a ``unique symbol`` TypeScript accepts there (and no JSON object has)."""
    s = modules(
        ("a.ts", 'import * as ns from "./m";\nexport interface I { [ns.sym]: string; b: number }'),
        ("m.d.ts", "export declare const sym: unique symbol;"),
    )
    assert members(s) == ([("b", "number")], None)


@pytest.mark.parametrize(
    "files",
    [
        # a namespace two deep of typings holds the symbol
        [
            (
                "a.d.ts",
                "declare namespace A { namespace B { const s: unique symbol; } }\n"
                "export interface I { [A.B.s]: string; b: number }",
            )
        ],
        # a class's static symbol, through an import that renames the class
        [
            (
                "a.ts",
                'import { Cls as C } from "./m";\n'
                "export interface I { [C.key]: string; b: number }",
            ),
            ("m.d.ts", "export declare class Cls { static readonly key: unique symbol; }"),
        ],
    ],
)
def test_a_unique_symbol_key_written_through_a_dotted_path_is_no_json_property(
    files: list[tuple[str, str]],
) -> None:
    assert members(modules(*files)) == ([("b", "number")], None)


@pytest.mark.parametrize("key", ["pkg.K", "pkg.K.A"])
def test_a_dotted_key_of_an_unmapped_package_degrades_naming_its_head(key: str) -> None:
    """The package's name is the key's first part however deep the key goes; the
    properties after it stay, and the index it adds has the key's place."""
    diags = Diagnostics()
    text = f'import * as pkg from "pkg";\nexport interface I {{ [{key}]: string; b: number }}'
    s = schema("a.ts", text, diags)
    what = (
        f"the property key [{key}] ('pkg' from package 'pkg', which is not mapped (map it "
        "with --import-map pkg=PATH)): any key, any value"
    )
    i = s.interface("I")
    assert i is not None
    assert i.body.index == ir.IndexSignature(ir.degraded(what, span(2, 22)), span=span(2, 22))
    assert [(p.name, quoted(p.type)) for p in i.body.properties] == [("b", "number")]
    assert [str(w) for w in diags.warnings] == [
        f"a.ts:2:22: warning: {what}: degraded to JsonValue (any JSON value)"
    ]


def test_an_unmapped_key_joins_the_index_signature_at_the_key_s_place() -> None:
    s = schema(
        "a.ts",
        'import { K } from "pkg";\nexport interface I { [index: string]: number; [K]: string }',
    )
    what = UNMAPPED_K.removesuffix(": degraded to JsonValue (any JSON value)")
    i = s.interface("I")
    assert i is not None and i.body.index is not None
    assert i.body.index.value == ir.Union(
        (ir.Primitive("number", span(2, 39)), ir.degraded(what, span(2, 47))), span(2, 47)
    )


def test_a_read_computed_key_leaves_no_computed_text_behind() -> None:
    s = schema("a.ts", 'const K = "k";\nexport interface I { [K]: string }')
    i = s.interface("I")
    assert i is not None
    assert i.body.properties == (
        ir.Property("k", ir.Primitive("string", span(2, 27)), span=span(2, 22)),
    )


NAMED_APART = (
    "namespace Chat { export interface ChannelChat { a: string } }\n"
    "namespace Info { export interface ChannelChat { b: number } }\n"
)


@pytest.mark.parametrize(
    "files",
    [
        # one file
        [
            (
                "a.ts",
                f"{NAMED_APART}export type X = Chat.ChannelChat;\nexport type Y = Info.ChannelChat;",
            )
        ],
        # typings' global namespaces, which another file writes the dotted paths of
        [
            (
                "a.d.ts",
                "\n\nexport type X = Chat.ChannelChat;\nexport type Y = Info.ChannelChat;",
            ),
            ("m.d.ts", NAMED_APART.replace("namespace", "declare namespace")),
        ],
    ],
)
def test_a_namespace_member_named_apart_is_the_one_its_dotted_path_names(
    files: list[tuple[str, str]],
) -> None:
    """Two namespaces each hold a ``ChannelChat``: parse names them apart, and each
    dotted path means its own namespace's."""
    s = modules(*files)
    path = files[0][0]
    assert alias_type(s, "X") == ir.Ref("ChatChannelChat", (), span(3, 17, path))
    assert alias_type(s, "Y") == ir.Ref("InfoChannelChat", (), span(4, 17, path))


@pytest.mark.parametrize("name", ["pkg.T", "pkg.a.T"])
def test_a_dotted_type_of_an_unmapped_package_degrades_naming_its_import(name: str) -> None:
    s = schema("a.ts", f'import * as pkg from "pkg";\nexport type X = {name};')
    what = "'pkg' from package 'pkg', which is not mapped (map it with --import-map pkg=PATH)"
    assert alias_type(s) == ir.degraded(what, span(2, 17))


def test_date_is_a_date_time_string_unless_a_file_declares_it() -> None:
    """JSON has no dates: ``Date`` is the string its ``toJSON`` writes; a declared
    ``Date`` is that declaration."""
    s = schema("a.ts", "export type X = Date;")
    assert alias_type(s) == ir.Primitive("string", span(1, 17), format="date-time")
    s = schema("a.ts", "export interface Date { a: string }\nexport type X = Date;")
    assert alias_type(s) == ir.Ref("Date", (), span(2, 17))


def test_bigint_is_a_number_as_typescript_json_schema_reads_it() -> None:
    assert alias_type(schema("a.ts", "export type X = bigint;")) == ir.Primitive(
        "number", span(1, 17)
    )
    assert error("a.ts", "export type X = bigint<string>;") == (
        "a.ts:1:17: error: unknown generic type 'bigint'"
    )


def test_a_member_of_a_declaration_that_is_no_namespace_is_an_unknown_type() -> None:
    text = "export interface Foo { a: string }\nexport type X = Foo.Bar;"
    assert error("a.ts", text) == (
        "a.ts:2:17: error: 'Foo' only refers to a type, but is being used as a namespace here"
    )


def test_a_lib_type_with_type_arguments_typescript_5_7_added_is_the_lib_type() -> None:
    """``Uint8Array<ArrayBuffer>``: the lib's declaration takes no arguments here."""
    s = schema("a.ts", "export type X = Uint8Array<ArrayBuffer>;")
    assert alias_type(s) == ir.Ref("Uint8Array", (), span(1, 17))


def test_a_mapped_type_s_key_is_in_scope_in_its_value_only() -> None:
    """``K`` is a type parameter of the value; the value's other names are read, and
    what follows the mapped type sees the declaration's scope again."""
    s = schema("a.ts", 'export type X = { [K in "a" | "b"]: { k: K; at: Date } } | Date;\n')
    at = 'string (format "date-time")'
    assert quoted(alias_type(s)) == (
        f'{{ a: {{ k: "a"; at: {at} }}; b: {{ k: "b"; at: {at} }} }} | {at}'
    )
    x = alias_type(s)
    assert isinstance(x, ir.Union) and x.members[1] == ir.Primitive(
        "string", span(1, 60), format="date-time"
    )
    assert error("a.ts", 'export type X = { [K in "a"]: { k: K } } | K;') == (
        "a.ts:1:44: error: unknown type 'K'"
    )


def test_an_infer_constraint_is_read_in_the_declaration_s_scope() -> None:
    """``infer U extends Str``: ``Str`` (an import's local name) is the imported alias,
    and it decides which branch a tuple takes."""
    s = modules(
        (
            "a.ts",
            'import { S as Str } from "./m";\n'
            'type C<T> = T extends [infer U extends Str] ? U : "no";\n'
            'export type X = C<["a"]>;\nexport type Y = C<[1]>;',
        ),
        ("m.ts", "export type S = string;"),
    )
    assert alias_type(s, "X") == ir.Literal("a", span(3, 20))
    assert alias_type(s, "Y") == ir.Literal("no", span(2, 51))


def test_a_tuple_s_rest_and_an_intersection_s_members_are_read() -> None:
    s = schema(
        "a.ts", "export type X = [string, ...Date[]];\nexport type Y = { a: string } & { b: Date };"
    )
    x = alias_type(s)
    assert isinstance(x, ir.Tuple)
    assert x.rest == ir.Primitive("string", span(1, 29), format="date-time")
    y = alias_type(s, "Y")
    assert isinstance(y, ir.Intersection) and y.members[1] == ir.Object(
        (
            ir.Property(
                "b", ir.Primitive("string", span(2, 38), format="date-time"), span=span(2, 35)
            ),
        ),
        None,
        span(2, 33),
    )


def test_typeof_an_enum_member_is_its_literal() -> None:
    s = schema("a.ts", 'export enum E { A = "a", B = 2 }\nexport type X = typeof E.B;')
    assert alias_type(s) == ir.Literal(2, span(2, 17))


def test_typeof_a_generic_class_s_prototype_has_any_arguments_at_the_typeof() -> None:
    """The rewriter's own output (expand then names ``C<any>`` apart, which no longer
    shows where each argument came from): each is ``any`` located at the ``typeof``."""
    module = parse_module("a.ts", "export declare class C<T, U> { a: T; b: U }")
    rewriter = Rewriter({d.name: d for d in module.decls}, {})
    at = span(5, 3)
    any_ = ir.Primitive("any", at)
    assert rewriter.type(ir.Typeof("C", at)) == ir.Object(
        (ir.Property("prototype", ir.Ref("C", (any_, any_), at), span=at),), None, at
    )


# --------------------------------------------------------------------------- arrays, exactly


def test_an_interface_of_an_array_interface_and_its_index_is_an_array_of_the_index() -> None:
    """``interface M extends L { [i: number]: V }`` where L is ``string[]``: M is V[]
    located at its base."""
    s = schema(
        "a.ts",
        "export interface L extends Array<string> {}\n"
        "export interface M extends L { [i: number]: string }",
    )
    assert alias_type(s, "M") == ir.Array(ir.Primitive("string", span(2, 45)), span(2, 28))


def test_an_array_interface_becomes_an_alias_with_the_interface_s_place() -> None:
    s = schema(
        "a.ts",
        "export interface L<T> extends Array<T> {}\nexport type X = L<string>;\n"
        "export interface M extends Array<number> {}",
    )
    m = s.decls["M"]
    assert isinstance(m, ir.Alias)
    assert (m.exported, m.span, m.params) == (True, span(3, 1), ())
    assert alias_type(s) == ir.Array(ir.Primitive("string", span(2, 19)), span(1, 31))


def test_an_array_interface_with_members_has_a_length_and_numbered_items_at_its_body() -> None:
    s = schema("a.ts", "export interface R extends Array<string> { type: string }")
    r = s.interface("R")
    assert r is not None
    body = span(1, 42)
    assert r.body.properties[0] == ir.Property("length", ir.Primitive("number", body), span=body)
    assert r.body.index == ir.IndexSignature(
        ir.Primitive("string", span(1, 34)), "n", span=body, numeric=True
    )


def test_an_interface_that_extends_an_import_s_local_name_stays_an_interface() -> None:
    """``AA`` (``import { A as AA }``) names no array: E is an (empty) interface, and so is
    B, which extends it."""
    s = modules(
        (
            "a.ts",
            'import { A as AA } from "./m";\nexport interface E extends AA {}\n'
            "export interface B extends E {}",
        ),
        ("m.ts", "export interface A { a: string }"),
    )
    b = s.interface("B")
    assert b is not None and b.extends == (ir.Ref("E", (), span(3, 28)),)
