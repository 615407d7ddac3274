"""Pins for ``negotiation.sdk.transports``: which HTTP replies the ASGI wrapper holds and
rewrites (and every one it must pass byte for byte), the stdio rewrite's inputs and
outputs, and the stdio and HTTP runners, all in-process."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import pytest
from mcp.server.mcpserver import MCPServer
from mcp.shared.message import ServerMessageMetadata, SessionMessage
from mcp_types import ErrorData, JSONRPCError, JSONRPCRequest, JSONRPCResponse

from negotiation.sdk import transports
from negotiation.sdk.transports import SERVED_VERSIONS, ServedVersionsApp, _rewrite_message

Message = dict[str, Any]

SDK_ERROR = {
    "code": -32022,
    "message": "Unsupported protocol version ✓",
    "data": {"supported": ["2026-07-28"], "requested": "1900-01-01"},
}
ERROR_BODY = json.dumps({"jsonrpc": "2.0", "id": 1, "error": SDK_ERROR}).encode()
JSON_400 = {
    "type": "http.response.start",
    "status": 400,
    "headers": [
        (b"content-type", b"application/json; charset=utf-8"),
        (b"x-other", b"kept"),
        (b"Content-Length", str(len(ERROR_BODY)).encode()),
    ],
}


def _through(
    messages: list[Message], scope: dict[str, Any] | None = None, **options: Any
) -> list[Message]:
    """What leaves ``ServedVersionsApp`` when the app inside it sends ``messages``."""
    sent: list[Message] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        for message in messages:
            await send(message)

    async def receive() -> Message:
        return {"type": "http.request"}

    async def send(message: Message) -> None:
        sent.append(message)

    app = ServedVersionsApp(inner, **options)
    anyio.run(app, scope or {"type": "http"}, receive, send)
    return sent


def _body(data: bytes, **extra: Any) -> Message:
    return {"type": "http.response.body", "body": data, **extra}


def test_an_unsupported_version_reply_is_rewritten_with_exact_headers_and_body() -> None:
    sent = _through([JSON_400, _body(ERROR_BODY)], supported=["x", "y"], unsupported_code=-32004)
    expected = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "error": {
                **SDK_ERROR,
                "code": -32004,
                "data": {**SDK_ERROR["data"], "supported": ["x", "y"]},
            },  # type: ignore[dict-item]
        },
        ensure_ascii=False,
    ).encode()
    assert "✓".encode() in expected  # written as UTF-8, not as a \u escape
    assert sent == [
        {
            **JSON_400,
            "headers": [
                (b"content-type", b"application/json; charset=utf-8"),
                (b"x-other", b"kept"),
                (b"content-length", str(len(expected)).encode()),
            ],
        },
        _body(expected),
    ]


@pytest.mark.parametrize(
    "start",
    [
        {**JSON_400, "status": 200},  # not an error reply, whatever its body says
        {**JSON_400, "status": 399},
        {**JSON_400, "status": "400"},  # not an int: never compared
        {"type": "http.response.start", "status": 400},  # no headers at all
        {**JSON_400, "headers": [(b"x-other", b"kept")]},  # no content type
        {**JSON_400, "headers": [(b"content-type", b"text/event-stream")]},
    ],
)
def test_replies_that_are_not_json_errors_pass_untouched(start: Message) -> None:
    assert _through([start, _body(ERROR_BODY)]) == [start, _body(ERROR_BODY)]


def test_a_json_error_reply_is_held_however_its_content_type_is_spelled() -> None:
    start = {**JSON_400, "headers": [(b"Content-Type", b" Application/JSON ;charset=utf-8")]}
    sent = _through([start, _body(ERROR_BODY)])
    assert json.loads(sent[1]["body"])["error"]["data"]["supported"] == list(SERVED_VERSIONS)


@pytest.mark.parametrize(
    "body",
    [
        _body(b"[1]"),  # JSON, but not an object
        _body(b'{"jsonrpc": "2.0", "id": 1, "result": {}}'),  # no error member
        _body(b"not json"),
        {"type": "http.response.body"},  # no body: empty
        _body(ERROR_BODY, more_body=True),  # a first chunk: never rewritten
    ],
)
def test_json_error_replies_that_are_not_the_version_error_pass_untouched(
    body: Message,
) -> None:
    assert _through([JSON_400, body]) == [JSON_400, body]


def test_after_a_held_reply_the_rest_of_the_stream_passes() -> None:
    first = _body(ERROR_BODY, more_body=True)
    rest = _body(b"tail")
    assert _through([JSON_400, first, rest]) == [JSON_400, first, rest]


def test_other_scopes_go_to_the_app_unchanged() -> None:
    seen: list[tuple[Any, Any, Any]] = []
    scope = {"type": "lifespan"}

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        seen.append((scope, receive, send))
        await send({"type": "lifespan.startup.complete"})

    sent: list[Message] = []

    async def receive() -> Message:
        return {}

    async def send(message: Message) -> None:
        sent.append(message)

    anyio.run(ServedVersionsApp(inner), scope, receive, send)
    assert seen == [(scope, receive, send)]
    assert sent == [{"type": "lifespan.startup.complete"}]


def _error(data: Any) -> SessionMessage:
    return SessionMessage(
        JSONRPCError(jsonrpc="2.0", id=7, error=ErrorData(code=-32022, message="m", data=data)),
        metadata=ServerMessageMetadata(related_request_id=7),
    )


def test_the_stdio_rewrite_uses_the_configured_list_and_code_and_keeps_metadata() -> None:
    original = _error({"supported": ["2026-07-28"], "requested": "1900-01-01"})
    rewritten = _rewrite_message(original, ["x"], -32004)
    assert rewritten.metadata is original.metadata
    assert isinstance(rewritten.message, JSONRPCError)
    assert rewritten.message.model_dump(mode="json", exclude_none=True) == {
        "jsonrpc": "2.0",
        "id": 7,
        "error": {
            "code": -32004,
            "message": "m",
            "data": {"supported": ["x"], "requested": "1900-01-01"},
        },
    }


def test_the_stdio_rewrite_reads_the_error_in_its_json_form() -> None:
    """A list built in Python as a tuple is a JSON array on the wire: it is rewritten."""
    rewritten = _rewrite_message(_error({"supported": ("2026-07-28",)}), ["x"], -32022)
    assert isinstance(rewritten.message, JSONRPCError)
    assert rewritten.message.error.data == {"supported": ["x"]}


def _unsupported_request() -> SessionMessage:
    return SessionMessage(
        JSONRPCRequest(
            jsonrpc="2.0",
            id=1,
            method="server/discover",
            params={
                "_meta": {
                    "io.modelcontextprotocol/protocolVersion": "1900-01-01",
                    "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
                    "io.modelcontextprotocol/clientCapabilities": {},
                }
            },
        )
    )


def _serve_stdio_once(
    monkeypatch: pytest.MonkeyPatch, server: MCPServer[Any], request: SessionMessage, **options: Any
) -> SessionMessage:
    """``serve_stdio`` on an in-memory stdio pair: send ``request``, return the reply, then
    end the input so the server stops."""
    to_server, server_reads = anyio.create_memory_object_stream[SessionMessage | Exception](1)
    server_writes, from_server = anyio.create_memory_object_stream[SessionMessage](1)

    @asynccontextmanager
    async def fake_stdio() -> AsyncIterator[tuple[Any, Any]]:
        yield server_reads, server_writes

    monkeypatch.setattr("mcp.server.stdio.stdio_server", fake_stdio)

    async def main() -> SessionMessage:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(lambda: transports.serve_stdio(server, **options))
            with anyio.fail_after(10):
                await to_server.send(request)
                reply = await from_server.receive()
            await to_server.aclose()  # end of input: the server stops
        return reply

    return anyio.run(main)


@pytest.mark.parametrize("code", [-32022, -32004])
def test_serve_stdio_answers_an_unsupported_version_with_every_served_version(
    monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    reply = _serve_stdio_once(
        monkeypatch, MCPServer("probe"), _unsupported_request(), unsupported_code=code
    ).message
    assert isinstance(reply, JSONRPCError)
    assert reply.error.code == code
    assert reply.error.data == {"supported": list(SERVED_VERSIONS), "requested": "1900-01-01"}


def test_serve_stdio_refuses_a_bad_code_before_serving() -> None:
    with pytest.raises(
        ValueError, match=r"unsupported_code must be one of \[-32022, -32004\], not 1"
    ):
        anyio.run(lambda: transports.serve_stdio(MCPServer("probe"), unsupported_code=1))


def test_run_serves_stdio_through_serve_stdio(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, int]] = []

    async def fake_serve(server: Any, *, unsupported_code: int) -> None:
        calls.append((server, unsupported_code))

    monkeypatch.setattr(transports, "serve_stdio", fake_serve)
    server: MCPServer[Any] = MCPServer("probe")
    transports.run(server)
    transports.run(server, "stdio", unsupported_code=-32004)
    assert calls == [(server, -32022), (server, -32004)]


@pytest.mark.parametrize(
    ("options", "host", "port", "code"),
    [
        ({}, "127.0.0.1", 8000, -32022),
        (
            {"host": "127.0.0.2", "port": 8123, "unsupported_code": -32004},
            "127.0.0.2",
            8123,
            -32004,
        ),
    ],
)
def test_run_serves_http_through_the_wrapper_on_the_given_address(
    monkeypatch: pytest.MonkeyPatch, options: dict[str, Any], host: str, port: int, code: int
) -> None:
    import uvicorn

    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    server: MCPServer[Any] = MCPServer("probe")
    built: list[dict[str, Any]] = []
    inner = object()

    def streamable_http_app(**kw: Any) -> object:
        built.append(kw)
        return inner

    monkeypatch.setattr(server, "streamable_http_app", streamable_http_app)
    transports.run(server, "streamable-http", **options)
    [(app, uvicorn_options)] = calls
    # The SDK's log level (INFO: uvicorn says where it listens), no per-request access log.
    assert uvicorn_options == {"host": host, "port": port, "log_level": "info", "access_log": False}
    assert built == [{"host": host}]  # the SDK's DNS-rebinding guard knows the address
    assert isinstance(app, ServedVersionsApp)
    assert (app.app, app.code, app.supported) == (inner, code, SERVED_VERSIONS)


def test_serve_stdio_hands_the_servers_own_initialization_options_to_the_handshake(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A legacy client's initialize is answered with the server's name and version."""
    initialize = JSONRPCRequest(
        jsonrpc="2.0",
        id=1,
        method="initialize",
        params={
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"},
        },
    )

    server: MCPServer[Any] = MCPServer("probe-name", version="9.9")
    reply = _serve_stdio_once(monkeypatch, server, SessionMessage(initialize)).message
    assert reply.model_dump(mode="json")["result"]["serverInfo"] == {
        "name": "probe-name",
        "version": "9.9",
    }


def test_run_refuses_an_unknown_transport() -> None:
    with pytest.raises(
        ValueError, match="transport must be 'stdio' or 'streamable-http', not 'sse'"
    ):
        transports.run(MCPServer("probe"), "sse")  # type: ignore[arg-type]


def _discover_request(version: str) -> SessionMessage:
    request = _unsupported_request().message
    assert isinstance(request, JSONRPCRequest) and request.params is not None
    meta = {**request.params["_meta"], "io.modelcontextprotocol/protocolVersion": version}
    return SessionMessage(request.model_copy(update={"params": {"_meta": meta}}))


@pytest.mark.parametrize("negotiated", [False, True], ids=["plain", "negotiated"])
def test_the_unsupported_version_error_lists_what_server_discover_advertises(
    monkeypatch: pytest.MonkeyPatch, negotiated: bool
) -> None:
    """protocol-versioning.md: the error lists "the versions it does support", which
    ``server/discover`` is for learning "up front"; the official harness
    (sep-2575-server-unsupported-version-error) requires every version in the error to
    be among those ``server/discover`` lists. One list serves both."""

    def server() -> MCPServer[Any]:
        if not negotiated:
            return MCPServer("probe")
        from negotiation.sdk import Negotiation

        neg = Negotiation(variants=[{"id": "only", "description": "the only one"}])
        return MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

    discovered = _serve_stdio_once(monkeypatch, server(), _discover_request("2026-07-28")).message
    assert isinstance(discovered, JSONRPCResponse)
    refused = _serve_stdio_once(monkeypatch, server(), _unsupported_request()).message
    assert isinstance(refused, JSONRPCError) and isinstance(refused.error.data, dict)
    assert refused.error.data["supported"] == discovered.result["supportedVersions"]
    assert discovered.result["supportedVersions"] == list(SERVED_VERSIONS)
