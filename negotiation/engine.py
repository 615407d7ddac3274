"""The per-request sequence of negotiation, pure: no SDK, no transport, no framework.

The model is h11's ``Connection``: one object owns every decision behind a small API of
values. An adapter (``negotiation.sdk.middleware`` for the official SDK,
``examples/asgi_adapter.py`` for a plain JSON-RPC endpoint) reads its framework's
request into a [`Request`][negotiation.engine.Request], then::

    view = await engine.begin(request)       # or raises Refusal(error)
    ... the framework's handler runs, with ``view`` in its context variable ...
    result = await engine.finish(request, view, result)

``begin`` settles the client's declaration, resolves the variant (``_meta``, then the
``MCP-Server-Variant`` header, else the default), refuses an unknown one, limits
switching and checks the named tool, prompt or resource. ``finish`` does what the
method's row of [`METHODS`][negotiation.engine.METHODS] says: lists are scoped, paged and
redefined per variant, a multi-format resource answers in the negotiated formats, and
``initialize`` / ``server/discover`` advertise the ranked variants. Subscriptions and
unknown names go through the same object ([`Negotiator.subscription()`][negotiation.engine.Negotiator.subscription],
[`Negotiator.listen()`][negotiation.engine.Negotiator.listen], [`Negotiator.unknown()`][negotiation.engine.Negotiator.unknown]).

Decisions are logged on the ``negotiation.sdk`` logger (DEBUG) and refusals that matter
for security review on ``negotiation.sdk.audit`` (INFO), the names they have always had.
"""

from __future__ import annotations

import logging
import marshal
from collections.abc import Callable, Hashable, Mapping, MutableMapping, Sequence
from typing import Any

from mcp_ext.models import ServerVariant

from negotiation import errors, scopes
from negotiation import variants as sv
from negotiation._cache import wire_key
from negotiation._wire import wire_get
from negotiation.backplane import Backplane, InMemoryBackplane
from negotiation.content import NegotiationContext
from negotiation.declarations import (
    MEMO_BYTES,
    DeclarationMemo,
    Negotiated,
    client_hints,
    settle,
    view_key,
)
from negotiation.engine_lists import Lists, advertised
from negotiation.engine_parts import (
    NO_DEFINITIONS,
    RANKING_TTL_SECONDS,
    UNLIMITED,
    Declared,
    LegacySession,
    Listen,
    Refusal,
    Request,
    Serving,
    SharedSwitchLimit,
    ordered_variants,
    shared_ranking,
    who,
)
from negotiation.resources import ResourceRegistry
from negotiation.scopes import TARGETS, UNSCOPED, Kind, VariantScopes, cursor_codec
from negotiation.subscriptions import SubscriptionRegistry, VariantSwitchLimiter
from negotiation.versioning import FIRST_MODERN_VERSION, Era

__all__ = [
    "METHODS",
    "RANKING_TTL_SECONDS",
    "UNLIMITED",
    "Declared",
    "LegacySession",
    "Listen",
    "Negotiator",
    "Refusal",
    "Request",
    "Serving",
]

logger = logging.getLogger("negotiation.sdk")
audit = logging.getLogger("negotiation.sdk.audit")
"""Refusals that matter for security review, at INFO: a variant refused, a principal
changed within a session, a switch rate-limited, a cursor refused. The principal is
logged as a short digest, never as given (it may be a credential)."""

_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"  # a 2026-07-28 _meta key
_META = sv.META_KEY
_DEBUG = logging.DEBUG
REPEATS_BYTES = MEMO_BYTES // 4
_REPEAT_OVERHEAD = 512  # the entry and its key tuple (the view is shared with the memo)
# What a repeated request may skip begin() for: every method without a step of its own.
_NOT_REPEATED = frozenset(
    {
        *UNSCOPED,
        "tools/list",
        "prompts/list",
        "resources/list",
        "resources/read",
        "prompts/get",  # a declared prompt is rendered by the adapter
        "subscriptions/listen",
        "resources/subscribe",
        "resources/unsubscribe",
    }
)


_SUBSCRIPTIONS = frozenset({"resources/subscribe", "resources/unsubscribe"})
_BARE, _HANDLER = Serving("bare"), Serving("handler")
_SUBSCRIBED, _UNSUBSCRIBED = Serving("subscribed"), Serving("unsubscribed")


def _same(a: Hashable, b: Hashable) -> bool:
    """Type-exact equality of principals (``1`` is not ``True``, ``"1"`` is not ``1``)."""
    return type(a) is type(b) and a == b


def _deciding(meta: Mapping[str, Any]) -> tuple[object, object]:
    """The parts of a 2026-07-28 request's ``_meta`` that decide its view, as
    [`view_key()`][negotiation.declarations.view_key] reads them: the selected variant
    (``...`` when none is: the header may then select) and the client's capabilities.
    The rest (``clientInfo``, a progress token) never changes the view, so a repeat is
    keyed without it: less to encode per request, and a key that no other member
    can make large."""
    return meta.get(_META, ...), meta.get(_CAPABILITIES)


def _param(request: Request, key: str) -> object:
    params = request.params
    return params.get(key) if params is not None else None


class Negotiator:
    """Every decision of one server, for every request; see the module's docstring.

    The arguments are [`Negotiation`][negotiation.sdk.server.Negotiation]'s configuration,
    less what reads a framework's request (the principal, an anonymous caller's bucket):
    an adapter reads those into each [`Request`][negotiation.engine.Request]. ``tools`` and
    ``prompts`` are the per-variant definitions declared through the adapter (a list's
    item is redefined per variant, and the authored ``_meta`` restored);
    ``modern_versions`` are the protocol versions served per request (2026-07-28).
    """

    def __init__(
        self,
        variants: Sequence[sv.VariantLike] | None = None,
        default_variant: str | None = None,
        *,
        visible: sv.Visibility | None = None,
        page_size: int | None = None,
        cursor_key: bytes | Sequence[bytes] | None = None,
        advertise_limit: int = 5,
        negotiate: bool = True,
        experimental_capability: bool = False,
        ranker: sv.AsyncRanker | None = None,
        ranker_timeout_seconds: float = 2.0,
        switch_limiter: VariantSwitchLimiter | None = None,
        backplane: Backplane | None = None,
        tools: Declared = NO_DEFINITIONS,
        prompts: Declared = NO_DEFINITIONS,
        modern_versions: frozenset[str] = frozenset({FIRST_MODERN_VERSION}),
    ) -> None:
        declared, public = ordered_variants(variants, default_variant)
        if page_size is not None and page_size < 1:
            raise ValueError("page_size must be at least 1")
        self.variants: tuple[ServerVariant, ...] = public
        self.negotiate = negotiate
        self.experimental_capability = experimental_capability
        self.ranker = ranker if declared and negotiate else None
        self.advertiser = (
            sv.VariantAdvertiser(
                public,
                visible=visible,
                limit=max(2, advertise_limit),
                cache=sv.RankingCache(),
                ranker=ranker,
                ranker_timeout_seconds=ranker_timeout_seconds,
            )
            if declared and negotiate
            else None
        )
        # Without negotiation the server shows what its default variant has.
        self.implicit = declared[0].id if declared and not negotiate else None
        self.page_size = page_size
        self.cursors = cursor_codec(cursor_key) if page_size else None
        self.scopes = VariantScopes((v.id for v in declared), self.implicit)
        self.memo = DeclarationMemo(self._settle)
        # A 2026-07-28 request repeating one served before, keyed by what decides its
        # view (_deciding()): a plain dict (one C lookup), bounded by bytes; a full table
        # starts over.
        self._repeats: dict[tuple[object, ...], NegotiationContext] = {}
        self._repeats_bytes = 0
        self.resources = ResourceRegistry()
        self.switch_limiter = switch_limiter
        self.backplane: Backplane = backplane if backplane is not None else InMemoryBackplane()
        self.tools = tools
        self.prompts = prompts
        self.modern_versions = modern_versions
        self.legacy: MutableMapping[Hashable, LegacySession] = {}  # until each session ends
        self.subscriptions = SubscriptionRegistry(self.exists)
        # The fast path: no session, ranking or limit can change what a request decides.
        self._fast = negotiate and self.ranker is None and switch_limiter is None
        self._has_resource: Callable[[str], bool] | None = None
        self._shared_switch = (
            SharedSwitchLimit(switch_limiter, self.backplane)
            if switch_limiter is not None
            else None
        )
        self._warned_stateless = False
        self.lists = Lists(
            self.scopes,
            cursors=self.cursors,
            page_size=page_size,
            tools=tools,
            prompts=prompts,
            resources=self.resources,
            default_variant=self.default_variant,
        )
        steps = {
            "initialize": self._initialize,
            "discover": self._discover,
            "list": self._list,
            "read": self._read,
        }
        self._after = {method: steps[step] for method, step in METHODS.items()}

    # --- configuration ------------------------------------------------------------------

    @property
    def limits_switches(self) -> bool:
        """Whether requests need a ``bucket_key`` (a switch limiter is configured)."""
        return self.switch_limiter is not None

    @property
    def default_variant(self) -> str | None:
        """The variant served when a request names none (None: no variants)."""
        return self.implicit or (self.variants[0].id if self.variants else None)

    def attach(self, has_resource: Callable[[str], bool]) -> None:
        """What else serves resources (a framework's own registry): a URI nothing serves
        is then unknown, for subscriptions and listen streams."""
        self._has_resource = has_resource

    def exists(self, variant: str | None, name: str, kind: Kind = "resource") -> bool:
        """Whether ``name`` (a tool or prompt name, or a resource URI) is in ``variant``."""
        if (
            self.scopes.get(kind, name) is None
            and kind == "resource"
            and name not in self.resources
        ):
            return self._has_resource is None or self._has_resource(name)
        return self.scopes.allows(kind, name, variant)

    # --- advertising --------------------------------------------------------------------

    def advertisement(
        self, client_capabilities: object, principal: Hashable
    ) -> sv.Advertisement | None:
        """The variants this principal gets for these client hints (None: no variants)."""
        if self.advertiser is None:
            return None
        return self.advertiser.advertise(client_hints(client_capabilities), principal)

    async def advertisement_async(
        self, client_capabilities: object, principal: Hashable
    ) -> sv.Advertisement | None:
        """[`advertisement()`][negotiation.engine.Negotiator.advertisement], asking the ranker
        when there is one (on a shared backplane, the first replica's ranking wins)."""
        advertiser = self.advertiser
        if advertiser is None:
            return None
        hints = client_hints(client_capabilities)
        if self.ranker is None or not self.backplane.shared or hints.malformed:
            return await advertiser.advertise_async(hints, principal)
        return await shared_ranking(advertiser, self.backplane, hints, principal)

    def _settle(self, capabilities: object, principal: Hashable) -> Negotiated:
        """What a declaration and principal decide for all their requests (memoised)."""
        return self.settle_with(
            capabilities, principal, self.advertisement(capabilities, principal)
        )

    def settle_with(
        self, capabilities: object, principal: Hashable, ad: sv.Advertisement | None
    ) -> Negotiated:
        ids = ad.ids if ad is not None else ()
        return settle(capabilities, principal, ids, hints_matter=self.advertiser is not None)

    # --- begin --------------------------------------------------------------------------

    def era(self, protocol_version: str) -> Era:
        return Era.MODERN if protocol_version in self.modern_versions else Era.LEGACY

    def view(
        self, request: Request, *, ranked: sv.Advertisement | None = None
    ) -> NegotiationContext:
        """The negotiated view of one request; raises [`Refusal`][negotiation.engine.Refusal]
        for a variant this principal may not use. ``ranked``: the ranker's decision."""
        version = request.protocol_version
        principal = request.principal
        key = None
        if self._fast and version in self.modern_versions:
            # A 2026-07-28 request that repeats one already served costs one lookup.
            params = request.params
            meta = params.get("_meta") if params is not None else None
            if type(meta) is dict:
                header = None if _META in meta else request.header
                key = view_key(principal, version, meta.get(_META), header, meta.get(_CAPABILITIES))
                found = self.memo.views.get(key) if key is not None else None
                if found is not None and not logger.isEnabledFor(logging.DEBUG):
                    self._repeat(request, meta, found)
                    return found
        return self._settled_view(request, ranked, key)

    def _settled_view(
        self, request: Request, ranked: sv.Advertisement | None, key: Hashable
    ) -> NegotiationContext:
        version = request.protocol_version
        principal = request.principal
        request_era = self.era(version)
        legacy = (
            self.legacy.get(request.session_key)
            if request_era is Era.LEGACY and self.legacy
            else None
        )
        if legacy is not None and not _same(legacy.principal, principal):
            audit.info(
                "%s: refused: principal %s changed within the session of %s",
                request.method,
                who(principal),
                who(legacy.principal),
            )
            raise Refusal(errors.principal_changed())
        meta = _param(request, "_meta")
        selects = isinstance(meta, Mapping) and _META in meta
        if not self.negotiate:
            # No variants on the wire; the lists still show the default variant's items.
            # SEP-2053: a selected variant is refused on every method, not ignored.
            if selects:
                logger.debug("%s: refused variant: server variants not supported", request.method)
                raise Refusal(errors.server_variants_not_supported())
            return NegotiationContext(
                era=request_era, protocol_version=version, principal=principal
            )
        # Handshake-era capabilities are one object for the whole session, advertised once;
        # a 2026-07-28 request carries them in ``_meta``.
        sticky = request_era is Era.LEGACY
        capabilities = request.capabilities
        wire = meta.get(_CAPABILITIES) if not sticky and type(meta) is dict else None
        settled = (
            legacy.settled
            if legacy is not None
            else self.memo.get(capabilities, principal, sticky=sticky, wire=wire)
        )
        if ranked is not None and legacy is None and settled.ids != ranked.ids:
            # The ranking was decided anew (its time to live ran out): what the memo
            # settled before is stale. Rare, so forgetting every declaration is cheap.
            self.memo.clear()
            settled = self.memo.get(capabilities, principal, sticky=sticky)
        # ``_meta`` wins over the header: the header counts only when _meta selects none.
        resolution = settled.resolver.resolve(meta, None if selects else request.header)
        if resolution.error is not None:
            audit.info(
                "%s: refused variant for %s (%s): %s",
                request.method,
                who(principal),
                resolution.source,
                resolution.error["message"],
            )
            raise Refusal(resolution.error)
        limiter = self.switch_limiter
        bucket = request.bucket_key
        if limiter is not None and not self.backplane.shared and bucket is not UNLIMITED:
            limited = limiter.check(bucket, resolution.variant)
            if limited is not None:
                audit.info("%s: variant switch rate-limited for %s", request.method, who(principal))
                raise Refusal(limited)
        view = settled.view(resolution.variant, request_era, version)
        if key is not None and settled.cacheable:
            # A key is made only of a dict _meta (view()).
            self.memo.keep_view(key, view)  # type: ignore[arg-type]
            self._repeat(request, meta, view)  # type: ignore[arg-type]
        if logger.isEnabledFor(logging.DEBUG):
            features = view.features
            logger.debug(
                "%s: features=%s format=%s variant=%s (%s) era=%s",
                request.method,
                None if features is None else [str(tag) for tag in features.tags],
                view.format,
                view.variant,
                resolution.source,
                request_era,
            )
        return view

    def _repeat(self, request: Request, meta: Mapping[str, Any], view: NegotiationContext) -> None:
        """Remember ``view`` for [`repeated()`][negotiation.engine.Negotiator.repeated]: the
        request's view was memoised, so every part that decides it is plain data."""
        principal = request.principal
        if request.method in _NOT_REPEATED or not (principal is None or type(principal) is str):
            return  # never looked up (repeated() answers None for these)
        text = wire_key(_deciding(meta))
        if text is None:
            return
        header = request.header
        key = (principal, request.protocol_version, header, text)
        if key in self._repeats:
            return
        size = _REPEAT_OVERHEAD + len(text) + 2 * (len(header or "") + len(principal or ""))
        if self._repeats_bytes + size > REPEATS_BYTES:
            self._repeats.clear()
            self._repeats_bytes = 0
        self._repeats[key] = view
        self._repeats_bytes += size

    def repeated(
        self,
        method: str,
        params: Mapping[str, Any] | None,
        protocol_version: str,
        principal: Hashable,
        header: str | None,
    ) -> NegotiationContext | None:
        """The fast path: the view of a 2026-07-28 request that repeats one served before
        (the same principal, version and header, and byte for byte the same selected
        variant and capabilities in ``_meta``), for a method
        whose only step is the view, in one lookup. None: call
        [`begin()`][negotiation.engine.Negotiator.begin] (and ``finish``) instead."""
        if method in _NOT_REPEATED or params is None:
            return None
        meta = params.get("_meta")
        if type(meta) is not dict or not (principal is None or type(principal) is str):
            return None  # never remembered: _repeat() keeps only these
        try:  # _deciding() and wire_key(), inlined
            text = marshal.dumps((meta.get(_META, ...), meta.get(_CAPABILITIES)), 2)
        except ValueError:
            return None
        view = self._repeats.get((principal, protocol_version, header, text))
        if view is None or logger.isEnabledFor(_DEBUG):
            return None
        declared = self.scopes.declared
        target = TARGETS.get(method) if declared else None
        if target is not None:
            # exists(), inlined: the name's scope admits the view's variant.
            kind, name = target[0], params.get(target[1])
            scope = declared.get((kind, name)) if isinstance(name, str) else None
            if scope is None:  # an unscoped name is in every variant, or in none
                if kind == "resource" and not self.exists(None, name):  # type: ignore[arg-type]
                    return None  # begin() refuses it
            # Negotiation is on (the fast path's condition): no implicit variant serves.
            elif scope.variants is not None and view.variant not in scope.variants:
                return None  # begin() refuses it
        return view

    async def begin(self, request: Request) -> NegotiationContext | None:
        """The view a request is served with (None for ``initialize``, which no variant
        serves); raises [`Refusal`][negotiation.engine.Refusal] with the spec's error."""
        method = request.method
        if method in UNSCOPED:
            # ping and server/discover validate a selected variant like every method.
            return None if method == "initialize" else self.view(request)
        ranked = None
        if self.ranker is not None and (
            self.era(request.protocol_version) is Era.MODERN
            or request.session_key not in self.legacy
        ):
            # A legacy session keeps what it was advertised; elsewhere the ranker decides
            # the default once per principal and hints, on every path, before the memo.
            ranked = await self.advertisement_async(request.capabilities, request.principal)
        if (
            not self._warned_stateless
            and request.capabilities is None
            and self.era(request.protocol_version) is Era.LEGACY
        ):
            self._warned_stateless = True
            logger.warning(
                "%s: a 2025-11-25 request without the client's capabilities (is the server"
                " run with stateless_http=True?): negotiation is off for legacy clients."
                " Serve them with sessions, routed sticky on Mcp-Session-Id",
                method,
            )
        view = self.view(request, ranked=ranked)
        if self._shared_switch is not None and self.backplane.shared:
            error = await self._shared_switch.check(request.bucket_key, view.variant)
            if error is not None:
                audit.info("%s: variant switch rate-limited for %s", method, who(view.principal))
                raise Refusal(error)
        target = TARGETS.get(method)
        if target is not None and self.scopes:
            kind, key = target
            name = _param(request, key)
            # Without negotiation the default variant serves every request: the error
            # names it, never an empty variant.
            variant = self.scopes.serving(view.variant)
            if isinstance(name, str) and not self.exists(variant, name, kind):
                logger.debug("%s: %s %r is not in variant %s", method, kind, name, variant)
                raise Refusal(scopes.unknown_identifier(kind, name, view.variant))
        return view

    # --- serving, names, subscriptions, listen streams ----------------------------------

    def serving(self, request: Request, view: NegotiationContext | None) -> Serving:
        """How the adapter serves a request [`begin()`][negotiation.engine.Negotiator.begin]
        let through (see [`Serving`][negotiation.engine.Serving]). A 2025-11-25 subscription
        is made or ended here; raises [`Refusal`][negotiation.engine.Refusal] as
        [`subscription()`][negotiation.engine.Negotiator.subscription] and
        [`listen()`][negotiation.engine.Negotiator.listen] do."""
        method = request.method
        if view is None or method in UNSCOPED:
            return _BARE  # no variant serves these
        if method in _SUBSCRIPTIONS and view.era is Era.LEGACY:
            self.subscription(request, view)
            return _SUBSCRIBED if method == "resources/subscribe" else _UNSUBSCRIBED
        if method == "subscriptions/listen":
            bound = self.listen(request, view)
            return Serving("listen", bound.variant, bound)
        name = _param(request, "name") if method == "prompts/get" else None
        if isinstance(name, str) and name in self.prompts:
            # Without negotiation a declared prompt is rendered in the default variant.
            variant = view.variant if view.variant is not None else self.default_variant
            return Serving("prompt", variant)
        return _HANDLER

    def unknown(
        self, request: Request, view: NegotiationContext | None
    ) -> errors.JsonRpcError | None:
        """SEP-2053's error for a name the framework does not have (-32602 with
        ``activeVariant``), when a variant serves the request; None otherwise. The
        adapter decides that the framework's answer was "unknown name"."""
        target = TARGETS.get(request.method)
        variant = view.variant if view is not None else None
        if target is None or variant is None:
            return None
        kind, key = target
        name = _param(request, key)
        if not isinstance(name, str):
            return None
        logger.debug("%s: %s %r is unknown in variant %s", request.method, kind, name, variant)
        return scopes.unknown_identifier(kind, name, variant)

    def subscription(self, request: Request, view: NegotiationContext) -> str:
        """A 2025-11-25 ``resources/subscribe`` or ``resources/unsubscribe``: the URI,
        subscribed (bound to the view's variant) or unsubscribed for the request's
        session; raises [`Refusal`][negotiation.engine.Refusal] for a bad or unknown URI."""
        uri = _param(request, "uri")
        if not isinstance(uri, str):
            raise Refusal(
                {"code": errors.INVALID_PARAMS, "message": "Invalid params", "data": {"uri": uri}}
            )
        subscriber = request.session_key
        if request.method == "resources/subscribe":
            if self.subscriptions.subscribe(subscriber, uri, view.variant) is not None:
                raise Refusal(scopes.unknown_identifier("resource", uri, view.variant))
        else:
            # Without a selected variant, end the subscription to ``uri`` whatever variant
            # it was made in (docs/conformance.md, ambiguity 10); with one, only that.
            meta = _param(request, "_meta")
            selected = request.header is not None or (isinstance(meta, Mapping) and _META in meta)
            self.subscriptions.unsubscribe(subscriber, uri, view.variant if selected else None)
        return uri

    def listen(self, request: Request, view: NegotiationContext) -> Listen:
        """SEP-2053 subscriptions in the 2026-07-28 era: what a ``subscriptions/listen``
        stream is bound to. A requested URI outside the variant is refused (-32602 with
        ``activeVariant``); ``bound`` says whether the stream must drop the updates of
        resources its variant lacks."""
        variant = self.scopes.serving(view.variant)
        uris = wire_get(wire_get(request.params, "notifications"), "resourceSubscriptions")
        kept = uris if isinstance(uris, list) else []
        bound = bool(self.scopes) or self.advertiser is not None or self._has_resource is not None
        if bound:
            for uri in kept:
                if isinstance(uri, str) and not self.exists(variant, uri):
                    raise Refusal(scopes.unknown_identifier("resource", uri, view.variant))
        return Listen(variant, frozenset(u for u in kept if isinstance(u, str)), bound)

    # --- finish -------------------------------------------------------------------------

    async def finish(self, request: Request, view: NegotiationContext | None, result: Any) -> Any:
        """``result`` as this method's row of [`METHODS`][negotiation.engine.METHODS] makes it."""
        after = self._after.get(request.method)
        if after is None or not isinstance(result, dict):
            return result
        return await after(request, view, result)

    async def _initialize(
        self, request: Request, view: NegotiationContext | None, result: dict[str, Any]
    ) -> dict[str, Any]:
        capabilities = _param(request, "capabilities")
        principal = request.principal
        ad = await self.advertisement_async(capabilities, principal)
        if self.advertiser is not None and request.ends_seen:
            # The session keeps this principal and these variants until it ends.
            self.legacy[request.session_key] = LegacySession(
                principal, self.settle_with(capabilities, principal, ad)
            )
        return self.advertise(request, result, ad)

    async def _discover(
        self, request: Request, view: NegotiationContext | None, result: dict[str, Any]
    ) -> dict[str, Any]:
        ad = await self.advertisement_async(request.capabilities, request.principal)
        return self.advertise(request, result, ad)

    def advertise(
        self, request: Request, result: dict[str, Any], ad: sv.Advertisement | None
    ) -> dict[str, Any]:
        """Our extensions in ``capabilities.extensions`` (a 2025-11-25 model drops the
        member), with the variants ranked for this client and principal."""
        return advertised(
            request.method,
            result,
            ad,
            negotiate=self.negotiate,
            experimental=self.experimental_capability,
        )

    async def _list(
        self, request: Request, view: NegotiationContext | None, result: dict[str, Any]
    ) -> dict[str, Any]:
        assert view is not None
        return self.lists.list(request, view, result)

    async def _read(
        self, request: Request, view: NegotiationContext | None, result: dict[str, Any]
    ) -> dict[str, Any]:
        assert view is not None
        return self.lists.read(request, view, result)


METHODS: Mapping[str, str] = {
    "initialize": "initialize",
    "server/discover": "discover",
    "tools/list": "list",
    "prompts/list": "list",
    "resources/list": "list",
    "resources/read": "read",
}
"""Method -> the step [`Negotiator.finish()`][negotiation.engine.Negotiator.finish] applies to
its result: ``initialize`` and ``discover`` advertise the variants, ``list`` scopes, pages
and redefines a list, ``read`` answers a multi-format resource in the negotiated formats.
Every other method's result is left as the handler answered it."""
