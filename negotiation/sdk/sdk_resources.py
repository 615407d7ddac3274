"""What an ``MCPServer`` serves through its own resource registry (``@mcp.resource``,
``mcp.add_resource``, resource templates), for [`Negotiation.attach()`][negotiation.sdk.server.Negotiation.attach].

The middleware cannot see the SDK's registry, so without it a URI the server never
registered looked like it existed (a subscription to it was accepted), and
``resources/metadata`` knew only [`Negotiation.add_resource()`][negotiation.sdk.server.Negotiation.add_resource]'s resources.
"""

from __future__ import annotations

from typing import Any

import pydantic_core
from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError
from pydantic import BaseModel

from negotiation._wire import wire_dump

__all__ = ["has_resource", "metadata"]


def _manager(server: MCPServer) -> Any:
    # The SDK has no public synchronous lookup; its manager is the one source of truth.
    return getattr(server, "_resource_manager", None)


def _find(server: MCPServer, uri: str) -> Any:
    """The SDK's concrete resource or template that serves ``uri`` (None: none does)."""
    manager = _manager(server)
    if manager is None:
        return None
    for resource in manager.list_resources():
        if str(resource.uri) == uri:
            return resource
    for template in manager.list_templates():
        try:
            if template.matches(uri) is not None:
                return template
        except Exception:  # a template refusing a hostile URI: it does not serve it
            continue
    return None


def has_resource(server: MCPServer, uri: str) -> bool:
    """Whether ``server``'s own registry serves ``uri``; True when it cannot be told."""
    return _manager(server) is None or _find(server, uri) is not None


async def metadata(
    server: MCPServer, uri: str, ctx: ServerRequestContext[Any, Any] | None = None
) -> dict[str, Any] | None:
    """``resources/metadata`` for a URI the SDK serves: one entry per content it reads
    (None when no resource or template serves it). Reading is the only way to learn a
    templated resource's size and MIME type."""
    found = _find(server, uri)
    if found is None:
        return None
    try:
        context = Context(request_context=ctx, mcp_server=server) if ctx is not None else None
        contents = await server.read_resource(uri, context)
    except ResourceError:
        return None
    if not isinstance(contents, list | tuple):
        return None  # an input-required flow: nothing to describe yet
    shared: dict[str, Any] = {"uri": uri, "name": getattr(found, "name", None) or uri}
    for key, wire in (("title", "title"), ("description", "description")):
        value = getattr(found, key, None)
        if isinstance(value, str) and value:
            shared[wire] = value
    # What the author gave beside: typed icons and annotations, free-form _meta exactly.
    icons = getattr(found, "icons", None)
    if isinstance(icons, list):
        shared["icons"] = [wire_dump(icon, mode="json") for icon in icons]
    annotations = getattr(found, "annotations", None)
    if isinstance(annotations, BaseModel):
        shared["annotations"] = wire_dump(annotations, mode="json")
    meta = getattr(found, "meta", None)
    if isinstance(meta, dict):
        shared["_meta"] = pydantic_core.to_jsonable_python(meta)
    entries = []
    for item in contents:
        body = item.content
        entry = {**shared, "size": len(body) if isinstance(body, bytes) else len(body.encode())}
        if item.mime_type:  # always, for the SDK's own resources
            entry["mimeType"] = item.mime_type
        entries.append(entry)
    return {"metadata": entries}
