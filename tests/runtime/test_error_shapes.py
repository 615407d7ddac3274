"""Every error object is byte-for-byte the spec's shape (same keys, order and values)."""

from __future__ import annotations

import json

import pytest

from negotiation import errors
from negotiation.subscriptions import list_changed_notification
from tests.conftest import require_corpus, require_specs
from tests.runtime import spec_shapes


def _canonical(text: str) -> str:
    return json.dumps(json.loads(text))


def _squash(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("name", sorted(spec_shapes.SPEC_FILES))
def test_the_copied_shapes_are_still_in_the_specs(name: str) -> None:
    spec = _squash((require_specs() / name).read_text(encoding="utf-8"))
    for shape in spec_shapes.SPEC_FILES[name]:
        assert _squash(shape) in spec


def test_invalid_server_variant() -> None:
    ours = errors.invalid_server_variant("unknown-variant", ["claude-optimized", "compact"])
    assert json.dumps(ours) == _canonical(spec_shapes.INVALID_SERVER_VARIANT)


def test_invalid_server_variant_omits_ids_a_principal_may_not_enumerate() -> None:
    ours = errors.invalid_server_variant("x", None)
    assert ours["data"] == {"requestedVariant": "x"}


def test_server_variants_not_supported() -> None:
    assert errors.server_variants_not_supported() == {
        "code": -32602,
        "message": "Server variants not supported",
    }


def test_cursor_mismatch() -> None:
    ours = errors.cursor_variant_mismatch("claude-optimized", "compact")
    assert json.dumps(ours) == _canonical(spec_shapes.CURSOR_MISMATCH)


def test_unknown_identifier() -> None:
    ours = errors.unknown_identifier("tool", "debug_logs", "compact")
    assert json.dumps(ours) == _canonical(spec_shapes.UNKNOWN_TOOL)


def test_list_changed_carries_the_variant() -> None:
    ours = list_changed_notification("tools", "compact")
    assert ours.pop("jsonrpc") == "2.0"
    assert json.dumps(ours) == _canonical(spec_shapes.LIST_CHANGED)


def test_list_changed_without_a_variant_omits_the_key() -> None:
    assert list_changed_notification("prompts", None)["params"] == {}


def test_unsupported_protocol_version_in_both_numberings() -> None:
    legacy = errors.error_response(
        1,
        errors.unsupported_protocol_version(
            ["2026-07-28", "2025-11-25"],
            "1900-01-01",
            code=errors.LEGACY_UNSUPPORTED_PROTOCOL_VERSION,
        ),
    )
    assert json.dumps(legacy) == _canonical(spec_shapes.UNSUPPORTED_VERSION)
    current = errors.unsupported_protocol_version(["2026-07-28"], "1900-01-01")
    assert current["code"] == -32022


def test_corpus_unsupported_version_example() -> None:
    folder = require_corpus("2026-07-28") / "examples" / "UnsupportedProtocolVersionError"
    for path in sorted(folder.glob("*.json")):
        example = json.loads(path.read_text(encoding="utf-8"))
        error = example["error"]
        ours = errors.error_response(
            example["id"],
            errors.unsupported_protocol_version(
                error["data"]["supported"], error["data"]["requested"]
            ),
        )
        assert json.dumps(ours) == json.dumps(example)


def test_header_mismatch_and_missing_capability_shapes() -> None:
    examples = require_corpus("2026-07-28") / "examples"
    header = json.loads((examples / "HeaderMismatchError" / "header-mismatch.json").read_text())
    ours = errors.header_mismatch("Mcp-Name header value 'foo' does not match body value 'bar'")
    assert ours == header["error"]
    missing = json.loads(
        (
            examples
            / "MissingRequiredClientCapabilityError"
            / "missing-elicitation-capability.json"
        ).read_text()
    )
    ours = errors.missing_required_client_capability(
        missing["error"]["message"], {"elicitation": {}}
    )
    assert json.dumps(ours) == json.dumps(missing["error"])


def test_invalid_cursor_matches_the_corpus() -> None:
    example = (
        require_corpus("2026-07-28") / "examples" / "InvalidParamsError" / "invalid-cursor.json"
    )
    assert json.dumps(errors.invalid_cursor()) == json.dumps(json.loads(example.read_text()))
