"""Conformance of the JSON Schema emitter against the official schema.json (the oracle).

For each of the five MCP revisions, ``schema.ts`` is compiled by our front end and emitter;
both documents are normalised (tests/jsonschema_normalise.py: spelling only) and compared
definition by definition. Every difference must be listed in ``DEVIATIONS`` under one of
the intentional improvements described in docs/jsonschema-deviations.md, each listed
difference must really occur (a stale entry fails), and every listed difference must be
exactly the change its kind describes.

Then all 129 official examples of 2026-07-28 must validate against our ``$defs[Type]``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from codegen import ir
from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import REF_PREFIX, render_description, schema_document
from tests.conftest import REVISIONS, require_corpus
from tests.jsonschema_normalise import (
    MISSING,
    canonical,
    differences,
    normalise_document,
    resolve_pointer,
)

pytestmark = pytest.mark.corpus

# Kinds of intentional deviation, mirrored with reasons in docs/jsonschema-deviations.md.
NUMBER = "number"  # TS `number` stays "number"; the oracle says "integer"
NULL = "null"  # `null` in a union is kept; the oracle erases it
DEPRECATED = "deprecated"  # `@deprecated` becomes "deprecated": true
ALIAS_REF = "alias-ref"  # `type A = B` is {"$ref": B} with A's own description
# `interface X extends Record<string, V>` (or an alias of one) keeps the index signature,
# as TypeScript does: "additionalProperties" V where the oracle writes none (here V is
# `unknown`, so `{}`: both accept the same objects)
INHERITED_INDEX = "inherited-index"

# revision -> kind -> "Definition/json/pointer" (ALIAS_REF entries name a whole definition)
DEVIATIONS: dict[str, dict[str, tuple[str, ...]]] = {
    "2024-11-05": {
        NUMBER: (
            "CompleteResult/properties/completion/properties/total/type",
            "CreateMessageRequest/properties/params/properties/maxTokens/type",
            "JSONRPCError/properties/error/properties/code/type",
            "ProgressToken/type",
            "RequestId/type",
            "Resource/properties/size/type",
        ),
        ALIAS_REF: ("EmptyResult",),
    },
    "2025-03-26": {
        NUMBER: (
            "CompleteResult/properties/completion/properties/total/type",
            "CreateMessageRequest/properties/params/properties/maxTokens/type",
            "JSONRPCError/properties/error/properties/code/type",
            "ProgressToken/type",
            "RequestId/type",
            "Resource/properties/size/type",
        ),
        ALIAS_REF: ("EmptyResult",),
    },
    "2025-06-18": {
        NUMBER: (
            "CompleteResult/properties/completion/properties/total/type",
            "CreateMessageRequest/properties/params/properties/maxTokens/type",
            "ElicitResult/properties/content/additionalProperties/type",
            "JSONRPCError/properties/error/properties/code/type",
            "ProgressToken/type",
            "RequestId/type",
            "Resource/properties/size/type",
            "ResourceLink/properties/size/type",
            "StringSchema/properties/maxLength/type",
            "StringSchema/properties/minLength/type",
        ),
        ALIAS_REF: ("EmptyResult",),
    },
    "2025-11-25": {
        NUMBER: (
            "CompleteResult/properties/completion/properties/total/type",
            "CreateMessageRequestParams/properties/maxTokens/type",
            "ElicitResult/properties/content/additionalProperties/anyOf/1/type",
            "Error/properties/code/type",
            "ProgressToken/type",
            "RequestId/type",
            "Resource/properties/size/type",
            "ResourceLink/properties/size/type",
            "StringSchema/properties/maxLength/type",
            "StringSchema/properties/minLength/type",
            "Task/properties/pollInterval/type",
            "Task/properties/ttl/type",
            "TaskMetadata/properties/ttl/type",
            "TitledMultiSelectEnumSchema/properties/maxItems/type",
            "TitledMultiSelectEnumSchema/properties/minItems/type",
            "UntitledMultiSelectEnumSchema/properties/maxItems/type",
            "UntitledMultiSelectEnumSchema/properties/minItems/type",
        ),
        ALIAS_REF: ("EmptyResult",),
    },
    "2026-07-28": {
        INHERITED_INDEX: (
            "NotificationMetaObject/additionalProperties",
            "RequestMetaObject/additionalProperties",
            "ResultMetaObject/additionalProperties",
        ),
        NUMBER: (
            "CacheableResult/properties/ttlMs/type",
            "CompleteResult/properties/completion/properties/total/type",
            "CreateMessageRequestParams/properties/maxTokens/type",
            "DiscoverResult/properties/ttlMs/type",
            "ElicitResult/properties/content/additionalProperties/anyOf/1/type",
            "Error/properties/code/type",
            "JSONValue/anyOf/2/type",
            "ListPromptsResult/properties/ttlMs/type",
            "ListResourceTemplatesResult/properties/ttlMs/type",
            "ListResourcesResult/properties/ttlMs/type",
            "ListToolsResult/properties/ttlMs/type",
            "ProgressToken/type",
            "ReadResourceResult/properties/ttlMs/type",
            "RequestId/type",
            "Resource/properties/size/type",
            "ResourceLink/properties/size/type",
            "StringSchema/properties/maxLength/type",
            "StringSchema/properties/minLength/type",
            "TitledMultiSelectEnumSchema/properties/maxItems/type",
            "TitledMultiSelectEnumSchema/properties/minItems/type",
            "UntitledMultiSelectEnumSchema/properties/maxItems/type",
            "UntitledMultiSelectEnumSchema/properties/minItems/type",
        ),
        NULL: ("JSONValue/anyOf/2/type",),
        DEPRECATED: (
            "ClientCapabilities/properties/roots/deprecated",
            "ClientCapabilities/properties/sampling/deprecated",
            "CreateMessageRequest/deprecated",
            "CreateMessageRequestParams/deprecated",
            "CreateMessageRequestParams/properties/includeContext/deprecated",
            "CreateMessageResult/deprecated",
            "ListRootsRequest/deprecated",
            "ListRootsResult/deprecated",
            "LoggingLevel/deprecated",
            "LoggingMessageNotification/deprecated",
            "LoggingMessageNotificationParams/deprecated",
            "ModelHint/deprecated",
            "ModelPreferences/deprecated",
            "RequestMetaObject/properties/io.modelcontextprotocol~1logLevel/deprecated",
            "Root/deprecated",
            "SamplingMessage/deprecated",
            "SamplingMessageContentBlock/deprecated",
            "ServerCapabilities/properties/logging/deprecated",
            "ToolChoice/deprecated",
            "ToolResultContent/deprecated",
            "ToolUseContent/deprecated",
        ),
        ALIAS_REF: (
            "ClientNotification",
            "ClientResult",
            "EmptyResult",
        ),
    },
}


@cache
def compiled(revision: str) -> tuple[ir.Schema, dict[str, Any]]:
    schema = load_schema([require_corpus(revision) / "schema.ts"])
    return schema, schema_document(schema)


@cache
def compared(revision: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(oracle, ours), both normalised, keyed by definition name."""
    _, document = compiled(revision)
    oracle = json.loads((require_corpus(revision) / "schema.json").read_text("utf-8"))
    return normalise_document(oracle), normalise_document(document)


def listed(revision: str) -> dict[tuple[str, str], set[str]]:
    """(definition, pointer) -> the deviation kinds listed for it."""
    entries: dict[tuple[str, str], set[str]] = {}
    for kind, paths in DEVIATIONS[revision].items():
        for path in paths:
            name, _, rest = path.partition("/")
            entries.setdefault((name, f"/{rest}" if rest else ""), set()).add(kind)
    return entries


def expected_value(oracle_value: Any, kinds: set[str]) -> Any:
    """The oracle's value at a pointer changed exactly as the listed kinds say."""
    if kinds == {DEPRECATED}:
        assert oracle_value is MISSING, "the oracle never writes `deprecated`"
        return True
    if kinds == {INHERITED_INDEX}:
        assert oracle_value is MISSING, "the oracle drops an inherited index signature"
        return {}  # ``Record<string, unknown>``'s value: any JSON value
    assert kinds <= {NUMBER, NULL}, kinds
    types = oracle_value if isinstance(oracle_value, list) else [oracle_value]
    if NUMBER in kinds:
        assert "integer" in types
        types = ["number" if t == "integer" else t for t in types]
    if NULL in kinds:
        assert "null" not in types
        types = [*types, "null"]
    return sorted(set(types), key=canonical) if len(types) > 1 else types[0]


def alias_target(schema: ir.Schema, name: str) -> str:
    decl = schema.decls[name]
    while isinstance(decl, ir.Alias) and isinstance(decl.type, ir.Ref):
        name = decl.type.name
        decl = schema.decls[name]
    return name


def check_alias_ref(revision: str, name: str) -> None:
    """Ours: a plain $ref with the alias's own doc. Oracle: the same $ref (with the target's
    description) or the target's definition copied in; both validate the same."""
    schema, _ = compiled(revision)
    oracle, ours = compared(revision)
    target = alias_target(schema, name)
    decl = schema.decls[name]
    assert isinstance(decl, ir.Alias)
    expected: dict[str, Any] = {"$ref": REF_PREFIX + target}
    if description := render_description(decl.doc.description):
        expected["description"] = description
    assert ours[name] == expected
    assert oracle[name].get("$ref") == REF_PREFIX + target or oracle[name] == oracle[target]


@pytest.mark.parametrize("revision", REVISIONS)
def test_same_definitions(revision: str) -> None:
    oracle, ours = compared(revision)
    assert sorted(set(oracle) - set(ours)) == [], "definitions we do not emit"
    assert sorted(set(ours) - set(oracle)) == [], "definitions the oracle does not have"


@pytest.mark.parametrize("revision", REVISIONS)
def test_every_difference_is_a_listed_deviation(revision: str) -> None:
    oracle, ours = compared(revision)
    entries = listed(revision)
    unlisted: list[str] = []
    for name in sorted(set(oracle) & set(ours)):
        if (name, "") in entries:
            check_alias_ref(revision, name)
            continue
        for pointer in differences(oracle[name], ours[name]):
            kinds = entries.get((name, pointer))
            if kinds is None:
                unlisted.append(
                    f"{name}{pointer}: oracle {resolve_pointer(oracle[name], pointer)!r}"
                    f" ours {resolve_pointer(ours[name], pointer)!r}"
                )
                continue
            got = resolve_pointer(ours[name], pointer)
            assert got == expected_value(resolve_pointer(oracle[name], pointer), kinds), (
                f"{name}{pointer} differs from the oracle, but not as {sorted(kinds)} says"
            )
    assert unlisted == []


@pytest.mark.parametrize("revision", REVISIONS)
def test_no_stale_deviation(revision: str) -> None:
    oracle, ours = compared(revision)
    stale = [
        f"{name}{pointer}"
        for name, pointer in listed(revision)
        if name not in oracle
        or name not in ours
        or (pointer == "" and oracle[name] == ours[name])
        or (pointer != "" and pointer not in differences(oracle[name], ours[name]))
    ]
    assert stale == []


@pytest.mark.parametrize("revision", REVISIONS)
def test_emitted_document_is_a_valid_2020_12_schema(revision: str) -> None:
    _, document = compiled(revision)
    jsonschema.Draft202012Validator.check_schema(document)


def official_examples() -> list[tuple[str, Path]]:
    folder = require_corpus("2026-07-28") / "examples"
    return [(path.parent.name, path) for path in sorted(folder.glob("*/*.json"))]


def validator_for(type_name: str) -> jsonschema.Draft202012Validator:
    _, document = compiled("2026-07-28")
    assert type_name in document["$defs"], f"no definition for {type_name}"
    root = {**document, "$ref": REF_PREFIX + type_name}
    return jsonschema.Draft202012Validator(root)


def test_all_official_examples_validate() -> None:
    examples = official_examples()
    assert len(examples) == 129
    failures = []
    for type_name, path in examples:
        instance = json.loads(path.read_text("utf-8"))
        errors = [e.message for e in validator_for(type_name).iter_errors(instance)]
        if errors:
            failures.append(f"{type_name}/{path.name}: {errors[:2]}")
    assert failures == []


def test_examples_validation_can_fail() -> None:
    """The validators above really validate: broken copies of examples are rejected."""
    request = validator_for("JSONRPCRequest")
    assert not request.is_valid({"jsonrpc": "2.0", "method": "tools/list"})  # no id
    assert not request.is_valid({"jsonrpc": "1.0", "id": 1, "method": "x"})
    assert not validator_for("TextContent").is_valid({"type": "text", "text": 3})


def test_json_value_keeps_null_and_fractions() -> None:
    """The NULL and NUMBER deviations as a user sees them: the oracle rejects both values."""
    value = {"a": [None, 1.5, "x", True]}
    assert validator_for("JSONValue").is_valid(value)
    oracle = json.loads((require_corpus("2026-07-28") / "schema.json").read_text("utf-8"))
    official = jsonschema.Draft202012Validator({**oracle, "$ref": REF_PREFIX + "JSONValue"})
    assert not official.is_valid(value)
