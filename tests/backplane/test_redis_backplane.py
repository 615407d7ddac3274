"""``RedisBackplane`` (issue #23): the same contract on ``fakeredis`` and on a private
``redis-server`` started by the tests. Two backplanes on one server stand in for two
replicas. Order on one channel replaces sleeps: to show X was not delivered, publish X,
then a sentinel, and see the sentinel arrive alone."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import anyio
import fakeredis
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from redis.asyncio import Redis

from negotiation.backplane import Event, ListChanged, ResourceUpdated, Switched
from negotiation.sdk.redis import RedisBackplane
from negotiation.subscriptions import VariantSwitchLimiter

Make = Callable[[], RedisBackplane]


@asynccontextmanager
async def _replicas(make: Make, n: int = 2) -> AsyncIterator[list[RedisBackplane]]:
    made = [make() for _ in range(n)]
    try:
        yield made
    finally:
        for backplane in made:
            await backplane.aclose()


@pytest.fixture(params=["fakeredis", "redis-server"])
def make(request: pytest.FixtureRequest) -> Make:
    prefix = f"t{os.urandom(4).hex()}"
    if request.param == "fakeredis":
        server = fakeredis.FakeServer()
        return lambda: RedisBackplane(fakeredis.FakeAsyncRedis(server=server), prefix=prefix)
    url = request.getfixturevalue("redis_url")
    return lambda: RedisBackplane.from_url(url, prefix=prefix)


class _Inbox:
    def __init__(self) -> None:
        self.events: list[Event] = []
        self.gaps = 0
        self._arrived = anyio.Event()

    async def on_event(self, event: Event) -> None:
        self.events.append(event)
        self._arrived.set()

    async def on_gap(self) -> None:
        self.gaps += 1
        self._arrived.set()

    async def until(self, done: Callable[[], bool]) -> None:
        with anyio.fail_after(10):  # a hang guard, not a timed assertion
            while not done():
                self._arrived = anyio.Event()
                await self._arrived.wait()


def test_an_event_reaches_the_other_replicas_and_not_its_own_origin(make: Make) -> None:
    async def main() -> tuple[list[Event], list[Event]]:
        async with _replicas(make) as (a, b):
            on_a, on_b = _Inbox(), _Inbox()
            a.subscribe("A", on_a.on_event, on_a.on_gap)
            b.subscribe("B", on_b.on_event, on_b.on_gap)
            await a.start()
            await b.start()
            await a.publish(ResourceUpdated("memo://x"), "A")
            await b.publish(ListChanged("tools", "v"), "B")
            await a.publish(ListChanged("prompts"), "A")
            await on_b.until(lambda: len(on_b.events) == 2)
            await on_a.until(lambda: len(on_a.events) == 1)
            return on_a.events, on_b.events

    on_a, on_b = anyio.run(main)
    assert on_b == [ResourceUpdated("memo://x"), ListChanged("prompts")]
    assert on_a == [ListChanged("tools", "v")]


def test_a_forged_or_malformed_message_is_dropped(
    make: Make, caplog: pytest.LogCaptureFixture
) -> None:
    async def main() -> list[Event]:
        async with _replicas(make, 1) as (a,):
            inbox = _Inbox()
            a.subscribe("A", inbox.on_event, inbox.on_gap)
            await a.start()
            for junk in (b"junk", b'{"v":9}', b"x" * 5000, b'{"v":1,"o":"B","k":"ru","uri":1}'):
                await a._client.publish(a.channel, junk)
            await a._client.publish(a.channel, b'{"v":1,"o":"B","k":"ru","uri":"sentinel"}')
            await inbox.until(lambda: bool(inbox.events))
            return inbox.events

    with caplog.at_level(logging.DEBUG, logger="negotiation.backplane"):
        events = anyio.run(main)
    assert events == [ResourceUpdated("sentinel")]
    dropped = [r for r in caplog.records if "dropped a malformed message" in r.getMessage()]
    assert len(dropped) == 4


VARIANT_RUNS = st.lists(st.sampled_from(["a", "b", "c", None]), min_size=1, max_size=12)


@settings(max_examples=15)
@given(VARIANT_RUNS, st.sampled_from([1.0, 2.0, 3.0]))
def test_the_shared_bucket_refuses_what_the_local_limiter_refuses(
    variants: list[str | None], capacity: float
) -> None:
    # A refill this slow is nothing between two requests: the outcomes are exact.
    rate = 1e-9
    local = VariantSwitchLimiter(capacity, rate, clock=lambda: 0.0)
    server = fakeredis.FakeServer()

    async def main() -> list[Switched]:
        async with _replicas(lambda: RedisBackplane(fakeredis.FakeAsyncRedis(server=server))) as (
            a,
            b,
        ):
            replicas = [a, b]
            return [
                await replicas[i % 2].switch("p", v, capacity, rate) for i, v in enumerate(variants)
            ]

    shared = anyio.run(main)
    for variant, decision in zip(variants, shared, strict=True):
        expected = local.check("p", variant)
        if expected is None:
            assert decision == Switched(variant)
        else:
            assert decision.retry_after_ms is not None
            assert decision.active == expected["data"].get("activeVariant")
            # Only the wall-clock time between the calls refills (ms per elapsed ms).
            assert abs(decision.retry_after_ms - expected["data"]["retryAfterMs"]) <= 60_000


def test_the_bucket_key_holds_a_digest_and_expires(make: Make) -> None:
    async def main() -> tuple[list[Any], int, Switched, Switched]:
        async with _replicas(make) as (a, b):
            first = await a.switch("0f" * 32, "a", 1, 0.5)
            await b.switch("0f" * 32, "b", 1, 0.5)
            refused = await a.switch("0f" * 32, "a", 1, 0.5)
            keys = [k async for k in a._client.scan_iter(f"{a.prefix}:*")]
            ttl = await a._client.pttl(keys[0])
            return keys, ttl, first, refused

    keys, ttl, first, refused = anyio.run(main)
    assert [k.decode() for k in keys] == [f"{keys[0].decode().split(':')[0]}:sw:{'0f' * 32}"]
    assert 0 < ttl <= 3000  # capacity / rate + 1 s
    assert first == Switched("a")
    # (1 - tokens) / rate: 2000 ms less whatever the wall clock refilled between calls.
    assert refused.active == "b" and refused.retry_after_ms is not None
    assert 0 < refused.retry_after_ms <= 2000


def test_the_first_replicas_ranking_wins_and_the_ranker_is_asked_once(make: Make) -> None:
    asked: list[str] = []

    def ranker(name: str, ids: tuple[str, ...]) -> Any:
        async def rank() -> tuple[str, ...]:
            asked.append(name)
            return ids

        return rank

    async def main() -> list[Any]:
        async with _replicas(make, 3) as (a, b, c):
            first = await a.ranking("h:p", ranker("a", ("x", "y")), 60)
            second = await b.ranking("h:p", ranker("b", ("y", "x")), 60)
            await a._client.set(f"{a.prefix}:rk:h:q", b"not json")
            third = await c.ranking("h:q", ranker("c", ("y",)), 60)
            ttl = await a._client.pttl(f"{a.prefix}:rk:h:p")
            return [first, second, third, ttl]

    first, second, third, ttl = anyio.run(main)
    assert first == second == ("x", "y")
    assert third == ("y",)  # a malformed stored ranking is ignored: ranked here
    assert asked == ["a", "c"]
    assert 0 < ttl <= 60_000


def test_a_redis_that_is_down_is_a_connection_error_for_every_call() -> None:
    from tests.redis_server import _free_port

    url = f"redis://127.0.0.1:{_free_port()}/0"  # nothing listens there

    async def main() -> list[str]:
        backplane = RedisBackplane.from_url(url)
        failures = []
        for call in (
            lambda: backplane.publish(ListChanged("tools"), "A"),
            lambda: backplane.switch("k", "a", 1, 1),
            lambda: backplane.ranking("k", lambda: anyio.sleep(0, ("a",)), 1),  # type: ignore[arg-type,return-value]
        ):
            with pytest.raises(ConnectionError, match="Redis") as caught:
                await call()
            failures.append(type(caught.value).__name__)
        await backplane.aclose()
        return failures

    assert anyio.run(main) == ["ConnectionError"] * 3


def test_replicas_ranking_at_once_ask_one_ranker_and_share_its_answer(make: Make) -> None:
    asked: list[str] = []

    def ranker(name: str) -> Any:
        async def rank() -> tuple[str, ...]:
            asked.append(name)
            await anyio.sleep(0.2)  # an LLM takes a while; the others wait for it
            return (name,)

        return rank

    async def main() -> list[Any]:
        async with _replicas(make, 3) as replicas:
            results: list[Any] = [None] * 3

            async def one(i: int) -> None:
                results[i] = await replicas[i].ranking("h:c", ranker("abc"[i]), 60)

            async with anyio.create_task_group() as tasks:
                for i in range(3):
                    tasks.start_soon(one, i)
            return results

    results = anyio.run(main)
    assert len(asked) == 1 and results == [(asked[0],)] * 3


@pytest.mark.parametrize("prefix", ["", "a b", "a*", "x\n"])
def test_a_prefix_must_be_a_plain_name(prefix: str) -> None:
    with pytest.raises(ValueError, match="a Redis key prefix must be a plain non-empty name"):
        RedisBackplane(Redis(), prefix=prefix)


def test_after_a_dropped_connection_each_replica_resubscribes_and_calls_for_a_refetch(
    redis_url: str,
) -> None:
    prefix = f"t{os.urandom(4).hex()}"

    async def main() -> tuple[int, int, list[Event]]:
        async with _replicas(lambda: RedisBackplane.from_url(redis_url, prefix=prefix)) as (a, b):
            on_a, on_b = _Inbox(), _Inbox()
            a.subscribe("A", on_a.on_event, on_a.on_gap)
            b.subscribe("B", on_b.on_event, on_b.on_gap)
            await a.start()
            await b.start()
            admin = Redis.from_url(redis_url)
            await admin.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
            await on_a.until(lambda: on_a.gaps == 1)
            await on_b.until(lambda: on_b.gaps == 1)
            await a.publish(ResourceUpdated("after"), "A")
            await on_b.until(lambda: bool(on_b.events))
            await admin.aclose()
            return on_a.gaps, on_b.gaps, on_b.events

    gaps_a, gaps_b, events = anyio.run(main)
    assert (gaps_a, gaps_b) == (1, 1)
    assert events == [ResourceUpdated("after")]
