"""Content negotiation and server variants for the official SDK's ``MCPServer``.

::

    neg = Negotiation(variants=[ServerVariant(id="full", ...), ServerVariant(id="compact", ...)])
    mcp = MCPServer("weather", extensions=neg.extensions, middleware=neg.middleware)

    @mcp.tool()
    def get_weather(city: str, ctx: Context) -> CallToolResult:
        view = negotiated(ctx)              # features, variant, era, advertised
        return tool_result(ctx, structured=data, text=markdown)

[`Negotiation`][negotiation.sdk.server.Negotiation] is the façade: its constructor builds the
sans-IO engine ([`negotiation.engine.Negotiator`][negotiation.engine.Negotiator]), which decides
every request, and its decorators declare into it (variants, scopes, tools, prompts,
multi-format resources). Its [`extensions`][negotiation.sdk.server.Negotiation.extensions] are SDK
``Extension`` objects ([`negotiation.sdk.extensions`][negotiation.sdk.extensions]); its
[`middleware`][negotiation.sdk.server.Negotiation.middleware] is the SDK adapter
(``negotiation.sdk.middleware``): it reads the SDK's request context into the engine's
``Request`` and maps its refusals to ``MCPError``. Per-session state and events live in
[`negotiation.sdk.sessions`][negotiation.sdk.sessions], and the functions handlers call in
[`negotiation.sdk.handlers`][negotiation.sdk.handlers].

Handlers read the decision with [`negotiated()`][negotiation.sdk.handlers.negotiated]; nothing is validated twice: the
SDK validates params and results once, and the middleware reads the SDK's own objects.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Literal, TypeVar

from mcp.server.context import ServerMiddleware, ServerRequestContext
from mcp.server.extension import Extension
from mcp.server.mcpserver import MCPServer
from mcp_ext.models import ServerVariant
from pydantic import BaseModel

from negotiation import variants as sv
from negotiation.backplane import Backplane, ListChanged, ResourceUpdated
from negotiation.context import NegotiationContext
from negotiation.engine import RANKING_TTL_SECONDS as RANKING_TTL_SECONDS  # re-exported
from negotiation.engine import Negotiator
from negotiation.resources import Body, Representation, ResourceRegistry
from negotiation.scopes import CURSOR_KEY_ENV, Kind, cursor_key_from_env
from negotiation.sdk import sdk_resources
from negotiation.sdk.anonymous import AnonymousBuckets, AnonymousKey
from negotiation.sdk.events import NegotiationBus
from negotiation.sdk.extensions import (
    RESOURCE_METADATA_EXTENSION_ID,
    ContentNegotiationExtension,
    ResourceMetadataExtension,
    ServerVariantsExtension,
)
from negotiation.sdk.handlers import (
    MODERN_VERSIONS,
    current,
    mcp_error,
    negotiated,
    session_key,
    tool_result,
)
from negotiation.sdk.middleware import NegotiationMiddleware
from negotiation.sdk.registry import Definition, Definitions
from negotiation.sdk.sessions import LIST_CHANGED, SessionEnded, Sessions
from negotiation.subscriptions import VariantSwitchLimiter

__all__ = [
    "CURSOR_KEY_ENV",
    "RESOURCE_METADATA_EXTENSION_ID",
    "Negotiation",
    "PrincipalOf",
    "SessionEnded",
    "cursor_key_from_env",
    "mcp_error",
    "negotiated",
    "session_key",
    "tool_result",
]

PrincipalOf = Callable[[ServerRequestContext[Any, Any]], Hashable]
"""Who is asking (from the HTTP request, a token...). Decides which variants they see."""

_F = TypeVar("_F", bound=Callable[..., Any])


class Negotiation:
    """Content negotiation and server variants for one ``MCPServer``.

    ``variants`` (``mcp_ext.ServerVariant`` models, or their wire mappings)
    enables server variants; ``default_variant`` names the one served when a request
    names none and the client gave no hints (default: the first). ``visible(principal,
    variant)`` hides variants from principals and ``principal_of`` reads the principal
    from the SDK's request context: variants are never an authorization mechanism, so
    still authorize every operation. ``page_size`` paginates the variant-scoped lists
    with cursors bound to the variant (``cursor_key``: at least 16 bytes, random when
    omitted; a sequence of keys rotates them: the first signs, every one verifies). ``negotiate=False`` switches everything off (the benchmark baseline): no
    extension is advertised and every client gets default content.
    ``experimental_capability=True`` also advertises the variants under
    ``capabilities.experimental`` for clients of the Go implementation
    (experimental-ext-variants); client hints are read from either placement.
    ``ranker`` is SEP-2053's LLM-assisted ranking (an async callable returning variant
    ids, best first; rule-based on failure or after ``ranker_timeout_seconds``), asked in
    ``initialize`` and ``server/discover``; a legacy session keeps what it was
    advertised. ``switch_limiter`` (a [`VariantSwitchLimiter`][negotiation.subscriptions.VariantSwitchLimiter])
    rate-limits variant switching per principal, answering -32000 with ``retryAfterMs``;
    ``anonymous_key`` gives an anonymous 2026-07-28 HTTP request a bucket (such as
    `negotiation.sdk.anonymous.client_address`; by default it has none).
    """

    def __init__(
        self,
        variants: Sequence[sv.VariantLike] | None = None,
        default_variant: str | None = None,
        *,
        visible: sv.Visibility | None = None,
        principal_of: PrincipalOf | None = None,
        page_size: int | None = None,
        cursor_key: bytes | Sequence[bytes] | None = None,
        advertise_limit: int = 5,
        negotiate: bool = True,
        experimental_capability: bool = False,
        ranker: sv.AsyncRanker | None = None,
        ranker_timeout_seconds: float = 2.0,
        switch_limiter: VariantSwitchLimiter | None = None,
        backplane: Backplane | None = None,
        anonymous_key: AnonymousKey | None = None,
    ) -> None:
        # The façade: the engine decides every request; this object declares into it and
        # gives the SDK its extensions and middleware.
        self._tools = Definitions("tool", self._serving_variant)
        self._prompts = Definitions("prompt", self._serving_variant)
        self.engine = Negotiator(
            variants,
            default_variant,
            visible=visible,
            page_size=page_size,
            cursor_key=cursor_key,
            advertise_limit=advertise_limit,
            negotiate=negotiate,
            experimental_capability=experimental_capability,
            ranker=ranker,
            ranker_timeout_seconds=ranker_timeout_seconds,
            switch_limiter=switch_limiter,
            backplane=backplane,
            tools=self._tools,
            prompts=self._prompts,
            modern_versions=MODERN_VERSIONS,
        )
        """The sans-IO engine deciding every request ([`negotiation.engine`][negotiation.engine])."""
        engine = self.engine
        self.variants: tuple[ServerVariant, ...] = engine.variants
        """The declared variants (the default first), as ``mcp_ext.ServerVariant``."""
        self.negotiate = negotiate
        self.experimental_capability = experimental_capability
        # The engine's own objects, under the names the façade's tests have known.
        self._memo = engine.memo
        self._advertiser = engine.advertiser
        self.resources: ResourceRegistry = engine.resources
        """Multi-format resources ([`add_resource()`][negotiation.sdk.server.Negotiation.add_resource])."""
        self.backplane: Backplane = engine.backplane
        """What the replicas share (events, switch buckets, rankings); in-memory by default."""
        self.sessions = Sessions(
            engine.exists,
            self.backplane,
            legacy=engine.legacy,
            subscriptions=engine.subscriptions,
        )
        """The sessions this replica serves: 2025-11-25 sessions, subscriptions, events."""
        self._content = ContentNegotiationExtension()
        self._variants_extension = ServerVariantsExtension(
            self._tools, lambda: self._middleware_taken
        )
        self._middleware_taken = False
        self._middleware = NegotiationMiddleware(
            engine,
            self.sessions,
            principal_of=principal_of,
            anonymous=AnonymousBuckets(anonymous_key),
            prompts=self._prompts,
            extensions_taken=lambda: self._variants_extension.consumed,
        )
        self._metadata = ResourceMetadataExtension(self.resources)

    # --- what MCPServer consumes --------------------------------------------------------

    @property
    def extensions(self) -> list[Extension]:
        """The SDK extensions: ``MCPServer(..., extensions=neg.extensions)``."""
        return [self._content, self._variants_extension, self._metadata]

    @property
    def middleware(self) -> list[ServerMiddleware[Any]]:
        """The SDK server middleware: ``MCPServer(..., middleware=neg.middleware)``."""
        self._middleware_taken = True
        return [self._middleware]

    @property
    def subscriptions(self) -> NegotiationBus:
        """The SDK's ``SubscriptionBus`` over [`backplane`][negotiation.sdk.server.Negotiation.backplane]:
        ``MCPServer(..., subscriptions=neg.subscriptions)``. With it, ``ctx.notify_*``,
        [`resource_updated()`][negotiation.sdk.server.Negotiation.resource_updated] and [`list_changed()`][negotiation.sdk.server.Negotiation.list_changed] each reach the subscribers of
        both eras on every replica, and a modern ``list_changed`` names its variant."""
        return self.sessions.bus

    # --- declaring what lives in which variant ------------------------------------------

    def scope(
        self,
        kind: Kind,
        name: str,
        variants: Iterable[str] | None,
        *,
        descriptions: Mapping[str, str] | None = None,
    ) -> None:
        """Serve the tool, prompt or resource ``name`` (a resource's URI) only in
        ``variants`` (None: in all), with a per-variant description where given. For
        anything registered with the SDK's own decorators."""
        self.engine.scopes.declare(kind, name, variants, descriptions)

    def tool(
        self,
        *,
        variants: Iterable[str] | None = None,
        descriptions: Mapping[str, str] | None = None,
        name: str | None = None,
        **tool_kwargs: Any,
    ) -> Callable[[_F], _F]:
        """Decorator: a tool served only in ``variants``, with per-variant descriptions.

        The counterpart of ``@mcp.tool(...)`` (``tool_kwargs`` are its arguments), in the
        manner of the SDK's ``@apps.tool``: the server registers it when it consumes
        [`extensions`][negotiation.sdk.server.Negotiation.extensions], so declare tools before constructing the ``MCPServer``
        (after it, this raises RuntimeError saying so).

        One ``name`` may be declared several times with disjoint ``variants``: each
        declaration keeps its own function, input and output schema, description and
        annotations, and a request in a variant lists and runs that variant's (an API
        version, a budget variant with shorter parameter descriptions). Overlapping
        variant sets raise ValueError here.
        """

        def decorator(fn: _F) -> _F:
            tool_name = name or fn.__name__
            self._not_consumed("tool", tool_name, self._variants_extension.consumed)
            self._declare(self._tools, "tool", tool_name, fn, variants, descriptions, tool_kwargs)
            return fn

        return decorator

    def prompt(
        self,
        *,
        variants: Iterable[str] | None = None,
        descriptions: Mapping[str, str] | None = None,
        name: str | None = None,
        **prompt_kwargs: Any,
    ) -> Callable[[_F], _F]:
        """Decorator: a prompt served only in ``variants``, with per-variant descriptions;
        ``prompt_kwargs`` are ``@mcp.prompt(...)``'s (``title``, ``description``, ``icons``),
        and ``meta``: the prompt's ``_meta`` in ``prompts/list`` (the SDK's prompts have none).

        As with [`tool()`][negotiation.sdk.server.Negotiation.tool], one ``name`` may be declared several times with disjoint
        ``variants``, each with its own function and arguments. The middleware serves
        these prompts (``prompts/list`` and ``prompts/get``); their ``ctx`` carries the
        request (session, logging, progress) but not ``ctx.mcp_server``, and a 2026-07-28
        ``prompts/get`` result has no ``serverInfo`` stamp (optional; the SDK stamps what
        its own handlers answer).
        """

        def decorator(fn: _F) -> _F:
            prompt_name = name or fn.__name__
            self._declare(
                self._prompts, "prompt", prompt_name, fn, variants, descriptions, prompt_kwargs
            )
            return fn

        return decorator

    def _declare(
        self,
        definitions: Definitions,
        kind: Kind,
        name: str,
        fn: Callable[..., Any],
        variants: Iterable[str] | None,
        descriptions: Mapping[str, str] | None,
        kwargs: dict[str, Any],
    ) -> None:
        ids = self.engine.scopes.checked(kind, name, variants, descriptions)
        meta = kwargs.pop("meta", None)  # the SDK takes _meta beside the other arguments
        definitions.add(name, Definition(ids, fn, kwargs, meta, dict(descriptions or {})))
        scoped, described = definitions.scope(name)
        self.scope(kind, name, scoped, descriptions=described)

    def _not_consumed(self, kind: str, name: str, consumed: bool) -> None:
        if consumed:
            raise RuntimeError(
                f"{kind} {name!r} is declared after MCPServer(...) read neg.extensions, which the "
                "SDK does once, at construction: declare it before constructing the MCPServer, "
                f"or register it on the server (@mcp.{kind}() / mcp.add_{kind}()) and scope it "
                f"with neg.scope({kind!r}, {name!r}, variants=[...])"
            )

    def add_resource(
        self,
        resource: BaseModel | Mapping[str, Any],
        representations: Iterable[Representation] | Mapping[str, Body | Callable[[], Body]],
        *,
        variants: Iterable[str] | None = None,
    ) -> None:
        """A resource in several formats (MIME type -> body or a function producing it).

        ``resources/read`` answers with the formats the client negotiated (all of them
        without negotiation) and ``resources/metadata`` describes every format
        (sep-resource-contents-metadata). ``resource`` is an ``mcp_ext.Resource`` or its
        wire mapping. A body may be a function, called at each read (computed content).
        Declare resources before constructing the ``MCPServer`` (after it, this raises
        RuntimeError saying so).
        """
        from mcp_ext.models import Resource

        uri = (
            resource.get("uri") if isinstance(resource, Mapping) else getattr(resource, "uri", None)
        )
        self._not_consumed("resource", str(uri), self._metadata.consumed)
        if isinstance(resource, Resource):
            model = resource
        elif isinstance(resource, Mapping):
            model = Resource.model_validate(resource)
        else:
            raise TypeError(
                f"expected an mcp_ext.Resource or a mapping, not {type(resource).__name__}"
            )
        self.resources.add(model, representations)
        if variants is not None:
            self.scope("resource", model.uri, variants)

    # --- the variant scopes -------------------------------------------------------------

    def _serving_variant(self) -> str | None:
        """The variant of the request being served: the middleware's, else the default."""
        view = current.get()
        if view is not None and view.variant is not None:
            return view.variant
        return self.engine.default_variant

    def attach(self, server: MCPServer) -> MCPServer:
        """Let this object see ``server``'s own resources and templates: a subscription
        to a URI that nothing serves is refused, and ``resources/metadata`` describes
        them. Returns ``server``."""
        self._metadata.server = server
        self.engine.attach(lambda uri: sdk_resources.has_resource(server, uri))
        return server

    def exists(self, variant: str | None, name: str, kind: Kind = "resource") -> bool:
        """Whether ``name`` (a tool or prompt name, or a resource URI) is in ``variant``.
        A resource URI exists when [`add_resource()`][negotiation.sdk.server.Negotiation.add_resource] or, once [`attach()`][negotiation.sdk.server.Negotiation.attach] has
        shown the server, the server's own resources or templates serve it."""
        return self.engine.exists(variant, name, kind)

    # --- per request --------------------------------------------------------------------

    def advertisement(
        self, client_capabilities: object, principal: Hashable
    ) -> sv.Advertisement | None:
        """The variants this principal gets for these client hints (None: no variants)."""
        return self.engine.advertisement(client_capabilities, principal)

    async def advertisement_async(
        self, client_capabilities: object, principal: Hashable
    ) -> sv.Advertisement | None:
        """[`advertisement()`][negotiation.sdk.server.Negotiation.advertisement], asking the ``ranker`` when there is one."""
        return await self.engine.advertisement_async(client_capabilities, principal)

    def context(
        self, ctx: ServerRequestContext[Any, Any], *, ranked: sv.Advertisement | None = None
    ) -> NegotiationContext:
        """The negotiated view of one request; raises the spec's ``MCPError`` for a
        variant this principal may not use. The middleware calls it for every request,
        with the ranker's decision (``ranked``) when there is a ranker."""
        return self._middleware.context(ctx, ranked=ranked)

    # --- sessions and events ------------------------------------------------------------

    @property
    def subscription_count(self) -> int:
        """How many ``resources/subscribe`` subscriptions are live."""
        return len(self.sessions.subscriptions)

    def on_session_end(self, callback: SessionEnded) -> None:
        """Call ``callback(session_key)`` when a client's session ends (an HTTP DELETE,
        an expired session, stdio closing), after this object dropped its own
        per-session state (subscriptions). The key is [`session_key()`][negotiation.sdk.handlers.session_key] of the
        session's requests."""
        self.sessions.on_end(callback)

    async def list_changed(
        self, kind: Literal["tools", "resources", "prompts"], variant: str | None = None
    ) -> int:
        """Tell the clients that ``kind`` changed in ``variant`` (SEP-2053 "List-Changed
        Notifications": the variant in ``params._meta``; None: every variant may have
        changed): every live 2025-11-25 session whose advertised set has ``variant``, and
        with [`subscriptions`][negotiation.sdk.server.Negotiation.subscriptions] every ``subscriptions/listen`` stream in it, on this
        replica and, through the [`backplane`][negotiation.sdk.server.Negotiation.backplane], on every other. Returns how many
        2025-11-25 sessions this replica told."""
        if kind not in LIST_CHANGED:
            raise ValueError(f"kind must be 'tools', 'resources' or 'prompts', not {kind!r}")
        return await self.sessions.emit(ListChanged(kind, variant))

    async def resource_updated(self, uri: str) -> None:
        """Notify the subscribers of ``uri`` whose variant has it: 2025-11-25
        ``resources/subscribe`` sessions and, with [`subscriptions`][negotiation.sdk.server.Negotiation.subscriptions], 2026-07-28
        ``subscriptions/listen`` streams, on this replica and every other."""
        await self.sessions.emit(ResourceUpdated(uri))
