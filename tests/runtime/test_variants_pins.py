"""Exact behaviour of server variants at their limits (pins found by mutation testing)."""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Hashable, Sequence
from typing import Any

import pytest
from mcp_ext.models import ServerVariant, VariantHints
from pydantic import BaseModel, ConfigDict

from negotiation._cache import identity_key, json_size
from negotiation.errors import NegotiationError
from negotiation.variants import (
    EXTENSION_ID,
    MAX_HINT_DESCRIPTION,
    MAX_HINT_KEYS,
    MAX_HINT_LENGTH,
    META_KEY,
    Advertisement,
    RankingCache,
    SelectionContext,
    VariantAdvertiser,
    VariantResolution,
    VariantResolver,
    extension_settings,
    is_variant_rejection,
    parse_available_variants,
    public_variants,
    rank_with_fallback,
    retry_without_variant,
    score_variants,
    select_variant,
    select_with_fallback,
    with_variant,
)
from negotiation.variants._forms import (
    NormalDeprecation as DeprecationInfo,
)
from negotiation.variants._forms import (
    NormalHints as ClientHints,
)
from negotiation.variants._forms import (
    NormalVariant as Variant,
)
from negotiation.variants._forms import (
    as_hints,
    as_variant,
    as_variants,
)

CATALOG = [  # the public type: what callbacks see and the advertiser returns, as given
    ServerVariant(id="a", description="", hints={"useCase": "planning"}),
    ServerVariant(id="b", description="", hints={"useCase": "execution"}),
    ServerVariant(id="secret", description="", hints={"useCase": "planning"}),
    ServerVariant(id="c", description="", hints={}),
]
PLANNING = ClientHints.from_wire({"hints": {"useCase": ["planning", "execution"]}})
# A pluggable ranker is consulted only for a client that describes itself (SEP-2053 sample).
DESCRIBED = ClientHints.from_wire(
    {"description": "a planner", "hints": {"useCase": ["planning", "execution"]}}
)


def _hide_secret(principal: Hashable, variant: ServerVariant) -> bool:
    return variant.id != "secret" or principal == "root"


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _reverse_ranker(calls: list[tuple[str, ...]]):  # type: ignore[no-untyped-def]
    async def rank(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
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


# --- pins from the full run of 2026-11-24 ------------------------------------------------


@pytest.mark.parametrize(
    ("wire", "message"),
    [
        ({"id": "", "description": ""}, "a server variant needs a non-empty string 'id'"),
        ({"id": 7, "description": ""}, "a server variant needs a non-empty string 'id'"),
        ({"id": "a"}, "server variant 'a' needs a string 'description'"),
        (
            {"id": "a", "description": "", "status": "beta"},
            "server variant 'a' has unknown status 'beta'",
        ),
        (
            {"id": "a", "description": "", "status": ["stable"]},
            "server variant 'a' has unknown status ['stable']",
        ),
        (
            {"id": "a", "description": "", "deprecationInfo": {"replacement": "b"}},
            "server variant 'a': deprecationInfo needs a message",
        ),
    ],
)
def test_a_malformed_variant_names_its_fault(wire: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError) as raised:
        Variant.from_wire(wire)
    assert str(raised.value) == message


def test_reading_a_variant_takes_null_deprecation_fields_as_absent() -> None:
    # A non-string hint or deprecation field is an error (tests/sdk/test_misuse_variants.py,
    # tests/sdk/test_deprecation_info.py).
    variant = Variant.from_wire(
        {
            "id": "a",
            "description": "d",
            "hints": {"useCase": "planning"},
            "status": "deprecated",
            "deprecationInfo": {"message": "m", "replacement": None, "removalDate": None},
        }
    )
    assert variant == Variant("a", "d", {"useCase": "planning"}, "deprecated", DeprecationInfo("m"))
    assert variant.to_wire() == {
        "id": "a",
        "description": "d",
        "hints": {"useCase": "planning"},
        "status": "deprecated",
        "deprecationInfo": {"message": "m"},
    }


def test_client_hints_limits_hold_at_the_limit_and_break_one_past_it() -> None:
    at_limit = ClientHints.from_wire(
        {
            "description": "d" * MAX_HINT_DESCRIPTION,
            "hints": {f"k{i}": "v" for i in range(MAX_HINT_KEYS - 1)}
            | {"k" * MAX_HINT_LENGTH: "v" * MAX_HINT_LENGTH},
        }
    )
    assert at_limit.malformed is False
    assert at_limit.description == "d" * MAX_HINT_DESCRIPTION
    assert len(at_limit.hints) == MAX_HINT_KEYS
    assert at_limit.hints["k" * MAX_HINT_LENGTH] == ("v" * MAX_HINT_LENGTH,)
    long_description = ClientHints.from_wire({"description": "d" * (MAX_HINT_DESCRIPTION + 1)})
    assert long_description == ClientHints(None, {}, True)
    too_many = ClientHints.from_wire({"hints": {f"k{i}": "v" for i in range(MAX_HINT_KEYS + 1)}})
    assert too_many.malformed is True and len(too_many.hints) == MAX_HINT_KEYS
    long_key = ClientHints.from_wire({"hints": {"k" * (MAX_HINT_LENGTH + 1): "v", "a": "b"}})
    assert long_key == ClientHints(None, {"a": ("b",)}, True)
    long_value = ClientHints.from_wire({"hints": {"a": ["v" * (MAX_HINT_LENGTH + 1), "b"]}})
    assert long_value == ClientHints(None, {"a": ("b",)}, True)
    odd_key = ClientHints.from_wire({"hints": {1: "v", "a": "b"}})
    assert odd_key == ClientHints(None, {"a": ("b",)}, True)
    assert ClientHints.from_wire({"hints": {"a": "b"}}).malformed is False


@pytest.mark.parametrize(
    ("convert", "given", "message"),
    [
        (as_variant, 5, "expected an mcp_ext.ServerVariant or its wire mapping, not int"),
        (as_variants, "ab", "expected a sequence of server variants, not str"),
        (as_variants, 5, "expected a sequence of server variants, not int"),
        (as_hints, 5, "expected an mcp_ext.VariantHints or its wire mapping, not int"),
    ],
)
def test_conversions_name_the_expected_type(convert: Any, given: object, message: str) -> None:
    with pytest.raises(TypeError) as raised:
        convert(given)
    assert str(raised.value) == message


def test_an_absent_hint_never_matches_an_empty_client_value() -> None:
    plain = Variant("plain", "", {"modelFamily": "x"})
    planning = Variant("planning", "", {"useCase": "planning", "contextSize": "compact"})
    hints = {"hints": {"useCase": ["", "planning"], "contextSize": ["", "compact"]}}
    assert score_variants([plain, planning], hints) == [20, 20 + 70 + 35]
    assert score_variants([plain], {"hints": {"useCase": "XXXX"}}) == [20]


def test_deprecated_variants_follow_in_rule_order_after_the_rankers_choice() -> None:
    old_plan = Variant("old-plan", "", {"useCase": "planning"}, "deprecated")
    old_exec = Variant("old-exec", "", {"useCase": "execution"}, "deprecated")
    seen: list[VariantHints] = []

    async def rank(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        seen.append(hints)
        return ["c"]

    hints = {"description": "d", "hints": {"useCase": "execution"}}
    ranked = asyncio.run(rank_with_fallback([old_plan, old_exec, CATALOG[3]], hints, rank))
    assert [v.id for v in ranked] == ["c", "old-exec", "old-plan"]
    assert ranked[0] is CATALOG[3]  # the given object, as given
    # The ranker gets the client's hints as the public model (each hint as a list).
    assert seen == [VariantHints(description="d", hints={"useCase": ["execution"]})]


def test_documented_default_timeouts_and_ttl() -> None:
    assert inspect.signature(rank_with_fallback).parameters["timeout_seconds"].default == 2.0
    assert inspect.signature(select_with_fallback).parameters["timeout_seconds"].default == 2.0
    advertiser = inspect.signature(VariantAdvertiser.__init__).parameters
    assert advertiser["ranker_timeout_seconds"].default == 2.0
    clock = _Clock()
    cache = RankingCache(clock=clock)
    cache.put("d", "p", Advertisement((CATALOG[0],)))
    clock.now = 100.0 + 299.999
    assert cache.get("d", "p") is not None
    clock.now = 100.0 + 300.0
    assert cache.get("d", "p") is None


def test_fallback_warnings_say_what_happened(caplog: pytest.LogCaptureFixture) -> None:
    async def failing(variants: Sequence[Variant], hints: ClientHints) -> list[str]:
        raise RuntimeError("down")

    async def unknown(variants: Sequence[Variant], hints: ClientHints) -> list[str]:
        return ["nope"]

    caplog.set_level(logging.WARNING, "negotiation.variants")
    asyncio.run(rank_with_fallback(CATALOG, DESCRIBED, failing))
    asyncio.run(rank_with_fallback(CATALOG, DESCRIBED, unknown))
    assert caplog.messages == [
        "variant ranker failed (RuntimeError('down')); using rule-based ranking",
        "variant ranker returned unknown or repeated ids; using rule-based ranking",
    ]


def test_a_ranking_cache_entry_costs_16_bytes_per_variant() -> None:
    cache = RankingCache()
    cache.put("d", "p", Advertisement((CATALOG[0], CATALOG[1], CATALOG[3])))
    assert cache.bytes_used == 256 + json_size(identity_key("p")) + 48


def test_repeated_ids_are_named_each_once() -> None:
    with pytest.raises(ValueError) as raised:
        VariantAdvertiser([*CATALOG, CATALOG[1], CATALOG[1], CATALOG[0]])
    assert str(raised.value) == "server variant ids must be unique; repeated: ['a', 'b']"


def test_the_advertisers_ranker_timeout_is_applied() -> None:
    async def reverse(variants: Sequence[Variant], hints: ClientHints) -> list[str]:
        return [v.id for v in reversed(variants)]

    # wait_for with 0 gives up before the ranker runs; the rules decide.
    rules = VariantAdvertiser(CATALOG, ranker=reverse, ranker_timeout_seconds=0)
    assert asyncio.run(rules.advertise_async(DESCRIBED)).ids == ("a", "secret", "b", "c")
    patient = VariantAdvertiser(CATALOG, ranker=reverse)
    assert asyncio.run(patient.advertise_async(DESCRIBED)).ids == ("c", "secret", "b", "a")


def test_the_async_path_without_a_ranker_applies_visibility() -> None:
    advertiser = VariantAdvertiser(CATALOG, visible=_hide_secret)
    assert asyncio.run(advertiser.advertise_async(PLANNING, "guest")).ids == ("a", "b", "c")
    assert asyncio.run(advertiser.advertise_async(PLANNING, "root")).ids == (
        "a",
        "secret",
        "b",
        "c",
    )


def test_the_async_path_keeps_an_experimental_default_the_client_asked_for() -> None:
    catalog = [Variant("s", "", {}), Variant("x", "", {}, "experimental")]

    async def experimental_first(variants: Sequence[Variant], hints: ClientHints) -> list[str]:
        return ["x", "s"]

    advertiser = VariantAdvertiser(catalog, ranker=experimental_first)
    asks = ClientHints.from_wire({"description": "d", "hints": {"status": "experimental"}})
    assert asyncio.run(advertiser.advertise_async(asks)).ids == ("x", "s")
    plain = ClientHints.from_wire({"description": "d"})
    assert asyncio.run(advertiser.advertise_async(plain)).ids == ("s", "x")


def test_no_stable_variant_visible_keeps_the_order_with_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    catalog = [Variant("x", "", {}, "experimental"), Variant("y", "", {}, "experimental")]
    caplog.set_level(logging.WARNING, "negotiation.variants")
    assert VariantAdvertiser(catalog).advertise(None).ids == ("x", "y")
    assert caplog.messages == ["no stable variant is visible; the default will not be stable"]


def test_a_resolution_error_raises_as_a_negotiation_error() -> None:
    VariantResolver(["a"]).resolve({META_KEY: "a"}).raise_for_error()  # ok: nothing raised
    with pytest.raises(NegotiationError) as raised:
        VariantResolver(["a"]).resolve({META_KEY: "z"}).raise_for_error()
    assert raised.value.code == -32602 and raised.value.message == "Invalid server variant"
    assert raised.value.data == {"requestedVariant": "z", "availableVariants": ["a"]}


class _Meta(BaseModel):
    model_config = ConfigDict(extra="allow")


def test_the_resolver_takes_variants_a_model_meta_and_ignores_a_non_string_header() -> None:
    resolver = VariantResolver([CATALOG[0], {"id": "b", "description": ""}])
    meta = _Meta.model_validate({META_KEY: "b"})
    assert resolver.resolve(meta) == VariantResolution("b", "meta")
    assert resolver.resolve(None, 5) == VariantResolution("a", "default")  # type: ignore[arg-type]


def test_settings_under_experimental_are_found_when_extensions_lack_them() -> None:
    settings: dict[str, object] = {"availableVariants": []}
    assert extension_settings({"experimental": {EXTENSION_ID: settings}}) is settings
    other = {"availableVariants": [{"id": "a", "description": ""}]}
    both = {"extensions": {EXTENSION_ID: other}, "experimental": {EXTENSION_ID: settings}}
    assert extension_settings(both) is other
    assert extension_settings({"experimental": {"other": settings}}) is None


def test_parsing_skips_each_bad_or_repeated_entry_with_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, "negotiation.variants")
    parsed = parse_available_variants(
        {
            "availableVariants": [
                {"id": "a", "description": ""},
                {"id": ""},
                {"id": "a", "description": "again"},
                {"id": "b", "description": ""},
                {"id": "b", "description": "again"},
            ]
        }
    )
    assert [(v.id, v.description) for v in parsed] == [("a", ""), ("b", "")]
    assert caplog.messages == [
        "ignoring a malformed advertised variant: a server variant needs a non-empty string 'id'",
        "ignoring repeated advertised variant id 'a'",
        "ignoring repeated advertised variant id 'b'",
    ]


def test_selection_without_a_context_is_the_default_and_a_bad_context_is_named() -> None:
    assert select_variant(CATALOG) == "a"
    with pytest.raises(TypeError) as raised:
        select_variant(CATALOG, {"mode": "x"})  # type: ignore[arg-type]
    assert str(raised.value) == "expected a SelectionContext, not dict"


def test_the_selector_sees_the_list_and_context_and_its_failures_are_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    calls: list[tuple[object, object]] = []
    context = SelectionContext(mode="execution")

    async def failing(available: Sequence[ServerVariant], ctx: SelectionContext) -> str:
        calls.append((available, ctx))
        raise RuntimeError("down")

    async def wrong(available: Sequence[ServerVariant], ctx: SelectionContext) -> str:
        return "zzz"

    caplog.set_level(logging.WARNING, "negotiation.variants")
    assert asyncio.run(select_with_fallback(CATALOG, context, failing)) == "b"
    assert calls == [(tuple(CATALOG), context)]  # the public objects, as given
    assert asyncio.run(select_with_fallback(CATALOG, context, wrong)) == "b"
    assert caplog.messages == [
        "variant selector failed (RuntimeError('down')); using rule-based selection",
        "variant selector chose 'zzz', which is not offered; using the rules",
    ]


def test_removing_an_absent_variant_keeps_the_params() -> None:
    assert with_variant({"_meta": {"progressToken": 1}}, None) == {"_meta": {"progressToken": 1}}
    assert with_variant({"cursor": "c"}, None) == {"cursor": "c"}
    assert with_variant(None, None) == {}


@pytest.mark.parametrize(
    ("old", "internal", "replacement"),
    [
        ("Variant", "NormalVariant", "mcp_ext.ServerVariant"),
        ("DeprecationInfo", "NormalDeprecation", "mcp_ext.VariantDeprecationInfo"),
        ("ClientHints", "NormalHints", "mcp_ext.VariantHints"),
        ("as_variant", "as_variant", "mcp_ext.ServerVariant.model_validate"),
        ("as_variants", "as_variants", "mcp_ext.ServerVariant.model_validate, per variant"),
        ("as_hints", "as_hints", "mcp_ext.VariantHints.model_validate"),
    ],
)
def test_the_runtimes_old_public_names_still_import_and_warn(
    old: str, internal: str, replacement: str
) -> None:
    """Public until 0.1: importable for one release, with a DeprecationWarning naming the
    generated model that replaces each (issue #22)."""
    import negotiation.variants as variants
    from negotiation.variants import _forms

    with pytest.warns(DeprecationWarning) as warned:
        value = getattr(variants, old)
    assert value is getattr(_forms, internal)
    assert str(warned[0].message) == (
        f"negotiation.variants.{old} is deprecated: use {replacement}, which every "
        "function of negotiation.variants takes and returns"
    )
    assert warned[0].filename == __file__  # blamed on the importer (stacklevel)
    assert old not in variants.__all__
    with pytest.raises(AttributeError, match="has no attribute 'Nonexistent'"):
        variants.Nonexistent  # noqa: B018


def test_a_ranker_sees_the_hints_the_client_gave_and_nothing_it_did_not() -> None:
    """Only a description: no ``hints`` member at all (not an empty one)."""
    seen: list[VariantHints] = []

    async def rank(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        seen.append(hints)
        return ["b"]

    ranked = asyncio.run(rank_with_fallback(CATALOG[:2], {"description": "d"}, rank))
    assert [v.id for v in ranked] == ["b", "a"]
    assert seen == [VariantHints(description="d")]
    assert seen[0].model_dump(exclude_unset=True) == {"description": "d"}
    # The normalised form of no hints at all reads back as an empty VariantHints.
    assert as_hints(None).to_model().model_dump(exclude_unset=True) == {}


def _record_waits(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[float]:
    """The timeouts ``module`` gives ``asyncio.wait_for``, recorded (no timed test)."""
    waits: list[float] = []
    real_wait_for = asyncio.wait_for

    async def recording(awaitable: Any, timeout: float) -> Any:
        waits.append(timeout)
        return await real_wait_for(awaitable, timeout)

    monkeypatch.setattr(module.asyncio, "wait_for", recording)
    return waits


def test_a_pluggable_ranker_is_given_two_seconds_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from negotiation.variants import ranking

    waits = _record_waits(monkeypatch, ranking)

    async def rank(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        return [v.id for v in variants]

    asyncio.run(rank_with_fallback(CATALOG[:2], {"description": "d"}, rank))
    asyncio.run(rank_with_fallback(CATALOG[:2], {"description": "d"}, rank, timeout_seconds=0.5))
    asyncio.run(VariantAdvertiser(CATALOG, ranker=rank).advertise_async(DESCRIBED))
    assert waits == [2.0, 0.5, 2.0]  # the advertiser's default too


def test_a_pluggable_selector_is_given_two_seconds_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from negotiation.variants import selection

    waits = _record_waits(monkeypatch, selection)

    async def pick(available: Sequence[ServerVariant], ctx: SelectionContext) -> str:
        return available[-1].id

    context = SelectionContext()
    assert asyncio.run(select_with_fallback(CATALOG, context, pick)) == "c"
    assert asyncio.run(select_with_fallback(CATALOG, context, pick, timeout_seconds=0.5)) == "c"
    assert waits == [2.0, 0.5]


def test_an_advertisement_built_by_hand_writes_its_variants_normalised() -> None:
    """``Advertisement(variants)`` without the advertiser's normalised copy: the wire still
    lists every variant with its status."""
    ad = Advertisement((CATALOG[0], CATALOG[3]), True)
    assert ad.to_wire() == {
        "availableVariants": [
            {"id": "a", "description": "", "hints": {"useCase": "planning"}, "status": "stable"},
            {"id": "c", "description": "", "status": "stable"},
        ],
        "moreVariantsAvailable": True,
    }
    assert ad.ids == ("a", "c")


def test_with_a_ranker_the_rule_based_advertisement_is_not_cached() -> None:
    """The ranker decides what is kept: a rule-based answer (``advertise``) stored in the
    cache would become the default of every later request."""

    async def rank(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        return [v.id for v in reversed(variants)]

    with_ranker = VariantAdvertiser(CATALOG, cache=RankingCache(), ranker=rank)
    assert with_ranker.advertise(DESCRIBED, "p").ids[0] == "a"
    assert with_ranker.decided(DESCRIBED, "p") is None
    without = VariantAdvertiser(CATALOG, cache=RankingCache())
    ad = without.advertise(DESCRIBED, "p")
    assert without.decided(DESCRIBED, "p") is ad


class _Carrier(Exception):
    """An exception carrying its JSON-RPC error object as ``.error``, as the SDK's
    ``MCPError`` does."""

    def __init__(self, error: object) -> None:
        super().__init__("carrier")
        self.error = error


def test_a_rejection_is_read_from_an_exception_that_carries_the_error_object() -> None:
    rejected = _Carrier({"code": -32602, "message": "Invalid server variant"})
    params = {"_meta": {META_KEY: "gone"}, "name": "t"}
    assert is_variant_rejection(rejected) is True
    assert retry_without_variant(params, rejected) == {"name": "t"}
    other = _Carrier({"code": -32602, "message": "Invalid params"})
    assert is_variant_rejection(other) is False
    # An exception without an error object is no rejection, whatever its text says.
    assert is_variant_rejection(ValueError("Invalid server variant")) is False
    assert retry_without_variant(params, ValueError("Invalid server variant")) is None


def test_the_advertisement_keeps_a_variants_own_members_exactly() -> None:
    extra = {"x-cost": None, "x-tier": {"k": None}}
    given = ServerVariant.model_validate({"id": "a", "description": "A.", **extra})
    plain = ServerVariant(id="b", description="B.", status="experimental")
    wire = VariantAdvertiser([given, plain]).advertise(None).to_wire()
    assert wire["availableVariants"] == [
        {"id": "a", "description": "A.", "status": "stable", **extra},
        {"id": "b", "description": "B.", "status": "experimental"},
    ]


def test_a_variant_given_as_a_mapping_keeps_its_own_members() -> None:
    extra = {"x-cost": None, "x-tier": {"k": None}}
    (public,) = public_variants([{"id": "a", "description": "A.", "hints": {"h": "v"}, **extra}])
    assert public.model_extra == extra
    assert public.hints == {"h": "v"} and public.status == "stable"
    wire = VariantAdvertiser([{"id": "a", "description": "A.", **extra}]).advertise(None)
    assert wire.to_wire()["availableVariants"] == [
        {"id": "a", "description": "A.", "status": "stable", **extra}
    ]
