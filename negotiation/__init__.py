"""The sans-IO negotiation runtime over the generated ``mcp_ext`` bindings.

Pure functions and small classes, no transport code (in the manner of h11); the
adapters for the official SDK live in :mod:`negotiation.sdk` (extra ``[sdk]``).

* :mod:`negotiation.features` — feature tags and feature sets
* :mod:`negotiation.predicates` — server predicates over feature sets
* :mod:`negotiation.content` — the negotiation context and content shaping
* :mod:`negotiation.resources` — multi-format resources and ``resources/metadata``
* :mod:`negotiation.variants` — ranking, advertising, resolving and selecting variants
* :mod:`negotiation.cursors` — cursors bound to a variant
* :mod:`negotiation.scopes` — what lives in which variant: list scoping, paging, advertising
* :mod:`negotiation.declarations` — what one client declaration settles, memoised
* :mod:`negotiation.subscriptions` — subscriptions scoped to a variant, switch limits
* :mod:`negotiation.versioning` — protocol eras and version negotiation
* :mod:`negotiation.errors` — the JSON-RPC error shapes of the specs, and
  :class:`~negotiation.errors.NegotiationError`, the runtime's one exception type

Feature tags shape content only: no API here takes them as an authorization input.
"""

from negotiation.content import NegotiationContext, Renderings, request_context
from negotiation.cursors import CursorCodec
from negotiation.errors import NegotiationError
from negotiation.features import FeatureSet, parse_features
from negotiation.predicates import compile_predicate
from negotiation.resources import ResourceRegistry
from negotiation.subscriptions import SubscriptionRegistry
from negotiation.tool_results import model_view
from negotiation.variants import VariantAdvertiser, VariantResolver, rank_variants, select_variant
from negotiation.versioning import Era, check_request_version

__version__ = "0.2.0"

__all__ = [
    "CursorCodec",
    "Era",
    "FeatureSet",
    "NegotiationContext",
    "NegotiationError",
    "Renderings",
    "ResourceRegistry",
    "SubscriptionRegistry",
    "VariantAdvertiser",
    "VariantResolver",
    "__version__",
    "check_request_version",
    "compile_predicate",
    "model_view",
    "parse_features",
    "rank_variants",
    "request_context",
    "select_variant",
]
