"""What a newcomer met (issue #25): cursors refused on unpaginated lists, errors that
name no variant on a server without variants, the obvious predicates."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp_ext import ServerVariant

from negotiation import errors
from negotiation.content import (
    EXTENSION_ID,
    SUPPORTED_VERSION,
    NegotiationContext,
    context_from_capabilities,
)
from negotiation.sdk import ContentNegotiation, Negotiation, variant_meta


def _server(neg: Negotiation) -> MCPServer:
    mcp = MCPServer("t", extensions=neg.extensions, middleware=neg.middleware)

    @mcp.tool()
    def echo(text: str) -> str:
        return text

    return mcp


def _list_error(mcp: MCPServer, cursor: str, meta: Any = None) -> MCPError:
    async def main() -> MCPError:
        async with Client(mcp, mode="legacy") as client:
            with pytest.raises(MCPError) as caught:
                await client.list_tools(cursor=cursor, meta=meta)
            return caught.value

    error: MCPError = anyio.run(main)
    return error


VARIANTS = [ServerVariant(id="a", description="A"), ServerVariant(id="b", description="B")]


@pytest.mark.parametrize("cursor", ["conformance-not-a-cursor", "", "k1:echo"])
def test_a_cursor_is_refused_with_variants_and_no_page_size(cursor: str) -> None:
    error = _list_error(_server(Negotiation(variants=VARIANTS)), cursor, variant_meta("b"))
    assert (error.code, error.message) == (-32602, "Invalid cursor")
    assert error.data == {"activeVariant": "b"}


def test_a_cursor_is_refused_without_variants_and_names_no_variant() -> None:
    error = _list_error(_server(Negotiation()), "garbage")
    assert (error.code, error.message, error.data) == (-32602, "Invalid cursor", None)


def test_listing_without_a_cursor_still_lists_everything() -> None:
    async def main() -> list[str]:
        async with Client(_server(Negotiation(variants=VARIANTS)), mode="legacy") as client:
            return [tool.name for tool in (await client.list_tools()).tools]

    assert anyio.run(main) == ["echo"]


def test_an_unknown_identifier_without_a_variant_omits_active_variant() -> None:
    assert errors.unknown_identifier("tool", "x", None) == {
        "code": -32602,
        "message": "Unknown tool: x",
    }
    assert errors.unknown_identifier("tool", "x", "a")["data"]["activeVariant"] == "a"


@pytest.mark.parametrize(
    ("tags", "markdown", "interactive"),
    [
        (None, False, False),
        ([], False, False),
        (["x-unknown", "com.example/thing"], False, False),
        (["human"], True, False),
        (["human", "format=json"], False, False),
        (["interactive", "format=markdown"], True, True),
        (["!interactive"], False, False),
    ],
)
def test_the_documented_predicates_treat_an_empty_declaration_as_none(
    tags: list[str] | None, markdown: bool, interactive: bool
) -> None:
    declared = {"extensions": {EXTENSION_ID: {"version": SUPPORTED_VERSION, "features": tags}}}
    view = NegotiationContext() if tags is None else context_from_capabilities(declared)
    assert (view.format == "markdown", view.has("interactive")) == (markdown, interactive)


def test_an_empty_declaration_gets_the_quick_start_default_text() -> None:
    """Test Case 3 through the SDK: declaring no features is declaring nothing."""
    from tests.sdk.test_readme import _server_block

    namespace: dict[str, Any] = {"__name__": "readme"}
    exec(compile(_server_block(), "README.md", "exec"), namespace)

    async def call(extensions: Any) -> Any:
        async with Client(namespace["mcp"], extensions=extensions) as client:
            return (await client.call_tool("get_forecast", {"city": "Bern"})).model_dump()

    nothing = anyio.run(call, None)
    assert anyio.run(call, [ContentNegotiation([])]) == nothing
    assert anyio.run(call, [ContentNegotiation(["x-unknown"])]) == nothing


def _sdk_result(features: list[str]) -> Any:
    from tests.sdk.test_readme import _server_block

    namespace: dict[str, Any] = {"__name__": "readme"}
    exec(compile(_server_block(), "README.md", "exec"), namespace)

    async def main() -> Any:
        async with Client(namespace["mcp"], extensions=[ContentNegotiation(features)]) as client:
            return await client.call_tool("get_forecast", {"city": "Bern"})

    return anyio.run(main)


def test_model_view_reads_the_sdks_call_tool_result() -> None:
    import mcp_types

    from negotiation.tool_results import model_view

    agent = _sdk_result(["agent", "format=json"])
    assert isinstance(agent, mcp_types.CallToolResult)
    programmatic = model_view(agent, "programmatic")
    assert programmatic.field == "structuredContent"
    assert programmatic.value == {"city": "Bern", "temperature_c": 8}
    conversational = model_view(agent, "conversational")
    assert conversational.field == "content"
    assert conversational.value[0].text == "Bern: 8 C, cloudy."
    human = model_view(_sdk_result(["human"]), "programmatic")  # no data: the text
    assert human.field == "content" and human.value[0].text.startswith("## Bern")


def test_variant_rejection_helpers_read_the_sdks_mcp_error() -> None:
    from negotiation.variants import is_variant_rejection, retry_without_variant

    async def main() -> MCPError:
        async with Client(_server(Negotiation(variants=VARIANTS)), mode="legacy") as client:
            with pytest.raises(MCPError) as caught:
                await client.list_tools(meta=variant_meta("nope"))
            return caught.value

    rejected = anyio.run(main)
    assert is_variant_rejection(rejected)
    params = {"_meta": dict(variant_meta("nope")), "cursor": None}
    assert retry_without_variant(params, rejected) == {"cursor": None}
    assert not is_variant_rejection(MCPError(-32602, "Invalid cursor"))
    assert not is_variant_rejection(ValueError("Invalid server variant"))


def test_every_bad_tag_is_reported_at_once() -> None:
    with pytest.raises(ValueError) as caught:
        ContentNegotiation(["format=", "agent", "!!", "a b"])
    message = str(caught.value)
    assert message.startswith("3 invalid feature tags: ")
    for tag in ("'format='", "'!!'", "'a b'"):
        assert tag in message
    assert "'agent'" not in message
    with pytest.raises(ValueError, match=r"^invalid feature tag 'format=': "):
        ContentNegotiation(["format="])


@pytest.mark.parametrize("empty", [[], ()])
def test_an_empty_variant_list_is_refused_with_what_to_do(empty: Any) -> None:
    with pytest.raises(ValueError, match=r"variants is empty: .*leave variants out"):
        Negotiation(variants=empty)


def test_run_over_http_says_where_it_listens(tmp_path: Any) -> None:
    import subprocess
    import sys
    import time

    from tests.e2e.servers import free_port, stop, subprocess_env, wait_for_port

    port = free_port()
    (tmp_path / "server.py").write_text(
        "from mcp.server.mcpserver import MCPServer\n"
        "from negotiation.sdk import Negotiation, run\n"
        "neg = Negotiation()\n"
        'mcp = MCPServer("t", extensions=neg.extensions, middleware=neg.middleware)\n'
        f'run(mcp, "streamable-http", port={port})\n'
    )
    log = tmp_path / "stderr.txt"
    with log.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "server.py"], cwd=tmp_path, env=subprocess_env(),
            stdout=subprocess.DEVNULL, stderr=stderr,
        )  # fmt: skip
        try:
            wait_for_port(process, port)
            for _ in range(600):  # the line may follow the bind by a moment
                if f"http://127.0.0.1:{port}" in log.read_text():
                    break
                time.sleep(0.1)
        finally:
            stop(process)
    assert f"http://127.0.0.1:{port}" in log.read_text(), log.read_text()[-2000:]
