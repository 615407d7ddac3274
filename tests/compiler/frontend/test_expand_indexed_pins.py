"""Pins of ``codegen.frontend.expand_indexed`` (issues #36/#33), from its mutation
survivors: ``C["a"]["b"]`` inside the declaration ``C`` being expanded, read lazily as
TypeScript reads it (``member_access``, ``member_as_written``); jsonld's
``[key: string]: A | N[keyof N]`` (``read``, ``without_itself``); the general rule of
``indexed`` over unions, tuples, index signatures and methods. Each compiles a snippet
and asserts the exact declarations, located errors and warnings, spans, or the work spent
from the budget at the limit and one past it."""

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


def not_data(where: str, key: str) -> str:
    return (
        f"a.ts:{where}: warning: {key} is not a data property of the indexed type (a member"
        " that is not JSON data, or no member at all): degraded to JsonValue (any JSON value)"
    )


def costs(monkeypatch: pytest.MonkeyPatch, text: str, steps: int) -> str:
    """``text`` compiles within ``steps`` of work and not within one less: the message."""
    monkeypatch.setattr(budget, "MAX_WORK", steps)
    compiled(text)
    monkeypatch.setattr(budget, "MAX_WORK", steps - 1)
    return error(text)


SELF = "this indexed access type refers to itself"

# --------------------------------------------------------------------------- member_access


@pytest.mark.parametrize("kind", ["interface C", "type C ="])
def test_a_member_of_the_declaration_being_expanded_is_its_declared_type(kind: str) -> None:
    # ``C["s"]["x"]`` inside ``C``: only that member is read, lazily, as TypeScript does;
    # the general rule would need all of ``C["s"]``, which is being expanded
    out = shown(f'export {kind} {{ s: {{ x: string | number; y: C["s"]["x"] }} }}\n')
    body = "{ x: string | number; y: string | number }"
    assert out == {"C": [("s", body, False)] if kind == "interface C" else f"{{ s: {body} }}"}


def test_an_access_through_a_member_is_a_recursive_type_named_after_its_path() -> None:
    # through an object member it is a recursive type, declared under the path's name,
    # each key in Pascal case (``web-hook``: ``WebHook``); every use is that declaration
    out = shown(
        "export interface C { s: {\n"
        '  "web-hook": { z: string; p?: C["s"]["web-hook"] } | null;\n'
        '  h: C["s"]["web-hook"] } }\n'
    )
    assert out == {
        "CSWebHook": "{ z: string; p?: CSWebHook } | null",
        "C": [("s", "{ web-hook: { z: string; p?: CSWebHook } | null; h: CSWebHook }", False)],
    }
    decl = compiled('export interface X { a: { b: X["a"] } | null }\n').decls["XA"]
    assert isinstance(decl, ir.Alias) and decl.span == decl.type.span
    assert (decl.span.line, decl.span.col) == (1, 25)  # where the member's type is written


def test_the_references_to_a_recursive_member_stand_where_it_was_first_read() -> None:
    # ``X["a"]`` at 1:30 (inside ``b``) is the first read: the reference inside ``XA`` and
    # every later use (``c``, read once) are the one reference made there
    schema = compiled('export interface X { a: { b: X["a"] } | null; c: X["a"] }\n')
    assert spans(schema.decls["X"].body) == [  # type: ignore[union-attr]
        ("Object", 1, 20),
        ("property a", 1, 22),
        ("Union", 1, 25),
        ("Object", 1, 25),
        ("property b", 1, 27),
        ("Ref", 1, 30),
        ("Primitive", 1, 41),
        ("property c", 1, 47),
        ("Ref", 1, 30),
    ]
    assert spans(schema.decls["XA"].type) == [  # type: ignore[union-attr]
        ("Union", 1, 25),
        ("Object", 1, 25),
        ("property b", 1, 27),
        ("Ref", 1, 30),
        ("Primitive", 1, 41),
    ]


def test_a_recursive_member_that_is_an_object_is_an_interface() -> None:
    # ``X["a"]`` whose expansion is an object type (a conditional type's branch): an
    # interface; an intersection stays an alias
    text = 'export interface X { a: true extends true ? { b?: X["a"] } : never; d: X["a"] }\n'
    decl = compiled(text).decls["XA"]
    assert isinstance(decl, ir.Interface)
    assert (decl.span.line, decl.span.col) == (1, 45)  # where its object type is written
    assert shown(text) == {
        "XA": [("b", "XA", True)],
        "X": [("a", "{ b?: XA }", False), ("d", "XA", False)],
    }
    text = 'export interface X { a: { b?: X["a"] } & { c: string }; d: X["a"] }\n'
    assert isinstance(compiled(text).decls["XA"], ir.Alias)
    assert shown(text)["XA"] == "{ b?: XA } & { c: string }"


def test_a_recursive_array_member_is_an_alias() -> None:
    assert shown('export interface C { a: { b: C["a"] }[]; c: C["a"] }\n') == {
        "CA": "{ b: CA }[]",
        "C": [("a", "{ b: CA }[]", False), ("c", "CA", False)],
    }
    assert isinstance(compiled('export interface C { a: { b: C["a"] }[] }\n').decls["CA"], ir.Alias)


def test_the_path_s_name_taken_by_a_declaration_gets_another() -> None:
    assert shown(
        'export interface XA { q: 1 }\nexport interface X { a: { b: X["a"] } | null }\n'
    ) == {
        "XA": [("q", "1", False)],
        "XA_2": "{ b: XA_2 } | null",
        "X": [("a", "{ b: XA_2 } | null", False)],
    }


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('export interface X { a: X["a"]; }\n', "1:25"),
        ('export interface X { a: X["a"] | string; }\n', "1:25"),
        ('export type X = { a: string | X["b"]; b: X["a"][] };\n', "1:31"),
    ],
)
def test_an_access_that_needs_itself_with_no_member_between_is_a_located_error(
    text: str, where: str
) -> None:
    # TypeScript: "'a' is referenced directly or indirectly in its own type annotation"
    assert error(text) == f"a.ts:{where}: error: {SELF}"


def test_members_named_in_the_access_s_own_context(monkeypatch: pytest.MonkeyPatch) -> None:
    # read before the member itself, the access names what it lifts after its path
    # (``CSX1``), not after where it stands (``CY1``)
    assert shown('export interface C { y: C["s"]["x"]; s: { x: { a: 1 } | { b: 2 } } }\n') == {
        "CSX1": [("a", "1", False)],
        "CSX2": [("b", "2", False)],
        "C": [("y", "CSX1 | CSX2", False), ("s", "{ x: CSX1 | CSX2 }", False)],
    }
    # and the recursive one is that path's declaration, its members lifted inside it
    assert shown(
        'export interface C { y: C["s"]["x"]; s: { x: { a: 1; n?: C["s"]["x"] } | { b: 2 } } }\n'
    ) == {
        "CSX1": [("a", "1", False), ("n", "CSX", True)],
        "CSX2": [("b", "2", False)],
        "CSX": "CSX1 | CSX2",
        "C": [("y", "CSX", False), ("s", "{ x: CSX1 | CSX2 }", False)],
    }


def test_each_further_use_of_an_accessed_member_costs_its_reference_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the member is expanded once (``accessed``); each use after costs the reference and
    # its key: 2 steps, not the member's expansion again
    one = 'export interface X { a: { b: X["a"] } | null; c: X["a"] }\n'
    two = 'export interface X { a: { b: X["a"] } | null; c: X["a"]; d: X["a"] }\n'
    message = costs(monkeypatch, one, 12)
    assert message.startswith("a.ts:1:52: error: expanding 'X' needs more than 11 steps")
    costs(monkeypatch, two, 14)
    plain = 'export interface X { a: string | number; c: X["a"]; d: X["a"]; e: X["a"] }\n'
    costs(monkeypatch, plain, 12)


def test_what_the_lazy_reading_leaves_to_the_general_rule() -> None:
    # a base's member (the declaration has bases), a key that is no string literal, a
    # member that is no object: the general rule, which reads the expanded members
    out = shown(
        "export interface B { q: string | number }\n"
        "export interface C extends B { s: { x: string | number }; y: C['s']['x']; z: C['q'] }\n"
    )
    assert out["C"] == [
        ("s", "{ x: string | number }", False),
        ("y", "string | number", False),
        ("z", "string | number", False),
        "extends B",
    ]
    assert shown("export interface C { s: string[]; y: C['s'][number]; z: C['s'] }\n") == {
        "C": [("s", "string[]", False), ("y", "string", False), ("z", "string[]", False)]
    }


def test_a_type_parameter_named_like_the_declaration_is_the_parameter() -> None:
    # ``T["x"]`` in ``G<T>``, instantiated while the interface ``T`` is expanded: ``T`` is
    # the argument ``{ x: 1 }``, not the interface
    assert shown(
        "export interface T { x: string | number; b: G<{ x: 1 }> }\nexport type G<T> = T['x'];\n"
    ) == {"T": [("x", "string | number", False), ("b", "1", False)]}


def test_a_path_that_leaves_the_object_literals_is_read_by_the_general_rule() -> None:
    # ``C["s"]["n"]["k"]``: ``n`` is a union, not an object literal; ``C["s"]["zz"]``: no
    # such member (a degraded type, located, as the general rule says)
    types, warnings = degraded(
        "export type C = { s: { n: { k: 1 } | { k: 2 }; m: string | number } };\n"
        'export type K = C["s"]["n"]["k"];\n'
        'export type M = C["s"]["m"];\n'
    )
    assert (types["K"], types["M"], warnings) == ("1 | 2", "string | number", [])
    types, warnings = degraded('export type C = { s: { x: 1; y: C["s"]["zz"] } };\n')
    assert warnings == [not_data("1:33", "'zz'")]


# --------------------------------------------------------------------------- read, without_itself


def test_an_index_signature_that_names_its_own_access_is_its_other_members() -> None:
    # jsonld's ``[key: string]: A | N[keyof N]``: the least type with ``V = A | V`` is
    # ``A``; so is ``N[string]``; none other left: ``never``; another declaration's
    # access is no such member and stays
    assert shown("export interface N { [k: string]: string | N[keyof N] }\n") == {
        "N": ["index string | string"]
    }
    assert shown("export interface N { [k: string]: string | number | N[string] }\n") == {
        "N": ["index string | number | string | number"]
    }
    assert shown('export interface N { [k: string]: "x" | N[keyof N] }\n') == {
        "N": ['index "x" | "x"']
    }
    assert shown(
        "export interface N { [k: string]: N[keyof N] | N[string] }\nexport type V = N[string];\n"
    ) == {"N": ["index never"], "V": "never"}
    assert shown(
        "export interface M { k: boolean }\n"
        "export interface N { [k: string]: string | M[keyof M] | N[keyof N] }\n"
    ) == {
        "M": [("k", "boolean", False)],
        "N": ["index string | boolean | string | boolean"],
    }
    # ``N["x"]``, a key no property has, inside ``N``'s own index signature: the same rule
    assert shown('export interface N { [k: string]: string | N["x"] }\n') == {
        "N": ["index string | string"]
    }
    assert shown(
        'export interface N { [k: string]: string | number | N["x"] }\nexport type Y = N["y"];\n'
    ) == {
        "N": ["index string | number | string | number"],
        "Y": "string | number | string | number",
    }
    # the members kept are expanded: a reference to another declaration is that one
    assert shown(
        "export interface M { m: 1 }\nexport interface N { [k: string]: M | N[keyof N] }\n"
    ) == {"M": [("m", "1", False)], "N": ["index M | M"]}


def test_what_is_left_of_a_self_referring_index_keeps_the_written_positions() -> None:
    schema = compiled("export interface N { [k: string]: N[keyof N] | N[string] }\n")
    n = schema.decls["N"]
    assert isinstance(n, ir.Interface) and n.body.index is not None
    assert spans(n.body.index.value) == [("Primitive", 1, 35)]
    schema = compiled("export interface N { [k: string]: string | number | N[keyof N] }\n")
    n = schema.decls["N"]
    assert isinstance(n, ir.Interface) and n.body.index is not None
    assert spans(n.body.index.value) == [
        ("Union", 1, 35),
        ("Primitive", 1, 35),
        ("Primitive", 1, 44),
        ("Primitive", 1, 35),
        ("Primitive", 1, 44),
    ]


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("export interface N { [k: string]: N[string] }\n", "1:35"),
        ("export interface N { [k: string]: N[string][] | string }\n", "1:35"),
    ],
)
def test_an_index_signature_that_is_only_its_own_access_is_a_located_error(
    text: str, where: str
) -> None:
    assert error(text) == f"a.ts:{where}: error: {SELF}"


# --------------------------------------------------------------------------- indexed


def test_each_key_of_a_union_reads_its_member() -> None:
    # every key is read, from a property or from the index signature, in the key's order
    assert (
        shown("export interface A { x: string; y: number }\nexport type X = A['x' | 'y'];\n")["X"]
        == "string | number"
    )
    assert (
        shown(
            "export interface D { [k: string]: number; f: string }\n"
            "export type X = D['a' | 'b' | 'f'];\n"
        )["X"]
        == "number | number | string"
    )


def test_a_tuple_s_member_by_its_position() -> None:
    # ``T[0]``, ``T["1"]``: that member; one past the last: no data property (degraded,
    # located), as is a key that is no position
    types, warnings = degraded(
        "export type Tu = [string, number];\n"
        "export type A = Tu[0];\n"
        'export type B = Tu["1"];\n'
        "export type C = Tu[2];\n"
        'export type D = Tu["x"];\n'
    )
    assert (types["A"], types["B"], types["C"], types["D"]) == (
        "string",
        "number",
        "unknown",
        "unknown",
    )
    assert warnings == [not_data("4:17", "2"), not_data("5:17", "'x'")]


def test_any_and_a_degraded_type_are_themselves_whatever_the_key() -> None:
    # ``any[K]`` is ``any``; a degraded type indexed reads so, with no second warning
    types, warnings = degraded(
        "export interface A { a: string }\n"
        'export type X = any["x"];\n'
        'export type D = A["zz"];\n'
        'export type Y = D["q"];\n'
    )
    assert (types["X"], types["D"], types["Y"]) == ("any", "unknown", "unknown")
    assert warnings == [not_data("3:17", "'zz'")]


def test_a_union_s_members_each_read_at_the_access() -> None:
    # ``(A | B)["m"]``: ``B`` has no ``m``, which is located at the access
    types, warnings = degraded(
        "export interface A { x: string; m(): void }\n"
        "export interface B { x: number }\n"
        'export type X = (A | B)["x"];\n'
        'export type Y = (A | B)["m"];\n'
    )
    assert (types["X"], types["Y"]) == ("string | number", "unknown")
    assert warnings == [not_data("4:17", "'m'")]


def test_a_method_s_type_is_an_object_where_it_is_read() -> None:
    schema = compiled(
        "export interface A { x: string; m(): void }\nexport type X = A['m'];\n"
        "export type Y = A['m' | 'x'];\n"
    )
    assert spans(schema.decls["X"].type) == [("Primitive", 2, 17)]  # type: ignore[union-attr]
    assert spans(schema.decls["Y"].type) == [  # type: ignore[union-attr]
        ("Union", 3, 17),
        ("Primitive", 3, 17),
        ("Primitive", 1, 25),
    ]


def test_a_member_read_from_an_expanded_declaration_is_not_expanded_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``A["x"]``: A's three nodes, the access and its key, and the member read once
    message = costs(
        monkeypatch, "export interface A { x: string | number }\nexport type X = A['x'];\n", 7
    )
    assert message.startswith("a.ts:2:19: error: expanding 'X' needs more than 6 steps")
    costs(
        monkeypatch,
        "export interface A { x: string | number; y: boolean }\nexport type X = A['x' | 'y'];\n",
        12,
    )
    # so is an index signature's value, by a key ``string`` or a literal no property has
    index = "export interface D { [k: string]: number | string }\n"
    costs(monkeypatch, index + "export type X = D[string];\n", 7)
    costs(monkeypatch, index + "export type X = D['a'];\n", 7)
