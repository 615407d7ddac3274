"""Exact pins of ``negotiation.sdk.handlers`` (issue #22): what a tool function calls.
The era of each protocol version, the SDK error for a runtime error (on the wire too),
and which view ``negotiated()`` answers inside and outside a negotiated request."""

from __future__ import annotations

from typing import Any

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError

from negotiation import errors
from negotiation.content import DEFAULT_CONTEXT, NegotiationContext
from negotiation.resources import ResourceNotFound
from negotiation.sdk import ContentNegotiation, Negotiation, mcp_error, negotiated
from negotiation.sdk.handlers import era
from negotiation.versioning import Era

VARIANTS = [
    mcp_ext.ServerVariant(id="main", description="The default.", hints={"useCase": "ide"}),
    mcp_ext.ServerVariant(id="other", description="Another.", hints={"useCase": "planning"}),
]


def _run(server: MCPServer, body: Any, mode: str = "auto", **client: Any) -> Any:
    async def main() -> Any:
        async with Client(server, mode=mode, **client) as session:
            return await body(session)

    return anyio.run(main)


@pytest.mark.parametrize(
    ("version", "expected"),
    [
        ("2026-07-28", Era.MODERN),
        ("2025-11-25", Era.LEGACY),
        ("2025-06-18", Era.LEGACY),
        ("2024-11-05", Era.LEGACY),
        ("2026-07-29", Era.LEGACY),  # an unknown version is not modern
        ("", Era.LEGACY),
    ],
)
def test_era_is_modern_for_the_sdks_modern_versions_only(version: str, expected: Era) -> None:
    assert era(version) is expected


def test_mcp_error_keeps_a_runtime_errors_code_message_and_data() -> None:
    missing = mcp_error(ResourceNotFound("memo://gone"))
    assert (missing.code, missing.message, missing.data) == (
        -32602,
        "Resource not found",
        {"uri": "memo://gone"},
    )
    legacy = mcp_error(ResourceNotFound("memo://gone", legacy=True))
    assert (legacy.code, legacy.data) == (-32002, {"uri": "memo://gone"})
    changed = mcp_error(errors.principal_changed())  # an error object (a dict)
    assert (changed.code, changed.message, changed.data) == (
        errors.principal_changed()["code"],
        errors.principal_changed()["message"],
        errors.principal_changed().get("data"),
    )
    bare = mcp_error({"code": -32600, "message": "no data"})
    assert (bare.code, bare.message, bare.data) == (-32600, "no data", None)


def test_a_handler_raising_mcp_error_answers_with_the_code_message_and_data() -> None:
    server = MCPServer("raising")

    @server.tool()
    def gone() -> str:
        raise mcp_error(ResourceNotFound("memo://gone"))

    @server.tool()
    def refused() -> str:
        raise mcp_error({"code": -32001, "message": "refused", "data": {"why": "test"}})

    async def body(client: Client) -> list[MCPError]:
        caught = []
        for name in ("gone", "refused"):
            with pytest.raises(MCPError) as error:
                await client.call_tool(name, {})
            caught.append(error.value)
        return caught

    gone_error, refused_error = _run(server, body)
    assert (gone_error.code, gone_error.message, gone_error.data) == (
        -32602,
        "Resource not found",
        {"uri": "memo://gone"},
    )
    assert (refused_error.code, refused_error.message, refused_error.data) == (
        -32001,
        "refused",
        {"why": "test"},
    )


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_inside_a_negotiated_request_every_spelling_answers_the_middlewares_view(
    mode: str,
) -> None:
    neg = Negotiation(VARIANTS)
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)
    seen: list[NegotiationContext] = []

    @server.tool()
    def probe(ctx: Context) -> str:
        seen.extend([negotiated(), negotiated(ctx), negotiated(ctx.request_context)])
        return "ok"

    async def body(client: Client) -> None:
        await client.call_tool("probe", {})

    _run(server, body, mode, extensions=[ContentNegotiation(["agent", "format=json"])])
    first = seen[0]
    assert first is not DEFAULT_CONTEXT
    assert all(view is first for view in seen)  # the one view, not one rebuilt per call
    assert (first.variant, first.format, list(first.advertised)) == (
        "main",
        "json",
        ["main", "other"],
    )


def test_outside_a_request_negotiated_answers_the_default_context() -> None:
    assert negotiated() is DEFAULT_CONTEXT
    assert negotiated(None) is DEFAULT_CONTEXT
