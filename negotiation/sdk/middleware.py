"""The one SDK ``ServerMiddleware`` of [`Negotiation`][negotiation.sdk.server.Negotiation]: an adapter.

It reads the SDK's request context once into a [`Request`][negotiation.engine.Request]
(``negotiation.sdk.reading``), asks the engine
([`negotiation.engine.Negotiator`][negotiation.engine.Negotiator]) for the request's view,
runs the handler once with the view in the ``negotiated()`` context variable, and hands
the result back to the engine. It maps a refusal to the SDK's ``MCPError``, turns the
SDK's own answer for an unknown name into the engine's error, and does what only the
SDK's objects can (``_bind``): keeps a 2025-11-25 subscriber's session, binds a
``subscriptions/listen`` stream's session to its variant, renders the prompts of
``@neg.prompt``. Every decision is the engine's, and the engine never sees ``ctx``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from functools import partial
from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.shared.exceptions import MCPError

from negotiation import variants as sv
from negotiation.context import NegotiationContext
from negotiation.engine import Negotiator, Refusal, Request
from negotiation.scopes import UNSCOPED
from negotiation.sdk import misuse
from negotiation.sdk.anonymous import AnonymousBuckets
from negotiation.sdk.events import Stream, listening
from negotiation.sdk.handlers import current, mcp_error
from negotiation.sdk.reading import answers_unknown, header, read
from negotiation.sdk.registry import Definitions
from negotiation.sdk.sessions import Sessions, VariantBoundSession
from negotiation.versioning import Era

__all__ = ["NegotiationMiddleware"]

PrincipalOf = Callable[[ServerRequestContext[Any, Any]], Hashable]

_SUBSCRIPTIONS = frozenset({"resources/subscribe", "resources/unsubscribe"})


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

    def context(
        self, ctx: ServerRequestContext[Any, Any], *, ranked: sv.Advertisement | None = None
    ) -> NegotiationContext:
        """See [`Negotiation.context()`][negotiation.sdk.server.Negotiation.context]."""
        try:
            principal = self._principal_of(ctx) if self._principal_of is not None else None
            request = read(
                ctx, principal, header(ctx), self._engine, self._sessions, self._anonymous
            )
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
        http = ctx.request  # None in process and over stdio
        headers = getattr(http, "headers", None) if http is not None else None  # header(ctx)
        variant_header = headers.get(sv.HEADER) if headers is not None else None
        method = ctx.method
        # A repeated request is one lookup; any other goes through begin() and finish().
        view = engine.repeated(method, ctx.params, ctx.protocol_version, principal, variant_header)
        request = failed = None
        try:
            if view is None:
                request = read(
                    ctx, principal, variant_header, engine, self._sessions, self._anonymous
                )
                view = await engine.begin(request)
                if view is None or method in UNSCOPED:  # no variant serves these
                    return await engine.finish(request, view, await call_next(ctx))  # type: ignore[no-any-return]
                ctx, call_next = self._bind(ctx, call_next, request, view)
            token = current.set(view)
            try:
                result = await call_next(ctx)
            except (MCPError, ValueError) as exc:
                failed = exc
            finally:
                current.reset(token)
            if failed is not None or (
                method == "tools/call" and type(result) is dict and result.get("isError") is True
            ):
                # SEP-2053: a name the SDK does not have, in a variant, answers -32602.
                unknown = answers_unknown(method, ctx.params, failed or result)
                error = engine.unknown(Request(method, ctx.params), view) if unknown else None
                if error is not None:
                    raise Refusal(error)
                if failed is not None:
                    raise failed
            return result if request is None else await engine.finish(request, view, result)
        except Refusal as refusal:
            raise mcp_error(refusal.error) from None

    def _bind(
        self,
        ctx: ServerRequestContext[Any, Any],
        call_next: CallNext,
        request: Request,
        view: NegotiationContext,
    ) -> tuple[ServerRequestContext[Any, Any], CallNext]:
        """What serves the request in the SDK, with the engine's decisions applied: a
        2025-11-25 subscription answered here (its session kept for the updates), a
        listen stream's session bound to its variant, a declared prompt rendered."""
        engine = self._engine
        method = request.method
        if method in _SUBSCRIPTIONS and view.era is Era.LEGACY:
            engine.subscription(request, view)
            if method == "resources/subscribe":
                self._sessions.hold(request.session_key, ctx.session)
                self._sessions.watch(ctx)
            return ctx, _subscribed
        if method == "subscriptions/listen":
            bound = engine.listen(request, view)
            if bound.bound:
                proxy: Any = VariantBoundSession(ctx.session, bound.variant, engine.exists)
                ctx = replace(ctx, session=proxy)
            return ctx, partial(_listening, Stream(bound.variant, bound.uris), call_next)
        name = (request.params or {}).get("name") if method == "prompts/get" else None
        if isinstance(name, str) and name in self._prompts:
            variant = view.variant if view.variant is not None else engine.default_variant
            return ctx, partial(self._prompts.get, variant=variant)
        return ctx, call_next


async def _listening(
    stream: Stream, call_next: CallNext, ctx: ServerRequestContext[Any, Any]
) -> HandlerResult:
    """A ``subscriptions/listen`` handler, run with its stream's binding in ``listening``."""
    token = listening.set(stream)
    try:
        return await call_next(ctx)
    finally:
        listening.reset(token)


async def _subscribed(ctx: ServerRequestContext[Any, Any]) -> HandlerResult:
    """A 2025-11-25 ``resources/subscribe`` or ``unsubscribe``, done: the empty result."""
    return {}
