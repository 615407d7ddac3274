"""Exact error objects of ``negotiation.errors`` (pinned from its mutation run)."""

from __future__ import annotations

import pytest

from negotiation import errors
from negotiation.errors import NegotiationError


def test_variant_switch_rate_limited_exactly() -> None:
    assert errors.variant_switch_rate_limited("a", "b", 1500) == {
        "code": -32000,
        "message": "Too many server variant switches",
        "data": {"activeVariant": "a", "requestedVariant": "b", "retryAfterMs": 1500},
    }
    assert errors.variant_switch_rate_limited(None, "b", 1) == {
        "code": -32000,
        "message": "Too many server variant switches",
        "data": {"requestedVariant": "b", "retryAfterMs": 1},
    }


def test_missing_required_client_capability_exactly() -> None:
    caps = {"extensions": {"x": {}}}
    assert errors.missing_required_client_capability("needs x", caps) == {
        "code": -32021,  # MISSING_REQUIRED_CLIENT_CAPABILITY in the 2026-07-28 schema
        "message": "needs x",
        "data": {"requiredCapabilities": caps},
    }


def test_from_wire_refuses_a_non_dict_by_its_type() -> None:
    with pytest.raises(TypeError) as caught:
        NegotiationError.from_wire(["code", 1])  # type: ignore[arg-type]
    assert str(caught.value) == "expected a JSON-RPC error dict, not list"
