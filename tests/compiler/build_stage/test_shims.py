"""The compatibility shims of the resource-metadata SEP (``schema/README.md``).

* ``EmbeddedResource.annotations`` (removed) is declared ``@moved annotations
  resource.annotations``: legacy input is moved onto the resource, ``.annotations`` stays
  readable, dumps have the new shape only.
* A ``resources/read`` content without ``name`` parses: ``name`` is optional there.

Then the ``@moved`` tag itself, compiled from snippets: deeper and optional paths, names
that differ from their wire keys, and every bad use a one-line ``file:line:col`` error.
"""

from __future__ import annotations

import copy
import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp_ext import (
    Annotations,
    CallToolResult,
    EmbeddedResource,
    GetPromptResult,
    PromptMessage,
    ReadResourceResult,
    TextContent,
    TextResourceContents,
    parse_message,
)
from mcp_ext.validators import ParsedResponse
from pydantic import ValidationError

from codegen.errors import SchemaError
from tests.compiler.emit.test_pydantic_emit import (
    _mypy,
    _ruff,
    compile_ts,
    dump,
    generate_models,
    import_source,
    models_package,
)

CONTENTS = {"uri": "file:///notes.md", "mimeType": "text/markdown", "text": "# Notes"}
ANNOTATIONS = {"audience": ["user"], "priority": 0.5}


def legacy_block(annotations: Any = ANNOTATIONS, **resource: Any) -> dict[str, Any]:
    """An embedded resource as a pre-SEP sender writes it: annotations at the top."""
    return {"type": "resource", "resource": {**CONTENTS, **resource}, "annotations": annotations}


def modern_block(annotations: Any = ANNOTATIONS) -> dict[str, Any]:
    return {"type": "resource", "resource": {**CONTENTS, "annotations": annotations}}


# --------------------------------------------------------------------------- EmbeddedResource


def test_legacy_annotations_move_onto_the_resource() -> None:
    block = EmbeddedResource.model_validate(legacy_block())
    assert isinstance(block.resource.annotations, Annotations)
    assert block.resource.annotations.audience == ["user"]
    assert block.model_extra == {}
    assert dump(block) == modern_block()
    assert EmbeddedResource.model_validate_json(json.dumps(legacy_block())) == block


def test_the_callers_input_is_not_changed() -> None:
    data = legacy_block()
    before = copy.deepcopy(data)
    EmbeddedResource.model_validate(data)
    assert data == before


def test_annotations_stay_readable_and_are_read_only() -> None:
    block = EmbeddedResource.model_validate(legacy_block())
    assert block.annotations is block.resource.annotations
    assert EmbeddedResource.model_validate(modern_block()).annotations is not None
    plain = EmbeddedResource.model_validate({"type": "resource", "resource": CONTENTS})
    assert plain.annotations is None
    with pytest.raises(AttributeError):
        block.annotations = Annotations()  # type: ignore[misc]


def test_modern_input_round_trips_unchanged() -> None:
    for data in (modern_block(), {"type": "resource", "resource": CONTENTS}):
        block = EmbeddedResource.model_validate(data)
        assert dump(block) == data
        assert EmbeddedResource.model_validate_json(block.model_dump_json()) == block


def test_both_given_the_target_wins_with_a_warning() -> None:
    data = {**modern_block({"priority": 0}), "annotations": {"priority": 1}}
    with pytest.warns(UserWarning, match=r"EmbeddedResource: the legacy 'annotations'.*resource"):
        block = EmbeddedResource.model_validate(data)
    assert block.resource.annotations is not None and block.resource.annotations.priority == 0
    assert "annotations" not in dump(block)


def test_both_given_and_equal_is_silent() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        block = EmbeddedResource.model_validate(legacy_block(annotations=ANNOTATIONS))
    assert dump(block) == modern_block()


def test_python_construction_with_legacy_annotations() -> None:
    contents = TextResourceContents(uri="file:///a", text="a")
    block = EmbeddedResource(
        type="resource",
        resource=contents,
        annotations=Annotations(priority=1),
    )
    assert block.annotations is not None and block.annotations.priority == 1
    assert contents.annotations is None  # the caller's model is not changed either
    assert dump(block)["resource"] == {
        "uri": "file:///a",
        "text": "a",
        "annotations": {"priority": 1},
    }


def test_bad_legacy_annotations_are_validation_errors_at_the_new_place() -> None:
    with pytest.raises(ValidationError) as info:
        EmbeddedResource.model_validate(legacy_block({"priority": 7}))
    assert {e["loc"][:3] for e in info.value.errors()} == {
        ("resource", "TextResourceContents", "annotations")
    }


def test_nowhere_to_move_leaves_the_input_as_sent() -> None:
    # No resource object: validation fails on `resource`, not somewhere inside the shim.
    for resource in (None, "file:///a", [CONTENTS]):
        with pytest.raises(ValidationError) as info:
            EmbeddedResource.model_validate(
                {"type": "resource", "resource": resource, "annotations": {}}
            )
        assert {e["loc"][0] for e in info.value.errors()} == {"resource"}


def test_the_before_validator_is_only_on_tagged_models() -> None:
    def shims(model: type[Any]) -> set[str]:
        return set(model.__pydantic_decorators__.model_validators)

    assert shims(EmbeddedResource) == {"_move_legacy_fields"}
    assert shims(TextContent) == shims(TextResourceContents) == shims(CallToolResult) == set()


# --------------------------------------------------------------------------- inside unions


def test_shim_applies_inside_call_tool_result_content() -> None:
    data = {"content": [{"type": "text", "text": "hi"}, legacy_block()]}
    result = CallToolResult.model_validate(data)
    block = result.content[1]
    assert isinstance(block, EmbeddedResource) and block.annotations is not None
    assert dump(result) == {"content": [{"type": "text", "text": "hi"}, modern_block()]}


def test_shim_applies_inside_prompt_message_content() -> None:
    message = PromptMessage.model_validate({"role": "user", "content": legacy_block()})
    assert isinstance(message.content, EmbeddedResource)
    assert message.content.resource.annotations is not None
    result = GetPromptResult.model_validate(
        {"messages": [{"role": "user", "content": legacy_block()}]}
    )
    assert dump(result)["messages"][0]["content"] == modern_block()


def test_parse_message_of_a_legacy_tools_call_result() -> None:
    raw = json.dumps({"jsonrpc": "2.0", "id": 3, "result": {"content": [legacy_block()]}})
    parsed = parse_message(raw, method="tools/call")
    assert isinstance(parsed, ParsedResponse), parsed
    assert isinstance(parsed.result, CallToolResult)
    (block,) = parsed.result.content
    assert isinstance(block, EmbeddedResource)
    assert block.resource.annotations == Annotations.model_validate(ANNOTATIONS)


# --------------------------------------------------------------------------- contents without name


def test_legacy_read_contents_without_name_parse() -> None:
    data = {
        "contents": [
            CONTENTS,
            {"uri": CONTENTS["uri"], "mimeType": "application/pdf", "blob": "AA=="},
        ]
    }
    result = ReadResourceResult.model_validate(data)
    assert [c.name for c in result.contents] == [None, None]
    assert dump(result) == data
    parsed = parse_message({"jsonrpc": "2.0", "id": 1, "result": data}, method="resources/read")
    assert isinstance(parsed, ParsedResponse) and parsed.warnings == ()
    assert isinstance(parsed.result, ReadResourceResult)


# --------------------------------------------------------------------------- untrusted input

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
_annotations = st.fixed_dictionaries(
    {},
    optional={
        "audience": st.lists(st.sampled_from(["user", "assistant"]), max_size=2),
        "priority": st.floats(0, 1),
        "lastModified": st.just("2025-01-12T15:00:58Z"),
    },
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(legacy=_annotations | _json, target=st.none() | _annotations | _json)
def test_untrusted_legacy_values_are_moved_rejected_or_warned_never_lost(
    legacy: Any, target: Any
) -> None:
    resource = dict(CONTENTS) if target is None else {**CONTENTS, "annotations": target}
    data = {"type": "resource", "resource": resource, "annotations": legacy}
    before = copy.deepcopy(data)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            block = EmbeddedResource.model_validate(data)
        except ValidationError:
            block = None
    assert data == before
    dropped = [w for w in caught if "legacy 'annotations' was dropped" in str(w.message)]
    # The legacy value is dropped only in favour of a different explicit target, loudly.
    assert len(dropped) == (target is not None and target != legacy)
    if block is not None:
        out = dump(block)
        assert "annotations" not in out
        expected = legacy if target is None else target
        assert out["resource"]["annotations"] == Annotations.model_validate(expected).model_dump(
            mode="json", exclude_unset=True
        )


# --------------------------------------------------------------------------- the tag

DEEP = """
export interface Leaf { lastSeen?: string; }
export interface Other { lastSeen?: string; extra?: number; }
export interface Middle { inner: Leaf | Other; }
/**
 * Moved twice.
 *
 * @moved seenAt outer.inner.lastSeen
 * @moved middleNote maybe.inner.lastSeen
 */
export interface Holder { outer: Middle; maybe?: Middle; }
"""


def test_deep_and_optional_paths_and_renamed_attributes(tmp_path: Path) -> None:
    models, source = compile_ts(tmp_path, DEEP)
    data = {"outer": {"inner": {}}, "seenAt": "x", "middleNote": "y"}
    holder = models.Holder.model_validate(data)
    assert dump(holder) == {"outer": {"inner": {"lastSeen": "x"}}, "middleNote": "y"}
    # `maybe` is absent: nowhere to move `middleNote`, so it stays as sent (an extra field).
    assert holder.model_extra == {"middleNote": "y"}
    assert holder.seen_at == "x" and holder.middle_note is None
    # An attribute name is not a wire name: it stays an unknown field, and the legacy
    # value moves into place.
    by_name = models.Holder.model_validate({"outer": {"inner": {"last_seen": "z"}}, "seenAt": "x"})
    assert by_name.seen_at == "x"
    assert by_name.outer.inner.model_extra == {"last_seen": "z"}
    # The target set under its wire name wins, with a warning.
    with pytest.warns(UserWarning, match="'outer.inner.lastSeen' is set"):
        by_alias = models.Holder.model_validate(
            {"outer": {"inner": {"lastSeen": "z"}}, "seenAt": "x"}
        )
    assert by_alias.seen_at == "z"
    moved = models.Holder.model_validate(
        {"outer": {"inner": {}}, "maybe": {"inner": {}}, "middleNote": "y"}
    )
    assert moved.middle_note == "y" and moved.model_extra == {}
    assert "def seen_at(self) -> str | None:" in source


def test_golden_shims_through_an_optional_model_and_a_union(tmp_path: Path) -> None:
    golden = Path(__file__).resolve().parents[2] / "golden" / "moved" / "expected" / "models.py"
    models = import_source(golden.read_text(), tmp_path)
    bare: dict[str, Any] = {"type": "resource", "resource": {"uri": "u", "blob": "AA=="}}
    link = models.ResourceLink.model_validate(
        {
            "type": "resource_link",
            "preview": {**bare, "resource": {**bare["resource"], "annotations": {}}},
            "lastModified": "d",
        }
    )
    assert link.last_modified == "d" and link.preview.annotations.last_modified == "d"
    # The preview has no annotations object to move into: kept as sent, read as None.
    link = models.ResourceLink.model_validate(
        {"type": "resource_link", "preview": bare, "lastModified": "d"}
    )
    assert link.last_modified is None and link.model_extra == {"lastModified": "d"}
    assert models.ResourceLink.model_validate({"type": "resource_link"}).last_modified is None


@pytest.mark.slow
def test_shimmed_snippet_is_mypy_strict_and_ruff_clean(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(DEEP)
    use = "\n\ndef seen(h: Holder) -> str | None:\n    return h.seen_at or h.middle_note\n"
    path = models_package(generate_models([tmp_path / "schema.ts"]) + use, tmp_path, "shimmed")
    checked = _mypy(path)
    assert checked.returncode == 0, checked.stdout
    linted = _ruff(path)
    assert linted.returncode == 0, linted.stdout


BAD_TAGS = [
    ("@moved annotations", "expects '<legacy field> <target.path>'"),
    ("@moved a b c", "expects '<legacy field> <target.path>'"),
    ("@moved a b..c", "expects '<legacy field> <target.path>'"),
    ("@moved kept inner.x", "'kept' is still a property of 'A'"),
    ("@moved gone inner.missing", "'B' (inner) has no 'missing'"),
    ("@moved gone nope.x", "'A' (A) has no 'nope'"),
    ("@moved gone inner.x.deeper", "'x' is not an object type"),
    ("@moved gone either.y", "'C' (either) has no 'y'"),
    ("@moved keptToo inner.x", "has no free Python name"),
    ("@moved gone inner.x\n * @moved gone inner.x", "has no free Python name"),
]


@pytest.mark.parametrize(("tag", "fragment"), BAD_TAGS, ids=[t for t, _ in BAD_TAGS])
def test_bad_moved_tags_are_one_line_schema_errors(tmp_path: Path, tag: str, fragment: str) -> None:
    ts = (
        "export interface B { x: string; y?: string; }\n"
        "export interface C { x: string; }\n"
        f"/**\n * Doc.\n *\n * {tag}\n */\n"
        "export interface A { kept: string; kept_too: string; inner: B; either: B | C; }\n"
    )
    (tmp_path / "schema.ts").write_text(ts)
    with pytest.raises(SchemaError) as error:
        generate_models([tmp_path / "schema.ts"])
    message = str(error.value)
    assert fragment in message, message
    line = ts.splitlines().index(ts.splitlines()[-1]) + 1  # the declaration's own line
    assert "\n" not in message
    assert message.startswith(f"{tmp_path / 'schema.ts'}:{line}:1: error: @moved"), message
