"""Exact pins of ``negotiation.sdk.server`` (issue #16): the ``Negotiation`` object on an
in-process ``MCPServer`` with the SDK's in-memory ``Client``, and its helpers. Each test
states one behaviour and asserts the exact codes, messages, ``_meta``, selected
variants, advertised lists and log lines."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Hashable, Sequence
from types import SimpleNamespace
from typing import Any

import anyio
import mcp_ext
import mcp_types
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp_ext import ServerVariant, VariantHints
from mcp_ext.methods import RPCError

from negotiation.content import DEFAULT_CONTEXT, NegotiationContext
from negotiation.declarations import Negotiated, settle
from negotiation.resources import Representation
from negotiation.sdk import (
    ContentNegotiation,
    Negotiation,
    ServerVariants,
    SessionTransport,
    available_variants,
    cursor_key_from_env,
    negotiated,
    session_key,
    tool_result,
    variant_meta,
)
from negotiation.sdk.sessions import VariantBoundSession
from negotiation.subscriptions import VariantSwitchLimiter
from negotiation.variants import HEADER, META_KEY
from negotiation.versioning import Era

CN = "io.modelcontextprotocol/content-negotiation"
SV = "io.modelcontextprotocol/server-variants"
LEGACY_VERSION = "2025-11-25"
VARIANTS = [
    mcp_ext.ServerVariant(id="main", description="The default.", hints={"useCase": "ide"}),
    mcp_ext.ServerVariant(id="other", description="Another.", hints={"useCase": "planning"}),
]
# The legacy-era subscription methods, on purpose.
pytestmark = pytest.mark.filterwarnings("ignore:resources/(un)?subscribe is removed")


def _server(neg: Negotiation) -> MCPServer:
    """A negotiated server whose tool ``view`` reports the negotiated view it was served."""
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

    @server.tool(name="view")
    def view(ctx: Context) -> dict[str, Any]:
        seen = negotiated(ctx)
        return {
            "variant": seen.variant,
            "era": seen.era.value if seen.era is not None else None,
            "version": seen.protocol_version,
            "principal": seen.principal,
            "advertised": list(seen.advertised),
            "format": seen.format,
        }

    return server


def _run(server: MCPServer, mode: str, body: Any, **client: Any) -> Any:
    async def main() -> Any:
        async with Client(server, mode=mode, **client) as session:
            return await body(session)

    return anyio.run(main)


def _refusal(server: MCPServer, mode: str, call: Any, **client: Any) -> MCPError:
    async def body(session: Client) -> MCPError:
        with pytest.raises(MCPError) as caught:
            await call(session)
        return caught.value

    result: MCPError = _run(server, mode, body, **client)
    return result


def _digest(principal: object) -> str:
    text = f"{type(principal).__qualname__}:{principal!r}"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def _records(caplog: pytest.LogCaptureFixture, name: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == name]


# --- cursor_key_from_env --------------------------------------------------------------


def test_cursor_key_from_env_reads_hex_of_at_least_16_bytes() -> None:
    assert cursor_key_from_env(environ={}) is None
    assert cursor_key_from_env(environ={"MCP_NEGOTIATION_CURSOR_KEY": " " + "ab" * 16 + "\n"}) == (
        b"\xab" * 16
    )
    assert cursor_key_from_env("K", environ={"K": "01" * 32}) == b"\x01" * 32
    with pytest.raises(ValueError) as short:
        cursor_key_from_env("K", environ={"K": "ab" * 15})
    assert str(short.value) == "$K must hold at least 16 bytes (32 hex digits), not 15"
    with pytest.raises(ValueError) as bad:
        cursor_key_from_env(environ={"MCP_NEGOTIATION_CURSOR_KEY": "zz" * 16})
    assert str(bad.value) == (
        "$MCP_NEGOTIATION_CURSOR_KEY must be hex digits (e.g. from `openssl rand -hex 32`)"
    )


def test_cursor_key_from_env_reads_the_process_environment_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MCP_NEGOTIATION_CURSOR_KEY", "cd" * 16)
    assert cursor_key_from_env() == b"\xcd" * 16
    monkeypatch.delenv("MCP_NEGOTIATION_CURSOR_KEY")
    assert cursor_key_from_env() is None


# --- constructing a Negotiation -------------------------------------------------------


def test_default_variant_must_be_a_declared_str() -> None:
    with pytest.raises(TypeError) as not_str:
        Negotiation(variants=VARIANTS, default_variant=1)  # type: ignore[arg-type]
    assert str(not_str.value) == "default_variant must be a str, not int"
    with pytest.raises(ValueError) as unknown:
        Negotiation(variants=VARIANTS, default_variant="nope")
    assert str(unknown.value) == "default_variant 'nope' is not one of the variants"
    assert [v.id for v in Negotiation(VARIANTS, "other").variants] == ["other", "main"]


def test_page_size_is_at_least_one() -> None:
    with pytest.raises(ValueError) as zero:
        Negotiation(page_size=0)
    assert str(zero.value) == "page_size must be at least 1"
    assert Negotiation(page_size=1) is not None


def _many(count: int) -> list[ServerVariant]:
    return [ServerVariant(id=f"v{i}", description=f"Variant {i}.") for i in range(count)]


@pytest.mark.parametrize(
    ("limit", "advertised", "more"),
    [(None, 5, True), (1, 2, True), (2, 2, True), (3, 3, True), (7, 7, False)],
)
def test_advertise_limit_is_at_least_two_and_five_by_default(
    limit: int | None, advertised: int, more: bool
) -> None:
    neg = Negotiation(_many(7)) if limit is None else Negotiation(_many(7), advertise_limit=limit)
    ad = neg.advertisement(None, None)
    assert ad is not None
    assert ad.ids == tuple(f"v{i}" for i in range(advertised))
    assert ad.more_available is more


def test_without_variants_or_negotiation_nothing_is_advertised() -> None:
    assert Negotiation().advertisement(None, None) is None
    assert Negotiation(VARIANTS, negotiate=False).advertisement(None, None) is None

    async def both() -> tuple[Any, Any]:
        return (
            await Negotiation().advertisement_async(None, None),
            await Negotiation(VARIANTS, negotiate=False).advertisement_async(None, None),
        )

    assert anyio.run(both) == (None, None)


def _guest_sees_main_only(principal: Hashable, variant: ServerVariant) -> bool:
    return principal != "guest" or variant.id == "main"


def test_advertisement_applies_visibility_to_the_principal() -> None:
    neg = Negotiation(VARIANTS, visible=_guest_sees_main_only)
    hints = {"extensions": {SV: {"variantHints": {"hints": {"useCase": ["planning"]}}}}}
    guest = neg.advertisement(hints, "guest")
    admin = neg.advertisement(hints, "admin")
    assert guest is not None and guest.ids == ("main",)
    assert admin is not None and admin.ids == ("other", "main")  # the hints rank "other"

    async def asynchronously() -> tuple[Any, Any]:
        return await neg.advertisement_async(hints, "guest"), await neg.advertisement_async(
            hints, "admin"
        )

    guest_async, admin_async = anyio.run(asynchronously)
    assert guest_async.ids == ("main",) and admin_async.ids == ("other", "main")


def test_the_ranker_is_cached_per_hints_and_principal_and_bounded_by_its_timeout() -> None:
    asked: list[Hashable] = []

    async def ranker(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        asked.append(hints.description)
        if hints.description == "slow":
            await anyio.sleep(30)  # cancelled at the timeout
        return ["other", "main"]

    # Room for a loaded CI machine to answer "fast" in time; "slow" never is.
    neg = Negotiation(VARIANTS, ranker=ranker, ranker_timeout_seconds=0.3)

    def caps(description: str) -> dict[str, Any]:
        hints = {"description": description, "hints": {"useCase": ["ide"]}}
        return {"extensions": {SV: {"variantHints": hints}}}

    async def main() -> list[tuple[str, ...]]:
        fast = await neg.advertisement_async(caps("fast"), None)
        again = await neg.advertisement_async(caps("fast"), None)  # cached: not asked again
        slow = await neg.advertisement_async(caps("slow"), None)  # timed out: the rules
        return [ad.ids for ad in (fast, again, slow) if ad is not None]

    assert anyio.run(main) == [("other", "main"), ("other", "main"), ("main", "other")]
    assert asked == ["fast", "slow"]


def test_without_negotiation_the_default_variant_is_implicit() -> None:
    neg = Negotiation(VARIANTS, negotiate=False)
    neg.scope("tool", "in_main", ["main"])
    neg.scope("tool", "in_other", ["other"])
    assert neg.exists(None, "in_main", "tool") is True
    assert neg.exists(None, "in_other", "tool") is False
    assert neg.exists("other", "in_other", "tool") is True  # a named variant is used as is
    assert neg.exists(None, "unscoped", "tool") is True
    negotiating = Negotiation(VARIANTS)
    negotiating.scope("tool", "in_main", ["main"])
    assert negotiating.exists(None, "in_main", "tool") is False  # no implicit variant

    server = _server(neg)
    server.tool(name="in_main")(lambda: "m")
    server.tool(name="in_other")(lambda: "o")

    async def body(client: Client) -> list[str]:
        return [t.name for t in (await client.list_tools()).tools]

    assert _run(server, "legacy", body) == ["view", "in_main"]


def test_pagination_without_a_cursor_key_uses_a_random_one() -> None:
    neg = Negotiation(VARIANTS, page_size=2)
    server = _server(neg)
    for name in ("a", "b", "c"):
        server.tool(name=name)(lambda: "ok")

    async def body(client: Client) -> list[list[str]]:
        first = await client.list_tools()
        second = await client.list_tools(cursor=first.next_cursor)
        assert second.next_cursor is None
        return [[t.name for t in first.tools], [t.name for t in second.tools]]

    assert _run(server, "legacy", body) == [["view", "a"], ["b", "c"]]


# --- the view of each request ---------------------------------------------------------


def test_the_view_names_variant_era_version_principal_and_advertised() -> None:
    mode, era, version = "legacy", "legacy", LEGACY_VERSION
    neg = Negotiation(VARIANTS, principal_of=lambda ctx: f"p-{ctx.protocol_version}")

    async def body(client: Client) -> list[Any]:
        plain = await client.call_tool("view", {})
        other = await client.call_tool("view", {}, meta=variant_meta("other"))
        return [plain.structured_content, other.structured_content]

    plain, other = _run(_server(neg), mode, body, extensions=[ContentNegotiation(["agent"])])
    assert plain == {
        "variant": "main",
        "era": era,
        "version": version,
        "principal": f"p-{version}",
        "advertised": ["main", "other"],
        "format": "json",  # what "agent" implies
    }
    assert other == {**plain, "variant": "other"}


def test_the_modern_view_carries_the_modern_version() -> None:
    neg = Negotiation(VARIANTS)

    async def body(client: Client) -> Any:
        return (await client.call_tool("view", {})).structured_content

    seen = _run(_server(neg), "auto", body)
    assert (seen["era"], seen["variant"]) == ("modern", "main")
    assert seen["version"] != LEGACY_VERSION and seen["version"].startswith("20")


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_without_negotiation_the_view_has_era_version_and_principal_but_no_variant(
    mode: str,
) -> None:
    neg = Negotiation(VARIANTS, negotiate=False, principal_of=lambda ctx: ctx.method)

    async def body(client: Client) -> Any:
        return (await client.call_tool("view", {})).structured_content

    seen = _run(_server(neg), mode, body, extensions=[ContentNegotiation(["format=json"])])
    assert seen["variant"] is None and seen["advertised"] == [] and seen["format"] is None
    assert seen["principal"] == "tools/call"
    assert seen["era"] == ("legacy" if mode == "legacy" else "modern")
    assert (seen["version"] == LEGACY_VERSION) is (mode == "legacy")


def _request(
    params: Any, *, caps: Any = None, headers: dict[str, str] | None = None, session: Any = None
) -> Any:
    return SimpleNamespace(
        method="tools/list",
        protocol_version=LEGACY_VERSION,
        session=session or SimpleNamespace(client_capabilities=caps),
        params=params,
        request=SimpleNamespace(headers=headers or {}),
    )


def test_context_reads_requests_without_params() -> None:
    assert Negotiation(negotiate=False).context(_request(None)).variant is None
    assert Negotiation(VARIANTS).context(_request(None)).variant == "main"
    assert Negotiation(VARIANTS).context(_request(None, headers={HEADER: "other"})).variant == (
        "other"
    )
    # _meta that is not an object selects nothing; the header then does.
    header = _request({"_meta": "x"}, headers={HEADER: "other"})
    assert Negotiation(VARIANTS).context(header).variant == "other"
    meta = _request({"_meta": {META_KEY: "main"}}, headers={HEADER: "other"})
    assert Negotiation(VARIANTS).context(meta).variant == "main"
    # _meta that selects no variant leaves the choice to the header.
    other_meta = _request({"_meta": {"progressToken": 1}}, headers={HEADER: "other"})
    assert Negotiation(VARIANTS).context(other_meta).variant == "other"


def test_a_selected_variant_without_negotiation_is_refused_and_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = Negotiation(VARIANTS, negotiate=False)
    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"), pytest.raises(MCPError) as no:
        neg.context(_request({"_meta": {META_KEY: "main"}}))
    assert (no.value.error.code, no.value.error.message) == (
        -32602,
        "Server variants not supported",
    )
    assert _records(caplog, "negotiation.sdk") == [
        "tools/list: refused variant: server variants not supported"
    ]


def test_every_decision_is_logged_at_debug_with_its_source_and_era(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = Negotiation(VARIANTS)
    declared = {"extensions": {CN: {"version": "1.0", "features": ["agent", "format=json"]}}}
    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"):
        neg.context(_request({}))
        neg.context(_request({"_meta": {META_KEY: "other"}}, caps=declared))
        neg.context(_request({}, caps=declared, headers={HEADER: "other"}))
    assert _records(caplog, "negotiation.sdk") == [
        "tools/list: features=None format=None variant=main (default) era=legacy",
        "tools/list: features=['agent', 'format=json'] format=json variant=other (meta) era=legacy",
        "tools/list: features=['agent', 'format=json'] format=json variant=other (header)"
        " era=legacy",
    ]


def test_a_refused_variant_is_audited_with_a_digest_of_the_principal(
    caplog: pytest.LogCaptureFixture,
) -> None:
    principal = "tok\ud800en"  # a lone surrogate: digested, never logged as given
    neg = Negotiation(VARIANTS, principal_of=lambda ctx: principal)
    with caplog.at_level(logging.INFO, logger="negotiation.sdk.audit"):
        with pytest.raises(MCPError) as meta:
            neg.context(_request({"_meta": {META_KEY: "nope"}}))
        with pytest.raises(MCPError):
            neg.context(_request({}, headers={HEADER: "gone"}))
    assert meta.value.error.data == {
        "requestedVariant": "nope",
        "availableVariants": ["main", "other"],
    }
    who = _digest(principal)
    assert len(who) == 12
    assert _records(caplog, "negotiation.sdk.audit") == [
        f"tools/list: refused variant for {who} (meta): Invalid server variant",
        f"tools/list: refused variant for {who} (header): Invalid server variant",
    ]


def test_a_rate_limited_switch_is_audited(caplog: pytest.LogCaptureFixture) -> None:
    clock = [0.0]
    limiter = VariantSwitchLimiter(capacity=1, refill_per_second=0.5, clock=lambda: clock[0])
    neg = Negotiation(VARIANTS, principal_of=lambda ctx: ctx.method, switch_limiter=limiter)
    neg.context(_request({}))
    neg.context(_request({"_meta": {META_KEY: "other"}}))
    with caplog.at_level(logging.INFO, logger="negotiation.sdk.audit"):
        with pytest.raises(MCPError) as limited:
            neg.context(_request({"_meta": {META_KEY: "main"}}))
    assert (limited.value.error.code, limited.value.error.message) == (
        -32000,
        "Too many server variant switches",
    )
    assert _records(caplog, "negotiation.sdk.audit") == [
        f"tools/list: variant switch rate-limited for {_digest('tools/list')}"
    ]
    # Another principal has its own bucket.
    other = Negotiation(VARIANTS, principal_of=lambda ctx: "x", switch_limiter=limiter)
    assert other.context(_request({"_meta": {META_KEY: "main"}})).variant == "main"


def test_a_principal_change_within_a_legacy_session_is_refused_and_audited(
    caplog: pytest.LogCaptureFixture,
) -> None:
    principals = ["alice"]
    neg = Negotiation(VARIANTS, principal_of=lambda ctx: principals[-1])

    async def body(client: Client) -> MCPError:
        await client.call_tool("view", {})
        principals.append(1)
        with pytest.raises(MCPError) as caught:
            await client.call_tool("view", {})
        return caught.value

    with caplog.at_level(logging.INFO, logger="negotiation.sdk.audit"):
        error = _run(_server(neg), "legacy", body)
    assert (error.code, error.message) == (-32600, "Principal changed within the session")
    assert _records(caplog, "negotiation.sdk.audit") == [
        f"tools/call: refused: principal {_digest(1)} changed within the session of "
        f"{_digest('alice')}"
    ]


# --- advertising in initialize and server/discover ------------------------------------


async def _with_other_capabilities(ctx: Any, call_next: Any) -> Any:
    """A middleware inside Negotiation's: the server has other extensions and
    experimental capabilities of its own, which advertising must keep."""
    result = await call_next(ctx)
    if ctx.method in ("initialize", "server/discover") and isinstance(result, dict):
        capabilities = dict(result.get("capabilities") or {})
        capabilities["extensions"] = {**capabilities.get("extensions", {}), "acme/x": {"a": 1}}
        capabilities["experimental"] = {"acme/y": {"b": 2}}
        result = {**result, "capabilities": capabilities}
    return result


def _discover(neg: Negotiation, *, inner: bool = False, **client: Any) -> dict[str, Any]:
    middleware = [*neg.middleware, _with_other_capabilities] if inner else neg.middleware
    server = MCPServer("probe", extensions=neg.extensions, middleware=middleware)

    async def body(session: Client) -> dict[str, Any]:
        return await SessionTransport(session.session).request("server/discover", {})

    result: dict[str, Any] = _run(server, "auto", body, **client)
    return result


def test_discover_advertises_ranked_variants_in_both_placements_keeping_the_servers_own(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = Negotiation(VARIANTS, experimental_capability=True)
    hints = mcp_ext.VariantHints(hints={"useCase": ["planning"]})
    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"):
        capabilities = _discover(neg, inner=True, extensions=[ServerVariants(hints)])[
            "capabilities"
        ]
    advertised = {
        "availableVariants": [
            {"id": "other", "description": "Another.", "hints": {"useCase": "planning"},
             "status": "stable"},
            {"id": "main", "description": "The default.", "hints": {"useCase": "ide"},
             "status": "stable"},
        ],
        "moreVariantsAvailable": False,
    }  # fmt: skip
    assert capabilities["extensions"] == {"acme/x": {"a": 1}, CN: {}, SV: advertised}
    assert capabilities["experimental"] == {"acme/y": {"b": 2}, SV: advertised}
    assert "server/discover: advertised variants ['other', 'main']" in _records(
        caplog, "negotiation.sdk"
    )


def test_without_negotiation_nothing_of_ours_is_advertised() -> None:
    capabilities = _discover(Negotiation(VARIANTS, negotiate=False))["capabilities"]
    assert "extensions" not in capabilities and "experimental" not in capabilities
    kept = _discover(Negotiation(VARIANTS, negotiate=False), inner=True)["capabilities"]
    assert kept["extensions"] == {"acme/x": {"a": 1}}
    assert kept["experimental"] == {"acme/y": {"b": 2}}
    plain = _discover(Negotiation())["capabilities"]
    assert plain["extensions"] == {CN: {}} and "experimental" not in plain


def test_the_principal_decides_the_advertised_variants_in_initialize_and_discover() -> None:
    neg = Negotiation(
        VARIANTS,
        visible=_guest_sees_main_only,
        principal_of=lambda ctx: "guest" if ctx.session is not None else "nobody",
    )
    assert _run(_server(neg), "legacy", _ids) == ["main"]
    discovered = _discover(neg)["capabilities"]["extensions"][SV]["availableVariants"]
    assert [v["id"] for v in discovered] == ["main"]


async def _ids(client: Client) -> list[str]:
    return [v.id for v in available_variants(client)]


# --- what lives in which variant ------------------------------------------------------


def test_scope_accepts_the_three_kinds_and_declared_variants_only() -> None:
    neg = Negotiation(VARIANTS)
    neg.scope("prompt", "greet", ["other"])
    assert (neg.exists("main", "greet", "prompt"), neg.exists("other", "greet", "prompt")) == (
        False,
        True,
    )
    with pytest.raises(ValueError) as kind:
        neg.scope("widget", "w", None)  # type: ignore[arg-type]
    assert str(kind.value) == "kind must be 'tool', 'prompt' or 'resource', not 'widget'"
    with pytest.raises(ValueError) as variant:
        neg.scope("tool", "t", ["main", "nope"])
    assert str(variant.value) == "tool 't': 'nope' is not a declared variant"
    with pytest.raises(ValueError) as described:
        neg.scope("tool", "t", None, descriptions={"ghost": "Boo."})
    assert str(described.value) == "tool 't': 'ghost' is not a declared variant"


def _described() -> MCPServer:
    neg = Negotiation(VARIANTS)

    @neg.tool(
        variants=None,
        descriptions={"other": "Deploy, the planning way."},
        name="deploy",
        description="Deploy the app.",
    )
    def deploy_function() -> str:
        return "deployed"

    @neg.tool(variants=["other"])
    def plan() -> str:
        return "planned"

    return _server(neg)


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_neg_tool_serves_a_tool_per_variant_with_its_descriptions(mode: str) -> None:
    async def body(client: Client) -> list[Any]:
        main = await client.list_tools()
        other = await client.list_tools(meta=variant_meta("other"))
        planned = await client.call_tool("plan", {}, meta=variant_meta("other"))
        return [
            [(t.name, t.description) for t in main.tools],
            [(t.name, t.description) for t in other.tools],
            planned.content[0].text,  # type: ignore[union-attr]
        ]

    main, other, planned = _run(_described(), mode, body)
    assert ("deploy", "Deploy the app.") in main and "plan" not in [n for n, _ in main]
    assert ("deploy", "Deploy, the planning way.") in other
    assert [n for n, _ in other] == ["deploy", "plan", "view"]  # extension tools first
    assert planned == "planned"


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_a_tool_outside_the_variant_is_refused_and_logged_before_it_runs(
    mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"):
        error = _refusal(_described(), mode, lambda c: c.call_tool("plan", {}))
    assert (error.code, error.message) == (-32602, "Unknown tool: plan")
    assert error.data == {
        "activeVariant": "main",
        "hint": "This tool may be available in other variants",
    }
    assert "tools/call: tool 'plan' is not in variant main" in _records(caplog, "negotiation.sdk")


def _unknown_server(neg: Negotiation) -> MCPServer:
    server = _server(neg)

    @server.prompt()
    def failing() -> str:
        raise ValueError("boom")

    @server.tool()
    def error_result() -> str:
        raise ValueError("Unknown tool: somewhere")

    return server


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_an_unknown_name_answers_with_the_active_variant_and_is_logged(
    mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    neg = Negotiation(VARIANTS)
    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"):
        error = _refusal(
            _unknown_server(neg),
            mode,
            lambda c: c.get_prompt("ghost", meta=variant_meta("other")),
        )
    assert (error.code, error.message) == (-32602, "Unknown prompt: ghost")
    assert error.data == {
        "activeVariant": "other",
        "hint": "This prompt may be available in other variants",
    }
    assert "prompts/get: prompt 'ghost' is unknown in variant other" in _records(
        caplog, "negotiation.sdk"
    )


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_a_prompts_own_value_error_is_not_an_unknown_identifier(mode: str) -> None:
    error = _refusal(
        _unknown_server(Negotiation(VARIANTS)), mode, lambda c: c.get_prompt("failing")
    )
    assert "activeVariant" not in (error.data or {})
    assert error.message != "Unknown prompt: failing"


def test_without_negotiation_an_unknown_tool_names_no_variant() -> None:
    # Issue #24: with negotiation off no variant id is on the wire, errors included.
    # The SDK's own answer stands: an isError result, as from a server without variants.
    async def body(client: Client) -> Any:
        return await client.call_tool("ghost", {})

    result = _run(_unknown_server(Negotiation(VARIANTS, negotiate=False)), "legacy", body)
    assert result.is_error is True
    assert result.model_dump(by_alias=True, exclude_none=True)["content"] == [
        {"type": "text", "text": "Unknown tool: ghost"}
    ]


# --- multi-format resources -----------------------------------------------------------

OTHER_META = {"_meta": {META_KEY: "other"}}


def _documents() -> Negotiation:
    neg = Negotiation(VARIANTS)
    neg.add_resource(
        mcp_ext.Resource(uri="doc://a", name="a", title="A doc", description="About a."),
        {"text/markdown": "# Hi", "application/json": '{"a": 1}'},
    )
    neg.add_resource(
        {"uri": "doc://b", "name": "b", "mimeType": "application/json"},
        [Representation("text/plain", "b"), Representation("application/json", "{}")],
        variants=["other"],
    )
    neg.add_resource({"uri": "doc://c", "name": "c"}, {"text/plain": "c"})
    return neg


def _raw(neg: Negotiation, requests: list[tuple[str, dict[str, Any]]], **client: Any) -> Any:
    async def body(session: Client) -> list[Any]:
        transport = SessionTransport(session.session)
        return [await transport.request(method, params) for method, params in requests]

    return _run(_server(neg), "legacy", body, **client)


def test_multi_format_resources_are_listed_with_their_primary_format_per_variant() -> None:
    main, other = _raw(_documents(), [("resources/list", {}), ("resources/list", OTHER_META)])
    a = {
        "uri": "doc://a",
        "name": "a",
        "title": "A doc",
        "description": "About a.",
        "mimeType": "text/markdown",  # the first format when the resource names none
    }
    c = {"uri": "doc://c", "name": "c", "mimeType": "text/plain"}
    b = {"uri": "doc://b", "name": "b", "mimeType": "application/json"}
    assert main == {"resources": [a, c]}
    assert other == {"resources": [a, b, c]}


def test_metadata_describes_every_format_and_reads_answer_the_negotiated_ones() -> None:
    metadata, read, plain_read = _raw(
        _documents(),
        [
            ("resources/metadata", {"uri": "doc://a"}),
            ("resources/read", {"uri": "doc://a"}),
            ("resources/read", {"uri": "doc://c"}),
        ],
        extensions=[ContentNegotiation(["format=json"])],
    )
    shared = {"uri": "doc://a", "name": "a", "title": "A doc", "description": "About a."}
    assert metadata == {
        "metadata": [
            {**shared, "mimeType": "text/markdown", "size": 4},
            {**shared, "mimeType": "application/json", "size": 8},
        ]
    }
    assert read == {"contents": [{**shared, "mimeType": "application/json", "size": 8,
                                  "text": '{"a": 1}'}]}  # fmt: skip
    assert plain_read == {
        "contents": [{"uri": "doc://c", "name": "c", "mimeType": "text/plain", "size": 1,
                      "text": "c"}]
    }  # fmt: skip


def test_metadata_of_an_unknown_or_out_of_variant_resource_is_refused() -> None:
    async def body(client: Client) -> list[RPCError]:
        transport = SessionTransport(client.session)
        refused = []
        for params in ({"uri": "doc://none"}, {"uri": "doc://b"}):
            with pytest.raises(RPCError) as caught:
                await transport.request("resources/metadata", params)
            refused.append(caught.value)
        return refused

    missing, elsewhere = _run(_server(_documents()), "legacy", body)
    # Issue #24: one shape, so that no error tells which URIs exist in other variants.
    for error, uri in ((missing, "doc://none"), (elsewhere, "doc://b")):
        assert (error.code, error.message) == (-32602, f"Unknown resource: {uri}")
        assert error.data == {
            "uri": uri,
            "activeVariant": "main",
            "hint": "This resource may be available in other variants",
        }


def test_add_resource_takes_a_resource_model_or_mapping() -> None:
    with pytest.raises(TypeError) as wrong:
        Negotiation().add_resource(42, {"text/plain": "x"})  # type: ignore[arg-type]
    assert str(wrong.value) == "expected an mcp_ext.Resource or a mapping, not int"
    neg = _documents()
    assert [r.uri for r in neg.resources] == ["doc://a", "doc://b", "doc://c"]
    assert (neg.exists("main", "doc://b"), neg.exists("other", "doc://b")) == (False, True)
    assert neg.exists("main", "doc://a") is True


# --- 2025-11-25 subscriptions and the end of a session --------------------------------


def _noted(neg: Negotiation) -> MCPServer:
    server = _server(neg)
    server.resource("memo://main", name="main_note")(lambda: "m")
    server.resource("memo://other", name="other_note")(lambda: "o")
    neg.scope("resource", "memo://other", ["other"])
    return server


def test_a_subscription_needs_a_string_uri_in_its_variant() -> None:
    neg = Negotiation(VARIANTS)

    async def body(client: Client) -> list[RPCError]:
        transport = SessionTransport(client.session)
        refused = []
        for params in ({"uri": 7}, {"uri": "memo://other"}):
            with pytest.raises(RPCError) as caught:
                await transport.request("resources/subscribe", params)
            refused.append(caught.value)
        return refused

    not_str, elsewhere = _run(_noted(neg), "legacy", body)
    assert (not_str.code, not_str.message, not_str.data) == (-32602, "Invalid params", {"uri": 7})
    assert (elsewhere.code, elsewhere.message) == (-32602, "Unknown resource: memo://other")
    assert elsewhere.data["activeVariant"] == "main"
    assert neg.subscription_count == 0


def test_subscribers_are_told_of_updates_and_forgotten_when_their_session_ends(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = Negotiation(VARIANTS)
    updated: list[str] = []
    ended: list[Hashable] = []
    keys: list[Hashable] = []

    def failing(key: Hashable) -> None:
        raise RuntimeError("callback failed")

    neg.on_session_end(failing)
    neg.on_session_end(ended.append)  # still called after the failing one

    async def on_message(message: Any) -> None:
        if getattr(message, "method", "") == "notifications/resources/updated":
            updated.append(str(message.params.uri))

    server = _noted(neg)

    @server.tool(name="key")
    def key(ctx: Context) -> str:
        keys.append(session_key(ctx.request_context))
        return "ok"

    async def body(client: Client) -> int:
        await client.subscribe_resource("memo://main")
        await client.subscribe_resource("memo://other", meta=variant_meta("other"))
        await client.call_tool("key", {})
        await neg.resource_updated("memo://main")
        await neg.resource_updated("memo://other")
        await neg.resource_updated("memo://unsubscribed")
        await client.list_tools()  # let the notifications arrive
        return neg.subscription_count

    with caplog.at_level(logging.ERROR, logger="negotiation.sdk"):
        assert _run(server, "legacy", body, message_handler=on_message) == 2
    assert updated == ["memo://main", "memo://other"]
    assert neg.subscription_count == 0
    assert ended == keys and len(keys) == 1  # once per session, with its key
    assert _records(caplog, "negotiation.sdk") == ["a session-end callback failed"]


def test_session_end_is_watched_only_where_it_can_be_seen() -> None:
    neg = Negotiation(VARIANTS)
    unseen = [
        SimpleNamespace(session=object()),
        SimpleNamespace(session=SimpleNamespace(_connection=object())),
        SimpleNamespace(session=SimpleNamespace(_connection=SimpleNamespace(state={}))),
        SimpleNamespace(
            session=SimpleNamespace(_connection=SimpleNamespace(state=[], exit_stack=1))
        ),
    ]
    assert [neg.sessions.watch(ctx) for ctx in unseen] == [False] * 4
    assert session_key(SimpleNamespace(session="s")) == "s"  # no connection: the session
    connection = SimpleNamespace(state={}, exit_stack=SimpleNamespace(callback=print))
    assert session_key(SimpleNamespace(session=SimpleNamespace(_connection=connection))) is (
        connection
    )


def test_list_changed_tells_each_session_that_has_the_variant(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = Negotiation(
        VARIANTS,
        visible=_guest_sees_main_only,
        principal_of=_client_name,
    )
    seen: list[tuple[str, str]] = []

    def client(name: str) -> Client:
        async def on_message(message: Any) -> None:
            if str(getattr(message, "method", "")).endswith("list_changed"):
                seen.append((name, message.method))

        return Client(
            _server(neg),
            mode="legacy",
            message_handler=on_message,
            client_info=mcp_types.Implementation(name=name, version="1"),
        )

    class Closed:
        async def send_notification(self, notification: Any) -> None:
            raise anyio.ClosedResourceError

    async def main() -> tuple[int, int, int]:
        async with client("guest") as guest, client("admin") as admin:
            # A session whose stream is gone, first in line: the others are still told.
            first = dict(neg.sessions.legacy)
            neg.sessions.legacy.clear()
            neg.sessions.legacy["gone"] = next(iter(first.values()))
            neg.sessions.keep("gone", Closed())
            neg.sessions.legacy.update(first)
            other = await neg.list_changed("tools", "other")  # the guest has only main
            everyone = await neg.list_changed("prompts")
            main = await neg.list_changed("resources", "main")
            await guest.list_tools()
            await admin.list_tools()
            return other, everyone, main

    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"):
        assert anyio.run(main) == (1, 2, 2)
    assert sorted(seen) == [
        ("admin", "notifications/prompts/list_changed"),
        ("admin", "notifications/resources/list_changed"),
        ("admin", "notifications/tools/list_changed"),
        ("guest", "notifications/prompts/list_changed"),
        ("guest", "notifications/resources/list_changed"),
    ]
    failures = [r for r in caplog.records if r.getMessage().startswith("list_changed:")]
    assert [r.getMessage() for r in failures] == ["list_changed: a session could not be told"] * 2
    assert all(r.exc_info and r.exc_info[0] is anyio.ClosedResourceError for r in failures)


def _client_name(ctx: Any) -> str:
    """The principal is the client's name (in initialize, from its params)."""
    params = ctx.session.client_params
    name: str = params.client_info.name if params is not None else ctx.params["clientInfo"]["name"]
    return name


# --- subscriptions/listen streams ------------------------------------------------------


class _Recording:
    """An SDK session that records what it was asked to send."""

    def __init__(self) -> None:
        self.sent: list[tuple[Any, tuple[Any, ...], dict[str, Any]]] = []
        self.name = "recording"

    async def send_notification(self, notification: Any, *args: Any, **kwargs: Any) -> None:
        self.sent.append((notification, args, kwargs))


def test_a_listen_stream_drops_updates_of_resources_outside_its_variant(
    caplog: pytest.LogCaptureFixture,
) -> None:
    asked: list[tuple[str | None, str]] = []

    def exists(variant: str | None, uri: str) -> bool:
        asked.append((variant, uri))
        return uri != "memo://gone"

    session = _Recording()
    bound = VariantBoundSession(session, "main", exists)

    def updated(uri: str) -> Any:
        return mcp_types.ResourceUpdatedNotification(
            params=mcp_types.ResourceUpdatedNotificationParams(uri=uri)
        )

    kept, gone = updated("memo://kept"), updated("memo://gone")
    no_params = SimpleNamespace(method="notifications/resources/updated")
    other = SimpleNamespace(method="notifications/tools/list_changed")
    methodless = object()

    async def main() -> None:
        with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"):
            await bound.send_notification(kept, "related", priority=1)
            await bound.send_notification(gone)
            await bound.send_notification(no_params)
            await bound.send_notification(other)
            await bound.send_notification(methodless)

    anyio.run(main)
    assert session.sent == [
        (kept, ("related",), {"priority": 1}),
        (no_params, (), {}),
        (other, (), {}),
        (methodless, (), {}),
    ]
    assert asked == [("main", "memo://kept"), ("main", "memo://gone"), ("main", "")]
    assert _records(caplog, "negotiation.sdk") == [
        "listen: update of 'memo://gone' dropped: not in main"
    ]
    assert bound.name == "recording"  # everything else is the session's


def _listening(neg: Negotiation) -> MCPServer:
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)
    server.resource("memo://main", name="main_note")(lambda: "m")
    server.resource("memo://other", name="other_note")(lambda: "o")

    @server.tool()
    async def touch(uri: str, ctx: Context) -> str:
        await ctx.notify_resource_updated(uri)
        return "ok"

    return server


def _listen(neg: Negotiation, uris: list[str], touched: list[str]) -> list[str]:
    got: list[str] = []

    async def main() -> None:
        async with Client(_listening(neg), mode="auto") as client:
            listening = {"resource_subscriptions": uris} if uris else {"tools_list_changed": True}
            async with client.listen(**listening) as stream:

                async def read() -> None:
                    async for event in stream:
                        got.append(str(getattr(event, "uri", event)))

                async with anyio.create_task_group() as tasks:
                    tasks.start_soon(read)
                    for uri in touched:
                        await client.call_tool("touch", {"uri": uri})
                    await anyio.sleep(0.1)
                    tasks.cancel_scope.cancel()

    anyio.run(main)
    return got


def test_a_listen_stream_is_bound_to_its_variant() -> None:
    touched = ["memo://main", "memo://other"]
    for default in ("main", "other"):
        neg = Negotiation(VARIANTS, default_variant=default)
        neg.scope("resource", f"memo://{default}", [default])
        assert _listen(neg, [f"memo://{default}"], touched) == [f"memo://{default}"]
        assert _listen(neg, [], touched) == []  # no resources asked for: none refused


def test_without_negotiation_a_listen_stream_is_bound_to_the_implicit_variant() -> None:
    neg = Negotiation(VARIANTS, negotiate=False)
    neg.scope("resource", "memo://main", ["main"])
    neg.scope("resource", "memo://other", ["other"])
    assert _listen(neg, ["memo://main"], ["memo://main"]) == ["memo://main"]
    with pytest.raises(BaseExceptionGroup) as refused:  # from the client's task group
        _listen(neg, ["memo://other"], [])
    error: BaseException = refused.value
    while isinstance(error, BaseExceptionGroup):
        (error,) = error.exceptions
    assert isinstance(error, MCPError)
    assert (error.code, error.message) == (-32602, "Unknown resource: memo://other")
    assert error.data == {"uri": "memo://other"}  # no variant named without negotiation


# --- negotiated() and tool_result() ----------------------------------------------------


def _context(*features: str) -> NegotiationContext:
    from negotiation.content import context_from_capabilities

    declared = {"extensions": {CN: {"version": "1.0", "features": list(features)}}}
    return context_from_capabilities(declared, era=Era.LEGACY)


def _shape(result: mcp_types.CallToolResult) -> tuple[list[str], Any, bool]:
    texts = [block.text for block in result.content if isinstance(block, mcp_types.TextContent)]
    return texts, result.structured_content, result.is_error


def test_tool_result_takes_a_negotiated_view_directly() -> None:
    human, agent = _context("format=markdown"), _context("format=json")
    data = {"t": 8}
    assert _shape(tool_result(human, structured=data, text="8 C")) == (["8 C"], None, False)
    # An output schema makes structuredContent a MUST, even for a markdown client.
    assert _shape(tool_result(human, structured=data, text="8 C", output_schema=True)) == (
        ["8 C"],
        data,
        False,
    )
    # Test Case 1: a JSON client without the text fallback gets structured content only...
    assert _shape(tool_result(agent, structured=data, text_fallback=False)) == ([], data, False)
    # ... except for an error, which the model must see.
    assert _shape(tool_result(agent, structured=data, text_fallback=False, is_error=True)) == (
        ['{"t": 8}'],
        data,
        True,
    )
    assert _shape(tool_result(agent, structured=data)) == (['{"t": 8}'], data, False)
    assert _shape(tool_result(DEFAULT_CONTEXT, text="only text")) == (["only text"], None, False)


def test_negotiated_rejects_what_is_not_an_sdk_context() -> None:
    with pytest.raises(TypeError) as wrong:
        negotiated(42)  # type: ignore[arg-type]
    assert str(wrong.value) == (
        "negotiated() takes the SDK's Context or ServerRequestContext, not int"
    )


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_without_the_middleware_negotiated_reads_the_session_declaration(mode: str) -> None:
    server = MCPServer("plain")  # no Negotiation at all

    @server.tool()
    def probe(ctx: Context) -> mcp_types.CallToolResult:
        for view in (negotiated(ctx), negotiated(ctx.request_context)):
            assert view.variant is None
            assert view.format == "markdown"
            assert view.era is (Era.LEGACY if mode == "legacy" else Era.MODERN)
            assert view.protocol_version == ctx.request_context.protocol_version
            assert (view.protocol_version == LEGACY_VERSION) is (mode == "legacy")
        return tool_result(ctx, structured={"t": 8}, text="8 C")

    async def body(client: Client) -> Any:
        return _shape(await client.call_tool("probe", {}))

    features = ContentNegotiation(["human", "format=markdown"])
    assert _run(server, mode, body, extensions=[features]) == (["8 C"], None, False)


# --- what a declaration settles -------------------------------------------------------


def _declared(features: Any = None, hints: Any = None) -> dict[str, Any]:
    extensions: dict[str, Any] = {}
    if features is not None:
        extensions[CN] = {"version": "1.0", "features": features}
    if hints is not None:
        extensions[SV] = {"variantHints": hints}
    return {"extensions": extensions}


def test_only_a_valid_declaration_is_settled_for_reuse() -> None:
    def neg(capabilities: object) -> Negotiated:  # a server with variants
        return settle(capabilities, None, ("a", "b"), hints_matter=True)

    def plain(capabilities: object) -> Negotiated:
        return settle(capabilities, None, (), hints_matter=False)

    planning = {"hints": {"useCase": ["planning"]}}
    assert neg(_declared(["agent"], planning)).cacheable is True
    assert neg(_declared(None, None)).cacheable is True
    assert neg(_declared(["Bad Tag!"], planning)).cacheable is False
    assert neg(_declared(["agent"], "not hints")).cacheable is False
    # Hints are read only by a server with variants: without, malformed ones are moot.
    assert plain(_declared(["agent"], "not hints")).cacheable is True
    assert plain(_declared(["Bad Tag!"])).cacheable is False


def test_a_declaration_settles_the_variants_for_its_hints_and_principal() -> None:
    neg = Negotiation(VARIANTS, visible=_guest_sees_main_only, principal_of=lambda ctx: ctx.method)
    hints = _declared(["agent"], {"hints": {"useCase": ["planning"]}})
    admin = neg.context(_request({}, caps=hints))  # the principal is "tools/list"
    assert (admin.advertised, admin.variant) == (("other", "main"), "other")
    guest = Negotiation(VARIANTS, visible=_guest_sees_main_only, principal_of=lambda c: "guest")
    assert guest.context(_request({}, caps=hints)).advertised == ("main",)


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_a_sessions_decisions_are_logged_once_per_request(
    mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def body(client: Client) -> None:
        await client.call_tool("view", {}, meta=variant_meta("other"))
        await client.list_tools()

    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"):
        _run(_server(Negotiation(VARIANTS)), mode, body)
    era = "legacy" if mode == "legacy" else "modern"
    handshake = (
        ["initialize: advertised variants ['main', 'other']"]  # not served in a variant
        if mode == "legacy"
        else [
            f"server/discover: features=None format=None variant=main (default) era={era}",
            "server/discover: advertised variants ['main', 'other']",
        ]
    )
    records = _records(caplog, "negotiation.sdk")
    served = len(handshake)
    assert records[:served] == handshake
    assert (
        records[served] == f"tools/call: features=None format=None variant=other (meta) era={era}"
    )
    # The SDK client may list the tools again (output schemas): each list is logged alike.
    assert set(records[served + 1 :]) == {
        f"tools/list: features=None format=None variant=main (default) era={era}"
    }


@pytest.mark.filterwarnings("ignore:The roots capability is deprecated")
def test_notifications_pass_through_to_their_handlers() -> None:
    server = _server(Negotiation(VARIANTS))
    heard: list[Any] = []

    async def on_roots(ctx: Any, params: Any) -> None:
        heard.append(params)

    server._lowlevel_server.add_notification_handler(
        "notifications/roots/list_changed", mcp_types.NotificationParams, on_roots
    )

    async def body(client: Client) -> None:
        await client.send_roots_list_changed()
        await client.list_tools()  # the notification is handled before this answer

    _run(server, "legacy", body)
    assert heard == [mcp_types.NotificationParams()]


def test_without_negotiation_a_tool_outside_the_default_variant_names_no_variant() -> None:
    # Issue #24: it once answered activeVariant "", then "main"; no variant is on the wire.
    neg = Negotiation(VARIANTS, negotiate=False)
    neg.scope("tool", "elsewhere", ["other"])
    server = _server(neg)
    server.tool(name="elsewhere")(lambda: "x")
    error = _refusal(server, "legacy", lambda c: c.call_tool("elsewhere", {}))
    assert (error.code, error.message, error.data) == (-32602, "Unknown tool: elsewhere", None)


class _OddPrincipal:
    """A principal whose repr holds a lone surrogate (not encodable as strict UTF-8)."""

    def __repr__(self) -> str:
        return "odd\ud800"


def test_the_audit_digest_reads_any_principal(caplog: pytest.LogCaptureFixture) -> None:
    principal = _OddPrincipal()
    neg = Negotiation(VARIANTS, principal_of=lambda ctx: principal)
    with caplog.at_level(logging.INFO, logger="negotiation.sdk.audit"):
        with pytest.raises(MCPError):
            neg.context(_request({"_meta": {META_KEY: "nope"}}))
    assert _records(caplog, "negotiation.sdk.audit") == [
        f"tools/list: refused variant for {_digest(principal)} (meta): Invalid server variant"
    ]


def test_the_ranker_times_out_after_two_seconds_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    import negotiation.variants.advertising as advertising

    timeouts: list[float] = []

    async def recording(
        variants: Any, models: Any, hints: Any, ranker: Any, *, timeout_seconds: float
    ) -> Any:
        timeouts.append(timeout_seconds)
        return list(variants)

    async def ranker(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        return [v.id for v in variants]

    monkeypatch.setattr(advertising, "ranked_with_fallback", recording)
    anyio.run(Negotiation(VARIANTS, ranker=ranker).advertisement_async, None, None)
    anyio.run(
        Negotiation(VARIANTS, ranker=ranker, ranker_timeout_seconds=0.5).advertisement_async,
        None,
        None,
    )
    assert timeouts == [2.0, 0.5]


def test_an_invalid_cursor_is_refused_and_audited(caplog: pytest.LogCaptureFixture) -> None:
    neg = Negotiation(VARIANTS, page_size=1, principal_of=lambda ctx: "alice")
    server = _server(neg)
    server.tool(name="more")(lambda: "ok")
    with caplog.at_level(logging.INFO, logger="negotiation.sdk.audit"):
        error = _refusal(server, "legacy", lambda c: c.list_tools(cursor="forged"))
    assert (error.code, error.message) == (-32602, "Invalid cursor")
    assert error.data == {"activeVariant": "main"}
    assert _records(caplog, "negotiation.sdk.audit") == [
        f"tools/list: refused cursor for {_digest('alice')}"
    ]


def test_a_server_without_variants_forgets_its_subscribers_when_their_session_ends() -> None:
    neg = Negotiation()
    ended: list[Hashable] = []
    neg.on_session_end(ended.append)
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)
    server.resource("memo://note", name="note")(lambda: "n")

    async def body(client: Client) -> int:
        await client.subscribe_resource("memo://note")
        return neg.subscription_count

    assert _run(server, "legacy", body) == 1
    assert len(ended) == 1
    assert (neg.subscription_count, neg.sessions.subscribers, neg.sessions.legacy) == (0, 0, {})


@pytest.mark.filterwarnings("ignore:resources/(un)?subscribe is removed")
def test_a_tools_own_notifications_are_not_bound_to_a_variant() -> None:
    # Only subscriptions/listen streams drop updates outside their variant.
    neg = Negotiation(VARIANTS)
    neg.scope("resource", "memo://other", ["other"])
    updated: list[str] = []
    server = _server(neg)
    server.resource("memo://other", name="other_note")(lambda: "o")

    @server.tool()
    async def touch(ctx: Context) -> str:
        notification = mcp_types.ResourceUpdatedNotification(
            params=mcp_types.ResourceUpdatedNotificationParams(uri="memo://other")
        )
        await ctx.request_context.session.send_notification(notification)
        return "ok"

    async def on_message(message: Any) -> None:
        if getattr(message, "method", "") == "notifications/resources/updated":
            updated.append(str(message.params.uri))

    async def body(client: Client) -> None:
        await client.call_tool("touch", {})
        await client.list_tools()

    _run(server, "legacy", body, message_handler=on_message)
    assert updated == ["memo://other"]


def test_without_a_principal_the_audit_names_none(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="negotiation.sdk.audit"):
        with pytest.raises(MCPError):
            Negotiation(VARIANTS).context(_request({"_meta": {META_KEY: "nope"}}))
    assert _records(caplog, "negotiation.sdk.audit") == [
        "tools/list: refused variant for - (meta): Invalid server variant"
    ]
