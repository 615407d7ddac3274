"""What lives in which variant: scoping, list filtering, paging and advertising (sans-IO).

A server declares that a tool, prompt or resource is served only in some variants,
with per-variant descriptions ([`VariantScopes`][negotiation.scopes.VariantScopes]). Every list then keeps what the
serving variant has ([`VariantScopes.filter()`][negotiation.scopes.VariantScopes.filter]), is paged with cursors bound to the
variant and the principal (``paginate()``), and ``initialize`` and
``server/discover`` advertise the extensions ([`advertise_extensions()`][negotiation.scopes.advertise_extensions]). An
identifier outside the variant answers one error whether it exists elsewhere or
nowhere ([`unknown_identifier()`][negotiation.scopes.unknown_identifier]), so no error tells where else it is.

The SDK layer (``negotiation.sdk``) reads the request and calls these; nothing here
knows a transport.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from negotiation import errors
from negotiation._wire import as_mapping
from negotiation.cursors import CursorCodec

__all__ = [
    "CURSOR_KEY_ENV",
    "LISTS",
    "TARGETS",
    "UNSCOPED",
    "Kind",
    "Page",
    "Scope",
    "VariantScopes",
    "advertise_extensions",
    "cursor_codec",
    "cursor_key_from_env",
    "list_cache_hints",
    "paginate",
    "unknown_identifier",
]

Kind = Literal["tool", "prompt", "resource"]
KINDS: tuple[Kind, ...] = ("tool", "prompt", "resource")

LISTS: Mapping[str, tuple[Kind, str, str]] = {
    "tools/list": ("tool", "tools", "name"),
    "prompts/list": ("prompt", "prompts", "name"),
    "resources/list": ("resource", "resources", "uri"),
}
"""List method -> (kind, the result's member, the item's identifying key)."""

TARGETS: Mapping[str, tuple[Kind, str]] = {
    "tools/call": ("tool", "name"),
    "prompts/get": ("prompt", "name"),
    "resources/read": ("resource", "uri"),
    "resources/metadata": ("resource", "uri"),
    "resources/subscribe": ("resource", "uri"),
}
"""Method that names one identifier -> (kind, the param that names it)."""

UNSCOPED = frozenset({"initialize", "server/discover", "ping"})
"""Requests that carry no variant: the handshake and discovery advertise the variants."""


@dataclass(slots=True)
class Scope:
    """Where one tool, prompt or resource is served."""

    variants: frozenset[str] | None  # None: in every variant
    descriptions: dict[str, str] = field(default_factory=dict)


class VariantScopes:
    """The declared scopes of one server's tools, prompts and resources.

    ``variants`` are the declared variant ids; ``implicit`` the variant that serves a
    request naming none (a server that does not negotiate shows its default variant's
    items); None: such a request sees only what is in every variant.
    """

    def __init__(self, variants: Iterable[str] = (), implicit: str | None = None) -> None:
        self._known = frozenset(variants)
        self.implicit = implicit
        self._scopes: dict[tuple[Kind, str], Scope] = {}
        self.declared: Mapping[tuple[Kind, str], Scope] = self._scopes
        """(kind, name) -> its scope, read-only (a request's fast path reads it)."""

    def checked(
        self,
        kind: str,
        name: str,
        variants: Iterable[str] | None,
        descriptions: Mapping[str, str] | None = None,
    ) -> frozenset[str] | None:
        """``variants`` as a set, after checking ``kind`` and that every variant named
        (in ``variants`` or ``descriptions``) is declared; raises ValueError naming it."""
        if kind not in KINDS:
            raise ValueError(f"kind must be 'tool', 'prompt' or 'resource', not {kind!r}")
        ids = frozenset(variants) if variants is not None else None
        for variant_id in (ids or frozenset()) | frozenset(descriptions or {}):
            if variant_id not in self._known:
                raise ValueError(f"{kind} {name!r}: {variant_id!r} is not a declared variant")
        return ids

    def declare(
        self,
        kind: Kind,
        name: str,
        variants: Iterable[str] | None,
        descriptions: Mapping[str, str] | None = None,
    ) -> None:
        """Serve ``name`` only in ``variants`` (None: in all), with per-variant
        descriptions; a later declaration of the same name replaces it."""
        ids = self.checked(kind, name, variants, descriptions)
        self._scopes[(kind, name)] = Scope(ids, dict(descriptions or {}))

    def __bool__(self) -> bool:
        return bool(self._scopes)

    def get(self, kind: Kind, name: str) -> Scope | None:
        return self._scopes.get((kind, name))

    def names(self, kind: Kind) -> list[str]:
        """The scoped names of ``kind``, in declaration order."""
        return [name for (k, name) in self._scopes if k == kind]

    def serving(self, variant: str | None) -> str | None:
        """The variant that serves a request resolved to ``variant``."""
        return variant if variant is not None else self.implicit

    def allows(self, kind: Kind, name: str, variant: str | None) -> bool:
        """Whether a request in ``variant`` may use ``name``: unscoped names are in
        every variant."""
        scope = self._scopes.get((kind, name))
        if scope is None or scope.variants is None:
            return True
        return self.serving(variant) in scope.variants

    def filter(
        self,
        kind: Kind,
        key: str,
        items: Iterable[Any],
        variant: str | None,
        redefine: Callable[[str, Any], Any | None] | None = None,
    ) -> list[Any]:
        """The list items (wire mappings, named by ``key``) that ``variant`` serves, with
        its description where one is declared. ``redefine(name, item)`` replaces a scoped
        item kept in the variant (None drops it): a name declared per variant."""
        variant = self.serving(variant)
        kept: list[Any] = []
        for item in items:
            name = item.get(key) if isinstance(item, dict) else None
            scope = self._scopes.get((kind, name)) if isinstance(name, str) else None
            if scope is None:
                kept.append(item)
                continue
            if scope.variants is not None and variant not in scope.variants:
                continue
            if redefine is not None and isinstance(name, str):
                item = redefine(name, item)
                if item is None:
                    continue
            description = scope.descriptions.get(variant) if variant is not None else None
            kept.append({**item, "description": description} if description else item)
        return kept


def unknown_identifier(kind: Kind, name: str, variant: str | None) -> errors.JsonRpcError:
    """One shape for every unknown identifier, whether it exists nowhere or only in a
    variant this request cannot use (so no error tells where else it is). Without a
    variant none is named. A resource's error carries its ``uri``."""
    error = (
        errors.unknown_identifier(kind, name, variant)
        if variant is not None
        else {"code": errors.INVALID_PARAMS, "message": f"Unknown {kind}: {errors.echo(name)}"}
    )
    if kind == "resource":
        data = error.get("data")
        error["data"] = {"uri": name, **(data if isinstance(data, dict) else {})}
    return error


def list_cache_hints(variant: str | None, advertised: Sequence[str]) -> dict[str, Any]:
    """The cache hint fields (``ttlMs``, ``cacheScope``) a list result served in
    ``variant`` must carry so that no cache serves it for another variant, given the
    variant ids this principal may select, default first (``advertised``).

    SEP-2053 (Response Caching): "Clients SHOULD cache list results per variant"; a
    2026-07-28 client cache keys a list by its method alone (the official SDK's does).
    So with variants a list result is ``private`` (what it lists depends on the
    principal's variants), and keeps a positive time to live only when it is the listing
    a request without a selection gets (the default, first advertised); any other
    variant's listing is ``ttlMs: 0``. ``{}`` without variants: the server's own hints
    stand.
    """
    if variant is None:
        return {}
    if advertised and variant == advertised[0]:
        return {"cacheScope": "private"}
    return {"ttlMs": 0, "cacheScope": "private"}


# --- paging ---------------------------------------------------------------------------

_KEYSET = "k"  # a position "k<offset>:<last name>"; a bare number is an older offset


def resume(items: Sequence[Any], key: str, position: str) -> int:
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


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a list: its items and the cursor of the next (None: the last), or the
    error that refuses the request's cursor."""

    items: list[Any]
    next_cursor: str | None = None
    error: errors.JsonRpcError | None = None


def paginate(
    items: list[Any],
    cursor: object,
    *,
    size: int,
    cursors: CursorCodec,
    variant: str | None,
    principal: Hashable = None,
    key: str = "name",
) -> Page:
    """The page of ``items`` that ``cursor`` (None: the first) asks for. Cursors are
    bound to the variant and the principal: another's cursor is refused and names no
    variant."""
    start = 0
    if cursor is not None:
        check = cursors.check(cursor, variant, principal=principal)
        if check.error is not None:
            return Page([], error=check.error)
        start = resume(items, key, check.position or "")
    end = start + size
    if end >= len(items):
        return Page(items[start:end])
    last = items[end - 1]
    name = last.get(key) if isinstance(last, dict) else None
    position = f"{_KEYSET}{end}:{name}" if isinstance(name, str) else str(end)
    return Page(items[start:end], cursors.mint(variant, position, principal=principal))


CURSOR_KEY_ENV = "MCP_NEGOTIATION_CURSOR_KEY"
"""The environment variable [`cursor_key_from_env()`][negotiation.scopes.cursor_key_from_env] reads by default."""


def cursor_key_from_env(
    name: str = CURSOR_KEY_ENV, environ: Mapping[str, str] | None = None
) -> bytes | tuple[bytes, ...] | None:
    """The cursor key shared by the replicas of one server, from the environment: hex,
    at least 32 digits (16 bytes; 64 recommended), or None when the variable is unset.

    Give every replica behind one URL the same key (``Negotiation(cursor_key=...)``) and
    each accepts the cursors the others minted; keep it as secret as a session key.
    Several keys are separated by commas (then a tuple is returned): the first signs,
    every one verifies. Rotate in two rolling deploys, ``old,new`` everywhere, then
    ``new,old`` (docs/replicas.md): in one step, a replica not yet updated would refuse
    the cursors the updated ones sign.
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


def cursor_codec(key: bytes | Sequence[bytes] | None) -> CursorCodec:
    """The codec for ``key`` (None: a random key): the first key signs, every key
    verifies (rotation: ``[new, old]``)."""
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


# --- advertising ----------------------------------------------------------------------


def advertise_extensions(
    result: object,
    *,
    owned: Iterable[str],
    advertised: Mapping[str, object],
    experimental: Iterable[str] = (),
    resources_subscribe: bool = False,
) -> object:
    """An ``initialize`` or ``server/discover`` result with ``capabilities.extensions``
    holding exactly ``advertised`` of the ``owned`` identifiers (another's are kept; the
    member is dropped when empty). ``experimental`` identifiers are mirrored under
    ``capabilities.experimental`` (the Go implementation's placement: the same object);
    ``resources_subscribe`` says a ``resources`` capability serves subscriptions. A
    result that is not a mapping is returned as it is."""
    if not isinstance(result, Mapping):
        return result
    patched = dict(result)
    capabilities = dict(as_mapping(patched.get("capabilities")) or {})
    resources = as_mapping(capabilities.get("resources"))
    if resources_subscribe and resources is not None:
        capabilities["resources"] = {**resources, "subscribe": True}
    extensions = dict(as_mapping(capabilities.get("extensions")) or {})
    for identifier in owned:
        extensions.pop(identifier, None)
    extensions.update(advertised)
    mirrored = [i for i in experimental if i in advertised]
    if mirrored:
        placed = dict(as_mapping(capabilities.get("experimental")) or {})
        for identifier in mirrored:
            placed[identifier] = advertised[identifier]
        capabilities["experimental"] = placed
    if extensions:
        capabilities["extensions"] = extensions
    else:
        capabilities.pop("extensions", None)
    patched["capabilities"] = capabilities
    return patched
