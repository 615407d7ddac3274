"""Protocol mode's results: a request that declares none gets any JSON value with a
located warning (never a refusal), and ``<Stem>Response`` means what the README says: a
JSON-RPC envelope's ``result``, or, when it is no envelope, the result itself."""

from __future__ import annotations

import asyncio
import importlib
import itertools
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from codegen import ir
from codegen.build.pipeline import Options, load_schema
from codegen.emit.python.registry import MethodEntry, build_registry
from codegen.errors import Diagnostics
from tests.compiler.emit.test_methods import build_package

_counter = itertools.count()


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / f"proto{next(_counter)}.ts"
    path.write_text(text, "utf-8")
    return path


def _registry(
    tmp_path: Path, text: str, options: Options | None = None
) -> tuple[dict[str, MethodEntry], list[str], ir.Schema]:
    diags = Diagnostics()
    schema = load_schema([_write(tmp_path, text)], diags, options or Options())
    entries = {e.method: e for e in build_registry(schema, diags)}
    return entries, [str(w) for w in diags.warnings], schema


NO_RESULT = """
export interface Todo { title: string; done: boolean }
export interface AddTodoRequest { jsonrpc: "2.0"; id: number; method: "todos/add"; params: Todo }
/** @kind request */
export interface Shutdown { jsonrpc: "2.0"; id: number; method: "shutdown" }
export interface ShutdownResult { note: string }
export interface TodoAddedNotification { jsonrpc: "2.0"; method: "todos/added"; params: Todo }
"""


def test_a_request_without_a_result_gets_any_json_value_and_a_located_warning(
    tmp_path: Path,
) -> None:
    entries, warnings, schema = _registry(tmp_path, NO_RESULT)
    assert entries["todos/add"].result == "AddTodoResult"
    added = schema.decls["AddTodoResult"]
    assert isinstance(added, ir.Alias) and added.type == ir.Primitive("unknown", added.type.span)
    # A request not named ...Request: its ...Result is not its result by name, so the
    # declared one is left alone and a free name is taken.
    assert entries["shutdown"].result == "ShutdownResult2"
    assert entries["todos/added"].result is None  # notifications have none
    path = warnings[0].split(":", 1)[0]
    assert warnings == [
        f"{path}:3:1: warning: request 'AddTodoRequest' (method 'todos/add') declares no "
        "result; any JSON value is its result, typed 'AddTodoResult' (declare "
        "'AddTodoResult' or tag the request '@result <Type>' to type it)",
        f"{path}:5:1: warning: request 'Shutdown' (method 'shutdown') declares no result; "
        "any JSON value is its result, typed 'ShutdownResult2' (declare 'ShutdownResult' "
        "or tag the request '@result <Type>' to type it)",
    ]


def test_in_mcp_mode_too(tmp_path: Path) -> None:
    """``--protocol mcp`` without MCP's ``EmptyResult``: no refusal either."""
    entries, warnings, _ = _registry(tmp_path, NO_RESULT, Options(protocol="mcp"))
    assert entries["todos/add"].result == "AddTodoResult"
    assert any("declares no result" in w for w in warnings)


def test_mcp_keeps_its_empty_result(tmp_path: Path) -> None:
    """MCP's older revisions answer ``ping`` with ``EmptyResult`` without saying so."""
    text = NO_RESULT + "export interface EmptyResult { _meta?: { [key: string]: unknown } }\n"
    entries, warnings, schema = _registry(tmp_path, text)
    assert entries["todos/add"].result == "EmptyResult" and "AddTodoResult" not in schema.decls
    assert any("names no result; assuming 'EmptyResult'" in w for w in warnings)


RESPONSES = """
export interface Todo { title: string; done: boolean }
/** Lists the todos, a page at a time. */
export interface ListTodosRequest { jsonrpc: "2.0"; id: number; method: "todos/list"; params?: { cursor?: string } }
export interface ListTodosResponse { page: Todo[]; nextCursor?: string }

/** A plain response whose member happens to be called result: no envelope, the whole object. */
export interface ComputeRequest { jsonrpc: "2.0"; id: number; method: "compute"; params: { x: number } }
export interface ComputeResponse { result: number; elapsedMs: number }

export interface Found { todo: Todo }
export interface Missing { missing: true }
export interface FindRequest { jsonrpc: "2.0"; id: number; method: "todos/find"; params: { title: string } }
export type FindResponse = Found | Missing;

export interface Envelope { jsonrpc: "2.0"; id: number }
export interface CountRequest { jsonrpc: "2.0"; id: number; method: "todos/count" }
export interface CountResponse extends Envelope { result: number }

export interface ClearRequest { jsonrpc: "2.0"; id: number; method: "todos/clear" }
"""


def test_a_plain_response_is_the_result_and_an_envelope_gives_its_result(
    tmp_path: Path,
) -> None:
    entries, warnings, schema = _registry(tmp_path, RESPONSES)
    results = {m: schema.decls[e.result] for m, e in entries.items() if e.result}
    assert {m: getattr(d, "type", None) for m, d in results.items()} == {
        "todos/list": ir.Ref("ListTodosResponse", (), schema.decls["ListTodosResponse"].span),
        "compute": ir.Ref("ComputeResponse", (), schema.decls["ComputeResponse"].span),
        "todos/find": ir.Ref("FindResponse", (), schema.decls["FindResponse"].span),
        "todos/count": ir.Primitive("number", results["todos/count"].type.span),  # type: ignore[union-attr]
        "todos/clear": ir.Primitive("unknown", results["todos/clear"].type.span),  # type: ignore[union-attr]
    }
    assert [w.split(": ", 1)[1] for w in warnings] == [
        "warning: request 'ClearRequest' has no 'ClearResponse'; its result is 'unknown' "
        "(tag it '@result <Type>' to type it)"
    ]


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    tmp_path = tmp_path_factory.mktemp("responses")
    return build_package(tmp_path, [_write(tmp_path, RESPONSES + NO_RESULT.split("\n", 2)[2])])


def _module(package: ModuleType, name: str) -> Any:
    return importlib.import_module(f"{package.__name__}.{name}")


def test_served_and_called_with_a_plain_response(package: ModuleType) -> None:
    server, client = _module(package, "server"), _module(package, "client")

    class Handler(server.ServerHandler):  # type: ignore[misc,name-defined]
        async def todos_list(self, params: Any, ctx: Any) -> Any:
            return {"page": [{"title": "milk", "done": False}]}

        async def compute(self, params: Any, ctx: Any) -> Any:
            return {"result": params.x * 2, "elapsedMs": 1}

        async def todos_add(self, params: Any, ctx: Any) -> Any:
            return ["anything", {"at": 1}, None]  # no declared result: any JSON value

    def dispatch(method: str, params: Any = None) -> Any:
        message = {"jsonrpc": "2.0", "id": 1, "method": method}
        if params is not None:
            message["params"] = params
        return asyncio.run(server.dispatch(Handler(), message, None))

    assert dispatch("todos/list") == {
        "jsonrpc": "2.0",
        "id": 1,
        "result": {"page": [{"title": "milk", "done": False}]},
    }
    assert dispatch("compute", {"x": 2})["result"] == {"result": 4, "elapsedMs": 1}
    added = dispatch("todos/add", {"title": "t", "done": True})
    assert added["result"] == ["anything", {"at": 1}, None]

    class Transport:
        async def request(self, method: str, params: Any) -> Any:
            answers = {"todos/list": {"page": []}, "todos/add": 42, "shutdown": "bye"}
            return answers[method]

    stub = client.Client(Transport())
    page = asyncio.run(stub.todos_list())
    assert type(page).__name__ == "ListTodosResponse" and page.page == []
    assert asyncio.run(stub.todos_add({"title": "t", "done": True})) == 42
    assert asyncio.run(stub.shutdown()) == "bye"

    class Wrong:
        async def request(self, method: str, params: Any) -> Any:
            return {"items": []}  # not a ListTodosResponse

    with pytest.raises(client.InvalidResult):
        asyncio.run(client.Client(Wrong()).todos_list())
