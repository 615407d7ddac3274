"""The one SDK ``ServerMiddleware`` of [`Negotiation`][negotiation.sdk.server.Negotiation].

For every request, before any handler runs, it reads the client's declaration from the
SDK's request context, settles it ([`negotiation.declarations`][negotiation.declarations]), resolves the
variant (``_meta``, then the ``MCP-Server-Variant`` header, else the default) and
refuses an unknown one with the spec's error. It then advertises the ranked variants in
``initialize`` and ``server/discover``, scopes and pages lists per variant
([`negotiation.scopes`][negotiation.scopes]), answers multi-format resources with the negotiated formats,
serves 2025-11-25 subscriptions ([`negotiation.sdk.sessions`][negotiation.sdk.sessions]), and logs each decision
at DEBUG on the ``negotiation.sdk`` logger. The decisions are the runtime's; this module
reads ``ctx``, calls them and maps their errors to the SDK's ``MCPError``.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Hashable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import mcp_types
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import Context
from mcp.shared.exceptions import MCPError
from mcp_types import methods as _methods

from negotiation import errors, scopes
from negotiation import features as cn
from negotiation import variants as sv
from negotiation._wire import wire_dump, wire_get
from negotiation.backplane import principal_digest
from negotiation.content import NegotiationContext
from negotiation.declarations import view_key
from negotiation.scopes import LISTS, TARGETS, UNSCOPED, Kind
from negotiation.sdk import authored, misuse
from negotiation.sdk.anonymous import UNLIMITED, AnonymousBuckets
from negotiation.sdk.events import Stream, listening
from negotiation.sdk.extensions import RESOURCE_METADATA_EXTENSION_ID
from negotiation.sdk.handlers import MODERN_VERSIONS, current, era, mcp_error, session_key
from negotiation.sdk.sessions import LegacySession, VariantBoundSession
from negotiation.versioning import Era

if TYPE_CHECKING:
    from negotiation.sdk.server import Negotiation

__all__ = ["NegotiationMiddleware"]

logger = logging.getLogger("negotiation.sdk")
audit = logging.getLogger("negotiation.sdk.audit")
"""Refusals that matter for security review, at INFO: a variant refused, a principal
changed within a session, a switch rate-limited, a cursor refused. The principal is
logged as a short digest, never as given (it may be a credential)."""

_UNKNOWN: Mapping[str, str] = {
    "tool": "Unknown tool",
    "prompt": "Unknown prompt",
    "resource": "Unknown resource",
}  # the SDK's own messages for names it does not have

_ANONYMOUS = "negotiation.sdk.anonymous"  # in the SDK connection's per-connection state
_UNLIMITED = UNLIMITED  # a request with no one to limit
_UNREAD = object()
_CAPABILITIES = mcp_types.CLIENT_CAPABILITIES_META_KEY


def _who(principal: Hashable) -> str:
    """A short, stable digest of a principal for the audit log."""
    if principal is None:
        return "-"
    text = f"{type(principal).__qualname__}:{principal!r}"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def _same(a: Hashable, b: Hashable) -> bool:
    """Type-exact equality of principals (``1`` is not ``True``, ``"1"`` is not ``1``)."""
    return type(a) is type(b) and a == b


def _meta_of(ctx: ServerRequestContext[Any, Any]) -> object:
    params = ctx.params
    return params.get("_meta") if params is not None else None


def _header(ctx: ServerRequestContext[Any, Any]) -> str | None:
    """The request's ``MCP-Server-Variant`` header (None in process and over stdio)."""
    headers = getattr(ctx.request, "headers", None)
    return headers.get(sv.HEADER) if headers is not None else None


def _selection(
    ctx: ServerRequestContext[Any, Any], meta: object = _UNREAD
) -> tuple[object, str | None]:
    """The request's ``_meta`` and, only when ``_meta`` selects no variant, the
    ``MCP-Server-Variant`` header (``_meta`` wins over the header)."""
    if meta is _UNREAD:
        meta = _meta_of(ctx)
    if isinstance(meta, Mapping) and sv.META_KEY in meta:
        return meta, None
    return meta, _header(ctx)


def _bucket(
    ctx: ServerRequestContext[Any, Any], principal: Hashable, anonymous: AnonymousBuckets
) -> Hashable:
    """Whose switch bucket a request spends (SEP-2053: "by principal/session"): its
    principal's; without one, its 2025-11-25 session's, so that anonymous clients do not
    share one bucket. An anonymous 2026-07-28 request over HTTP has neither (its address
    may be a proxy's, shared by everyone): ``anonymous_key`` decides (by default
    ``_UNLIMITED``, with a warning). In process or over stdio the one client has the
    transport's bucket."""
    if principal is not None:
        return principal
    if era(ctx.protocol_version) is Era.LEGACY and ctx.session.client_capabilities is not None:
        state = getattr(getattr(ctx.session, "_connection", None), "state", None)
        if isinstance(state, dict):
            token: Hashable = state.setdefault(_ANONYMOUS, ("session", os.urandom(16).hex()))
            return token
    return anonymous(ctx) if getattr(ctx, "request", None) is not None else None


def _envelope(result: Mapping[str, Any]) -> dict[str, Any]:
    """A list result without its items (what a list's surface model requires)."""
    return {k: v for k, v in result.items() if k not in ("tools", "prompts", "nextCursor")}


class NegotiationMiddleware:
    """``(ctx, call_next) -> result`` for every request of one [`Negotiation`][negotiation.sdk.server.Negotiation]."""

    def __init__(self, neg: Negotiation) -> None:
        self._neg = neg
        self._served = False
        self._receiving = False
        self._warned_stateless = False
        self._degraded = False  # the shared limiter is unreachable: local buckets
        self._first_lists = set(misuse.LIST_KINDS)  # each checked against the scopes once

    # --- the request's view -------------------------------------------------------------

    def context(
        self, ctx: ServerRequestContext[Any, Any], *, ranked: sv.Advertisement | None = None
    ) -> NegotiationContext:
        """See [`Negotiation.context()`][negotiation.sdk.server.Negotiation.context]."""
        neg = self._neg
        version = ctx.protocol_version
        principal = neg._principal(ctx)
        key = None
        if (
            version in MODERN_VERSIONS
            and neg.negotiate
            and neg._ranker is None
            and neg._switch_limiter is None
        ):
            # A 2026-07-28 request that repeats one already served costs one lookup: no
            # session, ranking or limit can change what its parts decide.
            params = ctx.params
            meta = params.get("_meta") if params is not None else None
            if type(meta) is dict:
                header = None if sv.META_KEY in meta else _header(ctx)
                key = view_key(
                    principal, version, meta.get(sv.META_KEY), header, meta.get(_CAPABILITIES)
                )
                found = neg._memo.views.get(key) if key is not None else None
                if found is not None and not logger.isEnabledFor(logging.DEBUG):
                    return found
        request_era = era(version)
        capabilities: object = ctx.session.client_capabilities
        legacy = (
            neg.sessions.legacy.get(session_key(ctx))
            if request_era is Era.LEGACY and neg.sessions.legacy
            else None
        )
        if legacy is not None and not _same(legacy.principal, principal):
            audit.info(
                "%s: refused: principal %s changed within the session of %s",
                ctx.method,
                _who(principal),
                _who(legacy.principal),
            )
            raise mcp_error(errors.principal_changed())
        if not neg.negotiate:
            # No variants on the wire; the lists still show the default variant's items.
            # SEP-2053: a selected variant is refused on every method, not ignored.
            params = ctx.params
            meta = params.get("_meta") if params is not None else None
            if isinstance(meta, Mapping) and sv.META_KEY in meta:
                logger.debug("%s: refused variant: server variants not supported", ctx.method)
                raise mcp_error(errors.server_variants_not_supported())
            return NegotiationContext(
                era=request_era, protocol_version=version, principal=principal
            )
        # Handshake-era capabilities are one object for the whole session, advertised once;
        # a 2026-07-28 request carries them in ``_meta``, where the SDK read them from.
        sticky = request_era is Era.LEGACY
        meta = _meta_of(ctx)
        wire = meta.get(_CAPABILITIES) if not sticky and type(meta) is dict else None
        settled = (
            legacy.settled
            if legacy is not None
            else neg._memo.get(capabilities, principal, sticky=sticky, wire=wire)
        )
        if ranked is not None and legacy is None and settled.ids != ranked.ids:
            # The ranking was decided anew (its time to live ran out): what the memo
            # settled before is stale. Rare, so forgetting every declaration is cheap.
            neg._memo.clear()
            settled = neg._memo.get(capabilities, principal, sticky=sticky)
        meta, header = _selection(ctx, meta)
        resolution = settled.resolver.resolve(meta, header)
        if resolution.error is not None:
            audit.info(
                "%s: refused variant for %s (%s): %s",
                ctx.method,
                _who(principal),
                resolution.source,
                resolution.error["message"],
            )
            raise mcp_error(resolution.error)
        limiter = neg._switch_limiter
        bucket = _bucket(ctx, principal, neg._anonymous) if limiter is not None else _UNLIMITED
        if limiter is not None and not neg.backplane.shared and bucket is not _UNLIMITED:
            limited = limiter.check(bucket, resolution.variant)
            if limited is not None:
                audit.info("%s: variant switch rate-limited for %s", ctx.method, _who(principal))
                raise mcp_error(limited)
        view = settled.view(resolution.variant, request_era, version)
        if key is not None and settled.cacheable:
            neg._memo.keep_view(key, view)
        if logger.isEnabledFor(logging.DEBUG):
            features = view.features
            logger.debug(
                "%s: features=%s format=%s variant=%s (%s) era=%s",
                ctx.method,
                None if features is None else [str(tag) for tag in features.tags],
                view.format,
                view.variant,
                resolution.source,
                request_era,
            )
        return view

    # --- the middleware -----------------------------------------------------------------

    async def __call__(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        neg = self._neg
        method = ctx.method
        if not self._served:
            self._served = True
            if not neg._variants_extension.consumed:
                misuse.logger.warning(misuse.NO_EXTENSIONS)
        if ctx.request_id is None:  # a notification
            return await call_next(ctx)
        # Receive before serving: a stream opened now must not miss an event.
        if not self._receiving:  # once started, the sessions receive for good
            if not neg.sessions.started:
                await neg.sessions.start()
            self._receiving = True
        if method in UNSCOPED:
            return await self._unscoped(ctx, call_next)
        ranked = None
        if neg._ranker is not None and (
            era(ctx.protocol_version) is Era.MODERN or session_key(ctx) not in neg.sessions.legacy
        ):
            # A legacy session keeps what it was advertised; elsewhere the ranker decides
            # the default once per principal and hints, on every path (not only
            # initialize and server/discover), before the memo settles it.
            ranked = await neg.advertisement_async(
                ctx.session.client_capabilities, neg._principal(ctx)
            )
        if (
            not self._warned_stateless
            and ctx.session.client_capabilities is None
            and era(ctx.protocol_version) is Era.LEGACY
        ):
            self._warned_stateless = True
            logger.warning(
                "%s: a 2025-11-25 request without the client's capabilities (is the server"
                " run with stateless_http=True?): negotiation is off for legacy clients."
                " Serve them with sessions, routed sticky on Mcp-Session-Id",
                ctx.method,
            )
        view = self.context(ctx, ranked=ranked)
        if neg._switch_limiter is not None and neg.backplane.shared:
            await self._shared_switch(ctx, view)
        target = TARGETS.get(method)
        if target is not None and neg._scopes:
            self._check_target(ctx, view, *target)
        if method in ("resources/subscribe", "resources/unsubscribe") and view.era is Era.LEGACY:
            return self._subscription(ctx, view, subscribe=method == "resources/subscribe")
        listen = None
        if method == "subscriptions/listen":
            if neg._scopes or neg._advertiser is not None or neg._server is not None:
                ctx = self._bind_listen(ctx, view)
            listen = listening.set(self._stream(ctx, view))
        token = current.set(view)
        try:
            prompt_name = (ctx.params or {}).get("name") if method == "prompts/get" else None
            if isinstance(prompt_name, str) and prompt_name in neg._prompts:
                return await self._get_prompt(ctx)
            result = await call_next(ctx)
        except (MCPError, ValueError) as exc:
            if target is not None:
                self._unknown_identifier(ctx, view, exc, *target)
            raise
        finally:
            current.reset(token)
            if listen is not None:
                listening.reset(listen)
        if method == "tools/call" and isinstance(result, dict) and result.get("isError") is True:
            self._unknown_identifier(ctx, view, result, "tool", "name")
        if method in LISTS and isinstance(result, dict):
            if method == "prompts/list" and neg._prompts.names():
                self._list_prompts(ctx, view, result)
            if method in self._first_lists:
                self._first_lists.discard(method)
                self._check_scopes(method, result)
            listed = self._scoped_list(ctx, view, result, *LISTS[method])
            # No cache may serve one variant's listing for another (SEP-2053, Response
            # Caching): the SDK applies its server-wide hints after this, and these win.
            listed.update(scopes.list_cache_hints(view.variant, view.advertised))
            return listed
        if method == "resources/read" and isinstance(result, dict):
            return self._read(ctx, view, result)
        return result

    async def _unscoped(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        """``initialize``, ``server/discover`` and ``ping``: no variant serves them; the
        first two advertise the variants."""
        neg = self._neg
        method = ctx.method
        if method != "initialize":
            # ping and server/discover validate a selected variant like every method.
            self.context(ctx)
        result = await call_next(ctx)
        if method == "ping":
            return result
        principal = neg._principal(ctx)
        if method == "initialize":
            capabilities = (ctx.params or {}).get("capabilities")
            ad = await neg.advertisement_async(capabilities, principal)
            if neg._advertiser is not None and neg.sessions.watch(ctx):
                # The session keeps this principal and these variants until it ends.
                neg.sessions.legacy[session_key(ctx)] = LegacySession(
                    principal, neg._settle_with(capabilities, principal, ad), ctx.session
                )
            return self._advertise(result, ctx, ad)
        ad = await neg.advertisement_async(ctx.session.client_capabilities, principal)
        return self._advertise(result, ctx, ad)

    def _stream(self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext) -> Stream:
        """What a listen stream is bound to, for [`Negotiation.subscriptions`][negotiation.sdk.server.Negotiation.subscriptions]."""
        uris = wire_get(wire_get(ctx.params, "notifications"), "resourceSubscriptions")
        variant = self._neg._scopes.serving(view.variant)
        kept = uris if isinstance(uris, list) else ()
        return Stream(variant, frozenset(u for u in kept if isinstance(u, str)))

    async def _shared_switch(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext
    ) -> None:
        """The switch limit on the backplane's shared bucket: one principal's switches
        count on every replica. A 2025-11-25 anonymous session's bucket stays local (it
        lives with the session); so does every bucket while the backplane is down."""
        neg = self._neg
        limiter = neg._switch_limiter
        assert limiter is not None
        bucket = _bucket(ctx, view.principal, neg._anonymous)
        if bucket is _UNLIMITED:
            return
        decision = None
        if not (isinstance(bucket, tuple) and bucket[:1] == ("session",)):
            try:
                decision = await neg.backplane.switch(
                    principal_digest(bucket),
                    view.variant,
                    limiter.capacity,
                    limiter.refill_per_second,
                )
                self._degraded = False
            except ConnectionError as problem:
                if not self._degraded:
                    self._degraded = True
                    audit.warning("switch limiter degraded to this replica's buckets: %s", problem)
        if decision is None:
            error = limiter.check(bucket, view.variant)
        elif decision.retry_after_ms is None:
            error = None
        else:
            error = errors.variant_switch_rate_limited(
                decision.active, view.variant or "", decision.retry_after_ms
            )
        if error is not None:
            audit.info("%s: variant switch rate-limited for %s", ctx.method, _who(view.principal))
            raise mcp_error(error)

    # --- identifiers ----------------------------------------------------------------------

    def _check_target(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext, kind: Kind, key: str
    ) -> None:
        name = (ctx.params or {}).get(key)
        # Without negotiation the default variant serves every request (as in
        # _unknown_identifier): the error names it, never an empty variant.
        variant = self._neg._scopes.serving(view.variant)
        if isinstance(name, str) and not self._neg.exists(variant, name, kind):
            logger.debug("%s: %s %r is not in variant %s", ctx.method, kind, name, variant)
            raise mcp_error(scopes.unknown_identifier(kind, name, view.variant))

    def _unknown_identifier(
        self,
        ctx: ServerRequestContext[Any, Any],
        view: NegotiationContext,
        outcome: object,
        kind: Kind,
        key: str,
    ) -> None:
        """SEP-2053: an unknown tool, prompt or resource answers -32602 with
        ``activeVariant`` when a variant serves the request.

        The SDK answers an unknown name in three shapes (an ``isError`` tool result, a
        -32602 for a resource, a ``ValueError`` for a prompt) and the middleware cannot
        see its registries, so the SDK's own outcome is recognised by its exact message;
        ``tests/sdk/test_unknown_identifiers.py`` pins those messages.
        """
        variant = view.variant
        name = (ctx.params or {}).get(key)
        if variant is None or not isinstance(name, str):
            return  # no variant serves it (or none is named, without negotiation)
        expected = f"{_UNKNOWN[kind]}: {name}"
        if isinstance(outcome, dict):  # tools/call: the SDK's isError result
            content = outcome.get("content")
            unknown = content == [{"type": "text", "text": expected}]
        elif isinstance(outcome, MCPError):
            unknown = (
                kind == "resource"
                and outcome.error.code == errors.INVALID_PARAMS
                # the SDK's resources/read, or our resources/metadata
                and outcome.error.message in (expected, "Resource not found")
            )
        else:
            unknown = kind == "prompt" and str(outcome) == expected
        if unknown:
            logger.debug("%s: %s %r is unknown in variant %s", ctx.method, kind, name, variant)
            raise mcp_error(scopes.unknown_identifier(kind, name, variant)) from None

    def _bind_listen(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext
    ) -> ServerRequestContext[Any, Any]:
        """SEP-2053 subscriptions in the 2026-07-28 era: a ``subscriptions/listen``
        stream is bound to its variant. A requested URI outside the variant answers
        -32602 with ``activeVariant``; an update is delivered only while the resource
        exists in that variant."""
        neg = self._neg
        variant = neg._scopes.serving(view.variant)
        notifications = wire_get(ctx.params, "notifications")
        uris = wire_get(notifications, "resourceSubscriptions")
        for uri in uris if isinstance(uris, list) else ():
            if isinstance(uri, str) and not neg.exists(variant, uri):
                raise mcp_error(scopes.unknown_identifier("resource", uri, view.variant))
        bound: Any = VariantBoundSession(ctx.session, variant, neg.exists)  # a proxy
        return replace(ctx, session=bound)

    # --- lists ----------------------------------------------------------------------------

    def _scoped_list(
        self,
        ctx: ServerRequestContext[Any, Any],
        view: NegotiationContext,
        result: dict[str, Any],
        kind: Kind,
        member: str,
        key: str,
    ) -> dict[str, Any]:
        neg = self._neg
        items = result.get(member)
        if not isinstance(items, list):
            return result
        variant = neg._scopes.serving(view.variant)

        def redefine(name: str, item: Any) -> Any | None:
            if kind != "tool" or not neg._tools.varies(name):
                return item
            definition = neg._tools.definition(name, variant)
            if definition is None:
                return None
            return definition.wire(ctx.method, ctx.protocol_version, _envelope(result))

        kept = neg._scopes.filter(kind, key, items, view.variant, redefine)
        if neg._cursors is not None and neg._page_size is not None:
            # Without negotiation the cursor is bound to no variant: none is on the wire.
            page = scopes.paginate(
                kept,
                (ctx.params or {}).get("cursor"),
                size=neg._page_size,
                cursors=neg._cursors,
                variant=view.variant,
                principal=view.principal,
                key=key,
            )
            if page.error is not None:
                audit.info("%s: refused cursor for %s", ctx.method, _who(view.principal))
                raise mcp_error(page.error)
            kept = page.items
            if page.next_cursor is not None:
                result["nextCursor"] = page.next_cursor
        elif (ctx.params or {}).get("cursor") is not None:
            # Not paginated (MCPServer's lists never are): no cursor was ever minted.
            audit.info("%s: refused cursor for %s", ctx.method, _who(view.principal))
            raise mcp_error(errors.invalid_cursor(view.variant))
        result[member] = authored.restore(neg, kind, key, kept, variant)
        return result

    def _check_scopes(self, method: str, result: dict[str, Any]) -> None:
        """Warn, once per kind, about scoped names the server's full list lacks."""
        kind, member, key = LISTS[method]
        items = result.get(member)
        if not isinstance(items, list) or result.get("nextCursor") is not None:
            return  # a paginated or odd list is not the whole picture
        listed = [item.get(key) for item in items if isinstance(item, dict)]
        scoped = self._neg._scopes.names(kind)
        for message in misuse.unmatched_scope(kind, scoped, [n for n in listed if n]):
            misuse.logger.warning(message)

    def _list_prompts(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext, result: dict[str, Any]
    ) -> None:
        """The prompts of [`Negotiation.prompt()`][negotiation.sdk.server.Negotiation.prompt] after the SDK's own, as the variant
        defines them (``_scoped_list`` then keeps those of the variant)."""
        neg = self._neg
        items = result.get("prompts")
        if not isinstance(items, list):
            return
        variant = view.variant if view.variant is not None else neg._serving_variant()
        for name in neg._prompts.names():
            definition = neg._prompts.definition(name, variant)
            if definition is not None:
                items.append(definition.wire(ctx.method, ctx.protocol_version, _envelope(result)))

    async def _get_prompt(self, ctx: ServerRequestContext[Any, Any]) -> dict[str, Any]:
        """``prompts/get`` of a prompt of [`Negotiation.prompt()`][negotiation.sdk.server.Negotiation.prompt], rendered as the SDK
        renders one (the SDK has no registration to serve it: extensions cannot add
        prompts)."""
        neg = self._neg
        version = ctx.protocol_version
        params = ctx.params or {}
        _methods.validate_client_request("prompts/get", version, params)  # the SDK's check
        typed = mcp_types.GetPromptRequestParams.model_validate(params, by_name=False)
        context: Context[Any, Any] = Context(request_context=ctx, input_params=typed)
        result = await neg._prompts.render(
            typed.name, neg._serving_variant(), typed.arguments, context
        )
        dumped = result.model_dump(by_alias=True, mode="json", exclude_none=True)
        return _methods.serialize_server_result("prompts/get", version, dumped)

    # --- resources ------------------------------------------------------------------------

    def _read(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext, result: dict[str, Any]
    ) -> dict[str, Any]:
        resources = self._neg.resources
        uri = (ctx.params or {}).get("uri")
        if not isinstance(uri, str) or uri not in resources:
            return result
        # The SDK answered for the registered primary format; answer in the formats the
        # client negotiated, with the draft fields the SDK's models would drop.
        contents = resources.read(uri, view, legacy=view.era is Era.LEGACY).contents
        result["contents"] = [wire_dump(c) for c in contents]  # null in _meta stays
        return result

    def _subscription(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext, *, subscribe: bool
    ) -> dict[str, Any]:
        sessions = self._neg.sessions
        uri = (ctx.params or {}).get("uri")
        if not isinstance(uri, str):
            raise MCPError(code=errors.INVALID_PARAMS, message="Invalid params", data={"uri": uri})
        subscriber = session_key(ctx)
        if subscribe:
            if not sessions.subscribe(subscriber, ctx.session, uri, view.variant):
                raise mcp_error(scopes.unknown_identifier("resource", uri, view.variant))
            sessions.watch(ctx)
        else:
            # Without a selected variant, end the subscription to ``uri`` whatever variant
            # it was made in (docs/conformance.md, ambiguity 10); with one, only that.
            meta, header = _selection(ctx)
            selected = header is not None or (isinstance(meta, Mapping) and sv.META_KEY in meta)
            sessions.subscriptions.unsubscribe(subscriber, uri, view.variant if selected else None)
        return {}

    # --- the advertisement ----------------------------------------------------------------

    def _advertise(
        self,
        result: HandlerResult,
        ctx: ServerRequestContext[Any, Any],
        ad: sv.Advertisement | None,
    ) -> HandlerResult:
        """Our extensions in ``capabilities.extensions``: the SDK's 2025-11-25 model drops
        the member, and the variants are ranked for this client and principal."""
        if not isinstance(result, Mapping):
            return result
        neg = self._neg
        advertised: dict[str, object] = {}
        if neg.negotiate:
            advertised[cn.EXTENSION_ID] = {}
            if ad is not None:
                advertised[sv.EXTENSION_ID] = ad.to_wire()
                logger.debug("%s: advertised variants %s", ctx.method, list(ad.ids))
        patched = scopes.advertise_extensions(
            result,
            owned=(RESOURCE_METADATA_EXTENSION_ID, sv.EXTENSION_ID, cn.EXTENSION_ID),
            advertised=advertised,
            experimental=(sv.EXTENSION_ID,) if neg.experimental_capability else (),
            # The middleware serves resources/subscribe in the legacy era; say so.
            resources_subscribe=ctx.method == "initialize",
        )
        return patched  # type: ignore[return-value]
