"""The weather demo against the official Python SDK client: in process, over a stdio
subprocess and over streamable HTTP on loopback, in both eras. Each client declares
its features the SDK's way; the shapes are the content-negotiation SEP's."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import anyio
import pytest
from mcp_ext import models as m
from mcp_ext.methods import RPCError

from demos.weather.server import build
from negotiation.sdk import client_for
from tests.conftest import PythonForks
from tests.e2e.servers import client, http_server, stdio_params

AGENT = ["agent", "mcp-capable", "!interactive", "verbosity=compact", "format=json"]
AGENT_SAMPLING = ["agent", "mcp-capable", "sampling", "format=json"]
HUMAN = ["human", "!mcp-capable", "interactive", "verbosity=standard", "format=markdown"]
HUMAN_QUIET = ["human", "!interactive", "format=markdown"]
BERN = m.CallToolRequestParams(name="get_weather", arguments={"location": "Bern"})
VALLEY = "map://features/alpine-valley-1"
ERAS = {"legacy": "2025-11-25", "auto": "2026-07-28"}


@pytest.fixture(scope="module")
def weather_url(python_forks: PythonForks) -> Iterator[str]:
    with http_server("demos.weather", forks=python_forks) as url:
        yield url


def _target(kind: str, url: str | None, forks: PythonForks | None = None) -> Any:
    if kind == "inproc":
        return build()
    if kind == "stdio":
        return stdio_params("demos.weather", forks=forks)
    assert url is not None
    return url


async def _call(target: Any, mode: str, features: list[str] | None) -> m.CallToolResult:
    async with client(target, mode, features=features) as session:
        assert session.protocol_version == ERAS[mode]
        return await client_for(session.session).tools_call(BERN)


def _transcript(
    kind: str, mode: str, url: str | None, forks: PythonForks | None = None
) -> dict[str, Any]:
    """One tool call per kind of client, plus resources and prompts for two of them."""
    out: dict[str, Any] = {}

    async def main() -> None:
        for name, features in [
            ("agent", AGENT),
            ("sampling", AGENT_SAMPLING),
            ("human", HUMAN),
            ("quiet", HUMAN_QUIET),
            ("legacy", None),
        ]:
            out[name] = await _call(_target(kind, url, forks), mode, features)
        for name, features in [("agent", AGENT), ("human", HUMAN)]:
            async with client(_target(kind, url, forks), mode, features=features) as session:
                extensions = session.server_capabilities.extensions or {}
                out[f"{name}-extensions"] = extensions
                typed = client_for(session.session)
                out[f"{name}-read"] = await typed.resources_read(
                    m.ReadResourceRequestParams(uri=VALLEY)
                )
                out[f"{name}-meta"] = await typed.resources_metadata(
                    m.ReadResourceMetadataRequestParams(uri=VALLEY)
                )
                out[f"{name}-prompt"] = await typed.prompts_get(
                    m.GetPromptRequestParams(name="check_weather")
                )

    anyio.run(main)
    return out


def _text(result: m.CallToolResult) -> str:
    (block,) = result.content
    assert isinstance(block, m.TextContent)
    return block.text


def _assert_contract(t: dict[str, Any]) -> None:
    agent = t["agent"]
    # sep-tool-result-content: the structured value also comes as JSON text.
    assert json.loads(_text(agent)) == agent.structured_content
    props = agent.structured_content["properties"]
    assert agent.structured_content["type"] == "object"
    assert props["location"] == "Bern" and props["temperature_c"] == 8
    assert props["humidity_percent"] == 72 and props["precipitation_probability"] == 0.3
    assert props["status"] == "success"  # !interactive: no follow-up, a completion status
    assert "hints" not in props

    hints = t["sampling"].structured_content["properties"]["hints"]
    assert len(hints) == 3 and any("umbrella" in h for h in hints)

    human = _text(t["human"])
    assert t["human"].structured_content is None
    assert human.startswith("## Current Weather in Bern") and "**Temperature**: 8°C" in human
    assert "Would you like" in human  # interactive: a dialog prompt
    quiet = _text(t["quiet"])
    assert quiet.startswith("## Current Weather in Bern") and "Would you like" not in quiet

    legacy = _text(t["legacy"])
    assert t["legacy"].structured_content is None
    assert legacy.startswith("Current temperature in Bern: 8°C.") and "#" not in legacy

    for who in ("agent", "human"):
        assert t[f"{who}-extensions"]["io.modelcontextprotocol/content-negotiation"] == {}
    (geo,) = t["agent-read"].contents
    assert geo.mime_type == "application/geo+json" and geo.name == "alpine-valley-1"
    feature = json.loads(geo.text)
    assert feature["type"] == "Feature" and feature["geometry"]["coordinates"] == [7.6586, 45.9763]
    (md,) = t["human-read"].contents
    assert md.mime_type == "text/markdown" and md.text.startswith("# Alpine Valley")
    assert md.title == "Alpine Valley"  # a draft field, intact
    formats = {entry.mime_type for entry in t["agent-meta"].metadata}
    assert formats == {"text/markdown", "application/geo+json"}
    assert {entry.uri for entry in t["human-meta"].metadata} == {VALLEY}

    agent_prompt = t["agent-prompt"].messages[0].content.text
    assert "step-by-step" not in agent_prompt  # AGENT lacks sampling
    human_prompt = t["human-prompt"].messages[0].content.text
    assert human_prompt.endswith("What location interests you?")


@pytest.mark.parametrize("mode", sorted(ERAS))
def test_in_process(mode: str) -> None:
    _assert_contract(_transcript("inproc", mode, None))


@pytest.mark.parametrize("mode", sorted(ERAS))
def test_over_streamable_http(mode: str, weather_url: str) -> None:
    _assert_contract(_transcript("http", mode, weather_url))


@pytest.mark.slow
@pytest.mark.parametrize("mode", sorted(ERAS))
def test_over_stdio(mode: str, python_forks: PythonForks) -> None:
    # Each server is its own process on real pipes: a fork of the warm interpreter.
    _assert_contract(_transcript("stdio", mode, None, python_forks))


@pytest.mark.parametrize("mode", sorted(ERAS))
def test_sampling_agent_prompt_has_reasoning_steps(mode: str) -> None:
    async def main() -> str:
        async with client(build(), mode, features=AGENT_SAMPLING) as session:
            got = await client_for(session.session).prompts_get(
                m.GetPromptRequestParams(name="check_weather")
            )
            block = got.messages[0].content
            assert isinstance(block, m.TextContent)
            return block.text

    assert "analyze step-by-step" in anyio.run(main)


@pytest.mark.parametrize("mode", sorted(ERAS))
def test_errors_are_32602_with_data(mode: str) -> None:
    async def main() -> list[RPCError]:
        caught: list[RPCError] = []
        async with client(build(), mode, features=AGENT) as session:
            typed = client_for(session.session)
            for call in (
                typed.tools_call(
                    m.CallToolRequestParams(name="get_weather", arguments={"location": "Atlantis"})
                ),
                typed.resources_metadata(
                    m.ReadResourceMetadataRequestParams(uri="map://features/nowhere")
                ),
                typed.tools_call(BERN, meta={"io.modelcontextprotocol/server-variant": "compact"}),
            ):
                with pytest.raises(RPCError) as error:
                    await call
                caught.append(error.value)
        return caught

    unknown_city, unknown_place, no_variants = anyio.run(main)
    assert (unknown_city.code, unknown_city.data) == (-32602, {"location": "Atlantis"})
    # Like the SDK's own resource-not-found error: the URI under "uri".
    assert (unknown_place.code, unknown_place.data) == (-32602, {"uri": "map://features/nowhere"})
    assert (no_variants.code, no_variants.message) == (-32602, "Server variants not supported")


def test_invalid_tags_are_ignored_not_fatal() -> None:
    # Test Case 4: invalid syntax is logged and ignored; the valid tags still apply.
    # ContentNegotiation refuses bad tags at construction, so declare them raw.
    from mcp import Client
    from mcp.client.extension import advertise

    declared = advertise(
        "io.modelcontextprotocol/content-negotiation",
        {"version": "1.0", "features": ["@#$%", "format==json", "human"]},
    )

    async def main() -> m.CallToolResult:
        async with Client(build(), mode="legacy", extensions=[declared]) as session:
            return await client_for(session).tools_call(BERN)

    assert _text(anyio.run(main)).startswith("## Current Weather in Bern")
