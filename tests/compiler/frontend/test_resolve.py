"""resolve: one namespace, imports, overrides, rewrites, checks; and the flattened views."""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codegen import ir
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.printer import render
from codegen.ir.queries import deref, flat_index, flat_properties, is_narrowing


def schema(*files: tuple[str, str], diagnostics: Diagnostics | None = None) -> ir.Schema:
    return resolve([parse_module(path, text) for path, text in files], diagnostics)


def one(text: str) -> ir.Schema:
    return schema(("a.ts", text))


def error(*files: tuple[str, str]) -> str:
    with pytest.raises(SchemaError) as info:
        schema(*files)
    return str(info.value)


def names(props: tuple[ir.Property, ...]) -> list[str]:
    return [p.name for p in props]


def test_builtins_are_rewritten() -> None:
    s = one(
        'export const V = "2.0";\nexport interface B { a: string; b: number }\n'
        "export type T = { m: Record<string, B>; l: Array<B>; v: typeof V };\n"
        'export interface O extends Omit<B, "a"> {}\n'
    )
    alias = s.decls["T"]
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Object)
    m, lst, v = (p.type for p in alias.type.properties)
    assert m == ir.Mapping(ir.Ref("B", (), ir.Span("a.ts", 3, 37)), ir.Span("a.ts", 3, 22))
    assert isinstance(lst, ir.Array) and lst.items == ir.Ref("B", (), ir.Span("a.ts", 3, 50))
    assert v == ir.Literal("2.0", ir.Span("a.ts", 3, 57))
    omit = s.decls["O"]
    assert isinstance(omit, ir.Interface)
    (base,) = omit.extends
    assert isinstance(base, ir.Omit) and base.keys == ("a",)
    assert names(flat_properties(s, omit)) == ["b"]


def test_imports_across_files_with_renaming() -> None:
    s = schema(
        ("dir/main.ts", 'import { Base as B } from "./lib/base";\nexport interface A extends B {}'),
        ("dir/lib/base.ts", "export interface Base { x: string }"),
    )
    a = s.interface("A")
    assert a is not None and a.extends == (ir.Ref("Base", (), ir.Span("dir/main.ts", 2, 28)),)
    assert s.files == ("dir/main.ts", "dir/lib/base.ts")
    assert list(s.decls) == ["A", "Base"]


@pytest.mark.parametrize(
    ("main", "message"),
    [
        ('import { X } from "./nope";', "cannot import from './nope': nope.ts is not among"),
        ('import { Y } from "./b";', "'./b' does not export 'Y' (no such declaration)"),
        ('import { H } from "./b";', "'./b' does not export 'H' (it is not exported)"),
        ('import { X } from "./b";\ntype X = string;', "import 'X' conflicts with another name"),
    ],
)
def test_bad_imports(main: str, message: str) -> None:
    err = error(("a.ts", main), ("b.ts", "export type X = string;\ntype H = X;"))
    assert err.startswith("a.ts:1:1: error: " + message)


def test_duplicate_declaration_names_both_spans() -> None:
    err = error(("a.ts", "type Foo = string;"), ("b.ts", "\n\ninterface Foo {}"))
    assert err == "b.ts:3:1: error: duplicate declaration 'Foo' (first declared at a.ts:1:1)"


def test_override_replaces_in_place_and_is_recorded() -> None:
    s = schema(
        ("a.ts", "export type A = string;\nexport type B = number;\nexport type C = A;"),
        ("b.ts", "/** @override */\nexport type B = boolean;"),
    )
    assert list(s.decls) == ["A", "B", "C"]
    b = s.decls["B"]
    assert isinstance(b, ir.Alias) and b.type.kind == "primitive"
    assert s.overrides == (ir.Override("B", ir.Span("a.ts", 2, 1), ir.Span("b.ts", 2, 1)),)


def test_override_errors() -> None:
    assert error(("a.ts", "/** @override */\ntype A = string;")) == (
        "a.ts:2:1: error: @override of 'A' but no declaration of 'A' to replace"
    )
    twice = "type A = string;\n/** @override */\ntype A = 1;\n/** @override */\ntype A = 2;"
    assert error(("a.ts", twice)) == "a.ts:5:1: error: second @override of 'A' (first at a.ts:3:1)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("type A = Foo;", "a.ts:1:10: error: unknown type 'Foo'"),
        ("const C = 1;\ntype A = C;", "a.ts:2:10: error: 'C' is a const, not a type"),
        ("type A = typeof C;", "a.ts:1:10: error: unknown const 'C' in 'typeof C'"),
        ("type B = 1;\ntype A = typeof B;", "a.ts:2:10: error: 'typeof B' needs a const"),
        ("type B = string;\ninterface A extends B {}", "a.ts:2:21: error: interface 'A' cannot"),
        ("type A = B;\ntype B = A;", "a.ts:1:1: error: cycle: A -> B -> A"),
        (
            "interface A extends B {}\ninterface B extends A {}",
            "a.ts:1:1: error: cycle: A -> B -> A",
        ),
        ("type A = B | string;\ntype B = A[] | A;", "a.ts:1:1: error: cycle: A -> B -> A"),
        (
            "interface B { m: string }\ninterface A extends B { m: number }",
            "a.ts:2:25: error: property 'm' of 'A' has type number, incompatible with string",
        ),
        (
            'interface B { m: "a" | "b" }\ninterface A extends B { m: "c" }',
            "a.ts:2:25: error: property 'm' of 'A' has type \"c\", incompatible",
        ),
        (
            "interface B { m: string }\ninterface A extends B { m?: string }",
            "a.ts:2:25: error: property 'm' of 'A' is optional but required in 'B'",
        ),
    ],
)
def test_resolve_errors(text: str, message: str) -> None:
    assert error(("a.ts", text)).startswith(message)


def test_omit_of_keys_it_cannot_list_degrades_where_it_stands() -> None:
    # TypeScript accepts ``Omit<B, string>``; the dialect cannot list its keys: the alias
    # degrades, loudly, and the rest of the file compiles.
    diags = Diagnostics()
    text = "type B = {};\nexport type A = Omit<B, string>;\nexport type C = { c: 1 };"
    s = schema(("a.ts", text), diagnostics=diags)
    (warning,) = diags.degraded
    assert str(warning).startswith(
        "a.ts:2:25: warning: Omit keys must be a string or number literal"
    )
    assert render(s.decls["C"].type) == "{ c: 1 }"


def test_recursion_through_containers_is_fine() -> None:
    s = one(
        "export type V = string | null | O | L;\n"
        "export type O = { [key: string]: V };\nexport type L = V[];\n"
        "export interface T { children: T[]; parent?: T }"
    )
    assert set(s.decls) == {"V", "O", "L", "T"}


def test_narrowing_is_accepted() -> None:
    s = one(
        'interface R { method: string; kind: "a" | "b"; data?: unknown; base: B }\n'
        "interface B { x: string }\ninterface S extends B { y: number }\n"
        'interface Q extends R { method: "tools/call"; kind: "a"; data: { v: 1 }; base: S }'
    )
    q = s.interface("Q")
    assert q is not None
    props = flat_properties(s, q)
    assert names(props) == ["method", "kind", "data", "base"]
    assert props[0].type == ir.Literal("tools/call", ir.Span("a.ts", 4, 33))
    assert not props[2].optional


def test_flat_properties_order_omit_and_intersections() -> None:
    s = one(
        "interface A { a: 1; shared: string }\ninterface B { b: 2 }\n"
        'interface C extends A, Omit<B, "b"> { c: 3; shared: "s" }\n'
        "type I = A & { d: 4 } & B;"
    )
    c = s.interface("C")
    assert c is not None
    props = flat_properties(s, c)
    assert names(props) == ["a", "shared", "c"]
    assert props[1].type.kind == "literal"
    assert names(flat_properties(s, ir.Ref("I"))) == ["a", "shared", "d", "b"]
    assert flat_properties(s, ir.Primitive("string")) == ()


def test_flat_index_and_deref() -> None:
    s = one(
        "type M = Record<string, unknown>;\ninterface A extends M { x: 1 }\n"
        "interface B { [k: string]: number }\ninterface C extends B {}\n"
        "type D = E;\ntype E = C;"
    )
    a_index = flat_index(s, ir.Ref("A"))
    assert a_index is not None and a_index.value.kind == "primitive"
    c_index = flat_index(s, ir.Ref("C"))
    assert c_index is not None and c_index.key_name == "k"
    assert flat_index(s, ir.Ref("D")) == c_index
    assert deref(s, ir.Ref("D")) == ir.Ref("C", (), ir.Span("a.ts", 6, 10))
    assert deref(s, ir.Primitive("string")) == ir.Primitive("string")


def test_is_narrowing_directly() -> None:
    s = one('type Open = "a" | string;\ntype Closed = "a" | "b";')
    lit = ir.Literal("z")
    assert is_narrowing(s, lit, ir.Ref("Open"))
    assert not is_narrowing(s, lit, ir.Ref("Closed"))
    assert is_narrowing(s, ir.Literal("b"), ir.Ref("Closed"))
    assert not is_narrowing(s, ir.Primitive("number"), ir.Ref("Closed"))
    assert is_narrowing(s, ir.Primitive("never"), ir.Primitive("string"))


def test_unused_private_declaration_warns() -> None:
    diags = Diagnostics()
    one_schema = schema(
        ("a.ts", "type Hidden = string;\nexport type Shown = number;"), diagnostics=diags
    )
    assert "Hidden" in one_schema.decls
    assert [str(w) for w in diags.warnings] == [
        "a.ts:1:1: warning: 'Hidden' is neither exported nor used"
    ]


def test_alias_used_only_inside_a_computed_type_is_used() -> None:
    # Expansion computes these away (``Partial<U>`` becomes its own declaration); a name
    # read only as a type argument, a mapped type's source, an indexed access object, a
    # conditional branch or a template literal hole is still used (#33).
    text = """
interface A { a: string }
interface B { b: number }
type U = A | B;
export type P = Partial<U>;
type M = { x: string; y: number };
export type Q = { [K in keyof M]?: M[K] };
type Picked = { x: string; y: number };
export type Pk = Pick<Picked, "x">;
type C1 = { c: string };
type Cond<T> = T extends string ? C1 : never;
export type R = Cond<string>;
type I = { k: { z: number } };
export type S = I["k"];
type L = "a" | "b";
export type T2 = `x-${L}`;
export type Rec = Record<L, number>;
type Unused = { n: number };
"""
    diags = Diagnostics()
    schema(("a.ts", text), diagnostics=diags)
    assert [str(w) for w in diags.warnings] == [
        "a.ts:18:1: warning: 'Unused' is neither exported nor used"
    ]


def test_absurd_extends_chain_is_an_error_not_a_crash() -> None:
    # Longer than Python's recursion limit, so a recursive walk would crash. The front
    # end's time grows as the square of the chain (1200 links past the default limit of
    # 1000 took 4 s of CPU), so the limit is lowered to 400 for a chain of 500 (0.7 s).
    n = 500
    chain = "\n".join(f"interface I{i} extends I{i + 1} {{ p{i}: string }}" for i in range(n))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(400)
    try:
        err = error(("a.ts", chain + f"\ninterface I{n} {{}}"))
    finally:
        sys.setrecursionlimit(limit)
    assert re.fullmatch(
        r"a\.ts:\d+:1: error: 'I\d+' nests more than 100 levels deep once its aliases and "
        r"bases are expanded; shorten the chain",
        err,
    ), err


NAMES = st.sampled_from(["A", "B", "C", "K"])
LEAF = st.one_of(
    NAMES,
    st.sampled_from(["string", "number", "unknown", '"x"', "1", "typeof K", "null"]),
)


def _type_text(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.tuples(children, children).map(" | ".join),
        st.tuples(children, children).map(" & ".join),
        children.map(lambda t: f"({t})[]"),
        children.map(lambda t: f"Record<string, {t}>"),
        st.tuples(NAMES, st.sampled_from(['"a"', '"a" | "b"', "string"])).map(
            lambda p: f"Omit<{p[0]}, {p[1]}>"
        ),
        st.tuples(st.sampled_from(["a", "b"]), children).map(lambda p: f"{{ {p[0]}: {p[1]} }}"),
    )


TYPES = st.recursive(LEAF, _type_text, max_leaves=6)
# A declaration body, named later so that most generated schemas have unique names.
BODY = st.one_of(
    TYPES.map(lambda t: f"type $NAME = {t};"),
    st.tuples(st.lists(NAMES, max_size=2), st.sampled_from(["a", "b"]), TYPES).map(
        lambda p: (
            "interface $NAME"
            + (f" extends {', '.join(p[0])}" if p[0] else "")
            + f" {{ {p[1]}: {p[2]} }}"
        )
    ),
    st.sampled_from(["/** @override */\ntype $NAME = string;", "type $NAME = never;"]),
)
DECLS = st.lists(BODY, max_size=3).map(
    lambda bodies: (
        ['export const K = "k";']
        + [body.replace("$NAME", name) for body, name in zip(bodies, "ABC", strict=False)]
    )
)


@settings(max_examples=300, deadline=None)
@given(DECLS)
def test_random_schemas_resolve_or_fail_cleanly(decls: list[str]) -> None:
    try:
        s = schema(("r.ts", "\n".join(decls)))
    except SchemaError as err:
        assert str(err).startswith("r.ts:") and "\n" not in str(err)
        return
    for decl in s.decls.values():
        target = decl if isinstance(decl, ir.Interface) else ir.Ref(decl.name)
        flat_properties(s, target)
        flat_index(s, target)
        deref(s, ir.Ref(decl.name))
