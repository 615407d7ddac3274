"""Server variants: ranking, the advertised list, resolution and client selection."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from collections.abc import Hashable, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mcp_ext.models import ServerVariant, VariantDeprecationInfo

from negotiation.variants import (
    HEADER,
    META_KEY,
    RankingCache,
    SelectionContext,
    VariantAdvertiser,
    VariantResolver,
    parse_available_variants,
    rank_variants,
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
    as_variants,
)

TABLE = [
    Variant("compact", "", {"contextSize": "compact"}),
    Variant("generic-plan", "", {"modelFamily": "any", "useCase": "planning"}),
    Variant("claude-execute", "", {"modelFamily": "anthropic", "useCase": "execution"}),
    Variant("claude-plan", "", {"modelFamily": "anthropic", "useCase": "planning"}),
]
TABLE_HINTS = ClientHints.from_wire(
    {"hints": {"modelFamily": "anthropic", "useCase": ["planning", "execution"]}}
)
# The same, with the description that makes a pluggable ranker worth asking.
DESCRIBED = ClientHints.from_wire(
    {
        "description": "a Claude planning agent",
        "hints": {"modelFamily": "anthropic", "useCase": ["planning", "execution"]},
    }
)


def test_the_spec_ranking_table() -> None:
    ranked = rank_variants(TABLE, TABLE_HINTS)
    assert [v.id for v in ranked] == ["claude-plan", "claude-execute", "generic-plan", "compact"]
    assert score_variants(ranked, TABLE_HINTS) == [200, 190, 150, 20]


@pytest.mark.parametrize(
    ("variant", "hints", "score"),
    [
        (
            Variant("a", "", {"contextSize": "compact"}),
            {"contextSize": ["standard", "compact"]},
            35 + 20,
        ),
        (Variant("a", "", {"contextSize": "standard"}), {"contextSize": "standard"}, 40 + 20),
        (
            Variant("a", "", {"useCase": "chat"}, "deprecated"),
            {"useCase": ["x", "y", "chat"]},
            60 - 100,
        ),
        (Variant("a", "", {}, "experimental"), {}, 0),
        (
            # modelFamily lists are in order of preference: the second choice scores 90.
            Variant("a", "", {"modelFamily": "openai"}),
            {"modelFamily": ["anthropic", "openai"]},
            90 + 20,
        ),
        (
            Variant("a", "", {"modelFamily": "anthropic"}),
            {"modelFamily": ["anthropic", "openai"]},
            100 + 20,
        ),
        (Variant("a", "", {}), {}, 20),  # no modelFamily on either side is no match
        (Variant("a", "", {"modelFamily": "any"}), {"modelFamily": "local"}, 70),
    ],
)
def test_scoring_rules(variant: Variant, hints: dict[str, Any], score: int) -> None:
    assert score_variants([variant], ClientHints.from_wire({"hints": hints})) == [score]


def test_ties_go_to_stable_then_keep_the_original_order() -> None:
    # The experimental variant's contextSize match (40 - 5 * 4) equals stable's +20.
    experimental = Variant("exp", "", {"contextSize": "compact"}, "experimental")
    stable_a = Variant("a", "", {})
    stable_b = Variant("b", "", {})
    hints = ClientHints.from_wire({"hints": {"contextSize": ["x", "y", "z", "w", "compact"]}})
    assert score_variants([experimental], hints) == [20]
    ranked = rank_variants([experimental, stable_a, stable_b], hints)
    assert [v.id for v in ranked] == ["a", "b", "exp"]


def test_ranking_100k_variants_is_linear_enough() -> None:
    rng = random.Random(7)
    variants = [
        Variant(
            f"v{i}",
            "",
            {
                "modelFamily": rng.choice(["anthropic", "openai", "any"]),
                "useCase": rng.choice(["planning", "execution", "chat"]),
                "contextSize": rng.choice(["compact", "standard"]),
            },
            rng.choice(["stable", "experimental", "deprecated"]),
        )
        for i in range(100_000)
    ]
    ranked = rank_variants(variants, TABLE_HINTS)
    scores = score_variants(ranked, TABLE_HINTS)
    assert scores == sorted(scores, reverse=True)
    assert len({v.id for v in ranked}) == 100_000


def test_variants_round_trip_the_wire() -> None:
    wire = {
        "id": "v1-legacy",
        "description": "Legacy API (v1).",
        "hints": {"com.acme/apiGeneration": "v1", "contextSize": "compact"},
        "status": "deprecated",
        "deprecationInfo": {
            "message": "v1 API will be removed on 2026-06-01. Please migrate to v2-stable.",
            "replacement": "v2-stable",
            "removalDate": "2026-06-01",
        },
    }
    assert Variant.from_wire(wire).to_wire() == wire


@pytest.mark.parametrize(
    "wire",
    [
        {},
        {"id": "", "description": ""},
        {"id": "a"},
        {"id": "a", "description": "", "status": "beta"},
    ],
)
def test_malformed_variants_raise_value_error(wire: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Variant.from_wire(wire)


# --- advertised list ------------------------------------------------------------------

CATALOG = [
    Variant("exp-plan", "", {"modelFamily": "anthropic", "useCase": "planning"}, "experimental"),
    Variant("claude-plan", "", {"modelFamily": "anthropic", "useCase": "planning"}),
    Variant("claude-execute", "", {"modelFamily": "anthropic", "useCase": "execution"}),
    Variant("generic", "", {"modelFamily": "any"}),
    Variant("compact", "", {"contextSize": "compact"}),
    Variant("admin", "", {"modelFamily": "anthropic", "useCase": "planning"}),
    Variant("old", "", {}, "deprecated"),
]


def _admins_only(principal: Hashable, variant: Variant) -> bool:
    return variant.id != "admin" or principal == "root"


def test_first_advertised_variant_is_stable_unless_experimental_was_asked_for() -> None:
    hints = ClientHints.from_wire({"hints": {"modelFamily": "anthropic", "useCase": "planning"}})
    # exp-plan scores 180 but experimental; admin (stable, 200) is invisible to alice.
    advertiser = VariantAdvertiser(CATALOG, visible=_admins_only)
    ad = advertiser.advertise(hints, "alice")
    assert ad.variants[0].id == "claude-plan"
    assert "admin" not in ad.ids
    opted_in = ClientHints.from_wire(
        {"hints": {"modelFamily": "anthropic", "useCase": "planning", "status": ["experimental"]}}
    )
    only_exp = VariantAdvertiser([CATALOG[0], CATALOG[4]])
    assert only_exp.advertise(opted_in).variants[0].id == "exp-plan"
    assert only_exp.advertise(hints).variants[0].id == "compact"


def test_the_list_is_limited_and_says_more_are_available() -> None:
    advertiser = VariantAdvertiser(CATALOG, visible=_admins_only)
    ad = advertiser.advertise(ClientHints(), "alice")
    assert len(ad.variants) == 5 and ad.more_available
    wire = ad.to_wire()
    assert wire["moreVariantsAvailable"] is True
    assert [v["id"] for v in wire["availableVariants"]] == list(ad.ids)
    assert len(set(ad.ids)) == len(ad.ids)
    small = VariantAdvertiser(CATALOG[1:3]).advertise(ClientHints())
    assert len(small.variants) == 2 and not small.more_available


def test_root_sees_the_admin_variant() -> None:
    hints = ClientHints.from_wire({"hints": {"modelFamily": "anthropic", "useCase": "planning"}})
    ad = VariantAdvertiser(CATALOG, visible=_admins_only).advertise(hints, "root")
    assert ad.variants[0].id == "claude-plan"  # tie with admin: original order
    assert "admin" in ad.ids


def test_no_visible_variants_omits_the_field() -> None:
    ad = VariantAdvertiser(CATALOG, visible=lambda p, v: False).advertise(ClientHints(), "x")
    assert ad.to_wire() == {}


def test_catalog_invariants_are_enforced() -> None:
    with pytest.raises(ValueError, match="unique"):
        VariantAdvertiser([Variant("a", ""), Variant("a", "")])
    with pytest.raises(ValueError, match="at least 2"):
        VariantAdvertiser(CATALOG, limit=1)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_ranking_cache_by_hints_and_principal_with_ttl() -> None:
    clock = FakeClock()
    cache = RankingCache(ttl_seconds=300, clock=clock)
    calls: list[Hashable] = []

    def visible(principal: Hashable, variant: Variant) -> bool:
        calls.append(principal)
        return True

    advertiser = VariantAdvertiser(CATALOG, visible=visible, cache=cache)
    first = advertiser.advertise(TABLE_HINTS, "alice")
    assert advertiser.advertise(TABLE_HINTS, "alice") is first
    assert calls.count("alice") == len(CATALOG)
    advertiser.advertise(TABLE_HINTS, "bob")
    advertiser.advertise(ClientHints(), "alice")
    assert len(cache) == 3
    clock.now += 299
    assert advertiser.advertise(TABLE_HINTS, "alice") is first
    clock.now += 2
    assert advertiser.advertise(TABLE_HINTS, "alice") is not first


def test_hints_digest_is_stable_and_order_insensitive_for_keys() -> None:
    a = ClientHints.from_wire({"hints": {"useCase": ["a", "b"], "modelFamily": "x"}})
    b = ClientHints.from_wire({"hints": {"modelFamily": ["x"], "useCase": ["a", "b"]}})
    c = ClientHints.from_wire({"hints": {"modelFamily": ["x"], "useCase": ["b", "a"]}})
    assert a.digest() == b.digest() != c.digest()


# --- pluggable ranker -----------------------------------------------------------------


def _run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_a_ranker_orders_and_missing_ids_follow_in_rule_order() -> None:
    async def ranker(variants: Sequence[Variant], hints: ClientHints) -> list[str]:
        return ["compact"]

    ranked = _run(rank_with_fallback(TABLE, DESCRIBED, ranker))
    assert [v.id for v in ranked] == ["compact", "claude-plan", "claude-execute", "generic-plan"]


def _ids(variants: Sequence[Variant | ServerVariant]) -> list[str]:
    return [v.id for v in variants]


@pytest.mark.parametrize("answer", [["nope"], ["compact", "compact"], "compact", None, [1]])
def test_a_ranker_with_unknown_or_bad_ids_falls_back_to_rules(answer: Any) -> None:
    async def ranker(variants: Sequence[Variant], hints: ClientHints) -> Any:
        return answer

    ranked = _run(rank_with_fallback(TABLE, DESCRIBED, ranker))
    assert _ids(ranked) == _ids(rank_variants(TABLE, DESCRIBED))


def test_a_failing_ranker_falls_back_to_rules() -> None:
    async def ranker(variants: Sequence[Variant], hints: ClientHints) -> list[str]:
        raise RuntimeError("model unavailable")

    ranked = _run(rank_with_fallback(TABLE, DESCRIBED, ranker))
    assert _ids(ranked) == _ids(rank_variants(TABLE, DESCRIBED))


def test_a_slow_ranker_times_out_and_falls_back_to_rules() -> None:
    async def ranker(variants: Sequence[Variant], hints: ClientHints) -> list[str]:
        await asyncio.Event().wait()  # never answers
        return []

    ranked = _run(rank_with_fallback(TABLE, DESCRIBED, ranker, timeout_seconds=0))
    assert _ids(ranked) == _ids(rank_variants(TABLE, DESCRIBED))


def test_advertise_async_applies_the_invariants_to_ranker_output() -> None:
    async def ranker(variants: Sequence[Variant], hints: ClientHints) -> list[str]:
        return ["exp-plan", "old"]

    advertiser = VariantAdvertiser(CATALOG, ranker=ranker, limit=3)
    ad = _run(advertiser.advertise_async(ClientHints(description="any client"), None))
    assert ad.ids[0] != "exp-plan" and ad.variants[0].status == "stable"
    assert len(ad.ids) == 3 and ad.more_available


def test_variants_llm_ranking_follows_the_spec_sample() -> None:
    """SEP-2053 "Intelligent Server Ranking (LLM-Assisted)": the ranker sees only
    variants that are not deprecated, and only for a client with a description; the
    rules rank everyone else. Deprecated variants follow last (the sample drops them)."""
    seen: list[list[str]] = []

    async def ranker(variants: Sequence[Variant], hints: ClientHints) -> list[str]:
        seen.append([v.id for v in variants])
        return [v.id for v in reversed(variants)]

    catalog = [*TABLE, Variant("legacy", "", {"modelFamily": "anthropic"}, "deprecated")]
    ranked = _run(rank_with_fallback(catalog, DESCRIBED, ranker))
    assert seen == [[v.id for v in TABLE]]  # never the deprecated one
    assert [v.id for v in ranked] == [*(v.id for v in reversed(TABLE)), "legacy"]
    undescribed = _run(rank_with_fallback(catalog, TABLE_HINTS, ranker))
    assert len(seen) == 1  # no description: the ranker is not asked
    assert _ids(undescribed) == _ids(rank_variants(catalog, TABLE_HINTS))


# --- resolution -----------------------------------------------------------------------

RESOLVER = VariantResolver(["claude-optimized", "compact"])


def test_default_is_the_first_variant() -> None:
    resolution = RESOLVER.resolve({}, None)
    assert (resolution.variant, resolution.source, resolution.ok) == (
        "claude-optimized",
        "default",
        True,
    )
    assert RESOLVER.resolve(None).variant == "claude-optimized"


def test_meta_selects_and_wins_over_the_header() -> None:
    meta = {META_KEY: "compact"}
    assert RESOLVER.resolve(meta).variant == "compact"
    both = RESOLVER.resolve(meta, header="claude-optimized")
    assert (both.variant, both.source) == ("compact", "meta")


def test_header_selects_when_meta_is_silent() -> None:
    resolution = RESOLVER.resolve({"progressToken": 1}, header=" compact ")
    assert (resolution.variant, resolution.source) == ("compact", "header")
    assert HEADER == "MCP-Server-Variant"


def test_unknown_variant_is_the_spec_error_with_visible_ids_only() -> None:
    resolution = RESOLVER.resolve({META_KEY: "unknown-variant"})
    assert not resolution.ok
    assert resolution.error == {
        "code": -32602,
        "message": "Invalid server variant",
        "data": {
            "requestedVariant": "unknown-variant",
            "availableVariants": ["claude-optimized", "compact"],
        },
    }
    hidden = VariantResolver(["a", "b"], disclose_ids=False).resolve({META_KEY: "admin"})
    assert hidden.error is not None and "availableVariants" not in hidden.error["data"]


def test_unknown_header_variant_is_also_rejected() -> None:
    resolution = RESOLVER.resolve({}, header="nope")
    assert resolution.error is not None and resolution.error["data"]["requestedVariant"] == "nope"


def test_server_without_variants() -> None:
    resolver = VariantResolver(None)
    rejected = resolver.resolve({META_KEY: "compact"})
    assert rejected.error == {"code": -32602, "message": "Server variants not supported"}
    assert resolver.resolve({}, header="compact") == resolver.resolve({})
    assert resolver.resolve({}).variant is None and resolver.resolve({}).ok


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=8,
)


@given(
    meta=st.none()
    | st.dictionaries(st.sampled_from([META_KEY, "x"]), json_values, max_size=2)
    | json_values,
    header=st.none() | st.text(max_size=30),
)
def test_resolution_never_raises(meta: Any, header: str | None) -> None:
    for resolver in (RESOLVER, VariantResolver(None), VariantResolver(["a"], disclose_ids=False)):
        resolution = resolver.resolve(meta, header)
        assert (resolution.error is None) == resolution.ok
        if resolution.ok and resolver.supported:
            assert resolution.variant in {"claude-optimized", "compact", "a"}
        if resolution.error is not None:
            json.dumps(resolution.error)


def _reference_hints(raw: Any) -> tuple[str | None, dict[str, tuple[str, ...]], bool]:
    """What ``ClientHints.from_wire({"hints": raw, "description": raw})`` must read."""
    description = raw if isinstance(raw, str) and len(raw) <= 1024 else None
    malformed = raw is not None and description is None
    if not isinstance(raw, dict):
        return description, {}, malformed or raw is not None
    hints: dict[str, tuple[str, ...]] = {}
    for key, value in raw.items():
        values = [value] if isinstance(value, str) else value
        if not isinstance(values, list):
            malformed = True
            continue
        kept = tuple(v for v in values[:32] if isinstance(v, str) and len(v) <= 256)
        malformed = malformed or len(kept) != len(values)
        if kept:
            hints[key] = kept
    return description, hints, malformed


def _reference_score(variant: Variant, hints: dict[str, tuple[str, ...]]) -> int:
    score = {"stable": 20, "experimental": 0, "deprecated": -100}[variant.status]
    family = variant.hints.get("modelFamily")
    if family is not None and family in hints.get("modelFamily", ()):
        score += 100
    elif family == "any":
        score += 50
    use_cases = list(hints.get("useCase", ()))
    if variant.hints.get("useCase") in use_cases:
        score += 80 - 10 * use_cases.index(variant.hints["useCase"])
    sizes = list(hints.get("contextSize", ()))
    if variant.hints.get("contextSize") in sizes:
        score += 40 - 5 * sizes.index(variant.hints["contextSize"])
    return score


@given(st.dictionaries(st.text(max_size=8), json_values, max_size=4) | json_values)
def test_client_hints_parsing_never_raises(raw: Any) -> None:
    hints = ClientHints.from_wire({"hints": raw, "description": raw})
    description, expected, malformed = _reference_hints(raw)
    assert (hints.description, dict(hints.hints), hints.malformed) == (
        description,
        expected,
        malformed,
    )
    assert score_variants(CATALOG, hints) == [_reference_score(v, expected) for v in CATALOG]
    canonical = json.dumps(
        [description, sorted((k, list(v)) for k, v in expected.items())], separators=(",", ":")
    )
    assert hints.digest() == hashlib.sha256(canonical.encode()).hexdigest()


# --- client side ----------------------------------------------------------------------

OFFERED = parse_available_variants(
    {
        "availableVariants": [
            {
                "id": "claude-optimized",
                "description": "",
                "hints": {"useCase": "planning"},
                "status": "stable",
            },
            {"id": "debug", "description": "", "hints": {"useCase": "debugging"}},
            {"id": "compact", "description": "", "hints": {"contextSize": "compact"}},
            {"id": "compact", "description": "repeated"},
            {"id": 7},
        ],
        "moreVariantsAvailable": False,
    }
)


def test_parsing_advertised_variants_skips_bad_entries() -> None:
    assert [v.id for v in OFFERED] == ["claude-optimized", "debug", "compact"]
    assert parse_available_variants({"availableVariants": "x"}) == ()
    assert parse_available_variants({}) == ()


@pytest.mark.parametrize(
    ("context", "expected"),
    [
        (SelectionContext(), "claude-optimized"),
        (SelectionContext(remaining_tokens=9_999, mode="debugging"), "compact"),
        (SelectionContext(remaining_tokens=10_000, mode="debugging"), "debug"),
        (SelectionContext(mode="debugging", user_preferred_variant="compact"), "debug"),
        (SelectionContext(user_preferred_variant="compact"), "compact"),
        (SelectionContext(user_preferred_variant="hallucinated"), "claude-optimized"),
    ],
)
def test_rule_based_selection(context: SelectionContext, expected: str) -> None:
    assert select_variant(OFFERED, context) == expected


def test_no_variants_selects_none() -> None:
    assert select_variant((), SelectionContext(remaining_tokens=1)) is None


@pytest.mark.parametrize(
    ("answer", "expected"), [("debug", "debug"), ("made-up", "compact"), (None, "compact")]
)
def test_async_selector_answers_are_checked_against_the_list(answer: Any, expected: str) -> None:
    async def selector(available: Sequence[Variant], context: SelectionContext) -> Any:
        return answer

    context = SelectionContext(remaining_tokens=5)
    assert _run(select_with_fallback(OFFERED, context, selector)) == expected


def test_failing_or_slow_selector_falls_back() -> None:
    async def failing(available: Sequence[Variant], context: SelectionContext) -> str:
        raise RuntimeError

    async def silent(available: Sequence[Variant], context: SelectionContext) -> str:
        await asyncio.Event().wait()
        return "debug"

    assert _run(select_with_fallback(OFFERED, SelectionContext(), failing)) == "claude-optimized"
    assert (
        _run(select_with_fallback(OFFERED, SelectionContext(), silent, timeout_seconds=0))
        == "claude-optimized"
    )


def test_retry_once_without_a_variant() -> None:
    params = with_variant({"name": "x", "_meta": {"progressToken": 3}}, "gone")
    assert params["_meta"] == {"progressToken": 3, META_KEY: "gone"}
    rejection = RESOLVER.resolve({META_KEY: "gone"}).error
    retry = retry_without_variant(params, rejection)
    assert retry == {"name": "x", "_meta": {"progressToken": 3}}
    assert retry_without_variant(retry, rejection) is None  # once only: surface the error
    assert (
        retry_without_variant(
            with_variant({}, "a"), {"code": -32602, "message": "Server variants not supported"}
        )
        == {}
    )
    assert retry_without_variant(params, {"code": -32601, "message": "Method not found"}) is None
    assert retry_without_variant(params, "garbage") is None


# --- untrusted hints and the ranking cache ----------------------------------------------

PLANNING = {"hints": {"useCase": "planning"}}


@pytest.mark.parametrize(
    "raw",
    [
        [["hints", [["useCase", "planning"]]]],  # pairs, not an object
        {"hints": [["useCase", "planning"]]},
        {"hints": {"useCase": "x" * 2_000_000}},
        {"hints": {"useCase": ["planning", 7]}},
        {"hints": {"useCase": {"nested": "object"}}},
        {"hints": {f"k{i}": "v" for i in range(100)}},
        {"hints": {"useCase": ["v"] * 40}},
        {"description": "d" * 5000, "hints": {"useCase": "planning"}},
        {"description": 7},
        "planning",
    ],
)
def test_malformed_hints_are_flagged_and_never_cached(raw: object) -> None:
    hints = ClientHints.from_wire(raw)
    assert hints.malformed
    cache = RankingCache()
    advertiser = VariantAdvertiser(TABLE, cache=cache)
    advertiser.advertise(hints, "alice")
    assert len(cache) == 0 and cache.bytes_used == 0


def test_well_formed_hints_are_not_flagged() -> None:
    assert not ClientHints.from_wire(PLANNING).malformed
    assert not ClientHints.from_wire(None).malformed
    assert not ClientHints.from_wire({"description": "d", "hints": {"u": ["a", "b"]}}).malformed


def test_pairs_cannot_change_what_an_object_declaration_is_offered() -> None:
    advertiser = VariantAdvertiser(TABLE, cache=RankingCache())
    honest = advertiser.advertise(ClientHints.from_wire(PLANNING), "alice").ids
    advertiser.advertise(ClientHints.from_wire([["hints", [["useCase", "planning"]]]]), "alice")
    assert advertiser.advertise(ClientHints.from_wire(PLANNING), "alice").ids == honest
    assert honest[0] in {"generic-plan", "claude-plan"}


def test_ranking_cache_keys_principals_type_exactly() -> None:
    def visible(principal: Hashable, variant: Variant) -> bool:
        return principal is not True or variant.id != "compact"

    advertiser = VariantAdvertiser(TABLE, visible=visible, cache=RankingCache())
    assert "compact" in advertiser.advertise(ClientHints(), 1).ids
    assert "compact" not in advertiser.advertise(ClientHints(), True).ids  # True == 1


def test_ranking_cache_stays_within_its_byte_budget() -> None:
    cache = RankingCache(max_bytes=64 * 1024)
    advertiser = VariantAdvertiser(TABLE, cache=cache)
    for i in range(2000):
        advertiser.advertise(ClientHints(), f"principal-{i}-" + "p" * 200)
        assert cache.bytes_used <= 64 * 1024
    assert 50 < len(cache) < 200
    advertiser.advertise(ClientHints(), "p" * 100_000)  # over the entry bound: not kept
    assert cache.bytes_used <= 64 * 1024


def test_variants_hints_model_family_preference_order_ranks_the_first_choice_first() -> None:
    """SEP-2053: hint values may be "an array of strings (in order of preference)"."""
    from negotiation.variants import rank_variants

    variants = [
        Variant("gpt", "", {"modelFamily": "openai"}),
        Variant("claude", "", {"modelFamily": "anthropic"}),
        Variant("generic", "", {"modelFamily": "any"}),
    ]
    ranked = rank_variants(variants, {"hints": {"modelFamily": ["anthropic", "openai"]}})
    assert [v.id for v in ranked] == ["claude", "gpt", "generic"]
    ranked = rank_variants(variants, {"hints": {"modelFamily": ["openai", "anthropic"]}})
    assert [v.id for v in ranked] == ["gpt", "claude", "generic"]


def test_the_public_functions_return_the_generated_server_variant() -> None:
    given = [
        ServerVariant(id="a", description="A"),
        {"id": "b", "description": "B", "hints": {"useCase": "planning"}},
        Variant("c", "C", {}, "deprecated", DeprecationInfo("gone", "a", "2027-01-01")),
    ]
    ranked = rank_variants(given, {"hints": {"useCase": "planning"}})
    assert all(isinstance(v, ServerVariant) for v in ranked)
    assert _ids(ranked) == ["b", "a", "c"]
    assert ranked[1] is given[0]  # a given ServerVariant comes back as it is
    assert ranked[0] == ServerVariant(
        id="b", description="B", hints={"useCase": "planning"}, status="stable"
    )  # normalised: a status
    assert ranked[2].deprecation_info == VariantDeprecationInfo(
        message="gone", replacement="a", removal_date="2027-01-01"
    )
    parsed = parse_available_variants(
        {"availableVariants": [v.to_wire() for v in as_variants(given)]}
    )
    assert parsed == tuple(v.to_model() for v in as_variants(given))
    assert all(isinstance(v, ServerVariant) for v in parsed)
