"""A second adapter, outside the SDK: the weather demo over plain JSON-RPC on HTTP.

A bare ASGI application (no SDK, no web framework) that serves the weather demo's tool
and resources to 2026-07-28 clients through the same engine as the SDK's middleware
([`negotiation.engine.Negotiator`][negotiation.engine.Negotiator]). It shows the seam: an
adapter reads its framework's request into a ``Request``, calls ``begin``, runs its
handler with the view, calls ``finish``, and turns a ``Refusal`` into its own error
answer. Everything negotiated (content, variants, cursors, formats) is the engine's.

    python -m examples.asgi_adapter --port 8000      # POST JSON-RPC to http://127.0.0.1:8000/

2026-07-28 only: every request carries its version and capabilities in ``_meta``; a
legacy ``initialize`` answers "Method not found", as a modern-only server does.
``tests/conformance/test_asgi_adapter.py`` runs the conformance kit's 2026-07-28 rows on it.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, cast

from mcp_ext.models import Resource

from demos.weather import render  # pyright: ignore[reportMissingTypeStubs]  # an app, not a library
from negotiation import errors
from negotiation._wire import wire_dump
from negotiation.context import NegotiationContext
from negotiation.engine import Negotiator, Refusal, Request
from negotiation.tool_results import tool_result
from negotiation.variants import HEADER as VARIANT_HEADER
from negotiation.versioning import (
    FIRST_MODERN_VERSION,
    HEADER,
    META_CLIENT_CAPABILITIES,
    check_request_version,
    discover_result,
)

__all__ = ["app", "build_engine"]

SUPPORTED = (FIRST_MODERN_VERSION,)
# The weather demo's data and names (demos/weather/server.py, which imports the SDK).
DATA: dict[str, Any] = json.loads(Path(render.__file__).with_name("data.json").read_text("utf-8"))
PLACE_PREFIX, WEATHER_PREFIX = "map://features/", "weather://current/"
GEOJSON, MARKDOWN = "application/geo+json", "text/markdown"
INSTRUCTIONS = "Weather and places in Switzerland. Content is shaped by your declared features."
Params = dict[str, Any]
Handler = Callable[[Params, NegotiationContext | None], Awaitable[dict[str, Any]]]


class RpcError(Exception):
    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.error = {"code": code, "message": message, **({"data": data} if data else {})}


def build_engine() -> Negotiator:
    """The weather demo's configuration: no variants, places in two formats."""
    engine = Negotiator(modern_versions=frozenset(SUPPORTED))
    for key, place in DATA["places"].items():
        resource = Resource(
            uri=PLACE_PREFIX + key,
            name=key,
            title=place["name"],
            description=place["overview"],
            mime_type=MARKDOWN,
        )
        bodies = {MARKDOWN: render.place_markdown(place), GEOJSON: render.place_geojson(place)}
        engine.resources.add(resource, bodies)
    engine.attach(lambda uri: uri.startswith(WEATHER_PREFIX))  # the weather template
    return engine


ENGINE = build_engine()
TOOL = {
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


def _city(location: object) -> dict[str, Any]:
    found = DATA["weather"].get(str(location).strip().lower())
    if found is None:
        raise RpcError(errors.INVALID_PARAMS, f"Unknown location: {location}")
    return dict(found)


# --- the handlers: the weather demo's, written against the view ----------------------------


async def get_weather(params: Params, view: NegotiationContext | None) -> dict[str, Any]:
    if params.get("name") != "get_weather":
        raise RpcError(errors.INVALID_PARAMS, f"Unknown tool: {params.get('name')}")
    assert view is not None
    arguments: dict[str, Any] = params.get("arguments") or {}
    data = _city(arguments.get("location"))
    features = view.features
    shape = render.shape_for(features)
    if shape == "json" and features is not None:
        shaped = tool_result(view, structured=render.weather_structured(data, features))
    elif shape in ("markdown", "text"):
        text = render.weather_markdown(data, features) if shape == "markdown" else None
        shaped = tool_result(view, text=text or render.weather_text(data))
    else:
        shaped = tool_result(view, text=render.weather_default(data))
    return wire_dump(shaped)


async def read(params: Params, view: NegotiationContext | None) -> dict[str, Any]:
    uri = str(params.get("uri"))
    if uri in ENGINE.resources:
        return {"contents": []}  # the engine answers in the negotiated formats (finish)
    if uri.startswith(WEATHER_PREFIX):
        assert view is not None
        text = render.weather_markdown(_city(uri[len(WEATHER_PREFIX) :]), view.features)
        return {"contents": [{"uri": uri, "mimeType": MARKDOWN, "text": text}]}
    raise RpcError(errors.INVALID_PARAMS, f"Unknown resource: {uri}", {"uri": uri})


async def metadata(params: Params, view: NegotiationContext | None) -> dict[str, Any]:
    uri = str(params.get("uri"))
    if uri in ENGINE.resources:
        return wire_dump(ENGINE.resources.metadata(uri))
    _city(uri[len(WEATHER_PREFIX) :] if uri.startswith(WEATHER_PREFIX) else "")
    return {"metadata": [{"uri": uri, "name": "weather", "mimeType": MARKDOWN}]}


async def discover(params: Params, view: NegotiationContext | None) -> dict[str, Any]:
    capabilities: dict[str, Any] = {"tools": {}, "resources": {}}
    info = {"name": "Weather Service (ASGI)", "version": "2.0.0"}
    return discover_result(SUPPORTED, capabilities, instructions=INSTRUCTIONS, server_info=info)


async def _answer(result: dict[str, Any]) -> dict[str, Any]:
    return result


HANDLERS: dict[str, Handler] = {
    "server/discover": discover,
    "ping": lambda params, view: _answer({}),
    "tools/list": lambda params, view: _answer({"tools": [dict(TOOL)]}),
    "tools/call": get_weather,
    "resources/list": lambda params, view: _answer(
        {"resources": [wire_dump(r) for r in ENGINE.resources]}
    ),
    "resources/templates/list": lambda params, view: _answer({"resourceTemplates": []}),
    "resources/read": read,
    "resources/metadata": metadata,
}


# --- the adapter -------------------------------------------------------------------------


async def serve(message: dict[str, Any], headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
    """One JSON-RPC request: (HTTP status, response)."""
    method: Any = message.get("method")
    params: Any = message.get("params") or {}
    reply: dict[str, Any] = {"jsonrpc": "2.0", "id": message.get("id")}
    if not isinstance(method, str) or not isinstance(params, dict):
        return 400, {**reply, "error": {"code": -32600, "message": "Invalid Request"}}
    return await _serve(method, cast(Params, params), headers, reply)


async def _serve(
    method: str, params: Params, headers: dict[str, str], reply: dict[str, Any]
) -> tuple[int, dict[str, Any]]:
    handler = HANDLERS.get(method)
    if handler is None:
        served = ", ".join(SUPPORTED)
        error = {"code": -32601, "message": f"Method not found: {method} (serves {served})"}
        return 200, {**reply, "error": error}
    meta: Any = params.get("_meta")
    check = check_request_version(meta, SUPPORTED, header=headers.get(HEADER.lower()), http=True)
    if check.error is not None:
        return 400, {**reply, "error": check.error}
    request = Request(
        method,
        params,
        check.version or FIRST_MODERN_VERSION,
        capabilities=cast(Params, meta).get(META_CLIENT_CAPABILITIES)
        if isinstance(meta, dict)
        else None,
        header=headers.get(VARIANT_HEADER.lower()),
    )
    try:
        view = await ENGINE.begin(request)
        try:
            result = await handler(params, view)
        except RpcError as failed:
            # SEP-2053's error for a name the variant lacks, when a variant serves.
            unknown = ENGINE.unknown(request, view) if "Unknown" in str(failed) else None
            return 200, {**reply, "error": dict(unknown) if unknown else failed.error}
        return 200, {**reply, "result": await ENGINE.finish(request, view, result)}
    except Refusal as refusal:
        return 200, {**reply, "error": dict(refusal.error)}


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The ASGI application: POST one JSON-RPC message, get its answer as JSON."""
    if scope["type"] != "http":
        return
    body = b""
    while True:
        event = await receive()
        body += event.get("body", b"")
        if not event.get("more_body"):
            break
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
    status, answer = 405, {}
    if scope["method"] == "POST":
        try:
            message: Any = json.loads(body)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            error = {"code": -32700, "message": "Parse error"}
            status, answer = 400, {"jsonrpc": "2.0", "id": None, "error": error}
        elif "id" not in message:
            status = 202  # a notification: nothing to answer
        else:
            status, answer = await serve(cast(Params, message), headers)
    payload = json.dumps(answer).encode() if answer else b""
    content = [(b"content-type", b"application/json")] if payload else []
    await send({"type": "http.response.start", "status": status, "headers": content})
    await send({"type": "http.response.body", "body": payload})


def main() -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description="The weather demo over plain JSON-RPC.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--transport", default="http", choices=["http"])
    port = parser.parse_args().port
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)


if __name__ == "__main__":
    main()
