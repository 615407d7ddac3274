"""Tool calls under a server variant with the official client's output-schema check.

The SDK's ``ClientSession`` keeps one ``outputSchema`` per tool *name*, from whichever
``tools/list`` it saw last (by default the default variant's), and validates every
``tools/call`` result against it. A tool whose schema differs in another variant then
fails validation there, and a tool only another variant has is not validated at all (the
SDK logs "not listed by server"). [`call_tool_in_variant()`][negotiation.sdk.variant_calls.call_tool_in_variant] lists that variant's tools
first, so the session validates against the schema the variant advertised; it costs one
``tools/list`` per call (a limitation documented in docs/client-guide.md).
"""

from __future__ import annotations

from typing import Any

from mcp import Client
from mcp_types import CallToolResult, PaginatedRequestParams

from negotiation.sdk.client import variant_meta

__all__ = ["call_tool_in_variant"]


async def call_tool_in_variant(
    client: Client, name: str, arguments: dict[str, Any] | None = None, *, variant: str | None
) -> CallToolResult:
    """``tools/call`` of ``name`` under ``variant`` (None: the default), validated against
    that variant's ``outputSchema``."""
    meta = variant_meta(variant)
    cursor: str | None = None
    while True:  # every page: the session drops schemas only on a complete listing
        page = await client.session.list_tools(
            params=PaginatedRequestParams(cursor=cursor, _meta=meta or None)
        )
        cursor = page.next_cursor
        if cursor is None or any(tool.name == name for tool in page.tools):
            break
    return await client.call_tool(name, arguments, meta=meta or None)
