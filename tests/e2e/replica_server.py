"""One replica of a negotiated server on a Redis backplane, for the end-to-end tests
(``python -m tests.e2e.replica_server --port N --redis URL``; ``$REPLICA_PREFIX`` names
the fleet's keys, ``$REPLICA_NAME`` this replica).

Variants ``v1`` (default) and ``v2``; ``memo://u`` and ``memo://s`` are in both,
``memo://u2`` only in ``v2``. Tools: ``t`` (the variant that served it), ``touch``
(``neg.resource_updated``), ``changed`` (``neg.list_changed``), ``rescope`` (this
replica's scope of a URI: the receiving side's filter). The principal is the bearer
token. The ranker ranks this replica's way and counts its calls in Redis.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import mcp_ext
from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from mcp_ext import ServerVariant, VariantHints
from redis import Redis

from demos._run import parse_args, run
from negotiation.sdk import Negotiation, negotiated
from negotiation.sdk.redis import RedisBackplane
from negotiation.subscriptions import VariantSwitchLimiter

VARIANTS = [
    mcp_ext.ServerVariant(id="v1", description="One.", hints={"useCase": "ide"}),
    mcp_ext.ServerVariant(id="v2", description="Two.", hints={"useCase": "chat"}),
]
URIS = ("memo://u", "memo://s", "memo://u2")


def _principal(ctx: ServerRequestContext[Any, Any]) -> str | None:
    headers = getattr(ctx.request, "headers", None)
    value = headers.get("authorization", "") if headers is not None else ""
    return value.removeprefix("Bearer ") or None


def build(url: str, prefix: str, name: str) -> MCPServer:
    counter = Redis.from_url(url)

    async def ranker(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        counter.incr(f"{prefix}:test:asked")  # the test counts the fleet's ranker calls
        ids = [v.id for v in variants]
        return ids if name.endswith("a") else ids[::-1]  # replicas disagree

    neg = Negotiation(
        variants=VARIANTS,
        principal_of=_principal,
        switch_limiter=VariantSwitchLimiter(capacity=2, refill_per_second=0.001),
        ranker=ranker,
        backplane=RedisBackplane.from_url(url, prefix=prefix),
    )
    server = MCPServer(
        "replica",
        extensions=neg.extensions,
        middleware=neg.middleware,
        subscriptions=neg.subscriptions,
    )
    for uri in URIS:
        server.resource(uri, name=uri.removeprefix("memo://"))(lambda: "r")
    neg.scope("resource", "memo://u2", ["v2"])

    @server.tool()
    def t(ctx: Context) -> str:
        return f"{negotiated(ctx).variant}@{name}"

    @server.tool()
    async def touch(uri: str) -> str:
        await neg.resource_updated(uri)
        return "ok"

    @server.tool()
    async def changed(kind: str, variant: str = "") -> int:
        return await neg.list_changed(kind, variant or None)  # type: ignore[arg-type]

    @server.tool()
    def rescope(uri: str, variants: list[str]) -> str:
        neg.scope("resource", uri, variants)
        return "ok"

    return server


if __name__ == "__main__":
    args = parse_args("python -m tests.e2e.replica_server")
    prefix = os.environ.get("REPLICA_PREFIX", "replicas")
    run(build(args.redis, prefix, os.environ.get("REPLICA_NAME", "a")), args.transport, args.port)
