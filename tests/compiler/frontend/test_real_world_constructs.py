"""What real typings use that the compiler once refused or miscompiled (issue #21).

Each case compiles a snippet, imports the package, and validates good and bad values with
the generated models and with the emitted JSON Schema (``jsonschema``), which must agree.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import TypeAdapter, ValidationError

from codegen.build.pipeline import Options, build, load_schema
from codegen.emit.jsonschema import render_description, schema_document
from codegen.errors import Diagnostics
from codegen.frontend.jsdoc import parse_jsdoc
from tests.compiler.emit.test_pydantic_emit import compile_ts
from tests.jsonschema_check import checked_validator

SET_OPTION_AND_RESPONSE = """
export type SetOption = ({ type: "boolean"; value: boolean } | { value: string }) & { sessionId: string };
export type Response = ({ action: "accept"; content: string } | { action: "decline" } | { action: "cancel" }) & { note?: string };
"""

# name -> (snippet, type, values it accepts, values it rejects)
CASES: dict[str, tuple[str, str, list[Any], list[Any]]] = {
    "two_enums_of_one_name_in_two_namespaces_keep_their_members_apart": (
        'export namespace P { export enum E { V = "p" } export interface A { e: E.V } }\n'
        'export namespace Q { export enum E { V = "q" } export interface B { e: E.V } }',
        "A",
        [{"e": "p"}],
        [{"e": "q"}],
    ),
    "the_other_namespaces_enum_member_is_its_own": (
        'export namespace P { export enum E { V = "p" } export interface A { e: E.V } }\n'
        'export namespace Q { export enum E { V = "q" } export interface B { e: E.V } }',
        "B",
        [{"e": "q"}],
        [{"e": "p"}],
    ),
    "intersection_over_a_union_keeps_every_branch": (
        SET_OPTION_AND_RESPONSE,
        "Response",
        [
            {"action": "decline"},
            {"action": "accept", "content": "c", "note": "n"},
            {"action": "cancel"},
        ],
        [{"action": "accept"}, {"action": "other"}, {"note": "n"}],
    ),
    "two_distributed_aliases_are_two_types": (
        SET_OPTION_AND_RESPONSE,
        "SetOption",
        [
            {"type": "boolean", "value": True, "sessionId": "s"},
            {"value": "x", "sessionId": "s"},
        ],
        [{"action": "decline"}, {"value": "x"}, {"value": 1, "sessionId": "s"}],
    ),
    "generic_instances_of_two_object_literals_stay_apart": (
        "export interface Page<T> { items: T[] }\n"
        "export interface Uses { b: Page<{ x: string }>; c: Page<{ y: number }> }",
        "Uses",
        [{"b": {"items": [{"x": "1"}]}, "c": {"items": [{"y": 1}]}}],
        [{"b": {"items": [{"y": 1}]}, "c": {"items": [{"y": 1}]}}],
    ),
    "utility_instances_of_two_object_literals_stay_apart": (
        "export interface Uses { d: Required<{ p?: string }>; e: Required<{ q?: number }> }",
        "Uses",
        [{"d": {"p": "x"}, "e": {"q": 1}}],
        [{"d": {"q": 1}, "e": {"q": 1}}, {"d": {"p": "x"}, "e": {}}],
    ),
    "intersection_with_an_alias_of_a_union": (
        'interface C { c: number }\ntype AB = { k: "a" } | { k: "b"; b: string };\n'
        "export type A = AB & C;\nexport type D = A & { x: string };",
        "D",
        [{"k": "a", "c": 1, "x": "x"}, {"k": "b", "b": "b", "c": 1, "x": "x"}],
        [{"k": "a", "c": 1}, {"k": "b", "c": 1, "x": "x"}],
    ),
    "intersection_with_an_alias_that_is_an_intersection": (
        "interface B { b: string }\ninterface C { c: number }\n"
        "export type A = B & C;\nexport type D = A & { x: string };",
        "D",
        [{"b": "b", "c": 1, "x": "x"}],
        [{"b": "b", "c": 1}, {"b": "b", "x": "x"}],
    ),
    "a_property_holding_a_union_of_anonymous_objects": (
        "export interface X { p: { a: string } | { b: number } }",
        "X",
        [{"p": {"a": "x"}}, {"p": {"b": 1}}],
        [{"p": {"a": 1}}, {"p": "x"}],
    ),
    "an_array_of_a_union_of_anonymous_objects": (
        'export interface X { q: ({ k: "x" } | { k: "y"; v: number })[] }',
        "X",
        [{"q": [{"k": "x"}, {"k": "y", "v": 1}]}],
        [{"q": [{"k": "y"}]}, {"q": [{"k": "z"}]}],
    ),
    "an_alias_of_a_union_of_anonymous_objects": (
        'export type Shape = { kind: "circle"; r: number } | { kind: "square"; size: number };',
        "Shape",
        [{"kind": "circle", "r": 1}, {"kind": "square", "size": 2}],
        [{"kind": "circle", "size": 1}, {"kind": "triangle"}],
    ),
    "indexed_access_on_a_union": (
        'export interface Sq { kind: "square"; size: number }\n'
        'export interface Ci { kind: "circle"; r: number }\n'
        'export type Shape = Sq | Ci;\nexport type Kind = Shape["kind"];',
        "Kind",
        ["square", "circle"],
        ["triangle", 1],
    ),
    "typeof_an_as_const_array_indexed_by_number": (
        'export const KINDS = ["a", "b"] as const;\nexport type Kind = (typeof KINDS)[number];',
        "Kind",
        ["a", "b"],
        ["c", 0],
    ),
    "a_declared_readonly_tuple_const_in_typings": (
        'export declare const KINDS: readonly ["a", "b"];\n'
        "export type Kind = (typeof KINDS)[number];",
        "Kind",
        ["a", "b"],
        ["c"],
    ),
    "a_generic_with_defaults_used_bare": (
        "export interface Item { id: string }\nexport interface Meta { n: number }\n"
        "export interface Page<T = Item, M = Meta> { items: T[]; meta: M }\n"
        "export interface U { p: Page }",
        "U",
        [{"p": {"items": [{"id": "1"}], "meta": {"n": 1}}}],
        [{"p": {"items": [{"n": 1}], "meta": {"n": 1}}}],
    ),
    "a_generic_with_defaults_never_used_is_still_defined": (
        "export interface Item { id: string }\nexport interface Page<T = Item> { items: T[] }",
        "Page",
        [{"items": [{"id": "1"}]}],
        [{"items": [{}]}],
    ),
    "an_interface_that_extends_array": (
        "export type Value = string | number | ValueArray;\n"
        "export interface ValueArray extends Array<Value> {}\n"
        "export interface Holder { v: ValueArray }",
        "Holder",
        [{"v": ["a", 1, ["b"]]}, {"v": []}],
        [{"v": {"length": 0}}, {"v": [True]}],
    ),
    "keys_that_differ_by_their_sign": (
        'export interface Reactions { "+1": number; "-1": number; laugh: number }',
        "Reactions",
        [{"+1": 1, "-1": 2, "laugh": 0}],
        [{"+1": 1, "laugh": 0}],
    ),
    "export_default_of_a_declaration": (
        "interface A { a: string }\nexport default A;",
        "A",
        [{"a": "x"}],
        [{}],
    ),
    "export_as_namespace": (
        "export interface A { a: string }\nexport as namespace Lib;",
        "A",
        [{"a": "x"}],
        [{"a": 1}],
    ),
    # devtools-protocol, LSP: ``integer`` by name, also through another alias.
    "an_alias_of_integer_is_an_integer": (
        "export type integer = number;\nexport type NodeId = integer;\n"
        "export interface N { id: NodeId; ids: integer[] }",
        "N",
        [{"id": 3, "ids": [1, 2]}],
        [{"id": 1.5, "ids": []}, {"id": 1, "ids": [0.5]}, {"id": True, "ids": []}],
    ),
    # pydantic's Literal[1] takes ``true`` and Literal[True] takes ``1``; JSON Schema does not.
    "number_and_boolean_literals_stay_apart": (
        "export interface H { one: 1; zero: 0 | 2; yes: true; no: false }",
        "H",
        [
            {"one": 1, "zero": 0, "yes": True, "no": False},
            {"one": 1, "zero": 2, "yes": True, "no": False},
        ],
        [
            {"one": True, "zero": 0, "yes": True, "no": False},
            {"one": 1, "zero": False, "yes": True, "no": False},
            {"one": 1, "zero": 0, "yes": 1, "no": False},
            {"one": 1, "zero": 0, "yes": True, "no": 0},
        ],
    ),
    "a_union_told_apart_by_a_boolean_tag": (
        "export interface Ok { ok: true; value: string }\n"
        "export interface Failed { ok: false; error: string }\n"
        "export type Outcome = Ok | Failed;",
        "Outcome",
        [{"ok": True, "value": "v"}, {"ok": False, "error": "e"}],
        [{"ok": 1, "value": "v"}, {"ok": 0, "error": "e"}, {"ok": True, "error": "e"}],
    ),
    # API typings: ``Date`` is a date-time string on the wire (typescript-json-schema's reading).
    "a_date_is_a_string": (
        "export interface W { when: Date; at?: Date[] }",
        "W",
        [{"when": "2026-11-26T08:00:00Z", "at": []}],
        [{"when": 1}, {"when": "x", "at": [2]}],
    ),
    # express-rate-limit, and Partial-like typings: mapped types spelling the utilities.
    "mapped_types_as_the_utilities_they_spell": (
        "export interface V { enabled: boolean; disable: string; other: number }\n"
        "export type E = { [k in keyof Omit<V, 'enabled' | 'disable'> | 'default']?: boolean };\n"
        "export type F = { readonly [K in keyof V]-?: V[K] };\n"
        "export type H = { [K in keyof V]?: V[K] };\n"
        "export interface All { e: E; f: F; h: H; g: { [K in 'a' | 'b']: number } }",
        "All",
        [
            {
                "e": {"default": True},
                "f": {"enabled": True, "disable": "d", "other": 1},
                "h": {},
                "g": {"a": 1, "b": 2},
            }
        ],
        [
            {
                "e": {},
                "f": {"enabled": True, "disable": "d", "other": 1},
                "h": {"other": "x"},
                "g": {"a": 1, "b": 2},
            },
            {"e": {}, "f": {"enabled": True, "disable": "d", "other": 1}, "h": {}, "g": {"a": 1}},
        ],
    ),
    # TypeScript reduces ``"a" | ("b" | string)`` to ``string``: a mapping, no key dropped.
    "a_record_over_an_open_nested_key_union_is_a_mapping": (
        "export type Open = 'b' | string;\nexport interface R { r: Record<'a' | Open, number> }",
        "R",
        [{"r": {"a": 1, "zzz": 2}}, {"r": {}}],
        [{"r": {"zzz": "x"}}],
    ),
    # @types/geojson: ``GeoJSON<G = Geometry, P = ...>``, a union alias nothing else uses.
    "a_generic_union_alias_with_defaults_is_a_type_when_bare": (
        "export interface P { type: 'P' }\nexport interface L { type: 'L' }\n"
        "export interface F<G = P | L> { type: 'F'; g: G }\n"
        "export type Any<G extends P | L = P | L> = G | F<G>;",
        "Any",
        [{"type": "P"}, {"type": "F", "g": {"type": "L"}}],
        [{"type": "F", "g": {"type": "F"}}, {"type": "X"}],
    ),
}


def _json_schema(tmp_path: Path, ts: str) -> dict[str, Any]:
    path = tmp_path / "schema.ts"
    path.write_text(ts)
    return schema_document(load_schema([path]))


@pytest.mark.parametrize("name", sorted(CASES))
def test_compiles_imports_and_validates_like_its_json_schema(name: str, tmp_path: Path) -> None:
    model_and_schema_agree(tmp_path, *CASES[name])


def model_and_schema_agree(
    tmp_path: Path, snippet: str, target: str, good: list[Any], bad: list[Any]
) -> None:
    """``target`` of ``snippet``, compiled and imported, and its JSON Schema accept ``good``
    and refuse ``bad``."""
    module, _ = compile_ts(tmp_path, snippet)
    adapter: TypeAdapter[Any] = TypeAdapter(getattr(module, target))
    judge = checked_validator({**_json_schema(tmp_path, snippet), "$ref": f"#/$defs/{target}"})
    for value in good:
        adapter.validate_json(json.dumps(value))
        judge.validate(value)
    for value in bad:
        with pytest.raises(ValidationError):
            adapter.validate_json(json.dumps(value))
        with pytest.raises(jsonschema.ValidationError):
            judge.validate(value)


def test_distributed_members_are_named_after_their_alias_and_discriminator(tmp_path: Path) -> None:
    module, source = compile_ts(tmp_path, SET_OPTION_AND_RESPONSE)
    assert "ObjectAndObject" not in source
    for name in ("ResponseAccept", "ResponseDecline", "ResponseCancel"):
        assert hasattr(module, name)
    # no literal field tells SetOption's branches apart: they are numbered
    assert hasattr(module, "SetOption1") and hasattr(module, "SetOption2")


def test_a_synthesized_name_stands_for_one_structure_whatever_else_changes(
    tmp_path: Path,
) -> None:
    page = "export interface Page<T> { items: T[] }\n"
    one = "export interface U { a: Page<{ x: string }> }"
    two = "export interface V { b: Page<{ y: number }> }\n" + one
    (tmp_path / "1").mkdir()
    (tmp_path / "2").mkdir()
    first, _ = compile_ts(tmp_path / "1", page + one)
    second, _ = compile_ts(tmp_path / "2", page + two)
    a_one = first.U.model_fields["a"].annotation.__name__
    a_two = second.U.model_fields["a"].annotation.__name__
    assert a_one == a_two  # stable under an unrelated, earlier declaration
    assert second.V.model_fields["b"].annotation.__name__ != a_two


def test_a_default_export_of_an_expression_is_a_located_error(tmp_path: Path) -> None:
    from codegen.errors import SchemaError

    with pytest.raises(SchemaError, match=r"schema.ts:1:1: error: .*default export"):
        _json_schema(tmp_path, "export default 42;")


def test_a_field_under_pydantic_s_protected_prefixes_imports_without_a_warning(
    tmp_path: Path,
) -> None:
    import warnings

    snippet = "export interface X { model_validate_xyz: string; modelDump: number }"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module, _ = compile_ts(tmp_path, snippet)
    value = module.X.model_validate_json('{"model_validate_xyz": "a", "modelDump": 1}')
    assert (value.field_model_validate_xyz, value.field_model_dump) == ("a", 1)


def test_a_package_brings_only_what_is_imported_and_what_that_needs(tmp_path: Path) -> None:
    from codegen.build.pipeline import Options

    package = tmp_path / "pkg"
    package.mkdir()
    (package / "icon.d.ts").write_text("export interface Icon { src: string }")
    (package / "index.d.ts").write_text(
        'import { Icon } from "./icon";\n'
        "export interface Tool { name: string; icons?: Icon[] }\n"
        'export declare const VERSION = "2.0";\n'
        "export interface Page { unrelated: boolean }\n"
    )
    schema = tmp_path / "schema.ts"
    schema.write_text(
        'import type { Tool } from "@acme/tools";\n'
        'export const VERSION = "1.0";\n'
        "export interface Page { items: Tool[] }"
    )
    options = Options(import_map=(("@acme/tools", str(package)),))
    document = schema_document(load_schema([schema], options=options))
    assert sorted(document["$defs"]) == ["Icon", "Page", "Tool"]
    assert document["$defs"]["Page"]["properties"]["items"]["items"] == {"$ref": "#/$defs/Tool"}


NAMESPACES = """
export namespace Protocol {
    export namespace Debugger {
        export interface CallFrame { callFrameId: string }
        export type Kind = "a" | "b";
    }
    export namespace Runtime {
        export interface CallFrame { functionName: string }
        export enum Kind { X = "x" }
        export interface StackTrace {
            callFrames: CallFrame[];
            parent?: Debugger.CallFrame;
            k: Kind;
            d: Debugger.Kind;
            e: Kind.X;
        }
    }
}
export default Protocol;
"""


def test_two_namespaces_that_declare_one_name_compile_to_distinct_types(tmp_path: Path) -> None:
    module, _ = compile_ts(tmp_path, NAMESPACES)
    assert module.DebuggerCallFrame is not module.RuntimeCallFrame
    trace = {
        "callFrames": [{"functionName": "f"}],
        "parent": {"callFrameId": "1"},
        "k": "x",
        "d": "a",
        "e": "x",
    }
    module.StackTrace.model_validate_json(json.dumps(trace))
    for wrong in ({"callFrames": [{"callFrameId": "1"}]}, {"parent": {"functionName": "f"}}):
        with pytest.raises(ValidationError):
            module.StackTrace.model_validate_json(json.dumps({**trace, **wrong}))
    document = _json_schema(tmp_path, NAMESPACES)
    defs = document["$defs"]
    # typescript-json-schema's keys for the qualified ones
    assert {"Protocol.Debugger.CallFrame", "Protocol.Runtime.CallFrame"} <= set(defs)
    assert defs["StackTrace"]["properties"]["callFrames"]["items"] == {
        "$ref": "#/$defs/Protocol.Runtime.CallFrame"
    }
    jsonschema.validate(trace, {**document, "$ref": "#/$defs/StackTrace"})


def test_a_boolean_tag_routes_without_a_warning(tmp_path: Path) -> None:
    diagnostics = Diagnostics()
    _, source = compile_ts(tmp_path, CASES["a_union_told_apart_by_a_boolean_tag"][0], diagnostics)
    assert not diagnostics.warnings, diagnostics.warnings
    # the router that reads booleans too lives in the package's _wire.py
    assert "router_reading_booleans as _router" in source


def test_a_union_of_string_tags_keeps_the_string_only_router(tmp_path: Path) -> None:
    _, source = compile_ts(
        tmp_path,
        "export interface A { k: 'a'; x?: string }\nexport interface B { k: 'b' | 'c'; y?: string }\n"
        "export interface C { k: 'b' | 'd' }\nexport type U = A | B | C;",
    )
    assert "router_reading_booleans" not in source
    assert "router as _router" in source


@pytest.mark.parametrize(
    ("comment", "description", "tags"),
    [
        # devtools-protocol: a tag starts after whitespace, whatever follows its name.
        ("/** The rule (@media or @import) header. */", "The rule (@media or", ["import"]),
        ("/** Mail me@example.com today */", "Mail me@example.com today", []),
    ],
)
def test_a_tag_starts_at_an_at_sign_after_whitespace(
    comment: str, description: str, tags: list[str]
) -> None:
    doc = parse_jsdoc(comment)
    assert doc.description == description
    assert [t.name for t in doc.tags] == tags


def test_a_url_link_keeps_its_text_after_a_space() -> None:
    text = "See {@link https://x.test/a|Nov 2017} and {@link https://x.test/b| Dec 2023}."
    assert render_description(text) == (
        "See {@link https://x.test/a Nov 2017} and {@link https://x.test/b Dec 2023}."
    )


def test_a_namespace_description_joins_only_its_own_scope(tmp_path: Path) -> None:
    """devtools-protocol: ``namespace Protocol`` and ``SmartCardEmulation.Protocol``."""
    document = _json_schema(
        tmp_path,
        "/** The protocol. */\nexport namespace Protocol {\n"
        "  export namespace Card {\n    /** Card protocols. */\n"
        "    export type Protocol = 'raw' | 't0';\n  }\n}\n",
    )
    assert document["$defs"]["Protocol"]["description"] == "Card protocols."


def test_an_inlined_alias_of_an_alias_shows_its_description_on_the_property(
    tmp_path: Path,
) -> None:
    document = _json_schema(
        tmp_path,
        "export type integer = number;\n/** A node. */\nexport type NodeId = integer;\n"
        "export interface N { id: NodeId }",
    )
    assert document["$defs"]["N"]["properties"]["id"] == {
        "type": "integer",
        "description": "A node.",
    }


def test_schema_types_named_like_the_generated_helpers_are_the_package_s(
    tmp_path: Path,
) -> None:
    """``Client``, ``Direction``, ``Rule``...: a schema name stays the class name at the
    package root; the helper is imported from its own module, and a warning says so."""
    names = ["Client", "Transport", "Direction", "MethodSpec", "Rule", "Finding", "ParseFailure"]
    text = "".join(f"export interface {n} {{ {n.lower()}: string }}\n" for n in names)
    text += (
        "export interface EchoRequest { jsonrpc: '2.0'; id: number; method: 'echo';"
        " params: { client: Client; direction?: Direction } }\n"
        "export interface EchoResult { rule?: Rule }\n"
    )
    path = tmp_path / "shadow.ts"
    path.write_text(text, "utf-8")
    diagnostics = Diagnostics()
    files = build(
        load_schema([path], options=Options(protocol="generic")),
        command="pytest",
        diagnostics=diagnostics,
    )
    warned = {str(w) for w in diagnostics.warnings}
    assert any("exports the schema's 'Client'" in w for w in warned), warned
    package = tmp_path / "pkgs" / "shadowing"
    package.mkdir(parents=True)
    for rel, source in files.items():
        (package / rel).write_text(source, "utf-8")
    probe = (
        "import shadowing as p, shadowing.client as c, shadowing.methods as m\n"
        f"assert all(getattr(p, n).__module__ == 'shadowing.models' for n in {names!r})\n"
        "assert c.Client.__module__ == 'shadowing.client' and m.Direction is not p.Direction\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", probe],
        cwd=tmp_path / "pkgs",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout.strip() == "ok", done.stderr


def test_typings_behaviour_members_as_typescript_json_schema_reads_them(tmp_path: Path) -> None:
    """acorn, eventsource, express-rate-limit: methods are dropped (also in a nested type
    literal, also outside typings), a getter is a required property, a function-typed
    property an object, ``export { A_2 as A }`` keeps the declared name, and a ``declare
    const`` of an object type with methods is a value left out."""
    ts = (
        "export interface Opts {\n  strict?: boolean;\n  onSemi?: (end: number) => void;\n"
        "  name: string;\n  close(): void;\n  get size(): number;\n  set size(v: number);\n"
        "  body: { getReader(): string } | null;\n}\n"
        "interface Hidden { a: string }\nexport { Hidden as Shown };\n"
        "declare const validations: { enabled: boolean; disable(): void };\n"
    )
    defs = _json_schema(tmp_path, ts)["$defs"]
    assert sorted(defs) == ["Hidden", "Opts"]
    opts = defs["Opts"]
    assert sorted(opts["properties"]) == ["body", "name", "onSemi", "size", "strict"]
    assert opts["properties"]["onSemi"]["type"] == "object"
    assert _json_schema(tmp_path, "export interface D { d: Date }")["$defs"]["D"]["properties"][
        "d"
    ] == {"type": "string", "format": "date-time"}
    assert opts["properties"]["size"] == {"type": "number"}
    assert sorted(opts["required"]) == ["body", "name", "size"]
    module, _ = compile_ts(tmp_path, ts)
    module.Opts.model_validate_json('{"name": "n", "size": 2, "body": null, "onSemi": {}}')
    with pytest.raises(ValidationError):
        module.Opts.model_validate_json('{"name": "n", "body": null}')


def test_an_untagged_union_is_compiled_without_the_warning(tmp_path: Path) -> None:
    """``make generate`` stays quiet on MCP's ``ServerResult`` (issue #25)."""
    union = (
        "export interface A { a?: string }\nexport interface B { b?: number }\n"
        "/**\n * Results.\n *{tag}\n */\nexport type R = A | B;\n"
    )
    for tag, warned in ((" @untagged", False), ("", True)):
        diagnostics = Diagnostics()
        compile_ts(tmp_path, union.replace("{tag}", tag), diagnostics)
        assert any("no literal field" in str(w) for w in diagnostics.warnings) is warned
