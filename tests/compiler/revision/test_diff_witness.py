"""Every wire claim of ``codegen diff`` is proved against the official ``schema.json`` files.

For the four steps between the five official revisions, each wire-breaking change carries a
witness; here it is checked with ``jsonschema`` against the *official* schema of both
revisions (not the compiler's own JSON Schema): the old one accepts it, the new one rejects
it. Skipped when the official corpus is absent.
"""

from __future__ import annotations

import json
from functools import cache
from itertools import pairwise
from typing import Any

import jsonschema
import pytest

from codegen.build.pipeline import load_schema
from codegen.revision import Change, SchemaDiff, diff_schemas
from codegen.revision.witness import Witness
from tests.conftest import REVISIONS, require_corpus

STEPS = list(pairwise(REVISIONS))


@cache
def step(old: str, new: str) -> SchemaDiff:
    corpus = require_corpus()
    return diff_schemas(
        load_schema([corpus / old / "schema.ts"]), load_schema([corpus / new / "schema.ts"])
    )


@cache
def official(revision: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(
        (require_corpus(revision) / "schema.json").read_text("utf-8")
    )
    return document


def official_accepts(revision: str, name: str, witness: Witness) -> bool:
    document = official(revision)
    key = "$defs" if "$defs" in document else "definitions"
    assert name in document[key], f"{name} is not a definition of {revision}/schema.json"
    schema = {**document, **witness.schema(key, name)}
    return bool(jsonschema.validators.validator_for(document)(schema).is_valid(witness.value))


def wire_claims(result: SchemaDiff) -> list[Change]:
    return [c for c in result.changes if c.wire]


@pytest.mark.parametrize("old,new", STEPS)
def test_every_wire_claim_has_a_witness_that_the_official_schemas_confirm(
    old: str, new: str
) -> None:
    result = step(old, new)
    for change in wire_claims(result):
        witness = change.witness
        assert witness is not None, change
        assert official_accepts(old, witness.old, witness), (change.subject, witness)
        assert not official_accepts(new, witness.new, witness), (change.subject, witness)


@pytest.mark.parametrize("old,new", STEPS)
def test_no_change_without_a_witness_is_wire_breaking(old: str, new: str) -> None:
    for change in step(old, new).changes:
        assert (change.severity == "wire-breaking") == (change.witness is not None), change


def counts(result: SchemaDiff) -> dict[str, int]:
    found = {"wire-breaking": 0, "python-api": 0, "additive": 0, "changed": 0}
    for change in result.changes:
        found[change.severity] += 1
    return found


def test_the_rebased_requests_of_2025_11_25_are_not_wire_breaks() -> None:
    # 2025-11-25 re-bases every request onto JSONRPCRequest (`jsonrpc`, `id`): same wire form.
    result = step("2025-06-18", "2025-11-25")
    rebased = [c for c in result.changes if c.subject == "InitializeRequest.id"]
    assert [c.severity for c in rebased] == ["python-api"]
    assert wire_claims(result) == []


def test_a_removed_field_an_open_object_still_admits_is_not_a_wire_break() -> None:
    # 2025-11-25:1270 `execution?: ToolExecution` on Tool; Tool stays an open object.
    result = step("2025-11-25", "2026-07-28")
    (removed,) = [c for c in result.changes if c.subject == "Tool.execution"]
    assert (removed.code, removed.breaks) == ("field-removed", ("python",))
    assert removed.codemod is not None and "file:line" in removed.codemod


def test_known_breaks_of_2026_07_28_are_found_with_witnesses() -> None:
    result = step("2025-11-25", "2026-07-28")
    by_subject = {(c.subject, c.code): c for c in result.changes}
    # 2026-07-28:180 `_meta: RequestMetaObject;` (2025-11-25:55 `_meta?: {...}`)
    meta = by_subject[("RequestParams._meta", "field-required")]
    assert meta.witness is not None and meta.witness.value == {}
    # the task types are gone: their methods leave the request unions
    for method in ("tasks/get", "tasks/result", "tasks/cancel", "tasks/list"):
        gone = by_subject[(f"method {method}", "method-removed")]
        assert gone.witness is not None and gone.witness.value["method"] == method
        assert gone.witness.old == "ClientRequest" or gone.witness.old == "ServerRequest"
    for task_type in ("GetTaskRequest", "Task", "CreateTaskResult", "TaskStatusNotification"):
        assert by_subject[(task_type, "removed")].severity == "python-api"
    # 2026-07-28:450 `UNSUPPORTED_PROTOCOL_VERSION = -32022`: a new error code to handle
    code = by_subject[("UNSUPPORTED_PROTOCOL_VERSION", "error-code-added")]
    assert "-32022" in code.message and code.severity == "changed"
    # 2026-07-28:2649 `@maxItems 100` on CompleteResult.completion.values: a tag counts
    bound = by_subject[("CompleteResult.completion.values", "constraint-tightened")]
    assert bound.witness is not None
    assert len(bound.witness.value["completion"]["values"]) == 101


def test_per_step_counts() -> None:
    """The figures quoted in the README; they move only when the diff's judgement does."""
    assert [counts(step(*s)) for s in STEPS] == [
        {"wire-breaking": 0, "python-api": 1, "additive": 12, "changed": 1},
        {"wire-breaking": 1, "python-api": 3, "additive": 36, "changed": 2},
        {"wire-breaking": 0, "python-api": 48, "additive": 106, "changed": 6},
        {"wire-breaking": 35, "python-api": 59, "additive": 59, "changed": 24},
    ]
