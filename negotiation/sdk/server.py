"""Content negotiation and server variants for the official SDK's ``MCPServer``.

::

    neg = Negotiation(variants=[ServerVariant(id="full", ...), ServerVariant(id="compact", ...)])
    mcp = MCPServer("weather", extensions=neg.extensions, middleware=neg.middleware)

    @mcp.tool()
    def get_weather(city: str, ctx: Context) -> CallToolResult:
        view = negotiated(ctx)              # features, variant, era, advertised
        return tool_result(ctx, structured=data, text=markdown)

:class:`Negotiation` is the one place where negotiation is decided. Its
:attr:`~Negotiation.extensions` are SDK ``Extension`` objects (content negotiation,
server variants, ``resources/metadata``); its :attr:`~Negotiation.middleware` is one SDK
server middleware that, for every request and before any handler runs, reads the
client's declaration, resolves the variant (``_meta``, then the ``MCP-Server-Variant``
header, else the default) and refuses an unknown one with the spec's error. It then
advertises the ranked variants in ``initialize`` and ``server/discover``, scopes and
paginates lists per variant, answers multi-format resources with the negotiated
formats, and logs each decision at DEBUG on the ``negotiation.sdk`` logger.

Handlers read the decision with :func:`negotiated`; nothing is validated twice: the
SDK validates params and results once, and the middleware reads the SDK's own objects.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeVar

import anyio.lowlevel
import mcp_types
from mcp.server.context import CallNext, HandlerResult, ServerMiddleware, ServerRequestContext
from mcp.server.extension import Extension, MethodBinding, ResourceBinding, ToolBinding
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.resources import TextResource
from mcp.shared.exceptions import MCPError
from mcp_ext.methods import RPCError
from mcp_types import methods as _methods
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel

from negotiation import content as cn_content
from negotiation import errors
from negotiation import features as cn
from negotiation import variants as sv
from negotiation._wire import as_mapping, wire_get
from negotiation.backplane import (
    Backplane,
    Event,
    InMemoryBackplane,
    ListChanged,
    Refetch,
    ResourceUpdated,
    principal_digest,
)
from negotiation.content import NegotiationContext
from negotiation.cursors import CursorCodec
from negotiation.resources import Body, Representation, ResourceNotFound, ResourceRegistry
from negotiation.sdk import misuse, sdk_resources
from negotiation.sdk.anonymous import UNLIMITED, AnonymousBuckets, AnonymousKey
from negotiation.sdk.events import NegotiationBus, Stream, listening
from negotiation.sdk.memo import DeclarationMemo, Negotiated
from negotiation.sdk.registry import Definition, Definitions
from negotiation.subscriptions import (
    SubscriptionRegistry,
    VariantSwitchLimiter,
    list_changed_notification,
)
from negotiation.versioning import Era

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

logger = logging.getLogger("negotiation.sdk")
audit = logging.getLogger("negotiation.sdk.audit")
"""Refusals that matter for security review, at INFO: a variant refused, a principal
changed within a session, a switch rate-limited, a cursor refused. The principal is
logged as a short digest, never as given (it may be a credential)."""


def _who(principal: Hashable) -> str:
    """A short, stable digest of a principal for the audit log."""
    if principal is None:
        return "-"
    text = f"{type(principal).__qualname__}:{principal!r}"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


PrincipalOf = Callable[[ServerRequestContext[Any, Any]], Hashable]
"""Who is asking (from the HTTP request, a token...). Decides which variants they see."""

RESOURCE_METADATA_EXTENSION_ID = "io.modelcontextprotocol/resources-metadata"
"""The SDK needs an extension to serve a new method; ``resources/metadata`` belongs to
the core ``resources`` capability, so this identifier is never advertised."""

Kind = Literal["tool", "prompt", "resource"]
_LISTS: Mapping[str, tuple[Kind, str, str]] = {
    "tools/list": ("tool", "tools", "name"),
    "prompts/list": ("prompt", "prompts", "name"),
    "resources/list": ("resource", "resources", "uri"),
}
_TARGETS: Mapping[str, tuple[Kind, str]] = {
    "tools/call": ("tool", "name"),
    "prompts/get": ("prompt", "name"),
    "resources/read": ("resource", "uri"),
    "resources/metadata": ("resource", "uri"),
    "resources/subscribe": ("resource", "uri"),
}
# Requests that carry no variant: the handshake and discovery advertise the variants.
_UNSCOPED = frozenset({"initialize", "server/discover", "ping"})
_MODERN = frozenset(MODERN_PROTOCOL_VERSIONS)

SessionEnded = Callable[[Hashable], None]
"""Called with a session's key (the SDK's per-client connection) when it ends."""

_WATCHED = "negotiation.sdk.session_end"  # in the SDK connection's per-connection state
_STAMPED = frozenset(
    f"notifications/{kind}/list_changed" for kind in ("tools", "resources", "prompts")
)
RANKING_TTL_SECONDS = 300.0  # the RankingCache's default: a ranking is decided anew after it
_LIST_CHANGED: Mapping[str, type[BaseModel]] = {
    "tools": mcp_types.ToolListChangedNotification,
    "resources": mcp_types.ResourceListChangedNotification,
    "prompts": mcp_types.PromptListChangedNotification,
}


_UNKNOWN: Mapping[str, str] = {
    "tool": "Unknown tool",
    "prompt": "Unknown prompt",
    "resource": "Unknown resource",
}  # the SDK's own messages for names it does not have


def _same(a: Hashable, b: Hashable) -> bool:
    """Type-exact equality of principals (``1`` is not ``True``, ``"1"`` is not ``1``)."""
    return type(a) is type(b) and a == b


def _selection(ctx: ServerRequestContext[Any, Any]) -> tuple[object, str | None]:
    """The request's ``_meta`` and, only when ``_meta`` selects no variant, the
    ``MCP-Server-Variant`` header (``_meta`` wins over the header)."""
    params = ctx.params
    meta = params.get("_meta") if params is not None else None
    if isinstance(meta, Mapping) and sv.META_KEY in meta:
        return meta, None
    headers = getattr(ctx.request, "headers", None)
    return meta, headers.get(sv.HEADER) if headers is not None else None


@dataclass(frozen=True, slots=True)
class _LegacySession:
    """What a 2025-11-25 session keeps until it ends: who initialized it, what it was
    advertised (its settled negotiation) and the SDK session, for ``list_changed``."""

    principal: Hashable
    settled: Negotiated
    session: Any


def session_key(ctx: ServerRequestContext[Any, Any]) -> Hashable:
    """What identifies a request's session: the SDK's per-client connection (the SDK
    makes a new ``ServerSession`` per request; the connection persists)."""
    connection: Hashable = getattr(ctx.session, "_connection", ctx.session)
    return connection


_ANONYMOUS = "negotiation.sdk.anonymous"  # in the SDK connection's per-connection state


_UNLIMITED = UNLIMITED  # a request with no one to limit


def _bucket(
    ctx: ServerRequestContext[Any, Any], principal: Hashable, anonymous: AnonymousBuckets
) -> Hashable:
    """Whose switch bucket a request spends (SEP-2053: "by principal/session"): its
    principal's; without one, its 2025-11-25 session's, so that anonymous clients do not
    share one bucket. An anonymous 2026-07-28 request over HTTP has neither (its address
    may be a proxy's, shared by everyone): ``anonymous_key`` decides (by default
    :data:`_UNLIMITED`, with a warning). In process or over stdio the one client has
    the transport's bucket."""
    if principal is not None:
        return principal
    if _era(ctx.protocol_version) is Era.LEGACY and ctx.session.client_capabilities is not None:
        state = getattr(getattr(ctx.session, "_connection", None), "state", None)
        if isinstance(state, dict):
            token: Hashable = state.setdefault(_ANONYMOUS, ("session", os.urandom(16).hex()))
            return token
    return anonymous(ctx) if getattr(ctx, "request", None) is not None else None


_current: ContextVar[NegotiationContext | None] = ContextVar("negotiation_sdk", default=None)

_F = TypeVar("_F", bound=Callable[..., Any])


def mcp_error(error: Mapping[str, Any] | RPCError) -> MCPError:
    """The SDK's ``MCPError`` for a runtime error: a :class:`~negotiation.NegotiationError`
    (any generated ``RPCError``) or an error object from :mod:`negotiation.errors`.
    Raise it from a handler to answer with the spec's code, message and data."""
    if isinstance(error, RPCError):
        return MCPError(code=error.code, message=error.message, data=error.data)
    return MCPError(code=error["code"], message=error["message"], data=error.get("data"))


CURSOR_KEY_ENV = "MCP_NEGOTIATION_CURSOR_KEY"
"""The environment variable :func:`cursor_key_from_env` reads by default."""


def cursor_key_from_env(
    name: str = CURSOR_KEY_ENV, environ: Mapping[str, str] | None = None
) -> bytes | tuple[bytes, ...] | None:
    """The cursor key shared by the replicas of one server, from the environment: hex,
    at least 32 digits (16 bytes; 64 recommended), or None when the variable is unset.

    Give every replica behind one URL the same key (``Negotiation(cursor_key=...)``) and
    each accepts the cursors the others minted; keep it as secret as a session key.
    To rotate, list keys separated by commas, the new one first (``new,old``): the first
    signs, every one verifies; then a tuple of keys is returned.
    Raises ValueError, naming the variable (and the key's place in a list), for a
    malformed or short key.
    """
    value = (os.environ if environ is None else environ).get(name)
    if value is None:
        return None
    parts = value.split(",")
    keys = tuple(
        _hex_key(name, part, i if len(parts) > 1 else None) for i, part in enumerate(parts)
    )
    return keys[0] if len(keys) == 1 else keys


def _hex_key(name: str, value: str, index: int | None) -> bytes:
    where = f"${name}" if index is None else f"${name} (key {index + 1})"
    try:
        key = bytes.fromhex(value.strip())
    except ValueError:
        raise ValueError(f"{where} must be hex digits (e.g. from `openssl rand -hex 32`)") from None
    if len(key) < 16:
        raise ValueError(f"{where} must hold at least 16 bytes (32 hex digits), not {len(key)}")
    return key


def _cursor_codec(key: bytes | Sequence[bytes] | None) -> CursorCodec:
    """The first key signs, every key verifies (rotation: ``[new, old]``)."""
    if key is None:
        return CursorCodec(os.urandom(32))
    if isinstance(key, bytes | bytearray):
        return CursorCodec(bytes(key))
    given: list[object] = (
        list(key) if isinstance(key, Sequence) and not isinstance(key, str) else []
    )
    keys = [bytes(k) for k in given if isinstance(k, bytes | bytearray)]
    if not keys or len(keys) != len(given):
        raise TypeError("cursor_key must be bytes or a non-empty sequence of bytes")
    return CursorCodec(keys[0], previous_keys=keys[1:])


def _hints(capabilities: object) -> sv.ClientHints:
    """The client's variant hints (either placement). Untrusted: malformed hints are read
    as far as they go, never raised."""
    return sv.ClientHints.from_wire(wire_get(sv.extension_settings(capabilities), "variantHints"))


def _envelope(result: Mapping[str, Any]) -> dict[str, Any]:
    """A list result without its items (what a list's surface model requires)."""
    return {k: v for k, v in result.items() if k not in ("tools", "prompts", "nextCursor")}


def _era(protocol_version: str) -> Era:
    return Era.MODERN if protocol_version in _MODERN else Era.LEGACY


_KEYSET = "k"  # a position "k<offset>:<last name>"; a bare number is an older offset


def _resume(items: list[Any], key: str, position: str) -> int:
    """Where the next page starts: after the item the last page ended with, found by its
    name (or URI), so that replicas whose lists differ (a rolling deploy) neither skip
    nor repeat; by the offset only when that item is gone. Positions come from cursors
    this server signed, so a malformed one reads as the start."""
    offset, _, name = position.removeprefix(_KEYSET).partition(":")
    if position.startswith(_KEYSET):
        for index, item in enumerate(items):
            if isinstance(item, dict) and item.get(key) == name:
                return index + 1
    return int(offset) if offset.isascii() and offset.isdigit() else 0


# --- the extensions -------------------------------------------------------------------


class ContentNegotiationExtension(Extension):
    """``io.modelcontextprotocol/content-negotiation``: advertised with empty settings."""

    identifier = cn.EXTENSION_ID


class ServerVariantsExtension(Extension):
    """``io.modelcontextprotocol/server-variants``: contributes the tools declared with
    :meth:`Negotiation.tool`. The advertised list depends on the client's hints and the
    principal, so the middleware writes it into ``initialize`` and ``server/discover``."""

    identifier = sv.EXTENSION_ID

    def __init__(self, definitions: Definitions, middleware_taken: Callable[[], bool]) -> None:
        self.definitions = definitions
        self.consumed = False  # a server has read the tools: later ones would be lost
        self._middleware_taken = middleware_taken

    def tools(self) -> Sequence[ToolBinding]:
        # MCPServer reads its middleware= argument before its extensions.
        if not self.consumed and not self._middleware_taken():
            misuse.logger.warning(misuse.NO_MIDDLEWARE)
        self.consumed = True
        return self.definitions.bindings()


class ReadResourceMetadataParams(mcp_types.RequestParams):
    """Params of ``resources/metadata``."""

    uri: str


class ResourceMetadataExtension(Extension):
    """Serves ``resources/metadata`` and contributes the multi-format resources of
    :meth:`Negotiation.add_resource` (their reads are answered by the middleware)."""

    identifier = RESOURCE_METADATA_EXTENSION_ID

    def __init__(self, registry: ResourceRegistry) -> None:
        self.registry = registry
        self.consumed = False  # a server has read the resources: later ones would be lost
        self.server: MCPServer | None = None  # set by Negotiation.attach

    def resources(self) -> Sequence[ResourceBinding]:
        self.consumed = True
        return [
            ResourceBinding(
                TextResource(
                    uri=resource.uri,
                    name=resource.name,
                    title=resource.title,
                    description=resource.description,
                    mime_type=resource.mime_type or self.registry.formats(resource.uri)[0],
                    text="",  # the middleware answers reads with the negotiated formats
                )
            )
            for resource in self.registry
        ]

    def methods(self) -> Sequence[MethodBinding]:
        return [MethodBinding("resources/metadata", ReadResourceMetadataParams, self._metadata)]

    async def _metadata(
        self, ctx: ServerRequestContext[Any, Any], params: ReadResourceMetadataParams
    ) -> dict[str, Any]:
        try:
            result = self.registry.metadata(params.uri)
        except ResourceNotFound as missing:
            # The server's own resources and templates (Negotiation.attach) have metadata too.
            found = None
            if self.server is not None:
                found = await sdk_resources.metadata(self.server, params.uri, ctx)
            if found is None:
                raise mcp_error(missing) from None
            return found
        return result.model_dump(by_alias=True, exclude_none=True)


# --- per-variant scopes ---------------------------------------------------------------


@dataclass(slots=True)
class _Scope:
    variants: frozenset[str] | None  # None: in every variant
    descriptions: dict[str, str] = field(default_factory=dict)


# --- the view of one request ----------------------------------------------------------


def negotiated(
    ctx: Context[Any, Any] | ServerRequestContext[Any, Any] | None = None,
) -> NegotiationContext:
    """The negotiated view of the request ``ctx`` belongs to.

    Call it inside a tool, resource or prompt function, with the SDK ``Context`` (or in
    low-level code with a ``ServerRequestContext``), or with no argument: the
    :class:`Negotiation` middleware has already settled the request being served, so a
    tool needs no ``Context`` parameter for it (the default context outside a request).
    ``.features`` is the client's :class:`~negotiation.features.FeatureSet`, or None
    when it did not declare content negotiation (answer with default content);
    ``.variant`` the variant serving the request; ``.era`` the protocol era;
    ``.advertised`` the variants this client may select, default first. On a server
    without :class:`Negotiation` middleware the view still has the features and the era,
    and no variant.
    """
    if ctx is None:
        current = _current.get()
        return current if current is not None else cn_content.DEFAULT_CONTEXT
    if isinstance(ctx, Context):
        request = ctx.request_context
    elif isinstance(ctx, ServerRequestContext):
        request = ctx
    else:
        raise TypeError(
            "negotiated() takes the SDK's Context or ServerRequestContext, "
            f"not {type(ctx).__name__}"
        )
    view = _current.get()
    if view is not None:
        return view
    capabilities = request.session.client_capabilities
    return replace(
        cn_content.context_from_capabilities(capabilities, era=_era(request.protocol_version)),
        protocol_version=request.protocol_version,
    )


def tool_result(
    ctx: Context[Any, Any] | ServerRequestContext[Any, Any] | NegotiationContext | None = None,
    *,
    structured: Any = None,
    text: str | None = None,
    is_error: bool | None = None,
    output_schema: bool = False,
    text_fallback: bool = True,
) -> mcp_types.CallToolResult:
    """A ``CallToolResult`` shaped for the client's audience (sep-tool-result-content).

    ``structured`` is the machine-facing value, ``text`` the model-facing rendering of
    the same information; give one or both, render only what you have. A client that
    asked for markdown or text gets ``content`` only; every other client (and every
    error) gets both, with JSON text standing in for missing text, as the SEP's SHOULD
    asks. ``text_fallback=False`` follows content negotiation's Test Case 1 instead: a
    client that negotiated JSON gets ``structuredContent`` and an empty ``content``.
    Pass ``output_schema=True`` for a tool that declares one: ``structuredContent`` is
    then always sent.
    """
    view = ctx if isinstance(ctx, NegotiationContext) else negotiated(ctx)
    send_content, send_structured = cn_content.plan_tool_result(
        view,
        has_structured=structured is not None,
        has_content=text is not None,
        output_schema=output_schema,
        is_error=bool(is_error),
        text_fallback=text_fallback,
    )
    blocks: list[mcp_types.ContentBlock] = []
    if send_content:
        body = text if text is not None else cn_content.json_text(structured)
        blocks.append(mcp_types.TextContent(type="text", text=body))
    result = mcp_types.CallToolResult(content=blocks)
    if send_structured:
        result.structured_content = structured
    if is_error is not None:
        result.is_error = is_error
    return result


class _VariantBoundSession:
    """The SDK session of one ``subscriptions/listen`` stream, dropping the
    ``notifications/resources/updated`` of resources its variant no longer has."""

    def __init__(
        self, session: Any, variant: str | None, exists: Callable[[str | None, str], bool]
    ) -> None:
        self._session = session
        self._variant = variant
        self._exists = exists

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)

    async def send_notification(self, notification: Any, *args: Any, **kwargs: Any) -> None:
        method = getattr(notification, "method", None)
        if method == "notifications/resources/updated":
            uri = str(getattr(getattr(notification, "params", None), "uri", ""))
            if not self._exists(self._variant, uri):
                logger.debug("listen: update of %r dropped: not in %s", uri, self._variant)
                return
        elif method in _STAMPED and self._variant is not None:
            # SEP-2053: list_changed names its variant. A stream serves one variant and
            # only hears of changes in it (or in every variant), so it names its own.
            params = getattr(notification, "params", None)
            if isinstance(notification, BaseModel) and isinstance(
                params, mcp_types.NotificationParams
            ):
                meta = {**(params.meta or {}), sv.META_KEY: self._variant}
                notification = notification.model_copy(
                    update={"params": params.model_copy(update={"meta": meta})}
                )
        await self._session.send_notification(notification, *args, **kwargs)


# --- the negotiation ------------------------------------------------------------------


class Negotiation:
    """Content negotiation and server variants for one ``MCPServer``.

    ``variants`` (``mcp_ext.ServerVariant`` models, or :class:`~negotiation.variants.Variant`)
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
    advertised. ``switch_limiter`` (a :class:`~negotiation.subscriptions.VariantSwitchLimiter`)
    rate-limits variant switching per principal, answering -32000 with ``retryAfterMs``;
    ``anonymous_key`` gives an anonymous 2026-07-28 HTTP request a bucket (such as
    :func:`~negotiation.sdk.anonymous.client_address`; by default it has none).
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
        declared = sv.as_variants(variants) if variants is not None else ()
        if default_variant is not None:
            if not isinstance(default_variant, str):
                raise TypeError(
                    f"default_variant must be a str, not {type(default_variant).__name__}"
                )
            if default_variant not in {v.id for v in declared}:
                raise ValueError(f"default_variant {default_variant!r} is not one of the variants")
            declared = tuple(sorted(declared, key=lambda v: v.id != default_variant))
        if page_size is not None and page_size < 1:
            raise ValueError("page_size must be at least 1")
        self.variants: tuple[sv.Variant, ...] = declared
        self.negotiate = negotiate
        self.experimental_capability = experimental_capability
        self._principal_of = principal_of
        self._ranker = ranker if declared and negotiate else None
        self._advertiser = (
            sv.VariantAdvertiser(
                declared,
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
        self._implicit = declared[0].id if declared and not negotiate else None
        self._page_size = page_size
        self._cursors = _cursor_codec(cursor_key) if page_size else None
        self._scopes: dict[tuple[Kind, str], _Scope] = {}
        self._memo = DeclarationMemo(self._settle)
        self.resources = ResourceRegistry()
        """Multi-format resources (:meth:`add_resource`)."""
        self._subscriptions = SubscriptionRegistry(self.exists)
        self._subscribers: dict[Hashable, Any] = {}  # until the session ends
        self._legacy_sessions: dict[Hashable, _LegacySession] = {}  # until each ends
        self._switch_limiter = switch_limiter
        self._anonymous = AnonymousBuckets(anonymous_key)
        self._session_ended: list[SessionEnded] = []
        self._warned_stateless = False
        self.backplane: Backplane = backplane if backplane is not None else InMemoryBackplane()
        """What the replicas share (events, switch buckets, rankings); in-memory by default."""
        self._origin = os.urandom(8).hex()  # this replica, on the backplane
        self._bus = NegotiationBus(self._emit)
        self._started = False
        self._degraded = False  # the shared limiter is unreachable: local buckets
        self._unsent = False  # an event could not be published: the others must refetch
        self.backplane.subscribe(self._origin, self._deliver, self._refetch)
        self._content = ContentNegotiationExtension()
        self._tools = Definitions("tool", self._serving_variant)
        self._prompts = Definitions("prompt", self._serving_variant)
        self._variants_extension = ServerVariantsExtension(
            self._tools, lambda: self._middleware_taken
        )
        self._middleware_taken = False
        self._first_lists = set(misuse.LIST_KINDS)  # each checked against the scopes once
        self._served = False
        self._metadata = ResourceMetadataExtension(self.resources)
        self._server: MCPServer | None = None  # attach()

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
        """The SDK's ``SubscriptionBus`` over :attr:`backplane`:
        ``MCPServer(..., subscriptions=neg.subscriptions)``. With it, ``ctx.notify_*``,
        :meth:`resource_updated` and :meth:`list_changed` each reach the subscribers of
        both eras on every replica, and a modern ``list_changed`` names its variant."""
        return self._bus

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
        if kind not in ("tool", "prompt", "resource"):
            raise ValueError(f"kind must be 'tool', 'prompt' or 'resource', not {kind!r}")
        ids = frozenset(variants) if variants is not None else None
        known = {v.id for v in self.variants}
        for variant_id in (ids or frozenset()) | frozenset(descriptions or {}):
            if variant_id not in known:
                raise ValueError(f"{kind} {name!r}: {variant_id!r} is not a declared variant")
        self._scopes[(kind, name)] = _Scope(ids, dict(descriptions or {}))

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
        :attr:`extensions`, so declare tools before constructing the ``MCPServer``
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
        ``prompt_kwargs`` are ``@mcp.prompt(...)``'s (``title``, ``description``, ``icons``).

        As with :meth:`tool`, one ``name`` may be declared several times with disjoint
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
        ids = frozenset(variants) if variants is not None else None
        known = {v.id for v in self.variants}
        for variant_id in (ids or frozenset()) | frozenset(descriptions or {}):
            if variant_id not in known:
                raise ValueError(f"{kind} {name!r}: {variant_id!r} is not a declared variant")
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
        view = _current.get()
        if view is not None and view.variant is not None:
            return view.variant
        return self._implicit or (self.variants[0].id if self.variants else None)

    def attach(self, server: MCPServer) -> MCPServer:
        """Let this object see ``server``'s own resources and templates: a subscription
        to a URI that nothing serves is refused, and ``resources/metadata`` describes
        them. Returns ``server``."""
        self._server = server
        self._metadata.server = server
        return server

    def exists(self, variant: str | None, name: str, kind: Kind = "resource") -> bool:
        """Whether ``name`` (a tool or prompt name, or a resource URI) is in ``variant``.
        A resource URI exists when :meth:`add_resource` or, once :meth:`attach` has
        shown the server, the server's own resources or templates serve it."""
        scope = self._scopes.get((kind, name))
        if scope is None and kind == "resource" and name not in self.resources:
            return self._server is None or sdk_resources.has_resource(self._server, name)
        if scope is None or scope.variants is None:
            return True
        return (variant if variant is not None else self._implicit) in scope.variants

    # --- per request --------------------------------------------------------------------

    def _principal(self, ctx: ServerRequestContext[Any, Any]) -> Hashable:
        return self._principal_of(ctx) if self._principal_of is not None else None

    def advertisement(
        self, client_capabilities: object, principal: Hashable
    ) -> sv.Advertisement | None:
        """The variants this principal gets for these client hints (None: no variants)."""
        if self._advertiser is None:
            return None
        return self._advertiser.advertise(_hints(client_capabilities), principal)

    async def advertisement_async(
        self, client_capabilities: object, principal: Hashable
    ) -> sv.Advertisement | None:
        """:meth:`advertisement`, asking the ``ranker`` when there is one."""
        if self._advertiser is None:
            return None
        hints = _hints(client_capabilities)
        if self._ranker is None or not self.backplane.shared or hints.malformed:
            return await self._advertiser.advertise_async(hints, principal)
        decided = self._advertiser.decided(hints, principal)
        if decided is not None:
            return decided
        # Fleet-wide: the first replica's ranking wins, so every replica advertises and
        # serves the same default (and asks the ranker at most once per time to live).
        asked: list[sv.Advertisement] = []

        async def rank() -> tuple[str, ...]:
            asked.append(await self._advertiser.rank_async(hints, principal))  # type: ignore[union-attr]
            return asked[0].ids

        key = f"{hints.digest()}:{principal_digest(principal)}"
        try:
            ids = await self.backplane.ranking(key, rank, RANKING_TTL_SECONDS)
        except ConnectionError as problem:
            logger.warning("the shared ranking is unreachable (%s); ranking locally", problem)
            ids = None
        ad = self._advertiser.from_ids(ids, principal) if ids is not None else None
        if ad is None:
            ad = asked[0] if asked else await self._advertiser.rank_async(hints, principal)
        self._advertiser.remember(hints, principal, ad)
        return ad

    def _settle(self, capabilities: object, principal: Hashable) -> Negotiated:
        """What a declaration and principal decide for all their requests (memoised)."""
        return self._settle_with(
            capabilities, principal, self.advertisement(capabilities, principal)
        )

    def _settle_with(
        self, capabilities: object, principal: Hashable, ad: sv.Advertisement | None
    ) -> Negotiated:
        ids = ad.ids if ad is not None else ()
        context = cn_content.context_from_capabilities(capabilities, era=None)
        features = context.features
        # An invalid declaration (a bad tag, malformed hints) is never memoised.
        valid = (features is None or not features.invalid) and not (
            self._advertiser is not None and _hints(capabilities).malformed
        )
        context = replace(context, advertised=ids, principal=principal)
        return Negotiated(context, ids, sv.VariantResolver(ids), cacheable=valid)

    def context(
        self, ctx: ServerRequestContext[Any, Any], *, ranked: sv.Advertisement | None = None
    ) -> NegotiationContext:
        """The negotiated view of one request; raises the spec's ``MCPError`` for a
        variant this principal may not use. The middleware calls it for every request,
        with the ranker's decision (``ranked``) when there is a ranker."""
        version = ctx.protocol_version
        era = _era(version)
        capabilities: object = ctx.session.client_capabilities
        principal = self._principal(ctx)
        legacy = (
            self._legacy_sessions.get(session_key(ctx))
            if self._legacy_sessions and era is Era.LEGACY
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
        if not self.negotiate:
            # No variants on the wire; the lists still show the default variant's items.
            # SEP-2053: a selected variant is refused on every method, not ignored.
            params = ctx.params
            meta = params.get("_meta") if params is not None else None
            if isinstance(meta, Mapping) and sv.META_KEY in meta:
                logger.debug("%s: refused variant: server variants not supported", ctx.method)
                raise mcp_error(errors.server_variants_not_supported())
            return NegotiationContext(era=era, protocol_version=version, principal=principal)
        # Handshake-era capabilities are one object for the whole session, advertised once.
        settled = (
            legacy.settled
            if legacy is not None
            else self._memo.get(capabilities, principal, sticky=era is Era.LEGACY)
        )
        if ranked is not None and legacy is None and settled.ids != ranked.ids:
            # The ranking was decided anew (its time to live ran out): what the memo
            # settled before is stale. Rare, so forgetting every declaration is cheap.
            self._memo.clear()
            settled = self._memo.get(capabilities, principal, sticky=era is Era.LEGACY)
        meta, header = _selection(ctx)
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
        bucket = (
            _bucket(ctx, principal, self._anonymous)
            if self._switch_limiter is not None
            else _UNLIMITED
        )
        if (
            self._switch_limiter is not None
            and not self.backplane.shared
            and bucket is not _UNLIMITED
        ):
            limited = self._switch_limiter.check(bucket, resolution.variant)
            if limited is not None:
                audit.info("%s: variant switch rate-limited for %s", ctx.method, _who(principal))
                raise mcp_error(limited)
        view = settled.view(resolution.variant, era, version)
        if logger.isEnabledFor(logging.DEBUG):
            features = view.features
            logger.debug(
                "%s: features=%s format=%s variant=%s (%s) era=%s",
                ctx.method,
                None if features is None else [str(tag) for tag in features.tags],
                view.format,
                view.variant,
                resolution.source,
                era,
            )
        return view

    async def _middleware(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        method = ctx.method
        if not self._served:
            self._served = True
            if not self._variants_extension.consumed:
                misuse.logger.warning(misuse.NO_EXTENSIONS)
        if ctx.request_id is None:  # a notification
            return await call_next(ctx)
        if not self._started:
            self._started = True
            # Receive before serving: a stream opened now must not miss an event.
            await self.backplane.start()
        if method in _UNSCOPED:
            if method != "initialize":
                # ping and server/discover validate a selected variant like every method.
                self.context(ctx)
            result = await call_next(ctx)
            if method == "ping":
                return result
            principal = self._principal(ctx)
            if method == "initialize":
                capabilities = (ctx.params or {}).get("capabilities")
                ad = await self.advertisement_async(capabilities, principal)
                if self._advertiser is not None and self._watch_session(ctx):
                    # The session keeps this principal and these variants until it ends.
                    self._legacy_sessions[session_key(ctx)] = _LegacySession(
                        principal, self._settle_with(capabilities, principal, ad), ctx.session
                    )
                return self._advertise(result, ctx, ad)
            ad = await self.advertisement_async(ctx.session.client_capabilities, principal)
            return self._advertise(result, ctx, ad)
        ranked = None
        if self._ranker is not None and (
            _era(ctx.protocol_version) is Era.MODERN
            or session_key(ctx) not in self._legacy_sessions
        ):
            # A legacy session keeps what it was advertised; elsewhere the ranker decides the default once per principal and hints, on every path
            # (not only initialize and server/discover), before the memo settles it.
            ranked = await self.advertisement_async(
                ctx.session.client_capabilities, self._principal(ctx)
            )
        if (
            not self._warned_stateless
            and ctx.session.client_capabilities is None
            and _era(ctx.protocol_version) is Era.LEGACY
        ):
            self._warned_stateless = True
            logger.warning(
                "%s: a 2025-11-25 request without the client's capabilities (is the server"
                " run with stateless_http=True?): negotiation is off for legacy clients."
                " Serve them with sessions, routed sticky on Mcp-Session-Id",
                ctx.method,
            )
        view = self.context(ctx, ranked=ranked)
        if self._switch_limiter is not None and self.backplane.shared:
            await self._shared_switch(ctx, view)
        target = _TARGETS.get(method)
        if target is not None and self._scopes:
            self._check_target(ctx, view, *target)
        if method in ("resources/subscribe", "resources/unsubscribe") and view.era is Era.LEGACY:
            return self._subscription(ctx, view, subscribe=method == "resources/subscribe")
        listen = None
        if method == "subscriptions/listen":
            if self._scopes or self._advertiser is not None or self._server is not None:
                ctx = self._bind_listen(ctx, view)
            listen = listening.set(self._stream(ctx, view))
        token = _current.set(view)
        try:
            prompt_name = (ctx.params or {}).get("name") if method == "prompts/get" else None
            if isinstance(prompt_name, str) and prompt_name in self._prompts:
                return await self._get_prompt(ctx)
            result = await call_next(ctx)
        except (MCPError, ValueError) as exc:
            if target is not None:
                self._unknown_identifier(ctx, view, exc, *target)
            raise
        finally:
            _current.reset(token)
            if listen is not None:
                listening.reset(listen)
        if method == "tools/call" and isinstance(result, dict) and result.get("isError") is True:
            self._unknown_identifier(ctx, view, result, "tool", "name")
        if method in _LISTS and isinstance(result, dict):
            if method == "prompts/list" and self._prompts.names():
                self._list_prompts(ctx, view, result)
            if method in self._first_lists:
                self._first_lists.discard(method)
                self._check_scopes(method, result)
            return self._scoped_list(ctx, view, result, *_LISTS[method])
        if method == "resources/read" and isinstance(result, dict):
            return self._read(ctx, view, result)
        return result

    def _stream(self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext) -> Stream:
        """What a listen stream is bound to, for :attr:`subscriptions`."""
        uris = wire_get(wire_get(ctx.params, "notifications"), "resourceSubscriptions")
        variant = view.variant if view.variant is not None else self._implicit
        kept = uris if isinstance(uris, list) else ()
        return Stream(variant, frozenset(u for u in kept if isinstance(u, str)))

    async def _shared_switch(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext
    ) -> None:
        """The switch limit on the backplane's shared bucket: one principal's switches
        count on every replica. A 2025-11-25 anonymous session's bucket stays local (it
        lives with the session); so does every bucket while the backplane is down."""
        limiter = self._switch_limiter
        assert limiter is not None
        bucket = _bucket(ctx, view.principal, self._anonymous)
        if bucket is _UNLIMITED:
            return
        decision = None
        if not (isinstance(bucket, tuple) and bucket[:1] == ("session",)):
            try:
                decision = await self.backplane.switch(
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

    def _check_target(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext, kind: Kind, key: str
    ) -> None:
        name = (ctx.params or {}).get(key)
        # Without negotiation the default variant serves every request (as in
        # _unknown_identifier): the error names it, never an empty variant.
        variant = view.variant if view.variant is not None else self._implicit
        if isinstance(name, str) and not self.exists(variant, name, kind):
            logger.debug("%s: %s %r is not in variant %s", ctx.method, kind, name, variant)
            raise mcp_error(self._unknown(kind, name, view.variant))

    def _unknown(self, kind: Kind, name: str, variant: str | None) -> errors.JsonRpcError:
        """One shape for every unknown identifier, whether it exists nowhere or only in a
        variant this request cannot use (so no error tells where else it is). Without
        negotiation no variant is named."""
        error = (
            errors.unknown_identifier(kind, name, variant)
            if variant is not None
            else {"code": errors.INVALID_PARAMS, "message": f"Unknown {kind}: {errors.echo(name)}"}
        )
        if kind == "resource":
            data = error.get("data")
            error["data"] = {"uri": name, **(data if isinstance(data, dict) else {})}
        return error

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
            raise mcp_error(self._unknown(kind, name, variant)) from None

    def _bind_listen(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext
    ) -> ServerRequestContext[Any, Any]:
        """SEP-2053 subscriptions in the 2026-07-28 era: a ``subscriptions/listen``
        stream is bound to its variant. A requested URI outside the variant answers
        -32602 with ``activeVariant``; an update is delivered only while the resource
        exists in that variant."""
        variant = view.variant if view.variant is not None else self._implicit
        notifications = wire_get(ctx.params, "notifications")
        uris = wire_get(notifications, "resourceSubscriptions")
        for uri in uris if isinstance(uris, list) else ():
            if isinstance(uri, str) and not self.exists(variant, uri):
                raise mcp_error(self._unknown("resource", uri, view.variant))
        bound: Any = _VariantBoundSession(ctx.session, variant, self.exists)  # a proxy
        return replace(ctx, session=bound)

    def _scoped_list(
        self,
        ctx: ServerRequestContext[Any, Any],
        view: NegotiationContext,
        result: dict[str, Any],
        kind: Kind,
        member: str,
        key: str,
    ) -> dict[str, Any]:
        items = result.get(member)
        if not isinstance(items, list):
            return result
        variant = view.variant if view.variant is not None else self._implicit
        kept: list[Any] = []
        for item in items:
            name = item.get(key) if isinstance(item, dict) else None
            scope = self._scopes.get((kind, name)) if isinstance(name, str) else None
            if scope is None:
                kept.append(item)
            elif scope.variants is None or variant in scope.variants:
                if kind == "tool" and isinstance(name, str) and self._tools.varies(name):
                    definition = self._tools.definition(name, variant)
                    if definition is None:
                        continue
                    item = definition.wire(ctx.method, ctx.protocol_version, _envelope(result))
                description = scope.descriptions.get(variant) if variant is not None else None
                kept.append({**item, "description": description} if description else item)
        if self._cursors is not None and self._page_size is not None:
            # Without negotiation the cursor is bound to no variant: none is on the wire.
            kept, next_cursor = self._page(
                ctx, view.variant, view.principal, kept, self._page_size, self._cursors, key
            )
            if next_cursor is not None:
                result["nextCursor"] = next_cursor
        result[member] = kept
        return result

    @staticmethod
    def _page(
        ctx: ServerRequestContext[Any, Any],
        variant: str | None,
        principal: Hashable,
        items: list[Any],
        size: int,
        cursors: CursorCodec,
        key: str = "name",
    ) -> tuple[list[Any], str | None]:
        cursor = (ctx.params or {}).get("cursor")
        start = 0
        if cursor is not None:
            # Bound to the principal: another's cursor is invalid and names no variant.
            check = cursors.check(cursor, variant, principal=principal)
            if check.error is not None:
                audit.info("%s: refused cursor for %s", ctx.method, _who(principal))
                raise mcp_error(check.error)
            start = _resume(items, key, check.position or "")
        end = start + size
        if end >= len(items):
            return items[start:end], None
        last = items[end - 1]
        name = last.get(key) if isinstance(last, dict) else None
        position = f"{_KEYSET}{end}:{name}" if isinstance(name, str) else str(end)
        return items[start:end], cursors.mint(variant, position, principal=principal)

    def _check_scopes(self, method: str, result: dict[str, Any]) -> None:
        """Warn, once per kind, about scoped names the server's full list lacks."""
        kind, member, key = _LISTS[method]
        items = result.get(member)
        if not isinstance(items, list) or result.get("nextCursor") is not None:
            return  # a paginated or odd list is not the whole picture
        listed = [item.get(key) for item in items if isinstance(item, dict)]
        scoped = [name for (k, name) in self._scopes if k == kind]
        for message in misuse.unmatched_scope(kind, scoped, [n for n in listed if n]):
            misuse.logger.warning(message)

    def _list_prompts(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext, result: dict[str, Any]
    ) -> None:
        """The prompts of :meth:`prompt` after the SDK's own, as the variant defines them
        (``_scoped_list`` then keeps those of the variant)."""
        items = result.get("prompts")
        if not isinstance(items, list):
            return
        variant = view.variant if view.variant is not None else self._serving_variant()
        for name in self._prompts.names():
            definition = self._prompts.definition(name, variant)
            if definition is not None:
                items.append(definition.wire(ctx.method, ctx.protocol_version, _envelope(result)))

    async def _get_prompt(self, ctx: ServerRequestContext[Any, Any]) -> dict[str, Any]:
        """``prompts/get`` of a prompt of :meth:`prompt`, rendered as the SDK renders one
        (the SDK has no registration to serve it: extensions cannot add prompts)."""
        version = ctx.protocol_version
        params = ctx.params or {}
        _methods.validate_client_request("prompts/get", version, params)  # the SDK's check
        typed = mcp_types.GetPromptRequestParams.model_validate(params, by_name=False)
        context: Context[Any, Any] = Context(request_context=ctx, input_params=typed)
        result = await self._prompts.render(
            typed.name, self._serving_variant(), typed.arguments, context
        )
        dumped = result.model_dump(by_alias=True, mode="json", exclude_none=True)
        return _methods.serialize_server_result("prompts/get", version, dumped)

    def _read(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext, result: dict[str, Any]
    ) -> dict[str, Any]:
        uri = (ctx.params or {}).get("uri")
        if not isinstance(uri, str) or uri not in self.resources:
            return result
        # The SDK answered for the registered primary format; answer in the formats the
        # client negotiated, with the draft fields the SDK's models would drop.
        contents = self.resources.read(uri, view, legacy=view.era is Era.LEGACY).contents
        result["contents"] = [c.model_dump(by_alias=True, exclude_none=True) for c in contents]
        return result

    def _subscription(
        self, ctx: ServerRequestContext[Any, Any], view: NegotiationContext, *, subscribe: bool
    ) -> dict[str, Any]:
        uri = (ctx.params or {}).get("uri")
        if not isinstance(uri, str):
            raise MCPError(code=errors.INVALID_PARAMS, message="Invalid params", data={"uri": uri})
        session = ctx.session
        subscriber = session_key(ctx)
        if subscribe:
            if self._subscriptions.subscribe(subscriber, uri, view.variant) is not None:
                raise mcp_error(self._unknown("resource", uri, view.variant))
            self._subscribers[subscriber] = session
            self._watch_session(ctx)
        else:
            # Without a selected variant, end the subscription to ``uri`` whatever variant
            # it was made in (docs/conformance.md, ambiguity 10); with one, only that.
            meta, header = _selection(ctx)
            selected = header is not None or (isinstance(meta, Mapping) and sv.META_KEY in meta)
            self._subscriptions.unsubscribe(subscriber, uri, view.variant if selected else None)
        return {}

    @property
    def subscription_count(self) -> int:
        """How many ``resources/subscribe`` subscriptions are live."""
        return len(self._subscriptions)

    # --- the end of a session -----------------------------------------------------------

    def on_session_end(self, callback: SessionEnded) -> None:
        """Call ``callback(session_key)`` when a client's session ends (an HTTP DELETE,
        an expired session, stdio closing), after this object dropped its own
        per-session state (subscriptions). The key is :func:`session_key` of the
        session's requests."""
        self._session_ended.append(callback)

    def _watch_session(self, ctx: ServerRequestContext[Any, Any]) -> bool:
        """Drop this session's state when it ends; False when the end can't be seen
        (then keep no per-session state)."""
        connection = getattr(ctx.session, "_connection", None)
        state = getattr(connection, "state", None)
        exit_stack = getattr(connection, "exit_stack", None)
        if not isinstance(state, dict) or exit_stack is None:
            return False
        if state.get(_WATCHED) is not self:
            state[_WATCHED] = self
            exit_stack.callback(self._end_session, connection)
        return True

    def _end_session(self, key: Hashable) -> None:
        self._subscriptions.drop_subscriber(key)
        self._subscribers.pop(key, None)
        self._legacy_sessions.pop(key, None)
        for callback in self._session_ended:
            try:
                callback(key)
            except Exception:  # one failing callback must not keep the others' state
                logger.exception("a session-end callback failed")

    async def list_changed(
        self, kind: Literal["tools", "resources", "prompts"], variant: str | None = None
    ) -> int:
        """Tell the clients that ``kind`` changed in ``variant`` (SEP-2053 "List-Changed
        Notifications": the variant in ``params._meta``; None: every variant may have
        changed): every live 2025-11-25 session whose advertised set has ``variant``, and
        with :attr:`subscriptions` every ``subscriptions/listen`` stream in it, on this
        replica and, through the :attr:`backplane`, on every other. Returns how many
        2025-11-25 sessions this replica told."""
        if kind not in _LIST_CHANGED:
            raise ValueError(f"kind must be 'tools', 'resources' or 'prompts', not {kind!r}")
        return await self._emit(ListChanged(kind, variant))

    async def resource_updated(self, uri: str) -> None:
        """Notify the subscribers of ``uri`` whose variant has it: 2025-11-25
        ``resources/subscribe`` sessions and, with :attr:`subscriptions`, 2026-07-28
        ``subscriptions/listen`` streams, on this replica and every other."""
        await self._emit(ResourceUpdated(uri))

    async def _emit(self, event: ResourceUpdated | ListChanged) -> int:
        """Deliver ``event`` to this replica's listen streams, then to the other
        replicas, then to this replica's 2025-11-25 sessions: those are told one await
        at a time, and the other replicas must not wait for them."""
        self._bus.deliver(event)
        if self.backplane.shared and not self._started:
            self._started = True
            await self.backplane.start()
        await self._publish(event)
        told = await self._deliver_legacy(event)
        await anyio.lowlevel.checkpoint()  # let listen streams drain between events
        return told

    async def _publish(self, event: Event) -> None:
        """To the other replicas. One that could not be sent is never lost silently:
        once publishing works again, every replica's clients are told to refetch."""
        try:
            if self._unsent and not isinstance(event, Refetch):
                await self.backplane.publish(Refetch(), self._origin)
                self._unsent = False
            await self.backplane.publish(event, self._origin)
        except ConnectionError as problem:
            self._unsent = True
            logger.warning("%s reached only this replica: %s", event, problem)
        except ValueError as problem:  # too long to travel (a URI of kilobytes)
            logger.warning("%s reached only this replica: %s", event, problem)

    async def _deliver(self, event: Event) -> int:
        """``event`` to this replica's clients, each scoped to its own variant."""
        if isinstance(event, Refetch):
            await self._refetch()
            return 0
        self._bus.deliver(event)
        return await self._deliver_legacy(event)

    async def _deliver_legacy(self, event: ResourceUpdated | ListChanged) -> int:
        """``event`` to this replica's 2025-11-25 sessions; how many were told of a
        list change."""
        if isinstance(event, ResourceUpdated):
            await self._notify_legacy(event.uri)
            return 0
        return await self._tell_legacy(event.kind, event.variant)

    async def _refetch(self) -> None:
        """Events may have been lost (the backplane's connection dropped and is back):
        every client refetches every list and every resource it subscribed to."""
        logger.warning("events may have been lost: telling this replica's clients to refetch")
        if self._unsent:  # the other replicas missed what this one could not publish
            self._unsent = False
            await self._publish(Refetch())
        self._bus.refetch()
        for kind in _LIST_CHANGED:
            await self._tell_legacy(kind, None)  # type: ignore[arg-type]
        uris = {
            s.uri for key in list(self._subscribers) for s in self._subscriptions.subscriptions(key)
        }
        for uri in sorted(uris):
            await self._notify_legacy(uri)

    async def _tell_legacy(
        self, kind: Literal["tools", "resources", "prompts"], variant: str | None
    ) -> int:
        wire = list_changed_notification(kind, variant)
        notification = _LIST_CHANGED[kind].model_validate(
            {"method": wire["method"], "params": wire["params"]}, by_name=False
        )
        told = 0
        for legacy in list(self._legacy_sessions.values()):
            if variant is not None and variant not in legacy.settled.ids:
                continue
            try:
                await legacy.session.send_notification(notification)
            except Exception:  # a closed session must not stop the others
                logger.debug("list_changed: a session could not be told", exc_info=True)
                continue
            told += 1
        return told

    async def _notify_legacy(self, uri: str) -> None:
        for subscription in self._subscriptions.recipients(uri):
            session = self._subscribers.get(subscription.subscriber)
            if session is not None:
                try:
                    await session.send_resource_updated(uri)
                except Exception:  # a closed session must not stop the others
                    logger.debug("resource_updated: a session could not be told", exc_info=True)

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
        patched = dict(result)
        capabilities = dict(as_mapping(patched.get("capabilities")) or {})
        resources = as_mapping(capabilities.get("resources"))
        if ctx.method == "initialize" and resources is not None:
            # The middleware serves resources/subscribe in the legacy era; say so.
            capabilities["resources"] = {**resources, "subscribe": True}
        extensions = dict(as_mapping(capabilities.get("extensions")) or {})
        extensions.pop(RESOURCE_METADATA_EXTENSION_ID, None)
        extensions.pop(sv.EXTENSION_ID, None)
        extensions.pop(cn.EXTENSION_ID, None)
        if self.negotiate:
            extensions[cn.EXTENSION_ID] = {}
            if ad is not None:
                extensions[sv.EXTENSION_ID] = ad.to_wire()
                logger.debug("%s: advertised variants %s", ctx.method, list(ad.ids))
                if self.experimental_capability:
                    # The Go implementation's placement: the same object.
                    experimental = dict(as_mapping(capabilities.get("experimental")) or {})
                    experimental[sv.EXTENSION_ID] = extensions[sv.EXTENSION_ID]
                    capabilities["experimental"] = experimental
        if extensions:
            capabilities["extensions"] = extensions
        else:
            capabilities.pop("extensions", None)
        patched["capabilities"] = capabilities
        return patched
