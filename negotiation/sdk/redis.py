"""A [`Backplane`][negotiation.backplane.Backplane] over Redis (any RESP server), for
several replicas of one server behind a load balancer (the ``[redis]`` extra,
``redis>=5``; docs/replicas.md)::

    from negotiation.sdk import Negotiation
    from negotiation.sdk.redis import RedisBackplane

    neg = Negotiation(variants=[...], backplane=RedisBackplane.from_url("redis://127.0.0.1:6379/0"))
    mcp = MCPServer("x", extensions=neg.extensions, middleware=neg.middleware,
                    subscriptions=neg.subscriptions)

- Events: one pub/sub channel, ``{prefix}:events``, carrying the versioned JSON envelope
  of [`negotiation.backplane`][negotiation.backplane] (at most 4 KiB; anything else is dropped with a debug
  log). Each replica reads it in one task, reconnects by itself, and after a drop tells
  its own clients to refetch (the missed events are not replayed).
- Switch buckets: an atomic token bucket in a Lua script on Redis's clock (``TIME``),
  under ``{prefix}:sw:<sha256 of the principal>``, expiring once it would be full again.
- Rankings: ``SET NX`` with a time to live under ``{prefix}:rk:<hints>:<principal>``, so
  the first replica's ranking wins.

No key belongs to a session or a connection: a replica killed with ``kill -9`` leaves
nothing behind but keys that expire.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Callable
from typing import Any

try:
    from redis.asyncio import Redis
    from redis.backoff import NoBackoff
    from redis.exceptions import RedisError
    from redis.retry import Retry
except ModuleNotFoundError as missing:  # pragma: no cover - exercised in a subprocess test
    if missing.name != "redis":
        raise
    raise ModuleNotFoundError(
        "negotiation.sdk.redis needs the redis client, which is not installed. "
        "Install the extra: pip install 'mcp-negotiation[redis]'",
        name=missing.name,
    ) from missing

from negotiation.backplane import (
    Event,
    OnEvent,
    OnGap,
    Rank,
    Switched,
    decode,
    decode_ranking,
    encode,
    encode_ranking,
)

__all__ = ["DEFAULT_PREFIX", "RedisBackplane"]

logger = logging.getLogger("negotiation.sdk.redis")

DEFAULT_PREFIX = "mcp-negotiation"
START_TIMEOUT_SECONDS = 2.0
COMMAND_TIMEOUT_SECONDS = 1.0
_ASKING_MS = 3000  # a ranker's default timeout (2 s) and some
_POLL_SECONDS = 0.02

# KEYS[1] the bucket; ARGV: the variant ("=" id, or "-" for none), capacity, refill per
# second, time to live (ms). Returns {1} (go on) or {0, active variant, retry after ms}.
# The same arithmetic as negotiation.subscriptions.VariantSwitchLimiter, on Redis's clock.
_SWITCH = """
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) + tonumber(now_parts[2]) / 1000000
local variant = ARGV[1]
local capacity = tonumber(ARGV[2])
local rate = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'v', 'n', 't')
local result = {1}
local active = variant
local tokens = capacity
if state[1] and state[2] and state[3] then
  active = state[1]
  tokens = math.min(capacity, tonumber(state[2]) + math.max(0, now - tonumber(state[3])) * rate)
  if active ~= variant then
    if tokens < 1 then
      result = {0, active, math.max(1, math.floor((1 - tokens) / rate * 1000 + 0.5))}
    else
      active = variant
      tokens = tokens - 1
    end
  end
end
redis.call('HSET', KEYS[1], 'v', active, 'n', string.format('%.17g', tokens),
           't', string.format('%.6f', now))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return result
"""


def _variant_arg(variant: str | None) -> str:
    return "-" if variant is None else "=" + variant


def _variant_of(value: Any) -> str | None:
    text = value.decode("utf-8", "surrogatepass") if isinstance(value, bytes) else str(value)
    return text[1:] if text.startswith("=") else None


class RedisBackplane:
    """Events, switch buckets and rankings shared through one Redis.

    ``client`` runs the commands; ``listener`` (a client whose connection does not
    retry by itself, so that a drop is seen) reads the channel. [`from_url()`][negotiation.sdk.redis.RedisBackplane.from_url] makes
    both. ``prefix`` namespaces the keys and the channel: give every server (not every
    replica) its own.
    """

    shared = True

    def __init__(
        self,
        client: Redis,
        listener: Redis | None = None,
        *,
        prefix: str = DEFAULT_PREFIX,
        reconnect_seconds: float = 0.5,
    ) -> None:
        if not prefix or any(c in prefix for c in " \r\n*?[]"):
            raise ValueError(f"a Redis key prefix must be a plain non-empty name, not {prefix!r}")
        self._client = client
        self._listener = listener if listener is not None else client
        self.prefix = prefix
        self.channel = f"{prefix}:events"
        self._reconnect_seconds = reconnect_seconds
        self._subscribers: dict[object, tuple[str, OnEvent, OnGap]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._switch = client.register_script(_SWITCH)

    @classmethod
    def from_url(cls, url: str, *, prefix: str = DEFAULT_PREFIX, **kwargs: Any) -> RedisBackplane:
        """A backplane on the Redis at ``url`` (``redis://``, ``rediss://`` or
        ``unix://``); ``kwargs`` go to ``redis.asyncio.Redis.from_url``. Commands time
        out after a second, so that a Redis that is down costs a request little (the
        limiter then uses local buckets)."""
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
            "retry": Retry(NoBackoff(), 0),  # a drop must surface: it is a gap
            "socket_timeout": None,  # an idle channel is not a drop
        }
        return cls(Redis.from_url(url, **command), Redis.from_url(url, **listen), prefix=prefix)

    # --- events ---------------------------------------------------------------------------

    async def start(self) -> None:
        """Start reading the channel (once); wait until subscribed, or until
        ``START_TIMEOUT_SECONDS`` pass (then the reader keeps trying)."""
        if self._reader is None or self._reader.done():
            self._ready = asyncio.Event()
            self._reader = asyncio.get_running_loop().create_task(self._read())
        try:
            await asyncio.wait_for(self._ready.wait(), START_TIMEOUT_SECONDS)
        except TimeoutError:
            logger.warning("backplane: Redis is not reachable yet; events wait for it")

    async def publish(self, event: Event, origin: str) -> None:
        data = encode(event, origin)
        try:
            await self._client.publish(self.channel, data)
        except (RedisError, OSError) as problem:
            raise ConnectionError(f"Redis: {problem}") from problem

    def subscribe(self, origin: str, on_event: OnEvent, on_gap: OnGap) -> Callable[[], None]:
        token = object()
        self._subscribers[token] = (origin, on_event, on_gap)

        def unsubscribe() -> None:
            self._subscribers.pop(token, None)

        return unsubscribe

    async def _read(self) -> None:
        lost = False
        while True:
            pubsub = self._listener.pubsub()
            try:
                await pubsub.subscribe(self.channel)
                while True:  # the confirmation: from now on nothing published is missed
                    message = await pubsub.get_message(timeout=START_TIMEOUT_SECONDS)
                    if message is not None and message.get("type") == "subscribe":
                        break
                self._ready.set()
                if lost:
                    lost = False
                    logger.warning("backplane: Redis is back; telling clients to refetch")
                    await self._gap()
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=None)
                    if message is not None and message.get("type") == "message":
                        await self._dispatch(message.get("data"))
            except (RedisError, OSError) as problem:
                if not lost:
                    logger.warning(
                        "backplane: lost Redis (%s); events are missed until it is back", problem
                    )
                lost = True
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(self._reconnect_seconds)

    async def _dispatch(self, data: object) -> None:
        decoded = decode(data)
        if decoded is None:
            return
        event, origin = decoded
        for subscriber_origin, on_event, _ in list(self._subscribers.values()):
            if subscriber_origin == origin:
                continue  # the publisher delivered it locally already
            try:
                await on_event(event)
            except Exception:  # one failing subscriber must not stop the others
                logger.exception("backplane: a subscriber failed")

    async def _gap(self) -> None:
        for _, _, on_gap in list(self._subscribers.values()):
            try:
                await on_gap()
            except Exception:
                logger.exception("backplane: a subscriber's refetch failed")

    # --- switch buckets and rankings ------------------------------------------------------

    async def switch(
        self, key: str, variant: str | None, capacity: float, refill_per_second: float
    ) -> Switched:
        ttl_ms = math.ceil((capacity / refill_per_second + 1) * 1000)
        args: list[str | int] = [
            _variant_arg(variant),
            repr(float(capacity)),
            repr(float(refill_per_second)),
            ttl_ms,
        ]
        try:
            reply = await self._switch(keys=[f"{self.prefix}:sw:{key}"], args=args)
        except (RedisError, OSError) as problem:
            raise ConnectionError(f"Redis: {problem}") from problem
        if reply[0] == 1:
            return Switched(variant)
        return Switched(_variant_of(reply[1]), int(reply[2]))

    async def ranking(self, key: str, rank: Rank, ttl_seconds: float) -> tuple[str, ...] | None:
        name = f"{self.prefix}:rk:{key}"
        try:
            stored = await self._client.get(name)
            decided = decode_ranking(stored) if stored is not None else None
            if decided is not None:
                return decided
            # One replica asks its ranker (an LLM call); the others wait for its answer,
            # for as long as a ranker may take, then rank themselves.
            claimed = await self._client.set(f"{name}:asking", b"1", nx=True, px=_ASKING_MS)
            if not claimed:
                decided = await self._await_ranking(name)
                if decided is not None:
                    return decided
            ids = tuple(await rank())
            ttl_ms = max(1, math.ceil(ttl_seconds * 1000))
            if await self._client.set(name, encode_ranking(ids), nx=True, px=ttl_ms):
                return ids
            stored = await self._client.get(name)  # another replica's came first
        except (RedisError, OSError) as problem:
            raise ConnectionError(f"Redis: {problem}") from problem
        decided = decode_ranking(stored) if stored is not None else None
        return decided if decided is not None else ids

    async def _await_ranking(self, name: str) -> tuple[str, ...] | None:
        deadline = asyncio.get_running_loop().time() + _ASKING_MS / 1000
        while asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(_POLL_SECONDS)
            stored = await self._client.get(name)
            if stored is not None:
                return decode_ranking(stored)
        return None

    async def aclose(self) -> None:
        """Stop reading and close the connections."""
        reader, self._reader = self._reader, None
        if reader is not None:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader
        for client in {id(self._client): self._client, id(self._listener): self._listener}.values():
            with contextlib.suppress(Exception):
                await client.aclose()
