"""Exact pins of ``negotiation.sdk.middleware`` (issue #22): the shared switch bucket's
key, answer and audit line, whose bucket an anonymous request spends, what a listen
stream is bound to, the ``Context`` a prompt of ``@neg.prompt`` is rendered with, and
the active variant of a refused legacy subscription. Some requests are handed to the
middleware directly with a minimal request context, to reach the branches that the
SDK's in-memory ``Client`` never takes (an HTTP request, a session without state)."""

from __future__ import annotations

import dataclasses
import hashlib
import logging
from types import SimpleNamespace
from typing import Any

import anyio
import mcp_ext
import mcp_types
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError

from negotiation.backplane import InMemoryBackplane, Switched, principal_digest
from negotiation.sdk import Negotiation, client_for, variant_meta
from negotiation.sdk.events import Stream, listening
from negotiation.subscriptions import VariantSwitchLimiter
from negotiation.variants import META_KEY

VARIANTS = [
    mcp_ext.ServerVariant(id="main", description="The default.", hints={"useCase": "ide"}),
    mcp_ext.ServerVariant(id="other", description="Another.", hints={"useCase": "planning"}),
]
LEGACY, MODERN = "2025-11-25", "2026-07-28"
pytestmark = pytest.mark.filterwarnings("ignore:resources/(un)?subscribe is removed")


@dataclasses.dataclass
class Ctx:
    """The members of the SDK's request context that the middleware reads."""

    method: str
    params: Any
    protocol_version: str = MODERN
    request_id: Any = 1
    session: Any = dataclasses.field(
        default_factory=lambda: SimpleNamespace(client_capabilities=None)
    )
    request: Any = None


def _serve(neg: Negotiation, *requests: Ctx, result: Any = None) -> list[Any]:
    """Each request through the middleware; what reached the handler (or the error)."""
    middleware = neg.middleware[0]
    seen: list[Any] = []

    async def call_next(ctx: Any) -> dict[str, Any]:
        seen.append(listening.get())
        # by default an empty list for tools/list, ignored elsewhere
        return dict(result) if result is not None else {"tools": []}

    async def main() -> None:
        for ctx in requests:
            try:
                await middleware(ctx, call_next)
            except MCPError as error:
                seen.append(error)

    anyio.run(main)
    return seen


def _digest(principal: object) -> str:
    text = f"{type(principal).__qualname__}:{principal!r}"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def _records(caplog: pytest.LogCaptureFixture, name: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == name]


# --- the shared switch bucket ---------------------------------------------------------


class SharedBuckets(InMemoryBackplane):
    """A backplane whose switch buckets are shared: it records each spend and answers
    from ``answers`` (or is unreachable while ``down``)."""

    shared = True  # type: ignore[assignment]

    def __init__(self, answers: list[Switched | None] | None = None) -> None:
        super().__init__()
        self.answers = list(answers or [])
        self.spent: list[tuple[str, str | None, float, float]] = []
        self.down = False

    async def switch(
        self, key: str, variant: str | None, capacity: float, refill_per_second: float
    ) -> Switched | None:
        if self.down:
            raise ConnectionError("engine unreachable")
        self.spent.append((key, variant, capacity, refill_per_second))
        return self.answers.pop(0) if self.answers else Switched(variant)


def _limited(principal: Any, backplane: SharedBuckets, **kwargs: Any) -> Negotiation:
    limiter = VariantSwitchLimiter(capacity=1, refill_per_second=0.001)
    return Negotiation(
        VARIANTS,
        principal_of=lambda ctx: principal(ctx) if callable(principal) else principal,
        switch_limiter=limiter,
        backplane=backplane,
        **kwargs,
    )


def _call(variant: str | None = None, **ctx: Any) -> Ctx:
    params = {"name": "t", "_meta": {META_KEY: variant}} if variant else {"name": "t"}
    return Ctx("tools/call", params, **ctx)


def test_a_shared_refusal_names_both_variants_the_wait_and_audits_the_principal(
    caplog: pytest.LogCaptureFixture,
) -> None:
    shared = SharedBuckets([Switched("main"), Switched("main", retry_after_ms=1500)])
    neg = _limited("alice", shared)
    with caplog.at_level(logging.INFO, logger="negotiation.sdk.audit"):
        served, refused = _serve(neg, _call(), _call("other"))
    assert served is None and isinstance(refused, MCPError)
    key = principal_digest("alice")
    assert shared.spent == [(key, "main", 1, 0.001), (key, "other", 1, 0.001)]
    assert (refused.error.code, refused.error.message, refused.error.data) == (
        -32000,
        "Too many server variant switches",
        {"activeVariant": "main", "requestedVariant": "other", "retryAfterMs": 1500},
    )
    assert _records(caplog, "negotiation.sdk.audit") == [
        f"tools/call: variant switch rate-limited for {_digest('alice')}"
    ]


def test_without_negotiation_a_shared_refusal_requests_the_empty_variant() -> None:
    shared = SharedBuckets([Switched(None, retry_after_ms=7)])
    (refused,) = _serve(_limited("alice", shared, negotiate=False), _call())
    assert shared.spent == [(principal_digest("alice"), None, 1, 0.001)]
    assert refused.error.data == {"requestedVariant": "", "retryAfterMs": 7}


def test_a_tuple_principal_spends_the_shared_bucket_a_legacy_session_token_does_not() -> None:
    shared = SharedBuckets()
    _serve(_limited(("team", 7), shared), _call())
    assert shared.spent == [(principal_digest(("team", 7)), "main", 1, 0.001)]


def test_while_the_engine_is_down_each_principal_keeps_its_own_local_bucket(
    caplog: pytest.LogCaptureFixture,
) -> None:
    shared = SharedBuckets()
    shared.down = True
    who = ["alice"]
    neg = _limited(lambda ctx: who[-1], shared)
    with caplog.at_level(logging.INFO, logger="negotiation.sdk.audit"):
        first = _serve(neg, _call("main"), _call("other"))
        who.append("bob")
        second = _serve(neg, _call("main"))
        shared.down = False
        _serve(neg, _call("main"))  # reachable again: the next outage is said again
        shared.down = True
        _serve(neg, _call("main"))
    assert first == [None, None] and second == [None]  # bob's first request is free
    assert (
        _records(caplog, "negotiation.sdk.audit")
        == ["switch limiter degraded to this replica's buckets: engine unreachable"] * 2
    )


# --- whose bucket an anonymous request spends -----------------------------------------


def test_an_anonymous_http_request_spends_its_anonymous_key() -> None:
    shared = SharedBuckets()
    neg = _limited(None, shared, anonymous_key=lambda ctx: ctx.request.headers["x-client"])
    http = SimpleNamespace(headers={"x-client": "10.0.0.1"})
    _serve(neg, _call(request=http), _call(request=None))
    assert [key for key, *_ in shared.spent] == [
        principal_digest(("anonymous", "10.0.0.1")),
        principal_digest(None),  # in process: the one client has the transport's bucket
    ]


def test_an_anonymous_legacy_session_gets_a_random_token_in_its_connection_state() -> None:
    state: dict[str, Any] = {}
    session = SimpleNamespace(client_capabilities={}, _connection=SimpleNamespace(state=state))
    limiter = VariantSwitchLimiter(capacity=1, refill_per_second=0.001)
    neg = Negotiation(VARIANTS, switch_limiter=limiter)
    seen = _serve(
        neg,
        _call("main", protocol_version=LEGACY, session=session),
        _call("other", protocol_version=LEGACY, session=session),
    )
    assert seen == [None, None]  # one switch: within capacity
    ((name, (tag, token)),) = state.items()
    assert (name, tag, len(token)) == ("negotiation.sdk.anonymous", "session", 32)
    int(token, 16)  # hex
    # A session without connection state falls back to the transport's bucket.
    bare = SimpleNamespace(client_capabilities={})
    assert _serve(neg, _call(protocol_version=LEGACY, session=bare)) == [None]


# --- listen streams ---------------------------------------------------------------------


def test_a_listen_stream_is_bound_to_the_served_variant_and_its_requested_uris() -> None:
    neg = Negotiation(VARIANTS)
    neg.scope("resource", "memo://a", ["other"])
    params = {
        "_meta": {META_KEY: "other"},
        "notifications": {"resourceSubscriptions": ["memo://a", 5]},
    }
    (stream,) = _serve(neg, Ctx("subscriptions/listen", params))
    assert stream == Stream("other", frozenset({"memo://a"}))
    (plain,) = _serve(Negotiation(VARIANTS, negotiate=False), Ctx("subscriptions/listen", {}))
    assert plain == Stream("main", frozenset())  # the implicit variant serves it


# --- prompts of @neg.prompt -------------------------------------------------------------


def test_a_prompt_of_neg_prompt_gets_the_requests_context_as_the_sdk_builds_it() -> None:
    """The SDK reads ``prompts/get`` params by their wire names only: a Python name is
    not a field."""

    def build(server: MCPServer | Negotiation) -> Any:
        @server.prompt(name="state")
        def state(ctx: Context) -> str:
            return f"{type(ctx.request_id).__name__} {ctx.request_state}"

    neg = Negotiation(VARIANTS)
    build(neg)
    ours = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)
    reference = MCPServer("reference")
    build(reference)

    async def text(server: MCPServer) -> Any:
        async with Client(server, mode="auto") as client:
            params = {"name": "state", "request_state": "python"}
            result = await client_for(client).prompts_get(params)  # type: ignore[arg-type]
            return result.model_dump(by_alias=True, exclude_none=True)["messages"]

    served = anyio.run(text, ours)
    assert served == anyio.run(text, reference)
    assert served == [{"role": "user", "content": {"type": "text", "text": "str None"}}]


def test_without_negotiation_prompts_list_the_default_variants_definition() -> None:
    neg = Negotiation(VARIANTS, default_variant="other", negotiate=False)

    @neg.prompt(variants=["main"], name="review")
    def review_main(item: str) -> str:
        return item

    @neg.prompt(variants=["other"], name="review")
    def review_other(sku: str) -> str:
        return sku

    server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)

    async def arguments() -> list[str]:
        async with Client(server, mode="legacy") as client:
            (prompt,) = (await client.list_prompts()).prompts
            return [a.name for a in prompt.arguments or []]

    assert anyio.run(arguments) == ["sku"]


# --- legacy subscriptions ---------------------------------------------------------------


def test_a_legacy_subscription_to_nowhere_without_scopes_names_the_active_variant() -> None:
    neg = Negotiation(VARIANTS)
    server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)
    server.resource("memo://here", name="here")(lambda: "h")
    neg.attach(server)  # so that a URI nothing serves is refused

    async def refused() -> MCPError:
        async with Client(server, mode="legacy") as client:
            await client.subscribe_resource("memo://here", meta=variant_meta("other"))
            with pytest.raises(MCPError) as caught:
                await client.subscribe_resource("memo://nowhere", meta=variant_meta("other"))
            return caught.value

    error = anyio.run(refused)
    assert (error.code, error.message) == (-32602, "Unknown resource: memo://nowhere")
    assert error.data is not None and error.data["uri"] == "memo://nowhere"
    assert error.data["activeVariant"] == "other"


# --- lists and cursors ------------------------------------------------------------------


def test_a_cursor_on_an_unpaginated_list_is_refused_and_audited(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = Negotiation(VARIANTS, principal_of=lambda ctx: "alice")
    with caplog.at_level(logging.INFO, logger="negotiation.sdk.audit"):
        _, refused = _serve(neg, Ctx("tools/list", {"cursor": "anything"}))  # after the handler
    assert (refused.error.code, refused.error.message, refused.error.data) == (
        -32602,
        "Invalid cursor",
        {"activeVariant": "main"},
    )
    assert _records(caplog, "negotiation.sdk.audit") == [
        f"tools/list: refused cursor for {_digest('alice')}"
    ]


def test_resource_pages_resume_after_the_last_uri_not_its_name() -> None:
    neg = Negotiation(VARIANTS, page_size=1)
    server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)
    for uri in ("memo://a", "memo://b", "memo://c"):
        server.resource(uri, name="same")(lambda: "x")

    async def pages() -> list[str]:
        uris: list[str] = []
        async with Client(server, mode="legacy") as client:
            cursor = None
            for _ in range(4):
                page = await client.list_resources(cursor=cursor)
                uris += [str(r.uri) for r in page.resources]
                cursor = page.next_cursor
                if cursor is None:
                    break
        return uris

    assert anyio.run(pages) == ["memo://a", "memo://b", "memo://c"]


# --- errors that are not unknown identifiers ----------------------------------------------


def test_an_mcp_error_that_is_not_the_sdks_unknown_name_passes_unchanged() -> None:
    neg = Negotiation(VARIANTS)
    server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)

    @server.resource("memo://busy", name="busy")
    def busy() -> str:
        raise MCPError(code=-32001, message="Busy")

    @server.tool(name="t")
    def t() -> str:
        raise MCPError(code=-32001, message="Resource not found")

    async def errors() -> list[tuple[int, str, Any]]:
        got = []
        async with Client(server, mode="legacy") as client:
            for call in (
                lambda: client.read_resource("memo://busy"),
                lambda: client.call_tool("t", {}),
            ):
                try:
                    result = await call()
                    got.append((0, "", result.model_dump(by_alias=True, exclude_none=True)))
                except MCPError as error:
                    got.append((error.code, error.message, error.data))
        return got

    read, tool = anyio.run(errors)
    assert read[:2] == (-32001, "Busy")
    assert tool[:2] == (-32001, "Resource not found")


def test_a_paginated_handler_list_is_not_checked_against_the_scopes(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = Negotiation(VARIANTS)
    neg.scope("tool", "ghost", ["other"])  # a name the handler's first page lacks
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        _serve(neg, Ctx("tools/list", {}), result={"tools": [], "nextCursor": "page2"})
    assert [r for r in caplog.records if "ghost" in r.getMessage()] == []


# --- the memo's session fast path ---------------------------------------------------------


@pytest.mark.parametrize(("version", "second"), [(LEGACY, "json"), (MODERN, "text")])
def test_only_handshake_capabilities_are_settled_once_per_object(version: str, second: str) -> None:
    """2025-11-25 capabilities are the session's, declared once at ``initialize``; a
    2026-07-28 declaration is read again on every request."""
    cn = "io.modelcontextprotocol/content-negotiation"
    declared = {cn: {"version": "1.0", "features": ["format=json"]}}
    capabilities = mcp_types.ClientCapabilities.model_validate({"extensions": declared})
    session = SimpleNamespace(client_capabilities=capabilities)
    neg = Negotiation(VARIANTS)
    first = neg.context(Ctx("tools/list", {}, protocol_version=version, session=session))
    capabilities.extensions = {cn: {"version": "1.0", "features": ["format=text"]}}
    then = neg.context(Ctx("tools/list", {}, protocol_version=version, session=session))
    assert (first.format, then.format) == ("json", second)


# --- the local switch limiter -------------------------------------------------------------


def test_with_shared_buckets_the_local_bucket_is_not_spent_too() -> None:
    shared = SharedBuckets()  # lets every switch through
    seen = _serve(_limited("alice", shared), _call("main"), _call("other"), _call("main"))
    assert seen == [None, None, None]  # the local bucket (capacity 1) would refuse one
    assert [variant for _, variant, *_ in shared.spent] == ["main", "other", "main"]


def test_an_anonymous_http_request_is_unlimited_by_default_and_says_so(
    caplog: pytest.LogCaptureFixture,
) -> None:
    limiter = VariantSwitchLimiter(capacity=1, refill_per_second=0.001)
    neg = Negotiation(VARIANTS, switch_limiter=limiter)
    http = SimpleNamespace(headers={})
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        seen = _serve(neg, *(_call(v, request=http) for v in ("main", "other", "main")))
    assert seen == [None, None, None]
    (warning,) = [m for m in _records(caplog, "negotiation.sdk") if "anonymous" in m]  # once
    assert warning.startswith("tools/call: an anonymous 2026-07-28 HTTP request")


# --- the middleware's own warnings and dispatch -------------------------------------------


def test_a_legacy_request_without_capabilities_is_warned_once_with_the_fix(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = Negotiation(VARIANTS)
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        _serve(neg, _call())  # a 2026-07-28 request carries its own
        assert [m for m in _records(caplog, "negotiation.sdk") if "stateless" in m] == []
        _serve(neg, _call(protocol_version=LEGACY), _call(protocol_version=LEGACY))
    warnings = [m for m in _records(caplog, "negotiation.sdk") if "stateless" in m]
    assert warnings == [
        "tools/call: a 2025-11-25 request without the client's capabilities (is the server"
        " run with stateless_http=True?): negotiation is off for legacy clients."
        " Serve them with sessions, routed sticky on Mcp-Session-Id"
    ]


def test_a_shared_backplane_without_a_switch_limiter_limits_nothing() -> None:
    shared = SharedBuckets()
    neg = Negotiation(VARIANTS, principal_of=lambda ctx: "alice", backplane=shared)
    assert _serve(neg, _call("main"), _call("other")) == [None, None]
    assert shared.spent == []


def test_a_tool_named_as_a_neg_prompt_is_still_the_tool() -> None:
    neg = Negotiation(VARIANTS)

    @neg.prompt(name="same")
    def prompt() -> str:
        return "the prompt"

    server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)

    @server.tool(name="same")
    def tool() -> str:
        return "Unknown tool: same"  # a success that reads like the SDK's refusal

    async def call() -> Any:
        async with Client(server, mode="legacy") as client:
            result = await client.call_tool("same", {})
            return result.model_dump(by_alias=True, exclude_none=True)

    result = anyio.run(call)
    assert result["isError"] is False
    assert result["content"] == [{"type": "text", "text": "Unknown tool: same"}]


def _declared(*features: str) -> dict[str, Any]:
    cn = "io.modelcontextprotocol/content-negotiation"
    return {"extensions": {cn: {"version": "1.0", "features": list(features)}}}


def test_a_legacy_request_s_meta_capabilities_are_not_its_declaration() -> None:
    """Only a 2026-07-28 request declares in ``_meta``; a 2025-11-25 one is the session's."""
    caps = mcp_types.ClientCapabilities.model_validate(_declared("format=json"))
    meta = {mcp_types.CLIENT_CAPABILITIES_META_KEY: _declared("format=text")}
    ctx = Ctx(
        "tools/list",
        {"_meta": meta},
        protocol_version=LEGACY,
        session=SimpleNamespace(client_capabilities=caps),
    )
    assert Negotiation(VARIANTS).context(ctx).format == "json"


def test_a_modern_declaration_repeated_in_meta_is_found_by_its_bytes() -> None:
    neg = Negotiation(VARIANTS)
    views = []
    for _ in range(2):  # a fresh copy of the declaration each time, as on the wire
        raw = _declared("format=json")
        ctx = Ctx(
            "tools/list",
            {"_meta": {mcp_types.CLIENT_CAPABILITIES_META_KEY: raw}},
            session=SimpleNamespace(
                client_capabilities=mcp_types.ClientCapabilities.model_validate(raw)
            ),
        )
        views.append(neg.context(ctx))
    assert views[0] is views[1] and views[0].format == "json"
    assert len(neg._memo._by_wire) == 1
