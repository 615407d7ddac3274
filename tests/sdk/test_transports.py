"""protocol-versioning.md: "If the server does not implement the requested version ... it
MUST respond with an UnsupportedProtocolVersionError listing the versions it does
support" (``versioning.unsupported-version-error``). The SDK lists only its modern
versions; ``negotiation.sdk.transports`` fixes the error where it leaves the process.
Over stdio and HTTP the conformance kit checks the demos (tests/conformance)."""

from __future__ import annotations

import json
from typing import Any

import anyio
import httpx2 as httpx
import pytest
from mcp.server.mcpserver import MCPServer
from mcp.shared.message import SessionMessage
from mcp_types import ErrorData, JSONRPCError, JSONRPCResponse

from negotiation.sdk.transports import (
    SERVED_VERSIONS,
    ServedVersionsApp,
    _rewrite_message,
    served_versions_error,
)

SDK_ERROR = {
    "code": -32022,
    "message": "Unsupported protocol version",
    "data": {"supported": ["2026-07-28"], "requested": "1900-01-01"},
}


def test_served_versions_lists_the_modern_and_the_handshake_versions_newest_first() -> None:
    assert SERVED_VERSIONS == ("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")


def test_versioning_unsupported_version_error_lists_every_served_version() -> None:
    assert served_versions_error(SDK_ERROR) == {
        "code": -32022,
        "message": "Unsupported protocol version",
        "data": {"supported": list(SERVED_VERSIONS), "requested": "1900-01-01"},
    }
    configured = served_versions_error(SDK_ERROR, code=-32004, supported=["x"])
    assert configured is not None
    assert (configured["code"], configured["data"]["supported"]) == (-32004, ["x"])


@pytest.mark.parametrize(
    "error",
    [
        {"code": -32602, "message": "Invalid params", "data": {"supported": ["a"]}},
        {"code": -32022, "message": "m"},  # no data
        {"code": -32022, "message": "m", "data": {"supported": "2026-07-28"}},
        {"code": -32022, "message": "m", "data": ["supported"]},
        {"code": True, "message": "m", "data": {"supported": []}},
    ],
)
def test_other_errors_are_left_alone(error: dict[str, Any]) -> None:
    assert served_versions_error(error) is None


def test_the_stdio_rewrite_touches_only_the_unsupported_version_error() -> None:
    error = SessionMessage(
        JSONRPCError(jsonrpc="2.0", id=7, error=ErrorData.model_validate(SDK_ERROR))
    )
    rewritten = _rewrite_message(error, SERVED_VERSIONS, -32022).message
    assert isinstance(rewritten, JSONRPCError) and rewritten.id == 7
    assert rewritten.error.data == {"supported": list(SERVED_VERSIONS), "requested": "1900-01-01"}
    other = SessionMessage(JSONRPCResponse(jsonrpc="2.0", id=1, result={}))
    assert _rewrite_message(other, SERVED_VERSIONS, -32022) is other


def test_the_stdio_runner_relies_on_the_sdks_low_level_server() -> None:
    """The one private SDK attribute serve_stdio uses: fail loudly if it goes."""
    server: MCPServer[Any] = MCPServer("probe")
    lowlevel = server._lowlevel_server
    assert callable(lowlevel.run) and callable(lowlevel.create_initialization_options)


@pytest.mark.parametrize("code", [0, -32602, "-32022", True])
def test_a_bad_configured_code_is_refused(code: Any) -> None:
    with pytest.raises(ValueError, match="unsupported_code must be one of"):
        ServedVersionsApp(MCPServer("probe").streamable_http_app(), unsupported_code=code)


def _post(
    starlette: Any, app: Any, body: dict[str, Any], headers: dict[str, str]
) -> httpx.Response:
    async def main() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with starlette.router.lifespan_context(starlette):
            async with httpx.AsyncClient(
                transport=transport, base_url="http://127.0.0.1:8000"
            ) as client:
                return await client.post("/mcp", json=body, headers=headers)

    return anyio.run(main)


@pytest.mark.parametrize("code", [-32022, -32004])
def test_over_http_the_reply_lists_every_served_version(code: int) -> None:
    server: MCPServer[Any] = MCPServer("probe")
    starlette = server.streamable_http_app(stateless_http=True)
    app = ServedVersionsApp(starlette, unsupported_code=code)
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "server/discover",
        "params": {
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "1900-01-01",
                "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
                "io.modelcontextprotocol/clientCapabilities": {},
            }
        },
    }
    headers = {
        "accept": "application/json, text/event-stream",
        "mcp-protocol-version": "1900-01-01",
        "mcp-method": "server/discover",
    }
    response = _post(starlette, app, body, headers)
    reply = json.loads(response.content)
    assert reply["error"]["code"] == code
    assert reply["error"]["data"] == {"supported": list(SERVED_VERSIONS), "requested": "1900-01-01"}
    assert int(response.headers["content-length"]) == len(response.content)
