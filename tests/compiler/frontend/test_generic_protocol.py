"""A JSON-RPC schema that is not MCP: its method registry comes from the schema's own
conventions (``...Request``/``...Response``, ``@method``, ``@result``, ``@direction``),
results may be any JSON value, and union params keep their types."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from codegen.build.pipeline import load_schema
from codegen.emit.python.registry import build_registry
from codegen.errors import Diagnostics
from tests.compiler.emit.test_methods import build_package

GENERIC = """
export interface JSONRPCRequest { jsonrpc: "2.0"; id: number | string; method: string; params?: unknown }
export interface JSONRPCSuccessResponse { jsonrpc: "2.0"; id: number | string; result: unknown }
export interface JSONRPCErrorResponse { jsonrpc: "2.0"; id: number | string; error: { code: number; message: string } }

export interface Item { name: string }
export interface ByName { name: string }
export interface ById { id: number }

/** Lists items. */
export interface ListItemsRequest extends JSONRPCRequest { method: "items/list"; params?: {} }
export interface ListItemsSuccessResponse extends JSONRPCSuccessResponse { result: Item[] }
export type ListItemsResponse = ListItemsSuccessResponse | JSONRPCErrorResponse;

export interface FindRequest extends JSONRPCRequest { method: "items/find"; params: ByName | ById }
export interface FindSuccessResponse extends JSONRPCSuccessResponse { result: Item | null }
export type FindResponse = FindSuccessResponse | JSONRPCErrorResponse;

/**
 * Asks the client to show something.
 * @method "window/show"
 * @result ShowAnswer
 * @direction serverToClient
 */
export interface ShowMessage extends JSONRPCRequest { params: { text: string } }
export type ShowAnswer = boolean;
"""


def _schema(tmp_path: Path) -> Path:
    path = tmp_path / "generic.ts"
    path.write_text(GENERIC, "utf-8")
    return path


def test_registry_pairs_requests_with_responses_and_reads_tags(tmp_path: Path) -> None:
    entries = {e.method: e for e in build_registry(load_schema([_schema(tmp_path)]), Diagnostics())}
    assert sorted(entries) == ["items/find", "items/list", "window/show"]
    assert entries["items/list"].result == "ListItemsResult"
    assert entries["items/find"].params is not None
    assert entries["items/find"].params.annotation == "ByName | ById"
    assert entries["window/show"].result == "ShowAnswer"
    assert entries["window/show"].direction == "server_to_client"
    # A generic schema that names no direction: either side may send.
    assert entries["items/list"].direction == "both"


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    tmp_path = tmp_path_factory.mktemp("generic")
    return build_package(tmp_path, [_schema(tmp_path)])


def _dispatch(package: ModuleType, handler: Any, message: dict[str, Any]) -> Any:
    import importlib

    server = importlib.import_module(f"{package.__name__}.server")
    return asyncio.run(server.dispatch(handler, message, None))


def test_array_and_null_results_are_dispatched(package: ModuleType) -> None:
    import importlib

    server = importlib.import_module(f"{package.__name__}.server")

    class Handler(server.ServerHandler):  # type: ignore[misc,name-defined]
        async def items_list(self, params: Any, ctx: Any) -> Any:
            return [{"name": "a"}, {"name": "b"}]

        async def items_find(self, params: Any, ctx: Any) -> Any:
            return None if getattr(params, "id", None) == 0 else {"name": type(params).__name__}

    listed = _dispatch(package, Handler(), {"jsonrpc": "2.0", "id": 1, "method": "items/list"})
    assert listed == {"jsonrpc": "2.0", "id": 1, "result": [{"name": "a"}, {"name": "b"}]}
    found = _dispatch(
        package, Handler(), {"jsonrpc": "2.0", "id": 2, "method": "items/find", "params": {"id": 7}}
    )
    assert found["result"] == {"name": "ById"}  # the union params arrive typed
    missing = _dispatch(
        package, Handler(), {"jsonrpc": "2.0", "id": 3, "method": "items/find", "params": {"id": 0}}
    )
    assert missing == {"jsonrpc": "2.0", "id": 3, "result": None}


def test_client_accepts_non_object_results(package: ModuleType) -> None:
    import importlib

    client = importlib.import_module(f"{package.__name__}.client")

    class Transport:
        async def request(self, method: str, params: Any) -> Any:
            return [{"name": "x"}] if method == "items/list" else None

    stub = client.Client(Transport())
    items = asyncio.run(stub.items_list())
    assert [item.name for item in items] == ["x"]
    assert asyncio.run(stub.items_find({"name": "x"})) is None
    assert client.result_or_raise({"jsonrpc": "2.0", "id": 1, "result": None}) is None


def test_a_generic_package_exports_nothing_of_mcp_and_documents_its_directions(
    package: ModuleType,
) -> None:
    import importlib

    import mcp_ext
    import mcp_ext.methods

    validators = importlib.import_module(f"{package.__name__}.validators")
    methods = importlib.import_module(f"{package.__name__}.methods")
    # MCP's feature-tag grammar is MCP's: only its package exports the checker.
    assert "check_feature_tag" in mcp_ext.__all__
    assert "check_feature_tag" not in validators.__all__
    assert not hasattr(validators, "check_feature_tag") and "check_feature_tag" not in dir(package)
    # The docstring says what the registry does: untagged, unlisted methods go both ways.
    assert methods.METHODS["items/list"].direction == "both"
    generic_doc = " ".join((methods.__doc__ or "").split())
    assert "a message in none of them may be sent by either side (``both``)" in generic_doc
    assert "client -> server" not in generic_doc
    assert "taken to go client -> server" in " ".join((mcp_ext.methods.__doc__ or "").split())
