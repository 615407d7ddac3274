"""Protocol versions: per-request checks, discover, errors, era detection, fallback."""

from __future__ import annotations

import json
from typing import Any, Literal

import pytest

from negotiation import errors
from negotiation.versioning import (
    COMPATIBILITY_MATRIX,
    META_PROTOCOL_VERSION,
    Era,
    EraCache,
    ExtensionDecision,
    UnsupportedVersion,
    check_request_version,
    choose_version,
    detect_era_http,
    detect_era_stdio,
    discover_result,
    is_modern_version,
    negotiate_extension,
    parse_unsupported_version,
)
from tests.conftest import require_corpus

SUPPORTED = ["2026-07-28", "2025-11-25"]


def _meta(version: object) -> dict[str, Any]:
    return {META_PROTOCOL_VERSION: version, "io.modelcontextprotocol/clientCapabilities": {}}


def test_a_supported_version_is_accepted() -> None:
    check = check_request_version(_meta("2026-07-28"), SUPPORTED)
    assert check.ok and check.version == "2026-07-28"


def test_an_unsupported_version_is_the_spec_error() -> None:
    check = check_request_version(_meta("1900-01-01"), SUPPORTED)
    assert check.error == {
        "code": -32022,
        "message": "Unsupported protocol version",
        "data": {"supported": SUPPORTED, "requested": "1900-01-01"},
    }
    legacy = check_request_version(_meta("1900-01-01"), SUPPORTED, unsupported_code=-32004)
    assert legacy.error is not None and legacy.error["code"] == -32004


@pytest.mark.parametrize("meta", [None, {}, _meta(None), _meta(3), _meta(""), "x"])
def test_a_missing_version_is_invalid_params(meta: object) -> None:
    check = check_request_version(meta, SUPPORTED)
    assert check.error is not None and check.error["code"] == -32602


def test_http_header_must_match_meta() -> None:
    ok = check_request_version(_meta("2026-07-28"), SUPPORTED, header="2026-07-28", http=True)
    assert ok.ok
    missing = check_request_version(_meta("2026-07-28"), SUPPORTED, http=True)
    assert missing.error is not None and missing.error["code"] == -32020
    mismatch = check_request_version(_meta("2026-07-28"), SUPPORTED, header="2025-11-25", http=True)
    assert mismatch.error is not None and mismatch.error["code"] == -32020
    assert "2025-11-25" in mismatch.error["message"]


def test_discover_result_matches_the_corpus_example() -> None:
    example_path = require_corpus("2026-07-28") / "examples" / "DiscoverResult"
    example = json.loads((example_path / "server-capabilities-discovery.json").read_text())
    ours = discover_result(
        example["supportedVersions"],
        example["capabilities"],
        instructions=example["instructions"],
        server_info=example["_meta"]["io.modelcontextprotocol/serverInfo"],
        ttl_ms=example["ttlMs"],
        cache_scope=example["cacheScope"],
    )
    assert ours == example


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (
            {"code": -32022, "message": "x", "data": {"supported": SUPPORTED, "requested": "1"}},
            UnsupportedVersion(tuple(SUPPORTED), "1"),
        ),
        (
            {"code": -32004, "message": "x", "data": {"supported": SUPPORTED, "requested": "1"}},
            UnsupportedVersion(tuple(SUPPORTED), "1"),
        ),
        (
            {"jsonrpc": "2.0", "id": 1, "error": {"code": -32022, "data": {"supported": ["a", 3]}}},
            UnsupportedVersion(("a",), None),
        ),
        ({"code": -32022, "data": "junk"}, UnsupportedVersion((), None)),
        ({"code": -32602, "message": "x"}, None),
        ("garbage", None),
        (None, None),
    ],
)
def test_unsupported_version_errors_are_recognised_in_both_numberings(
    error: object, expected: UnsupportedVersion | None
) -> None:
    assert parse_unsupported_version(error) == expected


def test_choose_version_then_retry() -> None:
    parsed = parse_unsupported_version(
        errors.unsupported_protocol_version(["2026-07-28", "2025-11-25"], "2027-01-01")
    )
    assert parsed is not None
    assert choose_version(["2027-01-01", "2026-07-28"], parsed.supported) == "2026-07-28"
    assert choose_version(["2027-01-01"], parsed.supported) is None


def test_modern_versions() -> None:
    assert is_modern_version("2026-07-28") and not is_modern_version("2025-11-25")


DISCOVER_OK = {
    "jsonrpc": "2.0",
    "id": 1,
    "result": {"supportedVersions": ["2026-07-28"], "capabilities": {}},
}
UNSUPPORTED = errors.error_response(
    1, errors.unsupported_protocol_version(["2026-07-28"], "2099-01-01")
)
LEGACY_UNSUPPORTED = errors.error_response(
    1, errors.unsupported_protocol_version(["2026-07-28"], "2099-01-01", code=-32004)
)
METHOD_NOT_FOUND = {
    "jsonrpc": "2.0",
    "id": 1,
    "error": {"code": -32601, "message": "Method not found"},
}


@pytest.mark.parametrize(
    ("response", "era"),
    [
        (DISCOVER_OK, Era.MODERN),
        (UNSUPPORTED, Era.MODERN),
        (LEGACY_UNSUPPORTED, Era.MODERN),
        (METHOD_NOT_FOUND, Era.LEGACY),
        (
            {
                "jsonrpc": "2.0",
                "id": 1,
                "error": {"code": -32600, "message": "Server not initialized"},
            },
            Era.LEGACY,
        ),
        (None, Era.LEGACY),  # timeout
        ("not json-rpc", Era.LEGACY),
    ],
)
def test_stdio_probe(response: object, era: Era) -> None:
    assert detect_era_stdio(response) is era


@pytest.mark.parametrize(
    ("status", "body", "era"),
    [
        (200, {"result": {}}, Era.MODERN),
        (400, UNSUPPORTED, Era.MODERN),
        (400, errors.error_response(1, errors.header_mismatch("x")), Era.MODERN),
        (
            400,
            {
                "jsonrpc": "2.0",
                "id": None,
                "error": {"code": -32000, "message": "Bad Request: No valid session ID"},
            },
            Era.LEGACY,
        ),
        (400, "<html>", Era.LEGACY),
        (404, None, Era.LEGACY),
        (405, None, Era.LEGACY),
    ],
)
def test_http_probe(status: int, body: object, era: Era) -> None:
    assert detect_era_http(status, body) is era


def test_era_is_cached_per_server_and_can_be_forgotten() -> None:
    cache = EraCache()
    cache.record("stdio:./server --flag", Era.LEGACY)
    cache.record("https://a.example", Era.MODERN)
    assert cache.get("stdio:./server --flag") is Era.LEGACY
    cache.forget("stdio:./server --flag")  # the cached assumption failed: re-probe
    assert cache.get("stdio:./server --flag") is None
    assert cache.get("https://a.example") is Era.MODERN


# --- the compatibility matrix, driven through the detection functions ------------------

Kind = Literal["modern", "dual", "legacy"]


def _server_answers(
    server: Kind, method: str, meta: dict[str, Any] | None
) -> dict[str, Any] | None:
    """A minimal model of each server era's answer to a client's opening request."""
    if server == "legacy":
        if method == "initialize":
            return {"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "2025-11-25"}}
        return {
            "jsonrpc": "2.0",
            "id": 1,
            "error": {"code": -32600, "message": "Server not initialized"},
        }
    if method == "initialize":
        if server == "dual":
            return {"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "2025-11-25"}}
        return {
            "jsonrpc": "2.0",
            "id": 1,
            "error": {
                "code": -32601,
                "message": "Method not found; supported protocol versions: 2026-07-28",
            },
        }
    check = check_request_version(meta, ["2026-07-28"])
    if not check.ok:
        return errors.error_response(1, check.error or {})
    return DISCOVER_OK


def _client_works(client: Kind, server: Kind) -> bool:
    if client == "legacy":
        return "result" in (_server_answers(server, "initialize", None) or {})
    answer = _server_answers(server, "server/discover", _meta("2026-07-28"))
    if detect_era_stdio(answer) is Era.MODERN:
        return "result" in (answer or {})
    if client == "modern":
        return False  # no fallback: surface an actionable error
    return "result" in (_server_answers(server, "initialize", None) or {})


@pytest.mark.parametrize(("pair", "works"), sorted(COMPATIBILITY_MATRIX.items()))
def test_compatibility_matrix(pair: tuple[Kind, Kind], works: bool) -> None:
    assert _client_works(*pair) is works


def test_the_matrix_covers_the_documented_rows() -> None:
    assert len(COMPATIBILITY_MATRIX) == 7
    assert COMPATIBILITY_MATRIX[("modern", "legacy")] is False
    assert COMPATIBILITY_MATRIX[("legacy", "modern")] is False


# --- extension fallback ---------------------------------------------------------------

EXT = "io.modelcontextprotocol/server-variants"
WITH: dict[str, Any] = {"extensions": {EXT: {}}}
WITHOUT: dict[str, Any] = {"extensions": {}}


@pytest.mark.parametrize(
    ("client", "server", "required", "decision"),
    [
        (WITH, WITH, False, ExtensionDecision.USE),
        (WITH, WITHOUT, False, ExtensionDecision.CORE),
        (WITHOUT, WITH, False, ExtensionDecision.CORE),
        (WITHOUT, WITH, True, ExtensionDecision.REJECT),
        ({}, {}, True, ExtensionDecision.CORE),
        ({"extensions": {EXT: "junk"}}, WITH, False, ExtensionDecision.CORE),
    ],
)
def test_extension_fallback(
    client: Any, server: Any, required: bool, decision: ExtensionDecision
) -> None:
    got, error = negotiate_extension(EXT, client, server, required=required)
    assert got is decision
    if decision is ExtensionDecision.REJECT:
        assert error is not None and error["code"] == -32021
        assert error["data"] == {"requiredCapabilities": {"extensions": {EXT: {}}}}
    else:
        assert error is None
