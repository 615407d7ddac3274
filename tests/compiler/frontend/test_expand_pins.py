"""Pins of ``codegen.frontend.expand`` (generic instantiation, utilities, intersection
distribution, synthesized names), from mutation results: each compiles an inline snippet
and asserts the exact declarations, names and error texts."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend import budget, expand_core, shared_members
from codegen.frontend import expand_names as e
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.printer import render
from codegen.ir.queries import shape


def compiled(text: str) -> ir.Schema:
    return resolve([parse_module("a.ts", text)])


def shown(text: str) -> dict[str, object]:
    """Each declaration as text: an alias's type, or an interface's properties
    (name, type, optional), its bases and index value."""
    out: dict[str, object] = {}
    for name, decl in compiled(text).decls.items():
        if isinstance(decl, ir.Alias):
            out[name] = render(decl.type)
        elif isinstance(decl, ir.Interface):
            body: list[object] = [
                (p.name, render(p.type), p.optional) for p in decl.body.properties
            ]
            body += [f"extends {render(b)}" for b in decl.extends]
            if decl.body.index is not None:
                body.append(f"index {render(decl.body.index.value)}")
            out[name] = body
    return out


def error(text: str) -> str:
    with pytest.raises(SchemaError) as info:
        compiled(text)
    return str(info.value)


# --------------------------------------------------------------------------- generics


def test_generic_instances_and_their_names() -> None:
    assert shown(
        """export interface Page<T, M = string> { items: T[]; meta: M; }
export interface Tool { name: string; }
export type P1 = Page<Tool>;
export type P2 = Page<Tool[], number>;
export type P3 = Page<{ x: string }>;
export type P4 = Page<"a-b" | "c">;
export type P5 = Page<Tool | null>;
"""
    ) == {
        "Tool": [("name", "string", False)],
        "Page_Tool_string": [("items", "Tool[]", False), ("meta", "string", False)],
        "P1": "Page_Tool_string",
        "Page_ToolArray_number": [("items", "Tool[][]", False), ("meta", "number", False)],
        "P2": "Page_ToolArray_number",
        "Page_Object_string_41d2c190": [
            ("items", "{ x: string }[]", False),
            ("meta", "string", False),
        ],
        "P3": "Page_Object_string_41d2c190",
        "Page_a_bOrc_string_e38e8bc3": [
            ("items", '("a-b" | "c")[]', False),
            ("meta", "string", False),
        ],
        "P4": "Page_a_bOrc_string_e38e8bc3",
        "Page_ToolOrnull_string": [
            ("items", "(Tool | null)[]", False),
            ("meta", "string", False),
        ],
        "P5": "Page_ToolOrnull_string",
    }


def test_a_default_may_name_an_earlier_parameter() -> None:
    assert shown(
        "export interface Page<T, U = T> { a: T; b: U; }\nexport type X = Page<number>;\n"
    ) == {
        "Page_number_number": [("a", "number", False), ("b", "number", False)],
        "X": "Page_number_number",
    }


@pytest.mark.parametrize(
    ("params", "use", "message"),
    [
        ("T", "Page<string, number>", "'Page' takes 1..1 type arguments, got 2"),
        ("T, U = T", "Page<string, number, boolean>", "'Page' takes 1..2 type arguments, got 3"),
        ("T, U", "Page<string>", "'Page' takes 2..2 type arguments, got 1"),
        (
            "T = string, U = T",
            "Page<string, string, string>",
            "'Page' takes 0..2 type arguments, got 3",
        ),
    ],
)
def test_the_arity_error(params: str, use: str, message: str) -> None:
    text = f"export interface Page<{params}> {{ a: string; }}\nexport type X = {use};\n"
    assert error(text) == f"a.ts:2:17: error: {message}"


def test_a_generic_with_all_defaults_stands_for_itself() -> None:
    assert shown(
        "export interface Page<T = string> { a: T; }\n"
        "export type Pair<T = number> = T | string;\n"
        "interface Hidden<T = string> { h: T; }\n"
        "export type UseHidden = Hidden;\n"
    ) == {
        "Page": [("a", "string", False)],
        "Pair": "number | string",
        "Hidden": [("h", "string", False)],
        "UseHidden": "Hidden",
    }


def test_a_generic_object_alias_is_instantiated_and_a_union_alias_inlined() -> None:
    assert shown(
        "export type Box<T> = { v: T };\n"
        "export type Maybe<T> = T | null;\n"
        "export type A = Box<string>;\n"
        "export type B = Maybe<number>;\n"
    ) == {
        "Box_string": "{ v: string }",
        "A": "Box_string",
        "B": "number | null",
    }


def test_an_instance_name_taken_by_a_declaration_gets_its_structure_s_digest() -> None:
    """Naming never refuses valid TypeScript: a declared ``Box_string`` keeps its name."""
    out = shown(
        "export interface Box<T> { v: T; }\n"
        "export interface Box_string { other: number; }\n"
        "export type A = Box<string>;\n"
    )
    (made,) = [n for n in out if n.startswith("Box_string_")]
    assert out["Box_string"] == [("other", "number", False)]
    assert out[made] == [("v", "string", False)] and out["A"] == made


def test_the_same_instance_twice_is_one_declaration() -> None:
    out = shown(
        "export interface Box<T> { v: T; }\n"
        "export type A = Box<string>;\n"
        "export type B = Box<string>;\n"
    )
    assert out == {"Box_string": [("v", "string", False)], "A": "Box_string", "B": "Box_string"}


def test_each_instance_is_work_spent_from_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """No count of instances: each declared one spends ``INSTANCE_COST`` (and its arguments'
    size) from the work budget, whose exhaustion is the located error."""
    assert expand_core.INSTANCE_COST == 100
    uses = "\n".join(f'export type A{i} = Box<"v{i}">;' for i in range(2001))
    text = "export interface Box<T> { v: T; }\n" + uses + "\n"
    assert len(compiled(text).decls) == 4002
    monkeypatch.setattr(budget, "MAX_WORK", 2000 * (expand_core.INSTANCE_COST + 3))
    assert error(text) == (
        "a.ts:2002:21: error: expanding 'A2000' needs more than 206000 steps of type expansion"
        " (the compiler's work budget); the type grows without bound or is too large to expand"
    )


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("args", "name"),
    [
        ((ir.Primitive("string"),), "Page_string"),
        ((ir.Literal("ok"),), "Page_ok"),
        ((ir.Literal("a-b"),), "Page_a_b_" + e.digest(shape((ir.Literal("a-b"),)))),
        ((ir.Literal("--"),), "Page_literal_" + e.digest(shape((ir.Literal("--"),)))),
        ((ir.Literal(1),), "Page_1_" + e.digest(shape((ir.Literal(1),)))),
        ((ir.Ref("ns.Tool"),), "Page_ns_Tool"),
        ((ir.Ref("Box", (ir.Primitive("number"),)),), "Page_Box_number"),
        ((ir.Array(ir.Ref("T")),), "Page_TArray"),
        ((ir.Union((ir.Ref("A"), ir.Ref("B"))),), "Page_AOrB"),
        ((ir.Intersection((ir.Ref("A"), ir.Ref("B"))),), "Page_AAndB"),
        ((ir.Primitive("string"), ir.Primitive("number")), "Page_string_number"),
        ((), "Page"),
    ],
)
def test_instance_name(args: tuple[ir.TypeExpr, ...], name: str) -> None:
    assert e.instance_name("Page", args) == name


@pytest.mark.parametrize(
    ("t", "word", "exact"),
    [
        (ir.Tuple((ir.Primitive("string"),)), "Tuple", False),
        (ir.Object(), "Object", False),
        (ir.Mapping(ir.Primitive("string")), "Mapping", False),
        (ir.Array(ir.Object()), "ObjectArray", False),
        (ir.Union((ir.Primitive("string"), ir.Object())), "stringOrObject", False),
        (ir.Intersection((ir.Ref("A"), ir.Object())), "AAndObject", False),
        (ir.Ref("Box", (ir.Object(),)), "Box_Object_" + e.digest(shape((ir.Object(),))), False),
        (ir.Literal(True), "True", False),
    ],
)
def test_arg_words(t: ir.TypeExpr, word: str, exact: bool) -> None:
    assert e._arg_word(t) == word
    assert e._word_is_exact(t) is exact


def test_digest() -> None:
    assert e.digest(("x",)) == "49f28715"


def test_pascal() -> None:
    assert shared_members.pascal("tool-call_id") == "ToolCallId"
    assert shared_members.pascal("already") == "Already"
    assert shared_members.pascal("--") == ""


# --------------------------------------------------------------------------- utilities


def test_utilities() -> None:
    assert shown(
        """export interface A { a: string; b?: number; c: boolean }
export type K = keyof A;
export type V = A["a"];
export type V2 = A["a" | "c"];
export type PA = Partial<A>;
export type RA = Required<A>;
export type PK = Pick<A, "a" | "b">;
export type RO = Readonly<A>;
export type R = Record<"x" | "y", number>;
export type RS = Record<string, number>;
export type NN = NonNullable<string | null | undefined>;
export type NV = NonNullable<null>;
export type EX = Exclude<"a" | "b" | "c", "a">;
export type XT = Extract<"a" | "b" | "c", "a" | "b">;
export type X1 = Extract<"a" | "b", "b">;
"""
    ) == {
        "A": [("a", "string", False), ("b", "number", True), ("c", "boolean", False)],
        "K": '"a" | "b" | "c"',
        "V": "string",
        "V2": "string | boolean",
        "Partial_A": [("a", "string", True), ("b", "number", True), ("c", "boolean", True)],
        "PA": "Partial_A",
        "Required_A": [("a", "string", False), ("b", "number", False), ("c", "boolean", False)],
        "RA": "Required_A",
        "Pick_A_aOrb": [("a", "string", False), ("b", "number", True)],
        "PK": "Pick_A_aOrb",
        "RO": "A",
        "Record_xOry_number": [("x", "number", False), ("y", "number", False)],
        "R": "Record_xOry_number",
        "RS": "Record<string, number>",
        "NN": "string",
        "NV": "never",
        "EX": '"b" | "c"',
        "XT": '"a" | "b"',
        "X1": '"b"',
    }


def test_partial_keeps_the_index_and_pick_drops_it() -> None:
    out = shown(
        "export interface A { a: string; [k: string]: string; }\n"
        "export type PA = Partial<A>;\n"
        'export type PK = Pick<A, "a">;\n'
        "export type OA = { o: string; [k: string]: unknown };\n"
        "export type PO = Partial<OA>;\n"
    )
    assert out["Partial_A"] == [("a", "string", True), "index string"]
    assert out["Pick_A_a"] == [("a", "string", False)]
    assert out["Partial_OA"] == [("o", "string", True), "index unknown"]


def test_utilities_over_aliases_and_inherited_properties() -> None:
    out = shown(
        "export interface Base { b: number; }\n"
        "export interface A extends Base { a: string; }\n"
        'export type Keys = "a" | Nested;\n'
        'export type Nested = "b";\n'
        "export type PK = Pick<A, Keys>;\n"
        "export type KA = keyof A;\n"
        "export type Al = A;\n"
        "export type KAl = keyof Al;\n"
    )
    assert out["Pick_A_Keys"] == [("b", "number", False), ("a", "string", False)]
    assert out["KA"] == '"b" | "a"'
    assert out["KAl"] == '"b" | "a"'


@pytest.mark.parametrize(
    ("use", "message"),
    [
        ("Pick<A, string>", "a.ts:2:25: error: expected a string literal or a union of them"),
        ('Pick<A, "a" | number>', "a.ts:2:31: error: expected a string literal or a union of them"),
    ],
)
def test_utility_errors(use: str, message: str) -> None:
    assert error(f"export interface A {{ a: string; }}\nexport type X = {use};\n") == message


@pytest.mark.parametrize(("use", "key"), [('A["zz"]', "'zz'"), ("A[1]", "1")])
def test_an_indexed_key_with_no_data_property_degrades_where_it_stands(use: str, key: str) -> None:
    # tsc checked the typing: the key is a member that is no JSON data (a setter).
    diags = Diagnostics()
    text = f"export interface A {{ a: string; m(): void }}\nexport type X = {use};\n"
    schema = resolve([parse_module("a.ts", text)], diags)
    (warning,) = diags.degraded
    assert str(warning) == (
        f"a.ts:2:17: warning: {key} is not a data property of the indexed type (a member"
        " that is not JSON data, or no member at all): degraded to JsonValue (any JSON value)"
    )
    assert render(schema.decls["A"].body.properties[0].type) == "string"  # type: ignore[union-attr]


def test_a_key_that_names_no_property_reads_the_index_signature() -> None:
    out = shown(
        "export interface D { [k: string]: number; fixed: string }\n"
        'export type X = D["other"];\nexport type Y = D["fixed" | "other"];\n'
    )
    assert out["X"] == "number" and out["Y"] == "string | number"


def test_record_with_an_open_key_in_a_union_is_a_mapping() -> None:
    out = shown('export type R = Record<"a" | string, number>;\n')
    assert out == {"R": "Record<string, number>"}


def test_keyof_and_indexed_access() -> None:
    assert shown(
        """export type Arr = string[];
export type I = Arr[number];
export type Tu = [string, number];
export type J = Tu[number];
export type Tu1 = [boolean];
export type J1 = Tu1[number];
export type TuR = [string, ...number[]];
export type JR = TuR[number];
export type TuR1 = [...boolean[]];
export type JR1 = TuR1[number];
export interface Ix { [k: string]: boolean; }
export type S = Ix[string];
export type KI = keyof Ix;
export type KR = keyof Record<string, number>;
export interface Empty {}
export type KE = keyof Empty;
export interface One { only: string }
export type KO = keyof One;
export type Sh = { kind: "a"; n: number } | { kind: "b"; n: number } | { kind: "c"; n: string };
export type SK = Sh["kind"];
export type SN = Sh["n"];
export interface Two { x: string; y: string }
export type TX = Two["x" | "y"];
"""
    ) == {
        "Arr": "string[]",
        "I": "string",
        "Tu": "[string, number]",
        "J": "string | number",
        "Tu1": "[boolean]",
        "J1": "boolean",
        "TuR": "[string, ...number[]]",
        "JR": "string | number",
        "TuR1": "boolean[]",
        "JR1": "boolean",
        "Ix": ["index boolean"],
        "S": "boolean",
        "KI": "string",
        "KR": "string",
        "Empty": [],
        "KE": "never",
        "One": [("only", "string", False)],
        "KO": '"only"',
        "ShA": [("kind", '"a"', False), ("n", "number", False)],
        "ShB": [("kind", '"b"', False), ("n", "number", False)],
        "ShC": [("kind", '"c"', False), ("n", "string", False)],
        "Sh": "ShA | ShB | ShC",
        "SK": '"a" | "b" | "c"',
        "SN": "number | string",
        "Two": [("x", "string", False), ("y", "string", False)],
        "TX": "string | string",
    }


# --------------------------------------------------------------------------- distribution


def test_an_intersection_distributes_over_a_tagged_union() -> None:
    assert shown(
        'export type Shape = { kind: "circle"; r: number } | { kind: "square"; s: number };\n'
        "export type Tagged = Shape & { id: string };\n"
    ) == {
        "ShapeCircle": [("kind", '"circle"', False), ("r", "number", False)],
        "ShapeSquare": [("kind", '"square"', False), ("s", "number", False)],
        "Shape": "ShapeCircle | ShapeSquare",
        "TaggedCircle": "ShapeCircle & { id: string }",
        "TaggedSquare": "ShapeSquare & { id: string }",
        "Tagged": "TaggedCircle | TaggedSquare",
    }


def test_members_without_a_telling_literal_are_numbered() -> None:
    assert shown(
        "export type U = { a: string } | { b: number };\n"
        "export type T = U & { id: string };\n"
        "export interface Holder { field: { a: string } | { b: number }; "
        "other: ({ x: 1 } | { y: 2 }) & { z: 3 }; }\n"
    ) == {
        "U1": [("a", "string", False)],
        "U2": [("b", "number", False)],
        "U": "U1 | U2",
        "T1": "U1 & { id: string }",
        "T2": "U2 & { id: string }",
        "T": "T1 | T2",
        "HolderField1": [("a", "string", False)],
        "HolderField2": [("b", "number", False)],
        "HolderOther1": [("x", "1", False)],
        "HolderOther2": [("y", "2", False)],
        "HolderOther1_12ec8923": "HolderOther1 & { z: 3 }",
        "HolderOther2_60bc9877": "HolderOther2 & { z: 3 }",
        "Holder": [
            ("field", "HolderField1 | HolderField2", False),
            ("other", "HolderOther1_12ec8923 | HolderOther2_60bc9877", False),
        ],
    }


@pytest.mark.parametrize(
    ("members", "names"),
    [
        # the same literal twice, an empty word, a non-string literal: positions
        ('{ k: "a"; x: 1 } | { k: "a"; y: 1 }', ["U1", "U2"]),
        ('{ k: "-"; x: 1 } | { k: "b"; y: 1 }', ["U1", "U2"]),
        ("{ k: 1; x: 1 } | { k: 2; y: 1 }", ["U1", "U2"]),
        ('{ k: "a"; x: 1 } | { y: 1 }', ["U1", "U2"]),
        # the first key that tells them all apart
        ('{ k: "a"; t: "go"; x: 1 } | { k: "a"; t: "stop"; y: 1 }', ["UGo", "UStop"]),
        ('{ t: "tool-call"; x: 1 } | { t: "tool-result"; y: 1 }', ["UToolCall", "UToolResult"]),
    ],
)
def test_member_name_suffixes(members: str, names: list[str]) -> None:
    out = shown(f"export type U = {members};\n")
    assert [n for n in out if n != "U"] == names
    assert out["U"] == " | ".join(names)


def test_a_union_with_one_anonymous_member_is_not_lifted() -> None:
    assert shown("export type U = { a: string } | string | {};\n") == {
        "U": "{ a: string } | string | {}"
    }


def test_distribution_through_an_alias_over_two_unions() -> None:
    # ``A`` + ``A`` would be ``AA``, a declaration's name: that member gets a digest
    assert shown(
        'export type A = { k: "a" } | { k: "b" };\n'
        "export type AA = A;\n"
        'export type C = { c: "x" } | { c: "y" };\n'
        "export type T = AA & C;\n"
    ) == {
        "AA_779bcbe0": [("k", '"a"', False)],
        "AB": [("k", '"b"', False)],
        "A": "AA_779bcbe0 | AB",
        "AA": "A",
        "CX": [("c", '"x"', False)],
        "CY": [("c", '"y"', False)],
        "C": "CX | CY",
        "T1": "AA_779bcbe0 & CX",
        "T2": "AA_779bcbe0 & CY",
        "T3": "AB & CX",
        "T4": "AB & CY",
        "T": "T1 | T2 | T3 | T4",
    }


def test_an_optional_never_property_is_dropped_from_the_base() -> None:
    assert shown(
        "export interface Base { params: string; x: number; }\n"
        "export interface D extends Base { params?: never; }\n"
        "export interface E extends Omit<Base, 'x'> { params?: never; own: string; }\n"
        "export interface F { gone?: never; kept: never; }\n"
        "export interface G extends Base { x: never }\n"
    ) == {
        "Base": [("params", "string", False), ("x", "number", False)],
        "D": ['extends Omit<Base, "params">'],
        "E": [("own", "string", False), 'extends Omit<Base, "x" | "params">'],
        # a required ``never`` too: no JSON object can hold the key
        "F": [],
        "G": ['extends Omit<Base, "x">'],
    }


@pytest.mark.parametrize("later", [True, False])
def test_a_lifted_name_taken_by_a_declaration_gets_a_digest(later: bool) -> None:
    taken = "export type HField1 = { q: 1 };\n"
    holder = "export interface H { field: { a: string } | { b: number }; }\n"
    out = shown(holder + taken if later else taken + holder)
    assert out["HField1"] == "{ q: 1 }"
    assert out["HField1_c00e1d0d"] == [("a", "string", False)]
    assert out["H"] == [("field", "HField1_c00e1d0d | HField2", False)]


def test_a_lifted_name_wanted_by_two_structures() -> None:
    out = shown(
        "export interface H { f: { a: string } | { b: number }; }\n"
        "export interface H2 { x: { a: number } | { c: number }; }\n"
        "export type Same = { f: { a: string } | { b: number } };\n"
    )
    assert out["H"] == [("f", "HF1 | HF2", False)]
    assert out["HF1"] == [("a", "string", False)]


# --------------------------------------------------------------------------- exact IR


def spans(t: ir.TypeExpr | ir.Object) -> list[tuple[str, int, int]]:
    """Each node of a lowered type (depth first) with its line and column: errors and
    later passes point at these."""
    out: list[tuple[str, int, int]] = []

    def walk(n: object) -> None:
        if isinstance(n, ir.Property):
            out.append((f"property {n.name}", n.span.line, n.span.col))
            walk(n.type)
            return
        span = getattr(n, "span", None)
        assert isinstance(span, ir.Span)
        out.append((type(n).__name__, span.line, span.col))
        for field in ("members", "items", "base", "value", "properties"):
            value = getattr(n, field, None)
            for item in value if isinstance(value, tuple) else (value,):
                if item is not None and not isinstance(item, str | int | float | bool):
                    walk(item)

    walk(t)
    return out


SPANNED = """export interface A { a: string; b?: number }
export type K = keyof A;
export type K1 = keyof { only: string };
export type K0 = keyof {};
export type KS = keyof { [k: string]: number };
export type NV = NonNullable<null>;
export type NU = NonNullable<string | number | null>;
export type EX = Exclude<"a" | "b" | "c", "a">;
export type V2 = A["a" | "b"];
export type Tu = [string, number];
export type J = Tu[number];
export type Sh = { kind: "a"; n: number } | { kind: "b"; n: number };
export type SK = Sh["kind"];
export type SN = Sh["n"];
export type R = Record<"x" | "y", number>;
export type PA = Partial<A>;
export type D = ({ p: 1 } | { q: 2 }) & { c: 3 };
export type G<T = ({ p: 1 } | { q: 2 }) & { c: 3 }> = T | string;
export interface Box<T> { v: T }
export type I = { a: string } & Box<string>;
export type KN = "a" | Nested;
export type Nested = "b" | "c";
export type PK = Pick<{ a: 1; b: 2; c: 3 }, KN>;
"""


def test_lowered_types_keep_the_written_positions() -> None:
    s = compiled(SPANNED)

    def of(name: str) -> list[tuple[str, int, int]]:
        decl = s.decls[name]
        if isinstance(decl, ir.Alias):
            return spans(decl.type)
        assert isinstance(decl, ir.Interface)
        return [("decl", decl.span.line, decl.span.col), *spans(decl.body)]

    assert of("K") == [("Union", 2, 17), ("Literal", 2, 17), ("Literal", 2, 17)]
    assert of("K1") == [("Literal", 3, 18)]
    assert of("K0") == [("Primitive", 4, 18)]
    assert of("KS") == [("Primitive", 5, 18)]
    assert of("NV") == [("Primitive", 6, 30)]
    assert of("NU") == [("Union", 7, 30), ("Primitive", 7, 30), ("Primitive", 7, 39)]
    assert of("EX") == [("Union", 8, 26), ("Literal", 8, 32), ("Literal", 8, 38)]
    assert of("V2") == [("Union", 9, 18), ("Primitive", 1, 25), ("Primitive", 1, 37)]
    assert of("J") == [("Union", 11, 17), ("Primitive", 10, 19), ("Primitive", 10, 27)]
    assert of("SK") == [("Union", 13, 18), ("Literal", 12, 26), ("Literal", 12, 53)]
    assert of("SN") == [("Primitive", 12, 34)]
    assert of("R") == [("Ref", 15, 17)]
    assert of("Record_xOry_number") == [
        ("decl", 15, 17),
        ("Object", 15, 17),
        ("property x", 15, 17),
        ("Primitive", 15, 35),
        ("property y", 15, 17),
        ("Primitive", 15, 35),
    ]
    assert of("PA") == [("Ref", 16, 18)]
    assert of("Partial_A")[:2] == [("decl", 16, 18), ("Object", 16, 18)]
    assert of("D") == [("Union", 17, 17), ("Ref", 17, 17), ("Ref", 17, 17)]
    assert of("D1_f257e275") == [
        ("Intersection", 17, 17),
        ("Ref", 17, 18),
        ("Object", 17, 41),
        ("property c", 17, 43),
        ("Literal", 17, 46),
    ]
    assert of("PK") == [("Ref", 23, 18)]
    assert of("Pick_Object_KN_91f50c04")[:2] == [("decl", 23, 18), ("Object", 23, 18)]


def test_lowered_types_have_the_exact_structure() -> None:
    s = compiled(SPANNED)

    def shape_of(name: str) -> object:
        decl = s.decls[name]
        assert isinstance(decl, ir.Alias)
        return shape(decl.type)

    lit = ir.Literal
    assert shape_of("K1") == shape(lit("only"))
    assert shape_of("SN") == shape(ir.Primitive("number"))
    assert shape_of("NU") == shape(ir.Union((ir.Primitive("string"), ir.Primitive("number"))))
    assert shape_of("R") == shape(ir.Ref("Record_xOry_number"))
    assert shape_of("D") == shape(ir.Union((ir.Ref("D1_f257e275"), ir.Ref("D2_0dd559b2"))))
    assert shape_of("I") == shape(
        ir.Intersection(
            (ir.Object((ir.Property("a", ir.Primitive("string")),)), ir.Ref("Box_string"))
        )
    )
    decl = s.decls["Pick_Object_KN_91f50c04"]
    assert isinstance(decl, ir.Interface)
    assert [p.name for p in decl.body.properties] == ["a", "b", "c"]


def test_a_bare_generic_default_lifts_under_generic_names() -> None:
    # the default is lowered before the declaration is entered: nothing names its place
    out = shown(SPANNED)
    assert out["Union1"] == [("p", "1", False)]
    assert out["Union2"] == [("q", "2", False)]
    assert out["Intersection1"] == "Union1 & { c: 3 }"
    assert out["Intersection2"] == "Union2 & { c: 3 }"
    assert out["G"] == "Intersection1 | Intersection2 | string"


def test_indexed_access_of_a_union_with_one_result() -> None:
    out = shown(
        'export type Sh = { kind: "a"; n: number } | { kind: "b"; n: number };\n'
        'export type SN = Sh["n"];\n'
    )
    assert out["SN"] == "number"


def test_synthesized_declarations_stand_where_their_type_was_written() -> None:
    s = compiled(SPANNED)
    at = {name: (d.span.line, d.span.col) for name, d in s.decls.items()}
    assert at["ShA"] == (12, 18)
    assert at["ShB"] == (12, 45)
    assert at["D1"] == (17, 18)
    assert at["D1_f257e275"] == (17, 17)
    assert at["Union1"] == (18, 20)
    assert at["Intersection2"] == (18, 19)


def test_a_union_of_anonymous_intersections_lifts_aliases() -> None:
    out = shown(
        "export type U = ({ a: 1 } & { b: 1 }) | ({ c: 1 } & { d: 1 });\n"
        'export type W = Omit<{ a: 1; b: 1 }, "a"> | { c: 1 };\n'
    )
    assert out == {
        "U1": "{ a: 1 } & { b: 1 }",
        "U2": "{ c: 1 } & { d: 1 }",
        "U": "U1 | U2",
        "W1": [("b", "1", False)],  # ``Omit`` of an object literal: its members but the key
        "W2": [("c", "1", False)],
        "W": "W1 | W2",
    }


def test_one_alias_distributes_in_every_intersection() -> None:
    out = shown(
        'export type A = { k: "a" } | { k: "b" };\n'
        "export type T = A & { t: 1 };\n"
        "export type S = A & { s: 1 };\n"
    )
    assert out["T"] == "TA | TB"
    assert out["S"] == "SA | SB"


def test_lifting_keeps_named_members_and_reads_keys_in_the_first_members_order() -> None:
    out = shown(
        'export type U = { a: "p"; b: "x" } | string | { b: "y"; a: "q" };\n'
        "export type V = ({ a: 1 } & { b: 1 }) | ({ c: 1 } & { d: 1 });\n"
    )
    assert out["U"] == "UP | string | UQ"
    s = compiled(
        'export type U = { a: "p"; b: "x" } | string | { b: "y"; a: "q" };\n'
        "export type V = ({ a: 1 } & { b: 1 }) | ({ c: 1 } & { d: 1 });\n"
    )
    u = s.decls["U"]
    assert isinstance(u, ir.Alias)
    assert spans(u.type) == [("Union", 1, 17), ("Ref", 1, 17), ("Primitive", 1, 38), ("Ref", 1, 47)]
    v1 = s.decls["V1"]
    assert (v1.span.line, v1.span.col) == (2, 18)


def test_keys_of_omit_intersection_and_inherited_types() -> None:
    out = shown(
        "export interface A { a: string; b?: number; }\n"
        "export interface B { c: boolean; }\n"
        'export type KO = keyof Omit<A, "a">;\n'
        "export type KI = keyof (A & B);\n"
        'export type PO = Partial<Omit<A, "b">>;\n'
        "export interface C extends A { d: 1; }\n"
        "export type KC = keyof C;\n"
    )
    assert out["KO"] == '"b"'
    assert out["KI"] == '"a" | "b" | "c"'
    assert out["Partial_Omit_c1654ee5"] == [("a", "string", True)]
    assert out["KC"] == '"a" | "b" | "d"'


def test_a_literal_word_keeps_its_letters() -> None:
    assert e.instance_name("Page", (ir.Literal("Xok"),)) == "Page_Xok"
    assert e.instance_name("Page", (ir.Literal("_x_"),)) == "Page_x"


def test_a_generic_used_bare_and_with_its_defaults_spelled_out_is_declared_under_both_names() -> (
    None
):
    # typescript-json-schema declares both (@types/geojson's Feature and
    # Feature<Geometry, GeoJsonProperties>); the instance memo must not fold one into the other.
    decls = shown(
        "export interface P { x: string }\n"
        "export interface Feature<G = P> { g: G }\n"
        "export interface C { features: Feature<P>[] }\n"
        "export interface D { one: Feature }\n"
    )
    assert decls["Feature"] == [("g", "P", False)]
    assert decls["Feature_P"] == [("g", "P", False)]
    assert decls["C"] == [("features", "Feature_P[]", False)]
    assert decls["D"] == [("one", "Feature", False)]


# ------------------------------------------------------ expand.py's own rules (issue #36)


def test_a_base_from_an_unmapped_package_is_an_index_signature_of_its_degraded_type() -> None:
    # ``extends Readable`` of a package with no typings mapped: any other member, of any
    # value; the other bases are kept, and the index signature stands where the base does
    s = compiled(
        'import { Readable } from "stream";\n'
        "export interface Base { b: number }\n"
        "export interface R extends Readable, Base { a: string }\n"
    )
    r = s.decls["R"]
    assert isinstance(r, ir.Interface) and r.body.index is not None
    assert [render(b) for b in r.extends] == ["Base"]
    assert [p.name for p in r.body.properties] == ["a"]
    value = r.body.index.value
    assert isinstance(value, ir.Primitive) and value.name == "unknown"
    assert value.degraded == (
        "'Readable' from package 'stream', which is not mapped (map it with --import-map"
        " stream=PATH)"
    )
    assert r.body.index.span == value.span == ir.Span("a.ts", 3, 28)


def test_a_spread_tuple_alias_is_spliced_into_the_tuple() -> None:
    # ``[boolean, ...A]`` with ``A`` a tuple: A's members, an optional one kept optional
    assert shown("export type A = [number, string?];\nexport type B = [boolean, ...A];\n") == {
        "A": "[number, string?]",
        "B": "[boolean, number, string?]",
    }


def test_omit_of_another_type_s_keys_is_omit_of_those_literal_keys() -> None:
    # ``Omit<S, keyof R>``: the keys computed, each a literal, in R's order
    out = shown(
        "export interface R { c: boolean; a: string }\n"
        "export interface S { a: string; b: number; c: boolean }\n"
        "export type O = Omit<S, keyof R>;\n"
        "export type K = keyof O;\n"
    )
    assert (out["O"], out["K"]) == ('Omit<S, "c" | "a">', '"b"')
    o = compiled(
        "export interface R { c: boolean; a: string }\n"
        "export interface S { a: string; b: number; c: boolean }\n"
        "export type O = Omit<S, keyof R>;\n"
    ).decls["O"]
    assert isinstance(o, ir.Alias) and isinstance(o.type, ir.Omit)
    assert (o.type.keys, o.type.span) == (("c", "a"), ir.Span("a.ts", 3, 17))


def test_a_union_left_with_one_member_is_that_member() -> None:
    # ``never | X`` is ``X``: no union of one member
    s = compiled("export type V = [never][number] | string;\n")
    v = s.decls["V"]
    assert isinstance(v, ir.Alias) and v.type == ir.Primitive("string", ir.Span("a.ts", 1, 35))


def test_this_in_a_base_s_member_is_the_generic_instance_itself() -> None:
    # ``G<string>`` inherits ``next?: this``: a ``G_string`` (no type arguments left on the
    # instance's name); ``P`` used bare with its defaults is ``P`` itself, no second instance
    s = compiled(
        "export interface Base { next?: this; id: string }\n"
        "export interface G<T> extends Base { v: T }\n"
        "export interface P<T = number> extends Base { v: T }\n"
        "export type X = G<string>;\n"
    )
    assert sorted(s.decls) == ["Base", "G_string", "P", "X"]
    nexts = {}
    for name in ("G_string", "P"):
        decl = s.decls[name]
        assert isinstance(decl, ir.Interface)
        nexts[name] = next(p.type for p in decl.body.properties if p.name == "next")
    # each at the span of ``this`` in Base
    assert nexts == {
        "G_string": ir.Ref("G_string", (), ir.Span("a.ts", 1, 32)),
        "P": ir.Ref("P", (), ir.Span("a.ts", 1, 32)),
    }


@pytest.mark.parametrize("limit", [4, 5])
def test_the_work_of_an_inherited_this_is_located_at_this(
    monkeypatch: pytest.MonkeyPatch, limit: int
) -> None:
    # ``D`` re-reads ``next?: this`` of ``Base``: the steps of that ``this`` (itself, then
    # ``D``) stand at ``this`` in Base; six steps compile it all
    text = "export interface Base { next?: this }\nexport interface D extends Base { x: string }\n"
    monkeypatch.setattr(budget, "MAX_WORK", limit)
    assert error(text).startswith(f"a.ts:1:32: error: expanding 'D' needs more than {limit} steps")
    monkeypatch.setattr(budget, "MAX_WORK", 6)
    assert shown(text)["D"] == [("x", "string", False), ("next", "D", True), "extends Base"]


def test_this_in_members_inherited_through_two_levels_and_hidden_by_a_redeclaration() -> None:
    # ``this`` is the interface the member is read from, however far up it was declared;
    # a member declared nearer (``D``'s ``up: A``) hides the base's and keeps its own type
    assert shown(
        "export interface A { up?: this; a: string }\n"
        "export interface B extends A { b?: this[] }\n"
        "export interface C extends B { c: number }\n"
        "export interface D extends B { up?: A }\n"
    ) == {
        "A": [("up", "A", True), ("a", "string", False)],
        "B": [("b", "B[]", True), ("up", "B", True), "extends A"],
        "C": [("c", "number", False), ("b", "C[]", True), ("up", "C", True), "extends B"],
        "D": [("up", "A", True), ("b", "D[]", True), "extends B"],
    }


def test_this_in_members_of_every_base_after_one_seen_hidden_or_unknown() -> None:
    # ``L`` reaches ``B`` twice (through ``C`` and itself) and still reads ``A`` after it;
    # ``M``'s own ``x`` hides A2's and A2's next member is read; ``X``'s unmapped base and
    # ``Y``'s alias base (no interface) are passed over for ``A``; ``Q`` reads its bases
    # nearest first, in order (B, A3, then B's A)
    out = shown(
        'import { Readable } from "stream";\n'
        "export interface A { up?: this; a: string }\n"
        "export interface B extends A { b?: this[] }\n"
        "export interface C extends B { c: number }\n"
        "export interface L extends C, B {}\n"
        "export interface A2 { x: string | number; up?: this }\n"
        "export interface M extends A2 { x: string }\n"
        "export interface X extends Readable, A {}\n"
        "export type AA = { k: string };\n"
        "export interface Y extends AA, A {}\n"
        "export interface A3 { z?: this }\n"
        "export interface Q extends B, A3 {}\n"
    )
    assert out["L"] == [("b", "L[]", True), ("up", "L", True), "extends C", "extends B"]
    assert out["M"] == [("x", "string", False), ("up", "M", True), "extends A2"]
    assert out["X"] == [("up", "X", True), "extends A", "index unknown"]
    assert out["Y"] == [("k", "string", False), ("up", "Y", True), "extends A"]
    assert out["Q"] == [
        ("b", "Q[]", True),
        ("z", "Q", True),
        ("up", "Q", True),
        "extends B",
        "extends A3",
    ]


def test_this_in_members_a_base_s_omit_keeps() -> None:
    # ``extends Omit<B, "a">``: B's other members are inherited, ``this`` read as ``O``
    assert shown(
        "export interface A { up?: this; a: string }\n"
        "export interface B extends A { b?: this[] }\n"
        "export interface O extends Omit<B, 'a'> { c: number }\n"
    )["O"] == [
        ("c", "number", False),
        ("b", "O[]", True),
        ("up", "O", True),
        'extends Omit<B, "a">',
    ]


# ------------------------------------------------- ``this`` through two bases (#37)


def test_a_this_member_redeclared_by_a_nearer_base_is_read_from_that_base() -> None:
    """``Mid`` narrows ``Base``'s ``next?: this`` to a required ``next: this``: ``Leaf``
    inherits ``Mid``'s (required, a ``Leaf``), not the farther optional one."""
    assert shown(
        "export interface Base { next?: this; id: string }\n"
        "export interface Mid extends Base { next: this }\n"
        "export interface Leaf extends Mid { x: 1 }\n"
    )["Leaf"] == [("x", "1", False), ("next", "Leaf", False), "extends Mid"]


def test_a_member_that_is_its_own_indexed_access_is_named_as_such() -> None:
    """``a: C["a"]`` inside ``C`` is read lazily, as TypeScript reads it (the member's
    declared type, not all of ``C``): with no object member in between it needs itself,
    and the error says that of the access, located at it."""
    assert error('export type C = { a: C["a"] };') == (
        "a.ts:1:22: error: this indexed access type refers to itself"
    )
    assert shown('export interface C { a: string; b: { c: C["a"][] } }') == {
        "C": [("a", "string", False), ("b", "{ c: string[] }", False)]
    }


def test_a_key_a_mapped_type_does_not_make_degrades_located_at_the_access() -> None:
    """``{ [K in "a" | "b"]: K }["c"]``: no member ``c``, any JSON value, and the warning
    points at the indexed access."""
    diags = Diagnostics()
    decls = resolve([parse_module("a.ts", 'export type M = { [K in "a" | "b"]: K }["c"];')], diags)
    assert render(decls.decls["M"].type) == "unknown"  # type: ignore[union-attr]
    assert [str(w) for w in diags.degraded] == [
        "a.ts:1:17: warning: 'c' is not a data property of the indexed type (a member that is"
        " not JSON data, or no member at all): degraded to JsonValue (any JSON value)"
    ]


def test_an_indexed_access_through_an_object_member_is_a_recursive_type() -> None:
    """``a: { b: X["a"] } | null``: the access sits one object deeper than the member it
    reads, so it is a recursive type, declared under the path's name (``XA``), at any
    depth; only with no object in between is it an access of itself."""
    assert shown('export interface X { a: { b: X["a"] } | null }') == {
        "XA": "{ b: XA } | null",
        "X": [("a", "{ b: XA } | null", False)],
    }
    assert shown('export interface X { a: { b: { c: X["a"] } } | null }')["XA"] == (
        "{ b: { c: XA } } | null"
    )


def test_the_keys_an_omit_of_keyof_leaves_out_are_work_located_at_the_omit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Omit<T, keyof R>``: each key of ``R`` is a step; eleven steps compile it all, and
    with ten the located error stands at the ``Omit``."""
    text = (
        "interface R { a: 1; b: 2 }\ninterface T { a: 1; b: 2; c: 3 }\n"
        "export type A = Omit<T, keyof R>;\n"
    )
    monkeypatch.setattr(budget, "MAX_WORK", 10)
    assert error(text).startswith("a.ts:3:17: error: expanding 'A' needs more than 10 steps")
    monkeypatch.setattr(budget, "MAX_WORK", 11)
    assert shown(text)["A"] == 'Omit<T, "a" | "b">'


def test_an_object_beside_an_indexed_access_does_not_make_it_recursive() -> None:
    """An object read before the access, beside it (a tuple's other item), is no object
    between the member and its access: ``a: [{ y: 1 }, X["a"]]`` needs itself, at any
    depth."""
    assert error('export interface X { a: [{ y: 1 }, X["a"]] }') == (
        "a.ts:1:36: error: this indexed access type refers to itself"
    )
    assert error('export interface X { b: { a: [{ y: 1 }, X["b"]["a"]] } }') == (
        "a.ts:1:41: error: this indexed access type refers to itself"
    )


def test_a_member_whose_type_cannot_be_expanded_degrades_alone() -> None:
    """A member whose indexed access names no data property is any JSON value, warned at
    the access; the object's other members are expanded as usual."""
    diags = Diagnostics()
    text = 'export interface I { m: { [K in "a"]: K }["c"]; n: I["n2"]; n2: 1 }'
    decl = resolve([parse_module("a.ts", text)], diags).decls["I"]
    assert isinstance(decl, ir.Interface)
    assert [(p.name, render(p.type)) for p in decl.body.properties] == [
        ("m", "unknown"),
        ("n", "1"),
        ("n2", "1"),
    ]
    assert [str(w)[:40] for w in diags.degraded] == ["a.ts:1:25: warning: 'c' is not a data pr"]
