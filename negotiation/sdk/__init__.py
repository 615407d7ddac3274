"""Negotiation for the official MCP Python SDK (the ``[sdk]`` extra, ``mcp>=2.3``).

Server side, the SDK's own way (like its MCP Apps extension)::

    from mcp.server.mcpserver import Context, MCPServer
    from negotiation.sdk import Negotiation, negotiated, tool_result

    neg = Negotiation()
    mcp = MCPServer("weather", extensions=neg.extensions, middleware=neg.middleware)

Client side: ``Client(server, extensions=[ContentNegotiation(["agent", "format=json"])])``.

Importing [`negotiation`][negotiation] never imports ``mcp``; only this subpackage does.
"""

try:
    import mcp as _mcp  # noqa: F401
except ModuleNotFoundError as missing:  # pragma: no cover - exercised in a subprocess test
    if missing.name not in ("mcp", "mcp_types"):
        raise
    raise ModuleNotFoundError(
        "negotiation.sdk needs the official MCP Python SDK, which is not installed. "
        "Install the extra: pip install 'mcp-negotiation[sdk]'",
        name=missing.name,
    ) from missing

from negotiation.sdk.client import (
    ContentNegotiation,
    ServerVariants,
    SessionTransport,
    available_variants,
    client_for,
    negotiation_extensions,
    pick_variant,
    variant_meta,
)
from negotiation.sdk.methods import GeneratedMethods
from negotiation.sdk.server import (
    CURSOR_KEY_ENV,
    RESOURCE_METADATA_EXTENSION_ID,
    Negotiation,
    PrincipalOf,
    SessionEnded,
    cursor_key_from_env,
    mcp_error,
    negotiated,
    session_key,
    tool_result,
)
from negotiation.sdk.transports import (
    ServedVersionsApp,
    ServedVersionsMiddleware,
    run,
    serve_stdio,
    serve_versions,
)
from negotiation.sdk.variant_calls import (
    call_tool_in_variant,
    list_prompts_in_variant,
    list_resource_templates_in_variant,
    list_resources_in_variant,
    list_tools_in_variant,
)

__all__ = [
    "CURSOR_KEY_ENV",
    "RESOURCE_METADATA_EXTENSION_ID",
    "ContentNegotiation",
    "GeneratedMethods",
    "Negotiation",
    "PrincipalOf",
    "ServedVersionsApp",
    "ServedVersionsMiddleware",
    "ServerVariants",
    "SessionEnded",
    "SessionTransport",
    "available_variants",
    "call_tool_in_variant",
    "client_for",
    "cursor_key_from_env",
    "list_prompts_in_variant",
    "list_resource_templates_in_variant",
    "list_resources_in_variant",
    "list_tools_in_variant",
    "mcp_error",
    "negotiated",
    "negotiation_extensions",
    "pick_variant",
    "run",
    "serve_stdio",
    "serve_versions",
    "session_key",
    "tool_result",
    "variant_meta",
]
