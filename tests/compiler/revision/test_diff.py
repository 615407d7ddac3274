"""``codegen diff``: what counts as breaking, additive or changed, on small inline schemas."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from codegen import ir
from codegen.cli.diff import diff_command, diff_paths
from codegen.errors import Diagnostics
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.revision import Change, SchemaDiff, diff_schemas
from codegen.revision.proof import documents
from codegen.revision.report import render_markdown, render_text


def schema(text: str, path: str = "s.ts") -> ir.Schema:
    return resolve([parse_module(path, text)], Diagnostics())


def diff(old: str, new: str, diags: Diagnostics | None = None) -> SchemaDiff:
    return diff_schemas(schema(old, "old.ts"), schema(new, "new.ts"), diags)


def found(result: SchemaDiff, subject: str) -> list[Change]:
    return [c for c in result.changes if c.subject == subject]


def only(result: SchemaDiff, subject: str) -> Change:
    (change,) = found(result, subject)
    return change


# --------------------------------------------------------------------------- wire rules


def test_identical_schemas_have_no_changes() -> None:
    text = 'export interface A { x: string; y?: number[] }\nexport type K = "a" | "b";'
    assert diff(text, text).changes == ()


def test_field_removed_breaks_python_only_an_open_object_still_admits_it() -> None:
    change = only(
        diff("export interface A { x: string; y: string }", "export interface A { x: string }"),
        "A.y",
    )
    assert (change.code, change.breaks) == ("field-removed", ("python",))
    assert change.severity == "python-api" and change.witness is None
    assert (
        change.codemod == "none: python -m codegen migrate lists each use of the field as file:line"
    )
    assert change.old is not None and (change.old.file, change.old.line) == ("old.ts", 1)


def test_field_removed_breaks_the_wire_when_the_index_signature_rejects_it() -> None:
    old = "export interface A { x: string; [key: string]: string | number }"
    new = "export interface A { [key: string]: number }"
    change = only(diff(old, new), "A.x")
    assert change.breaks == ("wire", "python")
    assert change.witness is not None and change.witness.value == {"x": "x"}


def test_every_witness_is_accepted_by_old_and_rejected_by_new() -> None:
    old = 'export interface A { x?: string; n: number; k: "a" | "b"; l: string[] }'
    new = """export interface A {
  x: string;
  /** @minimum 0 */
  n: number;
  k: "a";
  /** @maxItems 2 */
  l: string[];
}"""
    result = diff(old, new)
    old_side, new_side = documents(schema(old), schema(new))
    wire = [c for c in result.changes if c.wire]
    assert sorted(c.code for c in wire) == [
        "constraint-tightened",
        "constraint-tightened",
        "field-required",
        "literal-removed",
    ]
    for change in wire:
        assert change.witness is not None
        assert old_side.validator("A", None).is_valid(change.witness.value)
        assert not new_side.validator("A", None).is_valid(change.witness.value)
    values = {c.subject: c.witness.value for c in wire if c.witness is not None}
    assert values["A.n"]["n"] < 0 and len(values["A.l"]["l"]) == 3
    assert "x" not in values["A.x"] and values["A.k"]["k"] == "b"


def test_a_loosened_constraint_is_additive() -> None:
    old = "export interface A {\n  /** @maxLength 3 */\n  s: string\n}"
    new = "export interface A {\n  /** @maxLength 30 */\n  s: string\n}"
    change = only(diff(old, new), "A.s")
    assert (change.code, change.severity) == ("constraint-loosened", "additive")
    assert change.message == "maxLength changed from 3 to 30"


def test_optional_becoming_required_breaks_the_wire_only() -> None:
    change = only(
        diff("export interface A { x?: string }", "export interface A { x: string }"), "A.x"
    )
    assert (change.code, change.breaks) == ("field-required", ("wire",))


def test_required_becoming_optional_is_a_change_not_a_break() -> None:
    change = only(
        diff("export interface A { x: string }", "export interface A { x?: string }"), "A.x"
    )
    assert (change.code, change.severity) == ("field-optional", "changed")


def test_optional_field_added_is_additive_required_is_breaking() -> None:
    result = diff(
        "export interface A { x: string }",
        "export interface A { x: string; o?: number; r: number }",
    )
    assert only(result, "A.o").severity == "additive"
    assert only(result, "A.r").code == "required-field-added"
    assert only(result, "A.r").breaks == ("wire", "python")


def test_literal_removed_from_union_breaks_and_literal_added_is_additive() -> None:
    result = diff(
        'export type Role = "user" | "assistant";', 'export type Role = "user" | "system";'
    )
    codes = sorted((c.code, c.message) for c in found(result, "Role"))
    assert codes == [
        ("literal-added", 'literal "system" added'),
        ("literal-removed", 'literal "assistant" removed'),
    ]
    assert result.breaking


def test_const_literal_field_changed_is_breaking() -> None:
    change = only(
        diff('export interface A { type: "text" }', 'export interface A { type: "txt" }'), "A.type"
    )
    assert change.code == "literal-changed" and change.wire


def test_error_code_constant_changed() -> None:
    old = "export const UNSUPPORTED_PROTOCOL_VERSION = -32004;"
    new = "export const UNSUPPORTED_PROTOCOL_VERSION = -32022;"
    change = only(diff(old, new), "UNSUPPORTED_PROTOCOL_VERSION")
    assert change.code == "error-code-changed"
    assert change.message == "value changed from -32004 to -32022"
    # A constant alone is no JSON value: nothing on the wire can witness it.
    assert (change.wire, change.severity) == (False, "changed")


def test_error_code_through_typeof_field_is_reported_as_an_error_code() -> None:
    old = "export const E = -32004;\nexport interface Err { code: typeof E }"
    new = "export const E = -32022;\nexport interface Err { code: typeof E }"
    result = diff(old, new)
    field = only(result, "Err.code")
    assert field.code == "error-code-changed"
    assert field.witness is not None and field.witness.value == {"code": -32004}
    assert only(result, "E").code == "error-code-changed"


def test_an_added_error_code_is_a_change_to_handle_not_an_addition() -> None:
    change = only(diff("", "export const UNSUPPORTED = -32022;"), "UNSUPPORTED")
    assert (change.code, change.severity) == ("error-code-added", "changed")


def test_boolean_and_number_literals_are_kept_apart() -> None:
    change = only(diff("export interface A { x: 1 }", "export interface A { x: true }"), "A.x")
    assert change.code == "literal-changed"


def test_type_widened_is_additive_narrowed_is_breaking_unrelated_is_breaking() -> None:
    widened = only(
        diff("export interface A { x: string }", "export interface A { x: string | number }"), "A.x"
    )
    narrowed = only(
        diff("export interface A { x: string | number }", "export interface A { x: string }"), "A.x"
    )
    changed = only(
        diff("export interface A { x: string }", "export interface A { x: boolean }"), "A.x"
    )
    assert (widened.code, widened.severity) == ("type-widened", "additive")
    assert (narrowed.code, narrowed.breaks) == ("type-narrowed", ("wire",))
    assert (changed.code, changed.breaks) == ("type-changed", ("wire",))


@pytest.mark.parametrize(
    ("old", "new", "code", "witness"),
    [
        ("[string, ...string[]]", "string[]", "type-widened", None),
        ("[string]", "[string, ...string[]]", "type-widened", None),
        ("[string, number, ...number[]]", "[string, ...number[]]", "type-widened", None),
        ("string[]", "[string, ...string[]]", "type-narrowed", []),
        ("[string, ...string[]]", "[string]", "type-narrowed", ["x", "x"]),
        ("[string, ...number[]]", "[string, number, ...number[]]", "type-narrowed", ["x"]),
        ("[string, ...number[]]", "[string, ...boolean[]]", "type-changed", ["x", 0]),
        ("[string, ...number[]]", "[string, number?, ...number[]]", None, None),
    ],
)
def test_rest_tuples_are_compared_by_the_lengths_and_members_they_allow(
    old: str, new: str, code: str | None, witness: object
) -> None:
    """``[A, ...B[]]``: a narrowing is proved by a value of the old type (its wire break)."""
    changes = found(
        diff(f"export interface A {{ x: {old} }}", f"export interface A {{ x: {new} }}"), "A.x"
    )
    if code is None:
        assert changes == []
        return
    first = changes[0]
    assert first.code == code
    if witness is None:
        assert first.severity == "additive" and first.witness is None
    else:
        assert first.witness is not None and first.witness.value == {"x": witness}


def test_union_of_named_types_lists_members() -> None:
    old = "export interface P { a: string }\nexport interface Q { b: string }\nexport type U = P;"
    new = (
        "export interface P { a: string }\nexport interface Q { b: string }\nexport type U = P | Q;"
    )
    change = only(diff(old, new), "U")
    assert change.code == "type-widened"
    assert change.message == "type widened: members added: Q"


def test_inline_object_is_compared_field_by_field() -> None:
    old = "export interface Caps { sampling?: object }"
    new = "export interface Caps { sampling?: { context?: object; tools?: object } }"
    result = diff(old, new)
    assert [c.subject for c in result.changes] == ["Caps.sampling.context", "Caps.sampling.tools"]
    assert all(c.severity == "additive" for c in result.changes)


def test_record_and_index_signature_are_the_same_type() -> None:
    old = "export interface A { m: { [key: string]: unknown } }"
    new = "export type MetaObject = Record<string, unknown>;\nexport interface A { m: MetaObject }"
    assert found(diff(old, new), "A.m") == []


def test_a_named_type_change_is_reported_once_on_that_type() -> None:
    old = 'export type Role = "user";\nexport interface A { r: Role }\nexport interface B { r: Role[] }'
    new = 'export type Role = "user" | "bot";\nexport interface A { r: Role }\nexport interface B { r: Role[] }'
    result = diff(old, new)
    assert [c.subject for c in result.changes] == ["Role"]


def test_inherited_field_change_is_reported_on_the_base_only() -> None:
    old = "export interface Base { a: string }\nexport interface X extends Base { x: string }"
    new = "export interface Base { a: string; b?: string }\nexport interface X extends Base { x: string }"
    assert [c.subject for c in diff(old, new).changes] == ["Base.b"]


def test_fields_gained_from_a_new_base_are_reported_on_the_subtype() -> None:
    old = "export interface R { uri: string; title?: string }\nexport interface C { uri: string }"
    new = "export interface R { uri: string; title?: string }\nexport interface C extends R {}"
    change = only(diff(old, new), "C.title")
    assert change.code == "field-added" and change.severity == "additive"


def test_methods_added_and_removed() -> None:
    old = 'export interface PingRequest { method: "ping" }'
    new = 'export interface ListRequest { method: "things/list" }'
    result = diff(old, new)
    assert only(result, "method ping").code == "method-removed"
    # No union of requests lists it, so no message of the old schema is now rejected.
    assert only(result, "method ping").severity == "changed"
    assert only(result, "method things/list").severity == "additive"
    assert only(result, "PingRequest").breaks == ("python",)  # the class is gone too


def test_a_method_tagged_request_removed_is_a_removed_method() -> None:
    # A generic protocol names its methods with @method; the diff reads messages the way the
    # registry does (codegen.ir.messages), so the removal is a method, not just a class.
    step = (
        '/** @method "debug/step" */\nexport interface StepRequest { params: { n: number } }\n'
        "export interface StepResult { ok: boolean }\n"
    )
    other = (
        '/** @method "debug/go" */\nexport interface GoRequest {}\nexport interface GoResult {}\n'
    )
    result = diff(step + other, other)
    change = only(result, "method debug/step")
    assert (change.code, change.message) == ("method-removed", "removed (was StepRequest)")
    assert only(result, "StepRequest").breaks == ("python",)
    added = diff(other, step + other)
    assert only(added, "method debug/step").code == "method-added"


def test_a_tagged_and_a_literal_method_are_one_method() -> None:
    old = 'export interface StepRequest { method: "debug/step" }\nexport interface StepResult {}'
    new = '/** @method "debug/step" */\nexport interface StepRequest {}\nexport interface StepResult {}'
    assert found(diff(old, new), "method debug/step") == []


def test_a_method_removed_from_the_request_union_breaks_the_wire() -> None:
    envelope = (
        'export interface JSONRPCRequest { jsonrpc: "2.0"; id: string | number; method: string }\n'
    )
    old = envelope + (
        'export interface PingRequest { method: "ping" }\n'
        'export interface ListRequest { method: "things/list" }\n'
        "export type ClientRequest = PingRequest | ListRequest;"
    )
    new = envelope + (
        'export interface ListRequest { method: "things/list" }\n'
        "export type ClientRequest = ListRequest;"
    )
    change = only(diff(old, new), "method ping")
    assert change.breaks == ("wire",) and change.witness is not None
    # judged in its wire form, inside the JSON-RPC envelope
    assert change.witness.envelope == "JSONRPCRequest"
    assert change.witness.value == {"id": "x", "jsonrpc": "2.0", "method": "ping"}


# --------------------------------------------------------------------------- renames


def test_removed_plus_added_with_identical_structure_is_a_rename() -> None:
    old = 'export interface ResourceReference { type: "ref/resource"; uri: string }'
    new = 'export interface ResourceTemplateReference { type: "ref/resource"; uri: string }'
    result = diff(old, new)
    assert [(r.old, r.new, r.hinted) for r in result.renames] == [
        ("ResourceReference", "ResourceTemplateReference", False)
    ]
    change = only(result, "ResourceReference")
    assert (change.code, change.breaks) == ("renamed", ("python",))
    assert result.removed == ()


def test_ambiguous_structure_is_not_a_rename() -> None:
    old = "export interface A { x: string }\nexport interface B { x: string }"
    new = "export interface C { x: string }"
    result = diff(old, new)
    assert result.renames == ()
    assert set(result.removed) == {"A", "B"}


def test_renamed_from_tag_pairs_types_of_different_structure() -> None:
    old = "export interface Old { x: string }"
    new = "/** @renamedFrom Old */\nexport interface New { x: string; y?: number }"
    result = diff(old, new)
    assert [(r.old, r.new, r.hinted) for r in result.renames] == [("Old", "New", True)]
    assert only(result, "New.y").code == "field-added"


def test_renamed_from_tag_naming_nothing_warns() -> None:
    diags = Diagnostics()
    result = diff(
        "export interface A { x: string }",
        "/** @renamedFrom Nope */\nexport interface B { y: number }",
        diags,
    )
    assert result.renames == ()
    assert len(diags.warnings) == 1
    assert str(diags.warnings[0]).startswith("new.ts:2:1: warning: @renamedFrom Nope")


def test_field_rename_by_tag_and_by_unique_structure() -> None:
    hinted = diff(
        "export interface A { oldName: string; n: number }",
        "export interface A {\n  /** @renamedFrom oldName */\n  newName: string;\n  n: number\n}",
    )
    assert [(r.owner, r.old, r.new, r.hinted) for r in hinted.field_renames] == [
        ("A", "oldName", "newName", True)
    ]
    renamed = only(hinted, "A.oldName")
    assert renamed.breaks == ("wire", "python")
    assert renamed.witness is not None and renamed.witness.value == {"oldName": "x", "n": 0}
    assert (
        renamed.codemod
        == "python -m codegen migrate renames the attribute and keyword oldName to newName"
    )
    inferred = diff(
        "export interface A { mimeType?: string }", "export interface A { mediaType?: string }"
    )
    assert [(r.old, r.new) for r in inferred.field_renames] == [("mimeType", "mediaType")]


# --------------------------------------------------------------------------- overlays

CORE_CONTENT = """\
export interface Annotations { priority?: number }
export interface ResourceContents { uri: string; mimeType?: string }
export interface TextResourceContents extends ResourceContents { text: string }
export interface BlobResourceContents extends ResourceContents { blob: string }
export interface Resource { uri: string; name: string; title?: string; annotations?: Annotations; size?: number }
export interface EmbeddedResource {
  type: "resource";
  resource: TextResourceContents | BlobResourceContents;
  annotations?: Annotations;
}
"""

OVERLAY = """\
import { Resource } from "../core/content";

/** @override */
export interface TextResourceContents extends Resource { text: string }
/** @override */
export interface BlobResourceContents extends Resource { blob: string }
/** @override */
export interface EmbeddedResource {
  type: "resource";
  resource: TextResourceContents | BlobResourceContents;
}
"""


@pytest.fixture
def overlay_schema(tmp_path: Path) -> Path:
    (tmp_path / "core").mkdir()
    (tmp_path / "ext").mkdir()
    (tmp_path / "core" / "content.ts").write_text(CORE_CONTENT)
    (tmp_path / "ext" / "resource-metadata.ts").write_text(OVERLAY)
    return tmp_path


def test_overlay_against_core(overlay_schema: Path) -> None:
    diags = Diagnostics()
    result = diff_paths(overlay_schema / "core", overlay_schema, diags)
    removed = only(result, "EmbeddedResource.annotations")
    assert (removed.code, removed.breaks) == ("field-removed", ("python",))
    assert (
        removed.codemod
        == "python -m codegen migrate moves annotations= into the resource= constructor call"
    )
    assert [(m.owner, m.name, m.into) for m in result.field_moves] == [
        ("EmbeddedResource", "annotations", "resource")
    ]
    for owner in ("TextResourceContents", "BlobResourceContents"):
        for name in ("title", "annotations", "size"):
            assert only(result, f"{owner}.{name}").severity == "additive"
        # Resource.name is required: gaining it is honestly a break for old senders.
        assert only(result, f"{owner}.name").code == "required-field-added"


# --------------------------------------------------------------------------- command


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_command_formats_and_exit_codes(tmp_path: Path) -> None:
    old = write(
        tmp_path,
        "old.ts",
        'export interface A { x: string; y: string }\nexport type K = "a" | "b";',
    )
    new = write(
        tmp_path, "new.ts", 'export interface A { x: string; z?: number }\nexport type K = "a";'
    )
    runner = CliRunner()

    text = runner.invoke(diff_command, [old, new])
    assert text.exit_code == 0, text.output
    assert "1 wire-breaking, 1 Python API, 1 additive, 0 changed" in text.output
    assert "A.y: field removed [breaks Python]" in text.output
    assert '    witness (K): "b"' in text.output

    markdown = runner.invoke(diff_command, [old, new, "--format", "markdown"]).output
    assert markdown.index("### Breaks the wire") < markdown.index("### Breaks Python code")
    assert markdown.index("### Breaks Python code") < markdown.index("### Additive")
    assert '- **`K`**: literal "b" removed _(breaks wire)_' in markdown
    assert "<details><summary>Witness: accepted by the old <code>K</code>" in markdown
    assert '  ```json\n  "b"\n  ```\n\n  </details>' in markdown
    assert (
        "  Fix: none: python -m codegen migrate lists each use of the field as file:line."
        in markdown
    )

    data = json.loads(runner.invoke(diff_command, [old, new, "--format", "json"]).output)
    assert data["summary"] == {"wire-breaking": 1, "python-api": 1, "additive": 1, "changed": 0}
    by_code = {c["code"]: c for c in data["changes"]}
    assert set(by_code) == {"field-removed", "field-added", "literal-removed"}
    assert by_code["literal-removed"]["witness"] == "b"
    assert by_code["literal-removed"]["witness_for"] == {"old": "K", "new": "K", "envelope": None}
    assert "witness" not in by_code["field-removed"]
    assert by_code["field-removed"]["codemod"].startswith("none: python -m codegen migrate lists")

    failing = runner.invoke(diff_command, [old, new, "--fail-on-breaking"])
    assert failing.exit_code == 1
    additive_only = runner.invoke(diff_command, [old, old, "--fail-on-breaking"])
    assert additive_only.exit_code == 0


def test_command_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    good = write(tmp_path, "good.ts", "export interface A { x: string }")
    bad = write(tmp_path, "bad.ts", "export interface A { x: Missing }")
    result = CliRunner().invoke(diff_command, [good, bad])
    assert result.exit_code == 2
    (line,) = result.output.strip().splitlines()
    assert line.endswith("error: unknown type 'Missing'") and ":1:" in line

    missing = CliRunner().invoke(diff_command, [good, str(tmp_path / "nope")])
    assert missing.exit_code == 2
    assert f"error: schema path '{tmp_path / 'nope'}' does not exist" in missing.output


def test_text_report_folds_one_change_shared_by_many_types() -> None:
    old = "export interface Base {}\n" + "".join(
        f"export interface R{i} extends Base {{ x{i}: string }}\n" for i in range(3)
    )
    new = "export interface Base {}\nexport interface Env { jsonrpc?: string }\n" + "".join(
        f"export interface R{i} extends Env {{ x{i}: string }}\n" for i in range(3)
    )
    result = diff(old, new)
    assert len(found(result, "R0.jsonrpc")) == 1
    text = render_text(result, "a", "b")
    assert "jsonrpc in 3 types (R0, R1, R2): optional field added" in text
    assert "in 3 types" in render_markdown(result, "a", "b")


def test_wire_breaks_are_never_folded_each_keeps_its_witness() -> None:
    old = "export interface Base {}\n" + "".join(
        f"export interface R{i} extends Base {{ x{i}: string }}\n" for i in range(3)
    )
    new = "export interface Base {}\nexport interface Env { jsonrpc: string }\n" + "".join(
        f"export interface R{i} extends Env {{ x{i}: string }}\n" for i in range(3)
    )
    text = render_text(diff(old, new), "a", "b")
    for i in range(3):
        assert f"  R{i}.jsonrpc: required field added [breaks wire, Python]" in text
        assert f'    witness (R{i}): {{"x{i}": "x"}}' in text


# --------------------------------------------------------------------------- properties

NAMES = st.sampled_from(["a", "b", "c", "d", "e"])
TYPES = st.sampled_from(
    ["string", "number", "boolean", '"x"', '"x" | "y"', "string[]", "Record<string, unknown>"]
)
FIELDS = st.dictionaries(NAMES, st.tuples(TYPES, st.booleans()), max_size=5)


def interface(name: str, fields: dict[str, tuple[str, bool]]) -> str:
    body = "; ".join(
        f"{key}{'?' if optional else ''}: {t}" for key, (t, optional) in fields.items()
    )
    return f"export interface {name} {{ {body} }}\n"


@settings(max_examples=60, deadline=None)
@given(FIELDS)
def test_a_schema_never_differs_from_itself(fields: dict[str, tuple[str, bool]]) -> None:
    text = interface("T", fields)
    assert diff(text, text).changes == ()


@settings(max_examples=60, deadline=None)
@given(FIELDS, NAMES, TYPES)
def test_adding_an_optional_field_is_exactly_one_additive_change(
    fields: dict[str, tuple[str, bool]], extra: str, t: str
) -> None:
    fields.pop(extra, None)
    old = interface("T", fields)
    new = interface("T", {**fields, extra: (t, True)})
    result = diff(old, new)
    assert [(c.code, c.subject) for c in result.changes] == [("field-added", f"T.{extra}")]
    assert not result.breaking


@settings(max_examples=60, deadline=None)
@given(FIELDS, FIELDS)
def test_removing_any_field_is_breaking(
    old: dict[str, tuple[str, bool]], new: dict[str, tuple[str, bool]]
) -> None:
    result = diff(interface("T", old), interface("T", new))
    gone = set(old) - set(new)
    renamed = {r.old for r in result.field_renames}
    for name in gone - renamed:
        # the attribute is gone; on the wire an open object still admits the field
        assert only(result, f"T.{name}").breaks == ("python",)
    if gone:
        assert result.breaking


@settings(max_examples=40, deadline=None)
@given(FIELDS, FIELDS)
def test_a_witness_is_always_old_valid_and_new_invalid(
    old: dict[str, tuple[str, bool]], new: dict[str, tuple[str, bool]]
) -> None:
    old_text, new_text = interface("T", old), interface("T", new)
    result = diff(old_text, new_text)
    old_side, new_side = documents(schema(old_text), schema(new_text))
    for change in result.changes:
        assert change.wire == (change.witness is not None)
        if change.witness is not None:
            assert old_side.validator("T", None).is_valid(change.witness.value)
            assert not new_side.validator("T", None).is_valid(change.witness.value)


def test_project_overlays_against_the_core() -> None:
    root = Path(__file__).resolve().parents[3] / "schema"
    if not (root / "ext").is_dir() or not any((root / "ext").glob("*.ts")):
        pytest.skip("schema/ext has no overlays yet")
    result = diff_paths(root / "core", root, Diagnostics())
    removed = only(result, "EmbeddedResource.annotations")
    assert removed.breaks == ("python",)
    assert ("EmbeddedResource", "annotations", "resource") in {
        (m.owner, m.name, m.into) for m in result.field_moves
    }
    for owner in ("TextResourceContents", "BlobResourceContents"):
        assert only(result, f"{owner}.title").severity == "additive"
        assert only(result, f"{owner}.annotations").severity == "additive"
    assert only(result, "method resources/metadata").code == "method-added"


@pytest.mark.parametrize(
    "tag,bound,field",
    [("@pattern ([", "maxLength", "string")],
)
def test_a_bad_constraint_tag_gives_a_warning_never_a_traceback(
    tag: str, bound: str, field: str
) -> None:
    old = f"export interface A {{\n  /** @{bound} 9 */\n  s: {field}\n}}"
    new = f"export interface A {{\n  /**\n   * {tag}\n   * @{bound} 3\n   */\n  s: {field}\n}}"
    diags = Diagnostics()
    result = diff(old, new, diags)
    assert "constraint-tightened" in [c.code for c in result.changes if c.subject == "A.s"]
    assert not any(c.wire for c in result.changes)
    assert diags.warnings
    for warning in diags.warnings:
        assert str(warning).startswith("new.ts:1:1: warning: A.s: the wire claim could not be")


def test_a_constraint_tag_that_is_no_number_is_left_out_of_the_proof() -> None:
    # ``@minimum abc`` is ignored (the front end warns where it is): what is left, the
    # maximum from 9 to 3, is a wire claim with a witness.
    old = "export interface A {\n  /** @maximum 9 */\n  s: number\n}"
    new = "export interface A {\n  /**\n   * @minimum abc\n   * @maximum 3\n   */\n  s: number\n}"
    diags = Diagnostics()
    result = diff(old, new, diags)
    (change,) = [c for c in result.changes if c.subject == "A.s"]
    assert change.code == "constraint-tightened" and change.wire
    assert not diags.warnings


BOUND = st.one_of(st.none(), st.integers(min_value=0, max_value=6))
KEYWORD = st.sampled_from(["minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength"])
FIELD_OF = {
    "minimum": "number",
    "maximum": "number",
    "minItems": "string[]",
    "maxItems": "string[]",
    "minLength": "string",
    "maxLength": "string",
}


def bounded(keyword: str, value: int | None) -> str:
    tag = f"  /** @{keyword} {value} */\n" if value is not None else ""
    return f"export interface A {{\n{tag}  f: {FIELD_OF[keyword]}\n}}"


@settings(max_examples=80, deadline=None)
@given(KEYWORD, BOUND, BOUND)
def test_a_constraint_breaks_the_wire_exactly_when_it_tightens(
    keyword: str, old: int | None, new: int | None
) -> None:
    result = diff(bounded(keyword, old), bounded(keyword, new))
    lower = keyword.startswith("min")
    if keyword in ("minItems", "minLength"):  # a count: absent is 0
        old, new = old or 0, new or 0
    tighter = new is not None and (old is None or (new > old if lower else new < old))
    assert any(c.wire for c in result.changes) == tighter, result.changes
    for change in result.changes:
        if change.witness is not None:
            old_side, new_side = documents(
                schema(bounded(keyword, old)), schema(bounded(keyword, new))
            )
            assert old_side.validator("A", None).is_valid(change.witness.value)
            assert not new_side.validator("A", None).is_valid(change.witness.value)
