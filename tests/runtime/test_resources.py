"""negotiation.resources: the registry, resources/metadata and multi-format reads."""

from __future__ import annotations

import asyncio
import base64
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mcp_ext.methods import RPCError
from mcp_ext.models import (
    Annotations,
    BlobResourceContents,
    ReadResourceMetadataRequestParams,
    ReadResourceMetadataResult,
    ReadResourceRequestParams,
    ReadResourceResult,
    Resource,
    TextResourceContents,
)
from mcp_ext.server import ServerHandler, dispatch

from negotiation import features
from negotiation.content import (
    DEFAULT_CONTEXT,
    EXTENSION_ID,
    NegotiationContext,
    context_from_capabilities,
)
from negotiation.resources import (
    LEGACY_RESOURCE_NOT_FOUND,
    Body,
    Representation,
    ResourceNotFound,
    ResourceRegistry,
    contents_for,
)
from negotiation.versioning import META_CLIENT_CAPABILITIES

URI = "map://features/alpine-valley-1"
JSON_BODY = '{"type": "Feature", "properties": {"name": "Alpine Valley"}}'
MARKDOWN_BODY = "# Alpine Valley\n\nA valley: 3,200 m."
PNG = b"\x89PNG\r\n\x1a\n\x00"
THREE_FORMATS: dict[str, Body] = {
    "text/markdown": MARKDOWN_BODY,
    "application/json": JSON_BODY,
    "image/png": PNG,
}


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    features.clear_cache()


def caps(*tags: str) -> dict[str, Any]:
    return {"extensions": {EXTENSION_ID: {"version": "1.0", "features": list(tags)}}}


def ctx(*tags: str) -> NegotiationContext:
    return context_from_capabilities(caps(*tags))


def valley(**extra: Any) -> Resource:
    return Resource.model_validate(
        {
            "uri": URI,
            "name": "alpine-valley",
            "title": "Alpine Valley",
            "description": "A valley",
            "annotations": {"audience": ["user"], "priority": 0.5},
            **extra,
        }
    )


@pytest.fixture
def registry() -> ResourceRegistry:
    made = ResourceRegistry()
    made.add(
        valley(mimeType="application/json"),
        THREE_FORMATS,
    )
    return made


# --- registration ---------------------------------------------------------------------


def test_registry_lists_resources_with_the_primary_format(registry: ResourceRegistry) -> None:
    listed = registry.list_result().resources
    assert [r.uri for r in listed] == [URI]
    assert listed[0].mime_type == "application/json"
    assert URI in registry and len(registry) == 1
    assert registry.formats(URI) == ("application/json", "text/markdown", "image/png")


@pytest.mark.parametrize(
    ("resource", "representations", "message"),
    [
        (valley(), {}, "at least one representation"),
        (valley(mimeType="text/html"), {"text/plain": "x"}, "primary mimeType 'text/html'"),
        (
            valley(),
            [Representation("text/plain", "a"), Representation("text/plain", "b")],
            "two text/plain",
        ),
    ],
)
def test_registration_mistakes_are_rejected(
    resource: Resource, representations: Any, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        ResourceRegistry().add(resource, representations)


def test_duplicate_uris_need_replace(registry: ResourceRegistry) -> None:
    with pytest.raises(ValueError, match="already registered"):
        registry.add(valley(), {"text/plain": "new"})
    registry.add(valley(), {"text/plain": "new"}, replace=True)
    assert registry.formats(URI) == ("text/plain",)
    registry.remove(URI)
    assert URI not in registry
    with pytest.raises(ResourceNotFound):
        registry.remove(URI)


@pytest.mark.parametrize("mime", ["json", "", 3])
def test_representation_needs_a_mime_type(mime: Any) -> None:
    with pytest.raises(ValueError, match="not a MIME type"):
        Representation(mime, "x")


def test_without_a_primary_registration_order_is_kept() -> None:
    registry = ResourceRegistry()
    registry.add(valley(), {"text/plain": "a", "application/json": "{}"})
    assert registry.formats(URI) == ("text/plain", "application/json")
    assert registry.list_result().resources[0].mime_type is None


# --- resources/metadata ---------------------------------------------------------------


def test_metadata_has_one_entry_per_format_with_consistent_metadata(
    registry: ResourceRegistry,
) -> None:
    metadata = registry.metadata(URI).metadata
    assert [m.mime_type for m in metadata] == ["application/json", "text/markdown", "image/png"]
    assert {m.uri for m in metadata} == {URI}
    annotations = Annotations(audience=["user"], priority=0.5)
    shared = [(m.name, m.title, m.description, m.annotations) for m in metadata]
    assert shared == [("alpine-valley", "Alpine Valley", "A valley", annotations)] * 3
    assert [m.size for m in metadata] == [len(JSON_BODY), len(MARKDOWN_BODY.encode()), len(PNG)]


def test_metadata_of_produced_bodies_does_not_produce_them() -> None:
    calls: list[str] = []

    def produce() -> str:
        calls.append("x")
        return "text"

    registry = ResourceRegistry()
    registry.add(
        valley(mimeType="text/plain", size=99),
        [
            Representation("text/plain", produce),
            Representation("text/csv", produce),
            Representation("application/json", produce, size=7),
        ],
    )
    sizes = [m.size for m in registry.metadata(URI).metadata]
    # Resource.size describes the primary format; a produced body's size is unknown.
    assert sizes == [99, None, 7]
    assert calls == []
    assert "size" not in registry.metadata(URI).metadata[1].model_dump(exclude_unset=True)


# --- resources/read -------------------------------------------------------------------


def test_read_without_negotiation_sends_every_format_primary_first(
    registry: ResourceRegistry,
) -> None:
    contents = registry.read(URI).contents
    assert [c.mime_type for c in contents] == ["application/json", "text/markdown", "image/png"]
    assert {c.uri for c in contents} == {URI}
    assert isinstance(contents[0], TextResourceContents) and contents[0].text == JSON_BODY
    blob = contents[2]
    assert isinstance(blob, BlobResourceContents)
    assert base64.b64decode(blob.blob) == PNG and blob.size == len(PNG)
    assert all(c.name == "alpine-valley" and c.title == "Alpine Valley" for c in contents)


@pytest.mark.parametrize(
    ("tags", "formats"),
    [
        (("agent", "mcp-capable"), ["application/json"]),
        (("format=json",), ["application/json"]),
        (("human", "format=markdown"), ["text/markdown"]),
        (("human",), ["text/markdown"]),
        (("format=image/png",), ["image/png"]),
        (("format=xml",), ["application/json", "text/markdown", "image/png"]),  # Requirement 7
        (("x-only",), ["application/json", "text/markdown", "image/png"]),
    ],
)
def test_read_picks_the_negotiated_subset(
    registry: ResourceRegistry, tags: tuple[str, ...], formats: list[str]
) -> None:
    assert [c.mime_type for c in registry.read(URI, ctx(*tags)).contents] == formats


def test_produced_bodies_are_produced_at_read_time_and_type_checked() -> None:
    bodies = iter(["first", "second"])
    registry = ResourceRegistry()
    registry.add(valley(), [Representation("text/plain", lambda: next(bodies))])
    assert registry.read(URI).contents[0].text == "first"  # type: ignore[union-attr]
    assert registry.read(URI).contents[0].text == "second"  # type: ignore[union-attr]
    registry.add(valley(), [Representation("text/plain", lambda: 42)], replace=True)  # type: ignore[arg-type, return-value]
    with pytest.raises(TypeError, match="produced int"):
        registry.read(URI)


def test_contents_for_carries_the_format_size() -> None:
    text = contents_for(valley(size=1), "text/plain", "héllo")
    assert text.size == len("héllo".encode()) and text.mime_type == "text/plain"


def test_unknown_uris_raise_resource_not_found(registry: ResourceRegistry) -> None:
    with pytest.raises(ResourceNotFound) as raised:
        registry.read("map://nowhere")
    assert raised.value.to_error() == {
        "code": -32602,
        "message": "Resource not found",
        "data": {"uri": "map://nowhere"},
    }
    with pytest.raises(ResourceNotFound) as legacy:
        registry.metadata("map://nowhere", legacy=True)
    assert legacy.value.code == LEGACY_RESOURCE_NOT_FOUND


# --- request handlers -----------------------------------------------------------------


def test_handle_read_uses_the_session_else_the_request_meta(registry: ResourceRegistry) -> None:
    modern = {"uri": URI, "_meta": {META_CLIENT_CAPABILITIES: caps("format=markdown")}}
    assert [c.mime_type for c in registry.handle_read(modern).contents] == ["text/markdown"]
    # A legacy session's capabilities win over _meta ones (as on the SDK path).
    assert [c.mime_type for c in registry.handle_read(modern, ctx("agent")).contents] == [
        "application/json"
    ]
    model = ReadResourceRequestParams.model_validate(modern)
    assert registry.handle_read(model) == registry.handle_read(modern)
    assert [c.mime_type for c in registry.handle_read({"uri": URI}, ctx("agent")).contents] == [
        "application/json"
    ]
    with pytest.raises(ResourceNotFound) as legacy:
        registry.handle_read({"uri": "nope"}, ctx("agent"))
    assert legacy.value.code == LEGACY_RESOURCE_NOT_FOUND  # a legacy session: legacy code
    with pytest.raises(RPCError, match="-32602"):
        registry.handle_read({"uri": 5})


def test_handle_metadata_accepts_models(registry: ResourceRegistry) -> None:
    params = ReadResourceMetadataRequestParams(uri=URI)
    assert registry.handle_metadata(params) == registry.metadata(URI)


class Server(ServerHandler[NegotiationContext | None]):
    def __init__(self, registry: ResourceRegistry) -> None:
        self.registry = registry

    async def resources_read(
        self, params: ReadResourceRequestParams, ctx: NegotiationContext | None
    ) -> ReadResourceResult:
        return self.registry.handle_read(params, ctx)

    async def resources_metadata(
        self, params: ReadResourceMetadataRequestParams, ctx: NegotiationContext | None
    ) -> ReadResourceMetadataResult:
        return self.registry.handle_metadata(params)


def rpc(
    registry: ResourceRegistry,
    method: str,
    params: dict[str, Any],
    session: NegotiationContext | None = None,
) -> dict[str, Any]:
    response = asyncio.run(
        dispatch(
            Server(registry),
            {"jsonrpc": "2.0", "id": 3, "method": method, "params": params},
            session,
        )
    )
    assert response is not None
    return response


def test_through_the_generated_dispatch(registry: ResourceRegistry) -> None:
    read = rpc(
        registry, "resources/read", {"uri": URI, "_meta": {META_CLIENT_CAPABILITIES: caps("agent")}}
    )
    assert read["result"]["contents"] == [
        {
            "uri": URI,
            "name": "alpine-valley",
            "title": "Alpine Valley",
            "description": "A valley",
            "annotations": {"audience": ["user"], "priority": 0.5},
            "mimeType": "application/json",
            "size": len(JSON_BODY),
            "text": JSON_BODY,
        }
    ]
    metadata = rpc(registry, "resources/metadata", {"uri": URI})
    assert [m["mimeType"] for m in metadata["result"]["metadata"]] == [
        "application/json",
        "text/markdown",
        "image/png",
    ]
    missing = rpc(registry, "resources/read", {"uri": "map://nowhere"})
    assert missing == {
        "jsonrpc": "2.0",
        "id": 3,
        "error": {
            "code": -32602,
            "message": "Resource not found",
            "data": {"uri": "map://nowhere"},
        },
    }


# --- properties -----------------------------------------------------------------------

TAGS = st.lists(
    st.sampled_from(
        [
            "agent",
            "human",
            "sampling",
            "!interactive",
            "format=json",
            "format=markdown",
            "format=text",
            "format!=json",
            "format=image/png",
            "format=xml",
            "x-vendor",
            "@bad",
        ]
    ),
    max_size=5,
)


@given(tags=TAGS, declared=st.booleans())
def test_features_choose_formats_never_access(tags: list[str], declared: bool) -> None:
    # Requirement 3: whatever a client declares, the same resources are readable, every
    # read answers with the requested URI and a non-empty subset of distinct formats.
    registry = ResourceRegistry()
    registry.add(
        valley(mimeType="application/json"),
        THREE_FORMATS,
    )
    context = ctx(*tags) if declared else DEFAULT_CONTEXT
    contents = registry.read(URI, context).contents
    mimes = [c.mime_type for c in contents]
    assert mimes and len(set(mimes)) == len(mimes)
    assert set(mimes) <= set(registry.formats(URI))
    assert {c.uri for c in contents} == {URI}
    assert len(registry.metadata(URI).metadata) == 3  # metadata never depends on features
    with pytest.raises(ResourceNotFound):
        registry.read("map://other", context)
