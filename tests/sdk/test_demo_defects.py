"""Issue #24: what an independent read of the specs found on our demos, each pinned on
the ``MCPServer`` path (the kit's fixtures ``sv.subscribe.unknown-uri``,
``sv.listen.unknown-uri``, ``rm.metadata.every-readable-uri``,
``sv.privacy.hidden-resource-no-signal`` and ``sv.privacy.no-variant-named-without-variants``
report them too)."""

from __future__ import annotations

import base64
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp_ext.methods import RPCError

from demos.devplatform.server import build as devplatform
from demos.weather.server import build as weather
from negotiation.sdk import Negotiation, SessionTransport, variant_meta

NOWHERE = "x://no-such-resource"
HIDDEN_ONLY = "repo://acme/app/alerts/3"  # only in security-readonly, hidden from contractors
pytestmark = pytest.mark.filterwarnings("ignore:resources/(un)?subscribe is removed")


def _run(server: MCPServer, body: Any, mode: str = "legacy") -> Any:
    async def main() -> Any:
        async with Client(server, mode=mode) as client:
            return await body(client)

    return anyio.run(main)


def _error(server: MCPServer, method: str, params: dict[str, Any], mode: str = "legacy") -> Any:
    async def body(client: Client) -> Any:
        with pytest.raises(RPCError) as caught:
            await SessionTransport(client.session).request(method, params)
        return caught.value

    return _run(server, body, mode)


@pytest.mark.parametrize("meta", [None, variant_meta("project-management")])
def test_subscribing_to_a_uri_that_exists_nowhere_is_refused_with_the_active_variant(
    meta: Any,
) -> None:
    async def body(client: Client) -> MCPError:
        with pytest.raises(MCPError) as caught:
            await client.subscribe_resource(NOWHERE, meta=meta)
        return caught.value

    error = _run(devplatform(), body)
    active = "project-management" if meta else "code-review"
    assert (error.code, error.message) == (-32602, f"Unknown resource: {NOWHERE}")
    assert error.data["activeVariant"] == active and error.data["uri"] == NOWHERE


def test_without_variants_a_subscription_to_nowhere_is_refused_and_a_templated_uri_accepted() -> (
    None
):
    async def body(client: Client) -> MCPError:
        await client.subscribe_resource("weather://current/bern")  # the SDK's template serves it
        with pytest.raises(MCPError) as caught:
            await client.subscribe_resource(NOWHERE)
        return caught.value

    error = _run(weather(), body)
    assert (error.code, error.message, error.data) == (
        -32602,
        f"Unknown resource: {NOWHERE}",
        {"uri": NOWHERE},
    )


def test_exists_is_false_for_a_uri_nothing_registered_once_the_server_is_attached() -> None:
    neg = Negotiation()
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)
    server.resource("memo://note", name="note")(lambda: "n")
    server.resource("memo://notes/{name}", name="notes")(lambda name: name)
    assert neg.exists(None, NOWHERE) is True  # not attached: it cannot know
    assert neg.attach(server) is server
    assert neg.exists(None, NOWHERE) is False
    assert neg.exists(None, "memo://note") is True
    assert neg.exists(None, "memo://notes/a") is True
    assert neg.exists(None, "some_tool", "tool") is True  # tools: unchanged


@pytest.mark.parametrize("build", [devplatform, weather])
def test_the_legacy_initialize_advertises_the_subscriptions_it_serves(build: Any) -> None:
    async def body(client: Client) -> Any:
        return client.server_capabilities

    capabilities = _run(build(), body)
    assert capabilities.resources.subscribe is True


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_resources_metadata_describes_templated_and_sdk_resources(mode: str) -> None:
    async def body(client: Client) -> list[Any]:
        transport = SessionTransport(client.session)
        return [
            await transport.request("resources/metadata", {"uri": uri})
            for uri in ("weather://current/bern", "memo://plain")
        ]

    server = weather()
    server.resource("memo://plain", name="plain", mime_type="text/plain")(lambda: "four")
    templated, plain = _run(server, body, mode)
    (entry,) = templated["metadata"]
    assert (entry["uri"], entry["name"], entry["mimeType"]) == (
        "weather://current/bern",
        "weather",
        "text/markdown",
    )
    assert entry["size"] > 0
    assert plain["metadata"] == [
        {"uri": "memo://plain", "name": "plain", "mimeType": "text/plain", "size": 4}
    ]


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_resources_metadata_of_an_unknown_uri_names_the_active_variant(mode: str) -> None:
    error = _error(devplatform(), "resources/metadata", {"uri": NOWHERE}, mode)
    assert error.code == -32602
    assert error.data == {
        "uri": NOWHERE,
        "activeVariant": "code-review",
        "hint": "This resource may be available in other variants",
    }


@pytest.mark.parametrize("method", ["resources/read", "resources/metadata"])
def test_no_error_tells_a_principal_that_a_hidden_variant_has_a_resource(method: str) -> None:
    server = devplatform(principal="contractor")
    nowhere = _error(server, method, {"uri": NOWHERE})
    hidden = _error(server, method, {"uri": HIDDEN_ONLY})
    assert (hidden.code, hidden.message) == (
        nowhere.code,
        nowhere.message.replace(NOWHERE, HIDDEN_ONLY),
    )
    assert hidden.data == {**nowhere.data, "uri": HIDDEN_ONLY}


def test_without_negotiation_no_variant_is_named_in_errors_or_cursors() -> None:
    async def body(client: Client) -> tuple[Any, Any, Any]:
        transport = SessionTransport(client.session)
        page = await transport.request("tools/list", {})
        tool = await client.call_tool("no_such_tool", {})
        with pytest.raises(RPCError) as caught:
            await transport.request("resources/read", {"uri": NOWHERE})
        return page, tool, caught.value

    page, tool, read = _run(devplatform(negotiate=False), body)
    raw = base64.urlsafe_b64decode(page["nextCursor"] + "=" * (-len(page["nextCursor"]) % 4))
    assert raw[1] == 0  # the cursor binds no variant id
    assert b"code-review" not in raw
    assert tool.is_error is True  # the SDK's own answer, naming no variant
    assert read.code == -32602 and "activeVariant" not in (read.data or {})
