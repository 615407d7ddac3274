"""resolve, exactly: rewritten IR, located error messages, the depth bound at the limit and
one past it, exports and import candidates, the kind table and ``describe`` (pinned from
its mutation run)."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend.imports import import_candidates
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.printer import quoted as describe
from codegen.ir.queries import closed_literals, deref, flat_index, flat_properties, is_narrowing


def schema(
    *files: tuple[str, str],
    diagnostics: Diagnostics | None = None,
    packages: dict[str, str] | None = None,
) -> ir.Schema:
    return resolve([parse_module(path, text) for path, text in files], diagnostics, packages)


def error(*files: tuple[str, str], packages: dict[str, str] | None = None) -> str:
    with pytest.raises(SchemaError) as info:
        schema(*files, packages=packages)
    return str(info.value)


def span(line: int, col: int, file: str = "a.ts") -> ir.Span:
    return ir.Span(file, line, col)


def alias_type(s: ir.Schema, name: str) -> ir.TypeExpr:
    decl = s.decls[name]
    assert isinstance(decl, ir.Alias)
    return decl.type


STRING = ir.Primitive("string")
NUMBER = ir.Primitive("number")

# --------------------------------------------------------------------------- rewriting


def test_array_and_readonly_array_become_array_nodes_at_the_written_span() -> None:
    s = schema(("a.ts", "export type A = Array<string>;\nexport type R = ReadonlyArray<number>;"))
    assert alias_type(s, "A") == ir.Array(ir.Primitive("string", span(1, 23)), span(1, 17))
    assert alias_type(s, "R") == ir.Array(ir.Primitive("number", span(2, 31)), span(2, 17))


def test_omit_becomes_an_omit_node_at_the_written_span() -> None:
    s = schema(
        ("a.ts", 'export interface B { a: string; b: string }\nexport type O = Omit<B, "a">;')
    )
    assert alias_type(s, "O") == ir.Omit(ir.Ref("B", (), span(2, 22)), ("a",), span(2, 17))


def test_omit_of_a_union_of_keys() -> None:
    s = schema(("a.ts", 'export interface B { a: string }\nexport type O = Omit<B, "a" | "b">;'))
    assert alias_type(s, "O") == ir.Omit(ir.Ref("B", (), span(2, 22)), ("a", "b"), span(2, 17))


def test_arguments_of_utilities_and_generics_are_rewritten() -> None:
    s = schema(
        (
            "a.ts",
            'export const K = "k";\nexport interface Box<T> { v: T }\n'
            "export type A = Box<typeof K>;\nexport type M = Record<string, typeof K>;",
        )
    )
    assert list(s.decls) == ["K", "Box_k", "A", "M"]
    box = s.interface("Box_k")
    assert box is not None and box.body.properties[0].type == ir.Literal("k", span(3, 21))
    assert alias_type(s, "M") == ir.Mapping(ir.Literal("k", span(4, 32)), span(4, 17))


def test_record_with_an_open_key_is_a_mapping() -> None:
    s = schema(("a.ts", "export type M = Record<string, number>;"))
    assert alias_type(s, "M") == ir.Mapping(ir.Primitive("number", span(1, 32)), span(1, 17))


def test_typeof_is_rewritten_inside_arrays_tuples_and_index_signatures() -> None:
    s = schema(
        (
            "a.ts",
            'export const K = "k";\n'
            "export type A = { [k: string]: typeof K; t: [typeof K]; a: (typeof K)[] };",
        )
    )
    body = alias_type(s, "A")
    assert isinstance(body, ir.Object)
    assert body.index is not None and body.index.value == ir.Literal("k", span(2, 32))
    t, a = (p.type for p in body.properties)
    assert t == ir.Tuple((ir.Literal("k", span(2, 46)),), span(2, 45))
    assert a == ir.Array(ir.Literal("k", span(2, 61)), span(2, 60))


def test_typeof_follows_an_import_rename() -> None:
    s = schema(
        ("a.ts", 'import { K as L } from "./b";\nexport type A = typeof L;'),
        ("b.ts", 'export const K = "k";'),
    )
    assert alias_type(s, "A") == ir.Literal("k", span(2, 17))


def test_omit_and_mapping_nodes_in_hand_built_modules_are_rewritten_too() -> None:
    """resolve takes any ``ir.Module``: the nodes parse never makes are still walked."""
    k = ir.Const("K", "k")
    omit = ir.Alias("O", ir.Omit(ir.Typeof("K"), ("x",)))
    mapping = ir.Alias("M", ir.Mapping(ir.Typeof("K")))
    s = resolve([ir.Module("h.ts", (k, omit, mapping))])
    assert alias_type(s, "O") == ir.Omit(ir.Literal("k"), ("x",))
    assert alias_type(s, "M") == ir.Mapping(ir.Literal("k"))


def test_enum_members_and_namespaced_names() -> None:
    s = schema(
        (
            "a.ts",
            'export enum E { X = "x" }\nexport interface Foo { f: string }\n'
            "export namespace NS { export namespace Inner { export interface Bar { f: string } } }\n"
            "export type M = E.X;\nexport type N = NS.Inner.Bar;",
        )
    )
    assert alias_type(s, "M") == ir.Literal("x", span(4, 17))
    assert alias_type(s, "N") == ir.Ref("Bar", (), span(5, 17))


def test_a_dotted_name_whose_head_nothing_declares_is_typescript_s_error() -> None:
    # ``NS`` is declared nowhere: ``NS.Inner.Foo`` is not the file's own ``Foo``.
    with pytest.raises(SchemaError, match=r"a.ts:2:17: error: unknown type 'NS.Inner.Foo'"):
        schema(("a.ts", "export interface Foo { f: string }\nexport type N = NS.Inner.Foo;"))


def test_a_generic_default_is_rewritten_before_instantiation() -> None:
    s = schema(
        (
            "a.ts",
            'export const K = "k";\nexport interface Box<T = typeof K> { v: T }\n'
            "export type A = Box;",
        )
    )
    # used bare, a generic whose parameters all have defaults keeps its own name
    assert list(s.decls) == ["K", "Box", "A"]
    box = s.interface("Box")
    assert box is not None
    assert box.body.properties[0].type == ir.Literal("k", span(2, 26))
    assert alias_type(s, "A") == ir.Ref("Box", (), span(3, 17))


def test_a_renamed_generic_import_is_instantiated_under_its_real_name() -> None:
    s = schema(
        ("a.ts", 'import { Box as B } from "./b";\nexport type A = B<string>;'),
        ("b.ts", "export interface Box<T> { v: T }"),
    )
    assert list(s.decls) == ["Box_string", "A"]  # an instance comes before its first use
    assert alias_type(s, "A") == ir.Ref("Box_string", (), span(2, 17))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # the arity of a builtin, written or bare
        ("export type O = Omit<X>;", "a.ts:1:17: error: 'Omit' takes 2 type arguments, got 1"),
        (
            "export type A = Array<string, number>;",
            "a.ts:1:17: error: 'Array' takes 1 type argument, got 2",
        ),
        ("export type A = Array;", "a.ts:1:17: error: 'Array' takes 1 type argument, got 0"),
        (
            "export type A = ReadonlyArray;",
            "a.ts:1:17: error: 'ReadonlyArray' takes 1 type argument, got 0",
        ),
        ("export type A = Omit;", "a.ts:1:17: error: 'Omit' takes 2 type arguments, got 0"),
        ("export type A = Record;", "a.ts:1:17: error: 'Record' takes 2 type arguments, got 0"),
        ("export type A = Partial;", "a.ts:1:17: error: 'Partial' takes 1 type argument, got 0"),
        # a declaration shadows the builtin of its name
        (
            "export interface Array { x: string }\nexport type A = Array<string>;",
            "a.ts:2:17: error: 'Array' is not generic but has type arguments",
        ),
        (
            "export interface Record { x: string }\nexport type A = Record<string, number>;",
            "a.ts:2:17: error: 'Record' is not generic but has type arguments",
        ),
        (
            "export namespace NS { export interface Foo { f: string } }\n"
            "export type A = NS.Foo<string>;",
            "a.ts:2:17: error: 'Foo' is not generic but has type arguments",
        ),
        (
            'export const C = "c";\nexport type A = C<string>;',
            "a.ts:2:17: error: 'C' is not generic but has type arguments",
        ),
        ("export type A = Foo<string>;", "a.ts:1:17: error: unknown generic type 'Foo'"),
        ("export type A = NS.Foo;", "a.ts:1:17: error: unknown type 'NS.Foo'"),
        (
            "export interface B { b: string }\nexport type A = Omit<B, K>;",
            "a.ts:2:25: error: unknown type 'K'",
        ),
        (
            "export interface A {}\nexport type T = typeof A;",
            "a.ts:2:17: error: 'typeof A' needs a const, but 'A' is an interface",
        ),
        (
            "export type A = string;\nexport type T = typeof A;",
            "a.ts:2:17: error: 'typeof A' needs a const, but 'A' is a type alias",
        ),
    ],
)
def test_rewriting_errors(text: str, message: str) -> None:
    assert error(("a.ts", text)) == message


def test_a_declared_builtin_name_without_arguments_is_the_declaration() -> None:
    s = schema(("a.ts", "export type Omit = { a: string };\nexport type A = Omit;"))
    assert alias_type(s, "A") == ir.Ref("Omit", (), span(2, 17))


# --------------------------------------------------------------------------- depth


def chain(length: int, tail: str, extra: str = "") -> str:
    """``A0 = A1; ...; A<length-1> = tail``: A0 is ``length - 1`` levels above the tail."""
    lines = [f"export type A{k} = A{k + 1};" for k in range(length - 1)]
    return "\n".join([*lines, f"export type A{length - 1} = {tail};", extra])


TOO_DEEP = (
    "a.ts:1:1: error: 'A0' nests more than 100 levels deep once its aliases and bases are "
    "expanded; shorten the chain"
)


# (tail, other declarations, the tail's own depth)
DEPTHS = [
    ("string", "", 1),
    ("string[]", "", 2),
    ("Record<string, string>", "", 2),
    ('Omit<B, "x">', "export interface B { x: string; y: string }", 4),
    ("[string, string[]]", "", 3),
    ("[]", "", 1),
    ("string | string[]", "", 3),
    ("B & { a: string }", "export interface B { x: string }", 4),
    ("{ a: string[] }", "", 3),
    ("{ [k: string]: string[] }", "", 3),
    # a property's ref to an interface is a class boundary: one level
    ("{ a: B }", "export interface B { x: string[] }", 2),
    ("{}", "", 1),
    ("B", "export interface B {}", 2),
    ("B", "export interface B { x: string[] }", 4),
    ("B", "export interface C { y: string }\nexport interface B extends C { x: string }", 5),
    # a recursive alias counts its back edge as one
    ("R", "export type R = string | R[];", 4),
]


@pytest.mark.parametrize(("tail", "extra", "depth"), DEPTHS)
def test_depth_100_is_accepted_and_101_rejected(tail: str, extra: str, depth: int) -> None:
    at_limit = 101 - depth  # A0 is then exactly 100 deep
    s = schema(("a.ts", chain(at_limit, tail, extra)))
    assert "A0" in s.decls
    assert error(("a.ts", chain(at_limit + 1, tail, extra))) == TOO_DEEP


def test_depth_is_checked_for_a_declaration_reached_through_a_shared_one() -> None:
    """X needs A, A needs B0 twice: X is still measured (and is the one too deep)."""
    text = "export type X = A[];\nexport type A = B0 | B0[];\n" + chain(97, "string").replace(
        "A", "B"
    )
    # B0 is 97 deep, A is 100, X is 102
    assert error(("a.ts", text)) == (
        "a.ts:1:1: error: 'X' nests more than 100 levels deep once its aliases and bases are "
        "expanded; shorten the chain"
    )


def test_an_interface_counts_the_aliases_its_properties_use() -> None:
    """I is declared first, so A0 (100 deep) is measured for it first: I is 102."""
    text = "export interface I { a: A0 }\n" + chain(100, "string")
    assert error(("a.ts", text)) == (
        "a.ts:1:1: error: 'I' nests more than 100 levels deep once its aliases and bases are "
        "expanded; shorten the chain"
    )


def test_a_long_re_export_chain_is_an_error_not_a_crash() -> None:
    files = [("main.ts", 'import { X } from "./m0";\nexport type Y = X;')]
    files += [(f"m{i}.ts", f'export * from "./m{i + 1}";') for i in range(1500)]
    files.append(("m1500.ts", "export type X = string;"))
    assert error(*files) == (
        "main.ts:1:1: error: schema nests too deeply (re-export or generic chain too long)"
    )


def test_a_long_generic_chain_is_an_error_not_a_crash() -> None:
    lines = [f"export type G{i}<T> = G{i + 1}<T>;" for i in range(1500)]
    text = "\n".join([*lines, "export type G1500<T> = T[];", "export type U = G0<string>;"])
    assert error(("g.ts", text), ("b.ts", "export type B = string;")) == (
        "g.ts:50:22: error: generic instances nest more than 50 deep at 'G50' (a generic "
        "whose body needs an ever-new instance, or a chain of generics too long)"
    )


def nest(times: int, wrap: str) -> str:
    text = "string"
    for _ in range(times):
        text = wrap.replace("T", text)
    return text


@pytest.mark.parametrize(
    ("wrap", "at_limit", "col"),
    [
        ("T[]", 63, 17),  # string and 63 arrays: 64 levels
        ("Array<T>", 63, 401),
        ("{ a: T }", 31, 177),  # an object and its property's type: two levels each
    ],
)
def test_parse_nesting_64_is_accepted_and_65_rejected(wrap: str, at_limit: int, col: int) -> None:
    s = schema(("p.ts", f"export type A = {nest(at_limit, wrap)};"))
    assert list(s.decls) == ["A"]
    # located at the first type past the limit
    assert error(("p.ts", f"export type A = {nest(at_limit + 1, wrap)};")) == (
        f"p.ts:1:{col}: error: type nested more than 64 levels deep"
    )


# --------------------------------------------------------------------------- imports


@pytest.mark.parametrize(
    ("importer", "source", "candidates"),
    [
        ("a.ts", "./x", ["x.ts", "x.d.ts", "x/index.ts", "x/index.d.ts"]),
        ("d/a.ts", "./x.js", ["d/x.ts", "d/x.d.ts", "d/x/index.ts", "d/x/index.d.ts"]),
        ("d/a.ts", "./x.d.ts", ["d/x.ts", "d/x.d.ts", "d/x/index.ts", "d/x/index.d.ts"]),
        ("d/a.ts", "./x.ts", ["d/x.ts", "d/x.d.ts", "d/x/index.ts", "d/x/index.d.ts"]),
        ("d/e/a.ts", "../x", ["d/x.ts", "d/x.d.ts", "d/x/index.ts", "d/x/index.d.ts"]),
        # one suffix is stripped, the last one written
        ("a.ts", "./x.ts.js", ["x.ts.ts", "x.ts.d.ts", "x.ts/index.ts", "x.ts/index.d.ts"]),
    ],
)
def test_import_candidates(importer: str, source: str, candidates: list[str]) -> None:
    assert import_candidates(importer, source) == candidates


def test_an_index_file_is_found() -> None:
    s = schema(
        ("a.ts", 'import { X } from "./lib";\nexport type A = X;'),
        ("lib/index.ts", "export type X = string;"),
    )
    assert alias_type(s, "A") == ir.Ref("X", (), span(2, 17))


def test_named_and_star_re_exports() -> None:
    s = schema(
        ("a.ts", 'import { X, Y, Z } from "./b";\nexport type A = X | Y | Z;'),
        ("b.ts", 'import { W } from "./w";\nexport { X } from "./c";\nexport * from "./d";'),
        ("c.ts", "export type X = string;"),
        ("d.ts", "export type Y = number;\nexport type Z = boolean;\ntype H = null;"),
        ("w.ts", "export type W = string;"),
    )
    assert alias_type(s, "A") == ir.Union(
        (ir.Ref("X", (), span(2, 17)), ir.Ref("Y", (), span(2, 21)), ir.Ref("Z", (), span(2, 25))),
        span(2, 17),
    )


def test_a_star_re_export_does_not_pass_on_private_names() -> None:
    assert (
        error(
            ("a.ts", 'import { H } from "./b";'),
            ("b.ts", 'export * from "./d";'),
            ("d.ts", "type H = null;\nexport type U = H;"),
        )
        == "a.ts:1:1: error: './b' does not export 'H' (no such declaration)"
    )


def test_cyclic_star_re_exports_resolve() -> None:
    s = schema(
        ("m.ts", 'import { A, B } from "./a";\nexport type M = A | B;'),
        ("a.ts", 'export * from "./b";\nexport type A = string;'),
        ("b.ts", 'export * from "./a";\nexport type B = number;'),
    )
    assert list(s.decls) == ["M", "A", "B"]


@pytest.mark.parametrize(
    ("b", "message"),
    [
        ('export { Missing } from "./c";', "b.ts:1:1: error: './c' does not export 'Missing'"),
        ('export { P } from "./c";', "b.ts:1:1: error: './c' does not export 'P'"),
    ],
)
def test_a_named_re_export_must_name_an_export(b: str, message: str) -> None:
    files = [
        ("a.ts", 'import { X } from "./b";'),
        ("b.ts", b + '\nexport { X } from "./c";'),
        ("c.ts", "export type X = string;\ntype P = X;"),
    ]
    assert error(*files) == message


def test_imports_after_a_re_export_are_still_checked() -> None:
    assert (
        error(
            ("a.ts", 'export * from "./b";\nimport { Missing } from "./b";'),
            ("b.ts", "export type X = string;"),
        )
        == "a.ts:2:1: error: './b' does not export 'Missing' (no such declaration)"
    )


def test_two_imports_of_one_local_name_conflict() -> None:
    assert (
        error(
            ("a.ts", 'import { X } from "./b";\nimport { Y as X } from "./c";'),
            ("b.ts", "export type X = string;"),
            ("c.ts", "export type Y = string;"),
        )
        == "a.ts:2:1: error: import 'X' conflicts with another name in this file"
    )


def test_packages_are_followed_two_re_exports_deep() -> None:
    s = schema(
        ("a.ts", 'import { X } from "./b";\nexport type A = X;'),
        ("b.ts", 'export * from "./c";'),
        ("c.ts", 'export * from "@s/p";'),
        ("p.ts", "export type X = string;"),
        packages={"@s/p": "p.ts"},
    )
    assert list(s.decls) == ["A", "X"]


def test_packages_are_followed_through_re_exports() -> None:
    files = [
        ("a.ts", 'import { X, Y } from "./b";\nexport type A = X | Y;'),
        ("b.ts", 'export * from "@s/p";\nexport { Y } from "@s/q";'),
        ("p/index.ts", "export type X = string;"),
        ("q.ts", "export type Y = number;"),
    ]
    s = schema(*files, packages={"@s/p": "p/index.ts", "@s/q": "./q.ts"})
    assert list(s.decls) == ["A", "X", "Y"]
    # ``@s/q`` unmapped: what ``b`` re-exports from it is a name of ``b`` that degrades
    diags = Diagnostics()
    s = schema(*files[:3], diagnostics=diags, packages={"@s/p": "p/index.ts"})
    assert sorted(s.decls) == ["A", "X", "Y"]
    assert [str(w) for w in diags.degraded] == [
        "b.ts:2:1: warning: 'Y' from package '@s/q', which is not mapped (map it with "
        "--import-map @s/q=PATH): degraded to JsonValue (any JSON value)"
    ]


# --------------------------------------------------------------------------- checks


def test_an_unanswered_request_warns_through_the_given_diagnostics() -> None:
    diags = Diagnostics()
    s = schema(
        (
            "a.ts",
            'export interface FooRequest { method: "foo" }\n'
            "export interface FooResponse { result: string }\n"
            'export interface BarRequest { method: "bar" }',
        ),
        diagnostics=diags,
    )
    assert alias_type(s, "BarResult") == ir.Primitive("unknown")
    assert [str(w) for w in diags.warnings] == [
        "a.ts:3:1: warning: request 'BarRequest' has no 'BarResponse'; its result is 'unknown' "
        "(tag it '@result <Type>' to type it)"
    ]


def test_private_declarations_used_anywhere_do_not_warn() -> None:
    diags = Diagnostics()
    schema(
        (
            "a.ts",
            "type P1 = string;\ntype P2 = string;\ntype P3 = string;\ntype P4 = string;\n"
            "interface P5 { x: string }\ntype P6 = string;\ntype P7 = string;\n"
            "type P8 = string;\ntype P9 = string;\ninterface P10 { y: string }\n"
            "type Unused = string;\n"
            "export type A = { a: P1[]; t: [P2]; u: P3 | null; m: Record<string, P4>;"
            ' o: Omit<P5, "x">; i: P6 & {} };\n'
            "export interface B extends P10 { [k: string]: P7 | P8 }\n"
            "export type C = P9;",
        ),
        diagnostics=diags,
    )
    assert [str(w) for w in diags.warnings] == [
        "a.ts:11:1: warning: 'Unused' is neither exported nor used"
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            # a const before a cycle does not stop the search
            'export const K = "k";\nexport type A = B;\nexport type B = A;',
            "a.ts:2:1: error: cycle: A -> B -> A",
        ),
        (
            # the cycle through a second edge, after a finished first one
            "export type B = string;\nexport type A = B | C;\nexport type C = A;",
            "a.ts:2:1: error: cycle: A -> C -> A",
        ),
        (
            'export type A = Omit<B, "x">;\nexport type B = A;',
            "a.ts:1:1: error: cycle: A -> B -> A",
        ),
    ],
)
def test_cycles(text: str, message: str) -> None:
    assert error(("a.ts", text)) == message


@pytest.mark.parametrize(
    ("base", "extends"),
    [
        ("export interface B { b: string }\ntype X = Y;\ntype Y = B;", "X"),
        ('export interface B { b: string }\ntype X = Omit<B, "b">;', "X"),
        ("export interface B { b: string }\ntype X = B & { c: string };", "X"),
        ("type X = Record<string, number>;", "X"),
    ],
)
def test_what_an_interface_may_extend(base: str, extends: str) -> None:
    s = schema(("a.ts", f"{base}\nexport interface I extends {extends} {{}}"))
    assert s.interface("I") is not None


@pytest.mark.parametrize(
    "base",
    [
        # (``B & string`` with a data member in ``B`` is refused earlier: tests/compiler/frontend/test_intersect_pins.py)
        "export interface B { [k: string]: string }\ntype X = B & string;",
        "type X = string[];",
    ],
)
def test_what_an_interface_may_not_extend(base: str) -> None:
    lines = base.count("\n") + 2
    assert error(("a.ts", f"{base}\nexport interface I extends X {{}}")) == (
        f"a.ts:{lines}:28: error: interface 'I' cannot extend 'X': an interface can only extend "
        "an object type or an intersection of object types"
    )


@pytest.mark.parametrize(
    "base",
    [
        "type X = Y;\ntype Y = X;",
        # a cycle through Omit or & is one too
        'type X = Omit<Y, "b">;\ntype Y = X;',
        "type X = Y & { a: string };\ntype Y = X;",
    ],
)
def test_an_alias_cycle_in_extends_is_the_cycle_error(base: str) -> None:
    assert error(("a.ts", f"{base}\nexport interface I extends X {{}}")) == (
        "a.ts:1:1: error: cycle: X -> Y -> X"
    )


def test_omit_of_a_primitive_is_an_object_type_without_data_members() -> None:
    # TypeScript: ``Omit<string, "b">`` maps string's apparent members (methods, length)
    s = schema(
        ("a.ts", 'type S = string;\ntype X = Omit<S, "b">;\nexport interface I extends X {}')
    )
    interface = s.interface("I")
    assert interface is not None and interface.body.properties == ()


def test_a_ladder_of_diamonds_is_searched_once_per_declaration() -> None:
    """2**30 paths through extends; each declaration is explored once, so this is quick."""
    lines = [f'export interface D{k} extends D{k + 1}, Omit<D{k + 1}, "z"> {{}}' for k in range(30)]
    s = schema(("a.ts", "\n".join([*lines, "export interface D30 { x: string }"])))
    assert [p.name for p in flat_properties(s, ir.Ref("D0"))] == ["x"]


def test_a_redeclaration_after_a_new_property_is_still_checked() -> None:
    assert error(
        (
            "a.ts",
            "export interface B { m: string }\n"
            "export interface A extends B { fresh: string; m: number }",
        )
    ) == (
        "a.ts:2:47: error: property 'm' of 'A' has type number, incompatible with string "
        "inherited from 'B'"
    )


# --------------------------------------------------------------------------- kinds


KINDS = schema(
    (
        "a.ts",
        "export interface I { i: string }\nexport interface J { j: string }\n"
        'export type U = "a" | "b";\nexport type Deep = U | "c";\nexport type OnlyA = "a";\n'
        "export type Open = U | string;\nexport type Nested = OnlyA | Open;",
    )
)
ARRAY = ir.Array(STRING)
OBJECT = ir.Primitive("object")
OBJ_LIT = ir.Object((ir.Property("x", STRING),))


@pytest.mark.parametrize(
    ("sub", "base", "narrows"),
    [
        (STRING, ir.Primitive("any"), True),
        (STRING, ir.Primitive("unknown"), True),
        (ir.Primitive("undefined"), STRING, True),
        (ir.Primitive("never"), NUMBER, True),
        (ARRAY, OBJECT, True),
        (ir.Tuple((STRING,)), OBJECT, True),
        (OBJECT, ir.Ref("I"), False),
        (ir.Ref("I"), OBJECT, True),
        (ir.Literal(True), ir.Primitive("boolean"), True),
        (ir.Literal(True), STRING, False),
        (ir.Literal(1), NUMBER, True),
        (ir.Literal("a"), STRING, True),
        (ir.Mapping(STRING), ir.Ref("I"), True),
        (ir.Omit(ir.Ref("I"), ("i",)), ir.Ref("J"), True),
        (OBJ_LIT, ir.Ref("I"), True),
        (ARRAY, ir.Ref("I"), False),
        (ir.Intersection((ir.Ref("I"), OBJ_LIT)), ir.Ref("J"), True),
        (ir.Intersection((STRING, NUMBER)), ir.Literal("z"), True),
        (ir.Union((STRING, NUMBER)), STRING, False),
        (ir.Ref("Nope"), ir.Ref("I"), False),  # an unknown name admits anything
        (ir.Ref("OnlyA"), ir.Ref("U"), True),
        (ir.Ref("U"), ir.Ref("U"), True),  # equal literal sets narrow
        (ir.Ref("Deep"), ir.Ref("U"), False),
        (ir.Ref("U"), ir.Ref("Deep"), True),
        (ir.Literal("z"), ir.Ref("Nested"), True),  # a nested open union is open
    ],
)
def test_is_narrowing(sub: ir.TypeExpr, base: ir.TypeExpr, narrows: bool) -> None:
    assert is_narrowing(KINDS, sub, base) is narrows


def test_closed_literals_of_nested_unions() -> None:
    assert closed_literals(KINDS, ir.Ref("Deep")) == {"a", "b", "c"}
    assert closed_literals(KINDS, ir.Union((ir.Literal("z"), ir.Ref("U")))) == {"z", "a", "b"}
    assert closed_literals(KINDS, ir.Ref("Nested")) is None
    assert closed_literals(KINDS, ir.Union((ir.Ref("OnlyA"), ir.Ref("Open")))) is None


def cyclic(t: ir.TypeExpr) -> ir.Schema:
    """A schema resolve would reject (``R`` refers to itself unguarded), built by hand."""
    return ir.Schema({"R": ir.Alias("R", t)})


@pytest.mark.parametrize(
    "t",
    [
        ir.Union((STRING, ir.Ref("R"))),
        ir.Intersection((STRING, ir.Ref("R"))),
        ir.Ref("R"),
    ],
)
def test_a_self_referring_alias_admits_anything_without_looping(t: ir.TypeExpr) -> None:
    s = cyclic(t)
    # the back edge admits every kind; a union keeps them, an intersection narrows to string
    assert is_narrowing(s, ir.Ref("R"), STRING) is isinstance(t, ir.Intersection)
    assert deref(cyclic(ir.Ref("R")), ir.Ref("R")) == ir.Ref("R")


# --------------------------------------------------------------------------- the printer (codegen.ir.printer)


@pytest.mark.parametrize(
    ("t", "text"),
    [
        (STRING, "string"),
        (ir.Literal(True), "true"),
        (ir.Literal(False), "false"),
        (ir.Literal("s"), '"s"'),
        (ir.Literal(1.5), "1.5"),
        (ir.Ref("A"), "'A'"),
        (ir.Ref("Box", (STRING, ir.Ref("A"))), "'Box<string, A>'"),
        (ir.Typeof("K"), "typeof K"),
        (ir.Array(ir.Ref("A")), "A[]"),
        (ir.Array(ir.Union((STRING, NUMBER))), "(string | number)[]"),
        (ir.Array(ir.Intersection((ir.Ref("A"), ir.Ref("B")))), "(A & B)[]"),
        (ir.Tuple((STRING, NUMBER)), "[string, number]"),
        (ir.Tuple((STRING, NUMBER, NUMBER), min_items=1), "[string, number?, number?]"),
        (ir.Tuple((STRING,), min_items=0), "[string?]"),
        (ir.Primitive("string", pattern="^a.*$"), 'string (pattern "^a.*$")'),
        (ir.Primitive("string", format="date-time"), 'string (format "date-time")'),
        (ir.Tuple((STRING,), rest=ir.Union((STRING, NUMBER))), "[string, ...(string | number)[]]"),
        (ir.Union((STRING, NUMBER)), "string | number"),
        (ir.Intersection((ir.Ref("A"), ir.Ref("B"))), "A & B"),
        (ir.Omit(ir.Ref("A"), ("x", "y")), 'Omit<A, "x" | "y">'),
        (ir.Omit(ir.Union((ir.Ref("A"), ir.Ref("B"))), ("x",)), 'Omit<A | B, "x">'),
        (ir.Mapping(NUMBER), "Record<string, number>"),
        (ir.Object(()), "{}"),
        (
            ir.Object(
                (ir.Property("a", STRING), ir.Property("b", NUMBER, optional=True)),
                ir.IndexSignature(STRING, "k"),
            ),
            "{ a: string; b?: number; [k: string]: string }",
        ),
    ],
)
def test_the_one_printer(t: ir.TypeExpr, text: str) -> None:
    assert describe(t) == text


# --------------------------------------------------------------------------- flattening

FLAT = schema(
    (
        "a.ts",
        "export interface I { a: string; [k: string]: string }\n"
        "export type Obj = { [n: string]: number };\n"
        'export type Om = Omit<I, "a">;\n'
        "export type Both = { b: string } & I;\n"
        "export type Rec = Record<string, boolean>;",
    )
)


def test_flat_index_of_every_object_like_type() -> None:
    i_index = ir.IndexSignature(ir.Primitive("string", span(1, 46)), "k", span=span(1, 33))
    assert flat_index(FLAT, ir.Ref("Obj")) == ir.IndexSignature(
        ir.Primitive("number", span(2, 34)), "n", span=span(2, 21)
    )
    assert flat_index(FLAT, ir.Ref("Om")) == i_index
    assert flat_index(FLAT, ir.Ref("Both")) == i_index
    assert flat_index(FLAT, ir.Ref("Rec")) == ir.IndexSignature(
        ir.Primitive("boolean", span(5, 34)), span=span(5, 19)
    )


def test_flattening_is_memoised_per_schema() -> None:
    first = flat_properties(FLAT, ir.Ref("Om"))
    assert [p.name for p in first] == []
    both = flat_properties(FLAT, ir.Ref("Both"))
    assert [p.name for p in both] == ["b", "a"]
    assert flat_properties(FLAT, ir.Ref("Both")) is both


def test_flattening_unknown_names_and_cycles_gives_nothing() -> None:
    assert flat_properties(FLAT, ir.Ref("Nope")) == ()
    assert flat_index(FLAT, ir.Ref("Nope")) is None
    loop = ir.Interface("L", ir.Object((ir.Property("x", STRING),)), extends=(ir.Ref("L"),))
    s = ir.Schema({"L": loop})
    assert [p.name for p in flat_properties(s, ir.Ref("L"))] == ["x"]


def test_a_declared_generic_named_like_a_builtin_takes_its_own_arity() -> None:
    """``interface Omit<T>`` is the schema's own type: one argument, no builtin rewrite."""
    s = schema(("a.ts", "export interface Omit<T> { v: T }\nexport type A = Omit<string>;"))
    assert list(s.decls) == ["Omit_string", "A"]
    assert alias_type(s, "A") == ir.Ref("Omit_string", (), span(2, 17))
