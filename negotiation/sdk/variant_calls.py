"""Calls under a server variant on the official SDK ``Client``: tool calls with its
output-schema check, and lists that its response cache cannot mix up.

The SDK's ``ClientSession`` keeps one ``outputSchema`` per tool *name*, from whichever
``tools/list`` it saw last (by default the default variant's), and validates every
``tools/call`` result against it. A tool whose schema differs in another variant then
fails validation there, and a tool only another variant has is not validated at all (the
SDK logs "not listed by server"). [`call_tool_in_variant()`][negotiation.sdk.variant_calls.call_tool_in_variant] lists that variant's tools
first, so the session validates against the schema the variant advertised; it costs one
``tools/list`` per call (a limitation documented in docs/client-guide.md).

The SDK's response cache keys a list by its method alone (docs/known-sdk-issues.md):
``client.list_tools(meta=variant_meta("compact"))`` stores the compact listing where a
later ``client.list_tools()`` finds it. SEP-2053 says clients SHOULD cache list results
per variant. [`list_tools_in_variant()`][negotiation.sdk.variant_calls.list_tools_in_variant] and its siblings list a selected variant past
the cache (``cache_mode="bypass"``: neither served from it nor stored in it), so the
cache holds only what a request without a selection gets; ``variant=None`` is the
SDK's cached call. Our servers also hint another variant's listing as uncacheable
(docs/server-guide.md), which protects the SDK's own calls on the 2026-07-28 wire; on
the handshake wire the SDK ignores server hints, so there only these helpers are safe.
"""

from __future__ import annotations

from typing import Any

from mcp import Client
from mcp_types import (
    CallToolResult,
    ListPromptsResult,
    ListResourcesResult,
    ListResourceTemplatesResult,
    ListToolsResult,
    PaginatedRequestParams,
    RequestParamsMeta,
)

from negotiation.sdk.client import variant_meta

__all__ = [
    "call_tool_in_variant",
    "list_prompts_in_variant",
    "list_resource_templates_in_variant",
    "list_resources_in_variant",
    "list_tools_in_variant",
]


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


def _selected(variant: str | None, meta: RequestParamsMeta | None) -> RequestParamsMeta | None:
    if variant is None:
        return meta
    return variant_meta(variant, meta)


async def list_tools_in_variant(
    client: Client,
    variant: str | None,
    *,
    cursor: str | None = None,
    meta: RequestParamsMeta | None = None,
) -> ListToolsResult:
    """``tools/list`` of ``variant`` (None: the default, through the SDK's cache), never
    served from or stored in the SDK's response cache when a variant is selected."""
    selected = _selected(variant, meta)
    if variant is None:
        return await client.list_tools(cursor=cursor, meta=selected)
    return await client.list_tools(cursor=cursor, meta=selected, cache_mode="bypass")


async def list_prompts_in_variant(
    client: Client,
    variant: str | None,
    *,
    cursor: str | None = None,
    meta: RequestParamsMeta | None = None,
) -> ListPromptsResult:
    """``prompts/list`` of ``variant``, as [`list_tools_in_variant()`][negotiation.sdk.variant_calls.list_tools_in_variant]."""
    selected = _selected(variant, meta)
    if variant is None:
        return await client.list_prompts(cursor=cursor, meta=selected)
    return await client.list_prompts(cursor=cursor, meta=selected, cache_mode="bypass")


async def list_resources_in_variant(
    client: Client,
    variant: str | None,
    *,
    cursor: str | None = None,
    meta: RequestParamsMeta | None = None,
) -> ListResourcesResult:
    """``resources/list`` of ``variant``, as [`list_tools_in_variant()`][negotiation.sdk.variant_calls.list_tools_in_variant]."""
    selected = _selected(variant, meta)
    if variant is None:
        return await client.list_resources(cursor=cursor, meta=selected)
    return await client.list_resources(cursor=cursor, meta=selected, cache_mode="bypass")


async def list_resource_templates_in_variant(
    client: Client,
    variant: str | None,
    *,
    cursor: str | None = None,
    meta: RequestParamsMeta | None = None,
) -> ListResourceTemplatesResult:
    """``resources/templates/list`` of ``variant``, as [`list_tools_in_variant()`][negotiation.sdk.variant_calls.list_tools_in_variant]."""
    selected = _selected(variant, meta)
    if variant is None:
        return await client.list_resource_templates(cursor=cursor, meta=selected)
    return await client.list_resource_templates(cursor=cursor, meta=selected, cache_mode="bypass")
