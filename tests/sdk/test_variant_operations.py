"""SEP-2053 operations on the ``MCPServer`` path (issue #12): LLM-assisted ranking
reachable from ``Negotiation`` (and a legacy session keeping what it was advertised),
rate-limited variant switching with retry guidance, and ``list_changed`` carrying the
affected variant in ``params._meta``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp_ext import ServerVariant, VariantHints

from negotiation.sdk import (
    Negotiation,
    ServerVariants,
    available_variants,
    negotiated,
    variant_meta,
)
from negotiation.subscriptions import VariantSwitchLimiter

VARIANTS = [
    mcp_ext.ServerVariant(id="a", description="A.", hints={"useCase": "ide"}),
    mcp_ext.ServerVariant(id="b", description="B.", hints={"useCase": "planning"}),
    mcp_ext.ServerVariant(id="c", description="C.", hints={"useCase": "chat"}),
]
DESCRIBED = {"description": "I chat a lot", "hints": {"useCase": ["ide"]}}


def _server(neg: Negotiation) -> MCPServer:
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

    @server.tool(name="t")
    def served_by(ctx: Context) -> str:
        return str(negotiated(ctx).variant)

    return server


def test_variants_llm_ranking_is_reachable_from_negotiation_and_pins_the_session() -> None:
    asked: list[list[str]] = []

    async def ranker(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        asked.append([v.id for v in variants])
        return ["c", "b", "a"]

    neg = Negotiation(variants=VARIANTS, ranker=ranker)

    async def main() -> tuple[list[str], str]:
        async with Client(
            _server(neg), mode="legacy", extensions=[ServerVariants(DESCRIBED)]
        ) as client:
            ids = [v.id for v in available_variants(client)]
            neg._advertiser._cache = None  # type: ignore[union-attr]  # rules would say "a"
            # No variant selected: the session's default is the ranker's first choice.
            result = await client.call_tool("t", {})
            return ids, str(result.content[0].text)  # type: ignore[union-attr]

    ids, served_by = anyio.run(main)
    assert ids == ["c", "b", "a"] and asked == [["a", "b", "c"]]
    assert served_by == "c"  # what the session was advertised, not what the rules say now
    assert neg.sessions.legacy == {}  # forgotten when the session ended


def test_without_a_description_the_rules_rank_and_the_ranker_is_not_asked() -> None:
    asked: list[int] = []

    async def ranker(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        asked.append(1)
        return ["c"]

    neg = Negotiation(variants=VARIANTS, ranker=ranker)

    async def main() -> list[str]:
        hints = {"hints": {"useCase": ["planning"]}}
        async with Client(_server(neg), mode="auto", extensions=[ServerVariants(hints)]) as c:
            return [v.id for v in available_variants(c)]

    assert anyio.run(main) == ["b", "a", "c"] and asked == []


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_variants_switching_is_rate_limited_with_retry_guidance(mode: str) -> None:
    clock = [0.0]
    limiter = VariantSwitchLimiter(capacity=1, refill_per_second=0.5, clock=lambda: clock[0])
    neg = Negotiation(variants=VARIANTS, switch_limiter=limiter)

    async def main() -> MCPError:
        async with Client(_server(neg), mode=mode) as client:
            await client.call_tool("t", {}, meta=variant_meta("a"))
            await client.call_tool("t", {}, meta=variant_meta("b"))  # the one switch
            await client.call_tool("t", {}, meta=variant_meta("b"))  # staying is free
            try:
                await client.call_tool("t", {}, meta=variant_meta("a"))
            except MCPError as error:
                return error
            raise AssertionError("the second switch was not limited")

    error = anyio.run(main)
    assert (error.code, error.message) == (-32000, "Too many server variant switches")
    assert error.data == {"activeVariant": "b", "requestedVariant": "a", "retryAfterMs": 2000}


def test_variants_list_changed_carries_the_variant_to_the_sessions_that_have_it() -> None:
    neg = Negotiation(variants=VARIANTS)
    seen: list[Any] = []

    async def on_message(message: Any) -> None:
        if str(getattr(message, "method", "")).endswith("list_changed"):
            seen.append(message)

    async def main() -> tuple[int, int, int]:
        async with Client(_server(neg), mode="legacy", message_handler=on_message) as client:
            await client.list_tools()
            told = await neg.list_changed("tools", "b")
            everyone = await neg.list_changed("prompts")
            nobody = await neg.list_changed("tools", "no-such-variant")
            await client.list_tools()  # let the notifications arrive
            await anyio.sleep(0.05)
            return told, everyone, nobody

    assert anyio.run(main) == (1, 1, 0)
    tools, prompts = seen
    assert tools.method == "notifications/tools/list_changed"
    assert tools.params.meta == {"io.modelcontextprotocol/server-variant": "b"}
    assert prompts.method == "notifications/prompts/list_changed"
    assert not (prompts.params and prompts.params.meta)


def test_refusals_are_audited_without_the_principal_in_clear(
    caplog: pytest.LogCaptureFixture,
) -> None:
    import logging

    neg = Negotiation(variants=VARIANTS, principal_of=lambda ctx: "secret-token-123")

    async def main() -> None:
        async with Client(_server(neg), mode="legacy") as client:
            with pytest.raises(MCPError):
                await client.call_tool("t", {}, meta=variant_meta("nope"))

    with caplog.at_level(logging.INFO, logger="negotiation.sdk.audit"):
        anyio.run(main)
    (line,) = [r.getMessage() for r in caplog.records if r.name == "negotiation.sdk.audit"]
    assert line.startswith("tools/call: refused variant for ")
    assert "Invalid server variant" in line and "secret-token-123" not in line
