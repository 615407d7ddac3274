"""Pins of the dataclasses target's stubs and package (``codegen/emit/python/dataclasses/``
``server.py``, ``client.py``, ``__init__.py``; issue #37): the exact text of the server and
client modules for one schema of every kind of method the registry gives, which methods
each serves, and the package's files. In process only (``make mutation`` runs this file);
the stubs' behaviour at run time is ``test_dataclasses_target.py``'s."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from codegen.emit.python.backend import PythonBackend
from codegen.emit.python.dataclasses import (
    RUNTIME_SOURCE,
    SCHEMA_CHECK_SOURCE,
    emit_dataclasses,
)
from codegen.emit.python.dataclasses.client import emit_client
from codegen.emit.python.dataclasses.server import emit_server
from codegen.errors import Diagnostics
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "dataclasses"

METHODS = """
export const JSONRPC_VERSION = "2.0";
export type RequestId = string | number;
export interface Request { method: string; params?: { [key: string]: unknown }; }
export interface JSONRPCRequest extends Request { jsonrpc: typeof JSONRPC_VERSION; id: RequestId; }
export interface Notification { method: string; params?: { [key: string]: unknown }; }
export interface JSONRPCNotification extends Notification { jsonrpc: typeof JSONRPC_VERSION; }
export interface Result { [key: string]: unknown; }
export type EmptyResult = Result;
export interface PingRequest extends JSONRPCRequest { method: "ping"; }
export interface AddRequest extends JSONRPCRequest { method: "add"; params: { a: number; b: number }; }
export interface AddResult extends Result { sum: number; }
export interface TickNotification extends JSONRPCNotification { method: "tick"; }
export interface LogNotification extends JSONRPCNotification { method: "log"; params: { level: string }; }
export interface BareRequest { jsonrpc: typeof JSONRPC_VERSION; id: RequestId; method: "bare"; }
export interface BareResult { ok: boolean; }
/** @direction serverToClient */
export interface AskRequest extends JSONRPCRequest { method: "ask"; params: { q: string }; }
export interface AskResult extends Result { a: string; }
"""

NO_METHODS = "export interface Point { x: number; }\n"

NOTIFICATIONS = """
export interface Notification { method: string; params?: { [key: string]: unknown }; }
export interface TickNotification extends Notification { method: "tick"; }
"""


def _backend(text: str) -> PythonBackend:
    return PythonBackend(resolve([parse_module("s.ts", text)]))


@pytest.mark.parametrize(
    ("module", "emit"), [("server.py", emit_server), ("client.py", emit_client)]
)
def test_the_stub_text_is_the_golden_one(module: str, emit: object, update_golden: bool) -> None:
    """Every method the client sends, typed, exactly (``--update-golden`` rewrites)."""
    assert callable(emit)
    files = emit(_backend(METHODS))
    assert list(files) == [module]
    golden = GOLDEN / f"{module}.txt"
    if update_golden:
        golden.write_text(files[module], "utf-8")
    assert files[module] == golden.read_text("utf-8")


def test_the_server_serves_what_the_client_sends_and_the_client_sends_requests() -> None:
    backend = _backend(METHODS)
    server, client = emit_server(backend)["server.py"], emit_client(backend)["client.py"]
    for name in ("ping", "add", "bare"):
        assert f"    async def {name}(self" in server and f"    async def {name}(self" in client
    for name in ("tick", "log"):  # notifications: served, never sent by the client
        assert f"    async def {name}(self" in server and f"def {name}(" not in client
    assert "def ask(" not in server + client  # the server sends it
    assert "    async def bare(self) -> BareResult:" in client
    assert '"bare": ("request", "bare", "BareRequest", "BareResult"),' in server
    assert '"log": ("notification", "log", "LogNotification", None),' in server


def test_a_schema_of_no_methods_has_no_stubs() -> None:
    backend = _backend(NO_METHODS)
    assert emit_server(backend) == {} and emit_client(backend) == {}
    assert sorted(emit_dataclasses(backend, Diagnostics())) == [
        "_runtime.py",
        "_schema.py",
        "models.py",
        "wire.py",
    ]


def test_the_package_is_its_modules_the_stubs_and_the_two_static_runtimes() -> None:
    backend = _backend(METHODS)
    files = emit_dataclasses(backend, Diagnostics())
    assert sorted(files) == [
        "_runtime.py",
        "_schema.py",
        "client.py",
        "models.py",
        "server.py",
        "wire.py",
    ]
    assert files["_runtime.py"] == RUNTIME_SOURCE.read_text("utf-8")
    assert files["_schema.py"] == SCHEMA_CHECK_SOURCE.read_text("utf-8")
    assert files["server.py"] == emit_server(backend)["server.py"]
    assert files["client.py"] == emit_client(backend)["client.py"]
    assert files["models.py"].startswith('"""Dataclasses. Deviations from schema.json:\n\n* ')
    # the same from the schema as from its back end
    assert emit_dataclasses(backend.source, Diagnostics()) == files


def test_a_server_of_notifications_with_no_typed_params_imports_no_model() -> None:
    backend = _backend(NOTIFICATIONS)
    server = emit_server(backend)["server.py"]
    ast.parse(server)
    assert "from .models" not in server and "XXXX" not in server
    assert "from .wire import codec\n\n__all__ = " in server
    assert '    "tick": ("notification", "tick", "TickNotification", None),' in server
    assert emit_client(backend) == {}  # no request to send
