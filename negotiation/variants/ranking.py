"""Server-side ranking of variants for a client's hints: SEP-2053's rules, and a
pluggable (e.g. LLM-backed) ranker with the rules as its fallback."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence

from mcp_ext.models import ServerVariant, VariantHints

from negotiation.variants._forms import (
    HintsLike,
    NormalHints,
    NormalVariant,
    VariantLike,
    as_hints,
    as_variants,
    public_variants,
)

__all__ = ["AsyncRanker", "rank_variants", "rank_with_fallback", "score_variants"]

logger = logging.getLogger("negotiation.variants")


_STATUS_SCORE = {"stable": 20, "experimental": 0, "deprecated": -100}


def _preference_bonus(values: tuple[str, ...], top: int, step: int) -> dict[str, int]:
    bonus: dict[str, int] = {}
    for index, value in enumerate(values):
        bonus.setdefault(value, top - step * index)
    return bonus


def score_variants(variants: Sequence[VariantLike], hints: HintsLike) -> list[int]:
    """The spec's rule-based score of each variant (accepts the generated models too).

    ``modelFamily`` 100 − 10 × its index in the client's list on a match (a single
    family is index 0: the spec's +100; a list is in order of preference), else +50
    for a variant declaring ``any``; ``useCase`` 80 − 10 × its index in the client's
    list; ``contextSize`` 40 − 5 × its index; ``stable`` +20, ``deprecated`` −100. A
    variant without a hint never matches it (the spec's sample code would match two
    absent values), not even a client's empty-string value.
    """
    return _scores(as_variants(variants), as_hints(hints))


def _scores(variants: Sequence[NormalVariant], hints: NormalHints) -> list[int]:
    families = _preference_bonus(hints.hints.get("modelFamily", ()), 100, 10)
    use_case = _preference_bonus(hints.hints.get("useCase", ()), 80, 10)
    context_size = _preference_bonus(hints.hints.get("contextSize", ()), 40, 5)
    status_score = _STATUS_SCORE
    scores: list[int] = []
    append = scores.append
    for variant in variants:
        variant_hints = variant.hints
        score = status_score[variant.status]
        if variant_hints:
            family = variant_hints.get("modelFamily")
            if family is not None:
                if family in families:
                    score += families[family]
                elif family == "any":
                    score += 50
            # An absent hint never matches, not even a client's empty-string value.
            use = variant_hints.get("useCase")
            if use is not None:
                score += use_case.get(use, 0)
            size = variant_hints.get("contextSize")
            if size is not None:
                score += context_size.get(size, 0)
        append(score)
    return scores


def rank_variants(variants: Sequence[VariantLike], hints: HintsLike) -> list[ServerVariant]:
    """Variants by descending score; ties go to stable ones, then keep the given order.

    Accepts ``mcp_ext.ServerVariant`` objects (or their wire mappings) and
    ``mcp_ext.VariantHints`` (or its wire mapping); anything else raises TypeError naming
    the expected type. Returns ``mcp_ext.ServerVariant`` objects (the given ones where
    they are).
    """
    normal = as_variants(variants)
    ranked = rank_normal(normal, as_hints(hints))
    models = dict(zip(map(id, normal), public_variants(variants), strict=True))
    return [models[id(variant)] for variant in ranked]


def rank_normal(variants: Sequence[NormalVariant], hints: NormalHints) -> list[NormalVariant]:
    scores = _scores(variants, hints)
    # One integer per variant: score first, stability as the tie-breaker. The sort is
    # stable, so equal keys keep their original order.
    keys = [
        -(2 * score + (variant.status == "stable"))
        for score, variant in zip(scores, variants, strict=True)
    ]
    return [variants[i] for i in sorted(range(len(variants)), key=keys.__getitem__)]


AsyncRanker = Callable[[Sequence[ServerVariant], VariantHints], Awaitable[Sequence[str]]]
"""A pluggable (e.g. LLM-backed) ranker: given the candidate variants and the client's
hints (bounded, as read from the wire), their ids, best first."""


async def rank_with_fallback(
    variants: Sequence[VariantLike],
    hints: HintsLike,
    ranker: AsyncRanker,
    *,
    timeout_seconds: float = 2.0,
) -> list[ServerVariant]:
    """Rank with ``ranker``, as SEP-2053's "Intelligent Server Ranking" sample does: the
    ranker sees only the variants that are not deprecated, and only when the client gave
    a ``description`` (else the rules rank). Fall back to the rules on an error, a
    timeout, an unknown or repeated id. Variants the ranker leaves out follow in rule
    order, then the deprecated ones (the sample drops them; we keep them last, so a
    client can still find their migration guidance)."""
    normal = as_variants(variants)
    models = dict(zip(map(id, normal), public_variants(variants), strict=True))
    ranked = await ranked_with_fallback(
        normal,
        {variant.id: models[id(variant)] for variant in normal},
        as_hints(hints),
        ranker,
        timeout_seconds=timeout_seconds,
    )
    return [models[id(variant)] for variant in ranked]


async def ranked_with_fallback(
    normal: Sequence[NormalVariant],
    models: dict[str, ServerVariant],
    hints: NormalHints,
    ranker: AsyncRanker,
    *,
    timeout_seconds: float,
) -> list[NormalVariant]:
    """``rank_with_fallback()`` on normalised
    variants, ``models`` giving the public one of each id (what the ranker sees)."""
    ruled = rank_normal(normal, hints)  # the fallback, and the order of what is left
    if not hints.description:
        return ruled
    candidates = [variant for variant in normal if variant.status != "deprecated"]
    try:
        ranked_ids = await asyncio.wait_for(
            ranker([models[variant.id] for variant in candidates], hints.to_model()),
            timeout_seconds,
        )
    except Exception as problem:  # any failure of a pluggable ranker means "use the rules"
        logger.warning("variant ranker failed (%r); using rule-based ranking", problem)
        return ruled
    by_id = {variant.id: variant for variant in candidates}
    if (
        isinstance(ranked_ids, str | bytes)
        or not isinstance(ranked_ids, Sequence)
        or any(not isinstance(i, str) or i not in by_id for i in ranked_ids)
        or len(set(ranked_ids)) != len(ranked_ids)
    ):
        logger.warning("variant ranker returned unknown or repeated ids; using rule-based ranking")
        return ruled
    seen = set(ranked_ids)
    # Each variant's rule key is its own, so filtering the ruled order ranks any subset.
    missed = [v for v in ruled if v.status != "deprecated" and v.id not in seen]
    deprecated = [v for v in ruled if v.status == "deprecated"]
    return [by_id[i] for i in ranked_ids] + missed + deprecated
