"""Exact behaviour of subscriptions and the switch limiter (pins found by mutation testing)."""

from __future__ import annotations

import pytest

from negotiation.subscriptions import SubscriptionRegistry, VariantSwitchLimiter

MESSAGE = "a switch limiter needs capacity >= 1 and a positive refill rate"


@pytest.mark.parametrize(
    ("capacity", "refill"),
    [(0.5, 1.0), (1.0, 0.0), (1.0, -1.0), (0.0, 0.0)],
)
def test_a_limiter_needs_capacity_and_a_positive_rate(capacity: float, refill: float) -> None:
    with pytest.raises(ValueError) as raised:
        VariantSwitchLimiter(capacity=capacity, refill_per_second=refill)
    assert str(raised.value) == MESSAGE


def test_the_smallest_limiter_is_allowed() -> None:
    VariantSwitchLimiter(capacity=1.0, refill_per_second=0.001)


def test_an_update_notification_is_the_exact_json_rpc_message() -> None:
    registry = SubscriptionRegistry(lambda uri, variant: True)
    assert registry.subscribe("s1", "file:///a", None) is None
    [(subscription, message)] = registry.updated_notifications("file:///a")
    assert subscription.uri == "file:///a"
    assert message == {
        "jsonrpc": "2.0",
        "method": "notifications/resources/updated",
        "params": {"uri": "file:///a"},
    }


def test_the_default_limiter_allows_ten_switches_then_paces_them() -> None:
    from negotiation.subscriptions import VariantSwitchLimiter

    clock = [0.0]
    limiter = VariantSwitchLimiter(clock=lambda: clock[0])
    assert limiter.check("p", "v0") is None  # the first request is not a switch
    for i in range(1, 11):
        assert limiter.check("p", f"v{i}") is None
    refused = limiter.check("p", "v11")
    assert refused is not None
    assert refused["data"] == {
        "activeVariant": "v10",
        "requestedVariant": "v11",
        "retryAfterMs": 1000,
    }
    clock[0] = 0.5
    half = limiter.check("p", None)  # back to the default: a switch too
    assert half is not None
    assert half["data"] == {"activeVariant": "v10", "requestedVariant": "", "retryAfterMs": 500}
    clock[0] = 1.0
    assert limiter.check("p", "v11") is None
