"""Pins of ``negotiation.sdk.middleware`` after its #36 rewrite (the request read once,
the engine saying how it is served): the ``MCP-Server-Variant`` header on the full and the
repeated path, the repeated path keyed by principal, that a repeated request is one
lookup, the first request being a notification, the once-only warning and session
start, the handshake run without a view, and a declared prompt without negotiation.
Requests are handed to the middleware directly with a minimal request context."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import anyio
import mcp_types
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from negotiation.sdk import Negotiation, misuse, negotiated
from negotiation.subscriptions import VariantSwitchLimiter
from negotiation.variants import HEADER
from negotiation.versioning import Era
from tests.sdk.test_middleware_pins import VARIANTS, Ctx  # the same minimal context


def _serve(neg: Negotiation, *requests: Any) -> list[Any]:
    """Each request through the middleware: (the ctx the handler got, the negotiated
    variant and principal it ran with), or the MCPError."""
    middleware = neg.middleware[0]
    seen: list[Any] = []

    async def call_next(ctx: Any) -> dict[str, Any]:
        view = negotiated()
        seen.append((ctx, view.variant, view.principal))
        return {"content": []}

    async def main() -> None:
        for ctx in requests:
            try:
                await middleware(ctx, call_next)
            except MCPError as error:
                seen.append(error)

    anyio.run(main)
    return seen


def _call(**ctx: Any) -> Ctx:
    """A tools/call whose _meta declares the client's capabilities (plain data: its
    view is kept, and the same request again is a repeat)."""
    meta = {mcp_types.CLIENT_CAPABILITIES_META_KEY: {}}
    return Ctx("tools/call", {"name": "t", "_meta": meta}, **ctx)


def _http(variant: str | None) -> SimpleNamespace:
    return SimpleNamespace(headers={HEADER: variant} if variant else {})


def test_the_variant_header_selects_on_the_full_and_the_repeated_path() -> None:
    neg = Negotiation(VARIANTS)
    # the same _meta, byte for byte: no header, then the header (twice: the second is a
    # repeat), then no header again
    served = _serve(
        neg,
        _call(request=_http(None)),
        _call(request=_http("other")),
        _call(request=_http("other")),
        _call(request=_http(None)),
        _call(),  # in process: no HTTP request, no header
    )
    assert [variant for _, variant, _ in served] == ["main", "other", "other", "main", "main"]


def test_a_transport_request_without_headers_has_no_header() -> None:
    neg = Negotiation(VARIANTS)
    served = _serve(neg, _call(request=SimpleNamespace()), _call(request=object()))
    assert [variant for _, variant, _ in served] == ["main", "main"]


def test_a_repeated_request_of_another_principal_gets_its_own_view() -> None:
    principals = iter([None, "alice", "alice", "bob"])
    neg = Negotiation(VARIANTS, principal_of=lambda ctx: next(principals))
    served = _serve(neg, _call(), _call(), _call(), _call())
    assert [principal for _, _, principal in served] == [None, "alice", "alice", "bob"]


def test_a_repeated_request_is_one_lookup_without_begin(monkeypatch: pytest.MonkeyPatch) -> None:
    neg = Negotiation(VARIANTS)
    begun: list[str] = []
    begin = neg.engine.begin

    async def counted(request: Any) -> Any:
        begun.append(request.method)
        return await begin(request)

    monkeypatch.setattr(neg.engine, "begin", counted)
    served = _serve(neg, _call(), _call(), _call())
    assert [variant for _, variant, _ in served] == ["main", "main", "main"]
    assert begun == ["tools/call"]  # the second and third are repeats


def test_a_first_request_that_is_a_notification_reaches_the_handler_unchanged() -> None:
    neg = Negotiation(VARIANTS)
    note = Ctx("notifications/initialized", None, request_id=None)
    ((ctx, variant, _),) = _serve(neg, note)
    assert ctx is note
    assert variant is None  # no view: the default context outside a request
    assert not neg.sessions.started  # a notification starts nothing


def test_the_first_request_starts_the_sessions_receiving() -> None:
    neg = Negotiation(VARIANTS)
    assert not neg.sessions.started
    _serve(neg, _call())
    assert neg.sessions.started


def test_the_missing_extensions_warning_is_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    neg = Negotiation(VARIANTS)
    with caplog.at_level(logging.WARNING, logger=misuse.logger.name):
        note = Ctx("notifications/initialized", None, request_id=None)
        _serve(neg, note, note, _call(), _call())  # notifications first: not yet receiving
    warned = [r.getMessage() for r in caplog.records if r.getMessage() == misuse.NO_EXTENSIONS]
    assert warned == [misuse.NO_EXTENSIONS]


@pytest.mark.parametrize("method", ["ping", "server/discover"])
def test_the_handshake_and_discovery_run_without_a_view(method: str) -> None:
    neg = Negotiation(VARIANTS)
    ((_, variant, _),) = _serve(neg, Ctx(method, {"_meta": {}}))
    assert variant is None  # no variant serves these


def test_without_negotiation_a_declared_prompt_is_got_in_the_default_variant() -> None:
    neg = Negotiation(VARIANTS, default_variant="other", negotiate=False)

    @neg.prompt(variants=["main"], name="review")
    def review_main(item: str) -> str:
        return f"main {item}"

    @neg.prompt(variants=["other"], name="review")
    def review_other(sku: str) -> str:
        return f"other {sku}"

    server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)

    async def get() -> Any:
        async with Client(server, mode="legacy") as client:
            result = await client.get_prompt("review", {"sku": "42"})
            return result.model_dump(by_alias=True, exclude_none=True)["messages"]

    assert anyio.run(get) == [{"role": "user", "content": {"type": "text", "text": "other 42"}}]


def test_context_of_an_anonymous_http_request_reads_its_anonymous_key() -> None:
    keys: list[Any] = []

    def key(ctx: Any) -> str:
        keys.append(ctx.request.headers["x-client"])
        return "k"

    limiter = VariantSwitchLimiter(capacity=1, refill_per_second=0.001)
    neg = Negotiation(VARIANTS, switch_limiter=limiter, anonymous_key=key)
    http = SimpleNamespace(headers={"x-client": "10.0.0.1"})
    assert neg.context(_call(request=http)).variant == "main"
    assert keys == ["10.0.0.1"]


def test_context_of_a_legacy_initialize_asks_whether_the_sessions_end_is_seen() -> None:
    neg = Negotiation(VARIANTS)
    ctx = Ctx("initialize", {"capabilities": {}}, protocol_version="2025-11-25")
    view = neg.context(ctx)  # a session whose end can't be seen: nothing kept
    assert view.era is Era.LEGACY and view.variant == "main"


def test_context_settles_anew_with_a_ranking_decided_since() -> None:
    sv_key = "io.modelcontextprotocol/server-variants"
    declared = {"extensions": {sv_key: {"variantHints": {"description": "I plan"}}}}
    caps = mcp_types.ClientCapabilities.model_validate(declared)
    meta = {mcp_types.CLIENT_CAPABILITIES_META_KEY: declared}
    session = SimpleNamespace(client_capabilities=caps)

    async def ranker(*_: Any) -> list[str]:
        return ["other", "main"]

    neg = Negotiation(VARIANTS, ranker=ranker)
    call = Ctx("tools/call", {"name": "t", "_meta": meta}, session=session)
    assert neg.context(call).variant == "main"  # the rules, until the ranker is asked
    ranked = anyio.run(neg.advertisement_async, caps, None)
    assert ranked is not None and ranked.ids == ("other", "main")
    assert neg.context(call, ranked=ranked).variant == "other"


def test_the_repeated_path_maps_the_sdks_unknown_tool_answer_and_nothing_else() -> None:
    neg = Negotiation(VARIANTS)
    middleware = neg.middleware[0]
    unknown = {"content": [{"type": "text", "text": "Unknown tool: t"}], "isError": True}
    answers = [unknown, {**unknown, "isError": False}, {**unknown, "isError": 1}]
    results: list[Any] = []

    async def call_next(ctx: Any) -> Any:
        return answers[len(results) // 2]

    async def main() -> None:
        # each answer twice: the second request is a repeat (no begin())
        for _ in range(2 * len(answers)):
            try:
                results.append(await middleware(_call(), call_next))
            except MCPError as error:
                results.append((error.error.code, error.error.message, error.error.data))

    anyio.run(main)
    hint = "This tool may be available in other variants"
    refused = (-32602, "Unknown tool: t", {"activeVariant": "main", "hint": hint})
    # an isError false (or not exactly true) with the same text is the tool's own answer
    assert results == [refused, refused, *(a for a in answers[1:] for _ in "ab")]
