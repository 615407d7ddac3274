"""Pins of ``parse_declarations`` (enums, classes, interfaces, constants), written from its
mutation survivors (issue #36).

Each test parses an inline snippet and asserts the exact IR (names, values, flags, docs,
spans) or the exact located message.
"""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import SchemaError
from codegen.frontend.parse import parse_module
from codegen.ir.queries import degraded_spots

EMPTY = ir.EMPTY_DOC


def S(line: int, col: int, file: str = "t.d.ts") -> ir.Span:
    return ir.Span(file, line, col)


def parse(text: str, path: str = "t.d.ts") -> ir.Module:
    return parse_module(path, text)


def decl(text: str, path: str = "t.d.ts") -> ir.Decl:
    (only,) = parse(text, path).decls
    return only


def error(text: str, path: str = "t.ts") -> str:
    with pytest.raises(SchemaError) as info:
        parse_module(path, text)
    return str(info.value)


def located(text: str, path: str = "t.ts") -> str:
    """A located error, or the one degradation of the file worded as ``--strict`` does."""
    try:
        module = parse_module(path, text)
    except SchemaError as err:
        return str(err)
    (spot,) = degraded_spots(module.decls)
    return f"{spot[0]}: error: {spot[1]}"


def lit(value: ir.LiteralValue, line: int, col: int, file: str = "t.d.ts") -> ir.Literal:
    return ir.Literal(value, S(line, col, file))


def ref(name: str, line: int, col: int, *args: ir.TypeExpr) -> ir.Ref:
    return ir.Ref(name, args, S(line, col))


# ---------------------------------------------------------------------- declared classes

DECLARED_CLASS = """\
/** C. */
export declare class C<T = string> extends B<T> implements I, J {
  /** Keys. */
  [key: string]: unknown;
  b: 1;
  /** Second. */
  [k: number]: string;
  c: 2;
  /** Static. */
  static s: string;
  d: 3;
  /** M. */
  m(): void;
  e: 4;
  /** P. */
  private p;
  f: 5;
  /** Q. */
  protected q: number;
  g: 6;
  /** U. */
  u;
  v?;
  [w];
  /** A. */
  readonly a: T;
  constructor(x: string);
  h: this;
}
"""


def test_a_declared_class_is_the_interface_of_its_instances_data_members() -> None:
    """Its first index signature, its public instance fields (an untyped one is ``any``);
    no static member, method, constructor, second index signature or non-public field. A
    member's doc is its own: a left-out member's doc goes with it."""

    def field(name: str, line: int, value: int) -> ir.Property:
        return ir.Property(name, lit(value, line, 6), span=S(line, 3))

    this = ref("#this", 28, 6, ref("C", 2, 1, ref("T", 2, 1)))
    assert decl(DECLARED_CLASS) == ir.Interface(
        "C",
        ir.Object(
            (
                field("b", 5, 1),
                field("c", 8, 2),
                field("d", 11, 3),
                field("e", 14, 4),
                field("f", 17, 5),
                field("g", 20, 6),
                ir.Property("u", ir.Primitive("any", S(22, 3)), doc=ir.Doc("U."), span=S(22, 3)),
                ir.Property("v", ir.Primitive("any", S(23, 3)), optional=True, span=S(23, 3)),
                ir.Property("a", ref("T", 26, 15), readonly=True, doc=ir.Doc("A."), span=S(26, 3)),
                ir.Property("h", this, span=S(28, 3)),
            ),
            ir.IndexSignature(ir.Primitive("unknown", S(4, 18)), "key", ir.Doc("Keys."), S(4, 3)),
            S(2, 16),
        ),
        (ref("B", 2, 44, ref("T", 2, 46)), ref("I", 2, 60), ref("J", 2, 63)),
        True,
        ir.Doc("C."),
        S(2, 1),
        params=(ir.TypeParam("T", ir.Primitive("string", S(2, 28))),),
        klass=True,
    )


# ---------------------------------------------------------------------- namespace constants


def test_a_namespace_s_literal_constants_are_its_members_and_its_values() -> None:
    """``typeof Kind.Full`` reads them as ``Enum.Member``: a literal initialiser or a
    literal declared type makes one; another type, a destructuring, ``declare global``
    do not. Every declarator is a value of the typings, for no type."""
    module = parse(
        "declare namespace Kind {\n"
        '  const Full = "full", /* c */ Half = 0.5;\n'
        '  const Off: "off";\n'
        "  const On: string;\n"
        '  const Gone: "gone" | "went";\n'
        "  const [a, b]: [1, 2], After = 4;\n"
        "  const Late = 3;\n"
        "  namespace Inner { const Deep: -1; }\n"
        "}\n"
        'declare global { const G: "g"; }\n'
    )
    assert module.enum_members == (
        ("Kind.Full", "full"),
        ("Kind.Half", 0.5),
        ("Kind.Off", "off"),
        ("Kind.After", 4),
        ("Kind.Late", 3),
        ("Inner.Deep", -1),
    )
    assert module.values == (
        "After",
        "Deep",
        "Full",
        "G",
        "Gone",
        "Half",
        "Late",
        "Off",
        "On",
        "[a, b]",
    )


def test_a_namespace_constant_is_qualified_from_its_namespace_s_own_scope() -> None:
    """Two ``Kind`` types in two namespaces are renamed by their paths; the constants of
    the namespace merged with ``A.B.Kind`` are that type's members."""
    module = parse(
        "declare namespace A {\n"
        "  namespace B {\n"
        '    type Kind = "x";\n'
        '    namespace Kind { const X: "x"; }\n'
        "  }\n"
        "}\n"
        'declare namespace C { type Kind = "y"; }\n'
    )
    assert [d.name for d in module.decls] == ["ABKind", "CKind"]
    assert module.enum_members == (("ABKind.X", "x"),)


def test_a_class_extending_a_qualified_class_names_it_without_spaces_or_comments() -> None:
    assert decl("class C extends N . E</* c */ T, U> {}", "t.ts") == ir.Interface(
        "C",
        ir.Object((), None, S(1, 1, "t.ts")),
        (
            ir.Ref(
                "N.E",
                (ir.Ref("T", (), S(1, 31, "t.ts")), ir.Ref("U", (), S(1, 34, "t.ts"))),
                S(1, 17, "t.ts"),
            ),
        ),
        False,
        EMPTY,
        S(1, 1, "t.ts"),
        klass=True,
    )


# ---------------------------------------------------------------------- typeof of declared values


def test_typeof_a_declared_value_is_its_type_read_through_other_values() -> None:
    """``typeof A`` is A's declared type, with each ``typeof`` inside it replaced in turn; a
    ``typeof`` of a value whose type is being read degrades there. A declared object type
    is read at the ``typeof``. A value's type that no ``typeof`` reads is never parsed
    (``Unread``'s duplicate member is no error)."""
    module = parse(
        "declare const A: Array<typeof B>;\n"
        "declare const B: Array<typeof C | typeof A>;\n"
        "declare const C: Array<string>;\n"
        "declare const D: Array<number>;\n"
        "declare const Unread: Array<{ a: 1; a: 2 }>;\n"
        'declare const Codes: { readonly A: "a" };\n'
        "export type T = [typeof A, typeof D, typeof Codes];\n"
    )
    itself = ir.degraded("'typeof A' inside its own type", S(2, 35))
    c = ref("Array", 3, 18, ir.Primitive("string", S(3, 24)))
    codes = ir.Object(
        (ir.Property("A", lit("a", 6, 36), readonly=True, span=S(6, 24)),), None, S(7, 38)
    )
    assert module.decls == (
        ir.Alias(
            "T",
            ir.Tuple(
                (
                    ref("Array", 1, 18, ref("Array", 2, 18, ir.Union((c, itself), S(2, 24)))),
                    ref("Array", 4, 18, ir.Primitive("number", S(4, 24))),
                    codes,
                ),
                S(7, 17),
            ),
            True,
            EMPTY,
            S(7, 1),
        ),
    )


def test_an_interface_s_this_is_the_interface_with_its_parameters() -> None:
    assert decl("interface I<K, V> { next: this }", "t.ts") == ir.Interface(
        "I",
        ir.Object(
            (
                ir.Property(
                    "next",
                    ir.Ref(
                        "#this",
                        (
                            ir.Ref(
                                "I",
                                (
                                    ir.Ref("K", (), S(1, 1, "t.ts")),
                                    ir.Ref("V", (), S(1, 1, "t.ts")),
                                ),
                                S(1, 1, "t.ts"),
                            ),
                        ),
                        S(1, 27, "t.ts"),
                    ),
                    span=S(1, 21, "t.ts"),
                ),
            ),
            None,
            S(1, 19, "t.ts"),
        ),
        (),
        False,
        EMPTY,
        S(1, 1, "t.ts"),
        params=(ir.TypeParam("K", None), ir.TypeParam("V", None)),
    )


# ---------------------------------------------------------------------- as const


def test_a_comment_inside_as_const_is_no_cast() -> None:
    """``as /* why */ const`` is ``as const`` (it was refused as an ``as`` cast)."""
    module = parse('const X = "a" as /* c */ const;\nconst K = ["k"] as /* c */ const;', "t.ts")
    assert module.decls == (ir.Const("X", "a", False, EMPTY, S(1, 1, "t.ts")),)
    assert module.values == ("K",)
    assert decl('const K = ["k", 1] as /* c */ const;\ntype T = typeof K;', "t.ts") == ir.Alias(
        "T",
        ir.Tuple((lit("k", 1, 12, "t.ts"), lit(1, 1, 17, "t.ts")), S(2, 10, "t.ts")),
        False,
        EMPTY,
        S(2, 1, "t.ts"),
    )


@pytest.mark.parametrize(
    "value", ['"a" as /* c */ string', '"a" as string', '["a"] as /* c */ string[]']
)
def test_a_cast_to_a_type_stays_refused(value: str) -> None:
    assert located(f"const X = {value};") == (
        "t.ts:1:11: error: unsupported construct: 'as' cast (only 'as const' is allowed)"
    )


def test_a_namespace_constant_without_a_literal_type_or_value_is_only_a_value() -> None:
    """Untyped, ``null`` or ``undefined``: no member (they are types, not literals)."""
    module = parse(
        'declare namespace N { const X; const Nothing: null; const U: undefined; const V: "v" }'
    )
    assert module.enum_members == (("N.V", "v"),)
    assert module.values == ("Nothing", "U", "V", "X")


def test_the_names_typeof_reads_come_in_rewrite_s_order_without_a_copy() -> None:
    """``_typeof_names`` walked every declaration with ``rewrite``, copying each node to
    throw the copy away (#37); its walk meets the names in the same order, a node held
    twice once (the order decides which value of a cycle degrades)."""
    from codegen.frontend import parse_declarations
    from codegen.ir.queries import SPAN_AND_DOC, rewrite

    shared = ir.Typeof("S", S(1, 1))
    nodes = (
        ir.Alias("T", ir.Union((ir.Typeof("A", S(1, 2)), shared), S(1, 3)), True, EMPTY, S(1, 4)),
        ir.Alias("U", ir.Tuple((shared, ir.Typeof("B", S(2, 2))), S(2, 3)), True, EMPTY, S(2, 4)),
        ir.Alias("V", ref("Array", 3, 1, ir.Typeof("A", S(3, 2))), True, EMPTY, S(3, 4)),
    )
    met: list[str] = []

    def collect(node: object) -> object:
        if isinstance(node, ir.Typeof):
            met.append(node.name)
        return node

    rewrite(nodes, collect, keep=SPAN_AND_DOC)
    assert met == ["A", "S", "B", "A"]
    assert parse_declarations._typeof_names(nodes) == met


def test_a_module_without_declared_values_is_not_walked_for_typeof(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from codegen.frontend import parse_declarations

    walked: list[object] = []
    original = parse_declarations._typeof_names

    def counted(nodes: tuple[object, ...]) -> list[str]:
        walked.append(nodes)
        return original(nodes)

    monkeypatch.setattr(parse_declarations, "_typeof_names", counted)
    parse("export interface A { a: string }\nexport type B = A[];\n")
    assert walked == []
    parse("declare const V: string[];\nexport type T = typeof V;\n")
    assert len(walked) == 2  # the declarations, then V's type
