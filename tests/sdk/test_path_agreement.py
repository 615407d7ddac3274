"""Issue #12: the runtime and the SDK path agree on odd declarations: an unknown
settings version, settings ``true`` and ``[]``, and ``_meta`` client capabilities in a
legacy session. One function decides on both paths; these tests hold them together."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer

from negotiation import content as cn_content
from negotiation.content import NegotiationContext
from negotiation.declarations import settle
from negotiation.sdk import ContentNegotiation, Negotiation, negotiated

CN = "io.modelcontextprotocol/content-negotiation"


@pytest.mark.parametrize(
    "settings",
    [
        True,
        [],
        "agent",
        {"version": "9.0", "features": ["agent"]},
        {"version": "1.7", "features": ["agent"]},
        {"version": 1, "features": ["human"]},
        {"features": ["format=json"]},
        {"version": "1.0", "features": "agent"},
        {"version": "1.0", "features": ["agent", "bad tag"]},
    ],
)
def test_the_runtime_and_the_sdk_path_read_a_declaration_alike(settings: Any) -> None:
    capabilities = {"extensions": {CN: settings}}
    runtime = cn_content.context_from_capabilities(capabilities, era=None)
    sdk = settle(capabilities, None, (), hints_matter=False).context
    assert (sdk.features, sdk.format, sdk.version, sdk.problems) == (
        runtime.features,
        runtime.format,
        runtime.version,
        runtime.problems,
    )


def test_meta_capabilities_in_a_legacy_session_are_not_read_on_either_path() -> None:
    seen: list[NegotiationContext] = []
    neg = Negotiation()
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

    @server.tool()
    def probe(ctx: Context) -> str:
        seen.append(negotiated(ctx))
        return "ok"

    meta = {
        "io.modelcontextprotocol/clientCapabilities": {
            "extensions": {CN: {"version": "1.0", "features": ["agent", "format=json"]}}
        }
    }

    async def main() -> None:
        async with Client(server, mode="legacy", extensions=[ContentNegotiation(["human"])]) as c:
            await c.call_tool("probe", {}, meta=meta)

    anyio.run(main)
    (sdk,) = seen
    session = cn_content.context_from_capabilities(
        {"extensions": {CN: {"version": "1.0", "features": ["human"]}}}
    )
    runtime = cn_content.request_context({"_meta": meta}, session)
    assert sdk.features == runtime.features == session.features
    assert sdk.format == runtime.format == "markdown"
