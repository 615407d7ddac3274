"""What the structural differ asks of one schema's declarations
(``codegen.revision.declarations``), pinned from its mutation survivors (issue #36).

Each test states a guarantee: the exact name-free shape that proves a rename, the
declaration that declares a property through ``Omit`` and several bases, the ancestors a
removal is reported on, the pairing of removed with added names.
"""

from __future__ import annotations

from codegen import ir
from codegen.errors import Diagnostics
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.revision.changes import SchemaDiff
from codegen.revision.declarations import (
    ancestors,
    as_type,
    decl_type,
    decl_view,
    declaring,
    describe,
    find_renames,
    has_prop,
    is_error_code,
    methods,
    named_members,
    own_index,
    pair_unique,
    shape,
    show,
)
from codegen.revision.structural import structural_diff


def schema(text: str, path: str = "s.ts") -> ir.Schema:
    return resolve([parse_module(path, text)], Diagnostics())


def sdiff(old: str, new: str, diags: Diagnostics | None = None) -> SchemaDiff:
    """The structural diff alone: its wire claims as proposed, before the proof."""
    return structural_diff(
        schema(old, "old.ts"), schema(new, "new.ts"), diags if diags is not None else Diagnostics()
    )


def subjects(result: SchemaDiff) -> list[tuple[str, str]]:
    return [(c.code, c.subject) for c in result.changes]


# --------------------------------------------------------------------------- shape


def test_the_shape_of_an_object_lists_its_sorted_fields_optional_marked_and_its_index() -> None:
    s = schema(
        "export interface A { z: string; b?: number[]; [key: string]: unknown }\n"
        "export type O = { y: boolean };\n"
        "export type L = 'a' | 'b';\n"
        "export const C = -32000;\n"
        'export const S = "x";\n'
        "export interface Empty {}\n"
    )
    assert shape(s, s.decls["A"]) == "object { b?: number[]; z: string; [string]: unknown }"
    assert shape(s, s.decls["O"]) == "object { y: boolean }"
    assert shape(s, s.decls["L"]) == 'alias "a" | "b"'
    assert shape(s, s.decls["C"]) == "const -32000"
    assert shape(s, s.decls["S"]) == 'const "x"'
    # an empty object proves no rename: any two look alike
    assert shape(s, s.decls["Empty"]) is None


def test_constants_of_different_values_are_no_rename_of_one_value_are() -> None:
    assert sdiff("export const A = 1;", "export const B = 2;").renames == ()
    (rename,) = sdiff("export const A = 1;", "export const B = 1;").renames
    assert (rename.old, rename.new, rename.hinted) == ("A", "B", False)


def test_an_optional_and_a_required_field_are_different_shapes() -> None:
    assert (
        sdiff("export interface A { x?: string }", "export interface B { x: string }").renames == ()
    )
    assert (
        sdiff("export interface A { x: string }", "export interface B { x?: string }").renames == ()
    )
    (rename,) = sdiff(
        "export interface A { x?: string }", "export interface B { x?: string }"
    ).renames
    assert (rename.old, rename.new) == ("A", "B")


# --------------------------------------------------------------------------- ancestors


def test_ancestors_go_through_omit_intersections_and_every_level() -> None:
    s = schema(
        "export interface Base { a: string; b: number }\n"
        "export interface Mid extends Base { m: string }\n"
        'export interface X extends Omit<Mid, "b"> { x: string }\n'
        "export interface Other { o: string }\n"
        "export type Y = Omit<X, 'a'> & Other & { y: string };\n"
        "export const C = 1;\n"
    )
    assert ancestors(s, "X") == {"Mid", "Base"}
    assert ancestors(s, "Y") == {"X", "Mid", "Base", "Other"}
    assert ancestors(s, "Base") == frozenset()
    # a constant, or a name the schema lacks, has none
    assert ancestors(s, "C") == frozenset()
    assert ancestors(s, "Nope") == frozenset()


def test_a_field_a_grandparent_base_loses_is_reported_once_on_that_base() -> None:
    old = (
        "export interface Base { a: string; b: number }\n"
        "export interface Mid extends Base { m: string }\n"
        "export interface X extends Mid { x: string }\n"
    )
    new = (
        "export interface Base { a: string }\n"
        "export interface Mid extends Base { m: string }\n"
        "export interface X extends Mid { x: string }\n"
    )
    assert subjects(sdiff(old, new)) == [("field-removed", "Base.b")]
    assert sdiff(new, old).changes[0].subject == "Base.b"
    assert subjects(sdiff(new, old)) == [("required-field-added", "Base.b")]


def test_a_field_a_base_under_omit_loses_is_reported_once_on_that_base() -> None:
    old = (
        "export interface Base { a: string; b: number; c: string }\n"
        'export interface X extends Omit<Base, "c"> { x: string }\n'
    )
    new = (
        "export interface Base { a: string; c: string }\n"
        'export interface X extends Omit<Base, "c"> { x: string }\n'
    )
    assert subjects(sdiff(old, new)) == [("field-removed", "Base.b")]
    assert subjects(sdiff(new, old)) == [("required-field-added", "Base.b")]


def test_a_field_the_subtype_now_omits_from_its_base_is_removed_from_the_subtype() -> None:
    plain = "export interface Base { a: string; b: number }\nexport interface X extends Base {}\n"
    omits = (
        "export interface Base { a: string; b: number }\n"
        'export interface X extends Omit<Base, "b"> {}\n'
    )
    removed = sdiff(plain, omits)
    assert subjects(removed) == [("field-removed", "X.b")]
    assert removed.removed_fields == (("X", "b"),)
    # and the reverse: the base's field comes back to the subtype
    assert subjects(sdiff(omits, plain)) == [("required-field-added", "X.b")]


def test_has_prop_reads_the_flattened_view_of_a_class_like_declaration() -> None:
    s = schema(
        "export interface Base { a: string }\n"
        "export interface X extends Base { x: string }\n"
        "export type U = 'a' | 'b';\n"
    )
    assert has_prop(s, "X", "a") and has_prop(s, "X", "x") and has_prop(s, "Base", "a")
    assert not has_prop(s, "Base", "x")
    assert not has_prop(s, "U", "a")  # no object view
    assert not has_prop(s, "Nope", "a")  # no such declaration


# --------------------------------------------------------------------------- declaring


DECLARING = (
    "export interface Base { a: string; b: number }\n"
    'export interface X extends Pick<Base, "a"> { x: string }\n'
    "export type A = { q: string; z: number };\n"
    "export type Y = A & { y: string };\n"
    'export type V = Omit<A, "z">;\n'
    "export interface Mid extends Base { m: string }\n"
    "export interface Sub extends Mid {}\n"
    "export type U = 'a' | 'b';\n"
)


def test_declaring_names_the_declaration_whose_own_body_has_the_property() -> None:
    s = schema(DECLARING)

    def origin(decl: str, prop: str) -> str | None:
        return declaring(s, as_type(s.decls[decl]), decl, prop)

    assert origin("X", "x") == "X"
    assert origin("X", "a") == "Pick_Base_a"  # the Pick is a declaration of its own
    # an alias member of an intersection declares its own object's properties
    assert (origin("Y", "q"), origin("Y", "y"), origin("Y", "nope")) == ("A", "Y", None)
    # Omit hides its keys; the others still come from the base
    assert (origin("V", "q"), origin("V", "z")) == ("A", None)
    # through every level of bases
    assert (origin("Sub", "a"), origin("Sub", "m"), origin("Sub", "nope")) == ("Base", "Mid", None)


def test_a_type_that_is_no_object_declares_no_property() -> None:
    s = schema(DECLARING)
    union = s.decls["U"]
    assert isinstance(union, ir.Alias)
    assert declaring(s, union.type, "U", "a") is None
    assert declaring(s, ir.Primitive("string"), "U", "length") is None
    assert declaring(s, ir.Array(ir.Ref("A")), "U", "q") is None


# --------------------------------------------------------------------------- members


def test_members_of_a_union_are_read_through_one_alias_naming_it() -> None:
    s = schema(
        "export interface P { p: string }\nexport interface Q { q: string }\n"
        "export type PQ = P | Q;\n"
    )
    members = named_members(s, ir.Ref("PQ"))
    assert [m.name for m in members if isinstance(m, ir.Ref)] == ["P", "Q"]
    assert len(members) == 2
    assert named_members(s, ir.Ref("P")) == (ir.Ref("P"),)


def test_a_field_typed_by_an_alias_of_a_union_lists_the_members_added() -> None:
    common = (
        "export interface P { p: string }\nexport interface Q { q: string }\n"
        "export interface R { r: string }\n"
    )
    old = common + "export type PQ = P | Q;\nexport interface A { x: PQ }\n"
    new = common + "export type PQ = P | Q;\nexport interface A { x: P | Q | R }\n"
    (change,) = sdiff(old, new).changes
    assert (change.code, change.subject) == ("type-widened", "A.x")
    assert change.message == "type widened: members added: R"


# --------------------------------------------------------------------------- error codes


def test_error_codes_are_the_integers_json_rpc_reserves() -> None:
    assert is_error_code(-32768) and is_error_code(-32000) and is_error_code(-32601)
    assert not is_error_code(-32769) and not is_error_code(-31999)
    assert not is_error_code(-32000.0)  # a float is no error code
    assert not is_error_code("-32000") and not is_error_code(None)
    assert not is_error_code(True)  # a bool is an int in Python, never a code


# --------------------------------------------------------------------------- pairing


def test_pair_unique_pairs_a_key_held_by_exactly_one_removed_and_one_added_name() -> None:
    removed = [("a", "k1"), ("b", "k2"), ("c", "k2"), ("d", None), ("e", "k3"), ("f", "k4")]
    added = [("z", "k4"), ("y", "k1"), ("x", "k2"), ("w", None), ("v", "k3"), ("u", "k3")]
    # k2 is held by two removed names, k3 by two added ones; a None key pairs nothing
    assert pair_unique(removed, added) == [("a", "y"), ("f", "z")]
    assert pair_unique([("d", None)], [("w", None)]) == []
    assert pair_unique([("a", "k")], []) == []


def test_find_renames_reads_the_first_word_of_the_tag_and_infers_the_rest() -> None:
    old = schema(
        "export interface A { a: string }\nexport interface B { b: string }\n"
        "export interface C { c: number }\n",
        "old.ts",
    )
    new = schema(
        "/** @renamedFrom A since version 2 */\nexport interface A2 { other: boolean }\n"
        "export interface B2 { b: string }\n"
        "/** @renamedFrom B */\nexport interface B3 { b: string }\n"
        "export interface C2 { c: number }\n",
        "new.ts",
    )
    diags = Diagnostics()
    renames = find_renames(old, new, ["A", "B", "C"], ["A2", "B2", "B3", "C2"], diags)
    # B3's tag claims B, so B2 (of B's shape) is no rename of it; C pairs with C2 by shape
    assert [(r.old, r.new, r.hinted) for r in renames] == [
        ("A", "A2", True),
        ("B", "B3", True),
        ("C", "C2", False),
    ]
    assert diags.warnings == []


def test_a_tag_naming_a_declaration_that_was_not_removed_warns_and_is_ignored() -> None:
    old = schema("export interface A { a: string }\nexport interface K { k: string }\n", "old.ts")
    new = schema(
        "export interface K { k: string }\n"
        "/** @renamedFrom K */\nexport interface A2 { a: string }\n",
        "new.ts",
    )
    diags = Diagnostics()
    renames = find_renames(old, new, ["A"], ["A2"], diags)
    assert [str(w) for w in diags.warnings] == [
        "new.ts:3:1: warning: @renamedFrom K: the old schema has no removed declaration of "
        "that name; tag ignored"
    ]
    # the ignored tag leaves the declaration to the inference
    assert [(r.old, r.new, r.hinted) for r in renames] == [("A", "A2", False)]


# --------------------------------------------------------------------------- as types


def test_a_declaration_as_a_type_and_its_own_index_signature() -> None:
    s = schema(
        "export interface Base { [key: string]: string }\n"
        "export interface I extends Base { i: string; [key: string]: string }\n"
        "export interface J extends Base { j: string }\n"
        "export type O = { o: string; [key: string]: number };\n"
        "export type U = string | number;\n"
        "export type M = Record<string, number>;\n"
        "export const C = 3;\n"
    )
    i, j, o, u, c = (s.decls[n] for n in ("I", "J", "O", "U", "C"))
    assert isinstance(i, ir.Interface) and isinstance(o, ir.Alias) and isinstance(u, ir.Alias)
    assert decl_type(i) == ir.Ref("I") and as_type(i) is i
    assert decl_type(o) is o.type and as_type(o) is o.type
    assert decl_type(c) == ir.Literal(3) and as_type(c) == ir.Literal(3)
    assert describe(i, decl_type(i)) == "an object type"
    assert describe(u, u.type) == "string | number"
    # the index written on the declaration itself, not one it inherits
    assert own_index(i) is not None and own_index(i) == i.body.index
    assert own_index(j) is None
    assert own_index(o) is not None and own_index(o) == o.type.index  # type: ignore[union-attr]
    assert own_index(u) is None and own_index(c) is None
    assert own_index(s.decls["M"]) is None  # a Record is a mapping, no object literal
    assert show("a") == '"a"' and show(None) == "null" and show(True) == "true"


def test_the_view_of_class_like_declarations_only() -> None:
    s = schema(
        "export interface Base { b: string }\n"
        "export interface I extends Base { i: number }\n"
        "export type O = { o: string };\n"
        "export type X = Base & { x: string };\n"
        'export type W = Omit<I, "b">;\n'
        "export type R = Base;\n"
        "export type U = string | number;\n"
        "export const C = 1;\n"
    )

    def names(decl: str) -> list[str] | None:
        view = decl_view(s, s.decls[decl])
        return None if view is None else sorted(p.name for p in view[0])

    assert names("I") == ["b", "i"]
    assert names("O") == ["o"]
    assert names("X") == ["b", "x"]
    assert names("W") == ["i"]
    # an alias naming another type is no class of its own; neither is a union or a const
    assert (names("R"), names("U"), names("C")) == (None, None, None)


def test_methods_map_each_method_to_the_declaration_carrying_it() -> None:
    s = schema(
        'export interface PingRequest { method: "ping" }\n'
        '/** @method "debug/step" */\nexport interface StepRequest {}\n'
        "export interface StepResult {}\n"
        "export interface Other { x: string }\n"
    )
    assert methods(s) == {"ping": "PingRequest", "debug/step": "StepRequest"}


def test_declaring_follows_an_alias_whose_intersection_names_another_alias() -> None:
    s = schema(
        "export interface Base { b: string }\n"
        "export type Inner = Base & { i: string };\n"
        "export type Outer = Inner & { o: string };\n"
    )
    outer = s.decls["Outer"]
    assert isinstance(outer, ir.Alias)
    assert [declaring(s, outer.type, "Outer", n) for n in ("o", "i", "b", "x")] == [
        "Outer",
        "Inner",
        "Base",
        None,
    ]


def test_a_subtype_renamed_with_its_base_unchanged_is_inferred_by_its_flattened_shape() -> None:
    old = schema(
        "export interface Base { b: string }\nexport interface Old extends Base { o: number }\n",
        "old.ts",
    )
    new = schema(
        "export interface Base { b: string }\nexport interface New extends Base { o: number }\n",
        "new.ts",
    )
    assert shape(old, old.decls["Old"]) == "object { b: string; o: number }"
    diags = Diagnostics()
    renames = find_renames(old, new, ["Old"], ["New"], diags)
    assert [(r.old, r.new, r.hinted) for r in renames] == [("Old", "New", False)]
    assert diags.warnings == []
