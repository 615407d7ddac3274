"""The runtime's JSON-RPC errors, shaped exactly as the specifications print them.

Every builder returns a fresh, JSON-ready ``dict`` whose key order (``code``,
``message``, ``data``) matches the spec examples, so ``json.dumps`` reproduces them.
Wrap one in a full response with ``error_response()``, or raise it as the runtime's
one exception type, [`NegotiationError`][negotiation.errors.NegotiationError] (``raise NegotiationError.from_wire(e)``);
``negotiation.sdk`` turns that into the SDK's ``MCPError`` with the same code,
message and data.

Client values echoed in an error (a requested variant, a tool name, a protocol
version) pass through ``echo()``: at most ``ECHO_LIMIT`` characters, then a
marker; a value that is not a string is described by its JSON type, never echoed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from mcp_ext.methods import RPCError
from mcp_ext.models import (
    HEADER_MISMATCH,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    MISSING_REQUIRED_CLIENT_CAPABILITY,
    UNSUPPORTED_PROTOCOL_VERSION,
    UNSUPPORTED_PROTOCOL_VERSION_DRAFT,
)

__all__ = [
    "ECHO_LIMIT",
    "HEADER_MISMATCH",
    "INVALID_PARAMS",
    "INVALID_REQUEST",
    "LEGACY_UNSUPPORTED_PROTOCOL_VERSION",
    "METHOD_NOT_FOUND",
    "MISSING_REQUIRED_CLIENT_CAPABILITY",
    "RATE_LIMITED",
    "UNSUPPORTED_PROTOCOL_VERSION",
    "JsonRpcError",
    "NegotiationError",
    "cursor_variant_mismatch",
    "echo",
    "error_response",
    "header_mismatch",
    "invalid_cursor",
    "invalid_server_variant",
    "missing_required_client_capability",
    "principal_changed",
    "server_variants_not_supported",
    "unknown_identifier",
    "unsupported_protocol_version",
    "variant_switch_rate_limited",
]

JsonRpcError = dict[str, Any]
"""A JSON-RPC error object: ``{"code": int, "message": str, "data"?: ...}``."""

# The codes come from the compiled schema: one source of truth for the wire.
# The current schema and the official SDK use -32022; protocol-versioning.md prints -32004.
LEGACY_UNSUPPORTED_PROTOCOL_VERSION = UNSUPPORTED_PROTOCOL_VERSION_DRAFT
# -32000..-32019 are implementation-defined; the spec allocates nothing there.
RATE_LIMITED = -32000

IdentifierKind = Literal["tool", "prompt", "resource"]

ECHO_LIMIT = 256
"""Characters of a client's value that an error repeats back."""

_JSON_TYPE_NAMES = {
    dict: "object",
    list: "array",
    tuple: "array",
    int: "number",
    float: "number",
    bool: "boolean",
    type(None): "null",
}


def echo(value: object) -> str:
    """A client's value, safe to repeat in an error.

    A string of at most ``ECHO_LIMIT`` characters comes back as it is; a longer one
    is cut to that many, followed by ``"…[N more characters]"``. Anything else comes
    back as ``"<a JSON object>"`` (its type), so no structure of any size is echoed.
    """
    if isinstance(value, str):
        if len(value) <= ECHO_LIMIT:
            return value
        return f"{value[:ECHO_LIMIT]}…[{len(value) - ECHO_LIMIT} more characters]"
    name = _JSON_TYPE_NAMES.get(type(value))
    if name is None:
        return "<a non-JSON value>"
    return f"<a JSON {name}>"


class NegotiationError(RPCError):
    """A protocol error raised by the runtime: the spec's ``code``, ``message``, ``data``.

    A subclass of the generated ``RPCError``, so the generated ``dispatch`` answers it
    as a JSON-RPC error, and ``negotiation.sdk`` as the SDK's ``MCPError``.
    """

    @classmethod
    def from_wire(cls, error: JsonRpcError) -> NegotiationError:
        """The exception for an error object built by this module."""
        if not isinstance(error, dict):
            raise TypeError(f"expected a JSON-RPC error dict, not {type(error).__name__}")
        return cls(error["code"], error["message"], error.get("data"))

    def to_wire(self) -> JsonRpcError:
        """The JSON-RPC ``error`` member (``data`` omitted when None)."""
        return self.to_error()


def error_response(request_id: str | int | None, error: JsonRpcError) -> dict[str, Any]:
    """A complete JSON-RPC error response carrying ``error``."""
    return {"jsonrpc": "2.0", "id": request_id, "error": error}


def invalid_server_variant(requested: object, available: Sequence[str] | None) -> JsonRpcError:
    """SEP-2053: the requested variant is not one the principal may use.

    ``available`` must list only variants visible to the authenticated principal; pass
    None when the principal may not enumerate variants, which omits the field.
    """
    data: dict[str, Any] = {"requestedVariant": echo(requested)}
    if available is not None:
        data["availableVariants"] = list(available)
    return {"code": INVALID_PARAMS, "message": "Invalid server variant", "data": data}


def server_variants_not_supported() -> JsonRpcError:
    """SEP-2053: a variant was requested from a server without the extension."""
    return {"code": INVALID_PARAMS, "message": "Server variants not supported"}


def cursor_variant_mismatch(cursor_variant: str, requested_variant: str) -> JsonRpcError:
    """SEP-2053: a cursor minted under one variant was used with another."""
    return {
        "code": INVALID_PARAMS,
        "message": "Cursor invalid for requested variant",
        "data": {
            "cursorVariant": echo(cursor_variant),
            "requestedVariant": echo(requested_variant),
        },
    }


def invalid_cursor(active_variant: str | None = None) -> JsonRpcError:
    """A cursor that is garbage, tampered with or minted under an unknown key.

    SEP-2053 (Debugging Consistency): servers SHOULD include ``activeVariant`` in the
    data of variant-scoped failures, an invalid cursor among them. Without variants the
    error is the corpus's bare shape.
    """
    if active_variant is None:
        return {"code": INVALID_PARAMS, "message": "Invalid cursor"}
    return {
        "code": INVALID_PARAMS,
        "message": "Invalid cursor",
        "data": {"activeVariant": echo(active_variant)},
    }


def unknown_identifier(
    kind: IdentifierKind, name: object, active_variant: str | None
) -> JsonRpcError:
    """SEP-2053: a tool, prompt or resource is not in the active variant's namespace.
    Without a variant (None: the server has none) the error names none."""
    if active_variant is None:
        return {"code": INVALID_PARAMS, "message": f"Unknown {kind}: {echo(name)}"}
    return {
        "code": INVALID_PARAMS,
        "message": f"Unknown {kind}: {echo(name)}",
        "data": {
            "activeVariant": echo(active_variant),
            "hint": f"This {kind} may be available in other variants",
        },
    }


def principal_changed() -> JsonRpcError:
    """SEP-2053 (InitializeResult): the advertised variants are stable for the session,
    and a change of variant set SHOULD require the client to re-initialize. A request
    whose principal differs from the one the session was initialized by is refused with
    this, naming neither principal nor any variant."""
    return {
        "code": INVALID_REQUEST,
        "message": "Principal changed within the session",
        "data": {"hint": "Re-initialize (or reconnect) to get the variants for this principal"},
    }


def variant_switch_rate_limited(
    active_variant: str | None, requested_variant: object, retry_after_ms: int
) -> JsonRpcError:
    """SEP-2053 (implementation notes): too many variant switches by one principal.

    The spec asks for "a standard JSON-RPC error" with ``activeVariant``; MCP reserves
    no code for it, so this uses the implementation-defined -32000.
    """
    data: dict[str, Any] = {}
    if active_variant is not None:
        data["activeVariant"] = echo(active_variant)
    data["requestedVariant"] = echo(requested_variant)
    data["retryAfterMs"] = retry_after_ms
    return {"code": RATE_LIMITED, "message": "Too many server variant switches", "data": data}


def unsupported_protocol_version(
    supported: Sequence[str], requested: object, *, code: int = UNSUPPORTED_PROTOCOL_VERSION
) -> JsonRpcError:
    """The request's protocol version is not implemented by the server."""
    return {
        "code": code,
        "message": "Unsupported protocol version",
        "data": {"supported": list(supported), "requested": echo(requested)},
    }


def header_mismatch(message: str) -> JsonRpcError:
    """HTTP headers disagree with the body, or a required header is missing (HTTP 400)."""
    return {"code": HEADER_MISMATCH, "message": f"Header mismatch: {message}"}


def missing_required_client_capability(
    message: str, required_capabilities: dict[str, Any]
) -> JsonRpcError:
    """The request needs a client capability (or extension) the client did not declare."""
    return {
        "code": MISSING_REQUIRED_CLIENT_CAPABILITY,
        "message": message,
        "data": {"requiredCapabilities": required_capabilities},
    }
