"""SEP-2053 subscriptions in the 2026-07-28 era, on ``subscriptions/listen`` (issue #12):
a stream is bound to its variant. "If the resource URI doesn't exist in the requested
variant at subscribe time, return error -32602 with activeVariant"; updates are sent
only "where the resource exists in that variant at the time of update dispatch"."""

from __future__ import annotations

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError

from negotiation.sdk import Negotiation

VARIANTS = [
    mcp_ext.ServerVariant(id="main", description="Default.", hints={}),
    mcp_ext.ServerVariant(id="other", description="Other.", hints={}),
]
SHARED, OTHER_ONLY = "memo://shared", "memo://other-only"


def _server() -> tuple[MCPServer, Negotiation]:
    neg = Negotiation(variants=VARIANTS)
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)
    server.resource(SHARED, name="shared")(lambda: "s")
    server.resource(OTHER_ONLY, name="other_only")(lambda: "o")
    neg.scope("resource", OTHER_ONLY, ["other"])

    @server.tool()
    async def touch(uri: str, ctx: Context) -> str:
        await ctx.notify_resource_updated(uri)
        return "ok"

    return server, neg


def test_variants_listen_for_a_uri_outside_the_variant_is_refused_with_active_variant() -> None:
    server, _ = _server()

    async def main() -> MCPError:
        async with Client(server, mode="auto") as client:
            with pytest.raises(MCPError) as caught:
                async with client.listen(resource_subscriptions=[OTHER_ONLY]):
                    pass
            return caught.value

    error = anyio.run(main)
    assert (error.code, error.message) == (-32602, f"Unknown resource: {OTHER_ONLY}")
    assert error.data["activeVariant"] == "main"


def test_variants_listen_delivers_updates_only_while_the_resource_is_in_the_variant() -> None:
    server, neg = _server()
    got: list[str] = []

    async def main() -> None:
        async with Client(server, mode="auto") as client:
            async with client.listen(resource_subscriptions=[SHARED]) as sub:

                async def read() -> None:
                    async for event in sub:
                        got.append(str(getattr(event, "uri", event)))

                async with anyio.create_task_group() as tasks:
                    tasks.start_soon(read)
                    await client.call_tool("touch", {"uri": SHARED})
                    await anyio.sleep(0.1)
                    neg.scope("resource", SHARED, ["other"])  # gone from "main"
                    await client.call_tool("touch", {"uri": SHARED})
                    await anyio.sleep(0.1)
                    tasks.cancel_scope.cancel()

    anyio.run(main)
    assert got == [SHARED]  # the second update was not for this variant any more
