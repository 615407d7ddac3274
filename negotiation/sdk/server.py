"""Serve a generated ``mcp_ext.ServerHandler`` on the official SDK's low-level ``Server``.

Every request method of ``mcp_ext.METHODS`` the client sends (spec methods and custom
ones such as ``resources/metadata``) is registered with ``Server.add_request_handler``;
the handler gets a :class:`HandlerContext` with the client's features, the resolved
variant and the protocol era. ``initialize`` belongs to the SDK runner, so the
extensions are advertised by a middleware instead.

The SDK re-validates spec results against its own per-version models and drops what
it does not know (draft fields such as ``name`` on ``resources/read`` contents; the
whole ``capabilities.extensions`` of a 2025-11-25 ``InitializeResult``). The same
middleware puts the handler's full result back, keeping what the SDK adds on top
(``resultType``, the ``serverInfo`` stamp).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError
from mcp_ext.methods import INTERNAL_ERROR, METHODS
from mcp_ext.server import ServerHandler, dispatch
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel, ConfigDict

from negotiation import features as cn
from negotiation import variants as sv
from negotiation._cache import BoundedCache, exact_key, identity_key, json_size
from negotiation._wire import as_mapping, wire_get
from negotiation.sdk.context import HandlerContext
from negotiation.sdk.memo import DeclarationMemo, Negotiated
from negotiation.versioning import Era

__all__ = ["NegotiationAdapter", "PrincipalOf", "SessionEnded", "serve", "session_key"]

logger = logging.getLogger(__name__)

PrincipalOf = Callable[[ServerRequestContext[Any, Any]], Hashable]
"""Who is asking (from the HTTP request, a token...). Decides which variants they see."""

# Methods the SDK runner owns; the handler's versions of these are never registered.
_SDK_OWNED = frozenset({"initialize", "server/discover"})


def _is_cacheable(result: object) -> bool:
    return (
        isinstance(result, type)
        and issubclass(result, BaseModel)
        and "ttl_ms" in result.model_fields
    )


# Results that must carry ``ttlMs`` and ``cacheScope`` in the 2026-07-28 era.
_CACHEABLE = frozenset(spec.method for spec in METHODS.values() if _is_cacheable(spec.result))


# Advertisements memoised by (principal, hints as sent), keyed type-exactly: a list of
# pairs and an object are different hints. Malformed hints are never memoised.
ADVERTISEMENT_MEMO_BYTES = 2 * 1024 * 1024
_ADVERTISEMENT_ENTRY_BYTES = 256 * 1024
_RESOLVER_BYTES = 1024 * 1024

SessionEnded = Callable[[Hashable], None]
"""Called with a session's key (the SDK's per-client connection) when it ends."""


_WATCHED = "negotiation.sdk.session_end"  # in the SDK connection's per-connection state


def session_key(ctx: ServerRequestContext[Any, Any]) -> Hashable:
    """What identifies a request's session: the SDK's per-client connection (the SDK
    makes a new ``ServerSession`` per request; the connection persists)."""
    connection: Hashable = getattr(ctx.session, "_connection", ctx.session)
    return connection


class _RawParams(BaseModel):
    """Accepts any params: the generated validators check them (and shape the -32602)."""

    model_config = ConfigDict(extra="allow")


@dataclass(slots=True)
class _Slot:
    """Where the handler leaves its full wire result for the middleware to restore."""

    result: dict[str, Any] | None = None


_slot: ContextVar[_Slot | None] = ContextVar("negotiation_sdk_slot", default=None)


def _raise(error: Mapping[str, Any]) -> MCPError:
    return MCPError(code=error["code"], message=error["message"], data=error.get("data"))


def _restore(ours: dict[str, Any], sdk: Mapping[str, Any]) -> dict[str, Any]:
    """The handler's result, plus the members the SDK added (``resultType``, stamps).

    ``ours`` is the dict ``dispatch`` built for this request alone (the SDK serialised a
    copy), so it is completed in place rather than copied.
    """
    for key, value in sdk.items():
        if key == "_meta" and isinstance(value, Mapping):
            ours["_meta"] = {**value, **(as_mapping(ours.get("_meta")) or {})}
        elif key not in ours:
            ours[key] = value
    return ours


class NegotiationAdapter:
    """Binds one generated handler to one SDK ``Server``: registration, context, repair.

    ``variants`` (default first) enables server variants; ``visible(principal, variant)``
    hides variants from principals; ``principal_of`` reads the principal from the SDK's
    request context. ``negotiate=False`` serves the same handler with no negotiation at
    all (no extensions advertised, default content, no variants): the baseline the load
    benchmark compares against.
    """

    def __init__(
        self,
        server: Server[Any],
        handler: ServerHandler[HandlerContext],
        *,
        variants: Sequence[sv.Variant] = (),
        visible: sv.Visibility | None = None,
        principal_of: PrincipalOf | None = None,
        negotiate: bool = True,
    ) -> None:
        self.server = server
        self.handler = handler
        self.negotiate = negotiate
        self._principal_of = principal_of
        self._advertiser = (
            sv.VariantAdvertiser(variants, visible=visible, cache=sv.RankingCache())
            if variants and negotiate
            else None
        )
        # By the ids a principal may select, in advertised order: rankings can order the
        # visible variants in many ways, so this is bounded too.
        self._resolvers: BoundedCache[tuple[str, ...], sv.VariantResolver] = BoundedCache(
            _RESOLVER_BYTES
        )
        self._ads: BoundedCache[tuple[Hashable, Hashable], sv.Advertisement] = BoundedCache(
            ADVERTISEMENT_MEMO_BYTES, max_entry_bytes=_ADVERTISEMENT_ENTRY_BYTES
        )
        self._declarations = DeclarationMemo(self._settle)
        self._session_ended: list[SessionEnded] = []
        self.served = self._register()
        server.middleware.append(self._middleware)

    # --- registration -------------------------------------------------------------

    def _register(self) -> frozenset[str]:
        served: set[str] = set()
        for spec in METHODS.values():
            if spec.kind != "request" or not spec.client_sends or spec.method in _SDK_OWNED:
                continue
            if getattr(type(self.handler), spec.handler) is getattr(ServerHandler, spec.handler):
                continue  # not overridden: the SDK answers -32601 as for any unserved method
            self.server.add_request_handler(spec.method, _RawParams, self._handle)
            served.add(spec.method)
        return frozenset(served)

    # --- per request --------------------------------------------------------------

    def advertisement(
        self, client_capabilities: object, principal: Hashable
    ) -> sv.Advertisement | None:
        """The variants this principal gets for these client hints (None: no variants)."""
        if self._advertiser is None:
            return None
        settings = wire_get(wire_get(client_capabilities, "extensions"), sv.EXTENSION_ID)
        raw = wire_get(settings, "variantHints")
        try:
            key: tuple[Hashable, Hashable] | None = (identity_key(principal), exact_key(raw))
        except TypeError:  # not JSON: rank it afresh
            key = None
        ad = self._ads.get(key) if key is not None else None
        if ad is None:
            hints = sv.ClientHints.from_wire(raw)
            # Ranking is deterministic, so the advertised set stays stable per session.
            ad = self._advertiser.advertise(hints, principal)
            if key is not None and not hints.malformed:
                size = 512 + 2 * json_size(raw) + json_size(key[0]) + 16 * len(ad.variants)
                self._ads.put(key, ad, size=size)
        return ad

    def extensions(self, client_capabilities: object, principal: Hashable) -> dict[str, Any]:
        """``capabilities.extensions`` as this server advertises them to this client."""
        if not self.negotiate:
            return {}
        advertised: dict[str, Any] = {cn.EXTENSION_ID: {}}
        ad = self.advertisement(client_capabilities, principal)
        if ad is not None:
            advertised[sv.EXTENSION_ID] = ad.to_wire()
        return advertised

    def _principal(self, ctx: ServerRequestContext[Any, Any]) -> Hashable:
        return self._principal_of(ctx) if self._principal_of is not None else None

    def _resolver(self, ids: tuple[str, ...]) -> sv.VariantResolver:
        resolver = self._resolvers.get(ids)
        if resolver is None:
            resolver = sv.VariantResolver(ids)
            self._resolvers.put(ids, resolver, size=512 + 3 * json_size(ids) + 256 * len(ids))
        return resolver

    def _settle(self, capabilities: object, principal: Hashable) -> Negotiated:
        """What a declaration and principal decide for all their requests (memoised)."""
        ad = self.advertisement(capabilities, principal)
        ids = ad.ids if ad is not None else ()
        features = cn.client_features(capabilities)
        raw_hints = wire_get(
            wire_get(wire_get(capabilities, "extensions"), sv.EXTENSION_ID), "variantHints"
        )
        valid = (features is None or not features.invalid) and not (
            self._advertiser is not None and sv.ClientHints.from_wire(raw_hints).malformed
        )
        return Negotiated(features, ids, self._resolver(ids), cacheable=valid)

    # --- the end of a session -----------------------------------------------------

    def on_session_end(self, callback: SessionEnded) -> None:
        """Call ``callback(session_key)`` when a client's session ends (an HTTP DELETE,
        an expired session, stdio closing). Per-session state, such as subscriptions,
        must go then: the key is :func:`session_key` of the session's requests."""
        self._session_ended.append(callback)

    def _watch_session(self, ctx: ServerRequestContext[Any, Any]) -> None:
        connection = getattr(ctx.session, "_connection", None)
        state = getattr(connection, "state", None)
        exit_stack = getattr(connection, "exit_stack", None)
        if not self._session_ended or not isinstance(state, dict) or exit_stack is None:
            return
        if state.get(_WATCHED) is not self:
            state[_WATCHED] = self
            exit_stack.callback(self._end_session, connection)

    def _end_session(self, key: Hashable) -> None:
        for callback in self._session_ended:
            try:
                callback(key)
            except Exception:  # one failing callback must not keep the others' state
                logger.exception("a session-end callback failed")

    def context(self, ctx: ServerRequestContext[Any, Any]) -> HandlerContext:
        """The negotiation state of one request; raises the spec's error for a bad variant."""
        self._watch_session(ctx)
        version = ctx.protocol_version
        era = Era.MODERN if version in MODERN_PROTOCOL_VERSIONS else Era.LEGACY
        # Read through the SDK's model by wire name: no per-request dump.
        capabilities: object = ctx.session.client_capabilities
        principal = self._principal(ctx)
        if not self.negotiate:
            return HandlerContext(era, version, None, None, (), principal, capabilities, ctx)
        # Handshake-era capabilities are one object for the whole session.
        settled = self._declarations.get(capabilities, principal, sticky=era is Era.LEGACY)
        params = ctx.params
        meta = params.get("_meta") if params is not None else None
        header = None
        if not (isinstance(meta, Mapping) and sv.META_KEY in meta):
            # ``_meta`` wins over the header, so the header is read only without it.
            headers = getattr(ctx.request, "headers", None)
            header = headers.get(sv.HEADER) if headers is not None else None
        resolution = settled.resolver.resolve(meta, header)
        if resolution.error is not None:
            raise _raise(resolution.error)
        return HandlerContext(
            era,
            version,
            settled.features,
            resolution.variant,
            settled.ids,
            principal,
            capabilities,
            ctx,
        )

    async def _handle(self, ctx: ServerRequestContext[Any, Any], _: _RawParams) -> HandlerResult:
        negotiation = self.context(ctx)
        message: dict[str, Any] = {
            "jsonrpc": "2.0",
            "id": ctx.request_id if ctx.request_id is not None else 0,
            "method": ctx.method,
        }
        if ctx.params is not None:
            # Validation only reads the params: no copy unless they are not a dict.
            params = ctx.params
            message["params"] = params if isinstance(params, dict) else dict(params)
        response = await dispatch(self.handler, message, negotiation)
        if response is None or "error" in response:
            raise _raise(response["error"] if response else {"code": INTERNAL_ERROR, "message": ""})
        result: dict[str, Any] = response["result"]
        if negotiation.era is Era.MODERN:
            # 2026-07-28 requires these; the schema keeps them optional for both eras.
            result.setdefault("resultType", "complete")
            if ctx.method in _CACHEABLE:
                # Variant- and feature-shaped content: never shared, not cached by default.
                result.setdefault("ttlMs", 0)
                result.setdefault("cacheScope", "private")
        slot = _slot.get()
        if slot is not None:
            slot.result = result
        return result

    # --- the middleware -----------------------------------------------------------

    async def _middleware(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        if ctx.request_id is None:  # a notification: nothing to repair
            return await call_next(ctx)
        if ctx.method == "initialize":
            return self._advertise(
                await call_next(ctx), ctx, (ctx.params or {}).get("capabilities")
            )
        if ctx.method == "server/discover":
            return self._advertise(await call_next(ctx), ctx, ctx.session.client_capabilities)
        if ctx.method not in self.served:
            return await call_next(ctx)
        slot = _Slot()
        token = _slot.set(slot)
        try:
            try:
                sdk_result = await call_next(ctx)
            except MCPError as error:
                # The SDK's per-version model is narrower than the draft schema the
                # handler's result was already validated against: keep the result.
                if slot.result is None or error.code != INTERNAL_ERROR:
                    raise
                logger.debug("the SDK rejected a draft %s result; serving it as is", ctx.method)
                sdk_result = self._stamp(ctx)
        finally:
            _slot.reset(token)
        if slot.result is None or not isinstance(sdk_result, Mapping):
            return sdk_result
        return _restore(slot.result, sdk_result)

    def _stamp(self, ctx: ServerRequestContext[Any, Any]) -> dict[str, Any]:
        """What the SDK would have added to a result it accepted."""
        if ctx.protocol_version not in MODERN_PROTOCOL_VERSIONS:
            return {}
        return {
            "resultType": "complete",
            "_meta": {"io.modelcontextprotocol/serverInfo": self.server.server_info_stamp},
        }

    def _advertise(
        self, result: HandlerResult, ctx: ServerRequestContext[Any, Any], client_caps: object
    ) -> HandlerResult:
        extensions = self.extensions(client_caps, self._principal(ctx))
        if not extensions or not isinstance(result, Mapping):
            return result
        patched = dict(result)
        capabilities = dict(as_mapping(patched.get("capabilities")) or {})
        capabilities["extensions"] = {
            **(as_mapping(capabilities.get("extensions")) or {}),
            **extensions,
        }
        patched["capabilities"] = capabilities
        return patched


def serve(
    handler: ServerHandler[HandlerContext],
    *,
    name: str,
    version: str = "",
    instructions: str | None = None,
    variants: Sequence[sv.Variant] = (),
    visible: sv.Visibility | None = None,
    principal_of: PrincipalOf | None = None,
    negotiate: bool = True,
) -> NegotiationAdapter:
    """A new SDK ``Server`` serving ``handler`` (``.server``), with its adapter."""
    server: Server[Any] = Server(name, version=version, instructions=instructions)
    return NegotiationAdapter(
        server,
        handler,
        variants=variants,
        visible=visible,
        principal_of=principal_of,
        negotiate=negotiate,
    )
