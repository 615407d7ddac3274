"""The structural differ (``codegen.revision.structural``), pinned change by change for
its mutation run (issue #36).

Each test diffs two small schemas with ``structural_diff`` alone (the wire claims as
proposed, before the proof keeps those it can witness) and asserts every change exactly:
its code, subject, message, who it breaks (wire, Python) or that it is additive, and the
line of each side's span; then the renames, moves and removals the codemod reads, and the
warnings.
"""

from __future__ import annotations

from codegen import ir
from codegen.errors import Diagnostics
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.revision.changes import FieldMove, FieldRename, Rename, SchemaDiff
from codegen.revision.structural import structural_diff


def schema(text: str, path: str) -> ir.Schema:
    return resolve([parse_module(path, text)], Diagnostics())


def sdiff(old: str, new: str, diags: Diagnostics) -> SchemaDiff:
    return structural_diff(schema(old, "old.ts"), schema(new, "new.ts"), diags)


Row = tuple[str, str, str, str, int | None, int | None]


def rows(result: SchemaDiff) -> list[Row]:
    """(code, subject, message, "wire python additive" as they hold, old line, new line)."""
    return [
        (
            c.code,
            c.subject,
            c.message,
            " ".join(
                n
                for n, v in (("wire", c.wire), ("python", c.python), ("additive", c.additive))
                if v
            ),
            c.old.line if c.old is not None else None,
            c.new.line if c.new is not None else None,
        )
        for c in result.changes
    ]


DECLARATIONS_OLD = """\
export const KEEP = 1;
export const GONE_CODE = -32001;
export const GONE = "x";
export interface Gone { g: string }
export const E1 = -32002;
export const C1 = "a";
export const K = 5;
export interface Kind { k: string }
export type Alias = string;
/** @deprecated */
export interface Dep { d: string }
export interface Same { s: string; t: number }
export interface ToConst { t: string }
export interface Wide { w: string }
export const ToCode = 7;
export const FromCode = -32005;
export type ObjAlias = { o: string };
export type UnionAlias = string | number;
export type AliasToIface = { a: string };
"""
DECLARATIONS_NEW = """\
export const KEEP = 1;
export const NEW_CODE = -32003;
export const NEW_CONST = 3;
export type NewType = string;
export const E1 = -32010;
export const C1 = "b";
export interface K { k: number }
export type Kind = string | number;
export type Alias = number;
/** @deprecated */
export interface Dep { d: string }
export interface Same2 { s: string; t: number }
export const ToConst = 1;
export type Wide = { w: string } | string;
export const ToCode = -32000;
export const FromCode = -31999;
export type ObjAlias = string;
export type UnionAlias = { u: string };
export interface AliasToIface { a: string; b?: string }
"""


def test_every_kind_of_declaration_change_has_its_code_flags_and_spans() -> None:
    """Declarations removed, added, renamed, changed in value or kind: each change with its
    code, subject, message, who it breaks and the lines of both sides."""
    diags = Diagnostics()
    result = sdiff(DECLARATIONS_OLD, DECLARATIONS_NEW, diags)
    assert rows(result) == [
        ("error-code-removed", "GONE_CODE", "error code -32001 removed", "wire python", 2, None),
        ("removed", "GONE", "constant removed", "python", 3, None),
        ("removed", "Gone", "type removed", "python", 4, None),
        (
            "error-code-added",
            "NEW_CODE",
            "error code -32003 added; peers of the old revision do not know it",
            "",
            None,
            2,
        ),
        ("added", "NEW_CONST", "constant added", "additive", None, 3),
        ("added", "NewType", "type added", "additive", None, 4),
        ("error-code-changed", "E1", "value changed from -32002 to -32010", "wire", 5, 5),
        ("const-changed", "C1", 'value changed from "a" to "b"', "wire", 6, 6),
        ("kind-changed", "K", "changed from const to interface", "wire python", 7, 7),
        (
            "kind-changed",
            "Kind",
            "changed from an object type to string | number",
            "wire python",
            8,
            8,
        ),
        ("type-changed", "Alias", "type changed: from string to number", "wire", 9, 9),
        (
            "renamed",
            "Same",
            "renamed to Same2 (same structure); the Python name changes",
            "python",
            12,
            12,
        ),
        ("kind-changed", "ToConst", "changed from interface to const", "wire python", 13, 13),
        (
            "kind-changed",
            "Wide",
            "changed from an object type to { w: string } | string",
            "python",
            14,
            14,
        ),
        ("error-code-changed", "ToCode", "value changed from 7 to -32000", "wire", 15, 15),
        ("error-code-changed", "FromCode", "value changed from -32005 to -31999", "wire", 16, 16),
        ("kind-changed", "ObjAlias", "changed from { o: string } to string", "wire python", 17, 17),
        (
            "kind-changed",
            "UnionAlias",
            "changed from string | number to { u: string }",
            "wire python",
            18,
            18,
        ),
        ("field-added", "AliasToIface.b", "optional field added", "additive", None, 19),
    ]
    assert result.renames == (Rename(old="Same", new="Same2", hinted=False),)
    assert result.field_renames == ()
    assert result.field_moves == ()
    assert result.removed == ("GONE_CODE", "GONE", "Gone")
    assert result.removed_fields == ()
    assert [str(w) for w in diags.warnings] == []


DEPRECATED_OLD = """\
export interface A {
  x: string;
  /** @deprecated */
  y: string;
}
export type T = string;
"""
DEPRECATED_NEW = """\
/** @deprecated since 2 */
export interface A {
  /** @deprecated */
  x: string;
  /** @deprecated */
  y: string;
}
/** @deprecated */
export type T = string;
"""


def test_a_declaration_or_field_newly_deprecated_is_reported_once() -> None:
    """Newly ``@deprecated`` declarations and fields are reported; one deprecated in both
    revisions is not."""
    diags = Diagnostics()
    result = sdiff(DEPRECATED_OLD, DEPRECATED_NEW, diags)
    assert rows(result) == [
        ("deprecated", "A.x", "deprecated", "", 2, 4),
        ("deprecated", "A", "deprecated", "", 1, 2),
        ("deprecated", "T", "deprecated", "", 6, 9),
    ]
    assert result.renames == ()
    assert result.field_renames == ()
    assert result.field_moves == ()
    assert result.removed == ()
    assert result.removed_fields == ()
    assert [str(w) for w in diags.warnings] == []


METHODS_OLD = """\
/** @method "a/b" */
export interface AbRequest { n: number }
export interface AbResult {}
export interface PingRequest { method: "ping"; id: string }
/** @method "keep/me" */
export interface KeepRequest {}
export interface KeepResult {}
"""
METHODS_NEW = """\
/** @method "c/d" */
export interface CdRequest { m: string }
export interface CdResult {}
export interface PingRequest { method: "pong"; id: number }
/** @method "keep/me" */
export interface KeepRequest {}
export interface KeepResult {}
"""


def test_methods_added_and_removed_and_the_method_field_left_to_them() -> None:
    """A request's ``method`` literal is its method: its change is a method removed and one
    added, never a literal change of the field; its other fields are compared."""
    diags = Diagnostics()
    result = sdiff(METHODS_OLD, METHODS_NEW, diags)
    assert rows(result) == [
        ("removed", "AbRequest", "type removed", "python", 2, None),
        ("removed", "AbResult", "type removed", "python", 3, None),
        ("added", "CdRequest", "type added", "additive", None, 2),
        ("added", "CdResult", "type added", "additive", None, 3),
        ("type-changed", "PingRequest.id", "type changed: from string to number", "wire", 4, 4),
        ("method-removed", "method a/b", "removed (was AbRequest)", "wire", 2, None),
        ("method-removed", "method ping", "removed (was PingRequest)", "wire", 4, None),
        ("method-added", "method c/d", "added (CdRequest)", "additive", None, 2),
        ("method-added", "method pong", "added (PingRequest)", "additive", None, 4),
    ]
    assert result.renames == ()
    assert result.field_renames == ()
    assert result.field_moves == ()
    assert result.removed == ("AbRequest", "AbResult")
    assert result.removed_fields == ()
    assert [str(w) for w in diags.warnings] == []


ALIASES_OLD = """\
export type T = "a";
export type U = "a" | "b" | "c";
export type E = -32001;
export type F = 5;
export interface P { p: string }
export interface Q { q: string }
export interface Q2 { q: string }
export interface R { r: string }
export type Ref1 = P;
export type M = P | Q;
export type Same = P | Q;
export type W = string;
export type N = string | number;
export type Ch = string;
export type Lit = "a" | "b";
export type Obj = { o: string; [key: string]: string };
export type F2 = -32001;
export type M2 = P;
"""
ALIASES_NEW = """\
export type T = "b";
export type U = "c" | "e" | "d";
export type E = -32002;
export type F = -32001;
export interface P { p: string }
export interface Q { q: string }
export interface Q2 { q: string }
export interface R { r: string }
export type Ref1 = Q;
export type M = P | R;
export type Same = P | Q2;
export type W = string | number;
export type N = string;
export type Ch = boolean;
export type Lit = string;
export type Obj = { o: string; [key: string]: number };
export type F2 = 5;
export type M2 = P | Q | R;
"""


def test_aliases_literal_sets_members_and_widening() -> None:
    """Aliases: literal sets (one to one, or members removed and added in order), error codes
    on either side, named members, and the direction of a type change."""
    diags = Diagnostics()
    result = sdiff(ALIASES_OLD, ALIASES_NEW, diags)
    assert rows(result) == [
        ("literal-changed", "T", 'literal changed from "a" to "b"', "wire", 1, 1),
        ("literal-removed", "U", 'literal "a" removed', "wire", 2, 2),
        ("literal-removed", "U", 'literal "b" removed', "wire", 2, 2),
        ("literal-added", "U", 'literal "d" added', "additive", 2, 2),
        ("literal-added", "U", 'literal "e" added', "additive", 2, 2),
        ("error-code-changed", "E", "literal changed from -32001 to -32002", "wire", 3, 3),
        ("error-code-changed", "F", "literal changed from 5 to -32001", "wire", 4, 4),
        (
            "type-changed",
            "Ref1",
            "type changed: members added: Q; members removed: P",
            "wire",
            9,
            9,
        ),
        ("type-changed", "M", "type changed: members added: R; members removed: Q", "wire", 10, 10),
        ("members-changed", "Same", "members added: Q2; members removed: Q", "", 11, 11),
        ("type-widened", "W", "type widened: from string to string | number", "additive", 12, 12),
        ("type-narrowed", "N", "type narrowed: from string | number to string", "wire", 13, 13),
        ("type-changed", "Ch", "type changed: from string to boolean", "wire", 14, 14),
        ("type-widened", "Lit", 'type widened: from "a" | "b" to string', "additive", 15, 15),
        ("type-changed", "Obj[string]", "type changed: from string to number", "wire", 16, 16),
        ("error-code-changed", "F2", "literal changed from -32001 to 5", "wire", 17, 17),
        ("type-widened", "M2", "type widened: members added: Q, R", "additive", 18, 18),
    ]
    assert result.renames == ()
    assert result.field_renames == ()
    assert result.field_moves == ()
    assert result.removed == ()
    assert result.removed_fields == ()
    assert [str(w) for w in diags.warnings] == []


FIELDS_OLD = """\
export interface A {
  keep: string;
  old1: string;
  old2?: number;
  req?: string;
  opt: string;
  typed: string;
  moved: string;
  box: { a: string };
  other: string;
  gone: boolean;
}
"""
FIELDS_NEW = """\
export interface A {
  keep: string;
  /** @renamedFrom old1 since 2.0 */
  new1: number;
  new2?: number;
  req: string;
  opt?: string;
  typed: number;
  box: { a: string; moved: string };
  other: { moved: number };
  /** @renamedFrom nothing */
  fresh?: string;
  /** @renamedFrom */
  blank?: string;
  need: number;
}
"""


def test_field_renames_moves_removals_and_additions() -> None:
    """Fields renamed by tag (a tag naming nothing warns, located) and by unique structure,
    moved into a sibling object, removed, added, made required or optional."""
    diags = Diagnostics()
    result = sdiff(FIELDS_OLD, FIELDS_NEW, diags)
    assert rows(result) == [
        (
            "field-renamed",
            "A.old1",
            "renamed to new1; the Python attribute changes",
            "wire python",
            3,
            4,
        ),
        ("type-changed", "A.new1", "type changed: from string to number", "wire", 3, 4),
        (
            "field-renamed",
            "A.old2",
            "renamed to new2; the Python attribute changes",
            "wire python",
            4,
            5,
        ),
        (
            "field-removed",
            "A.moved",
            "field removed; it now lives in box.moved",
            "wire python",
            8,
            None,
        ),
        ("field-removed", "A.gone", "field removed", "wire python", 11, None),
        ("field-added", "A.fresh", "optional field added", "additive", None, 12),
        ("field-added", "A.blank", "optional field added", "additive", None, 14),
        ("required-field-added", "A.need", "required field added", "wire python", None, 15),
        ("field-required", "A.req", "optional field became required", "wire", 5, 6),
        ("field-optional", "A.opt", "required field became optional", "", 6, 7),
        ("type-changed", "A.typed", "type changed: from string to number", "wire", 7, 8),
        ("required-field-added", "A.box.moved", "required field added", "wire python", None, 9),
        (
            "type-changed",
            "A.other",
            "type changed: from string to { moved: number }",
            "wire",
            10,
            10,
        ),
    ]
    assert result.renames == ()
    assert result.field_renames == (
        FieldRename(owner="A", old="old1", new="new1", hinted=True),
        FieldRename(owner="A", old="old2", new="new2", hinted=False),
    )
    assert result.field_moves == (FieldMove(owner="A", name="moved", into="box"),)
    assert result.removed == ()
    assert result.removed_fields == (("A", "moved"), ("A", "gone"))
    assert [str(w) for w in diags.warnings] == [
        "new.ts:12:3: warning: @renamedFrom nothing: 'A' had no property of that name that is now gone; tag ignored",
        "new.ts:14:3: warning: @renamedFrom (no name): 'A' had no property of that name that is now gone; tag ignored",
    ]


INDEX_OLD = """\
export interface I {
  a: string;
  [key: string]: string;
}
export interface J {
  [key: string]: unknown;
}
export interface K {
  x: string;
  [key: string]: string;
}
export interface L { y: { n: number; [key: string]: number } }
export interface Z {
  [key: string]: string;
}
"""
INDEX_NEW = """\
export interface I {
  a: string;
  [key: string]: string | number;
}
export interface J {
  [key: string]: string;
}
export interface K {
  x: string;
}
export interface L { y: { n: string; m?: number } }
export interface Z {
  [key: string]: unknown;
}
"""


def test_index_signatures_added_removed_and_changed() -> None:
    """Index signatures: an ``unknown`` one is the open object anyway, so gaining or losing
    it is the other's removal or addition; inline objects' too."""
    diags = Diagnostics()
    result = sdiff(INDEX_OLD, INDEX_NEW, diags)
    assert rows(result) == [
        (
            "type-widened",
            "I[string]",
            "type widened: from string to string | number",
            "additive",
            3,
            3,
        ),
        ("index-added", "J[string]", "now accepts arbitrary extra properties", "additive", None, 6),
        (
            "index-removed",
            "K[string]",
            "no longer declares arbitrary extra properties",
            "",
            10,
            None,
        ),
        ("field-added", "L.y.m", "optional field added", "additive", None, 11),
        ("type-changed", "L.y.n", "type changed: from number to string", "wire", 12, 11),
        (
            "index-removed",
            "L.y[string]",
            "no longer declares arbitrary extra properties",
            "",
            12,
            None,
        ),
        (
            "index-removed",
            "Z[string]",
            "no longer declares arbitrary extra properties",
            "",
            14,
            None,
        ),
    ]
    assert result.renames == ()
    assert result.field_renames == ()
    assert result.field_moves == ()
    assert result.removed == ()
    assert result.removed_fields == ()
    assert [str(w) for w in diags.warnings] == []


INHERITED_OLD = """\
export interface Base { a: string; b: string }
export interface X extends Base { x: number }
export interface Y extends Base { y: string }
"""
INHERITED_NEW = """\
export interface Base { a: number; b: string }
export interface X { x: number; c: string }
export interface Y extends Base { y: number }
"""


def test_inherited_fields_are_reported_on_their_base_and_never_paired_as_renames() -> None:
    """A field both revisions inherit from one base is reported on that base; a type that
    stops extending it loses its fields, which are no inferred renames of its own."""
    diags = Diagnostics()
    result = sdiff(INHERITED_OLD, INHERITED_NEW, diags)
    assert rows(result) == [
        ("type-changed", "Base.a", "type changed: from string to number", "wire", 1, 1),
        ("field-removed", "X.a", "field removed", "wire python", 1, None),
        ("field-removed", "X.b", "field removed", "wire python", 1, None),
        ("required-field-added", "X.c", "required field added", "wire python", None, 2),
        ("type-changed", "Y.y", "type changed: from string to number", "wire", 3, 3),
    ]
    assert result.renames == ()
    assert result.field_renames == ()
    assert result.field_moves == ()
    assert result.removed == ()
    assert result.removed_fields == (("X", "a"), ("X", "b"))
    assert [str(w) for w in diags.warnings] == []


INLINE_OLD = """\
export interface A { x: { a: string; b: number } }
export interface B { r: P }
export interface P { p: string }
export interface E { y: { [key: string]: number }; z: { n: number } }
"""
INLINE_NEW = """\
export interface A { x: object }
export interface B { r: { p: string; q?: string } }
export interface P { p: string }
export interface E { y: { [key: string]: string }; z: { n: number; [key: string]: number } }
"""


def test_inline_objects_are_compared_field_by_field_and_never_recorded() -> None:
    """An object written inline (or ``object``) is compared field by field; its removed
    fields are no Python attribute of a declaration, so not recorded."""
    diags = Diagnostics()
    result = sdiff(INLINE_OLD, INLINE_NEW, diags)
    assert rows(result) == [
        ("field-removed", "A.x.a", "field removed", "wire python", 1, None),
        ("field-removed", "A.x.b", "field removed", "wire python", 1, None),
        ("field-added", "B.r.q", "optional field added", "additive", None, 2),
        ("type-changed", "E.y[string]", "type changed: from number to string", "wire", 4, 4),
        (
            "index-added",
            "E.z[string]",
            "now accepts arbitrary extra properties",
            "additive",
            None,
            4,
        ),
    ]
    assert result.renames == ()
    assert result.field_renames == ()
    assert result.field_moves == ()
    assert result.removed == ()
    assert result.removed_fields == ()
    assert [str(w) for w in diags.warnings] == []


RENAMED_REFS_OLD = """\
export interface Old { o: string; n: number }
export interface A { x: Old; y: Old[] }
"""
RENAMED_REFS_NEW = """\
/** @renamedFrom Old */
export interface New { o: string; n: number; extra?: string }
export interface A { x: New; y: New[] }
/** @renamedFrom */
export interface B { b: string }
"""


def test_a_renamed_type_is_the_same_type_wherever_it_is_named() -> None:
    """A renamed type is one type under both names: fields naming it are unchanged; a
    ``@renamedFrom`` without a name warns, located."""
    diags = Diagnostics()
    result = sdiff(RENAMED_REFS_OLD, RENAMED_REFS_NEW, diags)
    assert rows(result) == [
        (
            "renamed",
            "Old",
            "renamed to New (by @renamedFrom); the Python name changes",
            "python",
            1,
            2,
        ),
        ("field-added", "New.extra", "optional field added", "additive", None, 2),
        ("added", "B", "type added", "additive", None, 5),
    ]
    assert result.renames == (Rename(old="Old", new="New", hinted=True),)
    assert result.field_renames == ()
    assert result.field_moves == ()
    assert result.removed == ()
    assert result.removed_fields == ()
    assert [str(w) for w in diags.warnings] == [
        "new.ts:5:1: warning: @renamedFrom (no name): the old schema has no removed declaration of that name; tag ignored"
    ]


MOVED_OLD = """\
export interface P { p: string }
export interface Q { q: string }
export interface A {
  u: P | Q;
  w: P | Q;
  s: string;
  moved: string;
}
"""
MOVED_NEW = """\
export interface P { p: string; moved: string }
export interface Q { q: string }
export interface Q2 { q: string; moved: string }
export interface A {
  u: P | Q;
  w: P | Q2;
  s: string;
}
"""


def test_a_removed_field_moved_where_every_member_of_a_sibling_gained_it() -> None:
    """A removed field moved into a sibling only when every object type of that sibling
    has it now; the first such sibling in the new order."""
    diags = Diagnostics()
    result = sdiff(MOVED_OLD, MOVED_NEW, diags)
    assert rows(result) == [
        ("required-field-added", "P.moved", "required field added", "wire python", None, 1),
        ("added", "Q2", "type added", "additive", None, 3),
        (
            "field-removed",
            "A.moved",
            "field removed; it now lives in w.moved",
            "wire python",
            7,
            None,
        ),
        (
            "type-narrowed",
            "A.w",
            "type narrowed: members added: Q2; members removed: Q",
            "wire",
            5,
            6,
        ),
    ]
    assert result.renames == ()
    assert result.field_renames == ()
    assert result.field_moves == (FieldMove(owner="A", name="moved", into="w"),)
    assert result.removed == ()
    assert result.removed_fields == (("A", "moved"),)
    assert [str(w) for w in diags.warnings] == []


LITERAL_GROWTH_OLD = """\
export type G = "a";
export type H = "a" | "b";
export type Same = "a" | "b";
export type Nums = 9 | 10 | 2;
"""
LITERAL_GROWTH_NEW = """\
export type G = "a" | "b";
export type H = "b";
export type Same = "b" | "a";
export type Nums = 2 | 3 | 11 | 100;
"""


def test_one_literal_growing_into_a_union_is_a_literal_added() -> None:
    """One literal against several is members added and removed, not one literal changed;
    the same set in another order is no change; each list in the order of the literals' text."""
    diags = Diagnostics()
    result = sdiff(LITERAL_GROWTH_OLD, LITERAL_GROWTH_NEW, diags)
    assert rows(result) == [
        ("literal-added", "G", 'literal "b" added', "additive", 1, 1),
        ("literal-removed", "H", 'literal "a" removed', "wire", 2, 2),
        ("literal-removed", "Nums", "literal 10 removed", "wire", 4, 4),
        ("literal-removed", "Nums", "literal 9 removed", "wire", 4, 4),
        ("literal-added", "Nums", "literal 100 added", "additive", 4, 4),
        ("literal-added", "Nums", "literal 11 added", "additive", 4, 4),
        ("literal-added", "Nums", "literal 3 added", "additive", 4, 4),
    ]
    assert result.renames == ()
    assert result.field_renames == ()
    assert result.field_moves == ()
    assert result.removed == ()
    assert result.removed_fields == ()
    assert [str(w) for w in diags.warnings] == []


METHOD_FIELDS_OLD = """\
export interface Tool { method: string; n: number }
export interface PingRequest { method: "ping" }
export interface EchoRequest { method: "echo"; text: string }
"""
METHOD_FIELDS_NEW = """\
export interface Tool { method: number; n: number }
export interface PingRequest { method: string }
export interface EchoRequest { method: "echo"; text: number }
"""


def test_the_method_field_is_skipped_only_when_both_sides_are_messages() -> None:
    """The ``method`` field of a message on both sides is its method; on a type that is no
    message on one side, or on either, it is an ordinary field."""
    diags = Diagnostics()
    result = sdiff(METHOD_FIELDS_OLD, METHOD_FIELDS_NEW, diags)
    assert rows(result) == [
        ("type-changed", "Tool.method", "type changed: from string to number", "wire", 1, 1),
        (
            "type-widened",
            "PingRequest.method",
            'type widened: from "ping" to string',
            "additive",
            2,
            2,
        ),
        ("type-changed", "EchoRequest.text", "type changed: from string to number", "wire", 3, 3),
        ("method-removed", "method ping", "removed (was PingRequest)", "wire", 2, None),
    ]
    assert result.renames == ()
    assert result.field_renames == ()
    assert result.field_moves == ()
    assert result.removed == ()
    assert result.removed_fields == ()
    assert [str(w) for w in diags.warnings] == []


FIELD_RENAME_RULES_OLD = """\
export interface A { a: string; b: number }
export interface B { x?: string; y: string }
export interface C { c: string }
"""
FIELD_RENAME_RULES_NEW = """\
export interface A {
  /** @renamedFrom a */
  c: number;
  d: string;
}
export interface B { z: string; w?: string }
export interface C {
  /** @renamedFrom c */
  d: string;
  /** @renamedFrom c */
  e: string;
}
"""


def test_a_tagged_field_rename_takes_its_pair_out_of_the_inference() -> None:
    """A tagged field rename takes both its fields out of the inference; an optional and a
    required field never pair; a second tag naming a field already claimed warns."""
    diags = Diagnostics()
    result = sdiff(FIELD_RENAME_RULES_OLD, FIELD_RENAME_RULES_NEW, diags)
    assert rows(result) == [
        ("field-renamed", "A.a", "renamed to c; the Python attribute changes", "wire python", 1, 3),
        ("type-changed", "A.c", "type changed: from string to number", "wire", 1, 3),
        ("field-removed", "A.b", "field removed", "wire python", 1, None),
        ("required-field-added", "A.d", "required field added", "wire python", None, 4),
        ("field-renamed", "B.x", "renamed to w; the Python attribute changes", "wire python", 2, 6),
        ("field-renamed", "B.y", "renamed to z; the Python attribute changes", "wire python", 2, 6),
        ("field-renamed", "C.c", "renamed to d; the Python attribute changes", "wire python", 3, 9),
        ("required-field-added", "C.e", "required field added", "wire python", None, 11),
    ]
    assert result.renames == ()
    assert result.field_renames == (
        FieldRename(owner="A", old="a", new="c", hinted=True),
        FieldRename(owner="B", old="x", new="w", hinted=False),
        FieldRename(owner="B", old="y", new="z", hinted=False),
        FieldRename(owner="C", old="c", new="d", hinted=True),
    )
    assert result.field_moves == ()
    assert result.removed == ()
    assert result.removed_fields == (("A", "b"),)
    assert [str(w) for w in diags.warnings] == [
        "new.ts:11:3: warning: @renamedFrom c: 'C' had no property of that name that is now gone; tag ignored"
    ]


INLINE_MOVES_OLD = """\
export interface D { x: { m: string; box: { k: string } } }
"""
INLINE_MOVES_NEW = """\
export interface D { x: { box: { k: string; m: string } } }
"""


def test_a_field_moved_inside_an_inline_object_is_no_recorded_move() -> None:
    """A field of an inline object moved into a sibling says where it lives now, but it is no
    attribute of a declared class: no move for the codemod."""
    diags = Diagnostics()
    result = sdiff(INLINE_MOVES_OLD, INLINE_MOVES_NEW, diags)
    assert rows(result) == [
        ("field-removed", "D.x.m", "field removed; it now lives in box.m", "wire python", 1, None),
        ("required-field-added", "D.x.box.m", "required field added", "wire python", None, 1),
    ]
    assert result.renames == ()
    assert result.field_renames == ()
    assert result.field_moves == ()
    assert result.removed == ()
    assert result.removed_fields == ()
    assert [str(w) for w in diags.warnings] == []


OBJECT_KINDS_OLD = """\
export type UnionToIface = string | number;
export interface Wide2 { w: string }
export interface Other { w: string }
export type A = { mimeType?: string; n: number };
"""
OBJECT_KINDS_NEW = """\
export interface UnionToIface { k: string }
export type Wide2 = Other | string;
export interface Other { w: string }
export type A = { mediaType?: string; n: number };
"""


def test_an_object_type_against_a_union_and_the_renames_inside_an_alias() -> None:
    """An object type becoming a union breaks the wire unless the union takes every old
    value (its members read in the new schema); the reverse names the new type an object
    type; an alias of an object literal infers its field renames as an interface does."""
    diags = Diagnostics()
    result = sdiff(OBJECT_KINDS_OLD, OBJECT_KINDS_NEW, diags)
    assert rows(result) == [
        (
            "kind-changed",
            "UnionToIface",
            "changed from string | number to an object type",
            "wire python",
            1,
            1,
        ),
        ("kind-changed", "Wide2", "changed from an object type to Other | string", "python", 2, 2),
        (
            "field-renamed",
            "A.mimeType",
            "renamed to mediaType; the Python attribute changes",
            "wire python",
            4,
            4,
        ),
    ]
    assert result.renames == ()
    assert result.field_renames == (
        FieldRename(owner="A", old="mimeType", new="mediaType", hinted=False),
    )
    assert result.field_moves == ()
    assert result.removed == ()
    assert result.removed_fields == ()
    assert [str(w) for w in diags.warnings] == []


RENAMED_MESSAGE_OLD = """\
export interface PingRequest { method: "ping"; a: string }
"""
RENAMED_MESSAGE_NEW = """\
/** @renamedFrom PingRequest */
export interface PongRequest { method: "pong"; a: number }
"""


def test_a_renamed_message_leaves_its_method_field_to_the_methods() -> None:
    """A message renamed with ``@renamedFrom`` is still a message on both sides: its
    ``method`` is reported as methods removed and added, its other fields as changes."""
    diags = Diagnostics()
    result = sdiff(RENAMED_MESSAGE_OLD, RENAMED_MESSAGE_NEW, diags)
    assert rows(result) == [
        (
            "renamed",
            "PingRequest",
            "renamed to PongRequest (by @renamedFrom); the Python name changes",
            "python",
            1,
            2,
        ),
        ("type-changed", "PongRequest.a", "type changed: from string to number", "wire", 1, 2),
        ("method-removed", "method ping", "removed (was PingRequest)", "wire", 1, None),
        ("method-added", "method pong", "added (PongRequest)", "additive", None, 2),
    ]
    assert result.renames == (Rename(old="PingRequest", new="PongRequest", hinted=True),)
    assert result.field_renames == ()
    assert result.field_moves == ()
    assert result.removed == ()
    assert result.removed_fields == ()
    assert [str(w) for w in diags.warnings] == []
