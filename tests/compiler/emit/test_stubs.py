"""The generated server stub (``ServerHandler`` + ``dispatch``) and client stub, round-tripped
through an in-memory transport: client method -> dispatch -> handler -> typed result."""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.compiler.emit.test_methods import DEMO, build_from_text

STUBS = (
    DEMO
    + """
export interface CrashRequest extends JSONRPCRequest { method: "demo/crash"; params?: RequestParams; }
export interface CrashResult extends Result { never: string; }
export interface BareRequest { jsonrpc: typeof JSONRPC_VERSION; id: RequestId; method: "demo/bare"; }
export interface BareResult extends Result { ok: boolean; }
export type ClientRequest = EchoRequest | PingRequest | CrashRequest | BareRequest;
"""
).replace("export type ClientRequest = EchoRequest | PingRequest;\n", "")


class Generated:
    def __init__(self, pkg: ModuleType) -> None:
        import importlib

        self.models = importlib.import_module(f"{pkg.__name__}.models")
        self.methods = importlib.import_module(f"{pkg.__name__}.methods")
        self.server = importlib.import_module(f"{pkg.__name__}.server")
        self.client = importlib.import_module(f"{pkg.__name__}.client")
        self.root = Path(pkg.__file__ or "").parent


@pytest.fixture(scope="module")
def gen(tmp_path_factory: pytest.TempPathFactory) -> Generated:
    return Generated(build_from_text(tmp_path_factory.mktemp("stubs"), STUBS))


def make_handler(gen: Generated) -> Any:
    models, rpc_error = gen.models, gen.methods.RPCError

    class Handler(gen.server.ServerHandler):  # type: ignore[name-defined,misc]
        def __init__(self) -> None:
            self.seen: list[tuple[str, Any, Any]] = []

        async def demo_echo_text(self, params: Any, ctx: Any) -> Any:
            self.seen.append(("echo", params, ctx))
            if params.text == "refuse":
                raise rpc_error(-32602, "Invalid server variant", {"requestedVariant": "x"})
            return models.EchoResult(text=params.text * 2)

        async def ping(self, params: Any, ctx: Any) -> Any:
            self.seen.append(("ping", params, ctx))
            return {}  # a plain dict is validated into the result type

        async def demo_crash(self, params: Any, ctx: Any) -> Any:
            raise RuntimeError("secret database password in /etc/x")

        async def demo_bare(self, params: Any, ctx: Any) -> Any:
            return {"ok": "not a boolean"}

        async def notifications_cancelled(self, params: Any, ctx: Any) -> None:
            self.seen.append(("cancelled", params, ctx))

    return Handler()


class MemoryTransport:
    """Client side of an in-memory connection: serialises to text and dispatches."""

    def __init__(self, gen: Generated, handler: Any) -> None:
        self.gen, self.handler = gen, handler
        self.sent: list[dict[str, Any]] = []
        self.ids = 0

    async def request(self, method: str, params: dict[str, Any] | None) -> dict[str, Any]:
        self.ids += 1
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": self.ids, "method": method}
        if params is not None:
            message["params"] = params
        self.sent.append(message)
        response = await self.gen.server.dispatch(self.handler, json.dumps(message), "ctx")
        assert response is not None and response["id"] == self.ids
        result: dict[str, Any] = self.gen.client.result_or_raise(json.loads(json.dumps(response)))
        return result


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def dispatch(gen: Generated, handler: Any, message: object) -> Any:
    return run(gen.server.dispatch(handler, message, "ctx"))


# --------------------------------------------------------------------------- round trip


def test_round_trip_through_memory_transport(gen: Generated) -> None:
    handler = make_handler(gen)
    transport = MemoryTransport(gen, handler)
    client = gen.client.Client(transport)
    result = run(client.demo_echo_text(gen.models.EchoRequestParams(text="ab")))
    assert isinstance(result, gen.models.EchoResult) and result.text == "abab"
    kind, params, ctx = handler.seen[0]
    assert (kind, ctx) == ("echo", "ctx")
    assert isinstance(params, gen.models.EchoRequestParams) and params.text == "ab"
    assert transport.sent[0]["params"] == {"text": "ab"}


def test_meta_is_merged_into_params_meta(gen: Generated) -> None:
    handler = make_handler(gen)
    transport = MemoryTransport(gen, handler)
    client = gen.client.Client(transport)
    params = gen.models.EchoRequestParams(text="a", _meta={"keep": 1, "over": "old"})
    run(
        client.demo_echo_text(
            params, meta={"io.modelcontextprotocol/server-variant": "compact", "over": "new"}
        )
    )
    assert transport.sent[0]["params"]["_meta"] == {
        "keep": 1,
        "over": "new",
        "io.modelcontextprotocol/server-variant": "compact",
    }
    # Without params, meta alone makes the params object.
    run(client.ping(meta={"io.modelcontextprotocol/server-variant": "compact"}))
    assert transport.sent[1]["params"] == {
        "_meta": {"io.modelcontextprotocol/server-variant": "compact"}
    }
    run(client.ping())
    assert "params" not in transport.sent[2]


def test_optional_params_reach_the_handler_as_none(gen: Generated) -> None:
    handler = make_handler(gen)
    result = run(gen.client.Client(MemoryTransport(gen, handler)).ping())
    assert isinstance(result, gen.models.Result)
    assert handler.seen == [("ping", None, "ctx")]


def test_request_without_params_has_no_params_argument(gen: Generated) -> None:
    signature = inspect.signature(gen.client.Client.demo_bare)
    assert list(signature.parameters) == ["self", "meta"]
    transport = FakeTransport({"ok": True})
    result = run(gen.client.Client(transport).demo_bare())
    assert result.ok is True and transport.sent == [("demo/bare", None)]


# --------------------------------------------------------------------------- errors


def test_unknown_method(gen: Generated) -> None:
    response = dispatch(gen, make_handler(gen), {"jsonrpc": "2.0", "id": 7, "method": "nope/x"})
    assert response == {
        "jsonrpc": "2.0",
        "id": 7,
        "error": {"code": -32601, "message": "Method not found", "data": {"method": "nope/x"}},
    }


def test_method_the_handler_does_not_implement(gen: Generated) -> None:
    bare = gen.server.ServerHandler()
    response = dispatch(
        gen, bare, {"jsonrpc": "2.0", "id": "a", "method": "demo/echoText", "params": {"text": "x"}}
    )
    assert response["error"]["code"] == -32601 and response["id"] == "a"


def test_method_sent_the_wrong_way(gen: Generated) -> None:
    message = {"jsonrpc": "2.0", "id": 1, "method": "sampling/sample", "params": {}}
    assert dispatch(gen, make_handler(gen), message)["error"]["code"] == -32601


def test_bad_params_give_locations_by_wire_name(gen: Generated) -> None:
    message = {
        "jsonrpc": "2.0",
        "id": 3,
        "method": "demo/echoText",
        "params": {"text": 5, "_meta": []},
    }
    response = dispatch(gen, make_handler(gen), message)
    error = response["error"]
    assert (error["code"], error["message"]) == (-32602, "Invalid params")
    locs = sorted(tuple(item["loc"]) for item in error["data"])
    assert locs == [("params", "_meta"), ("params", "text")]
    assert all(set(item) == {"loc", "msg", "type"} for item in error["data"])


def test_missing_required_params(gen: Generated) -> None:
    response = dispatch(
        gen, make_handler(gen), {"jsonrpc": "2.0", "id": 3, "method": "demo/echoText"}
    )
    assert response["error"]["code"] == -32602
    assert response["error"]["data"][0]["loc"] == ["params"]


def test_crashing_handler_leaks_nothing(gen: Generated, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR)
    response = dispatch(gen, make_handler(gen), {"jsonrpc": "2.0", "id": 9, "method": "demo/crash"})
    assert response == {
        "jsonrpc": "2.0",
        "id": 9,
        "error": {"code": -32603, "message": "Internal error"},
    }
    assert "secret" not in json.dumps(response)
    assert "secret database password" in caplog.text  # logged locally, not lost


def test_handler_returning_an_invalid_result_is_an_internal_error(gen: Generated) -> None:
    response = dispatch(gen, make_handler(gen), {"jsonrpc": "2.0", "id": 2, "method": "demo/bare"})
    assert response["error"] == {"code": -32603, "message": "Internal error"}


def test_handler_raises_a_specific_rpc_error(gen: Generated) -> None:
    handler = make_handler(gen)
    message = {"jsonrpc": "2.0", "id": 4, "method": "demo/echoText", "params": {"text": "refuse"}}
    assert dispatch(gen, handler, message)["error"] == {
        "code": -32602,
        "message": "Invalid server variant",
        "data": {"requestedVariant": "x"},
    }
    client = gen.client.Client(MemoryTransport(gen, handler))
    with pytest.raises(gen.methods.RPCError) as info:
        run(client.demo_echo_text(gen.models.EchoRequestParams(text="refuse")))
    assert (info.value.code, info.value.message, info.value.data) == (
        -32602,
        "Invalid server variant",
        {"requestedVariant": "x"},
    )


@pytest.mark.parametrize(
    ("message", "code"),
    [
        (b"{not json", -32700),
        ("", -32700),
        (b"\xff\xfe", -32700),
        ("[]", -32600),
        ("42", -32600),
        ({"id": 1, "method": "ping"}, -32600),
        ({"jsonrpc": "1.0", "id": 1, "method": "ping"}, -32600),
        ({"jsonrpc": "2.0", "id": 1.5, "method": "ping"}, -32600),
        ({"jsonrpc": "2.0", "id": True, "method": "ping"}, -32600),
        ({"jsonrpc": "2.0", "id": 1, "method": 3}, -32600),
        ({"jsonrpc": "2.0", "id": 1}, -32600),
    ],
)
def test_malformed_messages(gen: Generated, message: object, code: int) -> None:
    response = dispatch(gen, make_handler(gen), message)
    assert response["error"]["code"] == code
    assert response["jsonrpc"] == "2.0" and "id" in response


def test_notifications_get_no_response(gen: Generated) -> None:
    handler = make_handler(gen)
    note = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 3}}
    assert dispatch(gen, handler, note) is None
    assert handler.seen[0][0] == "cancelled" and handler.seen[0][1].request_id == 3
    # Even bad or unknown notifications are never answered.
    assert dispatch(gen, handler, {"jsonrpc": "2.0", "method": "notifications/cancelled"}) is None
    assert dispatch(gen, handler, {"jsonrpc": "2.0", "method": "notifications/unknown"}) is None
    assert len(handler.seen) == 1


def test_responses_are_not_dispatched(gen: Generated) -> None:
    assert dispatch(gen, make_handler(gen), {"jsonrpc": "2.0", "id": 1, "result": {}}) is None


# --------------------------------------------------------------------------- client side


class FakeTransport:
    def __init__(self, reply: Any) -> None:
        self.reply = reply
        self.sent: list[tuple[str, Any]] = []

    async def request(self, method: str, params: dict[str, Any] | None) -> dict[str, Any]:
        self.sent.append((method, params))
        return dict(self.reply)


def test_client_rejects_a_result_that_does_not_match(gen: Generated) -> None:
    client = gen.client.Client(FakeTransport({"text": 12}))
    with pytest.raises(gen.client.InvalidResult) as info:
        run(client.demo_echo_text(gen.models.EchoRequestParams(text="a")))
    assert info.value.errors[0]["loc"] == ["text"]


def test_result_or_raise(gen: Generated) -> None:
    result_or_raise = gen.client.result_or_raise
    assert result_or_raise({"jsonrpc": "2.0", "id": 1, "result": {"a": 1}}) == {"a": 1}
    with pytest.raises(gen.methods.RPCError) as info:
        result_or_raise(
            {"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}}
        )
    assert info.value.code == -32601
    with pytest.raises(gen.methods.RPCError):
        result_or_raise({"jsonrpc": "2.0", "id": 1})


def test_client_has_one_method_per_client_request(gen: Generated) -> None:
    client = gen.client.Client
    assert {"demo_echo_text", "ping", "demo_crash", "demo_bare"} <= set(vars(client))
    assert "sampling_sample" not in vars(client)  # a server -> client request
    handler = gen.server.ServerHandler
    assert "notifications_cancelled" in vars(handler) and "notifications_changed" not in vars(
        handler
    )


# --------------------------------------------------------------------------- code quality


def test_generated_stubs_are_ruff_and_mypy_clean(gen: Generated) -> None:
    files = [
        str(gen.root / name) for name in ("methods.py", "server.py", "client.py", "validators.py")
    ]
    ruff = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--select", "E,F,W,I,B,UP,RUF",
         "--ignore", "E501", *files],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr
    pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(pyproject),
         "--no-incremental", "--cache-dir", "/dev/null", str(gen.root)],
        capture_output=True, text=True, check=False, cwd=gen.root.parent,
    )  # fmt: skip
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr
