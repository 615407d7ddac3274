"""The values of [`negotiation.engine`][negotiation.engine]: what an adapter hands the engine
(a [`Request`][negotiation.engine_parts.Request]), what it gets back (a view, a
[`Refusal`][negotiation.engine_parts.Refusal], a [`Listen`][negotiation.engine_parts.Listen]
binding), and the small pure helpers the engine's list handling uses.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Protocol

import pydantic_core
from mcp_ext.models import ServerVariant

from negotiation import variants as sv
from negotiation._wire import wire_dump
from negotiation.backplane import Backplane, principal_digest
from negotiation.declarations import Negotiated
from negotiation.errors import JsonRpcError, variant_switch_rate_limited
from negotiation.resources import ResourceRegistry
from negotiation.scopes import Kind
from negotiation.subscriptions import VariantSwitchLimiter
from negotiation.variants._forms import NormalHints, NormalVariant, VariantLike, as_variants
from negotiation.versioning import FIRST_MODERN_VERSION

__all__ = [
    "LIST_KINDS",
    "NO_DEFINITIONS",
    "RANKING_TTL_SECONDS",
    "RESOURCE_METADATA_EXTENSION_ID",
    "UNLIMITED",
    "Declared",
    "Definition",
    "LegacySession",
    "Listen",
    "Refusal",
    "Request",
    "Serving",
    "SharedSwitchLimit",
    "envelope",
    "ordered_variants",
    "restore",
    "shared_ranking",
    "unmatched_scope",
    "who",
]

logger = logging.getLogger("negotiation.sdk")
audit = logging.getLogger("negotiation.sdk.audit")

RANKING_TTL_SECONDS = 300.0  # the RankingCache's default: a ranking is decided anew after it

UNLIMITED: Any = object()
"""A request's ``bucket_key`` when it has no one to limit."""

RESOURCE_METADATA_EXTENSION_ID = "io.modelcontextprotocol/resources-metadata"
"""An SDK needs an extension to serve a new method; ``resources/metadata`` belongs to
the core ``resources`` capability, so this identifier is never advertised."""

LIST_KINDS = {"tools/list": "tool", "prompts/list": "prompt", "resources/list": "resource"}
_REGISTER = {"tool": "@mcp.tool()", "prompt": "@mcp.prompt()", "resource": "@mcp.resource(...)"}

# The Resource members a framework's list item may lack or change; the rest (uri, name,
# title, description, mimeType) it lists as given, and a variant may redescribe it.
_RESOURCE_MEMBERS = ("_meta", "size", "icons", "annotations")


class Request(NamedTuple):
    """What an adapter reads from its framework for one request; the engine never sees
    more. A tuple: immutable, and cheap to build on every request.

    ``capabilities`` are the client's (the session's in 2025-11-25, the request's in
    2026-07-28); ``header`` the ``MCP-Server-Variant`` HTTP header (None in process and
    over stdio); ``session_key`` what identifies a 2025-11-25 session; ``bucket_key``
    whose variant-switch bucket the request spends (read only when the engine
    [`limits_switches`][negotiation.engine.Negotiator.limits_switches]; `UNLIMITED`: no
    one's); ``ends_seen`` whether the adapter sees that session end (else nothing is kept
    for it). Plain values only: the framework's own objects stay with the adapter."""

    method: str
    params: Mapping[str, Any] | None = None
    protocol_version: str = FIRST_MODERN_VERSION
    principal: Hashable = None
    capabilities: object = None
    header: str | None = None
    session_key: Hashable = None
    bucket_key: Hashable = UNLIMITED
    ends_seen: bool = False


class Refusal(Exception):
    """The spec's error for a request the engine refuses: ``error`` is a JSON-RPC error
    object (``code``, ``message``, ``data``), for the adapter to answer with."""

    def __init__(self, error: Mapping[str, Any]) -> None:
        super().__init__(error.get("message"))
        self.error = error


@dataclass(frozen=True, slots=True)
class Listen:
    """What a ``subscriptions/listen`` stream is bound to: its variant (None: no
    variants) and URIs; ``bound``: drop the updates of resources the variant lacks."""

    variant: str | None
    uris: frozenset[str]
    bound: bool


@dataclass(frozen=True, slots=True)
class Serving:
    """How an adapter serves a request [`begin()`][negotiation.engine.Negotiator.begin]
    let through ([`Negotiator.serving()`][negotiation.engine.Negotiator.serving]):

    - ``"bare"``: the framework's handler, without a view (no variant serves the method);
    - ``"handler"``: the framework's handler, with the view in its context variable;
    - ``"subscribed"`` / ``"unsubscribed"``: a 2025-11-25 subscription, done: the adapter
      answers the empty result (and, subscribed, keeps the framework's session for the
      updates, by the request's ``session_key``);
    - ``"listen"``: a ``subscriptions/listen`` stream, bound as ``listen`` says;
    - ``"prompt"``: a prompt declared through the adapter, rendered in ``variant``.
    """

    step: Literal["bare", "handler", "subscribed", "unsubscribed", "listen", "prompt"]
    variant: str | None = None
    listen: Listen | None = None


@dataclass(frozen=True, slots=True)
class LegacySession:
    """What a 2025-11-25 session keeps until it ends: who initialized it and what it was
    advertised (its settled negotiation). The adapter keeps the framework's session, by
    the same key, to tell it of events."""

    principal: Hashable
    settled: Negotiated


class Definition(Protocol):
    """One declared definition of a tool or prompt, as the engine uses it."""

    @property
    def meta(self) -> Mapping[str, Any] | None: ...

    def wire(self, method: str, version: str, envelope: Mapping[str, Any]) -> dict[str, Any]:
        """This definition as an item of ``method``'s list in ``version``."""
        ...


class Declared(Protocol):
    """The tools (or prompts) declared per variant through an adapter."""

    def __contains__(self, name: object) -> bool: ...

    def names(self) -> list[str]: ...

    def varies(self, name: str) -> bool: ...

    def definition(self, name: str, variant: str | None) -> Definition | None: ...


class _NoDefinitions:
    """An adapter that declares no per-variant tools or prompts."""

    def __contains__(self, name: object) -> bool:
        return False

    def names(self) -> list[str]:
        return []

    def varies(self, name: str) -> bool:
        return False

    def definition(self, name: str, variant: str | None) -> Definition | None:
        return None


NO_DEFINITIONS: Declared = _NoDefinitions()


def who(principal: Hashable) -> str:
    """A short, stable digest of a principal for the audit log."""
    if principal is None:
        return "-"
    text = f"{type(principal).__qualname__}:{principal!r}"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def ordered_variants(
    variants: Sequence[VariantLike] | None, default_variant: str | None
) -> tuple[tuple[NormalVariant, ...], tuple[ServerVariant, ...]]:
    """The declared variants and their public forms, the default first; raises
    ValueError or TypeError for an empty list or an unknown default."""
    declared = as_variants(variants) if variants is not None else ()
    if variants is not None and not declared:
        raise ValueError(
            "variants is empty: give at least one variant, or leave variants out"
            " (None) for a server without server variants"
        )
    public = sv.public_variants(variants) if variants is not None else ()
    if default_variant is not None:
        if not isinstance(default_variant, str):
            raise TypeError(f"default_variant must be a str, not {type(default_variant).__name__}")
        if default_variant not in {v.id for v in declared}:
            raise ValueError(f"default_variant {default_variant!r} is not one of the variants")
        order = sorted(range(len(declared)), key=lambda i: declared[i].id != default_variant)
        declared = tuple(declared[i] for i in order)
        public = tuple(public[i] for i in order)
    return declared, public


class SharedSwitchLimit:
    """The switch limiter on the backplane's shared bucket: one principal's switches
    count on every replica. A 2025-11-25 anonymous session's bucket stays local (it lives
    with the session); so does every bucket while the backplane is down (the fallback
    rule, said once on ``negotiation.sdk.audit``)."""

    def __init__(self, limiter: VariantSwitchLimiter, backplane: Backplane) -> None:
        self.limiter = limiter
        self.backplane = backplane
        self._degraded = False  # the backplane is unreachable: local buckets

    async def check(self, bucket: Hashable, variant: str | None) -> JsonRpcError | None:
        """The error for a switch to ``variant`` this bucket may not make now, or None."""
        if bucket is UNLIMITED:
            return None
        limiter = self.limiter
        decision = None
        if not (isinstance(bucket, tuple) and bucket[:1] == ("session",)):
            try:
                decision = await self.backplane.switch(
                    principal_digest(bucket), variant, limiter.capacity, limiter.refill_per_second
                )
                self._degraded = False
            except ConnectionError as problem:
                if not self._degraded:
                    self._degraded = True
                    audit.warning("switch limiter degraded to this replica's buckets: %s", problem)
        if decision is None:
            return limiter.check(bucket, variant)
        if decision.retry_after_ms is None:
            return None
        return variant_switch_rate_limited(decision.active, variant or "", decision.retry_after_ms)


async def shared_ranking(
    advertiser: sv.VariantAdvertiser,
    backplane: Backplane,
    hints: NormalHints,
    principal: Hashable,
) -> sv.Advertisement:
    """The ranker's advertisement for these hints and principal, fleet-wide: the first
    replica's ranking wins, so every replica advertises and serves the same default (and
    asks the ranker at most once per time to live). While the backplane is unreachable,
    this replica ranks locally."""
    decided = advertiser.decided(hints, principal)
    if decided is not None:
        return decided
    asked: list[sv.Advertisement] = []

    async def rank() -> tuple[str, ...]:
        asked.append(await advertiser.rank_async(hints, principal))
        return asked[0].ids

    key = f"{hints.digest()}:{principal_digest(principal)}"
    try:
        ids = await backplane.ranking(key, rank, RANKING_TTL_SECONDS)
    except ConnectionError as problem:
        logger.warning("the shared ranking is unreachable (%s); ranking locally", problem)
        ad = None
    else:
        ad = advertiser.from_ids(ids or (), principal)  # None: no ranking shared yet
    if ad is None:
        ad = asked[0] if asked else await advertiser.rank_async(hints, principal)
    advertiser.remember(hints, principal, ad)
    return ad


def envelope(result: Mapping[str, Any]) -> dict[str, Any]:
    """A list result without its items (what a list's surface model requires)."""
    return {k: v for k, v in result.items() if k not in ("tools", "prompts", "nextCursor")}


def unmatched_scope(kind: str, scoped: Iterable[str], listed: Iterable[str]) -> list[str]:
    """A warning for each scoped name of ``kind`` that no listed item has, sorted."""
    have = set(listed)
    messages = []
    for name in sorted(set(scoped) - have):
        what = "URI" if kind == "resource" else "name"
        messages.append(
            f"neg.scope({kind!r}, {name!r}, ...): the server has no {kind} with this {what}, "
            f"so the scope applies to nothing. Fix the {what} (scopes match it exactly), or "
            f"register the {kind} ({_REGISTER[kind]}) or drop the scope."
        )
    return messages


def restore(
    resources: ResourceRegistry,
    definitions: Declared,
    kind: Kind,
    key: str,
    items: list[Any],
    variant: str | None,
) -> list[Any]:
    """``items`` (a list's wire items, named by ``key``) with what was declared for each
    as given: a tool's or prompt's ``_meta`` (the definition ``variant`` serves), a
    resource's ``_meta``, ``size``, ``icons`` and ``annotations``.

    A framework may lose some of it on the way (the SDK's surface dumps ``_meta`` with
    ``exclude_none``, and lists a multi-format resource from its own model); an item
    whose author gave no ``_meta`` keeps none."""
    return [
        _restored(resources, definitions, kind, item, item.get(key), variant)
        if isinstance(item, dict)
        else item
        for item in items
    ]


def _restored(
    resources: ResourceRegistry,
    definitions: Declared,
    kind: Kind,
    item: dict[str, Any],
    name: object,
    variant: str | None,
) -> dict[str, Any]:
    if not isinstance(name, str):
        return item
    if kind == "resource":
        resource = resources.get(name)
        if resource is None:
            return item
        given = wire_dump(resource)  # a copy: the answer never aliases the registry
        return {**item, **{k: given[k] for k in _RESOURCE_MEMBERS if k in given}}
    definition = definitions.definition(name, variant)
    if definition is None or definition.meta is None:
        return item
    # A copy: the answer never aliases what the author holds.
    return {**item, "_meta": pydantic_core.to_jsonable_python(definition.meta)}
