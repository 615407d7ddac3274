"""Exact behaviour of version negotiation helpers (pins found by mutation testing)."""

from __future__ import annotations

import pytest

from negotiation.versioning import Era, discover_result


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
