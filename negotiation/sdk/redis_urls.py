"""Redis URLs and the clients' settings for [`RedisBackplane`][negotiation.sdk.redis.RedisBackplane]:
``redis://``, ``rediss://``, ``unix://`` and ``redis+sentinel://`` URLs read into their
parts, the command client's and the listener's timeouts and retries, and problems said
in one line without the password.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from redis.backoff import NoBackoff
from redis.retry import Retry

__all__ = ["COMMAND_TIMEOUT_SECONDS", "SENTINEL_PORT", "SENTINEL_SCHEME"]

COMMAND_TIMEOUT_SECONDS = 1.0
SENTINEL_SCHEME = "redis+sentinel"
SENTINEL_PORT = 26379
_SCHEMES = ("redis", "rediss", "unix", SENTINEL_SCHEME)


def one_line(problem: BaseException) -> str:
    return " ".join(str(problem).split()) or type(problem).__name__


def client_kwargs(kwargs: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The command client's settings and the listener's (which never retries by itself,
    so that a drop is a gap, and times its reads itself: an idle channel is no drop)."""
    command = {
        "socket_timeout": COMMAND_TIMEOUT_SECONDS,
        "socket_connect_timeout": COMMAND_TIMEOUT_SECONDS,
        "retry": Retry(NoBackoff(), 1),
        **kwargs,
    }
    listen = {
        "socket_connect_timeout": COMMAND_TIMEOUT_SECONDS,
        "socket_keepalive": True,
        **kwargs,
        "retry": Retry(NoBackoff(), 0),
        "socket_timeout": None,
    }
    return command, listen


def redacted(url: str) -> str:
    """``url`` without its password, for an error message."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, sep, userinfo = head.partition("://")
    user = userinfo.partition(":")[0]
    return f"{scheme}{sep}{user}:***@{tail}" if sep else f"***@{tail}"


def url_scheme(url: str) -> str:
    scheme = url.partition("://")[0].lower() if "://" in url else ""
    if scheme not in _SCHEMES:
        raise ValueError("the scheme must be one of " + ", ".join(f"{s}://" for s in _SCHEMES))
    return scheme


def database(text: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise ValueError(f"the database must be a number, not {text!r}")
    return int(text)


def sentinel_url(url: str) -> tuple[list[tuple[str, int]], str, int, dict[str, Any]]:
    """The sentinels, the service, the database and the primary's credentials of a
    ``redis+sentinel://`` URL."""
    rest = url.partition("://")[2]
    netloc, _, path = rest.partition("/")
    userinfo, at, hosts = netloc.rpartition("@")
    if not at:
        hosts = netloc
    sentinels: list[tuple[str, int]] = []
    for entry in hosts.split(","):
        host, colon, port = entry.strip().rpartition(":")
        if not colon:
            host, port = port, str(SENTINEL_PORT)
        host = host.strip("[]")
        if not host or not port.isascii() or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"{entry!r} is no host:port")
        sentinels.append((host, int(port)))
    parts = [p for p in path.split("?")[0].split("/") if p]
    if not parts or len(parts) > 2:
        raise ValueError("the path must be /service or /service/db")
    db = database(parts[1]) if len(parts) == 2 else 0
    credentials: dict[str, Any] = {}
    if at:
        user, _, password = userinfo.partition(":")
        if user:
            credentials["username"] = unquote(user)
        if password:
            credentials["password"] = unquote(password)
    return sentinels, unquote(parts[0]), db, credentials
