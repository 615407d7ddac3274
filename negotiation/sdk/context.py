"""What every adapted handler receives: the negotiation state of one request."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from negotiation.features import FeatureSet
from negotiation.versioning import Era

__all__ = ["HandlerContext"]


@dataclass(frozen=True, slots=True)
class HandlerContext:
    """The negotiated view of one request, built by the adapter before the handler runs.

    (Not to be confused with :class:`negotiation.content.NegotiationContext`, the
    sans-IO view of the client's content-negotiation settings alone.)

    ``features`` is None when the client did not declare content negotiation: the
    handler must then answer with its default content (graceful degradation).
    ``variant`` is the variant serving this request (None when the server has no
    variants); ``advertised`` the ids this principal may select, default first.
    ``sdk`` is the SDK's own request context, for sending notifications.
    """

    era: Era
    protocol_version: str
    features: FeatureSet | None
    variant: str | None
    advertised: tuple[str, ...] = ()
    principal: Hashable = None
    client_capabilities: object = None  # the SDK's ClientCapabilities (read with wire_get)
    sdk: Any = None

    @property
    def negotiated(self) -> bool:
        """The client declared content negotiation (with or without features)."""
        return self.features is not None
