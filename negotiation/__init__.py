"""The sans-IO negotiation runtime over the generated ``mcp_ext`` bindings.

Pure functions and small classes, no transport code (in the manner of h11); the
adapters for the official SDK live in ``negotiation.sdk`` (extra ``[sdk]``).

* [`negotiation.feature_tags`][negotiation.feature_tags] — one feature tag: grammar and parse
* [`negotiation.features`][negotiation.features] — feature sets of a client's declaration
* [`negotiation.predicates`][negotiation.predicates] — server predicates over feature sets
* [`negotiation.context`][negotiation.context] — the negotiation context of a request, its formats
* [`negotiation.content`][negotiation.content] — renderings, prompts and the ``initialize`` result
* [`negotiation.resources`][negotiation.resources] — multi-format resources and ``resources/metadata``
* [`negotiation.variants`][negotiation.variants] — ranking, advertising, resolving and selecting variants
* [`negotiation.cursors`][negotiation.cursors] — cursors bound to a variant
* [`negotiation.scopes`][negotiation.scopes] — what lives in which variant: list scoping, paging, advertising
* [`negotiation.declarations`][negotiation.declarations] — what one client declaration settles, memoised
* [`negotiation.subscriptions`][negotiation.subscriptions] — subscriptions scoped to a variant, switch limits
* [`negotiation.versioning`][negotiation.versioning] — protocol eras and version negotiation
* [`negotiation.errors`][negotiation.errors] — the JSON-RPC error shapes of the specs, and
  [`NegotiationError`][negotiation.errors.NegotiationError], the runtime's one exception type

Feature tags shape content only: no API here takes them as an authorization input.
"""

from negotiation.content import Renderings
from negotiation.context import NegotiationContext, request_context
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
