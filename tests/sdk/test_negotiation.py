"""``MCPServer`` plus ``Negotiation``, in process, with the official SDK ``Client`` in both
eras: advertising, ranking, variant selection and refusal, audience-shaped results and
graceful degradation."""

from __future__ import annotations

import logging
from typing import Any

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp_types import CallToolResult, TextContent

from negotiation.content import NegotiationContext
from negotiation.sdk import (
    ContentNegotiation,
    Negotiation,
    ServerVariants,
    available_variants,
    negotiated,
    pick_variant,
    tool_result,
    variant_meta,
)
from negotiation.variants import SelectionContext
from negotiation.versioning import Era

MODES = ["legacy", "auto"]
ERA = {"legacy": Era.LEGACY, "auto": Era.MODERN}
CN = "io.modelcontextprotocol/content-negotiation"
SV = "io.modelcontextprotocol/server-variants"
VARIANTS = [
    mcp_ext.ServerVariant(
        id="full", description="Every tool.", hints={"useCase": "ide"}, status="stable"
    ),
    mcp_ext.ServerVariant(
        id="planning", description="Planning tools only.", hints={"useCase": "planning"}
    ),
]
FORECAST = {"city": "Bern", "temperature_c": 8}


class Probe:
    """A negotiated server that records the view each tool call was served with."""

    def __init__(self) -> None:
        self.seen: list[NegotiationContext] = []
        self.neg = Negotiation(variants=VARIANTS, default_variant="full")

        @self.neg.tool(variants=["full"], description="Deploy the app.")
        def deploy() -> str:
            return "deployed"

        self.server = MCPServer(
            "probe", extensions=self.neg.extensions, middleware=self.neg.middleware
        )

        @self.server.tool()
        def forecast(city: str, ctx: Context) -> CallToolResult:
            view = negotiated(ctx)
            self.seen.append(view)
            text = f"## {city}\n\n8°C" if view.format == "markdown" else f"{city}: 8 C"
            return tool_result(ctx, structured={**FORECAST, "city": city}, text=text)


def _run(probe: Probe, mode: str, extensions: list[Any] | None, body: Any) -> Any:
    async def main() -> Any:
        async with Client(probe.server, mode=mode, extensions=extensions) as client:
            return await body(client)

    return anyio.run(main)


def _text(result: CallToolResult) -> str:
    (block,) = result.content
    assert isinstance(block, TextContent)
    return block.text


@pytest.mark.parametrize("mode", MODES)
def test_advertises_both_extensions(mode: str) -> None:
    async def body(client: Client) -> dict[str, Any]:
        return dict(client.server_capabilities.extensions or {})

    extensions = _run(Probe(), mode, [ContentNegotiation(["agent"])], body)
    assert extensions[CN] == {}
    assert [v["id"] for v in extensions[SV]["availableVariants"]] == ["full", "planning"]
    assert extensions[SV]["moreVariantsAvailable"] is False
    assert "io.modelcontextprotocol/resources-metadata" not in extensions


@pytest.mark.parametrize("mode", MODES)
def test_ranks_variants_from_hints(mode: str) -> None:
    hints = mcp_ext.VariantHints(hints={"useCase": ["planning", "ide"]})

    async def body(client: Client) -> tuple[list[str], str | None]:
        ranked = [v.id for v in available_variants(client)]
        return ranked, pick_variant(client, SelectionContext(mode="ide"))

    ranked, picked = _run(Probe(), mode, [ServerVariants(hints)], body)
    assert ranked == ["planning", "full"]
    assert picked == "full"


@pytest.mark.parametrize("mode", MODES)
def test_serves_the_selected_variant(mode: str) -> None:
    probe = Probe()

    async def body(client: Client) -> tuple[list[str], list[str]]:
        await client.call_tool("forecast", {"city": "Bern"}, meta=variant_meta("planning"))
        await client.call_tool("forecast", {"city": "Bern"})
        planning = await client.list_tools(meta=variant_meta("planning"))
        full = await client.list_tools()
        return [t.name for t in planning.tools], [t.name for t in full.tools]

    planning, full = _run(probe, mode, [ServerVariants()], body)
    assert [v.variant for v in probe.seen] == ["planning", "full"]
    assert probe.seen[0].era is ERA[mode] and probe.seen[0].advertised == ("full", "planning")
    assert "deploy" not in planning and "deploy" in full and "forecast" in planning


@pytest.mark.parametrize("mode", MODES)
def test_refuses_an_unknown_variant_before_the_tool_runs(mode: str) -> None:
    probe = Probe()

    async def body(client: Client) -> list[MCPError]:
        caught: list[MCPError] = []
        for name, meta in [
            ("forecast", variant_meta("nope")),
            ("deploy", variant_meta("planning")),
        ]:
            with pytest.raises(MCPError) as error:
                await client.call_tool(name, {"city": "Bern"}, meta=meta)
            caught.append(error.value)
        return caught

    unknown, out_of_scope = _run(probe, mode, [ServerVariants()], body)
    assert probe.seen == []
    assert (unknown.error.code, unknown.error.message) == (-32602, "Invalid server variant")
    assert unknown.error.data == {
        "requestedVariant": "nope",
        "availableVariants": ["full", "planning"],
    }
    assert (out_of_scope.error.code, out_of_scope.error.message) == (-32602, "Unknown tool: deploy")
    assert out_of_scope.error.data["activeVariant"] == "planning"


@pytest.mark.parametrize("mode", MODES)
def test_shapes_results_for_an_agent_and_a_human(mode: str) -> None:
    async def call(client: Client) -> CallToolResult:
        return await client.call_tool("forecast", {"city": "Bern"})

    agent = _run(Probe(), mode, [ContentNegotiation(["agent", "format=json"])], call)
    human = _run(Probe(), mode, [ContentNegotiation(["human", "format=markdown"])], call)
    # sep-tool-result-content: structured results also carry content (the tool's text).
    assert agent.structured_content == FORECAST and _text(agent) == "Bern: 8 C"
    assert human.structured_content is None and _text(human).startswith("## Bern")


@pytest.mark.parametrize("mode", MODES)
def test_a_client_without_the_extensions_gets_default_content(mode: str) -> None:
    probe = Probe()

    async def call(client: Client) -> CallToolResult:
        return await client.call_tool("forecast", {"city": "Bern"})

    result = _run(probe, mode, None, call)
    (view,) = probe.seen
    assert view.features is None and view.variant == "full" and view.era is ERA[mode]
    assert _text(result) == "Bern: 8 C" and result.structured_content == FORECAST


def test_wrong_input_types_raise_type_error() -> None:
    with pytest.raises(TypeError, match="ServerVariant"):
        Negotiation(variants=["full"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="Context"):
        negotiated(object())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not one of the variants"):
        Negotiation(variants=VARIANTS, default_variant="nope")
    with pytest.raises(ValueError, match="format==json"):
        ContentNegotiation(["format==json"])


def test_every_negotiation_decision_is_logged_at_debug(caplog: pytest.LogCaptureFixture) -> None:
    async def body(client: Client) -> None:
        await client.call_tool("forecast", {"city": "Bern"}, meta=variant_meta("planning"))
        with pytest.raises(MCPError):
            await client.call_tool("forecast", {"city": "Bern"}, meta=variant_meta("nope"))

    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"):
        _run(Probe(), "legacy", [ContentNegotiation(["format=json"]), ServerVariants()], body)
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("negotiation.sdk")]
    assert any(line.startswith("initialize: advertised variants") for line in lines)
    assert any(
        line.startswith("tools/call: features=['format=json'] format=json variant=planning (meta)")
        for line in lines
    )
    # Refusals go to the audit logger (negotiation.sdk.audit), at INFO.
    assert any(
        line.startswith("tools/call: refused variant for -") and "(meta)" in line for line in lines
    )
