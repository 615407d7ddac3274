"""Protocol version negotiation (protocol-versioning.md), sans-IO.

Server side: read the version a request declares (``_meta``, and on HTTP the
``MCP-Protocol-Version`` header), accept it or answer UnsupportedProtocolVersionError,
and build the ``server/discover`` result. Client side: pick a version from an error's
``supported`` list, detect a server's era from its answer to a probe, and cache the
era per server. Plus the extension fallback rule.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any, Literal

from mcp_ext.models import (
    CLIENT_CAPABILITIES_META_KEY,
    CLIENT_INFO_META_KEY,
    PROTOCOL_VERSION_HEADER,
    PROTOCOL_VERSION_META_KEY,
)

from negotiation import errors
from negotiation._cache import BoundedCache, identity_key, json_size
from negotiation._wire import as_mapping, wire_get

__all__ = [
    "COMPATIBILITY_MATRIX",
    "ERA_CACHE_BYTES",
    "HEADER",
    "META_CLIENT_CAPABILITIES",
    "META_CLIENT_INFO",
    "META_PROTOCOL_VERSION",
    "MODERN_ERROR_CODES",
    "SERVED_VERSIONS",
    "Era",
    "EraCache",
    "ExtensionDecision",
    "UnsupportedVersion",
    "VersionCheck",
    "check_request_version",
    "choose_version",
    "detect_era_http",
    "detect_era_stdio",
    "discover_result",
    "is_modern_version",
    "negotiate_extension",
    "parse_unsupported_version",
]

HEADER = PROTOCOL_VERSION_HEADER
META_PROTOCOL_VERSION = PROTOCOL_VERSION_META_KEY
META_CLIENT_INFO = CLIENT_INFO_META_KEY
META_CLIENT_CAPABILITIES = CLIENT_CAPABILITIES_META_KEY
FIRST_MODERN_VERSION = "2026-07-28"
LATEST_LEGACY_VERSION = "2025-11-25"
SERVED_VERSIONS = (FIRST_MODERN_VERSION, LATEST_LEGACY_VERSION)
"""What a dual-era server serves: modern per request, legacy through ``initialize``."""
ERA_CACHE_BYTES = 256 * 1024  # probed eras a client remembers (about 1000 servers)
_UNSUPPORTED_CODES = frozenset(
    {errors.UNSUPPORTED_PROTOCOL_VERSION, errors.LEGACY_UNSUPPORTED_PROTOCOL_VERSION}
)
MODERN_ERROR_CODES = frozenset(
    {*_UNSUPPORTED_CODES, errors.HEADER_MISMATCH, errors.MISSING_REQUIRED_CLIENT_CAPABILITY}
)
"""Errors only a modern server sends; receiving one identifies a modern server."""


def is_modern_version(version: str) -> bool:
    """Modern revisions (per-request ``_meta``) start at 2026-07-28; dates compare as text."""
    return version >= FIRST_MODERN_VERSION


# --- server side ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VersionCheck:
    """The version a request is served under, or the error to answer with."""

    version: str | None
    error: errors.JsonRpcError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def check_request_version(
    meta: object,
    supported: Sequence[str] = SERVED_VERSIONS,
    *,
    header: str | None = None,
    http: bool = False,
    unsupported_code: int = errors.UNSUPPORTED_PROTOCOL_VERSION,
) -> VersionCheck:
    """Check a modern request's declared version against ``supported``.

    ``supported`` is every version the server serves, legacy ones included: they are
    listed in the error (as the spec's example lists 2025-11-25) but never accepted on
    this per-request path, where only modern versions apply. On HTTP (``http=True``)
    the ``MCP-Protocol-Version`` header must be present and equal the ``_meta`` value,
    else a HeaderMismatchError (HTTP 400). An unknown or unimplemented version answers
    UnsupportedProtocolVersionError: -32022, the 2026-07-28 schema's code, by default;
    ``unsupported_code=-32004`` gives protocol-versioning.md's numbering. Any other
    code is a ValueError.
    """
    if unsupported_code not in _UNSUPPORTED_CODES:
        raise ValueError(
            f"unsupported_code must be one of {sorted(_UNSUPPORTED_CODES)}, not {unsupported_code}"
        )
    declared = wire_get(meta, META_PROTOCOL_VERSION)
    if not isinstance(declared, str) or not declared:
        return VersionCheck(
            None,
            {
                "code": errors.INVALID_PARAMS,
                "message": f"Missing or invalid _meta[{META_PROTOCOL_VERSION!r}]",
            },
        )
    if http:
        if header is None:
            return VersionCheck(None, errors.header_mismatch(f"{HEADER} header is missing"))
        if header.strip() != declared:
            return VersionCheck(
                None,
                errors.header_mismatch(
                    f"{HEADER} header value {errors.echo(header.strip())!r}"
                    f" does not match body value {errors.echo(declared)!r}"
                ),
            )
    if declared not in supported or not is_modern_version(declared):
        return VersionCheck(
            None, errors.unsupported_protocol_version(supported, declared, code=unsupported_code)
        )
    return VersionCheck(declared)


def discover_result(
    supported_versions: Sequence[str],
    capabilities: Mapping[str, Any],
    *,
    instructions: str | None = None,
    server_info: Mapping[str, Any] | None = None,
    ttl_ms: int = 0,
    cache_scope: Literal["public", "private"] = "private",
) -> dict[str, Any]:
    """The ``server/discover`` result (``DiscoverResult``, a cacheable result)."""
    result: dict[str, Any] = {
        "resultType": "complete",
        "supportedVersions": list(supported_versions),
        "capabilities": dict(capabilities),
    }
    if server_info is not None:
        result["_meta"] = {"io.modelcontextprotocol/serverInfo": dict(server_info)}
    if instructions is not None:
        result["instructions"] = instructions
    result["ttlMs"] = ttl_ms
    result["cacheScope"] = cache_scope
    return result


# --- client side ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnsupportedVersion:
    """A recognised UnsupportedProtocolVersionError."""

    supported: tuple[str, ...]
    requested: str | None


def parse_unsupported_version(error: object) -> UnsupportedVersion | None:
    """Recognise UnsupportedProtocolVersionError by -32022 (the schema and official
    SDK) or -32004 (protocol-versioning.md); accepts the error object or a whole error
    response. Malformed ``data`` degrades to an empty ``supported`` list."""
    inner = wire_get(error, "error")
    if inner is not None:
        error = inner
    if wire_get(error, "code") not in _UNSUPPORTED_CODES:
        return None
    data = wire_get(error, "data")
    raw = wire_get(data, "supported")
    supported = tuple(v for v in raw if isinstance(v, str)) if isinstance(raw, list | tuple) else ()
    requested = wire_get(data, "requested")
    return UnsupportedVersion(supported, requested if isinstance(requested, str) else None)


def choose_version(preferred: Sequence[str], supported: Sequence[str]) -> str | None:
    """The client's most preferred version the server supports, or None (surface an
    error to the user)."""
    offered = set(supported)
    return next((version for version in preferred if version in offered), None)


class Era(StrEnum):
    """The protocol era of a request or a server: the one era type of the package.

    ``LEGACY`` is the ``initialize`` handshake (up to 2025-11-25), ``MODERN`` per-request
    ``_meta`` (2026-07-28 on). A ``StrEnum``: ``Era.LEGACY == "legacy"``.
    """

    MODERN = "modern"
    LEGACY = "legacy"

    @classmethod
    def of(cls, protocol_version: str) -> Era:
        """The era of a protocol version string."""
        if not isinstance(protocol_version, str):
            raise TypeError(
                f"protocol_version must be a str, not {type(protocol_version).__name__}"
            )
        return cls.MODERN if is_modern_version(protocol_version) else cls.LEGACY


def detect_era_stdio(response: object) -> Era:
    """The server's era from its answer to a ``server/discover`` probe on stdio.

    A ``DiscoverResult`` or a recognised modern error means modern (retry with a
    supported version; do not fall back). Anything else, including no answer
    (pass None after a timeout), means legacy: fall back to ``initialize``.
    """
    if response is None:
        return Era.LEGACY
    result = wire_get(response, "result")
    if result is not None:
        return Era.MODERN if wire_get(result, "supportedVersions") is not None else Era.LEGACY
    error = wire_get(response, "error")
    if wire_get(error, "code") in MODERN_ERROR_CODES:
        return Era.MODERN
    return Era.LEGACY


def detect_era_http(status: int, body: object, request_id: object = None) -> Era:
    """The server's era from its answer to a modern request over Streamable HTTP.

    Success means modern; a 4xx whose body is a recognised modern JSON-RPC error means
    modern. So does a 400 whose body is a JSON-RPC error answering the probe itself
    (pass its ``request_id``): a legacy server answers request-level errors with 200 and
    rejects a session-less request at transport level with ``id: null``, while a modern
    server answers e.g. ``-32602 Server variants not supported`` to the request with
    400. ``body`` may be the parsed JSON, or the raw text or bytes (JSON or an SSE
    stream). Anything else means legacy: fall back to ``initialize``.
    """
    if 200 <= status < 300:
        return Era.MODERN
    for message in _http_messages(body):
        error = wire_get(message, "error")
        if wire_get(error, "code") in MODERN_ERROR_CODES:
            return Era.MODERN
        answers_probe = request_id is not None and wire_get(message, "id") == request_id
        if status == 400 and error is not None and answers_probe:
            return Era.MODERN
    return Era.LEGACY


def _http_messages(body: object) -> list[object]:
    """The JSON-RPC messages in an HTTP body: parsed already, JSON text, or SSE."""
    if isinstance(body, bytes | bytearray):
        body = body.decode("utf-8", "replace")
    if not isinstance(body, str):
        return list(body) if isinstance(body, list) else [body]  # as its text would read
    stripped = body.strip()
    chunks = (
        [stripped]
        if stripped.startswith(("{", "["))
        else [line[5:].strip() for line in body.splitlines() if line.startswith("data:")]
    )
    messages: list[object] = []
    for chunk in chunks:
        try:
            parsed = json.loads(chunk)
        except ValueError:
            continue
        messages.extend(parsed if isinstance(parsed, list) else [parsed])
    return messages


class EraCache:
    """Era per server (stdio process configuration or HTTP origin).

    Clients cache the probe result for the server's lifetime and re-probe when the
    cached assumption later fails ([`forget()`][negotiation.versioning.EraCache.forget]).
    """

    def __init__(self, max_bytes: int = ERA_CACHE_BYTES) -> None:
        self._eras: BoundedCache[Hashable, Era] = BoundedCache(max_bytes)

    def get(self, server: Hashable) -> Era | None:
        return self._eras.get(identity_key(server))

    def record(self, server: Hashable, era: Era) -> None:
        key = identity_key(server)
        self._eras.put(key, era, size=json_size(key) + 128)

    def forget(self, server: Hashable) -> None:
        self._eras.discard(identity_key(server))


# The dual-era compatibility matrix: (client, server) -> works?
ClientKind = Literal["modern", "dual", "legacy"]
ServerKind = Literal["modern", "dual", "legacy"]
COMPATIBILITY_MATRIX: Mapping[tuple[ClientKind, ServerKind], bool] = {
    ("modern", "modern"): True,
    ("modern", "legacy"): False,
    ("dual", "modern"): True,
    ("dual", "legacy"): True,
    ("legacy", "modern"): False,
    ("legacy", "dual"): True,
    ("legacy", "legacy"): True,
}


# --- extensions -----------------------------------------------------------------------


class ExtensionDecision(Enum):
    USE = "use"  # both parties declared it
    CORE = "core"  # revert to core protocol behaviour
    REJECT = "reject"  # refuse the request with an error


def negotiate_extension(
    extension_id: str,
    client_capabilities: object,
    server_capabilities: object,
    *,
    required: bool = False,
) -> tuple[ExtensionDecision, errors.JsonRpcError | None]:
    """The extension fallback rule: when only one party supports ``extension_id``, the
    supporting party reverts to core behaviour, or (``required=True``) rejects the
    request with MissingRequiredClientCapability naming the extension."""
    client_has = _declares(client_capabilities, extension_id)
    server_has = _declares(server_capabilities, extension_id)
    if client_has and server_has:
        return ExtensionDecision.USE, None
    if required and server_has:
        return ExtensionDecision.REJECT, errors.missing_required_client_capability(
            f"Server requires the {extension_id} extension for this request",
            {"extensions": {extension_id: {}}},
        )
    return ExtensionDecision.CORE, None


def _declares(capabilities: object, extension_id: str) -> bool:
    return as_mapping(wire_get(wire_get(capabilities, "extensions"), extension_id)) is not None
