"""The negotiation middleware in process, in both eras: draft fields and extensions the
SDK's per-version models drop, bad params, the per-declaration memo, interleaved
sessions and the variant header."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcp_ext import ServerVariant
from mcp_ext import models as m
from mcp_ext.methods import RPCError
from mcp_types import methods as sdk_methods

from negotiation.content import NegotiationContext
from negotiation.sdk import (
    Negotiation,
    available_variants,
    client_for,
    negotiated,
    negotiation_extensions,
)
from negotiation.variants import META_KEY
from negotiation.versioning import Era

MODES = ["legacy", "auto"]


class Probe:
    """Records the negotiated view of every resource read."""

    def __init__(self) -> None:
        self.seen: list[NegotiationContext] = []
        self.neg = Negotiation(
            variants=[
                ServerVariant(id="first", description="The default."),
                ServerVariant(id="second", description="The other one."),
            ]
        )
        self.neg.add_resource(
            {"uri": "x://a", "name": "draft-name", "title": "T", "mimeType": "text/plain"},
            {"text/plain": "x", "application/json": "{}"},
        )
        self.server = MCPServer(
            "probe", extensions=self.neg.extensions, middleware=self.neg.middleware
        )

        @self.server.resource("y://{key}")
        def template(key: str, ctx: Context) -> str:
            self.seen.append(negotiated(ctx))
            return key


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

    async def main() -> None:
        declared = negotiation_extensions(
            features=["agent", "format=json"], variant_hints={"hints": {}}
        )
        async with Client(probe.server, mode=mode, extensions=declared) as client:
            assert [v.id for v in available_variants(client)] == ["first", "second"]
            extensions = client.server_capabilities.extensions or {}
            assert extensions["io.modelcontextprotocol/content-negotiation"] == {}
            typed = client_for(client)
            read = await typed.resources_read(m.ReadResourceRequestParams(uri="x://a"))
            (content,) = read.contents  # format=json: the JSON representation only
            assert (content.name, content.title, content.mime_type) == (
                "draft-name",
                "T",
                "application/json",
            )
            metadata = await typed.resources_metadata(
                m.ReadResourceMetadataRequestParams(uri="x://a")
            )
            assert [e.mime_type for e in metadata.metadata] == ["text/plain", "application/json"]
            await typed.resources_read(m.ReadResourceRequestParams(uri="y://k"))
            await typed.resources_read(
                m.ReadResourceRequestParams(uri="y://k"), meta={META_KEY: "second"}
            )

    run(main)
    first, second = probe.seen
    assert first.era is (Era.LEGACY if mode == "legacy" else Era.MODERN)
    assert first.variant == "first" and second.variant == "second"
    assert first.features is not None and first.features.equals("format", "json")
    assert first.advertised == ("first", "second")


@pytest.mark.parametrize("mode", MODES)
def test_undeclared_client_gets_no_features_and_bad_params_are_32602(mode: str) -> None:
    probe = Probe()

    async def main() -> list[RPCError]:
        caught: list[RPCError] = []
        async with Client(probe.server, mode=mode) as client:
            typed = client_for(client)
            read = await typed.resources_read(m.ReadResourceRequestParams(uri="x://a"))
            assert len(read.contents) == 2  # no negotiation: every format
            await typed.resources_read(m.ReadResourceRequestParams(uri="y://k"))
            for call in (
                typed.resources_metadata({"uri": 7}),  # type: ignore[arg-type]
                typed.resources_metadata(m.ReadResourceMetadataRequestParams(uri="x://nowhere")),
            ):
                with pytest.raises(RPCError) as error:
                    await call
                caught.append(error.value)
        return caught

    bad, missing = run(main)
    assert probe.seen[0].features is None
    assert bad.code == -32602
    # Issue #24: under a variant it names the active one, as resources/read does.
    assert (missing.code, missing.data) == (
        -32602,
        {
            "uri": "x://nowhere",
            "activeVariant": "first",
            "hint": "This resource may be available in other variants",
        },
    )


def test_importing_negotiation_does_not_import_mcp() -> None:
    import subprocess
    import sys

    code = "import sys, negotiation, negotiation.features, negotiation.variants; print('mcp' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


# --- the per-declaration memo -------------------------------------------------------------

_CN = "io.modelcontextprotocol/content-negotiation"
_SV = "io.modelcontextprotocol/server-variants"


def _declared(features: list[Any], hints: Any = None) -> Any:
    import mcp_types

    extensions: dict[str, Any] = {_CN: {"version": "1.0", "features": features}}
    if hints is not None:
        extensions[_SV] = {"variantHints": hints}
    return mcp_types.ClientCapabilities.model_validate({"extensions": extensions})


class _Counting:
    """A settle function that counts its calls and echoes what it was asked."""

    def __init__(self) -> None:
        self.calls: list[object] = []  # the principals: no reference to what was settled

    def __call__(self, capabilities: object, principal: Any) -> Any:
        from negotiation.content import context_from_capabilities
        from negotiation.declarations import Negotiated
        from negotiation.variants import VariantResolver

        self.calls.append(principal)
        context = context_from_capabilities(capabilities, era=None)
        features = context.features
        valid = features is None or not features.invalid
        return Negotiated(context, (str(principal),), VariantResolver(()), cacheable=valid)


def test_memo_settles_each_declaration_and_principal_once() -> None:
    from negotiation.declarations import DeclarationMemo

    settle = _Counting()
    memo = DeclarationMemo(settle)
    json_a, json_b = _declared(["format=json"]), _declared(["format=json"])
    markdown = _declared(["format=markdown"])
    # Fresh equal copies (the 2026 era) share one state; a new declaration or principal
    # is settled anew.
    assert memo.get(json_a, "p", sticky=False) is memo.get(json_b, "p", sticky=False)
    first = memo.get(json_a, "p", sticky=False)
    other = memo.get(markdown, "p", sticky=False)
    stranger = memo.get(json_a, "q", sticky=False)
    assert len(settle.calls) == 3
    assert first.features is not None and first.features.equals("format", "json")
    assert other.features is not None and other.features.equals("format", "markdown")
    assert stranger.ids == ("q",)


def test_memo_session_fast_path_is_per_object_and_principal() -> None:
    import gc
    import weakref

    from negotiation.declarations import DeclarationMemo

    settle = _Counting()
    memo = DeclarationMemo(settle)
    session = _declared(["agent"])
    state = memo.get(session, "p", sticky=True)
    assert memo.get(session, "p", sticky=True) is state
    assert memo.get(session, "q", sticky=True).ids == ("q",)
    assert len(settle.calls) == 2
    # A finished session's object is not kept alive by the memo.
    alive = weakref.ref(session)
    del session, state
    gc.collect()
    assert alive() is None


def test_memo_is_bounded_by_bytes() -> None:
    from negotiation.declarations import DeclarationMemo

    memo = DeclarationMemo(_Counting(), max_bytes=96 * 1024)
    for n in range(500):
        declared = _declared([f"tag{n}-" + "x" * 200] * 30)
        memo.get(declared, None, sticky=n % 2 == 0, wire=declared)
        assert memo.bytes_used <= 96 * 1024
    assert memo.bytes_used > 0


def test_memo_declines_invalid_deep_and_odd_declarations() -> None:
    from negotiation.declarations import DeclarationMemo, declaration_key

    deep: Any = "x"
    for _ in range(5000):
        deep = [deep]
    odd = {_CN: {"features": [b"bytes"]}}
    for capabilities, keyable in (
        (_declared([f"t{n}" for n in range(1000)]), True),  # too many tags: invalid
        (_declared(["x" * 2_000_000]), True),  # a tag over the length limit
        (_declared(["agent"], hints=deep), False),
        ({"extensions": odd}, False),
    ):
        assert (declaration_key(capabilities, None) is not None) == keyable
        settle = _Counting()
        memo = DeclarationMemo(settle)
        memo.get(capabilities, None, sticky=False, wire=capabilities)
        memo.get(capabilities, None, sticky=False, wire=capabilities)
        assert len(settle.calls) == 2  # settled afresh, never memoised, never raised
        assert memo.bytes_used == 0


def test_memo_keys_tell_json_values_apart() -> None:
    from negotiation.declarations import declaration_key

    values: list[Any] = [1, 1.0, True, "1", None, [["a", 1]], {"a": 1}, [], {}]
    keys = [declaration_key(_declared(["agent"], hints=v), None) for v in values]
    assert None not in keys and len(set(keys)) == len(values)


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=40,
)


@settings(max_examples=200, deadline=None)
@given(features=_json, hints=_json, other_features=_json, other_hints=_json)
def test_memo_keys_are_equal_exactly_when_declarations_are(
    features: Any, hints: Any, other_features: Any, other_hints: Any
) -> None:
    from negotiation.declarations import declaration_key

    def caps(f: Any, h: Any) -> dict[str, Any]:
        return {"extensions": {_CN: {"features": f}, _SV: {"variantHints": h}}}

    # The key covers the whole settings object (its version too), type-exactly.

    key = declaration_key(caps(features, hints), "p")
    assert key == declaration_key(caps(features, hints), "p")  # deterministic, never raises
    other = declaration_key(caps(other_features, other_hints), "p")
    if key is not None and other is not None:
        same = _strict(features) == _strict(other_features) and _strict(hints) == _strict(
            other_hints
        )
        assert (key == other) == same


def _strict(value: Any) -> Any:
    """JSON equality that tells 1, 1.0 and True apart (Python's == does not)."""
    if isinstance(value, list):
        return ("list", tuple(_strict(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple(sorted((k, _strict(v)) for k, v in value.items())))
    if isinstance(value, float):
        return ("float", value.hex())  # 0.0 and -0.0 are different JSON
    return (type(value).__name__, value)


@pytest.mark.parametrize("mode", MODES)
def test_interleaved_sessions_keep_their_own_negotiation(mode: str) -> None:
    # Two sessions of one server with different declarations, requests interleaved:
    # the memo must never hand one session's features or variants to the other.
    probe = Probe()

    async def main() -> None:
        json_client = Client(
            probe.server,
            mode=mode,
            extensions=negotiation_extensions(features=["format=json"], variant_hints={}),
        )
        markdown_client = Client(
            probe.server,
            mode=mode,
            extensions=negotiation_extensions(features=["format=markdown"]),
        )
        async with json_client as first, markdown_client as second:
            for _ in range(3):
                for client, variant in ((first, "second"), (second, None)):
                    await client_for(client, variant=variant).resources_read(
                        m.ReadResourceRequestParams(uri="y://k")
                    )

    run(main)
    seen = [(c.features.value("format") if c.features else None, c.variant) for c in probe.seen]
    assert seen == [("json", "second"), ("markdown", "first")] * 3


def _request_context(meta: dict[str, Any] | None, header: str | None, caps: Any = None) -> Any:
    from types import SimpleNamespace

    from negotiation.variants import HEADER

    return SimpleNamespace(
        method="resources/read",
        protocol_version="2025-11-25",
        session=SimpleNamespace(client_capabilities=caps),
        params={"uri": "x://a", **({"_meta": meta} if meta is not None else {})},
        request=SimpleNamespace(headers={HEADER: header} if header is not None else {}),
    )


def test_the_variant_header_selects_only_without_meta() -> None:
    from mcp.shared.exceptions import MCPError

    adapter = Probe().neg
    assert adapter.context(_request_context(None, None)).variant == "first"
    assert adapter.context(_request_context(None, "second")).variant == "second"
    # _meta wins over the header, even over one naming no variant at all.
    assert adapter.context(_request_context({META_KEY: "first"}, "second")).variant == "first"
    assert adapter.context(_request_context({META_KEY: "second"}, "nope")).variant == "second"
    with pytest.raises(MCPError) as caught:
        adapter.context(_request_context(None, "nope"))
    assert caught.value.error.code == -32602


def test_one_session_object_keeps_its_settled_features() -> None:
    # The handshake era reuses one capabilities object per session: the second request
    # is served from the session fast path with the same negotiated state.
    adapter = Probe().neg
    caps = _declared(["format=json"], hints={})
    first = adapter.context(_request_context(None, None, caps))
    second = adapter.context(_request_context({META_KEY: "second"}, None, caps))
    assert first.features is second.features and first.features is not None
    assert first.features.equals("format", "json")
    assert (first.variant, second.variant) == ("first", "second")


def test_a_missing_sdk_extra_gets_a_clear_message() -> None:
    import subprocess
    import sys

    code = "import sys; sys.modules['mcp'] = None; import negotiation.sdk"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode != 0
    assert "pip install 'mcp-negotiation[sdk]'" in out.stderr
