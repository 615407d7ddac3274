"""Exact pins of ``negotiation.sdk.extensions`` (issue #22): the SDK ``Extension``
objects of ``Negotiation``. Their identifiers, the tools and resources they contribute
(and when they warn), and ``resources/metadata`` on a server without variants, where the
middleware passes the extension's own answer through unchanged."""

from __future__ import annotations

import logging
from typing import Any

import anyio
import mcp_ext
import mcp_types
import pytest
from mcp import Client
from mcp.server.extension import MethodBinding, ResourceBinding
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.resources import TextResource
from mcp_ext.methods import RPCError

from negotiation.sdk import Negotiation, SessionTransport
from negotiation.sdk.extensions import (
    RESOURCE_METADATA_EXTENSION_ID,
    ContentNegotiationExtension,
    ReadResourceMetadataParams,
    ResourceMetadataExtension,
    ServerVariantsExtension,
)
from negotiation.sdk.misuse import NO_MIDDLEWARE

VARIANTS = [
    mcp_ext.ServerVariant(id="main", description="The default."),
    mcp_ext.ServerVariant(id="other", description="Another."),
]


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name == "negotiation.sdk" and r.levelno == logging.WARNING
    ]


def _documents() -> Negotiation:
    neg = Negotiation()  # no variants: the extension's own answers reach the client
    neg.add_resource(
        {"uri": "doc://a", "name": "a", "title": "A doc", "description": "About a."},
        {"text/markdown": "# a\n", "application/json": '{"a": 1}'},
    )
    neg.add_resource(
        {"uri": "doc://c", "name": "c", "mimeType": "text/plain"},
        {"text/csv": "x,y", "text/plain": "c"},
    )
    return neg


def _metadata(server: MCPServer, uris: list[str], mode: str = "auto") -> list[Any]:
    """The raw ``resources/metadata`` result of each URI, or the RPCError it raised."""

    async def main() -> list[Any]:
        async with Client(server, mode=mode) as client:
            transport = SessionTransport(client.session)
            answers: list[Any] = []
            for uri in uris:
                try:
                    answers.append(await transport.request("resources/metadata", {"uri": uri}))
                except RPCError as error:
                    answers.append(error)
            return answers

    return anyio.run(main)


def test_the_extensions_identifiers_and_their_order() -> None:
    assert ContentNegotiationExtension.identifier == "io.modelcontextprotocol/content-negotiation"
    assert ServerVariantsExtension.identifier == "io.modelcontextprotocol/server-variants"
    assert RESOURCE_METADATA_EXTENSION_ID == "io.modelcontextprotocol/resources-metadata"
    assert ResourceMetadataExtension.identifier == RESOURCE_METADATA_EXTENSION_ID
    kinds = [type(e) for e in Negotiation(VARIANTS).extensions]
    assert kinds == [
        ContentNegotiationExtension,
        ServerVariantsExtension,
        ResourceMetadataExtension,
    ]


def test_the_variants_extension_warns_once_when_the_middleware_was_not_taken(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = Negotiation(VARIANTS)

    @neg.tool(variants=["other"])
    def forecast() -> str:
        return "x"

    extension = neg.extensions[1]
    assert isinstance(extension, ServerVariantsExtension)
    assert extension.consumed is False
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        first = extension.tools()
        assert _warnings(caplog) == [NO_MIDDLEWARE]  # at the first read
        again = extension.tools()
    assert _warnings(caplog) == [NO_MIDDLEWARE]  # once, not at every read
    assert extension.consumed is True
    assert [binding.fn.__name__ for binding in first] == ["forecast"]
    assert [binding.fn.__name__ for binding in again] == ["forecast"]


def test_the_variants_extension_is_silent_when_the_middleware_was_taken(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = Negotiation(VARIANTS)
    neg.middleware  # noqa: B018 - what MCPServer(middleware=...) reads
    extension = neg.extensions[1]
    assert isinstance(extension, ServerVariantsExtension)
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        assert list(extension.tools()) == []
    assert _warnings(caplog) == []
    assert extension.consumed is True


def test_the_metadata_extension_contributes_each_resource_in_its_primary_format() -> None:
    neg = _documents()
    extension = neg.extensions[2]
    assert isinstance(extension, ResourceMetadataExtension)
    assert extension.consumed is False
    bindings = extension.resources()
    assert extension.consumed is True
    assert all(isinstance(b, ResourceBinding) for b in bindings)
    resources = [b.resource for b in bindings]
    assert all(isinstance(r, TextResource) for r in resources)
    shapes = [(str(r.uri), r.name, r.title, r.description, r.mime_type, r.text) for r in resources]
    assert shapes == [
        ("doc://a", "a", "A doc", "About a.", "text/markdown", ""),  # the first format
        ("doc://c", "c", None, None, "text/plain", ""),  # the one it names
    ]


def test_the_metadata_extension_serves_one_method() -> None:
    extension = _documents().extensions[2]
    (binding,) = extension.methods()
    assert isinstance(binding, MethodBinding)
    assert binding.method == "resources/metadata"
    assert binding.params_type is ReadResourceMetadataParams
    assert issubclass(ReadResourceMetadataParams, mcp_types.RequestParams)
    assert ReadResourceMetadataParams.model_validate({"uri": "doc://a"}).uri == "doc://a"


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_metadata_describes_every_format_and_refuses_an_unknown_uri(mode: str) -> None:
    neg = _documents()
    server = MCPServer("docs", extensions=neg.extensions, middleware=neg.middleware)
    a, c, missing = _metadata(server, ["doc://a", "doc://c", "doc://none"], mode)
    shared = {"uri": "doc://a", "name": "a", "title": "A doc", "description": "About a."}
    assert a["metadata"] == [
        {**shared, "mimeType": "text/markdown", "size": 4},
        {**shared, "mimeType": "application/json", "size": 8},
    ]
    assert c["metadata"] == [  # the format the resource names first
        {"uri": "doc://c", "name": "c", "mimeType": "text/plain", "size": 1},
        {"uri": "doc://c", "name": "c", "mimeType": "text/csv", "size": 3},
    ]
    assert isinstance(missing, RPCError)
    assert (missing.code, missing.message, missing.data) == (
        -32602,
        "Resource not found",
        {"uri": "doc://none"},
    )


def test_metadata_of_the_servers_own_resources_once_attached() -> None:
    def server(neg: Negotiation) -> MCPServer:
        built = MCPServer("docs", extensions=neg.extensions, middleware=neg.middleware)
        built.resource("memo://plain", name="plain", mime_type="text/plain")(lambda: "four")

        @built.resource("memo://{name}/who", name="who")
        def who(name: str, ctx: Context) -> str:  # read with the request's context
            return f"{name} for {ctx.request_context.method}"

        return built

    unattached = _documents()
    plain, missing = _metadata(server(unattached), ["memo://plain", "memo://none"])
    assert isinstance(plain, RPCError) and plain.data == {"uri": "memo://plain"}
    assert isinstance(missing, RPCError) and missing.data == {"uri": "memo://none"}

    attached = _documents()
    built = server(attached)
    assert attached.attach(built) is built
    plain, who, missing, own = _metadata(
        built, ["memo://plain", "memo://ann/who", "memo://none", "doc://c"]
    )
    assert plain["metadata"] == [
        {"uri": "memo://plain", "name": "plain", "mimeType": "text/plain", "size": 4}
    ]
    assert who["metadata"] == [
        {
            "uri": "memo://ann/who",
            "name": "who",
            "mimeType": "text/plain",
            "size": len("ann for resources/metadata"),
        }
    ]
    assert isinstance(missing, RPCError)
    assert (missing.code, missing.message, missing.data) == (
        -32602,
        "Resource not found",
        {"uri": "memo://none"},
    )
    assert own["metadata"][0] == {
        "uri": "doc://c",
        "name": "c",
        "mimeType": "text/plain",
        "size": 1,
    }


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_metadata_describes_a_resource_as_its_read_does(mode: str) -> None:
    neg = Negotiation()
    meta = {"trace": None, "owner": "ann"}  # a null member too
    neg.add_resource(
        {"uri": "doc://m", "name": "m", "title": "M", "_meta": meta},
        {"text/plain": "m", "application/json": "[1]"},
    )
    server = MCPServer("docs", extensions=neg.extensions, middleware=neg.middleware)

    async def main() -> tuple[Any, Any]:
        async with Client(server, mode=mode) as client:
            transport = SessionTransport(client.session)
            described = await transport.request("resources/metadata", {"uri": "doc://m"})
            read = await transport.request("resources/read", {"uri": "doc://m"})
            return described["metadata"], read["contents"]

    described, contents = anyio.run(main)
    assert [e["mimeType"] for e in described] == ["text/plain", "application/json"]
    read = [{k: v for k, v in c.items() if k != "text"} for c in contents]
    assert described == read  # the same members, each format alike
