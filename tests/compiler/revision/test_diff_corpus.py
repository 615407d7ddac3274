"""``codegen diff`` over the four steps between the five official MCP revisions.

Every finding asserted here was checked by hand against the two ``schema.ts`` files; the
comments cite ``<revision>:<line>``. Skipped when the official corpus is absent.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise

import pytest
from click.testing import CliRunner

from codegen.build.pipeline import load_schema
from codegen.cli.diff import diff_command
from codegen.revision import Change, SchemaDiff, diff_schemas
from tests.conftest import REVISIONS, require_corpus


@cache
def step(old: str, new: str) -> SchemaDiff:
    corpus = require_corpus()
    return diff_schemas(
        load_schema([corpus / old / "schema.ts"]), load_schema([corpus / new / "schema.ts"])
    )


def change(result: SchemaDiff, subject: str, code: str) -> Change:
    matches = [c for c in result.changes if c.subject == subject and c.code == code]
    assert len(matches) == 1, [c for c in result.changes if c.subject == subject]
    return matches[0]


def test_2024_11_05_to_2025_03_26() -> None:
    result = step("2024-11-05", "2025-03-26")
    # 2025-03-26:990 `export interface AudioContent`
    assert change(result, "AudioContent", "added").severity == "additive"
    # 2025-03-26:809 `annotations?: ToolAnnotations;` on Tool
    assert change(result, "Tool.annotations", "field-added").severity == "additive"
    # 2025-03-26:240 `completions?: object;` on ServerCapabilities
    assert change(result, "ServerCapabilities.completions", "field-added").new is not None
    # 2024-11-05:818 `export interface Annotated` has no successor of the same shape
    assert change(result, "Annotated", "removed").breaks == ("python",)
    # 2025-03-26:17 batching: JSONRPCMessage gains the batch members
    widened = change(result, "JSONRPCMessage", "type-widened")
    assert "JSONRPCBatchRequest" in widened.message
    # 2024-11-05:5 / 2025-03-26:24: a constant; no JSON value of the old schema is rejected
    assert change(result, "LATEST_PROTOCOL_VERSION", "const-changed").severity == "changed"


def test_2025_03_26_to_2025_06_18() -> None:
    result = step("2025-03-26", "2025-06-18")
    # 2025-03-26:1138 ResourceReference == 2025-06-18:1369 ResourceTemplateReference
    renamed = change(result, "ResourceReference", "renamed")
    assert renamed.breaks == ("python",)
    assert renamed.old is not None and renamed.old.line == 1138
    assert renamed.new is not None and renamed.new.line == 1369
    # 2025-06-18:1459 `method: "elicitation/create"`
    assert change(result, "method elicitation/create", "method-added").severity == "additive"
    # 2025-06-18:828 `structuredContent?: { [key: string]: unknown };` on CallToolResult
    assert change(result, "CallToolResult.structuredContent", "field-added").severity == (
        "additive"
    )
    # batching removed again: JSONRPCBatchRequest (2025-03-26:17) gone, the union narrowed
    assert change(result, "JSONRPCBatchRequest", "removed").breaks == ("python",)
    assert change(result, "JSONRPCMessage", "type-narrowed").wire


def test_2025_06_18_to_2025_11_25() -> None:
    result = step("2025-06-18", "2025-11-25")
    # 2025-06-18:167 `requestId: RequestId;` -> 2025-11-25:223 `requestId?: RequestId;`
    optional = change(result, "CancelledNotification.params.requestId", "field-optional")
    assert optional.severity == "changed"
    # 2025-11-25:1401 `method: "tasks/get"`
    assert change(result, "method tasks/get", "method-added").severity == "additive"
    # 2025-11-25:181 `export const URL_ELICITATION_REQUIRED = -32042;`: a code to handle
    assert change(result, "URL_ELICITATION_REQUIRED", "error-code-added").severity == "changed"
    # 2025-06-18:120 `export interface JSONRPCError` (split into JSONRPCErrorResponse)
    assert change(result, "JSONRPCError", "removed").breaks == ("python",)
    # EnumSchema went from one interface to a union of three
    assert change(result, "EnumSchema", "kind-changed").python


def test_2025_11_25_to_2026_07_28() -> None:
    result = step("2025-11-25", "2026-07-28")
    # 2025-11-25:270 `method: "initialize"`: no initialize handshake any more
    initialize = change(result, "method initialize", "method-removed")
    assert initialize.breaks == ("wire",)
    assert initialize.witness is not None and initialize.witness.old == "ClientRequest"
    # 2025-11-25:181 -32042 is retired (2026-07-28:424 says so); an error response with it
    # still validates (`code: number`), so only the Python constant is gone.
    gone = change(result, "URL_ELICITATION_REQUIRED", "error-code-removed")
    assert gone.breaks == ("python",)
    # 2025-11-25:223 `requestId?` -> 2026-07-28:626 `requestId: RequestId;`
    assert change(result, "CancelledNotificationParams.requestId", "field-required").wire
    # 2026-07-28:234 `resultType: ResultType;` on Result
    assert change(result, "Result.resultType", "required-field-added").breaking
    # 2025-11-25:1270 `execution?: ToolExecution;` on Tool: Tool is open, the wire still
    # admits the field; the Python attribute is gone.
    assert change(result, "Tool.execution", "field-removed").breaks == ("python",)
    # 2026-07-28:785 `extensions?: ...` on ClientCapabilities
    assert change(result, "ClientCapabilities.extensions", "field-added").severity == "additive"


@pytest.mark.parametrize("old,new", list(pairwise(REVISIONS)))
def test_every_step_reports_through_the_command(old: str, new: str) -> None:
    corpus = require_corpus()
    args = [str(corpus / old / "schema.ts"), str(corpus / new / "schema.ts")]
    result = CliRunner().invoke(diff_command, [*args, "--format", "markdown", "--fail-on-breaking"])
    # Every official step breaks some Python name (a type removed or renamed).
    assert result.exit_code == 1, result.output
    assert result.output.startswith("## Schema changes:")
    assert "### Breaks Python code" in result.output and "### Additive" in result.output


def test_a_revision_against_itself_is_empty() -> None:
    assert step("2026-07-28", "2026-07-28").changes == ()
