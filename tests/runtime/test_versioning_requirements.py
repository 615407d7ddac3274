"""The versioning defects of issue #12, each test named after the requirement it pins
(ids from conformance/requirements.json)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from negotiation import errors
from negotiation.versioning import (
    META_PROTOCOL_VERSION,
    SERVED_VERSIONS,
    Era,
    check_request_version,
    detect_era_http,
)


def _meta(version: str) -> dict[str, Any]:
    return {META_PROTOCOL_VERSION: version, "io.modelcontextprotocol/clientCapabilities": {}}


def test_versioning_unsupported_version_error_uses_the_schema_code_by_default() -> None:
    check = check_request_version(_meta("1900-01-01"))
    assert check.error is not None and check.error["code"] == -32022


def test_versioning_unsupported_version_error_code_is_configurable_to_the_draft() -> None:
    check = check_request_version(_meta("1900-01-01"), unsupported_code=-32004)
    assert check.error is not None and check.error["code"] == -32004


@pytest.mark.parametrize("code", [-32000, -32602, 0])
def test_versioning_unsupported_version_error_code_is_one_of_the_two_readings(code: int) -> None:
    with pytest.raises(ValueError, match="unsupported_code"):
        check_request_version(_meta("2026-07-28"), unsupported_code=code)


def test_versioning_unsupported_version_error_lists_the_legacy_versions_served() -> None:
    check = check_request_version(_meta("1900-01-01"))
    assert check.error == {
        "code": -32022,
        "message": "Unsupported protocol version",
        "data": {"supported": ["2026-07-28", "2025-11-25"], "requested": "1900-01-01"},
    }
    assert "2025-11-25" in SERVED_VERSIONS


def test_versioning_unsupported_version_error_for_a_legacy_version_per_request() -> None:
    # 2025-11-25 is served, but through initialize: not on the per-request path.
    check = check_request_version(_meta("2025-11-25"))
    assert check.error is not None and check.error["data"]["requested"] == "2025-11-25"
    assert check_request_version(_meta("2026-07-28")).ok


OUR_400S = [
    errors.server_variants_not_supported(),
    errors.invalid_server_variant("x", ["a"]),
    {"code": -32602, "message": "params._meta is missing the required envelope key(s)"},
    errors.unsupported_protocol_version(SERVED_VERSIONS, "1900-01-01"),
    errors.header_mismatch("mcp-method header does not match"),
]


@pytest.mark.parametrize("error", OUR_400S)
@pytest.mark.parametrize("encoding", ["parsed", "text", "bytes", "sse"])
def test_versioning_detect_era_http_recognises_our_own_400(
    error: dict[str, Any], encoding: str
) -> None:
    response = errors.error_response(7, error)
    text = json.dumps(response)
    body: object = {
        "parsed": response,
        "text": text,
        "bytes": text.encode(),
        "sse": f"event: message\ndata: {text}\n\n",
    }[encoding]
    assert detect_era_http(400, body, request_id=7) is Era.MODERN


@pytest.mark.parametrize(
    "body",
    [
        # The legacy SDK's transport-level rejection of a request without a session.
        {
            "jsonrpc": "2.0",
            "id": None,
            "error": {"code": -32600, "message": "Bad Request: Missing session ID"},
        },
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Server not initialized"}}',
        "<html>Bad Request</html>",
        b"",
    ],
)
def test_versioning_detect_era_http_legacy_400_stays_legacy(body: object) -> None:
    assert detect_era_http(400, body, request_id=7) is Era.LEGACY


def test_versioning_detect_era_http_a_request_error_on_404_is_not_enough() -> None:
    response = errors.error_response(7, {"code": -32601, "message": "Method not found"})
    assert detect_era_http(404, response, request_id=7) is Era.LEGACY
