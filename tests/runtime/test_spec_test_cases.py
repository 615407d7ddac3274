"""The content-negotiation spec's examples end to end: a weather server built on
negotiation.content and negotiation.resources answers JSON-RPC through the generated
``dispatch``, and its responses must equal the spec's.

Covered: Test Cases 1-4, the three initialize scenarios, the four tool responses, the two
resource reads, the two prompt results (sep-content-negotiation.md) and the multi-format
read (sep-resource-contents-metadata.md). The server's *prose* (hints, markdown, prompt
texts, resource bodies) is taken from the examples: what is under test is which rendering
each client gets and how it is shaped, not the prose.

Where a spec example is not a valid MCP message we compare with the nearest valid one:
``"structuredContent": null`` means "no structured content" (we omit the field), and a
prompt message's one-element content array is the block itself (``PromptMessage.content``
is a single block). The examples predate sep-resource-contents-metadata, so our resource
contents may carry extra metadata (``name``, ``size``).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

import pytest
from mcp_ext.models import (
    CallToolRequestParams,
    CallToolResult,
    GetPromptRequestParams,
    GetPromptResult,
    InitializeRequestParams,
    InitializeResult,
    ReadResourceRequestParams,
    ReadResourceResult,
    Resource,
)
from mcp_ext.server import ServerHandler, dispatch

from negotiation import features
from negotiation.content import (
    EXTENSION_ID,
    NegotiationContext,
    PromptBody,
    Renderings,
    context_from_capabilities,
    context_from_initialize,
    initialize_result,
    prompt_result,
    request_context,
)
from negotiation.resources import Representation, ResourceRegistry
from negotiation.tool_results import ToolResultShaper
from negotiation.versioning import META_CLIENT_CAPABILITIES
from tests.conftest import require_specs
from tests.spec_examples import all_examples

CN = "sep-content-negotiation.md"
RM = "sep-resource-contents-metadata.md"


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    features.clear_cache()


def examples(spec: str, heading: str) -> list[Any]:
    require_specs()
    found = [ex.parse() for ex in all_examples() if ex.spec == spec and ex.heading == heading]
    assert found, f"no examples under {heading!r} in {spec}"
    return found


def one(spec: str, heading: str, index: int) -> Any:
    return examples(spec, heading)[index]


# --- the weather server ---------------------------------------------------------------


@dataclass(frozen=True)
class Weather:
    location: str
    temperature_c: int
    humidity_percent: int
    precipitation_probability: float
    wind_speed_kmh: int
    uv_index: int
    forecast_summary: str
    hints: tuple[str, ...]
    report_markdown: str


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": properties}


def full(w: Weather, _: NegotiationContext) -> dict[str, Any]:
    return _object(
        {
            "location": w.location,
            "temperature_c": w.temperature_c,
            "humidity_percent": w.humidity_percent,
            "precipitation_probability": w.precipitation_probability,
            "wind_speed_kmh": w.wind_speed_kmh,
            "uv_index": w.uv_index,
            "forecast_summary": w.forecast_summary,
        }
    )


def with_hints(w: Weather, _: NegotiationContext) -> dict[str, Any]:
    return _object(
        {
            "location": w.location,
            "temperature_c": w.temperature_c,
            "humidity_percent": w.humidity_percent,
            "precipitation_probability": w.precipitation_probability,
            "hints": list(w.hints),
        }
    )


def minimal(w: Weather, _: NegotiationContext) -> dict[str, Any]:
    return _object({"location": w.location, "temperature_c": w.temperature_c, "status": "success"})


def plain(w: Weather, _: NegotiationContext) -> str:
    return f"{w.location}: {w.temperature_c}°C, humidity {w.humidity_percent}%."


WEATHER_RESULT: ToolResultShaper[Weather] = ToolResultShaper(
    structured=Renderings(
        [("format=json", full), ("sampling", with_hints), ("!interactive", minimal)],
        default=full,
    ),
    text=Renderings.by_format({"markdown": lambda w, _: w.report_markdown}, default=plain),
    # The spec's examples and Test Case 1 send `content: []` to JSON clients: the reading
    # that is configurable; the default follows sep-tool-result-content's SHOULD.
    text_fallback=False,
)


def weather() -> Weather:
    hints = one(CN, "Tool Results (`tools/call`)", 1)["result"]["structuredContent"]["properties"]
    markdown = one(CN, "Tool Results (`tools/call`)", 2)["result"]["content"][0]["text"]
    return Weather(
        "Bern",
        8,
        72,
        0.3,
        15,
        2,
        "Warming trend expected Thursday",
        tuple(hints["hints"]),
        markdown,
    )


def prompt_renderings() -> Renderings[None, PromptBody]:
    agent, human = (
        ex["result"]["messages"][0]["content"][0]["text"]
        for ex in examples(CN, "Prompt Templates (`prompts/get`)")
    )
    return Renderings(
        [
            ("mcp-capable & sampling", lambda _, c: agent),
            ("interactive & !sampling", lambda _, c: human),
        ],
        default=lambda _, c: "Ask me about the weather.",
    )


SERVER_INFO = {"name": "Weather Service", "version": "2.0.0"}
BASE_CAPABILITIES: dict[str, Any] = {
    "logging": {},
    "prompts": {"listChanged": True},
    "resources": {"subscribe": True, "listChanged": True},
    "tools": {"listChanged": True},
}
VALLEY = "map://features/alpine-valley-1"


class WeatherServer(ServerHandler[NegotiationContext | None]):
    """Dual era: ``ctx`` is the legacy session's context (None before initialize)."""

    def __init__(self) -> None:
        self.weather = weather()
        self.prompts = prompt_renderings()
        json_read, markdown_read = examples(CN, "Resource Content (`resources/read`)")
        self.resources = ResourceRegistry()
        self.resources.add(
            Resource(uri=VALLEY, name="alpine-valley", mime_type="application/json"),
            {
                "application/json": json_read["result"]["contents"][0]["text"],
                "text/markdown": markdown_read["result"]["contents"][0]["text"],
            },
        )

    async def initialize(
        self, params: InitializeRequestParams, ctx: NegotiationContext | None
    ) -> InitializeResult:
        capabilities = dict(BASE_CAPABILITIES)
        if params.capabilities.tasks is not None:
            capabilities["tasks"] = {"list": {}, "cancel": {}}
        return initialize_result(
            context_from_initialize(params),
            protocol_version=params.protocol_version,
            capabilities=capabilities,
            server_info=SERVER_INFO,
        )

    async def tools_call(
        self, params: CallToolRequestParams, ctx: NegotiationContext | None
    ) -> CallToolResult:
        return WEATHER_RESULT.build(request_context(params, ctx), self.weather)

    async def prompts_get(
        self, params: GetPromptRequestParams, ctx: NegotiationContext | None
    ) -> GetPromptResult:
        return prompt_result(request_context(params, ctx), self.prompts, None)

    async def resources_read(
        self, params: ReadResourceRequestParams, ctx: NegotiationContext | None
    ) -> ReadResourceResult:
        return self.resources.handle_read(params, ctx)


def settings(*tags: str) -> dict[str, Any]:
    return {"extensions": {EXTENSION_ID: {"version": "1.0", "features": list(tags)}}}


def call(
    method: str,
    params: dict[str, Any],
    tags: tuple[str, ...] | None,
    *,
    era: str = "modern",
    request_id: int = 5,
) -> dict[str, Any]:
    """One request from a client declaring ``tags`` (None: no extension), in either era."""
    capabilities = {} if tags is None else settings(*tags)
    session = None
    if era == "modern":
        params = {**params, "_meta": {META_CLIENT_CAPABILITIES: capabilities}}
    else:
        session = context_from_capabilities(capabilities)
    message = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
    response = asyncio.run(dispatch(WeatherServer(), message, session))
    assert response is not None
    return response


def call_both_eras(
    method: str, params: dict[str, Any], tags: tuple[str, ...] | None, request_id: int
) -> dict[str, Any]:
    modern = call(method, params, tags, era="modern", request_id=request_id)
    legacy = call(method, params, tags, era="legacy", request_id=request_id)
    assert modern == legacy, "the same declaration must negotiate the same content in both eras"
    return modern


WEATHER_CALL = {"name": "get_weather", "arguments": {"location": "Bern"}}


# --- the four tool responses ----------------------------------------------------------

TOOL_CLIENTS = [
    ("agent", "format=json"),  # "Agent with format=json"
    ("agent", "sampling"),  # "Agent with sampling capability"
    ("human", "format=markdown"),  # "Human with format=markdown"
    ("agent", "!interactive"),  # "Agent with !interactive (no user dialogs)"
]


@pytest.mark.parametrize("index", range(4))
def test_tool_responses(index: int) -> None:
    expected = one(CN, "Tool Results (`tools/call`)", index)
    if expected["result"].get("structuredContent", ...) is None:
        del expected["result"]["structuredContent"]  # null: no structured content
    assert call_both_eras("tools/call", WEATHER_CALL, TOOL_CLIENTS[index], 5) == expected


# --- Test Cases 1-4 -------------------------------------------------------------------


def tool_result(tags: tuple[str, ...] | None) -> dict[str, Any]:
    result: dict[str, Any] = call_both_eras("tools/call", WEATHER_CALL, tags, 5)["result"]
    return result


def test_case_1_agent_requesting_json() -> None:
    result = tool_result(("agent", "format=json"))
    assert result["content"] == []
    assert isinstance(result["structuredContent"], dict) and result["structuredContent"]


def test_case_2_human_requesting_markdown() -> None:
    result = tool_result(("human", "format=markdown"))
    assert "structuredContent" not in result
    assert [block["type"] for block in result["content"]] == ["text"]
    assert result["content"][0]["text"].startswith("## Current Weather in Bern")


def test_case_3_legacy_client_gets_the_server_default() -> None:
    result = tool_result(None)
    # The default: model-facing text and the structured value (sep-tool-result-content).
    assert result == {
        "content": [{"type": "text", "text": "Bern: 8°C, humidity 72%."}],
        "structuredContent": full(weather(), NegotiationContext()),
    }


def test_case_4_invalid_feature_syntax(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        result = tool_result(("@#$%", "format==json"))
    assert result == tool_result(None)  # invalid tags ignored: default content
    assert "'@#$%'" in caplog.text and "'format==json'" in caplog.text


# --- the three initialize scenarios ---------------------------------------------------

SCENARIOS = [
    "Scenario 1: AI Agent with Full Capabilities",
    "Scenario 2: Human User in Chat Interface",
    "Scenario 3: Legacy Client (No Content Negotiation)",
]


@pytest.mark.parametrize("heading", SCENARIOS)
def test_initialize_scenarios(heading: str) -> None:
    request, expected = examples(CN, heading)
    response = asyncio.run(dispatch(WeatherServer(), request, None))
    assert response == expected


# --- resources and prompts ------------------------------------------------------------

READ_CLIENTS = [("agent", "mcp-capable"), ("human", "format=markdown")]


@pytest.mark.parametrize("index", range(2))
def test_resource_reads(index: int) -> None:
    expected = one(CN, "Resource Content (`resources/read`)", index)
    response = call_both_eras("resources/read", {"uri": VALLEY}, READ_CLIENTS[index], 7)
    contents = response["result"]["contents"]
    assert len(contents) == len(expected["result"]["contents"]) == 1
    got, want = contents[0], expected["result"]["contents"][0]
    assert {key: got[key] for key in want} == want
    assert set(got) - set(want) <= {"name", "size"}


PROMPT_CLIENTS = [("agent", "mcp-capable", "sampling"), ("human", "interactive", "!sampling")]


@pytest.mark.parametrize("index", range(2))
def test_prompt_results(index: int) -> None:
    expected = one(CN, "Prompt Templates (`prompts/get`)", index)
    for message in expected["result"]["messages"]:
        (message["content"],) = message["content"]  # one block, not an array
    response = call_both_eras("prompts/get", {"name": "check_weather"}, PROMPT_CLIENTS[index], 9)
    assert response == expected


def test_multi_format_read_example() -> None:
    expected = one(RM, "3. Multi-Content Semantics", 0)
    pdf, text = expected["result"]["contents"]
    registry = ResourceRegistry()
    registry.add(
        Resource(uri=pdf["uri"], name=pdf["name"], mime_type=pdf["mimeType"]),
        [
            Representation(pdf["mimeType"], b"%PDF-1.4\n"),
            Representation(text["mimeType"], text["text"]),
        ],
    )
    got = registry.read(pdf["uri"]).model_dump(mode="json", exclude_unset=True)["contents"]
    # The example's blob and sizes are elided ("JVBERi0xLjQK..."); the shape must match.
    assert [set(item) for item in got] == [set(item) for item in expected["result"]["contents"]]
    for ours, theirs in zip(got, expected["result"]["contents"], strict=True):
        assert {k: ours[k] for k in ("uri", "name", "mimeType")} == {
            k: theirs[k] for k in ("uri", "name", "mimeType")
        }
    assert got[0]["blob"] == "JVBERi0xLjQK"  # the example's blob starts with our bytes


def test_examples_exist_in_the_expected_numbers() -> None:
    counts = {
        heading: len(examples(CN, heading))
        for heading in [
            "Tool Results (`tools/call`)",
            "Resource Content (`resources/read`)",
            "Prompt Templates (`prompts/get`)",
            *SCENARIOS,
        ]
    }
    assert list(counts.values()) == [4, 2, 2, 2, 2, 2]
