"""Pins of ``codegen.ir.queries`` (flattened views, literal sets, coarse kinds), from
mutation results: exact answers for each type shape, on hand-built and compiled schemas."""

from __future__ import annotations

import dataclasses

import pytest

from codegen import ir
from codegen.errors import SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir import queries as q

S = ir.Primitive("string")
N = ir.Primitive("number")
B = ir.Primitive("boolean")
ALL = {"string", "number", "boolean", "null", "object", "array"}


def compiled(text: str) -> ir.Schema:
    return resolve([parse_module("a.ts", text)])


def prop(name: str, t: ir.TypeExpr = S) -> ir.Property:
    return ir.Property(name, t)


def lit(value: ir.LiteralValue) -> ir.Literal:
    return ir.Literal(value)


def hand(*decls: ir.Decl) -> ir.Schema:
    return ir.Schema({d.name: d for d in decls})


def names(props: tuple[ir.Property, ...]) -> list[tuple[str, ir.TypeExpr]]:
    return [(p.name, p.type) for p in props]


# --------------------------------------------------------------------------- integers


def test_is_integer_alias() -> None:
    s = hand(ir.Alias("integer", N), ir.Alias("uinteger", N), ir.Alias("Int", N))
    assert q.is_integer_alias(s, "integer") is True
    assert q.is_integer_alias(s, "uinteger") is False
    assert q.is_integer_alias(s, "Int") is False
    assert q.is_integer_alias(s, "missing") is False
    assert q.is_integer_alias(hand(ir.Alias("integer", S)), "integer") is False
    assert q.is_integer_alias(hand(ir.Alias("integer", lit(1))), "integer") is False
    assert q.is_integer_alias(hand(ir.Interface("integer", ir.Object())), "integer") is False
    assert q.is_integer_alias(compiled("export type integer = number;\n"), "integer") is True


# --------------------------------------------------------------------------- kinds

KIND_SCHEMA = hand(
    ir.Alias("Str", S),
    ir.Alias("Loop", ir.Ref("Loop")),
    ir.Interface("Obj", ir.Object()),
    ir.Alias("Both", ir.Union((ir.Ref("Str"), ir.Ref("Obj")))),
)


@pytest.mark.parametrize(
    ("t", "kinds"),
    [
        (ir.Primitive("any"), ALL),
        (ir.Primitive("unknown"), ALL),
        (ir.Primitive("never"), set()),
        (ir.Primitive("undefined"), set()),
        (ir.Primitive("object"), {"object", "array"}),
        (S, {"string"}),
        (ir.Primitive("null"), {"null"}),
        (lit(True), {"boolean"}),
        (lit(False), {"boolean"}),
        (lit("x"), {"string"}),
        (lit(1), {"number"}),
        (lit(1.5), {"number"}),
        (ir.Ref("Str"), {"string"}),
        (ir.Ref("Both"), {"string", "object"}),
        (ir.Ref("Obj"), {"object"}),
        (ir.Ref("Missing"), ALL),
        (ir.Ref("Loop"), ALL),
        (ir.Array(S), {"array"}),
        (ir.Tuple((S,)), {"array"}),
        (ir.Object(), {"object"}),
        (ir.Mapping(S), {"object"}),
        (ir.Omit(ir.Ref("Obj"), ("a",)), {"object"}),
        (ir.Union((S, N, lit(True))), {"string", "number", "boolean"}),
        (ir.Union(()), set()),
        (ir.Intersection((ir.Primitive("object"), ir.Object())), {"object"}),
        (ir.Intersection((S, N)), set()),
        (ir.Intersection(()), ALL),
    ],
)
def test_kinds(t: ir.TypeExpr, kinds: set[str]) -> None:
    assert q._kinds(KIND_SCHEMA, t) == kinds


def test_kinds_of_typeof_are_all_and_an_unknown_node_is_a_bug() -> None:
    assert q._kinds(KIND_SCHEMA, ir.Typeof("K")) == ALL
    with pytest.raises(AssertionError, match="unreachable, but got: <object object"):
        q._kinds(KIND_SCHEMA, object())  # type: ignore[arg-type]


def test_the_flattened_views_of_an_unknown_node_are_a_bug() -> None:
    schema = ir.Schema({})
    for view in (q.flat_properties, q.flat_index):
        with pytest.raises(AssertionError, match="unreachable, but got: <object object"):
            view(schema, object())  # type: ignore[arg-type]


def test_kinds_stop_at_a_seen_alias() -> None:
    assert q._kinds(KIND_SCHEMA, ir.Ref("Str"), frozenset({"Str"})) == ALL


# --------------------------------------------------------------------------- literals

LIT_SCHEMA = hand(
    ir.Alias("AB", ir.Union((lit("a"), lit("b")))),
    ir.Alias("C", lit("c")),
    ir.Alias("Open", ir.Union((lit("a"), S))),
    ir.Alias("Nested", ir.Union((ir.Ref("AB"), ir.Ref("C"), lit(1)))),
    ir.Alias("NestedOpen", ir.Union((ir.Ref("C"), ir.Ref("Open")))),
)


@pytest.mark.parametrize(
    ("t", "values"),
    [
        (lit("a"), {"a"}),
        (ir.Ref("AB"), {"a", "b"}),
        (ir.Ref("C"), {"c"}),
        (ir.Ref("Open"), None),
        (ir.Ref("Nested"), {"a", "b", "c", 1}),
        (ir.Ref("NestedOpen"), None),
        (ir.Union((ir.Ref("AB"), lit(True))), {"a", "b", True}),
        (ir.Union((ir.Union((lit("x"), lit("y"))), lit("z"))), {"x", "y", "z"}),
        (ir.Union((ir.Union((lit("x"), S)), lit("z"))), None),
        (S, None),
        (ir.Ref("Missing"), None),
    ],
)
def test_closed_literals(t: ir.TypeExpr, values: set[object] | None) -> None:
    assert q.closed_literals(LIT_SCHEMA, t) == values


@pytest.mark.parametrize(
    ("sub", "base", "narrowing"),
    [
        (lit("a"), ir.Ref("AB"), True),
        (ir.Ref("AB"), ir.Ref("AB"), True),
        (ir.Ref("AB"), lit("a"), False),
        (lit("z"), ir.Ref("AB"), False),
        (S, ir.Ref("AB"), True),  # open sub: not clearly wider
        (lit("a"), S, True),
        (N, S, False),
        (lit(1), ir.Ref("AB"), False),
        (ir.Ref("Nested"), ir.Ref("Nested"), True),
        (ir.Union((S, N)), S, False),
        (S, ir.Union((S, N)), True),
    ],
)
def test_is_narrowing(sub: ir.TypeExpr, base: ir.TypeExpr, narrowing: bool) -> None:
    assert q.is_narrowing(LIT_SCHEMA, sub, base) is narrowing


# --------------------------------------------------------------------------- flattening

FLAT = compiled(
    """
export interface A { a: string; shared: string; }
export interface B { b: number; shared: number; }
export interface C extends A, B { c: boolean; a: string; }
export type O = Omit<C, "b" | "shared">;
export type I = A & { i: string; a: string };
export interface Indexed { [key: string]: number; }
export interface FromIndexed extends A, Indexed { }
export interface Own extends Indexed { [key: string]: string; }
export type Rec = Record<string, boolean>;
export type RecAnd = A & Rec;
export type OmitIndexed = Omit<Indexed, "x">;
export type Plain = { p: string; [k: string]: unknown };
export type Alias = C;
export type Str = string;
"""
)


def flat(name: str) -> list[tuple[str, str, int]]:
    """(name, type, line of the declaring property)."""
    out = []
    for p in q.flat_properties(FLAT, ir.Ref(name)):
        t = p.type
        assert isinstance(t, ir.Primitive)
        out.append((p.name, t.name, p.span.line))
    return out


def test_flat_properties_bases_first_redeclared_in_place() -> None:
    assert flat("C") == [
        ("a", "string", 4),
        ("shared", "number", 3),
        ("b", "number", 3),
        ("c", "boolean", 4),
    ]
    assert flat("Alias") == flat("C")


def test_flat_properties_of_omit_and_intersection() -> None:
    assert flat("O") == [("a", "string", 4), ("c", "boolean", 4)]
    assert flat("I") == [("a", "string", 6), ("shared", "string", 2), ("i", "string", 6)]
    assert flat("Plain") == [("p", "string", 13)]


def test_non_object_types_have_no_properties() -> None:
    assert flat("Str") == []
    assert flat("Missing") == []
    assert q.flat_properties(FLAT, ir.Array(ir.Ref("A"))) == ()
    assert q.flat_properties(FLAT, ir.Union((ir.Ref("A"),))) == ()


def test_flat_properties_of_an_interface_and_memo() -> None:
    decl = FLAT.decls["C"]
    assert isinstance(decl, ir.Interface)
    first = q.flat_properties(FLAT, decl)
    assert [p.name for p in first] == ["a", "shared", "b", "c"]
    assert q.flat_properties(FLAT, ir.Ref("C")) is q.flat_properties(FLAT, ir.Ref("C"))


def test_an_interface_is_flattened_once_and_a_cycle_as_before() -> None:
    """The emitters ask for each declaration's properties several times: the answer for
    an interface is kept (#37), the same tuple. In a cycle (which resolve rejects) every
    answer is the one each ask computed before."""
    decl = FLAT.decls["C"]
    assert isinstance(decl, ir.Interface)
    assert q.flat_properties(FLAT, decl) is q.flat_properties(FLAT, decl)
    a = ir.Interface("A", ir.Object((prop("a"),)), extends=(ir.Ref("B"),))
    b = ir.Interface("B", ir.Object((prop("b"),)), extends=(ir.Ref("C"),))
    c = ir.Interface("C", ir.Object((prop("c"),)), extends=(ir.Ref("A"), ir.Ref("B")))
    s = hand(a, b, c)
    asked = [(d.name, [p.name for p in q.flat_properties(s, d)]) for d in (b, a, c, a, b, c)]
    assert asked == [
        ("B", ["b", "a", "c"]),
        ("A", ["b", "a"]),
        ("C", ["b", "a", "c"]),
        ("A", ["b", "a"]),
        ("B", ["b", "a", "c"]),
        ("C", ["b", "a", "c"]),
    ]


def value_of(name: str) -> str | None:
    found = q.flat_index(FLAT, ir.Ref(name))
    if found is None:
        return None
    assert isinstance(found.value, ir.Primitive)
    return found.value.name


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("Indexed", "number"),
        ("FromIndexed", "number"),
        ("Own", "string"),
        ("Rec", "boolean"),
        ("RecAnd", "boolean"),
        ("OmitIndexed", "number"),
        ("Plain", "unknown"),
        ("A", None),
        ("C", None),
        ("I", None),
        ("Str", None),
        ("Missing", None),
    ],
)
def test_flat_index(name: str, value: str | None) -> None:
    assert value_of(name) == value


def test_a_mapping_index_keeps_its_span() -> None:
    span = ir.Span("x.ts", 3, 4)
    found = q.flat_index(FLAT, ir.Mapping(S, span=span))
    assert found == ir.IndexSignature(S, span=span)


def test_a_cycle_flattens_to_nothing() -> None:
    # resolve rejects cycles; a hand-built one must still end
    s = hand(
        ir.Interface("Self", ir.Object((prop("x"),)), extends=(ir.Ref("Self"),)),
        ir.Alias("Loop", ir.Intersection((ir.Ref("Loop"), ir.Object((prop("y"),))))),
    )
    assert names(q.flat_properties(s, ir.Ref("Self"))) == [("x", S)]
    assert names(q.flat_properties(s, ir.Ref("Loop"))) == [("y", S)]
    assert q.flat_index(s, ir.Ref("Self")) is None


def test_the_flattener_keeps_eight_schemas_and_drops_the_oldest() -> None:
    q._FLATTENERS.clear()
    schemas = [hand(ir.Alias(f"T{i}", S)) for i in range(9)]
    for s in schemas[:8]:
        q.flat_properties(s, ir.Ref("T0"))
    assert len(q._FLATTENERS) == 8
    assert id(schemas[0]) in q._FLATTENERS
    q.flat_properties(schemas[8], ir.Ref("T0"))
    assert len(q._FLATTENERS) == 8
    assert id(schemas[0]) not in q._FLATTENERS
    assert [f.schema for f in q._FLATTENERS.values()] == schemas[1:]


def test_a_flattener_is_not_reused_for_another_schema_at_the_same_id() -> None:
    a = hand(ir.Interface("X", ir.Object((prop("a"),))))
    b = hand(ir.Interface("X", ir.Object((prop("b"),))))
    assert names(q.flat_properties(a, ir.Ref("X"))) == [("a", S)]
    q._FLATTENERS[id(b)] = q._FLATTENERS[id(a)]  # as if ``a`` died and ``b`` took its id
    assert names(q.flat_properties(b, ir.Ref("X"))) == [("b", S)]
    assert q._FLATTENERS[id(b)].schema is b


# --------------------------------------------------------------------------- deref


def test_deref() -> None:
    s = hand(
        ir.Alias("A", ir.Ref("B")),
        ir.Alias("B", S),
        ir.Interface("I", ir.Object()),
        ir.Alias("ToI", ir.Ref("I")),
        ir.Alias("L1", ir.Ref("L2")),
        ir.Alias("L2", ir.Ref("L1")),
    )
    assert q.deref(s, ir.Ref("A")) == S
    assert q.deref(s, ir.Ref("ToI")) == ir.Ref("I")
    assert q.deref(s, ir.Ref("Missing")) == ir.Ref("Missing")
    assert q.deref(s, N) == N
    assert q.deref(s, ir.Ref("L1")) == ir.Ref("L1")


def test_shape_ignores_spans_and_keeps_bool_apart_from_int() -> None:
    a = ir.Literal("x", span=ir.Span("a.ts", 1, 1))
    b = ir.Literal("x", span=ir.Span("b.ts", 9, 9))
    assert q.shape(a) == q.shape(b) == ("Literal", ("str", "x"), ("str", "literal"))
    assert q.shape(ir.Literal(True)) != q.shape(ir.Literal(1))
    assert q.shape([1, "a"]) == (("int", 1), ("str", "a"))
    assert q.shape(ir.Literal) == ("type", ir.Literal)
    # a field marked "when set" is left out while unset, and kept once set
    assert q.shape(ir.Tuple(())) == ("Tuple", (), ("str", "tuple"), ("NoneType", None))
    assert q.shape(ir.Tuple((), rest=S))[-1] == q.shape(S)
    # an unset field that is not marked stays in
    assert q.shape(ir.Object()) == ("Object", (), ("NoneType", None), ("str", "object"))


def test_rewrite_changes_every_node_but_the_kept_fields() -> None:
    span = ir.Span("a.ts", 1, 1)
    doc = ir.Doc("keep", (ir.DocTag("x", "string"),))
    t = ir.Object((ir.Property("p", ir.Array(S, span), doc=doc),), span=span)

    def change(node: object) -> object:
        return N if node == S else node

    assert q.rewrite(t, change) == ir.Object(
        (ir.Property("p", ir.Array(N, span), doc=doc),), span=span
    )
    assert q.rewrite((S, [S]), change) == (N, [S])  # tuples entered, other containers not
    seen: list[object] = []
    q.rewrite(ir.Property("p", S, doc=doc, span=span), lambda n: seen.append(n) or n)
    assert span not in seen and S in seen and doc in seen
    seen.clear()
    q.rewrite(ir.Property("p", S, doc=doc), lambda n: seen.append(n) or n, keep=("span", "doc"))
    assert doc not in seen and S in seen
    seen.clear()  # ``keep`` holds all the way down, through fields and tuples
    nested = ir.Object((ir.Property("p", S, doc=doc),))
    q.rewrite(nested, lambda n: seen.append(n) or n, keep=("span", "doc"))
    assert doc not in seen and S in seen


def test_protocol_of_reads_the_option_else_mcp_marker() -> None:
    marker = {"EmptyResult": ir.Alias("EmptyResult", ir.Object())}
    assert q.is_mcp(marker) and not q.is_mcp({})
    assert q.protocol_of(ir.Schema(marker)) == "mcp"
    assert q.protocol_of(ir.Schema({})) == "generic"
    assert q.protocol_of(ir.Schema(marker, protocol="generic")) == "generic"
    assert q.protocol_of(ir.Schema({}, protocol="mcp")) == "mcp"


def test_type_fields_are_every_field_but_span_and_doc_read_once_per_class() -> None:
    """The generic walks (the lib's names, every property key) read a kind's fields through
    ``type_fields``, once per class, not ``dataclasses.fields`` once per node (#37)."""
    type_fields = q.type_fields
    assert type_fields(ir.Property) == tuple(
        f.name for f in dataclasses.fields(ir.Property) if f.name not in ("span", "doc")
    )
    assert "type" in type_fields(ir.Property) and "name" in type_fields(ir.Property)
    assert type_fields(ir.Ref) == ("name", "args", "kind")
    assert type_fields(str) == type_fields(int) == type_fields(type) == ()
    assert type_fields(ir.Property) is type_fields(ir.Property)  # read once


AT = ir.Span("a.ts", 3, 7)
REFERABLE = hand(
    ir.Alias("Id", S),
    ir.Interface("Box", ir.Object((prop("id", ir.Ref("Id")),))),
    ir.Const("VERSION", "1"),
)


def test_declaration_of_is_the_declaration_a_reference_names() -> None:
    assert q.declaration_of(REFERABLE, ir.Ref("Id", span=AT)) is REFERABLE.decls["Id"]
    assert q.declaration_of(REFERABLE, ir.Ref("Box", span=AT)) is REFERABLE.decls["Box"]


@pytest.mark.parametrize(
    ("ref", "error"),
    [
        (ir.Ref("Missing", span=AT), "a.ts:3:7: error: unknown type 'Missing'"),
        (
            ir.Ref("Box", (S,), span=AT),
            "a.ts:3:7: error: generic type arguments on 'Box' are not supported",
        ),
        (
            ir.Ref("VERSION", span=AT),
            "a.ts:3:7: error: 'VERSION' is a const, not a type; use 'typeof VERSION'",
        ),
        # an unknown name is reported as unknown, with or without arguments; arguments on a
        # const are reported before what the const is (the pydantic emitter's order)
        (ir.Ref("Missing", (S,), span=AT), "a.ts:3:7: error: unknown type 'Missing'"),
        (
            ir.Ref("VERSION", (S,), span=AT),
            "a.ts:3:7: error: generic type arguments on 'VERSION' are not supported",
        ),
    ],
)
def test_declaration_of_a_bad_reference_is_a_located_error(ref: ir.Ref, error: str) -> None:
    with pytest.raises(SchemaError) as raised:
        q.declaration_of(REFERABLE, ref)
    assert str(raised.value) == error and raised.value.span == AT
