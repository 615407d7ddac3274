"""``negotiated()`` and ``tool_result()`` need no SDK ``Context`` parameter: the
middleware has settled the request being served (and a tool without ``ctx`` skips the
SDK's Context injection, most of a negotiated call's overhead)."""

from __future__ import annotations

from typing import Any

import anyio
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, TextContent

from negotiation.content import DEFAULT_CONTEXT
from negotiation.sdk import ContentNegotiation, Negotiation, negotiated, tool_result


def _server() -> MCPServer:
    neg = Negotiation()
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

    @server.tool()
    def shaped() -> CallToolResult:
        assert negotiated().features is not None
        return tool_result(structured={"t": 8}, text="8 C")

    return server


def _call(features: list[str], mode: str = "auto") -> Any:
    async def main() -> Any:
        extensions = [ContentNegotiation(features)]
        async with Client(_server(), mode=mode, extensions=extensions) as client:
            return await client.call_tool("shaped", {})

    return anyio.run(main)


def test_tool_result_without_ctx_shapes_for_the_request_being_served() -> None:
    human = _call(["human", "format=markdown"])
    assert human.structured_content is None
    assert isinstance(human.content[0], TextContent) and human.content[0].text == "8 C"
    agent = _call(["agent", "format=json"], mode="legacy")
    assert agent.structured_content == {"t": 8}


def test_outside_a_request_the_view_is_the_default_context() -> None:
    assert negotiated() is DEFAULT_CONTEXT
    both = tool_result(structured={"t": 8}, text="8 C")
    assert both.structured_content == {"t": 8} and len(both.content) == 1
