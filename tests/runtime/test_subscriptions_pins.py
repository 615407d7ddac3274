"""Exact behaviour of subscriptions and the switch limiter (pins found by mutation testing)."""

from __future__ import annotations

import gc
import weakref

import pytest
from hypothesis import given
from hypothesis import strategies as st

from negotiation._cache import json_size
from negotiation.subscriptions import Subscription, SubscriptionRegistry, VariantSwitchLimiter

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


# --- unsubscribing forgets exactly what went ---------------------------------------------


class Session:
    """A subscriber identity that can be weakly referenced (sessions are objects)."""


def test_unsubscribing_one_uri_keeps_the_subscribers_other_uris() -> None:
    registry = SubscriptionRegistry(lambda variant, uri: True)
    registry.subscribe("s1", "file:///a", None)
    registry.subscribe("s1", "file:///b", None)
    registry.unsubscribe("s1", "file:///a")
    assert registry.subscriptions("s1") == [Subscription("s1", "file:///b", None)]
    assert registry.drop_subscriber("s1") == 1  # file:///b still goes with the session
    assert len(registry) == 0


def test_a_session_that_unsubscribed_everything_is_not_kept_alive() -> None:
    """Subscriptions must not outlive their session, nor must its bookkeeping: once every
    binding is unsubscribed the registry holds no reference to the subscriber."""
    registry = SubscriptionRegistry(lambda variant, uri: True)
    session = Session()
    registry.subscribe(session, "file:///a", "v1")
    registry.subscribe(session, "file:///a", "v2")
    registry.subscribe(session, "file:///b", "v1")
    registry.unsubscribe(session, "file:///a", "v1")
    assert registry.subscriptions(session) == [
        Subscription(session, "file:///a", "v2"),
        Subscription(session, "file:///b", "v1"),
    ]
    registry.unsubscribe(session, "file:///a", "v2")
    registry.unsubscribe(session, "file:///b")
    assert registry.subscriptions(session) == [] and len(registry) == 0
    gone = weakref.ref(session)
    del session
    gc.collect()
    assert gone() is None


# --- the switch limiter -------------------------------------------------------------------


def test_every_request_keeps_one_entry_per_principal() -> None:
    """Served, free (same variant) and refused requests all update the principal's own
    entry: the limiter tracks one principal, nothing else."""
    limiter = VariantSwitchLimiter(capacity=1.0, clock=lambda: 0.0)
    assert limiter.check("p", "a") is None
    assert limiter.check("p", "b") is None  # the one switch
    assert len(limiter) == 1
    assert limiter.check("p", "b") is None  # staying put
    assert len(limiter) == 1
    assert limiter.check("p", "a") is not None  # refused
    assert len(limiter) == 1


@pytest.mark.parametrize(
    ("at", "retry_after_ms"),
    [
        (0.998, 2),
        (0.999, 1),  # 1 ms to go
        (0.9996, 1),  # 0.4 ms rounds to 0: a client is never told to retry at once
    ],
)
def test_retry_after_is_the_time_to_a_whole_token_and_at_least_one_ms(
    at: float, retry_after_ms: int
) -> None:
    clock = [0.0]
    limiter = VariantSwitchLimiter(capacity=1.0, refill_per_second=1.0, clock=lambda: clock[0])
    assert limiter.check("p", "a") is None
    assert limiter.check("p", "b") is None  # the bucket is now empty
    clock[0] = at
    refused = limiter.check("p", "a")
    assert refused is not None
    assert refused["data"]["retryAfterMs"] == retry_after_ms
    clock[0] = 1.0
    assert limiter.check("p", "a") is None


ENTRY_BYTES = json_size("p0") + 160  # the key, plus the variant id and the state tuple


@pytest.mark.parametrize(("budget", "tracked"), [(3 * ENTRY_BYTES, 3), (3 * ENTRY_BYTES - 1, 2)])
def test_a_principal_costs_its_key_plus_160_bytes(budget: int, tracked: int) -> None:
    limiter = VariantSwitchLimiter(clock=lambda: 0.0, max_bytes=budget)
    for name in ("p0", "p1", "p2"):
        assert limiter.check(name, "a") is None
    assert len(limiter) == tracked


# --- the two indexes agree ------------------------------------------------------------------


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["sub", "unsub", "drop"]),
            st.sampled_from(["s1", "s2"]),
            st.sampled_from(["file:///a", "file:///b"]),
            st.sampled_from(["v1", "v2", None]),
        ),
        max_size=30,
    )
)
def test_a_subscriber_names_a_uri_exactly_while_it_holds_a_binding_there(
    operations: list[tuple[str, str, str, str | None]],
) -> None:
    """The invariant that makes the registry's "no bucket for this URI" fallbacks in
    ``drop_subscriber`` and ``subscriptions`` unreachable (their mutants are equivalent)."""
    registry = SubscriptionRegistry(lambda variant, uri: True)
    for action, subscriber, uri, variant in operations:
        if action == "sub":
            registry.subscribe(subscriber, uri, variant)
        elif action == "unsub":
            registry.unsubscribe(subscriber, uri, variant)
        else:
            registry.drop_subscriber(subscriber)
        held = {(key[0], uri) for uri, bucket in registry._by_uri.items() for key in bucket}
        named = {(name, uri) for name, uris in registry._uris_of.items() for uri in uris}
        assert named == held
        assert all(registry._by_uri.values()) and all(registry._uris_of.values())
