"""The second adapter (issue #36): ``examples/asgi_adapter.py`` serves the weather demo's
tool and resources over plain JSON-RPC on HTTP through the engine, with no SDK in the
request path, and the conformance kit's 2026-07-28 rows pass on it."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import anyio
import pytest
import uvicorn

from conformance.runner import HERE, run
from conformance.session import Config, HttpTarget
from examples.asgi_adapter import app, serve
from negotiation import errors
from tests.e2e.servers import LOOPBACK, free_port

# What the SDK-served weather demo passes in 2026-07-28 (docs/conformance.md), and the
# modern-only server's own row.
MUST_PASS = {
    "versioning.unsupported-version-error",
    "versioning.server-discover-implemented",
    "versioning.extension-fallback",
    "versioning.modern-server-names-versions",
    "variants.advertise.omit-empty-list",
    "variants.selection.unsupported-error",
    "variants.privacy.no-hidden-metadata",
    "content.tags.honor-declared",
    "content.requirement-5.explicit-format-wins",
    "content.requirement-4.invalid-ignored",
    "resources.metadata.supported",
    "resources.read.distinct-mime-types",
    "resources.read.consistent-metadata",
    "resources.read.size-of-representation",
    "tools.result.structured-also-content",
}


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host=LOOPBACK, port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the ASGI server did not start"
        time.sleep(0.05)
    yield f"http://{LOOPBACK}:{port}/"
    server.should_exit = True
    thread.join(10)


def test_the_kits_2026_07_28_rows_pass_on_the_asgi_adapter(url: str) -> None:
    config = Config(timeout=30.0)
    profile = json.loads((HERE / "profiles" / "weather.json").read_text(encoding="utf-8"))
    kit = run(HttpTarget(url, config), eras=("modern",), profile=profile, config=config)
    failing = {r.requirement: r.detail for r in kit.rows if r.result in ("fail", "unmet")}
    assert not failing
    passed = {r.requirement for r in kit.rows if r.result == "pass"}
    assert MUST_PASS <= passed, sorted(MUST_PASS - passed)
    assert {r.era for r in kit.rows} == {"modern"}


def _call(method: str, params: dict[str, Any], **headers: str) -> tuple[int, dict[str, Any]]:
    message = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
    return anyio.run(serve, message, {k.replace("_", "-"): v for k, v in headers.items()})


MODERN = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
}


def test_the_adapter_checks_the_version_header_and_maps_refusals() -> None:
    status, answer = _call("tools/list", {"_meta": MODERN})  # no MCP-Protocol-Version
    assert status == 400 and answer["error"]["code"] == errors.HEADER_MISMATCH
    ok = {"mcp_protocol_version": "2026-07-28"}
    status, answer = _call("tools/list", {"_meta": MODERN}, **ok)
    assert status == 200 and [t["name"] for t in answer["result"]["tools"]] == ["get_weather"]
    selected = {**MODERN, "io.modelcontextprotocol/server-variant": "compact"}
    status, answer = _call("tools/list", {"_meta": selected}, **ok)
    assert answer["error"]["code"] == -32602  # no variants: selecting one is refused
    status, answer = _call("tools/call", {"_meta": MODERN, "name": "nope"}, **ok)
    assert answer["error"] == {"code": -32602, "message": "Unknown tool: nope"}
    status, answer = _call("initialize", {"protocolVersion": "2025-11-25"}, **ok)
    assert answer["error"]["code"] == -32601 and "2026-07-28" in answer["error"]["message"]
