"""Server variants (SEP-2053): ranking, the advertised list, per-request resolution and
client-side selection. Sans-IO: no transport, no clock or sleeping of its own.

Variants are not an authorization mechanism: visibility is the caller's callback,
evaluated before ranking, and servers must still authorize every operation.

One concern per module: ``ranking`` (the rules, a pluggable ranker), ``advertising``
(the advertised list), ``resolution`` (the variant of each request, on the server) and
``selection`` (the client side). The public types are the generated
``mcp_ext.ServerVariant``, ``VariantDeprecationInfo`` and ``VariantHints``.
"""

from __future__ import annotations

import warnings
from typing import Any

from negotiation.variants import _forms
from negotiation.variants._forms import (
    COMPACT_TOKEN_THRESHOLD,
    EXTENSION_ID,
    HEADER,
    MAX_HINT_DESCRIPTION,
    MAX_HINT_KEYS,
    MAX_HINT_LENGTH,
    MAX_HINT_VALUES,
    META_KEY,
    RANKING_CACHE_BYTES,
    HintsLike,
    NormalDeprecation,
    NormalHints,
    NormalVariant,
    VariantLike,
    public_variants,
)
from negotiation.variants.advertising import (
    Advertisement,
    RankingCache,
    VariantAdvertiser,
    Visibility,
)
from negotiation.variants.ranking import (
    AsyncRanker,
    rank_variants,
    rank_with_fallback,
    score_variants,
)
from negotiation.variants.resolution import VariantResolution, VariantResolver, extension_settings
from negotiation.variants.selection import (
    AsyncSelector,
    SelectionContext,
    is_variant_rejection,
    parse_available_variants,
    retry_without_variant,
    select_variant,
    select_with_fallback,
    with_variant,
)

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
    "HintsLike",
    "RankingCache",
    "SelectionContext",
    "VariantAdvertiser",
    "VariantLike",
    "VariantResolution",
    "VariantResolver",
    "Visibility",
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

# The runtime's own forms were public until 0.1; they warn for one release (0.2), then go.
_DEPRECATED: dict[str, tuple[object, str]] = {
    "Variant": (NormalVariant, "mcp_ext.ServerVariant"),
    "DeprecationInfo": (NormalDeprecation, "mcp_ext.VariantDeprecationInfo"),
    "ClientHints": (NormalHints, "mcp_ext.VariantHints"),
    # They returned those forms; every function takes the generated models as they are.
    "as_variant": (_forms.as_variant, "mcp_ext.ServerVariant.model_validate"),
    "as_variants": (_forms.as_variants, "mcp_ext.ServerVariant.model_validate, per variant"),
    "as_hints": (_forms.as_hints, "mcp_ext.VariantHints.model_validate"),
}


def __getattr__(name: str) -> Any:
    if name in _DEPRECATED:
        value, replacement = _DEPRECATED[name]
        warnings.warn(
            f"negotiation.variants.{name} is deprecated: use {replacement}, which every "
            "function of negotiation.variants takes and returns",
            DeprecationWarning,
            stacklevel=2,
        )
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
