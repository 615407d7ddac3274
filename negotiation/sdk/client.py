"""The client side, on the official SDK's ``Client``.

Declare the extensions the SDK's way, as ``ClientExtension`` objects::

    async with Client(server, extensions=[
        ContentNegotiation(["agent", "format=json"]),
        ServerVariants(VariantHints(hints={"useCase": ["planning", "ide"]})),
    ]) as client:
        variant = pick_variant(client, SelectionContext(mode="planning"))
        result = await client.call_tool("get_weather", {"city": "Bern"}, meta=variant_meta(variant))

[`client_for()`][negotiation.sdk.client.client_for] gives the generated, typed ``mcp_ext`` client over the same session,
for methods the SDK has no call for (``resources/metadata``) and for results with the
draft fields intact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import mcp_types
from mcp import Client as SdkClient
from mcp.client import ClientSession
from mcp.client.extension import ClientExtension
from mcp.shared.exceptions import MCPError
from mcp_ext.client import Client
from mcp_ext.methods import RPCError
from mcp_ext.models import ServerVariant, VariantHints
from pydantic import TypeAdapter

from negotiation import features as cn
from negotiation import variants as sv
from negotiation._wire import as_mapping, wire_dump
from negotiation.context import SUPPORTED_VERSION

__all__ = [
    "ContentNegotiation",
    "ServerVariants",
    "SessionTransport",
    "available_variants",
    "client_for",
    "negotiation_extensions",
    "pick_variant",
    "variant_meta",
]

# Parametrised: the bare generic model serialises ``params`` as an empty object.
_Request = mcp_types.Request[dict[str, Any] | None, str]
_RAW_RESULT: TypeAdapter[dict[str, Any]] = TypeAdapter(dict[str, Any])


class ContentNegotiation(ClientExtension):
    """Declares content negotiation with ``features`` (feature tags such as ``"agent"``,
    ``"!interactive"``, ``"format=json"``). An empty list declares the extension without
    features. Tags are checked here, so a typo fails at construction, not on the server."""

    identifier = cn.EXTENSION_ID

    def __init__(
        self,
        features: Sequence[str] = (),
        *,
        version: str = SUPPORTED_VERSION,
        mirror: mcp_types.ClientCapabilities | Mapping[str, Any] | None = None,
    ) -> None:
        if isinstance(features, str) or not isinstance(features, Sequence):
            raise TypeError(f"features must be a sequence of str, not {type(features).__name__}")
        declared: list[str] = []
        names: set[str] = set()  # every name a declared tag mentions, in any form
        bad: list[str] = []
        for tag in features:
            parsed = cn.parse_tag(tag)
            if isinstance(parsed, cn.InvalidTag):
                bad.append(f"{tag!r}: {parsed.reason}")
                continue
            declared.append(tag)
            names.add(parsed.name)
        if len(bad) == 1:
            raise ValueError(f"invalid feature tag {bad[0]}")
        if bad:  # every one at once, not one per run
            raise ValueError(f"{len(bad)} invalid feature tags: " + "; ".join(bad))
        if mirror is not None:
            declared.extend(_mirrored(mirror, names))
        self.features: tuple[str, ...] = tuple(declared)
        self.version = version

    def settings(self) -> dict[str, Any]:
        return {"version": self.version, "features": list(self.features)}


def _mirrored(
    capabilities: mcp_types.ClientCapabilities | Mapping[str, Any], mentioned: set[str]
) -> list[str]:
    """Content negotiation Requirement 2: a client that declares ``sampling`` (or
    ``elicitation``, ``roots``, ``tasks``) SHOULD also put it in its features. The tags
    for ``capabilities`` whose names no declared tag ``mentioned`` (``!name`` is a
    deliberate choice, kept)."""
    if isinstance(capabilities, mcp_types.ClientCapabilities):
        wire: object = capabilities.model_dump(by_alias=True, exclude_none=True)
    elif isinstance(capabilities, Mapping):
        wire = capabilities
    else:
        raise TypeError(
            "mirror must be an mcp_types.ClientCapabilities or a mapping,"
            f" not {type(capabilities).__name__}"
        )
    return [tag for tag in cn.features_from_capabilities(wire) if tag not in mentioned]


class ServerVariants(ClientExtension):
    """Declares server variants, with ``hints`` (an ``mcp_ext.VariantHints`` or its wire
    mapping) for the server to rank its variants by."""

    identifier = sv.EXTENSION_ID

    def __init__(self, hints: VariantHints | Mapping[str, Any] | None = None) -> None:
        if hints is None:
            self.hints: VariantHints | None = None
        elif isinstance(hints, VariantHints):
            self.hints = hints
        elif isinstance(hints, Mapping):
            self.hints = VariantHints.model_validate(hints)
        else:
            raise TypeError(
                f"hints must be an mcp_ext.VariantHints or a mapping, not {type(hints).__name__}"
            )

    def settings(self) -> dict[str, Any]:
        if self.hints is None:
            return {}
        return {"variantHints": wire_dump(self.hints)}


def negotiation_extensions(
    *,
    features: Sequence[str] | None = None,
    variant_hints: VariantHints | Mapping[str, Any] | None = None,
    capabilities: mcp_types.ClientCapabilities | Mapping[str, Any] | None = None,
) -> list[ClientExtension]:
    """Both declarations at once (None leaves one out): ``Client(..., extensions=...)``.

    ``capabilities`` (the client's own) are mirrored as feature tags (content
    negotiation Requirement 2): ``sampling`` declared means ``"sampling"`` in features.
    """
    declared: list[ClientExtension] = []
    if features is not None:
        declared.append(ContentNegotiation(features, mirror=capabilities))
    if variant_hints is not None:
        declared.append(ServerVariants(variant_hints))
    return declared


def _capabilities(source: object) -> object:
    if isinstance(source, SdkClient):
        return source.server_capabilities
    return source


def available_variants(server: SdkClient | object) -> tuple[ServerVariant, ...]:
    """The variants a server advertised, best first for this client (``()`` when none),
    as ``mcp_ext.ServerVariant`` objects.

    ``server`` is a connected SDK ``Client`` or the server's capabilities. Read from
    ``capabilities.extensions``, else ``capabilities.experimental`` (the Go
    implementation's placement).
    """
    return sv.parse_available_variants(sv.extension_settings(_capabilities(server)))


def pick_variant(
    server: SdkClient | object, context: sv.SelectionContext | None = None
) -> str | None:
    """The variant to use, by the spec's client rules ([`negotiation.variants.select_variant()`][negotiation.variants.select_variant]);
    None when the server offers none."""
    return sv.select_variant(available_variants(server), context)


def variant_meta(
    variant: str | None, meta: Mapping[str, Any] | None = None
) -> mcp_types.RequestParamsMeta:
    """``_meta`` selecting ``variant`` (a copy of ``meta``; None selects the default), of
    the type the SDK's calls take: ``client.call_tool(..., meta=variant_meta(v))``."""
    if variant is not None and not isinstance(variant, str):
        raise TypeError(f"variant must be a str or None, not {type(variant).__name__}")
    selected = dict(meta or {})
    if variant is None:
        selected.pop(sv.META_KEY, None)
    else:
        selected[sv.META_KEY] = variant
    # An open TypedDict (extra_items=Any) that type checkers cannot build key by key.
    return cast(mcp_types.RequestParamsMeta, selected)


class SessionTransport:
    """A ``mcp_ext.client.Transport`` over an SDK ``ClientSession``.

    ``variant`` selects a server variant for every request that does not name one.
    Requests go through ``ClientSession.send_request``, so the SDK's own stamping
    applies; the raw result reaches the generated stub, which validates it once with the
    generated models (draft fields intact).
    """

    def __init__(self, session: ClientSession, *, variant: str | None = None) -> None:
        self._session = session
        self._variant = variant

    async def request(self, method: str, params: dict[str, Any] | None) -> dict[str, Any]:
        if self._variant is not None:
            params = dict(params or {})
            meta = dict(as_mapping(params.get("_meta")) or {})
            meta.setdefault(sv.META_KEY, self._variant)
            params["_meta"] = meta
        request = _Request(method=method, params=params)
        try:
            return await self._session.send_request(request, _RAW_RESULT)  # type: ignore[type-var]
        except MCPError as error:
            raise RPCError(error.code, error.message, error.data) from error


def client_for(session: SdkClient | ClientSession, *, variant: str | None = None) -> Client:
    """The generated typed client (``mcp_ext.client.Client``) over an SDK client or session."""
    if isinstance(session, SdkClient):
        session = session.session
    if not isinstance(session, ClientSession):
        raise TypeError(f"expected an mcp Client or ClientSession, not {type(session).__name__}")
    return Client(SessionTransport(session, variant=variant))
