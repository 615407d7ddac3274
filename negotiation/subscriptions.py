"""Variant-scoped resource subscriptions, list_changed notifications and a limit on
variant switching (SEP-2053). Sans-IO: the caller sends what these return and injects
the clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Literal

from negotiation import errors
from negotiation._cache import BoundedCache, identity_key, json_size
from negotiation.variants import META_KEY

__all__ = [
    "LIMITER_BYTES",
    "Subscription",
    "SubscriptionRegistry",
    "VariantSwitchLimiter",
    "list_changed_notification",
]

LIMITER_BYTES = 8 * 1024 * 1024  # switch-limiter state: about 40 000 principals

ResourceExists = Callable[[str | None, str], bool]
"""``(variant, uri) -> bool``: does ``uri`` exist in that variant right now?"""


@dataclass(frozen=True, slots=True)
class Subscription:
    """A subscriber's subscription to ``uri``, bound to the variant active at subscribe
    time (None when the server has no variants)."""

    subscriber: Hashable
    uri: str
    variant: str | None


class SubscriptionRegistry:
    """Subscriptions keyed by subscriber, URI and variant.

    Subscribing to the same URI in another variant is a separate subscription: they
    never transfer between variants.
    """

    def __init__(self, resource_exists: ResourceExists) -> None:
        self._exists = resource_exists
        self._by_uri: dict[str, dict[tuple[Hashable, str | None], Subscription]] = {}
        # subscriber -> the URIs it holds, so that a session's end drops them all at once.
        self._uris_of: dict[Hashable, set[str]] = {}

    def subscribe(
        self, subscriber: Hashable, uri: str, variant: str | None
    ) -> errors.JsonRpcError | None:
        """Bind a subscription to ``variant``; the error when ``uri`` is not in it."""
        if not self._exists(variant, uri):
            return _unknown_resource(uri, variant)
        bucket = self._by_uri.setdefault(uri, {})
        bucket[(subscriber, variant)] = Subscription(subscriber, uri, variant)
        self._uris_of.setdefault(subscriber, set()).add(uri)
        return None

    def unsubscribe(self, subscriber: Hashable, uri: str, variant: str | None = None) -> None:
        """Always accepted, even when the resource (or the subscription) is gone.

        With a ``variant`` only that binding goes; without, every binding of ``uri``.
        """
        bucket = self._by_uri.get(uri)
        if not bucket:
            return
        for key in [
            k for k in bucket if k[0] == subscriber and (variant is None or k[1] == variant)
        ]:
            del bucket[key]
        if not bucket:
            del self._by_uri[uri]
        if not any(k[0] == subscriber for k in bucket):
            self._forget_uri(subscriber, uri)

    def drop_subscriber(self, subscriber: Hashable) -> int:
        """Drop every subscription of ``subscriber`` (its session ended); how many went.

        Call it when a session closes: subscriptions must not outlive their session,
        or a server that sees many sessions keeps their state (and notifies no one).
        """
        dropped = 0
        for uri in self._uris_of.pop(subscriber, ()):
            bucket = self._by_uri.get(uri)
            if not bucket:
                continue
            for key in [k for k in bucket if k[0] == subscriber]:
                del bucket[key]
                dropped += 1
            if not bucket:
                del self._by_uri[uri]
        return dropped

    def _forget_uri(self, subscriber: Hashable, uri: str) -> None:
        uris = self._uris_of.get(subscriber)
        if uris is not None:
            uris.discard(uri)
            if not uris:
                del self._uris_of[subscriber]

    def __len__(self) -> int:
        """How many subscriptions are held (every subscriber, URI and variant)."""
        return sum(len(bucket) for bucket in self._by_uri.values())

    def recipients(self, uri: str) -> list[Subscription]:
        """Who gets ``notifications/resources/updated`` for ``uri`` now: only subscriptions
        whose variant still has the resource at dispatch time."""
        bucket = self._by_uri.get(uri)
        if not bucket:
            return []
        return [s for s in bucket.values() if self._exists(s.variant, s.uri)]

    def updated_notifications(self, uri: str) -> list[tuple[Subscription, dict[str, Any]]]:
        """Each recipient with the ``notifications/resources/updated`` to send it."""
        return [
            (
                subscription,
                {
                    "jsonrpc": "2.0",
                    "method": "notifications/resources/updated",
                    "params": {"uri": uri},
                },
            )
            for subscription in self.recipients(uri)
        ]

    def subscriptions(self, subscriber: Hashable) -> list[Subscription]:
        return [
            s
            for uri in sorted(self._uris_of.get(subscriber, ()))
            for s in self._by_uri.get(uri, {}).values()
            if s.subscriber == subscriber
        ]


def _unknown_resource(uri: str, variant: str | None) -> errors.JsonRpcError:
    if variant is None:
        return {"code": errors.INVALID_PARAMS, "message": f"Unknown resource: {errors.echo(uri)}"}
    return errors.unknown_identifier("resource", uri, variant)


def list_changed_notification(
    kind: Literal["tools", "resources", "prompts"], variant: str | None
) -> dict[str, Any]:
    """``notifications/<kind>/list_changed`` carrying the affected variant in ``_meta``.

    With ``variant=None`` the key is omitted: clients then assume every variant changed.
    """
    params: dict[str, Any] = {}
    if variant is not None:
        params["_meta"] = {META_KEY: variant}
    return {"jsonrpc": "2.0", "method": f"notifications/{kind}/list_changed", "params": params}


class VariantSwitchLimiter:
    """A token bucket per principal on requests that *change* the variant.

    Each principal starts with ``capacity`` switches, refilled at ``refill_per_second``.
    Staying on the same variant is free. Principals are tracked LRU-bounded by bytes
    (``max_bytes``) so that many identities cannot exhaust memory; a principal forgotten
    that way starts again with a full bucket.
    """

    def __init__(
        self,
        capacity: float = 10.0,
        refill_per_second: float = 1.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_bytes: int = LIMITER_BYTES,
    ) -> None:
        if capacity < 1 or refill_per_second <= 0:
            raise ValueError("a switch limiter needs capacity >= 1 and a positive refill rate")
        self._capacity = capacity
        self._rate = refill_per_second
        self._clock = clock
        # principal -> (last variant, tokens, time of last refill)
        self._state: BoundedCache[Hashable, tuple[str | None, float, float]] = BoundedCache(
            max_bytes
        )

    @property
    def capacity(self) -> float:
        return self._capacity

    @property
    def refill_per_second(self) -> float:
        return self._rate

    def check(self, principal: Hashable, variant: str | None) -> errors.JsonRpcError | None:
        """Record a request for ``variant``; the error to answer when it is one switch
        too many (the request is then not served and the active variant is kept)."""
        now = self._clock()
        principal = identity_key(principal)
        state = self._state.get(principal)
        if state is None:
            self._remember(principal, (variant, self._capacity, now))
            return None
        active, tokens, since = state
        tokens = min(self._capacity, tokens + (now - since) * self._rate)
        if variant == active:
            self._remember(principal, (active, tokens, now))
            return None
        if tokens < 1:
            self._remember(principal, (active, tokens, now))
            retry_after_ms = max(1, round((1 - tokens) / self._rate * 1000))
            return errors.variant_switch_rate_limited(active, variant or "", retry_after_ms)
        self._remember(principal, (variant, tokens - 1, now))
        return None

    def _remember(self, principal: Hashable, state: tuple[str | None, float, float]) -> None:
        # The key, the variant id (the server's own, shared) and the state tuple.
        self._state.put(principal, state, size=json_size(principal) + 160)

    def __len__(self) -> int:
        """How many principals are tracked."""
        return len(self._state)
