"""Exact behaviour of server variants at their limits (pins found by mutation testing)."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable, Sequence

import pytest

from negotiation._cache import identity_key, json_size
from negotiation.variants import (
    META_KEY,
    Advertisement,
    ClientHints,
    RankingCache,
    Variant,
    VariantAdvertiser,
    VariantResolution,
    VariantResolver,
    is_variant_rejection,
    retry_without_variant,
)

CATALOG = [
    Variant("a", "", {"useCase": "planning"}),
    Variant("b", "", {"useCase": "execution"}),
    Variant("secret", "", {"useCase": "planning"}),
    Variant("c", "", {}),
]
PLANNING = ClientHints.from_wire({"hints": {"useCase": ["planning", "execution"]}})
# A pluggable ranker is consulted only for a client that describes itself (SEP-2053 sample).
DESCRIBED = ClientHints.from_wire(
    {"description": "a planner", "hints": {"useCase": ["planning", "execution"]}}
)


def _hide_secret(principal: Hashable, variant: Variant) -> bool:
    return variant.id != "secret" or principal == "root"


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _reverse_ranker(calls: list[tuple[str, ...]]):  # type: ignore[no-untyped-def]
    async def rank(variants: Sequence[Variant], hints: ClientHints) -> list[str]:
        calls.append(tuple(v.id for v in variants))
        return [v.id for v in reversed(variants)]

    return rank


def test_the_async_path_applies_visibility_uses_the_rankers_order_and_caches_per_principal() -> (
    None
):
    calls: list[tuple[str, ...]] = []
    advertiser = VariantAdvertiser(
        CATALOG, visible=_hide_secret, cache=RankingCache(), ranker=_reverse_ranker(calls)
    )
    guest = asyncio.run(advertiser.advertise_async(DESCRIBED, "guest"))
    assert guest == Advertisement((CATALOG[3], CATALOG[1], CATALOG[0]), False)
    assert calls == [("a", "b", "c")]  # the ranker never sees what the guest cannot
    root = asyncio.run(advertiser.advertise_async(DESCRIBED, "root"))
    assert root.ids == ("c", "secret", "b", "a")
    assert calls == [("a", "b", "c"), ("a", "b", "secret", "c")]
    again = asyncio.run(advertiser.advertise_async(DESCRIBED, "guest"))
    assert again is guest and len(calls) == 2  # answered from the guest's cache entry


def test_limit_2_and_more_available_only_past_the_limit() -> None:
    two = VariantAdvertiser(CATALOG[:2], limit=2).advertise(PLANNING)
    assert two == Advertisement((CATALOG[0], CATALOG[1]), False)
    assert two.to_wire()["moreVariantsAvailable"] is False
    three = VariantAdvertiser(CATALOG[:3], limit=2).advertise(PLANNING)
    assert three.ids == ("a", "secret") and three.more_available is True
    with pytest.raises(ValueError) as raised:
        VariantAdvertiser(CATALOG, limit=1)
    assert str(raised.value) == "advertise at least 2 variants (a default and a fallback)"


def test_ranking_cache_entries_expire_exactly_at_the_ttl() -> None:
    clock = _Clock()
    cache = RankingCache(10.0, clock=clock)
    ad = Advertisement((CATALOG[0],))
    cache.put("d", "p", ad)
    clock.now = 109.999
    assert cache.get("d", "p") is ad
    assert cache.get("d", "other") is None and cache.get("e", "p") is None
    clock.now = 110.0
    assert cache.get("d", "p") is None
    assert len(cache) == 0 and cache.bytes_used == 0  # the expired entry is dropped


def test_ranking_cache_sizes_entries_and_evicts_the_least_recently_used() -> None:
    one = Advertisement((CATALOG[0],))
    # the key's overhead, the principal's estimated size, 16 per variant
    size = 256 + json_size(identity_key(10)) + 16
    assert all(json_size(identity_key(p)) == size - 272 for p in range(10, 75))
    too_tight = RankingCache(max_bytes=64 * size - 1)  # an entry may take 1/64 of the budget
    too_tight.put("d", 10, one)
    assert len(too_tight) == 0
    cache = RankingCache(max_bytes=64 * size)
    for principal in range(10, 74):
        cache.put("d", principal, one)
    assert len(cache) == 64 and cache.bytes_used == 64 * size
    assert cache.get("d", 10) is one  # 10 is now the most recently used; 11 the least
    cache.put("d", 74, one)
    assert cache.get("d", 11) is None
    assert cache.get("d", 10) is one and cache.get("d", 74) is one
    assert cache.bytes_used == 64 * size


def test_the_resolution_names_its_source() -> None:
    resolver = VariantResolver(["a", "b"])
    assert resolver.resolve({META_KEY: "b"}) == VariantResolution("b", "meta")
    assert resolver.resolve(None, " b ") == VariantResolution("b", "header")
    assert resolver.resolve({META_KEY: "a"}, "b") == VariantResolution("a", "meta")
    assert resolver.resolve(None, "   ") == VariantResolution("a", "default")
    assert resolver.resolve() == VariantResolution("a", "default")
    assert VariantResolver(None).resolve(None, "b") == VariantResolution(None, "default")
    assert VariantResolver([]).resolve({META_KEY: "a"}) == VariantResolution(
        None, "meta", {"code": -32602, "message": "Server variants not supported"}
    )


@pytest.mark.parametrize(
    ("requested", "echoed"),
    [
        (7, "<a JSON number>"),
        ({"id": "a"}, "<a JSON object>"),
        ("z" * 256, "z" * 256),
        ("z" * 257, "z" * 256 + "…[1 more characters]"),
    ],
)
def test_an_unknown_variant_error_echoes_a_bounded_description(
    requested: object, echoed: str
) -> None:
    resolution = VariantResolver(["a", "b"]).resolve({META_KEY: requested})
    assert resolution == VariantResolution(
        None,
        "meta",
        {
            "code": -32602,
            "message": "Invalid server variant",
            "data": {"requestedVariant": echoed, "availableVariants": ["a", "b"]},
        },
    )
    hidden = VariantResolver(["a"], disclose_ids=False).resolve(None, "nope")
    assert hidden.source == "header"
    assert hidden.error is not None and hidden.error["data"] == {"requestedVariant": "nope"}


@pytest.mark.parametrize(
    ("error", "rejected"),
    [
        ({"code": -32602, "message": "Invalid server variant"}, True),
        ({"code": -32602, "message": "Server variants not supported"}, True),
        ({"code": -32602, "message": "Invalid cursor"}, False),
        ({"code": -32600, "message": "Invalid server variant"}, False),
        ({"message": "Invalid server variant"}, False),
        (None, False),
    ],
)
def test_only_the_two_variant_errors_are_rejections(error: object, rejected: bool) -> None:
    assert is_variant_rejection(error) is rejected
    params = {"_meta": {META_KEY: "a"}, "cursor": "c"}
    assert retry_without_variant(params, error) == ({"cursor": "c"} if rejected else None)
