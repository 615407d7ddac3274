"""Whose variant-switch bucket an anonymous 2026-07-28 HTTP request spends.

Such a request has no principal and no session, and its address may be a proxy's,
shared by every client behind it: by default it has no bucket (it is not limited), and
``Negotiation`` says so once, the first time it lets one through. ``anonymous_key=``
opts in: a function of the SDK's request context giving the bucket's key (None: not
limited). [`client_address`][negotiation.sdk.anonymous.client_address] is the usual one::

    Negotiation(..., switch_limiter=limiter,
                anonymous_key=client_address(trusted_proxies=["10.0.0.0/8"]))

``anonymous_key=lambda ctx: None`` keeps anonymous calls unlimited and says so
explicitly (no warning). The key is kept apart from every principal's bucket, and with
a shared backplane it counts on every replica (docs/replicas.md).
"""

from __future__ import annotations

import ipaddress
import logging
import os
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from mcp.server.context import ServerRequestContext

from negotiation import engine_parts

__all__ = ["UNLIMITED", "AnonymousBuckets", "AnonymousKey", "bucket_of", "client_address"]

logger = logging.getLogger("negotiation.sdk")

AnonymousKey = Callable[[ServerRequestContext[Any, Any]], Hashable | None]
"""The key of an anonymous HTTP request's switch bucket; None: not limited."""

UNLIMITED: Hashable = engine_parts.UNLIMITED
"""A request with no one to limit."""

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network

UNLIMITED_WARNING = (
    "an anonymous 2026-07-28 HTTP request (no principal, no session) is not"
    " variant-switch limited: pass anonymous_key=client_address(...) to limit anonymous"
    " callers by address, or anonymous_key=lambda ctx: None to keep them unlimited"
)


class AnonymousBuckets:
    """The bucket of an anonymous HTTP request: ``("anonymous", key)``, apart from every
    principal's, or `UNLIMITED`; warns once when it is unlimited because no
    ``anonymous_key`` was given."""

    def __init__(self, key: AnonymousKey | None) -> None:
        self._key = key
        self._warned = False

    def __call__(self, ctx: ServerRequestContext[Any, Any]) -> Hashable:
        if self._key is None:
            if not self._warned:
                self._warned = True
                logger.warning("%s: %s", ctx.method, UNLIMITED_WARNING)
            return UNLIMITED
        key = self._key(ctx)
        return UNLIMITED if key is None else ("anonymous", key)


_SESSION_TOKEN = "negotiation.sdk.anonymous"  # in the SDK connection's per-connection state


def bucket_of(
    ctx: ServerRequestContext[Any, Any],
    principal: Hashable,
    legacy: bool,
    anonymous: AnonymousBuckets,
) -> Hashable:
    """Whose switch bucket a request spends (SEP-2053: "by principal/session"): its
    principal's; without one, its 2025-11-25 session's, so that anonymous clients do not
    share one bucket. An anonymous 2026-07-28 request over HTTP has neither (its address
    may be a proxy's, shared by everyone): ``anonymous`` decides (by default `UNLIMITED`,
    with a warning). In process or over stdio the one client has the transport's bucket."""
    if principal is not None:
        return principal
    if legacy and ctx.session.client_capabilities is not None:
        state = getattr(getattr(ctx.session, "_connection", None), "state", None)
        if isinstance(state, dict):
            token: Hashable = state.setdefault(_SESSION_TOKEN, ("session", os.urandom(16).hex()))
            return token
    return anonymous(ctx) if getattr(ctx, "request", None) is not None else None


def client_address(*, trusted_proxies: Iterable[str] = ()) -> AnonymousKey:
    """An ``anonymous_key``: the client's IP address as the HTTP connection shows it.

    Behind proxies, name them in ``trusted_proxies`` (addresses or networks, such as
    ``"10.0.0.0/8"``): when the connection comes from one, the key is the right-most
    ``X-Forwarded-For`` address that is not a trusted proxy, the one the nearest
    trusted proxy saw; the entries to its left are the client's to forge, and are never
    read. Without ``trusted_proxies`` the header is ignored (a client could name any
    address). None (not limited) when the transport shows no address.
    Raises ValueError for a malformed ``trusted_proxies`` entry.
    """
    networks = tuple(ipaddress.ip_network(proxy.strip(), strict=False) for proxy in trusted_proxies)

    def key(ctx: ServerRequestContext[Any, Any]) -> str | None:
        request = getattr(ctx, "request", None)
        host = getattr(getattr(request, "client", None), "host", None)
        if not isinstance(host, str) or not host:
            return None
        if not _trusted(host, networks):
            return host
        headers = getattr(request, "headers", None)
        values = headers.getlist("x-forwarded-for") if headers is not None else []
        hops = [hop.strip() for value in values for hop in value.split(",")]
        for hop in reversed(hops):
            if not _trusted(hop, networks):
                return hop or None
        return hops[0] if hops else host  # every hop a trusted proxy: the farthest one

    return key


def _trusted(address: str, networks: tuple[_Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:  # not an address (a name, garbage): never a trusted proxy
        return False
    return any(ip in network for network in networks)
