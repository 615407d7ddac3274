"""The one SDK ``ServerMiddleware`` of [`Negotiation`][negotiation.sdk.server.Negotiation]: an adapter.

It reads the SDK's request context into a [`Request`][negotiation.engine.Request], asks the
engine ([`negotiation.engine.Negotiator`][negotiation.engine.Negotiator]) for the
request's view, runs the handler with the view in the ``negotiated()`` context variable,
and hands the result back to the engine. It maps a refusal to the SDK's ``MCPError``,
recognises the SDK's own answers for unknown names, binds a ``subscriptions/listen``
stream's session to its variant and renders the prompts of ``@neg.prompt``. Every
decision is the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import replace
from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.shared.exceptions import MCPError

from negotiation import errors
from negotiation import variants as sv
from negotiation.content import NegotiationContext
from negotiation.engine import Negotiator, Refusal, Request
from negotiation.scopes import TARGETS, UNSCOPED
from negotiation.sdk import misuse
from negotiation.sdk.anonymous import UNLIMITED, AnonymousBuckets, bucket_of
from negotiation.sdk.events import Stream, listening
from negotiation.sdk.handlers import current, mcp_error, session_key
from negotiation.sdk.registry import Definitions
from negotiation.sdk.sessions import Sessions, VariantBoundSession
from negotiation.versioning import Era

__all__ = ["NegotiationMiddleware"]

PrincipalOf = Callable[[ServerRequestContext[Any, Any]], Hashable]

_UNKNOWN: Mapping[str, str] = {
    "tool": "Unknown tool",
    "prompt": "Unknown prompt",
    "resource": "Unknown resource",
}  # the SDK's own messages for names it does not have
_SUBSCRIPTIONS = frozenset({"resources/subscribe", "resources/unsubscribe"})


def _header(ctx: ServerRequestContext[Any, Any]) -> str | None:
    """The request's ``MCP-Server-Variant`` header (None in process and over stdio)."""
    headers = getattr(ctx.request, "headers", None)
    return headers.get(sv.HEADER) if headers is not None else None


class NegotiationMiddleware:
    """``(ctx, call_next) -> result`` for every request of one [`Negotiation`][negotiation.sdk.server.Negotiation]."""

    def __init__(
        self,
        engine: Negotiator,
        sessions: Sessions,
        *,
        principal_of: PrincipalOf | None,
        anonymous: AnonymousBuckets,
        prompts: Definitions,
        extensions_taken: Callable[[], bool],
    ) -> None:
        self._engine = engine
        self._sessions = sessions
        self._principal_of = principal_of
        self._anonymous = anonymous
        self._prompts = prompts
        self._extensions_taken = extensions_taken
        self._served = False
        self._receiving = False

    def request(
        self, ctx: ServerRequestContext[Any, Any], principal: Hashable, header: str | None
    ) -> Request:
        """What the engine decides on: ``ctx`` read once (``principal`` and ``header``
        already read)."""
        engine = self._engine
        version = ctx.protocol_version
        session = ctx.session
        legacy = version not in engine.modern_versions
        return Request(
            ctx.method,
            ctx.params,
            version,
            principal,
            session.client_capabilities,
            header,
            session_key(ctx) if legacy else None,
            bucket_of(ctx, principal, legacy, self._anonymous)
            if engine.limits_switches
            else UNLIMITED,
            session,
            # A 2025-11-25 session keeps its principal and variants only while its end
            # can be seen (then they are dropped).
            legacy
            and ctx.method == "initialize"
            and engine.advertiser is not None
            and self._sessions.watch(ctx),
        )

    def context(
        self, ctx: ServerRequestContext[Any, Any], *, ranked: sv.Advertisement | None = None
    ) -> NegotiationContext:
        """See [`Negotiation.context()`][negotiation.sdk.server.Negotiation.context]."""
        try:
            principal = self._principal_of(ctx) if self._principal_of is not None else None
            request = self.request(ctx, principal, _header(ctx))
            return self._engine.view(request, ranked=ranked)
        except Refusal as refusal:
            raise mcp_error(refusal.error) from None

    async def __call__(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        if not self._receiving:
            if not self._served:
                self._served = True
                if not self._extensions_taken():
                    misuse.logger.warning(misuse.NO_EXTENSIONS)
            if ctx.request_id is None:  # a notification
                return await call_next(ctx)
            # Receive before serving: a stream opened now must not miss an event.
            if not self._sessions.started:
                await self._sessions.start()
            self._receiving = True  # once started, the sessions receive for good
        elif ctx.request_id is None:
            return await call_next(ctx)
        engine = self._engine
        principal = self._principal_of(ctx) if self._principal_of is not None else None
        headers = getattr(ctx.request, "headers", None)  # _header(ctx), inlined: per call
        header = headers.get(sv.HEADER) if headers is not None else None
        method = ctx.method
        view = engine.repeated(method, ctx.params, ctx.protocol_version, principal, header)
        if view is not None:  # a repeated request: one lookup, then the handler
            token = current.set(view)
            try:
                result = await call_next(ctx)
            except (MCPError, ValueError) as exc:
                self._unknown(self.request(ctx, principal, header), view, exc)
                raise
            finally:
                current.reset(token)
            if method == "tools/call" and type(result) is dict and result.get("isError") is True:
                self._unknown(self.request(ctx, principal, header), view, result)
            return result
        return await self._serve(ctx, call_next, self.request(ctx, principal, header))

    async def _serve(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext, request: Request
    ) -> HandlerResult:
        """The whole sequence: begin, the handler, finish."""
        engine = self._engine
        method = request.method
        try:
            view = await engine.begin(request)
            if view is None or method in UNSCOPED:  # no variant serves these
                return await engine.finish(request, view, await call_next(ctx))  # type: ignore[no-any-return]
            if method in _SUBSCRIPTIONS and view.era is Era.LEGACY:
                engine.subscription(request, view)
                if method == "resources/subscribe":
                    self._sessions.hold(request.session_key, ctx.session)
                    self._sessions.watch(ctx)
                return {}
            listen = None
            if method == "subscriptions/listen":
                bound = engine.listen(request, view)
                if bound.bound:
                    proxy: Any = VariantBoundSession(ctx.session, bound.variant, engine.exists)
                    ctx = replace(ctx, session=proxy)
                listen = listening.set(Stream(bound.variant, bound.uris))
            token = current.set(view)
            try:
                name = (ctx.params or {}).get("name") if method == "prompts/get" else None
                if isinstance(name, str) and name in self._prompts:
                    variant = view.variant if view.variant is not None else engine.default_variant
                    return await self._prompts.get(ctx, variant)
                result = await call_next(ctx)
            except (MCPError, ValueError) as exc:
                self._unknown(request, view, exc)
                raise
            finally:
                current.reset(token)
                if listen is not None:
                    listening.reset(listen)
            if (
                method == "tools/call"
                and isinstance(result, dict)
                and result.get("isError") is True
            ):
                self._unknown(request, view, result)
            return await engine.finish(request, view, result)  # type: ignore[no-any-return]
        except Refusal as refusal:
            raise mcp_error(refusal.error) from None

    def _unknown(self, request: Request, view: NegotiationContext, outcome: object) -> None:
        """SEP-2053: an unknown tool, prompt or resource answers -32602 with
        ``activeVariant`` when a variant serves the request.

        The SDK answers an unknown name in three shapes (an ``isError`` tool result, a
        -32602 for a resource, a ``ValueError`` for a prompt) and the middleware cannot
        see its registries, so the SDK's own outcome is recognised by its exact message;
        ``tests/sdk/test_unknown_identifiers.py`` pins those messages.
        """
        target = TARGETS.get(request.method)
        name = (request.params or {}).get(target[1]) if target is not None else None
        if target is None or not isinstance(name, str):
            return
        kind = target[0]
        expected = f"{_UNKNOWN[kind]}: {name}"
        if isinstance(outcome, dict):  # tools/call: the SDK's isError result
            unknown = outcome.get("content") == [{"type": "text", "text": expected}]
        elif isinstance(outcome, MCPError):
            unknown = (
                kind == "resource"
                and outcome.error.code == errors.INVALID_PARAMS
                # the SDK's resources/read, or our resources/metadata
                and outcome.error.message in (expected, "Resource not found")
            )
        else:
            unknown = kind == "prompt" and str(outcome) == expected
        error = self._engine.unknown(request, view) if unknown else None
        if error is not None:
            raise mcp_error(error) from None
