"""``negotiation.sdk.sdk_resources``: what an ``MCPServer`` serves through its own
registry, for ``Negotiation.attach`` (issue #24)."""

from __future__ import annotations

from typing import Any

import anyio
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer

from negotiation.sdk import Negotiation, SessionTransport
from negotiation.sdk.sdk_resources import has_resource, metadata


def _server() -> MCPServer:
    server = MCPServer("probe")
    server.resource("memo://text", name="text", title="A text", description="Some text.")(
        lambda: "héllo"
    )
    server.resource("memo://bytes", name="bytes", mime_type="application/pdf")(lambda: b"\x00\x01")
    server.resource("memo://{name}/raw", name="raw")(lambda name: name.encode())
    return server


def test_has_resource_knows_concrete_and_templated_uris_and_not_others() -> None:
    server = _server()
    assert has_resource(server, "memo://text") is True
    assert has_resource(server, "memo://x/raw") is True
    assert has_resource(server, "memo://nothing") is False
    assert has_resource(object(), "memo://nothing") is True  # not an MCPServer: cannot tell


def test_a_template_that_refuses_a_uri_does_not_hide_the_next_one() -> None:
    server = MCPServer("probe")

    class Refusing:
        def matches(self, uri: str) -> Any:
            raise ValueError("hostile")

    server.resource("memo://{name}/raw", name="raw")(lambda name: name)
    manager = server._resource_manager
    manager._templates = {"refusing": Refusing(), **manager._templates}
    assert has_resource(server, "memo://x/raw") is True


def test_metadata_describes_each_content_with_its_size_type_title_and_description() -> None:
    server = _server()

    async def main() -> list[Any]:
        return [
            await metadata(server, uri)
            for uri in ("memo://text", "memo://bytes", "memo://x/raw", "memo://nothing")
        ]

    text, pdf, raw, nothing = anyio.run(main)
    assert text == {
        "metadata": [
            {
                "uri": "memo://text",
                "name": "text",
                "title": "A text",
                "description": "Some text.",
                "mimeType": "text/plain",
                "size": 6,  # UTF-8 bytes, not characters
            }
        ]
    }
    assert pdf == {
        "metadata": [
            {"uri": "memo://bytes", "name": "bytes", "mimeType": "application/pdf", "size": 2}
        ]
    }
    (entry,) = raw["metadata"]
    assert (entry["name"], entry["size"]) == ("raw", 1)
    assert nothing is None


def test_metadata_reads_with_the_requests_context() -> None:
    neg = Negotiation()
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

    @server.resource("memo://{name}/who", name="who")
    def who(name: str, ctx: Context) -> str:
        return f"{name} on {ctx.mcp_server.name} for {ctx.request_context.method}"

    neg.attach(server)

    async def main() -> Any:
        async with Client(server, mode="legacy") as client:
            return await SessionTransport(client.session).request(
                "resources/metadata", {"uri": "memo://ann/who"}
            )

    (entry,) = anyio.run(main)["metadata"]
    assert entry["size"] == len("ann on probe for resources/metadata")
