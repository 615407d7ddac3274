"""The SDK ``Extension`` objects of [`Negotiation`][negotiation.sdk.server.Negotiation], the way the SDK
gives its MCP Apps extension ``mcp/server/apps.py``.

``Negotiation.extensions`` lists the first three: content negotiation (advertised with
empty settings), server variants (contributes the tools of ``@neg.tool``) and
``resources/metadata`` (serves the method and the multi-format resources of
``neg.add_resource``). What they advertise depends on the client and the principal, so
the middleware (``negotiation.sdk.middleware``) writes it into ``initialize`` and
``server/discover``. [`GeneratedMethods`][negotiation.sdk.methods.GeneratedMethods] serves a generated method table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import mcp_types
from mcp.server.context import ServerRequestContext
from mcp.server.extension import Extension, MethodBinding, ResourceBinding, ToolBinding
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.resources import TextResource

from negotiation import features as cn
from negotiation import variants as sv
from negotiation._wire import wire_dump
from negotiation.engine_parts import RESOURCE_METADATA_EXTENSION_ID
from negotiation.resources import ResourceNotFound, ResourceRegistry
from negotiation.sdk import misuse, sdk_resources
from negotiation.sdk.handlers import mcp_error
from negotiation.sdk.methods import GeneratedMethods
from negotiation.sdk.registry import Definitions

__all__ = [
    "RESOURCE_METADATA_EXTENSION_ID",
    "ContentNegotiationExtension",
    "GeneratedMethods",
    "ReadResourceMetadataParams",
    "ResourceMetadataExtension",
    "ServerVariantsExtension",
]


class ContentNegotiationExtension(Extension):
    """``io.modelcontextprotocol/content-negotiation``: advertised with empty settings."""

    identifier = cn.EXTENSION_ID


class ServerVariantsExtension(Extension):
    """``io.modelcontextprotocol/server-variants``: contributes the tools declared with
    [`Negotiation.tool()`][negotiation.sdk.server.Negotiation.tool]. The advertised list depends on the client's hints and the
    principal, so the middleware writes it into ``initialize`` and ``server/discover``."""

    identifier = sv.EXTENSION_ID

    def __init__(self, definitions: Definitions, middleware_taken: Callable[[], bool]) -> None:
        self.definitions = definitions
        self.consumed = False  # a server has read the tools: later ones would be lost
        self._middleware_taken = middleware_taken

    def tools(self) -> Sequence[ToolBinding]:
        # MCPServer reads its middleware= argument before its extensions.
        if not self.consumed and not self._middleware_taken():
            misuse.logger.warning(misuse.NO_MIDDLEWARE)
        self.consumed = True
        return self.definitions.bindings()


class ReadResourceMetadataParams(mcp_types.RequestParams):
    """Params of ``resources/metadata``."""

    uri: str


class ResourceMetadataExtension(Extension):
    """Serves ``resources/metadata`` and contributes the multi-format resources of
    [`Negotiation.add_resource()`][negotiation.sdk.server.Negotiation.add_resource] (their reads are answered by the middleware)."""

    identifier = RESOURCE_METADATA_EXTENSION_ID

    def __init__(self, registry: ResourceRegistry) -> None:
        self.registry = registry
        self.consumed = False  # a server has read the resources: later ones would be lost
        self.server: MCPServer | None = None  # set by Negotiation.attach

    def resources(self) -> Sequence[ResourceBinding]:
        self.consumed = True
        return [
            ResourceBinding(
                TextResource(
                    uri=resource.uri,
                    name=resource.name,
                    title=resource.title,
                    description=resource.description,
                    mime_type=resource.mime_type or self.registry.formats(resource.uri)[0],
                    text="",  # the middleware answers reads with the negotiated formats
                )
            )
            for resource in self.registry
        ]

    def methods(self) -> Sequence[MethodBinding]:
        return [MethodBinding("resources/metadata", ReadResourceMetadataParams, self._metadata)]

    async def _metadata(
        self, ctx: ServerRequestContext[Any, Any], params: ReadResourceMetadataParams
    ) -> dict[str, Any]:
        try:
            result = self.registry.metadata(params.uri)
        except ResourceNotFound as missing:
            # The server's own resources and templates (Negotiation.attach) have metadata too.
            found = None
            if self.server is not None:
                found = await sdk_resources.metadata(self.server, params.uri, ctx)
            if found is None:
                raise mcp_error(missing) from None
            return found
        return wire_dump(result)  # a null the author wrote in _meta stays
