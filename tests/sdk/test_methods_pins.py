"""``negotiation.sdk.methods.GeneratedMethods``: which methods it serves, its refusals and
how a generated handler's error reaches the SDK (pinned from its mutation run)."""

from __future__ import annotations

import types
from typing import Any, ClassVar

import anyio
import mcp_ext
import pytest
from mcp.shared.exceptions import MCPError
from mcp_ext.server import ServerHandler

from negotiation.sdk.methods import GeneratedMethods


class Handler(ServerHandler):
    async def resources_metadata(self, params: Any, ctx: Any) -> Any:  # served: new method
        raise NotImplementedError

    async def tools_call(self, params: Any, ctx: Any) -> Any:  # the SDK's own: never served
        raise NotImplementedError

    async def notifications_cancelled(self, params: Any, ctx: Any) -> None:  # a notification
        return None


def test_only_overridden_client_requests_the_sdk_does_not_define_are_served() -> None:
    methods = GeneratedMethods(Handler(), mcp_ext, identifier="com.example/x")
    assert methods.served == ("resources/metadata",)
    assert GeneratedMethods(ServerHandler(), mcp_ext, identifier="com.example/x").served == ()


def test_refusals_name_what_was_given() -> None:
    with pytest.raises(TypeError) as caught:
        GeneratedMethods(Handler(), "mcp_ext", identifier="x/y")  # type: ignore[arg-type]
    assert str(caught.value) == "package must be a generated package module, not str"
    with pytest.raises(TypeError) as caught:
        GeneratedMethods(Handler(), types, identifier="x/y")
    assert str(caught.value) == "types is not a generated package (no methods.METHODS or server)"
    with pytest.raises(TypeError) as caught:
        GeneratedMethods(5, mcp_ext, identifier="x/y")
    assert str(caught.value) == "handler must be a mcp_ext.server.ServerHandler, not int"


class _Ctx:
    request_id = 7
    method = "resources/metadata"
    params: ClassVar[dict[str, str]] = {"uri": "m://a"}


def _handle(dispatch: Any, monkeypatch: pytest.MonkeyPatch) -> MCPError:
    import negotiation.sdk.methods as module
    from negotiation.content import DEFAULT_CONTEXT

    monkeypatch.setattr(module, "negotiated", lambda ctx: DEFAULT_CONTEXT)
    methods = GeneratedMethods(Handler(), mcp_ext, identifier="com.example/x")
    methods._dispatch = dispatch  # a generated dispatch that answers as told

    async def main() -> MCPError:
        with pytest.raises(MCPError) as caught:
            await methods._bound()(_Ctx(), None)  # type: ignore[arg-type]
        return caught.value

    return anyio.run(main)


def test_a_dispatched_error_reaches_the_sdk_with_code_message_and_data(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def answer(handler: Any, message: Any, ctx: Any) -> Any:
        assert message == {
            "jsonrpc": "2.0",
            "id": 7,
            "method": "resources/metadata",
            "params": {"uri": "m://a"},
        }
        return {"jsonrpc": "2.0", "id": 7, "error": {"code": -32602, "message": "m", "data": [1]}}

    error = _handle(answer, monkeypatch)
    assert (error.code, error.message, error.data) == (-32602, "m", [1])


def test_no_response_at_all_is_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    async def nothing(handler: Any, message: Any, ctx: Any) -> Any:
        return None

    error = _handle(nothing, monkeypatch)
    assert (error.code, error.message, error.data) == (-32603, "", None)
