"""SEP-2053 "Identifier Namespace Scoping" and "Debugging Consistency" on the ``MCPServer``
path: an unknown tool, prompt or resource answers -32602 with ``data.activeVariant``
(requirements ``variants.namespace.unknown-identifier-active-variant`` and
``variants.errors.active-variant``), in both eras, whether the name is unknown to the
whole server or only outside the active variant."""

from __future__ import annotations

from typing import Any

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from negotiation.sdk import Negotiation, variant_meta

MODES = ["legacy", "auto"]
VARIANTS = [
    mcp_ext.ServerVariant(id="full", description="Every tool.", hints={"useCase": "ide"}),
    mcp_ext.ServerVariant(id="planning", description="Planning only.", hints={"useCase": "plan"}),
]


def _server(*, variants: bool = True) -> MCPServer:
    neg = Negotiation(variants=VARIANTS if variants else None)

    @neg.tool(variants=["full"] if variants else None)
    def deploy() -> str:
        return "deployed"

    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

    @server.tool()
    def fails() -> str:
        raise ValueError("Unknown tool: somewhere else")  # a tool's own error stays a result

    @server.prompt()
    def greet() -> str:
        return "hello"

    @server.resource("memo://one")
    def one() -> str:
        return "one"

    return server


def _error(server: MCPServer, mode: str, call: Any) -> MCPError:
    async def main() -> MCPError:
        async with Client(server, mode=mode) as client:
            with pytest.raises(MCPError) as caught:
                await call(client)
            return caught.value

    return anyio.run(main)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("kind", "call"),
    [
        ("tool", lambda c, m: c.call_tool("no_such_tool", {}, meta=m)),
        ("prompt", lambda c, m: c.get_prompt("no_such_prompt", meta=m)),
        ("resource", lambda c, m: c.read_resource("memo://none", meta=m)),
    ],
)
@pytest.mark.parametrize("variant", ["full", "planning", None])
def test_variants_namespace_unknown_identifier_active_variant(
    mode: str, kind: str, call: Any, variant: str | None
) -> None:
    meta = variant_meta(variant) if variant is not None else None
    error = _error(_server(), mode, lambda client: call(client, meta))
    name = {"tool": "no_such_tool", "prompt": "no_such_prompt", "resource": "memo://none"}[kind]
    assert error.code == -32602
    assert error.message == f"Unknown {kind}: {name}"
    assert error.data["activeVariant"] == (variant or "full")
    assert error.data["hint"] == f"This {kind} may be available in other variants"
    if kind == "resource":
        assert error.data["uri"] == "memo://none"  # the SDK's own data is kept


@pytest.mark.parametrize("mode", MODES)
def test_variants_errors_active_variant_for_a_tool_outside_the_variant(mode: str) -> None:
    error = _error(
        _server(), mode, lambda c: c.call_tool("deploy", {}, meta=variant_meta("planning"))
    )
    assert (error.code, error.message) == (-32602, "Unknown tool: deploy")
    assert error.data["activeVariant"] == "planning"


@pytest.mark.parametrize("mode", MODES)
def test_a_tools_own_error_stays_an_error_result(mode: str) -> None:
    async def main() -> Any:
        async with Client(_server(), mode=mode) as client:
            return await client.call_tool("fails", {})

    result = anyio.run(main)
    assert result.is_error is True


@pytest.mark.parametrize("mode", MODES)
def test_without_variants_the_sdk_answers_unknown_names_itself(mode: str) -> None:
    error = _error(_server(variants=False), mode, lambda c: c.get_prompt("no_such_prompt"))
    assert "activeVariant" not in (error.data or {})

    async def main() -> Any:
        async with Client(_server(variants=False), mode=mode) as client:
            return await client.call_tool("no_such_tool", {})

    assert anyio.run(main).is_error is True
