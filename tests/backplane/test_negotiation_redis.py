"""``Negotiation(backplane=RedisBackplane...)`` in one process (issue #23): two or three
``Negotiation`` objects on one Redis are replicas. The switch limit is shared (two
round-robin replicas refuse what one process refuses; with local limiters they refuse
nothing), falls back to local buckets with one audit line when Redis is down, and the
ranking is decided once for the fleet."""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from typing import Any

import anyio
import fakeredis
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp_ext import ServerVariant, VariantHints

from negotiation.backplane import Backplane
from negotiation.sdk import Negotiation, ServerVariants, negotiated, variant_meta
from negotiation.sdk.redis import RedisBackplane
from negotiation.subscriptions import VariantSwitchLimiter
from negotiation.variants._forms import NormalHints

VARIANTS = [
    mcp_ext.ServerVariant(id="a", description="A.", hints={"useCase": "ide"}),
    mcp_ext.ServerVariant(id="b", description="B.", hints={"useCase": "planning"}),
    mcp_ext.ServerVariant(id="c", description="C.", hints={"useCase": "chat"}),
]
DESCRIBED = {"description": "I chat a lot", "hints": {"useCase": ["ide"]}}
LIMITED = "Too many server variant switches"


def _server(neg: Negotiation) -> MCPServer:
    server = MCPServer(
        "probe",
        extensions=neg.extensions,
        middleware=neg.middleware,
        subscriptions=neg.subscriptions,
    )

    @server.tool(name="t")
    def served_by(ctx: Context) -> str:
        return str(negotiated(ctx).variant)

    return server


def _alternate(servers: Sequence[MCPServer], requests: int) -> list[str]:
    """One principal alternating two variants: two clients, the first always asking for
    "a" on ``servers[0]``, the second for "b" on ``servers[-1]`` (round-robin routing)."""

    async def main() -> list[str]:
        outcomes = []
        async with (
            Client(servers[0], mode="legacy") as first,
            Client(servers[-1], mode="legacy") as second,
        ):
            for i in range(requests):
                client = (first, second)[i % 2]
                try:
                    result = await client.call_tool("t", {}, meta=variant_meta("ab"[i % 2]))
                    outcomes.append(str(result.content[0].text))  # type: ignore[union-attr]
                except MCPError as error:
                    outcomes.append(error.message)
        return outcomes

    return anyio.run(main)


def _limiter() -> VariantSwitchLimiter:
    return VariantSwitchLimiter(capacity=2, refill_per_second=0.001)


def _replica(backplane: Backplane | None = None, **kwargs: Any) -> tuple[MCPServer, Negotiation]:
    neg = Negotiation(
        variants=VARIANTS,
        principal_of=lambda ctx: "alice",
        switch_limiter=_limiter(),
        backplane=backplane,
        **kwargs,
    )
    return _server(neg), neg


def _fake() -> Any:
    server = fakeredis.FakeServer()
    prefix = f"t{os.urandom(4).hex()}"
    return lambda: RedisBackplane(fakeredis.FakeAsyncRedis(server=server), prefix=prefix)


def test_the_shared_limit_refuses_across_replicas_what_one_process_refuses() -> None:
    one = _alternate([_replica()[0]], 12)
    make = _fake()
    shared = _alternate([_replica(make())[0], _replica(make())[0]], 12)
    local_only = _alternate([_replica()[0], _replica()[0]], 12)
    # The first request is free, then two switches; a refused switch keeps "a" active.
    assert one.count(LIMITED) >= 4 and one[:3] == ["a", "b", "a"]
    assert shared == one
    assert local_only.count(LIMITED) == 0  # each replica sees one variant only


def test_with_redis_down_the_limiter_uses_local_buckets_and_says_so_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from tests.redis_server import _free_port

    down = RedisBackplane.from_url(f"redis://127.0.0.1:{_free_port()}/0")
    server, _ = _replica(down)
    with caplog.at_level(logging.INFO, logger="negotiation.sdk.audit"):
        outcomes = _alternate([server], 6)
    assert outcomes == ["a", "b", "a", LIMITED, "a", LIMITED]  # the local bucket's
    degraded = [r.getMessage() for r in caplog.records if "degraded" in r.getMessage()]
    assert len(degraded) == 1
    assert degraded[0].startswith("switch limiter degraded to this replica's buckets: Redis")


def test_an_anonymous_legacy_session_keeps_its_bucket_local() -> None:
    make = _fake()
    backplane = make()
    neg = Negotiation(variants=VARIANTS, switch_limiter=_limiter(), backplane=backplane)

    async def main() -> list[Any]:
        async with Client(_server(neg), mode="legacy") as client:
            for variant in "abab":
                try:
                    await client.call_tool("t", {}, meta=variant_meta(variant))
                except MCPError as error:
                    return [error.message, [k async for k in backplane._client.scan_iter("*")]]
        return []

    message, keys = anyio.run(main)
    assert message == LIMITED and keys == []  # nothing per session in Redis


def test_the_ranking_is_decided_once_for_the_fleet() -> None:
    asked: list[str] = []
    answers = iter([["c", "b", "a"], ["b", "a", "c"], ["a", "c", "b"]])

    async def ranker(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        asked.append("asked")
        return next(answers)  # each replica's LLM would answer differently

    make = _fake()
    servers = [_replica(make(), ranker=ranker)[0] for _ in range(3)]

    async def main() -> list[str]:
        served = []
        for server in servers:
            async with Client(server, mode="auto", extensions=[ServerVariants(DESCRIBED)]) as c:
                served.append(str((await c.call_tool("t", {})).content[0].text))  # type: ignore[union-attr]
        return served

    assert anyio.run(main) == ["c", "c", "c"]
    assert asked == ["asked"]


def test_a_ranking_stored_for_variants_this_principal_cannot_see_is_not_served() -> None:
    async def ranker(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        return ["b", "a"]

    make = _fake()
    backplane = make()
    _, neg = _replica(backplane, ranker=ranker, visible=lambda p, v: v.id != "c")
    capabilities = {
        "extensions": {"io.modelcontextprotocol/server-variants": {"variantHints": DESCRIBED}}
    }

    async def main() -> Any:
        hints = NormalHints.from_wire(DESCRIBED)  # the digest the backplane keys on
        from negotiation.backplane import principal_digest

        key = f"{backplane.prefix}:rk:{hints.digest()}:{principal_digest('alice')}"
        await backplane._client.set(key, b'["c","a"]')  # forged, or another deploy's
        return await neg.advertisement_async(capabilities, "alice")

    ad = anyio.run(main)
    assert ad is not None and ad.ids == ("b", "a")
