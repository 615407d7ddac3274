"""``negotiation.sdk.client``: exact settings, refusals and the session transport
(pinned from its mutation run)."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp.shared.exceptions import MCPError
from mcp_ext.methods import RPCError
from mcp_ext.models import VariantHints

from negotiation.sdk import (
    ContentNegotiation,
    ServerVariants,
    client_for,
    negotiation_extensions,
    variant_meta,
)
from negotiation.sdk.client import SessionTransport

SV_META = "io.modelcontextprotocol/server-variant"


def test_content_negotiation_settings_exactly() -> None:
    assert ContentNegotiation(["agent"], version="1.1").settings() == {
        "version": "1.1",
        "features": ["agent"],
    }
    assert ContentNegotiation(("human",)).features == ("human",)  # any sequence


@pytest.mark.parametrize(("given", "kind"), [("agent", "str"), (5, "int"), ({"a"}, "set")])
def test_content_negotiation_refuses_non_sequences_by_type(given: Any, kind: str) -> None:
    with pytest.raises(TypeError) as caught:
        ContentNegotiation(given)
    assert str(caught.value) == f"features must be a sequence of str, not {kind}"


def test_server_variants_settings_are_the_wire_hints_without_nulls() -> None:
    hints = {"description": "a planner", "hints": {"useCase": ["planning"]}}
    assert ServerVariants(hints).settings() == {"variantHints": hints}
    model = VariantHints.model_validate({"hints": {"useCase": "ide"}})
    assert ServerVariants(model).settings() == {"variantHints": {"hints": {"useCase": "ide"}}}
    assert ServerVariants().settings() == {}
    with pytest.raises(TypeError) as caught:
        ServerVariants(["hints"])  # type: ignore[arg-type]
    assert str(caught.value) == "hints must be an mcp_ext.VariantHints or a mapping, not list"


def test_negotiation_extensions_builds_each_declaration_asked_for() -> None:
    content, variants = negotiation_extensions(
        features=["agent"], variant_hints={"hints": {"useCase": "ide"}}, capabilities={"roots": {}}
    )
    assert isinstance(content, ContentNegotiation) and content.features == ("agent", "roots")
    assert isinstance(variants, ServerVariants)
    assert variants.settings() == {"variantHints": {"hints": {"useCase": "ide"}}}
    assert negotiation_extensions() == []
    (only,) = negotiation_extensions(variant_hints={})
    assert isinstance(only, ServerVariants)


def test_variant_meta_sets_replaces_and_clears_the_key() -> None:
    assert variant_meta("a") == {SV_META: "a"}
    assert variant_meta("b", {SV_META: "a", "k": 1}) == {SV_META: "b", "k": 1}
    assert variant_meta(None, {SV_META: "a", "k": 1}) == {"k": 1}
    assert variant_meta(None) == {}
    assert variant_meta(None, {"k": 1}) == {"k": 1}  # nothing to clear
    with pytest.raises(TypeError) as caught:
        variant_meta(5)  # type: ignore[arg-type]
    assert str(caught.value) == "variant must be a str or None, not int"


def test_client_for_refuses_what_is_not_a_session() -> None:
    with pytest.raises(TypeError) as caught:
        client_for(object())  # type: ignore[arg-type]
    assert str(caught.value) == "expected an mcp Client or ClientSession, not object"


class FakeSession:
    def __init__(self, error: MCPError | None = None) -> None:
        self.sent: list[Any] = []
        self.error = error

    async def send_request(self, request: Any, result_type: Any) -> dict[str, Any]:
        self.sent.append(request)
        if self.error is not None:
            raise self.error
        return {"ok": True}


def test_the_session_transport_adds_its_variant_unless_the_request_names_one() -> None:
    session = FakeSession()
    transport = SessionTransport(session, variant="compact")  # type: ignore[arg-type]
    anyio.run(transport.request, "tools/list", {"_meta": {"k": 1}})
    anyio.run(transport.request, "tools/list", {"_meta": {SV_META: "full"}})
    first, second = (request.params for request in session.sent)
    assert first == {"_meta": {"k": 1, SV_META: "compact"}}
    assert second == {"_meta": {SV_META: "full"}}


def test_the_session_transport_turns_an_sdk_error_into_an_rpc_error() -> None:
    session = FakeSession(MCPError(code=-32602, message="bad", data={"x": 1}))
    transport = SessionTransport(session)  # type: ignore[arg-type]
    with pytest.raises(RPCError) as caught:
        anyio.run(transport.request, "tools/list", None)
    assert (caught.value.code, caught.value.message, caught.value.data) == (-32602, "bad", {"x": 1})
