"""Issue #26: declaration order and wiring mistakes are loud, and say what to do.

Declaring a tool or a multi-format resource on ``neg`` after ``MCPServer(...)`` read
``neg.extensions`` raises at the declaration; a prompt of ``@neg.prompt`` and a scope
may come at any time. ``extensions=`` without ``middleware=`` (or the reverse), and a
scoped name the server does not have, each log one WARNING naming the fix."""

from __future__ import annotations

import logging
from typing import Any, Literal

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from negotiation.sdk import Negotiation, variant_meta

VARIANTS = [
    mcp_ext.ServerVariant(id="full", description="Everything."),
    mcp_ext.ServerVariant(id="compact", description="Less."),
]
Mode = Literal["legacy", "auto"]


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name == "negotiation.sdk" and r.levelno == logging.WARNING
    ]


def _list(server: MCPServer, variant: str | None = None, mode: Mode = "auto") -> Any:
    async def main() -> Any:
        meta = variant_meta(variant) if variant else None
        async with Client(server, mode=mode) as client:
            tools = [t.name for t in (await client.list_tools(meta=meta)).tools]
            prompts = [p.name for p in (await client.list_prompts(meta=meta)).prompts]
            resources = [r.uri for r in (await client.list_resources(meta=meta)).resources]
            return tools, prompts, resources

    return anyio.run(main)


def test_a_tool_declared_after_the_server_read_the_extensions_raises_with_the_fix() -> None:
    neg = Negotiation(variants=VARIANTS)
    MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)
    with pytest.raises(RuntimeError) as late:

        @neg.tool(variants=["full"])
        def forecast() -> str:
            return "x"

    assert str(late.value) == (
        "tool 'forecast' is declared after MCPServer(...) read neg.extensions, which the SDK "
        "does once, at construction: declare it before constructing the MCPServer, or register "
        "it on the server (@mcp.tool() / mcp.add_tool()) and scope it with "
        "neg.scope('tool', 'forecast', variants=[...])"
    )


def test_a_resource_added_after_the_server_read_the_extensions_raises_with_the_fix() -> None:
    neg = Negotiation(variants=VARIANTS)
    MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)
    with pytest.raises(RuntimeError, match=r"resource 'map://a' is declared after MCPServer"):
        neg.add_resource({"uri": "map://a", "name": "a"}, {"text/plain": "a"})
    assert "map://a" not in neg.resources  # nothing half-declared


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_the_documented_late_layout_works_sdk_decorators_then_scopes(mode: Mode) -> None:
    neg = Negotiation(variants=VARIANTS)
    server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)

    @server.tool()
    def forecast() -> str:
        return "x"

    @neg.prompt(variants=["full"])
    def plan() -> str:
        return "plan"

    neg.scope("tool", "forecast", variants=["full"])
    assert _list(server, "full", mode)[:2] == (["forecast"], ["plan"])
    assert _list(server, "compact", mode)[:2] == ([], [])


def test_extensions_without_middleware_warn_at_construction_naming_the_fix(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = Negotiation(variants=VARIANTS)
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        MCPServer("s", extensions=neg.extensions)
    assert _warnings(caplog) == [
        "MCPServer(...) took neg.extensions but not neg.middleware: server variants are not "
        "enforced and content is not negotiated. Pass middleware=neg.middleware to MCPServer(...)."
    ]


def test_middleware_without_extensions_warns_once_at_the_first_request(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = Negotiation(variants=VARIANTS)
    server = MCPServer("s", middleware=neg.middleware)
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        _list(server)
        _list(server)
    assert _warnings(caplog) == [
        "neg.middleware serves a server that did not take neg.extensions: the negotiation "
        "extensions are not advertised and @neg.tool tools are not registered. Pass "
        "extensions=neg.extensions to MCPServer(...)."
    ]


def test_the_right_wiring_is_silent(caplog: pytest.LogCaptureFixture) -> None:
    neg = Negotiation(variants=VARIANTS)

    @neg.tool(variants=["full"])
    def forecast() -> str:
        return "x"

    neg.add_resource({"uri": "map://a", "name": "a"}, {"text/plain": "a"}, variants=["full"])
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)

        @server.prompt()
        def plan() -> str:
            return "plan"

        neg.scope("prompt", "plan", variants=["compact"])
        assert _list(server, "full") == (["forecast"], [], ["map://a"])
        assert _list(server, "compact") == ([], ["plan"], [])
    assert _warnings(caplog) == []


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_a_scoped_name_the_server_does_not_have_warns_once_when_first_listed(
    caplog: pytest.LogCaptureFixture, mode: Mode
) -> None:
    neg = Negotiation(variants=VARIANTS)
    server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)

    @server.prompt()
    def plan() -> str:
        return "plan"

    neg.scope("prompt", "typo", variants=["full"])
    neg.scope("tool", "gone", variants=["full"])
    neg.scope("resource", "file://nowhere", variants=["full"])
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        _list(server, "full", mode)
        _list(server, "compact", mode)
    assert _warnings(caplog) == [
        "neg.scope('tool', 'gone', ...): the server has no tool with this name, so the scope "
        "applies to nothing. Fix the name (scopes match it exactly), or register the tool "
        "(@mcp.tool()) or drop the scope.",
        "neg.scope('prompt', 'typo', ...): the server has no prompt with this name, so the "
        "scope applies to nothing. Fix the name (scopes match it exactly), or register the "
        "prompt (@mcp.prompt()) or drop the scope.",
        "neg.scope('resource', 'file://nowhere', ...): the server has no resource with this "
        "URI, so the scope applies to nothing. Fix the URI (scopes match it exactly), or "
        "register the resource (@mcp.resource(...)) or drop the scope.",
    ]
