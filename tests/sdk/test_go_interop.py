"""Issue #12, interoperability with the Go implementation
(modelcontextprotocol/experimental-ext-variants): it puts the server-variants object
under ``capabilities.experimental`` instead of ``capabilities.extensions``, with the same
identifier, the same payload (``variantHints`` from the client; ``availableVariants`` and
``moreVariantsAvailable`` from the server) and the same ``_meta`` key. We read either
placement and, opted in, emit both."""

from __future__ import annotations

from typing import Any

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from negotiation import variants as sv
from negotiation.sdk import Negotiation, available_variants

ID = "io.modelcontextprotocol/server-variants"
VARIANTS = [
    mcp_ext.ServerVariant(id="coding", description="Code review.", hints={"useCase": "ide"}),
    mcp_ext.ServerVariant(id="planning", description="Planning.", hints={"useCase": "planning"}),
]
PLANNER_HINTS = {"description": "a planner", "hints": {"useCase": ["planning"]}}


def _capabilities(neg: Negotiation, mode: str) -> Any:
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

    async def main() -> Any:
        async with Client(server, mode=mode) as client:
            return client.server_capabilities

    return anyio.run(main)


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_the_go_placement_is_emitted_only_when_opted_in(mode: str) -> None:
    plain = _capabilities(Negotiation(variants=VARIANTS), mode)
    assert ID not in (plain.experimental or {})
    both = _capabilities(Negotiation(variants=VARIANTS, experimental_capability=True), mode)
    go = both.experimental[ID]
    assert go == both.extensions[ID]  # the same object in both places
    assert [v["id"] for v in go["availableVariants"]] == ["coding", "planning"]
    assert go["moreVariantsAvailable"] is False
    assert set(go["availableVariants"][0]) <= {
        "id",
        "description",
        "hints",
        "status",
        "deprecationInfo",
    }


def test_hints_declared_in_the_go_placement_rank_the_variants() -> None:
    neg = Negotiation(variants=VARIANTS)
    go_client = {"experimental": {ID: {"variantHints": PLANNER_HINTS}}}
    ours = {"extensions": {ID: {"variantHints": PLANNER_HINTS}}}
    nothing: dict[str, Any] = {}
    assert neg.advertisement(go_client, None).ids == ("planning", "coding")  # type: ignore[union-attr]
    assert neg.advertisement(ours, None).ids == ("planning", "coding")  # type: ignore[union-attr]
    assert neg.advertisement(nothing, None).ids == ("coding", "planning")  # type: ignore[union-attr]


def test_the_extensions_placement_wins_when_a_client_sends_both() -> None:
    both = {
        "extensions": {ID: {"variantHints": PLANNER_HINTS}},
        "experimental": {ID: {"variantHints": {"hints": {"useCase": "ide"}}}},
    }
    assert sv.extension_settings(both) == {"variantHints": PLANNER_HINTS}
    assert sv.extension_settings({"experimental": {ID: {}}}) == {}
    assert sv.extension_settings({"experimental": {"other": {}}}) is None
    assert sv.extension_settings({"experimental": "not an object"}) is None


def test_our_client_reads_a_go_servers_advertisement() -> None:
    # What enrichInitResult in go/sdk/variants/server.go writes.
    go_server = {
        "experimental": {
            ID: {
                "availableVariants": [
                    {
                        "id": "claude-optimized",
                        "description": "For Claude.",
                        "hints": {"modelFamily": "anthropic"},
                    },
                    {"id": "compact", "description": "Fewer tools.", "status": "experimental"},
                ],
                "moreVariantsAvailable": False,
            }
        }
    }
    variants = available_variants(go_server)
    assert [v.id for v in variants] == ["claude-optimized", "compact"]
    assert variants[1].status == "experimental"
