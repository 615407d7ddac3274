"""Serving a negotiated ``MCPServer`` with the SDK's own transports, and the
unsupported-version error that protocol-versioning.md asks for.

The SDK rejects a request whose per-request protocol version it does not serve before
any middleware runs, and its ``UnsupportedProtocolVersionError`` lists only the modern
versions. protocol-versioning.md wants every version the server implements listed: a
dual-era ``MCPServer`` also serves the handshake versions through ``initialize``, and
the spec's example lists ``["2026-07-28", "2025-11-25"]``. The code is -32022 (the
schema and the SDK) unless configured as protocol-versioning.md's -32004.

The same list is what ``server/discover`` advertises: the error lists "the versions it
does support" and ``server/discover`` is how a client learns "the server's supported
versions up front", so the two agree (MCP's official conformance harness checks that
every version in the error is among those ``server/discover`` lists). [`SERVED_VERSIONS`][negotiation.sdk.transports.SERVED_VERSIONS]
is the one source: the error rewrite below lists it and
[`ServedVersionsMiddleware`][negotiation.sdk.transports.ServedVersionsMiddleware] writes it into ``server/discover``.

So the transports are wrapped where the error leaves the process, and nowhere else:
[`ServedVersionsApp`][negotiation.sdk.transports.ServedVersionsApp] for streamable HTTP (an ASGI wrapper around
``MCPServer.streamable_http_app()``) and [`serve_stdio()`][negotiation.sdk.transports.serve_stdio] for stdio. Both rewrite
only a JSON-RPC error whose code is an unsupported-version code and whose ``data``
has a ``supported`` list; everything else passes byte for byte. [`run()`][negotiation.sdk.transports.run] is
``MCPServer.run`` with both in place; it and [`serve_stdio()`][negotiation.sdk.transports.serve_stdio] install the discover
middleware ([`serve_versions()`][negotiation.sdk.transports.serve_versions]; call it yourself when you wrap the HTTP app with
``ServedVersionsApp`` directly).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping, MutableMapping, Sequence
from typing import Any, Literal

import anyio
import mcp_types
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import MCPServer
from mcp.shared.message import SessionMessage
from mcp_types import JSONRPCError
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS

from negotiation import errors

__all__ = [
    "SERVED_VERSIONS",
    "ServedVersionsApp",
    "ServedVersionsMiddleware",
    "run",
    "serve_stdio",
    "serve_versions",
    "served_versions_error",
]

SERVED_VERSIONS: tuple[str, ...] = (
    *reversed(MODERN_PROTOCOL_VERSIONS),
    *reversed(HANDSHAKE_PROTOCOL_VERSIONS),
)
"""What an ``MCPServer`` serves, newest first: the per-request (modern) versions, then
the versions its ``initialize`` negotiates. Both the unsupported-version error and
``server/discover`` list exactly these."""

_CODES = frozenset(
    {errors.UNSUPPORTED_PROTOCOL_VERSION, errors.LEGACY_UNSUPPORTED_PROTOCOL_VERSION}
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _check_code(code: int) -> int:
    if type(code) is not int or code not in _CODES:
        raise ValueError(f"unsupported_code must be one of {sorted(_CODES)}, not {code!r}")
    return code


def served_versions_error(
    error: Mapping[str, Any],
    *,
    supported: Sequence[str] = SERVED_VERSIONS,
    code: int = errors.UNSUPPORTED_PROTOCOL_VERSION,
) -> dict[str, Any] | None:
    """The JSON-RPC error object ``error`` with the full ``supported`` list and ``code``,
    or None when it is not an unsupported-version error (leave it as it is)."""
    data = error.get("data")
    if (
        type(error.get("code")) is not int
        or error["code"] not in _CODES
        or not isinstance(data, Mapping)
        or not isinstance(data.get("supported"), list)
    ):
        return None
    return {**error, "code": code, "data": {**data, "supported": list(supported)}}


class ServedVersionsMiddleware:
    """SDK ``ServerMiddleware``: ``server/discover`` advertises ``supported``, the list
    the unsupported-version error gives (the SDK's own handler lists only the modern
    versions). Every other request passes untouched."""

    def __init__(self, supported: Sequence[str] = SERVED_VERSIONS) -> None:
        self.supported = tuple(supported)

    async def __call__(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        result = await call_next(ctx)
        if ctx.method != "server/discover":
            return result
        if isinstance(result, mcp_types.DiscoverResult):
            return result.model_copy(update={"supported_versions": list(self.supported)})
        if isinstance(result, dict) and "supportedVersions" in result:
            return {**result, "supportedVersions": list(self.supported)}
        return result


def serve_versions(
    server: MCPServer[Any], supported: Sequence[str] = SERVED_VERSIONS
) -> MCPServer[Any]:
    """Install [`ServedVersionsMiddleware`][negotiation.sdk.transports.ServedVersionsMiddleware] on ``server`` (once; a second call
    replaces the list) and return the server."""
    for layer in server.middleware:
        if isinstance(layer, ServedVersionsMiddleware):
            layer.supported = tuple(supported)
            return server
    server.middleware.insert(0, ServedVersionsMiddleware(supported))
    return server


def _rewrite_body(body: bytes, supported: Sequence[str], code: int) -> bytes | None:
    try:
        message = json.loads(body)
    except ValueError:
        return None
    if not isinstance(message, dict) or not isinstance(message.get("error"), Mapping):
        return None
    error = served_versions_error(message["error"], supported=supported, code=code)
    if error is None:
        return None
    return json.dumps({**message, "error": error}, ensure_ascii=False).encode()


class ServedVersionsApp:
    """ASGI wrapper: the SDK's JSON unsupported-version replies list ``supported`` and
    carry ``code``. Other responses (SSE streams included) pass through untouched.
    ``server/discover`` must list the same versions: install
    [`serve_versions()`][negotiation.sdk.transports.serve_versions] on the server (``run()`` does)."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        supported: Sequence[str] = SERVED_VERSIONS,
        unsupported_code: int = errors.UNSUPPORTED_PROTOCOL_VERSION,
    ) -> None:
        self.app = app
        self.supported = tuple(supported)
        self.code = _check_code(unsupported_code)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http":
            await self.app(scope, receive, send)
            return
        held: Message | None = None  # the response start of a JSON error reply

        async def forward(message: Message) -> None:
            nonlocal held
            kind = message.get("type")
            if kind == "http.response.start" and _is_json_error_start(message):
                held = message
                return
            if held is None or kind != "http.response.body":
                await send(message)
                return
            start, held = held, None
            body = message.get("body", b"")
            rewritten = (
                None if message.get("more_body") else _rewrite_body(body, self.supported, self.code)
            )
            if rewritten is not None:
                headers = [
                    (k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"
                ]
                headers.append((b"content-length", str(len(rewritten)).encode()))
                start = {**start, "headers": headers}
                message = {**message, "body": rewritten}
            await send(start)
            await send(message)

        await self.app(scope, receive, forward)


def _is_json_error_start(message: Message) -> bool:
    status = message.get("status", 200)
    if not isinstance(status, int) or status < 400:
        return False
    for key, value in message.get("headers", []):
        if key.lower() == b"content-type":
            return bytes(value).split(b";")[0].strip().lower() == b"application/json"
    return False


async def serve_stdio(
    server: MCPServer[Any],
    *,
    supported: Sequence[str] = SERVED_VERSIONS,
    unsupported_code: int = errors.UNSUPPORTED_PROTOCOL_VERSION,
) -> None:
    """``MCPServer.run_stdio_async()`` with the unsupported-version error fixed."""
    from mcp.server.stdio import stdio_server

    code = _check_code(unsupported_code)
    serve_versions(server, supported)
    # The SDK's stdio runner takes no stream hook: run its low-level server (the one
    # private attribute this relies on, pinned by tests/sdk/test_transports.py) on a
    # pipe whose outgoing side rewrites the error.
    lowlevel = server._lowlevel_server
    async with stdio_server() as (read_stream, write_stream):
        inner_send, inner_receive = anyio.create_memory_object_stream[SessionMessage](0)

        async def pump() -> None:
            async with inner_receive, write_stream:
                async for message in inner_receive:
                    await write_stream.send(_rewrite_message(message, supported, code))

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(pump)
            async with inner_send:
                await lowlevel.run(
                    read_stream, inner_send, lowlevel.create_initialization_options()
                )


def _rewrite_message(
    message: SessionMessage, supported: Sequence[str], code: int
) -> SessionMessage:
    if not isinstance(message.message, JSONRPCError):
        return message
    error = served_versions_error(
        message.message.error.model_dump(mode="json", exclude_none=True),
        supported=supported,
        code=code,
    )
    if error is None:
        return message
    rewritten = JSONRPCError.model_validate(
        {**message.message.model_dump(mode="json", by_alias=True), "error": error}
    )
    return SessionMessage(rewritten, metadata=message.metadata)


def run(
    server: MCPServer[Any],
    transport: Literal["stdio", "streamable-http"] = "stdio",
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    unsupported_code: int = errors.UNSUPPORTED_PROTOCOL_VERSION,
) -> None:
    """``server.run(transport)`` with the unsupported-version error listing every
    version the server serves (stdio, or streamable HTTP on ``host:port``)."""
    if transport == "stdio":
        anyio.run(lambda: serve_stdio(server, unsupported_code=unsupported_code))
        return
    if transport != "streamable-http":
        raise ValueError(f"transport must be 'stdio' or 'streamable-http', not {transport!r}")
    import uvicorn

    serve_versions(server)
    app = ServedVersionsApp(
        server.streamable_http_app(host=host), unsupported_code=unsupported_code
    )
    # The SDK's log level, as mcp.run: uvicorn says where it listens ("Uvicorn running
    # on http://..."). No access log: a line per request is a cost under load.
    uvicorn.run(
        app, host=host, port=port, log_level=server.settings.log_level.lower(), access_log=False
    )
