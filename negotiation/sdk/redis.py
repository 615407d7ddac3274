"""A [`Backplane`][negotiation.backplane.Backplane] over Redis (any RESP server), for
several replicas of one server behind a load balancer (the ``[redis]`` extra,
``redis>=5``; docs/replicas.md)::

    from negotiation.sdk import Negotiation
    from negotiation.sdk.redis import RedisBackplane

    neg = Negotiation(variants=[...], backplane=RedisBackplane.from_url("redis://127.0.0.1:6379/0"))
    mcp = MCPServer("x", extensions=neg.extensions, middleware=neg.middleware,
                    subscriptions=neg.subscriptions)

- Events: one pub/sub channel, ``{prefix}:events``, carrying the versioned JSON envelope
  of [`negotiation.backplane`][negotiation.backplane] (at most 4 KiB; anything else is dropped,
  counted and logged at most once a minute with the count). Each replica reads it in
  one task, which a supervisor restarts whatever ends it. The task PINGs a channel that
  has been silent for ``health_check_seconds`` and drops a connection that does not
  answer within as long again (a half-open socket is found within twice that: 5 s by
  default), reconnects by itself, and after a drop tells its own clients to refetch
  (the missed events are not replayed).
- Switch buckets: an atomic token bucket in a Lua script on Redis's clock (``TIME``),
  under ``{prefix}:sw:<sha256 of the principal>``, expiring once it would be full again.
- Rankings: ``SET NX`` with a time to live under ``{prefix}:rk:<hints>:<principal>``, so
  the first replica's ranking wins. A stored value that is no ranking is deleted and
  ranked again; one stored without a time to live gets one.
- High availability: ``redis+sentinel://`` URLs and
  [`from_sentinels()`][negotiation.sdk.redis.RedisBackplane.from_sentinels] find the
  primary through Redis Sentinel; a failover is a dropped connection like any other.

No key belongs to a session or a connection: a replica killed with ``kill -9`` leaves
nothing behind but keys that expire.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlsplit

try:
    from redis.asyncio import Redis
    from redis.asyncio.sentinel import Sentinel
    from redis.exceptions import RedisError, ResponseError
except ModuleNotFoundError as missing:  # pragma: no cover - exercised in a subprocess test
    if missing.name != "redis":
        raise
    raise ModuleNotFoundError(
        "negotiation.sdk.redis needs the redis client, which is not installed. "
        "Install the extra: pip install 'mcp-negotiation[redis]'",
        name=missing.name,
    ) from missing

from negotiation.backplane import (
    LOG_INTERVAL_SECONDS,
    Event,
    LogThrottle,
    OnEvent,
    OnGap,
    Rank,
    Refetch,
    Switched,
    covered,
    decode,
    decode_ranking,
    encode,
    encode_ranking,
)
from negotiation.sdk.redis_scripts import DELETE_IF, SWITCH, variant_arg, variant_of
from negotiation.sdk.redis_urls import (
    COMMAND_TIMEOUT_SECONDS,
    SENTINEL_SCHEME,
    client_kwargs,
    database,
    one_line,
    redacted,
    sentinel_url,
    url_scheme,
)

__all__ = ["DEFAULT_PREFIX", "HEALTH_CHECK_SECONDS", "SENTINEL_SCHEME", "RedisBackplane"]

logger = logging.getLogger("negotiation.sdk.redis")

DEFAULT_PREFIX = "mcp-negotiation"
START_TIMEOUT_SECONDS = 2.0
HEALTH_CHECK_SECONDS = 2.5
"""A channel silent this long gets a PING; a PING unanswered this long drops the
connection. A half-open subscription is found within twice this."""

_ASKING_MS = 3000  # a ranker's default timeout (2 s) and some
_POLL_SECONDS = 0.02


class RedisBackplane:
    """Events, switch buckets and rankings shared through one Redis.

    ``client`` runs the commands; ``listener`` (a client whose connection does not
    retry by itself, so that a drop is seen) reads the channel. [`from_url()`][negotiation.sdk.redis.RedisBackplane.from_url] makes
    both. ``prefix`` namespaces the keys and the channel: give every server (not every
    replica) its own. ``health_check_seconds``: see ``HEALTH_CHECK_SECONDS``;
    ``log_interval_seconds``: the least time between two log lines of one kind of
    repeated fault (each says how many happened).
    """

    shared = True

    def __init__(
        self,
        client: Redis,
        listener: Redis | None = None,
        *,
        prefix: str = DEFAULT_PREFIX,
        reconnect_seconds: float = 0.5,
        health_check_seconds: float = HEALTH_CHECK_SECONDS,
        log_interval_seconds: float = LOG_INTERVAL_SECONDS,
    ) -> None:
        if not prefix or any(c in prefix for c in " \r\n*?[]"):
            raise ValueError(f"a Redis key prefix must be a plain non-empty name, not {prefix!r}")
        if not 0 < health_check_seconds < math.inf:
            raise ValueError(f"health_check_seconds must be positive, not {health_check_seconds!r}")
        self._client = client
        self._listener = listener if listener is not None else client
        self.prefix = prefix
        self.channel = f"{prefix}:events"
        self._reconnect_seconds = reconnect_seconds
        self.health_check_seconds = health_check_seconds
        self._subscribers: dict[object, tuple[str, OnEvent, OnGap]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._switch = client.register_script(SWITCH)
        self._delete_if = client.register_script(DELETE_IF)
        self._lost = False  # the reader lost its subscription: refetch once it is back
        self._refetched_at: float | None = None  # when this replica's clients last were told
        self._dropped = LogThrottle(log_interval_seconds)  # malformed messages
        self._failed = LogThrottle(log_interval_seconds)  # reader failures (not Redis's)
        self._bad_rankings = LogThrottle(log_interval_seconds)
        self._sentinel: Sentinel | None = None  # closed with the backplane

    @property
    def dropped(self) -> int:
        """How many malformed messages this replica dropped from the channel."""
        return self._dropped.total

    @property
    def restarts(self) -> int:
        """How many times the reader failed (not by losing Redis) and was restarted."""
        return self._failed.total

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        prefix: str = DEFAULT_PREFIX,
        health_check_seconds: float = HEALTH_CHECK_SECONDS,
        reconnect_seconds: float = 0.5,
        log_interval_seconds: float = LOG_INTERVAL_SECONDS,
        **kwargs: Any,
    ) -> RedisBackplane:
        """A backplane on the Redis at ``url``: ``redis://``, ``rediss://``, ``unix://``,
        or ``redis+sentinel://[[user]:password@]host[:port][,host[:port]...]/service[/db]``
        (Sentinel; the port defaults to 26379, the credentials are the primary's; see
        [`from_sentinels()`][negotiation.sdk.redis.RedisBackplane.from_sentinels]).
        ``kwargs`` go to ``redis.asyncio.Redis.from_url`` (or to the Sentinel's
        clients); the other options are the constructor's. Commands time out after a second, so that a Redis that is down costs a
        request little (the limiter then uses local buckets).

        Raises ValueError, one line naming what is wrong (the password never shown),
        when ``url`` is no usable Redis URL."""
        if not isinstance(url, str):
            raise ValueError(f"a Redis URL must be a string, not {type(url).__name__}")
        try:
            scheme = url_scheme(url)
            if scheme == SENTINEL_SCHEME:
                sentinels, service, db, credentials = sentinel_url(url)
            else:
                command, listen = client_kwargs(kwargs)
                client = Redis.from_url(url, **command)
                listener = Redis.from_url(url, **listen)
                if scheme != "unix":
                    database(urlsplit(url).path.strip("/") or "0")
        except ValueError as problem:
            raise ValueError(f"not a usable Redis URL ({redacted(url)}): {problem}") from None
        if scheme == SENTINEL_SCHEME:
            return cls.from_sentinels(
                sentinels,
                service,
                db=db,
                prefix=prefix,
                health_check_seconds=health_check_seconds,
                reconnect_seconds=reconnect_seconds,
                log_interval_seconds=log_interval_seconds,
                **credentials,
                **kwargs,
            )
        return cls(
            client,
            listener,
            prefix=prefix,
            health_check_seconds=health_check_seconds,
            reconnect_seconds=reconnect_seconds,
            log_interval_seconds=log_interval_seconds,
        )

    @classmethod
    def from_sentinels(
        cls,
        sentinels: Sequence[tuple[str, int]],
        service: str,
        *,
        db: int = 0,
        prefix: str = DEFAULT_PREFIX,
        health_check_seconds: float = HEALTH_CHECK_SECONDS,
        reconnect_seconds: float = 0.5,
        log_interval_seconds: float = LOG_INTERVAL_SECONDS,
        sentinel_kwargs: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> RedisBackplane:
        """A backplane on the primary that the Redis Sentinels at ``sentinels`` (host,
        port pairs) name for ``service``. Every new connection asks them where the
        primary is, so after a failover the reader's reconnection finds the new one and
        the clients refetch. ``kwargs`` go to the primary's clients, ``sentinel_kwargs``
        to the Sentinels' (by default the same socket timeouts)."""
        if not sentinels or not service:
            raise ValueError("Redis Sentinel needs at least one sentinel and a service name")
        for host, port in sentinels:
            if not host or not isinstance(port, int) or not 0 < port < 65536:
                raise ValueError(f"not a sentinel address: {host!r}, {port!r}")
        command, listen = client_kwargs(kwargs)
        sentinel = Sentinel(  # type: ignore[no-untyped-call]
            [(host, port) for host, port in sentinels],
            sentinel_kwargs={
                "socket_timeout": COMMAND_TIMEOUT_SECONDS,
                "socket_connect_timeout": COMMAND_TIMEOUT_SECONDS,
                **(sentinel_kwargs or {}),
            },
        )
        made = cls(
            sentinel.master_for(service, db=db, **command),
            sentinel.master_for(service, db=db, **listen),
            prefix=prefix,
            health_check_seconds=health_check_seconds,
            reconnect_seconds=reconnect_seconds,
            log_interval_seconds=log_interval_seconds,
        )
        made._sentinel = sentinel
        return made

    # --- events ---------------------------------------------------------------------------

    async def start(self) -> None:
        """Start reading the channel (once); wait until subscribed, or until
        ``START_TIMEOUT_SECONDS`` pass (then the reader keeps trying)."""
        if self._reader is None or self._reader.done():
            self._ready = asyncio.Event()
            self._reader = asyncio.get_running_loop().create_task(self._supervise())
        try:
            await asyncio.wait_for(self._ready.wait(), START_TIMEOUT_SECONDS)
        except TimeoutError:
            logger.warning("backplane: Redis is not reachable yet; events wait for it")

    async def publish(self, event: Event, origin: str) -> None:
        data = encode(event, origin)
        try:
            await self._client.publish(self.channel, data)
        except (RedisError, OSError) as problem:
            raise ConnectionError(f"Redis: {one_line(problem)}") from problem

    def subscribe(self, origin: str, on_event: OnEvent, on_gap: OnGap) -> Callable[[], None]:
        token = object()
        self._subscribers[token] = (origin, on_event, on_gap)

        def unsubscribe() -> None:
            self._subscribers.pop(token, None)

        return unsubscribe

    async def _supervise(self) -> None:
        """Run the reader until [`aclose()`][negotiation.sdk.redis.RedisBackplane.aclose]:
        whatever ends it (Redis lost, a silent connection, a bug), it starts again after
        ``reconnect_seconds``, and once subscribed again tells the clients to refetch,
        since events may have been missed meanwhile."""
        while True:
            try:
                await self._read()
            except (RedisError, OSError) as problem:  # OSError: TimeoutError too
                if not self._lost:
                    logger.warning(
                        "backplane: lost Redis (%s); events are missed until it is back",
                        one_line(problem),
                    )
            except asyncio.CancelledError as problem:
                task = asyncio.current_task()
                if task is None or task.cancelling():
                    raise  # aclose()
                self._failure(problem)  # a cancellation that leaked out of a subscriber
            except Exception as problem:
                self._failure(problem)
            self._lost = True
            await asyncio.sleep(self._reconnect_seconds)

    def _failure(self, problem: BaseException) -> None:
        count = self._failed.hit()
        if count is not None:
            logger.error(
                "backplane: the reader failed (%d time(s) since the last line: %s: %s);"
                " restarting it",
                count,
                type(problem).__name__,
                one_line(problem),
            )

    def _say_counts(self) -> None:
        """The counts of repeated faults that no later one has logged yet, once due."""
        dropped = self._dropped.due()
        if dropped is not None:
            logger.warning(
                "backplane: dropped %d malformed message(s) on %s since the last line",
                dropped,
                self.channel,
            )

    async def _read(self) -> None:
        """One subscription, until its connection fails or falls silent."""
        loop = asyncio.get_running_loop()
        health = self.health_check_seconds
        pubsub = self._listener.pubsub()
        try:
            # Connecting, subscribing and its confirmation (from then on nothing published
            # is missed) within a bound: a Redis that accepts and never answers (stopped,
            # or behind a frozen path) is a drop like any other.
            async with asyncio.timeout(START_TIMEOUT_SECONDS):
                await pubsub.subscribe(self.channel)
                while True:
                    message = await pubsub.get_message(timeout=START_TIMEOUT_SECONDS)
                    if message is not None and message.get("type") == "subscribe":
                        break
            self._ready.set()
            if self._lost:
                self._lost = False
                logger.warning("backplane: Redis is back; telling clients to refetch")
                await self._gap()
            heard, pinged = loop.time(), None
            while True:
                self._say_counts()
                now = loop.time()
                if pinged is None and now - heard >= health:
                    await asyncio.wait_for(pubsub.ping(), health)
                    pinged = now
                wait = (heard if pinged is None else pinged) + health - now
                message = await pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=max(0.001, wait)
                )
                if message is not None:
                    heard, pinged = loop.time(), None
                    if message.get("type") == "message":
                        await self._dispatch(message.get("data"))
                elif pinged is not None and loop.time() - pinged >= health:
                    # Only after a read found nothing: a stalled event loop whose answer
                    # is waiting in the socket is no silent connection.
                    raise TimeoutError(f"no answer to a PING within {health:g} s")
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call]

    async def _dispatch(self, data: object) -> None:
        decoded = decode(data)
        if decoded is None:
            count = self._dropped.hit()
            if count is not None:
                logger.warning(
                    "backplane: dropped %d malformed message(s) on %s since the last line"
                    " (the last: %.80r)",
                    count,
                    self.channel,
                    data,
                )
            return
        event, origin = decoded
        if isinstance(event, Refetch):
            now = asyncio.get_running_loop().time()
            if covered(event, now, self._refetched_at):
                logger.debug("backplane: a refetch from %s is covered by this replica's", origin)
                return
            self._refetched_at = now
        for subscriber_origin, on_event, _ in list(self._subscribers.values()):
            if subscriber_origin == origin:
                continue  # the publisher delivered it locally already
            try:
                await on_event(event)
            except Exception:  # one failing subscriber must not stop the others
                logger.exception("backplane: a subscriber failed")

    async def _gap(self) -> None:
        self._refetched_at = asyncio.get_running_loop().time()
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
            variant_arg(variant),
            repr(float(capacity)),
            repr(float(refill_per_second)),
            ttl_ms,
        ]
        try:
            reply = await self._switch(keys=[f"{self.prefix}:sw:{key}"], args=args)
        except (RedisError, OSError) as problem:
            raise ConnectionError(f"Redis: {one_line(problem)}") from problem
        if reply[0] == 1:
            return Switched(variant)
        return Switched(variant_of(reply[1]), int(reply[2]))

    async def ranking(self, key: str, rank: Rank, ttl_seconds: float) -> tuple[str, ...] | None:
        name = f"{self.prefix}:rk:{key}"
        ttl_ms = max(1, math.ceil(ttl_seconds * 1000))
        try:
            async with self._client.pipeline(transaction=False) as pipe:
                pipe.get(name)
                pipe.pttl(name)
                stored, left = await pipe.execute(raise_on_error=False)
            if isinstance(stored, ResponseError):  # not a string (WRONGTYPE): no ranking
                stored = b""
            decided = decode_ranking(stored) if stored is not None else None
            if decided is not None:
                if left == -1:  # stored by someone else without a time to live
                    await self._client.pexpire(name, ttl_ms)
                return decided
            if stored is not None:  # no ranking: ranked again, and overwritten
                count = self._bad_rankings.hit()
                if count is not None:
                    logger.warning(
                        "backplane: ignored %d malformed stored ranking(s) since the last"
                        " line (the last under %s); ranking again",
                        count,
                        name,
                    )
                await self._delete_if(keys=[name], args=[stored])
            # One replica asks its ranker (an LLM call); the others wait for its answer,
            # for as long as a ranker may take, then rank themselves.
            claimed = await self._client.set(f"{name}:asking", b"1", nx=True, px=_ASKING_MS)
            if not claimed:
                decided = await self._await_ranking(name)
                if decided is not None:
                    return decided
            ids = tuple(await rank())
            if await self._client.set(name, encode_ranking(ids), nx=True, px=ttl_ms):
                return ids
            stored = await self._client.get(name)  # another replica's came first
        except (RedisError, OSError) as problem:
            raise ConnectionError(f"Redis: {one_line(problem)}") from problem
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
        if self._sentinel is not None:
            with contextlib.suppress(Exception):
                await self._sentinel.aclose()
