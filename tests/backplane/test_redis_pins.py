"""Pins from mutation testing of negotiation/sdk/redis.py: the connection settings that
make a drop visible, exact times to live, and the log lines of a drop and a return."""

from __future__ import annotations

import asyncio
import logging
import math
import os
from typing import Any

import anyio
import fakeredis
import pytest
from redis.asyncio import Redis

from negotiation.backplane import Event, ListChanged, Refetch, encode
from negotiation.sdk import redis as redis_module
from negotiation.sdk.redis import DEFAULT_PREFIX, RedisBackplane


def test_from_url_makes_a_listener_that_never_retries_and_never_times_out_when_idle() -> None:
    backplane = RedisBackplane.from_url("redis://127.0.0.1:1/0")
    command = backplane._client.connection_pool.connection_kwargs
    listen = backplane._listener.connection_pool.connection_kwargs
    assert (command["socket_timeout"], command["socket_connect_timeout"]) == (1.0, 1.0)
    assert command["retry"].get_retries() == 1
    assert listen["retry"].get_retries() == 0  # a drop must surface: it is a gap
    assert listen["socket_timeout"] is None and listen["socket_connect_timeout"] == 1.0
    assert listen["socket_keepalive"] is True
    assert backplane._listener is not backplane._client
    assert (backplane.prefix, backplane.channel) == (DEFAULT_PREFIX, "mcp-negotiation:events")
    assert backplane.shared is True
    custom = RedisBackplane.from_url("redis://127.0.0.1:1/0", prefix="p", socket_timeout=5)
    assert custom._client.connection_pool.connection_kwargs["socket_timeout"] == 5
    assert custom._listener.connection_pool.connection_kwargs["socket_timeout"] is None
    assert custom.channel == "p:events"


def test_one_client_serves_both_roles_when_no_listener_is_given() -> None:
    client = fakeredis.FakeAsyncRedis()
    backplane = RedisBackplane(client)
    assert backplane._listener is client and backplane.prefix == DEFAULT_PREFIX


def test_times_to_live_are_exact() -> None:
    server = fakeredis.FakeServer()
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(server=server), prefix="ttl")

    async def rank() -> tuple[str, ...]:
        return ("a",)

    async def main() -> tuple[int, int, int]:
        await backplane.switch("k", "a", 4, 2)  # full again after 2 s, plus 1 s
        bucket = await backplane._client.pttl("ttl:sw:k")
        await backplane.ranking("r", rank, 0.5)
        ranking = await backplane._client.pttl("ttl:rk:r")
        claim = await backplane._client.pttl("ttl:rk:r:asking")
        return bucket, ranking, claim

    bucket, ranking, claim = anyio.run(main)
    assert 2900 < bucket <= 3000
    assert 400 < ranking <= 500
    assert 2900 < claim <= 3000


def test_a_ranking_claimed_by_a_replica_that_never_answers_is_ranked_here() -> None:
    server = fakeredis.FakeServer()
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(server=server), prefix="stuck")

    async def rank() -> tuple[str, ...]:
        return ("mine",)

    async def main() -> Any:
        # Another replica claimed the ranking and died before answering.
        await backplane._client.set("stuck:rk:r:asking", b"1", px=100)
        return await backplane.ranking("r", rank, 60)

    assert anyio.run(main) == ("mine",)


def test_a_drop_and_the_return_are_logged_and_failing_subscribers_are_isolated(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    prefix = f"t{os.urandom(4).hex()}"
    a = RedisBackplane.from_url(redis_url, prefix=prefix)
    b = RedisBackplane.from_url(redis_url, prefix=prefix)
    got: list[Event] = []
    gaps: list[str] = []

    async def failing(event: Event) -> None:
        raise RuntimeError("boom")

    async def failing_gap() -> None:
        raise RuntimeError("boom")

    async def record(event: Event) -> None:
        got.append(event)

    async def gap() -> None:
        gaps.append("gap")

    b.subscribe("B1", failing, failing_gap)
    b.subscribe("B2", record, gap)

    async def main() -> None:
        await b.start()
        await b.start()  # idempotent: one reader
        admin = Redis.from_url(redis_url)
        await admin.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
        with anyio.fail_after(30):
            while not gaps:
                await anyio.sleep(0.05)
            await a.publish(ListChanged("tools"), "A")
            while not got:
                await anyio.sleep(0.05)
            await admin.execute_command("CLIENT", "KILL", "TYPE", "pubsub")  # once more
            while len(gaps) < 2:
                await anyio.sleep(0.05)
        await admin.aclose()
        await a.aclose()
        await b.aclose()
        await b.aclose()  # twice is fine

    with caplog.at_level(logging.WARNING):
        anyio.run(main)
    assert got == [ListChanged("tools")] and gaps == ["gap", "gap"]
    messages = [r.getMessage() for r in caplog.records if r.name == "negotiation.sdk.redis"]
    lost = [m for m in messages if m.startswith("backplane: lost Redis (")]
    back = [m for m in messages if m == "backplane: Redis is back; telling clients to refetch"]
    assert len(lost) == len(back) == 2  # each drop, and each return, said once
    errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert errors == [
        "backplane: a subscriber's refetch failed",
        "backplane: a subscriber failed",
        "backplane: a subscriber's refetch failed",
    ]


def test_start_gives_up_waiting_for_a_redis_that_is_down(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from tests.redis_server import _free_port

    backplane = RedisBackplane.from_url(f"redis://127.0.0.1:{_free_port()}/0")

    async def main() -> bool:
        await backplane.start()
        running = backplane._reader is not None and not backplane._reader.done()
        await backplane.aclose()
        return running

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk.redis"):
        assert anyio.run(main) is True  # the reader keeps trying
    messages = [r.getMessage() for r in caplog.records if r.name == "negotiation.sdk.redis"]
    assert messages[0].startswith("backplane: lost Redis (")  # the reader, trying
    assert "backplane: Redis is not reachable yet; events wait for it" in messages


def test_a_message_skips_only_its_own_origins_subscriber() -> None:
    server = fakeredis.FakeServer()
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(server=server), prefix="own")
    got: list[tuple[str, Event]] = []

    def on(name: str) -> Any:
        async def receive(event: Event) -> None:
            got.append((name, event))

        return receive

    async def gap() -> None:
        return None

    for name in ("A", "B", "C"):
        backplane.subscribe(name, on(name), gap)
    anyio.run(backplane._dispatch, b'{"v":1,"o":"A","k":"lc","list":"tools"}')
    assert got == [("B", ListChanged("tools")), ("C", ListChanged("tools"))]


def test_variants_travel_through_the_script_in_both_spellings() -> None:
    from negotiation.sdk.redis_scripts import variant_arg, variant_of

    assert [variant_arg(None), variant_arg(""), variant_arg("a")] == ["-", "=", "=a"]
    assert variant_of(b"=a") == "a" and variant_of("=a") == "a"  # bytes, or decoded
    assert variant_of(b"=") == "" and variant_of(b"-") is None and variant_of("-") is None
    assert variant_of(b"=\xed\xa0\x80") == "\ud800"


def test_a_stored_ranking_is_served_without_asking_and_a_late_one_wins_over_ours() -> None:
    server = fakeredis.FakeServer()
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(server=server), prefix="rk")
    asked: list[str] = []

    async def never() -> tuple[str, ...]:
        asked.append("asked")
        return ("mine",)

    async def overtaken() -> tuple[str, ...]:
        # Another replica (whose claim expired) stores its ranking while ours runs.
        await backplane._client.set("rk:rk:late", b'["theirs"]')
        return ("mine",)

    async def main() -> list[Any]:
        await backplane._client.set("rk:rk:stored", b'["kept"]')
        stored = await backplane.ranking("stored", never, 60)
        late = await backplane.ranking("late", overtaken, 60)
        value = await backplane._client.get("rk:rk:late")
        claims = [k async for k in backplane._client.scan_iter("rk:rk:stored:*")]
        return [stored, late, value, claims]

    stored, late, value, claims = anyio.run(main)
    assert stored == ("kept",) and asked == [] and claims == []
    assert late == ("theirs",) and value == b'["theirs"]'  # SET NX: the first one wins


def test_unsubscribing_stops_delivery_and_is_idempotent() -> None:
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(), prefix="un")
    got: list[Event] = []

    async def record(event: Event) -> None:
        got.append(event)

    async def gap() -> None:
        return None

    unsubscribe = backplane.subscribe("B", record, gap)
    other = backplane.subscribe("C", record, gap)
    unsubscribe()
    unsubscribe()
    anyio.run(backplane._dispatch, b'{"v":1,"o":"A","k":"lc","list":"tools"}')
    assert got == [ListChanged("tools")]  # C's only
    other()
    anyio.run(backplane._dispatch, b'{"v":1,"o":"A","k":"lc","list":"tools"}')
    assert got == [ListChanged("tools")]


def test_aclose_closes_both_clients_once(monkeypatch: pytest.MonkeyPatch) -> None:
    closed: list[str] = []

    def spy(name: str, client: Any) -> Any:
        async def aclose() -> None:
            closed.append(name)

        monkeypatch.setattr(client, "aclose", aclose)
        return client

    client = spy("client", fakeredis.FakeAsyncRedis())
    listener = spy("listener", fakeredis.FakeAsyncRedis())
    anyio.run(RedisBackplane(client, listener).aclose)
    assert sorted(closed) == ["client", "listener"]
    closed.clear()
    shared = spy("shared", fakeredis.FakeAsyncRedis())
    anyio.run(RedisBackplane(shared).aclose)
    assert closed == ["shared"]


def test_a_prefix_may_hold_any_letter_and_the_reader_retries_every_half_second() -> None:
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(), prefix="fleet-X")
    assert backplane.channel == "fleet-X:events"
    assert backplane._reconnect_seconds == 0.5


def test_an_empty_store_is_not_a_malformed_ranking(caplog: pytest.LogCaptureFixture) -> None:
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(), prefix="fresh")

    async def rank() -> tuple[str, ...]:
        return ("a",)

    with caplog.at_level(logging.DEBUG, logger="negotiation.backplane"):
        assert anyio.run(backplane.ranking, "k", rank, 60) == ("a",)
    assert caplog.records == []


def test_aclose_survives_a_failed_reader_and_clients_that_fail_to_close(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = fakeredis.FakeAsyncRedis()

    async def failing_close() -> None:
        raise RuntimeError("already gone")

    monkeypatch.setattr(client, "aclose", failing_close)
    backplane = RedisBackplane(client)

    async def main() -> None:
        async def failed() -> None:
            raise RuntimeError("the reader failed")

        backplane._reader = asyncio.get_running_loop().create_task(failed())
        await asyncio.sleep(0)
        await backplane.aclose()

    asyncio.run(main())
    assert backplane._reader is None


# --- the reader loop, against a scripted connection (issue #36) ------------------------
# A listener whose pubsub() plays a connection: how soon it confirms the subscription,
# whether it answers PINGs, which messages it holds. It records what the reader asks
# of it: the bound of every read once subscribed, and the read right after each PING.

HEALTH = 0.05
_NOTHING = object()  # a read that finds nothing (redis-py: a reply it ignores)


class _Listener:
    def __init__(
        self,
        *,
        confirm_after: float | None = 0.0,
        pong: bool = True,
        fail_subscribes: int = 0,
        fail_closes: int = 0,
        messages: tuple[bytes, ...] = (),
    ) -> None:
        self.confirm_after = confirm_after  # None: never confirmed
        self.pong = pong
        self.fail_subscribes = fail_subscribes
        self.fail_closes = fail_closes
        self.messages = messages
        self.subscribes = 0
        self.pings = 0
        self.confirmed = False
        self.waits: list[float] = []  # each read's bound once subscribed
        self.after_ping: list[float] = []  # the bound of the first read after a PING

    def pubsub(self) -> _PubSub:
        return _PubSub(self)


class _PubSub:
    def __init__(self, listener: _Listener) -> None:
        self.listener = listener
        self.queue: list[object] = []
        self.confirm_at: float | None = None
        self.subscribed = False
        self.pinged = False

    async def subscribe(self, channel: str) -> None:
        self.listener.subscribes += 1
        if self.listener.fail_subscribes:
            self.listener.fail_subscribes -= 1
            raise RuntimeError("boom")
        if self.listener.confirm_after is not None:
            self.confirm_at = asyncio.get_running_loop().time() + self.listener.confirm_after
        self.queue = [{"type": "message", "data": m} for m in self.listener.messages]

    async def get_message(
        self, ignore_subscribe_messages: bool = False, timeout: float | None = 0.0
    ) -> Any:
        loop = asyncio.get_running_loop()
        bound = math.inf if timeout is None else timeout
        if not self.subscribed:  # nothing before the confirmation, which may be late
            left = math.inf if self.confirm_at is None else self.confirm_at - loop.time()
            await asyncio.sleep(max(0.0, min(bound, left, 0.1)))
            if self.confirm_at is None or loop.time() < self.confirm_at:
                return None
            self.subscribed = self.listener.confirmed = True
            return {"type": "subscribe", "data": 1}
        self.listener.waits.append(bound)
        if self.pinged:
            self.listener.after_ping.append(bound)
            self.pinged = False
        await asyncio.sleep(0)
        if self.queue:
            message = self.queue.pop(0)
            return None if message is _NOTHING else message
        await asyncio.sleep(bound)
        return None

    async def ping(self) -> None:
        self.listener.pings += 1
        self.pinged = True
        if self.listener.pong:
            self.queue += [_NOTHING, {"type": "pong", "data": b""}]

    async def aclose(self) -> None:
        if self.listener.fail_closes:
            self.listener.fail_closes -= 1
            raise RuntimeError("closing failed")


def _backplane(listener: _Listener, **options: Any) -> RedisBackplane:
    return RedisBackplane(
        fakeredis.FakeAsyncRedis(),
        listener,  # type: ignore[arg-type]
        prefix="scripted",
        health_check_seconds=HEALTH,
        reconnect_seconds=0.01,
        **options,
    )


def _lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "negotiation.sdk.redis"]


def test_a_quiet_channel_is_pinged_once_per_interval_and_its_reader_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    refetch = encode(Refetch(age_ms=5), "A")  # on a replica that never told its clients
    listener = _Listener(messages=(refetch,))
    backplane = _backplane(listener)
    got: list[Event] = []

    async def record(event: Event) -> None:
        got.append(event)

    async def gap() -> None:
        got.append(ListChanged("gap"))

    backplane.subscribe("B", record, gap)

    async def main() -> None:
        await backplane.start()
        with anyio.fail_after(5):
            while listener.pings < 4:
                await anyio.sleep(0.01)
        await backplane.aclose()

    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk.redis"):
        anyio.run(main)
    assert got == [Refetch()] and _lines(caplog) == []
    assert listener.subscribes == 1 and backplane.restarts == 0
    # Each read waits at most until the next PING is due, or until its answer is late:
    # no read longer than the interval, none spinning.
    assert HEALTH / 2 < listener.waits[0] <= HEALTH + 1e-6
    assert all(0 < wait <= HEALTH + 1e-6 for wait in listener.waits)
    assert listener.after_ping[:4] == [pytest.approx(HEALTH, abs=1e-6)] * 4


def test_a_ping_never_answered_drops_the_connection_and_says_so(
    caplog: pytest.LogCaptureFixture,
) -> None:
    listener = _Listener(pong=False, fail_closes=1)  # half-open; closing it fails too
    backplane = _backplane(listener)

    async def main() -> None:
        await backplane.start()
        with anyio.fail_after(5):
            while listener.subscribes < 2:
                await anyio.sleep(0.01)
        await backplane.aclose()

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk.redis"):
        anyio.run(main)
    assert listener.pings >= 1 and backplane.restarts == 0  # a drop, not a failure
    assert _lines(caplog)[0] == (
        "backplane: lost Redis (no answer to a PING within 0.05 s);"
        " events are missed until it is back"
    )


def test_start_returns_once_the_subscription_is_confirmed_however_late() -> None:
    listener = _Listener(confirm_after=0.3)  # a few reads find nothing first
    backplane = _backplane(listener)

    async def main() -> bool:
        await backplane.start()
        confirmed = listener.confirmed
        await backplane.aclose()
        return confirmed

    assert anyio.run(main) is True
    assert listener.subscribes == 1 and backplane.restarts == 0


def test_a_subscription_never_confirmed_is_a_drop_within_the_start_bound(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(redis_module, "START_TIMEOUT_SECONDS", 0.2)
    listener = _Listener(confirm_after=None)  # accepts, and never answers
    backplane = _backplane(listener)

    async def main() -> None:
        await backplane.start()
        with anyio.fail_after(5):
            while listener.subscribes < 2:
                await anyio.sleep(0.01)
        await backplane.aclose()

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk.redis"):
        anyio.run(main)
    assert backplane.restarts == 0
    assert "backplane: lost Redis (TimeoutError); events are missed until it is back" in (
        _lines(caplog)
    )


def test_every_failure_of_the_reader_is_counted_and_the_first_said(
    caplog: pytest.LogCaptureFixture,
) -> None:
    listener = _Listener(fail_subscribes=2)
    backplane = _backplane(listener)

    async def main() -> None:
        await backplane.start()
        with anyio.fail_after(5):
            while not listener.confirmed:
                await anyio.sleep(0.01)
        await backplane.aclose()

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk.redis"):
        anyio.run(main)
    assert listener.subscribes == 3 and backplane.restarts == 2
    assert _lines(caplog) == [
        "backplane: the reader failed (1 time(s) since the last line: RuntimeError: boom);"
        " restarting it",
        "backplane: Redis is back; telling clients to refetch",
    ]
