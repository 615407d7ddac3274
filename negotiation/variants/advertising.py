"""The advertised list (``availableVariants``) a principal gets for a client's hints:
visibility first, then ranking, a stable default, a bound; and the ranking cache."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mcp_ext.models import ServerVariant

from negotiation._cache import BoundedCache, identity_key, json_size
from negotiation.variants._forms import (
    RANKING_CACHE_BYTES,
    HintsLike,
    NormalHints,
    NormalVariant,
    VariantLike,
    as_hints,
    as_variants,
    public_variants,
)
from negotiation.variants.ranking import AsyncRanker, rank_normal, ranked_with_fallback

__all__ = ["Advertisement", "RankingCache", "VariantAdvertiser", "Visibility"]

logger = logging.getLogger("negotiation.variants")


@dataclass(frozen=True, slots=True)
class Advertisement:
    """The ``availableVariants`` a principal gets, first = default."""

    variants: tuple[ServerVariant, ...]
    more_available: bool = False
    _normal: tuple[NormalVariant, ...] = field(default=(), repr=False, compare=False)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(variant.id for variant in self.variants)

    def to_wire(self) -> dict[str, Any]:
        """The extension settings; without variants the field is omitted, as the spec asks."""
        if not self.variants:
            return {}
        normal = self._normal or as_variants(self.variants)
        return {
            # The members of a variant the schema does not name are the author's: as given.
            "availableVariants": [
                {**variant.to_wire(), **(given.model_extra or {})}
                for variant, given in zip(normal, self.variants, strict=True)
            ],
            "moreVariantsAvailable": self.more_available,
        }


class RankingCache:
    """Rankings keyed by (hints digest, principal), expiring after ``ttl_seconds``,
    bounded to ``max_bytes`` (estimated). The principal is keyed type-exactly."""

    def __init__(
        self,
        ttl_seconds: float = 300.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_bytes: int = RANKING_CACHE_BYTES,
    ) -> None:
        self._ttl = ttl_seconds
        self._clock = clock
        self._entries: BoundedCache[tuple[str, Hashable], tuple[float, Advertisement]] = (
            BoundedCache(max_bytes, max_entry_bytes=max(1, max_bytes // 64))
        )

    def get(self, hints_digest: str, principal: Hashable) -> Advertisement | None:
        key = (hints_digest, identity_key(principal))
        entry = self._entries.get(key)
        if entry is None:
            return None
        expires, advertisement = entry
        if self._clock() >= expires:
            self._entries.discard(key)
            return None
        return advertisement

    def put(self, hints_digest: str, principal: Hashable, advertisement: Advertisement) -> None:
        key = (hints_digest, identity_key(principal))
        # The key, plus the advertisement's tuple (its variants are the server's own).
        size = 256 + json_size(key[1]) + 16 * len(advertisement.variants)
        self._entries.put(key, (self._clock() + self._ttl, advertisement), size=size)

    @property
    def bytes_used(self) -> int:
        return self._entries.bytes_used

    def __len__(self) -> int:
        return len(self._entries)


Visibility = Callable[[Hashable, ServerVariant], bool]
"""Whether a principal may see (and select) a variant."""


class VariantAdvertiser:
    """Builds the advertised list for one principal and the client's hints.

    Invariants: only variants ``visible(principal, variant)`` allows (filtered before
    ranking, so ranking leaks nothing); ids unique; first entry stable unless the
    client asked for experimental ones; at most ``limit`` entries (2–5 guidance) with
    ``moreVariantsAvailable`` set when the principal could see more.
    """

    def __init__(
        self,
        variants: Sequence[VariantLike],
        *,
        visible: Visibility | None = None,
        limit: int = 5,
        cache: RankingCache | None = None,
        ranker: AsyncRanker | None = None,
        ranker_timeout_seconds: float = 2.0,
    ) -> None:
        normal = as_variants(variants)
        ids = [variant.id for variant in normal]
        duplicates = (
            sorted({i for i in ids if ids.count(i) > 1}) if len(set(ids)) != len(ids) else []
        )
        if duplicates:
            raise ValueError(f"server variant ids must be unique; repeated: {duplicates}")
        if limit < 2:
            raise ValueError("advertise at least 2 variants (a default and a fallback)")
        self._variants = normal
        # The public form of each (the given object when it is one): what callbacks see.
        self._models = dict(zip(ids, public_variants(variants), strict=True))
        self._visible = visible
        self._limit = limit
        self._cache = cache
        self._ranker = ranker
        self._ranker_timeout = ranker_timeout_seconds

    def visible_to(self, principal: Hashable) -> tuple[ServerVariant, ...]:
        """The variants ``principal`` may see, in the server's order."""
        return tuple(self._models[v.id] for v in self._visible_to(principal))

    def _visible_to(self, principal: Hashable) -> tuple[NormalVariant, ...]:
        if self._visible is None:
            return self._variants
        models = self._models
        return tuple(v for v in self._variants if self._visible(principal, models[v.id]))

    def advertise(
        self, hints: HintsLike | NormalHints, principal: Hashable = None
    ) -> Advertisement:
        """Rule-based advertisement (cached when a cache was given)."""
        return self._advertise(as_hints(hints), principal)

    def _advertise(self, normal: NormalHints, principal: Hashable) -> Advertisement:
        cached = self._cached(normal, principal)
        if cached is not None:
            return cached
        candidates = self._visible_to(principal)
        ad = self._finish(rank_normal(candidates, normal), normal)
        # With a ranker the ranking is the ranker's to decide (advertise_async): a rule-based
        # one stored here would become the default of every later request.
        return self._store(normal, principal, ad) if self._ranker is None else ad

    async def advertise_async(
        self, hints: HintsLike | NormalHints, principal: Hashable = None
    ) -> Advertisement:
        """Like [`advertise()`][negotiation.variants.VariantAdvertiser.advertise], ranking with the pluggable ranker when there is one."""
        normal = as_hints(hints)
        if self._ranker is None:
            return self._advertise(normal, principal)
        cached = self._cached(normal, principal)
        if cached is not None:
            return cached
        candidates = self._visible_to(principal)
        ranked = await ranked_with_fallback(
            candidates, self._models, normal, self._ranker, timeout_seconds=self._ranker_timeout
        )
        return self._store(normal, principal, self._finish(ranked, normal))

    def decided(
        self, hints: HintsLike | NormalHints, principal: Hashable = None
    ) -> Advertisement | None:
        """The advertisement already decided (cached) for these hints and principal."""
        return self._cached(as_hints(hints), principal)

    async def rank_async(
        self, hints: HintsLike | NormalHints, principal: Hashable = None
    ) -> Advertisement:
        """A fresh ranking (the ranker's when there is one), neither read from nor stored
        in the cache: for a caller that decides where the ranking is kept."""
        normal = as_hints(hints)
        candidates = self._visible_to(principal)
        if self._ranker is None:
            return self._finish(rank_normal(candidates, normal), normal)
        ranked = await ranked_with_fallback(
            candidates, self._models, normal, self._ranker, timeout_seconds=self._ranker_timeout
        )
        return self._finish(ranked, normal)

    def from_ids(self, ids: Sequence[str], principal: Hashable = None) -> Advertisement | None:
        """The advertisement for a ranking decided elsewhere (another replica), or None
        when it names a variant this principal cannot see, repeats one or is too long."""
        visible = {variant.id: variant for variant in self._visible_to(principal)}
        if (
            not ids
            or len(ids) > self._limit
            or len(set(ids)) != len(ids)
            or any(i not in visible for i in ids)
        ):
            return None
        return self._advertisement([visible[i] for i in ids], len(visible) > len(ids))

    def remember(
        self, hints: HintsLike | NormalHints, principal: Hashable, ad: Advertisement
    ) -> None:
        """Keep ``ad`` as the decision for these hints and principal (when cached)."""
        self._store(as_hints(hints), principal, ad)

    def _cached(self, hints: NormalHints, principal: Hashable) -> Advertisement | None:
        if self._cache is None or hints.malformed:
            return None
        return self._cache.get(hints.digest(), principal)

    def _store(self, hints: NormalHints, principal: Hashable, ad: Advertisement) -> Advertisement:
        if self._cache is not None and not hints.malformed:  # never cache malformed hints
            self._cache.put(hints.digest(), principal, ad)
        return ad

    def _finish(self, ranked: list[NormalVariant], hints: NormalHints) -> Advertisement:
        if ranked and ranked[0].status != "stable" and not hints.wants_experimental:
            stable = next((i for i, v in enumerate(ranked) if v.status == "stable"), None)
            if stable is None:
                logger.warning("no stable variant is visible; the default will not be stable")
            else:
                ranked.insert(0, ranked.pop(stable))
        return self._advertisement(ranked[: self._limit], len(ranked) > self._limit)

    def _advertisement(self, normal: list[NormalVariant], more: bool) -> Advertisement:
        models = self._models
        return Advertisement(tuple(models[v.id] for v in normal), more, tuple(normal))
