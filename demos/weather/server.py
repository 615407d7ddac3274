"""The weather-and-places server on ``MCPServer``: one tool, resources and a prompt whose
content is shaped by the client's declared features (content negotiation)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS, CallToolResult, ToolAnnotations

from demos.weather import render
from negotiation.sdk import Negotiation, negotiated, tool_result

__all__ = ["build"]

DATA = Path(__file__).with_name("data.json")
PLACE_PREFIX = "map://features/"
WEATHER_PREFIX = "weather://current/"
GEOJSON = "application/geo+json"
MARKDOWN = "text/markdown"
INSTRUCTIONS = "Weather and places in Switzerland. Content is shaped by your declared features."
REASONING_PROMPT = (
    "For the following tool call, analyze step-by-step:\n1. Parse input parameters\n"
    "2. Plan the search strategy\n3. Reason about edge cases\n4. Execute the query\n\n"
    "Then call the get_weather tool."
)
DIALOG_PROMPT = (
    "## Check the Weather\n\nLet's look up the current weather for a location.\n\n"
    '**How to use**:\n1. Tell me a city name (e.g. "Bern", "Zurich", "Geneva")\n'
    "2. I'll fetch the latest conditions\n\nWhat location interests you?"
)


@cache
def _data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return loaded


def _city(location: str) -> dict[str, Any]:
    data = _data()["weather"].get(location.strip().lower())
    if data is None:
        raise MCPError(INVALID_PARAMS, f"Unknown location: {location}", {"location": location})
    return dict(data)


def build(*, negotiate: bool = True, experimental_capability: bool = False) -> MCPServer:
    """The weather server; ``negotiate=False`` serves everyone the default content.
    ``experimental_capability`` is accepted for a command line shared with devplatform:
    weather has no variants to advertise there."""
    neg = Negotiation(negotiate=negotiate, experimental_capability=experimental_capability)
    # Places come in two formats: the client's negotiated format picks one on read, and
    # resources/metadata describes both.
    for key, place in _data()["places"].items():
        neg.add_resource(
            {
                "uri": PLACE_PREFIX + key,
                "name": key,
                "title": place["name"],
                "description": place["overview"],
                "mimeType": MARKDOWN,
            },
            {MARKDOWN: render.place_markdown(place), GEOJSON: render.place_geojson(place)},
        )
    mcp = MCPServer(
        "Weather Service",
        version="2.0.0",
        instructions=INSTRUCTIONS,
        log_level="WARNING",
        extensions=neg.extensions,
        middleware=neg.middleware,
    )
    neg.attach(mcp)  # its @mcp.resource template: subscriptions and resources/metadata

    @mcp.tool(
        title="Current weather",
        description="Current conditions and a short forecast for a Swiss city.",
        annotations=ToolAnnotations(read_only_hint=True),
    )
    def get_weather(location: str, ctx: Context) -> CallToolResult:
        data = _city(location)
        features = negotiated(ctx).features
        shape = render.shape_for(features)
        if shape == "json" and features is not None:
            return tool_result(ctx, structured=render.weather_structured(data, features))
        if shape == "markdown":
            return tool_result(ctx, text=render.weather_markdown(data, features))
        if shape == "text":
            return tool_result(ctx, text=render.weather_text(data))
        return tool_result(ctx, text=render.weather_default(data))

    @mcp.resource(WEATHER_PREFIX + "{city}", name="weather", mime_type=MARKDOWN)
    def current_weather(city: str, ctx: Context) -> str:
        """Current weather in a Swiss city, as markdown."""
        return render.weather_markdown(_city(city), negotiated(ctx).features)

    @mcp.prompt(title="Check the weather", description="Look up the weather for a city.")
    def check_weather(ctx: Context, location: str | None = None) -> str:
        features = negotiated(ctx).features
        if (
            features is not None
            and features.has("sampling")
            and (features.has("mcp-capable") or features.has("agent"))
        ):
            return REASONING_PROMPT
        if render.asks_questions(features):
            return DIALOG_PROMPT
        return f"Report the current weather in {location or 'Bern'} using get_weather."

    return mcp
