"""The SDK adapters in process, in both eras: registration, context, and the repair of
what the SDK's per-version models drop."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp import Client
from mcp_ext import models as m
from mcp_ext.methods import RPCError
from mcp_ext.server import ServerHandler
from mcp_types import methods as sdk_methods

from negotiation.sdk import (
    HandlerContext,
    available_variants,
    client_for,
    negotiation_extensions,
    serve,
)
from negotiation.variants import META_KEY, Variant
from negotiation.versioning import Era

MODES = ["legacy", "auto"]


class Probe(ServerHandler[HandlerContext]):
    """Echoes the negotiation context it was handed."""

    seen: list[HandlerContext]

    def __init__(self) -> None:
        self.seen = []

    async def resources_read(
        self, params: m.ReadResourceRequestParams, ctx: HandlerContext
    ) -> m.ReadResourceResult:
        self.seen.append(ctx)
        return m.ReadResourceResult.model_validate(
            {"contents": [{"uri": params.uri, "name": "draft-name", "title": "T", "text": "x"}]}
        )

    async def resources_metadata(
        self, params: m.ReadResourceMetadataRequestParams, ctx: HandlerContext
    ) -> m.ReadResourceMetadataResult:
        return m.ReadResourceMetadataResult.model_validate(
            {"metadata": [{"uri": params.uri, "name": "meta", "mimeType": "text/plain"}]}
        )


def _adapter(probe: Probe) -> Any:
    return serve(
        probe,
        name="probe",
        version="1",
        variants=[Variant("first", "The default."), Variant("second", "The other one.")],
    )


def run(coro: Any) -> Any:
    return anyio.run(coro)


def test_the_sdk_alone_drops_draft_fields() -> None:
    # The premise of the repair: without it these never reach a client.
    legacy = sdk_methods.serialize_server_result(
        "resources/read", "2025-11-25", {"contents": [{"uri": "a://b", "name": "n", "text": "t"}]}
    )
    assert "name" not in legacy["contents"][0]
    init = sdk_methods.serialize_server_result(
        "initialize",
        "2025-11-25",
        {
            "protocolVersion": "2025-11-25",
            "serverInfo": {"name": "s", "version": "1"},
            "capabilities": {"extensions": {"a.b/c": {}}},
        },
    )
    assert "extensions" not in init["capabilities"]


@pytest.mark.parametrize("mode", MODES)
def test_draft_fields_and_extensions_survive(mode: str) -> None:
    probe = Probe()
    adapter = _adapter(probe)

    async def main() -> None:
        declared = negotiation_extensions(
            features=["agent", "format=json"], variant_hints={"hints": {}}
        )
        async with Client(adapter.server, mode=mode, extensions=declared) as client:
            ids = [v.id for v in available_variants(client.server_capabilities)]
            assert ids == ["first", "second"]
            extensions = client.server_capabilities.extensions or {}
            assert extensions["io.modelcontextprotocol/content-negotiation"] == {}
            typed = client_for(client.session)
            read = await typed.resources_read(m.ReadResourceRequestParams(uri="x://a"))
            content = read.contents[0]
            assert (content.name, content.title) == ("draft-name", "T")
            metadata = await typed.resources_metadata(
                m.ReadResourceMetadataRequestParams(uri="x://a")
            )
            assert metadata.metadata[0].name == "meta"
            await typed.resources_read(
                m.ReadResourceRequestParams(uri="x://a"), meta={META_KEY: "second"}
            )

    run(main)
    first, second = probe.seen
    assert first.era is (Era.LEGACY if mode == "legacy" else Era.MODERN)
    assert first.variant == "first" and second.variant == "second"
    assert first.features is not None and first.features.equals("format", "json")
    assert first.advertised == ("first", "second")


@pytest.mark.parametrize("mode", MODES)
def test_bad_variant_is_the_spec_error(mode: str) -> None:
    adapter = _adapter(Probe())

    async def main() -> RPCError:
        async with Client(adapter.server, mode=mode) as client:
            with pytest.raises(RPCError) as caught:
                await client_for(client.session, variant="nope").resources_read(
                    m.ReadResourceRequestParams(uri="x://a")
                )
            return caught.value

    error = run(main)
    assert (error.code, error.message) == (-32602, "Invalid server variant")
    assert error.data == {"requestedVariant": "nope", "availableVariants": ["first", "second"]}


@pytest.mark.parametrize("mode", MODES)
def test_undeclared_client_gets_no_features_and_bad_params_are_32602(mode: str) -> None:
    probe = Probe()
    adapter = _adapter(probe)

    async def main() -> RPCError:
        async with Client(adapter.server, mode=mode) as client:
            await client_for(client.session).resources_read(
                m.ReadResourceRequestParams(uri="x://a")
            )
            with pytest.raises(RPCError) as caught:
                # resources/metadata is ours alone: the generated validators answer.
                await client_for(client.session).resources_metadata({"uri": 7})  # type: ignore[arg-type]
            return caught.value

    error = run(main)
    assert probe.seen[0].features is None
    assert error.code == -32602
    assert any(entry["loc"][-1] == "uri" for entry in error.data)


def test_unserved_methods_are_not_registered() -> None:
    adapter = _adapter(Probe())
    assert adapter.served == {"resources/read", "resources/metadata"}
    assert adapter.server.get_request_handler("tools/call") is None


def test_importing_negotiation_does_not_import_mcp() -> None:
    import subprocess
    import sys

    code = "import sys, negotiation, negotiation.features, negotiation.variants; print('mcp' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr
