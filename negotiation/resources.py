"""An in-memory resource registry with multi-format reads and ``resources/metadata``
(sep-resource-contents-metadata.md), shaped by content negotiation.

A server registers each ``Resource`` with its representations, one
per MIME type. Then:

* ``resources/list`` lists the resources; ``Resource.mimeType`` is the **primary**
  format (and must be one of the representations when set).
* ``resources/metadata`` answers one ``Resource`` per format, primary first, each with
  the requested URI, consistent metadata and that format's ``mimeType`` and ``size``.
* ``resources/read`` answers one contents element per format, all with the requested
  URI; the negotiated format picks the subset ([`negotiation.context.formats_for()`][negotiation.context.formats_for]):
  ``format=json`` gets the JSON representation(s), a client without negotiation every
  format. Features only choose *which formats*; they never decide whether a resource can
  be read (Requirement 3).

Sans-IO: handlers take the request params (a model or a mapping) and return the
generated result models; an unknown URI raises [`ResourceNotFound`][negotiation.resources.ResourceNotFound], an ``RPCError``
the generated ``dispatch`` turns into the JSON-RPC error.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from mcp_ext.methods import RPCError
from mcp_ext.models import (
    INVALID_PARAMS,
    BlobResourceContents,
    ListResourcesResult,
    ReadResourceMetadataResult,
    ReadResourceResult,
    Resource,
    TextResourceContents,
)

from negotiation._wire import wire_get
from negotiation.context import (
    DEFAULT_CONTEXT,
    NegotiationContext,
    formats_for,
    request_context,
)

__all__ = [
    "LEGACY_RESOURCE_NOT_FOUND",
    "Body",
    "Representation",
    "ResourceNotFound",
    "ResourceRegistry",
    "contents_for",
]

LEGACY_RESOURCE_NOT_FOUND = -32002
"""Resource-not-found up to 2025-11-25; the 2026-07-28 schema replaced it with -32602."""

Body: TypeAlias = str | bytes
"""Text (sent as ``text``) or bytes (sent base64-encoded as ``blob``)."""

# Resource fields every representation shares; mimeType and size are per format.
_SHARED_FIELDS = ("name", "title", "description", "icons", "annotations", "meta")


class ResourceNotFound(RPCError):
    """No resource has this URI. The error is -32602 (2026-07-28) unless ``legacy``."""

    def __init__(self, uri: str, *, legacy: bool = False) -> None:
        code = LEGACY_RESOURCE_NOT_FOUND if legacy else INVALID_PARAMS
        super().__init__(code, "Resource not found", {"uri": uri})
        self.uri = uri


@dataclass(frozen=True, slots=True)
class Representation:
    """One format of a resource: a body, or a function producing it at read time.

    ``size`` is the raw size in bytes; it is computed for a fixed body and may be given
    for a produced one (so ``resources/metadata`` can report it without producing it).
    """

    mime_type: str
    body: Body | Callable[[], Body]
    size: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.mime_type, str) or "/" not in self.mime_type:
            raise ValueError(f"{self.mime_type!r} is not a MIME type")
        if isinstance(self.body, str | bytes) and self.size is None:
            object.__setattr__(self, "size", _size(self.body))

    def produce(self) -> Body:
        body = self.body() if callable(self.body) else self.body
        if not isinstance(body, str | bytes):
            raise TypeError(
                f"the {self.mime_type} representation produced {type(body).__name__}, "
                "not str or bytes"
            )
        return body


def _size(body: Body) -> int:
    return len(body.encode("utf-8") if isinstance(body, str) else body)


def _shared(resource: Resource) -> dict[str, Any]:
    return {
        name: getattr(resource, name)
        for name in _SHARED_FIELDS
        if getattr(resource, name) is not None
    }


def contents_for(
    resource: Resource, mime_type: str, body: Body
) -> TextResourceContents | BlobResourceContents:
    """One element of ``ReadResourceResult.contents``: the body with the resource's
    metadata, and this format's ``mimeType`` and ``size``."""
    common = {"uri": resource.uri, **_shared(resource), "mime_type": mime_type, "size": _size(body)}
    if isinstance(body, str):
        return TextResourceContents(**common, text=body)
    encoded = base64.b64encode(body).decode("ascii")
    return BlobResourceContents(**common, blob=encoded)


@dataclass(frozen=True, slots=True)
class _Entry:
    resource: Resource
    representations: Mapping[str, Representation]  # primary first, then as registered

    @property
    def formats(self) -> tuple[str, ...]:
        return tuple(self.representations)


class ResourceRegistry:
    """Resources and their representations, in registration order.

    Registration checks the server's own data and raises ``ValueError`` for mistakes
    (duplicate URI or MIME type, no representations, a primary ``mimeType`` with no
    representation). Lookups by URI are exact.
    """

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}

    def add(
        self,
        resource: Resource,
        representations: Iterable[Representation] | Mapping[str, Body | Callable[[], Body]],
        *,
        replace: bool = False,
    ) -> None:
        """Register ``resource`` in each of ``representations`` (MIME type -> body)."""
        if isinstance(representations, Mapping):
            given = [Representation(mime, body) for mime, body in representations.items()]
        else:
            given = list(representations)
        if not given:
            raise ValueError(f"resource {resource.uri!r} needs at least one representation")
        by_type: dict[str, Representation] = {}
        for representation in given:
            if representation.mime_type in by_type:
                raise ValueError(
                    f"resource {resource.uri!r} has two {representation.mime_type} representations"
                )
            by_type[representation.mime_type] = representation
        primary = resource.mime_type
        if primary is not None and primary not in by_type:
            raise ValueError(
                f"resource {resource.uri!r}: primary mimeType {primary!r} has no representation"
            )
        if resource.uri in self._entries and not replace:
            raise ValueError(f"resource {resource.uri!r} is already registered")
        ordered = dict.fromkeys(formats_for(DEFAULT_CONTEXT, list(by_type), primary))
        self._entries[resource.uri] = _Entry(resource, {mime: by_type[mime] for mime in ordered})

    def remove(self, uri: str) -> None:
        if self._entries.pop(uri, None) is None:
            raise ResourceNotFound(uri)

    def __contains__(self, uri: object) -> bool:
        return uri in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[Resource]:
        return (entry.resource for entry in self._entries.values())

    def _entry(self, uri: str, legacy: bool) -> _Entry:
        entry = self._entries.get(uri) if isinstance(uri, str) else None
        if entry is None:
            raise ResourceNotFound(str(uri), legacy=legacy)
        return entry

    def get(self, uri: str) -> Resource | None:
        """The ``Resource`` registered at ``uri`` as it was given (None: none is)."""
        entry = self._entries.get(uri) if isinstance(uri, str) else None
        return entry.resource if entry is not None else None

    def formats(self, uri: str) -> tuple[str, ...]:
        """The MIME types ``uri`` is available in, primary first."""
        return self._entry(uri, legacy=False).formats

    # --- results ----------------------------------------------------------------------

    def list_result(self) -> ListResourcesResult:
        """``resources/list`` (one page: the registry is small and in memory)."""
        return ListResourcesResult(resources=list(self))

    def metadata(self, uri: str, *, legacy: bool = False) -> ReadResourceMetadataResult:
        """``resources/metadata``: one ``Resource`` per format, primary first."""
        entry = self._entry(uri, legacy)
        shared = {"uri": uri, **_shared(entry.resource)}
        metadata = [
            # Python names and values: the constructor, not the wire's model_validate.
            Resource(**shared, mime_type=mime, **_size_field(entry, mime, representation))
            for mime, representation in entry.representations.items()
        ]
        return ReadResourceMetadataResult(metadata=metadata)

    def read(
        self, uri: str, context: NegotiationContext = DEFAULT_CONTEXT, *, legacy: bool = False
    ) -> ReadResourceResult:
        """``resources/read``: the formats ``context`` asked for (all without negotiation),
        each produced now."""
        entry = self._entry(uri, legacy)
        chosen = formats_for(context, entry.formats, entry.resource.mime_type)
        contents = [
            contents_for(entry.resource, mime, entry.representations[mime].produce())
            for mime in chosen
        ]
        return ReadResourceResult(contents=contents)

    # --- request handlers -------------------------------------------------------------

    def handle_read(
        self, params: object, session: NegotiationContext | None = None
    ) -> ReadResourceResult:
        """Answer ``resources/read`` params (model or mapping). The context is the legacy
        ``session``'s, else the one in the request's ``_meta`` (modern)."""
        context = request_context(params, session)
        return self.read(_uri(params), context, legacy=context.era == "legacy")

    def handle_metadata(self, params: object) -> ReadResourceMetadataResult:
        """Answer ``resources/metadata`` params (model or mapping)."""
        return self.metadata(_uri(params))


def _size_field(entry: _Entry, mime: str, representation: Representation) -> dict[str, Any]:
    if representation.size is not None:
        return {"size": representation.size}
    if mime == entry.resource.mime_type and entry.resource.size is not None:
        return {"size": entry.resource.size}  # Resource.size describes the primary format
    return {}


def _uri(params: object) -> str:
    uri = wire_get(params, "uri")
    if not isinstance(uri, str):
        raise RPCError(INVALID_PARAMS, "Invalid params", {"reason": "'uri' must be a string"})
    return uri
