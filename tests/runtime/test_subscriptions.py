"""Variant-scoped subscriptions, list_changed and the variant-switch limiter."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

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


def test_limiter_memory_is_bounded_by_bytes() -> None:
    limiter = VariantSwitchLimiter(clock=FakeClock(), max_bytes=64 * 1024)
    for principal in range(1000):
        limiter.check(f"{principal:04d}" + "x" * 1000, "a")  # 1 KB principals
    assert 10 < len(limiter) <= 64


def test_limiter_keys_principals_type_exactly() -> None:
    limiter = VariantSwitchLimiter(capacity=1, clock=FakeClock())
    assert limiter.check(1, "a") is None
    assert limiter.check(1, "b") is None  # the one switch
    assert limiter.check(1, "a") is not None
    # True == 1 in Python, but it is another principal with its own bucket.
    assert limiter.check(True, "b") is None and limiter.check(True, "a") is None


# --- a session's end drops its subscriptions --------------------------------------------


def test_drop_subscriber_removes_everything_of_that_session_only() -> None:
    registry = SubscriptionRegistry(Catalog())
    registry.subscribe("gone", "file:///data/metrics.json", "verbose")
    registry.subscribe("gone", "file:///data/metrics.json", "compact")
    registry.subscribe("gone", "file:///logs/app.log", "verbose")
    registry.subscribe("stays", "file:///data/metrics.json", "verbose")
    assert registry.drop_subscriber("gone") == 3
    assert registry.subscriptions("gone") == []
    assert [s.subscriber for s in registry.recipients("file:///data/metrics.json")] == ["stays"]
    assert registry.recipients("file:///logs/app.log") == []
    assert len(registry) == 1
    assert registry.drop_subscriber("gone") == 0  # twice is harmless
    assert registry.drop_subscriber("stays") == 1 and len(registry) == 0
    assert registry._by_uri == {} and registry._uris_of == {}  # nothing left behind


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["sub", "unsub", "drop"]),
            st.sampled_from(["s1", "s2", "s3"]),
            st.sampled_from(["file:///data/metrics.json", "file:///logs/app.log"]),
            st.sampled_from(["verbose", "compact", None]),
        ),
        max_size=40,
    )
)
def test_the_registry_agrees_with_a_plain_set(
    operations: list[tuple[str, str, str, str | None]],
) -> None:
    catalog = Catalog()
    registry = SubscriptionRegistry(catalog)
    model: set[tuple[str, str, str | None]] = set()
    for action, subscriber, uri, variant in operations:
        if action == "sub":
            if registry.subscribe(subscriber, uri, variant) is None:
                model.add((subscriber, uri, variant))
        elif action == "unsub":
            registry.unsubscribe(subscriber, uri, variant)
            # Without a variant, every binding of the URI goes.
            model = {
                entry
                for entry in model
                if entry[:2] != (subscriber, uri) or (variant is not None and entry[2] != variant)
            }
        else:
            registry.drop_subscriber(subscriber)
            model = {entry for entry in model if entry[0] != subscriber}
        for name in ("s1", "s2", "s3"):
            held = {(s.subscriber, s.uri, s.variant) for s in registry.subscriptions(name)}
            assert held == {entry for entry in model if entry[0] == name}
        assert len(registry) == len(model)
    for name in ("s1", "s2", "s3"):
        registry.drop_subscriber(name)
    assert registry._by_uri == {} and registry._uris_of == {}
