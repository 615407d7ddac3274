"""Adapters for the official MCP Python SDK (the ``[sdk]`` extra, ``mcp>=2.3``).

Importing :mod:`negotiation` never imports ``mcp``; only this subpackage does.
"""

from negotiation.sdk.client import (
    SessionTransport,
    available_variants,
    client_for,
    negotiation_extensions,
)
from negotiation.sdk.context import HandlerContext
from negotiation.sdk.server import NegotiationAdapter, PrincipalOf, serve

__all__ = [
    "HandlerContext",
    "NegotiationAdapter",
    "PrincipalOf",
    "SessionTransport",
    "available_variants",
    "client_for",
    "negotiation_extensions",
    "serve",
]
