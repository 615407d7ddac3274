"""SEP-2053 variant selection on the MCPServer path (issue #12): every method refuses a
variant the server cannot serve, ``ping`` and ``server/discover`` included."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp_ext import ServerVariant
from mcp_ext.methods import RPCError

from negotiation.sdk import Negotiation
from negotiation.sdk.client import SessionTransport
from negotiation.variants import META_KEY


def _server(negotiation: Negotiation) -> MCPServer:
    server = MCPServer(
        "probe", extensions=negotiation.extensions, middleware=negotiation.middleware
    )

    @server.tool()
    def echo(text: str) -> str:
        return text

    return server


def _error(server: MCPServer, mode: str, method: str, variant: str) -> RPCError:
    async def main() -> RPCError:
        async with Client(server, mode=mode) as client:
            transport = SessionTransport(client.session)
            with pytest.raises(RPCError) as caught:
                await transport.request(method, {"_meta": {META_KEY: variant}})
            return caught.value

    result: RPCError = anyio.run(main)
    return result


CASES = [
    ("legacy", "ping"),
    ("auto", "ping"),
    ("auto", "server/discover"),
    ("legacy", "tools/list"),
]


@pytest.mark.parametrize(("mode", "method"), CASES)
def test_variant_selected_without_variants_support_is_server_variants_not_supported(
    mode: str, method: str
) -> None:
    for negotiation in (Negotiation(negotiate=False), Negotiation()):
        error = _error(_server(negotiation), mode, method, "anything")
        assert (error.code, error.message) == (-32602, "Server variants not supported")


@pytest.mark.parametrize(("mode", "method"), CASES)
def test_ping_and_discover_validate_the_selected_variant_like_every_method(
    mode: str, method: str
) -> None:
    negotiation = Negotiation(variants=[ServerVariant(id="first", description="The default.")])
    error = _error(_server(negotiation), mode, method, "nope")
    assert (error.code, error.message) == (-32602, "Invalid server variant")
    data: Any = error.data
    assert data["requestedVariant"] == "nope"


def test_ping_with_a_valid_variant_is_answered() -> None:
    negotiation = Negotiation(variants=[ServerVariant(id="first", description="The default.")])

    async def main() -> dict[str, Any]:
        async with Client(_server(negotiation), mode="legacy") as client:
            return await SessionTransport(client.session).request(
                "ping", {"_meta": {META_KEY: "first"}}
            )

    assert anyio.run(main) == {}
