"""Any generated package's methods on ``MCPServer``: a separately generated extension
is served (not -32601), its params are checked by its own validators, and its handler
gets the negotiated context."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp_ext.methods import RPCError

from negotiation.content import NegotiationContext
from negotiation.sdk import ContentNegotiation, GeneratedMethods, Negotiation, SessionTransport

REPO = Path(__file__).resolve().parents[2]
SCHEMA = """\
/** A JSON-RPC request. */
export interface Request {
  method: string;
  params?: { [key: string]: unknown };
}

/** A result. */
export interface Result {
  _meta?: { [key: string]: unknown };
}

/** Params of `weather/alerts`. */
export interface AlertsRequestParams {
  /** The region. */
  region: string;
}

/** Ask for weather alerts. */
export interface AlertsRequest extends Request {
  method: "weather/alerts";
  params: AlertsRequestParams;
}

/** The alerts. */
export interface AlertsResult extends Result {
  alerts: string[];
}

/** What a client sends. */
export type ClientRequest = AlertsRequest;

/** What a server answers. */
export type ServerResult = AlertsResult;
"""


@pytest.fixture(scope="module")
def alerts_ext(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("alerts")
    (root / "schema").mkdir()
    (root / "schema" / "alerts.ts").write_text(SCHEMA)
    out = root / "out" / "alerts_ext"
    subprocess.run(
        [sys.executable, "-m", "codegen", "generate", "--schema", str(root / "schema"),
         "--out", str(out), "--no-cache"],
        cwd=REPO, check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    sys.path.insert(0, str(out.parent))
    try:
        return importlib.import_module("alerts_ext")
    finally:
        sys.path.remove(str(out.parent))


def _server(alerts_ext: ModuleType, seen: list[Any]) -> MCPServer:
    class Alerts(alerts_ext.server.ServerHandler):  # type: ignore[misc,name-defined]
        async def weather_alerts(self, params: Any, ctx: NegotiationContext) -> Any:
            seen.append(ctx)
            return alerts_ext.models.AlertsResult(alerts=[f"wind in {params.region}"])

    neg = Negotiation()
    methods = GeneratedMethods(Alerts(), alerts_ext, identifier="com.example/alerts")
    return MCPServer("alerts", extensions=[*neg.extensions, methods], middleware=neg.middleware)


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_a_separately_generated_extension_is_served(alerts_ext: ModuleType, mode: str) -> None:
    seen: list[Any] = []

    async def main() -> tuple[Any, RPCError]:
        async with Client(
            _server(alerts_ext, seen), mode=mode, extensions=[ContentNegotiation(["agent"])]
        ) as client:
            # The separately generated package's own typed client, over the SDK session.
            typed = alerts_ext.client.Client(SessionTransport(client.session))
            ok = await typed.weather_alerts(alerts_ext.models.AlertsRequestParams(region="Bern"))
            with pytest.raises(RPCError) as bad:
                await SessionTransport(client.session).request("weather/alerts", {"region": 7})
            return ok, bad.value

    ok, bad = anyio.run(main)
    assert ok.alerts == ["wind in Bern"]
    assert bad.code == -32602  # the generated validators' error, not -32601
    (ctx,) = seen
    assert isinstance(ctx, NegotiationContext) and ctx.features is not None


def test_wrong_arguments_raise_type_error(alerts_ext: ModuleType) -> None:
    with pytest.raises(TypeError, match="ServerHandler"):
        GeneratedMethods(object(), alerts_ext, identifier="com.example/alerts")
    with pytest.raises(TypeError, match="module"):
        GeneratedMethods(object(), "alerts_ext", identifier="com.example/alerts")  # type: ignore[arg-type]
