"""The one SDK ``ServerMiddleware`` of [`Negotiation`][negotiation.sdk.server.Negotiation]: an adapter.

It reads ``ctx`` once into a [`Request`][negotiation.engine.Request] (``sdk/reading.py``),
asks the engine ([`Negotiator`][negotiation.engine.Negotiator]) for the view and how the
request is served, runs the handler with the view in ``negotiated()``'s context variable
and hands the result back to the engine. It maps a refusal to ``MCPError``, recognises
the SDK's answers for unknown names, and does what only the SDK's objects can (keep a
subscriber's session, bind a listen stream's, render ``@neg.prompt``). Every decision
is the engine's, and the engine never sees ``ctx``."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from functools import partial
from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.shared.exceptions import MCPError

from negotiation import variants as sv
from negotiation.content import NegotiationContext
from negotiation.engine import Negotiator, Refusal, Request
from negotiation.sdk import misuse
from negotiation.sdk.anonymous import AnonymousBuckets
from negotiation.sdk.events import Stream, listening
from negotiation.sdk.handlers import current, mcp_error
from negotiation.sdk.reading import answers_unknown, header, read
from negotiation.sdk.registry import Definitions
from negotiation.sdk.sessions import Sessions, VariantBoundSession

__all__ = ["NegotiationMiddleware"]

PrincipalOf = Callable[[ServerRequestContext[Any, Any]], Hashable]


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
        principal = self._principal_of(ctx) if self._principal_of is not None else None
        request = read(ctx, principal, header(ctx), self._engine, self._sessions, self._anonymous)
        try:
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
        principal = self._principal_of(ctx) if self._principal_of is not None else None
        http = ctx.request  # None in process and over stdio
        headers = getattr(http, "headers", None) if http is not None else None  # header(ctx)
        variant_header = headers.get(sv.HEADER) if headers is not None else None
        # A repeated request is one lookup; any other goes through begin() and finish().
        view = self._engine.repeated(
            ctx.method, ctx.params, ctx.protocol_version, principal, variant_header
        )
        if view is None:
            try:
                return await self._sequence(ctx, call_next, principal, variant_header)
            except Refusal as refusal:
                raise mcp_error(refusal.error) from None
        token = current.set(view)
        try:
            result = await call_next(ctx)
        except (MCPError, ValueError) as failed:
            self._unknown(ctx, view, failed)
            raise
        finally:
            current.reset(token)
        if type(result) is dict and result.get("isError") is True and ctx.method == "tools/call":
            self._unknown(ctx, view, result)  # the SDK's isError result
        return result

    async def _sequence(
        self,
        ctx: ServerRequestContext[Any, Any],
        call_next: CallNext,
        principal: Hashable,
        variant_header: str | None,
    ) -> HandlerResult:
        """``begin()``, the handler as [`serving()`][negotiation.engine.Negotiator.serving]
        says, ``finish()``; a refusal raises [`Refusal`][negotiation.engine.Refusal]."""
        engine = self._engine
        request = read(ctx, principal, variant_header, engine, self._sessions, self._anonymous)
        view = await engine.begin(request)
        serving = engine.serving(request, view)
        step, listen = serving.step, None
        if step == "bare":
            return await engine.finish(request, view, await call_next(ctx))  # type: ignore[no-any-return]
        if step == "subscribed":  # its session is kept for the updates
            self._sessions.hold(request.session_key, ctx.session)
            self._sessions.watch(ctx)
        if step == "subscribed" or step == "unsubscribed":
            return {}  # done by serving()
        if serving.listen is not None:
            if serving.listen.bound:
                proxy: Any = VariantBoundSession(ctx.session, serving.variant, engine.exists)
                ctx = replace(ctx, session=proxy)
            listen = listening.set(Stream(serving.variant, serving.listen.uris))
        if step == "prompt":  # the SDK has no registration to serve it
            call_next = partial(self._prompts.get, variant=serving.variant)
        token = current.set(view)
        try:
            result = await call_next(ctx)
        except (MCPError, ValueError) as failed:
            self._unknown(ctx, view, failed)
            raise
        finally:
            current.reset(token)
            if listen is not None:
                listening.reset(listen)
        if type(result) is dict and result.get("isError") is True and ctx.method == "tools/call":
            self._unknown(ctx, view, result)  # the SDK's isError result
        return await engine.finish(request, view, result)  # type: ignore[no-any-return]

    def _unknown(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext | None, outcome: object
    ) -> None:
        """SEP-2053: a name the SDK does not have, in a variant, answers -32602 (raised
        here as the SDK's ``MCPError``); any other outcome is left as it is."""
        if answers_unknown(ctx.method, ctx.params, outcome):
            error = self._engine.unknown(Request(ctx.method, ctx.params), view)
            if error is not None:
                raise mcp_error(error) from None
