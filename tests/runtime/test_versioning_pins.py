"""Exact behaviour of version negotiation helpers (pins found by mutation testing)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from negotiation import errors
from negotiation.versioning import (
    META_PROTOCOL_VERSION,
    Era,
    ExtensionDecision,
    UnsupportedVersion,
    VersionCheck,
    check_request_version,
    detect_era_http,
    detect_era_stdio,
    discover_result,
    negotiate_extension,
    parse_unsupported_version,
)


def test_the_era_of_a_version_string() -> None:
    assert Era.of("2026-07-28") is Era.MODERN
    assert Era.of("2025-11-25") is Era.LEGACY
    with pytest.raises(TypeError) as raised:
        Era.of(20260728)  # type: ignore[arg-type]
    assert str(raised.value) == "protocol_version must be a str, not int"


def test_a_discover_result_exactly() -> None:
    assert discover_result(["2026-07-28"], {"tools": {}}) == {
        "resultType": "complete",
        "supportedVersions": ["2026-07-28"],
        "capabilities": {"tools": {}},
        "ttlMs": 0,
        "cacheScope": "private",
    }
    full = discover_result(
        ("2026-07-28", "2025-11-25"),
        {},
        instructions="hi",
        server_info={"name": "s", "version": "1"},
        ttl_ms=60_000,
        cache_scope="public",
    )
    assert full == {
        "resultType": "complete",
        "supportedVersions": ["2026-07-28", "2025-11-25"],
        "capabilities": {},
        "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "s", "version": "1"}},
        "instructions": "hi",
        "ttlMs": 60_000,
        "cacheScope": "public",
    }


# --- check_request_version: the exact error objects -----------------------------------


def _meta(version: object) -> dict[str, Any]:
    return {META_PROTOCOL_VERSION: version}


@pytest.mark.parametrize("meta", [None, {}, _meta(None), _meta(3), _meta("")])
def test_a_missing_version_is_exactly_this_invalid_params_error(meta: object) -> None:
    check = check_request_version(meta)
    assert check.version is None
    assert check.error == {
        "code": -32602,
        "message": "Missing or invalid _meta['io.modelcontextprotocol/protocolVersion']",
    }


def test_a_missing_header_on_http_is_exactly_this_header_mismatch() -> None:
    check = check_request_version(_meta("2026-07-28"), http=True)
    assert check.version is None
    assert check.error == {
        "code": -32020,
        "message": "Header mismatch: MCP-Protocol-Version header is missing",
    }


def test_a_differing_header_names_both_values_exactly() -> None:
    check = check_request_version(_meta("2026-07-28"), header=" 2025-11-25 ", http=True)
    assert check.version is None
    assert check.error == {
        "code": -32020,
        "message": "Header mismatch: MCP-Protocol-Version header value '2025-11-25'"
        " does not match body value '2026-07-28'",
    }


def test_a_header_equal_to_the_body_after_stripping_is_accepted() -> None:
    check = check_request_version(_meta("2026-07-28"), header=" 2026-07-28\t", http=True)
    assert check == VersionCheck("2026-07-28")


# --- detect_era_stdio / detect_era_http -----------------------------------------------


def test_a_probe_result_that_is_not_a_discover_result_means_legacy() -> None:
    # only a DiscoverResult (it has supportedVersions) identifies a modern server
    assert detect_era_stdio({"jsonrpc": "2.0", "id": 1, "result": {}}) is Era.LEGACY
    assert detect_era_stdio({"result": {"tools": []}}) is Era.LEGACY
    assert detect_era_stdio({"result": {"supportedVersions": []}}) is Era.MODERN


@pytest.mark.parametrize(
    ("status", "era"),
    [(199, Era.LEGACY), (200, Era.MODERN), (299, Era.MODERN), (300, Era.LEGACY)],
)
def test_only_a_2xx_status_alone_means_modern(status: int, era: Era) -> None:
    assert detect_era_http(status, "") is era


_MODERN = errors.error_response(7, errors.header_mismatch("x"))
_MODERN_TEXT = json.dumps(_MODERN)


def test_a_json_array_body_is_read_message_by_message() -> None:
    legacy = {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "x"}}
    batch = [legacy, _MODERN]
    assert detect_era_http(400, json.dumps(batch)) is Era.MODERN
    assert detect_era_http(400, f"  {json.dumps(batch)}\n".encode()) is Era.MODERN
    assert detect_era_http(400, json.dumps([legacy])) is Era.LEGACY
    # a parsed array reads the same as its text
    assert detect_era_http(400, batch) is Era.MODERN
    assert detect_era_http(400, [legacy]) is Era.LEGACY


def test_an_sse_data_field_may_omit_the_space_after_the_colon() -> None:
    assert detect_era_http(400, f"event: message\ndata:{_MODERN_TEXT}\n\n") is Era.MODERN


def test_sse_events_that_are_not_json_are_skipped_not_the_end() -> None:
    # Streamable HTTP servers may send a priming event with empty data before the answer
    body = f"id: 0\ndata: \n\ndata: not json\n\nevent: message\ndata: {_MODERN_TEXT}\n\n"
    assert detect_era_http(400, body) is Era.MODERN
    assert detect_era_http(400, body.encode()) is Era.MODERN


def test_invalid_utf_8_in_a_bytes_body_is_replaced_not_raised() -> None:
    body = b"data: \xff\xfe\n\ndata: " + _MODERN_TEXT.encode() + b"\n\n"
    assert detect_era_http(400, body) is Era.MODERN
    assert detect_era_http(400, bytearray(b"\xff")) is Era.LEGACY


# --- parse_unsupported_version ----------------------------------------------------------


@pytest.mark.parametrize("requested", [5, None, ["2026-07-28"], {"v": "x"}])
def test_a_requested_version_that_is_not_a_string_reads_as_none(requested: object) -> None:
    error = {"code": -32022, "data": {"supported": ["2026-07-28"], "requested": requested}}
    assert parse_unsupported_version(error) == UnsupportedVersion(("2026-07-28",), None)


# --- negotiate_extension ----------------------------------------------------------------

_EXT = "io.modelcontextprotocol/server-variants"


def test_an_extension_only_the_server_declares_falls_back_to_core_by_default() -> None:
    decision = negotiate_extension(_EXT, {"extensions": {}}, {"extensions": {_EXT: {}}})
    assert decision == (ExtensionDecision.CORE, None)


def test_a_required_extension_the_client_lacks_is_rejected_exactly() -> None:
    decision = negotiate_extension(_EXT, {}, {"extensions": {_EXT: {}}}, required=True)
    assert decision == (
        ExtensionDecision.REJECT,
        {
            "code": -32021,
            "message": "Server requires the io.modelcontextprotocol/server-variants"
            " extension for this request",
            "data": {"requiredCapabilities": {"extensions": {_EXT: {}}}},
        },
    )
