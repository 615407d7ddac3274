"""The generated ``mcp_ext.Client`` over the official SDK's ``ClientSession``.

:class:`SessionTransport` sends each request with ``ClientSession.send_request``, so the
SDK's own stamping applies (the 2026-07-28 ``_meta`` envelope, or the handshake
session), and hands the raw result to the generated stub, which validates it with the
generated result models: draft fields reach the caller intact. The extensions are
declared the SDK's way, with ``mcp.client.advertise``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import mcp_types
from mcp.client import ClientSession
from mcp.client.extension import ClientExtension, advertise
from mcp.shared.exceptions import MCPError
from mcp_ext.client import Client
from mcp_ext.methods import RPCError
from pydantic import TypeAdapter

from negotiation import features as cn
from negotiation import variants as sv
from negotiation._wire import wire_get

__all__ = ["SessionTransport", "available_variants", "client_for", "negotiation_extensions"]

# Parametrised: the bare generic model serialises ``params`` as an empty object.
_Request = mcp_types.Request[dict[str, Any] | None, str]
_RAW_RESULT: TypeAdapter[dict[str, Any]] = TypeAdapter(dict[str, Any])


class SessionTransport:
    """A ``mcp_ext.client.Transport`` over an SDK ``ClientSession``.

    ``variant`` selects a server variant for every request that does not name one.
    """

    def __init__(self, session: ClientSession, *, variant: str | None = None) -> None:
        self._session = session
        self._variant = variant

    async def request(self, method: str, params: dict[str, Any] | None) -> dict[str, Any]:
        if self._variant is not None:
            params = dict(params or {})
            meta = dict(wire_get(params, "_meta") or {})
            meta.setdefault(sv.META_KEY, self._variant)
            params["_meta"] = meta
        request = _Request(method=method, params=params)
        try:
            return await self._session.send_request(request, _RAW_RESULT)  # type: ignore[type-var]
        except MCPError as error:
            raise RPCError(error.code, error.message, error.data) from error


def client_for(session: ClientSession, *, variant: str | None = None) -> Client:
    """The generated typed client over ``session``."""
    return Client(SessionTransport(session, variant=variant))


def negotiation_extensions(
    *,
    features: Sequence[str] | None = None,
    variant_hints: Mapping[str, Any] | None = None,
    version: str = "1.0",
) -> list[ClientExtension]:
    """The client extensions to pass as ``mcp.Client(..., extensions=...)``.

    ``features`` declares content negotiation (an empty list declares it without
    features); ``variant_hints`` (a ``VariantHints`` object) declares server variants.
    """
    declared: list[ClientExtension] = []
    if features is not None:
        declared.append(
            advertise(cn.EXTENSION_ID, {"version": version, "features": list(features)})
        )
    if variant_hints is not None:
        declared.append(advertise(sv.EXTENSION_ID, {"variantHints": dict(variant_hints)}))
    return declared


def available_variants(server_capabilities: object) -> tuple[sv.Variant, ...]:
    """The variants a server advertised in its capabilities (``()`` when none)."""
    extensions = wire_get(server_capabilities, "extensions")
    return sv.parse_available_variants(wire_get(extensions, sv.EXTENSION_ID))
