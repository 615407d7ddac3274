"""Server variants (SEP-2053): ranking, the advertised list, per-request resolution and
client-side selection. Sans-IO: no transport, no clock or sleeping of its own.

Variants are not an authorization mechanism: visibility is the caller's callback,
evaluated before ranking, and servers must still authorize every operation.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from mcp_ext.models import (
    SERVER_VARIANT_HEADER,
    SERVER_VARIANT_META_KEY,
    SERVER_VARIANTS_EXTENSION_ID,
    ServerVariant,
)
from pydantic import BaseModel

from negotiation import errors
from negotiation._cache import BoundedCache, identity_key, json_size
from negotiation._wire import as_mapping, wire_get

__all__ = [
    "COMPACT_TOKEN_THRESHOLD",
    "EXTENSION_ID",
    "HEADER",
    "MAX_HINT_DESCRIPTION",
    "MAX_HINT_KEYS",
    "MAX_HINT_LENGTH",
    "MAX_HINT_VALUES",
    "META_KEY",
    "RANKING_CACHE_BYTES",
    "Advertisement",
    "AsyncRanker",
    "AsyncSelector",
    "ClientHints",
    "DeprecationInfo",
    "HintsLike",
    "RankingCache",
    "SelectionContext",
    "Variant",
    "VariantAdvertiser",
    "VariantLike",
    "VariantResolution",
    "VariantResolver",
    "as_hints",
    "as_variant",
    "as_variants",
    "extension_settings",
    "is_variant_rejection",
    "parse_available_variants",
    "public_variants",
    "rank_variants",
    "rank_with_fallback",
    "retry_without_variant",
    "score_variants",
    "select_variant",
    "select_with_fallback",
    "with_variant",
]

EXTENSION_ID = SERVER_VARIANTS_EXTENSION_ID
META_KEY = SERVER_VARIANT_META_KEY
HEADER = SERVER_VARIANT_HEADER
COMPACT_TOKEN_THRESHOLD = 10_000

logger = logging.getLogger(__name__)

Status = Literal["stable", "experimental", "deprecated"]
_STATUSES: dict[object, Status] = {
    "stable": "stable",
    "experimental": "experimental",
    "deprecated": "deprecated",
}
# Client hints are untrusted: bound what one declaration can make the ranker do.
# Anything past these is dropped and the hints count as malformed (never cached).
MAX_HINT_KEYS = 64
MAX_HINT_VALUES = 32  # per key
MAX_HINT_LENGTH = 256  # characters, of a key or a value
MAX_HINT_DESCRIPTION = 1024  # characters
RANKING_CACHE_BYTES = 2 * 1024 * 1024


# --- the protocol objects -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeprecationInfo:
    message: str
    replacement: str | None = None
    removal_date: str | None = None

    def to_wire(self) -> dict[str, str]:
        wire = {"message": self.message}
        if self.replacement is not None:
            wire["replacement"] = self.replacement
        if self.removal_date is not None:
            wire["removalDate"] = self.removal_date
        return wire


@dataclass(frozen=True, slots=True)
class Variant:
    """A ``ServerVariant``, normalised for ranking (hints of strings only, a status
    always). What the public functions return is the generated
    ``mcp_ext.ServerVariant`` ([`to_model()`][negotiation.variants.Variant.to_model])."""

    id: str
    description: str
    hints: Mapping[str, str] = field(default_factory=dict)
    status: Status = "stable"
    deprecation: DeprecationInfo | None = None

    @classmethod
    def from_wire(cls, obj: object) -> Variant:
        """Read a ``ServerVariant`` mapping or model; ``ValueError`` if it is malformed."""
        variant_id = wire_get(obj, "id")
        description = wire_get(obj, "description")
        if not isinstance(variant_id, str) or not variant_id:
            raise ValueError("a server variant needs a non-empty string 'id'")
        if not isinstance(description, str):
            raise ValueError(f"server variant {variant_id!r} needs a string 'description'")
        raw_hints = as_mapping(wire_get(obj, "hints")) or {}
        hints = {k: v for k, v in raw_hints.items() if isinstance(k, str) and isinstance(v, str)}
        raw_status = wire_get(obj, "status") or "stable"
        status = _STATUSES.get(raw_status) if isinstance(raw_status, str) else None
        if status is None:
            raise ValueError(f"server variant {variant_id!r} has unknown status {raw_status!r}")
        deprecation = None
        info = wire_get(obj, "deprecationInfo")
        if info is not None:
            message = wire_get(info, "message")
            if not isinstance(message, str):
                raise ValueError(f"server variant {variant_id!r}: deprecationInfo needs a message")
            replacement = wire_get(info, "replacement")
            removal = wire_get(info, "removalDate")
            deprecation = DeprecationInfo(
                message,
                replacement if isinstance(replacement, str) else None,
                removal if isinstance(removal, str) else None,
            )
        return cls(variant_id, description, hints, status, deprecation)

    def to_model(self) -> ServerVariant:
        """The generated ``mcp_ext.ServerVariant`` of this variant."""
        return ServerVariant.model_validate(self.to_wire())

    def to_wire(self) -> dict[str, Any]:
        wire: dict[str, Any] = {"id": self.id, "description": self.description}
        if self.hints:
            wire["hints"] = dict(self.hints)
        wire["status"] = self.status
        if self.deprecation is not None:
            wire["deprecationInfo"] = self.deprecation.to_wire()
        return wire


@dataclass(frozen=True, slots=True)
class ClientHints:
    """The client's ``VariantHints``, normalised: every hint is an ordered tuple.

    A client asks for experimental variants first by listing ``"experimental"`` under
    the ``status`` hint (the spec leaves the spelling open).
    """

    description: str | None = None
    hints: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    malformed: bool = False
    """Something was dropped reading the wire (a wrong type, a limit exceeded)."""

    @classmethod
    def from_wire(cls, obj: object) -> ClientHints:
        """Read untrusted ``VariantHints``; malformed parts are dropped, never raised."""
        if obj is None:
            return cls()
        mapping = as_mapping(obj)
        if mapping is None:
            return cls(malformed=True)
        malformed = False
        description = mapping.get("description")
        if description is not None and (
            not isinstance(description, str) or len(description) > MAX_HINT_DESCRIPTION
        ):
            description, malformed = None, True
        raw_hints = mapping.get("hints")
        raw = as_mapping(raw_hints)
        if raw is None:
            raw, malformed = {}, malformed or raw_hints is not None
        if len(raw) > MAX_HINT_KEYS:
            malformed = True
        hints: dict[str, tuple[str, ...]] = {}
        for key, value in list(raw.items())[:MAX_HINT_KEYS]:
            values = [value] if isinstance(value, str) else value
            if (
                not isinstance(key, str)
                or len(key) > MAX_HINT_LENGTH
                or not isinstance(values, list | tuple)
            ):
                malformed = True
                continue
            kept = tuple(
                v
                for v in values[:MAX_HINT_VALUES]
                if isinstance(v, str) and len(v) <= MAX_HINT_LENGTH
            )
            if len(kept) != len(values):
                malformed = True
            if kept:
                hints[key] = kept
        return cls(description, hints, malformed)

    @property
    def wants_experimental(self) -> bool:
        return "experimental" in self.hints.get("status", ())

    def digest(self) -> str:
        """A stable hash of the hints, for caching rankings."""
        canonical = json.dumps(
            [self.description, sorted((k, list(v)) for k, v in self.hints.items())],
            separators=(",", ":"),
        )
        return hashlib.sha256(canonical.encode()).hexdigest()


VariantLike = Variant | BaseModel | Mapping[str, Any]
"""A variant as this module accepts it: a [`Variant`][negotiation.variants.Variant], the generated
``mcp_ext.ServerVariant`` or its wire mapping."""
HintsLike = ClientHints | BaseModel | Mapping[str, Any] | None
"""Client hints: [`ClientHints`][negotiation.variants.ClientHints], the generated ``mcp_ext.VariantHints``, its wire
mapping, or None (no hints)."""


def as_variant(obj: object) -> Variant:
    """``obj`` as a [`Variant`][negotiation.variants.Variant]; TypeError for anything but a variant or its wire form."""
    if isinstance(obj, Variant):
        return obj
    if isinstance(obj, BaseModel | Mapping):
        return Variant.from_wire(obj)
    raise TypeError(
        "expected a negotiation.variants.Variant, an mcp_ext.ServerVariant or its wire "
        f"mapping, not {type(obj).__name__}"
    )


def as_variants(variants: object) -> tuple[Variant, ...]:
    """A sequence of variants (any [`VariantLike`][negotiation.variants.VariantLike]) as [`Variant`][negotiation.variants.Variant] objects."""
    if isinstance(variants, str | bytes | Mapping | BaseModel) or not isinstance(
        variants, Sequence
    ):
        raise TypeError(f"expected a sequence of server variants, not {type(variants).__name__}")
    return tuple(as_variant(v) for v in variants)


def public_variants(given: Sequence[VariantLike]) -> tuple[ServerVariant, ...]:
    """``given`` as the public ``mcp_ext.ServerVariant``, in order: a ``ServerVariant``
    is returned as it is, anything else (checked as [`as_variants()`][negotiation.variants.as_variants] does) converted."""
    return tuple(
        obj if isinstance(obj, ServerVariant) else variant.to_model()
        for obj, variant in zip(given, as_variants(given), strict=True)
    )


def as_hints(obj: object) -> ClientHints:
    """``obj`` as [`ClientHints`][negotiation.variants.ClientHints]; TypeError for anything but hints or their wire form."""
    if isinstance(obj, ClientHints):
        return obj
    if obj is None or isinstance(obj, BaseModel | Mapping):
        return ClientHints.from_wire(obj)
    raise TypeError(
        "expected negotiation.variants.ClientHints, an mcp_ext.VariantHints or its wire "
        f"mapping, not {type(obj).__name__}"
    )


# --- server-side ranking --------------------------------------------------------------

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


def _scores(variants: Sequence[Variant], hints: ClientHints) -> list[int]:
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

    Accepts ``mcp_ext.ServerVariant`` objects (or [`Variant`][negotiation.variants.Variant], or wire mappings) and
    ``mcp_ext.VariantHints`` (or [`ClientHints`][negotiation.variants.ClientHints]); anything else raises TypeError
    naming the expected type. Returns ``mcp_ext.ServerVariant`` objects (the given ones
    where they are).
    """
    normal = as_variants(variants)
    ranked = _rank(normal, as_hints(hints))
    models = dict(zip(map(id, normal), public_variants(variants), strict=True))
    return [models[id(variant)] for variant in ranked]


def _rank(variants: Sequence[Variant], hints: ClientHints) -> list[Variant]:
    scores = _scores(variants, hints)
    # One integer per variant: score first, stability as the tie-breaker. The sort is
    # stable, so equal keys keep their original order.
    keys = [
        -(2 * score + (variant.status == "stable"))
        for score, variant in zip(scores, variants, strict=True)
    ]
    return [variants[i] for i in sorted(range(len(variants)), key=keys.__getitem__)]


AsyncRanker = Callable[[Sequence[Variant], ClientHints], Awaitable[Sequence[str]]]
"""A pluggable (e.g. LLM-backed) ranker: variant ids, best first."""


async def rank_with_fallback(
    variants: Sequence[Variant],
    hints: ClientHints,
    ranker: AsyncRanker,
    *,
    timeout_seconds: float = 2.0,
) -> list[Variant]:
    """Rank with ``ranker``, as SEP-2053's "Intelligent Server Ranking" sample does: the
    ranker sees only the variants that are not deprecated, and only when the client gave
    a ``description`` (else the rules rank). Fall back to the rules on an error, a
    timeout, an unknown or repeated id. Variants the ranker leaves out follow in rule
    order, then the deprecated ones (the sample drops them; we keep them last, so a
    client can still find their migration guidance)."""
    normal = as_variants(variants)
    ruled = _rank(normal, hints)  # the fallback, and the order of what is left
    if not hints.description:
        return ruled
    candidates = [variant for variant in normal if variant.status != "deprecated"]
    try:
        ranked_ids = await asyncio.wait_for(ranker(candidates, hints), timeout_seconds)
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


# --- the advertised list --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Advertisement:
    """The ``availableVariants`` a principal gets, first = default."""

    variants: tuple[Variant, ...]
    more_available: bool = False

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(variant.id for variant in self.variants)

    def to_wire(self) -> dict[str, Any]:
        """The extension settings; without variants the field is omitted, as the spec asks."""
        if not self.variants:
            return {}
        return {
            "availableVariants": [variant.to_wire() for variant in self.variants],
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


Visibility = Callable[[Hashable, Variant], bool]


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
        variants = as_variants(variants)
        ids = [variant.id for variant in variants]
        duplicates = (
            sorted({i for i in ids if ids.count(i) > 1}) if len(set(ids)) != len(ids) else []
        )
        if duplicates:
            raise ValueError(f"server variant ids must be unique; repeated: {duplicates}")
        if limit < 2:
            raise ValueError("advertise at least 2 variants (a default and a fallback)")
        self._variants = tuple(variants)
        self._visible = visible
        self._limit = limit
        self._cache = cache
        self._ranker = ranker
        self._ranker_timeout = ranker_timeout_seconds

    def visible_to(self, principal: Hashable) -> tuple[Variant, ...]:
        if self._visible is None:
            return self._variants
        return tuple(v for v in self._variants if self._visible(principal, v))

    def advertise(self, hints: HintsLike, principal: Hashable = None) -> Advertisement:
        """Rule-based advertisement (cached when a cache was given)."""
        hints = as_hints(hints)
        cached = self._cached(hints, principal)
        if cached is not None:
            return cached
        candidates = self.visible_to(principal)
        ad = self._finish(_rank(candidates, hints), hints)
        # With a ranker the ranking is the ranker's to decide (advertise_async): a rule-based
        # one stored here would become the default of every later request.
        return self._store(hints, principal, ad) if self._ranker is None else ad

    async def advertise_async(self, hints: HintsLike, principal: Hashable = None) -> Advertisement:
        """Like [`advertise()`][negotiation.variants.VariantAdvertiser.advertise], ranking with the pluggable ranker when there is one."""
        hints = as_hints(hints)
        if self._ranker is None:
            return self.advertise(hints, principal)
        cached = self._cached(hints, principal)
        if cached is not None:
            return cached
        candidates = self.visible_to(principal)
        ranked = await rank_with_fallback(
            candidates, hints, self._ranker, timeout_seconds=self._ranker_timeout
        )
        return self._store(hints, principal, self._finish(ranked, hints))

    def decided(self, hints: HintsLike, principal: Hashable = None) -> Advertisement | None:
        """The advertisement already decided (cached) for these hints and principal."""
        return self._cached(as_hints(hints), principal)

    async def rank_async(self, hints: HintsLike, principal: Hashable = None) -> Advertisement:
        """A fresh ranking (the ranker's when there is one), neither read from nor stored
        in the cache: for a caller that decides where the ranking is kept."""
        hints = as_hints(hints)
        candidates = self.visible_to(principal)
        if self._ranker is None:
            return self._finish(_rank(candidates, hints), hints)
        ranked = await rank_with_fallback(
            candidates, hints, self._ranker, timeout_seconds=self._ranker_timeout
        )
        return self._finish(ranked, hints)

    def from_ids(self, ids: Sequence[str], principal: Hashable = None) -> Advertisement | None:
        """The advertisement for a ranking decided elsewhere (another replica), or None
        when it names a variant this principal cannot see, repeats one or is too long."""
        visible = {variant.id: variant for variant in self.visible_to(principal)}
        if (
            not ids
            or len(ids) > self._limit
            or len(set(ids)) != len(ids)
            or any(i not in visible for i in ids)
        ):
            return None
        return Advertisement(tuple(visible[i] for i in ids), len(visible) > len(ids))

    def remember(self, hints: HintsLike, principal: Hashable, ad: Advertisement) -> None:
        """Keep ``ad`` as the decision for these hints and principal (when cached)."""
        self._store(as_hints(hints), principal, ad)

    def _cached(self, hints: ClientHints, principal: Hashable) -> Advertisement | None:
        if self._cache is None or hints.malformed:
            return None
        return self._cache.get(hints.digest(), principal)

    def _store(self, hints: ClientHints, principal: Hashable, ad: Advertisement) -> Advertisement:
        if self._cache is not None and not hints.malformed:  # never cache malformed hints
            self._cache.put(hints.digest(), principal, ad)
        return ad

    def _finish(self, ranked: list[Variant], hints: ClientHints) -> Advertisement:
        if ranked and ranked[0].status != "stable" and not hints.wants_experimental:
            stable = next((i for i, v in enumerate(ranked) if v.status == "stable"), None)
            if stable is None:
                logger.warning("no stable variant is visible; the default will not be stable")
            else:
                ranked.insert(0, ranked.pop(stable))
        return Advertisement(tuple(ranked[: self._limit]), len(ranked) > self._limit)


# --- per-request resolution (server) ------------------------------------------------


@dataclass(frozen=True, slots=True)
class VariantResolution:
    """Which variant serves a request, or the error to answer with.

    ``variant`` is None when the server has no variants (its implicit default).
    """

    variant: str | None
    source: Literal["meta", "header", "default"]
    error: errors.JsonRpcError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def raise_for_error(self) -> None:
        """Raise the error as [`NegotiationError`][negotiation.errors.NegotiationError], if there is one."""
        if self.error is not None:
            raise errors.NegotiationError.from_wire(self.error)


class VariantResolver:
    """Resolves the variant of each request: ``_meta`` first, then the
    ``MCP-Server-Variant`` header (``_meta`` wins when both are present), else the
    first (default) variant.

    ``selectable`` are the ids this principal may use in this session, default first;
    empty or None means the server does not support variants. With
    ``disclose_ids=False`` (a principal that may not enumerate variants) the error data
    omits ``availableVariants``.
    """

    __slots__ = ("_default", "_disclosed", "_from_header", "_from_meta", "_ids")

    def __init__(
        self, selectable: Sequence[str | VariantLike] | None, *, disclose_ids: bool = True
    ) -> None:
        ids = tuple(v if isinstance(v, str) else as_variant(v).id for v in selectable or ())
        self._ids = ids
        self._disclosed = ids if disclose_ids else None
        self._from_meta = {i: VariantResolution(i, "meta") for i in ids}
        self._from_header = {i: VariantResolution(i, "header") for i in ids}
        self._default = VariantResolution(ids[0] if ids else None, "default")

    @property
    def supported(self) -> bool:
        return bool(self._ids)

    def resolve(self, meta: object = None, header: str | None = None) -> VariantResolution:
        """Never raises; an error is returned as ``VariantResolution.error``."""
        requested = wire_get(meta, META_KEY)
        if requested is not None:
            if not self._ids:
                return VariantResolution(None, "meta", errors.server_variants_not_supported())
            found = self._from_meta.get(requested) if isinstance(requested, str) else None
            return found or self._invalid(requested, "meta")
        if header is not None and self._ids:
            # The header is non-normative guidance; servers without variants ignore it.
            requested = header.strip() if isinstance(header, str) else None
            if requested:
                return self._from_header.get(requested) or self._invalid(requested, "header")
        return self._default

    def _invalid(self, requested: object, source: Literal["meta", "header"]) -> VariantResolution:
        # errors.echo caps what is repeated back (a non-string is described by type).
        return VariantResolution(
            None, source, errors.invalid_server_variant(requested, self._disclosed)
        )


def extension_settings(capabilities: object) -> object:
    """The server-variants settings in client or server ``capabilities``: under
    ``extensions`` (SEP-2053), else under ``experimental``, where the Go implementation
    (modelcontextprotocol/experimental-ext-variants) puts the same object. None when
    neither has it."""
    settings = wire_get(wire_get(capabilities, "extensions"), EXTENSION_ID)
    if settings is None:
        settings = wire_get(wire_get(capabilities, "experimental"), EXTENSION_ID)
    return settings


# --- client side ----------------------------------------------------------------------


def parse_available_variants(extension_settings: object) -> tuple[ServerVariant, ...]:
    """The variants a server advertised (its extension settings), as
    ``mcp_ext.ServerVariant`` objects; never raises.

    Malformed entries and repeated ids are dropped with a warning; an absent or empty
    list means the server supports no variants.
    """
    raw = wire_get(extension_settings, "availableVariants")
    if not isinstance(raw, list | tuple):
        return ()
    variants: list[Variant] = []
    seen: set[str] = set()
    for entry in raw:
        try:
            variant = Variant.from_wire(entry)
        except ValueError as problem:
            logger.warning("ignoring a malformed advertised variant: %s", problem)
            continue
        if variant.id in seen:
            logger.warning("ignoring repeated advertised variant id %r", variant.id)
            continue
        seen.add(variant.id)
        variants.append(variant)
    return tuple(variant.to_model() for variant in variants)


@dataclass(frozen=True, slots=True)
class SelectionContext:
    """What a client knows about its current task."""

    remaining_tokens: int | None = None
    mode: str | None = None
    user_preferred_variant: str | None = None


def select_variant(
    available: Sequence[VariantLike], context: SelectionContext | None = None
) -> str | None:
    """The spec's client rules, in order: fewer than 10 000 remaining tokens -> the first
    compact variant; a mode -> the first variant whose ``useCase`` is that mode; the
    user's preferred variant if offered; else the server's default. None when the
    server offers no variants. Accepts the generated ``mcp_ext.ServerVariant`` too."""
    if not available:
        return None
    available = as_variants(available)
    if context is None:
        context = SelectionContext()
    elif not isinstance(context, SelectionContext):
        raise TypeError(f"expected a SelectionContext, not {type(context).__name__}")
    if context.remaining_tokens is not None and context.remaining_tokens < COMPACT_TOKEN_THRESHOLD:
        for variant in available:
            if variant.hints.get("contextSize") == "compact":
                return variant.id
    if context.mode is not None:
        for variant in available:
            if variant.hints.get("useCase") == context.mode:
                return variant.id
    preferred = context.user_preferred_variant
    if preferred is not None and any(variant.id == preferred for variant in available):
        return preferred
    return available[0].id


AsyncSelector = Callable[[Sequence[Variant], SelectionContext], Awaitable[str | None]]
"""A pluggable (e.g. LLM-backed) client selector returning a variant id."""


async def select_with_fallback(
    available: Sequence[Variant],
    context: SelectionContext,
    selector: AsyncSelector,
    *,
    timeout_seconds: float = 2.0,
) -> str | None:
    """Ask ``selector``; its answer must be one of ``available``, else the rules decide
    (so a hallucinated id, an error or a timeout never reaches the wire)."""
    if not available:
        return None
    try:
        chosen = await asyncio.wait_for(selector(available, context), timeout_seconds)
    except Exception as problem:
        logger.warning("variant selector failed (%r); using rule-based selection", problem)
        return select_variant(available, context)
    if isinstance(chosen, str) and any(variant.id == chosen for variant in available):
        return chosen
    logger.warning("variant selector chose %r, which is not offered; using the rules", chosen)
    return select_variant(available, context)


def with_variant(params: Mapping[str, Any] | None, variant_id: str | None) -> dict[str, Any]:
    """Request params selecting ``variant_id`` in ``_meta`` (a copy; None selects none)."""
    new_params = dict(params or {})
    meta = dict(as_mapping(new_params.get("_meta")) or {})
    if variant_id is None:
        meta.pop(META_KEY, None)
    else:
        meta[META_KEY] = variant_id
    if meta:
        new_params["_meta"] = meta
    else:
        new_params.pop("_meta", None)
    return new_params


def _error_object(error: object) -> object:
    # An exception carrying the JSON-RPC error object (the SDK's MCPError: ``.error``).
    return getattr(error, "error", None) if isinstance(error, BaseException) else error


def is_variant_rejection(error: object) -> bool:
    """``Invalid server variant`` or ``Server variants not supported``. ``error`` is the
    JSON-RPC error object (a mapping or a model), or the SDK's ``MCPError``."""
    error = _error_object(error)
    return wire_get(error, "code") == errors.INVALID_PARAMS and wire_get(error, "message") in {
        "Invalid server variant",
        "Server variants not supported",
    }


def retry_without_variant(params: Mapping[str, Any] | None, error: object) -> dict[str, Any] | None:
    """The params to retry with after ``error``, or None to surface the error.

    On a variant rejection a client retries once without a variant (the server's
    default). The retry carries no variant, so a second rejection returns None: the
    "once" needs no extra state.
    """
    if not is_variant_rejection(error):
        return None
    meta = as_mapping((params or {}).get("_meta"))
    if meta is None or META_KEY not in meta:
        return None
    return with_variant(params, None)
