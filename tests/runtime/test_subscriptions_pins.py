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
