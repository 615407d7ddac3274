"""The method-registry pass (``codegen.emit.python.registry``) and the generated ``methods.py``.

Also home of ``build_package``, which the binding tests share: compile TS text with the
real pipeline and import the generated package from a temporary folder.
"""

from __future__ import annotations

import importlib
import itertools
import sys
from pathlib import Path
from types import ModuleType

import pytest

from codegen import ir
from codegen.build.pipeline import build, load_schema
from codegen.emit.python.registry import MethodEntry, build_registry, python_name
from codegen.errors import Diagnostics, SchemaError
from tests.conftest import require_corpus

BINDING_EMITTERS = (
    ("codegen.emit.python.pydantic.models", "emit_models"),
    ("codegen.emit.python.pydantic.methods", "emit_registry"),
    ("codegen.emit.python.pydantic.validators", "emit_validators"),
    ("codegen.emit.python.pydantic.server", "emit_server"),
    ("codegen.emit.python.pydantic.client", "emit_client"),
)

# The JSON-RPC envelope every snippet builds on, in the dialect of MCP's schema.ts.
PRELUDE = """
export const JSONRPC_VERSION = "2.0";
export type RequestId = string | number;
export interface MetaObject { [key: string]: unknown; }
export interface RequestParams { _meta?: MetaObject; }
export interface Request { method: string; params?: { [key: string]: any }; }
export interface JSONRPCRequest extends Request { jsonrpc: typeof JSONRPC_VERSION; id: RequestId; }
export interface NotificationParams { _meta?: MetaObject; }
export interface Notification { method: string; params?: { [key: string]: any }; }
export interface JSONRPCNotification extends Notification { jsonrpc: typeof JSONRPC_VERSION; }
export interface Result { _meta?: MetaObject; [key: string]: unknown; }
"""

_counter = itertools.count()


def load(tmp_path: Path, text: str, diagnostics: Diagnostics | None = None) -> ir.Schema:
    path = tmp_path / f"schema{next(_counter)}.ts"
    path.write_text(PRELUDE + text, "utf-8")
    return load_schema([path], diagnostics)


def registry(
    tmp_path: Path, text: str, diagnostics: Diagnostics | None = None
) -> dict[str, MethodEntry]:
    diags = diagnostics if diagnostics is not None else Diagnostics()
    return {e.method: e for e in build_registry(load(tmp_path, text), diags)}


def build_package(tmp_path: Path, schema_paths: list[Path]) -> ModuleType:
    """Compile schema files into a fresh importable package; returns the package."""
    files = build(load_schema(schema_paths), command="pytest", emitters=BINDING_EMITTERS)
    name = f"bindings_{next(_counter)}_{abs(hash(str(tmp_path))) % 10**8}"
    root = tmp_path / "pkgs"
    package = root / name
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for rel, text in files.items():
        (package / rel).write_text(text, "utf-8")
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    importlib.invalidate_caches()
    return importlib.import_module(name)


def build_from_text(tmp_path: Path, text: str) -> ModuleType:
    path = tmp_path / f"bindings{next(_counter)}.ts"
    path.write_text(PRELUDE + text, "utf-8")
    return build_package(tmp_path, [path])


DEMO = """
export interface EchoRequestParams extends RequestParams { text: string; }
export interface EchoRequest extends JSONRPCRequest { method: "demo/echoText"; params: EchoRequestParams; }
export interface EchoResult extends Result { text: string; }

/** @result EmptyResult */
export interface PingRequest extends JSONRPCRequest { method: "ping"; params?: RequestParams; }
export type EmptyResult = Result;

export interface SampleRequest extends JSONRPCRequest { method: "sampling/sample"; params: RequestParams; }
export interface SampleResult extends Result { answer: string; }

export interface CancelledNotification extends JSONRPCNotification {
  method: "notifications/cancelled";
  params: { requestId: RequestId; reason?: string };
}
export interface ChangedNotification extends JSONRPCNotification {
  method: "notifications/changed"; params?: NotificationParams;
}

export type ClientRequest = EchoRequest | PingRequest;
export type ServerRequest = SampleRequest;
export type ClientNotification = CancelledNotification;
export type ServerNotification = CancelledNotification | ChangedNotification;
"""


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        ("resources/metadata", "resources_metadata"),
        ("resources/templates/list", "resources_templates_list"),
        ("notifications/tools/list_changed", "notifications_tools_list_changed"),
        ("sampling/createMessage", "sampling_create_message"),
        ("server/discover", "server_discover"),
        ("ping", "ping"),
        ("x.y-z/HTTPHeader", "x_y_z_http_header"),
        ("import", "import_"),
        ("2fa/check", "m_2fa_check"),
    ],
)
def test_python_names(method: str, expected: str) -> None:
    assert python_name(method) == expected


# --------------------------------------------------------------------------- pairing


def test_requests_pair_with_results_by_name_and_by_tag(tmp_path: Path) -> None:
    methods = registry(tmp_path, DEMO)
    assert methods["demo/echoText"].result == "EchoResult"
    assert methods["ping"].result == "EmptyResult"
    assert methods["sampling/sample"].result == "SampleResult"
    assert methods["notifications/cancelled"].result is None
    assert sorted(methods) == [
        "demo/echoText",
        "notifications/cancelled",
        "notifications/changed",
        "ping",
        "sampling/sample",
    ]


def test_params_type_and_optionality(tmp_path: Path) -> None:
    methods = registry(tmp_path, DEMO)
    echo, ping = methods["demo/echoText"].params, methods["ping"].params
    assert echo is not None and (echo.annotation, echo.optional) == ("EchoRequestParams", False)
    assert ping is not None and (ping.annotation, ping.optional) == ("RequestParams", True)
    # An inline params type gets the model emitter's class name.
    cancelled = methods["notifications/cancelled"].params
    assert cancelled is not None and cancelled.model == "CancelledNotificationParams"


def test_request_without_params_property(tmp_path: Path) -> None:
    text = """
    export interface BareRequest { method: "bare"; jsonrpc: "2.0"; id: RequestId; }
    export interface BareResult extends Result {}
    """
    assert registry(tmp_path, text)["bare"].params is None


def test_an_empty_method_string_is_a_method(tmp_path: Path) -> None:
    # "" is falsy but a real literal: it must not fall through to the @method tag.
    text = """
    export interface BlankRequest { method: ""; jsonrpc: "2.0"; id: RequestId; }
    export interface BlankResult extends Result {}
    """
    assert registry(tmp_path, text)[""].message == "BlankRequest"


def test_missing_result_is_any_json_value_with_a_warning_at_the_request(tmp_path: Path) -> None:
    """No refusal (issue #33): ``codegen.frontend.results`` declares ``LostResult``."""
    text = 'export interface LostRequest extends JSONRPCRequest { method: "lost"; }\n'
    diags = Diagnostics()
    (entry,) = build_registry(load(tmp_path, text, diags), diags)
    assert entry.result == "LostResult"
    (warning,) = diags.warnings
    assert "LostRequest" in str(warning) and "'LostResult'" in str(warning)
    assert warning.span.line == PRELUDE.count("\n") + 1


@pytest.mark.parametrize("tag", ["@result Nowhere", "@result two names", "@result MAX"])
def test_bad_result_tag_is_an_error(tmp_path: Path, tag: str) -> None:
    text = f"""
    export const MAX = 3;
    /** {tag} */
    export interface OddRequest extends JSONRPCRequest {{ method: "odd"; }}
    """
    with pytest.raises(SchemaError, match="@result"):
        registry(tmp_path, text)


def test_duplicate_method_is_an_error(tmp_path: Path) -> None:
    text = """
    export interface ARequest extends JSONRPCRequest { method: "same"; }
    export interface AResult extends Result {}
    export interface BRequest extends JSONRPCRequest { method: "same"; }
    export interface BResult extends Result {}
    """
    with pytest.raises(SchemaError, match="declared twice"):
        registry(tmp_path, text)


def test_methods_that_want_one_python_name_are_told_apart_in_method_order(
    tmp_path: Path,
) -> None:
    text = """
    export interface BRequest extends JSONRPCRequest { method: "a/b_c"; }
    export interface BResult extends Result {}
    export interface ARequest extends JSONRPCRequest { method: "a/bC"; }
    export interface AResult extends Result {}
    """
    entries = registry(tmp_path, text)
    assert entries["a/bC"].python_name == "a_b_c"  # "a/bC" < "a/b_c"
    assert entries["a/b_c"].python_name == "a_b_c_"


# --------------------------------------------------------------------------- direction


def test_direction_from_unions(tmp_path: Path) -> None:
    diags = Diagnostics()
    methods = registry(tmp_path, DEMO, diags)
    assert methods["demo/echoText"].direction == "client_to_server"
    assert methods["sampling/sample"].direction == "server_to_client"
    assert methods["notifications/cancelled"].direction == "both"
    assert methods["notifications/changed"].direction == "server_to_client"
    assert diags.warnings == []


def test_default_direction_without_unions_is_silent(tmp_path: Path) -> None:
    diags = Diagnostics()
    text = DEMO[: DEMO.index("export type ClientRequest")]
    methods = registry(tmp_path, text, diags)
    assert {e.direction for e in methods.values()} == {"client_to_server"}
    assert diags.warnings == []


def test_default_direction_outside_existing_unions_warns(tmp_path: Path) -> None:
    diags = Diagnostics()
    text = (
        DEMO
        + """
    export interface StrayRequest extends JSONRPCRequest { method: "stray"; }
    export interface StrayResult extends Result {}
    """
    )
    methods = registry(tmp_path, text, diags)
    assert methods["stray"].direction == "client_to_server"
    assert [w.message for w in diags.warnings] == [
        "'StrayRequest' is in no direction union; assuming client_to_server"
    ]


def test_literal_method_on_a_non_message_warns_and_is_skipped(tmp_path: Path) -> None:
    diags = Diagnostics()
    text = 'export interface Thing { method: "thing"; }\n'
    assert "thing" not in registry(tmp_path, text, diags)
    assert "neither a request nor a notification" in diags.warnings[0].message


# --------------------------------------------------------------------------- generated module


def test_generated_registry_table(tmp_path: Path) -> None:
    pkg = build_from_text(tmp_path, DEMO)
    methods = importlib.import_module(f"{pkg.__name__}.methods")
    models = importlib.import_module(f"{pkg.__name__}.models")
    echo = methods.METHODS["demo/echoText"]
    assert (echo.message, echo.params, echo.result) == (
        models.EchoRequest,
        models.EchoRequestParams,
        models.EchoResult,
    )
    assert (echo.kind, echo.direction, echo.handler, echo.params_required) == (
        "request",
        "client_to_server",
        "demo_echo_text",
        True,
    )
    assert methods.METHODS["ping"].params_required is False
    assert methods.METHODS["notifications/cancelled"].result is None
    assert methods.METHODS["sampling/sample"].client_sends is False
    with pytest.raises(TypeError):
        methods.METHODS["new"] = echo  # read-only
    assert set(methods.__all__) == {"METHODS", "Direction", "MethodSpec", "RPCError"}


def test_rpc_error_round_trip(tmp_path: Path) -> None:
    pkg = build_from_text(tmp_path, DEMO)
    rpc_error = importlib.import_module(f"{pkg.__name__}.methods").RPCError
    error = rpc_error(-32602, "Invalid server variant", {"requestedVariant": "x"})
    assert error.to_error() == {
        "code": -32602,
        "message": "Invalid server variant",
        "data": {"requestedVariant": "x"},
    }
    back = rpc_error.from_error(error.to_error())
    assert (back.code, back.message, back.data) == (
        -32602,
        "Invalid server variant",
        {"requestedVariant": "x"},
    )
    assert rpc_error(-1, "m").to_error() == {"code": -1, "message": "m"}
    assert rpc_error.from_error("junk").code == -32603


@pytest.mark.corpus
def test_official_2026_registry() -> None:
    schema_ts = require_corpus("2026-07-28") / "schema.ts"
    diags = Diagnostics()
    entries = {e.method: e for e in build_registry(load_schema([schema_ts]), diags)}
    requests = {m: e.result for m, e in entries.items() if e.kind == "request"}
    assert requests["tools/call"] == "CallToolResult"
    assert requests["server/discover"] == "DiscoverResult"
    assert (len(requests), len(entries)) == (13, 21)
    assert entries["notifications/cancelled"].direction == "both"
    # The three deprecated server -> client requests are in no union of that revision.
    assert sorted(str(w.message).split("'")[1] for w in diags.warnings) == [
        "CreateMessageRequest",
        "ElicitRequest",
        "ListRootsRequest",
    ]
