"""SEP-2053 subscriptions on the ``MCPServer`` path: ``resources/unsubscribe`` without
``_meta`` ends a subscription made under a non-default variant (docs/conformance.md,
ambiguity 10); with ``_meta`` it ends only the one bound to that variant."""

from __future__ import annotations

from typing import Any

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from negotiation.sdk import Negotiation, variant_meta

VARIANTS = [
    mcp_ext.ServerVariant(id="main", description="Default.", hints={}),
    mcp_ext.ServerVariant(id="other", description="Not the default.", hints={}),
]
URI = "memo://note"
# The legacy-era methods, on purpose.
pytestmark = pytest.mark.filterwarnings("ignore:resources/(un)?subscribe is removed")


def _run(body: Any) -> int:
    neg = Negotiation(variants=VARIANTS)
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)
    server.resource(URI, name="note")(lambda: "note")

    async def main() -> int:
        async with Client(server, mode="legacy") as client:
            await body(client)
            return neg.subscription_count

    return anyio.run(main)


def test_variants_unsubscribe_without_meta_ends_a_non_default_variant_subscription() -> None:
    async def body(client: Any) -> None:
        await client.subscribe_resource(URI, meta=variant_meta("other"))
        await client.unsubscribe_resource(URI)

    assert _run(body) == 0


def test_unsubscribe_with_meta_ends_only_that_variants_subscription() -> None:
    async def body(client: Any) -> None:
        await client.subscribe_resource(URI, meta=variant_meta("other"))
        await client.subscribe_resource(URI)  # the default variant
        await client.unsubscribe_resource(URI, meta=variant_meta("main"))

    assert _run(body) == 1

    async def both(client: Any) -> None:
        await client.subscribe_resource(URI, meta=variant_meta("other"))
        await client.subscribe_resource(URI)
        await client.unsubscribe_resource(URI)

    assert _run(both) == 0
