"""The project's schema sources: they compile, overlay core as intended, and describe the specs.

Checks here are about ``schema/**`` itself: tree-sitter sees no syntax errors, the front end
resolves every file, overlays override exactly the declarations they mean to, every request
has a result, the validator tags are well-formed and attached where the specs need them,
and the spec examples (``tests/spec_examples.COVERED``) and the official 2026-07-28 examples
validate against the JSON Schema compiled from these sources.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import tree_sitter
import tree_sitter_typescript

from codegen import ir
from codegen.build.pipeline import load_schema, schema_files
from codegen.errors import Diagnostics
from codegen.ir.queries import deref, flat_properties
from tests.conftest import ROOT, require_corpus, require_specs
from tests.spec_examples import COVERED, all_examples, resolve_pointer

SCHEMA = ROOT / "schema"
CORE = SCHEMA / "core"
EXT = SCHEMA / "ext"

# Every override the overlays make: declaration -> (core file it replaces, overlay file).
INTENDED_OVERRIDES: dict[str, tuple[str, str]] = {
    "UnsupportedProtocolVersionError": ("core/jsonrpc.ts", "ext/protocol-versioning.ts"),
    "TextResourceContents": ("core/resources.ts", "ext/resource-metadata.ts"),
    "BlobResourceContents": ("core/resources.ts", "ext/resource-metadata.ts"),
    "EmbeddedResource": ("core/content.ts", "ext/resource-metadata.ts"),
    "ReadResourceResult": ("core/resources.ts", "ext/resource-metadata.ts"),
    "ClientRequest": ("core/messages.ts", "ext/resource-metadata.ts"),
    "ServerResult": ("core/messages.ts", "ext/resource-metadata.ts"),
    "CallToolResult": ("core/tools.ts", "ext/tool-result.ts"),
    "Tool": ("core/tools.ts", "ext/tool-result.ts"),
}

# Every method of the compiled schema and the result its request gets.
EXPECTED_METHODS: dict[str, str | None] = {
    "server/discover": "DiscoverResult",
    "initialize": "InitializeResult",
    "completion/complete": "CompleteResult",
    "prompts/get": "GetPromptResult",
    "prompts/list": "ListPromptsResult",
    "resources/list": "ListResourcesResult",
    "resources/read": "ReadResourceResult",
    "resources/metadata": "ReadResourceMetadataResult",
    "resources/subscribe": "EmptyResult",
    "resources/unsubscribe": "EmptyResult",
    "tools/call": "CallToolResult",
    "tools/list": "ListToolsResult",
    "notifications/cancelled": None,
    "notifications/initialized": None,
    "notifications/prompts/list_changed": None,
    "notifications/resources/list_changed": None,
    "notifications/resources/updated": None,
    "notifications/tools/list_changed": None,
}

# The formats the dialect knows (MCP's own plus `date`).
KNOWN_FORMATS = {"uri", "uri-template", "byte", "date", "date-time", "email"}


def rel(path: str) -> str:
    return Path(path).resolve().relative_to(SCHEMA).as_posix()


@cache
def compiled() -> tuple[ir.Schema, tuple[str, ...]]:
    diagnostics = Diagnostics()
    schema = load_schema(schema_files(SCHEMA), diagnostics)
    return schema, tuple(str(w) for w in diagnostics.warnings)


@cache
def json_schema_document() -> dict[str, Any]:
    from codegen.emit.jsonschema import schema_document

    return schema_document(compiled()[0])


def validator_for(type_name: str) -> jsonschema.Draft202012Validator:
    document = json_schema_document()
    return jsonschema.Draft202012Validator(
        {"$defs": document["$defs"], "$ref": f"#/$defs/{type_name}"}
    )


def properties_with_docs(
    schema: ir.Schema,
) -> Iterator[tuple[str, ir.Property, dict[str, ir.Property]]]:
    """Every property written in the schema (nested object literals included), with its
    owner's dotted name and the properties it sits beside (inherited ones included)."""

    def walk(
        owner: str, t: ir.TypeExpr
    ) -> Iterator[tuple[str, ir.Property, dict[str, ir.Property]]]:
        match t:
            case ir.Object():
                siblings = {p.name: p for p in t.properties}
                for prop in t.properties:
                    yield owner, prop, siblings
                    yield from walk(f"{owner}.{prop.name}", prop.type)
            case ir.Array():
                yield from walk(owner, t.items)
            case ir.Union() | ir.Intersection():
                for member in t.members:
                    yield from walk(owner, member)
            case _:
                return

    for decl in schema.decls.values():
        if isinstance(decl, ir.Interface):
            inherited = {p.name: p for p in flat_properties(schema, decl)}
            for owner, prop, siblings in walk(decl.name, decl.body):
                yield owner, prop, inherited if owner == decl.name else siblings
        elif isinstance(decl, ir.Alias):
            yield from walk(decl.name, decl.type)


def item_interface_props(schema: ir.Schema, t: ir.TypeExpr) -> list[tuple[ir.Property, ...]]:
    """The flattened properties of each possible item of an array type."""
    array = deref(schema, t)
    assert isinstance(array, ir.Array), f"expected an array, got {array}"
    items = deref(schema, array.items)
    members = items.members if isinstance(items, ir.Union) else (items,)
    return [flat_properties(schema, member) for member in members]


# --------------------------------------------------------------------------- syntax


def ts_files() -> list[Path]:
    return sorted(SCHEMA.rglob("*.ts"))


@pytest.mark.parametrize("path", ts_files(), ids=lambda p: rel(str(p)))
def test_tree_sitter_sees_no_syntax_errors(path: Path) -> None:
    parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_typescript.language_typescript()))
    tree = parser.parse(path.read_bytes())
    assert not tree.root_node.has_error


def test_schema_layout() -> None:
    assert [p.name for p in sorted(EXT.glob("*.ts"))] == [
        "content-negotiation.ts",
        "protocol-versioning.ts",
        "resource-metadata.ts",
        "server-variants.ts",
        "tool-result.ts",
    ]
    assert (SCHEMA / "README.md").is_file()


# --------------------------------------------------------------------------- resolution


def test_whole_schema_resolves_without_warnings() -> None:
    schema, warnings = compiled()
    assert warnings == ()
    assert len(schema.decls) > 100


def test_overrides_are_exactly_the_intended_ones() -> None:
    schema, _ = compiled()
    found = {o.name: (rel(o.replaced.file), rel(o.by.file)) for o in schema.overrides}
    assert found == INTENDED_OVERRIDES


def test_core_alone_resolves_with_no_overrides() -> None:
    diagnostics = Diagnostics()
    schema = load_schema(schema_files(CORE), diagnostics)
    assert schema.overrides == ()
    assert diagnostics.warnings == []
    # Core keeps MCP's own shapes where the overlays change them.
    embedded_resource = schema.interface("EmbeddedResource")
    assert embedded_resource is not None
    embedded = flat_properties(schema, embedded_resource)
    assert "annotations" in {p.name for p in embedded}
    assert "ReadResourceMetadataRequest" not in schema.decls


@pytest.mark.parametrize("overlay", sorted(EXT.glob("*.ts")), ids=lambda p: p.name)
def test_each_overlay_applies_to_core_on_its_own(overlay: Path) -> None:
    schema = load_schema([*schema_files(CORE), overlay])
    expected = {n for n, (_, by) in INTENDED_OVERRIDES.items() if by == f"ext/{overlay.name}"}
    assert {o.name for o in schema.overrides} == expected


def test_every_request_has_a_result_and_methods_are_as_expected() -> None:
    schema, _ = compiled()
    found: dict[str, str | None] = {}
    for decl in schema.decls.values():
        if not isinstance(decl, ir.Interface):
            continue
        method = {p.name: p for p in flat_properties(schema, decl)}.get("method")
        if method is None or not isinstance(method.type, ir.Literal):
            continue
        assert isinstance(method.type.value, str)
        if decl.name.endswith("Notification"):
            found[method.type.value] = None
            continue
        assert decl.name.endswith("Request"), decl.name
        result = decl.doc.get("result") or decl.name.removesuffix("Request") + "Result"
        assert result in schema.decls, f"{decl.name}: no result type {result}"
        found[method.type.value] = result
    assert found == EXPECTED_METHODS


def test_direction_unions_list_every_message() -> None:
    schema, _ = compiled()

    def members(name: str) -> set[str]:
        decl = schema.decls[name]
        assert isinstance(decl, ir.Alias)
        t = decl.type
        refs = t.members if isinstance(t, ir.Union) else (t,)
        return {r.name for r in refs if isinstance(r, ir.Ref)}

    requests = {n for n in schema.decls if n.endswith("Request") and n != "JSONRPCRequest"}
    requests -= {"PaginatedRequest", "Request", "ClientRequest"}
    assert members("ClientRequest") == requests
    notifications = members("ClientNotification") | members("ServerNotification")
    declared = {
        n
        for n in schema.decls
        if n.endswith("Notification")
        and n
        not in {"Notification", "JSONRPCNotification", "ClientNotification", "ServerNotification"}
    }
    assert notifications == declared
    assert "ReadResourceMetadataResult" in members("ServerResult")


def test_error_code_constants() -> None:
    schema, _ = compiled()

    def value(name: str) -> ir.LiteralValue:
        decl = schema.decls[name]
        assert isinstance(decl, ir.Const)
        return decl.value

    assert value("UNSUPPORTED_PROTOCOL_VERSION") == -32022
    assert value("UNSUPPORTED_PROTOCOL_VERSION_DRAFT") == -32004
    assert value("INVALID_PARAMS") == -32602
    assert value("METHOD_NOT_FOUND") == -32601
    assert value("SERVER_VARIANT_META_KEY") == "io.modelcontextprotocol/server-variant"
    assert value("SERVER_VARIANT_HEADER") == "MCP-Server-Variant"
    assert value("SERVER_VARIANTS_EXTENSION_ID") == "io.modelcontextprotocol/server-variants"
    assert (
        value("CONTENT_NEGOTIATION_EXTENSION_ID") == "io.modelcontextprotocol/content-negotiation"
    )


def test_unsupported_version_code_matches_the_official_schema() -> None:
    official = require_corpus("2026-07-28") / "schema.ts"
    assert "export const UNSUPPORTED_PROTOCOL_VERSION = -32022;" in official.read_text("utf-8")


# --------------------------------------------------------------------------- validator tags


def test_validator_tags_are_well_formed_and_where_the_specs_need_them() -> None:
    schema, _ = compiled()
    placed: set[tuple[str, str, str]] = set()
    for owner, prop, siblings in properties_with_docs(schema):
        for tag in prop.doc.tags:
            where = f"{owner}.{prop.name} @{tag.name} {tag.text}"
            words = tag.text.split()
            if tag.name in ("unique", "same"):
                assert len(words) in (1, 2) and words[1:] in ([], ["warn"]), where
                for item_props in item_interface_props(schema, prop.type):
                    assert words[0] in {p.name for p in item_props}, where
            elif tag.name == "onlyWhen":
                field, _, wanted = tag.text.partition("=")
                assert prop.optional and field and wanted, where
                sibling = deref(schema, siblings[field].type)
                assert isinstance(sibling, ir.Union), where
                assert wanted in {m.value for m in sibling.members if isinstance(m, ir.Literal)}, (
                    where
                )
            elif tag.name == "format":
                assert tag.text in KNOWN_FORMATS, where
            elif tag.name == "featureTags":
                assert tag.text == "" and isinstance(prop.type, ir.Array), where
                assert isinstance(prop.type.items, ir.Primitive), where
                assert prop.type.items.name == "string", where
            elif tag.name == "conformsTo":
                assert tag.text == "outputSchema", where
            else:
                continue
            placed.add((f"{owner}.{prop.name}", tag.name, tag.text))
    assert placed >= {
        ("ServerVariantsServerSettings.availableVariants", "unique", "id"),
        ("ServerVariant.deprecationInfo", "onlyWhen", "status=deprecated"),
        ("VariantDeprecationInfo.removalDate", "format", "date"),
        ("ContentNegotiationSettings.features", "featureTags", ""),
        ("CallToolResult.structuredContent", "conformsTo", "outputSchema"),
        ("ReadResourceResult.contents", "same", "uri"),
        ("ReadResourceResult.contents", "unique", "mimeType warn"),
        ("ReadResourceMetadataResult.metadata", "same", "uri"),
        ("ReadResourceMetadataResult.metadata", "unique", "mimeType warn"),
    }


def test_result_tags_name_declared_results() -> None:
    schema, _ = compiled()
    tagged = {d.name: d.doc.get("result") for d in schema.decls.values() if d.doc.has("result")}
    assert tagged == {"SubscribeRequest": "EmptyResult", "UnsubscribeRequest": "EmptyResult"}


# --------------------------------------------------------------------------- examples


def covered_cases() -> list[tuple[str, int, str, str, bool]]:
    return [
        (spec, line, c.type_name, c.pointer, c.valid)
        for (spec, line), coverages in COVERED.items()
        for c in coverages
    ]


def test_covered_types_exist() -> None:
    schema, _ = compiled()
    assert {c.type_name for cs in COVERED.values() for c in cs} <= set(schema.decls)


@pytest.mark.parametrize(
    ("spec", "line", "type_name", "pointer", "valid"),
    covered_cases(),
    ids=[f"{s.split('.')[0]}:{ln}:{t}" for s, ln, t, _, _ in covered_cases()],
)
def test_spec_example_validates_against_the_compiled_json_schema(
    spec: str, line: int, type_name: str, pointer: str, valid: bool
) -> None:
    examples = {ex.key: ex for ex in all_examples(require_specs())}
    instance = resolve_pointer(examples[(spec, line)].parse(), pointer)
    errors = [e.message for e in validator_for(type_name).iter_errors(instance)]
    assert (errors == []) == valid, errors


def test_official_examples_of_shared_types_validate() -> None:
    examples = require_corpus("2026-07-28") / "examples"
    defs = json_schema_document()["$defs"]
    checked, failures = 0, []
    for path in sorted(examples.glob("*/*.json")):
        if path.parent.name not in defs:
            continue
        checked += 1
        errors = list(validator_for(path.parent.name).iter_errors(json.loads(path.read_text())))
        if errors:
            failures.append(f"{path.parent.name}/{path.name}: {errors[0].message}")
    assert failures == []
    assert checked >= 60  # 66 when written: every shared type's examples


@pytest.mark.parametrize(
    ("type_name", "instance"),
    [
        # A deprecated variant without its guidance is fine; an id is required.
        ("ServerVariant", {"description": "no id"}),
        ("ServerVariant", {"id": "x", "description": "d", "status": "retired"}),
        ("VariantHints", {"hints": {"useCase": 3}}),
        ("ContentNegotiationSettings", {"features": ["agent"]}),
        (
            "UnsupportedProtocolVersionError",
            {
                "jsonrpc": "2.0",
                "id": 1,
                "error": {
                    "code": -32602,
                    "message": "m",
                    "data": {"supported": [], "requested": "x"},
                },
            },
        ),
        (
            "InvalidServerVariantError",
            {"code": -32602, "message": "Invalid params", "data": {"requestedVariant": "x"}},
        ),
        (
            "CursorVariantMismatchError",
            {
                "code": -32602,
                "message": "Cursor invalid for requested variant",
                "data": {"cursorVariant": "a"},
            },
        ),
        (
            "ReadResourceMetadataRequest",
            {"jsonrpc": "2.0", "id": 1, "method": "resources/metadata", "params": {}},
        ),
        ("ReadResourceMetadataResult", {"metadata": [{"uri": "file:///a"}]}),
    ],
)
def test_schema_rejects_what_the_specs_rule_out(type_name: str, instance: Any) -> None:
    assert list(validator_for(type_name).iter_errors(instance)) != []


@pytest.mark.parametrize(
    ("type_name", "instance"),
    [
        (
            "UnsupportedProtocolVersionError",
            {
                "jsonrpc": "2.0",
                "id": 1,
                "error": {
                    "code": -32022,
                    "message": "Unsupported protocol version",
                    "data": {"supported": ["2026-07-28"], "requested": "1900-01-01"},
                },
            },
        ),
        (
            "ServerVariantsNotSupportedError",
            {"code": -32602, "message": "Server variants not supported"},
        ),
        ("TextResourceContents", {"uri": "file:///a", "text": "no metadata is fine"}),
        (
            "ReadResourceMetadataRequest",
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "resources/metadata",
                "params": {"uri": "file:///a"},
            },
        ),
        (
            "ReadResourceMetadataResult",
            {"metadata": [{"uri": "file:///a", "name": "a", "mimeType": "text/plain"}]},
        ),
        ("ContentNegotiationServerSettings", {}),
        ("ServerVariantsServerSettings", {}),
        ("ListToolsRequest", {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
    ],
)
def test_schema_accepts_what_the_specs_allow(type_name: str, instance: Any) -> None:
    assert [e.message for e in validator_for(type_name).iter_errors(instance)] == []
