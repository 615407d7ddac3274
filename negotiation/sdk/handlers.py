"""What a tool, resource or prompt function calls: the request's negotiated view, a
tool result shaped for the client, the SDK error for a runtime error, the session key.

Free functions beside the [`Negotiation`][negotiation.sdk.server.Negotiation] object, in the manner of
the SDK's ``client_supports_apps(ctx)``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from contextvars import ContextVar
from dataclasses import replace
from typing import Any

import mcp_types
from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import Context
from mcp.shared.exceptions import MCPError
from mcp_ext.methods import RPCError
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from negotiation import context as cn_context
from negotiation.context import NegotiationContext
from negotiation.tool_results import shape_tool_result
from negotiation.versioning import Era

__all__ = ["era", "mcp_error", "negotiated", "session_key", "tool_result"]

MODERN_VERSIONS = frozenset(MODERN_PROTOCOL_VERSIONS)
"""The versions the SDK serves statelessly (the 2026-07-28 era)."""

current: ContextVar[NegotiationContext | None] = ContextVar("negotiation_sdk", default=None)
"""The view the middleware settled for the request being served."""


def era(protocol_version: str) -> Era:
    """The era of a protocol version, as the SDK reads it."""
    return Era.MODERN if protocol_version in MODERN_VERSIONS else Era.LEGACY


def session_key(ctx: ServerRequestContext[Any, Any]) -> Hashable:
    """What identifies a request's session: the SDK's per-client connection (the SDK
    makes a new ``ServerSession`` per request; the connection persists)."""
    connection: Hashable = getattr(ctx.session, "_connection", ctx.session)
    return connection


def mcp_error(error: Mapping[str, Any] | RPCError) -> MCPError:
    """The SDK's ``MCPError`` for a runtime error: a [`NegotiationError`][negotiation.errors.NegotiationError]
    (any generated ``RPCError``) or an error object from [`negotiation.errors`][negotiation.errors].
    Raise it from a handler to answer with the spec's code, message and data."""
    if isinstance(error, RPCError):
        return MCPError(code=error.code, message=error.message, data=error.data)
    return MCPError(code=error["code"], message=error["message"], data=error.get("data"))


def negotiated(
    ctx: Context[Any, Any] | ServerRequestContext[Any, Any] | None = None,
) -> NegotiationContext:
    """The negotiated view of the request ``ctx`` belongs to.

    Call it inside a tool, resource or prompt function, with the SDK ``Context`` (or in
    low-level code with a ``ServerRequestContext``), or with no argument: the
    [`Negotiation`][negotiation.sdk.server.Negotiation] middleware has already settled the request being served, so a
    tool needs no ``Context`` parameter for it (the default context outside a request).
    ``.format`` is the format it asked for (declared, or inferred from ``agent`` or
    ``human``) and ``.has(name)`` whether it declared a feature: shape content on these.
    ``.features`` is the client's [`FeatureSet`][negotiation.features.FeatureSet], or None
    when it did not declare content negotiation; a client that declared no features, or
    only tags you do not know, must get the same default content, so do not branch on
    ``features is None``;
    ``.variant`` the variant serving the request; ``.era`` the protocol era;
    ``.advertised`` the variants this client may select, default first. On a server
    without [`Negotiation`][negotiation.sdk.server.Negotiation] middleware the view still has the features and the era,
    and no variant.
    """
    # One fast path with or without ctx: the middleware's view of this request.
    view = current.get()
    if ctx is None:
        return view if view is not None else cn_context.DEFAULT_CONTEXT
    if isinstance(ctx, Context):
        if view is not None:
            return view
        request = ctx.request_context
    elif isinstance(ctx, ServerRequestContext):
        if view is not None:
            return view
        request = ctx
    else:
        raise TypeError(
            "negotiated() takes the SDK's Context or ServerRequestContext, "
            f"not {type(ctx).__name__}"
        )
    capabilities = request.session.client_capabilities
    return replace(
        cn_context.context_from_capabilities(capabilities, era=era(request.protocol_version)),
        protocol_version=request.protocol_version,
    )


def tool_result(
    ctx: Context[Any, Any] | ServerRequestContext[Any, Any] | NegotiationContext | None = None,
    *,
    structured: Any = None,
    text: str | None = None,
    is_error: bool | None = None,
    output_schema: bool = False,
    text_fallback: bool = True,
) -> mcp_types.CallToolResult:
    """A ``CallToolResult`` shaped for the client's audience (sep-tool-result-content).

    ``structured`` is the machine-facing value, ``text`` the model-facing rendering of
    the same information; give one or both, render only what you have. A client that
    asked for markdown or text gets ``content`` only; every other client (and every
    error) gets both, with JSON text standing in for missing text, as the SEP's SHOULD
    asks. ``text_fallback=False`` follows content negotiation's Test Case 1 instead: a
    client that negotiated JSON gets ``structuredContent`` and an empty ``content``.
    Pass ``output_schema=True`` for a tool that declares one: ``structuredContent`` is
    then always sent. The assembly and the parameters are those of
    [`negotiation.tool_results.tool_result()`][negotiation.tool_results.tool_result], with the SDK's models.
    """
    view = ctx if isinstance(ctx, NegotiationContext) else negotiated(ctx)
    return shape_tool_result(
        view,
        structured=structured,
        text=text,
        is_error=is_error,
        output_schema=output_schema,
        text_fallback=text_fallback,
        types=(mcp_types.CallToolResult, mcp_types.TextContent),
    )
