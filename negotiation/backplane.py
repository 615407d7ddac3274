"""What the replicas of one server share: change events, variant-switch buckets and the
ranking decided for a principal and hints (issue #23, docs/replicas.md).

A [`Backplane`][negotiation.backplane.Backplane] carries three things between replicas: level-trigger events
([`ResourceUpdated`][negotiation.backplane.ResourceUpdated], [`ListChanged`][negotiation.backplane.ListChanged]), the switch limiter's buckets and the
fleet-wide ranking. [`InMemoryBackplane`][negotiation.backplane.InMemoryBackplane] is the default: one process, today's
behaviour (its buckets and rankings are the process's own). ``negotiation.sdk.redis``
holds the Redis one. Only triggers travel: a receiving replica applies its own variant
scopes, so a forged message can cost a refetch and reveal nothing.

Messages are a versioned JSON envelope of at most ``MAX_ENVELOPE_BYTES``; anything
else (including JSON nested deep enough to exhaust the parser) is dropped: the receiver
counts it and logs the count at most once per ``LOG_INTERVAL_SECONDS``
([`LogThrottle`][negotiation.backplane.LogThrottle]). Sans-IO apart from awaiting the
callbacks it is given.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, get_args

from negotiation.cursors import principal_binding

__all__ = [
    "ENVELOPE_VERSION",
    "LOG_INTERVAL_SECONDS",
    "MAX_ENVELOPE_BYTES",
    "Backplane",
    "Event",
    "InMemoryBackplane",
    "ListChanged",
    "ListKind",
    "LogThrottle",
    "OnEvent",
    "OnGap",
    "Rank",
    "Refetch",
    "ResourceUpdated",
    "Switched",
    "covered",
    "decode",
    "decode_ranking",
    "encode",
    "encode_ranking",
    "principal_digest",
]

logger = logging.getLogger("negotiation.backplane")

ENVELOPE_VERSION = 1
MAX_ENVELOPE_BYTES = 4096
LOG_INTERVAL_SECONDS = 60.0
_UNDECODABLE = (ValueError, TypeError, RecursionError, MemoryError)
"""What parsing a bounded input may raise: not JSON or not UTF-8, nesting deep enough to
exhaust the parser's stack, or no memory for what it holds."""

ListKind = Literal["tools", "resources", "prompts"]
_KINDS: tuple[str, ...] = get_args(ListKind)


@dataclass(frozen=True, slots=True)
class ResourceUpdated:
    """The resource at ``uri`` changed: its subscribers (of both eras) should read it again."""

    uri: str


@dataclass(frozen=True, slots=True)
class ListChanged:
    """The ``kind`` list changed in ``variant`` (None: in every variant)."""

    kind: ListKind
    variant: str | None = None


@dataclass(frozen=True, slots=True)
class Refetch:
    """Events may have been lost (a replica could not publish): every client should
    refetch every list and every resource it subscribed to.

    ``age_ms``: how long before this was sent the last event that could not be
    published was (the publisher's own clock measures the interval, rounded down; no
    clocks are compared). A receiver that told its clients to refetch after that moment
    drops it ([`covered()`][negotiation.backplane.covered]): one refetch per client
    after an outage, not one per replica. None: unknown, always delivered. Two refetch signals
    are equal whatever their age."""

    age_ms: int | None = field(default=None, compare=False)


Event = ResourceUpdated | ListChanged | Refetch
OnEvent = Callable[[Event], Awaitable[object]]
OnGap = Callable[[], Awaitable[None]]
"""Called when events may have been lost (the connection to the engine dropped and is
back): tell every client to refetch."""
Rank = Callable[[], Awaitable[Sequence[str]]]


@dataclass(frozen=True, slots=True)
class Switched:
    """A shared bucket's answer: ``retry_after_ms`` is None when the request may go on;
    else the switch is refused and ``active`` is the variant kept."""

    active: str | None
    retry_after_ms: int | None = None


def encode(event: Event, origin: str) -> bytes:
    """The envelope for ``event`` from the replica ``origin``.

    Raises ValueError when it would exceed ``MAX_ENVELOPE_BYTES`` (a URI or a variant
    id that long cannot travel; the caller logs and delivers it locally only)."""
    if isinstance(event, ResourceUpdated):
        body: dict[str, object] = {"v": ENVELOPE_VERSION, "o": origin, "k": "ru", "uri": event.uri}
    elif isinstance(event, Refetch):
        body = {"v": ENVELOPE_VERSION, "o": origin, "k": "rf"}
        if event.age_ms is not None:
            body["age"] = event.age_ms
    else:
        body = {"v": ENVELOPE_VERSION, "o": origin, "k": "lc", "list": event.kind}
        if event.variant is not None:
            body["variant"] = event.variant
    data = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
    if len(data) > MAX_ENVELOPE_BYTES:
        raise ValueError(f"a backplane message of {len(data)} bytes exceeds {MAX_ENVELOPE_BYTES}")
    return data


def decode(data: object) -> tuple[Event, str] | None:
    """The event and its origin, or None (logged at DEBUG) for anything but a well-formed
    envelope of this version: wrong type, too long, not JSON, nested too deep, unknown or
    extra members. Never raises: the caller counts what it drops."""
    try:
        event = _decode(data)
    except _UNDECODABLE:
        event = None
    if event is None:
        logger.debug("backplane: dropped a malformed message (%.80r)", data)
    return event


def _decode(data: object) -> tuple[Event, str] | None:
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if not isinstance(data, bytes) or len(data) > MAX_ENVELOPE_BYTES:
        return None
    body = json.loads(data)  # raises what decode() catches
    if (
        not isinstance(body, dict)
        or body.get("v") != ENVELOPE_VERSION
        or type(body["v"]) is not int
    ):
        return None
    origin, kind = body.get("o"), body.get("k")
    if not isinstance(origin, str):
        return None
    if kind == "ru" and body.keys() == {"v", "o", "k", "uri"} and isinstance(body["uri"], str):
        return ResourceUpdated(body["uri"]), origin
    if kind == "rf" and body.keys() == {"v", "o", "k"}:
        return Refetch(), origin
    if kind == "rf" and body.keys() == {"v", "o", "k", "age"}:
        age = body["age"]
        if type(age) is not int or age < 0:
            return None
        return Refetch(age), origin
    if kind != "lc" or body.get("list") not in _KINDS:
        return None
    variant = body.get("variant")
    members = {"v", "o", "k", "list"} | ({"variant"} if "variant" in body else set())
    if body.keys() != members or not (variant is None or isinstance(variant, str)):
        return None
    if "variant" in body and variant is None:
        return None  # None is spelled by omission only
    return ListChanged(body["list"], variant), origin


def encode_ranking(ids: Sequence[str]) -> bytes:
    """A stored ranking: the advertised ids, best first."""
    return json.dumps(list(ids), separators=(",", ":"), ensure_ascii=False).encode()


def decode_ranking(data: object) -> tuple[str, ...] | None:
    """A stored ranking, or None (logged at DEBUG) when it is not a short JSON list of
    distinct strings (nested too deep included). Never raises."""
    ids: object = None
    if isinstance(data, bytes | str) and len(data) <= MAX_ENVELOPE_BYTES:
        try:
            ids = json.loads(data)
        except _UNDECODABLE:
            ids = None
    if (
        not isinstance(ids, list)
        or not all(isinstance(i, str) for i in ids)
        or len(set(ids)) != len(ids)
    ):
        logger.debug("backplane: ignored a malformed ranking (%.80r)", data)
        return None
    return tuple(ids)


def covered(refetch: Refetch, arrived: float, refetched_at: float | None) -> bool:
    """Whether a refetch signal that ``arrived`` (this process's monotonic clock) is
    already covered by the one this replica's clients were given at ``refetched_at``.

    The publisher's last lost event happened ``age_ms`` or more before the signal
    arrived (the transit only adds to it). When that is no later than the refetch this
    replica already sent, its clients re-read after the change: telling them again is
    a thundering herd, not a safeguard."""
    if refetch.age_ms is None or refetched_at is None:
        return False
    return arrived - refetch.age_ms / 1000 <= refetched_at


class LogThrottle:
    """Counts what happens often (a dropped message, an event that reached one replica
    only) and says when to log it: the first at once, then at most once per
    ``interval`` seconds, with how many happened since the last line. Sans-IO: the
    ``clock`` is given (monotonic seconds)."""

    def __init__(
        self, interval: float = LOG_INTERVAL_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.interval = interval
        self.total = 0
        self._clock = clock
        self._pending = 0
        self._last: float | None = None

    def hit(self) -> int | None:
        """Count one; the number to log now (this one included), or None (counted, said
        with the next line)."""
        self.total += 1
        self._pending += 1
        return self.due()

    def due(self) -> int | None:
        """The count not yet logged when a line is due now, else None."""
        now = self._clock()
        if self._pending and (self._last is None or now - self._last >= self.interval):
            count, self._pending, self._last = self._pending, 0, now
            return count
        return None


def principal_digest(principal: Hashable) -> str:
    """The hex SHA-256 of a principal's type-tagged binding (the cursors' one): stable
    across processes for strings and integers, and never the principal itself, which
    may be a credential."""
    return hashlib.sha256(principal_binding(principal)).hexdigest()


class Backplane(Protocol):
    """Fan-out of events, shared switch buckets and rankings between replicas.

    ``shared`` is False for a process-local backplane: the [`Negotiation`][negotiation.sdk.server.Negotiation]
    then keeps today's in-process limiter and ranking cache. ``origin`` names this
    replica's subscription: [`publish()`][negotiation.backplane.Backplane.publish] never delivers an event back to the
    subscriber of the same origin (the publisher delivers locally itself).
    """

    @property
    def shared(self) -> bool: ...

    async def start(self) -> None:
        """Be ready to receive (idempotent): after it returns, no published event is missed."""
        ...

    async def publish(self, event: Event, origin: str) -> None:
        """Send ``event`` to every other subscriber; raises ConnectionError when it
        cannot (the caller logs it; the gap handlers tell clients to refetch)."""
        ...

    def subscribe(self, origin: str, on_event: OnEvent, on_gap: OnGap) -> Callable[[], None]:
        """Receive the events of every other origin; returns the unsubscribe callable."""
        ...

    async def switch(
        self, key: str, variant: str | None, capacity: float, refill_per_second: float
    ) -> Switched | None:
        """Spend from the shared bucket ``key``; None when there is none or it is
        unreachable (the caller falls back to its local bucket)."""
        ...

    async def ranking(self, key: str, rank: Rank, ttl_seconds: float) -> tuple[str, ...] | None:
        """The ranking stored under ``key``, else ``rank()``'s, stored unless another
        replica stored one first (that one wins); None when there is no shared store."""
        ...

    async def aclose(self) -> None: ...


class InMemoryBackplane:
    """The one-process backplane: events go to the other subscribers of this object (so
    several [`Negotiation`][negotiation.sdk.server.Negotiation] objects in one process can share one,
    as replicas would); buckets and rankings stay in each limiter and cache."""

    shared = False

    def __init__(self) -> None:
        self._subscribers: dict[object, tuple[str, OnEvent]] = {}

    async def start(self) -> None:
        return None

    async def publish(self, event: Event, origin: str) -> None:
        for token, (subscriber_origin, on_event) in list(self._subscribers.items()):
            if subscriber_origin == origin or token not in self._subscribers:
                continue
            try:
                await on_event(event)
            except Exception:  # one failing subscriber must not stop the others
                logger.exception("backplane: a subscriber failed")

    def subscribe(self, origin: str, on_event: OnEvent, on_gap: OnGap) -> Callable[[], None]:
        token = object()
        self._subscribers[token] = (origin, on_event)
        return lambda: self._subscribers.pop(token, None) and None

    async def switch(
        self, key: str, variant: str | None, capacity: float, refill_per_second: float
    ) -> Switched | None:
        return None

    async def ranking(self, key: str, rank: Rank, ttl_seconds: float) -> tuple[str, ...] | None:
        return None

    async def aclose(self) -> None:
        self._subscribers.clear()
