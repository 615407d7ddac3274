"""The weather demo's content decisions: which shape a client gets, and each rendering.

Shapes follow the content-negotiation SEP's Bern example: an explicit ``format=`` wins
over what the client type implies (Requirement 5); a client that did not declare the
extension gets the default (Requirement 1).
"""

from __future__ import annotations

import json
from typing import Any, Literal

from negotiation.features import FeatureSet

Shape = Literal["json", "markdown", "text", "default"]

__all__ = [
    "Shape",
    "asks_questions",
    "place_geojson",
    "place_markdown",
    "shape_for",
    "weather_default",
    "weather_markdown",
    "weather_structured",
    "weather_text",
]


def shape_for(features: FeatureSet | None) -> Shape:
    if features is None:
        return "default"
    declared = features.value("format")
    if declared in ("json", "markdown", "text"):
        return declared  # type: ignore[return-value]  # narrowed by the membership test
    if features.has("agent"):
        return "json"
    if features.has("human"):
        return "markdown"
    return "default"


def asks_questions(features: FeatureSet | None) -> bool:
    """Dialog prompts ("Would you like...?") only for clients that said they are
    interactive; ``!interactive`` (or silence) gets none."""
    return features is not None and features.has("interactive")


def weather_structured(data: dict[str, Any], features: FeatureSet) -> dict[str, Any]:
    """The SEP's agent payload: ``{"type": "object", "properties": {...}}``."""
    properties: dict[str, Any] = {
        "location": data["location"],
        "temperature_c": data["temperature_c"],
        "humidity_percent": data["humidity_percent"],
        "precipitation_probability": data["precipitation_probability"],
        "wind_speed_kmh": data["wind_speed_kmh"],
        "uv_index": data["uv_index"],
        "forecast_summary": data["forecast_summary"],
    }
    if features.has("sampling"):
        properties["hints"] = reasoning_hints(data)
    if features.negated("interactive"):
        # Nobody will answer a follow-up question: report completion instead.
        properties["status"] = "success"
    return {"type": "object", "properties": properties}


def reasoning_hints(data: dict[str, Any]) -> list[str]:
    chance = round(data["precipitation_probability"] * 100)
    hints = [
        f"Temperature {data['temperature_c']}°C (feels like {data['feels_like_c']}°C): "
        + ("winter clothing advisable" if data["feels_like_c"] < 8 else "light layers suffice"),
        f"{chance}% precipitation chance: "
        + ("umbrella is useful" if chance >= 30 else "umbrella optional"),
        f"UV index {data['uv_index']}: "
        + ("sunscreen not critical" if data["uv_index"] <= 2 else "sunscreen advisable"),
    ]
    return hints


def weather_markdown(data: dict[str, Any], features: FeatureSet | None) -> str:
    chance = round(data["precipitation_probability"] * 100)
    lines = [
        f"## Current Weather in {data['location']}",
        "",
        f"**Temperature**: {data['temperature_c']}°C (feels like {data['feels_like_c']}°C)",
        f"**Humidity**: {data['humidity_percent']}%",
        f"**Conditions**: {data['conditions']} ({chance}% chance of precipitation)",
        f"**Wind**: {data['wind_speed_kmh']} km/h from {data['wind_direction']}",
        f"**UV Index**: {data['uv_index']}",
        "",
        "### Forecast",
        "",
        *(f"- **{d['day']}**: {d['temperature_c']}°C, {d['summary']}" for d in data["forecast"]),
    ]
    if asks_questions(features):
        lines += ["", "Would you like the 7-day forecast, or tips on what to wear?"]
    return "\n".join(lines)


def weather_text(data: dict[str, Any]) -> str:
    return (
        f"{data['location']}: {data['temperature_c']} C, {data['conditions'].lower()}, "
        f"humidity {data['humidity_percent']} percent, wind {data['wind_speed_kmh']} km/h."
    )


def weather_default(data: dict[str, Any]) -> str:
    """What a server without negotiation sends everyone: one prose paragraph."""
    chance = round(data["precipitation_probability"] * 100)
    return (
        f"Current temperature in {data['location']}: {data['temperature_c']}°C. "
        f"Humidity is {data['humidity_percent']}%. There is a {chance}% chance of "
        f"precipitation in the next 2 hours. {data['forecast_summary']}. "
        f"UV index is {data['uv_index']}. Wind speed is {data['wind_speed_kmh']} km/h "
        f"from the {data['wind_direction']}."
    )


def place_geojson(place: dict[str, Any]) -> str:
    feature = {
        "type": "Feature",
        "geometry": {"type": "Point", "coordinates": place["coordinates"]},
        "properties": {
            "name": place["name"],
            "elevation_m": place["elevation_m"],
            "feature_types": place["feature_types"],
            "boundaries": place["boundaries"],
            "accessibility": place["accessibility"],
            "area_km2": place["area_km2"],
        },
    }
    return json.dumps(feature)


def place_markdown(place: dict[str, Any]) -> str:
    lon, lat = place["coordinates"]
    return "\n".join(
        [
            f"# {place['name']}",
            "",
            "## Location",
            f"**Coordinates**: {lat}°N, {lon}°E",
            f"**Elevation**: {place['elevation_m']:,} meters",
            f"**Coverage Area**: Approximately {place['area_km2']} km²",
            "",
            "## Overview",
            place["overview"],
            "",
            "## Access & Conditions",
            f"- **Difficulty**: {place['accessibility'].capitalize()}",
            f"- **Best Season**: {place['best_season']}",
            f"- **Estimated Hike Time**: {place['hike_time']}",
        ]
    )
