"""The weather-and-places server: one tool, resources and a prompt whose content is
shaped by the client's declared features (content negotiation)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from mcp_ext import models as m
from mcp_ext.methods import INVALID_PARAMS, RPCError
from mcp_ext.server import ServerHandler

from demos.weather import render
from negotiation.sdk import HandlerContext, NegotiationAdapter, serve

__all__ = ["WeatherHandler", "build"]

DATA = Path(__file__).with_name("data.json")
PLACE_PREFIX = "map://features/"
WEATHER_PREFIX = "weather://current/"
GEOJSON = "application/geo+json"
MARKDOWN = "text/markdown"


@cache
def _data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return loaded


def _unknown(kind: str, name: str) -> RPCError:
    return RPCError(INVALID_PARAMS, f"Unknown {kind}: {name}", {kind: name})


def _city(arguments: dict[str, Any] | None) -> dict[str, Any]:
    location = (arguments or {}).get("location")
    if not isinstance(location, str):
        raise RPCError(
            INVALID_PARAMS, "get_weather needs a string 'location'", {"argument": "location"}
        )
    data = _data()["weather"].get(location.strip().lower())
    if data is None:
        raise _unknown("location", location)
    return dict(data)


class WeatherHandler(ServerHandler[HandlerContext]):
    async def tools_list(
        self, params: m.PaginatedRequestParams | None, ctx: HandlerContext
    ) -> m.ListToolsResult:
        return m.ListToolsResult.model_validate(
            {
                "tools": [
                    {
                        "name": "get_weather",
                        "title": "Current weather",
                        "description": "Current conditions and a short forecast for a Swiss city.",
                        "inputSchema": {
                            "type": "object",
                            "properties": {"location": {"type": "string"}},
                            "required": ["location"],
                        },
                        "annotations": {"readOnlyHint": True},
                    }
                ]
            }
        )

    async def tools_call(
        self, params: m.CallToolRequestParams, ctx: HandlerContext
    ) -> m.CallToolResult:
        if params.name != "get_weather":
            raise _unknown("tool", params.name)
        data = _city(params.arguments)
        shape = render.shape_for(ctx.features)
        result: dict[str, Any]
        if shape == "json" and ctx.features is not None:
            result = {
                "content": [],
                "structuredContent": render.weather_structured(data, ctx.features),
            }
        elif shape == "markdown":
            result = {
                "content": [{"type": "text", "text": render.weather_markdown(data, ctx.features)}]
            }
        elif shape == "text":
            result = {"content": [{"type": "text", "text": render.weather_text(data)}]}
        else:
            result = {"content": [{"type": "text", "text": render.weather_default(data)}]}
        return m.CallToolResult.model_validate(result)

    async def resources_list(
        self, params: m.PaginatedRequestParams | None, ctx: HandlerContext
    ) -> m.ListResourcesResult:
        data = _data()
        resources = [
            {
                "uri": PLACE_PREFIX + key,
                "name": key,
                "title": place["name"],
                "mimeType": self._place_type(ctx),
            }
            for key, place in data["places"].items()
        ] + [
            {
                "uri": WEATHER_PREFIX + key,
                "name": f"weather-{key}",
                "title": f"Weather in {city['location']}",
                "mimeType": MARKDOWN,
            }
            for key, city in data["weather"].items()
        ]
        return m.ListResourcesResult.model_validate({"resources": resources})

    @staticmethod
    def _place_type(ctx: HandlerContext) -> str:
        features = ctx.features
        wants_geo = features is not None and (
            render.shape_for(features) == "json" or features.has("mcp-capable")
        )
        return GEOJSON if wants_geo else MARKDOWN

    def _place(self, uri: str) -> dict[str, Any]:
        place = _data()["places"].get(uri.removeprefix(PLACE_PREFIX))
        if not uri.startswith(PLACE_PREFIX) or place is None:
            raise _unknown("resource", uri)
        return dict(place)

    async def resources_read(
        self, params: m.ReadResourceRequestParams, ctx: HandlerContext
    ) -> m.ReadResourceResult:
        uri = params.uri
        if uri.startswith(WEATHER_PREFIX):
            data = _data()["weather"].get(uri.removeprefix(WEATHER_PREFIX))
            if data is None:
                raise _unknown("resource", uri)
            text = render.weather_markdown(data, ctx.features)
            content = {
                "uri": uri,
                "name": f"weather-{data['location'].lower()}",
                "mimeType": MARKDOWN,
                "text": text,
            }
            return m.ReadResourceResult.model_validate({"contents": [content]})
        place = self._place(uri)
        mime = self._place_type(ctx)
        text = render.place_geojson(place) if mime == GEOJSON else render.place_markdown(place)
        content = {
            "uri": uri,
            "name": uri.removeprefix(PLACE_PREFIX),
            "title": place["name"],
            "mimeType": mime,
            "text": text,
        }
        return m.ReadResourceResult.model_validate({"contents": [content]})

    async def resources_metadata(
        self, params: m.ReadResourceMetadataRequestParams, ctx: HandlerContext
    ) -> m.ReadResourceMetadataResult:
        place = self._place(params.uri)
        common = {
            "uri": params.uri,
            "name": params.uri.removeprefix(PLACE_PREFIX),
            "title": place["name"],
            "description": place["overview"],
        }
        return m.ReadResourceMetadataResult.model_validate(
            {"metadata": [{**common, "mimeType": MARKDOWN}, {**common, "mimeType": GEOJSON}]}
        )

    async def prompts_list(
        self, params: m.PaginatedRequestParams | None, ctx: HandlerContext
    ) -> m.ListPromptsResult:
        return m.ListPromptsResult.model_validate(
            {
                "prompts": [
                    {
                        "name": "check_weather",
                        "title": "Check the weather",
                        "description": "Look up the weather for a city.",
                        "arguments": [{"name": "location", "required": False}],
                    }
                ]
            }
        )

    async def prompts_get(
        self, params: m.GetPromptRequestParams, ctx: HandlerContext
    ) -> m.GetPromptResult:
        if params.name != "check_weather":
            raise _unknown("prompt", params.name)
        features = ctx.features
        location = (params.arguments or {}).get("location")
        if (
            features is not None
            and features.has("sampling")
            and (features.has("mcp-capable") or features.has("agent"))
        ):
            text = (
                "For the following tool call, analyze step-by-step:\n1. Parse input parameters\n"
                "2. Plan the search strategy\n3. Reason about edge cases\n4. Execute the query\n\n"
                "Then call the get_weather tool."
            )
        elif render.asks_questions(features):
            text = (
                "## Check the Weather\n\nLet's look up the current weather for a location.\n\n"
                '**How to use**:\n1. Tell me a city name (e.g. "Bern", "Zurich", "Geneva")\n'
                "2. I'll fetch the latest conditions\n\nWhat location interests you?"
            )
        else:
            text = f"Report the current weather in {location or 'Bern'} using get_weather."
        message = {"role": "user", "content": {"type": "text", "text": text}}
        return m.GetPromptResult.model_validate({"messages": [message]})


def build(*, negotiate: bool = True) -> NegotiationAdapter:
    return serve(
        WeatherHandler(),
        name="Weather Service",
        version="2.0.0",
        instructions="Weather and places in Switzerland. Content is shaped by your declared features.",
        negotiate=negotiate,
    )
