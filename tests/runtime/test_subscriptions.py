"""Variant-scoped subscriptions, list_changed and the variant-switch limiter."""

from __future__ import annotations

from negotiation.subscriptions import (
    Subscription,
    SubscriptionRegistry,
    VariantSwitchLimiter,
    list_changed_notification,
)
from negotiation.variants import META_KEY


class Catalog:
    """Which resource exists in which variant; mutable to simulate disappearance."""

    def __init__(self) -> None:
        self.resources = {
            "verbose": {"file:///logs/app.log", "file:///data/metrics.json"},
            "compact": {"file:///data/metrics.json"},
            None: {"file:///readme"},
        }

    def __call__(self, variant: str | None, uri: str) -> bool:
        return uri in self.resources.get(variant, set())


def test_subscriptions_bind_to_the_variant_at_subscribe_time() -> None:
    registry = SubscriptionRegistry(Catalog())
    assert registry.subscribe("s1", "file:///logs/app.log", "verbose") is None
    assert registry.subscriptions("s1") == [Subscription("s1", "file:///logs/app.log", "verbose")]
    assert [s.variant for s in registry.recipients("file:///logs/app.log")] == ["verbose"]


def test_subscribing_to_a_resource_missing_from_the_variant_names_the_variant() -> None:
    registry = SubscriptionRegistry(Catalog())
    error = registry.subscribe("s1", "file:///logs/app.log", "compact")
    assert error == {
        "code": -32602,
        "message": "Unknown resource: file:///logs/app.log",
        "data": {
            "activeVariant": "compact",
            "hint": "This resource may be available in other variants",
        },
    }
    assert registry.subscriptions("s1") == []
    plain = registry.subscribe("s1", "file:///nope", None)
    assert plain == {"code": -32602, "message": "Unknown resource: file:///nope"}


def test_updates_only_go_where_the_resource_still_exists() -> None:
    catalog = Catalog()
    registry = SubscriptionRegistry(catalog)
    registry.subscribe("a", "file:///data/metrics.json", "verbose")
    registry.subscribe("b", "file:///data/metrics.json", "compact")
    assert {s.subscriber for s in registry.recipients("file:///data/metrics.json")} == {"a", "b"}
    catalog.resources["compact"].clear()  # the resource leaves the compact variant
    notes = registry.updated_notifications("file:///data/metrics.json")
    assert [(s.subscriber, n["method"], n["params"]) for s, n in notes] == [
        ("a", "notifications/resources/updated", {"uri": "file:///data/metrics.json"})
    ]
    assert registry.recipients("file:///never") == []


def test_same_uri_in_two_variants_are_separate_and_do_not_transfer() -> None:
    registry = SubscriptionRegistry(Catalog())
    registry.subscribe("a", "file:///data/metrics.json", "verbose")
    registry.subscribe("a", "file:///data/metrics.json", "compact")
    registry.unsubscribe("a", "file:///data/metrics.json", "verbose")
    assert [s.variant for s in registry.subscriptions("a")] == ["compact"]


def test_unsubscribe_is_always_accepted() -> None:
    catalog = Catalog()
    registry = SubscriptionRegistry(catalog)
    registry.subscribe("a", "file:///logs/app.log", "verbose")
    catalog.resources["verbose"].clear()
    registry.unsubscribe("a", "file:///logs/app.log")  # resource gone: still fine
    registry.unsubscribe("a", "file:///logs/app.log")  # already gone: still fine
    registry.unsubscribe("zed", "file:///unknown", "nope")
    assert registry.subscriptions("a") == []


def test_list_changed_shapes() -> None:
    assert list_changed_notification("resources", "compact") == {
        "jsonrpc": "2.0",
        "method": "notifications/resources/list_changed",
        "params": {"_meta": {META_KEY: "compact"}},
    }


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_switching_is_token_bucket_limited_per_principal() -> None:
    clock = FakeClock()
    limiter = VariantSwitchLimiter(capacity=2, refill_per_second=0.5, clock=clock)
    assert limiter.check("alice", "a") is None  # first request is not a switch
    assert limiter.check("alice", "b") is None
    assert limiter.check("alice", "a") is None
    error = limiter.check("alice", "b")
    assert error is not None
    assert error["data"] == {"activeVariant": "a", "requestedVariant": "b", "retryAfterMs": 2000}
    assert limiter.check("alice", "a") is None  # staying put is free
    assert limiter.check("bob", "b") is None and limiter.check("bob", "a") is None  # per principal
    clock.now += 2.0
    assert limiter.check("alice", "b") is None
    assert limiter.check("alice", "a") is not None


def test_limiter_memory_is_bounded() -> None:
    limiter = VariantSwitchLimiter(clock=FakeClock(), max_principals=10)
    for principal in range(100):
        limiter.check(principal, "a")
    assert len(limiter._state) == 10
