"""Issue #24: the official client caches one ``outputSchema`` per tool name (from the
default variant's ``tools/list``); ``call_tool_in_variant`` validates a call against the
schema of the variant it is made in."""

from __future__ import annotations

from typing import Any

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import MCPServer

from negotiation.sdk import Negotiation, call_tool_in_variant, variant_meta
from negotiation.variants import META_KEY

VARIANTS = [
    mcp_ext.ServerVariant(id="main", description="The default."),
    mcp_ext.ServerVariant(id="other", description="Another."),
]
MAIN = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
OTHER = {"type": "object", "properties": {"s": {"type": "string"}}, "required": ["s"]}


def _server() -> MCPServer:
    neg = Negotiation(VARIANTS)

    async def per_variant_schema(
        ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        result = await call_next(ctx)
        variant = ((ctx.params or {}).get("_meta") or {}).get(META_KEY)
        if ctx.method == "tools/list" and isinstance(result, dict):
            for tool in result["tools"]:
                tool["outputSchema"] = OTHER if variant == "other" else MAIN
        return result

    server = MCPServer(
        "probe", extensions=neg.extensions, middleware=[*neg.middleware, per_variant_schema]
    )

    @server.tool(name="report", structured_output=False)
    def report() -> Any:
        raise AssertionError("replaced below")

    async def call(ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        if ctx.method != "tools/call":
            return await call_next(ctx)
        variant = ((ctx.params or {}).get("_meta") or {}).get(META_KEY)
        structured = {"s": "text"} if variant == "other" else {"n": 1}
        return {"content": [{"type": "text", "text": "ok"}], "structuredContent": structured}

    server._lowlevel_server.middleware.append(call)
    return server


def _run(body: Any) -> Any:
    async def main() -> Any:
        async with Client(_server(), mode="legacy") as client:
            return await body(client)

    return anyio.run(main)


def test_the_sdk_alone_validates_another_variants_result_against_the_default_schema() -> None:
    async def body(client: Client) -> None:
        listed = await client.list_tools()
        assert listed.tools[0].output_schema == MAIN
        with pytest.raises(RuntimeError, match="Invalid structured content"):
            await client.call_tool("report", {}, meta=variant_meta("other"))

    _run(body)


def test_call_tool_in_variant_validates_against_that_variants_schema() -> None:
    async def body(client: Client) -> tuple[Any, Any]:
        await client.list_tools()
        other = await call_tool_in_variant(client, "report", {}, variant="other")
        main = await call_tool_in_variant(client, "report", {}, variant=None)
        return other.structured_content, main.structured_content

    assert _run(body) == ({"s": "text"}, {"n": 1})


def test_it_lists_the_variants_pages_until_the_tool_and_sends_the_variant_everywhere() -> None:
    neg = Negotiation(VARIANTS, page_size=1)
    seen: list[tuple[str, Any, Any]] = []

    async def record(ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        params = ctx.params or {}
        if ctx.method in ("tools/list", "tools/call"):
            seen.append(
                (ctx.method, params.get("cursor"), (params.get("_meta") or {}).get(META_KEY))
            )
        return await call_next(ctx)

    server = MCPServer("probe", extensions=neg.extensions, middleware=[record, *neg.middleware])
    for name in ("first", "report", "last"):
        server.tool(name=name)(lambda text="ok": text)

    async def body(client: Client) -> tuple[Any, Any]:
        other = await call_tool_in_variant(client, "report", {"text": "hi"}, variant="other")
        plain = await call_tool_in_variant(client, "last", None, variant=None)
        return other.content[0].text, plain.content[0].text

    async def main() -> tuple[Any, Any]:
        async with Client(server, mode="legacy") as client:
            return await body(client)

    assert anyio.run(main) == ("hi", "ok")  # the arguments reach the tool
    methods = [(m, c is not None, v) for m, c, v in seen]
    assert methods == [
        ("tools/list", False, "other"),
        ("tools/list", True, "other"),  # "report" is on the second page: no third
        ("tools/call", False, "other"),
        ("tools/list", False, None),
        ("tools/list", True, None),
        ("tools/list", True, None),
        ("tools/call", False, None),
    ]
