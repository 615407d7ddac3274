"""The client side: reading the advertised variants, choosing one (SEP-2053's rules or
a pluggable selector), and selecting it in a request's ``_meta``."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mcp_ext.models import ServerVariant

from negotiation import errors
from negotiation._wire import as_mapping, wire_get
from negotiation.variants._forms import (
    COMPACT_TOKEN_THRESHOLD,
    META_KEY,
    NormalVariant,
    VariantLike,
    as_variants,
    public_variant,
    public_variants,
)

__all__ = [
    "AsyncSelector",
    "SelectionContext",
    "is_variant_rejection",
    "parse_available_variants",
    "retry_without_variant",
    "select_variant",
    "select_with_fallback",
    "with_variant",
]

logger = logging.getLogger("negotiation.variants")


def parse_available_variants(extension_settings: object) -> tuple[ServerVariant, ...]:
    """The variants a server advertised (its extension settings), as
    ``mcp_ext.ServerVariant`` objects; never raises.

    Malformed entries and repeated ids are dropped with a warning; an absent or empty
    list means the server supports no variants. The members the schema does not name
    are kept as the server sent them.
    """
    raw = wire_get(extension_settings, "availableVariants")
    if not isinstance(raw, list | tuple):
        return ()
    kept: list[tuple[object, NormalVariant]] = []  # the members it does not name: as given
    seen: set[str] = set()
    for entry in raw:
        try:
            variant = NormalVariant.from_wire(entry)
        except ValueError as problem:
            logger.warning("ignoring a malformed advertised variant: %s", problem)
            continue
        if variant.id in seen:
            logger.warning("ignoring repeated advertised variant id %r", variant.id)
            continue
        seen.add(variant.id)
        kept.append((entry, variant))
    return tuple(public_variant(entry, variant) for entry, variant in kept)


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
    normal = as_variants(available)
    if context is None:
        context = SelectionContext()
    elif not isinstance(context, SelectionContext):
        raise TypeError(f"expected a SelectionContext, not {type(context).__name__}")
    if context.remaining_tokens is not None and context.remaining_tokens < COMPACT_TOKEN_THRESHOLD:
        for variant in normal:
            if variant.hints.get("contextSize") == "compact":
                return variant.id
    if context.mode is not None:
        for variant in normal:
            if variant.hints.get("useCase") == context.mode:
                return variant.id
    preferred = context.user_preferred_variant
    if preferred is not None and any(variant.id == preferred for variant in normal):
        return preferred
    return normal[0].id


AsyncSelector = Callable[[Sequence[ServerVariant], SelectionContext], Awaitable[str | None]]
"""A pluggable (e.g. LLM-backed) client selector returning a variant id."""


async def select_with_fallback(
    available: Sequence[VariantLike],
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
        chosen = await asyncio.wait_for(
            selector(public_variants(available), context), timeout_seconds
        )
    except Exception as problem:
        logger.warning("variant selector failed (%r); using rule-based selection", problem)
        return select_variant(available, context)
    if isinstance(chosen, str) and any(variant.id == chosen for variant in as_variants(available)):
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
