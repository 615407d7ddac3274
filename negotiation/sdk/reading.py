"""What the SDK's objects say, read into the engine's values.

A request context is read once into a [`Request`][negotiation.engine.Request]: the method,
params, protocol version, the client's capabilities, the ``MCP-Server-Variant`` header,
the principal (read by the server's ``principal_of``), and for a 2025-11-25 session its
key, its switch bucket and whether its end can be seen. A handler's outcome is read for
the SDK's own answer to a name it does not have. Nothing of the SDK's objects reaches
the engine.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError

from negotiation import errors
from negotiation import variants as sv
from negotiation.engine import Negotiator, Request
from negotiation.scopes import TARGETS
from negotiation.sdk.anonymous import UNLIMITED, AnonymousBuckets, bucket_of
from negotiation.sdk.handlers import session_key
from negotiation.sdk.sessions import Sessions

__all__ = ["answers_unknown", "header", "read"]

_UNKNOWN: Mapping[str, str] = {
    "tool": "Unknown tool",
    "prompt": "Unknown prompt",
    "resource": "Unknown resource",
}  # the SDK's own messages for names it does not have


def header(ctx: ServerRequestContext[Any, Any]) -> str | None:
    """The request's ``MCP-Server-Variant`` header (None in process and over stdio)."""
    headers = getattr(ctx.request, "headers", None)
    return headers.get(sv.HEADER) if headers is not None else None


def read(
    ctx: ServerRequestContext[Any, Any],
    principal: Hashable,
    header: str | None,
    engine: Negotiator,
    sessions: Sessions,
    anonymous: AnonymousBuckets,
) -> Request:
    """``ctx`` as the engine's ``Request`` (``principal`` and ``header`` already read)."""
    version = ctx.protocol_version
    session = ctx.session
    legacy = version not in engine.modern_versions
    return Request(
        ctx.method,
        ctx.params,
        version,
        principal,
        session.client_capabilities,
        header,
        session_key(ctx) if legacy else None,
        bucket_of(ctx, principal, legacy, anonymous) if engine.limits_switches else UNLIMITED,
        # A 2025-11-25 session keeps its principal and variants only while its end can
        # be seen (then they are dropped, and the SDK session is kept for its events).
        legacy
        and ctx.method == "initialize"
        and engine.advertiser is not None
        and sessions.watch(ctx),
    )


def answers_unknown(method: str, params: Mapping[str, Any] | None, outcome: object) -> bool:
    """Whether ``outcome`` (a handler's result or exception) is the SDK's answer for a
    tool, prompt or resource it does not have.

    The SDK answers an unknown name in three shapes (an ``isError`` tool result, a
    -32602 for a resource, a ``ValueError`` for a prompt) and the adapter cannot see its
    registries, so the answer is recognised by its exact message;
    ``tests/sdk/test_unknown_identifiers.py`` pins those messages.
    """
    target = TARGETS.get(method)
    name = (params or {}).get(target[1]) if target is not None else None
    if target is None or not isinstance(name, str):
        return False
    kind = target[0]
    expected = f"{_UNKNOWN[kind]}: {name}"
    if isinstance(outcome, dict):  # tools/call: the SDK's isError result
        return bool(outcome.get("content") == [{"type": "text", "text": expected}])
    if isinstance(outcome, MCPError):
        return (
            kind == "resource"
            and outcome.error.code == errors.INVALID_PARAMS
            # the SDK's resources/read, or our resources/metadata
            and outcome.error.message in (expected, "Resource not found")
        )
    return kind == "prompt" and str(outcome) == expected
